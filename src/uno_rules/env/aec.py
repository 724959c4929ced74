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

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.logger import warn
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]

from .._budget import brief
from ..cards import Card, Color
from ..deal import new_game, next_round
from ..engine import Transition, apply, legal_moves, validate
from ..moves import Move, Play
from ..presets import load_preset
from ..rules import Rules
from ..rules.deck import build_deck
from ..rules.extra_cards import marked_faces
from ..state import GameState, Phase
from ..view import view
from .actions import (
    ActionError,
    EnvError,
    as_integer,
    episode_seed,
    table_for,
)
from .observation import Scales, observe_state

__all__ = ["REWARD_MODES", "SeatInfo", "UnoEnv", "env", "raw_env"]

# Enum members read on every move, bound once: reading one from its class costs about
# 100 ns on Python 3.11.
_PHASE_PENALTY = Phase.PENALTY
_PHASE_ROUND_OVER = Phase.ROUND_OVER

REWARD_MODES = ("round", "game")
_OPEN = (Phase.TURN, Phase.DRAWN, Phase.PENALTY)
_OVER = (Phase.ROUND_OVER, Phase.GAME_OVER)


class _Option:
    """In the options of a decision, an action that makes no move yet."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


_CONTINUE = _Option("continue")  # this TARGET or CHAIN id goes on with a play
_DECLINE = _Option("decline")  # NOOP: decline an out-of-turn chance
_KEEP_ENCODED = 4096  # move objects whose action id is remembered, at most
_INT8 = np.dtype(np.int8)


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
    """

    _state: GameState  # set by reset()
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
        self.rules: Rules = rules if isinstance(rules, Rules) else load_preset(rules)
        new_game(self.rules, players=players, seed=0)  # the library's error for a bad table
        marked = [str(c) for c in build_deck(self.rules) if marked_faces(self.rules, c)][:1]
        if marked:  # a wild leading marked cards: a play no action stands for
            raise EnvError(
                f"rules: a {marked[0]} may put marked cards down with it (discard_faces); "
                "this environment has no actions for such a play"
            )
        # the action ids and the observation layout of the kinds the deck holds
        self.action_table = table_for(self.rules)
        self._scales = Scales.of(self.rules)
        layout = self._scales.layout
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
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
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
        self._partners = bool(settings["house_rules"]["partnership"]["enabled"])
        self._calls = bool(settings["uno"]["enabled"])
        self._false_calls = bool(settings["uno"]["false_call_penalty"])
        # whether a seat may have a move out of turn with no UNO window open and nobody
        # holding a single card
        self._may_poll = bool(self.rules.plan.out_of_turn) or (self._calls and self._false_calls)
        # the top card and the active color before the last play (the previous_top and
        # previous_color sections of the observation)
        self._previous: tuple[Card | None, Color | None] = (None, None)
        self._seeder: random.Random | None = None
        self._options: dict[int, Move | _Option] = {}
        self._polling = False
        # The engine hands out the same move objects again and again (a seat's plays of a
        # card, its draw...), so the action id of a one-id move is remembered by object:
        # id(move) -> its action id, while _encoded holds the move (so its id cannot be
        # reused by another object while it is remembered).
        self._action_of: dict[int, int] = {}
        self._encoded: list[Move] = []
        self._blank_infos: dict[str, Any] = dict.fromkeys(self.possible_agents)
        self.infos: dict[str, dict[str, Any]] = {}

    # ------------------------------------------------------------------ PettingZoo API

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> GameState:
        """The whole table, hidden cards included: for referees and debugging, not for
        agents (give an agent its :meth:`observe` or its ``infos[agent]["view"]``)."""
        state: GameState | None = getattr(self, "_state", None)
        if state is None:
            raise EnvError("reset() the environment first")
        return state

    @property
    def polling(self) -> bool:
        """Whether the current decision is a chance to move out of turn (``NOOP`` declines)."""
        return self._polling

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game. With ``seed``, the episode (deal, draws, polling order) is
        fixed by it; without, the next episode of the current sequence is dealt."""
        seed = episode_seed(seed)
        if seed is not None or self._seeder is None:
            self._seeder = random.Random(seed)
        self._poll_rng = random.Random(self._seeder.getrandbits(64))
        self._state = new_game(self.rules, players=self.players, seed=self._seeder.getrandbits(63))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self._moves = 0
        self._rewarded = False
        self._last_moves: list[Move | None] = [None] * self.players
        self._previous = (None, None)
        self._skip_agent_selection = None
        self.infos = {}
        self._refresh_infos()
        self._start_polling()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        return self._seen(
            agent,
            agent == self.agent_selection
            and not (self.terminations.get(agent) or self.truncations.get(agent)),
        )

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``, written out for the loop every agent runs: the acting
        agent's observation and info are made here without going through ``observe`` and
        ``infos[agent]``. (The observation is typed ``Any``, as PettingZoo's is: it is
        ``None`` only with ``observe=False``.)"""
        agent = self.agent_selection
        terminated = self.terminations[agent]
        truncated = self.truncations[agent]
        infos = self.infos
        info = dict.get(infos, agent)
        if info is None and type(infos) is _Infos:  # infos[agent], inlined
            info = _PendingSeatInfo(_PENDING_VIEW)
            info._of = (self._state, self._seat[agent])
            dict.__setitem__(infos, agent, info)
        elif info is None:
            info = infos[agent]
        if not observe:
            return None, self._cumulative_rewards[agent], terminated, truncated, info
        seen = self._seen(agent, not (terminated or truncated))
        return seen, self._cumulative_rewards[agent], terminated, truncated, info

    def _seen(self, agent: str, acting: bool) -> dict[str, npt.NDArray[Any]]:
        """What ``agent`` observes; ``acting``: whether the decision is its own (its mask
        offers the options, its observation shows the chain under way and the polling)."""
        mask = np.zeros(self.action_table.ACTION_COUNT, _INT8)
        if not acting:
            observation = observe_state(
                self._state,
                self._seat[agent],
                self._last_moves,
                scales=self._scales,
                previous=self._previous,
            )
            return {"observation": observation, "action_mask": mask}
        view_of_mask = mask.data
        for action in self._options:
            view_of_mask[action] = 1
        chain = self._chain
        kinds, target = self.action_table.steps_of(chain) if chain else ((), 0)
        observation = observe_state(
            self._state,
            self._seat[agent],
            self._last_moves,
            kinds,
            self._polling,
            scales=self._scales,
            previous=self._previous,
            target=target,
        )
        return {"observation": observation, "action_mask": mask}

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # the rewards of the previous step are spent
            self._clear_rewards()
            self._rewarded = False
        found = self._options.get(action) if type(action) is int else None
        if found is None:
            try:
                found = self._options.get(_index(action))
            except ActionError:
                found = None
            if found is None:
                raise self._refusal(self._seat[agent], action)
        if type(found) is not _Option:
            self._play(found)  # type: ignore[arg-type]
        elif found is _DECLINE:
            self._next_poll()
        else:
            self._chain.append(_index(action))
            self._options = self._decisions(self._seat[agent], self._chain)
        if self._rewarded:
            self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        text = self._table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # ------------------------------------------------------------------ decisions

    def _decisions(self, seat: int, chain: list[int]) -> dict[int, Move | _Option]:
        """The actions open to ``seat`` after the chain ids ``chain``: each maps to the
        move it makes, ``_CONTINUE`` (a chain id that goes on with a play) or ``_DECLINE``."""
        if chain:  # a play of several cards, under way (rare: encode afresh)
            return self._continuations(chain)
        moves = legal_moves(self._state, seat)
        self._moves_by_id: tuple[Move, ...] = moves
        action_of = self._action_of
        try:  # every move already has its one action id (the usual case)
            options: dict[int, Move | _Option] = {action_of[id(move)]: move for move in moves}
        except KeyError:
            options = self._encode(moves)
        if self._polling:
            options[self.action_table.NOOP] = _DECLINE
        return options

    def _encode(self, moves: tuple[Move, ...]) -> dict[int, Move | _Option]:
        """The options for ``moves``, encoding the moves not met before (and remembering
        the action id of each one-id move)."""
        action_of, encoded = self._action_of, self._encoded
        options: dict[int, Move | _Option] = {}
        for move in moves:
            action = action_of.get(id(move))
            if action is None:
                ids = self.action_table.encode(move, self.players)
                action = ids[0]
                if len(ids) > 1:  # a play of several cards: its first id starts a chain
                    options[action] = _CONTINUE
                    continue
                if len(encoded) >= _KEEP_ENCODED:
                    action_of.clear()
                    encoded.clear()
                action_of[id(move)] = action
                encoded.append(move)
            options[action] = move
        return options

    def _continuations(self, chain: list[int]) -> dict[int, Move | _Option]:
        options: dict[int, Move | _Option] = {}
        depth = len(chain)
        for move in self._moves_by_id:
            ids = self.action_table.encode(move, self.players)
            if len(ids) > depth and list(ids[:depth]) == chain:
                options[ids[depth]] = move if len(ids) == depth + 1 else _CONTINUE
        return options

    def _start_polling(self) -> None:
        """After a move (or the deal): queue the seats that might move out of turn."""
        state = self._state
        queue = (
            self._candidates(state)
            if state.uno_open or self._may_poll or (self._calls and 1 in map(len, state.hands))
            else []
        )
        if len(queue) > 1:
            self._poll_rng.shuffle(queue)
        self._queue = queue
        self._next_poll()

    def _next_poll(self) -> None:
        state = self._state
        self._chain: list[int] = []
        if self._queue:
            seat = self._queue.pop()
            self._polling = True
        else:
            seat = state.turn
            self._polling = False
        agent = self.possible_agents[seat]
        self.agent_selection = agent
        self._options = self._decisions(seat, self._chain)

    def _candidates(self, state: GameState) -> list[int]:
        """Seats that might have a move out of turn, judged from public facts only (the
        phase, whose turn it is, the top card and who played it, hand sizes, the UNO calls
        made and due, the seats out): a seat that may call UNO, every seat while another can
        be caught, and under Jump-In (H06) every seat while the top card could be jumped on.
        A seat is polled whatever it holds, so whom the environment asks reveals nothing."""
        phase = state.phase
        if phase in _OVER:
            return []
        uno_open = state.uno_open
        plan = self.rules.plan
        jump_open = phase in _OPEN and bool(plan.out_of_turn)
        calls, any_call = self._calls, self._false_calls
        turn, eliminated = state.turn, state.eliminated
        hands, called = state.hands, state.uno_called
        return [
            seat
            for seat in range(state.players)
            if seat != turn
            and seat not in eliminated
            and (
                (uno_open and (len(uno_open) > 1 or seat not in uno_open))
                or (calls and seat not in called and (any_call or len(hands[seat]) == 1))
                or (jump_open and plan.may_play_out_of_turn(state, seat))
            )
        ]

    def _refusal(self, seat: int, action: object) -> ActionError:
        agent = self.possible_agents[seat]
        try:
            index = _index(action)
            meaning = self.action_table.describe(index)  # refuses an integer out of range
        except ActionError as error:
            return ActionError(
                action, f"{agent} cannot take action {brief(action)}: {error.reason}"
            )
        what = f"action {index} ({meaning!r})"
        table = self.action_table
        if index == table.NOOP:
            reason = "it is this seat's own decision; noop only declines an out-of-turn chance"
        elif table.TARGET <= index < table.DRAW and not self._chain:
            reason = "no legal play names the seat at this offset"
        elif table.CHAIN <= index < table.DRAW or self._chain:
            reason = "no legal play puts these cards down in this order"
        else:
            try:
                move = table.decode(index, seat, self.players)
            except ActionError as error:
                reason = error.reason
            else:
                violation = validate(self.game_state, move)
                if violation is not None:
                    reason = f"{move}: [{violation.code}, {violation.rule}] {violation}"
                else:
                    reason = f"{move} is not offered to this seat in this decision"
        mode = "out of turn" if self._polling else "in its decision"
        return ActionError(index, f"{agent} ({mode}) cannot take {what}: {reason}")

    # ------------------------------------------------------------------ moves

    def _play(self, move: Move) -> None:
        before = self._state
        result = apply(before, move)
        assert isinstance(result, Transition), result
        state = result.state
        self._moves += 1
        self._last_moves[move.seat] = move
        if type(move) is Play:
            self._previous = (before.top_card, before.color)
        if state.phase in _OVER:
            self._round_over(before, state)
            return
        self._state = state
        infos = self.infos  # _refresh_infos, inlined on this hot path
        dict.update(infos, self._blank_infos)
        infos._state = state  # type: ignore[attr-defined]
        if self._moves >= self.max_moves:
            self.truncations = dict.fromkeys(self.agents, True)
        elif state.uno_open or self._may_poll or (self._calls and 1 in map(len, state.hands)):
            self._start_polling()
        else:  # nobody can move out of turn: the seat to act decides (_next_poll, inlined)
            if self._queue:
                self._queue = []
            if self._chain:
                self._chain = []
            self._polling = False
            seat = state.turn
            self.agent_selection = self.possible_agents[seat]
            moves = legal_moves(state)  # _decisions for seat (state.turn), inlined
            self._moves_by_id = moves
            action_of = self._action_of
            try:
                self._options = {action_of[id(move)]: move for move in moves}
            except KeyError:
                self._options = self._encode(moves)

    def _round_over(self, before: GameState, state: GameState) -> None:
        self._rewarded = True
        if self.reward_mode == "round":
            winner = state.round_winner
            if winner is not None:
                winners = {winner, (winner + 2) % 4} if self._partners else {winner}
                for agent in self.agents:
                    self.rewards[agent] = 1.0 if self._seat[agent] in winners else -1.0
        else:
            for agent in self.agents:
                seat = self._seat[agent]
                self.rewards[agent] = float(state.scores[seat] - before.scores[seat])
        if self.reward_mode == "game" and state.phase is _PHASE_ROUND_OVER:
            dealt = next_round(state)
            assert isinstance(dealt, GameState), dealt
            self._state = dealt
            self._last_moves = [None] * self.players
            self._previous = (None, None)
            self._refresh_infos()
            if self._moves >= self.max_moves:
                self.truncations = dict.fromkeys(self.agents, True)
            else:
                self._start_polling()
            return
        self._state = state
        self._refresh_infos()
        self.terminations = dict.fromkeys(self.agents, True)

    def _refresh_infos(self) -> None:
        """A new state: each agent's info gets its view of it (made when read)."""
        infos = self.infos
        if type(infos) is not _Infos or len(infos) != self.players:
            infos = self.infos = _Infos(self._blank_infos)
            infos._seats = self._seat
        else:
            dict.update(infos, self._blank_infos)
        infos._state = self._state

    def _table_text(self) -> str:
        """The public table: what every seat can see."""
        state = self.game_state
        public = view(state, state.turn)
        color = public.color.value if public.color is not None else "to be named"
        arrow = "clockwise" if public.direction > 0 else "counterclockwise"
        lines = [
            f"{public.rules_name}, round {public.round_number + 1}: top {public.top_card} "
            f"({color}), {arrow}, {public.draw_pile_size} in the draw pile",
        ]
        for seat in range(public.players):
            marks = []
            if seat == public.turn and public.phase not in _OVER:
                marks.append(f"to act: {public.phase.value}")
            if seat in public.uno_called:
                marks.append("UNO")
            if seat in public.eliminated:
                marks.append("out")
            last = self._last_moves[seat]
            if last is not None:
                marks.append(f"last: {last}")
            note = f"  ({'; '.join(marks)})" if marks else ""
            lines.append(
                f"  {self.possible_agents[seat]}: {public.hand_sizes[seat]} cards, "
                f"{public.scores[seat]} points{note}"
            )
        if public.penalty_amount:
            lines.append(f"  pending penalty: {public.penalty_amount} cards")
        if public.round_winner is not None:
            lines.append(f"  round won by player_{public.round_winner}")
        return "\n".join(lines)


_PENDING: Any = object()
_PENDING_VIEW = {"view": _PENDING}


class SeatInfo(dict[str, Any]):
    """``infos[agent]``: a dict holding ``"view"``, the seat's :class:`~uno_rules.PlayerView`
    of the table, built when first read (an agent that never reads it does not pay for
    it). Every way of reading the dict gives the view."""

    __slots__ = ("_of",)

    def __init__(self, state: GameState, seat: int) -> None:
        dict.__init__(self, _PENDING_VIEW)
        self._of = (state, seat)

    def _ready(self) -> None:
        if dict.get(self, "view") is _PENDING:
            dict.__setitem__(self, "view", view(*self._of))

    def __getitem__(self, key: str) -> Any:
        if key == "view":  # another key (the wrapper's "action_mask") needs no view
            self._ready()
        return dict.__getitem__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        if key == "view":
            self._ready()
        return dict.get(self, key, default)

    def values(self) -> Any:
        self._ready()
        return dict.values(self)

    def items(self) -> Any:
        self._ready()
        return dict.items(self)

    def pop(self, key: str, *default: Any) -> Any:
        self._ready()
        return dict.pop(self, key, *default)

    def copy(self) -> dict[str, Any]:
        self._ready()
        return dict(dict.items(self))

    def __eq__(self, other: object) -> bool:
        self._ready()
        if isinstance(other, SeatInfo):
            other._ready()
        return dict.__eq__(self, other)

    __hash__ = None

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __repr__(self) -> str:
        self._ready()
        return dict.__repr__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        self._ready()
        return (dict, (dict(dict.items(self)),))


class _PendingSeatInfo(SeatInfo):
    """A :class:`SeatInfo` made by dict's own constructor (from ``_PENDING_VIEW``), with
    ``_of`` set afterwards: the way :class:`_Infos` makes one on every step."""

    __slots__ = ()
    __init__ = dict.__init__


class _Infos(dict[str, Any]):
    """``env.infos``: each agent's :class:`SeatInfo` of the current table, made when first
    read (most steps read one agent's info, or none)."""

    __slots__ = ("_seats", "_state")
    _state: GameState
    _seats: dict[str, int]

    def __getitem__(self, agent: str) -> Any:
        info = dict.__getitem__(self, agent)
        if info is None:
            info = _PendingSeatInfo(_PENDING_VIEW)
            info._of = (self._state, self._seats[agent])
            dict.__setitem__(self, agent, info)
        return info

    def _all(self) -> None:
        for agent in dict.keys(self):
            self[agent]

    def get(self, agent: str, default: Any = None) -> Any:
        return self[agent] if agent in self else default  # noqa: SIM401

    def values(self) -> Any:
        self._all()
        return dict.values(self)

    def items(self) -> Any:
        self._all()
        return dict.items(self)

    def pop(self, agent: str, *default: Any) -> Any:
        if agent in self:
            self[agent]
        return dict.pop(self, agent, *default)

    def copy(self) -> dict[str, Any]:
        self._all()
        return dict(dict.items(self))

    def __eq__(self, other: object) -> bool:
        self._all()
        if isinstance(other, _Infos):
            other._all()
        return dict.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None

    def __repr__(self) -> str:
        self._all()
        return dict.__repr__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (self.copy(),))


def _index(action: object) -> int:
    """``action`` as a plain int (numpy integers included), or :class:`ActionError`."""
    return as_integer(action)


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
