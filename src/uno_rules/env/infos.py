"""``env.infos`` and ``infos[agent]`` of :class:`~uno_rules.env.UnoEnv`: dicts whose views of
the table are made when first read (most steps read one agent's info, or none)."""

from __future__ import annotations

from typing import Any

from ..state import GameState
from ..view import view

__all__ = ["SeatInfo"]

_PENDING: Any = object()
PENDING_VIEW = {"view": _PENDING}


class SeatInfo(dict[str, Any]):
    """``infos[agent]``: a dict holding ``"view"``, the seat's :class:`~uno_rules.PlayerView`
    of the table, built when first read (an agent that never reads it does not pay for
    it). Every way of reading the dict gives the view."""

    __slots__ = ("_of",)

    def __init__(self, state: GameState, seat: int) -> None:
        dict.__init__(self, PENDING_VIEW)
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


class PendingSeatInfo(SeatInfo):
    """A :class:`SeatInfo` made by dict's own constructor (from ``PENDING_VIEW``), with
    ``_of`` set afterwards: the way :class:`Infos` makes one on every step."""

    __slots__ = ()
    __init__ = dict.__init__


class Infos(dict[str, Any]):
    """``env.infos``: each agent's :class:`SeatInfo` of the current table, made when first
    read (most steps read one agent's info, or none)."""

    __slots__ = ("_seats", "_state")
    _state: GameState
    _seats: dict[str, int]

    def __getitem__(self, agent: str) -> Any:
        info = dict.__getitem__(self, agent)
        if info is None:
            info = PendingSeatInfo(PENDING_VIEW)
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
        if isinstance(other, Infos):
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
