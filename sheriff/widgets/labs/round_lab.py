""" "What if?" labs for a round: load a bag, declare it, let the Sheriff decide, run out of gold.

Each lab starts from a rulebook example (``sheriff/data/examples``), lets the learner
change one thing (the cards in the bag, the declaration, the Sheriff's decision, a
bribe, the gold), and at once replays the moves with the engine.  A move the rules
forbid is shown with the engine's reason and citation; nothing here decides a rule.

    LoadLab()          lesson 3: which cards go into Alan-a-Dale's bag
    DeclareLab()       lesson 4: what Will Scarlet may say
    InspectionLab()    lesson 5: open, pass or take a bribe for Gilbert's bag
    DebtLab()          lesson 6: a fine or a penalty that the gold does not cover

Lesson 5's labs (``InspectionLab``, ``DealLab``) are in inspection_lab.py, what the labs share
(running moves, their story, the bag's slots) in round_lab_kit.py; all are importable from here.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from sheriff import actions as A
from sheriff.cards import CONTRABAND_GOODS, GOODS, LEGAL_GOODS, counts_to_list
from sheriff.i18n import N_, _, ngettext
from sheriff.scenario import get_scenario
from sheriff.widgets import kit, lesson
from sheriff.widgets.labs.inspection_lab import DealLab, InspectionLab
from sheriff.widgets.labs.round_lab_kit import (
    REFUSED,
    BagSlots,
    Step,
    _headline,
    _label,
    refused,
    run_moves,
    steps_html,
)
from sheriff.wording import goods_kind


# -- lesson 3: loading -----------------------------------------------------------------
class LoadLab(kit.Lab):
    """Pick which of Alan-a-Dale's cards go into the bag (plus a card he does not hold)."""

    EXAMPLES = {"1E": "1e-alan-a-dale-load", "2E": "2e-alan-a-dale-load"}
    EXTRA = GOODS[LEGAL_GOODS[1]].index  # Cheese: not in Alan's hand

    def __init__(self, edition: str = "1E"):
        self.toggles: list[widgets.ToggleButton] = []
        self.cards_row = lesson.row([], flex_flow="row wrap")
        super().__init__(
            _("Pack Alan-a-Dale's bag"),
            _("His hand is shown as buttons. The engine checks the bag the moment it changes."),
            [_label(_("Click cards to put them in the bag (click again to take them out):"), "auto"), self.cards_row],
            edition=edition,
        )
        self._build_toggles()
        self.update()

    def edition_changed(self) -> None:
        self._build_toggles()
        self.update()

    def _build_toggles(self) -> None:
        sc = self.scenario
        hand = kit.goods(**sc.setup.hands[1])
        cards = counts_to_list(hand)
        self.hand_cards = cards
        silk = next(i for i, c in enumerate(cards) if GOODS[c].id == "silk")
        self.picker = kit.CardPicker(
            name="load",
            cards=cards + [self.EXTRA],
            picked=[i for i in range(len(cards)) if i != silk],  # the rulebook's bag: everything but the Silk
            names={len(cards): _("{good} (not in his hand)").format(good=goods_kind(self.EXTRA))},
        )
        self.picker.observe(lambda _: self.update(), names="value")
        self.toggles = self.picker.toggles
        self.cards_row.children = [self.picker]

    @property
    def bag(self) -> tuple[int, ...]:
        return tuple(sorted(self.picker.picked_cards()))

    def set_bag(self, names) -> None:
        """Select cards by good name, e.g. ["apples"] * 4 + ["crossbows", "silk"] (tests)."""
        want = [kit.goods(**{n: 1}).index(1) for n in names]
        cards = self.hand_cards + [self.EXTRA]
        chosen = set()
        for g in want:
            chosen.add(next(k for k, c in enumerate(cards) if c == g and k not in chosen))
        self.picker.set_picked(chosen)

    def update(self) -> None:
        sc = self.scenario
        game = sc.game()
        bag = self.bag
        steps = run_moves(game, [A.LoadBag(1, bag)])
        err = refused(steps)
        names = game.names
        if err is None:
            closed = ngettext("Bag closed: {n} card.", "Bag closed: {n} cards.", len(bag)).format(n=len(bag))
            head = lesson.result_html(closed, _("It cannot be repacked now."))
        else:
            head = lesson.result_html(_(REFUSED))
        self.result.value = (
            head + steps_html(steps, names) + (lesson.rule_html("load.size", self.edition_value) if err is None else "")
        )
        self.table.value = lesson.table_html(game.state, seats=[1], piles=False)


# -- lesson 4: declaring ----------------------------------------------------------------
class DeclareLab(kit.Lab):
    """Say anything for Will Scarlet's bag: the engine accepts or refuses, and shows what an
    inspection or a pass would then lead to."""

    EXAMPLES = {"1E": "1e-will-scarlet-declare", "2E": "2e-will-scarlet-declare"}

    def __init__(self, edition: str = "1E"):
        self.good = widgets.Dropdown(
            options=[
                (
                    goods_kind(g.index)
                    if g.is_legal
                    else _("{good} ({kind})").format(good=goods_kind(g.index), kind=kit.kind_word(g.index)),
                    g.index,
                )
                for g in GOODS
            ],
            value=LEGAL_GOODS[3],
            tooltip=_("The good Will Scarlet declares"),
            layout=widgets.Layout(width="220px"),
        )
        self.good.add_class("sn-declare-good")
        self.count = widgets.Dropdown(
            options=list(range(1, 7)),
            value=4,
            tooltip=_("How many cards Will Scarlet declares"),
            layout=widgets.Layout(width="70px"),
        )
        self.count.add_class("sn-declare-count")
        self.good.observe(lambda _: self.update(), names="value")
        self.count.observe(lambda _: self.update(), names="value")
        # the sentence around its two boxes (number, good): each piece says where the boxes sit
        row = lesson.row(
            [_label(_("Will Scarlet says: “My bag has"), "auto"), self.count, self.good, _label(_("in it.”"), "auto")]
        )
        super().__init__(
            _("What may Will Scarlet declare?"),
            _("Pick a number and a good. His bag (shown below) holds 4 cards."),
            [row],
            edition=edition,
        )
        self.update()

    def update(self) -> None:
        sc = self.scenario
        game = sc.game()
        names = game.names
        steps = run_moves(game, [A.Declare(1, self.good.value, self.count.value)])
        err = refused(steps)
        ed = self.edition_value
        if err is not None:
            self.result.value = lesson.result_html(_(REFUSED)) + steps_html(steps, names)
        else:
            s = game.state
            rest = [A.Declare(m, _truthful(s.bags[m]), s.bag_size[m]) for m in s.order if m != 1]
            what_if = []
            for label, last in (
                (_("If the Sheriff opens the bag"), A.Inspect(s.officials[0], 1)),
                (_("If the Sheriff lets it pass"), A.Pass(s.officials[0], 1)),
            ):
                g2 = game.copy()
                st = run_moves(g2, rest + [last], hidden=len(rest))
                what_if.append(lesson.caption_html(_("{label}:").format(label=label)) + steps_html(st, names))
            allowed = _("The engine accepts the declaration; whether it is true is another matter.")
            ok = _("Allowed.")
            self.result.value = (
                lesson.result_html(ok, allowed)
                + steps_html(steps, names)
                + "".join(what_if)
                + lesson.rules_html(["declare.count", "declare.type"], ed)
            )
        self.table.value = lesson.table_html(sc.game().state, seats=[1], piles=False)


def _truthful(bag) -> int:
    return next((g for g in LEGAL_GOODS if bag[g]), LEGAL_GOODS[0])


# -- lesson 6: running out of gold -------------------------------------------------------
def _stand_boxes(goods, tip: str) -> dict[int, widgets.BoundedIntText]:
    """A box a kind of goods for a stand; tip names the stand (with {good} for the kind)."""
    return {
        g: lesson.make(
            widgets.BoundedIntText, {"width": "55px"}, value=0, min=0, max=9, tooltip=tip.format(good=goods_kind(g))
        )
        for g in goods
    }


class DebtLab(kit.Lab):
    """Gilbert (or the Sheriff) owes more gold than they have: goods from the stand, no change, forgiveness."""

    EXAMPLES = {"1E": "1e-gilbert-liar", "2E": "2e-gilbert-liar"}
    PRESETS: dict[str, dict[str, Any]] = {
        N_("Gilbert is nearly broke"): dict(
            gold=3, stand={"apples": 1, "cheese": 2, "chickens": 1}, honest=False, sheriff_gold=50
        ),
        N_("Gilbert is broke, with only contraband left"): dict(
            gold=0, stand={"pepper": 1}, honest=False, sheriff_gold=50
        ),
        N_("Gilbert has nothing at all"): dict(gold=0, stand={}, honest=False, sheriff_gold=50),
        N_("The Sheriff is broke and Gilbert is honest"): dict(
            gold=50, stand={}, honest=True, sheriff_gold=2, sheriff_stand={"apples": 1, "chickens": 2}
        ),
    }

    def __init__(self, edition: str = "1E"):
        self._build_inputs()
        controls = self._control_rows()
        self._loading = False
        self.preset.observe(lambda _: self.load_preset(), names="value")
        for w in [self.gold, self.sheriff_gold, self.honest, *self.stand.values(), *self.sheriff_stand.values()]:
            w.observe(lambda _: None if self._loading else self.update(), names="value")
        super().__init__(
            _("Not enough gold"),
            _(
                "Gilbert declared 4 Apples and the Sheriff opens his bag. Change the gold and the "
                "stands and watch how the debt is settled."
            ),
            controls,
            edition=edition,
        )
        self.load_preset()

    def _build_inputs(self) -> None:
        """The example picker, both players' gold and stands, and whether Gilbert's bag is honest."""
        self.preset = widgets.Dropdown(
            options=[(_(k), k) for k in self.PRESETS], tooltip=_("Start from:"), layout=widgets.Layout(width="330px")
        )
        self.preset.add_class("sn-preset")
        self.gold = widgets.BoundedIntText(
            value=3, min=0, max=100, tooltip=_("Gilbert's gold:"), layout=widgets.Layout(width="70px")
        )
        self.gold.add_class("sn-debt-gold")
        self.sheriff_gold = widgets.BoundedIntText(
            value=50, min=0, max=100, tooltip=_("The Sheriff's gold:"), layout=widgets.Layout(width="70px")
        )
        self.sheriff_gold.add_class("sn-sheriff-gold")
        self.honest = widgets.Checkbox(value=False, description=_("Gilbert's bag is honest (4 Apples)"), indent=False)
        self.stand = _stand_boxes(LEGAL_GOODS + (CONTRABAND_GOODS[0],), _("Gilbert's stand: {good}"))
        self.sheriff_stand = _stand_boxes(LEGAL_GOODS, _("The Sheriff's stand: {good}"))

    def _control_rows(self) -> list[widgets.Widget]:
        stand_row = lesson.row(
            [_label(_("Gilbert's stand:"))]
            + [lesson.row([_label(goods_kind(g), "auto"), w]) for g, w in self.stand.items()]
        )
        sh_row = lesson.row(
            [_label(_("The Sheriff's stand:"))]
            + [lesson.row([_label(goods_kind(g), "auto"), w]) for g, w in self.sheriff_stand.items()]
        )
        controls = [
            lesson.row([_label(_("Start from:")), self.preset]),
            lesson.row(
                [_label(_("Gilbert's gold:")), self.gold, _label(_("The Sheriff's gold:"), "auto"), self.sheriff_gold]
            ),
            stand_row,
            sh_row,
            self.honest,
        ]
        return controls

    def load_preset(self) -> None:
        p = self.PRESETS[self.preset.value]
        self._loading = True
        try:
            self.gold.value = p["gold"]
            self.sheriff_gold.value = p["sheriff_gold"]
            self.honest.value = p["honest"]
            for g, w in self.stand.items():
                w.value = p["stand"].get(GOODS[g].id, 0)
            for g, w in self.sheriff_stand.items():
                w.value = p.get("sheriff_stand", {}).get(GOODS[g].id, 0)
        finally:
            self._loading = False
        self.update()

    def update(self) -> None:
        ed = self.edition_value
        base = get_scenario(self.EXAMPLES[ed])
        sheriff = base.game().state.officials[0]
        stand = {GOODS[g].id: w.value for g, w in self.stand.items() if w.value}
        sh_stand = {GOODS[g].id: w.value for g, w in self.sheriff_stand.items() if w.value}

        def tweaked():
            sc = (
                base.with_gold(1, self.gold.value)
                .with_gold(sheriff, self.sheriff_gold.value)
                .with_stand(1, stand)
                .with_stand(sheriff, sh_stand)
            )
            return sc.with_bag(1, {"apples": 4}) if self.honest.value else sc

        sc, err_html = lesson.attempt(tweaked)
        if sc is None:
            self.result.value = err_html
            self.table.value = ""
            return
        game = sc.game()
        before = game.state.copy()
        steps = run_moves(game, [A.Inspect(sheriff, 1)])
        if game.state.debts:  # the debtor has a choice: the lab plays the suggestion (legal_actions lists it first)
            steps += run_moves(game, game.legal_actions(game.state.debts[0].debtor)[:1])
        names = game.names
        self.result.value = (
            _headline(steps, names, sheriff) + steps_html(steps, names) + lesson.rule_html("debt.goods", ed)
        )
        self.table.value = lesson.table_html(game.state, before, seats=[sheriff, 1], piles=False)


__all__ = [
    "LoadLab",
    "DeclareLab",
    "InspectionLab",
    "DealLab",
    "DebtLab",
    "BagSlots",
    "run_moves",
    "steps_html",
    "refused",
    "Step",
]
