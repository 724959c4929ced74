"""Adjudication: :func:`validate`, :func:`legal_moves` and :func:`apply`.

One source of truth for legality: the legal moves of a seat are, by definition, the
candidates that :func:`validate` accepts (:func:`reference_legal_moves`, in
:mod:`uno_rules.validation`), and :func:`apply` validates every move it has not just
listed for the very same state. So a move is listed iff ``validate`` returns ``None`` iff
``apply`` returns a :class:`Transition`. :func:`legal_moves` answers the common decisions
faster (:mod:`uno_rules.fastpath`, derived from the rule set's plan); tests hold it equal
to the definition.

How a move flows: ``apply`` -> ``validate`` -> a shortcut for the commonest moves where no
enabled rule touches them (:mod:`uno_rules.fastpath`), else ``_perform``: a
:class:`~uno_rules.rules.builder.Builder` copies the state's fields, the move's effect
changes them and records events, then one new :class:`GameState` is built. Tests hold
every shortcut equal to ``_perform``.

The house rules are consulted through ``rules.plan`` (:mod:`uno_rules.rules.registry`,
which documents the order); what each one allows and does lives in its own module of
:mod:`uno_rules.rules`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from . import violations as v
from ._budget import not_a_seat
from .cards import Card
from .effects import apply_card_effect, draw_until_color, take_until, weighted_count
from .errors import IllegalMoveError, SituationError
from .events import (
    CardPlayed,
    ChallengeLost,
    ChallengeWon,
    ColorChosen,
    Passed,
    PenaltyAccepted,
    Skipped,
    UnoCalled,
    UnoCaught,
)
from .fastpath import fast_listing, shortcut
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
    by_faces,
    parse_move,
    resolve_cards,
)
from .rules import AfterDraw, GuiltyColor, GuiltyTurn, Rules, VoluntaryDraw
from .rules.builder import Builder, after_transfer
from .rules.hooks import PlayContext, PlayKind
from .rules.judge import (
    can_draw,
    cards_left,
    has_legal_card,
    is_bluff,
    matches,
    playable,
    without,
)
from .rules.registry import owned
from .state import GameState, Phase, Transition, draws_until, pile_push
from .validation import MoveLike, play_kind, reference_legal_moves, validate

__all__ = [
    "PlayKind",
    "Transition",
    "after_transfer",
    "apply",
    "apply_general",
    "apply_listed",
    "apply_or_raise",
    "can_draw",
    "has_legal_card",
    "is_bluff",
    "legal_moves",
    "matches",
    "penalty_has_choice",
    "play_kind",
    "playable",
    "reference_legal_moves",
    "validate",
]

PHASE_DRAWN: Final = Phase.DRAWN
PHASE_GAME_OVER: Final = Phase.GAME_OVER
PHASE_ROUND_OVER: Final = Phase.ROUND_OVER
PHASE_TURN: Final = Phase.TURN
PHASE_CHOOSE_COLOR: Final = Phase.CHOOSE_COLOR
KIND_JUMP_IN: Final = PlayKind.JUMP_IN
KIND_TURN: Final = PlayKind.TURN
VOLUNTARY_DRAW_PENALIZED: Final = VoluntaryDraw.PENALIZED
AFTER_DRAW_NONE: Final = AfterDraw.NONE
GUILTY_COLOR_CARD_RETURNED: Final = GuiltyColor.CARD_RETURNED
GUILTY_COLOR_PREVIOUS_COLOR: Final = GuiltyColor.PREVIOUS_COLOR
GUILTY_COLOR_CHALLENGER_NAMES: Final = GuiltyColor.CHALLENGER_NAMES
GUILTY_TURN_CHALLENGER_SKIPPED: Final = GuiltyTurn.CHALLENGER_SKIPPED
_new: Final = tuple.__new__


def penalty_has_choice(rules: Rules, card: Card) -> bool:
    """A60: a draw card leaves its victim a decision (so its draw waits for ``accept``)
    when an enabled rule gives one or a Wild Draw Four can be challenged."""
    return rules.plan.penalty_choice(card)


# --------------------------------------------------------------------------- legal moves


def legal_moves(state: GameState, seat: object = None) -> tuple[Move, ...]:
    """Every legal move of ``seat`` (default: the seat whose turn or decision it is),
    out-of-turn ones (UNO calls and catches, jump-ins) included, in a deterministic order.
    A ``seat`` that is not one of the table's raises :class:`~uno_rules.SituationError`,
    as :func:`~uno_rules.view` does (``docs/errors.md``). On a table of two-sided cards a
    play is listed by the faces it puts down, never by a back the seat cannot see (F14:
    ``uno_rules.moves.by_faces``)."""
    # ``object``, not ``int | None``: the compiled build would take ``True`` for seat 1
    if seat is None:
        asked: int = state.turn
    elif type(seat) is int and 0 <= seat < state.players:
        asked = seat
    else:
        raise SituationError([not_a_seat(state.players, seat)])
    phase = state.phase
    if phase is PHASE_ROUND_OVER or phase is PHASE_GAME_OVER:
        return ()
    if asked in state.eliminated:
        return ()
    global _LAST_LISTED
    last = _LAST_LISTED
    if last is not None and last[0] is state and last[1] == asked:
        return last[2]
    moves = fast_listing(state, asked)  # on two-sided cards, by faces already
    if moves is None:
        moves = reference_legal_moves(state, asked)
        if state.discard[0].other is not None:  # type: ignore[index]
            moves = by_faces(moves)  # F14: a seat does not see its own cards' backs
    _LAST_LISTED = (state, asked, moves)
    return moves


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
    if type(move) is Play and state.discard[0].other is not None:  # type: ignore[index]
        move = resolve_cards(state, move)  # F1: the hand's two-sided cards it names
    done = shortcut(state, move)
    return done if done is not None else _perform(state, move)


def apply_listed(state: GameState, move: Move) -> Transition:
    """:func:`apply` of a move object that ``legal_moves(state, ...)`` returned for this very
    state: known legal, so neither validated again nor looked for among the moves listed
    (the RL environment's step, which keeps each decision's listed moves). Any other move
    must go through :func:`apply`: this one trusts its caller."""
    if type(move) is Play and state.discard[0].other is not None:  # type: ignore[index]
        move = resolve_cards(state, move)
    done = shortcut(state, move)
    return done if done is not None else _perform(state, move)


def _perform(state: GameState, move: Move) -> Transition:
    """The general transition: a :class:`~uno_rules.rules.builder.Builder` runs the move's
    effect, then the end-of-move checks (round end, the rules' after-move hooks, UNO calls
    lapsing)."""
    builder = Builder(state)
    _PERFORM[type(move)](builder, move)
    return builder.finish()


def apply_general(state: GameState, move: MoveLike) -> Transition | v.Violation:
    """:func:`apply` without the fast paths' shortcuts: the general transition, which
    defines what a move does (``uno_rules.testing`` holds the shortcuts to it)."""
    if isinstance(move, str):
        move = parse_move(move)
    violation = validate(state, move)
    if violation is not None:
        return violation
    if type(move) is Play and state.discard[0].other is not None:  # type: ignore[index]
        move = resolve_cards(state, move)  # F1
    return _perform(state, move)


def apply_or_raise(state: GameState, move: MoveLike) -> Transition:
    """Like :func:`apply`, but raise :class:`~uno_rules.IllegalMoveError` on a violation."""
    result = apply(state, move)
    if isinstance(result, v.Violation):
        raise IllegalMoveError(result)
    return result


def _perform_play(b: Builder, move: Play) -> None:
    old = b.old
    seat = move.seat
    kind = play_kind(old, move)
    assert isinstance(kind, PlayKind)
    b.actor = seat
    if kind is KIND_TURN:
        b.turn_action(seat)
    else:
        b.other_acts(seat)
    cards = (move.card, *move.extra)
    hand = without(b.hands[seat], cards)
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
    left = cards_left(hand, cards[-1])  # N13: a Discard All's cards go too
    if move.call_uno:
        b.events.append(UnoCalled(seat))
        if left == 1:
            b.uno_called = b.uno_called | {seat}
        else:
            # H12: a false call costs false_call_penalty cards.
            b.draw_cards(seat, uno.false_call_penalty, "false-uno-call")
    elif left == 1 and uno.enabled:
        # B9.3: the window to catch opens as the next-to-last card is played.
        b.uno_open = b.uno_open | {seat}
    pending = b.penalty
    b.penalty = None
    carried = 0
    if pending is not None:
        for hook, params in owned(b.rules.plan.carries_penalty, pending):
            if hook(kind, params):
                carried = pending.amount  # H01 (and H06 accumulate): the penalty grows
                break
    times = 1
    if move.extra:
        for hook, params in b.rules.plan.effect_times:  # H09
            found = hook(move, params)
            if found is not None:
                times = found
                break
    # built as a plain tuple: a named tuple's keyword handling costs on every play
    ctx = _new(PlayContext, (move, cards, kind, pending, carried, color_before, hand, times))
    apply_card_effect(b, ctx)


def _perform_draw(b: Builder, move: Draw) -> None:
    seat = move.seat
    old = b.old
    rules = b.rules
    b.turn_action(seat)
    b.passes = 0
    b.actor = seat
    launcher = rules.launcher
    if launcher.enabled:
        # AT2: a press of the launcher fires k cards (none included), and ends the turn
        b.draw_cards(seat, weighted_count(launcher.weights, b.next_shuffle_seed()), "turn")
        b.events.append(Passed(seat))
        b.turn = b.next(seat)
        return
    hooks = rules.plan.turn_draw
    penalized = rules.voluntary_draw is VOLUNTARY_DRAW_PENALIZED
    # whether the draw is voluntary matters only to H04 and to rules that draw (H02)
    voluntary = (penalized or bool(hooks)) and has_legal_card(old, seat)
    if voluntary and penalized:
        # H04: a voluntary draw costs the penalty and ends the turn.
        b.draw_cards(seat, rules.voluntary_draw_penalty, "penalty")
        b.turn = b.next(seat)
        return
    for hook, params in hooks:  # H02: draw one at a time until a card can be played
        found = hook(old, seat, voluntary, iter(b.take, None), params)
        if found is not None:
            cards = b.receive(seat, found[0], "turn")
            break
    else:
        cards = b.draw_cards(seat, 1, "turn")
    if rules.after_draw is AFTER_DRAW_NONE or not cards:
        # H05: drawing ends the turn; so does a draw that brought no card (a rule's draw
        # that found none, both piles used up: A44)
        b.events.append(Passed(seat))  # H05: drawing ends the turn.
        b.turn = b.next(seat)
        return
    b.drawn = cards[-1]
    b.phase = PHASE_DRAWN


def _perform_pass(b: Builder, move: Pass) -> None:
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


def _perform_accept(b: Builder, move: Accept) -> None:
    penalty = b.penalty
    assert penalty is not None
    seat = move.seat
    b.actor = seat
    if draws_until(penalty):
        # F4: the victim draws until the color named, keeping them all, and loses the turn
        assert b.color is not None
        got = b.receive(seat, take_until(b, b.color), "penalty")
        b.events.append(PenaltyAccepted(seat, len(got)))
        b.penalty = None
        b.phase = PHASE_TURN
        b.events.append(Skipped(seat))
        b.turn = b.next(seat)
        return
    b.draw_cards(seat, penalty.amount, "penalty")
    b.events.append(PenaltyAccepted(seat, penalty.amount))
    b.penalty = None
    b.phase = PHASE_TURN
    for hook, params in owned(b.rules.plan.after_accept, penalty):
        if hook(b, seat, params):
            b.turn = seat  # the rule keeps the turn with the victim (H01 A49 option)
            return
    b.events.append(Skipped(seat))
    b.turn = b.next(seat)


def _perform_challenge(b: Builder, move: Challenge) -> None:
    penalty = b.penalty
    assert penalty is not None
    seat, offender = move.seat, penalty.offender
    b.actor = seat
    b.penalty = None
    b.phase = PHASE_TURN
    rules = b.rules
    # F4: a Wild Draw Color's draw is until the color its player named, whatever A8 does to
    # the color in force after a bluff is caught
    named = b.color if draws_until(penalty) else None
    if penalty.bluff:
        # B8.6 / A46: the offender draws the total instead; A7 and A8 settle what follows.
        if named is None:
            b.events.append(ChallengeWon(seat, offender, penalty.amount, penalty.offender_hand))
        on_color = rules.challenge.on_guilty_color
        assert b.discard is not None
        # H16 (design decision): an offender eliminated since the card was played takes
        # no more cards; the challenge still frees the victim.
        out = offender in b.eliminated
        if on_color is GUILTY_COLOR_CARD_RETURNED and b.discard[1] is not None and not out:
            # A8 (b): the card goes back first, so a reshuffle keeps the previous top card.
            # (If a reshuffle already took the cards beneath it, it stays, as under (c).)
            b.discard = b.discard[1]
            b.hands[offender] = b.hands[offender] + (penalty.card,)
            b.color = penalty.previous_color
        elif on_color is GUILTY_COLOR_CARD_RETURNED or on_color is GUILTY_COLOR_PREVIOUS_COLOR:
            b.color = penalty.previous_color
        if named is not None:
            got = () if out else take_until(b, named)
            b.events.append(ChallengeWon(seat, offender, len(got), penalty.offender_hand))
            if not out:
                b.receive(offender, got, "challenge")
        elif not out:
            b.draw_cards(offender, penalty.amount, "challenge")
        if rules.challenge.on_guilty_turn is GUILTY_TURN_CHALLENGER_SKIPPED:
            b.events.append(Skipped(seat))
            b.turn = b.next(seat)
        else:
            b.turn = seat
            if on_color is GUILTY_COLOR_CHALLENGER_NAMES:
                b.phase = PHASE_CHOOSE_COLOR
        return
    # B8.7 / A46: the challenger draws the total + 2 and loses the turn; F4: until the color
    # named, then 2 more.
    if named is not None:
        got = take_until(b, named, 2)
        b.events.append(ChallengeLost(seat, offender, len(got), penalty.offender_hand))
        b.receive(seat, got, "challenge")
    else:
        amount = penalty.amount + 2
        b.events.append(ChallengeLost(seat, offender, amount, penalty.offender_hand))
        b.draw_cards(seat, amount, "challenge")
    b.events.append(Skipped(seat))
    b.turn = b.next(seat)


def _perform_choose(b: Builder, move: ChooseColor) -> None:
    b.events.append(ColorChosen(move.seat, move.color))
    penalty = b.penalty
    if penalty is not None:
        # H17 chooser victim: the named color is the one drawn until; the wild's color
        # stays in force, unless its player named none (N15: the Roulette takes it).
        if not penalty.card.kind.names_color:
            b.color = move.color
        draw_until_color(b, move.seat, move.color)
        return
    # A1 (a): the first player names the color, then plays (also A8 d).
    b.color = move.color
    b.phase = PHASE_TURN


def _perform_call(b: Builder, move: CallUno) -> None:
    # B9.5: a late call made before anyone catches is safe.
    seat = move.seat
    b.events.append(UnoCalled(seat))
    if len(b.hands[seat]) != 1:
        # H12: a false call costs false_call_penalty cards.
        b.draw_cards(seat, b.rules.uno.false_call_penalty, "false-uno-call")
        return
    b.uno_called = b.uno_called | {seat}
    b.uno_open = b.uno_open - {seat}


def _perform_catch(b: Builder, move: CatchUno) -> None:
    # B9.2: the caught player draws the penalty.
    penalty = b.rules.uno.penalty_cards
    b.uno_open = b.uno_open - {move.target}
    b.events.append(UnoCaught(move.seat, move.target, penalty))
    b.draw_cards(move.target, penalty, "uno-penalty")


_PERFORM: Final[dict[type, Callable[[Builder, Move], None]]] = {
    Play: _perform_play,  # type: ignore[dict-item]
    Draw: _perform_draw,  # type: ignore[dict-item]
    Pass: _perform_pass,  # type: ignore[dict-item]
    Accept: _perform_accept,  # type: ignore[dict-item]
    Challenge: _perform_challenge,  # type: ignore[dict-item]
    ChooseColor: _perform_choose,  # type: ignore[dict-item]
    CallUno: _perform_call,  # type: ignore[dict-item]
    CatchUno: _perform_catch,  # type: ignore[dict-item]
}
