"""Lesson 5's labs: the Sheriff's decision on Gilbert's bag (open, pass or a bribe), and a deal
that pays the Sheriff to inspect another merchant."""

from __future__ import annotations

import ipywidgets as widgets

from sheriff import actions as A
from sheriff.actions import Bribe
from sheriff.cards import GOODS, LEGAL_GOODS, counts_to_list
from sheriff.i18n import N_, _
from sheriff.scenario import get_scenario
from sheriff.widgets import kit, lesson
from sheriff.widgets.labs.round_lab_kit import BAG_GOODS, BagSlots, _headline, _label, run_moves, steps_html
from sheriff.widgets.lesson import attempt
from sheriff.wording import goods_kind

# -- lesson 5: inspection ---------------------------------------------------------------
DECISIONS = [(N_("Open the bag"), "open"), (N_("Let it pass"), "pass"), (N_("Take a bribe"), "bribe")]


class InspectionLab(kit.Lab):
    """Gilbert's bag, declaration and gold, and the Sheriff's decision: the engine plays it out."""

    EXAMPLES = {"1E": "1e-gilbert-liar", "2E": "2e-gilbert-liar"}

    def __init__(self, edition: str = "1E", decision: str = "open"):
        sc = get_scenario(self.EXAMPLES[edition])
        bag = kit.goods(**(sc.setup.bags[1] or {}))
        self.slots = BagSlots(counts_to_list(bag))
        self.declared = widgets.Dropdown(
            options=[(goods_kind(g), g) for g in LEGAL_GOODS],
            value=LEGAL_GOODS[0],
            tooltip=_("He declares (the count is the number of cards):"),
            layout=widgets.Layout(width="130px"),
        )
        self.declared.add_class("sn-declared")
        self.decision = lesson.toggles([(_(label), v) for label, v in DECISIONS], decision, "120px")
        self.decision.add_class("sn-decision")
        self.gold = widgets.BoundedIntText(
            value=50, min=0, max=200, tooltip=_("Gilbert's gold:"), layout=widgets.Layout(width="80px")
        )
        self.bribe_row = self._bribe_row()
        for w in (self.declared, self.decision, self.gold, self.bribe_gold, self.bribe_good, self.bribe_count):
            w.observe(lambda _: self.update(), names="value")
        self.slots.observe_value(self.update)
        controls = [
            lesson.row([_label(_("Cards in Gilbert's bag:")), self.slots]),
            lesson.row([_label(_("He declares (the count is the number of cards):")), self.declared]),
            lesson.row([_label(_("Gilbert's gold:")), self.gold]),
            lesson.row([_label(_("The Sheriff's decision:")), self.decision]),
            self.bribe_row,
        ]
        super().__init__(
            _("Open it, pass it, or take a bribe?"),
            _(
                "Change Gilbert's bag, what he declares, his gold, or what the Sheriff does. "
                "The engine replays the inspection at once."
            ),
            controls,
            edition=edition,
        )
        self.update()

    def _bribe_row(self) -> widgets.HBox:
        """The offer as a sentence around its boxes (gold, count, good)."""
        self.bribe_gold = widgets.BoundedIntText(
            value=5, min=0, max=500, tooltip=_("Gold Gilbert offers"), layout=widgets.Layout(width="80px")
        )
        self.bribe_gold.add_class("sn-bribe-gold")
        self.bribe_good = widgets.Dropdown(
            options=[(_("no goods"), -1)] + [(goods_kind(g), g) for g in BAG_GOODS],
            value=-1,
            tooltip=_("The good Gilbert offers from the bag"),
            layout=widgets.Layout(width="130px"),
        )
        self.bribe_count = widgets.Dropdown(
            options=[1, 2, 3], value=1, tooltip=_("How many of it Gilbert offers"), layout=widgets.Layout(width="60px")
        )
        return widgets.HBox(
            [
                _label(_("Gilbert offers"), "auto"),
                self.bribe_gold,
                _label(_("gold and"), "auto"),
                self.bribe_count,
                self.bribe_good,
                _label(_("from the bag"), "auto"),
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )

    def edition_changed(self) -> None:
        self.update()

    def update(self) -> None:
        ed = self.edition_value
        self.bribe_row.layout.display = "" if self.decision.value == "bribe" else "none"
        bag = self.slots.value
        sc, err_html = attempt(
            lambda: (
                get_scenario(self.EXAMPLES[ed])
                .with_bag(1, [GOODS[c].id for c in bag], declare=GOODS[self.declared.value].id)
                .with_gold(1, self.gold.value)
            )
        )
        if sc is None:
            self.result.value = err_html
            self.table.value = ""
            return
        game = sc.game()
        sheriff = game.state.officials[0]
        before = game.state.copy()
        d = self.decision.value
        moves: list[A.Action]
        if d == "open":
            moves = [A.Inspect(sheriff, 1)]
        elif d == "pass":
            moves = [A.Pass(sheriff, 1)]
        else:
            goods = ((self.bribe_good.value,) * self.bribe_count.value) if self.bribe_good.value != -1 else ()
            moves = [
                A.Threaten(sheriff, 1),
                A.Offer(1, 1, Bribe(gold=self.bribe_gold.value, bag=goods)),
                A.Accept(sheriff, 1),
            ]
        steps = run_moves(game, moves)
        names = game.names
        head = _headline(steps, names, sheriff)
        rules = {
            "open": ["inspect.honest", "inspect.liar"],
            "pass": ["inspect.pass"],
            "bribe": ["bribe.what", "bribe.gold", "deal.void_goods"],
        }[d]
        self.result.value = head + steps_html(steps, names) + lesson.rules_html(rules, ed)
        self.table.value = lesson.table_html(game.state, before, seats=[sheriff, 1], piles=False)


class DealLab(kit.Lab):
    """Will Scarlet (Richard at the Lee) pays to have Gilbert (Sir Guy) inspected: what may the Sheriff do next?"""

    EXAMPLES = {"1E": "1e-richard-binding-deal", "2E": "2e-will-scarlet-binding-deal"}
    NEXT = [
        (N_("open the other bag"), "open"),
        (N_("let it pass"), "pass"),
        (N_("take the other merchant's 10 gold"), "bribe"),
        (N_("ask the other merchant for 30 gold"), "price"),
    ]

    def __init__(self, edition: str = "1E"):
        self.with_term = widgets.Checkbox(
            value=True, indent=False, description=_("the deal includes “…and you open the other bag”")
        )
        self.with_term.add_class("sn-deal-term")
        self.price = widgets.BoundedIntText(
            value=20, min=0, max=200, tooltip=_("The briber pays (gold):"), layout=widgets.Layout(width="80px")
        )
        self.then = widgets.Dropdown(
            options=[(_(label), v) for label, v in self.NEXT],
            value="pass",
            tooltip=_("Then the Sheriff tries to:"),
            layout=widgets.Layout(width="260px"),
        )
        self.then.add_class("sn-deal-then")
        for w in (self.with_term, self.price, self.then):
            w.observe(lambda _: self.update(), names="value")
        controls = [
            lesson.row([_label(_("The briber pays (gold):")), self.price, self.with_term]),
            lesson.row([_label(_("Then the Sheriff tries to:")), self.then]),
        ]
        super().__init__(
            _("Is the Sheriff bound?"),
            _("The deal is struck first; then the Sheriff turns to the other merchant's bag."),
            controls,
            edition=edition,
        )
        self.update()

    def update(self) -> None:
        ed = self.edition_value
        sc = self.scenario
        game = sc.game()
        sheriff = game.state.officials[0]
        briber, target = 1, 2
        names = game.names
        bribe = Bribe(gold=self.price.value, inspect=(target,) if self.with_term.value else ())
        deal = [A.Threaten(sheriff, briber), A.Offer(briber, briber, bribe), A.Accept(sheriff, briber)]
        follow_ups: dict[str, list[A.Action]] = {
            "open": [A.Inspect(sheriff, target)],
            "pass": [A.Pass(sheriff, target)],
            "bribe": [A.Threaten(sheriff, target), A.Offer(target, target, Bribe(gold=10)), A.Accept(sheriff, target)],
            "price": [A.Offer(sheriff, target, Bribe(gold=30))],
        }
        then = follow_ups[self.then.value]
        before = game.state.copy()
        steps = run_moves(game, deal + then)
        self.result.value = (
            _headline(steps[len(deal) :] or steps, names, sheriff)
            + steps_html(steps, names)
            + lesson.rules_html(["bribe.terms", "deal.binding"], ed)
        )
        self.table.value = lesson.table_html(
            game.state,
            before,
            seats=[sheriff, briber, target],
            piles=False,
            show_hands=False,
            officials=before.officials,
        )
