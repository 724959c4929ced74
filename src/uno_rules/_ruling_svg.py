"""A picture of a settled dispute, to save or send: the table as its description gives it,
the moves, and each rule set's verdict with the sentence of its clause, in one SVG.

Only what the description says is drawn: a hand it names is drawn face up, a hand it gives
as a count as that many backs (the cards the engine filled in are never shown), and no
card drawn during the moves is named, so the picture tells nobody more than the table did.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape

from .cards import Card
from .i18n import N_, translate
from .svg import _FONT, CARD_HEIGHT, CARD_WIDTH, _back, _card, _face_down, _row, _svg

__all__ = ["ruling_svg"]

WIDTH = 600
INK = "#1a1a1a"
REFUSED = "#b71c1c"
LEGAL = "#1b5e20"
# The picture's own words; the rest are the page's (``_page_text``) and the rulings'.
N_("A picture of an UNO ruling")
N_("Top card")
N_("{count} cards nobody knows")


def _lines(text: str, size: int, width: int = WIDTH - 30) -> list[str]:
    """``text`` cut at spaces into lines of about ``width`` pixels at font ``size``."""
    most = max(20, int(width / (size * 0.56)))
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > most:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


class _Page:
    """Lines of text and rows of cards, laid out from the top."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.y = 12

    def text(
        self, text: str, size: int = 13, fill: str = INK, bold: bool = False, x: int = 14
    ) -> None:
        weight = " font-weight='bold'" if bold else ""
        for line in _lines(text, size, WIDTH - x - 14):
            self.y += size + 5
            self.parts.append(
                f"<text x='{x}' y='{self.y}' font-size='{size}' fill='{fill}' {_FONT}{weight}>"
                f"{escape(line)}</text>"
            )

    def gap(self, height: int) -> None:
        self.y += height


def ruling_svg(data: Mapping[str, Any], result: Mapping[str, Any], lang: str = "en") -> str:
    """The picture of a dispute (``data``, its description as the page or a file gives
    it) settled into ``result`` (``Settlement.to_dict(None, lang)``), its words in
    ``lang``."""
    page = _Page()
    presets: list[str] = list(result["presets"])
    start = result["start"][presets[0]]
    title = result.get("title") or translate(lang, "UNO referee")
    page.text(str(title), 16, bold=True)
    page.gap(8)

    hands = data.get("hands")
    if not isinstance(hands, list):  # a dispute dealt from a seed: only the counts are known
        hands = list(start["hand_sizes"])
    for seat, hand in enumerate(hands):
        page.text(translate(lang, "Seat {seat}", seat=seat), 13, bold=True)
        page.gap(4)
        if isinstance(hand, int):
            body, used = _face_down(hand, 14, page.y, WIDTH - 28)
            page.parts.append(body)
            page.gap(used)
            page.text(translate(lang, "{count} cards nobody knows", count=hand), 11)
        else:
            cards = tuple(Card.parse(str(c)) for c in hand)
            body, used = _row(cards, 14, page.y, WIDTH - 28)
            page.parts.append(body)
            page.gap(used)
        page.gap(4)

    discard = data.get("discard")
    top = str(discard[-1]) if isinstance(discard, list) and discard else str(start["top_card"])
    page.text(translate(lang, "Top card"), 13, bold=True)
    page.gap(4)
    page.parts.append(_back(14, page.y, ""))
    page.parts.append(_card(Card.parse(top), 24 + CARD_WIDTH, page.y))
    page.gap(CARD_HEIGHT + 10)

    moves = [str(m) for m in data.get("moves") or []]
    if moves:
        page.text(translate(lang, "Moves"), 13, bold=True)
        for number, move in enumerate(moves, 1):
            page.text(f"{number}. {move}", 13)
        page.gap(6)

    summary: list[str] = []
    for preset in presets:
        page.gap(6)
        page.text(translate(lang, "Under {preset}", preset=preset), 15, bold=True)
        for number, ruling in enumerate(result["rulings"][preset], 1):
            page.gap(4)
            legal = bool(ruling["legal"])
            verdict = f"{number}. {ruling['move']}: {ruling['verdict']}"
            summary.append(f"{preset} {verdict}")
            page.text(verdict, 13, LEGAL if legal else REFUSED, bold=True)
            if ruling["violation"]:
                page.text(str(ruling["violation"]["message"]), 12, x=28)
            page.text(f"{ruling['clause']}: {ruling['rule']}", 12, x=28)
    page.gap(14)
    heading = translate(lang, "A picture of an UNO ruling")
    background = f"<rect width='{WIDTH}' height='{page.y}' fill='#ffffff'/>"
    label = f"{heading}: {title}. " + "; ".join(summary)
    return _svg(WIDTH, page.y, label, background + "".join(page.parts))
