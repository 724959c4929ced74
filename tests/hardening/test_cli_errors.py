"""Finding 9: the command line. Inputs ended in a traceback or hung; ``presets schema >
/dev/full`` gave an ``OSError`` traceback; ``simulate --games 100000000`` died of
``MemoryError`` (games are now played in blocks, and a count beyond any run is refused);
argparse errors printed several lines; ``presets show empty.yaml`` exited 0 while
``presets check`` refused it; ``replay`` refused a 25,000-move record and any record above
256 KB. Now every error is one line on stderr with exit status 2 (a list of problems
follows it, one per line), an interrupt exits 130, and the size limits fit real records
and name the limit hit."""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import uno_rules as uno
import uno_rules.cli as cli
from uno_rules._budget import RECORD

from .helpers import one_line_error, run

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["bogus"],
        ["rule"],
        ["rule", "a", "b"],
        ["replay", "--nope", "x"],
        ["presets"],
        ["presets", "frobnicate"],
        ["presets", "diff", "official"],
        ["simulate", "--games", "x"],
        ["simulate", "--games", "9" * 5000],
        ["simulate", "--bot", "genius"],
        ["simulate", "--players"],
    ],
)
def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    line = one_line_error(code, err)
    assert "usage:" not in line and out == ""


def test_a_verb_group_lists_its_actions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "presets", "--help")
    assert code == 0
    for action in ("list", "show", "check", "diff", "schema"):
        assert action in out
    code, _, err = run(capsys, "presets")
    line = one_line_error(code, err)
    assert "list, show, check, diff, schema" in line


@pytest.mark.parametrize(
    ("flag", "value"),
    [("--games", "10000000000000"), ("--games", "0"), ("--jobs", "100000"), ("--max-turns", "-1")],
)
def test_simulate_checks_its_numbers_before_any_work(
    capsys: pytest.CaptureFixture[str], flag: str, value: str
) -> None:
    code, _, err = run(capsys, "simulate", flag, value)
    assert f"{flag}: expected 1 to" in one_line_error(code, err)


def test_presets_show_refuses_what_presets_check_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, text in (("empty.yaml", ""), ("list.yaml", "- 1\n"), ("bad.yaml", "a: [1\n")):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        check = run(capsys, "presets", "check", str(path))
        show = run(capsys, "presets", "show", str(path))
        assert check[0] == show[0] == 2
        assert one_line_error(show[0], show[2]) == one_line_error(check[0], check[2])


def test_an_interrupt_exits_130_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(args: Any) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "cmd_presets_list", interrupted)
    code, _, err = run(capsys, "presets", "list")
    assert code == 130
    assert err == "uno-rules: interrupted\n"


@pytest.mark.parametrize("kind", ["directory", "binary", "latin-1", "fifo-like"])
def test_unreadable_files_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    path = tmp_path / "input.yaml"
    if kind == "directory":
        path.mkdir()
    elif kind == "binary":
        path.write_bytes(bytes(range(256)))
    elif kind == "latin-1":
        path.write_bytes("name: caf\xe9\n".encode("latin-1"))
    else:
        path = Path("/dev/null")
    for argv in (["rule", str(path)], ["replay", str(path)], ["presets", "check", str(path)]):
        code, _, err = run(capsys, *argv)
        one_line_error(code, err)


def run_process(*argv: str, stdout: Any = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "uno_rules.cli", *argv],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_full_disk_is_one_line() -> None:
    with open("/dev/full", "w") as full:
        proc = run_process("presets", "schema", stdout=full)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert "cannot write the output" in proc.stderr


def long_record(moves: int) -> dict[str, Any]:
    """A record of ``moves`` random moves, in one long game (target 1,000,000)."""
    rules: dict[str, Any] = {"extends": "official", "scoring": {"target": 1_000_000}}
    rng = random.Random(12)
    state = uno.new_game(rules, players=2, seed=12)
    texts = []
    while len(texts) < moves:
        if state.round_over:
            nxt = uno.next_round(state)
            assert isinstance(nxt, uno.GameState)
            state = nxt
            texts.append("next-round")
            continue
        move = rng.choice(uno.legal_moves(state))
        texts.append(str(move))
        result = uno.apply(state, move)
        assert isinstance(result, uno.Transition)
        state = result.state
    return {"rules": rules, "players": 2, "seed": 12, "moves": texts}


def test_a_25000_move_record_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = long_record(25_000)
    path = tmp_path / "long.json"
    path.write_text(json.dumps(record, indent=4), encoding="utf-8")
    assert path.stat().st_size > 256 * 1024
    code, out, err = run(capsys, "replay", str(path))
    assert (code, err) == (0, ""), err
    assert "all 25000 moves are legal" in out


def test_a_record_over_the_size_limit_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "huge.json"
    with path.open("w", encoding="utf-8") as handle:
        handle.write('{"players": 2, "seed": 1, "moves": [')
        handle.write(" " * (RECORD.max_bytes + 10))
        handle.write("]}")
    code, _, err = run(capsys, "replay", str(path))
    line = one_line_error(code, err)
    assert "size limit" in line and "game record" in line


def test_errors_never_span_lines_even_for_odd_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"players": 2, "hands": [["R5"], 3], "discard": ["R3\nX"]}))
    code, _, err = run(capsys, "rule", str(path))
    one_line_error(code, err)


def test_presets_check_counts_every_unknown_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "many.yaml"
    path.write_text("extends: official\n" + "".join(f"bogus{i}: 1\n" for i in range(70)))
    code, out, _ = run(capsys, "presets", "check", str(path))
    lines = out.splitlines()
    assert code == 1 and lines[0] == f"{path}: 70 problem(s)"
    assert len(lines) == 52 and lines[-1] == "  ... and 20 more"
    code, out, _ = run(capsys, "presets", "check", "--json", str(path))
    report = json.loads(out)
    assert report["problem_count"] == len(report["problems"]) == 70


JUMP_IN = str(Path(__file__).resolve().parents[2] / "examples" / "jump-in.yaml")
BROKEN = (
    "extends: family\nuno:\n  penalty_card: 4\ntwo_player_reverse: skipp\n"
    "scoring:\n  target: 0\n  ties: play_another_round\n"
)


@pytest.mark.parametrize(
    ("name", "text", "said"),
    [
        ("syntax.yaml", "uno: [\n", "not valid YAML at line 2"),
        ("list.yaml", "- 1\n", "a preset must be a mapping of settings, got a list"),
        ("empty.yaml", "# nothing\n", "got nothing (an empty file or only comments)"),
        ("gone.yaml", None, "no such preset file"),
        ("folder", "", "not a regular file"),
    ],
)
def test_a_preset_file_that_cannot_be_read_is_named_once(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    text: str | None,
    said: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad").mkdir()
    path = tmp_path / "bad" / name
    if name == "folder":
        path.mkdir()
    elif text is not None:
        path.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "rule", JUMP_IN, "--preset", f"bad/{name}")
    line = one_line_error(code, err)
    assert line.startswith(f"uno-rules: bad/{name}: ") and said in line, line
    assert line.count(name) == 1 and str(tmp_path) not in line, line


def test_every_verb_names_the_preset_file_with_one_problem_a_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "type.yaml").write_text("extends: official\nuno:\n  penalty_cards: four\n")
    (tmp_path / "broken.yaml").write_text(BROKEN)
    (tmp_path / "rec.yaml").write_text("rules: type.yaml\nplayers: 2\nmoves: []\n")
    typed = "uno.penalty_cards: expected an integer, got the text 'four'"
    for argv, said in (
        (["replay", "rec.yaml"], f"uno-rules: rec.yaml: rules: type.yaml: {typed}\n"),
        (["simulate", "--preset", "type.yaml", "--games", "1"], f"uno-rules: type.yaml: {typed}\n"),
        (["presets", "show", "type.yaml"], f"uno-rules: type.yaml: {typed}\n"),
    ):
        code, _, err = run(capsys, *argv)
        assert (code, err) == (2, said)
    for argv in (
        ["presets", "show", "broken.yaml"],
        ["presets", "diff", "official", "broken.yaml"],
    ):
        code, _, err = run(capsys, *argv)
        lines = err.splitlines()
        one_line_error(code, err)
        assert lines[0] == "uno-rules: broken.yaml: 4 problems"
        assert lines[2] == "  uno.penalty_card: unknown setting (did you mean 'penalty_cards'?)"
        assert len(lines) == 5


def test_a_tables_preset_file_is_named_with_its_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "type.yaml").write_text("extends: official\nuno:\n  penalty_cards: four\n")
    table = Path(JUMP_IN).read_text().replace("rules: official", "rules: type.yaml")
    (tmp_path / "table.yaml").write_text(table)
    code, _, err = run(capsys, "rule", "table.yaml")
    assert one_line_error(code, err) == (
        "uno-rules: table.yaml: rules: type.yaml: uno.penalty_cards: expected an integer, got "
        "the text 'four'"
    )


def test_a_file_that_is_text_is_said_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "hello.yaml"
    path.write_text('"hello"\n')
    code, _, err = run(capsys, "presets", "check", str(path))
    assert one_line_error(code, err) == (
        f"uno-rules: {path}: expected a mapping of fields, got text"
    )


def test_simulate_names_its_options_for_the_seed_and_the_players(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "simulate", "--games", "2", "--seed", str(2**400))
    assert out == "" and one_line_error(code, err) == (
        "uno-rules: --seed: more than 332 bits (the seed limit)"
    )
    code, _, err = run(capsys, "simulate", "--players", "1")
    assert one_line_error(code, err) == "uno-rules: --players: expected 2 to 10 (B1.2), got 1"


def test_presets_check_of_a_bundled_name_says_it_reads_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "presets", "check", "official")
    line = one_line_error(code, err)
    assert line.startswith("uno-rules: official: no such preset file; check reads a preset file")
    assert "presets show official" in line


def test_svg_needs_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = str(Path(JUMP_IN).with_name("stacking-plus2-on-plus2.yaml"))
    code, out, err = run(capsys, "rule", table, "--svg", "")
    assert out == "" and one_line_error(code, err) == (
        "uno-rules: --svg: expected a folder to save the pictures in, got nothing"
    )
    taken = tmp_path / "taken"
    taken.write_text("")
    code, out, err = run(capsys, "rule", table, "--svg", str(taken))
    assert one_line_error(code, err) == (
        f"uno-rules: {taken}: cannot write pictures: it is a file, not a folder"
    )


def test_a_move_that_is_not_text_is_named_by_its_index(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "moves.yaml"
    path.write_text("players: 2\nhands: [[R7], 3]\ndiscard: [R5]\nmoves: [0 R7, 5, null]\n")
    code, _, err = run(capsys, "rule", str(path))
    one_line_error(code, err)
    assert err.splitlines()[1:] == [
        "  moves[1]: expected a move text, got a number",
        "  moves[2]: expected a move text, got nothing (null)",
    ]


def test_every_option_and_argument_has_a_help_text() -> None:
    parsers = [cli._parser()]
    while parsers:
        parser = parsers.pop()
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                parsers.extend(action.choices.values())
            else:
                assert action.help, f"{parser.prog} {action.dest}"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["rule", "TABLE", "--jsn"],
            "uno-rules: rule: unrecognized arguments: --jsn (did you mean '--json'?) "
            "(see uno-rules rule --help)",
        ),
        (
            ["simulate", "--gmaes", "3"],
            "uno-rules: simulate: unrecognized arguments: --gmaes 3 (did you mean '--games'?) "
            "(see uno-rules simulate --help)",
        ),
        (
            ["presets", "check", "PRESET", "--jsno"],
            "uno-rules: presets check: unrecognized arguments: --jsno (did you mean '--json'?) "
            "(see uno-rules presets check --help)",
        ),
        (
            ["rule", "TABLE", "more"],
            "uno-rules: rule: unrecognized arguments: more (see uno-rules rule --help)",
        ),
    ],
)
def test_an_unknown_argument_is_refused_by_its_verb_with_a_suggestion(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    """The message points at the verb's own help and names the option probably meant, as
    a mistyped verb, move or preset name gets."""
    table = str(ROOT / "examples" / "jump-in.yaml")
    preset = str(ROOT / "presets" / "family.yaml")
    argv = [table if a == "TABLE" else preset if a == "PRESET" else a for a in argv]
    code, out, err = run(capsys, *argv)
    assert one_line_error(code, err) == said
    assert out == ""


@pytest.mark.parametrize(
    "argv",
    [
        ["presets", "check", "PRESET", "--lang", "vi"],
        ["presets", "list", "--lang", "vi"],
        ["simulate", "--games", "1", "--players", "2", "--lang", "vi"],
    ],
)
def test_lang_is_taken_after_every_verb(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """``--lang`` after any verb or action, as after ``rule`` and ``replay``."""
    preset = str(ROOT / "presets" / "family.yaml")
    argv = [preset if a == "PRESET" else a for a in argv]
    code, _out, err = run(capsys, *argv)
    assert code == 0, err


@pytest.mark.parametrize(
    ("deal", "problem"),
    [
        ({"seed": None}, "deal.seed: no value (leave the key out for the default 0)"),
        ({"players": 12}, "deal.players: expected 2 to 10 (B1.2), got 12"),
    ],
)
def test_a_bad_deal_is_named_by_its_path_in_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], deal: dict[str, Any], problem: str
) -> None:
    path = tmp_path / "deal.yaml"
    path.write_text(json.dumps({"rules": "official", "deal": deal, "moves": []}))
    code, _out, err = run(capsys, "rule", str(path))
    assert one_line_error(code, err) == f"uno-rules: {path}: {problem}"
