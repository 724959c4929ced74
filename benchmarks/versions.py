"""Two versions of uno_rules against each other, interleaved in one run.

A change to the engine must show what it does to speed, but on a shared machine two runs
made minutes apart differ by more than most changes. This script therefore runs the same
workloads on an older revision (``--old``, any git revision: its ``src/`` and ``presets/``,
exported with ``git archive``) and on this working tree, alternately (old, new, new, old,
...: a drift of the machine's load hits both alike), each repetition in a fresh process,
and prints the median of each and the ratio new / old (above 1: the new code is faster).

The workloads are those of the other benchmarks, through the public API only, so any
revision with that API can be measured:

- ``compare_rlcard``: the uno_rules side of ``compare_rlcard.py`` (rounds per second, 2
  and 4 players, seeds ``0 .. rounds-1``, one policy stream per repetition);
- ``playouts``: the random playouts of ``playouts.py`` under ``official`` and under
  ``family`` (moves per second, 4 players).

    python benchmarks/versions.py --old 326c0e0          # the figures of a change
    python benchmarks/versions.py --old HEAD~1 --quick   # check the script works
    python benchmarks/versions.py --old HEAD             # the noise: a version against itself

Read a ratio against that noise. On the development machine (two shared cores) six runs
of a version against itself gave ratios of 0.97-1.03 per workload, at 100, 200 and 800
rounds alike (more rounds did not narrow it), and single runs of one unchanged engine
against its parent have given 0.94 and 1.10: a difference of a few percent needs several
runs, or the instruction counts of ``env_rlcard.py --instructions``.

Two installed builds (the compiled wheels of two revisions, each in its own virtual
environment) are compared the same way with ``--pythons OLD NEW``, the interpreters of the
two environments; each child reports which ``uno_rules`` it ran and whether it is compiled:

    python benchmarks/versions.py --pythons old-venv/bin/python new-venv/bin/python
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def child(rounds: int, stream: int) -> None:
    """Run in a fresh process whose ``uno_rules`` is the version under test: print the
    workloads' rates as JSON."""
    sys.path.insert(0, str(HERE))
    import compare_rlcard
    import playouts
    import uno_rules

    rates: dict[str, float] = {}
    for players in (2, 4):
        per_second, _ = compare_rlcard.measure(
            compare_rlcard.uno_rules_engine, players, rounds, stream
        )
        rates[f"compare_rlcard {players}p rounds/s"] = per_second
    for name, play in (("official", playouts.play_uno_rules), ("family", playouts.play_family)):
        start = time.perf_counter()
        moves = sum(play(4, seed) for seed in range(stream * rounds, (stream + 1) * rounds))
        rates[f"playouts {name} 4p moves/s"] = moves / (time.perf_counter() - start)
    print(json.dumps({"file": uno_rules.__file__, "compiled": uno_rules.COMPILED, "rates": rates}))


def export(revision: str, into: Path) -> Path:
    """``src/`` (and the bundled ``presets/`` it reads from a source checkout) of
    ``revision``, written under ``into``; the directory to put on the path."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", revision, "src", "presets"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def run(src: Path | None, rounds: int, stream: int, python: str = sys.executable) -> Any:
    """One repetition in a fresh process: of the source tree ``src`` (put on the path), or,
    with ``src`` ``None``, of the ``uno_rules`` installed for ``python``."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    out = subprocess.run(
        [python, __file__, "--child", "--rounds", str(rounds), "--stream", str(stream)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),  # not this checkout: its src/ is no installed build
    ).stdout
    found = json.loads(out)
    if src is not None and not Path(found["file"]).resolve().is_relative_to(src.resolve()):
        raise SystemExit(f"measured the uno_rules at {found['file']}, not the one in {src}")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", help="the git revision to compare with (e.g. a commit)")
    parser.add_argument("--quick", action="store_true", help="few rounds, two repetitions")
    parser.add_argument("--rounds", type=int, default=100, help="rounds per workload")
    parser.add_argument("--repeat", type=int, default=6, help="repetitions of each version")
    parser.add_argument(
        "--pythons",
        nargs=2,
        metavar=("OLD", "NEW"),
        help="compare the builds installed for two interpreters (e.g. two venvs' python)",
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--stream", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.rounds, args.stream)
        return
    rounds = 4 if args.quick else args.rounds
    repeat = 2 if args.quick else args.repeat
    results: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
    builds: dict[str, str] = {}
    if args.pythons:
        for rep in range(repeat):
            order = ("old", "new") if rep % 2 == 0 else ("new", "old")
            for name in order:
                found = run(None, rounds, rep, args.pythons[name == "new"])
                builds[name] = f"{found['file']} ({'compiled' if found['compiled'] else 'pure'})"
                results[name].append(found["rates"])
        print(f"old: {builds['old']}\nnew: {builds['new']}")
        print(f"{rounds} rounds x {repeat} runs each,")
    else:
        old_revision = args.old or "HEAD"  # quick mode in CI: the last commit against the tree
        with tempfile.TemporaryDirectory() as tmp:
            versions = {"old": export(old_revision, Path(tmp)), "new": ROOT / "src"}
            for rep in range(repeat):
                order = ("old", "new") if rep % 2 == 0 else ("new", "old")
                for name in order:
                    results[name].append(run(versions[name], rounds, rep)["rates"])
        print(f"old: {old_revision}; new: this working tree; {rounds} rounds x {repeat} runs each,")
    print("interleaved, median; the ratio is new / old (above 1: the new code is faster)")
    print(f"{'workload':<34} {'old':>10} {'new':>10} {'new/old':>8}")
    for workload in results["new"][0]:
        old = statistics.median(r[workload] for r in results["old"])
        new = statistics.median(r[workload] for r in results["new"])
        print(f"{workload:<34} {old:>10.1f} {new:>10.1f} {new / old:>8.2f}")


if __name__ == "__main__":
    main()
