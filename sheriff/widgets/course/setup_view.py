"""Lesson 1: the deck for each player count, the coins, and a table dealt by the engine.

    SetupView()       edition, players and Royal Goods -> a bar chart of the deck,
                      the coins in the box, and the opening position (shuffle again)

The deck comes from ``sheriff.cards.deck_composition``; the opening position from
``Game(Rules(...), seed)``; an impossible table (six players in the 1st edition) is
refused with the rule that forbids it.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from sheriff.cards import GOODS, deck_composition
from sheriff.engine import Game
from sheriff.i18n import N_, _, ngettext
from sheriff.widgets import kit, lesson, render
from sheriff.widgets.markup import Markup
from sheriff.wording import and_list, good_count, goods_kind

# Coins in the box (facts from the component lists; they do not change any rule).
COINS: dict[str, dict[str, Any]] = {
    "1E": {
        "total": 110,
        "coins": ((1, 39), (5, 42), (20, 17), (50, 12)),
        "cite": "1E · Game Components",
    },  # the 1st edition has no Ukrainian rulebook
    "2E": {"total": 133, "coins": ((1, 55), (5, 48), (20, 18), (50, 12)), "cite": N_("2E · Game Components")},
}


def deck_chart(players: int, royal: bool) -> str:
    """The deck as horizontal bars, one per good, kind told by pattern and label as well as colour."""
    comp = deck_composition(players, royal)
    biggest = max(comp) or 1
    rows = []
    for g in GOODS:
        k = comp[g.index]
        if g.is_royal and not royal:
            continue
        kind = {"legal": "legal", "contraband": "contraband", "royal": "royal"}[g.kind]  # CSS class
        note = kit.kind_word(g.index)
        if g.counts_as is not None:  # a Royal Good
            note += " " + _("(counts as {goods})").format(goods=good_count(g.counts_as, g.multiplier))
        width = 100 * k / biggest
        bar = (
            f'<div class="sn-bar {kind}" style="width:{width:.1f}%" title="{escape(good_count(g.index, k))}"></div>'
            if k
            else '<div class="sn-zone">' + _("none with this many players") + "</div>"
        )
        rows.append(
            f'<div>{escape(goods_kind(g.index))} <span class="sn-zone">· {escape(note)}</span></div>{bar}'
            f'<div style="text-align:right"><b>{k}</b></div>'
        )
    total = sum(comp)
    if royal:
        deck = ngettext(
            "<b>{total} card</b> in the deck for {players} players with Royal Goods.",
            "<b>{total} cards</b> in the deck for {players} players with Royal Goods.",
            total,
        )
    else:
        deck = ngettext(
            "<b>{total} card</b> in the deck for {players} players.",
            "<b>{total} cards</b> in the deck for {players} players.",
            total,
        )
    key = _("Legal goods are solid green bars, contraband striped red, Royal Goods striped purple.")
    return (
        f'<div class="sn-text"><div class="sn-bars">{"".join(rows)}</div>'
        f'<div class="sn-zone" style="margin-top:6px">{deck.format(total=total, players=players)} {key}'
        f"</div></div>"
    )


def coins_html(edition: str) -> str:
    c = COINS[edition]
    parts = _(", ").join(f"{n} × {v}" for v, n in c["coins"])
    text = _(
        "<b>Coins in the box ({edition}):</b> {total} coins ({parts} gold). Every player starts with "
        "50 gold; the rest is the bank."
    ).format(edition=edition, total=c["total"], parts=parts)
    return f'<div class="sn-text sn-zone">{text} <span class="sn-src">{_(c["cite"])}</span></div>'


def goods_gallery() -> widgets.HTML:
    """One card of every good, grouped by kind, drawn by ``render``."""
    groups = [(_("Legal goods"), "legal"), (_("Contraband"), "contraband"), (_("Royal Goods (optional)"), "royal")]
    parts = []
    for label, kind in groups:
        counts = [1 if g.kind == kind else 0 for g in GOODS]
        parts.append(f'<div class="sn-zone" style="margin-top:6px"><b>{label}</b></div>{render.cards(counts)}')
    w = lesson.html(kit.css() + '<div class="sn-text">' + "".join(parts) + "</div>", _dom_classes=["sn-gallery"])
    return w


class SetupView(kit.Frame):
    def __init__(self, edition: str = "2E", players: int = 4, royal: bool = False, seed: int = 1):
        super().__init__()
        self.seed = seed
        self.edition = kit.edition_toggle(edition)
        self.players = lesson.toggles(
            [(ngettext("{n} player", "{n} players", n).format(n=n), n) for n in (3, 4, 5, 6)], players, "90px"
        )
        self.players.add_class("sn-players")
        self.players.add_class("sn-choice")
        self.royal = widgets.Checkbox(
            value=royal,
            description=_("with the Royal Goods (optional rule)"),
            indent=False,
            _dom_classes=["sn-royal-goods"],
        )
        self.chart = lesson.html(_dom_classes=["sn-chart"])
        self.coins = lesson.html()
        self.setup = lesson.html(_dom_classes=["sn-setup-deal"])
        self.shuffle = lesson.button(_("Shuffle and deal again"), "auto", icon="random", _dom_classes=["sn-shuffle"])
        lesson.bench(self.shuffle, self.setup)
        for w in (self.edition, self.players, self.royal):
            w.observe(lambda _: self.update(), names="value")
        self.shuffle.on_click(lambda _: self.deal_again())
        intro = _(
            "Pick an edition, a number of players and whether to add the Royal Goods. The deck, the coins "
            "and the opening table follow."
        )
        head = lesson.html(kit.heading(_("Try it"), intro=Markup(intro)))
        dealt = _("The table after setup, dealt by the engine")
        self.body(
            head,
            self.edition,
            self.players,
            self.royal,
            self.chart,
            self.coins,
            kit.kicker_html(dealt),
            self.shuffle,
            self.setup,
        )
        self.update()

    def deal_again(self) -> None:
        self.seed += 1
        self.update()

    def update(self) -> None:
        ed, n, royal = self.edition.value, self.players.value, self.royal.value
        self.coins.value = coins_html(ed)
        rules, refusal = lesson.rules_refusal(ed, n, royal_goods=royal)
        if rules is None:
            self.chart.value = refusal
            none = _("(shuffle #{seed}) No table: the 1st edition is for 3 to 5 players.").format(seed=self.seed)
            self.setup.value = f'<div class="sn-zone">{none}</div>'
            return
        self.chart.value = deck_chart(n, royal)
        game = Game(rules, seed=self.seed)
        s = game.state
        names = [_(s.names[p]) for p in s.officials]
        sheriff = (
            _("Deputies {names}").format(names=and_list(names))
            if rules.deputies
            else _("Sheriff: {name}").format(name=names[0])
        )
        piles = (
            _("two face-up discard piles of 5 cards each")
            if ed == "1E"
            else _("no discard pile yet (it appears after the first Market)")
        )
        first = (
            _("The Market starts at the Sheriff's left.")
            if s.phase == "market"
            else _("The Sheriff first picks which merchant starts the Market.")
        )
        each = ngettext("{n} card and 50 gold each", "{n} cards and 50 gold each", rules.hand_size)
        left = ngettext("{n} card left in the draw pile", "{n} cards left in the draw pile", len(s.deck))
        lasts = ngettext("The game lasts {n} round.", "The game lasts {n} rounds.", rules.rounds)
        facts = _("Shuffle #{seed}: {each}; {officials}; {piles}; {left}. {first} {lasts}").format(
            seed=self.seed,
            each=each.format(n=rules.hand_size),
            officials=escape(sheriff),
            piles=piles,
            left=left.format(n=len(s.deck)),
            first=escape(first),
            lasts=lasts.format(n=rules.rounds),
        )
        facts = f'<div class="sn-result">{facts}</div>'
        self.setup.value = facts + lesson.table_html(s) + lesson.rules_html(["setup.deck", "setup.deal"], ed)

    @property
    def text(self) -> str:
        return lesson.plain(self.chart.value + self.setup.value)


__all__ = ["SetupView", "goods_gallery", "deck_chart", "coins_html", "COINS"]
