"""The PettingZoo AEC environment: any rule set, 2 to 10 seats, every move checked.

Agents are ``player_0`` .. ``player_{n-1}`` (seat numbers). Each decision belongs to one
agent: the seat whose turn or decision it is, or a seat being offered a chance to move out
of turn (a jump-in, a late UNO call, catching a missed call). Such chances are offered by
*polling*: after every move the environment works out, from public facts only, which seats
*might* have such a move, and asks each of them in an order drawn from the episode's seeded
generator; each answers with a move or ``NOOP``. A seat holding nothing to jump in with is
polled exactly as one holding a matching card, so neither ``agent_selection`` nor anything
else another seat sees depends on hidden cards (``docs/rl.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.logger import warn
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]

from ..deal import new_game
from ..presets import load_preset
from ..rules import Rules
from ..rules.deck import build_deck
from ..rules.extra_cards import marked_faces
from ..state import GameState
from .actions import ActionTable, EnvError, table_for
from .core import REWARD_MODES, AgentIter, EnvCore
from .infos import SeatInfo
from .observation import Scales

__all__ = ["REWARD_MODES", "SeatInfo", "UnoEnv", "env", "raw_env"]


def _kept(name: str) -> Any:
    """A field of the environment that is its table's (:class:`EnvCore`): read and
    written through."""

    def put(env: UnoEnv, value: Any) -> None:
        setattr(env._core, name, value)

    return property(attrgetter(f"_core.{name}"), put, doc=f"The table's ``{name}``.")


class UnoEnv(AECEnv):  # type: ignore[misc]
    """A PettingZoo AEC environment for ``rules`` (a preset name, a mapping or a
    :class:`~uno_rules.Rules`) at a table of ``players`` seats.

    Options: ``reward="round"`` (an episode is one round; its winner gets +1, the others
    -1, nobody anything for a blocked round) or ``"game"`` (an episode is a whole game; at
    the end of each round every seat gets the points it scored in it, so its return is its
    final score); ``max_moves`` (default 5000): the episode is truncated after this many
    moves; ``render_mode``: ``"human"`` or ``"ansi"``.

    Observations are ``{"observation": float32 array, "action_mask": int8 array}``; see
    :mod:`uno_rules.env.observation` and :mod:`uno_rules.env.actions`. ``infos[agent]``
    holds ``{"view": PlayerView}``: what :func:`uno_rules.view` shows that seat of the
    current table, for rule-based agents (built when first read). An action outside the
    mask raises :class:`~uno_rules.env.ActionError` naming it.

    The table itself, and every step, is an :class:`~uno_rules.env.core.EnvCore` that the
    environment holds (compiled in the compiled wheel): the calls of the PettingZoo API are
    handed to it, and the fields below are its own, read and written through. A subclass
    may override any method of the API.
    """

    # The table's fields (EnvCore), read and written through: each name annotated here
    # becomes a property onto the table below the class.
    rules: Rules
    players: int
    reward_mode: str
    max_moves: int
    action_table: ActionTable
    possible_agents: list[str]
    agents: list[str]
    agent_selection: str
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it as a class attribute)
        "name": "uno_rules_v2",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | str | Mapping[str, Any] = "official",
        players: int = 4,
        *,
        reward: str = "round",
        max_moves: int = 5000,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self._core = table = EnvCore()
        table._skip_agent_selection = None
        self.rules = rules if isinstance(rules, Rules) else load_preset(rules)
        new_game(self.rules, players=players, seed=0)  # the library's error for a bad table
        marked = [str(c) for c in build_deck(self.rules) if marked_faces(self.rules, c)][:1]
        if marked:  # a wild leading marked cards: a play no action stands for
            raise EnvError(
                f"rules: a {marked[0]} may put marked cards down with it (discard_faces); "
                "this environment has no actions for such a play"
            )
        # the action ids and the observation layout of the kinds the deck holds
        self.action_table = table_for(self.rules)
        table._scales = Scales.of(self.rules)
        layout = table._scales.layout
        if reward not in REWARD_MODES:
            raise EnvError(f"reward: expected 'round' or 'game', got {reward!r}")
        if type(max_moves) is not int or max_moves < 1:
            raise EnvError(f"max_moves: expected a positive integer, got {max_moves!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EnvError(f"render_mode: expected 'human' or 'ansi', got {render_mode!r}")
        self.players = players
        self.reward_mode = reward
        self.max_moves = max_moves
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        table._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        0.0, layout.high(), shape=(layout.size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(
                        0, 1, shape=(self.action_table.ACTION_COUNT,), dtype=np.int8
                    ),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.action_table.ACTION_COUNT) for agent in self.possible_agents
        }
        settings = self.rules.to_dict()
        table._partners = bool(settings["house_rules"]["partnership"]["enabled"])
        table._calls = bool(settings["uno"]["enabled"])
        table._false_calls = bool(settings["uno"]["false_call_penalty"])
        # whether a seat may have a move out of turn with no UNO window open and nobody
        # holding a single card
        table._may_poll = bool(self.rules.plan.out_of_turn) or (table._calls and table._false_calls)
        table._previous = (None, None)
        table._put_down = ()
        table._shown = [()] * table.players
        table._seeder = None
        table._options = {}
        table._polling = False
        table._action_of = {}  # see EnvCore
        table._encoded = []
        table._blank_infos = dict.fromkeys(self.possible_agents)
        self.infos = {}

    # ------------------------------------------------------------------ PettingZoo API

    @property
    def game_state(self) -> GameState:
        """The whole table, hidden cards included: for referees and debugging, not for
        agents (give an agent its :meth:`observe` or its ``infos[agent]["view"]``)."""
        return self._core.game_state

    @property
    def polling(self) -> bool:
        """Whether the current decision is a chance to move out of turn (``NOOP`` declines)."""
        return self._core.polling

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game. With ``seed``, the episode (deal, draws, polling order) is
        fixed by it; without, the next episode of the current sequence is dealt."""
        self._core.reset(seed, options)

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        return self._core.observe(agent)

    def agent_iter(self, max_iter: int = 2**63) -> AgentIter:
        """PettingZoo's ``agent_iter()``: the acting agent, until the episode is over or
        ``max_iter`` agents have acted; reads the table's fields directly."""
        return AgentIter(self._core, max_iter)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``: the acting agent's observation, reward, termination,
        truncation and info."""
        return self._core.last(observe)

    def step(self, action: int | np.integer[Any] | None) -> None:
        self._core.step(action)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def render(self) -> str | None:
        if self.render_mode is None:
            warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        text = self._core._table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # ------------------------------------------------------------------ decisions


# the annotated fields of UnoEnv, each a property onto its table (metadata is UnoEnv's own)
for _name in UnoEnv.__annotations__:
    if _name != "metadata":
        setattr(UnoEnv, _name, _kept(_name))
del _name


def raw_env(
    rules: Rules | str | Mapping[str, Any] = "official", players: int = 4, **options: Any
) -> UnoEnv:
    """The environment itself (PettingZoo's ``raw_env`` convention)."""
    return UnoEnv(rules, players, **options)


def env(
    rules: Rules | str | Mapping[str, Any] = "official", players: int = 4, **options: Any
) -> Any:
    """The environment in PettingZoo's order-enforcing wrapper (PettingZoo's ``env``
    convention). The environment refuses an illegal action itself, with no substitute."""
    return OrderEnforcingWrapper(UnoEnv(rules, players, **options))
