"""The play check (``uno.playtest``, ``uno-rules playtest``): a rule set built to deadlock is
reported stuck with a dispute file that reaches the stuck table; one whose hands grow
without end is reported endless with the setting that drives it; a setting that cannot
matter is reported dead; ``official`` against itself differs in nothing. Few games each."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest
import yaml

import uno_rules as uno
from uno_rules.cli import main
from uno_rules.dispute import settle
from uno_rules.playtest_page import report_html, report_text
from uno_rules.playtesting import PlaytestReport, play_task, switched_off, table_sizes

sys.path.insert(0, str(Path(__file__).parent))
from house_rule_plugin import installed

# A hand limit (X02): a penalty that would take a hand past the limit cannot be taken.
# With stacking, a seat facing a stack it cannot answer then has no legal move at all.
HAND_LIMIT = """
from attrs import field, frozen
from uno_rules.rules.hooks import HouseRule
from uno_rules.violations import Violation


@frozen
class HandLimit:
    enabled: bool = field(default=False, metadata={"doc": "A hand limit.", "clause": "X02"})
    limit: int = field(default=12, metadata={"doc": "At most this many cards.", "clause": "X02"})


class HandLimitRule(HouseRule):
    name = "pt_hand_limit"
    clause = "X02"
    params = HandLimit
    title = "Hand limit"
    clauses = {"X02": "Hand limit: no penalty may take a hand past the limit."}

    def accept_check(self, state, seat, answers, params):
        if len(state.hands[seat]) + state.penalty.amount > params.limit:
            return Violation(seat=seat, rule="X02")
        return None


RULE = HandLimitRule()
"""

# A rule whose hook raises when a 7 is played.
BROKEN = """
from attrs import field, frozen
from uno_rules.cards import Rank
from uno_rules.rules.hooks import HouseRule, Touches


@frozen
class Broken:
    enabled: bool = field(default=False, metadata={"doc": "Breaks.", "clause": "X03"})


class BrokenRule(HouseRule):
    name = "pt_broken"
    clause = "X03"
    params = Broken
    title = "Broken"
    clauses = {"X03": "Broken: a 7 raises."}

    def touches(self, params):
        return Touches(effect_ranks=frozenset({Rank.SEVEN}))

    def play_effect(self, b, ctx, params):
        if ctx.card.rank is Rank.SEVEN:
            raise RuntimeError("sevens are not handled")
        return False


RULE = BrokenRule()
"""

# Every seat but the player draws two for each of these 100 wilds: hands swell.
SWELL = {
    "extends": "official",
    "name": "swell",
    "card_kinds": [
        {
            "rank": f"Wbloat{i}",
            "name": f"Wild Bloat {i}",
            "wild": True,
            "count": 20,
            "points": 50,
            "effect": [{"everyone_draws": 2}],
        }
        for i in range(5)
    ],
}

# The mercy rule at 108 cards can never knock anyone out: no hand can hold the whole deck.
DEAD_MERCY = {
    "extends": "official",
    "name": "dead-mercy",
    "house_rules": {"mercy": {"enabled": True, "limit": 108}, "seven_o": {"enabled": True}},
}


@pytest.fixture
def plugins(tmp_path: Path) -> Iterator[None]:
    with installed(
        tmp_path,
        {"pt_limit": HAND_LIMIT, "pt_broken": BROKEN},
        {"pt_hand_limit": "pt_limit:RULE", "pt_broken": "pt_broken:RULE"},
    ):
        yield


def deadlock() -> uno.Rules:
    return uno.load_preset(
        {
            "extends": "family",
            "name": "deadlock",
            "house_rules": {"pt_hand_limit": {"enabled": True, "limit": 9}},
        }
    )


def quick(rules: object, **options: object) -> PlaytestReport:
    defaults: dict[str, object] = {"players": (2,), "games": 2, "baseline": None}
    defaults.update(options)
    return uno.playtest(rules, **defaults)  # type: ignore[arg-type]


def test_a_deadlocking_rule_set_is_reported_stuck_with_a_dispute_that_reaches_it(
    plugins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = quick(deadlock(), dead_settings=False)
    assert report.verdict == "problems"
    [stuck] = [f for f in report.findings if f.kind == "stuck"]
    assert "no legal move" in stuck.what
    # the smallest seed: no earlier game of the same table and bot got stuck
    earlier = play_task(
        _task(deadlock(), stuck.players, stuck.bot, 0, stuck.game, report.cap)
    ).outcomes
    assert all(o.finding is None for o in earlier)
    assert stuck.dispute is not None
    # the dispute file, ruled on: every move legal, and the table it ends at is stuck
    settled = settle(stuck.dispute)
    assert settled.all_legal
    end = settled.rulings[next(iter(settled.rulings))][-1].state
    assert not end.round_over and uno.legal_moves(end) == ()
    # `uno-rules rule` opens it
    path = tmp_path / "stuck.yaml"
    path.write_text(yaml.safe_dump(stuck.dispute), encoding="utf-8")
    assert main(["rule", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["all_legal"] is True


def _task(rules: uno.Rules, players: int, bot: str, first: int, count: int, cap: int) -> object:
    from uno_rules.playtesting import BOT_NAMES, Task
    from uno_rules.randomness import derive_seed

    return Task(rules, "rules", players, bot, derive_seed(0, players, BOT_NAMES.index(bot)),
                first, count, cap, 25)  # fmt: skip


def test_a_rule_that_raises_is_reported_as_a_crash(
    plugins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = uno.load_preset(
        {"extends": "official", "name": "broken", "house_rules": {"pt_broken": {"enabled": True}}}
    )
    report = quick(rules, bots=("heuristic",), dead_settings=False)
    [crash] = report.findings
    assert crash.kind == "crash"
    assert "house rule pt_broken" in crash.what and "sevens are not handled" in crash.what
    assert crash.moves[-1].split()[1].endswith("7")  # the move that raised, last
    assert crash.dispute is not None
    path = tmp_path / "crash.yaml"
    path.write_text(yaml.safe_dump(crash.dispute), encoding="utf-8")
    assert main(["rule", str(path)]) == 2  # the same rule raises on the same move
    assert "pt_broken" in capsys.readouterr().err


def test_hands_that_only_grow_are_reported_endless_with_the_setting_driving_them() -> None:
    report = quick(SWELL, players=(3,), bots=("random",), max_moves=1000)
    assert report.verdict == "endless"
    assert [e.kind for e in report.endless] == ["growing", "growing"]
    assert all(e.held_end > e.held_start for e in report.endless)
    # Switched off, the kinds let game 1 through its first round (random bots play long
    # rounds under official too: game 0 is long either way). Removing any one of the five
    # kinds leaves 80 bloating wilds: the kinds together drive it, no one of them alone.
    assert [e.drivers for e in report.endless] == [(), ("card_kinds",)]
    text = report_text(report)
    assert "The hands only grew" in text
    assert "The same game ends with one of these switched off: card_kinds" in text


def test_a_setting_that_cannot_matter_is_reported_dead_and_one_that_can_is_not() -> None:
    report = quick(DEAD_MERCY, bots=("heuristic",))
    dead = [d.path for d in report.dead]
    assert "house_rules.mercy" in dead
    assert "house_rules.seven_o" in report.live
    assert "house_rules.seven_o" not in dead
    assert report.verdict == "dead"
    assert "house_rules.mercy changed no move and no event" in report_text(report)


def test_switching_off_covers_house_rules_card_kinds_and_other_settings() -> None:
    rules = uno.load_preset({**DEAD_MERCY, "name": "more", "hand_size": 5})
    paths = [p for p, _ in switched_off(rules)]
    assert paths == ["house_rules.mercy", "house_rules.seven_o", "hand_size",
                     "house_rules.mercy.limit"]  # fmt: skip
    assert dict(switched_off(rules))["hand_size"].hand_size == 7
    assert switched_off(uno.load_preset("official")) == []


def test_official_against_itself_differs_in_nothing() -> None:
    report = uno.playtest("official", players=(3,), games=2)
    data = report.to_dict()
    # the same seeds: the same games, so the same figures to the last digit
    assert data["by_players"] == data["baseline_by_players"]
    assert report.comparisons and not any(c.differs for c in report.comparisons)
    for c in report.comparisons:
        if c.difference[0] == c.difference[0]:  # not nan
            assert c.difference[0] == 0
    assert data["seat_wins"]["rules"] == data["seat_wins"]["baseline"]
    assert "No measure differs from official." in report_text(report)
    assert report.verdict == "ok"


def test_a_rule_set_that_plays_differently_does_differ_from_official() -> None:
    # the control for the test above: the comparison can tell rule sets apart
    rules = {"extends": "official", "name": "big-hands", "hand_size": 15, "max_players": 6}
    report = uno.playtest(rules, players=(2,), games=4, bots=("heuristic",))
    differs = {c.metric for c in report.comparisons if c.differs}
    assert "rounds_per_game" in differs, report.comparisons
    assert "under official, a difference of" in report_text(report)


def test_the_report_is_the_same_however_the_games_are_spread() -> None:
    options = {"players": (2,), "games": 2, "bots": ("heuristic",)}
    family = uno.playtest("family", **options)  # type: ignore[arg-type]
    one = json.dumps(family.to_dict())
    assert family.live  # the settings switched off are played on the pool too
    with ThreadPoolExecutor(2) as pool:
        spread = uno.playtest(
            "family",
            executor=pool,
            block_size=1,
            in_flight=3,
            **options,  # type: ignore[arg-type]
        )
    assert json.dumps(spread.to_dict()) == one


def test_the_play_check_starts_its_workers_with_simulates_helper(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``jobs=2`` plays on the pool ``simulate`` starts (its workers ignore Ctrl-C, the
    command's to answer), ``jobs=1`` in this process on simulate's in-process executor;
    the report is the same either way."""
    import signal

    from uno_rules import playtesting, simulate

    assert playtesting.InProcess is simulate.InProcess
    pools: list[tuple[int, bool]] = []

    def counted(jobs: int, exit_with_parent: bool = True) -> ProcessPoolExecutor:
        pools.append((jobs, exit_with_parent))
        pool = simulate.worker_pool(jobs, exit_with_parent)
        # a worker runs simulate's start-up first: Ctrl-C is ignored there
        assert pool.submit(signal.getsignal, signal.SIGINT).result() == signal.SIG_IGN
        return pool

    monkeypatch.setattr(playtesting, "worker_pool", counted)
    options = {"players": (2,), "games": 2, "bots": ("random",), "baseline": None}
    here = uno.playtest("official", jobs=1, **options)  # type: ignore[arg-type]
    assert pools == []
    spread = uno.playtest("official", jobs=2, **options)  # type: ignore[arg-type]
    assert pools == [(2, False)]
    assert json.dumps(spread.to_dict()) == json.dumps(here.to_dict())


def test_same_json_on_a_local_dask_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    distributed = pytest.importorskip("dask.distributed")
    args = ["playtest", "official", "--players", "2", "--games", "2", "--bot", "heuristic",
            "--json"]  # fmt: skip
    main(args)
    reference = capsys.readouterr().out
    with distributed.LocalCluster(
        n_workers=2,
        processes=True,
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",
    ) as cluster:
        main([*args, "--scheduler", cluster.scheduler_address])
    assert capsys.readouterr().out == reference


def test_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "report.html"
    code = main(
        ["playtest", "official", "--players", "2", "--games", "1", "--bot", "heuristic",
         "--html", str(page), "--lang", "vi"]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("Kiểm tra bằng cách chơi official")
    text = page.read_text(encoding="utf-8")
    assert '<html lang="vi">' in text and "<svg" in text and "<script" not in text
    code = main(["playtest", "official", "--players", "11"])
    assert code == 2
    assert "cannot deal to 11 players" in capsys.readouterr().err
    code = main(["playtest", "official", "--games", "0"])
    assert code == 2


def test_the_command_line_writes_dispute_files_and_exits_1(
    plugins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    preset = tmp_path / "deadlock.yaml"
    preset.write_text(
        yaml.safe_dump(
            {"extends": "family", "name": "deadlock",
             "house_rules": {"pt_hand_limit": {"enabled": True, "limit": 9}}}
        ),
        encoding="utf-8",
    )  # fmt: skip
    folder = tmp_path / "disputes"
    code = main(
        ["playtest", str(preset), "--players", "2", "--games", "2", "--baseline", "none",
         "--bot", "heuristic",
         "--disputes", str(folder), "--json", "--html", str(tmp_path / "report.html")]
    )  # fmt: skip
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    assert data["verdict"] == "problems"
    assert data["problems"][0]["kind"] == "stuck"
    assert main(["rule", str(folder / "stuck.yaml")]) == 0
    assert "must answer a draw" in capsys.readouterr().out
    # every game stuck: the page still has its parts, with no figures to draw
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "stuck: the seat to act has no legal move" in page and page.count("<svg") == 4


@pytest.mark.parametrize("lang", ["en", "vi", "tl"])
def test_the_page_is_whole_in_each_language(lang: str) -> None:
    report = uno.playtest(DEAD_MERCY, players=(2,), games=1, bots=("heuristic",))
    page = report_html(report, lang)
    assert page.count("<svg") == 4
    assert f'<html lang="{lang}">' in page
    assert 'name="viewport"' in page
    if lang != "en":
        assert "Dead settings" not in page and "Verdict" not in page


def test_table_sizes_follow_the_rule_set() -> None:
    assert table_sizes(uno.load_preset("official")) == tuple(range(2, 11))
    with pytest.raises(ValueError, match="table sizes"):
        uno.playtest("official", players=(11,))
    with pytest.raises(ValueError, match="unknown bot"):
        uno.playtest("official", bots=("clever",))


def test_the_referee_service_plays_a_small_check() -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from uno_rules.server import create_app

    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        asked = {"preset": DEAD_MERCY, "games": 1}
        answer = client.post("/api/presets/playtest", json=asked)
        assert answer.status_code == 200, answer.text
        data = answer.json()
        assert data["verdict"] == "dead"
        assert data["players"] == [2] and data["bots"] == ["heuristic"]
        assert "house_rules.mercy" in [d["path"] for d in data["dead_settings"]]
        # the same report the library gives for the same options
        library = uno.playtest(DEAD_MERCY, games=1, players=(2,), bots=("heuristic",),
                               max_moves=1000, max_variants=8)  # fmt: skip
        assert data == json.loads(json.dumps(library.to_dict()))
        page = client.post("/api/presets/playtest?lang=tl", json={**asked, "html": True})
        assert page.status_code == 200
        assert page.headers["content-type"].startswith("text/html")
        assert '<html lang="tl">' in page.text
        for wrong, where in (
            ({"preset": "official", "games": 5}, "games"),
            ({"preset": "official", "players": [11]}, "players"),
            ({"preset": "official", "bots": ["clever"]}, "bots"),
            ({"preset": "/etc/passwd"}, "preset"),
            ({"preset": "official", "baseline": "nope"}, "baseline"),
        ):
            refused = client.post("/api/presets/playtest", json=wrong)
            assert refused.status_code == 422, (wrong, refused.text)
            assert where in refused.text


def test_a_problem_in_a_later_round_gets_a_described_table_that_reaches_it(
    plugins: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = uno.load_preset(
        {"extends": "family", "name": "deadlock-13",
         "house_rules": {"pt_hand_limit": {"enabled": True, "limit": 13}}}
    )  # fmt: skip
    report = uno.playtest(rules, players=(2,), games=1, bots=("heuristic",), baseline=None,
                          dead_settings=False)  # fmt: skip
    [stuck] = report.findings
    assert stuck.kind == "stuck" and stuck.round > 1
    assert "next-round" in stuck.moves  # the game's moves reach it across rounds
    dispute = stuck.dispute
    assert dispute is not None and "deal" not in dispute
    assert dispute["hands"] and dispute["draw_pile"] and dispute["moves"] == list(stuck.round_moves)
    path = tmp_path / "stuck.yaml"
    path.write_text(yaml.safe_dump(dispute), encoding="utf-8")
    assert main(["rule", str(path), "--json"]) == 0
    last = json.loads(capsys.readouterr().out)["rulings"]["deadlock-13"][-1]["table"]
    end = settle(dispute).rulings["deadlock-13"][-1].state
    assert uno.legal_moves(end) == () and last["decision"]["seat"] == end.turn


def test_a_state_that_comes_back_is_reported_as_a_cycle_with_one_lap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # No bundled rule set repeats a whole table; the examination is tested with a state key
    # that keeps only whose turn it is, so that the "state" comes back within a lap of the
    # table: the cycle, its length and its lap's moves are what the report gives.
    from uno_rules import playtesting

    monkeypatch.setattr(playtesting, "_state_key", lambda state: state.turn)
    report = quick(SWELL, players=(2,), bots=("random",), games=1, max_moves=200,
                   dead_settings=False)  # fmt: skip
    [cycle] = report.endless
    assert cycle.kind == "cycle" and report.verdict == "endless"
    assert 1 <= cycle.cycle_length <= 3 and len(cycle.lap) == cycle.cycle_length
    assert all(move[0] in "01" for move in cycle.lap)
    assert "A state came back after" in report_text(report)


def test_the_service_gives_up_on_a_long_check_and_its_games_stop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient

    from uno_rules import playtesting
    from uno_rules.server import create_app

    played: list[int] = []
    real = playtesting.play_task

    def counted(task: playtesting.Task) -> playtesting.TaskResult:
        played.append(task.count)
        return real(task)

    monkeypatch.setattr(playtesting, "play_task", counted)
    with TestClient(create_app(heavy_seconds=0.2), base_url="http://127.0.0.1") as client:
        asked = {"preset": "family", "games": 4, "players": [2, 3], "bots": ["random"]}
        answer = client.post("/api/presets/playtest", json=asked)
        assert answer.status_code == 503
        assert "too-slow" in answer.text
    # leaving the client waited for the thread: it stopped after a game or two, not after
    # the 4 x 2 games of each of the rule set, the baseline and 5 settings switched off
    assert 1 <= sum(played) < 4 * 2 * 7 // 2


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"games": 0}, "at least 1"),
        ({"bots": ("nobody",)}, "unknown bot 'nobody'"),
        ({"bots": ()}, "at least one bot"),
    ],
)
def test_playtest_refuses_arguments_it_cannot_play(options: dict[str, object], said: str) -> None:
    with pytest.raises(ValueError, match=said):
        uno.playtest("official", **options)


def test_the_progress_line_says_time_left_in_the_unit_that_matters() -> None:
    from uno_rules.cli import _duration

    assert [_duration(s) for s in (4.4, 185, 7620)] == ["4s", "3m05s", "2h07m"]


def test_a_report_that_cannot_be_written_is_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--html into a folder: exit 2 and one line naming the path."""
    common = ["playtest", "official", "--games", "1", "--players", "2", "--bot", "heuristic"]
    assert main([*common, "--baseline", "none", "--html", str(tmp_path)]) == 2
    assert f"{tmp_path}: cannot write" in capsys.readouterr().err
