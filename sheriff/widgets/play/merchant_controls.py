"""The merchant's decision controls: the Market, loading and declaring the bag, paying a debt,
a Black Market claim (``Controls`` in controls.py gathers them)."""

from __future__ import annotations

from html import escape

import ipywidgets as W

from sheriff import actions as A
from sheriff.cards import GOODS, list_to_counts
from sheriff.i18n import _, ngettext
from sheriff.widgets import kit, render
from sheriff.widgets.play.control_kit import ControlKit, _expand
from sheriff.widgets.play.session import count_text, goods_list


class MerchantControls(ControlKit):
    def market(self) -> list[W.Widget]:
        v = self.view
        hand = v.hand
        hs = v.rules.hand_size
        e1 = v.rules.edition == "1E"
        picker = self._add("market.cards", kit.CardPicker(hand, "market"))
        summary = W.HTML()
        extra: list[W.Widget] = []
        left = right = pile = None
        if e1:
            piles = v.discards()
            left, right, pile, extra = self._market_piles()

        def chosen():
            return picker.value

        def action():
            counts = picker.value
            froms = ()
            if e1:
                froms = (0,) * left.value + (1,) * right.value
            return A.Market(self.seat, _expand(counts), froms, pile.value if e1 else 0)

        go = self.button("market.go", _("Keep my whole hand"), action, "primary")

        def refresh(*_args):
            k = sum(chosen())
            draw = hs - (sum(hand) - k)
            if e1:  # only the cards drawn back can come from the piles (left pile first)
                left.max = max(0, min(len(piles[0]), draw))
                right.max = max(0, min(len(piles[1]), draw - left.value))
            took = (left.value + right.value) if e1 else 0
            summary.value = _market_summary_html(k, draw, took, hs, e1)
            go.description = _("Set aside and draw back up") if k else _("Keep my whole hand")

        for w in [picker] + ([left, right] if e1 else []):
            w.observe(refresh, "value")
        refresh()
        return [self.prompt(_market_intro(e1, hs)), picker, *extra, summary, go]

    def _market_piles(self) -> tuple[W.BoundedIntText, W.BoundedIntText, W.Widget, list[W.Widget]]:
        """1st edition: how many cards to take from each discard pile, and the pile the set-aside cards go on."""
        left = self.number("market.left", _("Take from the top of the left pile"), 0)
        right = self.number("market.right", _("then from the top of the right pile"), 0)
        for w in (left, right):
            w.layout.width = "320px"
        pile = self._add(
            "market.pile",
            W.Dropdown(
                options=[(_("left discard pile"), 0), (_("right discard pile"), 1)],
                description=_("Lay the set-aside cards on the"),
                style={"description_width": "initial"},
            ),
        )
        extra = [
            self.html(
                '<div class="sn-note">{}</div>'.format(
                    _(
                        "1st edition: you may take cards from the top of the discard piles (all of them before any from "
                        "the draw pile); the rest come from the draw pile."
                    )
                )
            ),
            W.HBox([left, right]),
            pile,
        ]
        return left, right, pile, extra

    # -- Loading and declaring -----------------------------------------------------------
    def load(self) -> list[W.Widget]:
        hand = self.view.hand
        picker = self._add("load.cards", kit.CardPicker(hand, "load"))
        summary = W.HTML()

        def counts():
            return picker.value

        def refresh(*_args):
            c = counts()
            k = sum(c)
            warn = ""
            if k == 0:
                warn = " " + _("Put at least 1 card in.")
            elif k > 5:
                warn = " <b style='color:#b71c1c'>{}</b>".format(_("The bag holds at most 5 cards."))
            bag = ngettext("Bag: {goods} ({k} card).", "Bag: {goods} ({k} cards).", k).format(
                goods=escape(goods_list(c)), k=k
            )
            summary.value = f'<div class="sn-note">{bag}{warn}</div>' + render.cards(c, 0, _("empty bag"))

        picker.observe(refresh, "value")
        refresh()
        go = self.button("load.go", _("Close the bag"), lambda: A.LoadBag(self.seat, _expand(counts())), "primary")
        return [
            self.prompt(
                _(
                    "Click 1 to 5 cards of your hand to load your merchant bag. Anything may go in; "
                    "next you declare it as one legal good (Apples, Cheese, Bread or Chickens), with the "
                    "true number of cards. The bag cannot be repacked once closed."
                )
            ),
            picker,
            summary,
            go,
        ]

    def declare(self) -> list[W.Widget]:
        opts = [(count_text(a.good, a.count), a.good) for a in self.legal if isinstance(a, A.Declare)]
        count = next((a.count for a in self.legal if isinstance(a, A.Declare)), 0)
        dd = self._add(
            "declare.good",
            W.Dropdown(options=opts, description=_("I declare:"), style={"description_width": "initial"}),
        )
        bag = self.view.bag
        if bag is not None and opts:  # start at the legal good the bag holds most of (Apples if none)
            dd.value = max((g for _t, g in opts), key=lambda g: (bag[g], -g))
        go = self.button("declare.go", _("Declare"), lambda: A.Declare(self.seat, dd.value, count), "primary")
        if self.view.rules.deputies:
            say = ngettext(
                "Hand your bag to the Deputies and declare it: exactly {n} card of one legal good.",
                "Hand your bag to the Deputies and declare it: exactly {n} cards of one legal good.",
                count,
            )
        else:
            say = ngettext(
                "Hand your bag to the Sheriff and declare it: exactly {n} card of one legal good.",
                "Hand your bag to the Sheriff and declare it: exactly {n} cards of one legal good.",
                count,
            )
        bread = ""
        if self.view.n == 3:  # 3 players: the Bread cards are out of the deck, yet Bread may still be declared
            bread = " " + _(
                "With three players there is no Bread in the deck. The rulebooks do not forbid declaring it, "
                "so the tutor's reading allows it, though a Sheriff then knows at once that the bag is a lie."
            )
        return [
            self.prompt(
                say.format(n=count)
                + " "
                + _(
                    "You may lie about the kind, never about the number; contraband and Royal Goods can never "
                    "be declared."
                )
                + bread
            ),
            W.HBox([dd, go]),
        ]

    def debt(self) -> list[W.Widget]:
        """Rule debt.goods: the debtor picks stand goods worth at least what gold did not cover."""
        due = self.view.debt_due()
        assert due is not None
        owed, creditor = due
        opts = []
        for i, a in enumerate(a for a in self.legal if isinstance(a, A.PayDebt)):
            goods = goods_list(list_to_counts(a.goods))
            label = _("{goods} (overpays least)").format(goods=goods) if i == 0 else goods
            opts.append((label, a))
        dd = self._add(
            "debt.goods",
            W.Dropdown(
                options=opts,
                description=_("Pay with"),
                style={"description_width": "initial"},
                layout=W.Layout(width="380px", max_width="100%"),
            ),
        )
        go = self.button("debt.pay", _("Hand these over"), lambda: dd.value, "primary")
        if creditor < 0:
            owe = ngettext(
                "Your gold did not cover the debt: you still owe the Booty {gold} gold.",
                "Your gold did not cover the debt: you still owe the Booty {gold} gold.",
                owed,
            )
        else:
            owe = ngettext(
                "Your gold did not cover the debt: you still owe {name} {gold} gold.",
                "Your gold did not cover the debt: you still owe {name} {gold} gold.",
                owed,
            )
        text = (
            owe.format(name=self.names[creditor] if creditor >= 0 else "", gold=owed)
            + " "
            + _(
                "Choose goods from your stand worth at least that (legal goods first; no change is given; no card "
                "beyond need)."
            )
        )
        return [self.prompt(text), W.HBox([dd, go], layout=W.Layout(flex_flow="row wrap"))]

    def claims(self) -> list[W.Widget]:
        v = self.view
        piles = v.black_market_piles()
        buttons = [
            self.button(
                f"claim.{GOODS[a.good].id}",
                _("Turn in {goods} (card worth {value})").format(goods=count_text(a.good, 3), value=piles[a.good][-1]),
                a,
                "warning",
            )
            for a in self.legal
            if isinstance(a, A.ClaimBlackMarket)
        ]
        buttons.append(self.button("claim.skip", _("No claim"), A.SkipClaim(self.seat)))
        return [
            self.prompt(
                _(
                    "Your bag passed. Black Market: you may turn in 3 contraband of one kind from your "
                    "stand (they leave the game) for the top Black Market card of that kind. At most one "
                    "claim a round."
                )
            ),
            W.HBox(buttons, layout=W.Layout(flex_flow="row wrap")),
        ]


def _market_summary_html(k: int, draw: int, took: int, hs: int, e1: bool) -> str:
    """What setting aside k cards means: how many are drawn back, and from where."""
    warn = ' <b style="color:#b71c1c">{}</b>'.format(_("At most 5 cards may be set aside.")) if k > 5 else ""
    n = max(draw, 0)
    if e1:
        src = _("{piles} from the discard piles and {deck} from the draw pile").format(
            piles=took, deck=max(draw - took, 0)
        )
    else:
        src = _("{n} from the deck").format(n=n)
    said = ngettext(
        "Setting aside {k} card; you will draw {n} ({source}) to get back to {size}.",
        "Setting aside {k} cards; you will draw {n} ({source}) to get back to {size}.",
        k,
    )
    return f'<div class="sn-note">{said.format(k=k, n=n, source=src, size=hs)}{warn}</div>'


def _market_intro(e1: bool, hs: int) -> str:
    """The Market's prompt for the edition being played."""
    return (
        # 1E · Phase 1 Market: set aside face down, draw, then the set-aside cards go face up on a pile
        _(
            "Market: click the cards to set aside (up to 5, face down), then draw back up to {size}, from "
            "the top of the discard piles first if you like. Afterwards the cards you set aside go face up "
            "on the discard pile you choose. Keep the goods you want to bring to market."
        )
        if e1
        else _(
            "Market: click the cards to set aside (up to 5, face up, for everyone to see), then draw back "
            "up to {size}. Keep the goods you want to bring to market."
        )
    ).format(size=hs)
