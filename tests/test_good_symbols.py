"""Every card shows a symbol for its good: drawn here, told apart by shape, hidden from screen readers."""

from __future__ import annotations

import re

from sheriff.cards import GOODS, N_GOODS
from sheriff.widgets import render
from sheriff.widgets.good_symbols import BACKGROUNDS, INK, SYMBOLS, svg, symbol_ids
from sheriff.widgets.kit import CSS


def _luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_every_good_has_a_symbol_and_royal_goods_add_a_crown():
    for g in GOODS:
        ids = symbol_ids(g.index)
        assert all(s in SYMBOLS for s in ids), g.id
        assert ("crown" in ids) == (g.counts_as is not None), g.id


def test_the_plain_goods_differ_by_shape_not_only_colour():
    shapes = {sid: tuple(sorted(str(a.get("d", a)) for _e, a in parts)) for sid, parts in SYMBOLS.items()}
    assert len(set(shapes.values())) == len(SYMBOLS)


def test_the_outline_keeps_3_to_1_against_every_card_background():
    for kind, background in BACKGROUNDS.items():
        assert re.search(rf"\.sn-{kind}\{{background:{background}", CSS), kind
        assert _contrast(INK, background) >= 3.0, (kind, round(_contrast(INK, background), 2))


def test_a_card_shows_its_symbols_beside_the_name_hidden_from_screen_readers():
    for good in range(N_GOODS):
        html = render.card(good)
        svgs = re.findall(r"<svg[^>]*>", html)
        assert len(svgs) == len(symbol_ids(good)) and all('aria-hidden="true"' in s for s in svgs)
        assert re.search(r'</svg></span><span class="sn-name[^"]*">[^<]+</span>', html)  # then the name, as text
    assert "<svg" not in render.card(0, face_down=True)  # a face-down card shows no good


def test_a_symbol_is_drawn_in_the_outline_colour():
    assert f'stroke="{INK}"' in svg("apples")
