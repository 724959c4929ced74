"""Card kinds and effect steps as data (docs/cards.md): the bundled data is read and checked
strictly, every table reads the kind, and a Wild Customizable's written rule is a list of
steps that the one interpreter applies."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import uno_rules as uno
from uno_rules.cards import KINDS, classic_deck
from uno_rules.kinds import KindDataError, Step, bundled_card_data, read_card_data, read_steps

from ..helpers import drew, events_of, kinds

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "src" / "uno_rules" / "data" / "cards.json"


def data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return loaded


# -- the data and its checks ----------------------------------------------------------------


def test_every_rank_has_exactly_one_kind_and_the_kind_gives_its_facts() -> None:
    ranks = [k.rank for k in bundled_card_data().kinds]
    assert sorted(ranks) == sorted(r.value for r in KINDS)
    assert [r.value for r in uno.Rank][: len(ranks)] == ranks  # then any declared ones
    card = uno.Card.parse("Y+2")
    assert card.kind.draw == 2 and card.points == 20 and card.name == "yellow Draw Two"
    assert uno.Card.parse("W+10").kind.draw == 10
    assert [s.op for s in uno.Card.parse("Wrev+4").kind.effect] == ["reverse", "next_draws"]


def test_no_per_rank_table_of_points_names_or_effects_outside_the_data() -> None:
    """Points, names, draw values and effects live in data/cards.json only: no module keeps
    a mapping from ranks to them."""
    table = re.compile(r"Rank\.\w+\s*:\s*(\d+|\"[A-Z])")
    for path in (ROOT / "src" / "uno_rules").rglob("*.py"):
        assert not table.search(path.read_text(encoding="utf-8")), path


def test_the_classic_deck_keeps_its_canonical_order() -> None:
    """Seeds give the same games as before card kinds were data: the 108 cards in the
    order B1.1 lists them, color by color."""
    deck = [str(c) for c in classic_deck()]
    assert deck[:3] == ["R0", "R1", "R1"] and deck[24] == "R+2" and deck[25] == "Y0"
    assert deck[-8:] == ["W"] * 4 + ["W+4"] * 4


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d["kinds"][0].update(points="5"), "kinds[0].points: expected int"),
        (lambda d: d["kinds"][0].update(colour=1), "kinds[0].colour: unknown key"),
        (lambda d: d["kinds"][10].update(effect=[{"skip": 0}]), "kinds[10].effect[0].skip"),
        (lambda d: d["kinds"][12].update(draw=3), "kinds[12].draw: 3 does not match"),
        (lambda d: d["kinds"][11].update(aliases=["s"]), "names two kinds"),
        (lambda d: d["decks"]["classic-108"]["wild"].append(["skip", 1]), "not a wild kind"),
        (lambda d: d["kinds"][1].pop("clause"), "kinds[1].clause: missing"),
    ],
)
def test_bad_card_data_is_refused_with_every_problem_and_its_path(
    change: Any, problem: str
) -> None:
    bad = data()
    change(bad)
    with pytest.raises(KindDataError) as raised:
        read_card_data(bad)
    assert any(problem in p for p in raised.value.problems), raised.value.problems


def test_the_bundled_data_reads_clean() -> None:
    read_card_data(data())


# -- effect steps --------------------------------------------------------------------------


def test_steps_read_every_op_and_refuse_what_is_not_one() -> None:
    steps, problems = read_steps(
        [
            {"skip": "everyone"},
            {"reverse": True},
            {"next_draws": 2},
            {"everyone_draws": 1},
            {"discard_color": True},
            {"swap_hands": True},
            {"rotate_hands": True},
            {"shuffle_hands": True},
            {"play_again": True},
            {"draw_until_color": {"chooser": "player", "victim_loses_turn": False}},
        ],
        "effect",
    )
    assert not problems
    assert steps[0] == Step("skip", everyone=True) and steps[-1].loses_turn is False
    _, problems = read_steps([{"custom": True}, {"skip": 1, "reverse": True}, "x"], "effect")
    assert problems == [
        "effect[0]: unknown step; expected one of skip, reverse, next_draws, everyone_draws, "
        "targeted_draws, player_draws, random_draws, draw_until_color, discard_color, "
        "discard_wilds, swap_hands, rotate_hands, pass_hands, shuffle_hands, play_again, "
        "discard_faces",
        "effect[1]: expected one step, a mapping with one key such as skip: 1",
        "effect[2]: expected one step, a mapping with one key such as skip: 1",
    ]


def custom(effect: Any, players: int = 3, **wc: Any) -> dict[str, Any]:
    return {
        "extends": "official-112",
        "extra_cards": {"wild_customizable": {"effect": effect, **wc}},
    }


def table(rules: Any, hands: list[Any], **fields: Any) -> uno.GameState:
    return uno.situation(
        {"rules": rules, "players": len(hands), "hands": hands, "discard": ["R3"], "turn": 0}
        | fields
    )


def test_a_written_rule_everyone_draws_one_then_the_next_is_skipped() -> None:
    state = table(custom([{"everyone_draws": 1}, {"skip": 1}]), [["WC", "R1"], ["B1"], ["Y1"]])
    t = uno.apply_or_raise(state, "0 WC blue")
    assert drew(t.events) == [(1, 1), (2, 1)]
    assert [e.seat for e in events_of(t.events, "skipped")] == [1]
    assert t.state.turn == 2 and t.state.color is uno.Color.BLUE


def test_a_written_rule_that_swaps_hands_takes_a_target() -> None:
    state = table(custom([{"swap_hands": True}]), [["WC", "R1"], ["B1"], ["Y1", "Y2"]])
    assert uno.refusal(state, "0 WC red").code == "target-required"
    assert "0 WC red >2" in {str(m) for m in uno.legal_moves(state)}
    after = uno.apply_or_raise(state, "0 WC red >2").state
    assert after.hands[0] == uno.parse_cards("Y1 Y2") and after.hands[2] == uno.parse_cards("R1")


def test_a_written_draw_penalty_is_drawn_as_the_rule_set_allows() -> None:
    state = table(custom([{"next_draws": 3}]), [["WC", "R1"], ["B1"], ["Y1"]])
    t = uno.apply_or_raise(state, "0 WC red")
    assert drew(t.events) == [(1, 3)] and t.state.turn == 2
    stacking = custom([{"next_draws": 3}]) | {"house_rules": {"stacking": {"enabled": True}}}
    pending = uno.apply_or_raise(table(stacking, [["WC", "R1"], ["B1"], ["Y1"]]), "0 WC red")
    assert pending.state.decision == uno.Decision("penalty", 1)
    assert pending.state.penalty is not None and pending.state.penalty.amount == 3
    assert uno.load_state(uno.dump_state(pending.state)) == pending.state


def test_a_written_rule_plays_again_and_round_trips_through_to_dict() -> None:
    rules = uno.load_preset(custom([{"reverse": True}, {"play_again": True}]))
    assert uno.load_preset(rules.to_dict()) == rules
    t = uno.apply_or_raise(table(rules, [["WC", "R1"], ["B1"], ["Y1"]]), "0 WC green")
    assert kinds(t.events)[-2:] == ["reversed", "extra-turn"] and t.state.turn == 0


def test_a_written_rule_with_an_unknown_step_names_its_path() -> None:
    with pytest.raises(uno.PresetError) as raised:
        uno.load_preset(custom([{"skip": 1}, {"draw_six": 6}]))
    assert raised.value.problems[0].startswith(
        "extra_cards.wild_customizable.effect[1]: unknown step"
    )
