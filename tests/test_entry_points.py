"""The same mistake gets the same answer whichever way it reaches the library: the Python
API, the command line, the HTTP service (docs/errors.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import uno_rules as uno
from uno_rules.cli import main
from uno_rules.dispute import settle

ROOT = Path(__file__).resolve().parents[1]
STACKING = ROOT / "examples" / "stacking-plus2-on-plus2.yaml"
BAD_DISPUTE = {
    "players": 2,
    "hands": [["R7", "Q9"], 3],
    "discard": ["R5"],
    "moves": ["0 R7", "1 drwa"],
}


def run_main(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# --------------------------------------------------------------------------- disputes


@pytest.mark.parametrize("presets", [[], ["official", "family"]])
def test_a_dispute_reports_the_tables_problems_with_its_moves(presets: list[str]) -> None:
    """A bad card in ``hands`` and a bad move are reported together, not one after the
    other is fixed."""
    with pytest.raises(uno.SituationError) as caught:
        settle(BAD_DISPUTE, presets)
    problems = caught.value.problems
    assert [p.split(":")[0] for p in problems] == ["hands[0][1]", "moves[1]"]
    assert problems[0].startswith("hands[0][1]: cannot read 'Q9'")


def test_the_command_line_lists_every_problem_of_a_dispute(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(BAD_DISPUTE), encoding="utf-8")
    code, _, err = run_main(capsys, "rule", str(path))
    lines = err.splitlines()
    assert code == 2 and lines[0] == f"uno-rules: {path}: 2 problems"
    assert lines[1].startswith("  hands[0][1]: ") and lines[2].startswith("  moves[1]: ")


def test_a_dispute_with_good_moves_and_a_bad_table_reports_the_table() -> None:
    with pytest.raises(uno.SituationError) as caught:
        settle({**BAD_DISPUTE, "moves": ["0 R7"]}, ["official"])
    assert [p.split(":")[0] for p in caught.value.problems] == ["hands[0][1]"]


def test_bad_moves_with_an_unknown_preset_report_the_moves_first() -> None:
    """The table cannot be read under a preset that does not load: the moves' problems
    come alone, and the preset's once they are fixed."""
    with pytest.raises(uno.SituationError) as caught:
        settle(BAD_DISPUTE, ["nosuch"])
    assert [p.split(":")[0] for p in caught.value.problems] == ["moves[1]"]
    with pytest.raises(uno.PresetError):
        settle({**BAD_DISPUTE, "moves": ["0 R7"]}, ["nosuch"])


# --------------------------------------------------------------------------- suggestions


def test_parse_move_suggests_the_verb_it_was_probably_meant_to_be() -> None:
    with pytest.raises(uno.NotationError) as caught:
        uno.parse_move("0 drwa")
    assert str(caught.value).endswith("(did you mean '0 draw'?)")
    with pytest.raises(uno.NotationError) as caught:
        uno.parse_move("2 catsh 1")
    assert str(caught.value).endswith("(did you mean '2 catch 1'?)")
    with pytest.raises(uno.NotationError) as caught:
        uno.parse_move("0 Q9")  # near no verb: no suggestion
    assert "did you mean" not in str(caught.value)


def test_a_dispute_suggests_the_verb_as_parse_move_does() -> None:
    with pytest.raises(uno.NotationError) as parsed:
        uno.parse_move("1 drwa")
    with pytest.raises(uno.SituationError) as settled:
        settle({**BAD_DISPUTE, "hands": [["R7"], 3]})
    assert settled.value.problems == [f"moves[1]: {parsed.value}"]
    assert settled.value.problems[0].count("did you mean") == 1


@pytest.mark.parametrize(
    ("args", "suggested"),
    [
        (["rules", "x.yaml"], "rule"),
        (["simulat"], "simulate"),
        (["presets", "chek", "x.yaml"], "check"),
    ],
)
def test_the_command_line_suggests_a_verb(
    args: list[str], suggested: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run_main(capsys, *args)
    assert code == 2 and f"(did you mean '{suggested}'?)" in err


def test_a_preset_name_gets_the_same_suggestion_everywhere(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import warnings

    with warnings.catch_warnings():  # the test client may warn about its HTTP library
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from uno_rules.server import create_app

    with pytest.raises(uno.PresetError) as loaded:
        uno.load_preset("famly")
    assert "(did you mean 'family'?)" in str(loaded.value)
    code, _, err = run_main(capsys, "rule", str(STACKING), "--preset", "famly")
    assert code == 2 and "(did you mean 'family'?)" in err
    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        answer = client.post("/api/disputes?preset=famly", json={"players": 2, "moves": []})
    assert answer.status_code == 422
    assert "(did you mean 'family'?)" in answer.json()["problems"][0]


# --------------------------------------------------------------------------- seats


@pytest.mark.parametrize("seat", [3, 9, -1, True])
def test_a_seat_not_at_the_table(seat: int) -> None:
    """A question about a seat (legal_moves, view) raises SituationError with the same
    problem; a move by that seat is refused with unknown-seat (docs/errors.md)."""
    state = uno.new_game("official", players=3, seed=0)
    problems = []
    for ask in (lambda: uno.legal_moves(state, seat=seat), lambda: uno.view(state, seat)):
        with pytest.raises(uno.SituationError) as caught:
            ask()
        problems.append(caught.value.problems)
    assert problems[0] == problems[1] == [f"seat: expected 0 to 2, got {seat!r}"]
    if type(seat) is int:
        refused = uno.apply(state, uno.Draw(seat))
        assert isinstance(refused, uno.Violation) and refused.code == "unknown-seat"
        assert uno.validate(state, uno.Draw(seat)) == refused
        assert uno.rule_on(state, uno.Draw(seat)).violation == refused
        with pytest.raises(uno.IllegalMoveError):
            uno.apply_or_raise(state, uno.Draw(seat))


def test_a_seat_at_the_table_with_no_move_gets_no_moves() -> None:
    state = uno.new_game("official", players=3, seed=0)
    assert uno.legal_moves(state, seat=1) == ()  # not its turn, nothing out of turn


# --------------------------------------------------------------------------- presets


def test_rule_lists_a_bad_preset_files_problems_as_presets_check_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        "extends: official\nuno: {penalty_card: 4}\ntwo_player_reverse: skipp\n"
        "scoring: {target: 0}\ncolour: 1\n",
        encoding="utf-8",
    )
    code, checked, _ = run_main(capsys, "presets", "check", str(path))
    assert code == 1
    listed = checked.splitlines()
    assert listed[0] == f"{path}: 4 problem(s)"
    code, _, err = run_main(
        capsys, "rule", str(STACKING), "--preset", "official", "--preset", str(path)
    )
    lines = err.splitlines()
    assert code == 2 and lines[0] == f"uno-rules: {path}: 4 problems"
    assert lines[1:] == listed[1:]  # one per line, the same problems in the same order


def test_a_preset_file_is_labelled_by_its_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text("name: mine\nextends: family\n", encoding="utf-8")
    code, out, _ = run_main(
        capsys, "rule", str(STACKING), "--preset", "official", "--preset", str(mine)
    )
    assert code == 1
    lines = out.splitlines()
    assert lines[1].split() == ["move", "official", "mine"]
    assert all(line == line.rstrip() for line in lines)  # no trailing spaces, header included
    assert "mine: " in out and str(mine) not in out
    # two files of one name: the second is labelled by its path
    same = tmp_path / "same.yaml"
    same.write_text("name: mine\nextends: official\n", encoding="utf-8")
    code, out, _ = run_main(
        capsys, "rule", str(STACKING), "--preset", str(mine), "--preset", str(same)
    )
    assert out.splitlines()[1].split() == ["move", "mine", str(same)]
