"""Lesson 10: mistakes found in secondary sources, each checked against the engine.

MythsView()    one card per myth: the claim, what the rulebooks say, and the engine
               playing a position that shows it (with a control to try variations)
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from sheriff import actions as A
from sheriff import events as E
from sheriff.cards import BONUS, CONTRABAND_GOODS, GOOD_IDS, GOODS, LEGAL_GOODS
from sheriff.i18n import N_, _, ngettext
from sheriff.practice import table_game
from sheriff.scoring import bonuses
from sheriff.widgets import kit, lesson
from sheriff.widgets.course.calculator import score_table
from sheriff.widgets.labs.round_lab import run_moves, steps_html
from sheriff.wording import goods_kind

BLOG = N_("a blog post retelling the 1st edition")
MANUAL = N_("an unofficial “comprehensive reference manual”")
MISER = N_("Miser Mary")


def _card(myth: str, source: str, truth: str, cite: str) -> widgets.HTML:
    said = _("<b>Myth:</b> “{myth}”").format(myth=escape(_(myth)))
    found = escape(_("(found in {source})").format(source=_(source)))
    truth_said = _("<b>What the rulebooks say:</b> {truth}").format(truth=escape(_(truth)))
    return lesson.html(
        f'<div class="sn-text"><div class="sn-myth">{said} <span class="sn-src">{found}</span></div>'
        f'<div class="sn-truth">{truth_said} <span class="sn-src">{escape(_(cite))}</span></div></div>'
    )


_vec = kit.goods


class _Myth(kit.Lab):
    """A myth's card, its controls and the engine's answer (a lab without a heading)."""

    def __init__(self, card, controls):
        super().__init__("", "", [card, *controls], table=False, result_class="sn-myth-result", border="#e0b4b4")


class PenaltyMyth(_Myth):
    """'The penalty equals the value': open a bag with one smuggled card of a chosen good."""

    GOODS_TRIED = LEGAL_GOODS[1:] + CONTRABAND_GOODS

    def __init__(self, good: str = "crossbows"):
        self.good = widgets.Dropdown(
            options=[(goods_kind(g), g) for g in self.GOODS_TRIED],
            value=GOOD_IDS[good],
            tooltip=_("The good in the bag that was not declared"),
            layout=widgets.Layout(width="140px"),
        )
        self.good.add_class("sn-myth-good")
        self.next_button = lesson.button(_("Try another good ▶"), _dom_classes=["sn-myth-next"])
        self.good.observe(lambda _: self.update(), names="value")
        self.next_button.on_click(lambda _: self.step())
        card = _card(
            N_("A good's penalty is the same as its value."),
            MANUAL,
            N_(
                "Every card shows two numbers. The penalty is 2 for each legal good and 4 for each "
                "contraband good (Royal Goods 3 to 5); the value is what it scores at the end."
            ),
            N_("1E · If the Sheriff inspects your bag; 2E · Goods Breakdown"),
        )
        said = _("A merchant declares 1 Apple but the bag holds 1")
        super().__init__(
            card,
            [
                lesson.row(
                    [lesson.html(f'<div class="sn-zone">{escape(said)}&nbsp;</div>'), self.good, self.next_button],
                    flex_flow="row wrap",
                )
            ],
        )
        lesson.bench(self.next_button, self.result)
        self.update()

    def step(self) -> None:
        opts = [v for _, v in self.good.options]
        self.good.value = opts[(opts.index(self.good.value) + 1) % len(opts)]

    def update(self) -> None:
        g = self.good.value
        game = table_game("2E", {1: _vec(**{GOODS[g].id: 1})}, {1: (GOOD_IDS["apples"], 1)})
        steps = run_moves(game, [A.Inspect(0, 1)])
        fine = next(e for e in steps[0].events if isinstance(e, E.Opened)).amount
        self.fine = fine
        said = ngettext(
            "{good}: value {value}, but the engine fines {fine} gold.",
            "{good}: value {value}, but the engine fines {fine} gold.",
            fine,
        ).format(good=goods_kind(g), value=GOODS[g].value, fine=fine)
        self.result.value = lesson.result_html(said) + steps_html(steps, game.names)


class BonusMyth(_Myth):
    """'King 15 and Queen 5 for every good': the bonuses good by good."""

    def __init__(self):
        card = _card(
            N_("The King gets 15 and the Queen 5, whatever the good."),
            MANUAL,
            N_("Each legal good has its own bonuses: Apples 20 / 10, Cheese 15 / 10, Bread 15 / 10, Chickens 10 / 5."),
            N_("1E · So, you want to be the Chicken King?; 2E · King and Queen Bonus"),
        )
        super().__init__(card, [])
        rows = []
        for g in LEGAL_GOODS:
            stands = [_vec(**{GOODS[g].id: 5}), _vec(**{GOODS[g].id: 3}), _vec(**{GOODS[g].id: 1})]
            bon = bonuses(stands)
            gid = GOODS[g].id
            rows.append(
                f"<tr><td>{escape(goods_kind(g))}</td><td class='num'>{bon[0].get(gid, 0)}</td>"
                f"<td class='num'>{bon[1].get(gid, 0)}</td></tr>"
            )
        self.values = {GOODS[g].id: BONUS[g] for g in LEGAL_GOODS}
        head = "".join(f"<th>{escape(c)}</th>" for c in (_("Good"), _("King (5 cards)"), _("Queen (3 cards)")))
        said = _("The engine scores three stands holding 5, 3 and 1 card of each good:")
        self.result.value = (
            f'<div class="sn-text"><div class="sn-zone">{escape(said)}</div><table class="sn-grid">'
            f"<tr>{head}</tr>" + "".join(rows) + "</table></div>"
        )


class GoldMyth(_Myth):
    """'The richest player wins': goods and bonuses count too."""

    def __init__(self, rich_gold: int = 90):
        self.gold = widgets.BoundedIntText(
            value=rich_gold,
            min=0,
            max=300,
            tooltip=_("{name}’s gold").format(name=_(MISER)),
            layout=widgets.Layout(width="80px"),
        )
        self.gold.add_class("sn-myth-gold")
        self.gold.observe(lambda _: self.update(), names="value")
        card = _card(
            N_("The player with the most gold wins."),
            BLOG,
            N_(
                "The score is the value of every good on your stand (legal and contraband) plus your gold "
                "plus King and Queen bonuses."
            ),
            N_("1E · End of the game; 2E · Winning the Game"),
        )
        said = _("{name}’s gold:").format(name=_(MISER))
        super().__init__(
            card,
            [
                lesson.row(
                    [lesson.html(f'<div class="sn-zone">{escape(said)}&nbsp;</div>'), self.gold], flex_flow="row wrap"
                )
            ],
        )
        self.update()

    def update(self) -> None:
        names = [_(MISER), _("Trader Tom"), _("Quiet Quinn")]
        stands = [_vec(apples=2), _vec(apples=6, cheese=5, chickens=3, silk=2), _vec(bread=4, pepper=1)]
        gold = [self.gold.value, 30, 40]
        html, scores, winners = score_table(names, stands, gold)
        self.winners = [names[p] for p in winners]
        self.result.value = html


class LegalOnlyMyth(_Myth):
    """'Only legal goods in the bag means the Sheriff pays': not if they are of another type."""

    def __init__(self, other: str = "cheese"):
        self.other = widgets.Dropdown(
            options=[(goods_kind(g), g) for g in LEGAL_GOODS[1:]],
            value=GOOD_IDS[other],
            tooltip=_("The third good in the bag"),
            layout=widgets.Layout(width="130px"),
        )
        self.other.add_class("sn-myth-other")
        self.other.observe(lambda _: self.update(), names="value")
        card = _card(
            N_("If the bag holds only legal goods, the Sheriff who opens it pays."),
            BLOG,
            N_(
                "Only a bag that matches the declaration exactly earns the penalty. A legal good of another "
                "type than declared is confiscated and fined like contraband."
            ),
            N_("1E · If the Sheriff inspects your bag; 2E · If the Sheriff Inspects Your Bag"),
        )
        said = _("Declared: 3 Apples. In the bag: 2 Apples and 1")
        super().__init__(
            card,
            [
                lesson.row(
                    [lesson.html(f'<div class="sn-zone">{escape(said)}&nbsp;</div>'), self.other], flex_flow="row wrap"
                )
            ],
        )
        self.update()

    def update(self) -> None:
        g = self.other.value
        game = table_game("2E", {1: _vec(apples=2, **{GOODS[g].id: 1})}, {1: (GOOD_IDS["apples"], 3)})
        steps = run_moves(game, [A.Inspect(0, 1)])
        opened = next(e for e in steps[0].events if isinstance(e, E.Opened))
        self.honest, self.amount = opened.honest, opened.amount
        if self.honest:
            said = ngettext("The Sheriff pays {gold} gold.", "The Sheriff pays {gold} gold.", self.amount)
        else:
            said = ngettext(
                "The merchant pays the Sheriff {gold} gold.", "The merchant pays the Sheriff {gold} gold.", self.amount
            )
        said = said.format(gold=self.amount)
        self.result.value = lesson.result_html(said) + steps_html(steps, game.names)


class PromoMyth(_Myth):
    def __init__(self):
        card = _card(
            N_(
                "Promo cards such as Gambler's Risk, Royal Summons, Feast Plate and Arcane Scrolls are part "
                "of the rules."
            ),
            MANUAL,
            N_(
                "Neither rulebook describes them. The 1st edition only says promotional cards have a blue "
                "banner; their effects are not in the rules the tutor follows, so it leaves them out."
            ),
            N_("1E · Promotional cards"),
        )
        super().__init__(card, [])
        said = _(
            "Unverified: there is nothing for the engine to play here. If your copy has such cards, read "
            "their own text."
        )
        self.result.value = f'<div class="sn-zone">{escape(said)}</div>'


class MythsView(kit.Frame):
    def __init__(self):
        super().__init__(border=None)
        self.legal_only = LegalOnlyMyth()
        self.penalty = PenaltyMyth()
        self.bonus = BonusMyth()
        self.gold = GoldMyth()
        self.promo = PromoMyth()
        self.body(self.legal_only, self.penalty, self.bonus, self.gold, self.promo)


__all__ = ["MythsView", "PenaltyMyth", "BonusMyth", "GoldMyth", "LegalOnlyMyth", "PromoMyth"]
