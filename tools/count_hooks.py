"""Count the hooks of ``HouseRule`` and, for each, the bundled rules that override it.

Run from the repository's root: ``python tools/count_hooks.py``. It prints one line per
hook (its name, then the names and clauses of the rules of ``registry.ORDER`` that override
it, or ``-`` when none does), then the totals: how many hooks there are (``is_enabled``
aside: every rule has it), how many no bundled rule uses and how many exactly one uses.
``--json`` prints the same as one JSON object instead.
"""

from __future__ import annotations

import json
import sys

from uno_rules.rules.hooks import HouseRule
from uno_rules.rules.registry import ORDER


def hook_names() -> list[str]:
    """The hooks of ``HouseRule``, in the order the class declares them."""
    return [
        name
        for name, value in vars(HouseRule).items()
        if callable(value) and not name.startswith("_") and name != "is_enabled"
    ]


def users(name: str) -> list[str]:
    """The bundled rules that override hook ``name``, in the registry's order."""
    base = getattr(HouseRule, name)
    return [f"{r.name} ({r.clause})" for r in ORDER if getattr(type(r), name) is not base]


def main(argv: list[str]) -> int:
    table = {name: users(name) for name in hook_names()}
    unused = [n for n, u in table.items() if not u]
    single = [n for n, u in table.items() if len(u) == 1]
    if "--json" in argv:
        summary = {"hooks": len(table), "unused": unused, "used_once": single, "users": table}
        print(json.dumps(summary, indent=2))
        return 0
    width = max(map(len, table))
    for name, rules in table.items():
        print(f"{name:<{width}}  {', '.join(rules) or '-'}")
    print()
    print(f"hooks: {len(table)} (is_enabled aside)")
    print(f"used by no bundled rule: {len(unused)}")
    print(f"used by exactly one bundled rule: {len(single)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
