"""The Gymnasium single-agent wrapper: the learner holds one seat, bots hold the others.

Opponents are :mod:`uno_rules.bots` players (``"random"``, ``"heuristic"``, or any object
with the bots' ``choose`` / ``interrupt`` methods). They move through the same action
table and checks as the learner. The learner sees its observation (the flat array of
:mod:`uno_rules.env.observation`); its legal actions are in ``info["action_mask"]`` and
from :meth:`UnoGymEnv.action_masks`, the method masked-policy libraries look for.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ..bots import BOTS, Bot
from ..rules import Rules
from .actions import ActionError, ActionTable, EnvError, episode_seed
from .aec import SeatInfo, UnoEnv

__all__ = ["ILLEGAL_ACTION_MODES", "UnoGymEnv"]

ILLEGAL_ACTION_MODES = ("lose", "raise")


class UnoGymEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat (``seat``, default 0) of a :class:`~uno_rules.env.UnoEnv` table against
    ``opponents``: a bot name for every other seat, or a sequence of bots / names, one per
    other seat in seat order.

    An action of the action space that the mask refuses is never replaced by another move.
    With ``illegal_action="lose"`` (default), the episode ends at once: reward -1,
    ``terminated``, and ``info["illegal_action"]`` says which action was refused and why
    (the Gymnasium convention for learners that do not mask, and what ``check_env``
    expects); the table is left as it was. With ``"raise"``, the step raises
    :class:`~uno_rules.env.ActionError` instead, as :class:`~uno_rules.env.UnoEnv` does. A
    value outside the action space (not an integer from 0 to the table's last id) raises
    :class:`~uno_rules.env.ActionError` in either mode. Other options (``reward``,
    ``max_moves``) go to the table.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"]}  # noqa: RUF012

    def __init__(
        self,
        rules: Rules | str | Mapping[str, Any] = "official",
        players: int = 4,
        *,
        seat: int = 0,
        opponents: str | Sequence[str | Bot] = "random",
        illegal_action: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.table = UnoEnv(rules, players, render_mode=render_mode, **options)
        if type(seat) is not int or not 0 <= seat < players:
            raise EnvError(f"seat: expected 0 to {players - 1}, got {seat!r}")
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise EnvError(f"illegal_action: expected 'lose' or 'raise', got {illegal_action!r}")
        others = [s for s in range(players) if s != seat]
        if isinstance(opponents, str):
            chosen: list[str | Bot] = [opponents] * len(others)
        elif isinstance(opponents, Sequence):
            chosen = list(opponents)
        else:
            raise EnvError(f"opponents: expected a bot name or a list of bots, got {opponents!r}")
        if len(chosen) != len(others):
            raise EnvError(f"opponents: expected {len(others)} bots, got {len(chosen)}")
        self._bots: dict[int, Bot] = {}
        for other, bot in zip(others, chosen, strict=True):
            if isinstance(bot, str):
                if bot not in BOTS:
                    raise EnvError(
                        f"opponents: unknown bot {bot!r}; expected one of {sorted(BOTS)}"
                    )
                self._bots[other] = BOTS[bot]()
            elif all(callable(getattr(bot, name, None)) for name in ("choose", "interrupt")):
                self._bots[other] = bot
            else:
                raise EnvError(f"opponents: {bot!r} has no choose() and interrupt() methods")
        self.seat = seat
        self.agent = self.table.possible_agents[seat]
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        actions = self.table.action_table
        layout = self.table._core._scales.layout
        self.observation_space = spaces.Box(
            0.0, layout.high(), shape=(layout.size,), dtype=np.float32
        )
        self.action_space = spaces.Discrete(actions.ACTION_COUNT)
        self._mask = np.zeros(actions.ACTION_COUNT, dtype=np.int8)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=episode_seed(seed))
        self.table.reset(seed=int(self.np_random.integers(2**62)))
        self._rng = random.Random(int(self.np_random.integers(2**62)))
        self._opponents_move()
        return self._observation()

    def step(
        self, action: np.int64 | int
    ) -> tuple[npt.NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        table = self.table
        if self._done():
            raise ActionError(action, "the episode is over; call reset()")
        reward = 0.0
        try:
            table.step(action)
        except ActionError as error:
            if self.illegal_action == "raise" or not _in_space(action, self.table.action_table):
                raise
            table.terminations = dict.fromkeys(table.agents, True)
            observation, info = self._observation()  # an empty mask: the episode is over
            info["illegal_action"] = str(error)
            return observation, -1.0, True, False, info
        reward += table.rewards.get(self.agent, 0.0)
        reward += self._opponents_move()
        observation, info = self._observation()
        return (
            observation,
            reward,
            bool(table.terminations[self.agent]),
            bool(table.truncations[self.agent]),
            info,
        )

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (MaskablePPO's ``action_masks`` hook)."""
        return self._mask.astype(bool)

    def render(self) -> str | None:
        return self.table.render()

    def close(self) -> None:
        self.table.close()

    # ------------------------------------------------------------------

    def _done(self) -> bool:
        table = self.table._core
        return bool(table.terminations[self.agent] or table.truncations[self.agent])

    def _opponents_move(self) -> float:
        """Let the bots act until it is the learner's decision or the episode ends;
        the learner's reward meanwhile."""
        table = self.table._core  # the table itself: the bots' steps skip the PettingZoo class
        agent = self.agent
        reward = 0.0
        while not self._done() and table.agent_selection != agent:
            seat = table._seat[table.agent_selection]  # a dict, not possible_agents.index
            bot = self._bots[seat]
            state = table._state
            if table._polling:
                move = bot.interrupt(state, seat, self._rng)
                if move is None:
                    table.step(table.action_table.NOOP)
                    reward += table.rewards.get(agent, 0.0)
                    continue
            else:
                move = bot.choose(state, seat, self._rng)
            # the id the table gave this very move object when it listed it, if any (the
            # usual case: a bot picks among the moves legal_moves lists); else encoded
            known = table._action_of.get(id(move))
            if known is not None and table._options.get(known) is move:
                actions: tuple[int, ...] = (known,)
            else:
                actions = table.action_table.encode(move, table.players)
            for action in actions:
                table.step(action)
                reward += table.rewards.get(agent, 0.0)
        return reward

    def _observation(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """The learner's observation and info. Once the episode is over, the mask offers
        ``NOOP`` alone: no move is open, and a masked policy asked for an action anyway (a
        vector environment's autoreset step, whose action is not played) still has one
        to choose (``docs/rl.md``)."""
        table = self.table
        seen = table.observe(self.agent)
        mask = seen["action_mask"]
        if self._done():
            mask[table.action_table.NOOP] = 1
        self._mask = mask
        info = SeatInfo(table._core._state, self.seat)  # the view is made when read
        dict.__setitem__(info, "action_mask", mask.copy())
        observation: npt.NDArray[np.float32] = seen["observation"]
        return observation, info


def _in_space(action: object, actions: ActionTable) -> bool:
    """Whether ``action`` is an element of the action space (an integer, numpy's included,
    from 0 to the table's ``ACTION_COUNT - 1``; not a bool)."""
    try:
        actions.describe(action)
    except ActionError:
        return False
    return True
