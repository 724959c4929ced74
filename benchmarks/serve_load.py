"""Load on the referee service: disputes settled per second over loopback HTTP, and errors.

Starts ``uno-rules serve`` on 127.0.0.1 (a free port), then a few client threads post the
disputes of ``examples/`` (each under the presets its ``expect`` lists) for a bounded number
of requests and seconds, and check every answer against the rulings computed in this
process. A *ruling* is one move ruled under one preset, so a request carries several.
The reference measured in the same run is the same work without HTTP (``settle`` in this
process): the ratio is what the service's HTTP and JSON cost. The target is at least 200
rulings per second without an error; the figures depend on the machine and its load, so
the script reports them and fails only on errors.

    python benchmarks/serve_load.py            # 3000 requests or 60 s, 4 clients
    python benchmarks/serve_load.py --quick    # 300 requests or 15 s, 2 clients
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import yaml

from uno_rules.dispute import settle

ROOT = Path(__file__).resolve().parents[1]
TARGET = 200  # rulings per second


def disputes() -> list[tuple[str, bytes, dict[str, Any], int]]:
    """(query, JSON body, expected answer, rulings) for each example."""
    out = []
    for path in sorted((ROOT / "examples").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        presets = list(data["expect"])
        expected = settle(data, presets).to_dict(None)
        query = "&".join(f"preset={p}" for p in presets)
        out.append((query, json.dumps(data).encode(), expected, len(presets) * len(data["moves"])))
    return out


def in_process(work: list[tuple[str, bytes, dict[str, Any], int]], seconds: float) -> float:
    """Rulings per second of the same disputes without HTTP (parse JSON, settle, dump JSON)."""
    rulings, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for query, body, _, count in work:
            presets = [p.removeprefix("preset=") for p in query.split("&")]
            json.dumps(settle(json.loads(body), presets).to_dict(None))
            rulings += count
    return rulings / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="300 requests or 15 s")
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--clients", type=int, default=4)
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
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
