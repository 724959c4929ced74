"""H13 Scoring modes, targets, point values and elimination (B10, 3.2, 3.4, A56).

- ``winner_collects`` (B10.5, default): the player who went out scores the points left in
  the other hands; the first to reach the target (>=, B10.6) wins.
- ``running_low`` (B10.7): each player adds the points left in their own hand; when a total
  reaches the target, the lowest total wins; a tie is a shared win or another round (A56).
- ``winner_collects_others_lose`` (SEED1): the winner collects and each other player loses
  their own hand's points.
- ``none``: one round; the player who goes out wins the game.
- ``knockout_points`` (N16, No Mercy's points game): the winner of a round also collects
  this much for each player knocked out during it by the mercy rule (H16).
- ``elimination`` (3.4 "Challenge UNO", with ``running_low``): a player whose total reaches
  the target is out of the game; when two remain they play a final round whose winner wins
  the game; if nobody remains, the lowest total wins.
- Partners (3.2, T7): the team of the player who went out scores both opponents' hands; each
  partner is credited, so the team reaches the target together.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from ..cards import CARD_DATA, Card
from .model import Rules
from .options import ScoringMode, Ties
from .partnership import partner

__all__ = ["RoundScore", "card_points", "hand_points", "score_round"]


# F9: the decks that score kinds their own way (data/cards.json), by rank
_DECK_POINTS = {deck: dict(points) for deck, points in CARD_DATA.points.items()}


def card_points(rules: Rules, card: Card) -> int:
    """B10.5 (N16) with the preset's point values: a number card its face value, a kind
    its deck scores its own way that deck's points (F9: UNO Flip's, by the face in play),
    any other card the value ``scoring.values`` gives its kind's class
    (``data/cards.json``)."""
    return _points(rules, _DECK_POINTS.get(rules.deck.value), card)


def _points(rules: Rules, own: dict[str, int] | None, card: Card) -> int:
    """:func:`card_points`, given the deck's own points table (``None``: it has none)."""
    kind = card.kind
    number = kind.number
    if number is not None:
        return number
    if own is not None:
        points = own.get(kind.rank)
        if points is not None:
            return points
    cls = kind.points_class
    if cls == "kind":  # a rule set's own kind scores what it declares (K1)
        return kind.points
    if cls == "blank":
        return rules.extra_cards.blank.points
    values = rules.scoring.values
    if cls == "action":
        return values.action
    if cls == "wild":
        return values.wild
    if cls == "wild_draw_four":
        return values.wild_draw_four
    return values.wild_extra


def hand_points(rules: Rules, hand: Sequence[Card]) -> int:
    """The points of ``hand`` (:func:`card_points`), the deck's table looked up once."""
    own = _DECK_POINTS.get(rules.deck.value)
    return sum(_points(rules, own, c) for c in hand)


@frozen
class RoundScore:
    """What a finished round does to the game."""

    gained: tuple[int, ...]
    scores: tuple[int, ...]
    eliminated: tuple[int, ...]
    game_winners: tuple[int, ...] | None


def score_round(
    rules: Rules,
    hands: Sequence[Sequence[Card]],
    scores: Sequence[int],
    winner: int | None,
    out: frozenset[int],
) -> RoundScore:
    """Score a finished round won by ``winner`` (``None``: blocked with no score) among the
    seats not in ``out`` (eliminated earlier)."""
    players = len(hands)
    points = [hand_points(rules, h) for h in hands]
    gained = [0] * players
    mode = rules.scoring.mode
    teams = rules.house_rules.partnership.enabled
    if winner is not None and mode in (
        ScoringMode.WINNER_COLLECTS,
        ScoringMode.WINNER_COLLECTS_OTHERS_LOSE,
    ):
        team = (winner, partner(winner)) if teams else (winner,)
        won = sum(points[s] for s in range(players) if s not in team)
        # N16: each player knocked out during the hand (out of it by the mercy rule, H16;
        # their cards are gone) is worth knockout_points
        won += rules.scoring.knockout_points * len(out)
        for s in team:
            gained[s] = won
        if mode is ScoringMode.WINNER_COLLECTS_OTHERS_LOSE:
            for s in range(players):
                if s not in team:
                    gained[s] = -points[s]
    elif mode is ScoringMode.RUNNING_LOW and winner is not None:
        gained = points
    new = tuple(s + g for s, g in zip(scores, gained, strict=True))
    eliminated: tuple[int, ...] = ()
    target = rules.scoring.target
    if mode is ScoringMode.NONE:
        if winner is None:
            return RoundScore(tuple(gained), new, (), ())
        team = (winner, partner(winner)) if teams else (winner,)
        return RoundScore(tuple(gained), new, (), tuple(sorted(team)))
    if mode is ScoringMode.RUNNING_LOW and rules.scoring.elimination:
        alive = [s for s in range(players) if s not in out]
        eliminated = tuple(s for s in alive if new[s] >= target)
        left = [s for s in alive if s not in eliminated]
        if len(alive) == 2 and winner is not None:
            return RoundScore(tuple(gained), new, eliminated, (winner,))
        if len(left) == 1:
            return RoundScore(tuple(gained), new, eliminated, (left[0],))
        if not left:
            low = min(new[s] for s in alive)
            return RoundScore(
                tuple(gained), new, eliminated, tuple(s for s in alive if new[s] == low)
            )
        return RoundScore(tuple(gained), new, eliminated, None)
    if max(new) < target:
        return RoundScore(tuple(gained), new, (), None)
    if mode is ScoringMode.RUNNING_LOW:
        alive = [s for s in range(players) if s not in out]
        low = min(new[s] for s in alive)
        lowest = tuple(s for s in alive if new[s] == low)
        if len(lowest) > 1 and rules.scoring.ties is Ties.PLAY_ANOTHER_ROUND:
            return RoundScore(tuple(gained), new, (), None)
        return RoundScore(tuple(gained), new, (), lowest)
    best = max(new)
    return RoundScore(tuple(gained), new, (), tuple(s for s, v in enumerate(new) if v == best))
