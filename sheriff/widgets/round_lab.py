""" "What if?" labs for a round: load a bag, declare it, let the Sheriff decide, run out of gold.

Each lab starts from a rulebook example (``sheriff/data/examples``), lets the learner
change one thing (the cards in the bag, the declaration, the Sheriff's decision, a
bribe, the gold), and at once replays the moves with the engine.  A move the rules
forbid is shown with the engine's reason and citation; nothing here decides a rule.

    LoadLab()          lesson 3: which cards go into Alan-a-Dale's bag
    DeclareLab()       lesson 4: what Will Scarlet may say
    InspectionLab()    lesson 5: open, pass or take a bribe for Gilbert's bag
    DebtLab()          lesson 6: a fine or a penalty that the gold does not cover
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as widgets

from sheriff import actions as A
from sheriff import events as E
from sheriff.actions import Bribe
from sheriff.cards import CONTRABAND_GOODS, GOODS, LEGAL_GOODS, VALUE, counts_to_list
from sheriff.errors import IllegalAction
from sheriff.i18n import N_, _, ngettext
from sheriff.narration import narrate
from sheriff.scenario import get_scenario
from sheriff.widgets import kit, lesson
from sheriff.widgets.lesson import attempt
from sheriff.widgets.markup import Markup
from sheriff.widgets.markup import render as render_template
from sheriff.wording import goods_kind

EMPTY = N_("— empty —")
REFUSED = N_("Refused.")
BAG_GOODS = LEGAL_GOODS + CONTRABAND_GOODS


# -- running moves -------------------------------------------------------------------
class Step:
    __slots__ = ("action", "lines", "error", "events", "hidden")

    def __init__(self, action, lines=(), error=None, events=(), hidden=False):
        self.action, self.lines, self.error, self.events, self.hidden = action, list(lines), error, list(events), hidden


def run_moves(game, moves, hidden: int = 0) -> list[Step]:
    """Push ``moves`` in order; stop at the first refusal.  The first ``hidden`` moves are
    bookkeeping (e.g. the other merchants declaring) and are not told."""
    out = []
    for i, a in enumerate(moves):
        before = game.state.copy()
        try:
            events = game.push(a)
        except IllegalAction as e:
            out.append(Step(a, [a.text(game.names)], e))
            break
        out.append(Step(a, narrate(a, events, before, game.state), None, events, i < hidden))
    return out


def steps_html(steps: list[Step], names) -> str:
    nothing = _("The engine refuses; nothing changes on the table.")
    shown = [
        {
            "refused": Markup(lesson.refusal_html(st.error)) if st.error is not None else "",
            "move": st.action.text(names),
            "nothing": nothing,
            "lines": st.lines,
        }
        for st in steps
        if not st.hidden
    ]
    return render_template("lab.html.j2", kind="steps", steps=shown)


def refused(steps: list[Step]) -> IllegalAction | None:
    return steps[-1].error if steps and steps[-1].error is not None else None


def _label(html: str, width: str = "210px") -> widgets.HTML:
    return lesson.label(html, width)


class BagSlots(widgets.HBox):
    """Five card slots (a dropdown each); ``value`` is the tuple of goods packed."""

    def __init__(self, cards=(), goods=BAG_GOODS, slots: int = 5):
        options = [(_(EMPTY), -1)] + [(goods_kind(g), g) for g in goods]
        cards = list(cards) + [-1] * (slots - len(cards))
        self.slots = [
            lesson.make(
                widgets.Dropdown,
                {"width": "130px"},
                options=options,
                value=c,
                tooltip=_("Card {n} in the bag").format(n=i + 1),
            )
            for i, c in enumerate(cards[:slots])
        ]
        for i, s in enumerate(self.slots):
            s.add_class(f"sn-slot-{i}")
        super().__init__(self.slots, layout=widgets.Layout(flex_flow="row wrap"))  # wraps on a phone

    @property
    def value(self) -> tuple[int, ...]:
        return tuple(s.value for s in self.slots if s.value != -1)

    @value.setter
    def value(self, cards) -> None:
        cards = list(cards) + [-1] * (len(self.slots) - len(cards))
        with self.hold_trait_notifications():
            for s, c in zip(self.slots, cards):
                s.value = c

    def observe_value(self, fn) -> None:
        for s in self.slots:
            s.observe(lambda _: fn(), names="value")


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
        # the offer as a sentence around its boxes (gold, count, good)
        self.bribe_row = widgets.HBox(
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


def _headline(steps: list[Step], names, sheriff: int) -> str:
    """One sentence with the numbers, read from the engine's events."""
    if refused(steps) is not None:
        return lesson.result_html(_(REFUSED))
    events = [e for st in steps for e in st.events]
    opened = next((e for e in events if isinstance(e, E.Opened)), None)
    if opened is not None:
        m, honest, amount = opened.merchant, opened.honest, opened.amount
        cash = sum(e.cash for e in events if isinstance(e, E.Paid))
        goods = sum(VALUE[g] * k for e in events if isinstance(e, E.PaidGoods) for g, k in enumerate(e.goods))
        forgiven = sum(e.gold for e in events if isinstance(e, E.Forgiven))
        merchant = escape(_(names[m]))
        if cash == amount:
            msg = (
                ngettext(
                    "Honest bag: the Sheriff pays {merchant} {amount} gold.",
                    "Honest bag: the Sheriff pays {merchant} {amount} gold.",
                    amount,
                )
                if honest
                else ngettext(
                    "Caught lying: {merchant} pays the Sheriff {amount} gold.",
                    "Caught lying: {merchant} pays the Sheriff {amount} gold.",
                    amount,
                )
            )
            msg = msg.format(merchant=merchant, amount=amount)
        else:
            parts = (
                [_("{n} in gold").format(n=cash)]
                + ([_("goods worth {n}").format(n=goods)] if goods else [])
                + ([_("{n} forgiven").format(n=forgiven)] if forgiven else [])
            )
            msg = (
                ngettext(
                    "Honest bag: the Sheriff owes {merchant} {amount} gold: {parts}.",
                    "Honest bag: the Sheriff owes {merchant} {amount} gold: {parts}.",
                    amount,
                )
                if honest
                else ngettext(
                    "Caught lying: {merchant} owes the Sheriff {amount} gold: {parts}.",
                    "Caught lying: {merchant} owes the Sheriff {amount} gold: {parts}.",
                    amount,
                )
            )
            msg = msg.format(merchant=merchant, amount=amount, parts=_(", ").join(parts))
        return lesson.result_html(msg)
    paid = next((e for e in events if isinstance(e, E.BribePaid)), None)
    passed = next((e for e in events if isinstance(e, E.Passed)), None)
    if passed is not None:
        up, down = sum(passed.legal), passed.face_down
        msg = ngettext(
            "The bag passes unopened: {up} card face up, {down} face down.",
            "The bag passes unopened: {up} cards face up, {down} face down.",
            up,
        ).format(up=up, down=down)
        if paid is not None:
            msg = _("Deal! {outcome}").format(outcome=msg)
        return lesson.result_html(msg)
    return ""


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


# -- lesson 6: running out of gold -------------------------------------------------------
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
        self.stand = {
            g: lesson.make(
                widgets.BoundedIntText,
                {"width": "55px"},
                value=0,
                min=0,
                max=9,
                tooltip=_("Gilbert's stand: {good}").format(good=goods_kind(g)),
            )
            for g in LEGAL_GOODS + (CONTRABAND_GOODS[0],)
        }
        self.sheriff_stand = {
            g: lesson.make(
                widgets.BoundedIntText,
                {"width": "55px"},
                value=0,
                min=0,
                max=9,
                tooltip=_("The Sheriff's stand: {good}").format(good=goods_kind(g)),
            )
            for g in LEGAL_GOODS
        }
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


__all__ = ["LoadLab", "DeclareLab", "InspectionLab", "DealLab", "DebtLab", "BagSlots", "run_moves", "steps_html"]
