"""The bribe form: what a merchant offers or an official asks for, as a ``Bribe``."""

from __future__ import annotations

from html import escape

import ipywidgets as W

from sheriff import actions as A
from sheriff.cards import N_GOODS, deck_composition
from sheriff.i18n import _
from sheriff.widgets import kit
from sheriff.widgets.play.control_kit import MAX_PROMISE, ControlKit, _expand


def note(text: str) -> W.HTML:
    return W.HTML(f'<div class="sn-note">{escape(text)}</div>')


class BribeForm:
    """Gold (at most what the merchant holds), stand goods, bag goods, deals about other bags, a promise.

    ``side="merchant"``: the merchant offers from what they know they have.
    ``side="official"``: the Sheriff asks; the stand shows only its face-up goods, and
    the bag is unseen (goods asked for that are not there are simply not paid).
    """

    def __init__(self, ctl: ControlKit, m: int, side: str):
        v = ctl.view
        self.m = m
        names = ctl.names
        self.gold = ctl.number("bribe.gold", _("Gold (up to {gold})").format(gold=v.gold(m)), v.gold(m))
        if side == "merchant":
            stand = v.stand
            bag = v.bag or [0] * N_GOODS
        else:
            stand = list(v.stand_legal(m))
            comp = deck_composition(v.n, v.rules.royal_goods)
            # the bag is unseen: any good the deck holds, up to the bag's size, may be asked for
            bag = [min(v.bag_size(m), comp[g]) for g in range(N_GOODS)]
        # goods seen (the merchant's own, the stand's face-up ones): cards to click
        self.stand_cards = ctl._add("bribe.stand", kit.CardPicker(stand, "stand")) if any(stand) else None
        self.stand: dict = {}
        self.bag_cards = ctl._add("bribe.bag", kit.CardPicker(bag, "bag")) if any(bag) else None
        self.terms = {}
        for q in v.merchants:
            if q == m or v.handled(q) is not None:
                continue
            dd = W.Dropdown(
                options=[
                    (_("no deal"), ""),
                    (_("open {name}'s bag").format(name=names[q]), "inspect"),
                    (_("let {name} through").format(name=names[q]), "pass"),
                ],
                description=_("About {name}:").format(name=names[q]),
                style={"description_width": "initial"},
                layout=W.Layout(width="320px"),
            )
            self.terms[q] = ctl._add(f"bribe.term.{q}", dd)
        self.promise = ctl._add(
            "bribe.promise",
            W.Text(
                value="",
                placeholder=_("e.g. I'll let you through next round"),
                description=_("Promise (binds nobody):"),
                style={"description_width": "initial"},
                layout=W.Layout(width="520px"),
            ),
        )
        # the common bribe is gold alone: the gold, then one fold for the rest, then the caller's
        # send button, so a keyboard reaches "send" a few Tabs after the decision's first control
        self.more = kit.Fold(
            _("Add goods, deals about other bags or a promise (optional)"), *self._more(side), cls="sn-fold-bribe-more"
        )
        self.box = W.VBox([self.gold, self.more])

    def _more(self, side: str) -> list[W.Widget]:
        """Inside the fold: goods from the stand and the bag, deals about other bags, a promise."""
        parts: list[W.Widget] = []
        if self.stand_cards is not None:
            parts += [note(_("Goods from the stand (click to add them):")), self.stand_cards]
        if self.bag_cards is not None:
            bag = (
                _("Goods from the bag (click to add them):")
                if side == "merchant"
                else _("Goods from the bag (unseen: click what you ask for; any not there are not paid)")
            )
            parts += [note(bag), self.bag_cards]
        if self.terms:
            deals = _(
                "Deals about other bags this round bind the Sheriff: if he takes the bribe, he must open "
                "or let through that merchant's bag as agreed, and the game holds him to it."
            )
            parts += [note(deals), W.HBox(list(self.terms.values()), layout=W.Layout(flex_flow="row wrap"))]
        words = _(
            "A promise is only words: nobody has to keep it and the game does not check it "
            "(a favour in a later round, for example). Leave it empty if you like."
        )
        return [*parts, self.promise, note(words)]

    def bribe(self) -> A.Bribe:
        stand = _expand(self.stand_cards.value) if self.stand_cards is not None else ()
        bag = _expand(self.bag_cards.value) if self.bag_cards is not None else ()
        inspect = tuple(q for q, w in self.terms.items() if w.value == "inspect")
        let_pass = tuple(q for q, w in self.terms.items() if w.value == "pass")
        return A.Bribe(
            gold=self.gold.value,
            stand=stand,
            bag=bag,
            inspect=inspect,
            let_pass=let_pass,
            promise=self.promise.value.strip()[:MAX_PROMISE],
        )
