"""HTML for cards, hands, bags, stands and player panels: the one place that draws them.

Legal, contraband and royal goods differ by text and shape as well as colour, so
the tutor reads well in grey-scale and for colour-blind learners:
  legal       green, square corners, tag "LEGAL"
  contraband  red, clipped corners (an octagon), tag "CONTRABAND"
  royal       purple, double border, crown, tag "ROYAL ×2" (what it counts as)
A face-down card is a plain hatched back with "?".  Every function returns a string
(for ``ipywidgets.HTML``), so it can be tested without a browser.
"""
from __future__ import annotations

from html import escape

from sheriff.cards import GOODS, N_GOODS

CSS = """
<style>
.sn-row{display:flex;flex-wrap:wrap;gap:6px;align-items:flex-end}
.sn-card{width:74px;height:100px;box-sizing:border-box;padding:4px;font:12px/1.2 sans-serif;
  display:flex;flex-direction:column;justify-content:space-between;color:#111;position:relative}
.sn-legal{background:#dff3df;border:2px solid #2e7d32;border-radius:3px}
.sn-contraband{background:#fbe0e0;border:2px solid #b71c1c;
  clip-path:polygon(12px 0,calc(100% - 12px) 0,100% 12px,100% calc(100% - 12px),calc(100% - 12px) 100%,12px 100%,0 calc(100% - 12px),0 12px)}
.sn-royal{background:#efe3f7;border:4px double #6a1b9a;border-radius:10px}
.sn-back{background:repeating-linear-gradient(45deg,#8d6e63,#8d6e63 6px,#a1887f 6px,#a1887f 12px);
  border:2px solid #4e342e;border-radius:6px;color:#fff;align-items:center;justify-content:center;font-size:28px}
.sn-name{font-weight:bold;font-size:13px}
.sn-tag{font-size:9px;letter-spacing:0;font-weight:bold}
.sn-contraband .sn-tag{font-size:8px;padding-left:4px}
.sn-nums{display:flex;justify-content:space-between;font-size:11px}
.sn-count{position:absolute;top:-8px;right:-8px;background:#222;color:#fff;border-radius:10px;
  padding:1px 6px;font-size:11px;font-weight:bold}
.sn-panel{border:1px solid #bbb;border-radius:8px;padding:8px;margin:4px;min-width:220px;background:#fafafa}
.sn-panel h4{margin:0 0 6px 0;font:bold 14px sans-serif}
.sn-role{font-size:11px;background:#37474f;color:#fff;border-radius:4px;padding:1px 5px;margin-left:6px}
.sn-muted{color:#555;font-size:12px}
.sn-say{font:14px/1.4 sans-serif;margin:6px 0}
.sn-refusal{border-left:4px solid #b71c1c;background:#fff3f3;padding:6px 10px;font:13px sans-serif}
.sn-cite{color:#555;font-size:11px;font-style:italic}
.sn-interp{border-left:4px solid #f9a825;background:#fffde7;padding:4px 8px;font:12px sans-serif}
/* the octagon (clip-path) would cut off a badge on the corner: put it just inside */
.sn-contraband .sn-count{top:15px;right:3px}
</style>
"""

_TAG = {"legal": "LEGAL", "contraband": "CONTRABAND"}


def card(good: int, count: int = 1, face_down: bool = False) -> str:
    """One card (with a ×count badge when several are stacked)."""
    badge = f'<span class="sn-count">×{count}</span>' if count > 1 else ""
    if face_down:
        return f'<div class="sn-card sn-back" title="face-down card" aria-label="face-down card">?{badge}</div>'
    g = GOODS[good]
    if g.is_royal:
        base = GOODS[g.counts_as].name
        tag = f"♛ ROYAL ×{g.multiplier} {escape(base)}"
        cls = "sn-royal"
    else:
        tag = _TAG[g.kind]
        cls = "sn-legal" if g.is_legal else "sn-contraband"
    label = f"{g.name}, {tag.lower()}, value {g.value}, penalty {g.penalty}"
    return (f'<div class="sn-card {cls}" title="{escape(label)}" aria-label="{escape(label)}">{badge}'
            f'<span class="sn-tag">{tag}</span><span class="sn-name">{escape(g.name)}</span>'
            f'<span class="sn-nums"><span>value {g.value}</span><span>fine {g.penalty}</span></span></div>')


def cards(counts, face_down: int = 0, empty: str = "nothing") -> str:
    """A row of stacked cards from a count vector, plus ``face_down`` hidden cards."""
    parts = [card(g, counts[g]) for g in range(N_GOODS) if counts[g]]
    if face_down:
        parts.append(card(0, face_down, face_down=True))
    if not parts:
        return f'<span class="sn-muted">{escape(empty)}</span>'
    return '<div class="sn-row">' + "".join(parts) + "</div>"


def card_list(goods, empty: str = "empty") -> str:
    """Cards in order (a discard pile: the last one is on top)."""
    if not goods:
        return f'<span class="sn-muted">{escape(empty)}</span>'
    return '<div class="sn-row">' + "".join(card(g) for g in goods) + "</div>"


def player_panel(view, p: int, show_private: bool = False, role: str | None = None) -> str:
    """One player's public table space as ``view`` sees it (own seat: face-down kinds too)."""
    name = escape(view.names[p])
    role_html = f'<span class="sn-role">{escape(role)}</span>' if role else ""
    own = show_private and p == view.seat
    stand = view.stand if own else view.stand_legal(p)
    hidden = 0 if own else view.face_down(p)
    bm = view.black_market_cards(p)
    bm_html = ""
    if bm:
        bm_html = '<div class="sn-muted">Black Market: ' + ", ".join(f"{GOODS[g].name} {v}" for g, v in bm) + "</div>"
    decl = view.declared(p)
    decl_html = ""
    if decl:
        decl_html = f'<div class="sn-muted">declared: {decl[1]} {escape(GOODS[decl[0]].name)}</div>'
    return (f'<div class="sn-panel" data-seat="{p}"><h4>{name}{role_html}</h4>'
            f'<div class="sn-muted">gold: <b class="sn-gold">{view.gold(p)}</b> · hand: {view.hand_size(p)} cards'
            f' · bag: {view.bag_size(p) or "—"}</div>{decl_html}'
            f'<div class="sn-muted">stand:</div>{cards(stand, hidden, "empty stand")}{bm_html}</div>')


def message(text: str) -> str:
    return f'<div class="sn-say">{escape(text)}</div>'


def refusal(err) -> str:
    """An engine refusal: the reason, the rule's title and its citation; never a traceback."""
    rule = err.rule
    interp = ' <span class="sn-interp">interpretation</span>' if rule.interpretation else ""
    return (f'<div class="sn-refusal" role="alert"><b>Not allowed:</b> {escape(err.reason)}<br>'
            f'<span class="sn-cite">Rule “{escape(rule.title)}” — {escape(err.cite)}</span>{interp}</div>')


def rule_box(rule, edition: str | None = None) -> str:
    """A rule in the tutor's words with its citation; interpretations are flagged."""
    interp = ('<div class="sn-interp">This is the tutor\'s interpretation where the rulebooks are silent.</div>'
              if rule.interpretation else "")
    return (f'<div class="sn-say"><b>{escape(rule.title)}.</b> {escape(rule.text)}<br>'
            f'<span class="sn-cite">{escape(rule.cite(edition))}</span></div>{interp}')
