"""Prints the census of the hardening fuzz tests at the end of a long run."""

from __future__ import annotations

from typing import Any


def pytest_terminal_summary(terminalreporter: Any) -> None:
    from .budget import large

    if not large():
        return
    import sys

    for name, what in (
        ("test_snapshot_invariants", "tampered snapshots"),
        ("test_fuzz_entry_points", "fuzzed inputs"),
    ):
        module = sys.modules.get(f"{__package__}.{name}")
        census = getattr(module, "CENSUS", None)
        if census:
            terminalreporter.write_line(f"{what}: {dict(sorted(census.items()))}")
