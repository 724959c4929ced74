"""The rules model: one frozen :class:`Rules` value describes a whole table's rules.

A :class:`Rules` is plain data (``attrs`` frozen classes, enums, ints). It is built from a
preset file by :func:`uno_rules.load_preset`, which checks it strictly; the engine only reads
it. Each field's metadata carries the ``docs/rules.md`` clause it settles (``clause``), a one-line
description (``doc``) and, for numbers, the allowed range (``min`` / ``max``). The preset
validator, the JSON Schema and the docs' parameter tables are generated from that metadata.

House rules plug in under :attr:`Rules.house_rules`; the official rules are the defaults.
"""

from __future__ import annotations

from functools import cache, cached_property
from typing import Any, ClassVar

import attrs
from attrs import field, frozen

from . import registry
from .card_kinds import DeclaredKind, register_declared
from .deflect import Deflect
from .draw_until_playable import DrawUntilPlayable
from .extra_cards import ExtraCards
from .force_play import ForcePlay
from .go_out import GoOut
from .hooks import HouseRule
from .jump_in import JumpIn
from .launcher import Launcher
from .mercy import Mercy
from .multi_card import MultiCard
from .options import (
    AfterDraw,
    ChallengeSetting,
    DealerRotation,
    DealerSelection,
    Deck,
    FirstAction,
    FirstDrawTwo,
    FirstPlayer,
    FirstReverse,
    FirstWild,
    FirstWildDrawFour,
    GuiltyColor,
    GuiltyTurn,
    OnBlocked,
    ScoringMode,
    Ties,
    TwoPlayerReverse,
    UnoWindow,
    VoluntaryDraw,
    W4Restriction,
)
from .partnership import Partnership
from .seven_o import SevenO
from .stacking import Stacking

__all__ = [
    "ChallengeRules",
    "FirstCardRules",
    "HouseRules",
    "PointValues",
    "Rules",
    "ScoringRules",
    "UnoRules",
]


from ..plain import plain
from ._meta import FrozenDict
from ._meta import meta as _meta


@frozen
class FirstCardRules:
    """How the first turned-up card is handled (``docs/rules.md`` 1.3, A1-A4)."""

    wild: FirstWild = field(
        default=FirstWild.NAME_COLOR,
        metadata=_meta(
            "A Wild turned first: the first player names the color, or it goes "
            "back and another is turned, or the deal restarts.",
            "A1",
        ),
    )
    wild_draw_four: FirstWildDrawFour = field(
        default=FirstWildDrawFour.RESHUFFLE_AND_REFLIP,
        metadata=_meta(
            "A Wild Draw Four turned first goes back into the pile (shuffled in, "
            "or at the bottom) and another card is turned, or every card is shuffled "
            "and the hands are dealt again.",
            "A4",
        ),
    )
    reverse: FirstReverse = field(
        default=FirstReverse.DEALER_FIRST_CCW,
        metadata=_meta(
            "A Reverse turned first: the dealer starts, or the dealer's right-hand "
            "neighbour starts; play goes counter-clockwise.",
            "A2",
        ),
    )
    draw_two: FirstDrawTwo = field(
        default=FirstDrawTwo.DRAW_AND_SKIP,
        metadata=_meta(
            "A Draw Two turned first: the first player draws 2 and loses the turn, or only draws.",
            "A3",
        ),
    )
    action_cards: FirstAction = field(
        default=FirstAction.APPLY,
        metadata=_meta(
            "Any card but a number turned first: it has its effect, or it goes back and "
            "another is turned (No Mercy).",
            "N2",
        ),
    )


@frozen
class ChallengeRules:
    """What follows a successful Wild Draw Four challenge (B8.8, A7, A8)."""

    on_guilty_turn: GuiltyTurn = field(
        default=GuiltyTurn.CHALLENGER_PLAYS,
        metadata=_meta(
            "After a successful challenge the challenger takes a normal turn, or still loses it.",
            "A7",
        ),
    )
    on_guilty_color: GuiltyColor = field(
        default=GuiltyColor.STAYS,
        metadata=_meta(
            "After a successful challenge: the card and color stay, the card goes "
            "back, the color reverts, or the challenger names it.",
            "A8",
        ),
    )


@frozen
class UnoRules:
    """Calling UNO and catching a missed call (B9, A14-A21, H12)."""

    enabled: bool = field(
        default=True, metadata=_meta("Whether calling UNO is required at all.", "H12")
    )
    penalty_cards: int = field(
        default=2,
        metadata=_meta("Cards drawn by a player caught without calling UNO.", "B9.2", 0, 20),
    )
    window_closes_on: UnoWindow = field(
        default=UnoWindow.NEXT_TURN_ACTION,
        metadata=_meta("When the chance to catch a missed call ends.", "A15"),
    )
    false_call_penalty: int = field(
        default=0,
        metadata=_meta(
            "Cards drawn for calling UNO without holding one card (0: the call "
            "is refused instead).",
            "H12",
            0,
            20,
        ),
    )
    applies_after_transfer: bool = field(
        default=True,
        metadata=_meta(
            "A player left with one card by a swap, rotation or redeal must call UNO too.", "A19"
        ),
    )


@frozen
class PointValues:
    """Card points (B10.5). Number cards always score their face value."""

    action: int = field(default=20, metadata=_meta("Skip, Reverse, Draw Two.", "B10.5", 0, 500))
    wild: int = field(default=50, metadata=_meta("Wild.", "B10.5", 0, 500))
    wild_draw_four: int = field(default=50, metadata=_meta("Wild Draw Four.", "B10.5", 0, 500))
    wild_extra: int = field(
        default=40,
        metadata=_meta("Wild Shuffle Hands, Wild Swap Hands, Wild Customizable.", "B10.5", 0, 500),
    )


@frozen
class ScoringRules:
    """Scoring and the end of the game (B10, H13, A56)."""

    mode: ScoringMode = field(
        default=ScoringMode.WINNER_COLLECTS,
        metadata=_meta("Who scores after a round.", "B10.5"),
    )
    target: int = field(
        default=500,
        metadata=_meta("The score that ends the game when reached (>=).", "B10.6", 1, 1_000_000),
    )
    ties: Ties = field(
        default=Ties.SHARED_WIN,
        metadata=_meta("A tie for the lowest total under running_low scoring.", "A56"),
    )
    values: PointValues = field(factory=PointValues, metadata=_meta("Card points.", "B10.5"))
    knockout_points: int = field(
        default=0,
        metadata=_meta(
            "Points the winner of a round collects for each player the mercy rule knocked "
            "out during it (No Mercy's points game).",
            "N16",
            0,
            10_000,
        ),
    )
    elimination: bool = field(
        default=False,
        metadata=_meta(
            "Challenge UNO: a player whose own running total reaches the target "
            "is eliminated; the last two play a final round (needs running_low).",
            "T10",
        ),
    )


@frozen
class HouseRules:
    """House rules (``docs/house-rules.md``) and the partnership variant (3.2). All are off
    under the official rules. Each is one module of :mod:`uno_rules.rules` (its parameters,
    its :class:`~uno_rules.rules.hooks.HouseRule`), consulted in the order of
    :mod:`uno_rules.rules.registry`. A preset that turns on a rule installed by another
    package gets a subclass of this class with one more field, named after the rule
    (:func:`house_rules_class`)."""

    installed: ClassVar[tuple[HouseRule, ...]] = ()

    stacking: Stacking = field(factory=Stacking, metadata=_meta("Stacking.", "H01"))
    draw_until_playable: DrawUntilPlayable = field(
        factory=DrawUntilPlayable, metadata=_meta("Draw until playable.", "H02")
    )
    force_play: ForcePlay = field(factory=ForcePlay, metadata=_meta("Force play.", "H03"))
    jump_in: JumpIn = field(factory=JumpIn, metadata=_meta("Jump-in.", "H06"))
    seven_o: SevenO = field(factory=SevenO, metadata=_meta("Seven-O.", "H07"))
    multi_card: MultiCard = field(
        factory=MultiCard, metadata=_meta("Several cards in one turn.", "H09")
    )
    go_out: GoOut = field(factory=GoOut, metadata=_meta("No going out on listed cards.", "H14"))
    deflect: Deflect = field(factory=Deflect, metadata=_meta("Deflecting a penalty.", "H15"))
    mercy: Mercy = field(factory=Mercy, metadata=_meta("The No Mercy mercy rule.", "H16"))
    partnership: Partnership = field(
        factory=Partnership, metadata=_meta("Partners (4 players).", "T6")
    )

    def __reduce__(self) -> tuple[Any, ...]:
        names = tuple(rule.name for rule in type(self).installed)
        values = {a.name: getattr(self, a.name) for a in attrs.fields(type(self))}
        return rebuild_house_rules, (names, values)


def rebuild_house_rules(names: tuple[str, ...], values: dict[str, Any]) -> HouseRules:
    """A :class:`HouseRules` value with the installed rules ``names`` (for pickling)."""
    cls = house_rules_class(names) if names else HouseRules
    return cls(**values)


@cache
def house_rules_class(names: tuple[str, ...]) -> type[HouseRules]:
    """:class:`HouseRules` with a field for each installed rule of ``names`` (sorted), its
    parameters class as type and its default value when left out."""
    rules = tuple(registry.installed_rule(name) for name in sorted(names))
    fields = {
        rule.name: field(factory=rule.params, metadata=_meta(rule.title or rule.name, rule.clause))
        for rule in rules
    }
    cls: type[HouseRules] = attrs.make_class(
        "HouseRules", fields, bases=(HouseRules,), frozen=True, slots=True
    )
    cls.__annotations__ = {rule.name: rule.params for rule in rules}
    cls.__module__ = HouseRules.__module__
    cls.installed = rules
    return cls


registry.on_refresh(house_rules_class.cache_clear)


@frozen
class Rules:
    """A complete rule set. The defaults are the ``official`` preset (W2085 / M2008).

    Build one with :func:`uno_rules.load_preset`; ``rules.to_dict()`` gives a mapping that
    ``load_preset`` accepts back.
    """

    name: str = field(default="official", metadata=_meta("The rule set's name.", "-"))
    deck: Deck = field(default=Deck.CLASSIC_108, metadata=_meta("The deck dealt.", "B1.1"))
    hand_size: int = field(default=7, metadata=_meta("Cards dealt to each player.", "B2.3", 1, 50))
    max_players: int = field(
        default=10,
        metadata=_meta(
            "The largest table these rules are for (the deck must deal it).", "B1.2", 2, 10
        ),
    )
    dealer_selection: DealerSelection = field(
        default=DealerSelection.LAST_SEAT,
        metadata=_meta("Who deals the first round when no dealer is given.", "A5"),
    )
    first_player: FirstPlayer = field(
        default=FirstPlayer.LEFT_OF_DEALER,
        metadata=_meta("Who acts first in a round.", "B4.1"),
    )
    dealer_rotation: DealerRotation = field(
        default=DealerRotation.LEFT, metadata=_meta("Who deals the next round.", "A6")
    )
    first_card: FirstCardRules = field(
        factory=FirstCardRules, metadata=_meta("The first turned-up card.", "1.3")
    )
    two_player_reverse: TwoPlayerReverse = field(
        default=TwoPlayerReverse.REVERSE,
        metadata=_meta("A Reverse with two players: a plain Reverse or a Skip.", "H08"),
    )
    voluntary_draw: VoluntaryDraw = field(
        default=VoluntaryDraw.ALLOWED,
        metadata=_meta("Drawing while holding a playable card.", "H04"),
    )
    voluntary_draw_penalty: int = field(
        default=2,
        metadata=_meta(
            "Cards drawn for a voluntary draw under voluntary_draw: penalized.", "H04", 1, 20
        ),
    )
    after_draw: AfterDraw = field(
        default=AfterDraw.DRAWN_CARD_ONLY,
        metadata=_meta("What may be played after drawing.", "H05"),
    )
    launcher: Launcher = field(
        factory=Launcher, metadata=_meta("UNO Attack's card launcher.", "AT2")
    )
    w4_restriction: W4Restriction = field(
        default=W4Restriction.COLOR,
        metadata=_meta("When a Wild Draw Four may be played.", "B8.1"),
    )
    w4_challenge: ChallengeSetting = field(
        default=ChallengeSetting.ENABLED,
        metadata=_meta("Whether a Wild Draw Four may be challenged.", "B8.3"),
    )
    challenge: ChallengeRules = field(
        factory=ChallengeRules, metadata=_meta("After a successful challenge.", "B8.8")
    )
    uno: UnoRules = field(factory=UnoRules, metadata=_meta("Calling UNO.", "B9"))
    on_blocked: OnBlocked = field(
        default=OnBlocked.NO_SCORE,
        metadata=_meta("A round where nobody can play or draw.", "A44"),
    )
    scoring: ScoringRules = field(
        factory=ScoringRules, metadata=_meta("Scoring and game end.", "B10")
    )
    extra_cards: ExtraCards = field(
        factory=ExtraCards, metadata=_meta("The 112-card decks' extra cards.", "2")
    )
    deck_counts: FrozenDict[str, int] = field(
        factory=FrozenDict,
        converter=FrozenDict,
        metadata=_meta(
            "Bundled card kinds re-counted in the deck, by rank: a wild kind's total, a "
            "colored kind's per color; 0 drops the kind (docs/cards.md).",
            "K7",
            0,
            200,
        ),
    )
    clauses: FrozenDict[str, str] = field(
        factory=FrozenDict,
        converter=FrozenDict,
        metadata=_meta(
            "Sentences of the rule set's own clauses, by id (`X1`), said in rulings; "
            "`X1@vi`, `X1@tl` in another language (docs/cards.md).",
            "K9",
        ),
    )
    card_kinds: tuple[DeclaredKind, ...] = field(
        default=(),
        converter=tuple,
        metadata=_meta("Card kinds of the table's own, added to its deck (docs/cards.md).", "K1"),
    )
    house_rules: HouseRules = field(
        factory=HouseRules, metadata=_meta("House rules; all off by default.", "4")
    )

    def __attrs_post_init__(self) -> None:
        # K5: a declared kind is known from the moment its rule set exists, so its cards
        # parse, deal and load like any other.
        if self.card_kinds:
            register_declared(self.card_kinds)

    @cached_property
    def plan(self) -> registry.Plan:
        """What the enabled house rules do, compiled once for this value
        (:mod:`uno_rules.rules.registry`)."""
        return registry.Plan(self)

    @property
    def challenge_possible(self) -> bool:
        """Whether a Wild Draw Four can ever be challenged under these rules (H10, H11)."""
        return self.w4_challenge is ChallengeSetting.ENABLED and self.w4_restriction in (
            W4Restriction.COLOR,
            W4Restriction.ANY_PLAYABLE,
        )

    def to_dict(self) -> dict[str, Any]:
        """A plain mapping (JSON/YAML types) that :func:`uno_rules.load_preset` accepts."""
        out: dict[str, Any] = plain(self)
        return out
