"""HTML for cards, hands, bags, stands and player panels: the one place that draws them.

Legal, contraband and royal goods differ by text and shape as well as colour, so
the tutor reads well in grey-scale and for colour-blind learners:
  legal       green, square corners, tag "LEGAL"
  contraband  red, clipped corners (an octagon), tag "CONTRABAND"
  royal       purple, double border, crown, tag "ROYAL ×2" (what it counts as)
A face-down card is a plain hatched back with "?".  Every function returns a string
(for ``ipywidgets.HTML``), so it can be tested without a browser.  Their CSS is
``sheriff.widgets.kit.CSS``.
"""
from __future__ import annotations

from html import escape

from sheriff.cards import GOODS, N_GOODS

_TAG = {"legal": "LEGAL", "contraband": "CONTRABAND"}


def card(good: int, count: int = 1, face_down: bool = False) -> str:
    """One card (with a ×count badge when several are stacked)."""
    badge = f'<span class="sn-count">×{count}</span>' if count > 1 else ""
    if face_down:
        return f'<div class="sn-card sn-back" title="face-down card" aria-label="face-down card">?{badge}</div>'
    g = GOODS[good]
    if g.counts_as is not None:            # a Royal Good
        base = GOODS[g.counts_as].name
        tag = f"♛ ROYAL ×{g.multiplier} {escape(base)}"
        cls = "sn-royal"
    else:
        tag = _TAG[g.kind]
        cls = "sn-legal" if g.is_legal else "sn-contraband"
    label = f"{g.name}, {tag.lower()}, value {g.value}, penalty {g.penalty}"
    longest = max(len(word) for word in g.name.split())      # names wrap between words only:
    size = " sn-xlong" if longest >= 11 else " sn-long" if longest >= 9 else ""   # long words, smaller type
    # the badge sits in the top line beside the tag, so it never covers a word
    return (f'<div class="sn-card {cls}" title="{escape(label)}" aria-label="{escape(label)}">'
            f'<span class="sn-top"><span class="sn-tag">{tag}</span>{badge}</span><span class="sn-name{size}">{escape(g.name)}</span>'
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


def panel(p: int, name: str, body: str, role: str | None = None, note: str | None = None,
          official: bool = False) -> str:
    """One seat's panel: the name, its role badge, an optional note (who plays it), then ``body``."""
    role_html = f'<span class="sn-role">{escape(role)}</span>' if role else ""
    note_html = f'<div class="sn-kind">{escape(note)}</div>' if note else ""
    cls = "sn-panel sn-official" if official else "sn-panel"
    return f'<div class="{cls}" data-seat="{p}"><h4>{escape(name)}{role_html}</h4>{note_html}{body}</div>'


def table(panels, acting: int | None = None, cls: str = "", changed=()) -> str:
    """The table: ``panels`` as ``(seat, panel HTML)`` pairs, side by side (``acting`` highlighted,
    seats in ``changed`` marked as changed by the step shown)."""
    seats = "".join(f'<div class="sn-seat{" sn-acting" if p == acting else ""}{" sn-changed" if p in changed else ""}"'
                    f' data-seat="{p}">{html}</div>' for p, html in panels)
    return f'<div class="sn-table{" " + cls if cls else ""}">{seats}</div>'


def player_panel(view, p: int, show_private: bool = False, role: str | None = None,
                 note: str | None = None) -> str:
    """One player's public table space as ``view`` sees it (own seat: face-down kinds too)."""
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
    body = (f'<div class="sn-muted">gold: <b class="sn-gold">{view.gold(p)}</b> · hand: {view.hand_size(p)} cards'
            f' · bag: {view.bag_size(p) or "—"}</div>{decl_html}'
            f'<div class="sn-muted">stand:</div>{cards(stand, hidden, "empty stand")}{bm_html}')
    return panel(p, view.names[p], body, role, note)


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
