"""Adjudication: :func:`validate`, :func:`legal_moves` and :func:`apply` (``API.md`` 6).

One source of truth for legality: :func:`legal_moves` lists the candidate moves of a seat
and keeps those that :func:`validate` accepts, and :func:`apply` always validates first.
So a move is listed iff ``validate`` returns ``None`` iff ``apply`` returns a
:class:`Transition`.

How a move flows: ``apply`` -> ``validate`` (the checks for that kind of move, in a fixed
order: seat, round state, whose turn, the pending decision, the card, the options) ->
``_perform`` (a :class:`_Builder` copies the state's fields, the move's effect changes them
and records events, then one new :class:`GameState` is built).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeAlias

import attrs
from attrs import frozen

from . import violations as v
from .cards import COLORS, Card, Color, Rank
from .errors import IllegalMoveError
from .events import (
    CardPlayed,
    CardsDrawn,
    ChallengeLost,
    ChallengeWon,
    ColorChosen,
    Event,
    GameEnded,
    Passed,
    PenaltyAccepted,
    Reshuffled,
    Reversed,
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
    GuiltyColor,
    GuiltyTurn,
    OnBlocked,
    Rules,
    ScoringMode,
    Ties,
    TwoPlayerReverse,
    UnoWindow,
    W4Restriction,
)
from .state import GameState, Penalty, Phase, Pile, pile_cards, pile_from, pile_push, pile_size

__all__ = ["Transition", "apply", "apply_or_raise", "legal_moves", "validate"]

MoveLike: TypeAlias = Move | str


@frozen
class Transition:
    """The result of a legal move: the new ``state`` and the ``events`` that happened."""

    state: GameState
    events: tuple[Event, ...]


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


def _has_playable(state: GameState, hand: tuple[Card, ...]) -> bool:
    top, color = state.top_card, state.color
    return any(matches(c, top, color) for c in hand)


def _is_bluff(rules: Rules, hand_after: tuple[Card, ...], top: Card, color: Color | None) -> bool:
    """B8.1 / A10 / A11: whether a Wild Draw Four breaks its restriction, judged on the hand
    left after playing it (B8.2)."""
    restriction = rules.w4_restriction
    if restriction is W4Restriction.COLOR or restriction is W4Restriction.STRICT:
        return any(c.color is color for c in hand_after)
    if restriction is W4Restriction.ANY_PLAYABLE:
        return any(c.rank is not Rank.WILD_DRAW_FOUR and matches(c, top, color) for c in hand_after)
    return False


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


# --------------------------------------------------------------------------- validation


def validate(state: GameState, move: MoveLike) -> v.Violation | None:
    """The violation that refuses ``move`` in ``state``, or ``None`` if it is legal.

    ``move`` may be a move object or move text (``"0 R5"``); bad text raises
    :class:`~uno_rules.NotationError`.
    """
    if isinstance(move, str):
        move = parse_move(move)
    seat = move.seat
    if not _is_seat(seat, state.players):
        return v.UnknownSeat(seat=None, players=state.players, value=seat)
    if state.phase is Phase.GAME_OVER:
        return v.GameOver(seat=seat)
    if state.phase is Phase.ROUND_OVER:
        return v.RoundOver(seat=seat)
    check = _CHECKS.get(type(move))
    if check is None:
        raise TypeError(f"not a move: {move!r}")
    return check(state, move)


def _turn_guard(state: GameState, seat: int) -> v.Violation | None:
    """Checks shared by plays, draws and passes: whose turn, and the pending decision."""
    if seat != state.turn:
        return v.NotYourTurn(seat=seat, turn=state.turn)
    if state.phase is Phase.PENALTY:
        assert state.penalty is not None
        return v.PenaltyPending(seat=seat, victim=state.turn, amount=state.penalty.amount)
    if state.phase is Phase.CHOOSE_COLOR:
        return v.ColorChoicePending(seat=seat, chooser=state.turn)
    return None


def _check_play(state: GameState, move: Play) -> v.Violation | None:
    seat, card = move.seat, move.card
    if move.target is not None and not _is_seat(move.target, state.players):
        return v.UnknownSeat(seat=seat, players=state.players, what="target", value=move.target)
    found = _turn_guard(state, seat)
    if found is not None:
        return found
    if move.extra:
        return v.OneCardPerTurn(seat=seat)
    hand = state.hands[seat]
    if card not in hand:
        return v.CardNotInHand(seat=seat, card=card)
    color = state.color
    assert color is not None  # only a pending first-card choice leaves it unnamed
    if state.phase is Phase.DRAWN and card != state.drawn:
        assert state.drawn is not None
        return v.OnlyDrawnCardPlayable(seat=seat, card=card, drawn=state.drawn)
    if not matches(card, state.top_card, state.color):
        rule = "B5.2" if card.rank.is_action else "B5.1"
        return v.CardDoesNotMatch(
            seat=seat, rule=rule, card=card, top_card=state.top_card, color=color
        )
    if card.is_wild and move.color is None:
        return v.ColorRequired(seat=seat, card=card)
    if not card.is_wild and move.color is not None:
        return v.ColorNotAllowed(seat=seat, card=card)
    if move.target is not None:
        return v.TargetNotAllowed(seat=seat, card=card)
    rules = state.rules
    if (
        card.rank is Rank.WILD_DRAW_FOUR
        and rules.w4_restriction is W4Restriction.STRICT
        and _is_bluff(rules, _without(hand, card), state.top_card, state.color)
    ):
        return v.WildDrawFourNotAllowed(seat=seat, color=color)
    if move.call_uno:
        if not rules.uno.enabled:
            return v.UnoDisabled(seat=seat)
        if len(hand) != 2:
            return v.CannotCallUno(seat=seat, rule="B9.1", hand_size=len(hand) - 1)
    return None


def _check_draw(state: GameState, move: Draw) -> v.Violation | None:
    found = _turn_guard(state, move.seat)
    if found is not None:
        return found
    if state.phase is Phase.DRAWN:
        return v.AlreadyDrawn(seat=move.seat)
    if not can_draw(state):
        return v.NothingToDraw(seat=move.seat)
    return None


def _check_pass(state: GameState, move: Pass) -> v.Violation | None:
    found = _turn_guard(state, move.seat)
    if found is not None:
        return found
    if state.phase is Phase.DRAWN:
        return None
    if can_draw(state):
        return v.MustPlayOrDraw(seat=move.seat)
    if _has_playable(state, state.hands[move.seat]):
        return v.MustPlayOrDraw(seat=move.seat, rule="A44", can_draw=False)
    return None


def _check_call(state: GameState, move: CallUno) -> v.Violation | None:
    if not state.rules.uno.enabled:
        return v.UnoDisabled(seat=move.seat)
    size = len(state.hands[move.seat])
    if size != 1 or move.seat in state.uno_called:
        return v.CannotCallUno(seat=move.seat, hand_size=size, called=move.seat in state.uno_called)
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
    if state.phase is not Phase.PENALTY or penalty is None:
        return v.NoChallengePending(seat=move.seat)
    if penalty.card.rank is not Rank.WILD_DRAW_FOUR:
        return v.NoChallengePending(seat=move.seat, rule="B8.3")
    if not state.rules.challenge_possible:
        return v.ChallengeDisabled(seat=move.seat)
    if move.seat != state.turn:
        return v.NotChallengeEligible(seat=move.seat, victim=state.turn)
    return None


def _check_accept(state: GameState, move: Accept) -> v.Violation | None:
    if state.phase is not Phase.PENALTY:
        return v.NoPenaltyPending(seat=move.seat)
    if move.seat != state.turn:
        return v.NotYourTurn(seat=move.seat, turn=state.turn)
    return None


def _check_choose(state: GameState, move: ChooseColor) -> v.Violation | None:
    if state.phase is not Phase.CHOOSE_COLOR:
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


def _candidates(state: GameState, seat: int) -> list[Move]:
    """Every move ``seat`` could try that might be legal, in a fixed order: plays (in hand
    order), draw, pass, the other decisions, then UNO calls and catches."""
    out: list[Move] = []
    if seat == state.turn:
        phase = state.phase
        if phase is Phase.TURN or phase is Phase.DRAWN:
            hand = state.hands[seat]
            calls = (False, True) if len(hand) == 2 and state.rules.uno.enabled else (False,)
            seen: set[Card] = set()
            for card in hand:
                if card in seen:
                    continue
                seen.add(card)
                for color in COLORS if card.is_wild else (None,):
                    for call in calls:
                        out.append(Play(seat, card, color=color, call_uno=call))
            out.append(Draw(seat))
            out.append(Pass(seat))
        elif phase is Phase.PENALTY:
            out.append(Accept(seat))
            out.append(Challenge(seat))
        elif phase is Phase.CHOOSE_COLOR:
            out.extend(ChooseColor(seat, c) for c in COLORS)
    out.append(CallUno(seat))
    out.extend(CatchUno(seat, t) for t in sorted(state.uno_open) if t != seat)
    return out


def legal_moves(state: GameState, seat: int | None = None) -> tuple[Move, ...]:
    """Every legal move of ``seat`` (default: the seat whose turn or decision it is),
    out-of-turn ones (UNO calls and catches) included, in a deterministic order."""
    if state.phase is Phase.ROUND_OVER or state.phase is Phase.GAME_OVER:
        return ()
    if seat is None:
        seat = state.turn
    if not _is_seat(seat, state.players):
        return ()
    return tuple(m for m in _candidates(state, seat) if validate(state, m) is None)


# --------------------------------------------------------------------------- applying


def apply(state: GameState, move: MoveLike) -> Transition | v.Violation:
    """Apply ``move``: a :class:`Transition` with the new state and its events, or the
    :class:`~uno_rules.Violation` that refuses it. ``state`` itself never changes."""
    if isinstance(move, str):
        move = parse_move(move)
    violation = validate(state, move)
    if violation is not None:
        return violation
    builder = _Builder(state)
    _PERFORM[type(move)](builder, move)
    return builder.finish()


def apply_or_raise(state: GameState, move: MoveLike) -> Transition:
    """Like :func:`apply`, but raise :class:`~uno_rules.IllegalMoveError` on a violation."""
    result = apply(state, move)
    if isinstance(result, v.Violation):
        raise IllegalMoveError(result)
    return result


class _Builder:
    """A mutable working copy of a state's changing fields, used inside one transition."""

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
        self.uno_called = set(state.uno_called)
        self.uno_open = set(state.uno_open)
        self.scores = state.scores
        self.round_winner = state.round_winner
        self.game_winners = state.game_winners
        self.shuffles = state.shuffles
        self.passes = state.passes
        self.events: list[Event] = []

    # -- seats
    def next(self, seat: int, steps: int = 1) -> int:
        """B4.3: the seat ``steps`` places after ``seat`` in the current direction."""
        return (seat + self.direction * steps) % self.players

    # -- the UNO window (A15)
    def turn_action(self, seat: int) -> None:
        """A play, draw or pass by the seat whose turn it is closes every open window
        under the default ``next_turn_action`` (A15 a, A21)."""
        if self.rules.uno.window_closes_on is UnoWindow.NEXT_TURN_ACTION:
            self.uno_open.clear()
        self.other_acts(seat)

    def other_acts(self, seat: int) -> None:
        """A15 b (literal): any draw or play by a seat closes the other seats' windows."""
        if self.rules.uno.window_closes_on is UnoWindow.ANY_OTHER_PLAYER_DRAW_OR_PLAY:
            self.uno_open.intersection_update((seat,))

    # -- piles
    def draw_cards(self, seat: int, count: int, reason: str) -> tuple[Card, ...]:
        """Draw ``count`` cards for ``seat``, reshuffling the discard pile under its top card
        when the draw pile runs out (B11.1, B11.2, A43); with both piles used up, draw what
        there is and the rest is forgiven (A17, A45)."""
        got: list[Card] = []
        while len(got) < count:
            if self.draw is None and not self.reshuffle():
                break
            assert self.draw is not None
            got.append(self.draw[0])
            self.draw = self.draw[1]
        cards = tuple(got)
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
        self.shuffles += 1
        old = self.old
        order = shuffled(
            tuple(pile_cards(discard[1])),
            derive_seed(old.seed, old.round_number, self.shuffles, 0x5E5),
        )
        self.draw = pile_from(order)
        self.discard = (discard[0], None, 1)
        self.events.append(Reshuffled(len(order)))
        return True

    # -- turns and the round
    def end_round(self, winner: int | None) -> None:
        """B10: score the round and see whether the game is over."""
        rules, hands = self.rules, self.hands
        hand_points = [sum(c.points for c in hand) for hand in hands]
        blocked = winner is None
        if blocked and rules.on_blocked is OnBlocked.SCORE_LOWEST_HAND:
            order = [self.next(self.turn, k) for k in range(self.players)]
            winner = min(order, key=lambda s: hand_points[s])
        gained = [0] * self.players
        mode = rules.scoring.mode
        if mode is ScoringMode.WINNER_COLLECTS and winner is not None:
            gained[winner] = sum(hand_points) - hand_points[winner]
        elif mode is ScoringMode.RUNNING_LOW and not (blocked and winner is None):
            gained = list(hand_points)
        self.scores = tuple(s + g for s, g in zip(self.scores, gained, strict=True))
        self.round_winner = winner
        self.phase = Phase.ROUND_OVER
        self.penalty = None
        self.drawn = None
        self.uno_open.clear()
        self.events.append(RoundEnded(winner, tuple(gained), self.scores, blocked))
        winners = self._game_winners(winner)
        if winners is not None:
            self.phase = Phase.GAME_OVER
            self.game_winners = winners
            self.events.append(GameEnded(winners))

    def _game_winners(self, round_winner: int | None) -> tuple[int, ...] | None:
        scoring = self.rules.scoring
        if scoring.mode is ScoringMode.NONE:
            return () if round_winner is None else (round_winner,)
        if max(self.scores) < scoring.target:
            return None
        if scoring.mode is ScoringMode.WINNER_COLLECTS:
            best = max(self.scores)
            return tuple(s for s, score in enumerate(self.scores) if score == best)
        low = min(self.scores)
        lowest = tuple(s for s, score in enumerate(self.scores) if score == low)
        if len(lowest) > 1 and scoring.ties is Ties.PLAY_ANOTHER_ROUND:
            return None
        return lowest

    def finish(self) -> Transition:
        old = self.old
        for seat, hand in enumerate(self.hands):
            if len(hand) != 1:
                # A20: a call lapses, and a window closes, once the hand is not one card.
                self.uno_called.discard(seat)
                self.uno_open.discard(seat)
        state = attrs.evolve(
            old,
            hands=tuple(self.hands),
            draw=self.draw,
            discard=self.discard,
            color=self.color,
            direction=self.direction,
            turn=self.turn,
            phase=self.phase,
            drawn=self.drawn,
            penalty=self.penalty,
            uno_called=frozenset(self.uno_called),
            uno_open=frozenset(self.uno_open),
            scores=self.scores,
            round_winner=self.round_winner,
            game_winners=self.game_winners,
            shuffles=self.shuffles,
            passes=self.passes,
        )
        return Transition(state, tuple(self.events))


def _perform_play(b: _Builder, move: Play) -> None:
    seat, card = move.seat, move.card
    old = b.old
    b.turn_action(seat)
    hand = _without(b.hands[seat], card)
    b.hands[seat] = hand
    top_before, color_before = old.top_card, old.color
    assert color_before is not None
    b.discard = pile_push(b.discard, card)
    new_color = move.color if card.color is None else card.color
    assert new_color is not None
    b.color = new_color
    b.events.append(CardPlayed(seat, card, new_color))
    b.drawn = None
    b.phase = Phase.TURN
    b.passes = 0
    rules = b.rules
    if move.call_uno:
        b.uno_called.add(seat)
        b.events.append(UnoCalled(seat))
    elif len(hand) == 1 and rules.uno.enabled:
        # B9.3: the window to catch opens as the next-to-last card is played.
        b.uno_open.add(seat)
    went_out = not hand
    rank = card.rank
    if rank is Rank.DRAW_TWO:
        # B7.3, B10.3: the next player draws 2 and loses the turn, even after going out.
        victim = b.next(seat)
        b.draw_cards(victim, 2, "penalty")
        b.events.append(Skipped(victim))
        b.turn = b.next(seat, 2)
    elif rank is Rank.WILD_DRAW_FOUR:
        # B7.5, B8: the next player answers: accept or challenge (A60, A9).
        victim = b.next(seat)
        if rules.challenge_possible:
            bluff = _is_bluff(rules, hand, top_before, color_before)
            b.penalty = Penalty(4, card, seat, bluff, hand, color_before)
            b.phase = Phase.PENALTY
            b.turn = victim
            return
        b.draw_cards(victim, 4, "penalty")
        b.events.append(Skipped(victim))
        b.turn = b.next(seat, 2)
    elif went_out:
        pass  # B10.4: a last Skip or Reverse has no further effect.
    elif rank is Rank.SKIP:
        victim = b.next(seat)
        b.events.append(Skipped(victim))
        b.turn = b.next(seat, 2)
    elif rank is Rank.REVERSE:
        if b.players == 2 and rules.two_player_reverse is TwoPlayerReverse.SKIP:
            # H08 / T1: with two players a Reverse acts as a Skip.
            b.events.append(Skipped(b.next(seat)))
            b.turn = seat
        else:
            # B7.2: the direction flips; the previous player plays next.
            b.direction = -b.direction
            b.events.append(Reversed(b.direction))
            b.turn = b.next(seat)
    else:
        b.turn = b.next(seat)
    if went_out:
        b.end_round(seat)


def _perform_draw(b: _Builder, move: Draw) -> None:
    # B6.2, B6.3: draw one card; only it may then be played.
    b.turn_action(move.seat)
    b.passes = 0
    cards = b.draw_cards(move.seat, 1, "turn")
    b.drawn = cards[0]
    b.phase = Phase.DRAWN


def _perform_pass(b: _Builder, move: Pass) -> None:
    seat = move.seat
    b.events.append(Passed(seat))
    if b.phase is Phase.DRAWN:
        # B6.4: the drawn card stays in hand and the turn ends.
        b.drawn = None
    else:
        # A44 (a): nothing to draw and nothing to play.
        b.turn_action(seat)
        b.passes += 1
        if b.passes >= b.players:
            b.phase = Phase.TURN
            b.end_round(None)
            return
    b.phase = Phase.TURN
    b.turn = b.next(seat)


def _finish_penalty(b: _Builder, offender: int) -> None:
    if not b.hands[offender]:
        b.end_round(offender)


def _perform_accept(b: _Builder, move: Accept) -> None:
    penalty = b.penalty
    assert penalty is not None
    b.draw_cards(move.seat, penalty.amount, "penalty")
    b.events.append(PenaltyAccepted(move.seat, penalty.amount))
    b.events.append(Skipped(move.seat))
    b.penalty = None
    b.phase = Phase.TURN
    b.turn = b.next(move.seat)
    _finish_penalty(b, penalty.offender)


def _perform_challenge(b: _Builder, move: Challenge) -> None:
    penalty = b.penalty
    assert penalty is not None
    seat, offender = move.seat, penalty.offender
    b.penalty = None
    b.phase = Phase.TURN
    rules = b.rules
    if penalty.bluff:
        # B8.6: the offender draws instead; A7 and A8 settle what follows.
        b.events.append(ChallengeWon(seat, offender, penalty.amount, penalty.offender_hand))
        on_color = rules.challenge.on_guilty_color
        if on_color is GuiltyColor.CARD_RETURNED:
            # A8 (b): the card goes back first, so a reshuffle keeps the previous top card.
            assert b.discard is not None
            b.discard = b.discard[1]
            b.hands[offender] = b.hands[offender] + (penalty.card,)
            b.color = penalty.previous_color
        elif on_color is GuiltyColor.PREVIOUS_COLOR:
            b.color = penalty.previous_color
        b.draw_cards(offender, penalty.amount, "challenge")
        if rules.challenge.on_guilty_turn is GuiltyTurn.CHALLENGER_SKIPPED:
            b.events.append(Skipped(seat))
            b.turn = b.next(seat)
        else:
            b.turn = seat
            if on_color is GuiltyColor.CHALLENGER_NAMES:
                b.phase = Phase.CHOOSE_COLOR
        return
    # B8.7: the challenger draws 4 + 2 and still loses the turn.
    amount = penalty.amount + 2
    b.events.append(ChallengeLost(seat, offender, amount, penalty.offender_hand))
    b.draw_cards(seat, amount, "challenge")
    b.events.append(Skipped(seat))
    b.turn = b.next(seat)
    _finish_penalty(b, offender)


def _perform_choose(b: _Builder, move: ChooseColor) -> None:
    # A1 (a): the first player names the color, then plays.
    b.color = move.color
    b.phase = Phase.TURN
    b.events.append(ColorChosen(move.seat, move.color))


def _perform_call(b: _Builder, move: CallUno) -> None:
    # B9.5: a late call made before anyone catches is safe.
    b.uno_called.add(move.seat)
    b.uno_open.discard(move.seat)
    b.events.append(UnoCalled(move.seat))


def _perform_catch(b: _Builder, move: CatchUno) -> None:
    # B9.2: the caught player draws the penalty.
    penalty = b.rules.uno.penalty_cards
    b.uno_open.discard(move.target)
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
