"""The ``uno-rules`` command line: verbs, ``--json`` on every verb,
exit status 0 success / all legal, 1 a move or preset rejected, 2 bad input with one line on
stderr and no traceback."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

import uno_rules as uno
from uno_rules.cli import main
from uno_rules.record import make_record

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
PRESETS = ROOT / "presets"
STACKING = EXAMPLES / "stacking-plus2-on-plus2.yaml"  # official: legal, cannot-stack
BUNDLED = (
    "official",
    "official-112",
    "official-2015",
    "mattel-2001",
    "progressive",
    "family",
    "no-mercy-lite",
    "no-mercy",
    "no-mercy-points",
)
RULING_KEYS = {
    "move",
    "legal",
    "clause",
    "rule",
    "verdict",
    "plain",
    "violation",
    "events",
    "table",
}


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the command in-process: (exit status, stdout, stderr)."""
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run the command as a real process, stdout and stderr piped (not a terminal)."""
    return subprocess.run(
        [sys.executable, "-m", "uno_rules.cli", *args],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=cwd,
    )


def write_yaml(path: Path, data: Any) -> Path:
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def no_python_reprs(text: str) -> None:
    for marker in ("Card.parse(", "<Color.", "Transition(", "Traceback"):
        assert marker not in text


# A dispute of our own: every move legal under official.
ALL_LEGAL_TABLE = {
    "title": "Plain plays",
    "rules": "official",
    "players": 3,
    "hands": [["R7", "B5", "G1"], ["R2", "Y4", "Y5"], 5],
    "discard": ["G5", "R5"],
    "turn": 0,
    "moves": ["0 R7", "1 R2"],
}


# --------------------------------------------------------------------------- rule


def test_rule_single_preset_human_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "rule", str(STACKING), "--preset", "official")
    assert code == 1
    assert err == ""
    assert "Can I put my Draw Two on the Draw Two" in out  # the title
    assert "official" in out
    assert "0 R+2" in out and "1 B+2" in out
    assert re.search(r"\blegal\b", out)
    assert "cannot-stack" in out
    assert "B7.3" in out
    no_python_reprs(out)


def test_rule_without_preset_uses_the_files_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The table file says family: seat 3's identical R5 is a legal jump-in there.
    table = {
        "rules": "family",
        "players": 4,
        "hands": [["R5", "B2", "G4"], ["B1", "B4", "Y6"], ["Y6", "Y7", "G1"], ["R5", "G9", "Y3"]],
        "discard": ["G5"],
        "turn": 0,
        "moves": ["0 R5", "3 R5"],
    }
    path = write_yaml(tmp_path / "jump.yaml", table)
    code, out, _ = run_main(capsys, "rule", str(path), "--json")
    report = json.loads(out)
    assert code == 0
    assert report["presets"] == ["family"]
    assert [r["legal"] for r in report["rulings"]["family"]] == [True, True]
    assert report["all_legal"] is True


def test_a_files_rules_file_is_found_beside_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table's or record's ``rules: house.yaml`` names the file in the table's own
    folder, as a preset's ``extends`` does, whatever the current folder; a path that is
    not there stays relative to the current folder, as before."""
    folder = tmp_path / "disputes"
    folder.mkdir()
    write_yaml(folder / "house.yaml", {"extends": "family", "name": "our-house"})
    table = {
        "rules": "house.yaml",
        "players": 4,
        "hands": [["R5", "B2", "G4"], ["B1", "B4", "Y6"], ["Y6", "Y7", "G1"], ["R5", "G9", "Y3"]],
        "discard": ["G5"],
        "turn": 0,
        "moves": ["0 R5", "3 R5"],  # a jump-in: legal under family only
    }
    path = write_yaml(folder / "jump.yaml", table)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    code, out, _ = run_main(capsys, "rule", str(path), "--json")
    assert code == 0
    assert json.loads(out)["presets"] == ["our-house"]
    record = {"rules": "house.yaml", "players": 2, "seed": 3, "moves": []}
    code, out, _ = run_main(
        capsys, "replay", str(write_yaml(folder / "game.yaml", record)), "--json"
    )
    assert code == 0
    assert json.loads(out)["ok"] is True
    # relative to the current folder, when the table's folder has no such file
    write_yaml(elsewhere / "cwd.yaml", {"extends": "official", "name": "from-here"})
    path = write_yaml(folder / "other.yaml", {**table, "rules": "cwd.yaml"})
    code, out, _ = run_main(capsys, "rule", str(path), "--json")
    assert json.loads(out)["presets"] == ["from-here"]


def test_rule_several_presets_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(
        capsys, "rule", str(STACKING), "--preset", "official", "--preset", "family"
    )
    assert code == 1  # refused under one of them
    assert err == ""
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if "official" in line and "family" in line)
    header = lines[at]
    assert header.index("official") < header.index("family")
    rows = []
    for line in lines[at + 1 :]:
        if not line.strip():
            break
        rows.append(line)
    # One line per move, under the header, before anything else.
    assert len(rows) == 2, out
    assert rows[0].startswith("1. 0 R+2")
    assert rows[1].startswith("2. 1 B+2")
    row = rows[1]
    # Both verdicts on the move's line, each in its preset's column.
    assert "cannot-stack" in row and "legal" in row
    assert row.index("cannot-stack") < row.index("legal")
    assert "legal" in row[header.index("family") :]
    assert "cannot-stack" not in row[header.index("family") :]
    no_python_reprs(out)


def test_rule_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(
        capsys, "rule", str(STACKING), "--preset", "official", "--preset", "family", "--json"
    )
    assert code == 1
    assert err == ""
    report = json.loads(out)
    assert set(report) == {
        "file",
        "title",
        "presets",
        "deal",
        "start",
        "notes",
        "rulings",
        "refused_moves",
        "all_legal",
    }
    assert report["refused_moves"] == 1  # one move, refused under one of the two presets
    assert report["file"] == str(STACKING)
    assert report["title"].startswith("Can I put my Draw Two")
    assert report["presets"] == ["official", "family"]
    assert set(report["start"]) == {"official", "family"}
    assert set(report["rulings"]) == {"official", "family"}
    assert report["all_legal"] is False
    for preset, rulings in report["rulings"].items():
        assert isinstance(report["start"][preset], dict)
        assert [r["move"] for r in rulings] == ["0 R+2", "1 B+2"]
        for r in rulings:
            assert set(r) == RULING_KEYS
            assert isinstance(r["legal"], bool)
            assert isinstance(r["clause"], str) and r["clause"]
            assert isinstance(r["rule"], str) and r["rule"]
            assert isinstance(r["events"], list)
            assert all(isinstance(e, dict) and isinstance(e["kind"], str) for e in r["events"])
            assert isinstance(r["table"], dict)
            if r["legal"]:
                assert r["violation"] is None
            else:
                assert isinstance(r["violation"], dict)
                assert r["violation"]["code"]
                assert r["events"] == []
    official, family = report["rulings"]["official"], report["rulings"]["family"]
    assert [r["legal"] for r in official] == [True, False]
    assert official[1]["violation"]["code"] == "cannot-stack"
    assert official[1]["clause"] == "B7.3"
    assert [r["legal"] for r in family] == [True, True]
    assert family[1]["clause"] == "H01"
    assert "played" in [e["kind"] for e in official[0]["events"]]
    # A refused move leaves the table as it was.
    assert official[1]["table"] == official[0]["table"]


def test_rule_all_legal_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_yaml(tmp_path / "plain.yaml", ALL_LEGAL_TABLE)
    code, out, err = run_main(capsys, "rule", str(path))
    assert code == 0
    assert err == ""
    assert "0 R7" in out and "1 R2" in out
    assert "Plain plays" in out
    code, out, _ = run_main(capsys, "rule", str(path), "--json")
    assert code == 0
    assert json.loads(out)["all_legal"] is True


def test_rule_one_refused_move_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = dict(ALL_LEGAL_TABLE, moves=["0 B5"])  # B5 on R5: matches by number, legal
    path = write_yaml(tmp_path / "number.yaml", table)
    assert run_main(capsys, "rule", str(path))[0] == 0
    table = dict(ALL_LEGAL_TABLE, moves=["0 G1"])  # G1 on a red 5: no match
    path = write_yaml(tmp_path / "nomatch.yaml", table)
    code, out, _ = run_main(capsys, "rule", str(path), "--json")
    assert code == 1
    ruling = json.loads(out)["rulings"]["official"][0]
    assert ruling["legal"] is False
    assert ruling["violation"]["code"] == "card-does-not-match"


# --------------------------------------------------------------------------- replay


def _random_game(seed: int) -> tuple[list[str], list[uno.GameState]]:
    """A short random game: one round, ``next-round``, then a few more moves.
    Returns the move texts and the state each move was made in."""
    rng = random.Random(seed)
    state = uno.new_game("official", players=3, seed=seed)
    moves: list[str] = []
    states: list[uno.GameState] = []
    extra = None
    while not state.game_over and len(moves) < 3000:
        if extra is not None and len(moves) >= extra:
            break
        states.append(state)
        if state.round_over:
            moves.append("next-round")
            nxt = uno.next_round(state)
            assert isinstance(nxt, uno.GameState)
            state = nxt
            extra = len(moves) + 12
            continue
        move = rng.choice(uno.legal_moves(state))
        moves.append(str(move))
        result = uno.apply(state, move)
        assert isinstance(result, uno.Transition)
        state = result.state
    return moves, states


@pytest.fixture(scope="module")
def game() -> tuple[dict[str, Any], list[str], list[uno.GameState]]:
    moves, states = _random_game(seed=11)
    assert "next-round" in moves
    return make_record("official", 3, 11, moves), moves, states


def test_replay_a_recorded_game(
    game: tuple[dict[str, Any], list[str], list[uno.GameState]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    record, moves, _ = game
    path = write_yaml(tmp_path / "game.yaml", record)
    code, out, err = run_main(capsys, "replay", str(path))
    assert code == 0
    assert err == ""
    assert "legal" in out
    no_python_reprs(out)
    code, out, _ = run_main(capsys, "replay", str(path), "--json")
    assert code == 0
    report = json.loads(out)
    assert set(report) == {"file", "applied", "ok", "index", "move", "violation", "table"}
    assert report["file"] == str(path)
    assert report["ok"] is True
    assert report["applied"] == len(moves)
    assert report["index"] is None
    assert report["move"] is None
    assert report["violation"] is None
    final = uno.replay(record).state
    assert report["table"]["hand_sizes"] == [len(h) for h in final.hands]
    assert report["table"]["scores"] == list(final.scores)
    assert report["table"]["top_card"] == str(final.top_card)


def _corrupt(
    moves: list[str], states: list[uno.GameState], start: int
) -> tuple[int, str, uno.Violation]:
    """Replace a move at or after ``start`` with a well-formed move by a seat whose turn it
    is not."""
    for index in range(start, len(moves)):
        state = states[index]
        if moves[index] == "next-round" or state.round_over:
            continue
        for seat in range(state.players):
            if seat == state.turn:
                continue
            text = f"{seat} draw"
            violation = uno.validate(state, uno.parse_move(text))
            if violation is not None:
                return index, text, violation
    raise AssertionError("no move to corrupt")


def test_replay_reports_the_first_illegal_move(
    game: tuple[dict[str, Any], list[str], list[uno.GameState]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    record, moves, states = game
    index, text, violation = _corrupt(moves, states, start=7)
    bad_moves = list(moves)
    bad_moves[index] = text
    path = write_yaml(tmp_path / "bad.yaml", dict(record, moves=bad_moves))
    code, out, err = run_main(capsys, "replay", str(path))
    assert code == 1
    assert err == ""
    assert re.search(rf"\b{index}\b", out), out
    assert violation.code in out
    assert text in out
    no_python_reprs(out)
    code, out, _ = run_main(capsys, "replay", str(path), "--json")
    assert code == 1
    report = json.loads(out)
    assert set(report) == {"file", "applied", "ok", "index", "move", "violation", "table"}
    assert report["ok"] is False
    assert report["index"] == index
    assert report["applied"] == index
    assert report["move"] == text
    assert report["violation"]["code"] == violation.code
    before = states[index]
    assert report["table"]["hand_sizes"] == [len(h) for h in before.hands]
    assert report["table"]["turn"] == before.turn


# --------------------------------------------------------------------------- presets


def test_presets_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "presets", "list")
    assert code == 0
    assert err == ""
    listed = {line.split()[0] for line in out.splitlines() if line.strip()}
    assert set(BUNDLED) <= listed
    code, out, _ = run_main(capsys, "presets", "list", "--json")
    assert code == 0
    entries = json.loads(out)
    assert isinstance(entries, list)
    names = [e["name"] for e in entries]
    assert set(BUNDLED) <= set(names)
    assert set(names) == set(uno.preset_names())


def test_presets_show_family_is_yaml_that_loads_back(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "presets", "show", "family")
    assert code == 0
    assert err == ""
    data = yaml.safe_load(out)
    assert isinstance(data, dict)
    assert uno.load_preset(data) == uno.load_preset("family")
    code, out, _ = run_main(capsys, "presets", "show", "family", "--json")
    assert code == 0
    assert uno.load_preset(json.loads(out)) == uno.load_preset("family")


@pytest.mark.parametrize("path", sorted(PRESETS.glob("*.yaml")), ids=lambda p: p.name)
def test_presets_check_bundled_files_are_ok(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "presets", "check", str(path))
    assert code == 0, out
    assert err == ""


def test_presets_check_a_good_custom_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_yaml(
        tmp_path / "ours.yaml",
        {"extends": "family", "name": "ours", "hand_size": 8, "uno": {"penalty_cards": 4}},
    )
    code, out, err = run_main(capsys, "presets", "check", str(path))
    assert code == 0
    assert err == ""
    code, out, _ = run_main(capsys, "presets", "check", str(path), "--json")
    assert code == 0
    report = json.loads(out)
    assert report["file"] == str(path)
    assert report["ok"] is True
    assert report["problems"] == []


BAD_PRESET = {
    "extends": "official",
    "name": "bad",
    "hand_sise": 7,  # a typo
    "two_player_reverse": "sideways",  # not a value of the enum
    "uno": {"penalty_cards": -3},  # out of range
    # a contradiction: accumulating jump-ins need stacking, which official has off
    "house_rules": {"jump_in": {"enabled": True, "with_stacking": "accumulate"}},
}
BAD_PATHS = (
    "hand_sise",
    "two_player_reverse",
    "uno.penalty_cards",
    "house_rules.jump_in.with_stacking",
)


def test_presets_check_reports_every_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_yaml(tmp_path / "bad.yaml", BAD_PRESET)
    code, out, err = run_main(capsys, "presets", "check", str(path))
    assert code == 1
    assert err == ""
    for problem_path in BAD_PATHS:
        assert problem_path in out, f"{problem_path} missing from:\n{out}"
    code, out, _ = run_main(capsys, "presets", "check", str(path), "--json")
    assert code == 1
    report = json.loads(out)
    assert report["file"] == str(path)
    assert report["ok"] is False
    problems = report["problems"]
    assert isinstance(problems, list) and all(isinstance(p, str) for p in problems)
    for problem_path in BAD_PATHS:
        assert any(p.startswith(problem_path) for p in problems), (problem_path, problems)


def test_presets_check_reports_a_contradiction(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_yaml(
        tmp_path / "contradiction.yaml",
        {"extends": "official", "house_rules": BAD_PRESET["house_rules"]},
    )
    code, out, _ = run_main(capsys, "presets", "check", str(path), "--json")
    assert code == 1
    problems = json.loads(out)["problems"]
    assert any(p.startswith("house_rules.jump_in.with_stacking") for p in problems)


def _flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    if not isinstance(data, dict):
        return {prefix: data}
    out: dict[str, Any] = {}
    for key, value in data.items():
        out.update(_flatten(value, f"{prefix}.{key}" if prefix else str(key)))
    return out


def test_presets_diff(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "presets", "diff", "official", "family")
    assert code == 0
    assert err == ""
    for setting in (
        "house_rules.stacking.enabled",
        "house_rules.jump_in.enabled",
        "house_rules.seven_o.enabled",
        "house_rules.draw_until_playable.enabled",
        "two_player_reverse",
    ):
        assert setting in out
    assert "hand_size" not in out  # the same in both
    code, out, _ = run_main(capsys, "presets", "diff", "official", "family", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["a"] == "official" and report["b"] == "family"
    diffs = {d["path"]: (d["a"], d["b"]) for d in report["differences"]}
    assert diffs["house_rules.stacking.enabled"] == (False, True)
    assert diffs["two_player_reverse"] == ("reverse", "skip")
    a = _flatten(uno.load_preset("official").to_dict())
    b = _flatten(uno.load_preset("family").to_dict())
    differing = {k for k in a.keys() | b.keys() if k != "name" and a.get(k) != b.get(k)}
    assert set(diffs) == differing


def test_presets_diff_of_a_preset_with_itself(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "presets", "diff", "family", "family", "--json")
    assert code == 0
    assert json.loads(out)["differences"] == []


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    proc = run_cli("presets", "schema")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    jsonschema.Draft202012Validator.check_schema(data)
    return data


def test_presets_schema_is_a_valid_draft_2020_12_schema(schema: dict[str, Any]) -> None:
    assert "2020-12" in schema.get("$schema", "")
    assert schema.get("type") == "object"


def test_presets_schema_json_flag(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "presets", "schema", "--json")
    assert code == 0
    jsonschema.Draft202012Validator.check_schema(json.loads(out))


@pytest.mark.parametrize("name", BUNDLED)
def test_presets_schema_accepts_bundled_presets(schema: dict[str, Any], name: str) -> None:
    jsonschema.Draft202012Validator(schema).validate(uno.load_preset(name).to_dict())


@pytest.mark.parametrize("path", sorted(PRESETS.glob("*.yaml")), ids=lambda p: p.name)
def test_presets_schema_accepts_preset_files(schema: dict[str, Any], path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(data)


@pytest.mark.parametrize(
    "preset",
    [
        {"extends": "official", "hand_sise": 7},
        {"house_rules": {"stakcing": {"enabled": True}}},
        {"two_player_reverse": "sideways"},
        {"house_rules": {"stacking": {"pairs": ["plus6"]}}},
    ],
    ids=["unknown-key", "unknown-nested-key", "bad-enum", "bad-enum-in-list"],
)
def test_presets_schema_rejects_bad_presets(schema: dict[str, Any], preset: Any) -> None:
    validator = jsonschema.Draft202012Validator(schema)
    assert not validator.is_valid(preset)
    with pytest.raises(uno.PresetError):
        uno.load_preset(preset)


# --------------------------------------------------------------------------- simulate

SMALL = ("--games", "4", "--players", "3", "--max-turns", "3000")
METRICS = {
    "rounds_per_game",
    "turns_per_round",
    "cards_drawn_per_round",
    "longest_stack",
    "blocked_round_share",
    "turn_cap_share",
}


def _check_simulation(report: dict[str, Any], preset: str, bot: str, seed: int) -> None:
    for key in ("preset", "bot", "seed", "games", "players", "metrics", "seat_win_rate"):
        assert key in report
    assert report["preset"] == preset
    assert report["bot"] == bot
    assert report["seed"] == seed
    assert report["games"] == 4
    assert report["players"] == 3
    assert set(report["metrics"]) == METRICS
    for name, metric in report["metrics"].items():
        assert set(metric) == {"value", "low", "high"}, name
        assert metric["low"] <= metric["value"] <= metric["high"], name
    for name in ("blocked_round_share", "turn_cap_share"):
        assert 0 <= report["metrics"][name]["value"] <= 1
    assert report["metrics"]["rounds_per_game"]["value"] >= 1
    assert report["metrics"]["turns_per_round"]["value"] > 0
    rates = report["seat_win_rate"]
    assert isinstance(rates, list) and len(rates) == 3
    for rate in rates:
        assert set(rate) == {"value", "low", "high"}
        assert 0 <= rate["low"] <= rate["value"] <= rate["high"] <= 1
    if report["metrics"]["turn_cap_share"]["value"] == 0:
        assert sum(r["value"] for r in rates) == pytest.approx(1)


@pytest.mark.parametrize("preset", ["official", "family"])
def test_simulate_json_shape(preset: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(capsys, "simulate", "--preset", preset, *SMALL, "--json")
    assert code == 0
    assert err == ""
    _check_simulation(json.loads(out), preset, "heuristic", 0)


def test_simulate_random_bot(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "--bot", "random", "--seed", "3", *SMALL, "--json")
    code, out, _ = run_main(capsys, *args)
    assert code == 0
    _check_simulation(json.loads(out), "official", "random", 3)


def test_simulate_heuristic_bot_human_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "simulate", "--bot", "heuristic", *SMALL)
    assert code == 0
    assert "official" in out
    assert "Player 3 wins" in out  # seat 2
    no_python_reprs(out)


def test_simulate_same_seed_same_result_for_any_jobs() -> None:
    args = ("simulate", "--preset", "family", "--seed", "5", *SMALL, "--json")
    one = run_cli(*args, "--jobs", "1")
    two = run_cli(*args, "--jobs", "2")
    assert one.returncode == 0, one.stderr
    assert two.returncode == 0, two.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)
    assert one.stdout == two.stdout


def test_simulate_no_progress_bar_off_a_terminal() -> None:
    proc = run_cli("simulate", *SMALL)  # human output, stdout and stderr are pipes
    assert proc.returncode == 0
    assert proc.stderr == ""
    assert "#" not in proc.stdout and "\r" not in proc.stdout


def test_simulate_progress_bar_on_a_terminal() -> None:
    master, slave = os.openpty()
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", "uno_rules.cli", "simulate", *SMALL],
            stdout=subprocess.PIPE,
            stderr=slave,
            text=True,
        )
        os.close(slave)
        slave = -1
        chunks = []
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)
        stdout, _ = proc.communicate(timeout=180)
    finally:
        if slave != -1:
            os.close(slave)
        os.close(master)
    assert proc.returncode == 0
    shown = b"".join(chunks).decode()
    assert "4/4" in shown
    assert "Player 1 wins" in stdout  # seat 0


# --------------------------------------------------------------------------- bad input


TABLE = {"players": 2, "hands": [["R5", "G9"], 3], "discard": ["R3"], "moves": ["0 R5"]}

MISSING = ("no such", "not found", "does not exist", "missing")
# (id, the file to write (name, content: text or data) or None, argv, what the message must
# contain, case-insensitive: each item a word or a tuple of alternatives; "{file}" stands
# for the written file's name)
Words = list[str | tuple[str, ...]]
BAD_INPUT: list[tuple[str, tuple[str, Any] | None, list[str], Words]] = [
    ("missing-file", None, ["rule", "{file}"], ["nosuch-table.yaml", MISSING]),
    ("not-yaml", ("broken.yaml", "a: [1, 2\nb: }\n"), ["rule", "{file}"], ["{file}", "yaml"]),
    (
        "yaml-list",
        ("list.yaml", "- 0 R5\n- 1 B5\n"),
        ["rule", "{file}"],
        ["{file}", ("mapping", "list")],
    ),
    ("empty-file", ("empty.yaml", ""), ["rule", "{file}"], ["{file}"]),
    (
        "unknown-preset-option",
        ("table.yaml", TABLE),
        ["rule", "{file}", "--preset", "nosuch"],
        ["nosuch"],
    ),
    (
        "unknown-preset-in-file",
        ("rules.yaml", dict(TABLE, rules="nosuch")),
        ["rule", "{file}"],
        ["{file}", "nosuch"],
    ),
    (
        "bad-card",
        ("card.yaml", dict(TABLE, hands=[["R5", "X9"], 3])),
        ["rule", "{file}"],
        ["{file}", "X9"],
    ),
    (
        "bad-move",
        ("move.yaml", dict(TABLE, moves=["0 R5", "1 fly away"])),
        ["rule", "{file}"],
        ["{file}", "1 fly away"],
    ),
    (
        "moves-not-a-list",
        ("moves.yaml", dict(TABLE, moves="0 R5")),
        ["rule", "{file}"],
        ["{file}", "moves"],
    ),
    (
        "three-R5",
        ("three.yaml", dict(TABLE, hands=[["R5", "R5"], 3], discard=["R5"])),
        ["rule", "{file}"],
        ["{file}", "R5"],
    ),
    (
        "three-R5-json",
        ("three.yaml", dict(TABLE, hands=[["R5", "R5"], 3], discard=["R5"])),
        ["rule", "{file}", "--json"],
        ["{file}", "R5"],
    ),
    (
        "turn-out-of-range",
        ("turn.yaml", dict(TABLE, turn=5)),
        ["rule", "{file}"],
        ["{file}", "turn"],
    ),
    (
        "wild-without-color",
        ("wild.yaml", dict(TABLE, discard=["W"])),
        ["rule", "{file}"],
        ["{file}", "color"],
    ),
    ("replay-missing-file", None, ["replay", "{file}"], ["nosuch-table.yaml", MISSING]),
    (
        "replay-bad-move",
        ("record.yaml", {"rules": "official", "players": 3, "seed": 1, "moves": ["0 fly"]}),
        ["replay", "{file}"],
        ["{file}", "0 fly"],
    ),
    (
        "replay-yaml-list",
        ("list.yaml", "- 0 R5\n"),
        ["replay", "{file}"],
        ["{file}", ("mapping", "list")],
    ),
    ("show-unknown-preset", None, ["presets", "show", "nosuch"], ["nosuch"]),
    ("diff-unknown-preset", None, ["presets", "diff", "official", "nosuch"], ["nosuch"]),
    ("check-missing-file", None, ["presets", "check", "{file}"], ["nosuch-table.yaml", MISSING]),
    (
        "check-not-yaml",
        ("broken.yaml", "a: [1, 2\nb: }\n"),
        ["presets", "check", "{file}"],
        ["{file}", "yaml"],
    ),
    ("simulate-11-players", None, ["simulate", "--players", "11"], ["11", "player"]),
    ("simulate-unknown-preset", None, ["simulate", "--preset", "nosuch"], ["nosuch"]),
]


@pytest.mark.parametrize(
    ("file", "argv", "words"),
    [pytest.param(f, a, w, id=i) for i, f, a, w in BAD_INPUT],
)
def test_bad_input_exits_2_with_one_line(
    tmp_path: Path, file: tuple[str, Any] | None, argv: list[str], words: Words
) -> None:
    name = "nosuch-table.yaml"
    if file is not None:
        name, content = file
        text = content if isinstance(content, str) else yaml.safe_dump(content)
        (tmp_path / name).write_text(text, encoding="utf-8")
    args = [a.replace("{file}", name) for a in argv]
    proc = run_cli(*args, cwd=tmp_path)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    assert "Traceback" not in proc.stdout
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("uno-rules:")
    message = lines[0].lower()
    for word in words:
        options = (word,) if isinstance(word, str) else word
        assert any(o.replace("{file}", name).lower() in message for o in options), (word, message)


@pytest.mark.parametrize(
    ("raised", "code", "said"),
    [
        (BrokenPipeError(), 0, None),
        (OSError(28, "No space left on device"), 2, "cannot write the output: No space left"),
        (RecursionError(), 2, "too large or too deeply nested to handle (RecursionError)"),
        (MemoryError(), 2, "too large or too deeply nested to handle (MemoryError)"),
        (
            ZeroDivisionError("boom"),
            2,
            "internal error: ZeroDivisionError: boom (please report it)",
        ),
    ],
)
def test_what_a_verb_raises_becomes_one_line_and_an_exit_status(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    raised: BaseException,
    code: int,
    said: str | None,
) -> None:
    """Whatever a verb raises (a closed pipe, a full disk, input too deep, a bug), the
    command line answers with an exit status and at most one line, never a traceback."""
    from uno_rules import cli

    def verb(args: object) -> int:
        raise raised

    monkeypatch.setattr(cli, "cmd_presets_list", verb)
    assert cli.main(["presets", "list"]) == code
    err = capsys.readouterr().err
    assert "Traceback" not in err
    if said is None:
        assert err == ""
    else:
        assert said in err and len(err.strip().splitlines()) == 1
