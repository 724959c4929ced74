"""The dispute page's own words (``web/index.html`` and ``web/page.js``), as messages of the
catalogs: the page asks ``/api/page-text?lang=CODE`` for them in its language. The English
text is the message id; ``{placeholders}`` are filled in by the page."""

from __future__ import annotations

from .i18n import LANGUAGE_NAMES, LANGUAGES, N_, tr

__all__ = ["PAGE_MESSAGES", "page_text"]

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
    N_("Tick one or more to compare them side by side; none rules under the table's own rules."),
    N_("Table"),
    N_("Open a dispute file (YAML or JSON)"),
    N_("Title"),
    N_("Players"),
    N_("Whose turn (seat)"),
    N_("Direction"),
    N_("clockwise (default)"),
    N_("clockwise"),
    N_("counterclockwise"),
    N_(
        "A hand is its cards (tap them below, or type R7 B5 W+4) or, when nobody knows them, a "
        "count (6): hidden cards are drawn face down."
    ),
    N_("Discard pile, bottom to top"),
    N_("Active color"),
    N_("the top card's"),
    N_("red"),
    N_("yellow"),
    N_("green"),
    N_("blue"),
    N_("More fields (JSON)"),
    N_("Any other field of a table description, for example:"),
    N_("Other fields of the table, as JSON"),
    N_("Moves"),
    N_("One move per line"),
    N_("Settle"),
    N_("Rulings"),
    N_("The rules and their clauses are in the uno-rules documentation. API:"),
    N_("Cards"),
    N_("Seat {seat}"),
    N_("Seat {seat}: hand"),
    N_("the discard pile"),
    N_("the moves"),
    N_("Unknown hand (a count)"),
    N_("Remove the last card"),
    N_("Clear"),
    N_("Add to"),
    N_("Build a move"),
    N_("Seat"),
    N_("Action"),
    N_("play the card tapped last"),
    N_("draw"),
    N_("pass"),
    N_("call UNO"),
    N_("challenge"),
    N_("accept the penalty"),
    N_("catch a seat"),
    N_("Color for a wild"),
    N_("none"),
    N_("Target seat"),
    N_("Add the move"),
    N_("Tap a card first, then add the move."),
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
    N_("Seat {seat} drew {count}, cards the table does not name: face down."),
    N_("Rule set shown"),
    N_("Picture of the ruling"),
    N_("Save the picture (SVG)"),
    N_("The picture could not be made: {reason}"),
    N_("Link to this dispute"),
    N_("Send this link to open the same table and moves; nothing is stored on the server."),
)


def page_text(lang: str) -> dict[str, object]:
    """The page's words in ``lang``, with the languages the page offers."""
    return {
        "lang": lang,
        "languages": [{"code": code, "name": LANGUAGE_NAMES[code]} for code in LANGUAGES],
        "messages": {message: tr(lang, message) for message in PAGE_MESSAGES},
    }
