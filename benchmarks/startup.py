"""How long ``uno-rules rule examples/<one>.yaml`` takes, start to finish (in English, and
with ``--lang vi``, which reads a catalog).

The command must feel instant (a target of 0.3 s median on the development machine). The
figure depends on the machine and its load, so each run also times a reference measured
in the same run: ``python -c pass`` (the interpreter's own start-up) and
``python -c "import yaml"``. The script prints the medians and what the command costs
beyond a bare interpreter. It also lists the slowest imports of the command
(``python -X importtime``), which is where start-up time goes.

    python benchmarks/startup.py            # 21 runs of each
    python benchmarks/startup.py --quick    # 3 runs
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "stacking-plus2-on-plus2.yaml"


def timed(cmd: list[str], runs: int) -> float:
    """Median wall time of ``cmd`` over ``runs`` runs."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def slowest_imports(cmd: list[str], count: int = 8) -> list[tuple[int, str]]:
    """The ``count`` imports with the largest cumulative time (microseconds)."""
    out = subprocess.run(
        [sys.executable, "-X", "importtime", *cmd[1:]],
        capture_output=True,
        text=True,
        check=False,
    ).stderr
    rows = []
    for line in out.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        parts = [p.strip() for p in line[len("import time:") :].split("|")]
        if parts[1].isdigit():
            rows.append((int(parts[1]), parts[2]))
    top_level = [(t, name) for t, name in rows if not name.startswith(" ")]
    return sorted(top_level, reverse=True)[:count]


def which_build() -> str:
    """Which build the timed command runs (``uno_rules.COMPILED``), asked in a subprocess
    so that this script's own imports do not load the package."""
    code = "import uno_rules as u; print('compiled' if u.COMPILED else 'pure Python')"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    ).stdout.strip()
    return f"uno_rules, {out or 'not importable'} build, Python {sys.version.split()[0]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    runs = 3 if args.quick else 21
    command = [sys.executable, "-m", "uno_rules.cli", "rule", str(EXAMPLE)]
    bare = timed([sys.executable, "-c", "pass"], runs)
    with_yaml = timed([sys.executable, "-c", "import yaml"], runs)
    full = timed(command, runs)
    # The same command in Vietnamese: its catalog is read, and only then (catalogs load
    # lazily; an English run reads none).
    vietnamese = timed([*command[:3], "--lang", "vi", *command[3:]], runs)
    print(which_build())
    print(f"median of {runs} runs")
    print(f"  python -c pass                 {bare * 1000:7.0f} ms")
    print(f"  python -c 'import yaml'        {with_yaml * 1000:7.0f} ms")
    print(
        f"  uno-rules rule {EXAMPLE.name:<16}{full * 1000:7.0f} ms "
        f"({(full - bare) * 1000:.0f} ms beyond the bare interpreter, "
        f"{full / bare:.1f}x it)"
    )
    print(
        f"  the same, --lang vi              {vietnamese * 1000:7.0f} ms "
        f"({(vietnamese - full) * 1000:+.0f} ms for the catalog)"
    )
    print("slowest imports (cumulative):")
    for micro, name in slowest_imports(command):
        print(f"  {micro / 1000:7.1f} ms  {name}")


if __name__ == "__main__":
    main()
