"""Widgets for the game-theory lessons (30: the inspection game, 31: bribe bargaining).

They hold no theory: every number comes from ``sheriff.theory``.  Both work headless
(build one, set a control, read ``.text`` or the HTML outputs), which is how the tests
drive them.
"""

from __future__ import annotations

import base64
import inspect
import io
from dataclasses import replace
from html import escape

import ipywidgets as widgets

from sheriff import i18n
from sheriff.cards import GOODS, LEGAL_GOODS, good_id, list_to_counts
from sheriff.i18n import _, decimal, get_language, ngettext
from sheriff.theory import bargaining as bg
from sheriff.theory.inspection_game import (
    MAX_BAG,
    MAX_FINE,
    MERCHANT_ACTIONS,
    SHERIFF_ACTIONS,
    build,
    equilibrium,
    explain,
    value_curves,
)
from sheriff.widgets import kit, lesson, render
from sheriff.wording import goods_kind

_DROPDOWN = {"style": {"description_width": "210px"}, "layout": {"width": "540px"}}
_SLIDER = {"continuous_update": False, **_DROPDOWN}


def _kind(kind: str) -> str:
    """A good's kind as the goods table says it: legal, contraband or royal."""
    match kind:
        case "legal":
            return _("legal")
        case "contraband":
            return _("contraband")
        case "royal":
            return _("royal")
    return kind


class Plot(widgets.HTML):
    """A PNG plot with a text alternative a screen reader reads (ipywidgets' Image has no alt,
    and a tooltip on it breaks its view); ``png`` keeps the bytes shown."""

    def __init__(self, alt: str, width: str):
        super().__init__()
        self.alt, self.width, self.png = alt, width, b""

    def show(self, png: bytes) -> None:
        self.png = png
        src = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
        self.value = f'<img alt="{escape(self.alt)}" src="{src}" style="width:{self.width};max-width:100%;height:auto">'


def _plot_png(game) -> bytes:
    """Expected value against inspection probability, as PNG bytes (no pyplot state)."""
    from matplotlib.figure import Figure

    c = value_curves(game)
    fig = Figure(figsize=(6.4, 3.4), dpi=90)
    ax = fig.add_subplot()
    ax.plot(c.inspect, c.merchant_honest, color="#2e7d32", lw=2, label=_("merchant, honest bag"))
    ax.plot(c.inspect, c.merchant_smuggling, color="#b71c1c", lw=2, label=_("merchant, smuggling bag"))
    ax.plot(
        c.inspect,
        c.sheriff_vs_equilibrium,
        color="#1565c0",
        lw=2,
        ls="--",
        label=_("Sheriff, against the equilibrium merchant"),
    )
    if 0 < c.inspect_star < 1:
        ax.axvline(c.inspect_star, color="#555", lw=1, ls=":")
        ax.annotate(
            _("equilibrium: inspect {pct}").format(pct=f"{c.inspect_star:.0%}"),
            (c.inspect_star, ax.get_ylim()[1]),
            xytext=(4, -14),
            textcoords="offset points",
            fontsize=9,
            color="#333",
        )
    ax.axhline(0, color="#999", lw=0.8)
    ax.set_xlabel(_("how often the Sheriff inspects"))
    ax.set_ylabel(_("expected value (points / gold)"))
    ax.xaxis.set_major_formatter(lambda x, _: f"{x:.0%}")
    return _png(fig, ax)


def _matrix_html(game) -> str:
    rows = []
    for r, name in enumerate(MERCHANT_ACTIONS):
        cells = "".join(
            f'<td class="num"><b>{c.merchant}</b> / <b>{c.sheriff}</b><br>'
            f'<span class="sn-src">{escape(c.story)}</span></td>'
            for c in game.cells[r]
        )
        rows.append(f"<tr><th>{escape(_(name))}</th>{cells}</tr>")
    head = "".join("<th>{}</th>".format(_("Sheriff: {action}").format(action=escape(_(a)))) for a in SHERIFF_ACTIONS)
    corner = _("merchant \u2193 / payoffs: merchant / Sheriff")
    return (
        f'<div class="sn-text"><table class="sn-grid"><tr><th>{corner}</th>{head}</tr>{"".join(rows)}</table>'
        '<div class="sn-src">{}</div></div>'.format(
            _("merchant = value reaching his stand + gold received - gold paid; Sheriff = gold received - gold paid.")
        )
    )


class InspectionGameLab(kit.Frame):
    """Pick a bag, the liar's fine and what an honest bag is paid; see the 2x2 game, and (once revealed) its equilibrium in words
    and the value plot: a class guesses before it sees the answer."""

    def __init__(
        self,
        declared: str = "apples",
        legal: int = 2,
        smuggled: str = "pepper",
        number: int = 1,
        fine: int = 1,
        revealed: bool = False,
        payment: int = 1,
    ):
        legal_opts = [(goods_kind(g), g) for g in LEGAL_GOODS]
        self.declared = widgets.Dropdown(
            options=legal_opts, value=good_id(declared), description=_("Declared good"), **_DROPDOWN
        )
        self.legal = widgets.IntSlider(
            value=legal, min=0, max=MAX_BAG - 1, description=_("Cards of it in the bag"), **_SLIDER
        )
        self.smuggled = widgets.Dropdown(options=[], description=_("Smuggled good"), **_DROPDOWN)
        self.number = widgets.IntSlider(value=number, min=1, max=MAX_BAG, description=_("Smuggled cards"), **_SLIDER)
        # the rulebooks' "fine" is what a caught liar pays; the Sheriff's payment for an honest bag scales apart
        self.fine = widgets.IntSlider(
            value=fine, min=1, max=MAX_FINE, description=_("Liar's fine ×"), **_SLIDER, _dom_classes=["sn-fine"]
        )
        self.payment = widgets.IntSlider(
            value=payment, min=1, max=MAX_FINE, description=_("Paid for an honest bag ×"), **_SLIDER
        )
        self.payment.add_class("sn-payment")
        self.reveal = lesson.button(_("Show the equilibrium"), width="220px", icon="eye", _dom_classes=["sn-reveal"])
        self.reveal.on_click(self._toggle_answer)
        self.answer = widgets.VBox(layout={"display": "flex" if revealed else "none"})
        self.bag = lesson.html()
        self.matrix = lesson.html()
        self.summary = lesson.html()
        self.plot = Plot(_("Plot: each side's expected gold as the chance of an inspection changes"), "576px")
        self._plotted = None  # the game the plot shows (drawn once the answer is shown)
        self._smuggle_options(good_id(smuggled))
        for w in (self.declared, self.legal, self.smuggled, self.number, self.fine, self.payment):
            w.observe(self._update, names="value")
        controls = widgets.VBox([self.declared, self.legal, self.smuggled, self.number, self.fine, self.payment])
        self.answer.children = [self.summary, self.plot]
        super().__init__(border=None)
        self.body(
            kit.box([controls, self.bag], title=_("The bag"), kicker=_("Your choice")),
            kit.box([self.matrix], title=_("The game"), kicker=_("Payoffs")),
            kit.box([self.reveal, self.answer], title=_("The equilibrium"), kicker=_("What both sides should do")),
        )
        self._show_button()
        self._update()

    @property
    def revealed(self) -> bool:
        return self.answer.layout.display != "none"

    def _show_button(self):
        self.reveal.description = _("Hide the equilibrium") if self.revealed else _("Show the equilibrium")
        self.reveal.icon = "eye-slash" if self.revealed else "eye"

    def _toggle_answer(self, _button=None):
        self.answer.layout.display = "none" if self.revealed else "flex"
        self._show_button()
        self._draw()

    def _draw(self) -> None:
        """The value plot, drawn once the answer is shown: hidden, it would cost every learner's
        page matplotlib's import and a drawing (0.45 s of CPU, most of the page's) before anyone asks."""
        if self.revealed and self._plotted != self.game:
            self.plot.show(_plot_png(self.game))
            self._plotted = self.game

    def _smuggle_options(self, keep: int | None = None):
        d = self.declared.value
        opts = [
            (
                _("{good}: {kind}, value {value}, fine {fine}").format(
                    good=goods_kind(g.index), kind=_kind(g.kind), value=g.value, fine=g.penalty
                ),
                g.index,
            )
            for g in GOODS
            if g.index != d
        ]
        value = keep if keep in [v for _, v in opts] else opts[len(LEGAL_GOODS) - 1][1]
        self.smuggled.options = opts
        self.smuggled.value = value

    def _update(self, change=None):
        if change is not None and change["owner"] is self.declared:
            self._smuggle_options(self.smuggled.value)
        self.number.max = MAX_BAG - self.legal.value
        cards = [self.declared.value] * self.legal.value + [self.smuggled.value] * self.number.value
        self.game = build(
            GOODS[self.declared.value].id,
            [GOODS[g].id for g in cards],
            fine=self.fine.value,
            payment=self.payment.value,
        )
        eq = equilibrium(self.game)
        declared = escape(self.game.declaration)
        self.bag.value = (
            '<div class="sn-text">{}</div>'.format(
                _('Declared: <b>"{declared}"</b>. The smuggling bag:').format(declared=declared)
            )
            + render.cards(list_to_counts(cards))
            + '<div class="sn-text">{}</div>'.format(_("The honest bag: {declared}.").format(declared=declared))
        )
        self.matrix.value = _matrix_html(self.game)
        self.text = explain(self.game)
        items = "".join(f"<li>{escape(s)}</li>" for s in self.text.splitlines())
        kind = {
            "mixed": _("Mixed equilibrium"),
            "pure": _("Pure equilibrium"),
            "continuum": _("A range of equilibria"),
        }[eq.kind]
        self.summary.value = (
            f'<div class="sn-result"><b class="sn-big">{kind}.</b>'
            f'<ul style="margin:4px 0;padding-left:20px">{items}</ul></div>'
        )
        self._draw()


class BribeBargainingLab(kit.Frame):
    """Set the parameters of OpenSpiel's ``sheriff`` game; see its size, an equilibrium,
    a plot of both sides' payoffs against the fine, and the final offer for each load."""

    MAX_CHECKED_TERMINALS = 1000  # Gambit's LCP solver is quick below this, slow above

    def __init__(
        self,
        max_bribe: int = 3,
        max_items: int = 3,
        rounds: int = 1,
        item_value: int = 1,
        item_penalty: int = 2,
        sheriff_penalty: int = 3,
    ):
        self.sliders = sliders = self._build_sliders(
            max_bribe, max_items, rounds, item_value, item_penalty, sheriff_penalty
        )
        self._build_outputs()
        for w in sliders:
            w.observe(self._update, names="value")
        self.load.observe(self._show_offer, names="value")
        curious = kit.Fold(
            _("For the curious: check the answer with Gambit"),
            self.gambit_button,
            self.gambit_result,
            cls="sn-fold-gambit",
        )
        super().__init__(border=None)
        self.body(*self._boxes(sliders, curious))
        self._update()

    def _build_sliders(
        self, max_bribe: int, max_items: int, rounds: int, item_value: int, item_penalty: int, sheriff_penalty: int
    ) -> tuple[widgets.IntSlider, ...]:
        """A slider for each of the game's parameters."""

        def slider(value, lo, hi, text):
            return widgets.IntSlider(value=value, min=lo, max=hi, description=text, **_SLIDER)

        self.max_bribe = slider(max_bribe, 0, 4, _("Largest bribe (gold)"))
        self.max_items = slider(max_items, 1, 4, _("Most illegal items"))
        self.rounds = slider(rounds, 1, 3, _("Bargaining rounds"))
        self.item_value = slider(item_value, 0, 5, _("Value of a smuggled item"))
        self.item_penalty = slider(item_penalty, 0, 5, _("Fine per item caught"))
        self.sheriff_penalty = slider(sheriff_penalty, 0, 5, _("Sheriff pays if cargo is clean"))
        return (
            self.max_bribe,
            self.max_items,
            self.rounds,
            self.item_value,
            self.item_penalty,
            self.sheriff_penalty,
        )

    def _build_outputs(self) -> None:
        """What the lab shows: the game's size, the equilibrium, the plot, the load buttons, Gambit's check."""
        self.size = lesson.html()
        self.summary = lesson.html()
        self.plot = Plot(_("Plot: both sides' equilibrium payoff for each fine per item"), "min(576px, 100%)")
        # buttons as wide as the longest "n items" in the page's language (80 px in English)
        longest = max(len(_items(n)) for n in range(5))
        self.load = lesson.toggles([(_items(0), 0)], 0, f"{max(80, 9 * longest + 16)}px")
        self.load.add_class("sn-load")
        self.heard = lesson.html(_dom_classes=["sn-heard"])
        self.gambit_button = lesson.button(_("Check with Gambit"), width="180px")
        self.gambit_result = lesson.html()
        self.gambit_button.on_click(self._check_with_gambit)

    def _boxes(self, sliders: tuple[widgets.IntSlider, ...], curious: widgets.Widget) -> list[widgets.Widget]:
        """The lab's boxes, top to bottom: parameters, equilibrium, the smuggler's try, plot, size."""
        return [
            kit.box(list(sliders), title=_("The game"), kicker=_("Parameters")),
            kit.box([self.summary], title=_("What both sides should do"), kicker=_("An equilibrium")),
            kit.box(
                [
                    lesson.label(
                        _(
                            "Pretend you are the smuggler. Pick what you load, and see what the "
                            "equilibrium tells you to offer in the last round:"
                        )
                    ),
                    self.load,
                    self.heard,
                ],
                title=_("Does the offer give the bag away?"),
                kicker=_("Try it"),
            ),
            kit.box([self.plot], title=_("Who gains as the fine grows"), kicker=_("Plot")),
            kit.box([self.size, curious], title=_("How big is the game?"), kicker=_("Size")),
        ]

    @property
    def params(self) -> bg.SheriffParams:
        return _params(*(w.value for w in self.sliders))

    @classmethod
    def first_params(cls) -> bg.SheriffParams:
        """The settings the lab opens with (its own defaults)."""
        return _params(*(p.default for p in list(inspect.signature(cls.__init__).parameters.values())[1:]))

    def _update(self, change=None):
        p = self.params
        self.tree = bg.build_tree(p)
        s = self.tree.size()
        ends = ngettext("<b>{n}</b> way the game can end.", "<b>{n}</b> ways the game can end.", s["terminals"]).format(
            n=s["terminals"]
        )
        grow = _("Each extra bargaining round multiplies them by {factor}.").format(factor=2 * (p.max_bribe + 1))
        smuggler, sheriff = _("Smuggler"), _("Sheriff")
        told, plans = _("situations a player can tell apart"), _("different plans of moves")
        self.size.value = (
            f'<div class="sn-text"><table class="sn-grid"><tr><th></th><th>{smuggler}</th><th>{sheriff}</th></tr>'
            f'<tr><th>{told}</th><td class="num">{s["infosets"][0]}</td>'
            f'<td class="num">{s["infosets"][1]}</td></tr>'
            f'<tr><th>{plans}</th><td class="num">{s["sequences"][0]}</td>'
            f'<td class="num">{s["sequences"][1]}</td></tr></table>'
            f"{ends} {grow}</div>"
        )
        self.solution = _solve_cached(p, self.tree)
        lines = bg.explain(self.solution)
        worst, best = _one_round_range(p)
        lo, hi = worst.payoffs[0], best.payoffs[0]
        if lo == hi:
            lines.append(
                _("In the one-round game every equilibrium gives the smuggler {value}.").format(value=_num(lo))
            )
        else:
            lines.append(
                _(
                    "There is more than one equilibrium: in the one-round game the smuggler gets between "
                    "{low} and {high} depending on which one is played."
                ).format(low=_num(lo), high=_num(hi))
            )
        lines.append(
            ngettext(
                "Neither side can do better by changing his plan alone (checked on all {n} way the game can end).",
                "Neither side can do better by changing his plan alone (checked on all {n} ways the game can end).",
                s["terminals"],
            ).format(n=s["terminals"])
        )
        self.text = "\n".join(lines)
        items = "".join(f"<li>{escape(t)}</li>" for t in lines)
        self.summary.value = f'<div class="sn-result"><ul style="margin:4px 0;padding-left:20px">{items}</ul></div>'
        self.one_round = self.solution if p.num_rounds == 1 else _solve_cached(replace(p, num_rounds=1))
        keep = self.load.value if self.load.value <= p.max_items else 0
        self.load.unobserve(self._show_offer, names="value")
        self.load.options = [(_items(n), n) for n in range(p.max_items + 1)]
        self.load.value = keep
        self.load.observe(self._show_offer, names="value")
        self._show_offer()
        self.plot.show(_fine_png(p, get_language()))
        self.gambit_result.value = ""

    def _show_offer(self, change=None):
        """The equilibrium's last offer for the chosen load, beside the offers for every other load."""
        offers, inspect = bg.final_offers(self.one_round), bg.inspect_chance(self.one_round)

        def say(dist) -> str:
            return _(" or ").join(bg.gold(b) + ("" if q == 1 else f" ({bg.share(q)})") for b, q in sorted(dist.items()))

        made = bg.loads_made(self.one_round)  # the loads the equilibrium smuggler uses
        n = self.load.value
        mine = say(offers[n])
        unused = _("(never loaded in equilibrium)")
        rows = "".join(
            f"<tr{' class=sn-win' if m == n else ''}><td>{_items(m)}"
            f"{'' if m in made else ' <i>' + escape(unused) + '</i>'}</td><td>{escape(say(offers[m]))}</td></tr>"
            for m in sorted(offers)
        )
        same = len({tuple(sorted(offers[m].items())) for m in made}) == 1
        self.offer_text = ngettext(
            "With {n} item loaded, you offer {offer}.", "With {n} items loaded, you offer {offer}.", n
        ).format(n=n, offer=mine)
        if same:
            verdict = _(
                "The Sheriff hears <b>{offer}</b> whatever is in the bag, so the offer tells him "
                "nothing: he inspects {share} of the time, by the odds alone."
            ).format(offer=escape(say(offers[made[0]])), share=bg.share(inspect[next(iter(offers[made[0]]))]))
        else:
            verdict = _(
                "Here the offer differs with the load, so the Sheriff learns something from it; "
                "he answers each offer with his own chance of inspecting."
            )
        if n not in made:
            verdict = (
                ngettext(
                    "The equilibrium smuggler never loads {n} item: it gains him less than the loads he does "
                    "use. Had he loaded it, this would be his best offer against the Sheriff's answers.",
                    "The equilibrium smuggler never loads {n} items: they gain him less than the loads he does "
                    "use. Had he loaded them, this would be his best offer against the Sheriff's answers.",
                    n,
                ).format(n=n)
                + " "
                + verdict
            )
        loaded, last = _("loaded"), _("last offer")
        self.heard.value = (
            f'<div class="sn-result"><b class="sn-big">{escape(self.offer_text)}</b><br>{verdict}'
            f'<table class="sn-grid"><tr><th>{loaded}</th><th>{last}</th></tr>'
            f"{rows}</table></div>"
        )

    def _check_with_gambit(self, _button=None):
        terminals = len(self.tree.payoff)
        if terminals > self.MAX_CHECKED_TERMINALS:
            self.gambit_result.value = '<div class="sn-text">{}</div>'.format(
                _("Too large for a quick check ({n} endings; Gambit's solver is fast up to about {limit}).").format(
                    n=terminals, limit=self.MAX_CHECKED_TERMINALS
                )
            )
            return
        try:
            from sheriff.theory import gambit

            behavior, payoffs, _rest = gambit.lcp_equilibrium(self.tree, rational=True)
        except ImportError:
            self.gambit_result.value = '<div class="sn-text">{}</div>'.format(_("pygambit is not installed."))
            return
        found = (
            _("Gambit (sequence-form Lemke) finds payoffs smuggler {smuggler}, Sheriff {sheriff}: the same payoffs.")
            if tuple(payoffs) == tuple(self.solution.payoffs)
            else _(
                "Gambit (sequence-form Lemke) finds payoffs smuggler {smuggler}, Sheriff {sheriff}: another "
                "equilibrium."
            )
        )
        regrets = bg.regrets(self.tree, behavior)
        checked = _("Our checker finds regrets {first} and {second}.").format(
            first=_num(regrets[0]), second=_num(regrets[1])
        )
        self.gambit_result.value = (
            f'<div class="sn-text">{found.format(smuggler=_num(payoffs[0]), sheriff=_num(payoffs[1]))} {checked}</div>'
        )


def _params(
    max_bribe: int, max_items: int, rounds: int, item_value: int, item_penalty: int, sheriff_penalty: int
) -> bg.SheriffParams:
    """Lab 31's settings, in the order of its sliders (and of its own arguments)."""
    return bg.SheriffParams(
        item_penalty=item_penalty,
        item_value=item_value,
        sheriff_penalty=sheriff_penalty,
        max_bribe=max_bribe,
        max_items=max_items,
        num_rounds=rounds,
    )


# What lab 31 works out, kept for every later page with the same settings.  The fork server seeds
# them with the lab's first answers (``first_answers``): 1 s of CPU a learner's kernel otherwise.
_SOLVED: dict[bg.SheriffParams, bg.Solution] = {}
_RANGES: dict[bg.SheriffParams, tuple[bg.Solution, bg.Solution]] = {}
_FINE_PNGS: dict[tuple[bg.SheriffParams, str], bytes] = {}


def _solve_cached(p: bg.SheriffParams, tree: bg.GameTree | None = None) -> bg.Solution:
    """``bg.solve``, once per setting (``tree``: ``p``'s game tree, if the caller has built it)."""
    if p not in _SOLVED:
        _SOLVED[p] = bg.solve(p, tree)
    return _SOLVED[p]


def _one_round_range(p: bg.SheriffParams) -> tuple[bg.Solution, bg.Solution]:
    """The one-round game's equilibria worst and best for the smuggler."""
    p = replace(p, num_rounds=1)
    if p not in _RANGES:
        _RANGES[p] = bg.payoff_range(bg.build_tree(p))
    return _RANGES[p]


def first_answers() -> dict:
    """What lab 31 works out as it opens (its own settings), in every language: picklable (fractions,
    tuples, PNG bytes), for ``keep_answers`` in a process that must not import SciPy itself."""
    p = BribeBargainingLab.first_params()
    _solve_cached(p)
    _one_round_range(p)
    for lang in i18n.LANGUAGES:
        with i18n.language(lang):
            _fine_png(p, lang)
    return {"solved": _SOLVED, "ranges": _RANGES, "fine_pngs": _FINE_PNGS}


def keep_answers(answers: dict) -> None:
    _SOLVED.update(answers["solved"])
    _RANGES.update(answers["ranges"])
    _FINE_PNGS.update(answers["fine_pngs"])


def _fine_png(p: bg.SheriffParams, lang: str) -> bytes:
    """Both sides' equilibrium payoff (one round) for every fine per item from 0 to 5
    (labelled in ``lang``, the page's language: one plot kept per language)."""
    if (p, lang) not in _FINE_PNGS:
        _FINE_PNGS[p, lang] = _draw_fines(p)
    return _FINE_PNGS[p, lang]


def _draw_fines(p: bg.SheriffParams) -> bytes:
    from matplotlib.figure import Figure

    caps = list(range(0, 6))
    pay = [_solve_cached(replace(p, item_penalty=c, num_rounds=1)).payoffs for c in caps]
    fig = Figure(figsize=(6.4, 3.2), dpi=90)
    ax = fig.add_subplot()
    ax.plot(caps, [float(u[0]) for u in pay], "o-", color="#b71c1c", lw=2, label=_("smuggler"))
    ax.plot(caps, [float(u[1]) for u in pay], "s--", color="#1565c0", lw=2, label=_("Sheriff"))
    ax.axvline(float(p.item_penalty), color="#555", lw=1, ls=":")
    ax.annotate(
        _("your setting"),
        (float(p.item_penalty), ax.get_ylim()[0]),
        xytext=(4, 6),
        textcoords="offset points",
        fontsize=9,
        color="#333",
    )
    ax.axhline(0, color="#999", lw=0.8)
    ax.set_xticks(caps)
    ax.set_xlabel(_("fine per item caught (gold)"))
    ax.set_ylabel(_("average gain per game"))
    return _png(fig, ax)


def _png(fig, ax, drawn_legend: bool = True, **legend) -> bytes:
    """Finish a plot the same way everywhere (legend, grid) and return it as PNG bytes
    (no software tag, so the bytes are the same from run to run); ``legend``: where it goes, if not
    where it covers the least (``drawn_legend=False``: none, the page writes it beside the image)."""
    if drawn_legend:
        ax.legend(**{"fontsize": 8, "loc": "best", "frameon": False, **legend})
    ax.grid(alpha=0.25)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    return buf.getvalue()


def _items(n: int) -> str:
    return ngettext("{n} item", "{n} items", n).format(n=n)


def _num(q) -> str:
    """An exact value as it is (2, 3/4); a float to four significant digits in the page's language."""
    return str(q) if not isinstance(q, float) else decimal(float(f"{q:.4g}"), places=4, trim=True)
