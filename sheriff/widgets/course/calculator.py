"""A score sheet for a real game night (lesson 11), also used by the scoring lessons.

    ScoreCalculator()                       4 players, empty sheet
    ScoreCalculator(preset="david")         the rulebook's David of Doncaster table

Enter each player's name, the cards of each good on their stand, their gold (and,
with the options, Royal Goods and Black Market card values).  Totals, King and Queen
bonuses and the winner come from ``sheriff.scoring.score`` at every change.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape

import ipywidgets as widgets

from sheriff import i18n
from sheriff.cards import CONTRABAND_GOODS, GOODS, LEGAL_GOODS, N_GOODS, ROYAL_GOODS
from sheriff.i18n import N_, _
from sheriff.scenario import get_scenario
from sheriff.scoring import Verdict, score, verdict
from sheriff.widgets import kit, lesson, render
from sheriff.wording import goods_kind

# Names and preset labels stay English in the source (they are keys); ``_`` where they are shown.
DEFAULT_NAMES = [N_("Player 1"), N_("Player 2"), N_("Player 3"), N_("Player 4"), N_("Player 5"), N_("Player 6")]
ANN, BEN, CAT = N_("Ann"), N_("Ben"), N_("Cat")


def _final_table(scenario_id: str):
    """Names, stands, gold and Black Market values at the end of a shipped example."""
    s = get_scenario(scenario_id).replay().final.state
    return list(s.names), [list(x) for x in s.stands], list(s.gold), [[v for _, v in c] for c in s.bm_cards]


def _balanced(names, stands, target_gold_total: int):
    """Gold so that the first two players tie on points and the others trail by 10 (tie presets)."""
    sc, _winners = score(stands, [0] * len(stands))
    top = max(x.total for x in sc) + target_gold_total
    return [top - x.total - (0 if p < 2 else 10) for p, x in enumerate(sc)]


_vec = kit.goods


Preset = tuple[list[str], list[list[int]], list[int] | None, list[list[int]], bool]


def presets() -> dict[str, Preset]:
    """label -> (names, stands, gold, black market values, royal goods on?); gold None: balanced for a tie.
    The examples' players are named in the page's language, so each language has its own."""
    return _presets(i18n.get_language())


@lru_cache(maxsize=len(i18n.LANGUAGES))
def _presets(lang: str) -> dict[str, Preset]:
    out: dict[str, Preset] = {
        N_("An empty sheet (4 players)"): (
            DEFAULT_NAMES[:4],
            [[0] * N_GOODS for _ in range(4)],
            [50] * 4,
            [[] for _ in range(4)],
            False,
        )
    }
    names, stands, gold, bm = _final_table("1e-david-125")
    out[N_("David of Doncaster's table (rulebook example)")] = (names, stands, gold, bm, False)
    names, stands, gold, bm = _final_table("2e-will-scarlet-gouda")
    out[N_("Will Scarlet's Gouda Cheese (Royal Goods example)")] = (names, stands, gold, bm, True)
    # Ties on points, broken by legal goods, then contraband, else shared.
    c = _vec(chickens=3)
    out[N_("Tie on points: more legal goods wins")] = (
        [ANN, BEN, CAT],
        [_vec(apples=6, cheese=2), _vec(apples=5, cheese=2), c],
        None,
        [[], [], []],
        False,
    )
    out[N_("Tie on points and legal goods: more contraband wins")] = (
        [ANN, BEN, CAT],
        [_vec(apples=4, cheese=2, pepper=2), _vec(apples=4, cheese=2, silk=1), c],
        None,
        [[], [], []],
        False,
    )
    out[N_("Tie on everything: shared victory")] = (
        [ANN, BEN, CAT],
        [_vec(apples=3, pepper=1), _vec(cheese=3, mead=1), _vec(apples=1, cheese=2)],
        None,
        [[], [], []],
        False,
    )
    fixed = {}
    for label, (nm, stn, gl, bmv, royal) in out.items():
        if gl is None:
            gl = _balanced(nm, stn, 30)
        fixed[label] = (nm, stn, gl, bmv, royal)
    return fixed


def _why(v: Verdict, names) -> str:
    """The engine's tie-break verdict in words (empty when nobody tied on points)."""
    tied = _(", ").join(names[p] for p in v.tied_on_points)
    if v.decided_by == "legal goods":
        return _("{tied} tie on points; the most legal goods on the stand breaks the tie.").format(tied=tied)
    if v.decided_by == "contraband":
        return _("{tied} tie on points; {also} also tie on legal goods, so the most contraband breaks the tie.").format(
            tied=tied, also=_(", ").join(names[p] for p in v.tied_on_legal)
        )
    if v.decided_by == "shared":
        return _("{tied} tie on points, legal goods and contraband: the victory is shared.").format(
            tied=_(", ").join(names[p] for p in v.winners)
        )
    return ""


def score_table(names, stands, gold, black_market=None) -> tuple[str, list, list[int]]:
    """HTML score sheet, the scores and the winners (from ``sheriff.scoring.score``)."""
    scores, winners = score(stands, gold, black_market)
    why = _why(verdict(scores, winners), names)
    if not any(sc.total for sc in scores):  # an empty sheet: nobody has won anything yet
        headline, why = _("Nothing entered yet: fill in each player's goods and gold to see who wins."), ""
    elif len(winners) == 1:
        headline = _("{name} wins with {total}.").format(name=names[winners[0]], total=scores[winners[0]].total)
    else:
        headline = _("Shared victory: {names}.").format(names=_(", ").join(names[p] for p in winners))
    html = render.score_sheet(names, stands, scores, winners, verdict=headline, why=why)
    return html, scores, winners


def _box_width(label: str, least: int) -> str:
    """A checkbox wide enough for its label on one line (longer words in some languages)."""
    return f"{max(least, 8 * len(label) + 30)}px"


class ScoreCalculator(kit.Frame):
    def __init__(
        self,
        preset: str | None = None,
        players: int = 4,
        show_presets: bool = True,
        title: str | None = None,
        bench: bool = False,
    ):
        super().__init__()
        self._build_options(players)
        self._cache: dict = {}
        self.result = lesson.html(_dom_classes=["sn-score-result"])
        self.note = lesson.html()
        self.names: list[widgets.Text] = []
        self.cells: list[dict[int, widgets.BoundedIntText]] = []
        self.gold: list[widgets.BoundedIntText] = []
        self.bm_values: list[widgets.Text] = []
        self._quiet = False
        for w in (self.players, self.royal, self.bm):
            w.observe(lambda _: None if self._quiet else self._rebuild(), names="value")
        self.preset_pick.observe(lambda _: self.load_preset(self.preset_pick.value), names="value")
        bar, top = self._build_bars(show_presets, bench)
        intro = _(
            "Type the cards on each stand (face-down ones included, they are revealed at the end) and each "
            "player's gold. Cards still in hand score nothing."
        )
        title = title or _("Score calculator")
        head = lesson.html(kit.heading(title, intro=intro))
        self.body(head, *top, lesson.row(bar, flex_flow="row wrap"), self.grid, self.result, self.note)
        self._rebuild()
        if preset is not None:
            self.load_preset(next(k for k in presets() if k == preset or k.lower().startswith(preset.lower())))

    def _build_options(self, players: int) -> None:
        """The example picker, the number of players, the two options and the (empty) sheet."""
        self.preset_pick = widgets.Dropdown(
            options=[(_(k), k) for k in presets()],
            tooltip=_("Start from:"),
            layout=widgets.Layout(width="420px"),  # at most the page's width on a phone (kit.CSS)
        )
        self.preset_pick.add_class("sn-preset")
        self.players = widgets.Dropdown(
            options=[3, 4, 5, 6], value=players, tooltip=_("Players:"), layout=widgets.Layout(width="70px")
        )
        self.players.add_class("sn-players")
        royal, bm = _("Royal Goods"), _("Black Market cards")
        self.royal = widgets.Checkbox(
            value=False, description=royal, indent=False, layout=widgets.Layout(width=_box_width(royal, 130))
        )
        self.royal.add_class("sn-royal-goods")
        self.bm = widgets.Checkbox(
            value=False, description=bm, indent=False, layout=widgets.Layout(width=_box_width(bm, 170))
        )
        self.grid = widgets.GridBox(layout=widgets.Layout(grid_gap="2px 4px", overflow="auto"))
        self.grid.add_class("sn-calc-grid")  # a narrow screen turns it: a player a column (kit.CSS)

    def _build_bars(self, show_presets: bool, bench: bool) -> tuple[list[widgets.Widget], list[widgets.Widget]]:
        """The options bar, and the bar that picks an example (when the page offers examples)."""
        players_label, start = _("Players:"), _("Start from:")
        bar = [lesson.html(f'<div class="sn-zone">{escape(players_label)}</div>'), self.players, self.royal, self.bm]
        self.next_preset = lesson.button(_("Next example ▶"), _dom_classes=["sn-next-preset"])
        self.next_preset.on_click(lambda _: self.step_preset())
        if bench:
            lesson.bench(self.next_preset, self.result)
        top = (
            [
                lesson.row(
                    [
                        lesson.html(f'<div class="sn-zone" style="width:70px">{escape(start)}</div>'),
                        self.preset_pick,
                        self.next_preset,
                    ],
                    flex_flow="row wrap",
                )
            ]
            if show_presets
            else []
        )
        return bar, top

    def step_preset(self) -> None:
        opts = list(presets())
        self.load_preset(opts[(opts.index(self.preset_pick.value) + 1) % len(opts)])

    # -- the sheet -----------------------------------------------------------------------
    def goods(self) -> list[int]:
        return list(LEGAL_GOODS + CONTRABAND_GOODS + (ROYAL_GOODS if self.royal.value else ()))

    def _cached(self, key, factory):
        """Sheet boxes are made once and kept (hidden when not in use), so that changing the
        number of players or the options is quick."""
        w = self._cache.get(key)
        if w is None:
            w = self._cache[key] = factory()
            if hasattr(w, "value") and not isinstance(w, widgets.HTML):
                w.observe(lambda _: self.update(), names="value")
        return w

    def _rebuild(self, keep: bool = True) -> None:
        old = self.values() if keep and self.names else None
        n = self.players.value
        goods = self.goods()
        self.names = self._make_name_boxes(n)
        self.cells = [
            {g: self._cached(("cell", p, g), lambda p=p, g=g: self._cell(p, g)) for g in goods} for p in range(n)
        ]
        self.gold = [self._cached(("gold", p), lambda p=p: self._gold_box(p)) for p in range(n)]
        self.bm_values = self._make_bm_boxes(n) if self.bm.value else []
        self._lay_out_grid(n, goods)
        if old is not None:
            self.set_values(*old)
        self.update()

    def _make_name_boxes(self, n: int) -> list[widgets.Text]:
        return [
            self._cached(
                ("name", p),
                lambda p=p: lesson.make(
                    widgets.Text,
                    {"width": "150px"},
                    value=_(DEFAULT_NAMES[p]),
                    tooltip=_("Player {n}: name").format(n=p + 1),
                ),
            )
            for p in range(n)
        ]

    def _make_bm_boxes(self, n: int) -> list[widgets.Text]:
        """A box a player for the values of their Black Market cards."""
        return [
            self._cached(
                ("bm", p),
                lambda p=p: lesson.make(
                    widgets.Text,
                    {"width": "110px"},
                    value="",
                    placeholder=_("e.g. 24, 21"),
                    tooltip=_("{name}: Black Market values").format(name=_("Player {n}").format(n=p + 1)),
                ),
            )
            for p in range(n)
        ]

    def _lay_out_grid(self, n: int, goods: list[int]) -> None:
        """The sheet's column heads, then a row a player: name, a box a kind of goods, gold (and Black Market)."""
        cols = (
            [_("Player")]
            + [goods_kind(g) for g in goods]
            + [_("Gold")]
            + ([_("Black Market values")] if self.bm.value else [])
        )
        header = [
            self._cached(
                ("head", c),
                lambda c=c: lesson.label(
                    f'<span style="font-weight:bold;font-size:11px;line-height:1.1">{escape(c)}</span>'
                ),
            )
            for c in cols
        ]
        items = list(header)
        for p in range(n):
            items += [self.names[p]] + [self.cells[p][g] for g in goods] + [self.gold[p]]
            if self.bm.value:
                items.append(self.bm_values[p])
        widths = ["155px"] + ["72px"] * len(goods) + ["70px"] + (["115px"] if self.bm.value else [])
        self.grid.layout.grid_template_columns = " ".join(widths)
        # as many rows as a player has boxes: nothing on a wide screen (rows are laid out by the
        # columns above), but on a narrow one the grid fills column by column, a player per column
        self.grid.layout.grid_template_rows = f"repeat({len(cols)}, auto)"
        self.grid.children = items

    def _cell(self, p: int, g: int):
        w = lesson.make(
            widgets.BoundedIntText,
            {"width": "66px"},
            value=0,
            min=0,
            max=60,
            tooltip=_("{name}: {good} on the stand").format(name=_("Player {n}").format(n=p + 1), good=goods_kind(g)),
        )
        w.add_class(f"sn-cell-{p}-{GOODS[g].id}")
        return w

    def _gold_box(self, p: int):
        w = lesson.make(
            widgets.BoundedIntText,
            {"width": "66px"},
            value=50,
            min=0,
            max=999,
            tooltip=_("{name}: gold").format(name=_("Player {n}").format(n=p + 1)),
        )
        w.add_class(f"sn-gold-{p}")
        return w

    def values(self):
        n = len(self.names)
        stands = [[0] * N_GOODS for _ in range(n)]
        for p in range(n):
            for g, w in self.cells[p].items():
                stands[p][g] = w.value
        bm = [self._bm(p) for p in range(n)]
        return [w.value for w in self.names], stands, [w.value for w in self.gold], bm

    def _bm(self, p: int) -> list[int]:
        if not self.bm.value or p >= len(self.bm_values):
            return []
        out = []
        for part in self.bm_values[p].value.replace(";", ",").split(","):
            part = part.strip()
            if part.isdigit():
                out.append(int(part))
        return out

    def set_values(self, names, stands, gold, bm=None) -> None:
        self._quiet = True
        try:
            for p in range(min(len(self.names), len(names))):
                self.names[p].value = names[p]
                self.gold[p].value = gold[p]
                for g, w in self.cells[p].items():
                    w.value = stands[p][g]
                if bm and self.bm.value:
                    self.bm_values[p].value = ", ".join(map(str, bm[p]))
        finally:
            self._quiet = False
        self.update()

    def load_preset(self, label: str) -> None:
        names, stands, gold, bm, royal = presets()[label]
        self._quiet = True
        try:
            if self.preset_pick.value != label:
                self.preset_pick.value = label
            self.players.value = len(names)
            self.royal.value = royal or any(st[g] for st in stands for g in ROYAL_GOODS)
            self.bm.value = any(bm)
        finally:
            self._quiet = False
        self._rebuild(keep=False)
        self.set_values([_(x) for x in names], stands, gold, bm)

    def _name_boxes(self, names: list[str]) -> None:
        """A screen reader names each box by its player and good; the player's name box may change."""
        for p, name in enumerate(names):
            who = name.strip() or _("Player {n}").format(n=p + 1)
            for g, w in self.cells[p].items():
                w.tooltip = _("{name}: {good} on the stand").format(name=who, good=goods_kind(g))
            self.gold[p].tooltip = _("{name}: gold").format(name=who)
            if self.bm_values:
                self.bm_values[p].tooltip = _("{name}: Black Market values").format(name=who)

    def update(self) -> None:
        if self._quiet:
            return
        names, stands, gold, bm = self.values()
        self._name_boxes(names)
        html, self.scores, self.winners = score_table(names, stands, gold, bm)
        self.result.value = html
        notes = [
            lesson.rule_html("score.total"),
            lesson.rule_html("score.king_queen"),
            lesson.rule_html("score.tiebreak"),
        ]
        if self.royal.value:
            notes.append(lesson.rule_html("royal.goods"))
        if self.bm.value:
            notes.append(
                '<div class="sn-assume">'
                + _(
                    "<b>Your cards, your numbers:</b> type the values printed on "
                    "the Black Market cards each player claimed; the rulebook does "
                    "not list them."
                )
                + "</div>"
            )
        self.note.value = "".join(notes)

    @property
    def text(self) -> str:
        return lesson.plain(self.result.value)


__all__ = ["ScoreCalculator", "score_table", "presets"]
