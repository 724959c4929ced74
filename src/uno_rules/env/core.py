"""The table of :class:`~uno_rules.env.UnoEnv`: its fields, its decisions and its steps, in
a class of its own (:class:`EnvCore`) that the environment holds and hands its calls to.

Everything a step runs is here, and nothing of PettingZoo or Gymnasium: the compiled wheel
(``docs/performance.md``) compiles this module, where a step reads and writes the table's
fields as a compiled class's own. ``UnoEnv`` is the PettingZoo class around it, a Python
class anyone can subclass; its PettingZoo fields (``agents``, ``agent_selection``,
``rewards``...) are the table's, read and written through. The pure package runs the same
source. Arguments that the methods check themselves (an action, a seed, an agent) are typed
``Any``: a compiled method would refuse an argument of another type with a bare
``TypeError`` before the check could say what is wrong.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

from .._budget import brief
from ..cards import Card, Color
from ..deal import new_game, next_round
from ..engine import apply_listed, legal_moves, validate
from ..events import CardPlayed, CardsDiscarded, ChallengeLost, ChallengeWon, Event
from ..moves import Challenge, Move, Play
from ..rules import Rules
from ..state import GameState, Phase
from ..view import view
from .actions import ActionError, ActionTable, EnvError, as_integer, episode_seed
from .infos import PENDING_VIEW, Infos, PendingSeatInfo
from .observation import Scales, observation_of

__all__ = ["REWARD_MODES", "AgentIter", "EnvCore"]

# Enum members read on every move, bound once: reading one from its class costs about
# 100 ns on Python 3.11.
_PHASE_PENALTY = Phase.PENALTY
_PHASE_ROUND_OVER = Phase.ROUND_OVER

REWARD_MODES = ("round", "game")
_OPEN = (Phase.TURN, Phase.DRAWN, Phase.PENALTY)
_OVER = (Phase.ROUND_OVER, Phase.GAME_OVER)


class _Option:
    """In the options of a decision, an action that makes no move yet: one of the two
    below, compared by identity, so a copied or pickled environment keeps the same two."""

    __slots__ = ("global_name", "name")

    def __init__(self, name: str, global_name: str) -> None:
        self.name = name
        self.global_name = global_name

    def __repr__(self) -> str:
        return self.name

    def __copy__(self) -> _Option:
        return self

    def __deepcopy__(self, memo: object) -> _Option:
        return self

    def __reduce__(self) -> str:
        return self.global_name


_CONTINUE = _Option("continue", "_CONTINUE")  # this TARGET or CHAIN id goes on with a play
_DECLINE = _Option("decline", "_DECLINE")  # NOOP: decline an out-of-turn chance
_KEEP_ENCODED = 4096  # move objects whose action id is remembered, at most
_INT8 = np.dtype(np.int8)


class EnvCore:
    """The table of a :class:`~uno_rules.env.UnoEnv` and the steps played on it. Its
    settings are set by ``UnoEnv.__init__``, its episode by :meth:`reset`; the PettingZoo
    fields (``agents``, ``rewards``, ``terminations``...) are kept here, so that a step
    reads and writes them directly, and ``UnoEnv`` reads and writes them through."""

    # the settings (UnoEnv.__init__)
    rules: Rules
    players: int
    reward_mode: str
    max_moves: int
    action_table: ActionTable
    _scales: Scales
    _seat: dict[str, int]
    _partners: bool
    _calls: bool
    _false_calls: bool
    _may_poll: bool
    _blank_infos: dict[str, Any]
    # PettingZoo's fields
    possible_agents: list[str]
    agents: list[str]
    agent_selection: str
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: Any
    _skip_agent_selection: Any
    # the episode (reset)
    _state: GameState
    _seeder: random.Random | None
    _poll_rng: random.Random
    _options: dict[int, Move | _Option]
    _polling: bool
    _queue: list[int]
    _chain: list[int]
    _moves_by_id: tuple[Move, ...]
    _moves: int
    _rewarded: bool
    _last_moves: list[Move | None]
    # the top card and the active color before the last play (the previous_top and
    # previous_color sections of the observation)
    _previous: tuple[Card | None, Color | None]
    # the cards the last play put down besides the top card (H09, N13), and by seat the
    # hand shown to that seat by its last challenge this round (B8.5)
    _put_down: tuple[Card, ...]
    _shown: list[tuple[Card, ...]]
    # The engine hands out the same move objects again and again (a seat's plays of a
    # card, its draw...), so the action id of a one-id move is remembered by object:
    # id(move) -> its action id, while _encoded holds the move (so its id cannot be
    # reused by another object while it is remembered).
    _action_of: dict[int, int]
    _encoded: list[Move]

    # A copy (copy.deepcopy) or a pickle of the table holds every field but the action
    # ids remembered by object identity: in a copy the moves are other objects, and an id
    # of this process may be another object's in the next. The copy remembers its own.
    def __getstate__(self) -> dict[str, Any]:
        state = {name: getattr(self, name) for name in _FIELDS if hasattr(self, name)}
        state["_action_of"], state["_encoded"] = {}, []
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

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

    def reset(self, seed: Any = None, options: Any = None) -> None:
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
        self._last_moves = [None] * self.players
        self._previous = (None, None)
        self._put_down = ()
        self._shown = [()] * self.players
        self._skip_agent_selection = None
        self.infos = {}
        self._refresh_infos()
        self._start_polling()

    def observe(self, agent: Any) -> dict[str, npt.NDArray[Any]]:
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
        if info is None and type(infos) is Infos:  # infos[agent], inlined
            info = PendingSeatInfo(PENDING_VIEW)
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
            observation = observation_of(
                self._state,
                self._seat[agent],
                self._last_moves,
                (),
                False,
                self._scales,
                self._previous,
                0,
                self._put_down,
                self._shown[self._seat[agent]],
            )
            return {"observation": observation, "action_mask": mask}
        view_of_mask = mask.data
        for action in self._options:
            view_of_mask[action] = 1
        chain = self._chain
        kinds, target = self.action_table.steps_of(chain) if chain else ((), 0)
        observation = observation_of(
            self._state,
            self._seat[agent],
            self._last_moves,
            kinds,
            self._polling,
            self._scales,
            self._previous,
            target,
            self._put_down,
            self._shown[self._seat[agent]],
        )
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
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

    def _decisions(self, seat: int, chain: list[int]) -> dict[int, Move | _Option]:
        """The actions open to ``seat`` after the chain ids ``chain``: each maps to the
        move it makes, ``_CONTINUE`` (a chain id that goes on with a play) or ``_DECLINE``."""
        if chain:  # a play of several cards, under way (rare: encode afresh)
            return self._continuations(chain)
        moves = legal_moves(self._state, seat)
        self._moves_by_id = moves
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
        self._chain = []
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
        result = apply_listed(before, move)  # a move listed for this state
        state = result.state
        self._moves += 1
        self._last_moves[move.seat] = move
        if type(move) is Play:
            self._previous = (before.top_card, before.color)
            self._put_down = _put_down(result.events)
        elif type(move) is Challenge:
            for event in result.events:
                if isinstance(event, (ChallengeWon, ChallengeLost)) and event.hand is not None:
                    self._shown[move.seat] = event.hand  # B8.5: shown to the challenger
        if state.phase in _OVER:
            self._round_over(before, state)
            return
        self._state = state
        infos = self.infos  # _refresh_infos, inlined on this hot path
        if type(infos) is Infos:
            dict.update(infos, self._blank_infos)
            infos._state = state
        else:  # a plain dict: what a copy or a pickle of the environment holds
            self._refresh_infos()
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
            self._put_down = ()
            self._shown = [()] * self.players
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
        if type(infos) is not Infos or len(infos) != self.players:
            infos = self.infos = Infos(self._blank_infos)
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

    # ------------------------------------------------------------------ PettingZoo's helpers
    # (AECEnv's own, written here so that a step calls them as compiled methods)

    def _clear_rewards(self) -> None:
        rewards = self.rewards
        for agent in rewards:
            rewards[agent] = 0.0

    def _accumulate_rewards(self) -> None:
        cumulative = self._cumulative_rewards
        for agent, reward in self.rewards.items():
            cumulative[agent] += reward

    def _was_dead_step(self, action: Any) -> None:
        """A step of an agent whose episode is over: only ``None`` is accepted, and the agent
        leaves ``agents`` (PettingZoo's ``AECEnv._was_dead_step``)."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        del self.terminations[agent]
        del self.truncations[agent]
        del self.rewards[agent]
        del self._cumulative_rewards[agent]
        del self.infos[agent]
        self.agents.remove(agent)
        dead = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if dead:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = self.agent_selection
            self.agent_selection = dead[0]
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        self._clear_rewards()


class AgentIter:
    """``env.agent_iter(max_iter)``: PettingZoo's ``AECIterable``, reading the table's own
    fields. Each ``iter()`` of it yields the acting agent (``agent_selection``) until no agent
    is left or ``max_iter`` agents have been yielded, as PettingZoo's does; its cursor reads
    ``agents`` and ``agent_selection`` from the table directly, not through the
    environment's properties (about 0.25 us of every step of the usual loop)."""

    __slots__ = ("core", "max_iter")

    def __init__(self, core: EnvCore, max_iter: int) -> None:
        self.core = core
        self.max_iter = max_iter

    def __iter__(self) -> _AgentCursor:
        return _AgentCursor(self.core, self.max_iter)


class _AgentCursor:
    __slots__ = ("core", "left")

    def __init__(self, core: EnvCore, left: int) -> None:
        self.core = core
        self.left = left

    def __iter__(self) -> _AgentCursor:
        return self

    def __next__(self) -> str:
        core = self.core
        if not core.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        return core.agent_selection


# EnvCore's fields, in the order of its declarations (a test holds the two equal)
_FIELDS = (
    "rules",
    "players",
    "reward_mode",
    "max_moves",
    "action_table",
    "_scales",
    "_seat",
    "_partners",
    "_calls",
    "_false_calls",
    "_may_poll",
    "_blank_infos",
    "possible_agents",
    "agents",
    "agent_selection",
    "rewards",
    "_cumulative_rewards",
    "terminations",
    "truncations",
    "infos",
    "_skip_agent_selection",
    "_state",
    "_seeder",
    "_poll_rng",
    "_options",
    "_polling",
    "_queue",
    "_chain",
    "_moves_by_id",
    "_moves",
    "_rewarded",
    "_last_moves",
    "_previous",
    "_put_down",
    "_shown",
    "_action_of",
    "_encoded",
)


def _put_down(events: tuple[Event, ...]) -> tuple[Card, ...]:
    """The cards a play put down besides its top card: the earlier cards of a several-card
    play (H09) and a Discard All's (N13)."""
    played = [e.card for e in events if type(e) is CardPlayed]
    cards = played[:-1]
    for event in events:
        if type(event) is CardsDiscarded:
            cards.extend(event.cards)
    return tuple(cards)


def _index(action: object) -> int:
    """``action`` as a plain int (numpy integers included), or :class:`ActionError`."""
    return as_integer(action)
