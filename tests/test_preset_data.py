"""Starting a game needs no YAML: the bundled presets are also kept as JSON.

``src/uno_rules/data/presets.json`` holds each bundled preset (``presets/*.yaml``) as its
file reads, written by ``tools/write_preset_data.py``. Here: the copy matches the files, a
bundled preset loads from it to the same rules as from its file, and a game started from a
bundled preset or a :class:`~uno_rules.Rules` (dealt, then played a few moves) never
imports ``yaml`` (nor ``cattrs``).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import uno_rules as uno
from uno_rules.presets import preset_dir, read_yaml

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "uno_rules" / "data" / "presets.json"


def test_the_json_copy_matches_the_yaml_files() -> None:
    copy = json.loads(DATA.read_text(encoding="utf-8"))
    files = {p.stem: read_yaml(p, "preset file") for p in (ROOT / "presets").glob("*.yaml")}
    assert sorted(copy) == sorted(files) == sorted(uno.preset_names())
    for name, data in files.items():
        assert copy[name] == data, f"{name}: run python tools/write_preset_data.py"


def test_the_tool_finds_the_copy_current() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "write_preset_data.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout


@pytest.mark.parametrize("name", uno.preset_names())
def test_a_bundled_preset_loads_from_the_copy_as_from_its_file(name: str) -> None:
    from_copy = uno.load_preset(name)
    from_file = uno.load_preset(str(preset_dir() / f"{name}.yaml"))
    assert from_copy.to_dict() == from_file.to_dict()
    assert from_copy == from_file


PLAY = """
import sys
import uno_rules as uno
from uno_rules.rules import HouseRules, Rules, Stacking

def play(state, moves):
    for _ in range(moves):
        if state.game_over:
            break
        result = uno.apply(state, uno.legal_moves(state)[0])
        assert isinstance(result, uno.Transition), result
        state = result.state
    return state

for name in uno.preset_names():
    play(uno.new_game(name, players=3, seed=7), 12)
play(uno.new_game(Rules(house_rules=HouseRules(stacking=Stacking(enabled=True))), seed=2), 12)
play(uno.new_game(players=2, seed=1), 12)
print(sorted(m for m in sys.modules if m.split(".")[0] in ("yaml", "_yaml", "cattrs")))
"""


def test_starting_and_playing_a_game_imports_no_yaml() -> None:
    """Every bundled preset by name, a :class:`Rules` object and the default rules: dealt,
    then a dozen moves applied, and neither YAML nor cattrs is loaded."""
    result = subprocess.run(
        [sys.executable, "-c", PLAY], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


def test_a_preset_file_still_reads_yaml() -> None:
    """The copy is for the bundled presets only: a file of one's own is read as YAML (so
    the check above is not passing for want of any YAML reading at all)."""
    code = (
        "import sys, uno_rules as uno\n"
        f"uno.new_game({str(preset_dir() / 'family.yaml')!r}, seed=1)\n"
        "print('yaml' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert result.stdout.strip() == "True", result.stderr
