"""A special card declared from steps alone (docs/cards.md): the themed edition's wild that
lets its player also put down every card of their hand showing a marked face (the 2, 6 and
9 of every color). Two ways to write it, each held to the same tests: a card kind of the
preset's own (``card_kinds``, K1-K5), and a Wild Customizable's written rule
(``discard_faces``, E3.3)."""

from __future__ import annotations

from collections import Counter
from typing import Any, NamedTuple

import pytest

import uno_rules as uno
from uno_rules.cards import classic_deck
from uno_rules.kinds import Step, read_steps, step_to_plain
from uno_rules.testing import battery, check_move, random_playout

from ..helpers import kinds, refused

MARKED = [{"discard_faces": [2, 6, 9]}]
THEMED: dict[str, Any] = {  # K1: a kind of the preset's own, 4 of them, 50 points
    "extends": "official",
    "name": "themed",
    "card_kinds": [
        {
            "rank": "Wmarked",
            "name": "Wild Marked Cards",
            "wild": True,
            "count": 4,
            "points": 50,
            "effect": MARKED,
        }
    ],
}
THEMED_WC: dict[str, Any] = {  # E3.3: the 2018 deck's Wild Customizable with the rule written
    "extends": "official",
    "name": "themed-wc",
    "deck": "shuffle-112-2018",
    "extra_cards": {
        "wild_shuffle_hands": {"enabled": False},
        "wild_customizable": {"count": 4, "effect": MARKED},
    },
    "scoring": {"values": {"wild_extra": 50}},
}


class Form(NamedTuple):
    preset: dict[str, Any]
    card: str  # the special wild's text
    clause: str  # the clause its play cites


FORMS = {"kind": Form(THEMED, "Wmarked", "B5.3"), "wc": Form(THEMED_WC, "WC", "E3.2")}


@pytest.fixture(params=list(FORMS))
def form(request: pytest.FixtureRequest) -> Form:
    return FORMS[request.param]


def table(form: Form, hand: list[str], **more: Any) -> uno.GameState:
    return uno.situation(
        {"rules": form.preset, "players": 3, "hands": [hand, 4, 4], "discard": ["Y3"], **more}
    )


def test_the_deck_is_the_108_cards_and_four_special_wilds_of_50_points(form: Form) -> None:
    rules = uno.load_preset(form.preset)
    special = uno.Card.parse(form.card)
    state = uno.new_game(rules, players=2)
    everything = Counter(state.draw_pile) + Counter(state.discard_pile)
    for hand in state.hands:
        everything.update(hand)
    assert everything == Counter(classic_deck()) + Counter({special: 4})
    assert uno.load_preset(rules.to_dict()) == rules  # the step round-trips as data
    assert uno.rules.scoring.card_points(rules, special) == 50


def test_the_player_may_put_down_every_marked_card_the_top_one_setting_color_and_number(
    form: Form,
) -> None:
    wc = form.card
    state = table(form, [f"{wc}", "R2", "B6", "G5", "B9"])
    listed = [str(m) for m in uno.legal_moves(state) if isinstance(m, uno.Play)]
    # a plain Wild in each color, or with all three marked cards, each of them on top
    assert f"0 {wc} red" in listed and f"0 {wc} B6 B9 R2" in listed
    discards = {m.removesuffix(" uno") for m in listed if len(m.split()) > 3}
    assert discards == {f"0 {wc} B6 B9 R2", f"0 {wc} R2 B9 B6", f"0 {wc} R2 B6 B9"}
    played = check_move(state, f"0 {wc} R2 B9 B6")
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
def test_some_of_the_marked_cards_or_an_unmarked_one_is_refused(form: Form, move: str) -> None:
    wc = form.card
    state = table(form, [f"{wc}", "R2", "B6", "G5", "B9"])
    refused(state, move.replace("WC", wc), "marked-cards-only", form.clause)


def test_no_color_is_named_when_the_marked_cards_go_down(form: Form) -> None:
    wc = form.card
    state = table(form, [f"{wc}", "R2", "G5"])
    violation = uno.refusal(
        state, uno.Play(0, uno.Card.parse(wc), color=uno.Color.RED, extra=(uno.Card.parse("R2"),))
    )
    assert violation.code == "color-not-allowed"


def test_without_a_marked_card_it_is_a_plain_wild(form: Form) -> None:
    wc = form.card
    state = table(form, [f"{wc}", "R1", "G5"])
    plays = [str(m) for m in uno.legal_moves(state) if isinstance(m, uno.Play)]
    assert sorted(p for p in plays if p.startswith(f"0 {wc}")) == [
        f"0 {wc} blue",
        f"0 {wc} green",
        f"0 {wc} red",
        f"0 {wc} yellow",
    ]
    ruling = uno.rule_on(state, f"0 {wc} green")
    assert ruling.legal and ruling.state.color is uno.Color.GREEN and ruling.state.turn == 1


def test_the_player_may_go_out_this_way_calling_uno_before_the_last_card(form: Form) -> None:
    wc = form.card
    state = table(form, [f"{wc}", "R2", "B6"])
    listed = {str(m) for m in uno.legal_moves(state)}
    assert {f"0 {wc} B6 R2", f"0 {wc} R2 B6"} <= listed
    out = check_move(state, f"0 {wc} R2 B6")
    assert isinstance(out, uno.Transition) and out.state.round_over
    assert out.state.round_winner == 0
    # with one card left after the play, the call goes with it
    three = table(form, [f"{wc}", "R2", "B6", "G5"])
    assert f"0 {wc} R2 B6 uno" in {str(m) for m in uno.legal_moves(three)}
    called = check_move(three, f"0 {wc} R2 B6 uno")
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
        uno.load_preset({**THEMED_WC, "extra_cards": {"wild_customizable": {"count": 4}}})


def test_the_themed_rules_keep_the_engines_contract(form: Form) -> None:
    # Long enough games that a hand's marked cards change under a listing the fast path
    # keeps: it once kept the marked plays of the first such hand (fixed in 0.4).
    report = battery(form.preset, players=(2, 3, 4), seeds=(1, 2, 3), limit=150)
    assert report.states > 1000 and report.fast_listed > 0
    final, moves = random_playout(form.preset, 3, 2, 2, max_moves=50_000)
    assert final.game_over
    assert any(m.split()[1] == form.card and len(m.split()) > 3 for m in moves)


def test_the_rl_environment_refuses_the_play_it_has_no_actions_for() -> None:
    from uno_rules.env import EnvError, UnoEnv  # (the test extra installs the rl extra)

    with pytest.raises(EnvError, match="discard_faces"):
        UnoEnv(THEMED_WC, 3)
