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
from sheriff.i18n import N_, _, ngettext
from sheriff.wording import good_count, goods_kind

_TAG = {"legal": N_("LEGAL"), "contraband": N_("CONTRABAND")}


def longest_word(text: str) -> float:
    """The longest word's width in Latin letters: a Cyrillic letter is about a tenth wider, so
    a long Ukrainian word takes the smaller type a little sooner than an English one."""
    return max((len(w) * (1.1 if not w.isascii() else 1.0) for w in text.split()), default=0.0)


def card(good: int, count: int = 1, face_down: bool = False) -> str:
    """One card (with a ×count badge when several are stacked)."""
    badge = f'<span class="sn-count">×{count}</span>' if count > 1 else ""
    if face_down:
        back = escape(_("face-down card"))
        return f'<div class="sn-card sn-back" title="{back}" aria-label="{back}">?{badge}</div>'
    g = GOODS[good]
    name = goods_kind(good)
    if g.counts_as is not None:  # a Royal Good
        tag = escape(_("♛ ROYAL ×{n} {good}").format(n=g.multiplier, good=goods_kind(g.counts_as)))
        cls = "sn-royal"
    else:
        tag = _(_TAG[g.kind])
        cls = "sn-legal" if g.is_legal else "sn-contraband"
    tag_size = " sn-tag-long" if longest_word(tag) > 10.5 else ""  # "КОРОЛІВСЬКИЙ": never "CONTRABAND"
    label = _("{name}, {kind}, value {value}, penalty {penalty}").format(
        name=name, kind=tag.lower(), value=g.value, penalty=g.penalty
    )
    longest = max(len(word) for word in name.split())  # names wrap between words only:
    size = " sn-xlong" if longest >= 11 else " sn-long" if longest >= 9 else ""  # long words, smaller type
    value, fine = _("value {value}").format(value=g.value), _("fine {penalty}").format(penalty=g.penalty)
    # the badge sits in the top line beside the tag, so it never covers a word
    return (
        f'<div class="sn-card {cls}" title="{escape(label)}" aria-label="{escape(label)}">'
        f'<span class="sn-top"><span class="sn-tag{tag_size}">{tag}</span>{badge}</span><span class="sn-name{size}">{escape(name)}</span>'
        f'<span class="sn-nums"><span>{value}</span><span>{fine}</span></span></div>'
    )


def cards(counts, face_down: int = 0, empty: str = N_("nothing")) -> str:
    """A row of stacked cards from a count vector, plus ``face_down`` hidden cards."""
    parts = [card(g, counts[g]) for g in range(N_GOODS) if counts[g]]
    if face_down:
        parts.append(card(0, face_down, face_down=True))
    if not parts:
        return f'<span class="sn-muted">{escape(_(empty))}</span>'
    return '<div class="sn-row">' + "".join(parts) + "</div>"


def card_list(goods, empty: str = N_("empty")) -> str:
    """Cards in order (a discard pile: the last one is on top)."""
    if not goods:
        return f'<span class="sn-muted">{escape(_(empty))}</span>'
    return '<div class="sn-row">' + "".join(card(g) for g in goods) + "</div>"


def panel(
    p: int, name: str, body: str, role: str | None = None, note: str | None = None, official: bool = False
) -> str:
    """One seat's panel: the name, its role badge, an optional note (who plays it), then ``body``."""
    role_html = f'<span class="sn-role">{escape(role)}</span>' if role else ""
    note_html = f'<div class="sn-kind">{escape(note)}</div>' if note else ""
    cls = "sn-panel sn-official" if official else "sn-panel"
    return f'<div class="{cls}" data-seat="{p}"><h4>{escape(name)}{role_html}</h4>{note_html}{body}</div>'


def table(panels, acting: int | None = None, cls: str = "", changed=()) -> str:
    """The table: ``panels`` as ``(seat, panel HTML)`` pairs, side by side (``acting`` highlighted,
    seats in ``changed`` marked as changed by the step shown)."""
    seats = "".join(
        f'<div class="sn-seat{" sn-acting" if p == acting else ""}{" sn-changed" if p in changed else ""}"'
        f' data-seat="{p}">{html}</div>'
        for p, html in panels
    )
    return f'<div class="sn-table{" " + cls if cls else ""}">{seats}</div>'


def player_panel(view, p: int, show_private: bool = False, role: str | None = None, note: str | None = None) -> str:
    """One player's public table space as ``view`` sees it (own seat: face-down kinds too)."""
    own = show_private and p == view.seat
    stand = view.stand if own else view.stand_legal(p)
    hidden = 0 if own else view.face_down(p)
    bm = view.black_market_cards(p)
    bm_html = ""
    if bm:
        items = _(", ").join(_("{good} {value}").format(good=goods_kind(g), value=v) for g, v in bm)
        bm_html = '<div class="sn-muted">' + escape(_("Black Market: {cards}").format(cards=items)) + "</div>"
    decl = view.declared(p)
    decl_html = ""
    if decl:
        said = escape(_("declared: {goods}").format(goods=good_count(decl[0], decl[1])))
        decl_html = f'<div class="sn-muted">{said}</div>'
    hand = ngettext("hand: {n} card", "hand: {n} cards", view.hand_size(p)).format(n=view.hand_size(p))
    bag = _("bag: {n}").format(n=view.bag_size(p) or "—")
    gold = _("gold: {gold}").format(gold=f'<b class="sn-gold">{view.gold(p)}</b>')
    stand_label, empty = _("stand:"), _("empty stand")
    body = (
        f'<div class="sn-muted">{gold} · {hand} · {bag}</div>{decl_html}'
        f'<div class="sn-muted">{stand_label}</div>{cards(stand, hidden, empty)}{bm_html}'
    )
    return panel(p, _(view.names[p]), body, role, note)


def message(text: str) -> str:
    return f'<div class="sn-say">{escape(text)}</div>'


def refusal(err) -> str:
    """An engine refusal: the reason, the rule's title and its citation; never a traceback."""
    rule = err.rule
    tag = _("interpretation")
    interp = f' <span class="sn-interp">{tag}</span>' if rule.interpretation else ""
    cite = escape(_("Rule “{title}” — {cite}").format(title=_(rule.title), cite=err.cite))
    not_allowed = _("Not allowed:")
    return (
        f'<div class="sn-refusal" role="alert"><b>{not_allowed}</b> {escape(_(err.reason))}<br>'
        f'<span class="sn-cite">{cite}</span>{interp}</div>'
    )


def rule_box(rule, edition: str | None = None) -> str:
    """A rule in the tutor's words with its citation; interpretations are flagged."""
    note = _("This is the tutor's interpretation where the rulebooks are silent.")
    interp = f'<div class="sn-interp">{escape(note, quote=False)}</div>' if rule.interpretation else ""
    return (
        f'<div class="sn-say"><b>{escape(_(rule.title))}.</b> {escape(_(rule.text))}<br>'
        f'<span class="sn-cite">{escape(rule.cite(edition))}</span></div>{interp}'
    )
