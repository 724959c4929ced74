"""The named values of every rule option (``docs/rules.md`` sections 1, 4 and 5).

Each enum's values are the strings that preset files use. The member marked as the
default in its docstring is the **Default** of ``docs/rules.md``.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "AfterDraw",
    "ChallengeSetting",
    "DealerRotation",
    "DealerSelection",
    "Deck",
    "FirstAction",
    "FirstDrawTwo",
    "FirstPlayer",
    "FirstReverse",
    "FirstWild",
    "FirstWildDrawFour",
    "GuiltyColor",
    "GuiltyTurn",
    "OnBlocked",
    "ScoringMode",
    "Ties",
    "TwoPlayerReverse",
    "UnoWindow",
    "VoluntaryDraw",
    "W4Restriction",
]


class Deck(StrEnum):
    """Which deck is dealt (B1.1, E1). Default ``classic-108``.

    ``blank-112-2001``: the 108 plus 4 blank cards; ``swap-112-2015``: plus 1 Wild Swap Hands
    and 3 Wild Customizable; ``shuffle-112-2018``: plus 1 Wild Shuffle Hands and 3 Wild
    Customizable. Each extra card can be switched off under ``extra_cards``.
    ``no-mercy-168``: UNO Show 'Em No Mercy's 168 cards (N1-N17; ``docs/cards.md``).
    ``flip-112``: UNO Flip's 112 two-sided cards (F1; ``docs/flip.md``).
    ``none``: no bundled cards; the deck is the rule set's ``card_kinds`` and the bundled
    kinds its ``deck_counts`` name (K7, ``docs/cards.md``).
    """

    CLASSIC_108 = "classic-108"
    BLANK_112_2001 = "blank-112-2001"
    SWAP_112_2015 = "swap-112-2015"
    SHUFFLE_112_2018 = "shuffle-112-2018"
    NO_MERCY_168 = "no-mercy-168"
    FLIP_112 = "flip-112"
    NONE = "none"


class DealerSelection(StrEnum):
    """A5 / H18: who deals the first round when ``new_game`` is given no dealer.

    ``last_seat`` (default): the last seat deals, so seat 0 starts;
    ``highest_number``: each player draws a card, the highest number deals, symbols count 0,
    tied players draw again (M2008); ``highest_point_value``: the same by points (M2001).
    """

    LAST_SEAT = "last_seat"
    HIGHEST_NUMBER = "highest_number"
    HIGHEST_POINT_VALUE = "highest_point_value"


class FirstWild(StrEnum):
    """A1: a Wild turned as the first card. Default ``left_of_dealer_names_color`` (a)."""

    NAME_COLOR = "left_of_dealer_names_color"
    RETURN_AND_FLIP = "return_and_flip"
    RESHUFFLE_AND_REDEAL = "reshuffle_and_redeal"


class FirstWildDrawFour(StrEnum):
    """A4: where a first-card Wild Draw Four goes. Default ``reshuffle_and_reflip`` (a);
    ``reshuffle_and_redeal``: every card is shuffled back and the hands are dealt again
    (the Tagalog seed's "shuffle it back and start again")."""

    RESHUFFLE_AND_REFLIP = "reshuffle_and_reflip"
    BOTTOM_AND_REFLIP = "bottom_and_reflip"
    RESHUFFLE_AND_REDEAL = "reshuffle_and_redeal"


class FirstAction(StrEnum):
    """N2: any card but a number card turned first. Default ``apply`` (1.3: each has its
    effect, as A1-A4 say); ``return_and_flip``: it goes back into the pile, as A4 says, and
    another card is turned, until a number card comes up (No Mercy)."""

    APPLY = "apply"
    RETURN_AND_FLIP = "return_and_flip"


class FirstReverse(StrEnum):
    """A2: a Reverse turned as the first card. Default ``dealer_first_ccw`` (a)."""

    DEALER_FIRST_CCW = "dealer_first_ccw"
    RIGHT_OF_DEALER_FIRST_CCW = "right_of_dealer_first_ccw"


class FirstDrawTwo(StrEnum):
    """A3: a Draw Two turned as the first card. Default ``draw_and_skip`` (a)."""

    DRAW_AND_SKIP = "draw_and_skip"
    DRAW_ONLY = "draw_only"


class FirstPlayer(StrEnum):
    """H18: who acts first in a round. Default ``left_of_dealer`` (B4.1).

    ``previous_winner``: the winner of the previous round starts the next one (the first
    round, and a round after a blocked one, start left of the dealer).
    """

    LEFT_OF_DEALER = "left_of_dealer"
    DEALER = "dealer"
    PREVIOUS_WINNER = "previous_winner"


class DealerRotation(StrEnum):
    """A6: who deals the next round. Default ``left`` (one seat clockwise) [D]."""

    LEFT = "left"
    WINNER_DEALS = "winner_deals"
    FIXED = "fixed"


class TwoPlayerReverse(StrEnum):
    """H08 / T1: a Reverse with two players. Default ``reverse`` under ``official``."""

    REVERSE = "reverse"
    SKIP = "skip"


class VoluntaryDraw(StrEnum):
    """H04: drawing while holding a playable card. Default ``allowed`` (B6.2).

    ``forbidden``: refused with a violation; ``penalized``: the player draws
    ``voluntary_draw_penalty`` cards and the turn ends.
    """

    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"
    PENALIZED = "penalized"


class AfterDraw(StrEnum):
    """H05: what may be played after drawing. Default ``drawn_card_only`` (B6.3).

    ``none``: drawing ends the turn; ``any_card``: any playable card may then be played.
    """

    DRAWN_CARD_ONLY = "drawn_card_only"
    NONE = "none"
    ANY_CARD = "any_card"


class W4Restriction(StrEnum):
    """H10 / B8.1 / A11: when a Wild Draw Four may be played.

    ``color`` (default): only without a card of the active color, otherwise a bluff that a
    challenge sanctions; ``strict``: the same restriction, enforced as a rule (no bluffing);
    ``none``: always; ``any_playable``: only without any other playable card (the A11
    misreading, for compatibility), otherwise a bluff.
    """

    COLOR = "color"
    STRICT = "strict"
    NONE = "none"
    ANY_PLAYABLE = "any_playable"


class ChallengeSetting(StrEnum):
    """H11: whether a Wild Draw Four may be challenged. Default ``enabled`` (B8)."""

    ENABLED = "enabled"
    DISABLED = "disabled"


class GuiltyTurn(StrEnum):
    """A7: the challenger's turn after a successful challenge. Default ``challenger_plays``."""

    CHALLENGER_PLAYS = "challenger_plays"
    CHALLENGER_SKIPPED = "challenger_skipped"


class GuiltyColor(StrEnum):
    """A8: the Wild Draw Four and its color after a successful challenge. Default ``stays``.

    ``stays`` (a): card and declared color stay; ``card_returned`` (b): the card goes back
    to the offender's hand and the previous top card and color return; ``previous_color``
    (c): the card stays, the color reverts; ``challenger_names`` (d): the challenger names
    a new color.
    """

    STAYS = "stays"
    CARD_RETURNED = "card_returned"
    PREVIOUS_COLOR = "previous_color"
    CHALLENGER_NAMES = "challenger_names"


class UnoWindow(StrEnum):
    """A15: when the chance to catch a missed UNO call ends.

    ``next_turn_action`` (default, a): a play, draw or pass by the seat whose turn it is;
    penalty draws, challenge decisions and skips leave it open.
    ``any_other_player_draw_or_play`` (b, literal): any draw or play by another seat,
    forced draws included.
    """

    NEXT_TURN_ACTION = "next_turn_action"
    ANY_OTHER_PLAYER_DRAW_OR_PLAY = "any_other_player_draw_or_play"


class OnBlocked(StrEnum):
    """A44: a round where nobody can play and nothing can be drawn. Default ``no_score``."""

    NO_SCORE = "no_score"
    SCORE_LOWEST_HAND = "score_lowest_hand"


class ScoringMode(StrEnum):
    """H13 / B10.5-B10.7: how rounds are scored. Default ``winner_collects``.

    ``running_low``: each player adds their own hand, lowest total wins (B10.7);
    ``winner_collects_others_lose``: the winner collects and each other player loses the
    points of their own hand (SEED1);
    ``none``: a single round, nobody scores, the round winner wins the game.
    """

    WINNER_COLLECTS = "winner_collects"
    RUNNING_LOW = "running_low"
    WINNER_COLLECTS_OTHERS_LOSE = "winner_collects_others_lose"
    NONE = "none"


class Ties(StrEnum):
    """A56: a tie for the lowest total under ``running_low``. Default ``shared_win``."""

    SHARED_WIN = "shared_win"
    PLAY_ANOTHER_ROUND = "play_another_round"
