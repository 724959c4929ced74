"""Which build of the engine runs: ``uno_rules.COMPILED``.

The compiled build (``UNO_RULES_COMPILE=1 python -m pip install .``; ``docs/performance.md``)
compiles the engine's hot modules, listed in :data:`MODULES`, to extension modules from the
same typed source; every other module, and every module of a source install, is the pure
Python one. ``COMPILED`` is true when every listed module runs compiled.
"""

from __future__ import annotations

import sys
from importlib.machinery import EXTENSION_SUFFIXES

__all__ = ["COMPILED", "ENV_MODULES", "MODULES", "compiled_modules"]

# The modules the compiled wheel compiles (the build reads this tuple), under ``uno_rules``.
# Not ``deal``: a compiled function checks its arguments' declared types itself, so
# ``new_game(players=None)`` would raise a bare TypeError instead of a SituationError; the
# deal itself, once the arguments are checked, is ``dealing``.
# (The engine's entry points take a state made by the library; a move of any kind is
# checked by ``validate`` in both builds.)
MODULES = (
    "cards",
    "dealing",
    "effects",
    "engine",
    "fastpath",
    "randomness",
    "validation",
    "rules.builder",
    "rules.judge",
)

# The reinforcement-learning environment's step (the ``rl`` extra, ``docs/rl.md``), compiled
# too, as a library of its own: these modules need NumPy, are loaded by ``import
# uno_rules.env`` rather than by ``import uno_rules``, and are not counted in ``COMPILED``.
# ``env.core`` holds the environment's table and steps (``EnvCore``); ``UnoEnv`` itself
# (``env.aec``) stays a Python subclass of PettingZoo's ``AECEnv`` that holds an ``EnvCore``.
ENV_MODULES = ("env.core", "env.observation")


def compiled_modules(names: tuple[str, ...] = MODULES) -> dict[str, bool]:
    """Each module of ``names`` (by default :data:`MODULES`) and whether it runs as a
    compiled extension module. Every module of ``MODULES`` is loaded by ``import
    uno_rules`` already (``ENV_MODULES`` by ``import uno_rules.env``); one that is not
    loaded is reported as not compiled rather than imported here."""
    result = {}
    for name in names:
        module = sys.modules.get(f"uno_rules.{name}")
        path = getattr(module, "__file__", None) or ""
        result[name] = path.endswith(tuple(EXTENSION_SUFFIXES))
    return result


COMPILED = all(compiled_modules().values())
