"""Validation: :func:`validate`, and the candidates that define the legal moves.

One source of truth for legality: the legal moves of a seat are, by definition, the
candidates that :func:`validate` accepts (:func:`reference_legal_moves`). A move is checked
in a fixed order: seat, round state, whose turn, the pending decision, the card, the
options. Wherever a house rule has a say, the enabled rules are asked through the rule
set's plan (``rules.plan``), in the order of :mod:`uno_rules.rules.registry`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Final, TypeAlias

from . import violations as v
from ._budget import brief
from .cards import Card, Color, Rank, side_colors
from .i18n import N_
from .kinds import steps_with
from .moves import (
    Accept,
    CallUno,
    CatchUno,
    Challenge,
    ChooseColor,
    Draw,
    Move,
    Pass,
    Play,
    parse_move,
    resolve_cards,
)
from .rules import AfterDraw, VoluntaryDraw, W4Restriction
from .rules.extra_cards import marked_faces
from .rules.hooks import PlayKind, WildTerms
from .rules.judge import (
    can_draw,
    cards_left,
    gone_out,
    has_legal_card,
    holds,
    is_bluff,
    matches,
    playable,
    without,
)
from .rules.registry import owned
from .state import GameState, Phase, draws_until, seat_after

__all__ = [
    "MoveLike",
    "candidate_cards",
    "play_candidates",
    "play_kind",
    "play_variants",
    "reference_legal_moves",
    "targeting",
    "validate",
]

MoveLike: TypeAlias = Move | str

# Enum members read on every move, bound to module names: on Python 3.11 reading
# ``Phase.TURN`` goes through EnumType.__getattr__'s hook and costs about ten times a
# global read (docs/performance.md).
PHASE_CHOOSE_COLOR: Final = Phase.CHOOSE_COLOR
PHASE_DRAWN: Final = Phase.DRAWN
PHASE_GAME_OVER: Final = Phase.GAME_OVER
PHASE_PENALTY: Final = Phase.PENALTY
PHASE_ROUND_OVER: Final = Phase.ROUND_OVER
PHASE_TURN: Final = Phase.TURN
KIND_JUMP_IN: Final = PlayKind.JUMP_IN
KIND_TURN: Final = PlayKind.TURN
RANK_DRAW_TWO: Final = Rank.DRAW_TWO
RANK_WILD_DRAW_FOUR: Final = Rank.WILD_DRAW_FOUR
AFTER_DRAW_ANY_CARD: Final = AfterDraw.ANY_CARD
W4_RESTRICTION_STRICT: Final = W4Restriction.STRICT
VOLUNTARY_DRAW_FORBIDDEN: Final = VoluntaryDraw.FORBIDDEN


def is_seat(value: object, players: int) -> bool:
    return type(value) is int and 0 <= value < players


def validate(state: GameState, move: MoveLike) -> v.Violation | None:
    """The violation that refuses ``move`` in ``state``, or ``None`` if it is legal.

    ``move`` may be a move object or move text (``"0 R5"``); bad text raises
    :class:`~uno_rules.NotationError`.
    """
    if isinstance(move, str):
        move = parse_move(move)
    check = _CHECKS.get(type(move))
    if check is None:
        raise TypeError(f"not a move: {brief(move)}")
    seat = move.seat
    if not is_seat(seat, state.players):
        return v.UnknownSeat(seat=None, players=state.players, value=seat)
    if type(move) is Play and state.discard is not None and state.discard[0].other is not None:
        move = resolve_cards(state, move)
    if state.phase is PHASE_GAME_OVER:
        return v.GameOver(seat=seat)
    if state.phase is PHASE_ROUND_OVER:
        return v.RoundOver(seat=seat)
    if seat in state.eliminated:
        rule = "T10"  # Challenge UNO's elimination, unless a rule eliminates (H16)
        for hook, params in state.rules.plan.out_of_game:
            found = hook(state, params)
            if found is not None:
                rule = found.clause
                break
        return v.SeatEliminated(seat=seat, rule=rule)
    return check(state, move)


def _turn_guard(state: GameState, seat: int) -> v.Violation | None:
    """Checks shared by draws and passes: whose turn, and the pending decision."""
    if seat != state.turn:
        return v.NotYourTurn(seat=seat, turn=state.turn)
    if state.phase is PHASE_PENALTY:
        assert state.penalty is not None
        return _penalty_pending(state, seat)
    if state.phase is PHASE_CHOOSE_COLOR:
        return v.ColorChoicePending(seat=seat, chooser=state.turn)
    return None


def _penalty_pending(state: GameState, seat: int, rule: str | None = None) -> v.Violation:
    """A pending draw penalty must be answered first (B7.3 / B7.5, A60)."""
    penalty = state.penalty
    assert penalty is not None
    if rule is None:
        rule = "B7.5" if penalty.card.rank is RANK_WILD_DRAW_FOUR else "A60"
    return v.PenaltyPending(seat=seat, rule=rule, victim=state.turn, amount=penalty.amount)


def _out_of_turn(state: GameState, move: Play, default: v.Violation) -> v.Violation | None:
    """A play out of turn, or on a penalty that no answer took: ``None`` if an enabled rule
    allows it (H06 jump-in), else the refusal (``default`` where no rule applies)."""
    for hook, params in state.rules.plan.out_of_turn:
        found = hook(state, move, default, params)
        if found is not default:
            return found  # type: ignore[no-any-return]
    return default


def play_kind(state: GameState, move: Play) -> PlayKind | v.Violation:
    """Which kind of play ``move`` is in ``state``, or why it is no play at all. On a
    pending penalty the enabled rules are asked in the registry's order (a stack, a
    deflect); a card no rule takes may still jump in."""
    seat = move.seat
    phase = state.phase
    if seat == state.turn and (phase is PHASE_TURN or phase is PHASE_DRAWN):
        return KIND_TURN
    if seat == state.turn and phase is PHASE_PENALTY:
        plan = state.rules.plan
        refusal: v.Violation | None = None
        for hook, params in owned(plan.answer_penalty, state.penalty):
            found = hook(state, move, params)
            if found is None:
                continue
            if isinstance(found, PlayKind):
                return found
            refusal = found
            break
        else:
            for hook, params in owned(plan.penalty_refusal, state.penalty):
                refusal = hook(state, move, params)
                if refusal is not None:
                    break
        if refusal is None:
            refusal = _penalty_pending(state, seat)
        found = _out_of_turn(state, move, refusal)
        return KIND_JUMP_IN if found is None else found
    if seat == state.turn and phase is PHASE_CHOOSE_COLOR:
        return v.ColorChoicePending(seat=seat, chooser=seat)
    found = _out_of_turn(state, move, _out_of_turn_refusal(state, move))
    return KIND_JUMP_IN if found is None else found


def _out_of_turn_refusal(state: GameState, move: Play) -> v.Violation:
    """Why a play out of turn is refused. The victim of a Draw Two or Wild Draw Four who
    tries to answer it with a draw card is told the card could not be stacked (B7.3, C1):
    that is the dispute, not whose turn it is."""
    top = state.top_card
    by = state.played_by
    if (
        by is not None
        and top.kind.draw
        and move.card.kind.draw
        and move.seat == seat_after(state.players, state.eliminated, by, state.direction)
    ):
        reason = v.Reason(
            N_(
                "under these rules the {top} is not answered with another draw card; its "
                "penalty was drawn and the turn lost"
            ),
            {"top": top},
        )
        rule = top.kind.clause
        rule = "B7.3" if top.rank is RANK_DRAW_TWO else "B7.5" if top.kind.restricted else rule
        return v.CannotStack(seat=move.seat, rule=rule, card=move.card, reason=reason)
    return v.NotYourTurn(seat=move.seat, turn=state.turn)


def targeting(state: GameState, card: Card, goes_out: bool) -> tuple[bool | None, str, str]:
    """Whether a play of ``card`` names a target seat (``True`` required, ``None``
    optional, ``False`` not allowed), the clause a missing or wrong target breaks, and the
    clause that refuses one: an enabled rule's (H07), else a card whose effect swaps hands
    (E4 Wild Swap Hands, A41: the last card goes out with no swap), else none (B4.4)."""
    rules = state.rules
    for hook, params in rules.plan.target:
        found = hook(card, goes_out, params)
        if found is not None:
            return found  # type: ignore[no-any-return]
    if rules.plan.swaps(card.rank):  # a swap_hands step (docs/cards.md)
        return (not goes_out), card.kind.clause, ("A41" if goes_out else "B4.4")
    return False, "A31", "B4.4"


def _check_play(state: GameState, move: Play) -> v.Violation | None:
    seat, card = move.seat, move.card
    if move.target is not None and not is_seat(move.target, state.players):
        return v.UnknownSeat(seat=seat, players=state.players, what="target", value=move.target)
    if state.phase is PHASE_PENALTY and gone_out(state) is not None:
        # B10.1, B10.3, A12: a player went out on a draw card; its victim only takes the
        # draw (or challenges the Wild Draw Four): no stack (H01), deflect (H15) or
        # jump-in (H06, A23) can answer it and reach the player who went out
        return _penalty_pending(state, seat, "B10.3")
    penalty = state.penalty  # draws_until, asked only of a penalty of no fixed amount
    if (
        state.phase is PHASE_PENALTY
        and penalty is not None
        and not penalty.amount
        and draws_until(penalty)
    ):
        # F4, F15: a Wild Draw Color is accepted or challenged; no stack (H01), deflect
        # (H15) or jump-in (H06) answers a draw of no fixed amount
        return _penalty_pending(state, seat, "F4")
    kind = play_kind(state, move)
    if not isinstance(kind, PlayKind):
        return kind
    rules = state.rules
    plan = rules.plan
    hand = state.hands[seat]
    cards = (card, *move.extra)
    missing = holds(hand, cards)
    if missing is not None:
        return v.CardNotInHand(seat=seat, card=missing)
    color = state.color
    assert color is not None  # only a pending first-card choice leaves it unnamed
    if kind is KIND_TURN:
        drawn = state.drawn
        if drawn is not None and rules.after_draw is not AFTER_DRAW_ANY_CARD and card != drawn:
            return v.OnlyDrawnCardPlayable(seat=seat, card=card, drawn=drawn)
        if not matches(card, state.top_card, color):
            rule = "B5.2" if card.rank.is_action else "B5.1"
            return v.CardDoesNotMatch(
                seat=seat, rule=rule, card=card, top_card=state.top_card, color=color
            )
        if move.extra and marked_faces(rules, card):
            wrong = _marked_refusal(state, move)
            if wrong is not None:
                return wrong
        elif move.extra:
            if not plan.extra_refusal:
                return v.OneCardPerTurn(seat=seat)  # B4.5
            hook, params = plan.extra_refusal[0]  # H09: the first rule that allows extras
            refused: v.Violation | None = hook(state, move, params)
            if refused is not None:
                return refused
    # the terms of an enabled rule for this wild as this kind of play (H01), if any: the
    # clause under which it names no color, and whether it escapes the color restriction
    no_color = None
    exempt = False
    if card.is_wild:
        for hook, params in plan.wild_terms:
            terms: WildTerms | None = hook(card, kind, params)
            if terms is not None:
                no_color, exempt = terms.no_color, terms.bluff_exempt
                break
    names = card.kind.names_color  # N15: a Wild Color Roulette's victim names it instead
    if not names and card.is_wild:
        no_color = no_color or card.kind.clause
    if move.extra and card.is_wild and kind is KIND_TURN and marked_faces(rules, card):
        no_color = no_color or card.kind.clause  # the marked card on top sets the color
    if card.is_wild and move.color is None and no_color is None:
        return v.ColorRequired(seat=seat, card=card)
    if move.color is not None and (not card.is_wild or no_color is not None):
        return v.ColorNotAllowed(seat=seat, rule=no_color or "A61", card=card)
    if move.color is not None and move.color not in side_colors(card):
        # F1 on a two-sided card; A61 in a classic game: one of the four colors
        rule = "F1" if card.other is not None else "A61"
        return v.ColorNotInPlay(seat=seat, rule=rule, color=move.color)
    left = len(hand) - len(cards)
    if cards[-1].kind.sheds:  # N13: the effect takes more cards from the hand
        left = cards_left(without(hand, cards), cards[-1])
    goes_out = left == 0
    need, target_rule, refusal_rule = targeting(state, cards[-1], goes_out)
    if move.target is None and need is True:
        return v.TargetRequired(seat=seat, rule=target_rule, card=card)
    if move.target is not None:
        if need is False:
            return v.TargetNotAllowed(seat=seat, rule=refusal_rule, card=card)
        if move.target == seat or move.target in state.eliminated:
            return v.InvalidTarget(seat=seat, rule=target_rule, target=move.target)
    if (
        card.kind.restricted
        and rules.w4_restriction is W4_RESTRICTION_STRICT
        and not exempt
        and is_bluff(rules, without(hand, cards), state.top_card, color)
    ):
        return v.WildDrawFourNotAllowed(seat=seat, color=color, card=card)
    if goes_out:
        for hook, params in plan.last_card:  # H14, A23
            refused = hook(state, seat, cards[-1], kind, params)
            if refused is not None:
                return refused
    if move.call_uno:
        if not rules.uno.enabled:
            return v.UnoDisabled(seat=seat)
        if left != 1 and rules.uno.false_call_penalty == 0:
            return v.CannotCallUno(seat=seat, rule="B9.1", hand_size=left)
    return None


def _marked(state: GameState, seat: int, card: Card, faces: tuple[int, ...]) -> list[Card]:
    """The cards of ``seat``'s hand, ``card`` played, that show one of ``faces``."""
    return [c for c in without(state.hands[seat], (card,)) if c.kind.number in faces]


def _marked_refusal(state: GameState, move: Play) -> v.Violation | None:
    """A play's ``extra`` cards with a ``discard_faces`` card: every marked card of the
    hand, the one the player puts on top last and the others (whose order does not
    matter) sorted under it; else the violation."""
    faces = marked_faces(state.rules, move.card)
    extra = move.extra
    under = list(extra[:-1])
    if sorted(extra) != sorted(_marked(state, move.seat, move.card, faces)) or under != sorted(
        under
    ):
        return v.MarkedCardsOnly(
            seat=move.seat, rule=move.card.kind.clause, card=move.card, faces=faces
        )
    return None


def _check_draw(state: GameState, move: Draw) -> v.Violation | None:
    found = _turn_guard(state, move.seat)
    if found is not None:
        return found
    if state.phase is PHASE_DRAWN:
        return v.AlreadyDrawn(seat=move.seat)
    if not can_draw(state):
        return v.NothingToDraw(seat=move.seat)
    if state.rules.voluntary_draw is VOLUNTARY_DRAW_FORBIDDEN and has_legal_card(state, move.seat):
        return v.MustPlay(seat=move.seat)
    return None


def _must_play_drawn(state: GameState) -> str | None:
    """The clause of the enabled rule (H02 ``must_play``, H03) that makes the drawn card
    compulsory, if it can be played fairly; ``None`` when the player may pass."""
    drawn = state.drawn
    assert drawn is not None
    hooks = state.rules.plan.drawn_compulsory
    if not hooks or not playable(state, state.hands[state.turn], drawn):
        return None
    for hook, params in hooks:
        clause = hook(state, params)
        if clause is not None:
            return clause  # type: ignore[no-any-return]
    return None


def _check_pass(state: GameState, move: Pass) -> v.Violation | None:
    found = _turn_guard(state, move.seat)
    if found is not None:
        return found
    if state.phase is PHASE_DRAWN:
        clause = _must_play_drawn(state)
        if clause is not None:
            assert state.drawn is not None
            return v.MustPlayDrawnCard(seat=move.seat, rule=clause, card=state.drawn)
        return None
    if can_draw(state):
        return v.MustPlayOrDraw(seat=move.seat)
    hand = state.hands[move.seat]
    if any(playable(state, hand, c, fair_only=False) for c in set(hand)):
        return v.MustPlayOrDraw(seat=move.seat, rule="A44", can_draw=False)
    return None


def _check_call(state: GameState, move: CallUno) -> v.Violation | None:
    uno = state.rules.uno
    if not uno.enabled:
        return v.UnoDisabled(seat=move.seat)
    size = len(state.hands[move.seat])
    called = move.seat in state.uno_called
    if size == 0:
        # B10.1: a player who went out has nothing to call (and no false call to pay, H12)
        return v.CannotCallUno(seat=move.seat, rule="B10.1", hand_size=0)
    if called or (size != 1 and uno.false_call_penalty == 0):
        return v.CannotCallUno(seat=move.seat, hand_size=size, called=called)
    return None


def _check_catch(state: GameState, move: CatchUno) -> v.Violation | None:
    seat, target = move.seat, move.target
    if not state.rules.uno.enabled:
        return v.UnoDisabled(seat=seat)
    if not is_seat(target, state.players):
        return v.UnknownSeat(seat=seat, players=state.players, what="target", value=target)
    if target == seat:
        return v.CannotCatchSelf(seat=seat)
    if not state.hands[seat] and gone_out(state) == seat:
        # B10.1, B10.3: a player who went out takes no part in what is left of the round
        # (its own last card's answer), as it cannot call UNO either
        if state.phase is PHASE_PENALTY:
            return _penalty_pending(state, seat, "B10.3")
        return v.ColorChoicePending(seat=seat, rule="B10.3", chooser=state.turn)
    if target in state.uno_open:
        return None
    size = len(state.hands[target])
    called = target in state.uno_called
    if size == 1 and not called:
        if not state.rules.uno.applies_after_transfer and _hands_moved(state):
            # A19 off: a hand passed on opens no window; nobody need have acted since
            return v.UnoWindowClosed(seat=seat, rule="A19", target=target)
        return v.UnoWindowClosed(seat=seat, target=target)
    return v.NothingToCatch(seat=seat, target=target, hand_size=size, called=called)


def _hands_moved(state: GameState) -> bool:
    """A19, A40: the top card was played and its effect passed hands on (H07 a 7 or a 0,
    E4 Wild Swap Hands, E2 Wild Shuffle Hands, a Wild Customizable's written steps)."""
    if state.played_by is None:
        return False
    steps = state.rules.plan.steps(state.top_card, False)  # H07's come from its card_steps
    return steps_with(steps, "transfers")


def _check_challenge(state: GameState, move: Challenge) -> v.Violation | None:
    penalty = state.penalty
    if not state.rules.challenge_possible:
        # H10, H11: under rules with no challenge at all, that is the ruling, whether or not
        # a Wild Draw Four was just played (with none waiting, its penalty was drawn at once)
        rule = "H11" if state.rules.w4_challenge.value == "disabled" else "H10"
        card = penalty.card if penalty is not None and penalty.card.kind.restricted else None
        return v.ChallengeDisabled(seat=move.seat, rule=rule, card=card)
    if state.phase is not PHASE_PENALTY or penalty is None:
        return v.NoChallengePending(seat=move.seat)
    if not penalty.card.kind.restricted:
        return v.NoChallengePending(seat=move.seat, rule="B8.3")
    if not penalty.challengeable:
        # H15: a deflected penalty; A46: stacking's own challenge setting or a waived
        # restriction
        rule = "H15" if state.top_card != penalty.card else "A46"
        return v.ChallengeDisabled(seat=move.seat, rule=rule, card=penalty.card)
    if move.seat != state.turn:
        return v.NotChallengeEligible(seat=move.seat, victim=state.turn, card=penalty.card)
    return None


def _check_accept(state: GameState, move: Accept) -> v.Violation | None:
    if state.phase is not PHASE_PENALTY:
        return v.NoPenaltyPending(seat=move.seat)
    if move.seat != state.turn:
        return v.NotYourTurn(seat=move.seat, turn=state.turn)
    if gone_out(state) is not None:
        return None  # B10.3, A12: after a going-out card, taking the draw is always allowed
    for hook, params in owned(state.rules.plan.accept_check, state.penalty):
        found = hook(state, move.seat, _answers(state, move.seat), params)
        if found is not None:
            return found  # type: ignore[no-any-return]
    return None


def _answers(state: GameState, seat: int) -> Iterator[tuple[Play, PlayKind]]:
    """The legal plays of ``seat`` on the pending penalty, with their kinds."""
    for m in play_candidates(state, seat):
        if validate(state, m) is None:
            kind = play_kind(state, m)
            assert isinstance(kind, PlayKind)
            yield m, kind


def _check_choose(state: GameState, move: ChooseColor) -> v.Violation | None:
    if state.phase is not PHASE_CHOOSE_COLOR:
        return v.NoColorToChoose(seat=move.seat)
    if move.seat != state.turn:
        return v.NotYourTurn(seat=move.seat, turn=state.turn)
    if move.color not in side_colors(state.top_card):
        rule = "F1" if state.top_card.other is not None else "A61"
        return v.ColorNotInPlay(seat=move.seat, rule=rule, color=move.color)
    return None


_CHECKS: Final[dict[type, Callable[[GameState, Move], v.Violation | None]]] = {
    Play: _check_play,  # type: ignore[dict-item]
    Draw: _check_draw,  # type: ignore[dict-item]
    Pass: _check_pass,  # type: ignore[dict-item]
    CallUno: _check_call,  # type: ignore[dict-item]
    CatchUno: _check_catch,  # type: ignore[dict-item]
    Challenge: _check_challenge,  # type: ignore[dict-item]
    Accept: _check_accept,  # type: ignore[dict-item]
    ChooseColor: _check_choose,  # type: ignore[dict-item]
}


# --------------------------------------------------------------------------- legal moves


_NO_EXTRAS: Final[tuple[tuple[Card, ...], ...]] = ((),)


def _extras(state: GameState, seat: int, card: Card) -> Iterable[tuple[Card, ...]]:
    """Every ordered choice of further cards that may go down with ``card`` (H09), as the
    first rule that answers says; just ``()`` where none does."""
    for hook, params in state.rules.plan.extra_cards:
        choices: Iterable[tuple[Card, ...]] | None = hook(state, seat, card, params)
        if choices is not None:
            return choices
    return _NO_EXTRAS


def _may_name_none(state: GameState, seat: int, card: Card) -> bool:
    """Whether an enabled rule's terms let the wild ``card``, played by ``seat`` now, name
    no color (``wild_terms``): its plays without a color are then worth validating too."""
    hooks = state.rules.plan.wild_terms
    if not hooks:
        return False
    kind = play_kind(state, Play(seat, card))
    if not isinstance(kind, PlayKind):
        return False
    for hook, params in hooks:
        terms: WildTerms | None = hook(card, kind, params)
        if terms is not None:
            return terms.no_color is not None
    return False


def play_variants(state: GameState, seat: int, card: Card) -> Iterator[Play]:
    """Every way of playing ``card``: colors for a wild (and none, where a stacked Wild
    Draw Four names none), targets where the card takes one, with and without UNO."""
    hand = state.hands[seat]
    uno = state.rules.uno
    for extra in _extras(state, seat, card):
        last = extra[-1] if extra else card
        left = len(hand) - 1 - len(extra)
        if last.kind.sheds:  # N13: the effect takes more cards from the hand
            after = without(hand, (card, *extra))
            left = cards_left(after, last)
        calls = (False, True) if uno.enabled and (left == 1 or uno.false_call_penalty) else (False,)
        need = targeting(state, last, left == 0)[0]
        targets: list[int | None] = [None] if need is not True else []
        if need is not False:
            targets.extend(s for s in state.active_seats if s != seat)
        colors: tuple[Color | None, ...] = (None,)
        if card.is_wild and card.kind.names_color:
            side = side_colors(card)  # F1: the colors of the side in play
            if state.phase is PHASE_PENALTY or _may_name_none(state, seat, card):
                colors = (*side, None)
            else:
                colors = side
        for color in colors:
            for target in targets:
                for call in calls:
                    yield Play(seat, card, color=color, target=target, call_uno=call, extra=extra)
    faces = marked_faces(state.rules, card)
    if faces and state.phase is not PHASE_PENALTY:
        yield from _marked_variants(state, seat, card, faces)


def _marked_variants(
    state: GameState, seat: int, card: Card, faces: tuple[int, ...]
) -> Iterator[Play]:
    """The plays of a ``discard_faces`` card that put down every marked card of the hand,
    one for each distinct card on top (the others in sorted order under it)."""
    marked = sorted(_marked(state, seat, card, faces))
    if not marked or play_kind(state, Play(seat, card)) is not KIND_TURN:
        return
    uno = state.rules.uno
    left = len(state.hands[seat]) - 1 - len(marked)
    calls = (False, True) if uno.enabled and (left == 1 or uno.false_call_penalty) else (False,)
    for top in dict.fromkeys(marked):
        under = list(marked)
        under.remove(top)
        for call in calls:
            yield Play(seat, card, call_uno=call, extra=(*under, top))


def play_candidates(state: GameState, seat: int) -> Iterator[Play]:
    """Plays worth validating: every variant of each card of :func:`candidate_cards`."""
    for card in candidate_cards(state, seat):
        yield from play_variants(state, seat, card)


def candidate_cards(state: GameState, seat: int) -> Iterator[Card]:
    """The distinct cards of ``seat``'s hand worth trying, in hand order. Cards are skipped
    only for reasons that ``validate`` would refuse them for anyway (a card that matches
    nothing on an ordinary turn, a card other than the drawn one after a draw, a
    non-identical card out of turn, a card that can neither stack, deflect nor jump in on a
    pending penalty), so the pruning never hides a legal move; the state machines hold the
    two together (any move that validates is listed)."""
    hand = state.hands[seat]
    phase = state.phase
    if phase is PHASE_CHOOSE_COLOR:
        return
    top, color = state.top_card, state.color
    plan = state.rules.plan
    # The one card an enabled rule lets this seat play out of turn now (H06: the face
    # identical to the top card, A29), and the ranks that may answer a penalty (H01, H15).
    jump = None
    for hook, params in plan.out_of_turn_card:
        jump = hook(state, seat, params)
        if jump is not None:
            break
    ordinary = seat == state.turn and (phase is PHASE_TURN or phase is PHASE_DRAWN)
    answering = seat == state.turn and phase is PHASE_PENALTY
    drawn_only = phase is PHASE_DRAWN and state.rules.after_draw is not AFTER_DRAW_ANY_CARD
    answer_ranks = plan.answer_ranks
    for card in dict.fromkeys(hand):
        if ordinary:
            if drawn_only and card != state.drawn:
                continue
            if not matches(card, top, color):
                continue
        elif answering:
            if card.rank not in answer_ranks and not _same_face(card, jump):
                continue
        elif not _same_face(card, jump):
            continue
        yield card


def _same_face(card: Card, jump: Card | None) -> bool:
    """Whether ``card`` is ``jump``, the card identical to the top card (A29): the same
    interned card, or with two-sided cards the same face in play whatever its back (F15)."""
    if card is jump:
        return True
    return (
        jump is not None
        and card.other is not None
        and card.rank is jump.rank
        and card.color is jump.color
    )


def _candidates(state: GameState, seat: int) -> list[Move]:
    """Every move ``seat`` could try that might be legal, in a fixed order: plays (in hand
    order), draw, pass, the other decisions, then UNO calls and catches."""
    out: list[Move] = list(play_candidates(state, seat))
    if seat == state.turn:
        phase = state.phase
        if phase is PHASE_TURN:
            out.append(Draw(seat))
            if not can_draw(state):
                out.append(Pass(seat))
        elif phase is PHASE_DRAWN:
            out.append(Pass(seat))
        elif phase is PHASE_PENALTY:
            out.append(Accept(seat))
            out.append(Challenge(seat))
        elif phase is PHASE_CHOOSE_COLOR:
            out.extend(ChooseColor(seat, c) for c in side_colors(state.top_card))
    uno = state.rules.uno
    if uno.enabled and (len(state.hands[seat]) == 1 or uno.false_call_penalty):
        out.append(CallUno(seat))
    out.extend(CatchUno(seat, t) for t in sorted(state.uno_open) if t != seat)
    return out


def reference_legal_moves(state: GameState, seat: int) -> tuple[Move, ...]:
    """The definition of the legal moves: every candidate that :func:`validate` accepts.
    :func:`legal_moves` answers the common decisions faster (``fastpath._fast_listing``); the
    tests hold the two equal on every bundled preset."""
    return tuple(m for m in _candidates(state, seat) if validate(state, m) is None)
