"""UNO Show 'Em No Mercy (docs/no-mercy.md, N1-N17 and the Defaults): the bundled presets
``no-mercy`` and ``no-mercy-points`` on the 168-card deck."""

from __future__ import annotations

from typing import Any

import pytest

import uno_rules as uno

from ..helpers import all_cards, drew, events_of, pending, sizes
from ..helpers_decks import no_mercy_deck

DECK = no_mercy_deck()


def table(
    hands: list[Any], discard: list[str], rules: Any = "no-mercy", **fields: Any
) -> uno.GameState:
    description: dict[str, Any] = {
        "rules": rules,
        "players": len(hands),
        "hands": hands,
        "discard": discard,
        "turn": 0,
    }
    description.update(fields)
    return uno.situation(description)


def ok(state: uno.GameState, move: str) -> uno.Transition:
    before = uno.dump_state(state)
    assert uno.validate(state, move) is None, f"{move!r}: {uno.validate(state, move)}"
    assert move in {str(m) for m in uno.legal_moves(state, int(move.split()[0]))}, move
    result = uno.apply(state, move)
    assert isinstance(result, uno.Transition), result
    assert uno.dump_state(state) == before
    assert all_cards(result.state) == DECK  # N1: 168 cards, always
    return result


def run(state: uno.GameState, *moves: str) -> tuple[uno.GameState, list[Any]]:
    events: list[Any] = []
    for move in moves:
        t = ok(state, move)
        state = t.state
        events += t.events
    return state, events


def refused(state: uno.GameState, move: str, code: str, rule: str | None = None) -> uno.Violation:
    result = uno.apply(state, move)
    assert isinstance(result, uno.Violation), f"{move!r} was accepted"
    assert result.code == code, result
    if rule is not None:
        assert result.rule == rule, result
    assert move not in {str(m) for m in uno.legal_moves(state, int(move.split()[0]))}
    return result


# -- N1 the deck and its notation ------------------------------------------------------


def test_n1_the_deck_has_168_cards_as_listed() -> None:
    rules = uno.load_preset("no-mercy")
    state = uno.new_game(rules, players=4, seed=3)
    assert sum(DECK.values()) == 36 * 4 + 24 == 168
    assert all_cards(state) == DECK
    assert not any(c.rank in (uno.Rank.WILD, uno.Rank.WILD_DRAW_FOUR) for c in DECK)


@pytest.mark.parametrize(
    ("text", "canonical", "name"),
    [
        ("R+4", "R+4", "red Draw Four"),
        ("r-draw4", "R+4", "red Draw Four"),
        ("Gskipall", "Gskipall", "green Skip Everyone"),
        ("g-skip-everyone", "Gskipall", "green Skip Everyone"),
        ("b-discard-all", "Bdiscardall", "blue Discard All"),
        ("W+6", "W+6", "Wild Draw 6"),
        ("w-draw10", "W+10", "Wild Draw 10"),
        ("W-reverse-draw4", "Wrev+4", "Wild Reverse Draw 4"),
        ("w-color-roulette", "Wroulette", "Wild Color Roulette"),
    ],
)
def test_n1_notation_reads_the_no_mercy_cards(text: str, canonical: str, name: str) -> None:
    card = uno.Card.parse(text)
    assert str(card) == canonical and uno.Card.parse(canonical) is card
    assert card.name == name


def test_n1_a_classic_table_refuses_no_mercy_cards() -> None:
    with pytest.raises(uno.SituationError, match="classic-108"):
        uno.situation({"players": 2, "hands": [["R+4"], 3], "discard": ["R5"]})


# -- N2 the first card --------------------------------------------------------------------


def test_n2_only_a_number_card_starts_the_discard_pile() -> None:
    returned = 0
    for seed in range(60):
        deal = uno.deal_game("no-mercy", 3, seed)
        assert deal.state.top_card.number is not None, seed
        returned += len(events_of(deal.events, "returned-and-reflipped"))
    assert returned > 0  # action cards (Skip Everyone, Reverse, wilds...) were turned back


# -- N3 draw until playable, and play it ---------------------------------------------------


def test_n3_no_matching_card_draws_until_playable_and_must_play_it() -> None:
    state = table([["B5", "Y7"], 5], ["R3"], draw_pile=["G1", "Y9", "R8", "B2"], color="red")
    after = ok(state, "0 draw").state
    assert after.drawn == uno.Card.parse("R8") and sizes(after)[0] == 5
    refused(after, "0 pass", "must-play-drawn-card", "H02")
    ok(after, "0 R8")


# -- N4 stacking by equal or higher value ----------------------------------------------------


def test_n4_a_draw_card_answers_with_equal_or_higher_value_any_color() -> None:
    state = table([["R+2", "R1"], ["B+2", "G+4", "W+6", "Y1"], ["R+4", "W+10", "B1"]], ["R3"])
    s1 = ok(state, "0 R+2").state
    assert pending(s1) == (1, 2)
    ok(s1, "1 B+2")  # equal, another color
    ok(s1, "1 G+4")  # higher, another color
    s2 = ok(s1, "1 W+6 green").state
    assert pending(s2) == (2, 8)
    refused(s2, "2 R+4", "cannot-stack", "H01")  # lower than the +6
    s3 = ok(s2, "2 W+10 blue").state
    assert pending(s3) == (0, 18) and s3.color is uno.Color.BLUE


def test_n4_the_sheets_example_four_then_six_is_ten() -> None:
    state = table([["Y+4", "Y1"], ["W+6", "B1"], ["R+2", "W+6", "G3"]], ["Y3"])
    s, _ = run(state, "0 Y+4", "1 W+6 red")
    assert pending(s) == (2, 10)
    refused(s, "2 R+2", "cannot-stack", "H01")
    s, events = run(s, "2 accept")
    assert drew(events) == [(2, 10)] and s.turn == 0


# -- N5 mercy ------------------------------------------------------------------------------


def test_n5_twenty_five_cards_knock_a_player_out_and_the_hand_is_set_aside() -> None:
    state = table([["R+2", "R1"], 23, ["B1", "B2"]], ["R3"])
    s = ok(state, "0 R+2").state
    s, events = run(s, "1 accept")
    assert 1 in s.eliminated and s.hands[1] == ()
    assert events_of(events, "eliminated")[0].reason == "mercy"
    assert s.turn == 2  # play passes over the seat that is out
    refused(s, "1 draw", "seat-eliminated", "H16")


def test_n5_the_last_player_standing_wins() -> None:
    state = table([["R+2", "R1"], 23], ["R3"])
    s, _ = run(state, "0 R+2", "1 accept")
    assert s.game_over and s.game_winners == (0,)


# -- N6, N7 sevens and zeros ------------------------------------------------------------------


def test_n6_a_seven_must_swap_with_a_chosen_player() -> None:
    state = table([["R7", "R1", "G2"], ["B1"], ["Y1", "Y2", "Y3"]], ["R3"])
    refused(state, "0 R7", "target-required", "A31")
    s = ok(state, "0 R7 >2").state
    assert s.hands[0] == uno.parse_cards("Y1 Y2 Y3") and s.hands[2] == uno.parse_cards("R1 G2")


def test_n6_a_seven_as_the_last_card_goes_out_without_a_swap() -> None:
    state = table([["R7"], ["B1"]], ["R3"])
    s = ok(state, "0 R7").state
    assert s.round_over and s.round_winner == 0


def test_n7_a_zero_passes_every_hand_on() -> None:
    state = table([["R0", "R1"], ["B1"], ["Y1", "Y2"]], ["R3"])
    s = ok(state, "0 R0").state
    assert s.hands == (uno.parse_cards("Y1 Y2"), uno.parse_cards("R1"), uno.parse_cards("B1"))


# -- N10 - N12 draw cards, Reverse, Skip, Skip Everyone ----------------------------------------


def test_n10_a_draw_four_in_a_color_makes_the_next_player_draw_four() -> None:
    state = table([["G+4", "R1"], ["B1"], ["Y1"]], ["G3"])
    s, events = run(state, "0 G+4", "1 accept")
    assert drew(events) == [(1, 4)] and s.turn == 2


def test_n11_a_reverse_with_two_players_skips_the_other() -> None:
    state = table([["Rrev", "R1"], ["B1"]], ["R3"])
    s = ok(state, "0 Rrev").state
    assert s.turn == 0 and s.direction == 1


def test_n12_skip_everyone_skips_every_other_player() -> None:
    state = table([["Rskipall", "R1"], ["B1"], ["Y1"], ["G1"]], ["R3"])
    t = ok(state, "0 Rskipall")
    assert [e.seat for e in events_of(t.events, "skipped")] == [1, 2, 3]
    assert t.state.turn == 0


def test_n12_skip_everyone_with_two_players_plays_again() -> None:
    state = table([["Rskipall", "R1"], ["B1"]], ["R3"])
    assert ok(state, "0 Rskipall").state.turn == 0


# -- N13 Discard All ----------------------------------------------------------------------------


def test_n13_discard_all_puts_the_cards_of_its_color_under_it() -> None:
    state = table([["Rdiscardall", "R1", "R+2", "B4", "G5"], ["B1"]], ["R3"])
    t = ok(state, "0 Rdiscardall")
    s = t.state
    assert s.hands[0] == uno.parse_cards("B4 G5")
    assert s.top_card == uno.Card.parse("Rdiscardall")
    assert set(s.discard_pile[-3:-1]) == set(uno.parse_cards("R1 R+2"))
    assert events_of(t.events, "discarded")[0].cards == uno.parse_cards("R1 R+2")
    assert s.turn == 1


def test_n13_discard_all_may_go_out_and_counts_the_uno_call_after_it() -> None:
    out = table([["Rdiscardall", "R1", "R2"], ["B1"]], ["R3"])
    s = ok(out, "0 Rdiscardall").state
    assert s.round_over and s.round_winner == 0
    one = table([["Rdiscardall", "R1", "B2"], ["B1", "G1"]], ["R3"])
    s = ok(one, "0 Rdiscardall uno").state
    assert s.hands[0] == uno.parse_cards("B2") and 0 in s.uno_called
    assert uno.validate(one, "0 Rdiscardall") is None
    assert 0 in ok(one, "0 Rdiscardall").state.uno_open  # B9.3: catchable


# -- N14 Wild Reverse Draw 4 ----------------------------------------------------------------------


def test_n14_reverse_then_the_next_player_in_the_new_direction_draws_four() -> None:
    state = table([["Wrev+4", "R1"], ["B1"], ["Y1"], ["G1"]], ["R3"])
    s = ok(state, "0 Wrev+4 blue").state
    assert s.direction == -1 and pending(s) == (3, 4)
    s, events = run(s, "3 accept")
    assert drew(events) == [(3, 4)] and s.turn == 2


def test_n14_with_two_players_the_player_draws_four_unless_they_stack() -> None:
    state = table([["Wrev+4", "W+6", "R1"], ["B1", "B2"]], ["R3"])
    s = ok(state, "0 Wrev+4 blue").state
    assert pending(s) == (0, 4)
    stacked = ok(s, "0 W+6 red").state
    assert pending(stacked) == (1, 10)
    s, events = run(s, "0 accept")
    assert drew(events) == [(0, 4)] and s.turn == 1


@pytest.mark.parametrize("preset", ["no-mercy", "no-mercy-points"])
@pytest.mark.parametrize("mercy", [True, False])
def test_n14_with_two_players_a_last_wild_reverse_draw_4_does_not_go_out(
    preset: str, mercy: bool
) -> None:
    # Default: its own player draws the 4 and holds them; the round goes on
    rules = uno.load_preset(
        {"extends": preset, "name": "n14", "house_rules": {"mercy": {"enabled": mercy}}}
    )
    state = table([["Wrev+4"], ["B1", "B2"]], ["R3"], rules=rules)
    s, events = run(state, "0 Wrev+4 blue")
    assert drew(events) == [(0, 4)] and sizes(s) == (4, 2)
    assert not s.round_over and s.turn == 1 and s.scores == (0, 0)
    assert uno.load_state(uno.dump_state(s)) == s


# -- N15 Wild Color Roulette ---------------------------------------------------------------------


def test_n15_roulette_the_next_player_names_a_color_and_turns_cards_until_it() -> None:
    state = table(
        [["Wroulette", "R1"], ["B1"], ["Y1"]], ["R3"], draw_pile=["Y5", "W+6", "B7", "G2", "R9"]
    )
    refused(state, "0 Wroulette red", "color-not-allowed", "N15")
    s = ok(state, "0 Wroulette").state
    assert s.decision == uno.Decision("choose-color", 1) and s.color is uno.Color.RED
    refused(s, "2 color green", "not-your-turn")
    s, events = run(s, "1 color green")
    assert drew(events) == [(1, 4)]  # Y5, W+6 (a wild is no color), B7, G2
    assert s.hands[1][-1] == uno.Card.parse("G2")
    assert s.color is uno.Color.GREEN and s.turn == 2


def test_n15_roulette_with_no_card_of_the_color_left_turns_every_card() -> None:
    state = table([["Wroulette", "R1"], ["B1"]], ["R3"], draw_pile=["Y5", "B7"], draw_pile_size=2)
    s, events = run(state, "0 Wroulette", "1 color green")
    assert drew(events)[0][0] == 1 and s.turn == 0
    assert all_cards(s) == DECK


def test_n15_roulette_is_no_draw_card_and_cannot_be_stacked() -> None:
    state = table([["R+2", "R1"], ["Wroulette", "B1"], ["Y1"]], ["R3"])
    s = ok(state, "0 R+2").state
    refused(s, "1 Wroulette", "cannot-stack")


# -- N16 points ----------------------------------------------------------------------------------


def test_n16_the_winner_scores_cards_and_250_for_each_knockout() -> None:
    state = table([["R+2", "R1"], 23, ["R5", "Bskip", "W+10"]], ["R3"], rules="no-mercy-points")
    s, _ = run(state, "0 R+2", "1 accept")
    assert 1 in s.eliminated and not s.round_over
    s, events = run(s, "2 R5", "0 R1")
    assert s.round_over and s.round_winner == 0
    ended = events_of(events, "round-ended")[0]
    assert ended.points[0] == 20 + 50 + 250  # Skip 20, Wild Draw 10 50, one knockout
    nxt = uno.next_round(s)
    assert isinstance(nxt, uno.GameState) and not nxt.eliminated  # dealt in again


def test_n16_points_are_off_in_the_plain_preset() -> None:
    assert uno.load_preset("no-mercy").scoring.knockout_points == 0
    assert uno.load_preset("no-mercy-points").scoring.target == 1000
    with pytest.raises(uno.PresetError, match="knockout_points: has no effect"):
        uno.load_preset({"extends": "official", "scoring": {"knockout_points": 250}})


# -- N17 no challenge ------------------------------------------------------------------------


def test_n17_no_draw_card_can_be_challenged() -> None:
    state = table([["W+6", "R1"], ["B1"]], ["R3"])
    s = ok(state, "0 W+6 blue").state
    refused(s, "1 challenge", "no-challenge-pending", "B8.3")


# -- playing the whole game -----------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["no-mercy", "no-mercy-points"])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_random_games_keep_168_cards_and_end(preset: str, players: int) -> None:
    import random

    for seed in range(2):
        rng = random.Random(seed)
        state = uno.new_game(preset, players, seed)
        for step in range(5000):
            if state.game_over:
                break
            if state.round_over:
                nxt = uno.next_round(state)
                assert isinstance(nxt, uno.GameState)
                state = nxt
                continue
            moves = uno.legal_moves(state)
            assert moves
            state = uno.apply_or_raise(state, rng.choice(moves)).state
            assert all_cards(state) == DECK
            if step % 5 == 0:
                assert uno.load_state(uno.dump_state(state)) == state
        assert state.game_over, (preset, players, seed)


# -- the docs ----------------------------------------------------------------------------------


def test_every_no_mercy_clause_the_code_cites_has_an_anchor() -> None:
    """A ruling's N clause links to docs/no-mercy.md (``clause_link``), which has it."""
    import re
    from pathlib import Path

    from uno_rules.clauses import CLAUSES, clause_link, clause_text

    root = Path(__file__).resolve().parents[3]
    page = (root / "docs" / "no-mercy.md").read_text(encoding="utf-8")
    cited = {c for c in CLAUSES if c.startswith("N")}
    cited |= set(re.findall(r'"(N\d+)"', (root / "src/uno_rules/data/cards.json").read_text()))
    assert cited >= {"N10", "N12", "N13", "N14", "N15"}
    for clause in sorted(cited):
        assert clause_link(clause) == f"docs/no-mercy.md#{clause.lower()}"
        assert f'<a id="{clause.lower()}"></a>**{clause} ' in page, clause
        assert not clause_text(clause).startswith("Clause ")
