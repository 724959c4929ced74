"""Section 2: the four extra cards of the 112-card decks, and H17 (draw until a color).

- **Wild Shuffle Hands** (2018 deck, E2): a wild. All hands, the player's included, are
  collected, shuffled and dealt out one at a time starting with the player's left-hand
  neighbour, as evenly as possible (the first ``N mod P`` receive one more: E2.3, A36);
  dealing goes clockwise (A35; ``deal_direction: direction_of_play`` follows the play
  instead). The player names the color with the play; the next player plays as usual (E2.4).
  As the last card it still redeals, so the player does not go out (A38 ``redeal``; or
  ``go_out``). As the first card: the first player names the color, no redeal (A39).
  Earlier UNO calls lapse; anyone dealt one card must call (A40, A19).
- **Wild Swap Hands** (2015 deck, E4): a wild; its player names an opponent (``0 WSW red
  >2``) and they swap hands. As the last card the player goes out with no swap (A41). As
  the first card: the color is named, no swap (E4.2).
- **Wild Customizable** (E3): a plain Wild unless ``effect`` writes a rule on it: a list
  of effect steps (``[{everyone_draws: 1}, {skip: 1}]``; ``docs/cards.md``), or one of the
  2015 sheet's suggestions by name: ``draw_until_color`` (H17: the next player draws
  until they reveal a card of the color the player named (or, with ``chooser: victim``, of
  a color they name themselves first), keeps them all, and loses the turn unless
  ``victim_loses_turn`` is false), ``extra_turn`` (the player plays again),
  ``discard_wilds`` (every other player puts all their wild cards under the discard pile:
  Wild, Wild Draw Four, and the deck's Wild Shuffle Hands, Wild Swap Hands and Wild
  Customizable cards). As the first card only the color is named (E3.4, A42). ``count`` is how
  many of the three are used (E3.1).
- **Blank cards** (2001 deck, E5): each acts as a plain Wild, scoring ``points`` [D].

Not offered: the suggestions "draw or discard to exactly 7" and "play with your hand face
up" (they need choices or views this engine does not model), and a blank card standing for
a specific lost card.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING

from attrs import field, frozen

from ..kinds import Step
from ._meta import meta

if TYPE_CHECKING:
    from ..cards import Card
    from .model import Rules

__all__ = [
    "BlankCards",
    "CustomEffect",
    "DealDirection",
    "DrawChooser",
    "ExtraCards",
    "ShuffleFirstCard",
    "ShuffleLastCard",
    "WildCustomizable",
    "WildShuffleHands",
    "WildSwapHands",
    "effect_steps",
    "marked_faces",
    "until_step",
]


class ShuffleLastCard(StrEnum):
    """A38: Wild Shuffle Hands as the last card. Default ``redeal`` (T-shuffle)."""

    REDEAL = "redeal"
    GO_OUT = "go_out"


class ShuffleFirstCard(StrEnum):
    """A39: Wild Shuffle Hands as the first card. Default ``name_color``."""

    NAME_COLOR = "name_color"
    REDEAL = "redeal"
    RETURN_AND_FLIP = "return_and_flip"


class DealDirection(StrEnum):
    """A35: the redeal's direction. Default ``clockwise``."""

    CLOCKWISE = "clockwise"
    DIRECTION_OF_PLAY = "direction_of_play"


class DrawChooser(StrEnum):
    """H17: who names the color drawn until. Default ``player`` (the color named with the
    card); ``victim``: the player who draws names it first."""

    PLAYER = "player"
    VICTIM = "victim"


class CustomEffect(StrEnum):
    """E3.3 / A42: what a Wild Customizable does. Default ``none`` (a plain Wild)."""

    NONE = "none"
    DRAW_UNTIL_COLOR = "draw_until_color"
    EXTRA_TURN = "extra_turn"
    DISCARD_WILDS = "discard_wilds"


@frozen
class WildShuffleHands:
    """E2 parameters."""

    enabled: bool = field(
        default=True, metadata=meta("The 2018 deck's Wild Shuffle Hands is used.", "E1")
    )
    on_last_card: ShuffleLastCard = field(
        default=ShuffleLastCard.REDEAL, metadata=meta("Played as the last card.", "A38")
    )
    on_first_card: ShuffleFirstCard = field(
        default=ShuffleFirstCard.NAME_COLOR, metadata=meta("Turned as the first card.", "A39")
    )
    deal_direction: DealDirection = field(
        default=DealDirection.CLOCKWISE, metadata=meta("Direction of the redeal.", "A35")
    )


@frozen
class WildSwapHands:
    """E4 parameters (as the last card the player goes out, A41)."""

    enabled: bool = field(
        default=True, metadata=meta("The 2015 deck's Wild Swap Hands is used.", "E1")
    )


@frozen
class WildCustomizable:
    """E3 parameters."""

    count: int = field(
        default=3,
        metadata=meta(
            "How many Wild Customizable cards are used (4: the deck's Wild Shuffle Hands or "
            "Wild Swap Hands left out, a fourth in its place).",
            "E3.1",
            0,
            4,
        ),
    )
    effect: CustomEffect | tuple[Step, ...] = field(
        default=CustomEffect.NONE,
        metadata=meta(
            "The rule written on the cards: a named effect, or a list of effect steps "
            "(docs/cards.md).",
            "A42",
        ),
    )
    victim_loses_turn: bool = field(
        default=True,
        metadata=meta("Under draw_until_color, the player who draws loses the turn.", "H17"),
    )
    chooser: DrawChooser = field(
        default=DrawChooser.PLAYER,
        metadata=meta("Under draw_until_color, who names the color drawn until.", "H17"),
    )


_NAMED_STEPS: dict[CustomEffect, tuple[Step, ...]] = {
    CustomEffect.NONE: (),
    CustomEffect.EXTRA_TURN: (Step("play_again"),),
    CustomEffect.DISCARD_WILDS: (Step("discard_wilds"),),
}


def custom_steps(wc: WildCustomizable) -> tuple[Step, ...]:
    """The steps of the rule written on the Wild Customizable cards (E3.3, H17): the
    preset's own list, or the steps of a named effect."""
    if isinstance(wc.effect, tuple):
        return wc.effect
    if wc.effect is CustomEffect.DRAW_UNTIL_COLOR:
        return (
            Step("draw_until_color", chooser=wc.chooser.value, loses_turn=wc.victim_loses_turn),
        )
    return _NAMED_STEPS[wc.effect]


def effect_steps(rules: Rules, card: Card) -> tuple[Step, ...]:
    """What ``card`` does under ``rules``: its kind's steps, or for a Wild Customizable the
    rule the preset writes on it (E3.3)."""
    effect = card.kind.effect
    if effect and effect[0].op == "custom":
        return custom_steps(rules.extra_cards.wild_customizable)
    return effect


def marked_faces(rules: Rules, card: Card) -> tuple[int, ...]:
    """The numbers whose cards may go down with ``card`` under ``rules`` (its
    ``discard_faces`` step), or ``()``."""
    for step in effect_steps(rules, card):
        if step.op == "discard_faces":
            return step.faces
    return ()


def until_step(rules: Rules, card: Card) -> Step:
    """The ``draw_until_color`` step of ``card``'s effect under ``rules`` (H17, N15)."""
    for step in effect_steps(rules, card):
        if step.op == "draw_until_color":
            return step
    raise ValueError(f"{card} does not draw until a color under these rules")


@frozen
class BlankCards:
    """E5 parameters."""

    count: int = field(default=4, metadata=meta("How many blank cards are used.", "E5.1", 0, 4))
    points: int = field(default=50, metadata=meta("Points a blank card scores.", "E5.1", 0, 500))


@frozen
class ExtraCards:
    """The extra cards of the 112-card decks (section 2). Read only for the matching deck."""

    wild_shuffle_hands: WildShuffleHands = field(
        factory=WildShuffleHands, metadata=meta("Wild Shuffle Hands (2018 deck).", "E2")
    )
    wild_swap_hands: WildSwapHands = field(
        factory=WildSwapHands, metadata=meta("Wild Swap Hands (2015 deck).", "E4")
    )
    wild_customizable: WildCustomizable = field(
        factory=WildCustomizable, metadata=meta("Wild Customizable (2015, 2018).", "E3")
    )
    blank: BlankCards = field(factory=BlankCards, metadata=meta("Blank cards (2001).", "E5"))
