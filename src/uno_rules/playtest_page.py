"""The play check's report as one HTML page: self-contained (no script, no file beside it),
its charts drawn in SVG, readable on a phone, in English, Vietnamese or Tagalog.

>>> from uno_rules.playtesting import playtest
>>> page = report_html(playtest("official", players=(2,), games=1, bots=("heuristic",)))
>>> page.startswith("<!DOCTYPE html>"), "<svg" in page
(True, True)
"""

from __future__ import annotations

import html
import json
import math
import re
from collections.abc import Sequence

from ._words import say
from .i18n import N_, tr
from .playtesting import (
    HAND_STEP,
    LENGTH_STEP,
    METRICS,
    Comparison,
    Endless,
    Finding,
    PlaytestReport,
    Tally,
    number_or_none,
    pooled,
)
from .verdict import player_name

__all__ = ["report_html"]

RULES_COLOR = "#1f5fa8"  # dark blue: 6.4:1 on white
BASE_COLOR = "#a84a00"  # dark orange: 5.3:1 on white
INK = "#1a1a1a"

_VERDICTS = {
    "ok": N_("no problem found"),
    "problems": N_("problems found"),
    "endless": N_("endless rounds found"),
    "dead": N_("dead settings found"),
}
_KINDS = {
    "stuck": N_("stuck: the seat to act has no legal move"),
    "crash": N_("crash: a rule raised an error"),
    "invariant": N_("invariant broken"),
}

_VERDICT = N_("Verdict: {verdict}")
_PROBLEMS = N_("Problems")
_NONE = N_("None found.")
_ENDLESS = N_("Endless rounds")
_DEAD = N_("Dead settings")
_CHARTS = N_("Charts")
_AGAINST = N_("Against {baseline}")
_MEASURE = N_("measure")
_DIFFERENCE = N_("difference")

_STYLE = f"""
body {{ font-family: system-ui, sans-serif; color: {INK}; background: #fff; margin: 0;
  line-height: 1.5; }}
main {{ max-width: 56rem; margin: 0 auto; padding: 1rem; }}
h1 {{ font-size: 1.5rem; }} h2 {{ font-size: 1.25rem; margin-top: 2rem; }}
figure {{ margin: 1rem 0; }} svg {{ width: 100%; height: auto; max-width: 40rem; }}
table {{ border-collapse: collapse; width: 100%; font-size: 0.95rem; }}
th, td {{ border-bottom: 1px solid #767676; padding: 0.3rem; text-align: left; }}
.scroll {{ overflow-x: auto; }}
pre {{ white-space: pre-wrap; word-break: break-all; background: #f3f3f3; padding: 0.5rem; }}
.verdict {{ font-weight: bold; }}
.key-rules {{ color: {RULES_COLOR}; }} .key-base {{ color: {BASE_COLOR}; }}
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _fmt(value: float | None, share: bool = False) -> str:
    if value is None or math.isnan(value):
        return "–"
    if share:
        return f"{value:.1%}"
    return f"{value:.0f}" if abs(value) >= 100 else f"{value:.2f}"


def _bars(
    title: str,
    desc: str,
    labels: Sequence[str],
    series: Sequence[tuple[str, str, Sequence[float]]],
    ident: str,
    whiskers: Sequence[Sequence[tuple[float, float]]] | None = None,
) -> str:
    """A bar chart: one group of bars per label, one bar per series (name, color,
    values)."""
    width, height, left, bottom, top = 600, 260, 50, 40, 20
    plot_w, plot_h = width - left - 10, height - bottom - top
    highest = max([v for _, _, vs in series for v in vs] + [1e-9])
    if whiskers:
        highest = max(highest, *(hi for w in whiskers for _, hi in w))
    groups = max(1, len(labels))
    group_w = plot_w / groups
    bar_w = max(1.0, group_w * 0.8 / max(1, len(series)))
    parts = [
        f'<svg viewBox="0 0 {width} {height}" role="img" aria-labelledby="{ident}-t {ident}-d"'
        ' xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{ident}-t">{_e(title)}</title><desc id="{ident}-d">{_e(desc)}</desc>',
        f'<line x1="{left}" y1="{top + plot_h}" x2="{width - 10}" y2="{top + plot_h}" '
        f'stroke="{INK}"/>',
        f'<text x="{left - 4}" y="{top + 10}" text-anchor="end" font-size="12" '
        f'fill="{INK}">{_short(highest)}</text>',
        f'<text x="{left - 4}" y="{top + plot_h}" text-anchor="end" font-size="12" '
        f'fill="{INK}">0</text>',
    ]
    step = max(1, groups // 10)
    for i, label in enumerate(labels):
        x0 = left + i * group_w + group_w * 0.1
        for j, (_, color, values) in enumerate(series):
            v = values[i] if i < len(values) else 0.0
            h = plot_h * (v / highest) if highest else 0
            x = x0 + j * bar_w
            parts.append(
                f'<rect x="{x:.1f}" y="{top + plot_h - h:.1f}" width="{bar_w:.1f}" '
                f'height="{h:.1f}" fill="{color}"/>'
            )
            if whiskers and j < len(whiskers) and i < len(whiskers[j]):
                lo, hi = whiskers[j][i]
                cx = x + bar_w / 2
                y_lo = top + plot_h - plot_h * lo / highest
                y_hi = top + plot_h - plot_h * hi / highest
                parts.append(
                    f'<line x1="{cx:.1f}" y1="{y_lo:.1f}" x2="{cx:.1f}" y2="{y_hi:.1f}" '
                    f'stroke="{INK}" stroke-width="2"/>'
                )
        if i % step == 0:
            parts.append(
                f'<text x="{left + i * group_w + group_w / 2:.1f}" y="{top + plot_h + 16}" '
                f'text-anchor="middle" font-size="12" fill="{INK}">{_e(label)}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)


def _lines(
    title: str,
    desc: str,
    xs: Sequence[int],
    series: Sequence[tuple[str, str, Sequence[float | None]]],
    ident: str,
) -> str:
    width, height, left, bottom, top = 600, 260, 50, 40, 20
    plot_w, plot_h = width - left - 10, height - bottom - top
    values = [v for _, _, vs in series for v in vs if v is not None]
    highest = max([*values, 1e-9])
    span = max(1, (xs[-1] - xs[0]) if xs else 1)
    parts = [
        f'<svg viewBox="0 0 {width} {height}" role="img" aria-labelledby="{ident}-t {ident}-d"'
        ' xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{ident}-t">{_e(title)}</title><desc id="{ident}-d">{_e(desc)}</desc>',
        f'<line x1="{left}" y1="{top + plot_h}" x2="{width - 10}" y2="{top + plot_h}" '
        f'stroke="{INK}"/>',
        f'<text x="{left - 4}" y="{top + 10}" text-anchor="end" font-size="12" '
        f'fill="{INK}">{_short(highest)}</text>',
        f'<text x="{left - 4}" y="{top + plot_h}" text-anchor="end" font-size="12" '
        f'fill="{INK}">0</text>',
    ]
    for x in (xs[0], xs[len(xs) // 2], xs[-1]) if xs else ():
        px = left + plot_w * (x - xs[0]) / span
        parts.append(
            f'<text x="{px:.1f}" y="{top + plot_h + 16}" text-anchor="middle" font-size="12" '
            f'fill="{INK}">{x}</text>'
        )
    for k, (_, color, vs) in enumerate(series):
        points = [
            f"{left + plot_w * (x - xs[0]) / span:.1f},{top + plot_h - plot_h * v / highest:.1f}"
            for x, v in zip(xs, vs, strict=False)
            if v is not None
        ]
        if points:
            dash = ' stroke-dasharray="6 3"' if k else ""
            parts.append(
                f'<polyline points="{" ".join(points)}" fill="none" stroke="{color}" '
                f'stroke-width="2.5"{dash}/>'
            )
    parts.append("</svg>")
    return "".join(parts)


def _short(v: float) -> str:
    return f"{v:.0f}" if v >= 10 else f"{v:.2f}"


def _histogram(t: Tally, which: str) -> dict[int, int]:
    return dict(t.lengths if which == "lengths" else t.stacks)


def _legend(lang: str, rules: str, baseline: str | None) -> str:
    out = f'<p><span class="key-rules">■ {_e(rules)}</span>'
    if baseline is not None:
        out += f' <span class="key-base">■ {_e(baseline)}</span>'
    return out + "</p>"


def report_html(report: PlaytestReport, lang: str = "en") -> str:
    """The report as a whole HTML page in ``lang`` (``en``, ``vi``, ``tl``)."""
    r = report
    data = r.to_dict()
    body: list[str] = []
    title = say(lang, N_("Play check of {name}"), name=r.name)
    body.append(f"<h1>{_e(title)}</h1>")
    verdict = tr(lang, _VERDICTS[r.verdict])
    body.append(f'<p class="verdict">{_e(say(lang, _VERDICT, verdict=verdict))}</p>')
    body.append(f"<p>{_e(_played(lang, r))}</p>")
    # problems
    body.append(f"<h2>{_e(tr(lang, _PROBLEMS))}</h2>")
    if not r.findings:
        body.append(f"<p>{_e(tr(lang, _NONE))}</p>")
    for f in r.findings:
        said = say(
            lang,
            N_("{kind}, with {players} players and {bot} bots, game {game}: {what}"),
            kind=tr(lang, _KINDS[f.kind]),
            players=f.players,
            bot=f.bot,
            game=f.game,
            what=_what(lang, f),
        )
        body.append(f"<p>{_e(said)}</p>")
        if f.dispute is not None:
            note = tr(
                lang, N_("A dispute file reaches it: save it and open it with uno-rules rule.")
            )
            text = json.dumps(f.dispute, indent=1)
            body.append(f"<details><summary>{_e(note)}</summary><pre>{_e(text)}</pre></details>")
        else:
            note = tr(lang, N_("The moves of the whole game reach it:"))
            body.append(
                f"<details><summary>{_e(note)}</summary><pre>{_e(' · '.join(f.moves))}</pre>"
                "</details>"
            )
    # endless
    body.append(f"<h2>{_e(tr(lang, _ENDLESS))}</h2>")
    if not r.endless:
        body.append(f"<p>{_e(tr(lang, _NONE))}</p>")
    for e in r.endless[:10]:
        body.append(f"<p>{_e(_endless_sentence(lang, r, e, drivers=False))}</p>")
        if e.drivers:
            body.append(f"<p>{_e(_drivers(lang, e.drivers))}</p>")
        if e.lap:
            body.append(f"<pre>{_e(' · '.join(e.lap))}</pre>")
    if len(r.endless) > 10:
        more = say(lang, N_("... and {count} more"), count=len(r.endless) - 10)
        body.append(f"<p>{_e(more)}</p>")
    # dead settings
    body.append(f"<h2>{_e(tr(lang, _DEAD))}</h2>")
    if not r.dead:
        body.append(f"<p>{_e(tr(lang, _NONE))}</p>")
    for d in r.dead:
        body.append(f"<p>{_e(_dead_sentence(lang, d.path, d.games))}</p>")
    # the baseline
    if r.baseline is not None:
        body.append(f"<h2>{_e(say(lang, _AGAINST, baseline=r.baseline))}</h2>")
        sentences = []
        rows = []
        for c, cd in zip(r.comparisons, data["comparison"], strict=True):
            share = c.metric.endswith("share") or c.metric == "first_player_edge"
            name = tr(lang, METRICS[c.metric])
            v, b, d = cd["value"], cd["baseline"], cd["difference"]
            rows.append(
                f'<tr><th scope="row">{_e(name)}</th><td>{_fmt(v["value"], share)} '
                f"[{_fmt(v['low'], share)}, {_fmt(v['high'], share)}]</td>"
                f"<td>{_fmt(b['value'], share)} [{_fmt(b['low'], share)}, "
                f"{_fmt(b['high'], share)}]</td><td>{_fmt(d['value'], share)} "
                f"[{_fmt(d['low'], share)}, {_fmt(d['high'], share)}]</td></tr>"
            )
            if c.differs:
                sentences.append(_difference(lang, r, c))
        if not sentences:
            sentences.append(
                say(lang, N_("No measure differs from {baseline}."), baseline=r.baseline)
            )
        body.extend(f"<p>{_e(s)}</p>" for s in sentences)
        head = (
            f'<tr><th scope="col">{_e(tr(lang, _MEASURE))}</th>'
            f'<th scope="col">{_e(r.name)}</th><th scope="col">{_e(r.baseline)}</th>'
            f'<th scope="col">{_e(tr(lang, _DIFFERENCE))}</th></tr>'
        )
        region = tr(lang, _MEASURE)
        body.append(
            f'<div class="scroll" tabindex="0" role="region" aria-label="{_e(region)}">'
            f"<table><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table></div>"
        )
    # charts
    body.append(f"<h2>{_e(tr(lang, _CHARTS))}</h2>")
    body.append(_legend(lang, r.name, r.baseline))
    mine = pooled(r.tallies.values())
    base = pooled(r.base_tallies.values()) if r.base_tallies else None
    body.append(_hist_chart(lang, "lengths", mine, base, r, "len"))
    body.append(_hand_chart(lang, mine, base, r))
    body.append(_hist_chart(lang, "stacks", mine, base, r, "stk"))
    body.append(_seat_chart(lang, r))
    title_tag = _e(title)
    return (
        f'<!DOCTYPE html>\n<html lang="{_e(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title_tag}</title><style>{_STYLE}</style></head>"
        f"<body><main>{''.join(body)}</main></body></html>\n"
    )


def _series(
    r: PlaytestReport, mine: Sequence[float], base: Sequence[float] | None
) -> list[tuple[str, str, Sequence[float]]]:
    out: list[tuple[str, str, Sequence[float]]] = [(r.name, RULES_COLOR, mine)]
    if base is not None and r.baseline is not None:
        out.append((r.baseline, BASE_COLOR, base))
    return out


def _hist_chart(
    lang: str, which: str, mine: Tally, base: Tally | None, r: PlaytestReport, ident: str
) -> str:
    a = _histogram(mine, which)
    b = _histogram(base, which) if base is not None else {}
    keys = sorted(set(a) | set(b)) or [0]
    lo, hi = keys[0], keys[-1]
    buckets = list(range(lo, hi + 1))
    if len(buckets) > 30:  # at most 30 bars: neighbouring values share one
        width = math.ceil(len(buckets) / 30)
        buckets = list(range(lo, hi + 1, width))
    else:
        width = 1

    def shares(h: dict[int, int]) -> list[float]:
        total = sum(h.values()) or 1
        return [sum(h.get(k, 0) for k in range(x, x + width)) / total for x in buckets]

    step = LENGTH_STEP if which == "lengths" else 1
    labels = [str(x * step) for x in buckets]
    if which == "lengths":
        title = tr(lang, N_("Game length (moves per game)"))
    else:
        title = tr(lang, N_("Biggest stack per game (cards)"))
    desc = tr(lang, N_("The share of games in each range, for each rule set."))
    chart = _bars(title, desc, labels, _series(r, shares(a), shares(b) if base else None), ident)
    return f"<figure>{chart}<figcaption>{_e(title)}</figcaption></figure>"


def _hand_chart(lang: str, mine: Tally, base: Tally | None, r: PlaytestReport) -> str:
    def curve(t: Tally) -> list[float | None]:
        return [None if n == 0 else s / n for s, n in t.held]

    xs = [i * HAND_STEP for i in range(len(mine.held))] or [0]
    series: list[tuple[str, str, Sequence[float | None]]] = [(r.name, RULES_COLOR, curve(mine))]
    if base is not None and r.baseline is not None:
        series.append((r.baseline, BASE_COLOR, curve(base)))
    title = tr(lang, N_("Cards per hand over a round, by moves made"))
    desc = tr(lang, N_("The mean number of cards a seat holds, every ten moves of a round."))
    chart = _lines(title, desc, xs, series, "hand")
    return f"<figure>{chart}<figcaption>{_e(title)}</figcaption></figure>"


def _seat_chart(lang: str, r: PlaytestReport) -> str:
    if r.seat_players is None:
        return ""
    mine = [v for v, _, _ in r.seat_wins]
    whiskers = [[(lo, hi) for _, lo, hi in r.seat_wins]]
    base = None
    if r.base_seat_wins:
        base = [v for v, _, _ in r.base_seat_wins]
        whiskers.append([(lo, hi) for _, lo, hi in r.base_seat_wins])
    title = say(lang, N_("Wins by seat ({players} players)"), players=r.seat_players)
    desc = tr(lang, N_("The share of games each seat won, with its 95% interval."))
    labels = [str(i) for i in range(len(mine))]
    clean = [
        [(0.0 if math.isnan(a) else a, 0.0 if math.isnan(b) else b) for a, b in w] for w in whiskers
    ]
    chart = _bars(
        title,
        desc,
        labels,
        _series(
            r,
            [0.0 if math.isnan(v) else v for v in mine],
            base and [0.0 if math.isnan(v) else v for v in base],
        ),
        "seat",
        clean,
    )
    return f"<figure>{chart}<figcaption>{_e(title)}</figcaption></figure>"


def _played(lang: str, r: PlaytestReport) -> str:
    """What was played, in one sentence (one game said in the singular)."""
    message = (
        N_(
            "1 game: {per} per table size and bot ({bots}), tables of {players} players, "
            "seed {seed}, at most {cap} moves a round"
        )
        if r.games == 1
        else N_(
            "{games} games: {per} per table size and bot ({bots}), tables of "
            "{players} players, seed {seed}, at most {cap} moves a round"
        )
    )
    return say(
        lang,
        message,
        games=r.games,
        per=r.games_per_table,
        bots=", ".join(r.bots),
        players=", ".join(map(str, r.players)),
        seed=r.seed,
        cap=r.cap,
    )


_STUCK = re.compile(r"seat (\d+) is to act and has no legal move")


def _what(lang: str, f: Finding) -> str:
    """What went wrong, said for people: a stuck table in ``lang`` with its player counted
    from 1, as ``uno-rules rule`` says the same table; an error as it was raised."""
    stuck = _STUCK.fullmatch(f.what) if f.kind == "stuck" else None
    if stuck is None:
        return f.what
    player = player_name(int(stuck.group(1)), lang)
    return say(lang, N_("{player} is to act and has no legal move"), player=player)


def report_text(report: PlaytestReport, lang: str = "en") -> str:
    """The report for a terminal: the verdict, each problem, endless round, dead setting
    and difference from the baseline in one sentence each."""
    r = report
    lines = [
        say(lang, N_("Play check of {name}"), name=r.name) + ": " + tr(lang, _VERDICTS[r.verdict]),
        "  " + _played(lang, r),
    ]
    for f in r.findings:
        lines.append(
            "  "
            + say(
                lang,
                N_("{kind}, with {players} players and {bot} bots, game {game}: {what}"),
                kind=tr(lang, _KINDS[f.kind]),
                players=f.players,
                bot=f.bot,
                game=f.game,
                what=_what(lang, f),
            )
        )
    for e in r.endless[:10]:
        lines.append("  " + _endless_sentence(lang, r, e))
    if len(r.endless) > 10:
        lines.append("  " + say(lang, N_("... and {count} more"), count=len(r.endless) - 10))
    for d in r.dead:
        lines.append("  " + _dead_sentence(lang, d.path, d.games))
    if r.baseline is not None:
        differs = [_difference(lang, r, c) for c in r.comparisons if c.differs]
        if not differs:
            differs = [say(lang, N_("No measure differs from {baseline}."), baseline=r.baseline)]
        lines.extend("  " + s for s in differs)
    return "\n".join(lines)


def _endless_sentence(lang: str, r: PlaytestReport, e: Endless, drivers: bool = True) -> str:
    where = say(
        lang,
        N_("With {players} players and {bot} bots, game {game} reached {cap} moves in a round."),
        players=e.players,
        bot=e.bot,
        game=e.game,
        cap=r.cap,
    )
    if e.kind == "cycle":
        why = say(
            lang,
            N_("A state came back after {length} moves: play can go round this lap for ever."),
            length=e.cycle_length,
        )
    elif e.kind == "growing":
        why = say(
            lang,
            N_(
                "The hands only grew: {start} cards held at the deal, {end} at the cap; "
                "the smallest hand never fell below {fewest} in the round's second half."
            ),
            start=e.held_start,
            end=e.held_end,
            fewest=e.fewest,
        )
    else:
        why = tr(
            lang,
            N_("The round was long, but no state came back and the hands did not only grow."),
        )
    out = f"{where} {why}"
    if drivers and e.drivers:
        out += " " + _drivers(lang, e.drivers)
    return out


def _drivers(lang: str, paths: Sequence[str]) -> str:
    return say(
        lang,
        N_("The same game ends with one of these switched off: {paths}"),
        paths=", ".join(paths),
    )


def _dead_sentence(lang: str, path: str, games: int) -> str:
    message = (
        N_("{path} changed no move and no event in 1 game: it is probably ineffective.")
        if games == 1
        else N_("{path} changed no move and no event in {games} games: it is probably ineffective.")
    )
    return say(lang, message, path=path, games=games)


def _difference(lang: str, r: PlaytestReport, c: Comparison) -> str:
    share = c.metric.endswith("share") or c.metric == "first_player_edge"
    said = say(
        lang,
        N_(
            "{metric}: {value} here, {base} under {baseline}, a difference of {diff} "
            "(95% interval {low} to {high})."
        ),
        metric=tr(lang, METRICS[c.metric]),
        value=_fmt(number_or_none(c.value[0]), share),
        base=_fmt(number_or_none(c.base[0]), share),
        baseline=r.baseline,
        diff=_fmt(number_or_none(c.difference[0]), share),
        low=_fmt(number_or_none(c.difference[1]), share),
        high=_fmt(number_or_none(c.difference[2]), share),
    )
    return said[:1].upper() + said[1:]
