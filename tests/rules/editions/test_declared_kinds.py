"""A rule set's own card kinds (docs/cards.md, K1-K6): cards declared in a preset, with no
code, that the engine deals, plays, scores, draws, lists and saves like the bundled ones."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest

import uno_rules as uno
from uno_rules.cards import classic_deck
from uno_rules.env.actions import STANDARD, table_for
from uno_rules.rules.scoring import card_points
from uno_rules.svg import card_svg
from uno_rules.testing import battery

from ..helpers import drew, kinds, pending, refused

BOMB = {
    "rank": "bomb",
    "name": "Bomb",
    "aliases": ["boom"],
    "count": 2,
    "points": 30,
    "label": "BOOM",
    "effect": [{"everyone_draws": 1}, {"skip": 1}],
}
DRAW_THREE = {
    "rank": "W+3",
    "name": "Wild Draw Three",
    "wild": True,
    "count": 2,
    "points": 45,
    "effect": [{"next_draws": 3}],
}
TABLE_RULES: dict[str, Any] = {
    "extends": "official",
    "name": "bombs",
    "card_kinds": [BOMB, DRAW_THREE],
}


def table(hands: list[Any], discard: list[str], rules: Any = None, **more: Any) -> uno.GameState:
    return uno.situation(
        {
            "rules": TABLE_RULES if rules is None else rules,
            "players": len(hands),
            "hands": hands,
            "discard": discard,
            "turn": 0,
            **more,
        }
    )


# -- K1: the deck, names, points, pictures -------------------------------------------------


def test_k1_a_colored_kind_adds_count_cards_of_each_color_and_a_wild_kind_count() -> None:
    rules = uno.load_preset(TABLE_RULES)
    state = uno.new_game(rules, players=3, seed=5)
    everything = Counter(state.draw_pile) + Counter(state.discard_pile)
    for hand in state.hands:
        everything.update(hand)
    bombs = {uno.Card.parse(f"{c}bomb"): 2 for c in "RYGB"}
    three = {uno.Card.parse("W+3"): 2}
    assert everything == Counter(classic_deck()) + Counter(bombs) + Counter(three)
    assert sum(everything.values()) == 108 + 8 + 2


def test_k1_a_declared_kind_has_its_name_label_and_points_whatever_scoring_values_say() -> None:
    rules = uno.load_preset(
        {**TABLE_RULES, "scoring": {"values": {"action": 5, "wild": 1, "wild_extra": 2}}}
    )
    bomb, three = uno.Card.parse("Gbomb"), uno.Card.parse("W+3")
    assert (bomb.name, three.name) == ("green Bomb", "Wild Draw Three")
    assert card_points(rules, bomb) == 30 and card_points(rules, three) == 45
    assert card_points(rules, uno.Card.parse("Gskip")) == 5  # the bundled kinds still follow
    assert ">BOOM<" in card_svg(bomb) and ">W+3<" in card_svg(three)


def test_k1_the_rl_action_table_gives_a_declared_kind_ids_after_the_standard_ones() -> None:
    table_ = table_for(uno.load_preset(TABLE_RULES))
    assert table_ is not STANDARD
    assert table_.ranks[-1] == uno.Rank("W+3")
    assert uno.Card.parse("Bbomb") in table_.CARD_KINDS


# -- K2: how it plays ------------------------------------------------------------------------


def test_k2_a_colored_kind_matches_its_color_or_its_own_kind_and_applies_its_steps() -> None:
    state = table([["Rbomb", "Gbomb", "Y7"], 3, 3], ["R4"])
    refused(state, "0 Gbomb", "card-does-not-match", "B5.2")  # as for a symbol
    played = uno.apply_or_raise(state, "0 Rbomb")
    assert drew(played.events) == [(1, 1), (2, 1)]  # everyone_draws: 1
    assert played.state.turn == 2  # skip: 1
    again = uno.apply_or_raise(table([["Gbomb", "Y7"], 3, 3], ["Rbomb"]), "0 Gbomb")
    assert again.state.top_card == uno.Card.parse("Gbomb")  # the same kind matches (B5.2)
    assert uno.rule_on(state, "0 Rbomb").clause == "B5.1"  # its clause, by default


def test_k2_a_wild_kind_may_always_be_played_and_names_the_color() -> None:
    state = table([["W+3", "R5", "R6"], 3, 3], ["R4"])
    ruling = uno.rule_on(state, "0 W+3 blue")
    assert ruling.legal and ruling.clause == "B5.3"
    assert ruling.state.color is uno.Color.BLUE


# -- K3: a draw value from its steps ----------------------------------------------------------


def test_k3_a_declared_draw_card_is_a_draw_penalty_of_its_next_draws() -> None:
    assert uno.Card.parse("W+3").kind.draw == 3 and uno.Card.parse("Rbomb").kind.draw == 0
    played = uno.apply_or_raise(table([["W+3", "R5", "R6"], 3, 3], ["R4"]), "0 W+3 red")
    assert drew(played.events) == [(1, 3)] and played.state.turn == 2  # B7.3 as for a +2


def test_k3_stacking_answers_a_declared_draw_card_by_value() -> None:
    stacking = {
        **TABLE_RULES,
        "name": "bombs-stacking",
        "house_rules": {"stacking": {"enabled": True, "by_value": "equal_or_higher"}},
    }
    state = table([["W+3", "R5", "R6"], ["W+4", "G2", "G3"], 3], ["R4"], rules=stacking)
    after = uno.apply_or_raise(state, "0 W+3 red").state
    assert pending(after) == (1, 3)
    stacked = uno.apply_or_raise(after, "1 W+4 green")  # 4 >= 3 (H01 by value)
    assert pending(stacked.state) == (2, 7)


# -- K4: a rank names one kind ------------------------------------------------------------------


def problems_of(data: dict[str, Any]) -> list[str]:
    with pytest.raises(uno.PresetError) as caught:
        uno.load_preset(data)
    return caught.value.problems


CONFLICTING: list[dict[str, Any]] = [
    {"rank": "W", "name": "Another Wild", "wild": True},  # a bundled rank
    {"rank": "zap", "name": "Zap", "aliases": ["skip"]},  # a bundled text
    {"rank": "lank", "name": "Lank"},  # 'blank' would also read as blue + lank
    {"rank": "5five", "name": "Five"},  # a digit first would read as a number
    {"rank": "zip", "name": "Zip"},
    {"rank": "ZIP", "name": "Zip again"},  # the same text, in any case
    {"rank": "zop", "name": "Zop", "restricted": True},  # B8.1 is for wilds
]


def test_k4_every_conflicting_declaration_is_reported_with_its_path_at_once() -> None:
    problems = problems_of({"extends": "official", "hand_size": "7", "card_kinds": CONFLICTING})
    assert problems == [
        "hand_size: expected an integer, got the text '7'",
        "card_kinds[0].rank: already names another card kind (Wild); a rank names one kind, "
        "declared the same way wherever it is used",
        "card_kinds[1]: the text 'skip' already names a card kind",
        "card_kinds[2]: the text 'lank' could be read as another card",
        "card_kinds[3].rank: expected up to 16 letters, digits, + or -, starting with a "
        "letter or +",
        "card_kinds[5]: the text 'zip' also names card_kinds[4]",
        "card_kinds[6].restricted: only a wild kind is restricted (B8.1)",
    ]
    with pytest.raises(uno.NotationError):
        uno.Card.parse("Rzip")  # nothing of a refused preset is registered


def test_k4_a_malformed_declaration_is_reported_with_its_path() -> None:
    problems = problems_of(
        {"extends": "official", "card_kinds": [{"name": "No rank", "bogus": 1, "count": 0}]}
    )
    assert problems == [
        "card_kinds[0].bogus: unknown setting",
        "card_kinds[0].rank: missing",
        "card_kinds[0].count: 0 is out of range; expected 1 to 20",
    ]


def test_k4_a_rank_declared_otherwise_elsewhere_in_the_process_is_refused() -> None:
    uno.load_preset(TABLE_RULES)
    problems = problems_of({**TABLE_RULES, "card_kinds": [{**BOMB, "points": 31}]})
    assert problems == [
        "card_kinds[0].rank: already names another card kind (Bomb); a rank names one kind, "
        "declared the same way wherever it is used"
    ]
    assert uno.Card.parse("Rbomb").points == 30  # the first declaration stands


def test_k4_rules_built_in_code_are_refused_the_same_way() -> None:
    from uno_rules.rules.card_kinds import DeclaredKind

    with pytest.raises(uno.PresetError, match=r"card_kinds\[0\]\.rank: already names"):
        uno.Rules(card_kinds=(DeclaredKind(rank="W+4", name="Mine", wild=True),))


# -- K5: known from the moment its rules exist ---------------------------------------------------


def test_k5_a_game_with_declared_kinds_loads_in_a_fresh_process() -> None:
    state = table([["W+3", "Rbomb", "R6"], 3, 3], ["R4"])
    state = uno.apply_or_raise(state, "0 Rbomb").state
    snapshot = json.dumps(uno.dump_state(state))
    pickled = pickle.dumps(state).hex()
    script = (
        "import json, pickle, sys, uno_rules as uno\n"
        "try:\n"
        "    uno.Card.parse('W+3')\n"
        "except uno.NotationError:\n"
        "    print('unknown before')\n"
        "data = json.loads(sys.stdin.readline())\n"
        "state = uno.load_state(data)\n"
        "print(state.top_card, [str(c) for c in state.hands[0]])\n"
        "again = pickle.loads(bytes.fromhex(sys.stdin.readline().strip()))\n"
        "print(again == state, uno.Card.parse('Ybomb').points)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        input=f"{snapshot}\n{pickled}\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout.splitlines()
    assert out == ["unknown before", "Rbomb ['W+3', 'R6']", "True 30"]


def test_k5_the_rules_round_trip_through_to_dict_and_yaml(tmp_path: Any) -> None:
    rules = uno.load_preset(TABLE_RULES)
    assert uno.load_preset(rules.to_dict()) == rules
    path = tmp_path / "bombs.yaml"
    path.write_text(
        "extends: official\n"
        "card_kinds:\n"
        "  - rank: bomb\n"
        "    name: Bomb\n"
        "    aliases: [boom]\n"
        "    count: 2\n"
        "    points: 30\n"
        "    label: BOOM\n"
        "    effect: [{everyone_draws: 1}, {skip: 1}]\n"
        "  - {rank: W+3, name: Wild Draw Three, wild: true, count: 2, points: 45,\n"
        "     effect: [{next_draws: 3}]}\n",
        encoding="utf-8",
    )
    assert uno.load_preset(path).card_kinds == rules.card_kinds
    assert uno.Card.parse("y-boom") == uno.Card.parse("Ybomb")  # an alias, with a dash


def test_k5_declared_kinds_keep_the_engines_contract_under_several_rule_sets() -> None:
    for base in ("official", "family", "no-mercy-lite"):
        report = battery(
            {**TABLE_RULES, "extends": base, "name": f"bombs-{base}"},
            players=(2, 4),
            seeds=(1, 2),
            limit=120,
        )
        assert report.states > 300 and report.fast_listed > 0, base


# -- K6: house rules that name kinds --------------------------------------------------------------


def test_k6_h14_names_only_the_bundled_kinds() -> None:
    problems = problems_of(
        {**TABLE_RULES, "house_rules": {"go_out": {"forbidden_last_cards": ["bomb"]}}}
    )
    assert len(problems) == 1 and problems[0].startswith(
        "house_rules.go_out.forbidden_last_cards[0]: unknown value 'bomb'"
    )
    # a declared kind is never forbidden by a list of the bundled ones
    rules = {**TABLE_RULES, "house_rules": {"go_out": {"forbidden_last_cards": ["wild"]}}}
    out = uno.apply_or_raise(table([["Rbomb"], 3, 3], ["R4"], rules=rules), "0 Rbomb")
    assert out.state.round_over and "played" in kinds(out.events)


def test_k4_a_process_knows_a_bounded_number_of_kinds(monkeypatch: pytest.MonkeyPatch) -> None:
    """A service that reads presets from anywhere keeps the kinds they declare: at most
    ``MAX_KNOWN_RANKS``, so such input costs bounded memory."""
    from uno_rules import kinds as kinds_module

    uno.load_preset(TABLE_RULES)
    monkeypatch.setattr(kinds_module, "MAX_KNOWN_RANKS", len(uno.Rank))
    problems = problems_of({"extends": "official", "card_kinds": [{"rank": "zork", "name": "Z"}]})
    assert problems == [
        f"card_kinds[0].rank: this process knows {len(uno.Rank)} card kinds already"
    ]
    uno.load_preset(TABLE_RULES)  # kinds already known are still declared as before
