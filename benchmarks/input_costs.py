"""The most CPU time and memory any hostile input under 1 MB costs each entry point.

Each input below is built to be expensive (alias bombs, deep nesting, many keys, long
text, huge integers, documents that contain themselves, long game records, random bytes)
and stays under 1 MB on disk. Every entry point (``load_preset``, ``situation``,
``replay``, ``load_state`` and each verb of the command line, run in-process through
``cli.main``) reads every input that fits it; the script prints, per entry point, the
largest CPU time of the process (``time.process_time``) and the largest peak of traced
memory (``tracemalloc``) with the input that caused it, and checks that only the
documented outcomes happen. The inputs include the largest work a document may ask for
within the limits of ``uno_rules._budget``: a record of as many legal moves as the move
limit allows, a dispute ruled under every bundled preset up to the ruling limit, and one
drawn with ``rule --svg`` up to the picture limit.

    python benchmarks/input_costs.py            # every input
    python benchmarks/input_costs.py --quick    # a few, to check the script works

Times are CPU seconds on whatever machine runs this; compare them with the ``reference``
line (reading the bundled ``official`` preset file) of the same run.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import uno_rules as uno
from uno_rules import _budget, cli, presets
from uno_rules.dispute import settle

LIMIT = 1_000_000  # bytes: every input file stays under this


def hostile_texts() -> dict[str, str]:
    """Name -> YAML/JSON text, each under 1 MB."""
    texts: dict[str, str] = {}
    texts["scalar alias bomb"] = (
        "name: &big " + "x" * 100_000 + "\nhand_size: [" + ", ".join(["*big"] * 2000) + "]\n"
    )
    lines = ["a0: &a0 [" + ", ".join(["x"] * 10) + "]"]
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    texts["billion laughs"] = "\n".join(lines) + "\nname: *a8\n"
    texts["self alias"] = "house_rules: &a {stacking: *a}\n"
    texts["deep flow"] = "name: " + "[" * 60_000 + "]" * 60_000 + "\n"
    texts["deep mappings"] = "house_rules: " + "{a: " * 5_000 + "1" + "}" * 5_000 + "\n"
    texts["many keys"] = "\n".join(f"k{i}: {i}" for i in range(60_000)) + "\n"
    texts["many values"] = "name: [" + ", ".join(["1"] * 300_000) + "]\n"
    texts["long scalar"] = "name: " + "y" * (LIMIT - 100) + "\n"
    texts["huge integer"] = "hand_size: " + "9" * 200_000 + "\n"
    texts["many small integers"] = "hands: [" + ", ".join(["12345678"] * 90_000) + "]\n"
    texts["duplicate keys"] = "players: 2\n" * 50_000
    texts["unknown keys table"] = json.dumps({f"f{i}": i for i in range(50_000)})
    rng = random.Random(1)
    texts["random bytes as text"] = "".join(chr(rng.randrange(32, 0x2FF)) for _ in range(300_000))
    texts["many cards"] = json.dumps(
        {"players": 2, "hands": [["R5"] * 60_000, 3], "discard": ["R3"], "moves": ["0 R5"]}
    )
    texts["many moves, all refused"] = json.dumps(
        {"players": 2, "hands": [["R5"], 3], "discard": ["R3"], "moves": ["1 R5"] * 60_000}
    )
    texts["long record"] = json.dumps(long_record(40_000))
    # the most work a record, a dispute and its pictures may ask for (_budget's limits)
    texts["record at the move limit"] = json.dumps(long_record(_budget.MAX_RECORD_MOVES))
    texts["record over the move limit"] = json.dumps(
        {"players": 2, "seed": 1, "moves": ["0 draw"] * (_budget.MAX_RECORD_MOVES + 1)}
    )
    presets_all = len(uno.preset_names())
    texts["dispute at the ruling limit"] = json.dumps(dispute(_budget.MAX_RULINGS // presets_all))
    texts["dispute at the picture limit"] = json.dumps(dispute(_budget.MAX_PICTURES // 2))
    texts["record of bad moves"] = json.dumps(
        {"players": 2, "seed": 1, "moves": ["0 draw", "0 pass"] * 40_000}
    )
    for name, text in texts.items():
        assert len(text.encode()) < LIMIT, name
    return texts


def dispute(moves: int) -> dict[str, Any]:
    """A dispute about a fresh deal: the first ``moves`` moves of a long game."""
    record = long_record(moves)
    return {"deal": {"players": 2, "seed": 12}, "moves": record["moves"]}


def long_record(moves: int) -> dict[str, Any]:
    rules: dict[str, Any] = {"extends": "official", "scoring": {"target": 1_000_000}}
    rng = random.Random(12)
    state = uno.new_game(rules, players=2, seed=12)
    texts: list[str] = []
    while len(texts) < moves:
        if state.round_over:
            nxt = uno.next_round(state)
            assert isinstance(nxt, uno.GameState)
            state, _ = nxt, texts.append("next-round")
            continue
        move = rng.choice(uno.legal_moves(state))
        texts.append(str(move))
        result = uno.apply(state, move)
        assert isinstance(result, uno.Transition)
        state = result.state
    return {"rules": rules, "players": 2, "seed": 12, "moves": texts}


def measure(fn: Callable[[], Any]) -> tuple[float, int, str]:
    """(CPU seconds, peak traced bytes, outcome) of ``fn()``: timed on a plain run, memory
    on a second run under ``tracemalloc`` (which slows the code it traces several times)."""

    def call() -> str:
        try:
            fn()
            return "ok"
        except uno.UnoError as exc:
            return type(exc).__name__

    start = time.process_time()
    outcome = call()
    seconds = time.process_time() - start
    tracemalloc.start()
    call()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return seconds, peak, outcome


def run_cli(argv: list[str]) -> int:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(argv)
    assert code in (0, 1, 2), (argv, code)
    assert "Traceback" not in err.getvalue() and "internal error" not in err.getvalue(), (
        argv,
        err.getvalue()[:300],
    )
    if code == 2:  # the reason in one line; listed problems under it, indented
        head, *listed = err.getvalue().splitlines()
        assert head.startswith("uno-rules: "), (argv, head[:300])
        assert all(line.startswith("  ") for line in listed), (argv, err.getvalue()[:300])
    return code


def run_svg(path: str) -> int:
    """``rule --svg`` into a fresh directory, removed afterwards."""
    with tempfile.TemporaryDirectory() as folder:
        return run_cli(["rule", path, "--svg", folder])


def entry_points(path: Path) -> dict[str, Callable[[], Any]]:
    """Every entry point, reading ``path`` (or the data it holds, for the library)."""

    def data() -> Any:
        try:
            return presets.read_yaml(path, "file", _budget.RECORD)
        except uno.PresetError:
            return None  # the library entry points get the in-memory data when it parses

    loaded = data()
    p = str(path)
    every_preset = [arg for name in uno.preset_names() for arg in ("--preset", name)]
    points: dict[str, Callable[[], Any]] = {
        "load_preset (file)": lambda: uno.load_preset(p),
        "cli presets check": lambda: run_cli(["presets", "check", p]),
        "cli presets show": lambda: run_cli(["presets", "show", p]),
        "cli presets diff": lambda: run_cli(["presets", "diff", "official", p]),
        "cli rule": lambda: run_cli(["rule", p]),
        "cli rule --json (all)": lambda: run_cli(["rule", p, "--json", *every_preset]),
        "cli rule --svg": lambda: run_svg(p),
        "cli replay": lambda: run_cli(["replay", p]),
        "cli simulate": lambda: run_cli(["simulate", "--preset", p, "--games", "1"]),
    }
    if isinstance(loaded, dict):
        points["load_preset (mapping)"] = lambda: uno.load_preset(loaded)
        points["situation"] = lambda: uno.situation(loaded)
        points["replay"] = lambda: uno.replay(loaded)
        points["load_state"] = lambda: uno.load_state(loaded)
        points["settle (all presets)"] = lambda: settle(loaded, list(uno.preset_names()))
    return points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few inputs only")
    args = parser.parse_args()
    texts = hostile_texts()
    if args.quick:
        texts = dict(list(texts.items())[:3])
    official = str(presets.preset_dir() / "official.yaml")
    reference = measure(lambda: presets.read_yaml(official))
    print(
        f"reference (reading official.yaml): {reference[0] * 1000:.1f} ms, "
        f"{reference[1] / 1e6:.2f} MB"
    )
    worst: dict[str, tuple[float, str, int, str]] = {}
    with tempfile.TemporaryDirectory() as folder:
        # Warm up: the first call of each entry point imports modules; that is not the
        # input's cost.
        warm = Path(folder) / "warm.json"
        warm.write_text(json.dumps(long_record(50)), encoding="utf-8")
        for fn in entry_points(warm).values():
            measure(fn)
        for name, text in texts.items():
            path = Path(folder) / "input.json"
            path.write_text(text, encoding="utf-8")
            for point, fn in entry_points(path).items():
                seconds, peak, outcome = measure(fn)
                old = worst.get(point)
                if old is None or seconds > old[0]:
                    worst[point] = (seconds, name, peak, outcome)
                key = point + " (memory)"
                old_m = worst.get(key)
                if old_m is None or peak > old_m[2]:
                    worst[key] = (seconds, name, peak, outcome)
                sys.stdout.write(".")
                sys.stdout.flush()
    print()
    print(f"{'entry point':<24} {'max CPU':>9}  {'input':<28} {'max memory':>11}  input")
    for point in sorted(k for k in worst if not k.endswith("(memory)")):
        seconds, name, _, _ = worst[point]
        _, mname, peak, _ = worst[point + " (memory)"]
        print(f"{point:<24} {seconds * 1000:>7.0f}ms  {name:<28} {peak / 1e6:>9.1f}MB  {mname}")


if __name__ == "__main__":
    main()
