"""A small symbol for each good, drawn for the tutor (no borrowed art), so goods are told apart at a
glance by shape as well as colour.  Each is SVG on a 24×24 grid keyed by the good's id in
``sheriff/data/goods.json``: a list of (element, attributes) drawn in order.  A Royal Good shows its
plain good's symbol and a crown.  Every shape is outlined in ``INK``, which keeps 3:1 against every
card background (WCAG non-text contrast); the fill colours only help.
"""

from __future__ import annotations

from html import escape

from sheriff.cards import GOODS

INK = "#263238"  # the outline of every shape
# The card backgrounds (templates/sheriff.css: .sn-legal, .sn-contraband, .sn-royal).
BACKGROUNDS = {"legal": "#dff3df", "contraband": "#fbe0e0", "royal": "#efe3f7"}

Shape = tuple[str, dict[str, str]]

SYMBOLS: dict[str, tuple[Shape, ...]] = {
    "apples": (  # a round apple, its stem and a leaf
        (
            "path",
            {
                "d": "M12 8c-3-2-8-1-8 5 0 5 3 9 6 9 1 0 1.5-.6 2-.6s1 .6 2 .6c3 0 6-4 6-9 0-6-5-7-8-5z",
                "fill": "#d32f2f",
            },
        ),
        ("path", {"d": "M12 8V4", "fill": "none"}),
        ("path", {"d": "M12.5 5.5c1-2.5 3.5-3.5 6-2.5-1 2.5-3.5 3.5-6 2.5z", "fill": "#43a047"}),
    ),
    "cheese": (  # a wedge with holes
        ("path", {"d": "M2 12L22 6v12H2z", "fill": "#fbc02d"}),
        ("circle", {"cx": "8", "cy": "15", "r": "1.6", "fill": "#fff8e1"}),
        ("circle", {"cx": "16", "cy": "12.5", "r": "1.4", "fill": "#fff8e1"}),
    ),
    "bread": (  # a loaf with three cuts
        ("path", {"d": "M2 16c0-6 4.5-9 10-9s10 3 10 9v3H2z", "fill": "#bf8040"}),
        ("path", {"d": "M7 10l2 3M11 9l2 3M15 10l2 3", "fill": "none"}),
    ),
    "chickens": (  # a drumstick: the meat and its bone
        ("path", {"d": "M9 14c-2-4 0-10 5.5-10 4 0 7 3 6.5 7-.5 4-5 6-8.5 5.5z", "fill": "#c77c3a"}),
        ("path", {"d": "M11 15.5L6.5 20", "fill": "none"}),
        ("circle", {"cx": "5", "cy": "19", "r": "1.8", "fill": "#fafafa"}),
        ("circle", {"cx": "7.2", "cy": "21.2", "r": "1.8", "fill": "#fafafa"}),
    ),
    "pepper": (  # a chili pepper with its stalk
        (
            "path",
            {"d": "M7 7c2.5 0 3.5 2.5 4.5 5 1.5 3.5 5 6 10.5 6.5-6 3.5-14 1-16-5.5C5 10 5.5 7 7 7z", "fill": "#e64a19"},
        ),
        ("path", {"d": "M7 7c-.5-2 .5-4 3-4.5", "fill": "none"}),
    ),
    "mead": (  # a tankard with its handle
        ("path", {"d": "M4 6h11v15H4z", "fill": "#ffb300"}),
        ("path", {"d": "M15 9h3a2 2 0 0 1 2 2v4a2 2 0 0 1-2 2h-3", "fill": "none"}),
        ("path", {"d": "M4 6c0-2 2-3 3.5-2 1-1.5 3-1.5 4 0 1.5-1 3.5 0 3.5 2z", "fill": "#fffde7"}),
    ),
    "silk": (  # a length of cloth in folds
        ("path", {"d": "M2 7c3.5-3 6.5 3 10 0s6.5-3 10 0v10c-3.5-3-6.5-3-10 0s-6.5 3-10 0z", "fill": "#7e57c2"}),
        ("path", {"d": "M7 6v11M17 5.5v11", "fill": "none"}),
    ),
    "crossbows": (  # a crossbow: the bow, its string and the stock
        ("path", {"d": "M2 10Q12 2 22 10", "fill": "none", "stroke-width": "2.5"}),
        ("path", {"d": "M2 10L12 14L22 10", "fill": "none", "stroke-width": "1"}),
        ("path", {"d": "M10.5 5h3v17h-3z", "fill": "#795548"}),
    ),
    "crown": (  # a Royal Good
        ("path", {"d": "M3 19L2 8l5.5 4L12 4l4.5 8L22 8l-1 11z", "fill": "#fdd835"}),
    ),
}


def symbol_ids(good: int) -> tuple[str, ...]:
    """The symbols a card of ``good`` shows: its own, or a Royal Good's plain good and a crown."""
    g = GOODS[good]
    if g.counts_as is not None:
        return (GOODS[g.counts_as].id, "crown")
    return (g.id,)


def svg(symbol: str, size: int = 20) -> str:
    """One symbol as inline SVG, hidden from screen readers (the card's name is its text)."""
    parts = "".join(
        f"<{element} " + " ".join(f'{k}="{escape(v)}"' for k, v in attrs.items()) + "/>"
        for element, attrs in SYMBOLS[symbol]
    )
    return (
        f'<svg class="sn-symbol sn-symbol-{symbol}" width="{size}" height="{size}" viewBox="0 0 24 24" '
        f'stroke="{INK}" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round" '
        f'aria-hidden="true" focusable="false">{parts}</svg>'
    )


def symbols_html(good: int, size: int = 20) -> str:
    return "".join(svg(s, size) for s in symbol_ids(good))


__all__ = ["SYMBOLS", "INK", "BACKGROUNDS", "symbol_ids", "svg", "symbols_html"]
