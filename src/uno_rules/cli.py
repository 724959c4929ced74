"""The ``uno-rules`` command line.

Verbs: ``rule`` (settle a dispute), ``replay`` (check a game record), ``presets`` (list,
show, check, diff, schema), ``simulate`` (bots play many games), ``playtest`` (validate a
rule set by playing it) and ``serve`` (the referee service, extra ``serve``). Every verb takes
``--json``. Exit status: 0 all legal / success, 1 a move or preset was rejected (a ruling),
2 bad input (one line on stderr, never a traceback).

Only what a verb needs is imported, so the command starts fast.
"""

from __future__ import annotations

import argparse
import errno
import functools
import importlib
import ipaddress
import json
import os
import re
import sys
import threading
import time
import typing
from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import COMPILED, __version__, _budget
from ._suggest import closest
from .deal import MAX_SEED_BITS, table_problems
from .errors import NotationError, PresetError, Problem, SituationError, UnoError, problem_text
from .i18n import LANGUAGES, N_, from_environ, normalize, supported, tr
from .presets import (
    EMPTY_FILE,
    kind_said,
    load_preset,
    parse_yaml,
    preset_names,
    preset_summary,
    read_yaml,
)

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from .dispute import Settlement
    from .events import Event
    from .rules import Rules
    from .ruling import Ruling
    from .state import GameState

__all__ = ["main"]

EXIT_OK, EXIT_REJECTED, EXIT_BAD_INPUT, EXIT_INTERRUPTED = 0, 1, 2, 130
# ``presets check`` prints at most this many problems and counts the rest (``--json`` at
# most MAX_CHECK_JSON, with ``problem_count`` giving them all).
MAX_CHECK_LISTED, MAX_CHECK_JSON = 50, 1_000
# simulate's bounds: far above any useful run (games are played in blocks, so memory does
# not grow with --games), low enough that a typo fails clearly
MAX_GAMES, MAX_JOBS, MAX_TURNS = 10**12, 256, 1_000_000


class BadInput(Exception):
    """Input the command cannot use: reported in one line, exit status 2. ``said``, when
    given, writes the message in a language (the problems of a preset or a table), so that
    it is written in the one asked for once the arguments are read."""

    def __init__(self, message: str, said: typing.Callable[[str], str] | None = None) -> None:
        super().__init__(message)
        self.said = said

    @classmethod
    def of(cls, said: typing.Callable[[str], str]) -> BadInput:
        """The error whose message ``said`` writes in each language (English here)."""
        return cls(said("en"), said)


# --------------------------------------------------------------------------- entry point


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``uno-rules`` with ``argv`` (default: the process arguments).

    Returns the exit status: 0 success, 1 a ruling that refuses, 2 bad input (one line on
    stderr, whatever the input: usage errors, unreadable files, I/O errors), 130 when
    interrupted (Ctrl-C). Never shows a traceback.
    """
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Escaped(streams[0]), _Escaped(streams[1])
    try:
        return _main(argv)
    finally:
        sys.stdout, sys.stderr = streams


def _main(argv: Sequence[str] | None) -> int:
    lang = _asked_lang(sys.argv[1:] if argv is None else argv)
    try:
        try:
            code = _run(argv)
        except _UsageExit as exc:  # --help, --version: argparse printed them
            code = exc.code
        sys.stdout.flush()  # a full disk or closed pipe is reported here, not at exit
        return code
    except KeyboardInterrupt:
        _fail(tr(lang, N_("interrupted")))
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _quiet_stdout()
        return EXIT_OK
    except BadInput as exc:
        _fail(problem_text(exc.args[0], lang) if exc.args else str(exc))
    except OSError as exc:
        _quiet_stdout()
        why = exc.strerror or type(exc).__name__
        _fail(_said(lang, N_("cannot write the output: {why}"), why=why))
    except (RecursionError, MemoryError) as exc:
        what = type(exc).__name__
        _fail(
            _said(
                lang,
                N_("the input is too large or too deeply nested to handle ({what})"),
                what=what,
            )
        )
    except Exception as exc:
        if isinstance(exc, UnoError):
            _fail(_one_line(exc, lang))
        else:  # a bug: still one line, and said to be one
            what = f"{type(exc).__name__}: {_short(str(exc))}"
            _fail(_said(lang, N_("internal error: {what} (please report it)"), what=what))
    return EXIT_BAD_INPUT


# Every control character but newline and tab, written as Python writes it in a string
# (``\x1b``): text from the input (a preset's name, a file name, a move) never reaches a
# terminal as an escape sequence.
_CONTROL = {c: f"\\x{c:02x}" for c in (*range(0x20), *range(0x7F, 0xA0)) if c not in (9, 10)}


class _Escaped:
    """A text stream whose writes have their control characters escaped (``_CONTROL``),
    and whatever its encoding cannot write (non-ASCII text under an ASCII locale, a file
    name's undecodable bytes) written as backslash escapes; everything else is the
    stream's own. A stream that is closed or missing (the process started with it closed,
    so Python made it ``None``) raises ``OSError`` on a write, which ``main`` reports as
    output that cannot be written. ``raw`` is the stream itself, for the one writer that
    means to move the cursor (the progress line of ``simulate``)."""

    def __init__(self, raw: typing.TextIO | None) -> None:
        self.raw = raw

    def write(self, text: str) -> int:
        raw = self.raw
        if raw is None:
            raise OSError(errno.EBADF, "the output is closed")
        text = text.translate(_CONTROL)
        try:
            raw.write(text)
        except UnicodeEncodeError:
            encoding = getattr(raw, "encoding", None) or "ascii"
            raw.write(text.encode(encoding, "backslashreplace").decode(encoding))
        return len(text)

    def flush(self) -> None:
        if self.raw is not None:
            self.raw.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


def _raw_stderr() -> typing.TextIO:
    stream = sys.stderr
    if isinstance(stream, _Escaped):
        return stream.raw if stream.raw is not None else stream  # type: ignore[return-value]
    return stream


def _run(argv: Sequence[str] | None) -> int:
    lang = _asked_lang(sys.argv[1:] if argv is None else argv)
    _check_langs(sys.argv[1:] if argv is None else argv)
    parser = _parser()
    if lang != "en":
        _in_language(parser, lang)
    args, extra = parser.parse_known_args(argv)
    if extra:
        _unrecognized(parser, sys.argv[1:] if argv is None else list(argv), extra)
    handler = getattr(args, "handler", None)
    if handler is None:
        group = getattr(args, "group", None)
        if group is not None:
            choose = tr(lang, N_("choose an action: {choices}")).format(choices=_choices(group))
            raise BadInput(f"presets: {choose}")
        choose = tr(lang, N_("choose a verb: {choices} (see uno-rules --help)"))
        raise BadInput(choose.format(choices=_choices(parser)))
    try:
        code: int = handler(args)
    except BadInput as exc:
        if exc.said is None:
            raise
        raise BadInput(exc.said(_lang(args))) from None
    except (PresetError, SituationError) as exc:
        raise BadInput(_one_line(exc, _lang(args))) from None
    return code


def _unrecognized(
    parser: argparse.ArgumentParser, argv: Sequence[str], extra: Sequence[str]
) -> typing.NoReturn:
    """Arguments no parser took: refused by the parser of the verb (or action) they were
    given to, so that the message points at that verb's ``--help`` and suggests its option
    (``_Parser.error``)."""
    here = parser
    for word in argv:
        if word == "--":
            break
        verbs = [a for a in here._actions if isinstance(a, argparse._SubParsersAction)]
        if verbs and word in verbs[0].choices:
            here = verbs[0].choices[word]
    here.error("unrecognized arguments: " + " ".join(extra))


def _choices(parser: argparse.ArgumentParser) -> str:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return ", ".join(action.choices)
    return ""  # pragma: no cover - every group has actions


def _quiet_stdout() -> None:
    """Point the process's stdout at the null device, so that the interpreter's own
    flush at exit cannot fail (and print a traceback) after an output error."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (a test's capture): nothing is flushed at exit
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except OSError:
        pass


def _fail(message: str) -> None:
    """The reason in one line on stderr; where a message lists several problems (a headline,
    then one problem per line, as ``_problems`` writes them), each stays on a line of its own
    under the headline, the way ``presets check`` lists them. At most 50 lines."""
    head, *listed = message.split("\n")
    lines = [" ".join(head.split()), *("  " + " ".join(p.split()) for p in listed if p.strip())]
    if len(lines) > 51:
        lines = [*lines[:50], f"  ... and {len(lines) - 50} more"]
    try:
        print(
            "\n".join(
                f"uno-rules: {_short(lines[0], 2000)}" if i == 0 else _short(x, 2000)
                for i, x in enumerate(lines)
            ),
            file=sys.stderr,
        )
        sys.stderr.flush()
    except (OSError, ValueError):
        pass  # stderr itself is gone: the exit status still tells


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


class _UsageExit(Exception):
    """argparse finished (``--help``, ``--version``) with this exit status."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


class _Parser(argparse.ArgumentParser):
    """argparse, but every usage error is one line (BadInput) and nothing exits the
    process: main() decides the exit status."""

    lang = "en"  # the language of its texts (_in_language), for this parser only

    def error(self, message: str) -> typing.NoReturn:
        verb = self.prog.removeprefix("uno-rules").strip()

        choice = re.match(r"argument \w+: invalid choice: '([^']*)' \(choose from (.*)\)$", message)
        unknown = re.match(r"unrecognized arguments: (--[^\s=]+)", message)
        said = _argparse_message(message, self.lang)
        if choice or unknown:  # a misspelt verb, action or option: the suggestion every
            # entry point makes
            if choice:
                near = closest(choice.group(1), re.findall(r"'([^']*)'", choice.group(2)))
            else:
                assert unknown is not None
                options = [o for a in self._actions for o in a.option_strings]
                near = closest(unknown.group(1), [o for o in options if o.startswith("--")])
            if near is not None:
                said += tr(self.lang, N_(" (did you mean {path}?)")).format(path=repr(near))
        see = tr(self.lang, N_("(see {prog} --help)")).format(prog=self.prog)
        raise BadInput(f"{verb + ': ' if verb else ''}{said} {see}")

    def exit(self, status: int = 0, message: str | None = None) -> typing.NoReturn:
        if message:
            if status:
                raise BadInput(message.strip())
            sys.stderr.write(message)
        raise _UsageExit(status)


def _one_line(exc: Exception, lang: str = "en") -> str:
    problems = getattr(exc, "problems", None)
    if problems:
        return "; ".join(problem_text(p, lang) for p in problems)
    if len(exc.args) == 1 and isinstance(exc.args[0], Problem):  # a one-sentence error
        return exc.args[0].text(lang)
    return str(exc)


def _said(lang: str, message: str, **facts: object) -> str:
    """One of the command's own sentences, in ``lang``."""
    return Problem("", message, facts).text(lang)


def _bad(where: str, message: str, **facts: object) -> BadInput:
    """Input the command refuses, said in the language asked for when it is reported."""
    return BadInput(Problem(where, message, facts))


# argparse's own messages (written by the standard library in English), as this module's
# catalogs have them: the pattern that reads one, and its message in the catalogs.
_ARGPARSE_MESSAGES = (
    (
        r"argument (?P<argument>\S+): invalid choice: (?P<value>.*) "
        r"\(choose from (?P<choices>.*)\)",
        N_("argument {argument}: invalid choice: {value} (choose from {choices})"),
    ),
    (
        r"the following arguments are required: (?P<arguments>.*)",
        N_("the following arguments are required: {arguments}"),
    ),
    (r"unrecognized arguments: (?P<arguments>.*)", N_("unrecognized arguments: {arguments}")),
    (
        r"argument (?P<argument>\S+): expected one argument",
        N_("argument {argument}: expected one argument"),
    ),
    (
        r"argument (?P<argument>\S+): invalid (?P<type>\w+) value: (?P<value>.*)",
        N_("argument {argument}: invalid {type} value: {value}"),
    ),
)
# argparse's own words in a help text: the usage prefix, the group titles, the help of
# --help and --version.
_ARGPARSE_WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
)


def _argparse_message(message: str, lang: str) -> str:
    """One of argparse's error messages in ``lang`` (as it is when the catalogs lack it);
    the names, values and choices it quotes stay as written."""
    if lang == "en":
        return message
    for pattern, said in _ARGPARSE_MESSAGES:
        found = re.fullmatch(pattern, message)
        if found is not None:
            return tr(lang, said).format(**found.groupdict())
    return message


def _asked_lang(argv: Sequence[str]) -> str:
    """The language ``argv`` asks for with ``--lang`` (anywhere before ``--``), else the
    locale's: what the help and the usage errors are written in, before the arguments
    are parsed. A ``--lang`` the package lacks (refused by ``_check_langs``) is the
    locale's too, so that its refusal is written in it."""
    given = _given_langs(argv)
    if given:
        return supported(given[0]) or from_environ(os.environ)
    return from_environ(os.environ)


def _given_langs(argv: Sequence[str]) -> list[str]:
    """The values of every ``--lang`` of ``argv`` (``--lang X`` or ``--lang=X``), before
    ``--``."""
    given = []
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            given.append(argv[i + 1])
        elif arg.startswith("--lang="):
            given.append(arg.removeprefix("--lang="))
    return given


def _check_langs(argv: Sequence[str]) -> None:
    """Refuse a ``--lang`` (in every verb) that names no language the package has, listing
    those it has: asked for explicitly, a language is never silently English. Other names
    of a language (``vn``, ``tagalog``, ``fil``) are that language."""
    for given in _given_langs(argv):
        if supported(given) is None:
            raise _bad(
                "--lang",
                N_("unknown language {value}; choose one of {choices}"),
                value=repr(given),
                choices=", ".join(LANGUAGES),
            )


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, with the usage prefix in the parser's language."""

    lang = "en"

    def add_usage(
        self,
        usage: str | None,
        actions: typing.Iterable[argparse.Action],
        groups: typing.Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        if prefix is None:
            prefix = tr(self.lang, "usage: ")
        super().add_usage(usage, actions, groups, prefix)


def _in_language(parser: argparse.ArgumentParser, lang: str) -> None:
    """Write ``parser``'s texts (and its sub-parsers') in ``lang``: its description, each
    argument's help, the group titles and argparse's own words. Only these parser
    objects change; argparse itself is left as it is for the rest of the process."""
    formatter = typing.cast(
        "type[argparse.HelpFormatter]", type("_Formatter", (_Formatter,), {"lang": lang})
    )
    parsers = [parser]
    while parsers:
        p = parsers.pop()
        if isinstance(p, _Parser):
            p.lang = lang
        p.formatter_class = formatter
        if p.description:
            p.description = tr(lang, p.description)
        for group in p._action_groups:
            if group.title:
                group.title = tr(lang, group.title)
        for action in p._actions:
            if isinstance(action.help, str) and action.help != argparse.SUPPRESS:
                action.help = tr(lang, action.help)
            if isinstance(action, argparse._SubParsersAction):
                for choice in action._choices_actions:
                    if isinstance(choice.help, str):
                        choice.help = tr(lang, choice.help)
                parsers.extend(action.choices.values())


def _parser() -> argparse.ArgumentParser:
    build = "compiled" if COMPILED else "pure Python"
    parser = _Parser(
        prog="uno-rules",
        description=N_("Settle UNO disputes, check games and rule sets, simulate house rules."),
    )
    parser.add_argument("--version", action="version", version=f"uno-rules {__version__} ({build})")
    lang_help = N_(
        "the language of the sentences for people: en, vi or tl (fil); default: the locale "
        "(LANGUAGE, LC_ALL, LC_MESSAGES, LANG); --json is the same in every language"
    )
    parser.add_argument("--lang", metavar="CODE", help=lang_help)
    verbs = parser.add_subparsers(title=N_("verbs"), metavar="VERB")

    rule = verbs.add_parser("rule", help=N_("settle a dispute: rule on moves at a table"))
    rule.add_argument(
        "file",
        help=N_("a table description (YAML/JSON) with a list of moves; - reads standard input"),
    )
    rule.add_argument(
        "--preset",
        action="append",
        default=[],
        metavar="NAME",
        help=N_("rule under this preset (repeat to compare side by side)"),
    )
    rule.add_argument("--json", action="store_true", help=N_("machine-readable output"))
    rule.add_argument(
        "--svg",
        metavar="DIR",
        help=N_("also save pictures of the table before and after each move, as SVG files in DIR"),
    )
    rule.add_argument("--lang", metavar="CODE", default=argparse.SUPPRESS, help=lang_help)
    rule.set_defaults(handler=cmd_rule)

    replay = verbs.add_parser("replay", help=N_("check a recorded game move by move"))
    replay.add_argument("file", help=N_("a game record (YAML/JSON); - reads standard input"))
    replay.add_argument("--json", action="store_true", help=N_("machine-readable output"))
    replay.add_argument("--lang", metavar="CODE", default=argparse.SUPPRESS, help=lang_help)
    replay.set_defaults(handler=cmd_replay)

    presets = verbs.add_parser("presets", help=N_("list, show, check and compare rule presets"))
    sub = presets.add_subparsers(title=N_("actions"), metavar="ACTION")
    p_list = sub.add_parser("list", help=N_("the bundled presets"))
    p_list.set_defaults(handler=cmd_presets_list)
    p_show = sub.add_parser("show", help=N_("a preset in full, as YAML"))
    p_show.add_argument("name", help=N_("a bundled preset name or a preset file"))
    p_show.set_defaults(handler=cmd_presets_show)
    p_check = sub.add_parser("check", help=N_("check a preset file and report every problem"))
    p_check.add_argument("file", help=N_("a preset file (YAML/JSON)"))
    p_check.set_defaults(handler=cmd_presets_check)
    p_diff = sub.add_parser("diff", help=N_("what two presets do differently"))
    p_diff.add_argument("a", help=N_("a bundled preset name or a preset file"))
    p_diff.add_argument("b", help=N_("the preset to compare it with (a name or a file)"))
    p_diff.set_defaults(handler=cmd_presets_diff)
    p_schema = sub.add_parser("schema", help=N_("the JSON Schema of preset files"))
    p_schema.set_defaults(handler=cmd_presets_schema)
    for p in (p_list, p_show, p_check, p_diff, p_schema):
        machine = N_("machine-readable output")
        if p is p_schema:  # accepted as every verb accepts it
            machine = N_("the same output: the schema is always JSON")
        p.add_argument("--json", action="store_true", help=machine)
        p.add_argument("--lang", metavar="CODE", default=argparse.SUPPRESS, help=lang_help)
    presets.set_defaults(handler=None, group=presets)

    serve = verbs.add_parser("serve", help=N_("run the referee service: dispute page and JSON API"))
    serve.add_argument("--host", default="127.0.0.1", help=N_("address to listen on"))
    serve.add_argument("--port", type=int, default=8000, help=N_("port (0: any free port)"))
    serve.add_argument("--json", action="store_true", help=N_("announce the address as JSON"))
    serve.add_argument(
        "--store",
        metavar="URL",
        help=N_(
            "where games are kept: sqlite:///PATH (default: a file in the user's state "
            "directory), postgresql://... (extra 'postgres'), or memory"
        ),
    )
    serve.add_argument(
        "--key-file",
        metavar="FILE",
        help=N_(
            "a file holding the server key needed to deal tables and for the admin routes "
            "(or set UNO_RULES_SERVER_KEY); required unless --host is a loopback address"
        ),
    )
    serve.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help=N_("a name clients reach this server by (its Host header); repeat for more"),
    )
    serve.add_argument(
        "--keep-finished",
        type=float,
        default=3600.0,
        metavar="SECONDS",
        help=N_("prune a finished game this long after its last move (default 3600)"),
    )
    serve.add_argument(
        "--keep-idle",
        type=float,
        default=7 * 86400.0,
        metavar="SECONDS",
        help=N_("prune an unfinished game this long after its last move (default 7 days)"),
    )
    serve.add_argument(
        "--max-store-mb",
        type=float,
        default=1024.0,
        metavar="MB",
        help=N_("the most the store may keep, in megabytes (default 1024)"),
    )
    serve.add_argument(
        "--rate",
        type=float,
        default=200.0,
        metavar="N",
        help=N_(
            "requests a second one client address may send, twice that at once (default "
            "200; 0: no limit)"
        ),
    )
    serve.add_argument("--lang", metavar="CODE", default=argparse.SUPPRESS, help=lang_help)
    serve.set_defaults(handler=cmd_serve)

    sim = verbs.add_parser("simulate", help=N_("bots play many games under a rule set"))
    sim.add_argument(
        "--preset",
        default="official",
        metavar="NAME|FILE",
        help=N_("the rule set: a bundled preset name or a preset file (default official)"),
    )
    sim.add_argument("--players", type=int, default=4, help=N_("players at each table (default 4)"))
    sim.add_argument("--games", type=int, default=200, help=N_("games to play (default 200)"))
    sim.add_argument(
        "--seed",
        type=int,
        default=0,
        help=N_("the seed of the whole run: the same seed plays the same games (default 0)"),
    )
    sim.add_argument("--jobs", type=int, default=1, help=N_("worker processes (default 1)"))
    sim.add_argument(
        "--bot",
        choices=("heuristic", "random"),
        default="heuristic",
        help=N_("how the bots choose their moves (default heuristic)"),
    )
    sim.add_argument(
        "--max-turns",
        type=int,
        default=20_000,
        help=N_(
            "the most moves applied in one game; a game that reaches it counts unfinished "
            "(default 20000)"
        ),
    )
    sim.add_argument(
        "--scheduler",
        metavar="ADDRESS|local",
        help=N_(
            "play on a Dask cluster (extra 'cluster'): its scheduler's address, or 'local' "
            "for a cluster of --jobs worker processes on this machine"
        ),
    )
    sim.add_argument("--block-size", type=int, metavar="N", help=N_("games per block of work"))
    sim.add_argument(
        "--out", metavar="FILE", help=N_("save each finished block to FILE; resume from it")
    )
    sim.add_argument("--json", action="store_true", help=N_("machine-readable output"))
    sim.add_argument("--lang", metavar="CODE", default=argparse.SUPPRESS, help=lang_help)
    sim.set_defaults(handler=cmd_simulate)
    _add_playtest(verbs, lang_help)
    return parser


def _add_playtest(verbs: Any, lang_help: str) -> None:
    play = verbs.add_parser(
        "playtest", help=N_("validate a rule set by playing it: stuck, endless, dead settings")
    )
    play.add_argument("preset", metavar="NAME|FILE", help=N_("the rule set to play"))
    play.add_argument(
        "--baseline",
        default="official",
        metavar="NAME|FILE",
        help=N_("the rule set to compare with (default official; 'none' for no comparison)"),
    )
    play.add_argument(
        "--games", type=int, default=10, help=N_("games per table size and bot (default 10)")
    )
    play.add_argument(
        "--seed",
        type=int,
        default=0,
        help=N_("the seed of the whole run: the same seed plays the same games (default 0)"),
    )
    play.add_argument(
        "--players",
        type=int,
        action="append",
        metavar="N",
        help=N_("a table size to play (repeatable; default every size the rule set allows)"),
    )
    play.add_argument(
        "--bot",
        choices=("heuristic", "random"),
        action="append",
        help=N_("a bot to play with (repeatable; default both)"),
    )
    play.add_argument(
        "--max-moves",
        type=int,
        default=10_000,
        metavar="N",
        help=N_("moves after which a round is stopped and examined (default 10000)"),
    )
    play.add_argument("--jobs", type=int, default=1, help=N_("worker processes (default 1)"))
    play.add_argument(
        "--scheduler",
        metavar="ADDRESS|local",
        help=N_(
            "play on a Dask cluster (extra 'cluster'): its scheduler's address, or 'local' "
            "for a cluster of --jobs worker processes on this machine"
        ),
    )
    play.add_argument("--html", metavar="FILE", help=N_("write the report as an HTML page"))
    play.add_argument(
        "--disputes", metavar="DIR", help=N_("write a dispute file for each problem into DIR")
    )
    play.add_argument("--json", action="store_true", help=N_("machine-readable output"))
    play.add_argument("--lang", metavar="CODE", default=argparse.SUPPRESS, help=lang_help)
    play.set_defaults(handler=cmd_playtest)


# --------------------------------------------------------------------------- reading input


def _read_mapping(path: str, what: str) -> dict[str, Any]:
    """Read a YAML/JSON file of the kind ``what`` (``table file``, ``game record``,
    ``preset file``) within that kind's input budget."""
    budget = {"game record": _budget.RECORD, "table file": _budget.TABLE}.get(what, _budget.PRESET)
    try:
        data = _read_stdin(budget) if path == "-" else read_yaml(path, what, budget)
    except PresetError as exc:
        raise BadInput.of(functools.partial(_one_line, exc)) from None
    if not isinstance(data, dict):
        got = EMPTY_FILE if data is None else kind_said(data)  # the kind, never the contents
        raise _bad(path, N_("expected a mapping of fields, got {got}"), got=got)
    return data


def _read_stdin(budget: _budget.Budget) -> Any:
    """The document on standard input (``-`` for a file), within ``budget``, as a file of
    the same kind would be read."""
    stream = sys.stdin
    if stream is None:
        raise _bad("-", N_("standard input is closed"))
    raw = stream.buffer.read(budget.max_bytes + 1) if hasattr(stream, "buffer") else None
    if raw is None:
        text = stream.read(budget.max_bytes + 1)
    else:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise _bad("-", N_("cannot read standard input: it is not UTF-8 text")) from None
    return parse_yaml(text, "-", budget)


def _load_rules(source: str | dict[str, Any] | None) -> Rules:
    """A bundled preset or a preset file; a file is first read as ``presets check`` reads
    it, so every verb refuses the same files (an empty file, a list, bad YAML)."""
    file = source if isinstance(source, str) and _names_a_file(source) else None
    if file is not None:
        _read_mapping(file, "preset file")
    try:
        return load_preset("official" if source is None else source)
    except PresetError as exc:
        if file is not None:  # named, with one problem per line, as `presets check` lists them
            raise _problems(file, exc.problems, file) from None
        raise BadInput.of(functools.partial(_one_line, exc)) from None


def _rules_beside(data: dict[str, Any], file: str) -> dict[str, Any]:
    """``data`` (a table or a record read from ``file``) with its ``rules`` file found
    beside ``file``, as a preset's ``extends`` is: a relative path names a file in the
    folder of the file that names it, when there is one there; otherwise it stays relative
    to the current folder, as it always was."""
    rules = data.get("rules")
    if not isinstance(rules, str) or not _names_a_file(rules) or os.path.isabs(rules):
        return data
    beside = os.path.join(os.path.dirname(file), rules)
    try:
        found = beside != rules and os.path.isfile(beside)
    except (OSError, ValueError):
        found = False
    return {**data, "rules": beside} if found else data


def _names_a_file(source: str) -> bool:
    """Whether a preset given by name (``--preset``, ``rules:``) is a file, not a bundled
    preset's name."""
    return source not in preset_names() and _looks_like_file(source)


def _looks_like_file(source: str) -> bool:
    try:
        return os.path.exists(source) or source.endswith((".yaml", ".yml", ".json"))
    except (OSError, ValueError):
        return False


# --------------------------------------------------------------------------- rendering


def _player_list(values: Sequence[int]) -> str:
    """A value per player, counted from 1 as the sentences for people count them."""
    return " ".join(f"{seat}:{value}" for seat, value in enumerate(values, 1))


def _emit_json(data: Any) -> None:
    # one write: json.dump would write every token on its own, each escaped (_Escaped)
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


# --------------------------------------------------------------------------- rule


def _problems(where: str, problems: Sequence[str], file: str | None = None) -> BadInput:
    """One error for several problems, one per line, as ``presets check`` lists them (each
    in the language asked for; ``where`` as written, or nothing). A problem of the whole
    ``file`` (one that names the file itself, which ``where`` already names) is listed
    without the file's name."""

    def said(lang: str) -> str:
        # start-up: the sentences load only when a problem is written
        from ._words import say

        listed = [_unnamed(p, file, lang) for p in problems]
        at = f"{where}: " if where else ""
        if len(listed) == 1:
            return f"{at}{listed[0]}"
        head = say(lang, N_("{count} problems"), count=len(listed))
        return f"{at}{head}\n" + "\n".join(f"  {p}" for p in listed)

    return BadInput.of(said)


def _unnamed(problem: str, file: str | None, lang: str) -> str:
    """``problem`` in ``lang``, without its ``where`` when that is ``file`` itself."""
    if file is not None and isinstance(problem, Problem) and _same_file(problem.where, file):
        return Problem("", problem.message, problem.facts).text(lang)
    return problem_text(problem, lang)


def _same_file(where: str, file: str) -> bool:
    if where == file:
        return True
    try:
        return Path(where) == Path(file) or Path(where).resolve() == Path(file).resolve()
    except (OSError, ValueError, RuntimeError):
        return False


def _preset_problems(sources: Sequence[str], error: Exception) -> BadInput:
    """The problems of the preset that failed to load, as ``presets check`` lists them: a
    preset file named, with one problem per line."""
    for source in sources:
        try:
            load_preset(source)
        except PresetError as exc:
            if _names_a_file(source):
                return _problems(source, exc.problems, source)
            return BadInput.of(functools.partial(_one_line, exc))
    return BadInput.of(functools.partial(_one_line, error))


def cmd_rule(args: argparse.Namespace) -> int:
    # start-up: only `rule` and `replay` read disputes and write sentences
    from .dispute import rulings_problem, settle

    data = _rules_beside(_read_mapping(args.file, "table file"), args.file)
    twice = sorted({p for p in args.preset if args.preset.count(p) > 1})
    if twice:
        raise _bad(
            "", N_("--preset {name} is given more than once; give each preset once"), name=twice[0]
        )
    if getattr(args, "svg", None) == "":
        raise _bad("--svg", N_("expected a folder to save the pictures in, got nothing"))
    if getattr(args, "svg", None):
        moves = data.get("moves")
        count = len(moves) if isinstance(moves, list) else 0
        too_many = rulings_problem(count, max(1, len(args.preset)), pictures=True)
        if too_many is not None:
            limit = too_many
            raise BadInput.of(lambda lang: f"{args.file}: {problem_text(limit, lang)}")
    try:
        settlement = settle(data, list(args.preset))
    except PresetError as exc:
        raise _preset_problems(args.preset, exc) from None
    except SituationError as exc:
        raise _other_verb(
            _problems(args.file, exc.problems), data, args.file, ("seed",), ("hands", "discard")
        ) from None
    moves, results, starts = list(settlement.moves), settlement.rulings, settlement.starts
    ok = settlement.all_legal
    if getattr(args, "svg", None):
        _write_svgs(args.svg, settlement, data, _lang(args))
    if args.json:
        # start-up: only `rule` says its answers in plain words
        from .verdict import add_plain_verdicts

        _emit_json(add_plain_verdicts(settlement.to_dict(args.file), settlement.rulings))
    elif len(results) == 1:
        name, rulings = next(iter(results.items()))
        made_up = settlement.made_up.get(name, set())
        _print_rulings(data, name, rulings, starts, settlement.deals, _lang(args), made_up)
    else:
        _print_side_by_side(
            data, moves, results, starts, settlement.deals, settlement.notes, _lang(args)
        )
    return EXIT_OK if ok else EXIT_REJECTED


def _named_one_line(file: str, exc: Exception, lang: str) -> str:
    return f"{file}: {_one_line(exc, lang)}"


def _other_verb(
    error: BadInput, data: dict[str, Any], file: str, has: Sequence[str], lacks: Sequence[str]
) -> BadInput:
    """``error``, with a first line that names the other verb when the file is of the other
    verb's kind: a game record (a ``seed``, no hands and no discard pile) given to ``rule``,
    a dispute (hands or a discard pile) given to ``replay``."""
    if not any(k in data for k in has) or any(k in data for k in lacks):
        return error
    said = error.said or (lambda lang: error.args[0])
    if "seed" in has:
        hint = N_("this looks like a game record, not a dispute: check it with {command}")
        command = f"uno-rules replay {file}"
    else:
        hint = N_("this looks like a dispute, not a game record: settle it with {command}")
        command = f"uno-rules rule {file}"

    def with_hint(lang: str) -> str:
        first = _said(lang, hint, command=command)
        return f"{file}: {first}\n{said(lang)}"

    return BadInput.of(with_hint)


def _write_svgs(
    directory: str, settlement: Settlement, described: Mapping[str, Any], lang: str
) -> None:
    """Pictures of the table before and after each move, seen by the seat that moves:
    ``PRESET-NN-before.svg`` and ``PRESET-NN-after.svg`` (NN counts moves from 01), their
    words in ``lang``. The cards the dispute does not name (a hand given as a count, a
    card drawn past the draw pile it names), which the engine filled in at random, are
    drawn face down, as the referee service draws them."""
    # start-up: only `rule --svg` draws
    from .svg import dispute_svgs

    out = Path(directory)
    try:
        if out.exists() and not out.is_dir():
            raise _bad(
                str(directory),
                N_("cannot write pictures: {why}"),
                why=(N_("it is a file, not a folder"), {}),
            )
        out.mkdir(parents=True, exist_ok=True)
        hands = described.get("hands")
        unknown = frozenset(
            seat
            for seat, hand in enumerate(hands if isinstance(hands, list) else [])
            if isinstance(hand, int) and not isinstance(hand, bool)
        )
        pile = described.get("draw_pile")
        named = len(pile) if isinstance(pile, list) else 0
        for name, pictures in dispute_svgs(settlement, unknown, named, lang).items():
            stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("._") or "table"
            for i, (before, after) in enumerate(pictures, 1):
                (out / f"{stem}-{i:02d}-before.svg").write_text(before, encoding="utf-8")
                (out / f"{stem}-{i:02d}-after.svg").write_text(after, encoding="utf-8")
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise _bad(str(directory), N_("cannot write pictures: {why}"), why=why) from None


def _lang(args: argparse.Namespace) -> str:
    """The language asked for: ``--lang`` (checked by ``_check_langs``), else the locale
    variables (as gettext reads them), where an unknown language is English."""
    given = getattr(args, "lang", None)
    return normalize(given) if given else from_environ(os.environ)


def _labels(lang: str, *labels: str) -> list[str]:
    """``labels`` in ``lang``, each padded to the widest one plus a space."""
    said = [tr(lang, label) for label in labels]
    width = max(len(label) for label in said) + 1
    return [f"{label:<{width}}" for label in said]


def _print_rulings(
    data: dict[str, Any],
    name: str,
    rulings: list[Ruling],
    starts: dict[str, GameState],
    deals: dict[str, tuple[Event, ...]],
    lang: str = "en",
    made_up: set[tuple[int, int]] | None = None,
) -> None:
    # start-up: only `rule` and `replay` read disputes and write sentences
    from .clauses import clause_text
    from .render import describe, describe_event, ruling_verdict, say, violation_text

    title = data.get("title")
    start = starts[name]
    print(f"{title}" if title else say(lang, N_("Table under {name}"), name=name))
    rules, deal, table = _labels(lang, N_("rules:"), N_("deal:"), N_("table:"))
    players = say(lang, N_("{name}, {count} players"), name=name, count=start.players)
    print(f"  {rules}{players}")
    if deals[name]:
        print(f"  {deal}{'; '.join(_people(describe_event(e, lang), lang) for e in deals[name])}")
    print(f"  {table}{_people(describe(start, lang), lang)}")
    ruling, why, rule, happened, table = _labels(
        lang, N_("ruling:"), N_("why:"), N_("rule:"), N_("happened:"), N_("table:")
    )
    for i, r in enumerate(rulings, 1):
        print()
        print(f"{i}. {r.move}")
        print(f"   {ruling}{ruling_verdict(r, lang)}")
        if r.violation is not None:
            print(f"   {why}{_people(violation_text(r.violation, lang), lang)}")
        text = r.text if lang == "en" else clause_text(r.clause, r.state.rules, lang)
        print(f"   {rule}{r.clause}: {text}")
        if r.events:
            said = [
                _people(describe_event(e, lang, hand_named=(i - 1, j) not in (made_up or ())), lang)
                for j, e in enumerate(r.events)
            ]
            print(f"   {happened}{'; '.join(said)}")
        after = _people(describe(r.state, lang), lang) if r.legal else say(lang, N_("unchanged"))
        print(f"   {table}{after}")


def _print_side_by_side(
    data: dict[str, Any],
    moves: list[str],
    results: dict[str, list[Ruling]],
    starts: dict[str, GameState],
    deals: dict[str, tuple[Event, ...]],
    notes: list[str],
    lang: str = "en",
) -> None:
    # start-up: only `rule` and `replay` read disputes and write sentences
    from .dispute import table_notes
    from .render import describe, describe_event, ruling_verdict, say, violation_text

    title = data.get("title")
    if title:
        print(title)
    names = list(results)
    told = {n: "; ".join(_people(describe_event(e, lang), lang) for e in deals[n]) for n in names}
    if len(set(told.values())) == 1 and told[names[0]]:
        print(say(lang, N_("deal: {events}"), events=told[names[0]]))
    else:
        for n in names:
            if told[n]:
                print(say(lang, N_("deal under {name}: {events}"), name=n, events=told[n]))
    for note in notes if lang == "en" else table_notes(starts, lang):
        print(say(lang, N_("note: {note}"), note=note))
    cells = [[ruling_verdict(results[n][i], lang) for n in names] for i in range(len(moves))]
    move_word = tr(lang, N_("move"))
    move_w = max([len(move_word), *(len(f"{i + 1}. {m}") for i, m in enumerate(moves))])
    widths = [max([len(n), *(len(row[k]) for row in cells)]) for k, n in enumerate(names)]
    header = "  ".join(f"{n:<{w}}" for n, w in zip(names, widths, strict=True))
    print(f"{move_word:<{move_w}}  {header}".rstrip())
    for i, m in enumerate(moves):
        label = f"{i + 1}. {m}"
        row = "  ".join(f"{c:<{w}}" for c, w in zip(cells[i], widths, strict=True))
        print(f"{label:<{move_w}}  {row}".rstrip())
    print()
    # the answer in plain words: yes or no, and what happens now, under each preset, with
    # the clause that decides it and what the clause says
    # start-up: only `rule` with two presets or more says the answers side by side
    from .clauses import clause_text
    from .verdict import plain_verdict

    for i, m in enumerate(moves):
        print(f"{i + 1}. {m}")
        for n in names:
            r = results[n][i]
            print(f"   {plain_verdict(r, lang, preset=n)}")
            print(f"     {r.clause}: {clause_text(r.clause, r.state.rules, lang)}")
    print()
    for n in names:
        rulings = results[n]
        final = rulings[-1].state if rulings else starts[n]
        print(f"{n}: {_people(describe(final, lang), lang)}")
        for i, r in enumerate(rulings, 1):
            if r.violation is not None:
                print(f"  {i}. {r.move}: {_people(violation_text(r.violation, lang), lang)}")


# --------------------------------------------------------------------------- replay


def _people(text: str, lang: str) -> str:
    """A sentence of the engine for people: its seats (counted from 0, as notation and the
    JSON output count them) said as players counted from 1 ("seat 1 drew 2" is "Player 2
    drew 2"), as the dispute page says them."""
    # start-up: only the verbs that write sentences say players
    from .verdict import seats_as_players

    return seats_as_players(text, lang)


def cmd_replay(args: argparse.Namespace) -> int:
    # start-up: only `rule` and `replay` read disputes and write sentences
    from .dispute import table_dict
    from .record import replay
    from .render import describe, say, violation_text

    data = _rules_beside(_read_mapping(args.file, "game record"), args.file)
    try:
        result = replay(data)
    except (SituationError, NotationError) as exc:
        error = BadInput.of(functools.partial(_named_one_line, args.file, exc))
        raise _other_verb(error, data, args.file, ("hands", "discard"), ()) from None
    except PresetError as exc:  # the record's rules: the file they are in named too
        rules = data.get("rules")
        file = rules if isinstance(rules, str) and _names_a_file(rules) else None
        where = f"{args.file}: rules" + (f": {file}" if file else "")
        raise _problems(where, exc.problems, file) from None
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
        lang = _lang(args)
        print(
            say(
                lang,
                N_("move #{number} (moves[{index}]: {move}) is refused:"),
                number=result.index + 1,
                index=result.index,
                move=data["moves"][result.index],
            )
        )
        v = result.violation
        print(f"  {v.code} ({v.rule}): {_people(violation_text(v, lang), lang)}")
        after = say(
            lang,
            N_("after {count} legal moves: {table}"),
            count=result.applied,
            table=_people(describe(state, lang), lang),
        )
        print(f"  {after}")
    else:
        lang = _lang(args)
        print(say(lang, N_("all {count} moves are legal"), count=result.applied))
        table, scores = _labels(lang, N_("table:"), N_("scores:"))
        print(f"  {table}{_people(describe(state, lang), lang)}")
        print(f"  {scores}{_player_list(state.scores)}")
    return EXIT_OK if result.ok else EXIT_REJECTED


# --------------------------------------------------------------------------- presets


def cmd_presets_list(args: argparse.Namespace) -> int:
    names = preset_names()
    if args.json:  # the same in every language
        _emit_json([{"name": n, "summary": preset_summary(n)} for n in names])
        return EXIT_OK
    width = max(len(n) for n in names)
    lang = _lang(args)
    for n in names:
        print(f"{n:<{width}}  {preset_summary(n, lang)}")
    return EXIT_OK


def cmd_presets_show(args: argparse.Namespace) -> int:
    # start-up: YAML is heavy, and only `presets show` writes it
    import yaml

    rules = _load_rules(args.name)
    data = rules.to_dict()
    if args.json:
        _emit_json(data)
    else:
        sys.stdout.write(yaml.safe_dump(data, sort_keys=False))
    return EXIT_OK


def cmd_presets_check(args: argparse.Namespace) -> int:
    if args.file in preset_names() and not os.path.lexists(args.file):
        raise _bad(
            args.file,
            N_(
                "no such preset file; check reads a preset file, and {name} is a bundled "
                "preset (presets show {name} shows it)"
            ),
            name=args.file,
        )
    _read_mapping(args.file, "preset file")  # unreadable, not YAML, not a mapping: exit 2
    try:
        rules = load_preset(args.file)
    except PresetError as exc:
        if args.json:
            _emit_json(
                {
                    "file": args.file,
                    "ok": False,
                    "problems": exc.problems[:MAX_CHECK_JSON],
                    "problem_count": len(exc.problems),
                }
            )
        else:
            # start-up: the sentences load only when a problem is written
            from ._words import say

            lang = _lang(args)
            count = len(exc.problems)
            head = say(lang, N_("{count} problem(s)"), count=count)
            print(f"{args.file}: {head}")
            for problem in exc.problems[:MAX_CHECK_LISTED]:
                print(f"  {problem_text(problem, lang)}")
            if count > MAX_CHECK_LISTED:
                more = say(lang, N_("... and {count} more"), count=count - MAX_CHECK_LISTED)
                print(f"  {more}")
        return EXIT_REJECTED
    if args.json:
        _emit_json({"file": args.file, "ok": True, "problems": [], "name": rules.name})
    else:
        print(_said(_lang(args), N_("{file}: ok ({name})"), file=args.file, name=rules.name))
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
    lang = _lang(args)
    if not keys:
        print(_said(lang, N_("{a} and {b} play the same rules"), a=args.a, b=args.b))
        return EXIT_OK
    setting = tr(lang, N_("setting"))
    width = max(len(setting), *(len(k) for k in keys))
    print(f"{setting:<{width}}  {args.a} -> {args.b}")
    for k in keys:
        print(f"{k:<{width}}  {_shown(a, k)} -> {_shown(b, k)}")
    return EXIT_OK


_ABSENT = object()


def _shown(settings: dict[str, Any], key: str) -> str:
    return json.dumps(settings[key]) if key in settings else "(absent)"


def cmd_presets_schema(args: argparse.Namespace) -> int:
    # start-up: only `presets schema` needs the JSON schema
    from .schema import preset_schema

    _emit_json(preset_schema())
    return EXIT_OK


# --------------------------------------------------------------------------- serve


def cmd_serve(args: argparse.Namespace) -> int:
    """Run the referee service (extra ``serve``) until interrupted."""
    # start-up: only `serve` opens a socket
    import socket

    try:
        # optional extra (serve): uvicorn and starlette
        import uvicorn  # noqa: F401  (fails here, not in a worker, without the extra)

        from . import _serving, server
    except ImportError:
        # start-up: only a missing extra reads the package's metadata
        from ._extras import install_line

        raise _bad(
            "",
            N_("serve needs the optional extra 'serve': {command}"),
            command=install_line("serve"),
        ) from None
    # start-up: only `serve` keeps games
    from .storage import StoreError, open_store

    if not 0 <= args.port <= 65535:
        raise _bad("--port", N_("expected 0 to 65535, got {got}"), got=args.port)
    for flag, value in (("--keep-finished", args.keep_finished), ("--keep-idle", args.keep_idle)):
        if not 0 < value < 10**10:
            raise _bad(
                flag, N_("expected a number of seconds above 0, got {got}"), got=f"{value:g}"
            )
    if not 0 < args.max_store_mb < 10**9:
        raise _bad(
            "--max-store-mb",
            N_("expected a number of megabytes above 0, got {got}"),
            got=f"{args.max_store_mb:g}",
        )
    if not 0 <= args.rate < 10**9:
        raise _bad(
            "--rate",
            N_("expected a number of requests a second, 0 or more, got {got}"),
            got=f"{args.rate:g}",
        )
    key = os.environ.get("UNO_RULES_SERVER_KEY") or None
    if args.key_file:
        try:
            with open(args.key_file, encoding="utf-8") as handle:
                key = handle.read(4096).strip() or None
        except (OSError, UnicodeDecodeError) as exc:
            why: object = exc.strerror if isinstance(exc, OSError) else (N_("not UTF-8 text"), {})
            raise _bad(
                "--key-file", N_("cannot read {path}: {why}"), path=args.key_file, why=why
            ) from None
        if key is None:
            raise _bad("--key-file", N_("{path} is empty"), path=args.key_file)
    if key is not None and len(key) < 16:
        raise _bad("", N_("the server key must be at least 16 characters"))
    try:
        loopback = ipaddress.ip_address(args.host).is_loopback
    except ValueError:
        loopback = args.host == "localhost"
    if not loopback and key is None:
        raise _bad(
            "",
            N_(
                "--host {host} is reachable from other machines: give a server key "
                "(--key-file FILE or UNO_RULES_SERVER_KEY) to guard dealing and the admin routes"
            ),
            host=args.host,
        )
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            args.host, args.port, type=socket.SOCK_STREAM
        )[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        # listen before the address is announced: a client that connects at once waits in
        # the backlog until the server accepts, instead of being refused
        sock.listen(128)
    except OSError as exc:
        raise _bad(
            "",
            N_("cannot listen on {address}: {why}"),
            address=f"{args.host}:{args.port}",
            why=exc.strerror or str(exc),
        ) from None
    try:
        store = open_store(args.store)
    except StoreError as exc:
        sock.close()
        raise BadInput(exc.args[0] if exc.args else str(exc)) from None
    host, port = sock.getsockname()[:2]
    url = f"http://{f'[{host}]' if ':' in host else host}:{port}/"
    hosts = (*server.LOOPBACK_NAMES, *args.allow_host)
    if not ipaddress.ip_address(host).is_unspecified:
        hosts = (*hosts, host)
    app = server.create_app(
        store=store,
        server_key=key,
        allowed_hosts=hosts,
        keep_finished=args.keep_finished,
        keep_idle=args.keep_idle,
        max_store_bytes=int(args.max_store_mb * 1024 * 1024),
        requests=(2 * args.rate, args.rate) if args.rate else None,
    )
    where = f"{store.kind}:{store.where}" if store.kind != "memory" else "memory (nothing kept)"
    if args.json:
        print(json.dumps({"url": url, "store": where}), flush=True)
    else:
        lang = _lang(args)
        kept: object = where if store.kind != "memory" else (N_("memory (nothing kept)"), {})
        at = _said(lang, N_("the referee is at {url} (Ctrl+C stops it)"), url=url)
        print(f"uno-rules: {at}", file=sys.stderr)
        kept_in = _said(lang, N_("games are kept in {where}"), where=kept)
        print(f"uno-rules: {kept_in}", file=sys.stderr)
    with sock:
        try:
            _serving.run(app, sock)
        finally:
            store.close()
    return EXIT_OK


# --------------------------------------------------------------------------- simulate


def cmd_simulate(args: argparse.Namespace) -> int:
    # start-up: only `simulate` needs the simulator
    from .simulate import WorkersStopped, summarise

    rules = _load_rules(args.preset)
    problems = [  # the option, not the table's field
        Problem("--players", p.message, p.facts)
        if isinstance(p, Problem) and p.where == "players"
        else p
        for p in table_problems(rules, args.players)
    ]
    if problems:
        raise _problems("", problems)
    for flag, value, most in (
        ("--games", args.games, MAX_GAMES),
        ("--jobs", args.jobs, MAX_JOBS),
        ("--max-turns", args.max_turns, MAX_TURNS),
    ):
        if not 1 <= value <= most:
            raise _bad(
                flag, N_("expected 1 to {most}, got {got}"), most=most, got=_short(str(value), 40)
            )
    if args.seed.bit_length() > MAX_SEED_BITS:  # what the library refuses, said of the option
        raise _bad("--seed", N_("more than {bits} bits (the seed limit)"), bits=MAX_SEED_BITS)
    if args.block_size is not None and args.block_size < 1:
        raise _bad("", N_("--block-size must be at least 1"))
    meter = _SimulationProgress(sys.stderr.isatty() and not args.json)
    stopped: str | None = None
    try:
        with _interrupts_kept(meter):
            totals = _run_simulation(args, rules, meter)
    except WorkersStopped as exc:
        # a worker killed, or out of memory: the games that finished are summed up below
        meter.end()
        totals = exc.totals
        lang = _lang(args)
        stopped = _said(
            lang,
            N_(
                "a worker process stopped (killed, or out of memory) before the run ended: "
                "{done} of {games} games finished"
            ),
            done=totals.games,
            games=args.games,
        )
        if args.out and totals.games:
            stopped += _said(
                lang,
                N_("; they are saved in {path}: run the same command again to go on"),
                path=args.out,
            )
        if not totals.games:
            _fail(stopped)
            return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        meter.end()
        lang = _lang(args)
        saved = (
            _said(
                lang,
                N_("; they are saved in {path}: run the same command again to go on"),
                path=args.out,
            )
            if args.out and meter.done
            else ""
        )
        done = _said(
            lang,
            N_("interrupted: {done} of {games} games finished"),
            done=meter.done,
            games=args.games,
        )
        _fail(done + saved)
        return EXIT_INTERRUPTED
    meter.end()
    if totals.capped_games:
        _fail(
            _said(
                _lang(args),
                N_(
                    "warning: {capped} of {games} games hit the turn cap (--max-turns {most}) "
                    "and count unfinished, without a winner"
                ),
                capped=totals.capped_games,
                games=totals.games,
                most=args.max_turns,
            )
        )
    summary = summarise(totals, args.players)
    if args.json:
        _emit_json({"preset": rules.name, "bot": args.bot, "seed": args.seed, **summary.to_dict()})
        return _simulation_end(stopped)
    lang = _lang(args)
    print(
        _said(
            lang,
            N_("{name}: {games} games, {players} players, {bot} bots, seed {seed} (95% intervals)"),
            name=rules.name,
            games=args.games if stopped is None else totals.games,
            players=args.players,
            bot=args.bot,
            seed=args.seed,
        )
    )
    labels = {key: tr(lang, label) for key, label in _SUMMARY_LABELS.items()}
    wins = [
        _people(_said(lang, N_("seat {seat} wins"), seat=seat), lang)
        for seat in range(args.players)
    ]
    width = max(28, *(len(label) for label in (*labels.values(), *wins)))
    for key, label in labels.items():
        value, low, high = summary.values[key]
        if key.endswith("share"):
            print(f"  {label:<{width}} {value:8.1%}   [{low:.1%}, {high:.1%}]")
        else:
            print(f"  {label:<{width}} {value:8.2f}   [{low:.2f}, {high:.2f}]")
    for said, (value, low, high) in zip(wins, summary.seat_wins, strict=True):
        print(f"  {said:<{width}} {value:8.1%}   [{low:.1%}, {high:.1%}]")
    return _simulation_end(stopped)


def _simulation_end(stopped: str | None) -> int:
    """The exit status of a simulation whose summary is written: a run cut short by a
    stopped worker says so last, and fails."""
    if stopped is None:
        return EXIT_OK
    sys.stdout.flush()
    _fail(stopped)
    return EXIT_BAD_INPUT


def cmd_playtest(args: argparse.Namespace) -> int:
    # start-up: only `playtest` needs the play check
    from .playtest_page import report_html, report_text
    from .playtesting import playtest, table_sizes

    rules = _load_rules(args.preset)
    baseline = None if args.baseline == "none" else _load_rules(args.baseline)
    allowed = table_sizes(rules)
    for n in args.players or ():
        if n not in allowed:
            raise _bad(
                "--players",
                N_("this rule set cannot deal to {got} players; it allows {sizes}"),
                got=_short(str(n), 40),
                sizes=", ".join(map(str, allowed)),
            )
    for flag, value, most in (
        ("--games", args.games, MAX_GAMES),
        ("--jobs", args.jobs, MAX_JOBS),
        ("--max-moves", args.max_moves, MAX_TURNS),
    ):
        if not 1 <= value <= most or (flag == "--max-moves" and value < 2):
            raise _bad(
                flag, N_("expected 1 to {most}, got {got}"), most=most, got=_short(str(value), 40)
            )
    if args.seed.bit_length() > MAX_SEED_BITS:
        raise _bad("--seed", N_("more than {bits} bits (the seed limit)"), bits=MAX_SEED_BITS)
    meter = _SimulationProgress(sys.stderr.isatty() and not args.json)
    options: dict[str, Any] = {
        "baseline": baseline,
        "games": args.games,
        "seed": args.seed,
        "bots": tuple(dict.fromkeys(args.bot or ("random", "heuristic"))),
        "players": args.players,
        "max_moves": args.max_moves,
        "progress": meter,
    }
    with _interrupts_kept(meter):
        if args.scheduler is None:
            report = playtest(rules, jobs=args.jobs, **options)
        else:
            with _dask_executor(args.scheduler, args.jobs) as (executor, workers):
                report = playtest(rules, jobs=workers, executor=executor, **options)
    meter.end()
    lang = _lang(args)
    if args.disputes:
        _write_disputes(args.disputes, report)
    if args.html:
        try:
            with open(args.html, "w", encoding="utf-8") as out:
                out.write(report_html(report, lang))
        except OSError as exc:
            raise _bad(
                args.html, N_("cannot write {path}: {why}"), path=args.html, why=exc.strerror
            ) from None
    if args.json:
        _emit_json(report.to_dict())
    else:
        print(report_text(report, lang))
    return EXIT_OK if report.verdict == "ok" else EXIT_REJECTED


def _write_disputes(folder: str, report: Any) -> None:
    # start-up: YAML is heavy, and only a dispute file written needs it
    import yaml

    try:
        os.makedirs(folder, exist_ok=True)
        for finding in report.findings:
            if finding.dispute is not None:
                path = os.path.join(folder, f"{finding.kind}.yaml")
                with open(path, "w", encoding="utf-8") as out:
                    yaml.safe_dump(finding.dispute, out, sort_keys=False, allow_unicode=True)
    except OSError as exc:
        raise _bad(
            folder, N_("cannot write {path}: {why}"), path=folder, why=exc.strerror
        ) from None


# The rows of the simulation summary (``simulate`` without ``--json``).
_SUMMARY_LABELS = {
    "rounds_per_game": N_("rounds per game"),
    "turns_per_round": N_("turns per round"),
    "cards_drawn_per_round": N_("cards drawn per round"),
    "longest_stack": N_("longest stack per game"),
    "blocked_round_share": N_("blocked rounds"),
    "turn_cap_share": N_("games hitting the turn cap"),
}


def _run_simulation(args: argparse.Namespace, rules: Rules, meter: _SimulationProgress) -> Any:
    # start-up: only `simulate` needs the simulator
    from .simulate import simulate

    options: dict[str, Any] = {"block_size": args.block_size, "out": args.out}
    if args.scheduler is None:
        return simulate(
            rules, args.players, args.games, args.seed, args.bot, args.jobs, args.max_turns,
            meter, **options
        )  # fmt: skip
    with _dask_executor(args.scheduler, args.jobs) as (executor, workers):
        return simulate(
            rules, args.players, args.games, args.seed, args.bot, workers, args.max_turns,
            meter, executor=executor, **options
        )  # fmt: skip


@contextmanager
def _dask_executor(address: str, jobs: int) -> Iterator[tuple[Executor, int]]:
    """A ``concurrent.futures`` executor on a Dask cluster, and how many blocks it runs at
    once. Dask is imported here only (extra ``cluster``)."""
    try:  # by name: the type checker need not have the extra installed
        distributed: Any = importlib.import_module("dask.distributed")
    except ImportError:
        # start-up: only a missing extra reads the package's metadata
        from ._extras import install_line

        raise _bad(
            "",
            N_("--scheduler needs Dask, the optional extra 'cluster': {command}"),
            command=install_line("cluster"),
        ) from None
    # optional extra (cluster): only the Dask scheduler logs
    import logging

    with ExitStack() as stack:
        # Blocks cancelled by Ctrl-C are reported by Dask's event loop as errors: they are not.
        events = logging.getLogger("tornado.application")
        quiet = [events, *(logging.getLogger(name) for name in _dask_loggers())]
        for logger in quiet:
            stack.callback(setattr, logger, "disabled", logger.disabled)
        events.addFilter(_dask_log_filter)
        stack.callback(events.removeFilter, _dask_log_filter)
        if address == "local":
            # start-up: only `simulate` needs the simulator
            from .simulate import starting_workers

            # The worker processes start with Ctrl-C held back for good, so that it
            # reaches this process alone, which stops the cluster. A Ctrl-C while the
            # cluster starts is not lost: it stops the command once the cluster can close.
            with starting_workers():
                cluster = stack.enter_context(
                    distributed.LocalCluster(
                        n_workers=jobs,
                        threads_per_worker=1,
                        processes=True,
                        host="127.0.0.1",
                        dashboard_address="127.0.0.1:0",  # any free port: never a clash
                        silence_logs=logging.ERROR,
                    )
                )
            target: Any = cluster
        else:
            target = address
        wait = _connect_timeout()
        try:
            client = stack.enter_context(distributed.Client(target, timeout=wait))
        except (OSError, TimeoutError, ValueError):
            raise _bad(
                "",
                N_("cannot reach a Dask scheduler at {address} (no answer within {wait} s)"),
                address=address,
                wait=f"{wait:g}",
            ) from None
        workers = sum(client.nthreads().values())
        if workers < 1:
            raise _bad("", N_("the Dask cluster at {address} has no workers"), address=address)
        try:
            yield client.get_executor(), workers
        except KeyboardInterrupt:
            # Stopping on Ctrl-C: what Dask's event loop and scheduler report while the
            # client and the cluster close (cancelled blocks, keys no longer gathered,
            # closed connections) is shutdown, not errors. The callbacks registered first
            # (above) turn those logs back on after they close.
            for logger in quiet:
                logger.disabled = True
            raise


# How long to wait for a Dask scheduler to answer: Dask's own default (30 s) is made for
# a cluster that is still starting; an address with nothing behind it fails in this time.
SCHEDULER_TIMEOUT = 5.0


def _connect_timeout() -> float:
    """Seconds to wait for the scheduler: Dask's ``distributed.comm.timeouts.connect``
    when it is set to something else than Dask's own default, else
    :data:`SCHEDULER_TIMEOUT`."""
    importlib.import_module("dask.distributed")  # which adds its settings to Dask's
    dask: Any = importlib.import_module("dask")
    seconds: Any = importlib.import_module("dask.utils").parse_timedelta
    key = "distributed.comm.timeouts.connect"
    defaults = [
        d["distributed"]["comm"]["timeouts"]["connect"]
        for d in dask.config.defaults
        if "connect" in d.get("distributed", {}).get("comm", {}).get("timeouts", {})
    ]
    configured = float(seconds(dask.config.get(key)))
    if defaults and configured == float(seconds(defaults[-1])):
        return SCHEDULER_TIMEOUT
    return configured


def _dask_loggers() -> list[str]:
    """The names of Dask's loggers in this process (``distributed`` and below)."""
    # optional extra (cluster): only the Dask scheduler logs
    import logging

    names = logging.Logger.manager.loggerDict
    return [n for n in list(names) if n == "distributed" or n.startswith("distributed.")]


def _dask_log_filter(record: Any) -> bool:
    # optional extra (cluster): only Dask's event loop reports these
    import asyncio
    from concurrent.futures import CancelledError, InvalidStateError

    error = record.exc_info[1] if record.exc_info else None
    if isinstance(error, InvalidStateError) and str(error).startswith("CANCELLED"):
        return False  # a result arriving for a block already cancelled by Ctrl-C
    return not isinstance(error, CancelledError | asyncio.CancelledError)


@contextmanager
def _interrupts_kept(meter: _SimulationProgress) -> Iterator[None]:
    """While a simulation runs, a Ctrl-C is remembered as well as raised, so that one
    raised where Python must ignore it (inside a finalizer, such as a Dask future's
    ``__del__``, which prints "Exception ignored" and goes on) still stops the run: the
    progress call after the next finished block raises it again. Python's report of the
    lost one ("Exception ignored ... Traceback ... KeyboardInterrupt") is left out, since
    the command stops with its own one line; any other such report is printed as before.
    In the main thread only (elsewhere Python lets no code set a signal handler)."""
    # start-up: only a running simulation handles signals
    import signal

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupted(signum: int, frame: object) -> None:
        meter.interrupted = True
        raise KeyboardInterrupt

    report = sys.unraisablehook

    def unraisable(info: Any) -> None:
        if not (meter.interrupted and info.exc_type is KeyboardInterrupt):
            report(info)

    previous = signal.signal(signal.SIGINT, interrupted)
    sys.unraisablehook = unraisable
    try:
        yield
    finally:
        sys.unraisablehook = report
        signal.signal(signal.SIGINT, previous)


class _SimulationProgress:
    """Games done, games per second and the time left, on one line of a terminal. Called
    after each finished block, it raises ``KeyboardInterrupt`` once a Ctrl-C has been
    seen (``interrupted``, set by :func:`_interrupts_kept`), after counting the games."""

    def __init__(self, show: bool) -> None:
        self.show = show
        self.done = 0
        self.interrupted = False
        self._start: tuple[float, int] | None = None
        self._written = False

    def __call__(self, done: int, total: int) -> None:
        self.done = done
        if self.interrupted:  # a Ctrl-C that was swallowed on its way (see above)
            raise KeyboardInterrupt
        now = time.monotonic()
        if self._start is None:  # the first call: games already done (resumed) do not count
            self._start = (now, done)
        if not self.show:
            return
        began, before = self._start
        played, elapsed = done - before, now - began
        width = 30
        filled = width * done // total
        line = f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games"
        if played and elapsed > 0:
            rate = played / elapsed
            left = (total - done) / rate
            line += f", {rate:.1f} games/s, " + (
                f"{_duration(left)} left" if done < total else f"{_duration(elapsed)} in all"
            )
        raw = _raw_stderr()
        raw.write(line + "\x1b[K")
        raw.flush()
        self._written = True

    def end(self) -> None:
        if self._written:
            sys.stderr.write("\n")
            sys.stderr.flush()
            self._written = False


def _duration(seconds: float) -> str:
    """``4s``, ``3m05s``, ``2h07m``: a time left, to the unit that matters."""
    s = round(seconds)
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
