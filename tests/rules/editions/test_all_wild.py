"""UNO All Wild (AW1-AW5, docs/all-wild.md), written as a preset alone: its 112 cards, its
kinds' steps, its rulings by clause, and whole seeded games under the conformance kit."""

from __future__ import annotations

from collections import Counter

import pytest

import uno_rules as uno
from uno_rules.rules.deck import build_deck
from uno_rules.testing import battery, random_playout

from ..helpers import kinds, refused

COUNTS = {
    "W": 26,
    "W+2": 14,
    "Wrev": 14,
    "Wskip": 14,
    "Wskip2": 12,
    "Wt+2": 12,
    "W+4": 10,
    "Wswap": 10,
}


def table(hands: list[object], color: str = "red", players: int = 3) -> uno.GameState:
    return uno.situation(
        {"rules": "all-wild", "players": players, "hands": hands, "discard": ["W"], "color": color}
    )


def test_aw1_the_deck_is_its_112_cards_every_one_wild() -> None:
    deck = build_deck(uno.load_preset("all-wild"))
    assert len(deck) == 112
    assert Counter(str(c.rank) for c in deck) == COUNTS
    assert all(c.is_wild for c in deck)


def test_aw1_any_card_plays_on_any_card_and_names_a_color() -> None:
    state = table([["Wskip", "Wrev"], 3, 3], color="blue")
    plays = {str(m) for m in uno.legal_moves(state) if str(m).startswith("0 W")}
    assert {"0 Wskip red", "0 Wskip blue", "0 Wrev green"} <= plays
    refused(state, "0 Wskip", "color-required")


def test_aw2_skip_two_skips_the_next_two_players() -> None:
    played = uno.apply_or_raise(table([["Wskip2", "W"], 3, 3, 3], players=4), "0 Wskip2 green")
    assert kinds(played.events) == ["played", "skipped", "skipped"]
    assert played.state.turn == 3


def test_aw3_a_wild_draw_four_is_drawn_at_once_with_no_challenge() -> None:
    played = uno.apply_or_raise(table([["W+4", "W"], 3, 3]), "0 W+4 red")
    assert kinds(played.events) == ["played", "drew", "skipped"]
    assert played.state.phase is uno.Phase.TURN and played.state.turn == 2
    assert len(played.state.hands[1]) == 7


def test_aw4_the_named_player_draws_two_and_play_goes_on() -> None:
    state = table([["Wt+2", "W"], 3, 3])
    ruling = uno.rule_on(state, "0 Wt+2 blue >2")
    assert ruling.legal and ruling.clause == "AW4"
    played = uno.apply_or_raise(state, "0 Wt+2 blue >2")
    assert kinds(played.events) == ["played", "drew"]
    assert [len(h) for h in played.state.hands] == [1, 3, 5]
    assert played.state.turn == 1  # nobody loses a turn
    refused(state, "0 Wt+2 blue", "target-required")
    refused(state, "0 Wt+2 blue >0", "invalid-target")


def test_aw4_naming_the_next_player_keeps_their_turn() -> None:
    played = uno.apply_or_raise(table([["Wt+2", "W"], 3, 3]), "0 Wt+2 blue >1")
    assert len(played.state.hands[1]) == 5 and played.state.turn == 1


def test_aw5_the_forced_swap_trades_hands_with_the_named_player() -> None:
    state = table([["Wswap", "W", "W"], ["Wrev"], 3])
    played = uno.apply_or_raise(state, "0 Wswap yellow >1")
    assert kinds(played.events) == ["played", "hands-swapped"]
    assert [str(c) for c in played.state.hands[0]] == ["Wrev"]
    assert played.state.turn == 1


@pytest.mark.parametrize("players", [2, 4, 6])
def test_seeded_games_play_to_the_end_with_cards_conserved(players: int) -> None:
    short = {"extends": "all-wild", "name": "all-wild-200", "scoring": {"target": 200}}
    deck = Counter(build_deck(uno.load_preset(short)))
    final, moves = random_playout(
        short, players, seed=players, policy_seed=3, max_moves=20000, deck=deck
    )
    assert final.game_winners and moves


def test_the_conformance_battery_holds() -> None:
    report = battery("all-wild", players=(2, 3), seeds=(0, 1), limit=80)
    assert report.states > 0
