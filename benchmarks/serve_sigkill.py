"""Durability of the referee service on SQLite under SIGKILL: no acknowledged move lost,
none applied twice, when clients send each move with its version and retry after a cut.

Each round starts ``uno-rules serve --store sqlite:///...`` on 127.0.0.1, lets a few client
threads play their own two-seat tables (each move sent with the version of the view it was
decided on), and kills the server with SIGKILL after a random moment. A move in flight
when the server died is sent again, unchanged, at the start of the next round: it is either
answered again (`replayed`: it had been kept) or applied then. At the end, each table's
log must hold exactly the moves the clients were told were kept, each at its version.
Bounded in rounds and time; loopback only.

    python benchmarks/serve_sigkill.py              # 40 kills
    python benchmarks/serve_sigkill.py --quick      # 2 kills
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from typing import Any

import httpx

SERVE = [sys.executable, "-m", "uno_rules.cli", "serve", "--port", "0", "--json", "--rate", "0"]


def start(store: str) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        # every client plays from 127.0.0.1: no limit on the requests of one address
        [*SERVE, "--store", store],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert server.stdout is not None
    url = json.loads(server.stdout.readline())["url"]
    httpx.get(f"{url}api/presets", timeout=30).raise_for_status()  # serving
    return server, url


class Table:
    """One client's table: what it was told was kept, and a move it is not sure of."""

    def __init__(self, http: httpx.Client) -> None:
        game = http.post("api/games", json={"players": 2}).json()
        self.id = game["game"]
        self.tokens = [s["token"] for s in game["seats"]]
        self.kept: dict[int, str] = {}  # version -> the move acknowledged there
        self.pending: tuple[int, str, int] | None = None  # seat, move, version
        self.replayed = 0
        self.over = False

    def auth(self, seat: int) -> dict[str, str]:
        return {"authorization": f"Bearer {self.tokens[seat]}"}

    def send(self, http: httpx.Client, seat: int, move: str, version: int) -> None:
        self.pending = (seat, move, version)
        r = http.post(
            f"api/games/{self.id}/seats/{seat}/moves",
            json={"move": move, "version": version},
            headers=self.auth(seat),
        )
        r.raise_for_status()
        answer = r.json()
        assert answer["legal"], answer
        self.kept[version] = answer["move"]
        self.replayed += bool(answer.get("replayed"))
        self.pending = None

    def play(self, http: httpx.Client, until: float) -> int:
        made = 0
        if self.pending is not None:  # sent before the kill: its answer never came
            self.send(http, *self.pending)
        while time.monotonic() < until and not self.over:
            views = [
                http.get(f"api/games/{self.id}/seats/{s}/view", headers=self.auth(s)).json()
                for s in (0, 1)
            ]
            movers = [v for v in views if v["legal_moves"]]
            if not movers:
                self.over = True
                break
            view = movers[0]
            plays = [
                m for m in view["legal_moves"] if m.split()[1:2] and m.split()[1][0] in "RYGBW"
            ]
            self.send(http, view["seat"], (plays or view["legal_moves"])[0], view["events"])
            made += 1
        return made

    def check(self, http: httpx.Client) -> tuple[int, list[str]]:
        log: list[dict[str, Any]] = []
        while True:
            page = http.get(
                f"api/games/{self.id}/seats/0/events?after={len(log)}", headers=self.auth(0)
            ).json()
            log += page["events"]
            if not page["more"]:
                break
        problems = []
        if len(log) != len(self.kept):
            problems.append(f"{self.id}: {len(log)} entries, {len(self.kept)} acknowledged")
        for version, move in self.kept.items():
            if version >= len(log) or log[version]["move"] != move:
                problems.append(f"{self.id}: the move acknowledged at {version} is not there")
        return len(log), problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2 kills")
    parser.add_argument("--kills", type=int, default=40)
    parser.add_argument("--clients", type=int, default=4)
    args = parser.parse_args()
    kills = 2 if args.quick else args.kills
    rng = random.Random(50)
    tables: list[Table] = []
    lock = threading.Lock()
    with tempfile.TemporaryDirectory() as tmp:
        store = f"sqlite:///{tmp}/games.sqlite3"
        mine: list[Table | None] = [None] * args.clients
        started = time.monotonic()
        for _ in range(kills):
            server, url = start(store)
            until = time.monotonic() + 5

            def client(n: int, url: str = url, until: float = until) -> None:
                try:
                    with httpx.Client(base_url=url, timeout=10) as http:
                        while time.monotonic() < until:
                            table = mine[n]
                            if table is None or (table.over and table.pending is None):
                                table = mine[n] = Table(http)
                                with lock:
                                    tables.append(table)
                            table.play(http, until)
                except (httpx.HTTPError, json.JSONDecodeError):
                    return  # the server was killed

            threads = [threading.Thread(target=client, args=(n,)) for n in range(args.clients)]
            for t in threads:
                t.start()
            time.sleep(rng.uniform(0.3, 1.5))
            server.send_signal(signal.SIGKILL)
            server.wait()
            assert server.stdout is not None
            server.stdout.close()
            for t in threads:
                t.join(timeout=30)
        server, url = start(store)  # the last look: every table's log against its client
        try:
            with httpx.Client(base_url=url, timeout=30) as http:
                for table in tables:  # a move still in doubt is settled first
                    if table.pending is not None:
                        table.send(http, *table.pending)
                results = [table.check(http) for table in tables]
        finally:
            server.terminate()
            server.wait(timeout=30)
    entries = sum(n for n, _ in results)
    problems = [p for _, found in results for p in found]
    replayed = sum(t.replayed for t in tables)
    print(
        f"serve_sigkill: {kills} SIGKILLs on SQLite in {time.monotonic() - started:.0f} s, "
        f"{len(tables)} tables, {entries} moves kept, every one acknowledged once"
        if not problems
        else f"serve_sigkill: {len(problems)} problems"
    )
    print(f"  moves in flight at a kill, sent again: {replayed} answered as already kept")
    for problem in problems[:10]:
        print(f"  {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
