"""The dispute page's own words (``web/index.html`` and ``web/page.js``), as messages of the
catalogs: the page asks ``/api/page-text?lang=CODE`` for them in its language. The English
text is the message id; ``{placeholders}`` are filled in by the page."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from ._words import card_name
from .deal import build_deck
from .i18n import LANGUAGE_NAMES, LANGUAGES, N_, tr
from .presets import load_preset, preset_names

__all__ = ["PAGE_EXAMPLES", "PAGE_MESSAGES", "PRESET_WORDS", "page_examples", "page_text"]

#: The common disputes the page opens on, each one tap to a ruling: the file of
#: ``examples/`` (copied into ``web/examples.json``; after a change, copy again:
#: ``{name: yaml.safe_load(examples/NAME.yaml)}`` as JSON, one space of indent) and what
#: the button says.
PAGE_EXAMPLES = (
    ("stacking-plus2-on-plus2", N_("A +2 played on a +2")),
    ("challenge-catches-a-bluff", N_("A +4 played while holding the color, then challenged")),
    ("challenge-fails", N_("A fair +4 challenged: who draws how many?")),
    ("missed-uno-caught-in-time", N_("A forgotten UNO call, caught in time")),
    ("no-mercy-wild-draw-six-on-a-draw-four", N_("No Mercy: a +4, then a Wild +6 on it")),
    ("flip-stack-draw-five-on-the-dark-side", N_("UNO Flip, dark side: Draw Five on Draw Five")),
)

#: Each bundled rule set's name for people and what it is, in a sentence.
PRESET_WORDS = {
    "official": (N_("Official rules"), N_("Mattel's rules for the 108-card deck.")),
    "family": (
        N_("Family rules"),
        N_("Home rules: +2 and +4 stack, draw until you can play, 7 swaps and 0 passes hands."),
    ),
    "progressive": (
        N_("Official rules with the 2008 house rules"),
        N_("The official rules with stacking, Seven-O and Jump-In, as the 2008 sheet prints."),
    ),
    "mattel-2001": (
        N_("Mattel rules of 2001"),
        N_("The 2001 rules: 112 cards, 4 of them blank."),
    ),
    "official-2015": (
        N_("Official rules, 2015 deck"),
        N_("108 cards plus Wild Swap Hands and 3 Wild Customizable cards."),
    ),
    "official-112": (
        N_("Official rules, 112-card deck"),
        N_("108 cards plus Wild Shuffle Hands and 3 Wild Customizable cards (2018 on)."),
    ),
    "flip": (N_("UNO Flip"), N_("Two-sided cards: a light side and a dark side.")),
    "all-wild": (
        N_("UNO All Wild"),
        N_("112 cards, every one wild: any card on any card; a player you name draws two."),
    ),
    "attack": (
        N_("UNO Attack"),
        N_("A card launcher instead of a draw pile: each press fires none, one or several."),
    ),
    "no-mercy": (
        N_("UNO Show 'Em No Mercy"),
        N_("168 cards, every draw card stacks, and a hand of 25 cards is out."),
    ),
    "no-mercy-lite": (
        N_("No Mercy rules, 108-card deck"),
        N_("No Mercy's rules played with the ordinary deck."),
    ),
    "no-mercy-points": (
        N_("No Mercy with points"),
        N_("No Mercy with the optional points: 250 a knockout, first to 1000."),
    ),
}

PAGE_MESSAGES = (
    N_("UNO referee: settle a dispute"),
    N_("UNO referee"),
    N_(
        "Lay out the table, enter the moves, and see how each rule set rules on them, with the "
        "clause that decides each ruling."
    ),
    N_("Language"),
    N_("Rule sets"),
    N_("Loading the rule sets…"),
    N_("Table"),
    N_("Open a dispute file (YAML or JSON)"),
    N_("Title"),
    N_("Players"),
    N_("Direction"),
    N_("clockwise (default)"),
    N_("clockwise"),
    N_("counterclockwise"),
    N_("Discard pile, bottom to top"),
    N_("Active color"),
    N_("the top card's"),
    N_("red"),
    N_("yellow"),
    N_("green"),
    N_("blue"),
    N_("pink"),
    N_("teal"),
    N_("orange"),
    N_("purple"),
    N_("Any other field of a table description, for example:"),
    N_("Other fields of the table, as JSON"),
    N_("One move per line"),
    N_("Settle"),
    N_("Rulings"),
    N_("The rules and their clauses are in the uno-rules documentation. API:"),
    N_("the discard pile"),
    N_("the moves"),
    N_("Unknown hand (a count)"),
    N_("Remove the last card"),
    N_("Clear"),
    N_("draw"),
    N_("pass"),
    N_("call UNO"),
    N_("challenge"),
    N_("accept the penalty"),
    N_("The picker shows the deck of: {preset}"),
    N_("Under {preset}"),
    N_("The table before the first move"),
    N_("{preset}: the table before move 1"),
    N_("{preset}: the table after move {number}"),
    N_("The table after it"),
    N_("The table (unchanged)"),
    N_("What happened"),
    N_("✔ legal"),
    N_("✘ refused: {code}"),
    N_("✘ refused"),
    N_("Settling…"),
    N_("Settled: every move is legal."),
    N_("Settled: 1 move refused."),
    N_("Settled: {count} moves refused."),
    N_("The table needs fixing before it can be settled:"),
    N_("The referee could not be reached: {reason}"),
    N_("Opened {file}."),
    N_("{file} could not be opened: it is not a dispute file in YAML or JSON."),
    N_("The rule sets could not be loaded: {reason}"),
    N_("More fields: this is not valid JSON."),
    N_("More fields: write a JSON object, in braces."),
    N_(
        "Cards the table does not name (a hand given as a count, the draw pile) are drawn "
        "face down and never named."
    ),
    N_("{player} drew {count}, cards the table does not name: face down."),
    N_("Rule set shown"),
    N_("Picture of the ruling"),
    N_("Save the picture (SVG)"),
    N_("The picture could not be made: {reason}"),
    N_("Link to this dispute"),
    N_("Send this link to open the same table and moves; nothing is stored on the server."),
    N_("Skip to the rulings"),
    N_("Common disputes: tap one"),
    N_("Whose turn"),
    N_("Player {number}"),
    N_("{player}: hand"),
    N_("{card} went to {place}."),
    N_("Removed the move: {move}"),
    N_("Remove the last move"),
    N_("Added the move: {move}"),
    N_("Move {number}"),
    N_("The answer"),
    N_("Save the picture (PNG)"),
    N_("Share the picture"),
    N_("seat {seat}"),
    N_("Other rule sets"),
    N_("Dark side in play (UNO Flip)"),
    N_("Tap a card: it goes to"),
    N_("Who moves next"),
    N_("Or, without a card:"),
    N_("catch the player who just played"),
    N_("Color for the wild:"),
    N_(
        "A hand is its cards (tap them above, or type R7 B5 W+4) or, when nobody knows them, a "
        "count (6). A hand left empty holds 7 hidden cards; a card a player plays is put in "
        "their hand."
    ),
    N_("More about the table"),
    N_("{card}: now tap the color the player names."),
    N_("{player} draws"),
    N_("{player} passes"),
    N_("{player} calls UNO"),
    N_("{player} challenges"),
    N_("{player} accepts the penalty"),
    N_("{player} catches {target}"),
    N_("{player} plays {card} and names {color}"),
    N_("{player} plays {card}"),
)


@cache
def _deck_kind(name: str) -> str:
    """Which rule sets can rule on one table: those whose decks hold every card of the
    classic 108-card deck are ``classic``; any other deck (UNO Flip's, No Mercy's, All
    Wild's) is its own kind."""
    classic = set(build_deck(load_preset("official")))
    deck = load_preset(name)
    return "classic" if classic <= set(build_deck(deck)) else str(deck.deck)


@cache
def _face_names(lang: str) -> dict[str, str]:
    """The name in ``lang`` of every face of every bundled deck's cards, by its notation
    (``T+5``: a two-sided card's face as a move names it): the page says moves in words
    with them, as :func:`uno_rules.verdict.move_words` does."""
    faces: dict[str, str] = {}
    for name in preset_names():
        for card in build_deck(load_preset(name)):
            for face in (card.face, card.other):
                if face is not None and str(face) not in faces:
                    faces[str(face)] = card_name(face, lang)
    return faces


def page_examples() -> dict[str, dict[str, Any]]:
    """The disputes of :data:`PAGE_EXAMPLES`, as the page's ``web/examples.json`` holds
    them (each file of ``examples/`` read as it is)."""
    text = resources.files("uno_rules").joinpath("web/examples.json").read_text("utf-8")
    found: dict[str, dict[str, Any]] = json.loads(text)
    return found


def page_text(lang: str) -> dict[str, object]:
    """The page's words in ``lang``, with the languages the page offers, the rule sets'
    names and descriptions, and the common disputes (each with the rule sets it is ruled
    under, those its file expects)."""
    disputes = page_examples()
    examples = []
    for name, title in PAGE_EXAMPLES:
        data = dict(disputes[name])
        presets = list(data.pop("expect", None) or {})
        data.pop("description", None)
        data["title"] = tr(lang, title)
        said = {"name": name, "title": tr(lang, title), "dispute": data, "presets": presets}
        examples.append(said)
    presets = []
    for name in preset_names():
        label, summary = PRESET_WORDS.get(name, (name, ""))
        summary = tr(lang, summary) if summary else ""
        deck = _deck_kind(name)
        said = {"name": name, "label": tr(lang, label), "summary": summary, "deck": deck}
        presets.append(said)
    return {
        "lang": lang,
        "faces": _face_names(lang),
        "languages": [{"code": code, "name": LANGUAGE_NAMES[code]} for code in LANGUAGES],
        "messages": {message: tr(lang, message) for message in PAGE_MESSAGES},
        "examples": examples,
        "presets": presets,
    }
