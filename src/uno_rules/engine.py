"""Adjudication: :func:`validate`, :func:`legal_moves` and :func:`apply`.

One source of truth for legality: the legal moves of a seat are, by definition, the
candidates that :func:`validate` accepts (:func:`reference_legal_moves`), and :func:`apply`
validates every move it has not just listed for the very same state. So a move is listed
iff ``validate`` returns ``None`` iff ``apply`` returns a :class:`Transition`.
:func:`legal_moves` answers the common decisions faster (``fastpath._fast_listing``, from
the rule set's plan); tests hold it equal to the definition.

How a move flows: ``apply`` -> ``validate`` (the checks for that kind of move, in a fixed
order: seat, round state, whose turn, the pending decision, the card, the options) ->
a shortcut for the commonest moves in a plain state (``fastpath._shortcut``), else
``_perform`` (a :class:`_Builder` copies the state's fields, the move's effect changes them
and records events, then one new :class:`GameState` is built). Tests hold every shortcut
equal to ``_perform``.

The order in which rules are consulted for a play is decided here, in :func:`_play_kind`
and :func:`_perform_play`; what each house rule allows and does lives in its own module of
:mod:`uno_rules.rules` and in :mod:`uno_rules.effects`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import Enum
from itertools import permutations
from typing import NamedTuple, TypeAlias

import attrs

from . import violations as v
from ._records import replace
from .cards import COLORS, Card, Color, Rank
from .effects import apply_card_effect
from .errors import IllegalMoveError
from .events import (
    CardPlayed,
    CardsDrawn,
    ChallengeLost,
    ChallengeWon,
    ColorChosen,
    Eliminated,
    Event,
    GameEnded,
    Passed,
    PenaltyAccepted,
    PenaltyDeflected,
    Reshuffled,
    RoundEnded,
    Skipped,
    UnoCalled,
    UnoCaught,
)
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
)
from .randomness import derive_seed, shuffled
from .rules import (
    AfterDraw,
    AfterFound,
    AppliesTo,
    GuiltyColor,
    GuiltyTurn,
    JumpInWilds,
    MultiCard,
    OnBlocked,
    OnLastCard,
    Rules,
    TwoPlayerReverse,
    UnoWindow,
    VoluntaryDraw,
    W4InStack,
    W4Restriction,
    WithStacking,
)
from .rules.go_out import kind_of
from .rules.jump_in import identical
from .rules.multi_card import extra_allowed
from .rules.scoring import hand_points, score_round
from .rules.stacking import DRAW_RANKS, draw_value, stack_allowed
from .state import (
    GameState,
    Penalty,
    Phase,
    Pile,
    pile_cards,
    pile_from,
    pile_push,
    pile_size,
    seat_after,
)

__all__ = ["Transition", "apply", "apply_or_raise", "legal_moves", "validate"]


MoveLike: TypeAlias = Move | str


class Transition(NamedTuple):
    """The result of a legal move: the new ``state`` and the ``events`` that happened.
    A named tuple (one per move, so cheap to build): ``state, events = result`` works."""

    state: GameState
    events: tuple[Event, ...]


class PlayKind(Enum):
    """How a play relates to the pending decision."""

    TURN = "turn"  # an ordinary play on the seat's own turn (B4.4)
    STACK = "stack"  # a draw card answering a pending penalty (H01)
    DEFLECT = "deflect"  # a Reverse or Skip answering a pending penalty (H15)
    JUMP_IN = "jump-in"  # an identical card out of turn (H06)


# Enum members read on every move, bound to module names: on Python 3.11 reading
# ``Phase.TURN`` goes through EnumType.__getattr__'s hook and costs about ten times a
# global read (docs/performance.md).
PHASE_CHOOSE_COLOR = Phase.CHOOSE_COLOR
PHASE_DRAWN = Phase.DRAWN
PHASE_GAME_OVER = Phase.GAME_OVER
PHASE_PENALTY = Phase.PENALTY
PHASE_ROUND_OVER = Phase.ROUND_OVER
PHASE_TURN = Phase.TURN
KIND_DEFLECT = PlayKind.DEFLECT
KIND_JUMP_IN = PlayKind.JUMP_IN
KIND_STACK = PlayKind.STACK
KIND_TURN = PlayKind.TURN
RANK_DRAW_TWO = Rank.DRAW_TWO
TPR_SKIP = TwoPlayerReverse.SKIP
RANK_REVERSE = Rank.REVERSE
RANK_SEVEN = Rank.SEVEN
RANK_ZERO = Rank.ZERO
RANK_SKIP = Rank.SKIP
RANK_WILD_DRAW_FOUR = Rank.WILD_DRAW_FOUR
RANK_WILD_SWAP_HANDS = Rank.WILD_SWAP_HANDS


# --------------------------------------------------------------------------- helpers


def _is_seat(value: object, players: int) -> bool:
    return type(value) is int and 0 <= value < players


def matches(card: Card, top: Card, color: Color | None) -> bool:
    """B5.1-B5.5: a wild always matches; a colored card matches the active color, or the
    top card's number or symbol (a wild on top has neither)."""
    if card.color is None:
        return True
    if card.color is color:
        return True
    return top.color is not None and card.rank is top.rank


def can_draw(state: GameState) -> bool:
    """A card can be drawn: the draw pile has one, or a reshuffle would give one (B11, A44)."""
    return state.draw is not None or pile_size(state.discard) > 1


def is_bluff(rules: Rules, hand_after: tuple[Card, ...], top: Card, color: Color | None) -> bool:
    """B8.1 / A10 / A11 / H10: whether a Wild Draw Four breaks its restriction, judged on
    the hand left after playing it (B8.2)."""
    restriction = rules.w4_restriction
    if restriction is W4Restriction.COLOR or restriction is W4Restriction.STRICT:
        return any(c.color is color for c in hand_after)
    if restriction is W4Restriction.ANY_PLAYABLE:
        return any(c.rank is not RANK_WILD_DRAW_FOUR and matches(c, top, color) for c in hand_after)
    return False


def playable(state: GameState, hand: tuple[Card, ...], card: Card, fair_only: bool = True) -> bool:
    """``card`` can be played from ``hand`` on its own turn: it matches (B5), it may go out
    if it is the last card (H14), and a Wild Draw Four is no bluff where bluffing is barred
    (H10 ``strict``) or where ``fair_only`` asks for a fair card (B8.1)."""
    if not matches(card, state.top_card, state.color):
        return False
    rules = state.rules
    if len(hand) == 1 and kind_of(card) in rules.house_rules.go_out.forbidden_last_cards:
        return False
    if card.rank is RANK_WILD_DRAW_FOUR and (
        fair_only or rules.w4_restriction is W4Restriction.STRICT
    ):
        return not is_bluff(rules, _without(hand, (card,)), state.top_card, state.color)
    return True


def has_legal_card(state: GameState, seat: int) -> bool:
    """``seat`` holds a card it can fairly play (a bluff does not count: H04, B6.1)."""
    hand = state.hands[seat]
    top, color = state.top_card, state.color
    # matches() first: the cheap B5 test rules out most cards before playable's others
    return any(matches(c, top, color) and playable(state, hand, c) for c in dict.fromkeys(hand))


def draw_until_playable(
    state: GameState, seat: int, source: Iterable[Card], cap: int | None
) -> tuple[tuple[Card, ...], bool]:
    """H02: the cards ``seat`` takes one at a time from ``source`` until one can be played
    (a bluff counts) or ``cap`` is reached, and whether ``source`` ran out first. A card
    is taken from ``source`` only when it is drawn."""
    got: list[Card] = []
    hand = state.hands[seat]
    top, color = state.top_card, state.color
    cards = iter(source)
    while cap is None or len(got) < cap:
        card = next(cards, None)
        if card is None:
            return tuple(got), True
        got.append(card)
        # matches() first: most drawn cards fail B5, before the hand is built for the rest
        if matches(card, top, color) and playable(state, hand + tuple(got), card, fair_only=False):
            break
    return tuple(got), False


def _without(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> tuple[Card, ...]:
    out = list(hand)
    for card in cards:
        out.remove(card)
    return tuple(out)


def _holds(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> Card | None:
    """The first of ``cards`` that ``hand`` does not hold (counting copies), or ``None``."""
    left = list(hand)
    for card in cards:
        if card in left:
            left.remove(card)
        else:
            return card
    return None


def penalty_has_choice(rules: Rules, card: Card) -> bool:
    """A60: a draw card leaves its victim a decision (so its draw waits for ``accept``) when
    the victim can stack, deflect, be jumped in on, or challenge a Wild Draw Four."""
    hr = rules.house_rules
    if hr.stacking.enabled or hr.deflect.enabled:
        return True
    if hr.jump_in.enabled and hr.jump_in.during_pending_penalty:
        return True
    return card.rank is RANK_WILD_DRAW_FOUR and rules.challenge_possible


# --------------------------------------------------------------------------- validation


def validate(state: GameState, move: MoveLike) -> v.Violation | None:
    """The violation that refuses ``move`` in ``state``, or ``None`` if it is legal.

    ``move`` may be a move object or move text (``"0 R5"``); bad text raises
    :class:`~uno_rules.NotationError`.
    """
    if isinstance(move, str):
        move = parse_move(move)
    check = _CHECKS.get(type(move))
    if check is None:
        raise TypeError(f"not a move: {move!r}")
    seat = move.seat
    if not _is_seat(seat, state.players):
        return v.UnknownSeat(seat=None, players=state.players, value=seat)
    if state.phase is PHASE_GAME_OVER:
        return v.GameOver(seat=seat)
    if state.phase is PHASE_ROUND_OVER:
        return v.RoundOver(seat=seat)
    if seat in state.eliminated:
        rule = "H16" if state.rules.house_rules.mercy.enabled else "T10"
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


def _jump_in_refusal(state: GameState, move: Play, default: v.Violation) -> v.Violation | None:
    """H06: why ``move`` cannot jump in (``default`` when jump-in does not apply at all)."""
    ji = state.rules.house_rules.jump_in
    if not ji.enabled or move.extra or not identical(move.card, state.top_card):
        return default
    if move.card.is_wild and ji.wilds is JumpInWilds.NONE:
        return replace(default, rule="A24")
    if state.played_by is None and not ji.on_initial_flip:
        return replace(default, rule="A27")
    if state.phase is PHASE_PENALTY and not ji.during_pending_penalty:
        assert state.penalty is not None
        return v.PenaltyPending(
            seat=move.seat, rule="A25", victim=state.turn, amount=state.penalty.amount
        )
    if state.phase is PHASE_CHOOSE_COLOR:
        return v.ColorChoicePending(seat=move.seat, chooser=state.turn)
    if move.seat == state.played_by and not ji.self_back_to_back:
        return replace(default, rule="A28")
    return None


def _play_kind(state: GameState, move: Play) -> PlayKind | v.Violation:
    """Which kind of play ``move`` is in ``state``, or why it is no play at all."""
    seat, card = move.seat, move.card
    phase = state.phase
    if seat == state.turn and (phase is PHASE_TURN or phase is PHASE_DRAWN):
        return KIND_TURN
    if seat == state.turn and phase is PHASE_PENALTY:
        penalty = state.penalty
        assert penalty is not None
        hr = state.rules.house_rules
        if hr.stacking.enabled and draw_value(card) and not move.extra:
            reason = stack_allowed(hr.stacking, card, penalty.card, state.color)
            if reason is None:
                return KIND_STACK
            refusal: v.Violation = v.CannotStack(seat=seat, card=card, reason=reason)
        elif _deflects(state, card) and not move.extra:
            return KIND_DEFLECT
        elif hr.stacking.enabled:
            reason = f"{card} is not a draw card that can answer {penalty.card}"
            refusal = v.CannotStack(seat=seat, card=card, reason=reason)
        else:
            refusal = _penalty_pending(state, seat)
        found = _jump_in_refusal(state, move, refusal)
        return KIND_JUMP_IN if found is None else found
    if seat == state.turn and phase is PHASE_CHOOSE_COLOR:
        return v.ColorChoicePending(seat=seat, chooser=seat)
    found = _jump_in_refusal(state, move, _out_of_turn_refusal(state, move))
    return KIND_JUMP_IN if found is None else found


def _out_of_turn_refusal(state: GameState, move: Play) -> v.Violation:
    """Why a play out of turn is refused. The victim of a Draw Two or Wild Draw Four who
    tries to answer it with a draw card is told the card could not be stacked (B7.3, C1):
    that is the dispute, not whose turn it is."""
    top = state.top_card
    by = state.played_by
    if (
        by is not None
        and draw_value(top)
        and draw_value(move.card)
        and move.seat == seat_after(state.players, state.eliminated, by, state.direction)
    ):
        reason = (
            f"under these rules the {top} is not answered with another draw card; its "
            f"penalty was drawn and the turn lost"
        )
        rule = "B7.3" if top.rank is RANK_DRAW_TWO else "B7.5"
        return v.CannotStack(seat=move.seat, rule=rule, card=move.card, reason=reason)
    return v.NotYourTurn(seat=move.seat, turn=state.turn)


def _deflects(state: GameState, card: Card) -> bool:
    """H15: ``card`` may deflect the pending penalty."""
    deflect = state.rules.house_rules.deflect
    if not deflect.enabled:
        return False
    if not (
        (card.rank is RANK_REVERSE and deflect.reverse) or (card.rank is RANK_SKIP and deflect.skip)
    ):
        return False
    if not deflect.color_must_match:
        return True
    assert state.penalty is not None
    return card.color is state.color or card.color is state.penalty.card.color


def _needs_target(state: GameState, card: Card, goes_out: bool) -> bool | None:
    """Whether a play of ``card`` names a target seat: ``True`` required, ``None``
    optional, ``False`` not allowed (H07, E4)."""
    rules = state.rules
    if card.rank is RANK_WILD_SWAP_HANDS:
        return not goes_out  # A41: the last card goes out with no swap.
    seven_o = rules.house_rules.seven_o
    if card.rank is RANK_SEVEN and seven_o.enabled and seven_o.seven_swap:
        if goes_out and seven_o.on_last_card is OnLastCard.NO_EFFECT:
            return False  # A30
        return True if seven_o.seven_mandatory else None
    return False


def _no_target_clause(state: GameState, card: Card, goes_out: bool) -> str:
    """The clause that refuses a target: a last 7 or Wild Swap Hands (A30, A41), or a card
    that never takes one (B4.4)."""
    if goes_out and card.rank is RANK_WILD_SWAP_HANDS:
        return "A41"
    if goes_out and card.rank is RANK_SEVEN and state.rules.house_rules.seven_o.enabled:
        return "A30"
    return "B4.4"


def _check_play(state: GameState, move: Play) -> v.Violation | None:
    seat, card = move.seat, move.card
    if move.target is not None and not _is_seat(move.target, state.players):
        return v.UnknownSeat(seat=seat, players=state.players, what="target", value=move.target)
    kind = _play_kind(state, move)
    if not isinstance(kind, PlayKind):
        return kind
    rules = state.rules
    hr = rules.house_rules
    hand = state.hands[seat]
    cards = (card, *move.extra)
    missing = _holds(hand, cards)
    if missing is not None:
        return v.CardNotInHand(seat=seat, card=missing)
    color = state.color
    assert color is not None  # only a pending first-card choice leaves it unnamed
    if kind is KIND_TURN:
        drawn = state.drawn
        if drawn is not None and rules.after_draw is not AfterDraw.ANY_CARD and card != drawn:
            return v.OnlyDrawnCardPlayable(seat=seat, card=card, drawn=drawn)
        if not matches(card, state.top_card, color):
            rule = "B5.2" if card.rank.is_action else "B5.1"
            return v.CardDoesNotMatch(
                seat=seat, rule=rule, card=card, top_card=state.top_card, color=color
            )
        if move.extra:
            if not hr.multi_card.enabled:
                return v.OneCardPerTurn(seat=seat)
            for extra in move.extra:
                if not extra_allowed(hr.multi_card, card, extra):
                    return v.CannotCombine(seat=seat, card=card, extra=extra)
    no_color = (
        kind is KIND_STACK
        and card.rank is RANK_WILD_DRAW_FOUR
        and hr.stacking.w4_color_restriction_in_stack is W4InStack.WAIVE_NO_COLOR_CHOICE
    )
    if card.is_wild and move.color is None and not no_color:
        return v.ColorRequired(seat=seat, card=card)
    if move.color is not None and (not card.is_wild or no_color):
        rule = "H01" if no_color else "A61"
        return v.ColorNotAllowed(seat=seat, rule=rule, card=card)
    goes_out = len(hand) == len(cards)
    need = _needs_target(state, cards[-1], goes_out)
    target_rule = "E4.1" if cards[-1].rank is RANK_WILD_SWAP_HANDS else "A31"
    if move.target is None and need is True:
        return v.TargetRequired(seat=seat, rule=target_rule, card=card)
    if move.target is not None:
        if need is False:
            rule = _no_target_clause(state, cards[-1], goes_out)
            return v.TargetNotAllowed(seat=seat, rule=rule, card=card)
        if move.target == seat or move.target in state.eliminated:
            return v.InvalidTarget(seat=seat, rule=target_rule, target=move.target)
    if (
        card.rank is RANK_WILD_DRAW_FOUR
        and rules.w4_restriction is W4Restriction.STRICT
        and not (
            kind is KIND_STACK
            and hr.stacking.w4_color_restriction_in_stack is not W4InStack.ENFORCE
        )
        and is_bluff(rules, _without(hand, cards), state.top_card, color)
    ):
        return v.WildDrawFourNotAllowed(seat=seat, color=color)
    if goes_out:
        last = cards[-1]
        if kind_of(last) in hr.go_out.forbidden_last_cards:
            return v.CannotGoOut(seat=seat, card=last)
        if kind is KIND_JUMP_IN and not hr.jump_in.go_out_by_jump_in:
            return v.CannotGoOut(seat=seat, rule="A23", card=last)
    if move.call_uno:
        if not rules.uno.enabled:
            return v.UnoDisabled(seat=seat)
        left = len(hand) - len(cards)
        if left != 1 and rules.uno.false_call_penalty == 0:
            return v.CannotCallUno(seat=seat, rule="B9.1", hand_size=left)
    return None


def _check_draw(state: GameState, move: Draw) -> v.Violation | None:
    found = _turn_guard(state, move.seat)
    if found is not None:
        return found
    if state.phase is PHASE_DRAWN:
        return v.AlreadyDrawn(seat=move.seat)
    if not can_draw(state):
        return v.NothingToDraw(seat=move.seat)
    if state.rules.voluntary_draw is VoluntaryDraw.FORBIDDEN and has_legal_card(state, move.seat):
        return v.MustPlay(seat=move.seat)
    return None


def _must_play_drawn(state: GameState) -> str | None:
    """The clause (H02 ``must_play`` or H03) that makes the drawn card compulsory, if it
    can be played fairly; ``None`` when the player may pass."""
    hr = state.rules.house_rules
    drawn = state.drawn
    assert drawn is not None
    if not playable(state, state.hands[state.turn], drawn):
        return None
    dup = hr.draw_until_playable
    if dup.enabled and dup.after_found is AfterFound.MUST_PLAY:
        return "H02"
    if hr.force_play.enabled and (
        hr.force_play.includes_w4 or drawn.rank is not RANK_WILD_DRAW_FOUR
    ):
        return "H03"
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
    if called or (size != 1 and uno.false_call_penalty == 0):
        return v.CannotCallUno(seat=move.seat, hand_size=size, called=called)
    return None


def _check_catch(state: GameState, move: CatchUno) -> v.Violation | None:
    seat, target = move.seat, move.target
    if not state.rules.uno.enabled:
        return v.UnoDisabled(seat=seat)
    if not _is_seat(target, state.players):
        return v.UnknownSeat(seat=seat, players=state.players, what="target", value=target)
    if target == seat:
        return v.CannotCatchSelf(seat=seat)
    if target in state.uno_open:
        return None
    size = len(state.hands[target])
    called = target in state.uno_called
    if size == 1 and not called:
        return v.UnoWindowClosed(seat=seat, target=target)
    return v.NothingToCatch(seat=seat, target=target, hand_size=size, called=called)


def _check_challenge(state: GameState, move: Challenge) -> v.Violation | None:
    penalty = state.penalty
    if state.phase is not PHASE_PENALTY or penalty is None:
        return v.NoChallengePending(seat=move.seat)
    if penalty.card.rank is not RANK_WILD_DRAW_FOUR:
        return v.NoChallengePending(seat=move.seat, rule="B8.3")
    if not penalty.challengeable:
        if not state.rules.challenge_possible:
            rule = "H11" if state.rules.w4_challenge.value == "disabled" else "H10"
        elif state.top_card != penalty.card:
            rule = "H15"  # a deflected penalty
        else:
            rule = "A46"  # stacking's own challenge setting or a waived restriction
        return v.ChallengeDisabled(seat=move.seat, rule=rule)
    if move.seat != state.turn:
        return v.NotChallengeEligible(seat=move.seat, victim=state.turn)
    return None


def _check_accept(state: GameState, move: Accept) -> v.Violation | None:
    if state.phase is not PHASE_PENALTY:
        return v.NoPenaltyPending(seat=move.seat)
    if move.seat != state.turn:
        return v.NotYourTurn(seat=move.seat, turn=state.turn)
    stacking = state.rules.house_rules.stacking
    if stacking.enabled and not stacking.optional:
        # A48 option: a fair stack is compulsory; nobody is made to bluff (A47).
        hand = state.hands[move.seat]
        for m in _play_candidates(state, move.seat):
            if (
                validate(state, m) is None
                and _play_kind(state, m) is KIND_STACK
                and not (
                    m.card.rank is RANK_WILD_DRAW_FOUR
                    and stacking.w4_color_restriction_in_stack is W4InStack.ENFORCE
                    and is_bluff(
                        state.rules, _without(hand, (m.card,)), state.top_card, state.color
                    )
                )
            ):
                return v.MustStack(seat=move.seat, card=m.card)
    return None


def _check_choose(state: GameState, move: ChooseColor) -> v.Violation | None:
    if state.phase is not PHASE_CHOOSE_COLOR:
        return v.NoColorToChoose(seat=move.seat)
    if move.seat != state.turn:
        return v.NotYourTurn(seat=move.seat, turn=state.turn)
    return None


_CHECKS: dict[type, Callable[[GameState, Move], v.Violation | None]] = {
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


_NO_EXTRAS: tuple[tuple[Card, ...], ...] = ((),)


def _extras(state: GameState, seat: int, card: Card) -> Iterable[tuple[Card, ...]]:
    """H09: every ordered choice of further cards that may go down with ``card``."""
    multi = state.rules.house_rules.multi_card
    if not multi.enabled or card.is_wild:
        return _NO_EXTRAS
    return _extra_choices(state, seat, card, multi)


def _extra_choices(
    state: GameState, seat: int, card: Card, multi: MultiCard
) -> Iterator[tuple[Card, ...]]:
    yield ()
    rest = list(state.hands[seat])
    rest.remove(card)
    pool = [c for c in rest if extra_allowed(multi, card, c)]
    seen: set[tuple[Card, ...]] = set()
    for size in range(1, len(pool) + 1):
        for combo in permutations(pool, size):
            if combo not in seen:
                seen.add(combo)
                yield combo


def _play_variants(state: GameState, seat: int, card: Card) -> Iterator[Play]:
    """Every way of playing ``card``: colors for a wild (and none, where a stacked Wild
    Draw Four names none), targets where the card takes one, with and without UNO."""
    hand = state.hands[seat]
    uno = state.rules.uno
    for extra in _extras(state, seat, card):
        left = len(hand) - 1 - len(extra)
        calls = (False, True) if uno.enabled and (left == 1 or uno.false_call_penalty) else (False,)
        last = extra[-1] if extra else card
        need = _needs_target(state, last, left == 0)
        targets: list[int | None] = [None] if need is not True else []
        if need is not False:
            targets.extend(s for s in state.active_seats if s != seat)
        colors: tuple[Color | None, ...] = (None,)
        if card.is_wild:
            colors = (*COLORS, None) if state.phase is PHASE_PENALTY else COLORS
        for color in colors:
            for target in targets:
                for call in calls:
                    yield Play(seat, card, color=color, target=target, call_uno=call, extra=extra)


_DEFLECT_RANKS = frozenset((Rank.REVERSE, Rank.SKIP))
_NO_RANKS: frozenset[Rank] = frozenset()


def _play_candidates(state: GameState, seat: int) -> Iterator[Play]:
    """Plays worth validating: every variant of each card of :func:`_candidate_cards`."""
    for card in _candidate_cards(state, seat):
        yield from _play_variants(state, seat, card)


def _candidate_cards(state: GameState, seat: int) -> Iterator[Card]:
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
    hr = state.rules.house_rules
    # H06: the one face identical to the top card (A29); cards are interned, so any card
    # identical to it is that very object.
    jump = top if hr.jump_in.enabled and identical(top, top) else None
    ordinary = seat == state.turn and (phase is PHASE_TURN or phase is PHASE_DRAWN)
    answering = seat == state.turn and phase is PHASE_PENALTY
    drawn_only = phase is PHASE_DRAWN and state.rules.after_draw is not AfterDraw.ANY_CARD
    # Only a stack (H01), a deflect (H15) or a jump-in (H06) answers a penalty.
    answer_ranks = (DRAW_RANKS if hr.stacking.enabled else _NO_RANKS) | (
        _DEFLECT_RANKS if hr.deflect.enabled else _NO_RANKS
    )
    for card in dict.fromkeys(hand):
        if ordinary:
            if drawn_only and card != state.drawn:
                continue
            if not matches(card, top, color):
                continue
        elif answering:
            if card.rank not in answer_ranks and card is not jump:
                continue
        elif card is not jump:
            continue
        yield card


def _candidates(state: GameState, seat: int) -> list[Move]:
    """Every move ``seat`` could try that might be legal, in a fixed order: plays (in hand
    order), draw, pass, the other decisions, then UNO calls and catches."""
    out: list[Move] = list(_play_candidates(state, seat))
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
            out.extend(ChooseColor(seat, c) for c in COLORS)
    uno = state.rules.uno
    if uno.enabled and (len(state.hands[seat]) == 1 or uno.false_call_penalty):
        out.append(CallUno(seat))
    out.extend(CatchUno(seat, t) for t in sorted(state.uno_open) if t != seat)
    return out


def legal_moves(state: GameState, seat: int | None = None) -> tuple[Move, ...]:
    """Every legal move of ``seat`` (default: the seat whose turn or decision it is),
    out-of-turn ones (UNO calls and catches, jump-ins) included, in a deterministic order."""
    phase = state.phase
    if phase is PHASE_ROUND_OVER or phase is PHASE_GAME_OVER:
        return ()
    if seat is None:
        seat = state.turn
    elif not _is_seat(seat, state.players):
        return ()
    if seat in state.eliminated:
        return ()
    global _LAST_LISTED
    last = _LAST_LISTED
    if last is not None and last[0] is state and last[1] == seat:
        return last[2]
    moves = _fast_listing(state, seat)
    if moves is None:
        moves = reference_legal_moves(state, seat)
    _LAST_LISTED = (state, seat, moves)
    return moves


def reference_legal_moves(state: GameState, seat: int) -> tuple[Move, ...]:
    """The definition of the legal moves: every candidate that :func:`validate` accepts.
    :func:`legal_moves` answers the common decisions faster (``fastpath._fast_listing``); the
    tests hold the two equal on every bundled preset."""
    return tuple(m for m in _candidates(state, seat) if validate(state, m) is None)


# The last answer of legal_moves, so that apply() need not validate again a move object
# that it has just listed for the same state (the usual loop: list, pick, apply). Only
# that one state is kept alive; a state is immutable, so the answer cannot go stale.
_LAST_LISTED: tuple[GameState, int, tuple[Move, ...]] | None = None


# --------------------------------------------------------------------------- applying


def apply(state: GameState, move: MoveLike) -> Transition | v.Violation:
    """Apply ``move``: a :class:`Transition` with the new state and its events, or the
    :class:`~uno_rules.Violation` that refuses it. ``state`` itself never changes."""
    if isinstance(move, str):
        move = parse_move(move)
    listed = False  # a move object just listed for this very state is known legal
    last = _LAST_LISTED
    if last is not None and last[0] is state:
        for known in last[2]:
            if known is move:
                listed = True
                break
    if not listed:
        violation = validate(state, move)
        if violation is not None:
            return violation
    done = _shortcut(state, move)
    return done if done is not None else _perform(state, move)


def _perform(state: GameState, move: Move) -> Transition:
    """The general transition: a :class:`_Builder` runs the move's effect, then the
    end-of-move checks (round end, mercy, UNO calls lapsing)."""
    builder = _Builder(state)
    _PERFORM[type(move)](builder, move)
    return builder.finish()


def apply_or_raise(state: GameState, move: MoveLike) -> Transition:
    """Like :func:`apply`, but raise :class:`~uno_rules.IllegalMoveError` on a violation."""
    result = apply(state, move)
    if isinstance(result, v.Violation):
        raise IllegalMoveError(result)
    return result


_NO_SEATS: frozenset[int] = frozenset()
_new_state = tuple.__new__


def after_transfer(
    called: frozenset[int],
    opened: frozenset[int],
    moved: frozenset[int],
    hands: Sequence[tuple[Card, ...]],
    must_call: bool,
) -> tuple[frozenset[int], frozenset[int]]:
    """A19, A40: hands moved to the seats ``moved`` lapse those seats' UNO calls and
    windows; where ``must_call``, a moved seat left holding one card must call (its window
    opens). A set is rebuilt only when it changes, so a kept history shares the others."""
    if not called.isdisjoint(moved):
        called = called - moved
    if not opened.isdisjoint(moved):
        opened = opened - moved
    if must_call:
        single = {s for s in moved if len(hands[s]) == 1}
        if single:
            opened = opened | single
    return called, opened


class _Builder:
    """A mutable working copy of a state's changing fields, used inside one transition."""

    __slots__ = (
        "actor",
        "color",
        "direction",
        "discard",
        "draw",
        "drawn",
        "eliminated",
        "events",
        "game_winners",
        "hands",
        "old",
        "passes",
        "penalty",
        "phase",
        "played_by",
        "players",
        "round_winner",
        "rules",
        "scores",
        "shuffles",
        "transferred",
        "turn",
        "uno_called",
        "uno_open",
    )

    def __init__(self, state: GameState) -> None:
        self.old = state
        self.rules = state.rules
        self.players = state.players
        self.hands = list(state.hands)
        self.draw: Pile = state.draw
        self.discard: Pile = state.discard
        self.color = state.color
        self.direction = state.direction
        self.turn = state.turn
        self.phase = state.phase
        self.drawn = state.drawn
        self.penalty = state.penalty
        # Seat sets stay frozen: a move that changes one builds a new set (most change none).
        self.uno_called = state.uno_called
        self.uno_open = state.uno_open
        self.scores = state.scores
        self.round_winner = state.round_winner
        self.game_winners = state.game_winners
        self.shuffles = state.shuffles
        self.passes = state.passes
        self.played_by = state.played_by
        self.eliminated = state.eliminated
        self.events: list[Event] = []
        self.transferred: frozenset[int] = _NO_SEATS
        self.actor: int | None = None

    # -- seats
    def next(self, seat: int, steps: int = 1, direction: int | None = None) -> int:
        """B4.3: the seat ``steps`` places after ``seat`` in the direction of play,
        passing over eliminated seats."""
        d = self.direction if direction is None else direction
        return seat_after(self.players, self.eliminated, seat, d, steps)

    def active(self) -> list[int]:
        return [s for s in range(self.players) if s not in self.eliminated]

    # -- the UNO window (A15)
    def turn_action(self, seat: int) -> None:
        """A play, draw or pass by the seat whose turn it is closes every open window
        under the default ``next_turn_action`` (A15 a, A21)."""
        if self.uno_open:
            if self.rules.uno.window_closes_on is UnoWindow.NEXT_TURN_ACTION:
                self.uno_open = _NO_SEATS
            self.other_acts(seat)

    def other_acts(self, seat: int) -> None:
        """A15 b (literal): any draw or play by a seat closes the other seats' windows."""
        if (
            self.uno_open
            and self.rules.uno.window_closes_on is UnoWindow.ANY_OTHER_PLAYER_DRAW_OR_PLAY
        ):
            self.uno_open = self.uno_open & {seat}

    # -- piles
    def take(self) -> Card | None:
        """The top card of the draw pile, reshuffling if it is empty (B11); ``None`` when
        both piles are used up (A44)."""
        if self.draw is None and not self.reshuffle():
            return None
        assert self.draw is not None
        card = self.draw[0]
        self.draw = self.draw[1]
        return card

    def draw_cards(self, seat: int, count: int, reason: str) -> tuple[Card, ...]:
        """Draw ``count`` cards for ``seat``, reshuffling the discard pile under its top card
        when the draw pile runs out (B11.1, B11.2, A43); with both piles used up, draw what
        there is and the rest is forgiven (A17, A45)."""
        got: list[Card] = []
        while len(got) < count:
            card = self.take()
            if card is None:
                break
            got.append(card)
        return self.receive(seat, tuple(got), reason)

    def receive(self, seat: int, cards: tuple[Card, ...], reason: str) -> tuple[Card, ...]:
        if cards:
            self.hands[seat] = self.hands[seat] + cards
            self.other_acts(seat)
        self.events.append(CardsDrawn(seat, len(cards), reason, cards))
        return cards

    def reshuffle(self) -> bool:
        """B11: the discard pile but its top card becomes the draw pile, in an order derived
        from the seed, the round and the shuffle count; the top card and the active color
        stay (A43)."""
        discard = self.discard
        assert discard is not None
        if discard[2] <= 1:
            return False
        order = shuffled(tuple(pile_cards(discard[1])), self.next_shuffle_seed())
        self.draw = pile_from(order)
        self.discard = (discard[0], None, 1)
        self.events.append(Reshuffled(len(order)))
        return True

    def next_shuffle_seed(self) -> int:
        """A seed for the next shuffle of this round, derived from the state."""
        self.shuffles += 1
        old = self.old
        return derive_seed(old.seed, old.round_number, self.shuffles, 0x5E5)

    def put_under(self, cards: tuple[Card, ...]) -> None:
        """Put ``cards`` at the bottom of the discard pile (H16, E3.3 discard_wilds)."""
        if cards:
            self.discard = pile_from((*pile_cards(self.discard), *cards))

    # -- turns and the round
    def end_round(self, winner: int | None) -> None:
        """B10: score the round and see whether the game is over."""
        rules = self.rules
        blocked = winner is None
        if blocked and rules.on_blocked is OnBlocked.SCORE_LOWEST_HAND:
            order = [self.next(self.turn, k) for k in range(len(self.active()))]
            winner = min(order, key=lambda s: hand_points(rules, self.hands[s]))
        result = score_round(rules, self.hands, self.scores, winner, frozenset(self.eliminated))
        self.scores = result.scores
        self.round_winner = winner
        self.phase = PHASE_ROUND_OVER
        self.penalty = None
        self.drawn = None
        self.uno_open = _NO_SEATS
        self.events.append(RoundEnded(winner, result.gained, self.scores, blocked))
        for seat in result.eliminated:
            self.eliminated = self.eliminated | {seat}
            self.events.append(Eliminated(seat, "target"))
        if result.game_winners is not None:
            self.finish_game(result.game_winners)

    def finish_game(self, winners: tuple[int, ...]) -> None:
        self.phase = PHASE_GAME_OVER
        self.game_winners = winners
        self.events.append(GameEnded(winners))

    def mercy(self) -> None:
        """H16: a seat holding ``limit`` or more cards is eliminated; its cards go under the
        discard pile; the last seat standing wins the game."""
        mercy = self.rules.house_rules.mercy
        if not mercy.enabled or self.phase in (PHASE_ROUND_OVER, PHASE_GAME_OVER):
            return
        for seat in self.active():
            if len(self.hands[seat]) >= mercy.limit:
                self.put_under(self.hands[seat])
                self.hands[seat] = ()
                self.eliminated = self.eliminated | {seat}
                self.events.append(Eliminated(seat, "mercy"))
                if self.turn == seat:
                    self.turn = self.next(seat)
                    if self.phase is PHASE_DRAWN:
                        self.phase, self.drawn = PHASE_TURN, None
        left = self.active()
        if len(left) != 1:
            return
        if mercy.last_player_standing:
            self.round_winner = left[0]
            self.phase = PHASE_ROUND_OVER
            self.penalty = None
            self.drawn = None
            self.events.append(RoundEnded(left[0], (0,) * self.players, self.scores, False))
            self.finish_game((left[0],))
        else:
            # The last player left wins the round; the others come back next round.
            self.penalty = None
            self.end_round(left[0])

    def check_out(self) -> None:
        """B10.1 / A55: the round ends when a hand is empty and no penalty waits for its
        victim (B10.3: the last Draw Two or Wild Draw Four is still drawn). The acting seat
        wins if its hand is empty, else the first empty hand in turn order."""
        if self.penalty is not None or self.phase in (PHASE_ROUND_OVER, PHASE_GAME_OVER):
            return
        if all(self.hands):
            return
        empty = [s for s in self.active() if not self.hands[s]]
        if not empty:
            return
        start = self.actor if self.actor is not None else self.turn
        order = [start] + [self.next(start, k) for k in range(1, self.players)]
        winner = next(s for s in order if s in empty)
        self.end_round(winner)

    def finish(self) -> Transition:
        self.check_out()
        self.mercy()
        uno = self.rules.uno
        if self.transferred:
            self.uno_called, self.uno_open = after_transfer(
                self.uno_called,
                self.uno_open,
                self.transferred,
                self.hands,
                uno.enabled
                and uno.applies_after_transfer
                and self.phase not in (PHASE_ROUND_OVER, PHASE_GAME_OVER),
            )
        hands = self.hands
        if self.uno_called or self.uno_open:
            # A20: a call lapses, and a window closes, once the hand is not one card.
            if any(len(hands[s]) != 1 for s in self.uno_called):
                self.uno_called = frozenset(s for s in self.uno_called if len(hands[s]) == 1)
            if any(len(hands[s]) != 1 for s in self.uno_open):
                self.uno_open = frozenset(s for s in self.uno_open if len(hands[s]) == 1)
        old = self.old
        # One allocation for the new state; the fields in GameState's order.
        state = _new_state(
            GameState,
            (
                self.rules,
                self.players,
                old.seed,
                old.round_number,
                old.dealer,
                tuple(hands),
                self.draw,
                self.discard,
                self.color,
                self.direction,
                self.turn,
                self.phase,
                self.drawn,
                self.penalty,
                self.uno_called,
                self.uno_open,
                self.scores,
                self.round_winner,
                self.game_winners,
                self.shuffles,
                self.passes,
                self.played_by,
                self.eliminated,
            ),
        )
        return Transition(state, tuple(self.events))


def _perform_play(b: _Builder, move: Play) -> None:
    old = b.old
    seat = move.seat
    kind = _play_kind(old, move)
    assert isinstance(kind, PlayKind)
    b.actor = seat
    if kind is KIND_TURN:
        b.turn_action(seat)
    else:
        b.other_acts(seat)
    cards = (move.card, *move.extra)
    hand = _without(b.hands[seat], cards)
    b.hands[seat] = hand
    color_before = old.color
    assert color_before is not None
    new_color = color_before
    for card in cards:
        b.discard = pile_push(b.discard, card)
        if card.color is not None:
            new_color = card.color
        elif move.color is not None:
            new_color = move.color
        b.events.append(CardPlayed(seat, card, new_color, kind is KIND_JUMP_IN))
    b.color = new_color
    b.played_by = seat
    b.drawn = None
    b.phase = PHASE_TURN
    b.passes = 0
    uno = b.rules.uno
    if move.call_uno:
        b.events.append(UnoCalled(seat))
        if len(hand) == 1:
            b.uno_called = b.uno_called | {seat}
        else:
            # H12: a false call costs false_call_penalty cards.
            b.draw_cards(seat, uno.false_call_penalty, "false-uno-call")
    elif len(hand) == 1 and uno.enabled:
        # B9.3: the window to catch opens as the next-to-last card is played.
        b.uno_open = b.uno_open | {seat}
    pending = b.penalty
    b.penalty = None
    if kind is KIND_DEFLECT:
        _deflect(b, seat, move.card, pending)
        return
    carried = 0
    if pending is not None and (
        kind is KIND_STACK
        or (
            kind is KIND_JUMP_IN
            and b.rules.house_rules.jump_in.with_stacking is WithStacking.ACCUMULATE
        )
    ):
        carried = pending.amount
    apply_card_effect(b, move, cards, kind, carried, color_before, hand)


def _deflect(b: _Builder, seat: int, card: Card, pending: Penalty | None) -> None:
    """H15: a Reverse sends the penalty back the other way; a Skip passes it on."""
    assert pending is not None
    if card.rank is RANK_REVERSE:
        b.direction = -b.direction
    victim = b.next(seat)
    b.penalty = attrs.evolve(pending, challengeable=False)
    b.phase = PHASE_PENALTY
    b.turn = victim
    b.events.append(PenaltyDeflected(seat, victim, pending.amount))


def _perform_draw(b: _Builder, move: Draw) -> None:
    seat = move.seat
    old = b.old
    rules = b.rules
    b.turn_action(seat)
    b.passes = 0
    b.actor = seat
    dup = rules.house_rules.draw_until_playable
    penalized = rules.voluntary_draw is VoluntaryDraw.PENALIZED
    # whether the draw is voluntary matters only to these two house rules (H04, H02)
    voluntary = (penalized or dup.enabled) and has_legal_card(old, seat)
    if voluntary and penalized:
        # H04: a voluntary draw costs the penalty and ends the turn.
        b.draw_cards(seat, rules.voluntary_draw_penalty, "penalty")
        b.turn = b.next(seat)
        return
    if dup.enabled and (dup.applies_to is AppliesTo.ANY_DRAW or not voluntary):
        # H02: draw one at a time until a card can be played, or the cap.
        got, _ = draw_until_playable(old, seat, iter(b.take, None), dup.max_draws)
        cards = b.receive(seat, got, "turn")
    else:
        cards = b.draw_cards(seat, 1, "turn")
    if rules.after_draw is AfterDraw.NONE:
        b.events.append(Passed(seat))  # H05: drawing ends the turn.
        b.turn = b.next(seat)
        return
    b.drawn = cards[-1]
    b.phase = PHASE_DRAWN


def _perform_pass(b: _Builder, move: Pass) -> None:
    seat = move.seat
    b.events.append(Passed(seat))
    b.actor = seat
    if b.phase is PHASE_DRAWN:
        # B6.4: the drawn card stays in hand and the turn ends.
        b.drawn = None
    else:
        # A44 (a): nothing to draw and nothing to play.
        b.turn_action(seat)
        b.passes += 1
        if b.passes >= len(b.active()):
            b.phase = PHASE_TURN
            b.end_round(None)
            return
    b.phase = PHASE_TURN
    b.turn = b.next(seat)


def _perform_accept(b: _Builder, move: Accept) -> None:
    penalty = b.penalty
    assert penalty is not None
    seat = move.seat
    b.actor = seat
    b.draw_cards(seat, penalty.amount, "penalty")
    b.events.append(PenaltyAccepted(seat, penalty.amount))
    b.penalty = None
    b.phase = PHASE_TURN
    stacking = b.rules.house_rules.stacking
    if stacking.enabled and not stacking.victim_loses_turn:
        b.turn = seat  # A49 option: the victim draws, then plays.
        return
    b.events.append(Skipped(seat))
    b.turn = b.next(seat)


def _perform_challenge(b: _Builder, move: Challenge) -> None:
    penalty = b.penalty
    assert penalty is not None
    seat, offender = move.seat, penalty.offender
    b.actor = seat
    b.penalty = None
    b.phase = PHASE_TURN
    rules = b.rules
    if penalty.bluff:
        # B8.6 / A46: the offender draws the total instead; A7 and A8 settle what follows.
        b.events.append(ChallengeWon(seat, offender, penalty.amount, penalty.offender_hand))
        on_color = rules.challenge.on_guilty_color
        assert b.discard is not None
        # H16 (design decision): an offender eliminated since the card was played takes
        # no more cards; the challenge still frees the victim.
        out = offender in b.eliminated
        if on_color is GuiltyColor.CARD_RETURNED and b.discard[1] is not None and not out:
            # A8 (b): the card goes back first, so a reshuffle keeps the previous top card.
            # (If a reshuffle already took the cards beneath it, it stays, as under (c).)
            b.discard = b.discard[1]
            b.hands[offender] = b.hands[offender] + (penalty.card,)
            b.color = penalty.previous_color
        elif on_color is GuiltyColor.CARD_RETURNED or on_color is GuiltyColor.PREVIOUS_COLOR:
            b.color = penalty.previous_color
        if not out:
            b.draw_cards(offender, penalty.amount, "challenge")
        if rules.challenge.on_guilty_turn is GuiltyTurn.CHALLENGER_SKIPPED:
            b.events.append(Skipped(seat))
            b.turn = b.next(seat)
        else:
            b.turn = seat
            if on_color is GuiltyColor.CHALLENGER_NAMES:
                b.phase = PHASE_CHOOSE_COLOR
        return
    # B8.7 / A46: the challenger draws the total + 2 and loses the turn.
    amount = penalty.amount + 2
    b.events.append(ChallengeLost(seat, offender, amount, penalty.offender_hand))
    b.draw_cards(seat, amount, "challenge")
    b.events.append(Skipped(seat))
    b.turn = b.next(seat)


def _perform_choose(b: _Builder, move: ChooseColor) -> None:
    b.events.append(ColorChosen(move.seat, move.color))
    if b.penalty is not None:
        # H17 chooser victim: the named color is the one drawn until; the wild's color
        # stays in force.
        from .effects import draw_until_color

        b.penalty = None
        draw_until_color(b, move.seat, move.color)
        return
    # A1 (a): the first player names the color, then plays (also A8 d).
    b.color = move.color
    b.phase = PHASE_TURN


def _perform_call(b: _Builder, move: CallUno) -> None:
    # B9.5: a late call made before anyone catches is safe.
    seat = move.seat
    b.events.append(UnoCalled(seat))
    if len(b.hands[seat]) != 1:
        # H12: a false call costs false_call_penalty cards.
        b.draw_cards(seat, b.rules.uno.false_call_penalty, "false-uno-call")
        return
    b.uno_called = b.uno_called | {seat}
    b.uno_open = b.uno_open - {seat}


def _perform_catch(b: _Builder, move: CatchUno) -> None:
    # B9.2: the caught player draws the penalty.
    penalty = b.rules.uno.penalty_cards
    b.uno_open = b.uno_open - {move.target}
    b.events.append(UnoCaught(move.seat, move.target, penalty))
    b.draw_cards(move.target, penalty, "uno-penalty")


_PERFORM: dict[type, Callable[[_Builder, Move], None]] = {
    Play: _perform_play,  # type: ignore[dict-item]
    Draw: _perform_draw,  # type: ignore[dict-item]
    Pass: _perform_pass,  # type: ignore[dict-item]
    Accept: _perform_accept,  # type: ignore[dict-item]
    Challenge: _perform_challenge,  # type: ignore[dict-item]
    ChooseColor: _perform_choose,  # type: ignore[dict-item]
    CallUno: _perform_call,  # type: ignore[dict-item]
    CatchUno: _perform_catch,  # type: ignore[dict-item]
}


# The plan of a rule set, the fast listing and the shortcuts live in fastpath.py; they use
# the helpers above, so they are imported last.
from .fastpath import _fast_listing, _shortcut  # noqa: E402
