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

import ipywidgets as W

from sheriff import actions as A
from sheriff.i18n import _
from sheriff.state import DECLARE, INSPECT, LOAD, MARKET, MARKET_START
from sheriff.widgets.play.bribe_form import BribeForm
from sheriff.widgets.play.control_kit import (
    FOCUS_NEXT,
    PRESS_NEXT,
    ControlKit,
    close_tree,
    css_name,
    first_control,
    first_focusable,
    point_at,
    replace_children,
)
from sheriff.widgets.play.inspection_controls import InspectionControls
from sheriff.widgets.play.merchant_controls import MerchantControls


class Controls(MerchantControls, InspectionControls, ControlKit):
    # -- dispatch -------------------------------------------------------------------
    def build(self) -> list[W.Widget]:
        """The widgets for this decision, then the coach's "What should I do?".  The keyboard focus
        lands on the decision's first control (a few Tabs from any move), not on the coach below."""
        widgets = self.decision()
        first = first_focusable(widgets)
        if first is not None:
            first.add_class(FOCUS_NEXT)
        return widgets + [self.coach_row()]

    def coach_row(self) -> W.Widget:
        """ "What should I do?": the advice in a sentence or two and "Do this", which makes the advised move."""
        from sheriff import coach
        from sheriff.widgets.play.coach_view import advice_html

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


__all__ = [
    "Controls",
    "BribeForm",
    "css_name",
    "close_tree",
    "replace_children",
    "first_control",
    "point_at",
    "FOCUS_NEXT",
    "PRESS_NEXT",
]
