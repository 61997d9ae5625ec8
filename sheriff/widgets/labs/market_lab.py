"""Lesson 2: the Market in both editions.

SideBySide()   Little John's Market turn in each rulebook, replayed in two columns
MarketLab()    choose what Little John sets aside and where he draws from; the engine
               plays the turn or refuses it with the rule (1E: discard piles before
               the draw pile; 2E: the deck only)
"""

from __future__ import annotations

import ipywidgets as widgets

from sheriff import actions as A
from sheriff import events as E
from sheriff.cards import counts_to_list
from sheriff.i18n import _, ngettext
from sheriff.scenario import get_scenario
from sheriff.widgets import kit, lesson
from sheriff.widgets.examples import ReplayView
from sheriff.widgets.labs.round_lab import refused, run_moves, steps_html

EXAMPLES = {"1E": "1e-little-john-market", "2E": "2e-little-john-market"}


class SideBySide(kit.Frame):
    """The same rulebook example in the 1st and the 2nd edition, one column each."""

    def __init__(self, id_1e: str = EXAMPLES["1E"], id_2e: str = EXAMPLES["2E"], seats=(1,)):
        super().__init__()
        self.left = ReplayView(
            id_1e, seats=list(seats), title=_("1st edition: {title}").format(title=_(get_scenario(id_1e).title))
        )
        self.right = ReplayView(
            id_2e, seats=list(seats), title=_("2nd edition: {title}").format(title=_(get_scenario(id_2e).title))
        )
        for v in (self.left, self.right):
            v.layout.flex = "1 1 300px"  # two columns, or one under the other on a phone
            v.layout.padding = "0 6px"
        kicker = _("Rulebook example, both editions side by side")
        self.body(
            kit.kicker_html(kicker),
            lesson.row([self.left, self.right], flex_flow="row wrap"),
        )


class MarketLab(kit.Lab):
    EXAMPLES = EXAMPLES

    def __init__(self, edition: str = "1E"):
        self.cards_row = lesson.row([], flex_flow="row wrap")
        self.take_left = widgets.BoundedIntText(
            value=2, min=0, max=6, tooltip=_("Cards taken from the left pile"), layout=widgets.Layout(width="60px")
        )
        self.take_left.add_class("sn-take-left")
        self.take_right = widgets.BoundedIntText(
            value=0, min=0, max=6, tooltip=_("Cards taken from the right pile"), layout=widgets.Layout(width="60px")
        )
        self.onto = widgets.Dropdown(
            options=[(_("the left pile"), 0), (_("the right pile"), 1)],
            value=1,
            tooltip=_("The pile the set-aside cards go on"),
            layout=widgets.Layout(width="140px"),
        )

        # one sentence with its numbers and pile chosen in boxes: each piece says where the boxes sit
        def zone(text: str, gap: str = "&nbsp;") -> widgets.HTML:
            return lesson.html(f'<div class="sn-zone">{gap}{text}</div>')

        self.row_1e = widgets.HBox(
            [
                zone(_("Take from the top of the left pile:"), ""),
                self.take_left,
                zone(_("and the right pile:")),
                self.take_right,
                zone(_("then lay the set-aside cards on")),
                self.onto,
            ],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.from_pile_2e = widgets.Checkbox(
            value=False, indent=False, description=_("try to take the top card of the discard pile too")
        )
        self.from_pile_2e.add_class("sn-2e-pile")
        self.toggles: list[widgets.ToggleButton] = []
        for w in (self.take_left, self.take_right, self.onto, self.from_pile_2e):
            w.observe(lambda _: self.update(), names="value")
        super().__init__(
            _("Play Little John's Market turn"),
            _("Choose what he sets aside and where he draws from; the engine draws back up to six."),
            [zone(_("Click the cards Little John sets aside:"), ""), self.cards_row, self.row_1e, self.from_pile_2e],
            edition=edition,
        )
        self._build()
        self.update()

    def edition_changed(self) -> None:
        self._build()
        self.update()

    def _build(self) -> None:
        sc = self.scenario
        hand = kit.goods(**sc.setup.hands[1])
        self.hand_cards = counts_to_list(hand)
        # The rulebook's choice: the cards set aside in the example's (legal) Market step.
        step = next(
            st.action.to_action()
            for st in sc.steps
            if st.refused is None and st.action.type == "market" and st.action.player == 1
        )
        left = list(step.discard)
        picked = []
        for i, c in enumerate(self.hand_cards):
            if c in left:
                left.remove(c)
                picked.append(i)
        self.picker = kit.CardPicker(name="market", cards=self.hand_cards, picked=picked)
        self.picker.observe(lambda _: self.update(), names="value")
        self.toggles = self.picker.toggles
        self.cards_row.children = [self.picker]

    @property
    def discard(self) -> tuple[int, ...]:
        return tuple(self.picker.picked_cards())

    def update(self) -> None:
        ed = self.edition_value
        self.row_1e.layout.display = "" if ed == "1E" else "none"
        self.from_pile_2e.layout.display = "" if ed == "2E" else "none"
        game = self.scenario.game()
        s = game.state
        names = game.names
        moves: list[A.Action] = []
        hidden = 0
        if s.phase == "market_start":
            moves.append(A.ChooseStart(s.officials[0], 1))
            hidden = 1
        if ed == "1E":
            frm = (0,) * self.take_left.value + (1,) * self.take_right.value
            moves.append(A.Market(1, self.discard, frm, self.onto.value))
        else:
            moves.append(A.Market(1, self.discard, (0,) if self.from_pile_2e.value else (), 0))
        before = game.state.copy()
        steps = run_moves(game, moves, hidden=hidden)
        err = refused(steps)
        if err is None:
            ev = next(e for e in steps[-1].events if isinstance(e, E.MarketTurn))
            took = ngettext(
                "{n} card from discard piles, {drawn} from the draw pile.",
                "{n} cards from discard piles, {drawn} from the draw pile.",
                len(ev.taken),
            ).format(n=len(ev.taken), drawn=ev.drawn)
            held = sum(game.state.hands[1])
            holds = ngettext("Little John holds {n} card again.", "Little John holds {n} cards again.", held).format(
                n=held
            )
            head = lesson.result_html(took, holds)
        else:
            head = lesson.result_html(_("Refused."))
        rules = ["market.set_aside", "market.draw_1e" if ed == "1E" else "market.draw_2e"]
        self.result.value = head + steps_html(steps, names) + lesson.rules_html(rules, ed)
        self.table.value = lesson.table_html(game.state, before, seats=[1])


__all__ = ["SideBySide", "MarketLab"]
