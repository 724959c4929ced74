"""The engine's fast paths, derived from the rule set's plan: the fast listing and the
shortcuts.

Nothing here decides a rule on its own. :func:`uno_rules.validation.reference_legal_moves`
(every candidate that ``validate`` accepts) defines the legal moves and the engine's
general transition (``engine._perform``) defines what a move does; :func:`fast_listing`
and :func:`shortcut` give the same answers faster, and ``None`` elsewhere.

They run only where no enabled house rule has a say: the plan of the rule set
(``rules.plan``, :mod:`uno_rules.rules.registry`) collects the ranks, phases and kinds of
move that the enabled rules touch, and everything touched goes to the general path (a rank
touched is listed by validating each way to play it; a touched phase is listed by the
reference; a touched kind of move is validated when listed and never shortcut; a rule that
acts after every move turns the shortcuts off). So a rule added tomorrow is never bypassed.
What remains here is the official rules and their top-level options (H04, H05, H08, H10,
H12, A15), and the official A60 decision a penalty waits for, which the plan states. What a
card does is never written here: the play shortcut reads each rank's effect steps from the
plan (``Plan.steps``: the kind's, a Wild Customizable's written rule, a rule's
``card_steps`` such as H07's 7s and 0s) and runs them through the one interpreter
(:func:`uno_rules.effects.run_steps`) on a builder made from the play
(:class:`~uno_rules.rules.builder.Builder` given the play), which ends the move as every move
ends. What is left to this module is choosing when a move may skip the general path's
checks, and building the commonest new states (a card with no steps, a draw, a pass, an
accept) through the builder module's named forms, the one place states are built.
tests/test_fast_paths.py holds both equal to their definitions under every bundled preset
and rule variants generated from the registry.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final, TypeAlias

from .cards import COLORS, Card, Color, Rank, side_colors
from .effects import SKIPPED, run_steps
from .events import (
    CardPlayed,
    CardsDrawn,
    Event,
    Passed,
    PenaltyAccepted,
    UnoCalled,
)
from .kinds import Step
from .moves import Accept, CallUno, CatchUno, Challenge, Draw, Move, Pass, Play, by_faces
from .rules import AfterDraw, Rules, UnoWindow, VoluntaryDraw, W4Restriction
from .rules.builder import (
    NO_SEATS,
    Builder,
    accepted_state,
    drawn_state,
    passed_state,
    played_state,
)
from .rules.hooks import PlayContext, PlayKind
from .rules.judge import has_legal_card, position
from .rules.registry import Plan, sample_card
from .state import (
    MAX_PLAYERS,
    GameState,
    Phase,
    Pile,
    Transition,
    pile_size,
)
from .validation import candidate_cards, play_variants, validate

_new: Final = tuple.__new__  # builds a Transition without keyword handling
# Classes of other modules that the hot paths name, as constants: a compiled module looks an
# imported name up in its namespace on every use, and reads a Final one directly.
_TRANSITION: Final = Transition
_PLAY: Final = Play
_DRAW: Final = Draw
_PASS: Final = Pass
_ACCEPT: Final = Accept
_KIND_TURN: Final = PlayKind.TURN

__all__ = ["FastPlan", "fast_listing", "shortcut"]

PHASE_DRAWN: Final = Phase.DRAWN
PHASE_PENALTY: Final = Phase.PENALTY
PHASE_TURN: Final = Phase.TURN
UNO_WINDOW_NEXT_TURN_ACTION: Final = UnoWindow.NEXT_TURN_ACTION

# players, eliminated, seat, card, hand size up to 3, a penalty pending
_VariantKey: TypeAlias = tuple[int, frozenset[int], int, Card, int, bool]


def _shortcut_steps(rules: Rules) -> dict[Rank, tuple[Step, ...]]:
    """The ranks the play shortcut may play under ``rules``, with their steps
    (``Plan.steps``: the card kind's, a Wild Customizable's written rule, an enabled rule's
    ``card_steps``), which the shortcut runs through the one interpreter
    (:func:`uno_rules.effects.run_steps`): every rank but one an enabled rule judges or
    changes by code (``ranks``, ``effect_ranks``), a wild that names no color (N15) and a
    card that sheds others (N13), whose ways of playing the listing does not know."""
    plan = rules.plan
    off = plan.ranks | plan.effect_ranks
    return {
        rank: plan.steps(sample_card(rank), False)
        for rank in Rank
        if not (rank in off or rank.kind.sheds or (rank.kind.wild and not rank.kind.names_color))
    }


class FastPlan:
    """The facts the fast paths read on every move, derived once from a rule set's plan,
    and the tables of frozen move objects they fill as cards come up."""

    __slots__ = (
        "answers_listed",
        "any_draw_closes",
        "calls_always",
        "draw_checked",
        "drawn_may_pass",
        "drawn_only",
        "list_drawn",
        "list_penalty",
        "list_turn",
        "listed_phases",
        "marked_ranks",
        "plain_draw",
        "plays",
        "shortcut_moves",
        "special",
        "steps",
        "strict_w4",
        "target_ranks",
        "uno",
        "variants",
    )

    def __init__(self, rules: Rules) -> None:
        plan = rules.plan
        uno = rules.uno
        self.uno = uno.enabled
        self.calls_always = uno.enabled and uno.false_call_penalty != 0  # H12
        self.drawn_only = rules.after_draw is not AfterDraw.ANY_CARD  # B6.3
        self.strict_w4 = rules.w4_restriction is W4Restriction.STRICT  # H10 strict
        self.any_draw_closes = uno.window_closes_on is UnoWindow.ANY_OTHER_PLAYER_DRAW_OR_PLAY
        # Listed by validating each way to play: ranks a rule judges, and a Wild Draw Four
        # that may be a refused bluff (H10 strict).
        special = set(plan.ranks) | _unlisted_ranks()
        if self.strict_w4:
            special.update(r for r in Rank if r.kind.restricted)
        self.special = frozenset(special)
        # Listed as every way to play (play_variants, which names the targets the rules'
        # target hooks allow): ranks whose play may name a target seat.
        self.target_ranks = _target_ranks(plan)
        self.marked_ranks = plan.marked_ranks
        self.listed_phases = frozenset({PHASE_TURN, PHASE_DRAWN, PHASE_PENALTY}) - plan.phases
        # the same as booleans: an enum's hash is a Python-level call on every move
        self.list_turn = PHASE_TURN in self.listed_phases
        self.list_drawn = PHASE_DRAWN in self.listed_phases
        self.list_penalty = PHASE_PENALTY in self.listed_phases
        # a penalty a rule lets the victim answer with a card: its answers are validated
        # (_answers), unless a rule also changes what an ordinary turn lists (H09)
        self.answers_listed = self.list_penalty or (self.list_turn and self.list_drawn)
        self.draw_checked = rules.voluntary_draw is VoluntaryDraw.FORBIDDEN or Draw in plan.checks
        self.drawn_may_pass = Pass not in plan.checks  # B6.4, unless a rule says otherwise
        self.plain_draw = (  # one card, then a decision on it (not H04 penalized, not H05)
            rules.voluntary_draw is not VoluntaryDraw.PENALIZED
            and rules.after_draw is not AfterDraw.NONE
            and not rules.launcher.enabled  # AT2: a press of the launcher
        )
        moves: set[type[Move]] = set() if plan.every_move else {Play, Draw, Pass, Accept}
        self.shortcut_moves = frozenset(moves - plan.moves)
        self.steps = _shortcut_steps(rules)  # the ranks the play shortcut plays, and their steps
        # plays[calls][seat]: the plays of each card, built as cards come up; on a table of
        # two-sided cards, of each face, the dark side's in plays[2 + calls] (a Wild shows
        # the same face on both sides, and names the colors of the side it is on, F1)
        self.plays: list[list[dict[Card, tuple[Play, ...]]]] = [
            [{} for _ in range(MAX_PLAYERS)] for _ in range(4)
        ]
        # every way to play a card (play_variants), for the special ranks
        self.variants: dict[_VariantKey, tuple[Play, ...]] = {}


def _unlisted_ranks() -> frozenset[Rank]:
    """Listed by validating each way to play, under every rule set: the known kinds whose
    ways of playing ``_plays`` does not know (N15: a wild that names no color; N13: a play
    that also sheds cards, so the UNO call depends on the hand)."""
    return frozenset(r for r in Rank if r.kind.sheds or (r.is_wild and not r.kind.names_color))


def _target_ranks(plan: Plan) -> frozenset[Rank]:
    """Ranks whose play may name a target: a card whose steps swap hands (E4 Wild Swap
    Hands, H07's 7, a Wild Customizable whose written rule swaps), and any rank for which an
    enabled rule's target hook allows or requires one."""
    found = set()
    for rank in Rank:
        card = sample_card(rank)
        if plan.swaps(rank):
            found.add(rank)
        for hook, params in plan.target:
            for goes_out in (False, True):
                answer = hook(card, goes_out, params)
                if answer is not None and answer[0] is not False:
                    found.add(rank)
    return frozenset(found)


def _fast_plan(rules: Rules) -> FastPlan:
    plan = rules.plan
    fast = plan.fast
    if fast is None:
        fast = plan.fast = FastPlan(rules)
    return fast  # type: ignore[no-any-return]


# Move objects are frozen values, so the engine lists the same objects again and again
# instead of building new ones: plays in each plan's table (``FastPlan.plays``), the other
# moves by seat.
_DRAWS: Final = tuple(Draw(s) for s in range(MAX_PLAYERS))
_PASSES: Final = tuple(Pass(s) for s in range(MAX_PLAYERS))
_ACCEPTS: Final = tuple(Accept(s) for s in range(MAX_PLAYERS))
_CHALLENGES: Final = tuple(Challenge(s) for s in range(MAX_PLAYERS))
_CALLS: Final = tuple(CallUno(s) for s in range(MAX_PLAYERS))


# Events are frozen values too, and the shortcuts hand out the same objects again and again
# rather than build one per move: the events of a seat by kind, and the plays and one-card
# draws by seat and card (and the color named, for a wild) as they come up.
_PASSED_BY: Final = tuple(Passed(s) for s in range(MAX_PLAYERS))
_UNO_CALLED: Final = tuple(UnoCalled(s) for s in range(MAX_PLAYERS))
_CARD_PLAYED: Final[list[dict[Card, CardPlayed]]] = [{} for _ in range(MAX_PLAYERS)]
_WILD_PLAYED: Final[list[dict[Card, tuple[CardPlayed, ...]]]] = [{} for _ in range(MAX_PLAYERS)]
_DREW_ONE: Final[list[dict[Card, CardsDrawn]]] = [{} for _ in range(MAX_PLAYERS)]
_RED, _YELLOW, _GREEN = Color.RED, Color.YELLOW, Color.GREEN


def _played_event(seat: int, card: Card, color: Color) -> CardPlayed:
    """``CardPlayed(seat, card, color)`` of a play in turn, from the tables above."""
    if card.color is not None:  # the color is the card's own
        table = _CARD_PLAYED[seat]
        event = table.get(card)
        if event is None:
            event = table[card] = CardPlayed(seat, card, color, False)
        return event
    if card.dark:  # F1: a wild shown dark names a dark color (made here, not kept)
        return CardPlayed(seat, card, color, False)
    wilds = _WILD_PLAYED[seat]
    by_color = wilds.get(card)
    if by_color is None:  # in the order of COLORS
        by_color = wilds[card] = tuple(CardPlayed(seat, card, c, False) for c in COLORS)
    # four colors: found by identity, cheaper than a lookup
    slot = 0 if color is _RED else 1 if color is _YELLOW else 2 if color is _GREEN else 3
    return by_color[slot]


def _drew_one(seat: int, card: Card) -> CardsDrawn:
    """``CardsDrawn(seat, 1, "turn", (card,))``, from the table above."""
    table = _DREW_ONE[seat]
    event = table.get(card)
    if event is None:
        event = table[card] = CardsDrawn(seat, 1, "turn", (card,))
    return event


def _plays(seat: int, card: Card, calls: bool, held: Card) -> tuple[Play, ...]:
    """Every way to play ``card`` (``held``, or on a table of two-sided cards the face
    ``held`` shows) with no target or extra cards: each color of the side ``held`` shows for
    a wild (F1), with and without an UNO call where ``calls``; in the order of
    :func:`play_variants`."""
    colors: tuple[Color | None, ...] = side_colors(held) if card.is_wild else (None,)
    return tuple(
        Play(seat, card, color=color, call_uno=call)
        for color in colors
        for call in ((False, True) if calls else (False,))
    )


def _variants(state: GameState, fast: FastPlan, seat: int, card: Card) -> tuple[Play, ...]:
    """:func:`play_variants`, kept in the plan: the variants depend on the state only
    through the seats to target, the hand's size through going out (1 card) and the UNO
    call (2 cards), and whether a penalty is pending (a stacked wild may name no color)."""
    if card.kind.sheds or card.rank in fast.marked_ranks:
        # N13: what the hand keeps, so the UNO call, depends on its colors; a
        # ``discard_faces`` card's plays name the hand's marked cards
        return tuple(play_variants(state, seat, card))
    size = min(len(state.hands[seat]), 3)
    key = (state.players, state.eliminated, seat, card, size, state.phase is PHASE_PENALTY)
    variants = fast.variants.get(key)
    if variants is None:
        variants = fast.variants[key] = tuple(play_variants(state, seat, card))
    return variants


def fast_listing(state: GameState, seat: int) -> tuple[Move, ...] | None:
    """The legal moves of the seat whose turn it is, in the order of
    :func:`reference_legal_moves` (on a table of two-sided cards, by the faces the seat
    sees: :func:`uno_rules.moves.by_faces`, F14), without validating every candidate;
    ``None`` where this
    shortcut does not apply (then the reference answers). In an ordinary turn or after a
    draw (where no enabled rule touches the phase) each skipped check is one that
    :func:`validate` passes for the moves listed here: the card is held and matches, no
    extra cards, a color exactly for a wild, UNO calls as B9.1 / H12 allow; a card of a
    rank a rule touches, Wild Swap Hands and a Wild Draw Four under H10 ``strict`` are
    validated one way of playing at a time. A pending penalty that no rule lets anyone
    answer with a card is answered by accepting or challenging, both validated."""
    if seat != state.turn:
        return None
    fast: FastPlan | None = state.rules.plan.fast  # typed: read field by field when compiled
    if fast is None:
        fast = _fast_plan(state.rules)
    phase = state.phase
    if not (
        (phase is PHASE_TURN and fast.list_turn)
        or (phase is PHASE_DRAWN and fast.list_drawn)
        or (phase is PHASE_PENALTY and fast.answers_listed)
    ):
        return None
    out: list[Move] = []
    hand = state.hands[seat]
    size = len(hand)
    if phase is PHASE_TURN or phase is PHASE_DRAWN:
        discard = state.discard
        assert discard is not None
        top, color = discard[0], state.color
        top_rank = top.rank if top.color is not None else None
        only = state.drawn if phase is PHASE_DRAWN and fast.drawn_only else None
        calls = fast.uno and (size == 2 or fast.calls_always)
        if top.other is not None:  # two-sided cards: by the faces the seat sees (F14)
            # (a loop of its own: reading each card's face in this one cost a one-sided
            # table's listing 1.3 % of a round's instructions)
            _faced_plays(state, fast, seat, color, top_rank, only, calls, out)
        else:
            table = fast.plays[calls][seat]
            listed: set[Card] = set()  # each distinct card once, in hand order
            for card in hand:
                held = card.color  # read once: an attribute read is a lookup when compiled
                if held is not None and held is not color and card.rank is not top_rank:
                    continue  # B5: matches(), inlined (the hottest loop)
                if only is not None and card is not only:
                    continue  # B6.3
                if card in listed:
                    continue  # a second copy (found by hash and identity: cards are unique)
                listed.add(card)
                plays = table.get(card)
                if plays is None:
                    rank = card.rank
                    if rank in fast.special:  # never kept: decided on each state
                        out.extend(
                            p for p in _variants(state, fast, seat, card) if _valid(state, p)
                        )
                        continue
                    if rank in fast.target_ranks:  # the targets depend on the seats left
                        out += _variants(state, fast, seat, card)
                        continue
                    plays = table[card] = _plays(seat, card, calls, card)
                out += plays
        if phase is PHASE_TURN:
            if state.draw is not None or pile_size(state.discard) > 1:  # can_draw
                draw = _DRAWS[seat]
                if not fast.draw_checked or _valid(state, draw):
                    out.append(draw)
            elif _valid(state, _PASSES[seat]):
                out.append(_PASSES[seat])
        elif fast.drawn_may_pass or _valid(state, _PASSES[seat]):
            out.append(_PASSES[seat])  # B6.4, unless a rule makes the card compulsory
    else:
        if not fast.list_penalty:  # the victim may answer with a card (H01, H15, H06)
            answers = tuple(_answers(state, fast, seat))
            out += by_faces(answers) if state.discard[0].other is not None else answers  # type: ignore[index]
        if _valid(state, _ACCEPTS[seat]):
            out.append(_ACCEPTS[seat])
        penalty = state.penalty
        assert penalty is not None
        # B8.3: only a Wild Draw Four that can still be challenged may be; validate refuses
        # anything else (and is asked only when a challenge may stand, saving a refusal)
        challenge = _CHALLENGES[seat]
        if penalty.challengeable and penalty.card.kind.restricted and _valid(state, challenge):
            out.append(challenge)
    if fast.uno and (size == 1 or fast.calls_always) and _valid(state, _CALLS[seat]):
        out.append(_CALLS[seat])
    if state.uno_open:
        out.extend(
            m
            for m in (CatchUno(seat, t) for t in sorted(state.uno_open) if t != seat)
            if _valid(state, m)
        )
    return tuple(out)


def _faced_plays(
    state: GameState,
    fast: FastPlan,
    seat: int,
    color: Color | None,
    top_rank: Rank | None,
    only: Card | None,
    calls: bool,
    out: list[Move],
) -> None:
    """The fast listing's plays on a table of two-sided cards (F1), added to ``out``: as on
    any table, but each play by the face it puts down, once however many cards of the hand
    show it (F14, :func:`uno_rules.moves.by_faces`), kept by face and by side (a Wild shows
    the same face on both sides and names the colors of the side it is on)."""
    hand = state.hands[seat]
    top = state.top_card
    table = fast.plays[2 + calls if top.dark else calls][seat]
    listed: set[Card] = set()  # each face once, in hand order
    for card in hand:
        held = card.color
        if held is not None and held is not color and card.rank is not top_rank:
            continue  # B5
        if only is not None and card is not only:
            continue  # B6.3
        face = card.face
        if face in listed:
            continue
        listed.add(face)
        plays = table.get(face)
        if plays is None:
            rank = card.rank
            if rank in fast.special:  # never kept: decided on each state
                out += by_faces(
                    tuple(p for p in _variants(state, fast, seat, card) if _valid(state, p))
                )
                continue
            if rank in fast.target_ranks:  # the targets depend on the seats left
                out += by_faces(_variants(state, fast, seat, card))
                continue
            plays = table[face] = _plays(seat, face, calls, card)
        out += plays


def _answers(state: GameState, fast: FastPlan, seat: int) -> Iterator[Play]:
    """The legal plays of the victim on a pending penalty, in the reference's order: every
    way to play each candidate card, validated once for each set of choices that can
    change a verdict (a color named or not, an UNO call, a target); the color named is
    the player's free choice, never a rule's (see the HouseRule hooks)."""
    for card in candidate_cards(state, seat):
        verdicts: dict[tuple[bool, bool, int | None], bool] = {}
        for play in _variants(state, fast, seat, card):
            key = (play.color is not None, play.call_uno, play.target)
            legal = verdicts.get(key)
            if legal is None:
                legal = verdicts[key] = _valid(state, play)
            if legal:
                yield play


def _valid(state: GameState, move: Move) -> bool:
    return validate(state, move) is None


# --------------------------------------------------------------------------- shortcuts
#
# The commonest moves of a round are applied here without the general path's dispatch, in
# the conditions spelled out in each function; anywhere else they return ``None`` and the
# general path runs. They are called only for a move already validated, of a kind of move
# no enabled rule touches, and only in a *plain* state: every seat holds cards (nobody is
# eliminated, nobody has gone out, so no round can end before the move).


def shortcut(state: GameState, move: Move) -> Transition | None:
    """The transition of ``move`` (already validated) by a shortcut, or ``None``."""
    kind = type(move)
    if kind is not _PLAY and kind is not _DRAW and kind is not _PASS and kind is not _ACCEPT:
        return None
    fast: FastPlan | None = state.rules.plan.fast
    if fast is None:
        fast = _fast_plan(state.rules)
    if kind not in fast.shortcut_moves:
        return None
    if state.eliminated:
        return None  # not a plain state: someone is out of the game
    # (and nobody has gone out: in a turn or after a draw, where a play, a draw or a pass is
    # made, no hand of a seat still in is empty, B10.1, as load_state holds every state;
    # a penalty taken is checked in its shortcut, B10.3)
    # called by name, not through a table: a direct call in the compiled build
    if isinstance(move, _PLAY):
        return _play_shortcut(state, move, fast)
    if isinstance(move, _DRAW):
        return _draw_shortcut(state, move, fast)
    if isinstance(move, _PASS):
        return _pass_shortcut(state, move, fast)
    assert isinstance(move, _ACCEPT)
    return _accept_shortcut(state, move, fast)


def _play_shortcut(state: GameState, move: Play, fast: FastPlan) -> Transition | None:
    """A card played on the seat's own turn, not its last, with no false UNO call (H12)
    and no extra cards, of a rank no enabled rule judges or changes by code
    (``FastPlan.steps``).

    The card leaves the hand for the discard pile and sets the color (B5, B7.4); every
    other UNO window closes (A15: the play is a turn action); with one card left the
    player's call is recorded or its own window opens (B9.1, B9.3). A card with no steps
    (a number, a plain Wild) passes the turn to the next seat (B4.3), with nothing more to
    build. A card with steps runs them through the one interpreter
    (:func:`uno_rules.effects.run_steps`, as the general path does) on a builder made
    from the play (``Builder(state, hands, ...)``), which ends the move as every move ends
    (:meth:`Builder.finish`): nothing a card does is written here.
    ``tests/test_fast_paths.py`` holds the shortcut equal to the general path."""
    seat, card = move.seat, move.card
    hands = state.hands
    hand = hands[seat]
    phase = state.phase
    steps = fast.steps.get(card.rank)
    if steps is None:
        return None
    if (
        seat != state.turn
        or (phase is not PHASE_TURN and phase is not PHASE_DRAWN)
        or len(hand) < 2  # going out ends the round: the general path
        or (move.call_uno and len(hand) != 2)  # H12 false call: the general path
        or move.extra
        or (move.target is not None and not state.rules.plan.swaps(card.rank))
    ):
        return None
    i = position(hand, card)  # held: validated
    # a list, changed and frozen again: fewer objects than joining slices
    changed = list(hands)
    after = changed[seat] = hand[:i] + hand[i + 1 :]
    called = state.uno_called
    color = card.color
    if color is None:
        color = move.color
    assert color is not None
    head: tuple[Event, ...] = (_played_event(seat, card, color),)
    opened = NO_SEATS
    if len(hand) == 2:  # one card left (B9.1): called with the play, or catchable (B9.3)
        if move.call_uno:
            head = (head[0], _UNO_CALLED[seat])
            called = called | {seat}
        elif fast.uno:
            opened = frozenset((seat,))
    # ``Any``, not the node's tuple type: the compiled build unboxes a fixed-length tuple into
    # a C struct and boxes it again when stored, which would copy the node under the card
    # on every play (a state kept 30 bytes more) rather than share it.
    under: Any = state.discard
    discard = (card, under, under[2] + 1)
    if not steps:
        turn = (seat + state.direction) % state.players  # nobody is eliminated here
        new = played_state(state, tuple(changed), discard, color, turn, called, opened, seat)
        return _new(_TRANSITION, (new, head))
    b = Builder(state, changed, discard, color, called, opened, seat, list(head))
    before = state.color
    assert before is not None
    run_steps(b, _new(PlayContext, (move, (card,), _KIND_TURN, None, 0, before, after, 1)), steps)
    return b.finish()


def _take(
    hands: tuple[tuple[Card, ...], ...], called: frozenset[int], seat: int, cards: tuple[Card, ...]
) -> tuple[tuple[tuple[Card, ...], ...], frozenset[int]]:
    """``seat`` takes ``cards``: the hands after it, and the seats whose UNO call stands
    (a seat's call lapses when it draws, A20). The hands are rebuilt through a list: fewer
    objects than joining slices."""
    changed = list(hands)
    changed[seat] = hands[seat] + cards
    if seat in called:
        called = called - {seat}
    return tuple(changed), called


def _top_cards(pile: Pile, count: int) -> tuple[tuple[Card, ...], Pile]:
    """The top ``count`` cards of a pile that holds them, and the pile left."""
    cards = []
    for _ in range(count):
        assert pile is not None
        cards.append(pile[0])
        pile = pile[1]
    return tuple(cards), pile


def _cards_of(pile: Any) -> Iterator[Card]:
    """The cards of a pile, top first: ``state.pile_cards`` as a generator of this module
    (compiled in the compiled build), for a rule that draws one card at a time (H02)."""
    while pile is not None:
        yield pile[0]
        pile = pile[1]


def _draw_shortcut(state: GameState, move: Draw, fast: FastPlan) -> Transition | None:
    """B6.1-B6.3: a draw on the seat's own turn, from a draw pile that holds the cards (no
    reshuffle), where no option makes it end the turn or cost a penalty (H04 penalized,
    H05): one card, or the cards an enabled rule's ``turn_draw`` takes (H02: until one can
    be played, or the cap), and the seat decides on the last. The seat's UNO call or
    window lapses (A20) and every other window closes (A15)."""
    draw = state.draw
    if draw is None or state.phase is not PHASE_TURN or not fast.plain_draw:
        return None
    seat = move.seat
    card, rest = draw[0], draw[1]
    cards: tuple[Card, ...] = (card,)  # not tuple[Card]: a rule may draw several (H02)
    hooks = state.rules.plan.turn_draw
    if hooks:  # a rule that draws differently (H02), asked as the general path asks it
        voluntary = has_legal_card(state, seat)
        for hook, params in hooks:
            found = hook(state, seat, voluntary, _cards_of(draw), params)
            if found is not None:
                cards, ran_out = found
                if ran_out or not cards:
                    return None  # a reshuffle: the general path
                card, rest = cards[-1], _top_cards(draw, len(cards))[1]
                break
    hands, called = _take(state.hands, state.uno_called, seat, cards)
    new = drawn_state(state, hands, rest, card, called)
    drew = _drew_one(seat, card) if len(cards) == 1 else CardsDrawn(seat, len(cards), "turn", cards)
    return _new(_TRANSITION, (new, (drew,)))


def _pass_shortcut(state: GameState, move: Pass, fast: FastPlan) -> Transition | None:
    """B6.4: a pass after drawing; the drawn card stays in hand and the turn moves on."""
    if state.phase is not PHASE_DRAWN:
        return None
    seat = move.seat
    new = passed_state(state, (seat + state.direction) % state.players)
    return _new(_TRANSITION, (new, (_PASSED_BY[seat],)))


def _accept_shortcut(state: GameState, move: Accept, fast: FastPlan) -> Transition | None:
    """B7.5, A60: the victim accepts a pending penalty whose cards the draw pile holds, and
    loses the turn (a rule that keeps the turn with the victim touches Accept). The
    victim's UNO call or window lapses (A20); under A15 (b) the draw also closes every
    other window."""
    penalty = state.penalty
    draw = state.draw
    if penalty is None or draw is None or draw[2] < penalty.amount or not penalty.amount:
        return None  # not enough cards, or a Wild Draw Color's draw until a color (F4)
    for hand in state.hands:
        if not hand:
            return None  # B10.3: its offender went out; the round ends after the answer
    seat = move.seat
    cards, rest = _top_cards(draw, penalty.amount)
    called, opened = state.uno_called, state.uno_open
    if state.rules.uno.window_closes_on is not UNO_WINDOW_NEXT_TURN_ACTION:
        opened = NO_SEATS
    elif seat in opened:
        opened = opened - {seat}
    hands, called = _take(state.hands, called, seat, cards)
    turn = (seat + state.direction) % state.players
    new = accepted_state(state, hands, rest, turn, called, opened)
    events = (
        CardsDrawn(seat, penalty.amount, "penalty", cards),
        PenaltyAccepted(seat, penalty.amount),
        SKIPPED[seat],
    )
    return _new(_TRANSITION, (new, events))
