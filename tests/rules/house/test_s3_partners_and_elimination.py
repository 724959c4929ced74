"""docs/rules.md 3.2 Partners (T6, T7, house_rules.partnership) and 3.4 "Challenge UNO" (T10,
scoring.mode running_low with scoring.elimination)."""

from __future__ import annotations

from typing import Any

import pytest

import uno_rules as uno

from ..helpers import assert_conserved, events_of, ok, refused, rules, table

PARTNERS = rules(house_rules={"partnership": {"enabled": True}})
ELIMINATION = rules(scoring={"mode": "running_low", "elimination": True})


def play_out(state: uno.GameState, limit: int = 5000) -> tuple[uno.GameState, list[int]]:
    """Play the round to its end with a simple deterministic policy (first legal play,
    calling UNO when it leaves one card; else draw, pass or accept). Returns the final state
    and the seats that had a turn."""
    turns: list[int] = []
    for _ in range(limit):
        if state.round_over:
            return state, turns
        turns.append(state.turn)
        moves = [m for m in uno.legal_moves(state) if not isinstance(m, uno.CatchUno | uno.CallUno)]
        plays = [m for m in moves if isinstance(m, uno.Play)]
        calling = [m for m in plays if m.call_uno]
        silent = [m for m in plays if len(state.hands[m.seat]) != 2]
        pick = (calling or silent or moves)[0]
        result = uno.apply(state, pick)
        assert isinstance(result, uno.Transition), result
        state = result.state
    raise AssertionError("the round did not end")


# -- 3.2 Partners ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5, 6])
def test_T6_partners_need_exactly_four_players(players: int) -> None:
    """T6: partners sit opposite each other (3.2: Partners, 4 players): new_game with any
    other table size raises SituationError."""
    with pytest.raises(uno.SituationError) as raised:
        uno.new_game(PARTNERS, players, 0)
    assert any("players" in p for p in raised.value.problems)
    assert uno.new_game(PARTNERS, 4, 0).players == 4


def test_T6_a_partnership_table_description_needs_four_players() -> None:
    """T6 / API 4: a description that cannot be a real table raises SituationError: partners
    sit opposite each other at a four-player table, as new_game already enforces."""
    with pytest.raises(uno.SituationError):
        table([["G4"], ["R1"], ["Y9"]], ["G7"], rules=PARTNERS)


@pytest.mark.parametrize(("winner", "team"), [(0, (0, 2)), (1, (1, 3))])
def test_T7_team_scores_both_opponents_hands_not_the_partners(
    winner: int, team: tuple[int, int]
) -> None:
    """T7: when either partner goes out the round ends; the team scores all cards in both
    opponents' hands; the partner's own cards are not counted. Both partners are credited
    (partnership docstring)."""
    hands: list[Any] = [["R+2", "W"], ["G4", "W+4"], ["Y9", "B1"], ["Bskip", "R3"]]
    hands[winner] = ["G4"]
    state = table(
        hands,
        ["G7"],
        turn=winner,
        uno_called=[winner],
        scores=[10, 20, 30, 40],
        rules=PARTNERS,
    )
    t = ok(state, f"{winner} G4")
    opponents = [s for s in range(4) if s not in team]
    points = {0: 70, 1: 54, 2: 10, 3: 23}
    won = sum(points[s] for s in opponents)
    expected = [10, 20, 30, 40]
    for s in team:
        expected[s] += won
    assert t.state.round_over and t.state.round_winner == winner
    assert t.state.scores == tuple(expected)
    gained = events_of(t.events, "round-ended")[0].points
    assert [gained[s] for s in team] == [won, won]
    assert [gained[s] for s in opponents] == [0, 0]


def test_T7_team_reaching_the_target_wins_together() -> None:
    """T7 with B10.6: the team reaches the target together; game_winners holds both
    partners."""
    state = table(
        [["G4"], ["R+2", "W"], ["Y9", "W+4"], ["B1"]],
        ["G7"],
        uno_called=[0, 3],
        scores=[430, 0, 430, 0],
        rules=PARTNERS,
    )
    t = ok(state, "0 G4")
    assert t.state.scores == (501, 0, 501, 0)
    assert t.state.game_over
    assert t.state.game_winners == (0, 2)
    assert events_of(t.events, "game-ended")[0].winners == (0, 2)


def test_T7_without_partnership_the_partner_is_an_opponent() -> None:
    """T7 contrast (B10.5): without partners the player opposite is scored like anyone."""
    state = table([["G4"], ["R+2"], ["Y9"], ["B1"]], ["G7"], uno_called=[0, 1, 2, 3])
    assert ok(state, "0 G4").state.scores == (30, 0, 0, 0)


# -- 3.4 Challenge UNO (elimination) -------------------------------------------------------


def test_T10_seat_reaching_the_target_is_eliminated() -> None:
    """T10: each player keeps a running total of the points in their own hand; a player who
    reaches the limit (the target) is eliminated (event `eliminated`)."""
    state = table(
        [["G4"], ["R+2"], ["Y9"], ["B1", "B2"]],
        ["G7"],
        uno_called=[0, 1, 2],
        scores=[0, 480, 490, 100],
        rules=ELIMINATION,
    )
    t = ok(state, "0 G4")
    assert t.state.scores == (0, 500, 499, 103)
    assert t.state.eliminated == frozenset({1})
    gone = events_of(t.events, "eliminated")
    assert [e.seat for e in gone] == [1]
    assert t.state.round_over and not t.state.game_over


def test_T10_several_seats_can_be_eliminated_at_once() -> None:
    """T10: everyone whose total reaches the limit is out."""
    state = table(
        [["G4"], ["R+2"], ["Y9"], ["B1"], ["B2"]],
        ["G7"],
        uno_called=[0, 1, 2, 3, 4],
        scores=[0, 480, 491, 10, 20],
        rules=ELIMINATION,
    )
    t = ok(state, "0 G4")
    assert t.state.eliminated == frozenset({1, 2})
    assert sorted(e.seat for e in events_of(t.events, "eliminated")) == [1, 2]
    assert not t.state.game_over


def test_T10_a_seat_eliminated_at_the_target_gives_up_its_hand_at_once() -> None:
    """T10 with H16's handling of an eliminated hand (design decision): the scored hand goes
    under the discard pile as the round ends, so the round-over state holds every card once,
    no eliminated seat holds any, and its snapshot loads back."""
    state = table(
        [["G4"], ["R+2", "Y9"], ["B1"]],
        ["G7"],
        uno_called=[0, 2],
        scores=[0, 480, 0],
        rules=ELIMINATION,
    )
    t = ok(state, "0 G4")
    assert t.state.eliminated == frozenset({1})
    assert t.state.scores[1] >= 500
    assert t.state.hands[1] == ()
    assert set(t.state.discard_pile[:2]) == set(uno.parse_cards("R+2 Y9"))  # at the bottom
    assert_conserved(t.state)
    assert uno.load_state(uno.dump_state(t.state)) == t.state


def test_T10_eliminated_seat_gets_no_cards_and_is_skipped_in_later_rounds() -> None:
    """T10: an eliminated player is out of the game: later rounds deal them nothing, play
    passes over them, they cannot act, and they do not deal."""
    state = table(
        [["G4"], ["R+2"], ["Y9"], ["B1", "B2"]],
        ["G7"],
        uno_called=[0, 1, 2],
        scores=[0, 480, 0, 0],
        dealer=0,
        rules=ELIMINATION,
    )
    done = ok(state, "0 G4").state
    nxt = uno.next_round(done)
    assert isinstance(nxt, uno.GameState)
    assert nxt.eliminated == frozenset({1})
    assert nxt.hands[1] == ()
    assert all(len(nxt.hands[s]) >= 7 for s in (0, 2, 3))
    assert nxt.dealer == 2  # A6 left of seat 0 is seat 1, who is out
    assert nxt.active_seats == (0, 2, 3)
    assert_conserved(nxt)
    assert uno.legal_moves(nxt, 1) == ()
    refused(nxt, "1 draw", "seat-eliminated")
    final, turns = play_out(nxt)
    assert 1 not in turns
    assert len(set(turns)) == 3
    assert final.hands[1] == ()


def test_T10_when_two_remain_the_winner_of_their_round_wins_the_game() -> None:
    """T10: when two remain they play head to head; the winner of the final round wins the
    game, whatever the totals (here the round winner has the higher total)."""
    found = False
    for seed in range(40):
        state = table(
            [["G4"], ["R+2"], ["Y1"]],
            ["G7"],
            uno_called=[0, 1, 2],
            scores=[300, 480, 290],
            seed=seed,
            rules=ELIMINATION,
        )
        t = ok(state, "0 G4")
        assert t.state.eliminated == frozenset({1})
        assert not t.state.game_over  # two remain: a final round decides
        nxt = uno.next_round(t.state)
        assert isinstance(nxt, uno.GameState)
        final, _ = play_out(nxt)
        winner = final.round_winner
        assert winner in (0, 2)
        assert final.game_over
        assert final.game_winners == (winner,)
        other = 2 if winner == 0 else 0
        if final.scores[winner] > final.scores[other]:
            found = True
            break
    assert found, "no seed gave a final round won by the player with the higher total"


def test_T10_elimination_needs_running_low_contrast() -> None:
    """T10 / H13: without `elimination`, running_low ends the game at the target instead of
    eliminating (the lowest total wins)."""
    state = table(
        [["G4"], ["R+2"], ["Y9"]],
        ["G7"],
        uno_called=[0, 1, 2],
        scores=[0, 480, 0],
        rules=rules(scoring={"mode": "running_low"}),
    )
    t = ok(state, "0 G4")
    assert t.state.eliminated == frozenset()
    assert t.state.game_over and t.state.game_winners == (0,)
