"""A dispute's cost is bounded by the work its moves do, as a record's is: a dispute may
carry its own rules, whose declared kinds deal every hand out again fifteen times a play.
Its moves were ruled on with no such bound (a 10,000-move dispute of such plays took about
30 s of CPU in ``uno-rules rule``); now the moves of a dispute, under all the presets it is
ruled under together, may do at most ``MAX_RECORD_WORK`` units (``record.move_work``), and
the dispute is refused at the move where they pass it, on every path: ``settle``, the
command line and the referee service."""

from __future__ import annotations

import functools
import json
import warnings
from pathlib import Path
from typing import Any

import pytest

import uno_rules as uno
from uno_rules._budget import MAX_RECORD_WORK
from uno_rules.dispute import settle

from .helpers import one_line_error, run
from .test_record_work import CHURN, churn_record


@functools.cache
def _churn_texts() -> tuple[str, ...]:
    return tuple(churn_record()["moves"])


def churn_dispute() -> dict[str, Any]:
    """The hostile record of the record's test, as a dispute: the same rules and deal,
    the same 250 legal moves."""
    return {"rules": CHURN, "deal": {"players": 10, "seed": 1}, "moves": list(_churn_texts())}


@functools.cache
def _refusal() -> uno.SituationError:
    with pytest.raises(uno.SituationError) as info:
        settle(churn_dispute())
    return info.value


def _refused_at() -> int:
    return refused_at(_refusal().problems[0])


def refused_at(problem: str) -> int:
    assert problem.where.startswith("moves[") and problem.where.endswith("]"), problem
    return int(problem.where[len("moves[") : -1])


def test_a_dispute_whose_moves_do_too_much_work_is_refused_at_the_move() -> None:
    dispute = churn_dispute()
    assert len(json.dumps(dispute)) < 8_000
    (problem,) = _refusal().problems
    index = refused_at(problem)
    assert 100 < index < len(dispute["moves"]) - 50  # where it passed, not at the end
    assert "the work limit" in problem and f"more than {MAX_RECORD_WORK}" in problem
    # the moves before it are ruled on as before
    fewer = settle({**dispute, "moves": dispute["moves"][:index]})
    assert fewer.all_legal and len(fewer.rulings["churn"]) == index


def test_the_work_of_every_preset_counts_together() -> None:
    """Under two presets, moves that pass the limit under neither alone pass it together,
    and the problem names the preset under which they do."""
    dispute = churn_dispute()
    alone = _refused_at()
    dispute["moves"] = dispute["moves"][: alone * 2 // 3]
    twin = {**CHURN, "name": "churn-again"}  # the same rules: the same work as CHURN's
    with pytest.raises(uno.SituationError) as info:
        settle(dispute, [CHURN, twin])
    (problem,) = info.value.problems
    assert refused_at(problem) < len(dispute["moves"])
    assert problem.startswith(f"{problem.where}: under churn-again, ")
    assert "the work limit" in problem


def test_the_command_line_refuses_it_in_one_line_naming_the_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    dispute = churn_dispute()
    index = _refused_at()
    path = tmp_path / "churn.json"
    path.write_text(json.dumps(dispute), encoding="utf-8")
    code, out, err = run(capsys, "rule", str(path), "--json")
    reason = one_line_error(code, err)
    assert f"moves[{index}]" in reason and "the work limit" in reason and not out


def test_the_service_refuses_it_with_the_problem_in_the_requests_language() -> None:
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from uno_rules.server import create_app

    dispute = churn_dispute()
    index = _refused_at()
    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        for route in ("/api/disputes", "/api/disputes/picture.svg"):
            r = client.post(route, json=dispute)
            assert r.status_code == 422, (route, r.text[:200])
            body = r.json()
            assert body["error"] == "SituationError"
            (problem,) = body["problems"]
            assert problem.startswith(f"moves[{index}]: ") and "the work limit" in problem
        said = client.post("/api/disputes?lang=vi", json=dispute).json()["problems"][0]
        assert said.startswith(f"moves[{index}]: ") and "the work limit" not in said
        assert str(MAX_RECORD_WORK) in said
