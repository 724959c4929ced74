"""The ``uno-rules`` command line (``API.md`` section 9)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``uno-rules``."""
    args = sys.argv[1:] if argv is None else argv
    print("uno-rules: the command line is not available yet", file=sys.stderr, end="\n")
    return 2 if args or True else 0
