"""The open game model's promises, each a defect once: a rule installed from another
package is asked about every card played (draw cards included), its turn draw may bring no
card, its parameters may be floats, lists and mappings, and two settings that claim the
same moment are reported; the new steps (targeted_draws, player_draws, pass_hands,
random_draws) and whole decks (deck: none, deck_counts, card_kinds merged through
extends) need no code."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import uno_rules as uno
from house_rule_plugin import installed
from uno_rules.kinds import read_steps, step_to_plain
from uno_rules.rules.deck import build_deck

from ..helpers import kinds

TARGETED_W4 = """
from attrs import field, frozen

from uno_rules.cards import Rank
from uno_rules.rules.hooks import HouseRule, Touches


@frozen
class Targeted:
    enabled: bool = field(default=False, metadata={"doc": "W+4 names who.", "clause": "X10"})


class TargetedRule(HouseRule):
    name = "test_targeted_w4"
    clause = "X10"
    params = Targeted
    clauses = {"X10": "A Wild Draw Four makes the seat its player names draw four."}

    def target(self, card, goes_out, params):
        if card.rank is Rank.WILD_DRAW_FOUR:
            return (True, "X10", "X10")
        return None

    def play_effect(self, b, ctx, params):
        if ctx.card.rank is not Rank.WILD_DRAW_FOUR or ctx.move.target is None:
            return False
        b.draw_cards(ctx.move.target, 4, "penalty")
        b.turn = b.next(ctx.move.seat)
        return True

    def legal_clause(self, state, move, kind, params):
        card = getattr(move, "card", None)
        return "X10" if card is not None and card.rank is Rank.WILD_DRAW_FOUR else None


RULE = TargetedRule()
"""

EMPTY_DRAW = """
from attrs import field, frozen

from uno_rules.rules.hooks import HouseRule


@frozen
class Nothing:
    enabled: bool = field(default=False, metadata={"doc": "No card.", "clause": "X11"})
    odds: float = field(default=0.5, metadata={"doc": "Odds.", "clause": "X11", "min": 0, "max": 1})
    names: list[str] = field(factory=list, metadata={"doc": "Names.", "clause": "X11"})
    table: dict[str, int] = field(factory=dict, metadata={"doc": "Counts.", "clause": "X11"})


class NothingRule(HouseRule):
    name = "test_empty_draw"
    clause = "X11"
    params = Nothing

    def turn_draw(self, state, seat, voluntary, source, params):
        return (), False


RULE = NothingRule()
"""

BAD_TYPE = """
from attrs import field, frozen

from uno_rules.rules.hooks import HouseRule


@frozen
class Odd:
    enabled: bool = field(default=False, metadata={"doc": "On.", "clause": "X12"})
    when: complex = field(default=1j, metadata={"doc": "A type no preset holds.", "clause": "X12"})


class OddRule(HouseRule):
    name = "test_odd_type"
    clause = "X12"
    params = Odd


RULE = OddRule()
"""


KNOCKOUT = """
from attrs import field, frozen

from uno_rules.events import Eliminated
from uno_rules.rules.hooks import HouseRule, OutOfGame


@frozen
class Knockout:
    enabled: bool = field(default=False, metadata={"doc": "12 cards: out.", "clause": "X13"})


class KnockoutRule(HouseRule):
    name = "test_knockout"
    clause = "X13"
    params = Knockout

    def out_of_game(self, state, params):
        return OutOfGame("X13")

    def after_move(self, b, params):
        for seat in b.active():
            if len(b.hands[seat]) >= 12 and len(b.active()) > 2:
                b.put_under(b.hands[seat])
                b.hands[seat] = ()
                b.eliminated = b.eliminated | {seat}
                b.events.append(Eliminated(seat, "X13"))


RULE = KnockoutRule()
"""


@pytest.fixture
def plugins(tmp_path: Path) -> Any:
    with installed(
        tmp_path,
        {
            "targeted_w4": TARGETED_W4,
            "empty_draw": EMPTY_DRAW,
            "odd_type": BAD_TYPE,
            "knockout": KNOCKOUT,
        },
        {
            "test_targeted_w4": "targeted_w4:RULE",
            "test_empty_draw": "empty_draw:RULE",
            "test_odd_type": "odd_type:RULE",
            "test_knockout": "knockout:RULE",
        },
    ):
        yield


def test_a_seat_an_installed_rule_eliminated_loads_back(plugins: Any) -> None:
    rules = uno.load_preset(
        {"extends": "official", "name": "ko", "house_rules": {"test_knockout": {"enabled": True}}}
    )
    table = uno.situation(
        {"rules": rules, "players": 3, "hands": [["W+4", "R1"], 11, 3], "discard": ["G5"]}
    )
    played = uno.apply_or_raise(table, "0 W+4 red").state
    out = uno.apply_or_raise(played, "1 accept").state
    assert out.eliminated == {1}
    assert uno.load_state(uno.dump_state(out)) == out
    again = uno.situation(
        {
            "rules": rules,
            "players": 3,
            "hands": [["R1"], 0, 3],
            "discard": ["G5"],
            "eliminated": [1],
        }
    )
    assert again.eliminated == {1}


def test_play_effect_is_asked_for_a_draw_card(plugins: Any) -> None:
    rules = uno.load_preset(
        {
            "extends": "official",
            "name": "targeted",
            "house_rules": {"test_targeted_w4": {"enabled": True}},
        }
    )
    table = uno.situation(
        {"rules": rules, "players": 3, "hands": [["W+4", "R1"], 3, 3], "discard": ["G5"]}
    )
    played = uno.apply_or_raise(table, "0 W+4 red >2")
    assert [len(h) for h in played.state.hands] == [1, 3, 7]  # the named seat drew
    assert played.state.turn == 1


def test_a_turn_draw_of_no_card_ends_the_turn(plugins: Any) -> None:
    rules = uno.load_preset(
        {
            "extends": "official",
            "name": "empty",
            "house_rules": {"test_empty_draw": {"enabled": True}},
        }
    )
    table = uno.situation(
        {"rules": rules, "players": 3, "hands": [["R1"], 3, 3], "discard": ["G5"]}
    )
    drew = uno.apply_or_raise(table, "0 draw")
    assert kinds(drew.events) == ["drew", "passed"]
    assert drew.state.turn == 1 and drew.events[0].count == 0


def test_rule_parameters_may_be_floats_lists_and_mappings(plugins: Any) -> None:
    source = {
        "extends": "official",
        "name": "typed",
        "house_rules": {
            "test_empty_draw": {"enabled": True, "odds": 0.25, "names": ["a"], "table": {"x": 2}}
        },
    }
    rules = uno.load_preset(source)
    params = rules.house_rules.test_empty_draw  # type: ignore[attr-defined]
    assert params.odds == 0.25 and params.names == ("a",) and params.table == {"x": 2}
    assert hash(rules) == hash(uno.load_preset(rules.to_dict()))
    with pytest.raises(uno.PresetError) as bad:
        uno.load_preset(
            {**source, "house_rules": {"test_empty_draw": {"odds": 2, "names": [1], "table": []}}}
        )
    assert sorted(p.split(":")[0] for p in bad.value.problems) == [
        "house_rules.test_empty_draw.names[0]",
        "house_rules.test_empty_draw.odds",
        "house_rules.test_empty_draw.table",
    ]
    from uno_rules.schema import preset_schema

    props = preset_schema()["properties"]["house_rules"]["properties"]["test_empty_draw"]
    assert props["properties"]["odds"]["type"] == "number"


def test_a_parameter_type_no_preset_can_hold_is_named(plugins: Any) -> None:
    with pytest.raises(uno.PresetError) as bad:
        uno.load_preset({"house_rules": {"test_odd_type": {"enabled": True, "when": 1}}})
    assert any(
        p.startswith("house_rules.test_odd_type.when: this setting's type")
        for p in bad.value.problems
    )
    from uno_rules.schema import preset_schema

    preset_schema()  # no KeyError for the type it cannot describe


def test_two_settings_claiming_the_turn_draw_are_reported(plugins: Any) -> None:
    with pytest.raises(uno.PresetError) as bad:
        uno.load_preset(
            {
                "extends": "family",
                "name": "both",
                "house_rules": {"test_empty_draw": {"enabled": True}},
            }
        )
    assert any("both decide how a turn's draw is made" in p for p in bad.value.problems)


def test_the_new_steps_read_and_write_back() -> None:
    given = [
        {"targeted_draws": 3},
        {"player_draws": 1},
        {"pass_hands": "left"},
        {"random_draws": {"weights": [0, 1, 1]}},
        {"random_draws": {"weights": [1], "who": "everyone"}},
    ]
    steps, problems = read_steps(given, "effect")
    assert not problems and [step_to_plain(s) for s in steps] == given
    _, problems = read_steps(
        [
            {"pass_hands": "up"},
            {"random_draws": {"weights": [0, 0]}},
            {"random_draws": {"weights": [1], "who": "me"}},
        ],
        "effect",
    )
    assert [p.split(":")[0] for p in problems] == [
        "effect[0].pass_hands",
        "effect[1].random_draws",
        "effect[2].random_draws",
    ]


# The three Wild Customizable texts of docs/cards.md, as a table writes them.
def customizable(effect: list[dict[str, Any]]) -> uno.Rules:
    return uno.load_preset(
        {
            "extends": "official-112",
            "name": "written",
            "extra_cards": {"wild_customizable": {"effect": effect}},
        }
    )


def test_everyone_passes_their_hand_to_the_left_whatever_the_direction() -> None:
    rules = customizable([{"pass_hands": "left"}])
    for direction in (1, -1):
        table = uno.situation(
            {
                "rules": rules,
                "players": 3,
                "hands": [["WC", "R1"], ["B1"], ["Y1", "Y2"]],
                "discard": ["R3"],
                "direction": direction,
            }
        )
        played = uno.apply_or_raise(table, "0 WC red")
        assert [[str(c) for c in h] for h in played.state.hands] == [["Y1", "Y2"], ["R1"], ["B1"]]


def test_a_player_you_choose_draws_3_and_you_name_the_color() -> None:
    rules = customizable([{"targeted_draws": 3}])
    table = uno.situation(
        {"rules": rules, "players": 3, "hands": [["WC", "R1"], ["B1"], ["Y1"]], "discard": ["R3"]}
    )
    played = uno.apply_or_raise(table, "0 WC blue >2")
    assert [len(h) for h in played.state.hands] == [1, 1, 4]
    assert played.state.color is uno.Color.BLUE and played.state.turn == 1


def test_skip_the_next_two_players_and_you_draw_one() -> None:
    rules = customizable([{"skip": 2}, {"player_draws": 1}])
    table = uno.situation(
        {"rules": rules, "players": 4, "hands": [["WC", "R1"], 2, 2, 2], "discard": ["R3"]}
    )
    played = uno.apply_or_raise(table, "0 WC green")
    assert kinds(played.events) == ["played", "skipped", "skipped", "drew"]
    assert played.state.turn == 3 and len(played.state.hands[0]) == 2


def test_a_whole_deck_is_declared_and_recounted() -> None:
    own = uno.load_preset(
        {
            "name": "bombs-only",
            "deck": "none",
            "deck_counts": {"W": 8, "skip": 3},
            "max_players": 4,
            "card_kinds": [{"rank": "Wboom", "name": "Boom", "wild": True, "count": 20}],
        }
    )
    deck = build_deck(own)
    assert len(deck) == 8 + 3 * 4 + 20
    recounted = build_deck(
        uno.load_preset({"extends": "official", "deck_counts": {"+2": 0, "W": 8}})
    )
    assert len(recounted) == 108 - 8 + 4 and not any(str(c.rank) == "+2" for c in recounted)


def test_extends_merges_card_kinds_by_rank(tmp_path: Path) -> None:
    parent = tmp_path / "ours.yaml"
    parent.write_text(
        "extends: official\nname: ours\ncard_kinds:\n"
        "  - {rank: obomb, name: Bomb, effect: [{everyone_draws: 1}]}\n"
        "  - {rank: Wozap, name: Zap, wild: true}\n",
        encoding="utf-8",
    )
    child = uno.load_preset(
        {
            "extends": str(parent),
            "name": "ours-family",
            "card_kinds": [
                {"rank": "Wozap", "remove": True},
                {"rank": "obomb", "name": "Bomb", "count": 2, "effect": [{"everyone_draws": 1}]},
                {"rank": "Wopow", "name": "Pow", "wild": True},
            ],
        }
    )
    assert [(k.rank, k.count) for k in child.card_kinds] == [("obomb", 2), ("Wopow", 1)]
    with pytest.raises(uno.PresetError) as bad:
        uno.load_preset({"extends": str(parent), "card_kinds": [{"rank": "Wnone", "remove": True}]})
    assert bad.value.problems[0].startswith("card_kinds[2].remove")


def test_the_battery_reports_a_table_with_no_legal_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stuck table (no legal move for the seat to act: a rule set's own rules can make
    one) is a ConformanceError naming it, not an IndexError from the kit."""
    import uno_rules.testing as kit

    monkeypatch.setattr(kit, "legal_moves", lambda state, seat=None: ())
    with pytest.raises(kit.ConformanceError, match="has no legal move"):
        kit.battery("official", players=(2,), seeds=(1,), limit=5)


def test_stacking_pairs_name_draw_values_whatever_the_kind() -> None:
    """H01 pairs read a card's draw value (K3): a Wild Draw Two is a +2 under the default
    pairs; a value the pairs do not name is refused with the values said."""
    stacked = uno.load_preset(
        {"extends": "all-wild", "name": "aw-stack", "house_rules": {"stacking": {"enabled": True}}}
    )
    table = uno.situation(
        {
            "rules": stacked,
            "players": 3,
            "hands": [["W+2", "W"], ["W+2", "W+4"], 3],
            "discard": ["W"],
            "color": "red",
        }
    )
    pending = uno.apply_or_raise(table, "0 W+2 red").state
    assert uno.rule_on(pending, "1 W+2 blue").clause == "H01"
    assert uno.apply_or_raise(pending, "1 W+2 blue").state.penalty.amount == 4  # type: ignore[union-attr]
    own = uno.load_preset(
        {
            "extends": "official",
            "name": "w3",
            "card_kinds": [
                {
                    "rank": "Wopen3",
                    "name": "Wild Draw Three",
                    "wild": True,
                    "count": 2,
                    "effect": [{"next_draws": 3}],
                }
            ],
            "house_rules": {"stacking": {"enabled": True}},
        }
    )
    table = uno.situation(
        {
            "rules": own,
            "players": 3,
            "hands": [["Wopen3", "W"], ["Wopen3", "R1"], 3],
            "discard": ["R1"],
        }
    )
    refusal = uno.refusal(uno.apply_or_raise(table, "0 Wopen3 red").state, "1 Wopen3 blue")
    assert refusal.code == "cannot-stack"
    assert "draws 3" in str(refusal) and "not a draw card" not in str(refusal)


def test_declared_kinds_order_by_text_not_by_the_process_history() -> None:
    """The same rules give the same RL action ids and sorted hands in every process: a
    rule set's own kinds are ordered by their text, not by which this process declared
    first (here the later text is declared first)."""
    from uno_rules.env.actions import table_for

    uno.load_preset(
        {
            "extends": "official",
            "name": "first",
            "card_kinds": [{"rank": "Wzz9", "name": "Z", "wild": True}],
        }
    )
    both = uno.load_preset(
        {
            "extends": "official",
            "name": "both",
            "card_kinds": [
                {"rank": "Waa9", "name": "A", "wild": True},
                {"rank": "Wzz9", "name": "Z", "wild": True},
            ],
        }
    )
    ranks = [str(r) for r in table_for(both).ranks]
    assert ranks.index("Waa9") < ranks.index("Wzz9")
    assert [str(c) for c in sorted(uno.parse_cards("Wzz9 Waa9 W R1"))] == [
        "R1",
        "W",
        "Waa9",
        "Wzz9",
    ]


def test_a_refused_preset_registers_nothing() -> None:
    """K4: kinds of a preset that load_preset refuses (here for a setting that has nothing
    to do with them) are not known afterwards, and cost nothing; aliases are capped."""
    from uno_rules.kinds import Rank

    known = len(Rank)
    with pytest.raises(uno.PresetError):
        uno.load_preset(
            {
                "extends": "official",
                "name": "refused",
                "hand_size": 50,
                "card_kinds": [{"rank": "Wrefused1", "name": "R", "wild": True}],
            }
        )
    assert len(Rank) == known
    with pytest.raises(uno.NotationError):
        uno.Card.parse("Wrefused1")
    with pytest.raises(uno.PresetError) as bad:
        uno.load_preset(
            {
                "extends": "official",
                "card_kinds": [
                    {
                        "rank": "Wmany",
                        "name": "M",
                        "wild": True,
                        "aliases": [f"wm{i}" for i in range(9)],
                    }
                ],
            }
        )
    assert bad.value.problems == ["card_kinds[0].aliases: 9 aliases; at most 8"]


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ([1, 2], "expected a mapping such as {weights: [3, 2, 1]}"),
        ({"weights": [1], "odds": 2}, "unknown key 'odds'; expected weights, who"),
        ({"weights": "many"}, "weights: expected a list of 1 to 21 whole numbers"),
    ],
)
def test_random_draws_refuses_what_is_not_weights(value: Any, why: str) -> None:
    _, problems = read_steps([{"random_draws": value}], "effect")
    assert len(problems) == 1 and problems[0].startswith(f"effect[0].random_draws: {why}")


def test_deck_counts_name_bundled_kinds_on_one_sided_decks() -> None:
    with pytest.raises(uno.PresetError) as bad:
        uno.load_preset({"extends": "flip", "name": "flip-recount", "deck_counts": {"W": 2}})
    assert any(
        p.startswith("deck_counts: the flip-112 deck is of two-sided") for p in bad.value.problems
    )
    with pytest.raises(uno.PresetError) as bad:
        uno.load_preset({"extends": "official", "deck_counts": {"W": 2, "W+99": 1, "": 2}})
    assert sorted(p.split(":")[0] for p in bad.value.problems) == [
        "deck_counts.",
        "deck_counts.W+99",
    ]


def test_a_mapping_setting_refuses_keys_that_are_not_text_and_too_many_entries() -> None:
    with pytest.raises(uno.PresetError) as bad:
        uno.load_preset({"extends": "official", "deck_counts": {1: 2}})
    assert bad.value.problems[0].startswith("deck_counts.1: keys must be text")
    with pytest.raises(uno.PresetError) as bad:
        uno.load_preset({"extends": "official", "deck_counts": {f"k{i}": 1 for i in range(201)}})
    assert bad.value.problems == ["deck_counts: 201 entries; at most 200"]
