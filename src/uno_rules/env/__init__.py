"""A reinforcement-learning environment on any rule set (optional extra ``rl``).

- :class:`UnoEnv`: a PettingZoo AEC environment (``uno_rules.env.UnoEnv("family",
  players=4)``; PettingZoo's ``env()`` / ``raw_env()`` conventions are here too, and in the
  versioned module :mod:`uno_rules.env.uno_rules_v2`).
- :class:`UnoGymEnv`: a Gymnasium single-agent wrapper against :mod:`uno_rules.bots`,
  registered as ``uno_rules/Uno-v2`` (``gymnasium.make("uno_rules.env:uno_rules/Uno-v2")``
  imports this module and makes it).
- :func:`encode` / :func:`decode` / :func:`describe`: the fixed action table.

The core package and the command line never import this module. See ``docs/rl.md``.
"""

from __future__ import annotations

try:
    import gymnasium
    import numpy  # noqa: F401  (the observations and masks)
    import pettingzoo  # type: ignore[import-untyped]  # noqa: F401  (the AEC environment)
except ModuleNotFoundError as missing:  # the extra is not installed
    # start-up: only a missing extra reads the package's metadata
    from .._extras import install_line

    raise ModuleNotFoundError(
        f"uno_rules.env needs the optional extra 'rl' (pettingzoo, gymnasium, numpy): "
        f"{install_line('rl')} (no module named {missing.name!r})",
        name=missing.name,
    ) from None

from .actions import ACTION_COUNT, NOOP, ActionError, EnvError, decode, describe, encode
from .aec import UnoEnv, env, raw_env
from .observation import LAYOUT, SIZE
from .single_agent import UnoGymEnv

__all__ = [
    "ACTION_COUNT",
    "GYM_ID",
    "LAYOUT",
    "NOOP",
    "SIZE",
    "ActionError",
    "EnvError",
    "UnoEnv",
    "UnoGymEnv",
    "decode",
    "describe",
    "encode",
    "env",
    "raw_env",
]

#: The Gymnasium id of :class:`UnoGymEnv`.
GYM_ID = "uno_rules/Uno-v2"

if GYM_ID not in gymnasium.registry:
    gymnasium.register(id=GYM_ID, entry_point="uno_rules.env.single_agent:UnoGymEnv")
