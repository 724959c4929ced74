"""The rules model: one frozen :class:`Rules` value describes a whole table's rules.

A :class:`Rules` is plain data (``attrs`` frozen classes, enums, ints). It is built from a
preset file by :func:`uno_rules.load_preset`, which checks it strictly; the engine only reads
it. Each field's metadata carries the ``RULES.md`` clause it settles (``clause``), a one-line
description (``doc``) and, for numbers, the allowed range (``min`` / ``max``). The preset
validator, the JSON Schema and the docs' parameter tables are generated from that metadata.

House rules plug in under :attr:`Rules.house_rules`; the official rules are the defaults.
"""

from __future__ import annotations

from typing import Any

from attrs import field, frozen

from .options import (
    AfterDraw,
    ChallengeSetting,
    DealerRotation,
    Deck,
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

__all__ = [
    "ChallengeRules",
    "FirstCardRules",
    "HouseRules",
    "Rules",
    "ScoringRules",
    "UnoRules",
]


def _meta(doc: str, clause: str, lo: int | None = None, hi: int | None = None) -> dict[str, Any]:
    meta: dict[str, Any] = {"doc": doc, "clause": clause}
    if lo is not None:
        meta["min"] = lo
    if hi is not None:
        meta["max"] = hi
    return meta


@frozen
class FirstCardRules:
    """How the first turned-up card is handled (``RULES.md`` 1.3, A1-A4)."""

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
            "or at the bottom) and another card is turned.",
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


@frozen
class HouseRules:
    """House rules (``RULES.md`` section 4). All are off under the official rules."""


@frozen
class Rules:
    """A complete rule set. The defaults are the ``official`` preset (W2085 / M2008).

    Build one with :func:`uno_rules.load_preset`; ``rules.to_dict()`` gives a mapping that
    ``load_preset`` accepts back.
    """

    name: str = field(default="official", metadata=_meta("The rule set's name.", "-"))
    deck: Deck = field(default=Deck.CLASSIC_108, metadata=_meta("The deck dealt.", "B1.1"))
    hand_size: int = field(default=7, metadata=_meta("Cards dealt to each player.", "B2.3", 1, 30))
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
        metadata=_meta("Drawing while holding a playable card.", "B6.2"),
    )
    after_draw: AfterDraw = field(
        default=AfterDraw.DRAWN_CARD_ONLY,
        metadata=_meta("What may be played after drawing.", "B6.3"),
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
    house_rules: HouseRules = field(
        factory=HouseRules, metadata=_meta("House rules; all off by default.", "4")
    )

    @property
    def challenge_possible(self) -> bool:
        """Whether a Wild Draw Four can ever be challenged under these rules (H10, H11)."""
        return self.w4_challenge is ChallengeSetting.ENABLED and self.w4_restriction in (
            W4Restriction.COLOR,
            W4Restriction.ANY_PLAYABLE,
        )

    def to_dict(self) -> dict[str, Any]:
        """A plain mapping (JSON/YAML types) that :func:`uno_rules.load_preset` accepts."""
        from ..presets import rules_to_dict

        return rules_to_dict(self)
