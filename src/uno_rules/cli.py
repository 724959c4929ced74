"""The ``uno-rules`` command line.

Verbs: ``rule`` (settle a dispute), ``replay`` (check a game record), ``presets`` (list,
show, check, diff, schema) and ``simulate`` (bots play many games). Every verb takes
``--json``. Exit status: 0 all legal / success, 1 a move or preset was rejected (a ruling),
2 bad input (one line on stderr, never a traceback).

Only what a verb needs is imported, so the command starts fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .events import Event
    from .rules import Rules
    from .ruling import Ruling
    from .state import GameState

__all__ = ["main"]

EXIT_OK, EXIT_REJECTED, EXIT_BAD_INPUT = 0, 1, 2
DISPUTE_KEYS = ("moves", "expect", "title", "description", "deal")


class BadInput(Exception):
    """Input the command cannot use: reported in one line, exit status 2."""


# --------------------------------------------------------------------------- entry point


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``uno-rules`` with ``argv`` (default: the process arguments)."""
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "handler", None):
        parser.print_help(sys.stderr)
        return EXIT_BAD_INPUT
    from .errors import UnoError

    try:
        code: int = args.handler(args)
        return code
    except BadInput as exc:
        _fail(str(exc))
    except UnoError as exc:
        _fail(_one_line(exc))
    except KeyboardInterrupt:
        _fail("interrupted")
    except BrokenPipeError:
        return EXIT_OK
    return EXIT_BAD_INPUT


def _fail(message: str) -> None:
    print(f"uno-rules: {message}", file=sys.stderr)


def _one_line(exc: Exception) -> str:
    problems = getattr(exc, "problems", None)
    if problems:
        return "; ".join(problems)
    return str(exc)


def _parser() -> argparse.ArgumentParser:
    from . import __version__

    parser = argparse.ArgumentParser(
        prog="uno-rules",
        description="Settle UNO disputes, check games and rule sets, simulate house rules.",
    )
    parser.add_argument("--version", action="version", version=f"uno-rules {__version__}")
    verbs = parser.add_subparsers(title="verbs", metavar="VERB")

    rule = verbs.add_parser("rule", help="settle a dispute: rule on moves at a table")
    rule.add_argument("file", help="a table description (YAML/JSON) with a list of moves")
    rule.add_argument(
        "--preset",
        action="append",
        default=[],
        metavar="NAME",
        help="rule under this preset (repeat to compare side by side)",
    )
    rule.add_argument("--json", action="store_true", help="machine-readable output")
    rule.set_defaults(handler=cmd_rule)

    replay = verbs.add_parser("replay", help="check a recorded game move by move")
    replay.add_argument("file", help="a game record (YAML/JSON)")
    replay.add_argument("--json", action="store_true")
    replay.set_defaults(handler=cmd_replay)

    presets = verbs.add_parser("presets", help="list, show, check and compare rule presets")
    sub = presets.add_subparsers(title="actions", metavar="ACTION")
    p_list = sub.add_parser("list", help="the bundled presets")
    p_list.set_defaults(handler=cmd_presets_list)
    p_show = sub.add_parser("show", help="a preset in full, as YAML")
    p_show.add_argument("name", help="a bundled preset name or a preset file")
    p_show.set_defaults(handler=cmd_presets_show)
    p_check = sub.add_parser("check", help="check a preset file and report every problem")
    p_check.add_argument("file")
    p_check.set_defaults(handler=cmd_presets_check)
    p_diff = sub.add_parser("diff", help="what two presets do differently")
    p_diff.add_argument("a")
    p_diff.add_argument("b")
    p_diff.set_defaults(handler=cmd_presets_diff)
    p_schema = sub.add_parser("schema", help="the JSON Schema of preset files")
    p_schema.set_defaults(handler=cmd_presets_schema)
    for p in (p_list, p_show, p_check, p_diff, p_schema):
        p.add_argument("--json", action="store_true")
    presets.set_defaults(handler=None)

    sim = verbs.add_parser("simulate", help="bots play many games under a rule set")
    sim.add_argument("--preset", default="official", metavar="NAME|FILE")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=200)
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--jobs", type=int, default=1, help="worker processes")
    sim.add_argument("--bot", choices=("heuristic", "random"), default="heuristic")
    sim.add_argument("--max-turns", type=int, default=20_000, help="turn cap per game")
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(handler=cmd_simulate)
    return parser


# --------------------------------------------------------------------------- reading input


def _read_mapping(path: str, what: str) -> dict[str, Any]:
    from .errors import PresetError
    from .presets import read_yaml

    try:
        data = read_yaml(path, what)
    except PresetError as exc:
        raise BadInput(_one_line(exc)) from None
    if not isinstance(data, dict):
        raise BadInput(f"{path}: expected a mapping of fields, not {type(data).__name__}")
    return data


def _load_rules(source: str | dict[str, Any] | None) -> Rules:
    from .errors import PresetError
    from .presets import load_preset

    try:
        return load_preset("official" if source is None else source)
    except PresetError as exc:
        raise BadInput(_one_line(exc)) from None


# --------------------------------------------------------------------------- rendering


def _seat_list(values: Sequence[int]) -> str:
    return " ".join(f"{seat}:{value}" for seat, value in enumerate(values))


def describe_table(state: GameState) -> str:
    """One line: whose decision, top card and color, hand sizes, draw pile."""
    phase = state.phase.value
    if phase == "game-over":
        who = "game over, won by " + ", ".join(f"seat {s}" for s in state.game_winners)
    elif phase == "round-over":
        won = state.round_winner
        who = "round over, " + ("blocked" if won is None else f"won by seat {won}")
    elif phase == "penalty":
        assert state.penalty is not None
        who = f"seat {state.turn} must answer a draw of {state.penalty.amount}"
    elif phase == "drawn":
        who = f"seat {state.turn} drew {state.drawn}: play it or pass"
    elif phase == "choose-color":
        who = f"seat {state.turn} names the color"
    else:
        who = f"seat {state.turn} to play"
    color = state.color.value if state.color is not None else "not named"
    direction = "clockwise" if state.direction == 1 else "counter-clockwise"
    sizes = _seat_list([len(h) for h in state.hands])
    return (
        f"{who} | top {state.top_card} ({color}) | {direction} | hands {sizes} | "
        f"draw pile {state.draw_pile_size}"
    )


def describe_event(event: Event) -> str:
    """A short phrase for an event, cards in notation."""
    data: dict[str, Any] = event.to_dict()
    kind = data.pop("kind")
    if kind == "played":
        extra = " (jump-in)" if data.get("jump_in") else ""
        return f"seat {data['seat']} played {data['card']}, color {data['color']}{extra}"
    if kind == "drew":
        cards = data.get("cards")
        shown = f" ({' '.join(cards)})" if cards else ""
        return f"seat {data['seat']} drew {data['count']}{shown}"
    if kind == "skipped":
        return f"seat {data['seat']} loses the turn"
    if kind == "reversed":
        return "direction is now " + (
            "clockwise" if data["direction"] == 1 else "counter-clockwise"
        )
    if kind == "uno-caught":
        return f"seat {data['catcher']} caught seat {data['target']}: +{data['penalty']}"
    shown = ""
    if data.get("hand") is not None:
        hand = " ".join(data["hand"]) or "no cards"
        shown = f" (hand shown to seat {data['challenger']}: {hand})"
    if kind == "challenge-won":
        return (
            f"challenge succeeds: seat {data['offender']} bluffed and draws "
            f"{data['penalty']}{shown}"
        )
    if kind == "challenge-lost":
        return f"challenge fails: seat {data['challenger']} draws {data['penalty']}{shown}"
    if kind == "round-ended":
        if data["winner"] is None:
            return "the round ends blocked"
        return f"seat {data['winner']} goes out; scores {_seat_list(data['scores'])}"
    if kind == "game-ended":
        return "game over: " + ", ".join(f"seat {s}" for s in data["winners"]) + " wins"
    facts = ", ".join(f"{k} {_plain_text(v)}" for k, v in data.items())
    return f"{kind}" + (f": {facts}" if facts else "")


def _plain_text(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return str(value)


def table_dict(state: GameState) -> dict[str, Any]:
    decision = state.decision
    return {
        "decision": None if decision is None else {"kind": decision.kind, "seat": decision.seat},
        "turn": state.turn,
        "top_card": str(state.top_card),
        "color": None if state.color is None else state.color.value,
        "direction": state.direction,
        "hand_sizes": [len(h) for h in state.hands],
        "draw_pile_size": state.draw_pile_size,
        "scores": list(state.scores),
        "round_over": state.round_over,
        "round_winner": state.round_winner,
        "game_winners": list(state.game_winners),
    }


def ruling_dict(r: Ruling) -> dict[str, Any]:
    return {
        "move": str(r.move),
        "legal": r.legal,
        "clause": r.clause,
        "rule": r.text,
        "violation": None if r.violation is None else r.violation.to_dict(),
        "events": [e.to_dict() for e in r.events],
        "table": table_dict(r.state),
    }


def _emit_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2)
    sys.stdout.write("\n")


# --------------------------------------------------------------------------- rule


def cmd_rule(args: argparse.Namespace) -> int:
    from .errors import SituationError
    from .ruling import rule_on

    data = _read_mapping(args.file, "table file")
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise BadInput(f"{args.file}: moves: expected a list of move texts")
    table = {k: v for k, v in data.items() if k not in DISPUTE_KEYS}
    presets: list[str | None] = list(args.preset) or [None]
    results: dict[str, list[Ruling]] = {}
    starts: dict[str, GameState] = {}
    for preset in presets:
        described = dict(table)
        if preset is not None:
            described["rules"] = _load_rules(preset)
        try:
            state = _start(described, data.get("deal"))
        except SituationError as exc:
            raise BadInput(f"{args.file}: {_one_line(exc)}") from None
        name = state.rules.name if preset is None else preset
        starts[name] = state
        rulings = []
        for index, text in enumerate(moves):
            try:
                ruling = rule_on(state, text)
            except ValueError as exc:
                raise BadInput(f"{args.file}: moves[{index}]: {exc}") from None
            rulings.append(ruling)
            state = ruling.state
        results[name] = rulings
    ok = all(r.legal for rulings in results.values() for r in rulings)
    if args.json:
        _emit_json(
            {
                "file": args.file,
                "title": data.get("title"),
                "presets": list(results),
                "start": {name: table_dict(s) for name, s in starts.items()},
                "rulings": {name: [ruling_dict(r) for r in rs] for name, rs in results.items()},
                "all_legal": ok,
            }
        )
    elif len(results) == 1:
        _print_rulings(data, *next(iter(results.items())), starts)
    else:
        _print_side_by_side(data, moves, results, starts)
    return EXIT_OK if ok else EXIT_REJECTED


def _start(described: dict[str, Any], deal: Any) -> GameState:
    """The table a dispute starts from: a described table, or a fresh deal
    (``deal: {players, seed, dealer}``) for disputes about the start of a round."""
    from .deal import new_game
    from .errors import SituationError
    from .situation import situation

    if deal is None:
        return situation(described)
    if not isinstance(deal, dict) or set(deal) - {"players", "seed", "dealer"}:
        raise SituationError(["deal: expected a mapping of players, seed and dealer"])
    extra = set(described) - {"rules"}
    if extra:
        raise SituationError([f"{k}: not used with deal" for k in sorted(extra)])
    return new_game(
        described.get("rules", "official"),
        players=deal.get("players", 4),
        seed=deal.get("seed", 0),
        dealer=deal.get("dealer"),
    )


def _verdict(r: Ruling) -> str:
    if r.legal:
        return f"legal ({r.clause})"
    assert r.violation is not None
    return f"refused: {r.violation.code} ({r.clause})"


def _print_rulings(
    data: dict[str, Any], name: str, rulings: list[Ruling], starts: dict[str, GameState]
) -> None:
    title = data.get("title")
    start = starts[name]
    print(f"{title}" if title else f"Table under {name}")
    print(f"  rules: {name}, {start.players} players")
    print(f"  table: {describe_table(start)}")
    for i, r in enumerate(rulings, 1):
        print()
        print(f"{i}. {r.move}")
        print(f"   ruling:   {_verdict(r)}")
        if r.violation is not None:
            print(f"   why:      {r.violation}")
        print(f"   rule:     {r.clause}: {r.text}")
        if r.events:
            happened = "; ".join(describe_event(e) for e in r.events)
            print(f"   happened: {happened}")
        print(f"   table:    {describe_table(r.state)}" if r.legal else "   table:    unchanged")


def _print_side_by_side(
    data: dict[str, Any],
    moves: list[str],
    results: dict[str, list[Ruling]],
    starts: dict[str, GameState],
) -> None:
    title = data.get("title")
    if title:
        print(title)
    names = list(results)
    cells = [[_verdict(results[n][i]) for n in names] for i in range(len(moves))]
    move_w = max([4, *(len(f"{i + 1}. {m}") for i, m in enumerate(moves))])
    widths = [max([len(n), *(len(row[k]) for row in cells)]) for k, n in enumerate(names)]
    print(
        f"{'move':<{move_w}}  " + "  ".join(f"{n:<{w}}" for n, w in zip(names, widths, strict=True))
    )
    for i, m in enumerate(moves):
        label = f"{i + 1}. {m}"
        row = "  ".join(f"{c:<{w}}" for c, w in zip(cells[i], widths, strict=True))
        print(f"{label:<{move_w}}  {row}".rstrip())
    print()
    for n in names:
        rulings = results[n]
        final = rulings[-1].state if rulings else starts[n]
        print(f"{n}: {describe_table(final)}")
        for i, r in enumerate(rulings, 1):
            if r.violation is not None:
                print(f"  {i}. {r.move}: {r.violation}")


# --------------------------------------------------------------------------- replay


def cmd_replay(args: argparse.Namespace) -> int:
    from .errors import NotationError, SituationError
    from .record import replay

    data = _read_mapping(args.file, "game record")
    try:
        result = replay(data)
    except (SituationError, NotationError) as exc:
        raise BadInput(f"{args.file}: {_one_line(exc)}") from None
    state = result.state
    if args.json:
        _emit_json(
            {
                "file": args.file,
                "applied": result.applied,
                "ok": result.ok,
                "index": result.index,
                "move": None if result.index is None else data["moves"][result.index],
                "violation": None if result.violation is None else result.violation.to_dict(),
                "table": table_dict(state),
            }
        )
    elif result.violation is not None:
        assert result.index is not None
        print(
            f"move #{result.index + 1} (moves[{result.index}]: "
            f"{data['moves'][result.index]}) is refused:"
        )
        print(f"  {result.violation.code} ({result.violation.rule}): {result.violation}")
        print(f"  after {result.applied} legal moves: {describe_table(state)}")
    else:
        print(f"all {result.applied} moves are legal")
        print(f"  table:  {describe_table(state)}")
        print(f"  scores: {_seat_list(state.scores)}")
    return EXIT_OK if result.ok else EXIT_REJECTED


# --------------------------------------------------------------------------- presets


def _preset_summary(name: str) -> str:
    from .presets import preset_dir

    path = preset_dir() / f"{name}.yaml"
    words: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        text = line.lstrip("#").strip()
        if not words and text.startswith(f"{name}:"):
            words.append(text[len(name) + 1 :].strip())
        elif words and text:
            words.append(text)
        elif words:
            break
    return " ".join(words)


def cmd_presets_list(args: argparse.Namespace) -> int:
    from .presets import preset_names

    names = preset_names()
    if args.json:
        _emit_json([{"name": n, "summary": _preset_summary(n)} for n in names])
        return EXIT_OK
    width = max(len(n) for n in names)
    for n in names:
        print(f"{n:<{width}}  {_preset_summary(n)}")
    return EXIT_OK


def cmd_presets_show(args: argparse.Namespace) -> int:
    import yaml

    rules = _load_rules(args.name)
    data = rules.to_dict()
    if args.json:
        _emit_json(data)
    else:
        sys.stdout.write(yaml.safe_dump(data, sort_keys=False))
    return EXIT_OK


def cmd_presets_check(args: argparse.Namespace) -> int:
    from .errors import PresetError
    from .presets import load_preset

    _read_mapping(args.file, "preset file")  # unreadable, not YAML, not a mapping: exit 2
    try:
        rules = load_preset(args.file)
    except PresetError as exc:
        if args.json:
            _emit_json({"file": args.file, "ok": False, "problems": exc.problems})
        else:
            print(f"{args.file}: {len(exc.problems)} problem(s)")
            for problem in exc.problems:
                print(f"  {problem}")
        return EXIT_REJECTED
    if args.json:
        _emit_json({"file": args.file, "ok": True, "problems": [], "name": rules.name})
    else:
        print(f"{args.file}: ok ({rules.name})")
    return EXIT_OK


def _flatten(data: Any, prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    if isinstance(data, dict):
        for k, v in data.items():
            out.update(_flatten(v, f"{prefix}.{k}" if prefix else str(k)))
    else:
        out[prefix] = data
    return out


def cmd_presets_diff(args: argparse.Namespace) -> int:
    a = _flatten(_load_rules(args.a).to_dict())
    b = _flatten(_load_rules(args.b).to_dict())
    # both sides' settings: a house rule installed from another package may be in one only
    keys = [k for k in {**a, **b} if k != "name" and a.get(k, _ABSENT) != b.get(k, _ABSENT)]
    if args.json:
        _emit_json(
            {
                "a": args.a,
                "b": args.b,
                "differences": [{"path": k, "a": a.get(k), "b": b.get(k)} for k in keys],
            }
        )
        return EXIT_OK
    if not keys:
        print(f"{args.a} and {args.b} play the same rules")
        return EXIT_OK
    width = max(len(k) for k in keys)
    print(f"{'setting':<{width}}  {args.a} -> {args.b}")
    for k in keys:
        print(f"{k:<{width}}  {_shown(a, k)} -> {_shown(b, k)}")
    return EXIT_OK


_ABSENT = object()


def _shown(settings: dict[str, Any], key: str) -> str:
    return json.dumps(settings[key]) if key in settings else "(absent)"


def cmd_presets_schema(args: argparse.Namespace) -> int:
    from .schema import preset_schema

    _emit_json(preset_schema())
    return EXIT_OK


# --------------------------------------------------------------------------- simulate


def cmd_simulate(args: argparse.Namespace) -> int:
    from .deal import table_problems
    from .simulate import simulate, summarise

    rules = _load_rules(args.preset)
    problems = table_problems(rules, args.players)
    if problems:
        raise BadInput("; ".join(problems))
    if args.games < 1 or args.jobs < 1 or args.max_turns < 1:
        raise BadInput("--games, --jobs and --max-turns must be at least 1")
    show = sys.stderr.isatty() and not args.json

    def progress(done: int, total: int) -> None:
        width = 30
        filled = width * done // total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games")
        if done == total:
            sys.stderr.write("\n")
        sys.stderr.flush()

    results = simulate(
        rules,
        args.players,
        args.games,
        args.seed,
        args.bot,
        args.jobs,
        args.max_turns,
        progress if show else None,
    )
    summary = summarise(results, args.players)
    if args.json:
        _emit_json({"preset": rules.name, "bot": args.bot, "seed": args.seed, **summary.to_dict()})
        return EXIT_OK
    print(
        f"{rules.name}: {args.games} games, {args.players} players, {args.bot} bots, "
        f"seed {args.seed} (95% intervals)"
    )
    labels = {
        "rounds_per_game": "rounds per game",
        "turns_per_round": "turns per round",
        "cards_drawn_per_round": "cards drawn per round",
        "longest_stack": "longest stack per game",
        "blocked_round_share": "blocked rounds",
        "turn_cap_share": "games hitting the turn cap",
    }
    for key, label in labels.items():
        value, low, high = summary.values[key]
        if key.endswith("share"):
            print(f"  {label:<28} {value:8.1%}   [{low:.1%}, {high:.1%}]")
        else:
            print(f"  {label:<28} {value:8.2f}   [{low:.2f}, {high:.2f}]")
    for seat, (value, low, high) in enumerate(summary.seat_wins):
        print(f"  {'seat ' + str(seat) + ' wins':<28} {value:8.1%}   [{low:.1%}, {high:.1%}]")
    return EXIT_OK


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
