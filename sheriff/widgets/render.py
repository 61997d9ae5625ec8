"""The one renderer of the table: cards, hands, bags, stands, seat panels, the piles and the
score sheet, for the lessons, the play page, the replay and the score calculator alike.

Legal, contraband and royal goods differ by text and shape as well as colour, so
the tutor reads well in grey-scale and for colour-blind learners:
  legal       green, square corners, tag "LEGAL"
  contraband  red, clipped corners (an octagon), tag "CONTRABAND"
  royal       purple, double border, crown, tag "ROYAL ×2" (what it counts as)
A face-down card is a plain hatched back with "?".  Every function returns a string
(for ``ipywidgets.HTML``), so it can be tested without a browser.  The markup is in
``templates/`` (``sheriff.widgets.markup``); the CSS is ``sheriff.widgets.kit.CSS``.
"""

from __future__ import annotations

from html import escape
from typing import Any

from sheriff.cards import GOODS, LEGAL_GOODS, N_GOODS
from sheriff.engine import DEFAULT_NAMES
from sheriff.i18n import N_, _, ngettext
from sheriff.scoring import bonus_roles
from sheriff.widgets import language
from sheriff.widgets.glossary_links import REFERENCE, rule_anchor
from sheriff.widgets.good_symbols import symbols_html
from sheriff.widgets.markup import fill_html, html, render
from sheriff.wording import good_count, goods_kind

_TAG = {"legal": N_("LEGAL"), "contraband": N_("CONTRABAND")}
# Cards shown on a discard pile: its top 5.  In the 1st edition a reshuffle keeps exactly the
# top 5 of each pile (rule setup.reshuffle), so these are the cards that stay in play; the rest
# are counted.  (The lessons used to show 6 and the play page 5.)
DISCARDS_SHOWN = 5


def longest_word(text: str) -> float:
    """The longest word's width in Latin letters: a Cyrillic letter is about a tenth wider, so
    a long Ukrainian word takes the smaller type a little sooner than an English one."""
    return max((len(w) * (1.1 if not w.isascii() else 1.0) for w in text.split()), default=0.0)


def _card(good: int, count: int = 1, face_down: bool = False) -> dict:
    """What a card shows, for ``templates/cards.html.j2``."""
    if face_down:
        return {"back": True, "count": count, "label": _("face-down card") + (f" ×{count}" if count > 1 else "")}
    g = GOODS[good]
    name = goods_kind(good)
    if g.counts_as is not None:  # a Royal Good
        tag = _("♛ ROYAL ×{n} {good}").format(n=g.multiplier, good=goods_kind(g.counts_as))
        cls = "sn-royal"
    else:
        tag = _(_TAG[g.kind])
        cls = "sn-legal" if g.is_legal else "sn-contraband"
    longest = max(len(word) for word in name.split())  # names wrap between words only:
    return {
        "back": False,
        "count": count,
        "label": _("{name}, {kind}, value {value}, penalty {penalty}").format(
            name=name, kind=tag.lower(), value=g.value, penalty=g.penalty
        )
        + (f" ×{count}" if count > 1 else ""),  # the label is all a screen reader reads: the count too
        "cls": cls,
        "tag": tag,
        "tag_size": " sn-tag-long" if longest_word(tag) > 10.5 else "",  # "КОРОЛІВСЬКИЙ": never "CONTRABAND"
        "name": name,
        "symbols": html(symbols_html(good)),  # a picture beside the name, hidden from screen readers
        "size": " sn-xlong" if longest >= 11 else " sn-long" if longest >= 9 else "",  # long words, letters closer
        "value": _("value {value}").format(value=g.value),
        "fine": _("fine {penalty}").format(penalty=g.penalty),
    }


def card(good: int, count: int = 1, face_down: bool = False) -> str:
    """One card (with a ×count badge when several are stacked)."""
    return render("cards.html.j2", single=_card(good, count, face_down))


def _counted(counts, face_down: int = 0) -> list[dict]:
    parts = [_card(g, counts[g]) for g in range(N_GOODS) if counts[g]]
    if face_down:
        parts.append(_card(0, face_down, face_down=True))
    return parts


def cards(counts, face_down: int = 0, empty: str = N_("nothing")) -> str:
    """A row of stacked cards from a count vector, plus ``face_down`` hidden cards."""
    return render("cards.html.j2", cards=_counted(counts, face_down), empty=_(empty))


def card_list(goods, empty: str = N_("empty")) -> str:
    """Cards in order (a discard pile: the last one is on top)."""
    return render("cards.html.j2", cards=[_card(g) for g in goods], empty=_(empty))


def panel(
    p: int, name: str, body: str, role: str | None = None, note: str | None = None, official: bool = False
) -> str:
    """One seat's panel: the name, its role badge, an optional note (who plays it), then ``body`` (HTML)."""
    return render("panel.html.j2", seat=p, name=name, body=html(body), role=role, note=note, official=official)


def table(panels, acting: int | None = None, cls: str = "", changed=()) -> str:
    """The table: ``panels`` as ``(seat, panel HTML)`` pairs, side by side (``acting`` highlighted,
    seats in ``changed`` marked as changed by the step shown)."""
    seats = [{"seat": p, "html": html(h), "acting": p == acting, "changed": p in changed} for p, h in panels]
    return render("table.html.j2", seats=seats, cls=cls)


def black_market_cards(bm) -> str:
    """A seat's Black Market cards in words ("Black Market: Pepper 5, Silk 8"), or ""."""
    if not bm:
        return ""
    items = _(", ").join(_("{good} {value}").format(good=goods_kind(g), value=v) for g, v in bm)
    return _("Black Market: {cards}").format(cards=items)


def player_panel(
    view, p: int, show_private: bool = False, role: str | None = None, note: str | None = None, extra: str = ""
) -> str:
    """One player's public table space as ``view`` sees it (own seat: face-down kinds too);
    ``extra``: HTML shown under it in the same panel (the replay's secret cards)."""
    own = show_private and p == view.seat
    stand = view.stand if own else view.stand_legal(p)
    hidden = 0 if own else view.face_down(p)
    decl = view.declared(p)
    body = render(
        "seat_public.html.j2",
        gold_text=_("gold: {gold}"),
        gold=view.gold(p),
        hand=ngettext("hand: {n} card", "hand: {n} cards", view.hand_size(p)).format(n=view.hand_size(p)),
        bag=_("bag: {n}").format(n=view.bag_size(p) or "—"),
        declared=_("declared: {goods}").format(goods=good_count(decl[0], decl[1])) if decl else "",
        stand_label=_("stand:"),
        stand=html(cards(stand, hidden, _("empty stand"))),
        black_market=black_market_cards(view.black_market_cards(p)),
    )
    return panel(p, seat_name(view.names[p]), body + extra, role, note)


def seat_name(name: str) -> str:
    """A seat's name on the page: the bots' Robin Hood names in the page's language, a name a person
    typed as typed (the catalogs hold other words too: "Ann" is the calculator's example, "Ганна")."""
    return _(name) if name in DEFAULT_NAMES else name


def private_hand(
    title: str, hand, bag=None, bag_text: str = "", seat: int | None = None, moves: int = 0, cls: str = ""
) -> str:
    """A player's own hand and bag (shown only to that player).  ``bag_text`` may be ``Markup``
    (a message with its own bold); a plain one is set in bold."""
    k = sum(hand)
    # English keeps "cards" even for one (as it always said); the plural forms are for other languages
    hand_text = ngettext("<b>Your hand</b> ({n} cards):", "<b>Your hand</b> ({n} cards):", k)
    return render(
        "hand.html.j2",
        cls=cls,
        seat=seat,
        moves=moves,
        title=title,
        hand_text=fill_html(hand_text, n=k),
        hand=html(cards(hand, 0, _("no cards"))),
        bag_text=bag_text,
        bag_bold=not hasattr(bag_text, "__html__"),
        bag=html(cards(bag, 0, _("empty"))) if bag is not None else None,
    )


def message(text: str) -> str:
    return render("boxes.html.j2", kind="say", text=text)


def refusal(err) -> str:
    """An engine refusal: the reason, the rule's title and its citation; never a traceback.  The
    citation links to the rule on the reference page (the link keeps the page's language)."""
    rule = err.rule
    href = language.link(f"{REFERENCE}#{rule_anchor(err.rule_id)}")
    return render(
        "boxes.html.j2",
        kind="refusal",
        head=_("Not allowed:"),
        text=_(err.reason),
        cite=fill_html(
            escape(_("Rule “{title}” — {cite}")),
            title=_(rule.title),
            cite=html(f'<a class="sn-rule-link" href="{escape(href)}">{escape(err.cite)}</a>'),
        ),
        interpretation=_("interpretation") if rule.interpretation else "",
    )


def plain_refusal(text: str) -> str:
    """Something that cannot be done, said without a rule (a position that cannot be built)."""
    return render("boxes.html.j2", kind="refusal", head=_("Not possible:"), text=text, cite="", interpretation="")


def interpretation(text: str) -> str:
    """A box marking the tutor's own reading where the rulebooks are silent."""
    return render("boxes.html.j2", kind="interpretation", text=text)


def rule_box(rule, edition: str | None = None) -> str:
    """A rule in the tutor's words with its citation; interpretations are flagged."""
    note = _("This is the tutor's interpretation where the rulebooks are silent.")
    return render(
        "boxes.html.j2",
        kind="rule",
        title=_(rule.title),
        text=_(rule.text),
        cite=rule.cite(edition),
        interpretation=note if rule.interpretation else "",
    )


# -- the piles -------------------------------------------------------------------------
def _discard(title: str, pile) -> dict[str, Any]:
    top = pile[-DISCARDS_SHOWN:]
    if len(pile) > DISCARDS_SHOWN:
        more = ngettext(
            "({n} card; the top {shown} shown, top card on the right)",
            "({n} cards; the top {shown} shown, top card on the right)",
            len(pile),
        ).format(n=len(pile), shown=len(top))
    else:
        more = _("(top card on the right)") if pile else ""
    return {"title": title, "more": more, "text": "", "cards": [_card(g) for g in top], "empty": _("empty"), "note": ""}


def piles(view) -> str:
    """The draw pile, the discard pile(s), the cards set aside this Market, the Black Market piles
    and the Booty tile, as any seat sees them (everything here lies face up or is counted)."""
    rules = view.rules
    deck = view.deck_size()
    out: list[dict[str, Any]] = [
        {
            "title": _("Draw pile"),
            "more": "",
            "text": ngettext("{n} cards", "{n} cards", deck).format(n=deck),
            "cards": None,
            "empty": "",
            "note": "",
        }
    ]
    discards = view.discards()
    labels = [_("Left discard pile"), _("Right discard pile")] if len(discards) == 2 else [_("Discard pile")]
    out += [_discard(label, pile) for label, pile in zip(labels, discards)]
    aside = view.set_aside()
    if aside:
        out.append(
            {
                "title": _("Set aside this Market (face up)"),
                "more": "",
                "text": "",
                "cards": [_card(g) for g in aside],
                "empty": "",
                "note": "",
            }
        )
    if rules.black_market:
        left = _(", ").join(
            (_("{good}: {n} left (top worth {value})") if v else _("{good}: {n} left")).format(
                good=goods_kind(g), n=len(v), value=v[-1] if v else 0
            )
            for g, v in view.black_market_piles().items()
        )
        note = _("Card values are the tutor's editable default, an assumption: the rulebook text does not list them.")
        out.append({"title": _("Black Market"), "more": "", "text": left, "cards": None, "empty": "", "note": note})
    if rules.deputies:
        gold, booty = view.booty()
        counts = [booty[g] if g < len(booty) else 0 for g in range(N_GOODS)]
        out.append(
            {
                "title": _("Booty tile: {gold} gold").format(gold=gold),
                "more": "",
                "text": "",
                "cards": _counted(counts),
                "empty": _("no goods"),
                "note": "",
            }
        )
    return render("piles.html.j2", piles=out)


# -- the score sheet ---------------------------------------------------------------------
def _bonus_text(role: str, good: str, amount: int) -> str:
    """'Apples King +20', 'Cheese shared Queen +5' on the score sheet."""
    match role:
        case "King":
            text = _("{good} King +{points}")
        case "shared King":
            text = _("{good} shared King +{points}")
        case "Queen":
            text = _("{good} Queen +{points}")
        case "shared Queen":
            text = _("{good} shared Queen +{points}")
        case _:
            text = _("{good} bonus +{points}")
    return text.format(good=good, points=amount)


def score_sheet(names, stands, scores, winners, verdict: str = "", why: str = "", note: str = "") -> str:
    """The score sheet: goods, gold, King and Queen bonuses (roles from ``sheriff.scoring``), total
    and the tie-breakers' counts, the winners marked; ``verdict`` / ``why`` / ``note`` below it."""
    roles = bonus_roles(stands)
    legal = {GOODS[g].id: g for g in LEGAL_GOODS}
    win = _("winner") if len(winners) == 1 else _("shared victory")
    rows = [
        {
            "seat": p,
            "name": names[p],
            "win": win if p in winners else "",
            "goods": sc.goods,
            "gold": sc.gold,
            "bonuses": _(", ").join(
                _bonus_text(roles[p].get(gid, ""), goods_kind(legal[gid]), amount) for gid, amount in sc.bonuses.items()
            ),
            "bonus_total": sum(sc.bonuses.values()),
            "total": sc.total,
            "legal": sc.legal_cards,
            "contraband": sc.contraband_cards,
        }
        for p, sc in enumerate(scores)
    ]
    heads = (
        _("Player"),
        _("Goods"),
        _("Gold"),
        _("King and Queen bonuses"),
        _("Bonus total"),
        _("Score"),
        _("Legal cards"),
        _("Contraband cards"),
    )
    return render("score_sheet.html.j2", heads=heads, rows=rows, verdict=verdict, why=why, note=note)


__all__ = [
    "seat_name",
    "card",
    "cards",
    "card_list",
    "panel",
    "table",
    "player_panel",
    "private_hand",
    "message",
    "refusal",
    "plain_refusal",
    "interpretation",
    "rule_box",
    "piles",
    "score_sheet",
]
