"""Building blocks shared by the lesson widgets: the table as the narrator sees it,
rule boxes, refusals, and a safe way to run a learner's "what if".

Cards, panels, refusals and rule boxes are drawn by ``sheriff.widgets.render``; this
module arranges them for lessons (everything visible: a lesson is a study of the
table, not a game with secrets).  Nothing here decides a rule: positions are played
by the engine, and a refused move is shown with the engine's reason and citation.
"""
from __future__ import annotations

from html import escape

import ipywidgets as widgets

from sheriff.cards import GOODS, IS_LEGAL, N_GOODS
from sheriff.errors import IllegalAction, InvalidScenario
from sheriff.rulebook import RULES
from sheriff.widgets import render

LESSON_CSS = """
<style>
.snl{font:14px/1.45 sans-serif;color:#111}
.snl-box{border:1px solid #cfd8dc;border-radius:10px;padding:10px 12px;margin:8px 0;background:#fff}
.snl-box>.snl-h{font:bold 16px sans-serif;margin:0 0 6px 0;color:#263238}
.snl-kicker{font:bold 11px sans-serif;letter-spacing:.06em;color:#546e7a;text-transform:uppercase}
.snl-src{color:#555;font-size:12px;font-style:italic}
.snl-table{display:flex;flex-wrap:wrap;gap:6px;align-items:stretch}
.snl-seat{border:1px solid #bbb;border-radius:8px;padding:6px 8px;background:#fafafa;min-width:190px;flex:1 1 190px;max-width:420px}
.snl-seat.snl-official{background:#eceff1;border-color:#78909c}
.snl-seat h4{margin:0 0 4px 0;font:bold 14px sans-serif}
.snl-role{font-size:11px;background:#37474f;color:#fff;border-radius:4px;padding:1px 5px;margin-left:6px}
.snl-zone{font-size:12px;color:#444;margin:4px 0 2px 0}
.snl-zone b{color:#111}
.snl-gold{font-weight:bold}
.snl-delta-up{color:#1b5e20;font-weight:bold}
.snl-delta-down{color:#b71c1c;font-weight:bold}
.snl-small .sn-card{width:66px;height:84px;font-size:10px;padding:3px 4px}
.snl-small .sn-name{font-size:11px}
.snl-small .sn-tag{font-size:7px;letter-spacing:0}
.snl-small .sn-nums{font-size:9px}
.snl .sn-name{overflow-wrap:anywhere}
.snl-edition .widget-toggle-button.mod-active,.snl-picker .widget-toggle-button.mod-active,
.snl-decision .widget-toggle-button.mod-active{background:#1565c0;color:#fff}
.snl-small .sn-back{font-size:20px}
.snl-hidden{outline:2px dashed #6d4c41;outline-offset:2px;border-radius:6px;padding:2px;display:inline-block}
.snl-piles{display:flex;flex-wrap:wrap;gap:16px;margin:6px 0}
.snl-step{font:15px/1.45 sans-serif;margin:6px 0;padding:6px 10px;background:#f1f8e9;border-left:4px solid #558b2f}
.snl-step ul{margin:4px 0 0 0;padding-left:20px}
.snl-step li{font-size:13px;color:#333}
.snl-counter{font:bold 13px sans-serif;color:#37474f;padding:4px 8px}
.snl-ok{color:#1b5e20;font-weight:bold}
.snl-bad{color:#b71c1c;font-weight:bold}
.snl-result{font:15px/1.45 sans-serif;padding:6px 10px;border-left:4px solid #1565c0;background:#e3f2fd;margin:6px 0}
.snl-result b.snl-big{font-size:18px}
.snl-bars{display:grid;grid-template-columns:150px 1fr 40px;gap:3px 8px;align-items:center;font:13px sans-serif}
.snl-bar{height:18px;border-radius:3px}
.snl-bar.legal{background:#2e7d32}
.snl-bar.contraband{background:repeating-linear-gradient(45deg,#b71c1c,#b71c1c 6px,#e57373 6px,#e57373 9px)}
.snl-bar.royal{background:repeating-linear-gradient(90deg,#6a1b9a,#6a1b9a 4px,#ce93d8 4px,#ce93d8 6px)}
.snl-grid{border-collapse:collapse;font:13px sans-serif;margin:6px 0}
.snl-grid th,.snl-grid td{border:1px solid #bbb;padding:4px 8px;text-align:left;vertical-align:top}
.snl-grid th{background:#eceff1}
.snl-grid td.num{text-align:right}
.snl-grid tr.snl-win td{background:#fff8e1;font-weight:bold}
.snl-myth{border-left:5px solid #b71c1c;background:#fff3f3;padding:6px 10px;margin:4px 0}
.snl-truth{border-left:5px solid #2e7d32;background:#f1f8e9;padding:6px 10px;margin:4px 0}
.snl-assume{border:2px solid #f9a825;background:#fffde7;padding:6px 10px;border-radius:6px;font-size:13px}
.snl-fb-ok{border-left:5px solid #2e7d32;background:#f1f8e9;padding:6px 10px}
.snl-fb-bad{border-left:5px solid #b71c1c;background:#fff3f3;padding:6px 10px}
.snl-q{font:15px/1.45 sans-serif;margin:4px 0}
.snl-scene{display:flex;flex-wrap:wrap;gap:14px;margin:6px 0}
.snl-scene>div{min-width:120px}
</style>
"""

GOOD_OPTIONS = [(g.name, g.index) for g in GOODS]

# Every ipywidget normally brings its own Layout and Style models, and the page must load
# every model before it shows anything.  Leaf widgets that are never restyled one by one
# share them instead (``make``), which keeps the lessons quick to appear.
_SHARED: dict = {}


def shared_layout(**kw) -> widgets.Layout:
    """One Layout per distinct setting, shared: never change it on a single widget."""
    key = ("layout", tuple(sorted(kw.items())))
    if key not in _SHARED or _SHARED[key].comm is None:      # (re)made after Widget.close_all()
        _SHARED[key] = widgets.Layout(**kw)
    return _SHARED[key]


def make(cls, layout: dict | None = None, **kw):
    """``cls(**kw)`` with a shared Layout (from ``layout``) and a shared default Style."""
    kw["layout"] = shared_layout(**(layout or {}))
    style_trait = cls.class_traits().get("style")
    if style_trait is not None and "style" not in kw:
        klass = style_trait.klass
        key = ("style", klass)
        if key not in _SHARED or _SHARED[key].comm is None:
            _SHARED[key] = klass()
        kw["style"] = _SHARED[key]
    return cls(**kw)


def html(value: str = "", **kw) -> widgets.HTML:
    """An HTML output or text block (lean: shared layout and style)."""
    return make(widgets.HTML, value=value, **kw)


def button(description: str, width: str | None = None, **kw) -> widgets.Button:
    return make(widgets.Button, {"width": width} if width else None, description=description, **kw)


def row(children, **layout) -> widgets.HBox:
    """A row of controls (lean: a shared layout)."""
    return make(widgets.HBox, layout or None, children=list(children))


def toggles(options, value, width: str = "110px", cls: str | None = None) -> widgets.ToggleButtons:
    """ToggleButtons whose style (button width) is shared with every other of that width."""
    key = ("tbstyle", width)
    if key not in _SHARED or _SHARED[key].comm is None:
        _SHARED[key] = widgets.ToggleButtonsStyle(button_width=width)
    t = make(widgets.ToggleButtons, options=options, value=value, style=_SHARED[key])
    if cls:
        t.add_class(cls)
    return t


def label(html_text: str, width: str = "auto") -> widgets.HTML:
    """A short piece of text beside a control (lean: shared layout and style)."""
    return make(widgets.HTML, {"width": width} if width != "auto" else None,
                value=f'<div class="snl-zone">{html_text}</div>')


def style() -> widgets.HTML:
    """The CSS for render's cards and for lessons (put one in each top-level component)."""
    w = make(widgets.HTML, {"height": "0px", "margin": "0"}, value=render.CSS + LESSON_CSS)
    w.add_class("sheriff-style")
    return w


def frame(w, color: str = "#cfd8dc"):
    """A light border around a top-level lesson component."""
    w.layout.border = f"1px solid {color}"
    w.layout.padding = "6px 12px 10px 12px"
    w.layout.margin = "10px 0"
    return w


def box(children, title: str | None = None, kicker: str | None = None, cls: str | None = None) -> widgets.VBox:
    head = []
    if title or kicker:
        k = f'<div class="snl-kicker">{escape(kicker)}</div>' if kicker else ""
        t = f'<div class="snl-h">{escape(title)}</div>' if title else ""
        head = [widgets.HTML(f'<div class="snl">{k}{t}</div>')]
    v = widgets.VBox([style(), *head, *children])
    v.add_class("snl-box-w")
    v.layout.border = "1px solid #cfd8dc"
    v.layout.padding = "8px 12px"
    v.layout.margin = "8px 0"
    if cls:
        v.add_class(cls)
    return v


# -- rules -----------------------------------------------------------------------
def rule_html(rule_id: str, edition: str | None = None) -> str:
    """The rule in the tutor's words with its citation (interpretations flagged)."""
    return render.rule_box(RULES[rule_id], edition)


def rules_html(rule_ids, edition: str | None = None) -> str:
    return "".join(rule_html(r, edition) for r in rule_ids)


def interpretation_note(rule_id: str, edition: str | None = None) -> str:
    rule = RULES[rule_id]
    if not rule.interpretation:
        return ""
    return (f'<div class="sn-interp">Interpretation: the rulebooks leave this open, and the tutor decides it '
            f'this way (rule “{escape(rule.title)}”, {escape(rule.cite(edition))}).</div>')


def refusal_html(err) -> str:
    """An engine refusal, or a scenario / rules object that could not be built."""
    if isinstance(err, IllegalAction):
        return render.refusal(err)
    return (f'<div class="sn-refusal" role="alert"><b>Not possible:</b> {escape(_plain_error(err))}</div>')


def _plain_error(err) -> str:
    try:
        from pydantic import ValidationError
        if isinstance(err, ValidationError):
            return "; ".join(e["msg"].removeprefix("Value error, ") for e in err.errors())
    except ImportError:   # pragma: no cover
        pass
    return str(err)


def rules_refusal(edition: str, players: int, **variants):
    """``(Rules, None)`` or ``(None, refusal HTML)`` for a table the rules may forbid."""
    from pydantic import ValidationError
    from sheriff.rules import Rules
    try:
        return Rules(edition=edition, players=players, **variants), None
    except ValidationError as e:
        msg = _plain_error(e)
        rule_id = None
        if "(rule " in msg:
            rule_id = msg.split("(rule ", 1)[1].split(":", 1)[0]
        if rule_id in RULES:
            reason = msg.split(" (rule ", 1)[0]
            return None, render.refusal(IllegalAction(rule_id, reason, edition))
        return None, refusal_html(e)


def attempt(fn):
    """Run ``fn()``; return ``(value, None)`` or ``(None, refusal HTML)`` for a refused move
    or an impossible position.  Anything else is a bug and propagates."""
    try:
        return fn(), None
    except (IllegalAction, InvalidScenario) as e:
        return None, refusal_html(e)


# -- the table -------------------------------------------------------------------------
def _legal(counts) -> list[int]:
    return [counts[g] if IS_LEGAL[g] else 0 for g in range(N_GOODS)]


def _illegal(counts) -> list[int]:
    return [0 if IS_LEGAL[g] else counts[g] for g in range(N_GOODS)]


def stand_html(counts, bm_cards=(), small: bool = True) -> str:
    """A stand as the narrator sees it: legal goods face up, contraband marked face down."""
    up = render.cards(_legal(counts), empty="no legal goods")
    hidden = _illegal(counts)
    k = sum(hidden)
    down = ""
    if k:
        down = (f'<div class="snl-zone">face down ({k} card{"s" if k != 1 else ""}: the others see only '
                f'their backs)</div><div class="snl-hidden">{render.cards(hidden)}</div>')
    bm = ""
    if bm_cards:
        bm = '<div class="snl-zone">Black Market cards: ' + ", ".join(
            f"{escape(GOODS[g].name)} worth {v}" for g, v in bm_cards) + "</div>"
    return up + down + bm


def _delta(now: int, before: int | None) -> str:
    if before is None or now == before:
        return ""
    d = now - before
    cls = "snl-delta-up" if d > 0 else "snl-delta-down"
    return f' <span class="{cls}">({d:+d})</span>'


def seat_html(s, p: int, prev=None, show_hand: bool = True, officials=None) -> str:
    name = escape(s.names[p])
    official = p in (s.officials if officials is None else officials)
    role = ("Deputy" if s.deputies_mode else "Sheriff") if official else None
    role_html = f'<span class="snl-role">{role}</span>' if role else ""
    gold = f'gold: <span class="snl-gold">{s.gold[p]}</span>{_delta(s.gold[p], prev.gold[p] if prev else None)}'
    parts = [f'<h4>{name}{role_html}</h4><div class="snl-zone">{gold}</div>']
    if show_hand and any(s.hands[p]):
        parts.append(f'<div class="snl-zone">hand ({sum(s.hands[p])}):</div>{render.cards(s.hands[p])}')
    if s.bags[p] is not None:
        d = s.declared[p]
        said = (f' — declared <b>“{d[1]} {escape(GOODS[d[0]].name)}”</b>' if d else " — not declared yet")
        parts.append(f'<div class="snl-zone">bag, {s.bag_size[p]} card{"s" if s.bag_size[p] != 1 else ""}{said} '
                     f'(only its owner knows what is inside):</div>{render.cards(s.bags[p])}')
    elif s.handled[p]:
        parts.append(f'<div class="snl-zone">bag: <b>{"handed back unopened" if s.handled[p] == "passed" else "opened"}</b></div>')
    parts.append('<div class="snl-zone">stand:</div>' + stand_html(s.stands[p], s.bm_cards[p]))
    cls = "snl-seat snl-official" if official else "snl-seat"
    return f'<div class="{cls}" data-seat="{p}">{"".join(parts)}</div>'


def piles_html(s) -> str:
    out = []
    if s.edition1:
        for k, pile in enumerate(s.discards):
            label = "Left discard pile" if k == 0 else "Right discard pile"
            out.append(f'<div><div class="snl-zone"><b>{label}</b> (top card on the right)</div>'
                       f'{render.card_list(pile[-6:], "empty")}'
                       + (f'<div class="snl-zone">…and {len(pile) - 6} more below</div>' if len(pile) > 6 else "")
                       + "</div>")
    else:
        pile = s.discards[0]
        out.append(f'<div><div class="snl-zone"><b>Discard pile</b> (top card on the right)</div>'
                   f'{render.card_list(pile[-6:], "empty")}'
                   + (f'<div class="snl-zone">…and {len(pile) - 6} more below</div>' if len(pile) > 6 else "")
                   + "</div>")
        if s.set_aside:
            out.append(f'<div><div class="snl-zone"><b>Set aside this Market</b> (face up)</div>'
                       f'{render.card_list(s.set_aside)}</div>')
    out.append(f'<div><div class="snl-zone"><b>Draw pile</b></div><div class="snl-zone">{len(s.deck)} cards</div></div>')
    if s.deputies_mode:
        out.append(f'<div><div class="snl-zone"><b>Booty tile</b></div><div class="snl-zone">{s.booty_gold} gold</div>'
                   f'{render.cards(s.booty, empty="no cards")}</div>')
    if s.bm_on:
        piles = ", ".join(f"{GOODS[g].name}: {' / '.join(str(v) for v in reversed(vals)) or 'gone'}"
                          for g, vals in s.bm_piles.items())
        out.append(f'<div><div class="snl-zone"><b>Black Market</b> (top value first)</div>'
                   f'<div class="snl-zone">{escape(piles)}</div></div>')
    return '<div class="snl-piles snl-small">' + "".join(out) + "</div>"


def table_html(s, prev=None, show_hands: bool = True, piles: bool = True, seats=None, officials=None) -> str:
    """Every seat (officials first) and, optionally, the piles.  ``officials``: the roles to
    label (e.g. those of the round just played, when the engine has already started the next)."""
    officials = tuple(s.officials if officials is None else officials)
    order = list(officials) + [p for p in range(s.n) if p not in officials]
    if seats is not None:
        order = [p for p in order if p in seats]
    body = "".join(seat_html(s, p, prev, show_hands, officials) for p in order)
    return (f'<div class="snl snl-small"><div class="snl-table">{body}</div>'
            + (piles_html(s) if piles else "") + "</div>")


def cards_html(counts, empty: str = "nothing") -> str:
    return f'<div class="snl-small">{render.cards(counts, empty=empty)}</div>'


def bench(button, result):
    """Mark the control and the output that ``benchmarks/pages.py`` times (one pair per page)."""
    button.add_class("sheriff-bench-click")
    result.add_class("sheriff-bench-result")
    return button


def plain(html_text: str) -> str:
    """Visible text of an HTML fragment, whitespace collapsed (for tests and summaries)."""
    import html as _html
    import re
    text = re.sub(r"<style.*?</style>", " ", html_text, flags=re.S)
    return re.sub(r"\s+", " ", _html.unescape(re.sub(r"<[^>]+>", " ", text))).strip()


def goods_counts(**by_name) -> list[int]:
    from sheriff.cards import good_id
    v = [0] * N_GOODS
    for k, n in by_name.items():
        v[good_id(k)] += n
    return v


__all__ = ["style", "box", "rule_html", "rules_html", "interpretation_note", "refusal_html", "rules_refusal",
           "attempt", "table_html", "seat_html", "piles_html", "stand_html", "cards_html", "LESSON_CSS"]
