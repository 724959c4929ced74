"""Load on the referee service: disputes settled and moves kept per second over loopback
HTTP, by store, and the latency of a small request while a large one runs.

1. Starts ``uno-rules serve --store memory`` on 127.0.0.1 (a free port), then a few client
   threads post the disputes of ``examples/`` (each under the presets its ``expect`` lists)
   for a bounded number of requests and seconds, and check every answer against the
   rulings computed in this process. A *ruling* is one move ruled under one preset, so a
   request carries several. The reference measured in the same run is the same work without
   HTTP (``settle`` in this process): the ratio is what the service's HTTP and JSON cost.
   The target is at least 200 rulings per second without an error.
2. For each store (``memory``, a SQLite file, and PostgreSQL when ``--postgres DSN`` or
   ``UNO_RULES_TEST_POSTGRES`` names a database): rulings per second as above, and moves
   per second: each client plays its own two-seat table (the view of the seat to move, then
   its move, which the store commits before answering).
3. The latency of ``GET /api/presets`` (median, p99) alone, and while another client posts
   large disputes (500 moves under 8 bundled presets, the most) one after another.

Every client comes from 127.0.0.1, so the servers run with ``--rate 0`` (no limit on the
requests of one address): the figures are what one process can serve.
The figures depend on the machine and its load, so the script reports them and fails only
on errors.

    python benchmarks/serve_load.py            # 3000 requests or 60 s, 4 clients; 10 s a store
    python benchmarks/serve_load.py --quick    # 300 requests or 15 s, 2 clients; 3 s a store
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import yaml

from uno_rules.dispute import settle
from uno_rules.presets import preset_names
from uno_rules.verdict import add_plain_verdicts

ROOT = Path(__file__).resolve().parents[1]
SERVE = [sys.executable, "-m", "uno_rules.cli", "serve", "--port", "0", "--json", "--rate", "0"]
TARGET = 200  # rulings per second


def disputes() -> list[tuple[str, bytes, dict[str, Any], int]]:
    """(query, JSON body, expected answer, rulings) for each example."""
    out = []
    for path in sorted((ROOT / "examples").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        presets = list(data["expect"])
        settled = settle(data, presets)  # as the service answers: with the plain verdicts
        expected = add_plain_verdicts(settled.to_dict(None), settled.rulings, "en")
        query = "&".join(f"preset={p}" for p in presets)
        out.append((query, json.dumps(data).encode(), expected, len(presets) * len(data["moves"])))
    return out


def in_process(work: list[tuple[str, bytes, dict[str, Any], int]], seconds: float) -> float:
    """Rulings per second of the same disputes without HTTP (parse JSON, settle, dump JSON)."""
    rulings, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for query, body, _, count in work:
            presets = [p.removeprefix("preset=") for p in query.split("&")]
            settled = settle(json.loads(body), presets)
            json.dumps(add_plain_verdicts(settled.to_dict(None), settled.rulings, "en"))
            rulings += count
    return rulings / (time.perf_counter() - start)


@contextmanager
def serving(store: str) -> Iterator[str]:
    """``uno-rules serve --store STORE`` on a free loopback port; its URL."""
    server = subprocess.Popen(
        # what one process can serve: its clients all come from 127.0.0.1, so the limit on
        # the requests of one address is off (serve_hostile.py runs with it)
        [*SERVE, "--store", store],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    try:
        yield json.loads(server.stdout.readline())["url"]
    finally:
        server.terminate()
        server.wait(timeout=30)
        server.stdout.close()


def moves_per_second(url: str, clients: int, seconds: float) -> tuple[float, int]:
    """Moves kept per second, each client playing its own table; and the errors."""
    counts = [0] * clients
    errors = [0] * clients
    deadline = time.perf_counter() + seconds

    def client(n: int) -> None:
        with httpx.Client(base_url=url, timeout=30) as http:
            game = http.post("api/games", json={"players": 2}).json()
            tokens = [s["token"] for s in game["seats"]]
            base = f"api/games/{game['game']}/seats"
            seat = 0
            while time.perf_counter() < deadline:
                auth = {"authorization": f"Bearer {tokens[seat]}"}
                view = http.get(f"{base}/{seat}/view", headers=auth).json()
                if not view["legal_moves"]:
                    if view["view"]["phase"] == "game-over":
                        return
                    seat = 1 - seat
                    continue
                plays = [
                    m for m in view["legal_moves"] if m.split()[1:2] and m.split()[1][0] in "RYGBW"
                ]
                move = (plays or view["legal_moves"])[0]
                r = http.post(f"{base}/{seat}/moves", json={"move": move}, headers=auth)
                if r.status_code == 200 and r.json()["legal"]:
                    counts[n] += 1
                else:
                    errors[n] += 1
                    return

    start = time.perf_counter()
    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts) / (time.perf_counter() - start), sum(errors)


def rulings_per_second(url: str, work: list[Any], clients: int, seconds: float) -> float:
    """Rulings per second of the example disputes (answers not checked: see part 1)."""
    total = [0] * clients
    deadline = time.perf_counter() + seconds

    def client(n: int) -> None:
        with httpx.Client(base_url=url, timeout=30) as http:
            i = n
            while time.perf_counter() < deadline:
                query, body, _, count = work[i % len(work)]
                i += 1
                r = http.post(
                    f"api/disputes?{query}",
                    content=body,
                    headers={"content-type": "application/json"},
                )
                total[n] += count if r.status_code == 200 else 0

    start = time.perf_counter()
    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(total) / (time.perf_counter() - start)


LARGE = {
    "players": 2,
    "hands": [["R5", "G9", "B3", "Y7"], 4],
    "discard": ["R3"],
    "moves": ["0 draw", "0 pass", "1 draw", "1 pass"] * 125,
}


def small_latency(url: str, seconds: float, large: bool) -> tuple[float, float, int]:
    """Median and p99 (s) of GET /api/presets, with large disputes running beside it or not;
    and how many large disputes were settled meanwhile."""
    stop = threading.Event()
    settled = [0]

    def big() -> None:
        query = "&".join(f"preset={p}" for p in preset_names()[:8])  # the most allowed
        with httpx.Client(base_url=url, timeout=60) as http:
            while not stop.is_set():
                r = http.post(f"api/disputes?{query}", json=LARGE)
                settled[0] += r.status_code == 200

    loader = threading.Thread(target=big)
    if large:
        loader.start()
        time.sleep(0.3)
    latencies = []
    with httpx.Client(base_url=url, timeout=60) as http:
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            sent = time.perf_counter()
            http.get("api/presets").raise_for_status()
            latencies.append(time.perf_counter() - sent)
            time.sleep(0.005)
    stop.set()
    if large:
        loader.join()
    p99 = statistics.quantiles(latencies, n=100)[98] if len(latencies) > 1 else latencies[0]
    return statistics.median(latencies), p99, settled[0]


def by_store(work: list[Any], args: argparse.Namespace, quick: bool) -> int:
    seconds = 3.0 if quick else 10.0
    clients = 2 if quick else args.clients
    postgres = args.postgres or os.environ.get("UNO_RULES_TEST_POSTGRES")
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        stores = [("memory", "memory"), ("sqlite", f"sqlite:///{tmp}/games.sqlite3")]
        if postgres:
            stores.append(("postgresql", postgres))
        print(f"  by store ({clients} clients, {seconds:g} s each; moves: view + move)")
        for name, store in stores:
            with serving(store) as url:
                rulings = rulings_per_second(url, work, clients, seconds / 2)
                moves, errors = moves_per_second(url, clients, seconds / 2)
            failed += errors
            print(
                f"    {name:<11} rulings/s {rulings:7.0f}   moves/s {moves:6.0f}"
                + (f"   {errors} errors" if errors else "")
            )
        if not postgres:
            print("    postgresql  (not measured: give --postgres DSN or UNO_RULES_TEST_POSTGRES)")
        with serving("memory") as url:
            alone = small_latency(url, seconds / 2, large=False)
            beside = small_latency(url, seconds, large=True)
        print("  GET /api/presets, median / p99")
        print(f"    alone                  {alone[0] * 1000:6.1f} ms / {alone[1] * 1000:.1f} ms")
        print(
            f"    beside large disputes  {beside[0] * 1000:6.1f} ms / {beside[1] * 1000:.1f} ms"
            f"   ({beside[2]} disputes of {len(LARGE['moves']) * len(preset_names()[:8])} rulings)"
        )
    return failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="300 requests or 15 s")
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--postgres", metavar="DSN", help="also measure a PostgreSQL store")
    args = parser.parse_args()
    total = 300 if args.quick else args.requests
    limit = 15.0 if args.quick else args.seconds
    clients = 2 if args.quick else args.clients
    work = disputes()

    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "uno_rules.cli",
            "serve",
            "--port",
            "0",
            "--json",
            "--rate",
            "0",
            "--store",
            "memory",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    url = json.loads(server.stdout.readline())["url"]
    lock = threading.Lock()
    issued = 0
    latencies: list[float] = []
    rulings = errors = 0
    first_error = ""
    deadline = time.perf_counter() + limit

    def client() -> None:
        nonlocal issued, rulings, errors, first_error
        with httpx.Client(base_url=url, timeout=30) as http:
            while time.perf_counter() < deadline:
                with lock:
                    if issued >= total:
                        return
                    index = issued
                    issued += 1
                query, body, expected, count = work[index % len(work)]
                sent = time.perf_counter()
                try:
                    r = http.post(
                        f"api/disputes?{query}",
                        content=body,
                        headers={"content-type": "application/json"},
                    )
                    good = r.status_code == 200 and r.json() == expected
                    problem = "" if good else f"status {r.status_code}: {r.text[:200]}"
                except httpx.HTTPError as exc:
                    good, problem = False, f"{type(exc).__name__}: {exc}"
                took = time.perf_counter() - sent
                with lock:
                    latencies.append(took)
                    if good:
                        rulings += count
                    else:
                        errors += 1
                        first_error = first_error or problem

    try:
        with httpx.Client(base_url=url, timeout=30) as warm:  # the first request loads modules
            warm.post(
                f"api/disputes?{work[0][0]}",
                content=work[0][1],
                headers={"content-type": "application/json"},
            )
        start = time.perf_counter()
        threads = [threading.Thread(target=client) for _ in range(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - start
    finally:
        server.terminate()
        server.wait(timeout=30)
        server.stdout.close()

    reference = in_process(work, 1.0 if args.quick else 3.0)
    done = len(latencies)
    rate = rulings / elapsed
    print(f"serve_load: {done} requests from {clients} clients in {elapsed:.1f} s, {errors} errors")
    print(f"  requests per second      {done / elapsed:8.0f}")
    print(
        f"  rulings per second       {rate:8.0f}   (target {TARGET}: "
        f"{'met' if rate >= TARGET and not errors else 'NOT met'})"
    )
    if latencies:
        q = statistics.quantiles(latencies, n=20) if len(latencies) > 1 else latencies * 19
        print(
            f"  latency median / p95     {statistics.median(latencies) * 1000:6.1f} ms / "
            f"{q[18] * 1000:.1f} ms"
        )
    print(f"  in-process reference     {reference:8.0f} rulings/s (same disputes, no HTTP)")
    print(f"  service / in-process     {rate / reference:8.2f}")
    if errors:
        print(f"  first error: {first_error}")
    failed = by_store(work, args, args.quick)
    return 1 if errors or failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
