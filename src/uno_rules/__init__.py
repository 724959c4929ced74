"""uno_rules: a reference rules engine for UNO.

States are immutable: :func:`apply` returns a new state with the events that happened, or a
typed :class:`Violation` that names the rule (a ``docs/rules.md`` clause id) refusing the move.

>>> import uno_rules as uno
>>> state = uno.new_game("official", players=2, seed=3)
>>> moves = uno.legal_moves(state)
>>> result = uno.apply(state, moves[0])
>>> isinstance(result, uno.Transition)
True
"""

import importlib as _importlib
import sys as _sys
from typing import TYPE_CHECKING, Any

_COMMANDS = ("uno-rules", "uno-rules.exe")  # the command line's program names

try:
    from .cards import COLORS, Card, Color, Rank, parse_cards
    from .deal import deal_game, deal_next_round, new_game, next_round
    from .engine import Transition, apply, apply_or_raise, legal_moves, validate
    from .errors import (
        IllegalMoveError,
        NotationError,
        PluginError,
        PresetError,
        SituationError,
        UnoError,
    )
    from .events import *  # noqa: F403
    from .events import __all__ as _events_all
    from .moves import (
        Accept,
        CallUno,
        CatchUno,
        Challenge,
        ChooseColor,
        Draw,
        Move,
        Pass,
        Play,
        parse_move,
    )
    from .outcome import refusal
    from .presets import load_preset, preset_names
    from .rules import Rules
    from .situation import situation
    from .state import Decision, GameState, Penalty, Phase

    # ``view`` is imported here, not on first use: a name that is also a module's name would be
    # replaced by that module once anything imports ``uno_rules.view``.
    from .view import PlayerView, view
    from .violations import *  # noqa: F403
    from .violations import __all__ as _violations_all
except KeyboardInterrupt:
    # Ctrl-C while the command line starts: its entry point imports this package before
    # any of its own code runs, so the interrupt is reported here, as the command reports
    # one (docs/errors.md), instead of as a traceback. A program importing the library
    # gets the KeyboardInterrupt itself.
    if _sys.argv and _sys.argv[0].replace("\\", "/").rsplit("/", 1)[-1] in _COMMANDS:
        _sys.stderr.write("uno-rules: interrupted\n")
        raise SystemExit(130) from None
    raise

if TYPE_CHECKING:
    from ._compiled import COMPILED
    from .i18n import LANGUAGES
    from .playtesting import PlaytestReport, playtest
    from .record import ReplayResult, make_record, replay
    from .render import card_name, describe, describe_event, violation_text
    from .ruling import Ruling, rule_on
    from .schema import preset_schema
    from .snapshot import dump_state, load_state

__version__ = "0.1.0"

# Names loaded on first use, so that `import uno_rules` (and the command line) stays fast.
_LAZY = {
    "COMPILED": "_compiled",
    "ReplayResult": "record",
    "replay": "record",
    "make_record": "record",
    "describe": "render",
    "describe_event": "render",
    "card_name": "render",
    "violation_text": "render",
    "LANGUAGES": "i18n",
    "preset_schema": "schema",
    "Ruling": "ruling",
    "rule_on": "ruling",
    "playtest": "playtesting",
    "PlaytestReport": "playtesting",
    "dump_state": "snapshot",
    "load_state": "snapshot",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'uno_rules' has no attribute {name!r}")

    value = getattr(_importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "COLORS",
    "COMPILED",
    "LANGUAGES",
    "Accept",
    "CallUno",
    "Card",
    "CatchUno",
    "Challenge",
    "ChooseColor",
    "Color",
    "Decision",
    "Draw",
    "GameState",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "Pass",
    "Penalty",
    "Phase",
    "Play",
    "PlayerView",
    "PlaytestReport",
    "PluginError",
    "PresetError",
    "Rank",
    "ReplayResult",
    "Rules",
    "Ruling",
    "SituationError",
    "Transition",
    "UnoError",
    "apply",
    "apply_or_raise",
    "card_name",
    "deal_game",
    "deal_next_round",
    "describe",
    "describe_event",
    "dump_state",
    "legal_moves",
    "load_preset",
    "load_state",
    "make_record",
    "new_game",
    "next_round",
    "parse_cards",
    "parse_move",
    "playtest",
    "preset_names",
    "preset_schema",
    "refusal",
    "replay",
    "rule_on",
    "situation",
    "validate",
    "view",
    "violation_text",
    *_events_all,
    *_violations_all,
]
