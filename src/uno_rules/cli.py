"""The ``uno-rules`` command line (``API.md`` section 9)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``uno-rules``."""
    del argv
    print("uno-rules: the command line is not available yet", file=sys.stderr)
    return 2
