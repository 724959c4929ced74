"""The test budget of the hardening tests: small in the default suite, raised by setting
``UNO_RULES_HARDENING_BUDGET`` (a multiplier, for example ``50`` for a long run)."""

from __future__ import annotations

import os


def scale() -> int:
    """The multiplier: 1 unless ``UNO_RULES_HARDENING_BUDGET`` says otherwise."""
    try:
        return max(1, int(os.environ.get("UNO_RULES_HARDENING_BUDGET", "1")))
    except ValueError:
        return 1


def examples(base: int) -> int:
    return base * scale()


def large() -> bool:
    """A long run: print the census figures."""
    return scale() > 1
