"""The engine's fast paths: a plan per rule set, the fast listing, and the shortcuts.

Nothing here decides a rule on its own. :func:`uno_rules.engine.reference_legal_moves`
(every candidate that ``validate`` accepts) defines the legal moves and
:func:`uno_rules.engine._perform` (the transition builder) defines what a move does;
:func:`_fast_listing` and :func:`_shortcut` give the same answers faster for the common
decisions and moves, and ``None`` elsewhere. tests/test_fast_paths.py and the state
machines hold them equal at every state of playouts under every bundled preset, a dozen
rule variants and random rule sets (``docs/performance.md``).

A :class:`_Plan` is worked out once per :class:`~uno_rules.Rules` value: the house-rule
facts the fast paths read on every move, and tables of the frozen move objects they list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeAlias

import attrs
from attrs import frozen

from .cards import COLORS, NUMBER_RANKS, Card, Color, Rank
from .engine import (
    _NO_SEATS,
    PHASE_DRAWN,
    PHASE_PENALTY,
    PHASE_TURN,
    RANK_DRAW_TWO,
    RANK_REVERSE,
    RANK_SEVEN,
    RANK_SKIP,
    RANK_WILD_DRAW_FOUR,
    RANK_WILD_SWAP_HANDS,
    RANK_ZERO,
    TPR_SKIP,
    Transition,
    _candidate_cards,
    _new_state,
    _play_variants,
    _without,
    after_transfer,
    draw_until_playable,
    has_legal_card,
    is_bluff,
    penalty_has_choice,
    validate,
)
from .events import (
    CardPlayed,
    CardsDrawn,
    Event,
    HandsRotated,
    HandsSwapped,
    Passed,
    PenaltyAccepted,
    Reversed,
    Skipped,
    UnoCalled,
)
from .moves import Accept, CallUno, CatchUno, Challenge, Draw, Move, Pass, Play
from .rules import (
    AfterDraw,
    AfterFound,
    AppliesTo,
    DrawUntilPlayable,
    Rules,
    UnoWindow,
    VoluntaryDraw,
    W4Restriction,
)
from .rules.go_out import rank_kind
from .state import MAX_PLAYERS, GameState, Penalty, Pile, pile_cards, pile_size

# players, eliminated, seat, card, hand size up to 3, a penalty pending
_VariantKey: TypeAlias = tuple[int, frozenset[int], int, Card, int, bool]


@frozen
class _Plan:
    """The facts about a :class:`Rules` that the fast listing and the shortcuts need,
    worked out once per rule set, and the move tables they fill as cards come up."""

    multi_card: bool
    calls_always: bool  # H12: a false UNO call is a legal (penalised) move
    uno: bool
    drawn_only: bool  # B6.3: after a draw only the drawn card may be played
    strict_w4: bool  # H10 strict: a bluffing Wild Draw Four is refused
    forbidden_last: frozenset[Rank]  # H14: ranks that may not be the last card
    target_ranks: frozenset[Rank]  # H07, E4: ranks whose play may name a target seat
    penalty_plays: bool  # H01, H15, H06: a pending penalty can be answered with a card (A60)
    draw_needs_check: bool  # H04 forbidden: a draw is refused while a card is playable
    drawn_may_pass: bool  # B6.4: neither H02 must_play nor H03 can make the drawn card compulsory
    plain_draw: bool  # a draw leads to a decision on the drawn card (not H04 penalized, H05)
    draw_until: DrawUntilPlayable | None  # H02
    mercy: bool  # H16
    accept_skips: bool  # an accepted penalty costs the victim's turn (not H01's option)
    w4_waits: bool  # A60: a Wild Draw Four leaves its victim a decision
    zero_rotate: bool  # H07
    uno_after_transfer: bool  # A19: a seat given a one-card hand must call UNO
    any_draw_closes: bool  # A15 (b): any other seat's draw closes a window
    special: frozenset[Rank]  # ranks whose plays are checked against the state each time
    # plays[calls][seat]: the plays of each card, built as cards come up
    plays: list[list[dict[Card, tuple[Play, ...]]]] = attrs.field(eq=False)
    # every way to play a card (_play_variants), for cards decided on each state
    variants: dict[_VariantKey, tuple[Play, ...]] = attrs.field(eq=False)


_PLANS: dict[int, tuple[Rules, _Plan]] = {}
_LAST_PLAN: tuple[Rules, _Plan] | None = None


def _plan(rules: Rules) -> _Plan:
    global _LAST_PLAN
    last = _LAST_PLAN
    if last is not None and last[0] is rules:  # the usual case: one rule set in play
        return last[1]
    found = _PLANS.get(id(rules))
    if found is not None and found[0] is rules:
        _LAST_PLAN = found
        return found[1]
    hr = rules.house_rules
    forbidden = frozenset(
        rank for rank in Rank if rank_kind(rank) in hr.go_out.forbidden_last_cards
    )
    targets = {RANK_WILD_SWAP_HANDS}
    if hr.seven_o.enabled and hr.seven_o.seven_swap:
        targets.add(RANK_SEVEN)
    plan = _Plan(
        multi_card=hr.multi_card.enabled,
        calls_always=rules.uno.enabled and rules.uno.false_call_penalty != 0,
        uno=rules.uno.enabled,
        drawn_only=rules.after_draw is not AfterDraw.ANY_CARD,
        strict_w4=rules.w4_restriction is W4Restriction.STRICT,
        forbidden_last=forbidden,
        target_ranks=frozenset(targets),
        penalty_plays=hr.stacking.enabled
        or hr.deflect.enabled
        or (hr.jump_in.enabled and hr.jump_in.during_pending_penalty),
        draw_needs_check=rules.voluntary_draw is VoluntaryDraw.FORBIDDEN,
        plain_draw=rules.voluntary_draw is not VoluntaryDraw.PENALIZED
        and rules.after_draw is not AfterDraw.NONE,
        mercy=hr.mercy.enabled,
        draw_until=hr.draw_until_playable if hr.draw_until_playable.enabled else None,
        accept_skips=not (hr.stacking.enabled and not hr.stacking.victim_loses_turn),
        w4_waits=penalty_has_choice(rules, Card(None, Rank.WILD_DRAW_FOUR)),
        zero_rotate=hr.seven_o.enabled and hr.seven_o.zero_rotate,
        uno_after_transfer=rules.uno.enabled and rules.uno.applies_after_transfer,
        any_draw_closes=rules.uno.window_closes_on is UnoWindow.ANY_OTHER_PLAYER_DRAW_OR_PLAY,
        special=frozenset(targets)
        | forbidden
        | ({Rank.WILD_DRAW_FOUR} if rules.w4_restriction is W4Restriction.STRICT else set()),
        plays=[[{} for _ in range(MAX_PLAYERS)] for _ in (False, True)],
        variants={},
        drawn_may_pass=not hr.force_play.enabled
        and not (
            hr.draw_until_playable.enabled
            and hr.draw_until_playable.after_found is AfterFound.MUST_PLAY
        ),
    )
    if len(_PLANS) > 64:  # a few rule sets are in use at a time; keep the cache small
        _PLANS.clear()
    _PLANS[id(rules)] = _LAST_PLAN = (rules, plan)
    return plan


# Move objects are frozen values, so the engine lists the same objects again and again
# instead of building new ones: plays in each plan's table (``_Plan.plays``), the other
# moves by seat.
_DRAWS = tuple(Draw(s) for s in range(MAX_PLAYERS))
_PASSES = tuple(Pass(s) for s in range(MAX_PLAYERS))
_ACCEPTS = tuple(Accept(s) for s in range(MAX_PLAYERS))
_CHALLENGES = tuple(Challenge(s) for s in range(MAX_PLAYERS))
_CALLS = tuple(CallUno(s) for s in range(MAX_PLAYERS))


def _plays(seat: int, card: Card, calls: bool) -> tuple[Play, ...]:
    """Every way to play ``card`` with no target or extra cards: each color for a wild,
    with and without an UNO call where ``calls``; in the order of :func:`_play_variants`."""
    colors: tuple[Color | None, ...] = COLORS if card.is_wild else (None,)
    return tuple(
        Play(seat, card, color=color, call_uno=call)
        for color in colors
        for call in ((False, True) if calls else (False,))
    )


def _checked_plays(
    state: GameState, plan: _Plan, seat: int, card: Card, calls: bool
) -> Iterable[Play]:
    """The plays of a matching ``card`` whose rank the plan marks as special: one that may
    take a target (H07, E4), may not go out (H14), or may be a refused bluff (H10)."""
    hand = state.hands[seat]
    rank = card.rank
    if len(hand) == 1 and rank in plan.forbidden_last:
        return ()  # H14
    if rank is RANK_WILD_DRAW_FOUR and plan.strict_w4:
        assert state.discard is not None
        if is_bluff(state.rules, _without(hand, (card,)), state.discard[0], state.color):
            return ()  # H10 strict
    if rank in plan.target_ranks:
        # _play_variants names a target exactly where the card needs or allows one
        # (_needs_target), and only other active seats, as _check_play requires; the rest
        # is as for any play.
        return _variants(state, plan, seat, card)
    return _plays(seat, card, calls)


def _variants(state: GameState, plan: _Plan, seat: int, card: Card) -> tuple[Play, ...]:
    """:func:`_play_variants`, kept in the plan: the variants depend on the state only
    through the seats to target, the hand's size through going out (1 card) and the UNO
    call (2 cards), and whether a penalty is pending (a stacked wild may name no color)."""
    size = min(len(state.hands[seat]), 3)
    key = (state.players, state.eliminated, seat, card, size, state.phase is PHASE_PENALTY)
    variants = plan.variants.get(key)
    if variants is None:
        variants = plan.variants[key] = tuple(_play_variants(state, seat, card))
    return variants


def _answers(state: GameState, plan: _Plan, seat: int) -> Iterator[Play]:
    """The legal plays on a pending penalty (a stack H01, a deflect H15, a jump-in H06),
    validating one play per card and kind of color instead of every variant. Within one
    card (H09 off: no extra cards) :func:`_check_play` treats the variants alike except
    for their color: a wild names one, but a Wild Draw Four stacked under H01
    ``waive_no_color_choice`` names none; the targets and UNO calls that
    :func:`_play_variants` produces are the ones it accepts for that card."""
    for card in _candidate_cards(state, seat):
        verdicts: dict[bool, bool] = {}
        for play in _variants(state, plan, seat, card):
            named = play.color is not None
            legal = verdicts.get(named)
            if legal is None:
                legal = verdicts[named] = _valid(state, play)
            if legal:
                yield play


def _fast_listing(state: GameState, seat: int) -> tuple[Move, ...] | None:
    """The legal moves of the seat whose turn it is, in the order of
    :func:`reference_legal_moves`, without validating every candidate; ``None`` where this
    shortcut does not apply (then the reference answers). Each skipped check is one that
    :func:`_check_play` would pass for the moves listed here: the card is held and
    matches, no extra cards (H09 off), a target exactly where the card needs or allows one
    and only another active seat (:func:`_checked_plays`), a color exactly for a wild, UNO
    calls as B9.1 / H12 allow; H14 and H10 ``strict`` are checked on the state. The
    answers to a pending penalty are validated, one play per card and kind of color
    (:func:`_answers`)."""
    if seat != state.turn:
        return None
    plan = _plan(state.rules)
    phase = state.phase
    out: list[Move] = []
    hand = state.hands[seat]
    size = len(hand)
    if phase is PHASE_TURN or phase is PHASE_DRAWN:
        if plan.multi_card:
            return None
        discard = state.discard
        assert discard is not None
        top, color = discard[0], state.color
        top_rank = top.rank if top.color is not None else None
        only = state.drawn if phase is PHASE_DRAWN and plan.drawn_only else None
        calls = plan.uno and (size == 2 or plan.calls_always)
        table = plan.plays[calls][seat]
        for card in dict.fromkeys(hand):  # each distinct card once, in hand order
            if card.color is not None and card.color is not color and card.rank is not top_rank:
                continue  # B5: matches(), inlined (the hottest loop)
            if only is not None and card is not only:
                continue  # B6.3
            plays = table.get(card)
            if plays is None:
                if card.rank in plan.special:  # never kept: decided on each state
                    out.extend(_checked_plays(state, plan, seat, card, calls))
                    continue
                plays = table[card] = _plays(seat, card, calls)
            out += plays
        if phase is PHASE_TURN:
            if state.draw is not None or pile_size(state.discard) > 1:  # can_draw
                draw = _DRAWS[seat]
                if not plan.draw_needs_check or _valid(state, draw):
                    out.append(draw)
            elif _valid(state, _PASSES[seat]):
                out.append(_PASSES[seat])
        elif plan.drawn_may_pass or _valid(state, _PASSES[seat]):
            out.append(_PASSES[seat])  # B6.4, unless H02 or H03 make the card compulsory
    elif phase is PHASE_PENALTY:
        if plan.penalty_plays:
            if plan.multi_card:
                return None
            out.extend(_answers(state, plan, seat))
        out.extend(m for m in (_ACCEPTS[seat], _CHALLENGES[seat]) if _valid(state, m))
    else:
        return None
    if plan.uno and (size == 1 or plan.calls_always) and _valid(state, _CALLS[seat]):
        out.append(_CALLS[seat])
    if state.uno_open:
        out.extend(
            m
            for m in (CatchUno(seat, t) for t in sorted(state.uno_open) if t != seat)
            if _valid(state, m)
        )
    return tuple(out)


def _valid(state: GameState, move: Move) -> bool:
    return validate(state, move) is None


# --------------------------------------------------------------------------- shortcuts
#
# The commonest moves of a round are applied here without the builder, in the conditions
# spelled out in each function; anywhere else they return ``None`` and the general path
# runs. They are called only for a move already validated, and only in a *plain* state:
# every seat holds cards (so nobody is eliminated and no round can end here) and the mercy
# rule (H16: any transition may eliminate) is off. tests/test_fast_paths.py and the state
# machines hold each equal to :func:`_perform` (same state, same events) for every move of
# playouts under every bundled preset and the rule switches that touch them.


def _shortcut(state: GameState, move: Move) -> Transition | None:
    """The transition of ``move`` (already validated) by a shortcut, or ``None``."""
    shortcut = _SHORTCUTS.get(type(move))
    if shortcut is None:
        return None
    plan = _plan(state.rules)
    if plan.mercy or not all(state.hands):
        return None
    return shortcut(state, move, plan)


_SHORTCUT_RANKS = frozenset(
    (*NUMBER_RANKS, Rank.WILD, Rank.SKIP, Rank.REVERSE, Rank.DRAW_TWO, Rank.WILD_DRAW_FOUR)
)


def _play_shortcut(state: GameState, move: Play, plan: _Plan) -> Transition | None:
    """A card played on the seat's own turn, not its last, with no false UNO call (H12),
    no target (but a 7's under H07) and no extra cards, when it is one of:

    - a number card (B5, B4.3), or a Wild (B7.4: its color named); under H07 a 7 with a
      target swaps hands and a 0 rotates them (A32), and transferred hands follow A19;
    - a Skip (B7.1): the next seat is skipped;
    - a Reverse (B7.2): the direction flips; with two players under H08 ``skip`` it skips;
    - a Draw Two or Wild Draw Four whose victim has no decision to make (B7.3, B7.5, A60:
      no stacking, deflecting, jump-in on a penalty or challenge): the victim draws from a
      pile that holds the cards and is skipped; the victim's UNO call lapses (A20);
    - a Draw Two or Wild Draw Four that waits for its victim's answer (A60, B8.3): the
      penalty is recorded, for a Wild Draw Four with whether it was a bluff (B8.2) and the
      hand it is judged on (B8.5).

    Every other UNO window closes (A15: the play is a turn action); with one card left
    the player's call is recorded or its own window opens (B9.1, B9.3)."""
    seat, card = move.seat, move.card
    hands = state.hands
    hand = hands[seat]
    phase = state.phase
    rank = card.rank
    if (
        seat != state.turn
        or (phase is not PHASE_TURN and phase is not PHASE_DRAWN)
        or rank not in _SHORTCUT_RANKS
        or len(hand) < 2  # going out ends the round: the general path
        or (move.call_uno and len(hand) != 2)  # H12 false call: the general path
        or move.extra
        or (move.target is not None and rank is not RANK_SEVEN)
    ):
        return None
    players, direction = state.players, state.direction
    i = hand.index(card)
    hands = (*hands[:seat], hand[:i] + hand[i + 1 :], *hands[seat + 1 :])
    draw = state.draw
    called = state.uno_called
    phase = PHASE_TURN
    pending = None
    color = card.color if card.color is not None else move.color
    assert color is not None
    head: tuple[Event, ...] = (CardPlayed(seat, card, color, False),)
    opened = _NO_SEATS
    if len(hand) == 2:  # one card left (B9.1): called with the play, or catchable (B9.3)
        if move.call_uno:
            head = (head[0], UnoCalled(seat))
            called = called | {seat}
        elif plan.uno:
            opened = frozenset((seat,))
    nxt = (seat + direction) % players  # nobody is eliminated in a plain state
    if rank is RANK_SKIP:
        events: tuple[Event, ...] = (*head, Skipped(nxt))
        turn = (nxt + direction) % players
    elif rank is RANK_REVERSE:
        if players == 2 and state.rules.two_player_reverse is TPR_SKIP:
            events = (*head, Skipped(nxt))  # H08
            turn = seat
        else:
            direction = -direction
            events = (*head, Reversed(direction))
            turn = (seat + direction) % players
    elif rank is RANK_WILD_DRAW_FOUR and plan.w4_waits:
        rules = state.rules
        discard = state.discard
        assert discard is not None and state.color is not None
        after = hands[seat]
        bluff = is_bluff(rules, after, discard[0], state.color)
        pending = Penalty(4, card, seat, bluff, after, state.color, rules.challenge_possible)
        phase = PHASE_PENALTY
        events = head
        turn = nxt
    elif rank is RANK_DRAW_TWO and plan.penalty_plays:  # A60: the victim may answer it
        assert state.color is not None
        pending = Penalty(2, card, seat, False, hands[seat], state.color, False)
        phase = PHASE_PENALTY
        events = head
        turn = nxt
    elif rank is RANK_DRAW_TWO or rank is RANK_WILD_DRAW_FOUR:
        amount = 2 if rank is RANK_DRAW_TWO else 4
        if draw is None or draw[2] < amount:
            return None  # a reshuffle: the general path
        cards, draw = _top_cards(draw, amount)
        hands = (*hands[:nxt], hands[nxt] + cards, *hands[nxt + 1 :])
        if nxt in called:
            called = called - {nxt}
        events = (*head, CardsDrawn(nxt, amount, "penalty", cards), Skipped(nxt))
        if plan.any_draw_closes:
            opened = _NO_SEATS  # A15 (b): the victim's draw closes the player's window
        turn = (nxt + direction) % players
    elif rank is RANK_SEVEN and move.target is not None:
        # H07: the player and the target trade hands; their calls lapse (A19).
        target = move.target
        swapped = list(hands)
        swapped[seat], swapped[target] = hands[target], hands[seat]
        hands = tuple(swapped)
        events = (*head, HandsSwapped(seat, target))
        turn = nxt
        called, opened = after_transfer(
            called, opened, frozenset((seat, target)), hands, plan.uno_after_transfer
        )
    elif rank is RANK_ZERO and plan.zero_rotate:
        # H07: every hand passes to the next seat in the direction of play (A32).
        hands = tuple(hands[(s - direction) % players] for s in range(players))
        events = (*head, HandsRotated(direction))
        turn = nxt
        called, opened = after_transfer(
            called, _NO_SEATS, frozenset(range(players)), hands, plan.uno_after_transfer
        )
    else:
        events = head
        turn = nxt
    discard = state.discard
    assert discard is not None
    new = _new_state(
        GameState,
        (
            state.rules,
            players,
            state.seed,
            state.round_number,
            state.dealer,
            hands,
            draw,
            (card, discard, discard[2] + 1),
            color,
            direction,
            turn,
            phase,
            None,
            pending,
            called,
            opened,
            state.scores,
            state.round_winner,
            state.game_winners,
            state.shuffles,
            0,
            seat,
            state.eliminated,
        ),
    )
    return _new_state(Transition, (new, events))


def _top_cards(pile: Pile, count: int) -> tuple[tuple[Card, ...], Pile]:
    """The top ``count`` cards of a pile that holds them, and the pile left."""
    cards = []
    for _ in range(count):
        assert pile is not None
        cards.append(pile[0])
        pile = pile[1]
    return tuple(cards), pile


def _draw_shortcut(state: GameState, move: Draw, plan: _Plan) -> Transition | None:
    """B6.1-B6.3: a draw on the seat's own turn, from a draw pile that holds the cards
    (no reshuffle), where no house rule makes it end the turn or cost a penalty (H04
    penalized, H05): one card, or under H02 cards until one can be played (or the cap),
    and the seat decides on the last. The seat's UNO call or window lapses (A20) and every
    other window closes (A15)."""
    draw = state.draw
    if draw is None or state.phase is not PHASE_TURN or not plan.plain_draw:
        return None
    seat = move.seat
    hands = state.hands
    until = plan.draw_until
    if until is not None and (
        until.applies_to is AppliesTo.ANY_DRAW or not has_legal_card(state, seat)
    ):
        cards, ran_out = draw_until_playable(state, seat, pile_cards(draw), until.max_draws)
        if ran_out or not cards:
            return None  # a reshuffle: the general path
        card, rest = cards[-1], _top_cards(draw, len(cards))[1]
    else:
        card, cards, rest = draw[0], (draw[0],), draw[1]
    values: list[object] = list(state)
    values[_HANDS_FIELD] = (*hands[:seat], hands[seat] + cards, *hands[seat + 1 :])
    values[_DRAW_FIELD] = rest
    values[_PHASE_FIELD] = PHASE_DRAWN
    values[_DRAWN_FIELD] = card
    if seat in state.uno_called:
        values[_CALLED_FIELD] = state.uno_called - {seat}
    values[_OPEN_FIELD] = _NO_SEATS
    values[_PASSES_FIELD] = 0
    event = CardsDrawn(seat, len(cards), "turn", cards)
    return _new_state(Transition, (_new_state(GameState, values), (event,)))


def _pass_shortcut(state: GameState, move: Pass, plan: _Plan) -> Transition | None:
    """B6.4: a pass after drawing; the drawn card stays in hand and the turn moves on."""
    if state.phase is not PHASE_DRAWN:
        return None
    seat = move.seat
    values: list[object] = list(state)
    values[_TURN_FIELD] = (seat + state.direction) % state.players
    values[_PHASE_FIELD] = PHASE_TURN
    values[_DRAWN_FIELD] = None
    return _new_state(Transition, (_new_state(GameState, values), (Passed(seat),)))


def _accept_shortcut(state: GameState, move: Accept, plan: _Plan) -> Transition | None:
    """B7.5, A60: the victim accepts a pending penalty whose cards the draw pile holds, and
    loses the turn (not H01 ``victim_loses_turn: false``). The victim's UNO call or window
    lapses (A20); under A15 (b) the draw also closes every other window."""
    penalty = state.penalty
    draw = state.draw
    if penalty is None or draw is None or draw[2] < penalty.amount or not plan.accept_skips:
        return None
    seat = move.seat
    cards, rest = _top_cards(draw, penalty.amount)
    hands = state.hands
    values: list[object] = list(state)
    values[_HANDS_FIELD] = (*hands[:seat], hands[seat] + cards, *hands[seat + 1 :])
    values[_DRAW_FIELD] = rest
    values[_TURN_FIELD] = (seat + state.direction) % state.players
    values[_PHASE_FIELD] = PHASE_TURN
    values[_PENALTY_FIELD] = None
    if seat in state.uno_called:
        values[_CALLED_FIELD] = state.uno_called - {seat}
    if state.rules.uno.window_closes_on is not UnoWindow.NEXT_TURN_ACTION:
        values[_OPEN_FIELD] = _NO_SEATS
    elif seat in state.uno_open:
        values[_OPEN_FIELD] = state.uno_open - {seat}
    events = (
        CardsDrawn(seat, penalty.amount, "penalty", cards),
        PenaltyAccepted(seat, penalty.amount),
        Skipped(seat),
    )
    return _new_state(Transition, (_new_state(GameState, values), events))


_FIELD = {name: i for i, name in enumerate(GameState._fields)}
_HANDS_FIELD, _DRAW_FIELD, _TURN_FIELD = _FIELD["hands"], _FIELD["draw"], _FIELD["turn"]
_PHASE_FIELD, _DRAWN_FIELD, _PENALTY_FIELD = _FIELD["phase"], _FIELD["drawn"], _FIELD["penalty"]
_CALLED_FIELD, _OPEN_FIELD = _FIELD["uno_called"], _FIELD["uno_open"]
_PASSES_FIELD = _FIELD["passes"]

_SHORTCUTS: dict[type, Callable[[GameState, Move, _Plan], Transition | None]] = {
    Play: _play_shortcut,  # type: ignore[dict-item]
    Draw: _draw_shortcut,  # type: ignore[dict-item]
    Pass: _pass_shortcut,  # type: ignore[dict-item]
    Accept: _accept_shortcut,  # type: ignore[dict-item]
}
