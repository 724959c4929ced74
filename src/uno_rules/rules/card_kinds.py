"""A rule set's own card kinds (K1-K6, ``docs/cards.md``): cards a table adds to its deck
with no code.

A preset's ``card_kinds`` lists kinds declared the way the bundled ones are
(``data/cards.json``): a notation (``rank``), a name, whether it is wild, points, the effect
steps it carries and the clause a ruling cites for it, and ``count``, how many of its cards
join the deck (a wild kind: that many; a colored kind: that many of each color) (K1).

```yaml
extends: official
card_kinds:
  - rank: Wmarked
    name: Wild Marked Cards
    wild: true
    count: 4
    points: 50
    effect: [{discard_faces: [2, 6, 9]}]
```

A declared kind plays like a bundled one: a colored kind matches the active color or the
same kind (B5.1, B5.2), a wild kind may always be played (B5.3), and its steps apply in
order (K2). Its draw value is the sum of its ``next_draws`` steps (K3). A rank names one
kind in a process: a text that already names another kind, bundled or declared otherwise,
or that would read as another card, is a preset problem (K4). The kind is registered when
the rule set is built, so cards of it parse, draw, score and round-trip through snapshots
like any other (K5). H14 names only the bundled kinds (K6).
"""

from __future__ import annotations

from attrs import field, frozen

from ..errors import PresetError, Problem
from ..i18n import N_
from ..kinds import CardKind, Rank, Step, StepOp, kind_problems, penalty_value, register_kind
from ._meta import meta

__all__ = [
    "MAX_DECLARED_KINDS",
    "DeclaredKind",
    "declared_problems",
    "register_declared",
]

#: The most kinds one rule set may declare.
MAX_DECLARED_KINDS = 16


def _texts(value: object) -> tuple[str, ...]:
    return tuple(value)  # type: ignore[arg-type]


@frozen
class DeclaredKind:
    """One card kind a rule set declares (K1; the fields of ``data/cards.json``'s kinds)."""

    rank: str = field(
        metadata=meta(
            "Its notation: after the color letter for a colored kind (Rbomb), the whole "
            "text of a wild one (Wmarked).",
            "K4",
        )
    )
    name: str = field(metadata=meta("Its name in words, as rulings write it.", "K1"))
    wild: bool = field(default=False, metadata=meta("A wild card, with no color.", "B1.3"))
    count: int = field(
        default=1,
        metadata=meta(
            "Cards of it in the deck: a wild kind's total, a colored kind's per color.",
            "K1",
            1,
            20,
        ),
    )
    points: int = field(
        default=20,
        metadata=meta(
            "What a card of it scores in a hand, whatever scoring.values says.", "K1", 0, 500
        ),
    )
    effect: tuple[Step, ...] = field(
        default=(), metadata=meta("What it does when played: effect steps.", "K2")
    )
    restricted: bool = field(
        default=False,
        metadata=meta(
            "A wild playable only without a card of the active color (and challengeable).",
            "B8.1",
        ),
    )
    aliases: tuple[str, ...] = field(
        default=(), converter=_texts, metadata=meta("Other texts it is read from.", "K4")
    )
    label: str = field(
        default="", metadata=meta("The short text on its picture (default: its rank).", "K1")
    )
    clause: str = field(
        default="",
        metadata=meta(
            "The clause a ruling cites for playing it (default: B5.1, or B5.3 for a wild).",
            "K2",
        ),
    )

    def kind(self) -> CardKind:
        """The card kind this declaration makes (K1-K3)."""
        wild = self.wild
        # a wild whose steps let the victim name the color (N15's Roulette) names none itself
        victim_names = any(
            s.op == StepOp.DRAW_UNTIL_COLOR and s.chooser == "victim" for s in self.effect
        )
        return CardKind(
            rank=self.rank,
            id=self.rank.lower(),
            aliases=tuple(a.lower() for a in self.aliases),
            name=self.name,
            wild=wild,
            number=None,
            points=self.points,
            points_class="kind",  # its own points, whatever scoring.values says (K1)
            draw=penalty_value(self.effect),
            effect=self.effect,
            restricted=self.restricted,
            names_color=wild and not victim_names,
            label=self.label or self.rank.upper()[:6],
            clause=self.clause or ("B5.3" if wild else "B5.1"),
            sheds=any(s.op == StepOp.DISCARD_COLOR for s in self.effect),
        )


def declared_problems(kinds: tuple[DeclaredKind, ...]) -> list[str]:
    """What stops ``kinds`` from joining the known kinds, each with its path under
    ``card_kinds`` (K4), and declarations that cannot take effect."""
    problems: list[str] = []
    if len(kinds) > MAX_DECLARED_KINDS:
        return [
            Problem(
                "card_kinds",
                N_("{count} kinds; at most {most}"),
                {"count": len(kinds), "most": MAX_DECLARED_KINDS},
            )
        ]
    seen: dict[str, int] = {}
    for i, spec in enumerate(kinds):
        path = f"card_kinds[{i}]"
        kind = spec.kind()
        for text in (kind.rank.lower(), *kind.aliases):
            if text in seen:
                problems.append(
                    Problem(
                        path,
                        N_("the text {text} also names {other}"),
                        {"text": repr(text), "other": f"card_kinds[{seen[text]}]"},
                    )
                )
            seen.setdefault(text, i)
        problems += kind_problems(kind, path)
        if spec.restricted and not spec.wild:
            problems.append(
                Problem(f"{path}.restricted", N_("only a wild kind is restricted (B8.1)"))
            )
        if not spec.wild and any(s.op == StepOp.DISCARD_FACES for s in spec.effect):
            problems.append(
                Problem(
                    f"{path}.effect",
                    N_("discard_faces belongs on a wild kind, whose top card sets the color"),
                )
            )
    return problems


def register_declared(kinds: tuple[DeclaredKind, ...]) -> None:
    """Make ``kinds`` known (K5), or raise :class:`~uno_rules.PresetError` with every
    problem :func:`declared_problems` finds."""
    fresh = [spec for spec in kinds if not _known(spec.kind())]
    if not fresh:
        return
    problems = declared_problems(kinds)
    if problems:
        raise PresetError(problems)
    for spec in kinds:
        register_kind(spec.kind())


def _known(kind: CardKind) -> bool:
    try:
        return Rank(kind.rank).kind == kind
    except ValueError:
        return False
