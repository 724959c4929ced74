"""The environment under its versioned name, as PettingZoo's own environments are laid out
(``from uno_rules.env import uno_rules_v0; uno_rules_v0.env(...)``). A change that alters
trajectories, observations or the action table gets a new version."""

from __future__ import annotations

from .aec import UnoEnv, env, raw_env

__all__ = ["UnoEnv", "env", "raw_env"]
