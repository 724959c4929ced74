"""SVG pictures of cards, hands and tables (standard library only).

``card_svg`` draws one card, ``hand_svg`` a row of cards, ``table_svg`` a table as one seat
sees it: its own hand face up, the other seats as card counts, the top card, the active
color, the direction of play, a pending penalty and whose decision it is. A table is always
drawn from a :class:`~uno_rules.PlayerView`, so nothing the seat may not know can appear in
the picture. Every color is also written out in words and every card carries a text label,
so the pictures do not rely on color alone; each picture has a ``<title>`` for screen
readers.

Cards, views and states show themselves as these pictures in notebooks (``_repr_svg_``);
a state is drawn as the seat whose decision it is sees it.

>>> import uno_rules as uno
>>> from uno_rules.svg import card_svg, table_svg
>>> card_svg("R+2").startswith("<svg")
True
>>> "draw two" in card_svg("R+2")
True
>>> table = uno.situation({"players": 2, "hands": [["R7", "B6"], ["G1"]], "discard": ["R5"]})
>>> picture = table_svg(uno.view(table, 0))
>>> "blue 6" in picture, "green 1" in picture
(True, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from . import _words
from ._words import DIRECTIONS, color_name
from .cards import COLORS, DARK_COLORS, Card, Color
from .events import (
    CardPlayed,
    CardsDiscarded,
    CardsDrawn,
    Eliminated,
    Event,
    HandsRotated,
    HandsShuffled,
    HandsSwapped,
    Reshuffled,
    TableFlipped,
    WildsDiscarded,
)
from .i18n import N_, tr, translate
from .view import view

if TYPE_CHECKING:
    from .dispute import Settlement
    from .state import GameState
    from .view import PlayerView

__all__ = [
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "card_name",
    "card_svg",
    "dispute_svgs",
    "hand_svg",
    "ruling_svg",
    "state_svg",
    "table_svg",
]

CARD_WIDTH = 60
CARD_HEIGHT = 90
_GAP = 8
_FONT = "font-family='DejaVu Sans, Verdana, Arial, sans-serif'"

# Fills chosen for white text at a contrast ratio of at least 4.5:1, except yellow, which
# carries dark text; every color is named in words on the card as well.
_FILL = {
    Color.RED: ("#b71c1c", "#ffffff"),
    Color.YELLOW: ("#fdd835", "#1a1a1a"),
    Color.GREEN: ("#1b5e20", "#ffffff"),
    Color.BLUE: ("#0d47a1", "#ffffff"),
    # UNO Flip's dark side (F1)
    Color.PINK: ("#ad1457", "#ffffff"),
    Color.TEAL: ("#00695c", "#ffffff"),
    Color.ORANGE: ("#e65100", "#ffffff"),
    Color.PURPLE: ("#4a148c", "#ffffff"),
}
_WILD_FILL = ("#212121", "#ffffff")

# The pictures' own words (the status and the facts of play reuse the sentences of
# ``render``); card symbols (``SKIP``, ``+2``) are notation and stay as they are.
_WILD_WORD = N_("wild")
_SIDE_WORDS = {"light": N_("light"), "dark": N_("dark")}


def card_name(card: Card, lang: str = "en") -> str:
    """Words for a card, for labels (:attr:`Card.name` in lower case in English): ``red
    5``, ``blue draw two``, ``wild draw four``; in another ``lang``, the card's name in that
    language. A two-sided card is named by its face in play."""
    if lang == "en":
        return card.name.lower()
    return _words.card_name(card.face, lang)


def _full_name(card: Card, lang: str) -> str:
    """A card's name and, for a two-sided card, its other face's."""
    other = card.other
    if other is None:
        return card_name(card, lang)
    return translate(
        lang,
        N_("{card}, other face {other}"),
        card=card_name(card, lang),
        other=card_name(other, lang),
    )


def _svg(width: int, height: int, title: str, body: str) -> str:
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
        f"viewBox='0 0 {width} {height}' role='img' aria-label={quoteattr(title)}>"
        f"<title>{escape(title)}</title>{body}</svg>"
    )


def _text(x: float, y: float, text: str, size: float, fill: str, extra: str = "") -> str:
    return (
        f"<text x='{x:g}' y='{y:g}' font-size='{size:g}' fill='{fill}' {_FONT} "
        f"text-anchor='middle' {extra}>{escape(text)}</text>"
    )


def _fill(card: Card) -> tuple[str, str]:
    return _WILD_FILL if card.color is None else _FILL[card.color]


#: The smallest text on a card (its color in words, its other face), in the picture's units.
CARD_TEXT = 11
#: The width of the pictures of a dispute's moves: narrow enough that, shown as wide as a
#: phone's screen (about 300 to 340 CSS pixels of it), a unit is at least a pixel.
NARROW_WIDTH = 300


def _card_lines(label: str, width: float) -> list[str]:
    """``label`` on one line, or on two cut at a space when one is too narrow for it at
    :data:`CARD_TEXT`."""
    if _fitted(label, CARD_TEXT, width) >= CARD_TEXT:
        return [label]
    # the cuts: after each space (dropped) or hyphen (kept on the first line)
    cuts = [(i, i + 1) for i, c in enumerate(label) if c == " "]
    cuts += [(i + 1, i + 1) for i, c in enumerate(label) if c == "-"]
    if not cuts:
        return [label]
    end, start = min(cuts, key=lambda cut: abs(cut[0] - len(label) / 2))
    return [label[:end], label[start:]]


def _card(card: Card, x: float, y: float, lang: str = "en", dark: bool | None = None) -> str:
    """One card as an SVG group at ``(x, y)``: its face in play and, for a two-sided card,
    a strip along the bottom with its other face. ``dark`` says which side a one-sided
    face belongs to (the swatches of a wild are its side's colors); a two-sided card says
    it itself."""
    if dark is None:
        dark = card.dark
    fill, ink = _fill(card)
    other = card.other
    w, h = CARD_WIDTH, CARD_HEIGHT
    parts = [
        f"<g transform='translate({x:g},{y:g})'><title>{escape(_full_name(card, lang))}</title>",
        f"<rect x='0.5' y='0.5' width='{w - 1}' height='{h - 1}' rx='7' "
        f"fill='{'#212121' if dark else '#ffffff'}' stroke='#424242'/>",
        f"<rect x='4' y='4' width='{w - 8}' height='{h - 8}' rx='5' fill='{fill}'/>",
    ]
    if card.color is None and card.kind.points_class != "blank":
        # Four small swatches say "any color" (of the side the face is on); the label
        # below says it in words too.
        for i, color in enumerate(DARK_COLORS if dark else COLORS):
            parts.append(
                f"<rect x='{9 + i * 11}' y='9' width='9' height='9' fill='{_FILL[color][0]}' "
                "stroke='#ffffff' stroke-width='0.5'/>"
            )
    symbol = card.kind.label  # a number card's is its number
    size = {1: 30, 2: 22, 3: 15}.get(len(symbol), 12)
    label = tr(lang, _WILD_WORD) if card.color is None else color_name(card.color, lang)
    # the color in words, at CARD_TEXT, on two lines where one is too narrow for it
    lines = _card_lines(label, w - 4)
    bottom = h - (19 if other is not None else 7)  # the baseline of the last line
    middle = (bottom - 12 * len(lines) + 4) / 2 + 2
    parts.append(
        f"<ellipse cx='{w / 2:g}' cy='{middle:g}' rx='22' ry='{min(27, middle - 8):g}' "
        f"fill='none' stroke='{ink}' stroke-width='1.5' opacity='0.6'/>"
    )
    parts.append(_text(w / 2, middle + size * 0.35, symbol, size, ink, "font-weight='bold'"))
    for i, line in enumerate(lines):
        y_line = bottom - 12 * (len(lines) - 1 - i)
        parts.append(_text(w / 2, y_line, line, _fitted(line, CARD_TEXT, w - 4), ink))
    if other is not None:
        # the other face: its number or symbol on a strip of its color
        back, back_ink = _fill(other)
        parts.append(
            f"<rect x='6' y='{h - 16}' width='{w - 12}' height='13' rx='3' fill='{back}' "
            "stroke='#ffffff' stroke-width='1'/>"
        )
        parts.append(
            _text(
                w / 2,
                h - 5,
                other.kind.label,
                CARD_TEXT,
                back_ink,
                "font-weight='bold' class='strip'",
            )
        )
    parts.append("</g>")
    return "".join(parts)


def _back(x: float, y: float, label: str, lang: str = "en") -> str:
    """A face-down card with a label under it (the draw pile, a hand nobody knows)."""
    w, h = CARD_WIDTH, CARD_HEIGHT
    return (
        f"<g transform='translate({x:g},{y:g})'>"
        f"<rect x='0.5' y='0.5' width='{w - 1}' height='{h - 1}' rx='7' fill='#ffffff' "
        "stroke='#424242'/>"
        f"<rect x='4' y='4' width='{w - 8}' height='{h - 8}' rx='5' fill='#37474f'/>"
        + _text(w / 2, h / 2 + 4, tr(lang, N_("deck")), 12, "#ffffff")
        + _text(w / 2, h + 14, label, 11, "#1a1a1a")
        + "</g>"
    )


def card_svg(card: Card | str, lang: str = "en") -> str:
    """One card (a :class:`~uno_rules.Card` or its text) as an SVG document, its words in
    ``lang``; a two-sided card (``R5/T7``) shows both faces, the face in play large."""
    card = Card.parse(card) if isinstance(card, str) else card
    return _svg(CARD_WIDTH, CARD_HEIGHT, _full_name(card, lang), _card(card, 0, 0, lang))


def _row(
    cards: tuple[Card, ...],
    x: float,
    y: float,
    width: int,
    lang: str = "en",
    dark: bool | None = None,
) -> tuple[str, int]:
    """Cards side by side from ``(x, y)``, overlapping to fit ``width``; returns the group
    and the height used. ``dark`` as for :func:`_card`."""
    if not cards:
        return _text(x + width / 2, y + 20, tr(lang, N_("no cards")), 13, "#1a1a1a"), 30
    step = CARD_WIDTH + 4
    if len(cards) > 1 and len(cards) * step - 4 > width:
        step = max(16, (width - CARD_WIDTH) // (len(cards) - 1))
    per_row = max(1, (width - CARD_WIDTH) // step + 1)
    parts = []
    for i, card in enumerate(cards):
        row, col = divmod(i, per_row)
        parts.append(_card(card, x + col * step, y + row * (CARD_HEIGHT + 6), lang, dark))
    rows = (len(cards) - 1) // per_row + 1
    return "".join(parts), rows * (CARD_HEIGHT + 6)


def hand_svg(cards: Iterable[Card | str], width: int | None = None, lang: str = "en") -> str:
    """A row of cards as an SVG document (overlapping when ``width`` is too narrow), its
    words in ``lang``; two-sided cards show both faces."""
    hand = tuple(Card.parse(c) if isinstance(c, str) else c for c in cards)
    if width is None:
        width = max(CARD_WIDTH, len(hand) * (CARD_WIDTH + 4) - 4)
    body, height = _row(hand, 0, 0, width, lang)
    names = ", ".join(_full_name(c, lang) for c in hand) or tr(lang, N_("no cards"))
    return _svg(width, height, translate(lang, N_("hand: {cards}"), cards=names), body)


_PHASE_WORDS = {
    "turn": N_("{who} to play"),
    "drawn": N_("{who} drew: play it or pass"),
    "penalty": N_("{who} must answer the penalty"),
    "choose-color": N_("{who} names the color"),
}


def _seat(seat: int, mine: bool, lang: str) -> str:
    """What people call ``seat``: Player 1 is seat 0."""
    message = N_("Player {number} (you)") if mine else N_("Player {number}")
    return translate(lang, message, number=seat + 1)


def _fitted(text: str, size: float, width: float) -> float:
    """The font size (at most ``size``) at which ``text`` fits ``width`` pixels, taking a
    bold character of DejaVu Sans as 0.62 of the size wide (its widest letters are about
    0.7, its narrowest 0.3)."""
    return min(size, int(10 * width / max(1, 0.62 * len(text))) / 10)


def _count(count: int, lang: str) -> str:
    return translate(lang, N_("1 card") if count == 1 else N_("{count} cards"), count=count)


def _status(v: PlayerView, lang: str = "en") -> str:
    phase = v.phase.value
    if phase == "game-over":
        seats = ", ".join(_seat(s, False, lang) for s in v.game_winners)
        return translate(lang, N_("game over, won by {seats}"), seats=seats)
    if phase == "round-over":
        won = v.round_winner
        if won is None:
            return tr(lang, N_("round over, blocked"))
        return translate(lang, N_("round over, won by {player}"), player=_seat(won, False, lang))
    who = _seat(v.turn, v.turn == v.seat, lang)
    words = _PHASE_WORDS.get(phase)
    return f"{who} {phase}" if words is None else translate(lang, words, who=who)


def table_svg(v: PlayerView, hidden: bool = False, lang: str = "en") -> str:
    """The table as seat ``v.seat`` sees it, as an SVG document, its words in ``lang``.
    With ``hidden`` the seat's own hand is drawn face down: a table description gave it
    as a count, so its cards are not known, and the cards the description filled in are
    never shown as if they were.

    On UNO Flip's cards (F14) the seat's hand shows its faces in play, each other hand
    its backs (the other faces, which the whole table sees), the draw pile the other face
    of its top card, and the side in play is written out."""
    return _table_svg(v, () if hidden else None, lang)


def _rules_label(name: str, lang: str) -> str:
    """A bundled rule set by its name for people in ``lang`` (``family``: "Family
    rules"), another by its own name."""
    from ._page_text import PRESET_WORDS  # start-up: only pictures name the rule sets

    return translate(lang, PRESET_WORDS[name][0]) if name in PRESET_WORDS else name


def _table_svg(
    v: PlayerView,
    named: tuple[Card, ...] | None,
    lang: str = "en",
    backs: Mapping[int, Counter[Card]] | None = None,
    pile_known: bool = True,
    width: int = 540,
) -> str:
    """:func:`table_svg`, with the seat's own hand face up when ``named`` is ``None``, else
    only the cards of ``named`` face up (the cards the table named), the others face down.
    On two-sided cards, ``backs`` (when given) holds, for each other seat, the backs known
    to be in its hand (the other faces of the cards the table named): the rest of its
    backs are drawn as plain backs; without ``pile_known`` so is the draw pile's top."""
    if named is None:
        named = tuple(v.hand)
    shown = _known(v.hand, Counter(c.face for c in named))  # a view holds faces (F14)
    hidden_count = len(v.hand) - len(shown)
    flip = bool(v.backs)
    dark = v.side == "dark"
    narrow = width < 480  # two seats a row, the facts of play under the cards
    ink = "#1a1a1a"
    parts: list[str] = []
    heading = translate(
        lang,
        N_("{player}'s view, {rules}, round {round}"),
        player=_seat(v.seat, False, lang),
        rules=_rules_label(v.rules_name, lang),
        round=v.round_number + 1,
    )
    status = _status(v, lang)
    y = 4
    for text, size, bold in ((heading, 15, "font-weight='bold'"), (status, 13, "")):
        for line in _lines(text, size, width - 20):
            y += size + 5
            parts.append(_text(width / 2, y, line, size, ink, bold))
    y += 14

    # Seats: counts for everyone, a thick border and "to act" on the deciding seat.
    # as wide as the row allows, so that a seat's name fits in any language
    per_row = min(v.players, 2 if narrow else 4) if v.players <= 4 else (2 if narrow else 5)
    box_w, box_h = (width - 20 - 6 * (per_row - 1)) // per_row, 44
    acting = v.phase.value not in ("round-over", "game-over")
    for seat in range(v.players):
        row, col = divmod(seat, per_row)
        bx, by = 10 + col * (box_w + 6), y + row * (box_h + 6)
        mine = seat == v.seat
        to_act = acting and seat == v.turn
        fill = "#e3f2fd" if mine else "#f5f5f5"
        stroke, sw = ("#000000", 3) if to_act else ("#9e9e9e", 1)
        name = _seat(seat, mine, lang)
        count = _count(v.hand_sizes[seat], lang)
        notes = []
        if to_act:
            notes.append(tr(lang, N_("to act")))
        if seat in v.uno_called:
            notes.append("UNO")
        if seat in v.eliminated:
            notes.append(tr(lang, N_("out")))
        if v.scores[seat]:
            notes.append(translate(lang, N_("{points} pts"), points=v.scores[seat]))
        parts.append(
            f"<g><title>{escape(name)}: {escape(count)}"
            f"{escape(', ' + ', '.join(notes)) if notes else ''}</title>"
            f"<rect x='{bx}' y='{by}' width='{box_w}' height='{box_h}' rx='6' fill='{fill}' "
            f"stroke='{stroke}' stroke-width='{sw}'/>"
            + _text(
                bx + box_w / 2,
                by + 17,
                name,
                _fitted(name, 12, box_w - 8),
                ink,
                "font-weight='bold'",
            )
            + _text(
                bx + box_w / 2,
                by + 34,
                line := count + (" · " + notes[0] if notes else ""),
                _fitted(line, 11, box_w - 8),
                ink,
            )
            + "</g>"
        )
    rows = (v.players - 1) // per_row + 1
    y += rows * (box_h + 6) + 10

    if flip:  # F14: the other hands' backs, which the whole table sees
        for seat, seat_backs in enumerate(v.backs):
            if seat == v.seat:
                continue
            known = (
                list(seat_backs)
                if backs is None
                else _known(seat_backs, Counter(backs.get(seat, Counter())))
            )
            plain_backs = len(seat_backs) - len(known)
            parts.append(
                f"<text x='10' y='{y + 4}' font-size='12' fill='{ink}' {_FONT} "
                "font-weight='bold'>"
                + escape(
                    translate(lang, N_("Backs of {player}'s hand"), player=_seat(seat, False, lang))
                )
                + "</text>"
            )
            y += 10
            if known or not plain_backs:
                body, used = _row(tuple(known), 10, y, width - 20, lang, not dark)
                parts.append(body)
                y += used
            if plain_backs:
                body, used = _face_down(plain_backs, 10, y, width - 20, lang)
                parts.append(body)
                y += used
            y += 8

    # Middle: draw pile, top card, and the facts of play in words.
    left = translate(lang, N_("{count} left"), count=v.draw_pile_size)
    pile_back = v.draw_top_back if pile_known else None
    if pile_back is None:
        parts.append(_back(20, y, left, lang))
    else:
        parts.append(_card(pile_back, 20, y, lang, not dark))
        parts.append(_text(20 + CARD_WIDTH / 2, y + CARD_HEIGHT + 14, left, 11, ink))
    parts.append(_card(v.top_card, 100, y, lang, dark))
    parts.append(_text(130, y + CARD_HEIGHT + 14, tr(lang, N_("top card")), 11, ink))
    facts: list[tuple[str, str | None]] = []
    if v.color is None:
        facts.append((tr(lang, N_("color: not named yet")), None))
    else:
        color = translate(lang, N_("color: {color}"), color=color_name(v.color, lang))
        facts.append((color, _FILL[v.color][0]))
    clockwise = v.direction == 1
    direction = tr(lang, DIRECTIONS[1 if clockwise else -1]) + (" ↻" if clockwise else " ↺")
    facts.append((translate(lang, N_("direction: {direction}"), direction=direction), None))
    if flip:
        side = tr(lang, _SIDE_WORDS.get(v.side, v.side))
        facts.append((translate(lang, N_("side in play: {side}"), side=side), None))
    if v.penalty_amount is not None:
        penalty = translate(lang, N_("pending penalty: draw {amount}"), amount=v.penalty_amount)
        facts.append((penalty, None))
    if v.drawn is not None:  # a card filled in at random is not named
        if v.drawn in shown:
            facts.append((translate(lang, N_("you drew {card}"), card=str(v.drawn)), None))
        else:
            facts.append((tr(lang, N_("you drew a card (not named)")), None))
    # beside the cards, or under them in a narrow picture
    fx, fy = (10, y + CARD_HEIGHT + 44) if narrow else (185, y + 18)
    for text, swatch in facts:
        if swatch is not None:
            parts.append(
                f"<rect x='{fx}' y='{fy - 12}' width='16' height='16' rx='3' fill='{swatch}' "
                "stroke='#424242'/>"
            )
        parts.append(
            f"<text x='{fx + 24 if swatch else fx}' y='{fy}' font-size='14' fill='{ink}' "
            f"{_FONT}>{escape(text)}</text>"
        )
        fy += 24
    y = max(y + CARD_HEIGHT + 40, fy)

    if hidden_count:
        your_hand = translate(
            lang,
            N_("Your hand ({count}) ({unknown} not named: face down)"),
            count=len(v.hand),
            unknown=hidden_count,
        )
    else:
        your_hand = translate(lang, N_("Your hand ({count})"), count=len(v.hand))
    parts.append(
        f"<text x='10' y='{y + 4}' font-size='13' fill='{ink}' {_FONT} font-weight='bold'>"
        f"{escape(your_hand)}</text>"
    )
    y += 12
    if shown:
        body, used = _row(tuple(shown), 10, y, width - 20, lang, dark)
        parts.append(body)
        y += used + (6 if hidden_count else 0)
    if hidden_count or not shown:
        body, used = _face_down(hidden_count, 10, y, width - 20, lang)
        parts.append(body)
        y += used
    y += 6
    cards = ", ".join(card_name(c, lang) for c in shown)
    if hidden_count and shown:
        cards = translate(
            lang, N_("{cards} and {count} cards, not named"), cards=cards, count=hidden_count
        )
    elif hidden_count:
        cards = translate(lang, N_("{count} cards, not named"), count=hidden_count)
    elif not shown:
        cards = tr(lang, N_("no cards"))
    title = translate(
        lang,
        N_("{heading}. {status}. Top card {card}. Your hand: {cards}."),
        heading=heading,
        status=status,
        card=card_name(v.top_card, lang),
        cards=cards,
    )
    background = f"<rect width='{width}' height='{y}' fill='#ffffff'/>"
    return _svg(width, y, title, background + "".join(parts))


def _known(cards: Iterable[Card], named: Counter[Card]) -> list[Card]:
    """The cards of ``cards`` that ``named`` holds (each as many times as it holds it), in
    order."""
    rest = Counter(named)
    found: list[Card] = []
    for card in cards:
        if rest[card]:
            rest[card] -= 1
            found.append(card)
    return found


def _face_down(count: int, x: float, y: float, width: int, lang: str = "en") -> tuple[str, int]:
    """``count`` face-down cards side by side, as :func:`_row` lays out faces."""
    if not count:
        return _text(x + width / 2, y + 20, tr(lang, N_("no cards")), 13, "#1a1a1a"), 30
    step = CARD_WIDTH + 4
    if count > 1 and count * step - 4 > width:
        step = max(16, (width - CARD_WIDTH) // (count - 1))
    per_row = max(1, (width - CARD_WIDTH) // step + 1)
    parts = []
    for i in range(count):
        row, col = divmod(i, per_row)
        parts.append(_back(x + col * step, y + row * (CARD_HEIGHT + 6), "", lang))
    rows = (count - 1) // per_row + 1
    return "".join(parts), rows * (CARD_HEIGHT + 6)


def state_svg(
    state: GameState, seat: int | None = None, hidden: bool = False, lang: str = "en"
) -> str:
    """The table as ``seat`` sees it (default: the seat whose decision it is); with
    ``hidden``, its own hand face down (:func:`table_svg`); its words in ``lang``."""
    return table_svg(view(state, state.turn if seat is None else seat), hidden, lang)


def dispute_svgs(
    settlement: Settlement,
    unknown: frozenset[int] = frozenset(),
    named_draws: int | None = None,
    lang: str = "en",
) -> dict[str, list[tuple[str, str]]]:
    """For each preset of a settled dispute, the table before and after each move, as the
    seat that moves sees it (a refused move leaves the table as it was), its words in
    ``lang``. The hands of the ``unknown`` seats (given as counts) are drawn face down,
    and on UNO Flip's cards so are their backs.

    With ``named_draws`` (how many cards the description names on the draw pile), a card
    drawn past those, which the engine filled in at random, is drawn face down too, and
    so is every card of a hand that came from a seat whose cards are not named; on UNO
    Flip's cards the same goes for the backs of the other hands, and the draw pile's top
    back is drawn only while that top card is one the description named."""
    out: dict[str, list[tuple[str, str]]] = {}
    for name, rulings in settlement.rulings.items():
        state = settlement.starts[name]
        named = [
            Counter() if seat in unknown else Counter(hand) for seat, hand in enumerate(state.hands)
        ]
        drawn = 0
        # a Flip turns the draw pile over: what is drawn after it is named only if the
        # description names the whole pile
        whole = named_draws is not None and named_draws >= state.draw_pile_size
        pictures = []
        for r in rulings:
            seat = r.move.seat if 0 <= r.move.seat < state.players else state.turn
            if named_draws is None:
                hidden = () if seat in unknown else None
                before = _table_svg(
                    view(state, seat), hidden, lang, _unknown(state, unknown), width=NARROW_WIDTH
                )
                after = _table_svg(
                    view(r.state, seat),
                    hidden,
                    lang,
                    _unknown(r.state, unknown),
                    width=NARROW_WIDTH,
                )
            else:
                mine = tuple(named[seat].elements())
                before = _table_svg(
                    view(state, seat), mine, lang, _others(named), drawn < named_draws, NARROW_WIDTH
                )
                drawn = _follow(named, r.events, drawn, named_draws, whole)
                mine = tuple(named[seat].elements())
                after = _table_svg(
                    view(r.state, seat),
                    mine,
                    lang,
                    _others(named),
                    drawn < named_draws,
                    NARROW_WIDTH,
                )
            pictures.append((before, after))
            state = r.state
        out[name] = pictures
    return out


def _others(named: list[Counter[Card]]) -> dict[int, Counter[Card]]:
    """The backs (the other faces) of each seat's named two-sided cards."""
    out: dict[int, Counter[Card]] = {}
    for seat, cards in enumerate(named):
        out[seat] = Counter()
        for card, n in cards.items():
            if card.other is not None and n > 0:
                out[seat][card.other] += n
    return out


def _unknown(state: GameState, unknown: frozenset[int]) -> dict[int, Counter[Card]]:
    """Every hand's backs, but none of the ``unknown`` seats'."""
    return _others([Counter() if s in unknown else Counter(h) for s, h in enumerate(state.hands)])


def _follow(
    named: list[Counter[Card]],
    events: Iterable[Event],
    drawn: int,
    pile: int,
    whole: bool = False,
) -> int:
    """Keep ``named`` (each seat's cards that the description named) through ``events``;
    ``drawn`` cards have come off a draw pile whose first ``pile`` cards are named (all of
    them when ``whole``). Returns the new ``drawn``. A Flip (F2) turns every named card
    over and the draw pile upside down: unless it is ``whole``, no card drawn after it is
    named. An event that moves cards in a way not followed here
    leaves every hand unnamed, so that nothing filled in is ever shown."""
    for event in events:
        if isinstance(event, CardPlayed):
            named[event.seat][event.card] -= 1
        elif isinstance(event, CardsDrawn):
            for card in event.cards or ():
                if drawn < pile:
                    named[event.seat][card] += 1
                drawn += 1
        elif isinstance(event, TableFlipped):
            for seat, counter in enumerate(named):
                named[seat] = Counter({card.flipped: n for card, n in counter.items()})
            if not whole:
                drawn = max(drawn, pile)
        elif isinstance(event, Reshuffled):
            drawn = pile  # the new pile's order is random: nothing drawn from it is named
        elif isinstance(event, HandsSwapped):
            named[event.seat], named[event.target] = named[event.target], named[event.seat]
        elif isinstance(event, HandsRotated):
            step = 1 if event.direction == 1 else -1
            old = list(named)
            for seat in range(len(named)):
                named[(seat + step) % len(named)] = old[seat]
        elif isinstance(event, (CardsDiscarded, WildsDiscarded)):
            for card in event.cards:
                named[event.seat][card] -= 1
        elif isinstance(event, (HandsShuffled, Eliminated)):
            for seat in range(len(named)):
                named[seat] = Counter()
        for counter in named:
            for card in [c for c, n in counter.items() if n <= 0]:
                del counter[card]
    return drawn


# ---------------------------------------------------------------- a ruling to share

_PICTURE_WIDTH = 600
_INK = "#1a1a1a"
_REFUSED = "#b71c1c"
_LEGAL = "#1b5e20"
# The picture's own words; the rest are the page's (``_page_text``) and the rulings'.
N_("A picture of an UNO ruling")
N_("Top card")
N_("Moves")
N_("{count} cards nobody knows")


def _lines(text: str, size: int, width: int = _PICTURE_WIDTH - 30) -> list[str]:
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


_LEFT_OUT = N_(
    "Moves left out of this picture, the last ones, to keep it small enough to send: "
    "{count}. Ask about fewer moves to see their rulings."
)


class _Page:
    """Lines of text and rows of cards, laid out from the top."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.y = 12

    def text(
        self, text: str, size: int = 13, fill: str = _INK, bold: bool = False, x: int = 14
    ) -> None:
        weight = " font-weight='bold'" if bold else ""
        for line in _lines(text, size, _PICTURE_WIDTH - x - 14):
            self.y += size + 5
            self.parts.append(
                f"<text x='{x}' y='{self.y}' font-size='{size}' fill='{fill}' {_FONT}{weight}>"
                f"{escape(line)}</text>"
            )

    def gap(self, height: int) -> None:
        self.y += height


def ruling_svg(
    data: Mapping[str, Any],
    result: Mapping[str, Any],
    lang: str = "en",
    budget: int | None = None,
) -> str:
    """A picture of a settled dispute, to save or send: the table as its description
    (``data``) gives it, the moves, and each rule set's verdict on each move with its
    clause and the clause's sentence, from ``result`` (``Settlement.to_dict(None, lang)``),
    its words in ``lang``.

    Only what the description says is drawn: a hand it names face up, a hand given as a
    count as that many backs (never the cards the engine filled in), and no card drawn
    during the moves, so the picture tells nobody more than the table did. Two-sided
    cards (UNO Flip) are drawn with both faces, as the description names them, the face
    in play in front (the dark one under ``side: dark``).

    With ``budget``, the picture is at most that many bytes of SVG text (UTF-8) whenever
    the table alone fits: the first moves are drawn, with their rulings under every rule
    set, for as long as they fit, and the picture says in words how many moves it leaves
    out at the end."""
    moves = len(data.get("moves") or [])
    whole = _ruling_picture(data, result, lang, moves)
    if budget is None or not moves or len(whole.encode()) <= budget:
        return whole
    # the most moves that fit: a picture of fewer moves is never larger
    best = _ruling_picture(data, result, lang, 0)
    low, high = 1, moves - 1
    while low <= high:
        middle = (low + high) // 2
        picture = _ruling_picture(data, result, lang, middle)
        if len(picture.encode()) <= budget:
            best, low = picture, middle + 1
        else:
            high = middle - 1
    return best


def _ruling_picture(
    data: Mapping[str, Any], result: Mapping[str, Any], lang: str, kept: int
) -> str:
    """:func:`ruling_svg`'s picture of the first ``kept`` moves and their rulings, saying
    how many moves it leaves out after them."""
    page = _Page()
    presets: list[str] = list(result["presets"])
    start = result["start"][presets[0]]
    title = result.get("title") or translate(lang, "UNO referee")
    page.text(str(title), 16, bold=True)
    page.gap(8)

    dark = data.get("side") == "dark"  # F1: a two-sided card shows its dark face

    def described(text: object) -> Card:
        card = Card.parse(str(text))
        return card.flipped if dark and card.other is not None and not card.dark else card

    hands = data.get("hands")
    if not isinstance(hands, list):  # a dispute dealt from a seed: only the counts are known
        hands = list(start["hand_sizes"])
    # start-up: only the picture of a ruling names the players
    from .verdict import player_name

    for seat, hand in enumerate(hands):
        page.text(player_name(seat, lang), 13, bold=True)
        page.gap(4)
        if isinstance(hand, int):
            body, used = _face_down(hand, 14, page.y, _PICTURE_WIDTH - 28, lang)
            page.parts.append(body)
            page.gap(used)
            page.text(translate(lang, "{count} cards nobody knows", count=hand), 11)
        else:
            cards = tuple(described(c) for c in hand)
            body, used = _row(cards, 14, page.y, _PICTURE_WIDTH - 28, lang)
            page.parts.append(body)
            page.gap(used)
        page.gap(4)

    discard = data.get("discard")
    top = str(discard[-1]) if isinstance(discard, list) and discard else str(start["top_card"])
    page.text(translate(lang, "Top card"), 13, bold=True)
    page.gap(4)
    page.parts.append(_back(14, page.y, "", lang))
    page.parts.append(_card(described(top), 24 + CARD_WIDTH, page.y, lang))
    page.gap(CARD_HEIGHT + 10)

    # the moves and the rule sets in words (never notation or a code alone)
    # start-up: only the picture of a ruling says moves and rule sets in words
    from ._page_text import PRESET_WORDS
    from .verdict import move_words

    every = data.get("moves") or []
    moves = [str(m) for m in every[:kept]]
    if moves:
        page.text(translate(lang, "Moves"), 13, bold=True)
        for number, move in enumerate(moves, 1):
            page.text(f"{number}. {move_words(move, lang)}", 13)
        page.gap(6)

    summary: list[str] = []
    for preset in presets:
        page.gap(6)
        name = translate(lang, PRESET_WORDS[preset][0]) if preset in PRESET_WORDS else preset
        page.text(translate(lang, "Under {preset}", preset=name), 15, bold=True)
        for number, ruling in enumerate(result["rulings"][preset][:kept], 1):
            page.gap(4)
            legal = bool(ruling["legal"])
            verdict = f"{number}. {move_words(str(ruling['move']), lang)}"
            # the answer in words where the rulings carry it, else the verdict
            said = str(ruling.get("plain") or ruling["verdict"])
            summary.append(f"{name}, {verdict}: {said}")
            page.text(verdict, 13, _LEGAL if legal else _REFUSED, bold=True)
            page.text(said, 12, x=28)
            if ruling["violation"] and not ruling.get("plain"):
                page.text(str(ruling["violation"]["message"]), 12, x=28)
            page.text(f"{ruling['clause']}: {ruling['rule']}", 12, x=28)
    if kept < len(every):
        left_out = translate(lang, _LEFT_OUT, count=len(every) - kept)
        summary.append(left_out)
        page.gap(10)
        page.text(left_out, 13, bold=True)
    page.gap(14)
    heading = translate(lang, "A picture of an UNO ruling")
    background = f"<rect width='{_PICTURE_WIDTH}' height='{page.y}' fill='#ffffff'/>"
    label = f"{heading}: {title}. " + "; ".join(summary)
    return _svg(_PICTURE_WIDTH, page.y, label, background + "".join(page.parts))
