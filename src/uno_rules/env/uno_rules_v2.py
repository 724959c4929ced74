"""The environment under its versioned name, as PettingZoo's own environments are laid out
(``from uno_rules.env import uno_rules_v2; uno_rules_v2.env(...)``). A change that alters
trajectories, observations or the action table gets a new version: v2 names a play's
target in a step of its own (232 standard ids instead of 1591); v1 added the card and color
before the top card and the color a wild named, and bounded every entry to 0..1."""

from __future__ import annotations

from .aec import UnoEnv, env, raw_env

__all__ = ["UnoEnv", "env", "raw_env"]
