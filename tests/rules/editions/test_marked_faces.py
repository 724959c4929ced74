"""A special card declared from steps alone (docs/cards.md): the themed edition's wild that
lets its player also put down every card of their hand showing a marked face (the 2, 6 and
9 of every color), written as a preset's Wild Customizable rule, ``discard_faces``."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import uno_rules as uno
from uno_rules.cards import classic_deck
from uno_rules.kinds import Step, read_steps, step_to_plain
from uno_rules.testing import battery, check_move, random_playout

from ..helpers import kinds, refused

THEMED: dict[str, Any] = {
    "extends": "official",
    "name": "themed",
    "deck": "shuffle-112-2018",
    "extra_cards": {
        "wild_shuffle_hands": {"enabled": False},
        "wild_customizable": {"count": 4, "effect": [{"discard_faces": [2, 6, 9]}]},
    },
    "scoring": {"values": {"wild_extra": 50}},
}
WC = uno.Card.parse("WC")


def table(hand: list[str], **more: Any) -> uno.GameState:
    return uno.situation(
        {"rules": THEMED, "players": 3, "hands": [hand, 4, 4], "discard": ["Y3"], **more}
    )


def test_the_deck_is_the_108_cards_and_four_special_wilds_of_50_points() -> None:
    rules = uno.load_preset(THEMED)
    state = uno.new_game(rules, players=2)
    everything = Counter(state.draw_pile) + Counter(state.discard_pile)
    for hand in state.hands:
        everything.update(hand)
    assert everything == Counter(classic_deck()) + Counter({WC: 4})
    assert uno.load_preset(rules.to_dict()) == rules  # the step round-trips as data
    assert uno.rules.scoring.card_points(rules, WC) == 50


def test_the_player_may_put_down_every_marked_card_the_top_one_setting_color_and_number() -> None:
    state = table(["WC", "R2", "B6", "G5", "B9"])
    listed = [str(m) for m in uno.legal_moves(state) if isinstance(m, uno.Play)]
    # a plain Wild in each color, or with all three marked cards, each of them on top
    assert "0 WC red" in listed and "0 WC B6 B9 R2" in listed
    discards = {m.removesuffix(" uno") for m in listed if len(m.split()) > 3}
    assert discards == {"0 WC B6 B9 R2", "0 WC R2 B9 B6", "0 WC R2 B6 B9"}
    played = check_move(state, "0 WC R2 B9 B6")
    assert isinstance(played, uno.Transition)
    after = played.state
    assert after.top_card == uno.Card.parse("B6") and after.color is uno.Color.BLUE
    assert after.hands[0] == (uno.Card.parse("G5"),)
    assert kinds(played.events).count("played") == 4
    assert after.turn == 1 and after.uno_open == frozenset({0})  # one card left, no call


@pytest.mark.parametrize(
    "move",
    ["0 WC R2", "0 WC R2 B6", "0 WC R2 B6 B9 G5", "0 WC G5 R2 B6 B9", "0 WC B9 R2 B6"],
)
def test_some_of_the_marked_cards_or_an_unmarked_one_is_refused(move: str) -> None:
    state = table(["WC", "R2", "B6", "G5", "B9"])
    refused(state, move, "marked-cards-only", "E3.2")


def test_no_color_is_named_when_the_marked_cards_go_down() -> None:
    state = table(["WC", "R2", "G5"])
    violation = uno.refusal(
        state, uno.Play(0, WC, color=uno.Color.RED, extra=(uno.Card.parse("R2"),))
    )
    assert violation.code == "color-not-allowed"


def test_without_a_marked_card_it_is_a_plain_wild() -> None:
    state = table(["WC", "R1", "G5"])
    plays = [str(m) for m in uno.legal_moves(state) if isinstance(m, uno.Play)]
    assert sorted(p for p in plays if p.startswith("0 WC")) == [
        "0 WC blue",
        "0 WC green",
        "0 WC red",
        "0 WC yellow",
    ]
    ruling = uno.rule_on(state, "0 WC green")
    assert ruling.legal and ruling.state.color is uno.Color.GREEN and ruling.state.turn == 1


def test_the_player_may_go_out_this_way_calling_uno_before_the_last_card() -> None:
    state = table(["WC", "R2", "B6"])
    listed = {str(m) for m in uno.legal_moves(state)}
    assert {"0 WC B6 R2", "0 WC R2 B6"} <= listed
    out = check_move(state, "0 WC R2 B6")
    assert isinstance(out, uno.Transition) and out.state.round_over
    assert out.state.round_winner == 0
    # with one card left after the play, the call goes with it
    three = table(["WC", "R2", "B6", "G5"])
    assert "0 WC R2 B6 uno" in {str(m) for m in uno.legal_moves(three)}
    called = check_move(three, "0 WC R2 B6 uno")
    assert isinstance(called, uno.Transition) and 0 in called.state.uno_called


def test_the_step_is_read_and_written_as_data() -> None:
    steps, problems = read_steps([{"discard_faces": [9, 2, 6]}], "effect")
    assert problems == [] and steps == (Step("discard_faces", faces=(2, 6, 9)),)
    assert step_to_plain(steps[0]) == {"discard_faces": [2, 6, 9]}
    for bad in ([], [2, 2], [10], "2 6 9", [True]):
        _, problems = read_steps([{"discard_faces": bad}], "effect")
        assert problems == [
            "effect[0].discard_faces: expected a list of distinct numbers from 0 to 9, "
            "such as [2, 6, 9]"
        ], bad


def test_a_fourth_customizable_needs_the_decks_special_wild_left_out() -> None:
    with pytest.raises(uno.PresetError, match=r"wild_customizable\.count: a fourth"):
        uno.load_preset({**THEMED, "extra_cards": {"wild_customizable": {"count": 4}}})


def test_the_themed_rules_keep_the_engines_contract() -> None:
    report = battery(THEMED, players=(2, 3), seeds=(1, 2), limit=40)
    assert report.states == 160 and report.fast_listed > 0
    final, moves = random_playout(THEMED, 3, 2, 2, max_moves=50_000)
    assert final.game_over
    assert any(m.startswith(("0 WC", "1 WC", "2 WC")) and len(m.split()) > 3 for m in moves)


def test_the_rl_environment_refuses_the_play_it_has_no_actions_for() -> None:
    from uno_rules.env import EnvError, UnoEnv  # (the test extra installs the rl extra)

    with pytest.raises(EnvError, match="discard_faces"):
        UnoEnv(THEMED, 3)
