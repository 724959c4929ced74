"""H18 Set-up variants: hand_size, first_player (FirstPlayer), dealer_rotation
(DealerRotation, A6, through uno.next_round), dealer_selection (DealerSelection, A5, B2.1,
B2.2) and max_players (B1.2)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import uno_rules as uno
import uno_rules.deal as deal_module

from ..helpers import assert_conserved, find_game, new_game, number_first, ok, rules, table


def play_out(state: uno.GameState, limit: int = 5000) -> uno.GameState:
    """Finish the round with a simple deterministic policy (first legal play, calling UNO when
    it leaves one card; else draw, pass or accept)."""
    for _ in range(limit):
        if state.round_over:
            return state
        moves = [m for m in uno.legal_moves(state) if not isinstance(m, uno.CatchUno | uno.CallUno)]
        plays = [m for m in moves if isinstance(m, uno.Play)]
        calling = [m for m in plays if m.call_uno]
        silent = [m for m in plays if len(state.hands[m.seat]) != 2]
        result = uno.apply(state, (calling or silent or moves)[0])
        assert isinstance(result, uno.Transition), result
        state = result.state
    raise AssertionError("the round did not end")


def left_of(seat: int, players: int) -> int:
    return (seat + 1) % players


# -- hand_size -----------------------------------------------------------------------------


@pytest.mark.parametrize(("size", "players"), [(5, 4), (1, 3), (10, 6), (7, 2)])
def test_H18_hand_size_cards_dealt_to_each_player(size: int, players: int) -> None:
    """H18 `hand_size` (default 7 [V]; some digital variants deal 5): each player is dealt
    that many cards; the rest, less the turned card, is the draw pile."""
    _, state = find_game(number_first, rules=rules(hand_size=size), players=players)
    assert [len(h) for h in state.hands] == [size] * players
    assert state.draw_pile_size == 108 - size * players - 1
    assert_conserved(state)


def test_H18_hand_size_holds_for_later_rounds() -> None:
    """H18 `hand_size`: next_round deals the same number of cards."""
    state = table(
        [["G4"], ["R1", "R2"], ["B1"]], ["G7"], uno_called=[0, 2], rules=rules(hand_size=4)
    )
    nxt = uno.next_round(ok(state, "0 G4").state)
    assert isinstance(nxt, uno.GameState)
    assert sorted(len(h) for h in nxt.hands)[:2] == [4, 4]
    assert all(len(h) in (4, 6) for h in nxt.hands)


@pytest.mark.parametrize(
    ("deck", "size", "players", "fine"),
    [
        ("classic-108", 26, 4, True),
        ("classic-108", 27, 4, False),
        ("classic-108", 10, 10, True),
        ("classic-108", 11, 10, False),
        ("shuffle-112-2018", 27, 4, True),
    ],
)
def test_H18_hand_size_the_deck_must_deal_it(
    deck: str, size: int, players: int, fine: bool
) -> None:
    """H18 `hand_size` with B2.4 and `max_players`: the deal must leave a card to turn up; a
    rule set whose largest table cannot be dealt is refused (PresetError or SituationError,
    both ValueErrors)."""
    option = {"extends": "official", "deck": deck, "hand_size": size, "max_players": players}
    if fine:
        state = uno.new_game(option, players, 0)
        assert all(len(h) >= size for h in state.hands)
    else:
        with pytest.raises((uno.PresetError, uno.SituationError)):
            uno.new_game(option, players, 0)


# -- first_player --------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 2, 3])
def test_H18_first_player_dealer_the_dealer_plays_first(dealer: int) -> None:
    """H18 `first_player: dealer` [R SEED1]: the dealer plays first (default
    `left_of_dealer`)."""
    seed, state = find_game(number_first, rules=rules(first_player="dealer"), dealer=dealer)
    assert state.turn == dealer
    default = new_game("official", 4, seed, dealer)
    assert default.turn == left_of(dealer, 4)


def test_H18_first_player_dealer_holds_in_later_rounds() -> None:
    """H18 `first_player: dealer` with A6: in the next round the new dealer plays first."""
    option = rules(first_player="dealer")
    for seed in range(30):
        state = table(
            [["G4"], ["R1", "R2"], ["B1"]],
            ["G7"],
            uno_called=[0, 2],
            dealer=1,
            seed=seed,
            rules=option,
        )
        nxt = uno.next_round(ok(state, "0 G4").state)
        assert isinstance(nxt, uno.GameState)
        assert nxt.dealer == 2
        if nxt.top_card.rank.is_number:
            assert nxt.turn == 2
            return
    raise AssertionError("no next round turned a number card")


# -- dealer_rotation -----------------------------------------------------------------------


@pytest.mark.parametrize("rotation", [None, "left", "winner_deals", "fixed"])
def test_A6_H18_dealer_rotation_over_several_rounds(rotation: str | None) -> None:
    """A6 / H18 `dealer_rotation`: `left` (default [D]) rotates the deal one seat left each
    round; `winner_deals`: the round winner deals; `fixed`: the same dealer every round.
    Checked through uno.next_round over three rounds."""
    option = rules() if rotation is None else rules(dealer_rotation=rotation)
    state = new_game(option, 4, 11, dealer=1)
    for _ in range(3):
        done = play_out(state)
        assert not done.game_over
        nxt = uno.next_round(done)
        assert isinstance(nxt, uno.GameState)
        if rotation in (None, "left"):
            assert nxt.dealer == left_of(state.dealer, 4)
        elif rotation == "winner_deals":
            assert nxt.dealer == done.round_winner
        else:
            assert nxt.dealer == 1
        assert nxt.round_number == state.round_number + 1
        assert nxt.scores == done.scores
        state = nxt


def test_A6_next_round_before_the_round_is_over_is_refused() -> None:
    """API 4: next_round called before the round is over returns `round-not-over`."""
    result = uno.next_round(new_game("official", 4, 0))
    assert isinstance(result, uno.Violation)
    assert result.code == "round-not-over"


# -- dealer_selection ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 7])
def test_H18_dealer_selection_last_seat_default(players: int) -> None:
    """H18 / A5 / API 4: `last_seat` (default): new_game(dealer=None) lets the last seat deal,
    so seat 0 acts first (for a number card)."""
    _, state = find_game(number_first, players=players)
    assert state.dealer == players - 1
    explicit = new_game(rules(dealer_selection="last_seat"), players, 3)
    assert explicit.dealer == players - 1


@pytest.mark.parametrize("selection", ["highest_number", "highest_point_value"])
def test_H18_dealer_selection_draw_is_deterministic_for_a_seed(selection: str) -> None:
    """H18 `dealer_selection` (B2.1, A5): each player draws a card and the highest deals; the
    draw comes from the seed: the same seed gives the same dealer, seeds differ, and the
    player to the dealer's left starts. A given dealer wins over the draw."""
    option = rules(dealer_selection=selection)
    dealers = [uno.new_game(option, 4, seed).dealer for seed in range(30)]
    assert dealers == [uno.new_game(option, 4, seed).dealer for seed in range(30)]
    assert set(dealers) == {0, 1, 2, 3}
    _, state = find_game(number_first, rules=option)
    assert state.turn == left_of(state.dealer, 4)
    assert uno.new_game(option, 4, 5, dealer=2).dealer == 2


def rigged(monkeypatch: pytest.MonkeyPatch, draw: Sequence[str]) -> None:
    """Make the dealer draw (the first shuffle new_game makes) turn up ``draw`` in order."""
    real = deal_module.shuffled
    calls = {"n": 0}

    def fake(items: Sequence[Any], seed: int) -> tuple[Any, ...]:
        calls["n"] += 1
        order = real(items, seed)
        if calls["n"] > 1:
            return order
        front = list(uno.parse_cards(" ".join(draw)))
        rest = list(order)
        for c in front:
            rest.remove(c)
        return (*front, *rest)

    monkeypatch.setattr(deal_module, "shuffled", fake)


@pytest.mark.parametrize(
    ("selection", "draw", "dealer"),
    [
        # B2.1 M2008: symbols count zero: seats 1 and 3 tie on 3 and draw again: 2 < 7.
        ("highest_number", ["W+4", "Y3", "Rskip", "G3", "B2", "R7"], 3),
        # A5 M2001: the W+4 (50 points) wins outright.
        ("highest_point_value", ["W+4", "Y3", "Rskip", "G3", "B2", "R7"], 0),
        # Points: W and W+4 tie on 50 and draw again: Y2 (2) < Yskip (20).
        ("highest_point_value", ["W", "W+4", "R9", "Gskip", "Y2", "Yskip"], 1),
        # Numbers: the same cards; R9 is the only non-zero value.
        ("highest_number", ["W", "W+4", "R9", "Gskip", "Y2", "Yskip"], 2),
        # A three-way tie, then a two-way tie, then a decision.
        ("highest_number", ["R5", "G5", "B5", "Y1", "R2", "G2", "B1", "B8", "Y9"], 1),
    ],
)
def test_A5_B2_2_dealer_draw_highest_deals_tied_players_draw_again(
    monkeypatch: pytest.MonkeyPatch, selection: str, draw: list[str], dealer: int
) -> None:
    """A5 Default / B2.1 / B2.2: each player draws a card; the highest number deals, any
    symbol counting zero (`highest_number`, M2008) or the highest point value
    (`highest_point_value`, M2001); tied players draw again. The deal then starts at the
    dealer's left."""
    rigged(monkeypatch, draw)
    state = uno.new_game(rules(dealer_selection=selection), 4, 0)
    assert state.dealer == dealer


# -- max_players ---------------------------------------------------------------------------


@pytest.mark.parametrize(("limit", "players", "fine"), [(4, 4, True), (4, 5, False), (2, 3, False)])
def test_B1_2_max_players_is_enforced_by_new_game(limit: int, players: int, fine: bool) -> None:
    """B1.2 / model `max_players`: the largest table a rule set is for; new_game refuses a
    larger one with SituationError."""
    option = rules(max_players=limit)
    if fine:
        assert uno.new_game(option, players, 0).players == players
    else:
        with pytest.raises(uno.SituationError) as raised:
            uno.new_game(option, players, 0)
        assert any("max_players" in p for p in raised.value.problems)


def test_B1_2_official_allows_up_to_ten_players() -> None:
    """B1.2: 2 to 10 players under the official rules (max_players 10)."""
    assert uno.load_preset("official").max_players == 10
    assert uno.new_game("official", 10, 0).players == 10
    with pytest.raises(uno.SituationError):
        uno.new_game("official", 11, 0)


def test_H18_first_player_previous_winner_starts_the_next_round() -> None:
    """H18 ``first_player: previous_winner``: the winner of a round acts first in the next
    one (the first round starts left of the dealer, as usual)."""
    rules = {"extends": "official", "first_player": "previous_winner"}
    first = uno.new_game(rules, players=4, seed=0)
    assert first.dealer == 3
    state = uno.situation(
        {
            "rules": rules,
            "players": 4,
            "hands": [["R1", "G2"], ["R3"], 5, 5],
            "discard": ["R5"],
            "turn": 1,
            "dealer": 0,
        }
    )
    over = uno.apply(state, "1 R3").state
    assert over.round_over and over.round_winner == 1
    found = None
    for seed in range(200):
        nxt = uno.next_round(over._replace(seed=seed))
        assert isinstance(nxt, uno.GameState)
        if nxt.top_card.rank.is_number:  # a plain first card: the starter acts first
            found = nxt
            break
    assert found is not None
    assert found.dealer == 1  # dealer_rotation left: seat 0 -> seat 1
    assert found.turn == 1  # the previous winner, not the dealer's left (seat 2)
