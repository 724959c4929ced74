"""What a person meets in the first minutes: a language asked for by another name or not
had, a file given to the wrong verb, JSON and YAML mistakes, a card written in two words,
a house rule turned on with ``true``, standard input, and the help's defaults."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

import uno_rules as uno
from uno_rules.cli import main

ROOT = Path(__file__).resolve().parents[1]
STACKING = ROOT / "examples" / "stacking-plus2-on-plus2.yaml"
TABLE = {"players": 3, "hands": [["R1", "G4"], 3, 3], "discard": ["R3"], "moves": ["0 R1"]}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# --------------------------------------------------------------------------- --lang


@pytest.mark.parametrize(
    ("alias", "lang"),
    [("vn", "vi"), ("VN", "vi"), ("vietnamese", "vi"), ("tagalog", "tl"), ("fil", "tl")],
)
def test_a_language_asked_for_by_another_name_is_that_language(
    capsys: pytest.CaptureFixture[str], alias: str, lang: str
) -> None:
    from uno_rules.i18n import supported

    assert supported(alias) == lang
    code, out, _ = run(capsys, "--lang", alias, "rule", str(STACKING))
    code_as, out_as, _ = run(capsys, "--lang", lang, "rule", str(STACKING))
    assert (code, out) == (code_as, out_as)
    assert out != run(capsys, "--lang", "en", "rule", str(STACKING))[1]


VERBS = [
    ["rule", str(STACKING)],
    ["replay", str(STACKING)],
    ["presets", "list"],
    ["presets", "show", "official"],
    ["presets", "check", str(ROOT / "presets" / "family.yaml")],
    ["presets", "diff", "official", "family"],
    ["presets", "schema"],
    ["simulate", "--games", "1"],
    ["serve", "--port", "0"],
]


@pytest.mark.parametrize("verb", VERBS, ids=lambda v: " ".join(v[:2]))
@pytest.mark.parametrize("where", ["before", "after", "equals"])
def test_an_unknown_language_is_refused_with_the_list_in_every_verb(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    verb: list[str],
    where: str,
) -> None:
    """``--lang de`` asked for explicitly is never silently English: exit status 2, the
    languages listed, nothing run (``serve`` does not start)."""
    import uno_rules.cli

    def served(args: object) -> int:
        raise AssertionError("the service was started")

    monkeypatch.setattr(uno_rules.cli, "cmd_serve", served)
    args = {
        "before": ["--lang", "de", *verb],
        "after": [*verb, "--lang", "de"],
        "equals": [*verb, "--lang=de"],
    }[where]
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.strip() == "uno-rules: --lang: unknown language 'de'; choose one of en, vi, tl"


def test_the_refusal_of_a_language_is_said_in_the_locale_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", "vi")
    code, _, err = run(capsys, "--lang", "klingon", "presets", "list")
    assert code == 2 and "không biết ngôn ngữ 'klingon'" in err and "en, vi, tl" in err


def test_the_locale_variables_still_fall_back_to_english(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only an explicit ``--lang`` is refused: a locale the package lacks is English."""
    monkeypatch.setenv("LANGUAGE", "de_DE")
    code, out, _ = run(capsys, "presets", "list")
    assert code == 0 and "the Mattel base rules" in out


# --------------------------------------------------------------------------- wrong verb


def test_a_game_record_given_to_rule_names_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.yaml"
    record.write_text(yaml.safe_dump(uno.make_record("official", 3, 1, ["0 draw"])))
    code, _, err = run(capsys, "rule", str(record))
    assert code == 2
    first = err.splitlines()[0]
    assert first == (
        f"uno-rules: {record}: this looks like a game record, not a dispute: check it with "
        f"uno-rules replay {record}"
    )


def test_a_dispute_given_to_replay_names_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "replay", str(STACKING))
    assert code == 2
    assert err.splitlines()[0] == (
        f"uno-rules: {STACKING}: this looks like a dispute, not a game record: settle it "
        f"with uno-rules rule {STACKING}"
    )
    assert "'hands': unknown field in a game record" in err  # the problems still listed


def test_a_table_with_a_problem_gets_no_other_verb_hint(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    table = tmp_path / "table.yaml"
    table.write_text(yaml.safe_dump({**TABLE, "players": 3, "hands": [["R1"], 3]}))
    code, _, err = run(capsys, "rule", str(table))
    assert code == 2 and "replay" not in err


def test_a_missing_discard_pile_is_one_problem(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    table = tmp_path / "table.yaml"
    table.write_text(yaml.safe_dump({k: v for k, v in TABLE.items() if k != "discard"}))
    code, _, err = run(capsys, "rule", str(table))
    assert code == 2
    assert err.strip() == (
        f"uno-rules: {table}: discard: missing; the table needs at least the top card"
    )
    with pytest.raises(uno.SituationError) as raised:
        uno.situation({"players": 2, "hands": [["R1"], 3]})
    assert [str(p) for p in raised.value.problems] == [
        "discard: missing; the table needs at least the top card"
    ]
    with pytest.raises(uno.SituationError) as raised:  # given, but as no list: said so once
        uno.situation({"players": 2, "hands": [["R1"], 3], "discard": None})
    assert [str(p) for p in raised.value.problems] == [
        "discard: expected a list of cards, got None"
    ]


# --------------------------------------------------------------------------- JSON and YAML


def test_json_with_a_trailing_comma_is_a_json_error_at_its_place(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    table = tmp_path / "table.json"
    table.write_text(json.dumps(TABLE, indent=2)[:-2] + ",\n}")
    code, out, err = run(capsys, "rule", str(table))
    assert code == 2 and out == ""
    assert err.strip() == (
        f"uno-rules: {table}: not valid JSON at line 17, column 1: a comma before the closing "
        "}; JSON allows no trailing comma"
    )
    listed = tmp_path / "listed.json"
    listed.write_text('{"players": 3, "discard": ["R3",]}')
    assert (
        run(capsys, "rule", str(listed))[2]
        .strip()
        .endswith("column 33: a comma before the closing ]; JSON allows no trailing comma")
    )


def test_json_indented_with_tabs_reads(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    table = tmp_path / "table.json"
    table.write_text(json.dumps(TABLE, indent="\t"))
    code, out, _ = run(capsys, "rule", str(table))
    assert code == 0 and "1. 0 R1" in out
    preset = tmp_path / "preset.json"
    preset.write_text(json.dumps({"extends": "family", "uno": {"penalty_cards": 4}}, indent="\t"))
    assert uno.load_preset(str(preset)).uno.penalty_cards == 4


def test_json_keeps_the_yaml_limits(tmp_path: Path) -> None:
    twice = tmp_path / "twice.json"
    twice.write_text('{"extends": "official", "extends": "family"}')
    with pytest.raises(uno.PresetError, match="the key 'extends' is written twice"):
        uno.load_preset(str(twice))
    deep = tmp_path / "deep.json"
    deep.write_text('{"a": ' * 30 + "1" + "}" * 30)
    with pytest.raises(uno.PresetError, match="nested"):
        uno.load_preset(str(deep))
    deeper = tmp_path / "deeper.json"
    deeper.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(uno.PresetError, match="nested too deeply"):
        uno.load_preset(str(deeper))


def test_flow_yaml_that_is_no_json_still_reads(tmp_path: Path) -> None:
    preset = tmp_path / "preset.yaml"
    preset.write_text("{extends: family, uno: {penalty_cards: 4}}")
    assert uno.load_preset(str(preset)).uno.penalty_cards == 4


def test_a_yaml_tab_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    preset = tmp_path / "preset.yaml"
    preset.write_text("house_rules:\n\tjump_in:\n\t\tenabled: true\n")
    code, _, err = run(capsys, "presets", "check", str(preset))
    assert code == 2
    assert err.strip() == (
        f"uno-rules: {preset}: not valid YAML at line 2, column 1: a tab character; YAML "
        "indents with spaces, never with tabs"
    )
    code, _, err = run(capsys, "--lang", "tl", "presets", "check", str(preset))
    assert "hindi kailanman tab" in err


# --------------------------------------------------------------------------- moves


@pytest.mark.parametrize(
    ("move", "meant"), [("0 Red 5", "'0 R5'"), ("0 R 5", "'0 R5'"), ("0 red 5 uno", "'0 R5 uno'")]
)
def test_a_card_written_in_two_words_in_a_move_gets_a_card_hint(move: str, meant: str) -> None:
    with pytest.raises(uno.NotationError) as raised:
        uno.parse_move(move)
    assert str(raised.value).endswith(f"(did you mean {meant}?)")


def test_a_word_that_is_no_card_in_a_move_is_told_how_a_card_is_written() -> None:
    with pytest.raises(uno.NotationError) as raised:
        uno.parse_move("0 Purpel")
    said = str(raised.value)
    assert "'Purpel' is not a card such as R5" in said
    assert "color letter or word, then 0-9" in said  # as a hand's card says it
    with pytest.raises(uno.NotationError) as raised:
        uno.parse_move("0 drw")  # a verb's hint stays the verb's
    assert str(raised.value).endswith("(did you mean '0 draw'?)")


# --------------------------------------------------------------------------- presets


@pytest.mark.parametrize("value", [True, False])
def test_a_house_rule_given_as_true_or_false_is_told_what_to_write(value: bool) -> None:
    word = str(value).lower()
    with pytest.raises(uno.PresetError) as raised:
        uno.load_preset({"house_rules": {"jump_in": value}})
    assert [str(p) for p in raised.value.problems] == [
        f"house_rules.jump_in: expected a mapping, got a boolean ({word}); to turn it on or "
        f"off, write jump_in: {{enabled: {word}}}"
    ]
    written = {"house_rules": {"jump_in": {"enabled": value}}}
    assert uno.load_preset(written).house_rules.jump_in.enabled is value


def test_a_section_without_enabled_keeps_the_plain_message() -> None:
    with pytest.raises(uno.PresetError) as raised:
        uno.load_preset({"scoring": True})
    assert [str(p) for p in raised.value.problems] == [
        "scoring: expected a mapping, got a boolean (true)"
    ]


# --------------------------------------------------------------------------- stdin, help


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_rule_dash_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _stdin(monkeypatch, STACKING.read_bytes())
    from_stdin = run(capsys, "rule", "-")
    assert from_stdin == run(capsys, "rule", str(STACKING))
    assert from_stdin[0] == 1 and "1. 0 R+2" in from_stdin[1]


def test_standard_input_is_checked_as_a_file_is(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _stdin(monkeypatch, b"\xff\xfe")
    assert run(capsys, "rule", "-")[2].strip() == (
        "uno-rules: -: cannot read standard input: it is not UTF-8 text"
    )
    _stdin(monkeypatch, b"x: [")
    assert run(capsys, "replay", "-")[2].startswith("uno-rules: -: not valid YAML at line 2")
    _stdin(monkeypatch, b"a" * (2 * 1024 * 1024))
    code, _, err = run(capsys, "rule", "-")
    assert code == 2 and "longer than 1048576 characters" in err


def test_rule_dash_reads_standard_input_as_a_process() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "uno_rules.cli", "rule", "-", "--json"],
        input=STACKING.read_text(encoding="utf-8"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1, proc.stderr
    assert json.loads(proc.stdout)["file"] == "-"


def test_simulate_help_gives_every_default(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "--help")
    assert code == 0
    flat = " ".join(out.split())
    assert "worker processes (default 1)" in flat
    assert "counts unfinished (default 20000)" in flat
    for option in ("--players", "--games", "--seed", "--bot", "--preset"):
        said = flat.split(option, 2)[-1]
        assert "(default" in said.split("--", 1)[0], option


def _schema_help(capsys: pytest.CaptureFixture[str]) -> str:
    code, out, _ = run(capsys, "presets", "schema", "--help")
    assert code == 0
    return " ".join(out.split())


def test_presets_schema_says_its_json_option_changes_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The schema is JSON either way: ``--json`` is accepted, as every verb accepts it, and
    the help says it prints the same."""
    assert "--json the same output: the schema is always JSON" in _schema_help(capsys)
    plain, as_json = run(capsys, "presets", "schema"), run(capsys, "presets", "schema", "--json")
    assert plain == as_json


# --------------------------------------------------------------------------- long waits


def _module(path: Path) -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_compiled_build_says_what_it_is_doing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The compiled build takes minutes: it prints each step with what it takes on two
    cores, and the time gone by (mypyc and the C compiler are stood in for here)."""
    import types

    pytest.importorskip("hatchling")
    hook = _module(ROOT / "hatch_build.py")

    class Command:
        parallel = 0

        def __init__(self, distribution: object) -> None:
            pass

        def ensure_finalized(self) -> None:
            pass

        def run(self) -> None:
            pass

    fakes = {
        "mypyc": types.ModuleType("mypyc"),
        "mypyc.build": types.SimpleNamespace(mypycify=lambda *args, **kwargs: ["a", "b"]),
        "setuptools": types.SimpleNamespace(Distribution=lambda attrs: attrs),
        "setuptools.command": types.ModuleType("setuptools.command"),
        "setuptools.command.build_ext": types.SimpleNamespace(build_ext=Command),
        "setuptools.errors": types.SimpleNamespace(
            CCompilerError=OSError, ExecError=OSError, PlatformError=OSError
        ),
    }
    for name, module in fakes.items():
        monkeypatch.setitem(sys.modules, name, module)
    hook.CompileHook._compile(types.SimpleNamespace(_work=tmp_path), ["a.py"], ["b.py"], 0.0)
    said = capsys.readouterr().err.splitlines()
    assert said[0].startswith("UNO_RULES_COMPILE=1: step 1 of 2: mypyc type-checks 2 modules")
    assert said[1].startswith("UNO_RULES_COMPILE=1: step 2 of 2: the C compiler builds 2")
    assert "on two cores" in said[0] and "on two cores" in said[1]
    assert said[1].endswith(" s)")  # the time gone by


def test_the_instruction_count_says_it_takes_minutes_and_what_it_leaves_out(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``env_rlcard.py --instructions`` runs minutes under valgrind: it says so first, then
    reports each run; without RLCard it says which rows it leaves out and how to get them
    (valgrind and RLCard are stood in for here)."""
    pytest.importorskip("gymnasium")
    monkeypatch.syspath_prepend(str(ROOT / "benchmarks"))  # as the script runs, beside them
    bench = _module(ROOT / "benchmarks" / "env_rlcard.py")
    monkeypatch.setattr(bench.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(bench, "rlcard_runner", lambda learner=False: None)
    counts = {1: (1_000, 10), 2: (3_000, 30)}
    monkeypatch.setattr(bench, "counted", lambda side, episodes: counts[episodes])
    bench.instructions(quick=True)
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        'RLCard is not installed (from a clone: python -m pip install ".[bench]"): counting '
        "uno_rules alone, without the RLCard rows."
    )
    assert out[1].startswith("counting instructions with callgrind: 2 runs under valgrind")
    assert sorted(line.split(":")[0].strip() for line in out[2:4]) == ["1/2", "2/2"]
    assert out[4].startswith("instructions per step")
