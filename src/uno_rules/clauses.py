"""One sentence for each clause that a ruling can cite.

These are summaries written for players, not quotations of the Mattel sheets;
``docs/rules.md`` and ``docs/house-rules.md`` give the sources, with an anchor per clause.
:func:`clause_text` returns the sentence for an id, and for an id it does not know a line
pointing at that anchor.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .i18n import N_, tr
from .rules import registry

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["CLAUSES", "clause_anchor", "clause_link", "clause_text"]

_OFFICIAL: dict[str, str] = {
    "B1.1": N_(
        "The deck has 108 cards: per color one 0, two each of 1-9, Skip, Reverse and "
        "Draw Two, plus four Wilds and four Wild Draw Fours."
    ),
    "B1.2": N_("UNO is played by 2 to 10 players, seated 0 upwards."),
    "B4.3": N_(
        "Play passes to the next seat in the current direction; only the seat whose turn "
        "it is may act, apart from UNO calls and catches."
    ),
    "B4.4": N_("On a turn a player either plays one legal card from their hand or draws a card."),
    "B4.5": N_("Only one card may be played per turn."),
    "B5.1": N_(
        "A card may be played if it has the active color, or the same number or symbol "
        "as the top card."
    ),
    "B5.2": N_("Skip, Reverse and Draw Two go on their own color or on the same symbol."),
    "B5.3": N_(
        "A Wild may be played on any card at any time, even when other cards could be played."
    ),
    "B5.4": N_(
        "A Wild Draw Four may be played on any card; holding a card of the active color "
        "makes it a bluff that only a challenge can punish."
    ),
    "B5.6": N_("A Draw Two whose penalty has been drawn is matched like any other card."),
    "B6.1": N_("A player with no card to play must draw one card."),
    "B6.2": N_("A player may draw even while holding a card that could be played."),
    "B6.3": N_("After drawing, only the drawn card may be played, and only if it is legal."),
    "B6.4": N_("A drawn card that is not played stays in the hand, and the turn ends."),
    "B6.5": N_("Exactly one card is drawn on a turn."),
    "B6.6": N_("A turn cannot be passed before drawing while a card can still be drawn."),
    "B7.1": N_("Skip: the next player loses their turn."),
    "B7.2": N_("Reverse: the direction of play changes."),
    "B7.3": N_("Draw Two: the next player draws two cards and loses their turn."),
    "B7.4": N_("Wild: its player names the color that play continues with."),
    "B7.5": N_(
        "Wild Draw Four: its player names a color; the next player draws four and loses "
        "their turn unless a challenge succeeds."
    ),
    "B8.1": N_(
        "A Wild Draw Four is a fair play only when its player holds no card of the active color."
    ),
    "B8.3": N_("Only the player who would draw the four cards may challenge."),
    "B8.6": N_("A challenge that catches a bluff makes the bluffer draw the four cards instead."),
    "B8.7": N_("A challenge against a fair Wild Draw Four costs the challenger six cards."),
    "B9.1": N_("UNO is called when a play leaves the player with one card."),
    "B9.2": N_("A player caught with one card and no UNO call draws the penalty cards."),
    "B9.4": N_(
        "Once the next player has begun their turn, a missed call can no longer be punished."
    ),
    "B9.5": N_("A player who forgot to call is safe if they call before anyone catches them."),
    "B9.7": N_(
        "Any other player may catch a missed call; a player who called, or who holds "
        "more than one card, cannot be caught."
    ),
    "B10.1": N_("The round ends as soon as a player has no cards left."),
    "B10.3": N_(
        "A Draw Two or Wild Draw Four played as the last card is still drawn, and those "
        "cards count in the score."
    ),
    "B10.5": N_("The player who goes out scores the cards left in the other hands."),
    "B10.6": N_("The game ends when a player's score reaches the target."),
    "B11.1": N_(
        "When the draw pile runs out, the discard pile under its top card is shuffled "
        "into a new draw pile."
    ),
    "A1": N_("A Wild turned as the first card: the first player names its color, then plays."),
    "A14": N_("UNO can be called with the play, or afterwards while holding one card."),
    "A44": N_("With nothing left to draw, a player who cannot play passes."),
    "A60": N_(
        "A player facing a draw penalty with a choice answers it with accept, challenge "
        "or a stack before anything else happens."
    ),
    "A61": N_("Only a wild card names a color."),
    "H04": N_("Under this house rule a player holding a playable card may not draw freely."),
    "H05": N_("This house rule changes what may be played after drawing."),
    "H08": N_("With two players this table plays a Reverse as a Skip."),
    "H10": N_("This table does not allow bluffing with a Wild Draw Four."),
    "H11": N_("This table does not allow a Wild Draw Four to be challenged."),
    "H12": N_("The table's UNO-call rules apply."),
    "E2.1": N_(
        "Wild Shuffle Hands: every hand is collected, shuffled and dealt out again from "
        "the player's left."
    ),
    "E3.2": N_("Wild Customizable: a wild card whose written rule, if any, applies."),
    "E4.1": N_("Wild Swap Hands: its player swaps hands with an opponent of their choice."),
}


# UNO Show 'Em No Mercy (docs/no-mercy.md).
_NO_MERCY: dict[str, str] = {
    "N1": N_(
        "No Mercy is played with its own 168 cards; the first to go out, or the last "
        "player left, wins."
    ),
    "N2": N_("Only a number card starts the discard pile; any other card turned first goes back."),
    "N3": N_("A player with no card to play draws until a card can be played, then plays it."),
    "N4": N_(
        "A draw card may be answered with a draw card of equal or higher value; the "
        "penalties add up."
    ),
    "N5": N_("A player who ever holds 25 cards or more is out of the game."),
    "N6": N_("Playing a 7, its player swaps hands with another player of their choice."),
    "N7": N_(
        "Playing a 0, every player passes their hand to the next player in the direction of play."
    ),
    "N8": N_("A player left with one card calls UNO; caught before the next turn, they draw 2."),
    "N9": N_("When the draw pile runs out, the discard pile is shuffled into a new one."),
    "N11": N_("Reverse turns the direction of play; with two players it acts as a Skip."),
    "N17": N_("In No Mercy no draw card can be challenged, and any may be played at any time."),
    "N10": N_(
        "Draw Four, Wild Draw 6 and Wild Draw 10: the next player draws 4, 6 or 10 and "
        "loses their turn, unless they stack."
    ),
    "N12": N_("Skip Everyone: every other player is skipped and its player plays again."),
    "N13": N_("Discard All: its player also discards every card of its color, under it."),
    "N14": N_(
        "Wild Reverse Draw 4: play reverses, then the next player draws 4 and loses their "
        "turn, unless they stack."
    ),
    "N15": N_(
        "Wild Color Roulette: the next player names a color, turns cards until one of it "
        "shows, keeps them all and loses their turn."
    ),
    "N16": N_("The winner of a hand also scores 250 for each player knocked out during it."),
}


# UNO Flip (docs/flip.md).
_FLIP: dict[str, str] = {
    "F1": N_("UNO Flip's cards have a light side and a dark side; play starts on the light side."),
    "F2": N_(
        "A Flip turns the discard pile, the draw pile and every hand over: the other side "
        "is in play."
    ),
    "F3": N_(
        "Light side: Draw One makes the next player draw 1 and miss their turn; Wild Draw Two, 2."
    ),
    "F4": N_(
        "Dark side: Draw Five makes the next player draw 5 and miss their turn; Wild Draw "
        "Color, until the color shows."
    ),
    "F5": N_("A round starts on the light side; the first card turned acts as in the base game."),
    "F6": N_("A player may draw instead of playing, and may play the drawn card at once."),
    "F7": N_("A player left with one card calls UNO; caught before the next turn, they draw 2."),
    "F8": N_(
        "The round ends when a hand is empty; a draw card played last still makes the next "
        "player draw."
    ),
    "F9": N_("The winner scores the cards left in the other hands, by the side in play."),
    "F10": N_("A Flip turned as the first card goes back into the pile and another is turned."),
    "F11": N_(
        "After a Flip, the new top card sets the color and number; its own action does not "
        "happen again."
    ),
    "F12": N_("A Flip played as the last card ends the round without turning the table over."),
    "F13": N_(
        "Wild Draw Color: when the draw pile runs out it is refilled, and the drawing goes on."
    ),
    "F14": N_(
        "Each player sees the faces of their own hand in play and the other side of every "
        "other hand."
    ),
    "F15": N_(
        "House rules play on the Flip deck as on any deck; it has no 0, so 0 passes no hands."
    ),
    "F16": N_("A Wild Draw Color or Wild Draw Two may be challenged, as a Wild Draw Four is."),
}


# UNO Attack's launcher (docs/attack.md), a setting any rule set may turn on. The sentences
# of the All Wild and Attack presets' own clauses (AW1-AW5, AT1, AT3-AT6) are data: each
# preset writes them, in each language, under ``clauses`` (K9).
_LAUNCHER: dict[str, str] = {
    "AT2": N_(
        "Drawing is one press of the launcher: it fires no card, one or several, and the "
        "press ends the turn even if a fired card could be played."
    ),
}


# The sentences of the official rules and the editions', then each bundled house rule's
# own (in its module).
CLAUSES: dict[str, str] = {
    **_OFFICIAL,
    **_NO_MERCY,
    **_FLIP,
    **_LAUNCHER,
    **{clause: text for rule in registry.ORDER for clause, text in rule.clauses.items()},
}


def clause_link(clause: str) -> str:
    """Where the documentation states ``clause``: its anchor in ``docs/house-rules.md`` for
    a house rule (``H``) or variant (``T``, ``E``), in ``docs/no-mercy.md`` for No Mercy's
    (``N``), in ``docs/flip.md`` for UNO Flip's (``F``), in ``docs/all-wild.md`` and
    ``docs/attack.md`` for UNO All Wild's and UNO Attack's (``AW``, ``AT``), in
    ``docs/rules.md`` otherwise."""
    first = clause[:1]
    page = (
        "all-wild"
        if clause.startswith("AW")
        else "attack"
        if clause.startswith("AT")
        else "house-rules"
        if first in ("H", "T", "E")
        else "no-mercy"
        if first == "N"
        else "flip"
        if first == "F"
        else "rules"
    )
    return f"docs/{page}.md#{clause_anchor(clause)}"


def clause_anchor(clause: str) -> str:
    """The anchor id of ``clause`` in the documentation: ``B5.1`` -> ``b5-1``."""
    return clause.lower().replace(".", "-")


def clause_text(clause: str, rules: Rules | None = None, lang: str = "en") -> str:
    """The one-sentence summary of ``clause`` in ``lang`` (English by default); a rule
    set's own clauses are said as its ``clauses`` write them (K9), and the house rules
    installed from other packages that ``rules`` turns on state their own (in English,
    unless they translate them)."""
    text = CLAUSES.get(clause)
    if text is not None:
        return tr(lang, text)
    if rules is not None:
        # K9: the rule set's own sentence, in ``lang`` where it gives one, else its English
        own = rules.clauses
        if own:
            text = own.get(f"{clause}@{lang}") or own.get(clause)
            if text is not None:
                return text
        text = registry.clause_sentence(clause, type(rules.house_rules).installed)
    if text is not None:
        return text
    return tr(lang, N_("Clause {clause}: see {link}.")).format(
        clause=clause, link=clause_link(clause)
    )
