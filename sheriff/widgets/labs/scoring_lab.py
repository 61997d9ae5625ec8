"""Lesson 7 (and 8): who is King and Queen of a good, with ties and Royal Goods.

    KingQueenLab()             four stands of one legal good; change the counts
    KingQueenLab(royal=True)   ...and add Royal Goods, which count several times

The bonuses come from ``sheriff.scoring.bonuses``; this widget only lays them out.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from sheriff.cards import BONUS, GOODS, LEGAL_GOODS, N_GOODS, ROYAL_GOODS, good_id
from sheriff.i18n import N_, _
from sheriff.scoring import bonuses, good_counts_for_bonus
from sheriff.widgets import kit, lesson
from sheriff.wording import goods_kind

# The characters' names are messages of the examples catalog; ``_`` shows them in the page's language.
NAMES = ["Will Scarlet", "Maid Marion", "Little John", "Alan-a-Dale"]


def _count_boxes(values, hi: int, tooltip: str, cls: str) -> list[widgets.BoundedIntText]:
    """One whole-number box a character, ``<cls>-<i>`` each (the browser tests find them so)."""
    boxes = []
    for i, c in enumerate(values):
        box = lesson.make(
            widgets.BoundedIntText,
            {"width": "64px"},
            value=c,
            min=0,
            max=hi,
            tooltip=_(tooltip).format(name=_(NAMES[i])),
        )
        box.add_class(f"{cls}-{i}")
        boxes.append(box)
    return boxes


class KingQueenLab(kit.Lab):
    def __init__(self, good: str = "cheese", counts=(10, 11, 4, 0), royal: bool = False, royal_counts=(0, 0, 0, 0)):
        self.royal_on = royal
        self.good = widgets.Dropdown(
            options=[(goods_kind(g), g) for g in LEGAL_GOODS],
            value=good_id(good),
            tooltip=_("Good:"),
            layout=widgets.Layout(width="130px"),
        )
        self.good.add_class("sn-kq-good")
        self.counts = _count_boxes(counts, 40, N_("{name}: cards of the good"), "sn-kq-count")
        self.royal_kind = widgets.Dropdown(tooltip=_("Royal card:"), layout=widgets.Layout(width="230px"))
        self.royal_counts = _count_boxes(royal_counts, 3, N_("{name}: royal cards"), "sn-kq-royal")
        self._set_royal_options()
        self.good.observe(self._good_changed, names="value")
        for w in [*self.counts, *self.royal_counts, self.royal_kind]:
            w.observe(lambda _: self.update(), names="value")
        good_label, royal_label = _("Good:"), _("Royal card:")
        rows = [
            lesson.row(
                [lesson.html(f'<div class="sn-zone" style="width:140px">{escape(good_label)}</div>'), self.good]
                + (
                    [lesson.html(f'<div class="sn-zone">&nbsp;&nbsp;{escape(royal_label)}</div>'), self.royal_kind]
                    if royal
                    else []
                )
            )
        ]
        for i, name in enumerate(NAMES):
            cells = [lesson.label(escape(_(name)), "140px"), self.counts[i]]
            if royal:
                cells += [lesson.label("&nbsp;" + escape(_("cards, plus royal cards:"))), self.royal_counts[i]]
            rows.append(lesson.row(cells))
        super().__init__(
            _("King and Queen of one good"),
            _("Type how many cards of the good each stand holds. Make ties and see how the bonuses are split."),
            rows,
            table=False,
            result_class="sn-kq-result",
        )
        self.update()

    def _good_changed(self, _change) -> None:
        self._set_royal_options()
        self.update()

    def _set_royal_options(self) -> None:
        kin = [r for r in ROYAL_GOODS if GOODS[r].counts_as == self.good.value]
        self.royal_kind.options = [
            (_("{royal} (counts as {k})").format(royal=goods_kind(r), k=GOODS[r].multiplier), r) for r in kin
        ]
        self.royal_kind.value = kin[0]

    def stands(self) -> list[list[int]]:
        out = []
        for i in range(len(NAMES)):
            st = [0] * N_GOODS
            st[self.good.value] = self.counts[i].value
            if self.royal_on:
                st[self.royal_kind.value] += self.royal_counts[i].value
            out.append(st)
        return out

    def update(self) -> None:
        g = self.good.value
        stands = self.stands()
        bon = bonuses(stands)
        counted = [good_counts_for_bonus(st)[g] for st in stands]
        king, queen = BONUS[g]
        gid = GOODS[g].id
        rows = []
        for i, name in enumerate(NAMES):
            got = bon[i].get(gid, 0)
            extra = ""
            if self.royal_on and self.royal_counts[i].value:
                r = self.royal_kind.value
                extra = " + " + _("{n} × {royal} (×{k})").format(
                    n=self.royal_counts[i].value, royal=goods_kind(r), k=GOODS[r].multiplier
                )
            rows.append(
                f"<tr><td>{escape(_(name))}</td><td>{self.counts[i].value}{escape(extra)}</td>"
                f'<td class="num">{counted[i]}</td><td class="num sn-bonus"><b>{got}</b></td></tr>'
            )
        self.values = [bon[i].get(gid, 0) for i in range(len(NAMES))]
        head = "".join(f"<th>{escape(c)}</th>" for c in (_("Player"), _("Cards"), _("Counts as"), _("Bonus")))
        table = f'<table class="sn-grid"><tr>{head}</tr>' + "".join(rows) + "</table>"
        said = _("{good}: King <b>{king}</b>, Queen <b>{queen}</b>.").format(
            good=escape(goods_kind(g)), king=king, queen=queen
        )
        self.result.value = (
            f'<div class="sn-text"><div class="sn-result">{said}</div>{table}</div>'
            + lesson.rule_html("score.king_queen")
            + (lesson.rule_html("royal.goods") if self.royal_on else "")
        )


__all__ = ["KingQueenLab"]
