"""Fuzzing every public entry point with generated inputs: the library raises nothing but
its documented exceptions (the ``UnoError`` family; ``TypeError`` for a value of the wrong
Python type where the API says so), and the command, run in-process through
``cli.main(argv)``, exits 0, 1 or 2, an exit 2 with exactly one line on stderr.

The budget is small in the default suite; ``UNO_RULES_HARDENING_BUDGET=N`` multiplies it
(the census of outcomes is printed at the end of such a run).
"""

from __future__ import annotations

import contextlib
import io
import json
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import uno_rules as uno
from house_rule_plugin import installed
from uno_rules.cli import main

from .budget import examples
from .helpers import one_line_error
from .test_broken_plugins import BODIES
from .test_broken_plugins import HEADER as BROKEN_HEADER
from .test_broken_plugins import ON as BROKEN_ON

CENSUS: Counter[str] = Counter()
FUZZ = settings(
    max_examples=examples(15),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

# Words the inputs are made of: field names, card texts, colors, phases, move words.
WORDS = [
    *(f.name for f in __import__("attrs").fields(uno.Rules)),
    *uno.preset_names(),
    "extends",
    "players",
    "hands",
    "discard",
    "color",
    "turn",
    "direction",
    "draw_pile",
    "draw_pile_size",
    "seed",
    "scores",
    "dealer",
    "uno_called",
    "played_by",
    "moves",
    "rules",
    "format",
    "phase",
    "penalty",
    "eliminated",
    "game_winners",
    "round_winner",
    "passes",
    "R5",
    "W",
    "W+4",
    "G+2",
    "Bskip",
    "Yrev",
    "WC",
    "WSH",
    "BLANK",
    "red",
    "blue",
    "r",
    "turn",
    "drawn",
    "choose-color",
    "round-over",
    "game-over",
    "clockwise",
    "next-round",
    "0 draw",
    "1 pass",
    "0 R5",
    "0 W red",
    "2 catch 0",
    "1 challenge",
    "0 accept",
    "&a",
    "*a",
]
scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.sampled_from([0, 1, 2, 3, 4, 10, 11, -1, 2**64, 10**120])
    | st.floats(allow_nan=True)
    | st.sampled_from(WORDS)
    | st.text(max_size=12)
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=6), inner, max_size=6)
    ),
    max_leaves=40,
)
mappings = st.dictionaries(st.sampled_from(WORDS), values, max_size=10)


def documented(fn: Callable[..., Any], *args: Any, types: tuple[type, ...] = ()) -> str:
    """Call ``fn``; return the outcome's name; only documented exceptions may escape."""
    try:
        fn(*args)
    except uno.UnoError as exc:
        return type(exc).__name__
    except types as exc:
        return type(exc).__name__
    return "ok"


def count(entry: str, outcome: str) -> None:
    CENSUS[f"{entry}: {outcome}"] += 1


# --------------------------------------------------------------------------- library


@FUZZ
@given(st.one_of(mappings, values))
def test_load_preset(data: Any) -> None:
    count("load_preset", documented(uno.load_preset, data, types=()))


@FUZZ
@given(mappings, st.sampled_from([None, "official", "family"]))
def test_situation(data: dict[str, Any], rules: str | None) -> None:
    if rules is not None and "rules" not in data:
        data["rules"] = rules
    count("situation", documented(uno.situation, data))


@FUZZ
@given(mappings)
def test_replay(data: dict[str, Any]) -> None:
    count("replay", documented(uno.replay, data))


@FUZZ
@given(values, values, values, values)
def test_new_game(rules: Any, players: Any, seed: Any, dealer: Any) -> None:
    if isinstance(seed, float):
        seed = None
    count("new_game", documented(lambda: uno.new_game(rules, players, seed, dealer)))


def base_state(seed: int, moves: int) -> uno.GameState:
    rng = random.Random(seed)
    state = uno.new_game(("official", "family", "no-mercy-lite")[seed % 3], 3, seed)
    for _ in range(moves):
        if state.round_over:
            break
        result = uno.apply(state, rng.choice(uno.legal_moves(state)))
        assert isinstance(result, uno.Transition)
        state = result.state
    return state


@FUZZ
@given(st.integers(0, 50), st.integers(0, 40), st.sampled_from(WORDS[:40]), values)
def test_load_state(seed: int, moves: int, key: str, value: Any) -> None:
    snap = uno.dump_state(base_state(seed, moves))
    snap[key] = value
    count("load_state", documented(uno.load_state, snap))


@FUZZ
@given(
    st.integers(0, 50), st.integers(0, 40), values, st.text(max_size=20) | st.sampled_from(WORDS)
)
def test_moves_on_a_state(seed: int, moves: int, seat: Any, text: str) -> None:
    state = base_state(seed, moves)
    count("parse_move", documented(uno.parse_move, text))
    count("apply", documented(uno.apply, state, text))
    count("validate", documented(uno.validate, state, text))
    count("legal_moves", documented(uno.legal_moves, state, seat, types=(TypeError,)))
    count("view", documented(uno.view, state, seat))
    count("next_round", documented(uno.next_round, state))
    count("Card.parse", documented(uno.Card.parse, text))


@FUZZ
@given(st.sampled_from(["Play", "Draw", "CatchUno", "ChooseColor"]), st.lists(values, max_size=6))
def test_move_constructors(kind: str, args: list[Any]) -> None:
    cls = getattr(uno, kind)
    count(kind, documented(cls, *args, types=(TypeError,)))


# --------------------------------------------------------------------------- command line

GOOD_TABLE = {"players": 2, "hands": [["R5", "G9"], 3], "discard": ["R3"], "moves": ["0 R5"]}
GOOD_RECORD = {"rules": "official", "players": 2, "seed": 3, "moves": ["0 draw"]}


@st.composite
def file_texts(draw: st.DrawFn) -> str:
    kind = draw(st.integers(0, 4))
    if kind == 0:
        return draw(st.text(max_size=200))
    if kind == 1:
        return json.dumps(draw(values), default=str)
    if kind == 2:
        base = dict(draw(st.sampled_from([GOOD_TABLE, GOOD_RECORD, {"hand_size": 6}])))
        base.update(draw(mappings))
        return yaml.safe_dump(base, default_flow_style=draw(st.booleans()))
    if kind == 3:
        text = yaml.safe_dump(draw(st.sampled_from([GOOD_TABLE, GOOD_RECORD])))
        cut = draw(st.integers(0, len(text)))
        return text[:cut] + draw(st.sampled_from(["", "&a", "*a", ": :", "\t", "{", "!!int x"]))
    return draw(st.sampled_from(["", "~", "[]", "a: &a [*a]", "- - -", "x: !!binary AAA"]))


VERBS = [
    ["rule", "{file}"],
    ["rule", "{file}", "--json"],
    ["rule", "{file}", "--preset", "{preset}"],
    ["replay", "{file}"],
    ["replay", "{file}", "--json"],
    ["presets", "check", "{file}"],
    ["presets", "show", "{file}"],
    ["presets", "show", "{preset}", "--json"],
    ["presets", "diff", "{preset}", "{file}"],
    ["presets", "list"],
    ["presets", "schema"],
    ["simulate", "--preset", "{file}", "--games", "1", "--max-turns", "50"],
    ["simulate", "--players", "{number}", "--games", "{number}", "--max-turns", "30"],
    ["simulate", "--jobs", "{number}", "--games", "0"],
    ["{word}", "{word}"],
]
NUMBERS = ["0", "-1", "1", "2", "x", "", "1e3", "100000000", "9" * 30, "0x10"]


@settings(FUZZ, max_examples=examples(25))
@given(
    st.sampled_from(VERBS),
    file_texts(),
    st.sampled_from([*uno.preset_names(), "nosuch"]),
    st.sampled_from(NUMBERS[:5] + NUMBERS[6:]),
    st.sampled_from(WORDS),
)
def test_command_line(
    tmp_path_factory: pytest.TempPathFactory,
    capsys: pytest.CaptureFixture[str],
    verb: list[str],
    text: str,
    preset: str,
    number: str,
    word: str,
) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    path = Path(folder) / "input.yaml"
    path.write_text(text, encoding="utf-8")
    if number in ("1e3", "9" * 30, "100000000") and "--games" in verb:
        number = "x"  # a real simulation of that size is not an input error
    names = {"{file}": str(path), "{preset}": preset, "{number}": number, "{word}": word}
    argv = [names.get(a, a) for a in verb]
    if verb[0] == "simulate" and number in ("1", "2") and "--games" in argv:
        argv[argv.index("--games") + 1] = "1"
    code = main(argv)
    out, err = capsys.readouterr()
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in err + out and "internal error" not in err, (argv, err)
    if code == 2:
        one_line_error(code, err)  # the reason in one line; listed problems under it
    count(f"cli {verb[0]}", f"exit {code}")


# --------------------------------------------------------------------------- through extends

MARK = "zq-secret-7f3a"
SETTING_KEYS = [f.name for f in __import__("attrs").fields(uno.Rules)]


@settings(FUZZ, max_examples=examples(20))
@given(
    st.dictionaries(
        st.sampled_from(SETTING_KEYS) | st.sampled_from(["api_token", "password", "k"]),
        st.just(MARK) | st.lists(st.just(MARK), max_size=2) | scalars,
        min_size=1,
        max_size=6,
    ),
    st.booleans(),
)
def test_values_read_through_extends_are_quoted_only_from_a_preset(
    tmp_path_factory: pytest.TempPathFactory, parent: dict[str, Any], as_yaml: bool
) -> None:
    """Round 2, finding 8: a file reached through ``extends`` is quoted only when every key
    it holds is a rule setting (it declares itself a preset); a file with any other key is
    named by its path only, through the library and the command."""
    folder = tmp_path_factory.mktemp("extends")
    path = folder / ("parent.yaml" if as_yaml else "parent.json")
    text = yaml.safe_dump(parent) if as_yaml else json.dumps(parent)
    path.write_text(text, encoding="utf-8")
    child = folder / "child.yaml"
    child.write_text(f"extends: {path}\nhand_size: 7\n", encoding="utf-8")
    declares = all(k in SETTING_KEYS for k in parent)
    try:
        uno.load_preset(str(child))
        outcome = "ok"
    except uno.PresetError as exc:
        outcome = "PresetError"
        if not declares:
            assert MARK not in str(exc) and "api_token" not in str(exc), str(exc)
    count("extends", f"{outcome} ({'a preset' if declares else 'not a preset'})")
    for verb in ("check", "show"):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["presets", verb, str(child)])
        assert code in (0, 1, 2)
        if not declares:
            assert MARK not in out.getvalue() + err.getvalue()


# --------------------------------------------------------------------------- broken plugins


@settings(FUZZ, max_examples=examples(8))
@given(
    st.sampled_from(sorted(BODIES)),
    st.sampled_from(["new_game", "replay", "situation", "rule_on", "cli rule", "cli check"]),
    st.integers(0, 2**16),
)
def test_entry_points_with_a_misbehaving_plugin(
    tmp_path_factory: pytest.TempPathFactory, broken: str, entry: str, seed: int
) -> None:
    """Round 2, finding 12: with a broken installed rule turned on, every entry point gives
    a documented error naming it (or plays on, where the broken hook is not reached), and
    the command exits 0, 1 or 2 with no internal error."""
    folder = tmp_path_factory.mktemp("plugin")
    source = BROKEN_HEADER + BODIES[broken] + "\nRULE = Broken()\n"
    with installed(folder, {"x_broken": source}, {"test_broken": "x_broken:RULE"}):
        rng = random.Random(seed)
        moves = [f"{rng.randrange(2)} {rng.choice(['R5', 'R6', 'B1', 'draw', 'pass'])}"] * 3
        table = {"rules": BROKEN_ON, "players": 2, "hands": [["R5", "R6", "B1"], 4]}
        table["discard"] = ["R3"]
        if entry.startswith("cli"):
            path = folder / "t.json"
            data = {**table, "moves": moves} if entry == "cli rule" else BROKEN_ON
            path.write_text(json.dumps(data), encoding="utf-8")
            argv = ["rule", str(path)] if entry == "cli rule" else ["presets", "check", str(path)]
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(argv)
            assert code in (0, 1, 2) and "internal error" not in err.getvalue(), err.getvalue()
            count(f"plugin {entry}", str(code))
            return

        def call() -> None:
            if entry == "new_game":
                uno.new_game(BROKEN_ON, players=2, seed=seed)
            elif entry == "replay":
                uno.replay({"rules": BROKEN_ON, "players": 2, "seed": seed, "moves": moves})
            elif entry == "situation":
                uno.situation(table)
            else:
                from uno_rules.ruling import rule_on

                for move in moves:
                    rule_on(uno.situation(table), move)

        outcome = documented(call)
        if outcome != "ok":
            assert outcome in ("PluginError", "PresetError", "SituationError", "NotationError")
        count(f"plugin {entry}", outcome)
