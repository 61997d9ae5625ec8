"""The Sheriff's (and Deputies') inspection controls: dealing with each bag, naming a price,
bargaining on either side, a Deputy's stance and the Booty's terms (``Controls`` in
controls.py gathers them)."""

from __future__ import annotations

from html import escape

import ipywidgets as W

from sheriff import actions as A
from sheriff.cards import N_GOODS
from sheriff.i18n import _, ngettext
from sheriff.widgets import kit
from sheriff.widgets.play.bribe_form import BribeForm
from sheriff.widgets.play.control_kit import ControlKit, replace_children
from sheriff.widgets.play.session import count_text
from sheriff.wording import goods_kind


class InspectionControls(ControlKit):
    def booty_terms(self) -> list[W.Widget]:
        """Six players: the Booty's odd coin and odd card are discarded unless both Deputies agree."""
        v = self.view
        if not v.rules.deputies or self.seat not in v.officials:
            return []
        deps = [(self.names[d], d) for d in v.officials]
        coin = self._add(
            "booty.coin", W.Dropdown(options=deps, description=_("odd coin to"), style={"description_width": "initial"})
        )
        card = self._add(
            "booty.card", W.Dropdown(options=deps, description=_("odd card to"), style={"description_width": "initial"})
        )
        terms = v.booty_terms()
        other = next((d for d in v.officials if d != self.seat), None)
        said = ""
        if other is not None and other in terms:
            c, k = terms[other]
            coin.value, card.value = c, k
            said = " " + _("{name} proposes: the odd coin to {coin}, the odd card to {card}.").format(
                name=escape(self.names[other]), coin=escape(self.names[c]), card=escape(self.names[k])
            )
        go = self.button(
            "booty.agree", _("Agree on these terms"), lambda: A.AgreeBooty(self.seat, coin.value, card.value), "info"
        )
        return [
            W.VBox(
                [
                    W.HTML(
                        _(
                            "<b>The Booty's leftovers</b>: an odd coin or card is discarded unless both "
                            "Deputies state the same terms."
                        )
                        + said
                    ),
                    W.HBox([coin, card, go], layout=W.Layout(flex_flow="row wrap")),
                ],
                layout=W.Layout(border="1px solid #ddd", padding="6px", margin="6px 0 0 0"),
            )
        ]

    def _decl(self, m: int) -> str:
        d = self.view.declared(m)
        return count_text(d[0], d[1]) if d else _("nothing")

    def _pile_choice(self) -> W.Widget | None:
        if len(self.view.discards()) < 2:
            return None
        pile = self._add(
            "inspect.pile",
            W.Dropdown(
                options=[(_("left discard pile"), 0), (_("right discard pile"), 1)],
                description=_("Confiscated goods go onto the"),
                style={"description_width": "initial"},
                layout=W.Layout(width="360px"),
            ),
        )
        # 1E: merchants draw from the tops of the piles, so the Sheriff orders what he confiscates.
        top = [(_("any order"), ())] + [(goods_kind(g), (g,)) for g in range(N_GOODS)]
        self._top = self._add(
            "inspect.top",
            W.Dropdown(
                options=top,
                description=_("and on top of them (if found):"),
                style={"description_width": "initial"},
                layout=W.Layout(width="340px"),
            ),
        )
        return W.HBox([pile, self._top], layout=W.Layout(flex_flow="row wrap"))

    def _inspect(self, m: int, pile_w):
        def make():
            if pile_w is None:
                return A.Inspect(self.seat, m)
            return A.Inspect(self.seat, m, self.reg["inspect.pile"].value, self.reg["inspect.top"].value)

        return make

    def choose_bag(self) -> list[W.Widget]:
        v = self.view
        pile_w = self._pile_choice()
        rows: list[W.Widget] = []
        offer_to = []
        merchants = []
        for a in self.legal:
            m = getattr(a, "merchant", None)
            if m is not None and m not in merchants:
                merchants.append(m)
        for m in merchants:
            acts = [a for a in self.legal if getattr(a, "merchant", None) == m]
            kinds = {type(a) for a in acts}
            buttons = self._bag_buttons(m, kinds, pile_w)
            if A.Offer in kinds:
                offer_to.append(m)
            rows.append(
                kit.arrow_keys(  # one Tab stop a bag: the arrow keys choose between its buttons
                    W.HBox(
                        [W.HTML(self._bag_label(m), layout=W.Layout(min_width="min(380px, 100%)")), *buttons],
                        layout=W.Layout(flex_flow="row wrap", align_items="center"),
                    )
                )
            )
        you = _("You are the Deputy.") if v.rules.deputies else _("You are the Sheriff.")
        out = [
            self.prompt(
                you
                + " "
                + _(
                    "Deal with the bags one at a time: open a bag, let it through, threaten "
                    "to open it (the merchant may then offer a bribe), or name your price."
                )
            )
        ]
        if pile_w is not None:
            out.append(pile_w)
        out += rows
        if offer_to:
            out.append(self._ask_box(offer_to))
        return out

    def _bag_label(self, m: int) -> str:
        """A bag waiting for the Sheriff: its merchant, declaration, size and gold, and any deal binding him."""
        v = self.view
        size = v.bag_size(m)
        label = ngettext(
            "<b>{name}</b>: declared “{declared}”, {n} card in the bag, {gold} gold",
            "<b>{name}</b>: declared “{declared}”, {n} cards in the bag, {gold} gold",
            size,
        ).format(name=escape(self.names[m]), declared=escape(self._decl(m)), n=size, gold=v.gold(m))
        bound = v.bound(m)
        if bound:
            binds = (
                _("(a deal binds you to open this bag)")
                if bound == "inspect"
                else _("(a deal binds you to let it through)")
            )
            label += f' <span class="sn-note">{binds}</span>'
        return label

    def _bag_buttons(self, m: int, kinds: set, pile_w: W.Widget | None) -> list[W.Widget]:
        """The moves the Sheriff may make on merchant m's bag: open it, let it through, threaten."""
        buttons = []
        if A.Inspect in kinds:
            buttons.append(
                self.button(f"bag.{m}.inspect", _("Open the bag"), self._inspect(m, pile_w), "danger", whose=m)
            )
        if A.Pass in kinds:
            buttons.append(self.button(f"bag.{m}.pass", _("Let it through"), A.Pass(self.seat, m), "success", whose=m))
        if A.Threaten in kinds:
            buttons.append(
                self.button(
                    f"bag.{m}.threaten",
                    _("Threaten"),
                    A.Threaten(self.seat, m),
                    "warning",
                    tip=_("Threaten to open it, and wait for an offer"),
                    whose=m,
                )
            )
        return buttons

    def _ask_box(self, merchants: list[int]) -> W.Widget:
        who = self._add(
            "ask.merchant",
            W.Dropdown(
                options=[(self.names[m], m) for m in merchants],
                description=_("Name a price: ask"),
                style={"description_width": "initial"},
            ),
        )
        slot = W.VBox()

        def rebuild(*_args):
            form = BribeForm(self, who.value, side="official")
            send = self.button(
                "bribe.send", _("Ask for this bribe"), lambda: A.Offer(self.seat, who.value, form.bribe()), "warning"
            )
            replace_children(slot, [form.box, send])

        who.observe(rebuild, "value")
        rebuild()
        return W.VBox([who, slot], layout=W.Layout(border="1px solid #ddd", padding="6px", margin="6px 0 0 0"))

    def negotiate(self, nego) -> list[W.Widget]:
        m, offer, by, due = nego
        me_merchant = self.seat == m
        kinds = {type(a) for a in self.legal}
        out: list[W.Widget] = []
        if me_merchant:
            text = self._merchant_nego_text(m, offer, by)
            buttons = self._merchant_nego_buttons(m, kinds)
            send_text = _("Offer this bribe")
        else:
            text = self._official_nego_text(m, offer)
            pile_w = self._pile_choice()
            if pile_w is not None:
                out.append(pile_w)
            buttons = self._official_nego_buttons(m, offer, kinds, pile_w)
            send_text = _("Ask for this instead")
        out = [self.prompt(text)] + out + [W.HBox(buttons, layout=W.Layout(flex_flow="row wrap"))]
        if A.Offer in kinds:
            form = BribeForm(self, m, side="merchant" if me_merchant else "official")
            send = self.button("bribe.send", send_text, lambda: A.Offer(self.seat, m, form.bribe()), "warning")
            head = (
                _("Counter-offer") if offer is not None else (_("Offer a bribe") if me_merchant else _("Name a price"))
            )
            out.append(
                W.VBox(
                    [W.HTML(f"<b>{head}</b>"), form.box, send],
                    layout=W.Layout(border="1px solid #ddd", padding="6px", margin="6px 0 0 0"),
                )
            )
        return out

    def _merchant_nego_text(self, m: int, offer, by: int) -> str:
        """What the merchant reads: threatened (offer a bribe or refuse) or asked for a price."""
        if offer is None:
            v = self.view
            both = v.rules.deputies and len(v.authority(m) or ()) == 2
            threat = (
                _("The Deputies threaten to open your bag.")
                if both
                else _("{name} threatens to open your bag.").format(name=escape(self.names[by]))
            )
            return (
                threat
                + " "
                + _(
                    "Offer a bribe to keep it shut, or refuse to pay (then the Sheriff decides: "
                    "open it or let it through)."
                )
            )
        return _(
            "{name} asks you for <b>{bribe}</b>. Accept (“Deal!”: the bribe is paid and the bag "
            "passes), refuse, or make a counter-offer."
        ).format(name=escape(self.names[by]), bribe=escape(offer.text(self.names)))

    def _merchant_nego_buttons(self, m: int, kinds: set) -> list[W.Widget]:
        buttons = []
        if A.Accept in kinds:
            buttons.append(self.button("deal.accept", _("Deal! (pay it)"), A.Accept(self.seat, m), "success"))
        if A.Decline in kinds:
            buttons.append(self.button("deal.decline", _("Refuse to pay"), A.Decline(self.seat, m), "danger"))
        return buttons

    def _official_nego_text(self, m: int, offer) -> str:
        """What the Sheriff reads: the merchant refuses to pay, or offers a bribe."""
        size = self.view.bag_size(m)
        if offer is None:
            # English has always said "1 cards" here: both forms keep the plural (English unchanged)
            text = ngettext(
                "{name} refuses to pay. Open the bag, let it through, or name a price "
                "(declared “{declared}”, {n} cards).",
                "{name} refuses to pay. Open the bag, let it through, or name a price "
                "(declared “{declared}”, {n} cards).",
                size,
            )
        else:
            text = ngettext(
                "{name} offers <b>{bribe}</b> to keep the bag (declared “{declared}”, {n} cards) "
                "shut. Take the deal, open the bag anyway, or ask for something else. Handing the "
                "bag back now takes this offer.",
                "{name} offers <b>{bribe}</b> to keep the bag (declared “{declared}”, {n} cards) "
                "shut. Take the deal, open the bag anyway, or ask for something else. Handing the "
                "bag back now takes this offer.",
                size,
            )
        return text.format(
            name=escape(self.names[m]),
            declared=escape(self._decl(m)),
            n=size,
            bribe=escape(offer.text(self.names)) if offer is not None else "",
        )

    def _official_nego_buttons(self, m: int, offer, kinds: set, pile_w: W.Widget | None) -> list[W.Widget]:
        buttons = []
        if A.Accept in kinds:
            buttons.append(self.button("deal.accept", _("Deal! (take the bribe)"), A.Accept(self.seat, m), "success"))
        if A.Inspect in kinds:
            buttons.append(self.button("deal.inspect", _("Open the bag"), self._inspect(m, pile_w), "danger"))
        if A.Pass in kinds and offer is None:  # with an offer standing, handing back takes it: "Deal!"
            buttons.append(self.button("deal.pass", _("Let it through free"), A.Pass(self.seat, m), "info"))
        return buttons

    def stances(self, stances) -> list[W.Widget]:
        v = self.view
        rows = []
        for m in dict.fromkeys(a.merchant for a in stances):
            size = v.bag_size(m)
            label = ngettext(
                "<b>{name}</b>: declared “{declared}”, {n} card",
                "<b>{name}</b>: declared “{declared}”, {n} cards",
                size,
            ).format(name=escape(self.names[m]), declared=escape(self._decl(m)), n=size)
            rows.append(
                W.HBox(
                    [
                        W.HTML(label, layout=W.Layout(min_width="min(320px, 100%)")),
                        self.button(
                            f"stance.{m}.yes", _("I would inspect"), A.Stance(self.seat, m, True), "danger", whose=m
                        ),
                        self.button(
                            f"stance.{m}.no",
                            _("I would let it pass"),
                            A.Stance(self.seat, m, False),
                            "success",
                            whose=m,
                        ),
                    ],
                    layout=W.Layout(flex_flow="row wrap", align_items="center"),
                )
            )
        return [
            self.prompt(
                _(
                    "You are a Deputy. For each bag, both Deputies first say whether they would inspect "
                    "it. If neither would, it passes free (the tutor's reading: the rulebook would let you still take a "
                    "bribe for it, onto the Booty); if only one would, that Deputy deals with it "
                    "alone; if both would, you deal with it together and share the Booty."
                )
            )
        ] + rows
