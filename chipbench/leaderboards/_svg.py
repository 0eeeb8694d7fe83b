"""Plots as inline SVG, drawn here in a few lines each: the site needs no plotting library,
no JavaScript to draw, and looks the same offline in any browser. Every plot is a pure function
of its data, so the same runs give byte-identical pages."""

from __future__ import annotations

import math
from html import escape

PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#ff9da7",
           "#9c755f", "#6b6ecf")
W, H = 520, 300
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 28, 44


def colour(i: int) -> str:
    return PALETTE[i % len(PALETTE)]


class _Axes:
    def __init__(self, x_range, y_range, x_log=False, y_log=False):
        self.x0, self.x1 = x_range
        self.y0, self.y1 = y_range
        self.x_log, self.y_log = x_log, y_log

    def _t(self, v, lo, hi, log):
        if log:
            v, lo, hi = math.log10(v), math.log10(lo), math.log10(hi)
        return 0.5 if hi == lo else (v - lo) / (hi - lo)

    def x(self, v: float) -> float:
        return LEFT + self._t(v, self.x0, self.x1, self.x_log) * (W - LEFT - RIGHT)

    def y(self, v: float) -> float:
        return H - BOTTOM - self._t(v, self.y0, self.y1, self.y_log) * (H - TOP - BOTTOM)


def _ticks(lo: float, hi: float, log: bool) -> list[float]:
    if log:
        a, b = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
        ticks = [10.0 ** e * m for e in range(a, b + 1) for m in (1, 2, 5) if lo <= 10.0 ** e * m <= hi]
        return ticks if len(ticks) <= 9 else [t for t in ticks if math.log10(t) % 1 == 0]
    if hi == lo:
        return [lo]
    step = 10 ** math.floor(math.log10((hi - lo) / 4))
    for m in (1, 2, 2.5, 5, 10):
        if (hi - lo) / (step * m) <= 6:
            step *= m
            break
    first = math.ceil(lo / step) * step
    return [round(first + i * step, 10) for i in range(int((hi - first) / step + 1e-9) + 1)]


def _fmt(v: float, pct: bool = False) -> str:
    if pct:
        return f"{100 * v:.0f}%"
    return f"{v:g}" if abs(v) >= 0.01 or v == 0 else f"{v:.0e}"


def _frame(ax: _Axes, title: str, x_label: str, y_label: str, y_pct: bool = False, x_pct: bool = False) -> list[str]:
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" class="plot" role="img" '
           f'aria-label="{escape(title)}">', f'<text x="{LEFT}" y="17" class="plot-title">{escape(title)}</text>']
    for t in _ticks(ax.y0, ax.y1, ax.y_log):
        y = ax.y(t)
        out.append(f'<line x1="{LEFT}" x2="{W - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" class="grid"/>'
                   f'<text x="{LEFT - 6}" y="{y + 4:.1f}" class="tick" text-anchor="end">{_fmt(t, y_pct)}</text>')
    for t in _ticks(ax.x0, ax.x1, ax.x_log):
        x = ax.x(t)
        out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{TOP}" y2="{H - BOTTOM}" class="grid"/>'
                   f'<text x="{x:.1f}" y="{H - BOTTOM + 16}" class="tick" text-anchor="middle">{_fmt(t, x_pct)}</text>')
    out.append(f'<rect x="{LEFT}" y="{TOP}" width="{W - LEFT - RIGHT}" height="{H - TOP - BOTTOM}" class="axes"/>')
    out.append(f'<text x="{(LEFT + W - RIGHT) / 2}" y="{H - 8}" class="label" text-anchor="middle">{escape(x_label)}</text>')
    out.append(f'<text transform="translate(14 {(TOP + H - BOTTOM) / 2}) rotate(-90)" class="label" '
               f'text-anchor="middle">{escape(y_label)}</text>')
    return out


def _legend(names: list[tuple[str, str]]) -> str:
    items = "".join(f'<span class="key"><i style="background:{c}"></i>{escape(n)}</span>' for n, c in names)
    return f'<div class="legend">{items}</div>'


def line_chart(series: list[tuple[str, str, list[tuple[float, float]]]], title: str, x_label: str,
               y_label: str, y_range: tuple[float, float] = (0.0, 1.0), x_log: bool = False,
               y_pct: bool = True) -> str:
    """One polyline with markers per series (name, colour, points)."""
    xs = [x for _, _, pts in series for x, _ in pts]
    if not xs:
        return ""
    ax = _Axes((min(xs), max(xs)), y_range, x_log=x_log)
    out = _frame(ax, title, x_label, y_label, y_pct)
    for name, c, pts in series:
        path = " ".join(f"{ax.x(x):.1f},{ax.y(y):.1f}" for x, y in pts if y == y)
        out.append(f'<polyline points="{path}" fill="none" stroke="{c}" stroke-width="2"><title>{escape(name)}</title></polyline>')
        out += [f'<circle cx="{ax.x(x):.1f}" cy="{ax.y(y):.1f}" r="3" fill="{c}"><title>{escape(name)}: '
                f'{_fmt(x)} → {_fmt(y, y_pct)}</title></circle>' for x, y in pts if y == y and len(pts) <= 12]
    out.append("</svg>")
    return "".join(out) + _legend([(n, c) for n, c, _ in series])


def scatter(points: list[tuple[str, str, float, float]], title: str, x_label: str, y_label: str,
            x_log: bool = False, y_range: tuple[float, float] = (0.0, 1.0), y_pct: bool = True) -> str:
    """One labelled point per run (name, colour, x, y)."""
    pts = [p for p in points if p[2] == p[2] and p[3] == p[3] and (not x_log or p[2] > 0)]
    if not pts:
        return ""
    lo, hi = min(p[2] for p in pts), max(p[2] for p in pts)
    if x_log:
        lo, hi = lo / 2, hi * 2
    else:
        pad = (hi - lo) * 0.1 or max(abs(hi), 1.0) * 0.5
        lo, hi = max(0.0, lo - pad), hi + pad
    ax = _Axes((lo, hi), y_range, x_log=x_log)
    out = _frame(ax, title, x_label, y_label, y_pct)
    for name, c, x, y in pts:
        out.append(f'<circle cx="{ax.x(x):.1f}" cy="{ax.y(y):.1f}" r="6" fill="{c}" fill-opacity="0.85">'
                   f'<title>{escape(name)}: {_fmt(x)}, {_fmt(y, y_pct)}</title></circle>')
    out.append("</svg>")
    return "".join(out) + _legend([(n, c) for n, c, _, _ in pts])


def distribution(rows: list[tuple[str, str, list[float]]], title: str, x_label: str) -> str:
    """Per run, every task's value as a dot on a log axis, with the quartiles as a box and the
    median as a bar, and a line at 1 (the baseline)."""
    values = [v for _, _, vs in rows for v in vs if v > 0]
    if not values:
        return ""
    lo, hi = min(values + [1.0]) / 1.5, max(values + [1.0]) * 1.5
    height = TOP + BOTTOM + 44 * len(rows)
    ax = _Axes((lo, hi), (0, 1), x_log=True)
    label_w = LEFT
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {height}" class="plot" role="img" '
           f'aria-label="{escape(title)}">', f'<text x="{label_w}" y="17" class="plot-title">{escape(title)}</text>']
    for t in _ticks(lo, hi, True):
        x = ax.x(t)
        out.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{TOP}" y2="{height - BOTTOM}" class="grid"/>'
                   f'<text x="{x:.1f}" y="{height - BOTTOM + 16}" class="tick" text-anchor="middle">{_fmt(t)}×</text>')
    one = ax.x(1.0)
    out.append(f'<line x1="{one:.1f}" x2="{one:.1f}" y1="{TOP}" y2="{height - BOTTOM}" class="baseline"/>')
    for i, (name, c, vs) in enumerate(rows):
        cy = TOP + 27 + 44 * i
        vs = sorted(v for v in vs if v > 0)
        if vs:
            q1, med, q3 = (vs[int(q * (len(vs) - 1))] for q in (0.25, 0.5, 0.75))
            out.append(f'<rect x="{ax.x(q1):.1f}" y="{cy - 9}" width="{max(1.0, ax.x(q3) - ax.x(q1)):.1f}" height="18" '
                       f'fill="{c}" fill-opacity="0.18" stroke="{c}"/>'
                       f'<line x1="{ax.x(med):.1f}" x2="{ax.x(med):.1f}" y1="{cy - 11}" y2="{cy + 11}" stroke="{c}" '
                       f'stroke-width="3"><title>{escape(name)}: median {_fmt(med)}×</title></line>')
            for j, v in enumerate(vs):
                jitter = ((j * 7) % 11 - 5) * 1.2
                out.append(f'<circle cx="{ax.x(v):.1f}" cy="{cy + jitter:.1f}" r="2.6" fill="{c}"><title>'
                           f'{_fmt(v)}×</title></circle>')
        out.append(f'<text x="{LEFT}" y="{cy - 13}" class="tick">{escape(name)} ({len(vs)} tasks)</text>')
    out.append(f'<text x="{(LEFT + W - RIGHT) / 2}" y="{height - 8}" class="label" text-anchor="middle">'
               f'{escape(x_label)}</text></svg>')
    return "".join(out)
