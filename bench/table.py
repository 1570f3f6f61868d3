"""Printing: Markdown tables (readable in a terminal, pasted as is into bench/README.md)
and the number formats they use."""

from __future__ import annotations

from collections.abc import Sequence


def table(title: str, headers: Sequence[str], rows: Sequence[Sequence[object]], note: str = "") -> str:
    """A titled Markdown table; the first column left-aligned, the others right-aligned."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]

    def line(row: list[str]) -> str:
        parts = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        return "| " + " | ".join(parts) + " |"

    rule = "|" + "|".join(("-" * (w + 1) + ("-" if i == 0 else ":")) for i, w in enumerate(widths)) + "|"
    text = [f"### {title}", "", line(cells[0]), rule] + [line(row) for row in cells[1:]]
    if note:
        text += ["", note]
    return "\n".join(text) + "\n"


def seconds(value: float) -> str:
    if value >= 10:
        return f"{value:.1f} s"
    if value >= 0.1:
        return f"{value:.2f} s"
    if value >= 0.001:
        return f"{value * 1e3:.1f} ms"
    return f"{value * 1e6:.0f} µs"


def rate(per_second: float) -> str:
    if per_second >= 1e6:
        return f"{per_second / 1e6:.2f}M/s"
    if per_second >= 1e3:
        return f"{per_second / 1e3:.1f}k/s"
    return f"{per_second:.0f}/s"


def times(value: float) -> str:
    return f"{value:.1f}x" if value >= 10 else f"{value:.2f}x"


def mib(value: float) -> str:
    return f"{value / 2**20:.1f} MiB"
