"""H08 Two-player Reverse acts as Skip (`two_player_reverse`), with 3.1 T1."""

from __future__ import annotations

import pytest

import uno_rules as uno

from ..helpers import cards, events_of, kinds, ok, rules, table


def two(option: object) -> uno.GameState:
    return table([["Rrev", "R3", "B1"], ["Y1", "Y2", "Y3"]], ["R5"], rules=option)


def test_H08_official_two_player_reverse_is_a_plain_reverse() -> None:
    """H08 `two_player_reverse: reverse` (Default for `official`): with two players a
    Reverse flips the direction and simply passes the turn (T5)."""
    for option in ("official", rules(two_player_reverse="reverse")):
        t = ok(two(option), "0 Rrev")
        assert kinds(t.events) == ["played", "reversed"]
        assert t.state.direction == -1
        assert t.state.turn == 1
        assert events_of(t.events, "skipped") == []


def test_H08_skip_two_player_reverse_acts_as_a_skip() -> None:
    """H08 `skip` / T1: "a Reverse works like a Skip: its player may immediately play another
    card": the opponent is skipped and seat 0 takes a full turn again (T4)."""
    t = ok(two(rules(two_player_reverse="skip")), "0 Rrev")
    assert [e.seat for e in events_of(t.events, "skipped")] == [1]
    assert "reversed" not in kinds(t.events)
    assert t.state.turn == 0
    assert t.state.hands == (cards("R3 B1"), cards("Y1 Y2 Y3"))
    again = ok(t.state, "0 R3").state
    assert again.turn == 1
    assert ok(t.state, "0 draw").state.turn == 0


@pytest.mark.parametrize("mode", ["reverse", "skip"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_H08_three_or_more_players_both_values_behave_as_reverse(mode: str, players: int) -> None:
    """H08 concerns two players only: with 3+ players either value is a plain Reverse (B7.2):
    the direction flips and the player before the Reverse plays next."""
    hands: list[object] = [["Rrev", "R3", "B1"]] + [3] * (players - 1)
    t = ok(table(hands, ["R5"], rules=rules(two_player_reverse=mode)), "0 Rrev")
    assert kinds(t.events) == ["played", "reversed"]
    assert t.state.direction == -1
    assert t.state.turn == players - 1


@pytest.mark.parametrize(
    ("preset", "value"),
    [
        ("official", "reverse"),
        ("official-112", "reverse"),
        ("official-2015", "reverse"),
        ("mattel-2001", "skip"),
        ("family", "skip"),
        ("no-mercy-lite", "skip"),
    ],
)
def test_H08_preset_values(preset: str, value: str) -> None:
    """H08: `reverse` is the Default for `official` (no two-player section in W2085/M2008);
    `skip` is on in `mattel-2001` and the house presets (`family`: "two-player Reverse as
    Skip")."""
    assert uno.load_preset(preset).two_player_reverse == value
