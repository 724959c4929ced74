"""The referee service beside one hostile client: ordinary clients' rulings per second and
p99 under each hostile pattern, against the same clients with no attack, in one run.

Starts ``uno-rules serve --store memory`` on 127.0.0.1 (a free port). Four ordinary clients,
each from a loopback address of its own (127.0.1.1 to 127.0.1.4, as four game servers or
people would be: the service limits the rate of each address), post the small disputes of
``examples/`` one after another and check each answer. The run is a series of phases of
``--seconds`` each: no attack, then each hostile pattern below (each from loopback
addresses of its own, 127.0.0.2 and up), then no attack again. Every loop is bounded in
count and time, and everything targets loopback only.

| pattern | what the hostile client does |
|---|---|
| slowloris | holds sockets that send a request header one byte at a time, over 6 addresses |
| idle | holds sockets that send nothing, each opened again every 10 s (or when closed) |
| yaml | posts 38 KB YAML bodies to `/api/disputes/read`, 8 at a time |
| heavy | posts disputes of 500 moves under 8 bundled presets (the most), 8 at a time |
| pictures | posts `pictures=1` disputes of 100 rulings, 8 at a time |
| large-bodies | posts 64 KiB JSON disputes (500 moves under 8 presets), 8 at a time |
| streams | opens event streams for one seat, again and again, 500 at a time |
| flood | asks for the presets' list as fast as it can, 32 at a time, never waiting when refused |

Reports, per phase, the ordinary clients' rulings per second, their median and p99, and
how many of their requests failed; the target is 200 rulings/s and a p99 under 1 s. The
figures depend on the machine and its load: the script reports them, and fails only when
an ordinary client gets a wrong answer.

    python benchmarks/serve_hostile.py              # 15 s a phase, full-size attacks
    python benchmarks/serve_hostile.py --quick      # 1 s a phase, small attacks (CI)
"""

from __future__ import annotations

import argparse
import contextlib
import json
import resource
import socket
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import yaml

from uno_rules.dispute import settle
from uno_rules.presets import preset_names
from uno_rules.verdict import add_plain_verdicts

ROOT = Path(__file__).resolve().parents[1]
TARGET_RATE = 200.0
TARGET_P99 = 1.0


def examples() -> list[tuple[str, bytes, dict[str, Any], int]]:
    """(query, JSON body, expected answer, rulings) for each example dispute."""
    out = []
    for path in sorted((ROOT / "examples").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        presets = list(data["expect"])
        settled = settle(data, presets)  # as the service answers: with the plain verdicts
        expected = add_plain_verdicts(settled.to_dict(None), settled.rulings, "en")
        query = "&".join(f"preset={p}" for p in presets)
        out.append((query, json.dumps(data).encode(), expected, len(presets) * len(data["moves"])))
    return out


@contextmanager
def serving() -> Iterator[str]:
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
    try:
        yield json.loads(server.stdout.readline())["url"]
    finally:
        server.terminate()
        server.wait(timeout=30)
        server.stdout.close()


class Ordinary:
    """Four clients settling small disputes for one phase: rate, latencies, failures."""

    def __init__(self, url: str, work: list[Any], clients: int = 4) -> None:
        self.url, self.work, self.clients = url, work, clients
        self.wrong = ""
        # one HTTP client each for the whole run, as a game server keeps its connections
        self.http = [
            httpx.Client(base_url=url, timeout=30, transport=_plain(ordinary_address(n)))
            for n in range(clients)
        ]

    def close(self) -> None:
        for http in self.http:
            http.close()

    def run(self, seconds: float) -> tuple[float, float, float, int, int]:
        latencies: list[float] = []
        rulings = [0]
        failed = [0]
        lock = threading.Lock()
        deadline = time.perf_counter() + seconds

        def client(n: int) -> None:
            i = n
            http = self.http[n]
            while time.perf_counter() < deadline:
                query, body, expected, count = self.work[i % len(self.work)]
                i += 1
                sent = time.perf_counter()
                try:
                    r = http.post(
                        f"api/disputes?{query}",
                        content=body,
                        headers={"content-type": "application/json"},
                    )
                    good = r.status_code == 200
                    if good and r.json() != expected:
                        self.wrong = self.wrong or f"a wrong answer to {query}"
                except httpx.HTTPError:
                    good = False
                took = time.perf_counter() - sent
                with lock:
                    latencies.append(took)
                    rulings[0] += count if good else 0
                    failed[0] += not good

        start = time.perf_counter()
        threads = [threading.Thread(target=client, args=(n,)) for n in range(self.clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.perf_counter() - start
        if len(latencies) > 1:
            p99 = statistics.quantiles(latencies, n=100)[98]
        else:
            p99 = latencies[0] if latencies else float("nan")
        median = statistics.median(latencies) if latencies else float("nan")
        return rulings[0] / elapsed, median, p99, len(latencies), failed[0]


def ordinary_address(n: int) -> str:
    """The loopback address of ordinary client ``n``: one each, as separate clients."""
    return f"127.0.1.{n + 1}"


def _plain(source: str | None = None) -> httpx.HTTPTransport:
    """A transport for plain HTTP on loopback (no certificates loaded), from ``source``."""
    if source is None:
        return httpx.HTTPTransport(verify=False)
    return httpx.HTTPTransport(verify=False, local_address=source)


# --------------------------------------------------------------------------- hostile clients


def _connect(port: int, source: str) -> socket.socket | None:
    s = socket.socket()
    try:
        s.bind((source, 0))
        s.settimeout(1)
        s.connect(("127.0.0.1", port))
        s.setblocking(False)
        return s
    except OSError:
        s.close()
        return None


def _closed(s: socket.socket) -> bool:
    try:
        return s.recv(65536) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def holding(port: int, count: int, sources: list[str], slow: bool, stop: threading.Event) -> None:
    """Hold ``count`` sockets: sending a header a byte every second (``slow``) or nothing,
    each opened again when the server closes it (or after 10 s, when idle); at most one
    round of reconnections a second."""
    header = b"GET /api/presets HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + b"a" * 4000
    held: list[tuple[socket.socket | None, float, int]] = [(None, 0.0, 0)] * count
    while not stop.is_set():
        now = time.monotonic()
        for i, (s, opened, sent) in enumerate(held):
            if s is not None and (_closed(s) or (not slow and now - opened > 10)):
                s.close()
                s = None
            if s is None:
                s, opened, sent = _connect(port, sources[i % len(sources)]), now, 0
                if s is None:
                    held[i] = (None, now, 0)
                    continue
            if slow:
                with contextlib.suppress(OSError):
                    s.send(header[sent % len(header) : sent % len(header) + 1])
                    sent += 1
            held[i] = (s, opened, sent)
        stop.wait(1.0)
    for s, _, _ in held:
        if s is not None:
            s.close()


def posting(
    url: str,
    source: str,
    make: Callable[[], tuple[str, bytes | None, str]],
    at_once: int,
    stop: threading.Event,
    patient: bool = True,
) -> None:
    """``at_once`` threads posting what ``make`` gives (path, body, content type; no body:
    a GET) from ``source``, one request after another each, until ``stop``; a ``patient``
    one waits a little when it is refused. Says on stderr how many of its requests were
    answered, and how many refused, a second."""
    statuses: dict[int, int] = {}
    lock = threading.Lock()

    def one() -> None:
        with httpx.Client(base_url=url, timeout=60, transport=_plain(source)) as http:
            while not stop.is_set():
                path, body, kind = make()
                with contextlib.suppress(httpx.HTTPError):
                    if body is None:
                        r = http.get(path)
                    else:
                        r = http.post(path, content=body, headers={"content-type": kind})
                    with lock:
                        statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
                    if patient and r.status_code in (429, 503):
                        stop.wait(0.05)  # a refused client comes back at once, nearly

    started = time.perf_counter()
    threads = [threading.Thread(target=one) for _ in range(at_once)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.perf_counter() - started
    answered = statuses.get(200, 0) / took
    refused = sum(n for code, n in statuses.items() if code != 200) / took
    print(
        f"  (the hostile client from {source}: {answered:.0f} answers a second, "
        f"{refused:.0f} refusals a second)",
        file=sys.stderr,
    )


def streaming(url: str, source: str, count: int, stop: threading.Event) -> None:
    """Event streams for one seat from ``source``, ``count`` at a time, reopened when they
    end or are refused."""
    with httpx.Client(base_url=url, timeout=10, transport=_plain()) as setup:
        game = setup.post("api/games", json={"players": 2}).json()
    seat = game["seats"][0]
    path = f"api/games/{game['game']}/seats/0/events"
    headers = {"accept": "text/event-stream", "authorization": f"Bearer {seat['token']}"}

    def one() -> None:
        with httpx.Client(base_url=url, timeout=5, transport=_plain(source)) as http:
            while not stop.is_set():
                with (
                    contextlib.suppress(httpx.HTTPError),
                    http.stream("GET", path, headers=headers) as r,
                ):
                    if r.status_code != 200:
                        stop.wait(0.2)
                        continue
                    for _ in r.iter_lines():
                        if stop.is_set():
                            break

    threads = [threading.Thread(target=one, daemon=True) for _ in range(count)]
    for t in threads:
        t.start()
    stop.wait()
    for t in threads:
        t.join(timeout=10)


def yaml_body() -> bytes:
    """A dispute of about 38 KB of YAML (long hands and many moves)."""
    hands = [["R5", "G9", "B3", "Y7", "R1", "G2", "B4", "Y6"] * 50, 4]
    data = {
        "players": 2,
        "hands": hands,
        "discard": ["R3"],
        "moves": ["0 draw", "0 pass", "1 draw", "1 pass"] * 125,
    }
    text = yaml.safe_dump(data, default_flow_style=False)
    while len(text) < 38_000:
        text += f"# {'x' * 70}\n"
    return text.encode()


HEAVY = {
    "players": 2,
    "hands": [["R5", "G9", "B3", "Y7"], 4],
    "discard": ["R3"],
    "moves": ["0 draw", "0 pass", "1 draw", "1 pass"] * 125,
}


def patterns(url: str, quick: bool) -> dict[str, Callable[[threading.Event], None]]:
    port = int(url.rsplit(":", 1)[1].strip("/"))
    scale = 10 if quick else 1
    eight = "&".join(f"preset={p}" for p in preset_names()[:8])  # the most a request may name
    pictured = dict(HEAVY, moves=HEAVY["moves"][:50])
    large = json.dumps(HEAVY).encode()
    large_body = large + b" " * (64 * 1024 - 100 - len(large))
    body_yaml = yaml_body()
    jsons = "application/json"
    slowloris = [f"127.0.0.{n}" for n in range(10, 16)]
    return {
        "slowloris": lambda stop: holding(port, 1500 // scale, slowloris, True, stop),
        "idle": lambda stop: holding(port, 520 // scale, ["127.0.0.3"], False, stop),
        "yaml": lambda stop: posting(
            url,
            "127.0.0.4",
            lambda: ("api/disputes/read", body_yaml, "application/yaml"),
            8,
            stop,
        ),
        "heavy": lambda stop: posting(
            url,
            "127.0.0.5",
            lambda: (f"api/disputes?{eight}", json.dumps(HEAVY).encode(), jsons),
            8,
            stop,
        ),
        "pictures": lambda stop: posting(
            url,
            "127.0.0.6",
            lambda: (
                "api/disputes?preset=official&preset=family&pictures=1",
                json.dumps(pictured).encode(),
                jsons,
            ),
            8,
            stop,
        ),
        "large-bodies": lambda stop: posting(
            url, "127.0.0.7", lambda: (f"api/disputes?{eight}", large_body, jsons), 8, stop
        ),
        "streams": lambda stop: streaming(url, "127.0.0.8", 500 // scale, stop),
        "flood": lambda stop: posting(
            url,
            "127.0.0.9",
            lambda: ("api/presets", None, ""),
            32 // (4 if quick else 1),
            stop,
            patient=False,
        ),
    }


def attack(url: str, name: str, quick: bool, seconds: float) -> int:
    """Run one hostile pattern for ``seconds`` (in a process of its own: the hostile
    client's work must not slow the ordinary clients' side of the measurement)."""
    stop = threading.Event()
    timer = threading.Timer(seconds, stop.set)
    timer.start()
    patterns(url, quick)[name](stop)
    timer.cancel()
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1 s a phase, small attacks")
    parser.add_argument("--seconds", type=float, default=15.0, help="the length of a phase")
    parser.add_argument("--only", action="append", default=[], help="run only this pattern")
    parser.add_argument("--attack", help=argparse.SUPPRESS)  # in the hostile process
    parser.add_argument("--url", help=argparse.SUPPRESS)
    args = parser.parse_args()
    seconds = 1.0 if args.quick else args.seconds
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    warm = min(2.0, seconds / 3)  # the attack in full swing before measuring
    if args.attack:
        return attack(args.url, args.attack, args.quick, seconds + warm + 1)
    work = examples()
    rows = []
    with serving() as url:
        ordinary = Ordinary(url, work)
        ordinary.run(min(1.0, seconds))  # warm-up: the first requests load modules
        names = [n for n in patterns(url, args.quick) if not args.only or n in args.only]
        for name in [None, *names, None]:
            hostile = None
            if name is not None:
                command = [sys.executable, __file__, "--attack", name, "--url", url]
                command += ["--quick"] if args.quick else ["--seconds", str(seconds)]
                hostile = subprocess.Popen(command)
                time.sleep(warm)
            rows.append((name or "no attack", *ordinary.run(seconds)))
            if hostile is not None:
                try:
                    hostile.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    hostile.kill()
                    hostile.wait()
            time.sleep(0.2 if args.quick else 0.5)
        ordinary.close()
    print(f"serve_hostile: 4 ordinary clients, {seconds:g} s a phase, one server process")
    print(f"  {'hostile':<14} {'rulings/s':>9} {'median':>9} {'p99':>9} {'requests':>8}  failed")
    base = rows[0][1] or 1.0
    met = True
    for name, rate, median, p99, done, failed in rows:
        ok = rate >= TARGET_RATE and p99 < TARGET_P99
        met = met and ok
        print(
            f"  {name:<14} {rate:9.0f} {median * 1000:7.1f}ms {p99 * 1000:7.1f}ms {done:8d}  "
            f"{failed:6d}   {rate / base:4.0%} of no attack{'' if ok else '   (target missed)'}"
        )
    print(
        f"  target: {TARGET_RATE:g} rulings/s and p99 under {TARGET_P99:g} s under every "
        f"pattern: {'met' if met else 'NOT met'}"
    )
    if ordinary.wrong:
        print(f"  {ordinary.wrong}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
