"""Settling a dispute file: the rulings that ``uno-rules rule --json`` prints.

A dispute is a table description (see ``docs/formats.md``) plus ``moves``; optional ``title``,
``description``, ``expect`` (the rulings its author expects, by preset) and ``deal`` (a fresh
deal instead of a described table). :func:`settle` rules on every move under one or several
presets; :meth:`Settlement.to_dict` is the machine-readable form that both the command line
and the HTTP service send, so the two cannot drift apart. For example:

    >>> dispute = {"players": 2, "hands": [["R7", "B6"], 3], "discard": ["R5"], "moves": ["0 B6"]}
    >>> out = settle(dispute, ["official", "family"]).to_dict()
    >>> out["presets"], [r["violation"]["code"] for r in out["rulings"]["family"]]
    (['official', 'family'], ['card-does-not-match'])
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from attrs import field, frozen

from . import events as ev
from ._budget import MAX_PICTURES, MAX_RECORD_WORK, MAX_RULINGS
from .clauses import clause_text
from .deal import build_deck, deal_game, given_seed
from .errors import NotationError, PresetError, Problem, SituationError, within
from .i18n import N_
from .moves import parse_move
from .presets import kind_said, load_preset, preset_names
from .record import move_work, over_work
from .render import describe, describe_event, ruling_verdict, say, violation_text
from .ruling import rule_on
from .situation import situation

if TYPE_CHECKING:
    from .events import Event
    from .moves import Move
    from .rules import Rules
    from .ruling import Ruling
    from .state import GameState

__all__ = [
    "DISPUTE_KEYS",
    "Settlement",
    "made_up_hands",
    "read_moves",
    "ruling_dict",
    "settle",
    "start_table",
    "table_dict",
    "table_notes",
]

DISPUTE_KEYS = ("moves", "expect", "title", "description", "deal")


def table_dict(state: GameState, lang: str | None = None) -> dict[str, Any]:
    """The public facts of a table: whose decision, top card, color, hand sizes, scores
    (with ``lang``, also ``text``: the table in one line, as :func:`uno_rules.describe`
    writes it in that language)."""
    decision = state.decision
    out = {
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
    if lang is not None:
        out["text"] = describe(state, lang)
    return out


def event_dicts(
    events: Sequence[Event], lang: str = "en", made_up: Collection[int] = ()
) -> list[dict[str, Any]]:
    """Events in plain JSON types, each with its ``text``: the sentence that says what
    happened, in ``lang``. The events numbered in ``made_up`` show a hand the table never
    named (:func:`made_up_hands`): their text says it was shown, not what it held."""
    return [
        {**e.to_dict(), "text": describe_event(e, lang, hand_named=i not in made_up)}
        for i, e in enumerate(events)
    ]


def made_up_hands(described: Mapping[str, Any], rulings: Sequence[Ruling]) -> set[tuple[int, int]]:
    """Where a challenge shows a hand whose cards the table description never named, as
    (ruling, event) numbers: the hand of a seat given as a count, or one that has drawn
    cards past the draw pile's named ones (the engine fills those in at random), or has
    traded hands with such a seat. The sentence of such a challenge names no card."""
    hands = described.get("hands")
    unnamed = {
        seat
        for seat, hand in enumerate(hands if isinstance(hands, list) else [])
        if isinstance(hand, int) and not isinstance(hand, bool)
    }
    pile = described.get("draw_pile")
    named = len(pile) if isinstance(pile, list) else 0
    drawn = 0
    out: set[tuple[int, int]] = set()
    for i, ruling in enumerate(rulings):
        for j, event in enumerate(ruling.events):
            if isinstance(event, ev.CardsDrawn):
                if event.count and drawn + event.count > named:
                    unnamed.add(event.seat)
                drawn += event.count
            elif isinstance(event, ev.Reshuffled):
                named = 0  # the reshuffled pile's order was never named
            elif isinstance(event, ev.HandsSwapped):
                a, b = event.seat in unnamed, event.target in unnamed
                unnamed.difference_update((event.seat, event.target))
                unnamed.update(s for s, gone in ((event.target, a), (event.seat, b)) if gone)
            elif isinstance(event, (ev.HandsRotated, ev.HandsShuffled)) and unnamed:
                unnamed = set(range(ruling.state.players))
            elif (
                isinstance(event, (ev.ChallengeWon, ev.ChallengeLost))
                and event.hand is not None
                and event.offender in unnamed
            ):
                out.add((i, j))
    return out


def ruling_dict(r: Ruling, lang: str = "en", made_up: Collection[int] = ()) -> dict[str, Any]:
    """One ruling in plain JSON types; ``rule``, the violation's ``message``, each event's
    ``text`` and the table's ``text`` are written in ``lang`` (codes, clause ids and card
    notation are the same in every language). ``made_up`` numbers the events whose shown
    hand the table never named (:func:`event_dicts`)."""
    violation = None
    if r.violation is not None:
        violation = {**r.violation.to_dict(), "message": violation_text(r.violation, lang)}
    return {
        "move": str(r.move),
        "legal": r.legal,
        "clause": r.clause,
        "rule": r.text if lang == "en" else clause_text(r.clause, r.state.rules, lang),
        "verdict": ruling_verdict(r, lang),
        "violation": violation,
        "events": event_dicts(r.events, lang, made_up),
        "table": table_dict(r.state, lang),
    }


def start_table(described: dict[str, Any], deal: Any) -> tuple[GameState, tuple[Event, ...]]:
    """The table a dispute starts from, with the events of its deal: a described table
    (no events), or a fresh deal (``deal: {players, seed, dealer}``) for disputes about
    the start of a round."""
    if deal is None:
        return situation(described), ()
    if not isinstance(deal, dict) or set(deal) - {"players", "seed", "dealer"}:
        raise SituationError(
            [Problem("deal", N_("expected a mapping of players, seed and dealer"))]
        )
    extra = set(described) - {"rules"}
    if extra:
        raise SituationError([Problem(k, N_("not used with deal")) for k in sorted(extra)])
    try:
        return deal_game(
            described.get("rules", "official"),
            players=deal.get("players", 4),
            seed=given_seed(deal),
            dealer=deal.get("dealer"),
        )
    except SituationError as exc:  # the deal's fields, by their paths in the file
        raise SituationError([_in_deal(p) for p in exc.problems]) from None


def _in_deal(problem: str) -> str:
    """A problem of the deal's ``players``, ``seed`` or ``dealer``, at ``deal.KEY``."""
    if isinstance(problem, Problem) and problem.where in ("players", "seed", "dealer"):
        return Problem(f"deal.{problem.where}", problem.message, problem.facts)
    return within("deal", problem)


MOVE_VERBS = ("draw", "pass", "uno", "catch", "challenge", "accept", "color")


def read_moves(moves: list[str]) -> list[Move]:
    """Every move text read, or one :class:`~uno_rules.SituationError` listing each text
    that cannot be read (with the verb it was probably meant to be, as
    :func:`~uno_rules.parse_move` says)."""
    parsed: list[Move] = []
    problems: list[str] = []
    for index, text in enumerate(moves):
        try:
            parsed.append(parse_move(text))
        except NotationError as exc:
            problems.append(exc.problem(f"moves[{index}]"))
    if problems:
        raise SituationError(problems)
    return parsed


def _declare_kinds(own: Any, presets: Sequence[str | Rules | Mapping[str, Any] | None]) -> None:
    """A dispute's moves are read under the rule sets it is settled by (K5): each is loaded
    first, so a move may name a card kind it declares in any process. A rule set that
    cannot be loaded is reported where its table is built, with its path."""
    for source in [p for p in presets if p is not None] or [own]:
        if source is None:
            continue
        try:
            load_preset(source)
        except ValueError:
            continue


def table_notes(starts: dict[str, GameState], lang: str = "en") -> list[str]:
    """Why the presets start from different tables, when they do: the cards a table
    description leaves unnamed, and a whole deal, come from each preset's own deck."""
    names = list(starts)
    first = starts[names[0]]
    notes = []
    for name in names[1:]:
        state = starts[name]
        same = (
            state.hands == first.hands
            and state.discard_pile == first.discard_pile
            and state.draw_pile == first.draw_pile
        )
        if same:
            continue
        a, b = len(build_deck(first.rules)), len(build_deck(state.rules))
        facts: dict[str, Any] = {"name": name, "first": names[0]}
        if a != b:
            why = say(
                lang, N_("{name} plays a {b}-card deck, {first} a {a}-card deck"), a=a, b=b, **facts
            )
        elif first.rules.hand_size != state.rules.hand_size:
            why = say(
                lang,
                N_("{name} deals {b} cards each, {first} {a}"),
                a=first.rules.hand_size,
                b=state.rules.hand_size,
                **facts,
            )
        elif first.dealer != state.dealer:
            why = say(
                lang,
                N_("{name} chooses seat {b} to deal, {first} seat {a}"),
                a=first.dealer,
                b=state.dealer,
                **facts,
            )
        else:
            why = say(lang, N_("{name} resolves the first card differently from {first}"), **facts)
        notes.append(
            say(lang, N_("{name} starts from another table than {first}: {why}"), why=why, **facts)
        )
    return notes


@frozen
class Settlement:
    """The rulings on a dispute's moves, by preset name, and the table each started from."""

    title: Any
    moves: tuple[str, ...]
    starts: dict[str, GameState]
    rulings: dict[str, list[Ruling]]
    deals: dict[str, tuple[Event, ...]]
    notes: list[str]
    #: By preset, the (ruling, event) numbers of :func:`made_up_hands`.
    made_up: dict[str, set[tuple[int, int]]] = field(factory=dict)

    def made_up_events(self, name: str, index: int) -> set[int]:
        """The events of ruling ``index`` under ``name`` that show a hand never named."""
        return {j for i, j in self.made_up.get(name, ()) if i == index}

    @property
    def refused_moves(self) -> int:
        """How many of the moves are refused (under at least one of the presets)."""
        columns = list(self.rulings.values())
        return sum(any(not rs[i].legal for rs in columns) for i in range(len(self.moves)))

    @property
    def all_legal(self) -> bool:
        return all(r.legal for rulings in self.rulings.values() for r in rulings)

    def to_dict(self, file: str | None = None, lang: str = "en") -> dict[str, Any]:
        """The output of ``uno-rules rule --json`` (``file`` is the dispute's file name),
        its sentences in ``lang`` (the command line's is always English, so that its
        output is the same in every language)."""
        notes = self.notes if lang == "en" else table_notes(self.starts, lang)
        return {
            "file": file,
            "title": self.title,
            "presets": list(self.rulings),
            "deal": {name: event_dicts(events, lang) for name, events in self.deals.items()},
            "start": {name: table_dict(s, lang) for name, s in self.starts.items()},
            "notes": notes,
            "rulings": {
                name: [ruling_dict(r, lang, self.made_up_events(name, i)) for i, r in enumerate(rs)]
                for name, rs in self.rulings.items()
            },
            "refused_moves": self.refused_moves,
            "all_legal": self.all_legal,
        }


def rulings_problem(moves: int, presets: int, pictures: bool = False) -> Problem | None:
    """Why a dispute of ``moves`` moves ruled under ``presets`` presets asks for too much
    work (the ruling limit; with ``pictures``, two pictures a ruling and the picture
    limit), or ``None``."""
    rulings = moves * presets
    if rulings > MAX_RULINGS:
        return Problem(
            "moves",
            N_(
                "{moves} moves under {presets} preset(s) ask for {count} rulings, more than "
                "{most} (the ruling limit)"
            ),
            {"moves": moves, "presets": presets, "count": rulings, "most": MAX_RULINGS},
        )
    if pictures and 2 * rulings > MAX_PICTURES:
        return Problem(
            "moves",
            N_(
                "{moves} moves under {presets} preset(s) ask for {count} pictures, more than "
                "{most} (the picture limit)"
            ),
            {"moves": moves, "presets": presets, "count": 2 * rulings, "most": MAX_PICTURES},
        )
    return None


def _over_work(index: int, work: int, name: str, starts: Mapping[str, GameState]) -> Problem:
    """The problem of a dispute whose moves pass the work limit at ``moves[index]`` under
    the preset ``name``: said as a record's when it is the first preset ruled on, else
    naming the preset, since the work of every preset before it counts too."""
    if len(starts) == 1:
        return over_work(index, work)
    return Problem(
        f"moves[{index}]",
        N_(
            "under {preset}, the moves up to this one bring the dispute's work to {work} "
            "units, more than {most} (the work limit)"
        ),
        {"preset": name, "work": work, "most": MAX_RECORD_WORK},
    )


def settle(
    data: Mapping[str, Any], presets: Sequence[str | Rules | Mapping[str, Any] | None] = ()
) -> Settlement:
    """Rule on the dispute's moves under each preset (none given: the dispute's own rules).

    Raises :class:`~uno_rules.PresetError` for a preset that cannot be loaded and
    :class:`~uno_rules.SituationError` for a table that cannot be, a move that cannot be
    read (its problem names ``moves[i]``), or moves that do more than ``MAX_RECORD_WORK``
    units of work under all the presets together (the work limit of a game record,
    :func:`~uno_rules.record.move_work`; a refused move counts one): the problem names the
    move where they pass it.
    """
    moves = data.get("moves", [])
    table = {k: v for k, v in data.items() if k not in DISPUTE_KEYS}
    try:
        if not isinstance(moves, list):
            raise SituationError([Problem("moves", N_("expected a list of move texts"))])
        not_text = [
            Problem(f"moves[{i}]", N_("expected a move text, got {got}"), {"got": kind_said(m)})
            for i, m in enumerate(moves)
            if not isinstance(m, str)
        ]
        if not_text:
            raise SituationError(not_text)
        too_many = rulings_problem(len(moves), max(1, len(presets)))
        if too_many is not None:
            raise SituationError([too_many])
        _declare_kinds(table.get("rules"), presets)
        parsed = read_moves(moves)
    except SituationError as bad_moves:
        # Every problem of the file at once: the table's (hands, discard...) too, read
        # under the first preset asked for (or the file's own rules).
        problems = list(bad_moves.problems)
        described = dict(table)
        first = next(iter(presets), None)
        try:
            if first is not None:
                described["rules"] = load_preset(first)
            start_table(described, data.get("deal"))
        except SituationError as bad_table:
            problems = [*bad_table.problems, *problems]
        except PresetError:
            pass  # reported on its own once the moves can be read
        raise SituationError(problems) from None
    starts: dict[str, GameState] = {}
    deals: dict[str, tuple[Event, ...]] = {}
    results: dict[str, list[Ruling]] = {}
    work = 0  # what the moves do under every preset so far (the work limit, as for a record)
    for preset in list(presets) or [None]:
        described = dict(table)
        if preset is not None:
            described["rules"] = load_preset(preset)
        state, dealt = start_table(described, data.get("deal"))
        # A bundled preset by the name given; a preset file or mapping by its ``name:``
        # (by the path given when another preset already has that name).
        name = preset if isinstance(preset, str) and preset in preset_names() else state.rules.name
        if name in starts and isinstance(preset, str):
            name = preset
        starts[name] = state
        deals[name] = dealt
        rulings = []
        for index, move in enumerate(parsed):
            ruling = rule_on(state, move)
            rulings.append(ruling)
            state = ruling.state
            work += move_work(ruling.events, state) if ruling.legal else 1
            if work > MAX_RECORD_WORK:
                raise SituationError([_over_work(index, work, name, starts)])
        results[name] = rulings
    made_up = {name: made_up_hands(table, rulings) for name, rulings in results.items()}
    notes = table_notes(starts)
    return Settlement(data.get("title"), tuple(moves), starts, results, deals, notes, made_up)
