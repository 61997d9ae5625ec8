"""The widgets for one human decision: Market, loading, declaring, inspecting, bargaining...

``Controls(app, seat).build()`` returns the widgets for whatever ``seat`` must decide
now.  The choices come from ``game.legal_actions(seat)`` (which bag, which legal good,
which merchant starts...) and from the seat's own view (its hand, its bag, the
merchant's gold as the ceiling of a bribe), so only legal moves are offered; if the
engine refuses a move anyway (a Market that takes too many cards from a pile, an
empty offer) the play widget shows its reason and citation.

Every control is registered under a short name in ``Controls.reg`` (the play widget
exposes it as ``app.controls``) and carries the CSS class ``sn-ctl-<name>`` (dots
become dashes), so tests can drive the game in Python or in a browser:

  start.who, start.go                      the Sheriff picks who starts the Market (2E)
  market.cards, market.left, market.right, market.pile, market.go   (market.cards: a kit.CardPicker)
  load.cards, load.go                      cards into the bag (a kit.CardPicker)
  declare.good, declare.go
  bag.<m>.inspect / .pass / .threaten      the Sheriff (or a lone Deputy) deals with a bag
  inspect.pile, inspect.top                1E: which discard pile gets confiscated goods, which good on top
  debt.goods, debt.pay                     the debtor's choice of stand goods for a debt
  booty.coin, booty.card, booty.agree      six players: a Deputy's terms for the Booty's leftovers
  ask.merchant                             to whom a price is named
  bribe.gold, bribe.stand, bribe.bag (CardPickers; for the Sheriff, the unseen bag's possible
  goods), bribe.term.<seat>, bribe.promise, bribe.send
  coach.ask, coach.advice, coach.take      "What should I do?", the coach's answer, "Do this" (the advised move)
  deal.accept, deal.decline, deal.inspect, deal.pass
  stance.<m>.yes, stance.<m>.no            six players: a Deputy's view of a bag
  claim.<good>, claim.skip                 Black Market
"""

from __future__ import annotations

from html import escape

import ipywidgets as W

from sheriff import actions as A
from sheriff.cards import GOODS, N_GOODS, counts_to_list, deck_composition, list_to_counts
from sheriff.i18n import _, ngettext
from sheriff.state import DECLARE, INSPECT, LOAD, MARKET, MARKET_START
from sheriff.widgets import kit, render
from sheriff.widgets.play_session import count_text, goods_list
from sheriff.wording import goods_kind

MAX_PROMISE = 200
FOCUS_NEXT = "sn-focus-next"  # the page's script focuses such a control when it appears (the next thing to press)


def css_name(name: str) -> str:
    return "sn-ctl-" + name.replace(".", "-").replace("_", "-")


def close_tree(w) -> None:
    """Close a widget and everything inside it (frees the browser-side models)."""
    for c in getattr(w, "children", ()) or ():
        close_tree(c)
    w.close()


def replace_children(box, children) -> None:
    """Show ``children`` in ``box`` and close what it showed before (except a widget kept)."""
    old = list(box.children)
    box.children = children
    for w in old:
        if w not in children:
            close_tree(w)


_counts = list_to_counts

PRESS_NEXT = "sn-press-next"  # the control to press next, highlighted (the guided game)


def first_control(reg: dict, move) -> str | None:
    """The registered control a learner presses first to make ``move`` (the guided game points at it)."""
    m = getattr(move, "merchant", None)
    if isinstance(move, A.Market):
        names = ["market.cards" if move.discard else "market.go"]
    else:
        names = {
            A.ChooseStart: ["start.go"],
            A.LoadBag: ["load.cards"],
            A.Declare: ["declare.good"],
            A.Inspect: [f"bag.{m}.inspect", "deal.inspect"],
            A.Pass: [f"bag.{m}.pass", "deal.pass"],
            A.Threaten: [f"bag.{m}.threaten"],
            A.Accept: ["deal.accept"],
            A.Decline: ["deal.decline"],
            A.Offer: ["bribe.gold", "bribe.send"],
        }.get(type(move), [])
    return next((n for n in names if n in reg), None)


def point_at(w: W.Widget) -> None:
    """Highlight ``w`` as the next control to press, and give it the keyboard focus when it appears."""
    w.add_class(PRESS_NEXT)
    w.add_class(FOCUS_NEXT)


def _expand(counts) -> tuple[int, ...]:
    return tuple(counts_to_list(counts))


class Controls:
    def __init__(self, app, seat: int):
        self.app = app
        self.game = app.session.game
        self.seat = seat
        self.view = self.game.view(seat)
        self.names = self.game.names
        self.reg: dict[str, W.Widget] = {}
        self.legal = self.game.legal_actions(seat)

    # -- small builders -------------------------------------------------------------
    def _add(self, name: str, w: W.Widget) -> W.Widget:
        w.add_class(css_name(name))
        self.reg[name] = w
        return w

    def button(
        self, name: str, text: str, action=None, style: str = "", on_click=None, tip: str = "", whose: int | None = None
    ) -> W.Button:
        """``whose``: the merchant the button acts on; a screen reader then reads the button's
        text with that name (a row of such buttons repeats the same text for every bag)."""
        if whose is not None:
            who = self.names[whose]
            tip = (
                _("{tip} ({merchant})").format(tip=tip, merchant=who)
                if tip
                else _("{action}: {merchant}").format(action=text, merchant=who)
            )
        b = W.Button(
            description=text,
            button_style=style,
            tooltip=tip or text,
            layout=W.Layout(width="auto", min_width="120px", align_self="flex-start"),
        )
        if whose is not None:
            b.add_class("sn-named")
        if action is not None:
            b.on_click(lambda _b: self.app.submit(action() if callable(action) else action))
        elif on_click is not None:
            b.on_click(lambda _b: on_click())
        return self._add(name, b)

    def number(self, name: str, text: str, hi: int, value: int = 0) -> W.BoundedIntText:
        w = W.BoundedIntText(
            value=value,
            min=0,
            max=max(hi, 0),
            description=text,
            continuous_update=True,
            style={"description_width": "initial"},
            layout=W.Layout(width="220px"),
        )
        return self._add(name, w)

    def html(self, text: str) -> W.HTML:
        return W.HTML(text)

    def prompt(self, text: str) -> W.HTML:
        return W.HTML(f'<div class="sn-prompt">{text}</div>')

    # -- dispatch -------------------------------------------------------------------
    def build(self) -> list[W.Widget]:
        """The widgets for this decision, then the coach's "What should I do?"."""
        return self.decision() + [self.coach_row()]

    def coach_row(self) -> W.Widget:
        """ "What should I do?": the advice in a sentence or two and "Do this", which makes the advised move."""
        from sheriff import coach
        from sheriff.widgets.coach_view import advice_html

        shown = self._add("coach.advice", W.HTML())
        take = W.HBox()

        def ask():
            advice = coach.advise(self.view)
            shown.value = advice_html(advice)
            if advice.move is None:
                return
            b = self.button(
                "coach.take",
                _("Do this"),
                advice.move,
                "success",
                tip=_("Make the move the coach suggests"),
            )
            b.icon = "check"
            b.add_class(FOCUS_NEXT)
            replace_children(take, [b])

        b = self.button(
            "coach.ask",
            _("What should I do?"),
            on_click=ask,
            tip=_("The coach's advice for this decision (advice, not a rule)"),
        )
        b.icon = "question-circle"
        b.add_class(FOCUS_NEXT)
        return W.VBox([b, shown, take], layout=W.Layout(margin="8px 0 0 0"))

    def decision(self) -> list[W.Widget]:
        ph = self.game.phase
        if ph == MARKET_START:
            return self.choose_start()
        if ph == MARKET:
            return self.market()
        if ph == LOAD:
            return self.load()
        if ph == DECLARE:
            return self.declare()
        if ph == INSPECT:
            return self.inspection()
        return [self.prompt(_("Nothing to decide."))]

    # -- Market -----------------------------------------------------------------------
    def choose_start(self) -> list[W.Widget]:
        opts = [(self.names[a.start], a.start) for a in self.legal if isinstance(a, A.ChooseStart)]
        dd = self._add(
            "start.who",
            W.Dropdown(options=opts, description=_("First Market turn:"), style={"description_width": "initial"}),
        )
        go = self.button("start.go", _("Start the Market"), lambda: A.ChooseStart(self.seat, dd.value), "primary")
        return [
            self.prompt(
                _(
                    "You are the Sheriff this round and sit out the Market. Pick the merchant who "
                    "takes the first Market turn; the others follow clockwise."
                )
            ),
            W.HBox([dd, go]),
        ]

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
            summary.value = f'<div class="sn-note">{said.format(k=k, n=n, source=src, size=hs)}{warn}</div>'
            go.description = _("Set aside and draw back up") if k else _("Keep my whole hand")

        for w in [picker] + ([left, right] if e1 else []):
            w.observe(refresh, "value")
        refresh()
        intro = (
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
        return [self.prompt(intro), picker, *extra, summary, go]

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
                "With three players there is no Bread in the deck, but declaring Bread is still allowed: "
                "a Sheriff knows at once that such a bag is a lie."
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

    # -- Inspection -----------------------------------------------------------------------
    def inspection(self) -> list[W.Widget]:
        v = self.view
        if v.debt_due() is not None:
            return self.debt()
        if v.claim_due():
            return self.claims()
        nego = v.negotiation()
        if nego is not None and nego.due == self.seat:
            return self.negotiate(nego)
        stances = [a for a in self.legal if isinstance(a, A.Stance)]
        if stances:
            return self.stances(stances) + self.booty_terms()
        return self.choose_bag() + self.booty_terms()

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
            buttons = []
            if A.Inspect in kinds:
                buttons.append(
                    self.button(f"bag.{m}.inspect", _("Open the bag"), self._inspect(m, pile_w), "danger", whose=m)
                )
            if A.Pass in kinds:
                buttons.append(
                    self.button(f"bag.{m}.pass", _("Let it through"), A.Pass(self.seat, m), "success", whose=m)
                )
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
            if A.Offer in kinds:
                offer_to.append(m)
            rows.append(
                W.HBox(
                    [W.HTML(label, layout=W.Layout(min_width="min(380px, 100%)")), *buttons],
                    layout=W.Layout(flex_flow="row wrap", align_items="center"),
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
        v = self.view
        me_merchant = self.seat == m
        kinds = {type(a) for a in self.legal}
        both = v.rules.deputies and len(v.authority(m) or ()) == 2
        out: list[W.Widget] = []
        buttons = []
        if me_merchant:
            if offer is None:
                threat = (
                    _("The Deputies threaten to open your bag.")
                    if both
                    else _("{name} threatens to open your bag.").format(name=escape(self.names[by]))
                )
                text = (
                    threat
                    + " "
                    + _(
                        "Offer a bribe to keep it shut, or refuse to pay (then the Sheriff decides: "
                        "open it or let it through)."
                    )
                )
            else:
                text = _(
                    "{name} asks you for <b>{bribe}</b>. Accept (“Deal!”: the bribe is paid and the bag "
                    "passes), refuse, or make a counter-offer."
                ).format(name=escape(self.names[by]), bribe=escape(offer.text(self.names)))
            if A.Accept in kinds:
                buttons.append(self.button("deal.accept", _("Deal! (pay it)"), A.Accept(self.seat, m), "success"))
            if A.Decline in kinds:
                buttons.append(self.button("deal.decline", _("Refuse to pay"), A.Decline(self.seat, m), "danger"))
            send_text = _("Offer this bribe")
        else:
            size = v.bag_size(m)
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
            text = text.format(
                name=escape(self.names[m]),
                declared=escape(self._decl(m)),
                n=size,
                bribe=escape(offer.text(self.names)) if offer is not None else "",
            )
            pile_w = self._pile_choice()
            if pile_w is not None:
                out.append(pile_w)
            if A.Accept in kinds:
                buttons.append(
                    self.button("deal.accept", _("Deal! (take the bribe)"), A.Accept(self.seat, m), "success")
                )
            if A.Inspect in kinds:
                buttons.append(self.button("deal.inspect", _("Open the bag"), self._inspect(m, pile_w), "danger"))
            if A.Pass in kinds and offer is None:  # with an offer standing, handing back takes it: "Deal!"
                buttons.append(self.button("deal.pass", _("Let it through free"), A.Pass(self.seat, m), "info"))
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


class BribeForm:
    """Gold (at most what the merchant holds), stand goods, bag goods, deals about other bags, a promise.

    ``side="merchant"``: the merchant offers from what they know they have.
    ``side="official"``: the Sheriff asks; the stand shows only its face-up goods, and
    the bag is unseen (goods asked for that are not there are simply not paid).
    """

    def __init__(self, ctl: Controls, m: int, side: str):
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
        parts: list[W.Widget] = [self.gold]
        if self.stand_cards is not None:
            parts += [
                W.HTML('<div class="sn-note">{}</div>'.format(_("Goods from the stand (click to add them):"))),
                self.stand_cards,
            ]
        if self.bag_cards is not None and side == "merchant":
            parts += [
                W.HTML('<div class="sn-note">{}</div>'.format(_("Goods from the bag (click to add them):"))),
                self.bag_cards,
            ]
        elif self.bag_cards is not None:
            acc = W.Accordion(
                children=[self.bag_cards],
                titles=(_("Goods from the bag (unseen: click what you ask for; any not there are not paid)"),),
            )
            acc.selected_index = None
            parts.append(acc)
        if self.terms:
            parts.append(
                W.HTML('<div class="sn-note">{}</div>'.format(_("Deals about other bags this round bind the Sheriff:")))
            )
            parts.append(W.HBox(list(self.terms.values()), layout=W.Layout(flex_flow="row wrap")))
        parts.append(self.promise)
        self.box = W.VBox(parts)

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


__all__ = ["Controls", "BribeForm", "css_name", "close_tree", "replace_children"]
