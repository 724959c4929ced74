"""Round 2, finding 12: broken plugins. A house rule installed by another package runs in
the engine's process, so it is trusted, but a broken one must give one clear error naming
it: a ``params`` that is not an attrs class, ``touches()`` answering ``None``,
``sys.exit`` at import, a hook that raises or recurses, a ``legal_clause`` answering an
int; and the engine never accepts a move that makes or loses cards, whoever made it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

import uno_rules as uno
from house_rule_plugin import installed
from uno_rules.cli import main
from uno_rules.ruling import rule_on

HEADER = """
import sys
from attrs import field, frozen

from uno_rules.cards import Rank
from uno_rules.moves import Draw, Play
from uno_rules.rules.hooks import HouseRule, Touches


@frozen
class Params:
    enabled: bool = field(default=False, metadata={"doc": "On.", "clause": "X09"})


class Broken(HouseRule):
    name = "test_broken"
    clause = "X09"
    params = Params
    title = "Broken"
    clauses = {"X09": "A rule that goes wrong."}

    def touches(self, params):
        return Touches(ranks=frozenset(Rank), moves=frozenset({Play, Draw}))
"""

BODIES = {
    "params": "    params = dict\n",
    "touches": "    def touches(self, params):\n        return None\n",
    "exit": "    pass\nsys.exit(7)\n",
    "raises": ("    def play_effect(self, b, ctx, params):\n        raise KeyError('boom')\n"),
    "recursion": (
        "    def play_effect(self, b, ctx, params):\n"
        "        return self.play_effect(b, ctx, params)\n"
    ),
    "clause": ("    def legal_clause(self, state, move, params):\n        return 7\n"),
    "adds cards": (
        "    def after_move(self, b, params):\n"
        "        b.hands[0] = b.hands[0] + tuple(b.hands[0][:2])\n"
    ),
}
ON = {"extends": "official", "house_rules": {"test_broken": {"enabled": True}}}


@pytest.fixture(params=sorted(BODIES))
def broken(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    source = HEADER + BODIES[request.param] + "\nRULE = Broken()\n"
    with installed(tmp_path, {"x_broken": source}, {"test_broken": "x_broken:RULE"}):
        yield request.param


def play_a_while(rules: uno.Rules) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = uno.new_game(rules, players=3, seed=seed)
        for _ in range(60):
            if state.round_over:
                break
            move = rng.choice(uno.legal_moves(state))
            rule_on(state, move)  # a ruling asks the rules for its clause
            result = uno.apply(state, move)
            assert isinstance(result, uno.Transition)
            # every move the engine accepted keeps the 108 cards
            after = result.state
            assert (
                sum(map(len, after.hands)) + after.draw_pile_size + len(after.discard_pile) == 108
            )
            state = after


def test_a_broken_plugin_gives_one_error_naming_it(broken: str) -> None:
    with pytest.raises(uno.UnoError) as info:
        play_a_while(uno.load_preset(ON))
    assert "test_broken" in str(info.value), str(info.value)
    if broken in ("params", "exit"):
        assert isinstance(info.value, uno.PresetError)
    else:
        assert isinstance(info.value, uno.PluginError)
        assert info.value.rule == "test_broken"


def test_a_broken_plugin_does_not_break_the_commands_that_do_not_use_it(
    broken: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``presets schema`` and ``show`` of the official rules run as if the
    broken rule were not there (a rule that cannot be loaded is left out of the schema),
    and a plugin's sys.exit at import does not end the command."""
    assert main(["presets", "schema"]) == 0
    assert main(["presets", "show", "official"]) == 0
    capsys.readouterr()


def test_the_command_reports_a_broken_plugin_in_one_line(
    broken: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    preset = tmp_path / "on.yaml"
    preset.write_text(
        "extends: official\nhouse_rules:\n  test_broken:\n    enabled: true\n", encoding="utf-8"
    )
    table = tmp_path / "t.yaml"
    table.write_text(
        f"rules: {preset}\nplayers: 2\nhands: [[R5, R6, B1], [G1, G2]]\ndiscard: [R3]\n"
        "moves: ['0 R5', '1 draw']\n",
        encoding="utf-8",
    )
    code = main(["rule", str(table)])
    _, err = capsys.readouterr()
    assert "internal error" not in err and "Traceback" not in err, err
    assert code in (0, 1, 2)
    if code == 2:
        assert "test_broken" in err and err.count("\n") == 1, err
