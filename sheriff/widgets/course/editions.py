"""Lesson 9: where the 1st and 2nd editions differ, each difference shown by the engine.

    EditionsView()    the differences table; pick a row (or "Next difference") and the
                      engine plays the same situation under both editions, side by side.

A demonstration is a small function ``demo(edition) -> (headline, detail HTML)`` that
builds a position and lets the engine act; it never states the rule itself.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from sheriff import actions as A
from sheriff.actions import Bribe
from sheriff.cards import GOOD_IDS, N_GOODS
from sheriff.engine import Game
from sheriff.i18n import N_, _, ngettext
from sheriff.narration import narrate
from sheriff.phases.rounds import reshuffle
from sheriff.practice import table_game
from sheriff.widgets import kit, lesson
from sheriff.widgets.course.calculator import presets, score_table
from sheriff.widgets.course.setup_view import COINS

_vec = kit.goods


def _refusal_or(game, action, ok: str) -> tuple[str, str]:
    err = game.why_illegal(action)
    if err is not None:
        return _("Refused"), lesson.refusal_html(err)
    before = game.state.copy()
    events = game.push(action)
    lines = narrate(action, events, before, game.state)
    return ok, "<ul>" + "".join(f"<li>{escape(x)}</li>" for x in lines) + "</ul>"


def demo_players(ed):
    rules, refusal = lesson.rules_refusal(ed, 6)
    if rules is None:
        return _("No six-player game"), refusal
    g = Game(rules, seed=1)
    a, b = (_(g.names[p]) for p in g.state.officials)
    said = _("The engine deals a six-player game with two Deputies: {first} and {second}.").format(first=a, second=b)
    return _("Six players: allowed"), f'<div class="sn-zone">{escape(said)}</div>'


def demo_coins(ed):
    c = COINS[ed]
    coins = _(", ").join(f"{n} × {v}" for v, n in c["coins"])
    said = _("{coins} gold.").format(coins=coins)
    return (
        ngettext("{n} coin", "{n} coins", c["total"]).format(n=c["total"]),
        f'<div class="sn-zone">{escape(said)}</div>',
    )


def demo_setup(ed):
    s = Game(lesson.rules_refusal(ed, 4)[0], seed=2).state
    if s.edition1:
        return _("Two discard piles of 5"), lesson.piles_html(s)
    return _("No discard pile yet"), lesson.piles_html(s)


def demo_market_order(ed):
    g = Game(lesson.rules_refusal(ed, 4)[0], seed=2)
    s = g.state
    if s.phase == "market_start":
        said = _("The game opens with the Sheriff ({sheriff}) choosing who starts the Market.").format(
            sheriff=_(s.names[s.officials[0]])
        )
        return _("The Sheriff picks"), f'<div class="sn-zone">{escape(said)}</div>'
    said = _("The first Market turn belongs to {merchant}, left of the Sheriff ({sheriff}).").format(
        merchant=_(s.names[g.to_act]), sheriff=_(s.names[s.officials[0]])
    )
    return _("From the Sheriff's left"), f'<div class="sn-zone">{escape(said)}</div>'


def demo_market_draw(ed):
    g = Game(lesson.rules_refusal(ed, 4)[0], seed=2)
    s = g.state
    if s.phase == "market_start":
        g.push(A.ChooseStart(s.officials[0], s.order[0]))
    p = g.to_act
    card = next(c for c in range(N_GOODS) if s.hands[p][c])
    return _refusal_or(g, A.Market(p, (card,), (0,), 0), _("Takes from a discard pile"))


def demo_confiscated(ed):
    g = table_game(ed, {1: _vec(apples=1, silk=1)}, {1: (GOOD_IDS["apples"], 2)})
    return _refusal_or(g, A.Inspect(0, 1, pile=1), _("Onto the pile the Sheriff picks"))


def demo_reshuffle(ed):
    s = Game(lesson.rules_refusal(ed, 4)[0], seed=2).state.copy()
    # Empty the draw pile onto the discard pile(s) to force a reshuffle.
    half = len(s.deck) // len(s.discards)
    for k, pile in enumerate(s.discards):
        pile.extend(s.deck[k * half : (k + 1) * half])
    s.deck = []
    before = [len(p) for p in s.discards]
    reshuffle(s)
    after = [len(p) for p in s.discards]
    if len(after) > 1:
        head = _("{shuffled} reshuffled, {kept} stay on the discard piles")
        said = ngettext(
            "Discard piles before: {before}; after: {after}; new draw pile: {n} card.",
            "Discard piles before: {before}; after: {after}; new draw pile: {n} cards.",
            len(s.deck),
        )
    else:
        head = _("{shuffled} reshuffled, {kept} stay on the discard pile")
        said = ngettext(
            "Discard pile before: {before}; after: {after}; new draw pile: {n} card.",
            "Discard pile before: {before}; after: {after}; new draw pile: {n} cards.",
            len(s.deck),
        )
    return (
        head.format(shuffled=len(s.deck), kept=sum(after)),
        f'<div class="sn-zone">{said.format(before=before, after=after, n=len(s.deck))}</div>',
    )


def demo_bribe_gold(ed):
    g = table_game(ed, {1: _vec(silk=1)}, {1: (GOOD_IDS["apples"], 1)}, gold={1: 5})
    g.push(A.Threaten(0, 1))
    return _refusal_or(g, A.Offer(1, 1, Bribe(gold=9)), _("Promises 9 gold"))


def demo_void(ed):
    g = table_game(ed, {1: _vec(apples=2)}, {1: (GOOD_IDS["apples"], 2)})
    g.push(A.Threaten(0, 1))
    g.push(A.Offer(1, 1, Bribe(gold=2, bag=(GOOD_IDS["silk"],))))
    return _refusal_or(g, A.Accept(0, 1), _("The missing Silk is not owed"))


def demo_tie(ed):
    names, stands, gold, bm, _royal = presets()["Tie on everything: shared victory"]
    html, _scores, _winners = score_table([_(x) for x in names], stands, gold, bm)
    note = (
        ""
        if ed == "2E"
        else '<div class="sn-interp">'
        + _(
            "Interpretation: the 1st edition stops after the contraband tie-breaker; "
            "the engine then shares the victory, as the 2nd edition says."
        )
        + "</div>"
    )
    return _("Shared victory"), html + note


def demo_options(ed):
    rules, refusal = lesson.rules_refusal(ed, 4, black_market=True)
    if rules is None:
        return _("No Black Market"), refusal
    return _("Black Market available"), (
        '<div class="sn-zone">' + _("The engine builds a 2nd-edition game with the Black Market.") + "</div>"
    )


ROWS = [
    (N_("Players"), N_("3 to 5"), N_("3 to 6 (six with two Deputies)"), demo_players, "setup.players"),
    (N_("Coins in the box"), "110", "133", demo_coins, "setup.deal"),
    (
        N_("Piles at setup"),
        N_("draw pile and two face-up discard piles of 5"),
        N_("draw pile only"),
        demo_setup,
        "setup.deck",
    ),
    (
        N_("Who starts the Market"),
        N_("the player left of the Sheriff"),
        N_("a merchant the Sheriff picks"),
        demo_market_order,
        "market.start",
    ),
    (
        N_("Drawing in the Market"),
        N_("from the top of either discard pile first, then the draw pile"),
        N_("from the deck only"),
        demo_market_draw,
        "market.draw_2e",
    ),
    (
        N_("Confiscated goods"),
        N_("on either discard pile, the Sheriff's choice"),
        N_("on the discard pile"),
        demo_confiscated,
        "inspect.confiscate_pile",
    ),
    (
        N_("Reshuffling"),
        N_("all but the top 5 cards of each discard pile"),
        N_("the whole discard pile"),
        demo_reshuffle,
        "market.reshuffle",
    ),
    (
        N_("Gold in a bribe"),
        N_("only gold you have (in Running out of Gold)"),
        N_("said outright: never more than you have"),
        demo_bribe_gold,
        "bribe.gold",
    ),
    (
        N_("Promised goods that are not there"),
        N_("not owed"),
        N_("not owed, but bag and stand are shown as proof"),
        demo_void,
        "deal.void_goods",
    ),
    (N_("Still tied after the tie-breakers"), N_("not covered"), N_("shared victory"), demo_tie, "score.tiebreak"),
    (
        N_("Optional rules"),
        N_("Royal Goods, time limit, remove 10, seven-card hand"),
        N_("the same, plus the 6th player (Deputies) and the Black Market"),
        demo_options,
        "variant.edition",
    ),
]


class EditionsView(kit.Frame):
    def __init__(self, row: int = 0):
        super().__init__()
        table = "".join(
            f"<tr><td><b>{escape(_(t))}</b></td><td>{escape(_(a))}</td><td>{escape(_(b))}</td></tr>"
            for t, a, b, *_rest in ROWS
        )
        head = "".join(f"<th>{escape(c)}</th>" for c in (_("Topic"), _("1st edition"), _("2nd edition")))
        self.summary = lesson.html(f'<div class="sn-text"><table class="sn-grid"><tr>{head}</tr>{table}</table></div>')
        self.pick = widgets.Dropdown(
            options=[(_(t), i) for i, (t, *_rest) in enumerate(ROWS)],
            value=row,
            description=_("Show:"),
            layout=widgets.Layout(width="420px", max_width="100%"),
        )
        self.pick.add_class("sn-topic")
        self.next_button = lesson.button(_("Next difference ▶"), _dom_classes=["sn-next-topic"])
        self.result = lesson.html(_dom_classes=["sn-editions-result"])
        lesson.bench(self.next_button, self.result)
        self.pick.observe(lambda _: self.update(), names="value")
        self.next_button.on_click(lambda _: self.step())
        self.body(
            kit.kicker_html(_("The differences")),
            self.summary,
            kit.kicker_html(_("The engine plays the same situation under each edition")),
            lesson.row([self.pick, self.next_button], flex_flow="row wrap"),
            self.result,
        )
        self.update()

    def step(self) -> None:
        self.pick.value = (self.pick.value + 1) % len(ROWS)

    def update(self) -> None:
        title, a, b, demo, rule_id = ROWS[self.pick.value]
        cols = []
        self.headlines = {}
        for ed, said in (("1E", a), ("2E", b)):
            head, detail = demo(ed)
            self.headlines[ed] = head
            book = _("Rulebook: {said}").format(said=_(said))
            cols.append(
                f'<td style="width:50%"><div class="sn-zone">{escape(book)}</div>'
                f'<div class="sn-result"><b class="sn-headline">{escape(head)}</b></div>{detail}</td>'
            )
        first = _("1st edition: {topic}").format(topic=_(title))
        second = _("2nd edition: {topic}").format(topic=_(title))
        self.result.value = (
            f'<div class="sn-text"><table class="sn-grid" style="width:100%"><tr><th>{escape(first)}'
            f"</th><th>{escape(second)}</th></tr><tr>{''.join(cols)}"
            f"</tr></table>{lesson.rule_html(rule_id)}</div>"
        )

    @property
    def text(self) -> str:
        return lesson.plain(self.result.value)


__all__ = ["EditionsView", "ROWS"]
