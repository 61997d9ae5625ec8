"""Whole games and optional rules, played by the engine.

RoundsLab()       lesson 6: who is Sheriff each round and how long a game lasts
                  (a whole game played by the built-in bots, seeded)
VariantsLab()     lesson 8: switch optional rules on and off and deal a table
TimeLimitLab()    lesson 8: the Sheriff runs out of time with bags still waiting
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from sheriff import actions as A
from sheriff import events as E
from sheriff.bots import make_bots, play_game
from sheriff.cards import GOOD_IDS, good_id
from sheriff.engine import Game
from sheriff.i18n import N_, _, ngettext
from sheriff.practice import table_game
from sheriff.rules import default_black_market
from sheriff.widgets import kit, language, lesson
from sheriff.widgets.labs.round_lab import run_moves, steps_html
from sheriff.wording import goods_kind


class RoundsLab(kit.Lab):
    """A whole game by the bots: the Sheriff (or the Deputies) of every round, and the end."""

    def __init__(self, edition: str = "2E", players: int = 4, seed: int = 1):
        self.seed = seed
        self.players = lesson.toggles(
            [(ngettext("{n} player", "{n} players", n).format(n=n), n) for n in (3, 4, 5, 6)], players, "90px"
        )
        self.players.add_class("sn-players")
        self.players.add_class("sn-choice")
        self.again = lesson.button(_("Play another game"), icon="refresh", _dom_classes=["sn-again"])
        self.players.observe(lambda _: self.update(), names="value")
        self.again.on_click(lambda _: self.play_again())
        super().__init__(
            _("How long is a game?"),
            _(
                "The engine's bots play a whole game at the table you choose. "
                "Watch the Sheriff's role move round the table."
            ),
            [self.players, self.again],
            edition=edition,
            table=False,
            result_class="sn-rounds-result",
        )
        self.update()

    def play_again(self) -> None:
        self.seed += 1
        self.update()

    def update(self) -> None:
        ed, n = self.edition_value, self.players.value
        rules, refusal = lesson.rules_refusal(ed, n)
        if rules is None:
            self.result.value = refusal
            self.rounds = None
            return
        game = Game(rules, seed=self.seed)
        play_game(game, make_bots(n, seed=self.seed))
        s = game.state
        rounds = [e.officials for e in s.events if isinstance(e, E.Round)]
        self.rounds = len(rounds)
        role = _("Deputies") if rules.deputies else _("Sheriff")
        rows = "".join(
            f"<tr><td class='num'>{i + 1}</td><td>{escape(and_names(s.names, off))}</td></tr>"
            for i, off in enumerate(rounds)
        )
        times = _(", ").join(_("{name} {k}×").format(name=_(s.names[p]), k=k) for p, k in enumerate(s.sheriff_turns))
        if rules.deputies:
            why = _(
                "Six players: two Deputies a round, drawn from a deck of six Deputy cards; after three rounds "
                "everyone has been a Deputy once and the deck is reshuffled. The game ends when the deck runs "
                "out the third time."
            )
        elif n == 3:
            why = _("Three players: everyone is Sheriff three times; the role passes to the left each round.")
        else:
            why = _("{n} players: everyone is Sheriff twice; the role passes to the left each round.").format(n=n)
        winners = and_names(s.names, s.winners or ())
        big = ngettext("{n} round", "{n} rounds", len(rounds)).format(n=len(rounds))
        game_no = _("(game #{seed}).").format(seed=self.seed)
        times_as = (_("Times as Deputies: {times}.") if rules.deputies else _("Times as Sheriff: {times}.")).format(
            times=times
        )
        won = _("Winner: {names}.").format(names=winners)
        round_ = _("Round")
        self.result.value = (
            f'<div class="sn-text"><div class="sn-result"><b class="sn-big sn-rounds">{escape(big)}</b> '
            f"{escape(game_no)} {escape(why)}<br>{escape(times_as)} {escape(won)}</div>"
            f'<table class="sn-grid"><tr><th>{escape(round_)}</th><th>{role}</th></tr>{rows}</table></div>'
            + lesson.rule_html("round.end", ed)
            + (lesson.rule_html("deputies.round", ed) if rules.deputies else "")
        )


def and_names(names, players) -> str:
    """'Ann and Ben': players' names (each in the page's language) joined as the page's language joins two."""
    shown = [_(names[p]) for p in players]
    if len(shown) < 2:
        return "".join(shown)
    return _("{items} and {last}").format(items=_(", ").join(shown[:-1]), last=shown[-1])


VARIANTS = [
    ("royal_goods", N_("Royal Goods")),
    ("time_limit", N_("Inspection time limit")),
    ("remove_ten", N_("Remove 10 cards")),
    ("seven_card_hand", N_("Seven-card hand")),
    ("black_market", N_("Black Market (2nd edition)")),
]


class VariantsLab(kit.Lab):
    """Switch the optional rules on and off: the engine deals the table or says why not."""

    def __init__(self, edition: str = "2E", players: int = 4, seed: int = 3):
        self.seed = seed
        edition_toggle = kit.edition_toggle(edition)
        self.players = widgets.Dropdown(
            options=[3, 4, 5, 6], value=players, description=_("Players:"), layout=widgets.Layout(width="160px")
        )
        self.players.add_class("sn-players")
        self.toggles = {
            k: widgets.Checkbox(value=False, description=_(label), indent=False, layout=widgets.Layout(width="230px"))
            for k, label in VARIANTS
        }
        for k, w in self.toggles.items():
            w.add_class(f"sn-variant-{k}")
        super().__init__(
            _("Optional rules"),
            _("Tick any combination: the engine builds the game, or refuses a combination the rules do not allow."),
            [
                lesson.row([edition_toggle, self.players], flex_flow="row wrap"),
                lesson.row(self.toggles.values(), flex_flow="row wrap"),
            ],
            table=False,
            result_class="sn-variants-result",
        )
        self.edition = edition_toggle
        for w in [self.edition, self.players, *self.toggles.values()]:
            w.observe(lambda _: self.update(), names="value")
        self.update()

    def update(self) -> None:
        ed, n = self.edition_value, self.players.value
        on = {k: w.value for k, w in self.toggles.items()}
        rules, refusal = lesson.rules_refusal(ed, n, **on)
        if rules is None:
            self.result.value = refusal
            return
        facts = _setup_facts(rules, Game(rules, seed=self.seed).state)
        said = _("{rules}: {facts}.").format(rules=rules.describe(), facts=_("; ").join(facts))
        self.result.value = f'<div class="sn-result">{escape(said)}</div>' + _variant_notes(rules, on, ed)


def _setup_facts(rules, s) -> list[str]:
    """The game's setup in numbers: hand, draw pile, deck, box, time limit, officials, piles, rounds."""
    facts = [
        ngettext("{n} card in each hand", "{n} cards in each hand", rules.hand_size).format(n=rules.hand_size),
        ngettext("{n} card in the draw pile", "{n} cards in the draw pile", len(s.deck)).format(n=len(s.deck)),
        ngettext("{n} card in the deck", "{n} cards in the deck", sum(s.composition)).format(n=sum(s.composition)),
    ]
    if rules.remove_ten:
        facts.append(
            ngettext("{n} card back in the box, unseen", "{n} cards back in the box, unseen", sum(s.box)).format(
                n=sum(s.box)
            )
        )
    if rules.time_limit:
        minutes = rules.inspection_seconds // 60
        facts.append(
            ngettext(
                "{n} minute for each Inspection (one per merchant)",
                "{n} minutes for each Inspection (one per merchant)",
                minutes,
            ).format(n=minutes)
        )
    if rules.deputies:
        facts.append(_("two Deputies instead of a Sheriff"))
    if rules.black_market:
        piles = _(", ").join(
            _("{good} {top} / {second}").format(good=goods_kind(good_id(p.good)), top=p.values[0], second=p.values[1])
            for p in rules.black_market_piles
        )
        facts.append(_("Black Market piles: {piles}").format(piles=piles))
    facts.append(ngettext("{n} round", "{n} rounds", rules.rounds).format(n=rules.rounds))
    return facts


def _variant_notes(rules, on: dict[str, bool], ed: str) -> str:
    """The rule boxes of the variants switched on, and the Black Market's assumption."""
    rule_ids = {
        "royal_goods": "royal.goods",
        "time_limit": "variant.time_limit",
        "remove_ten": "variant.remove10",
        "seven_card_hand": "variant.seven_cards",
        "black_market": "black_market.cards",
    }
    boxes = "".join(lesson.rule_html(rule_ids[k], ed) for k, v in on.items() if v)
    assume = ""
    if rules.black_market:
        assume = (
            '<div class="sn-assume">'
            + _(
                "<b>ASSUMPTION, not the rulebook:</b> the Black Market "
                "cards' goods and values are printed on the cards, not in the "
                "rules text. The numbers above are the tutor's default "
                "placeholders; use your own cards' values."
            )
            + "</div>"
        )
    return assume + boxes


class TimeLimitLab(kit.Lab):
    """Three bags wait; the Sheriff deals with some, then time runs out."""

    def __init__(self, edition: str = "2E"):
        edition_toggle = kit.edition_toggle(edition)
        self.timed = widgets.Checkbox(
            value=True, description=_("playing with the time limit"), indent=False, _dom_classes=["sn-timed"]
        )
        self.first = widgets.Dropdown(
            options=[
                (_("opens the first bag"), "open"),
                (_("lets the first bag pass"), "pass"),
                (_("does nothing yet"), "none"),
            ],
            value="open",
            tooltip=_("Before time runs out, the Sheriff"),
            layout=widgets.Layout(width="200px"),
        )
        before = _("Before time runs out, the Sheriff")
        super().__init__(
            _("Time is up!"),
            _(
                "With the time limit, bags the Sheriff has not dealt with when time "
                "runs out go through without a bribe."
            ),
            [
                lesson.row([edition_toggle, self.timed], flex_flow="row wrap"),
                lesson.row(
                    [lesson.html(f'<div class="sn-zone">{escape(before)}</div>'), self.first], flex_flow="row wrap"
                ),
            ],
            result_class="sn-time-result",
        )
        self.edition = edition_toggle
        for w in (self.edition, self.timed, self.first):
            w.observe(lambda _: self.update(), names="value")
        self.update()

    def update(self) -> None:
        ed = self.edition_value
        apples = GOOD_IDS["apples"]
        vec = kit.goods
        game = table_game(
            ed,
            {1: vec(apples=2, pepper=1), 2: vec(silk=2), 3: vec(apples=3)},
            {1: (apples, 3), 2: (apples, 2), 3: (apples, 3)},
            time_limit=self.timed.value,
        )
        before = game.state.copy()
        choices: dict[str, list[A.Action]] = {"open": [A.Inspect(0, 1)], "pass": [A.Pass(0, 1)], "none": []}
        moves = choices[self.first.value]
        waiting = game.copy()
        for a in moves:
            if waiting.why_illegal(a) is None:
                waiting.push(a)
        steps = run_moves(game, moves + [A.TimeUp(0)])
        self.result.value = steps_html(steps, game.names) + lesson.rule_html("variant.time_limit", ed)
        when = _("The table when time runs out:")
        self.table.value = f'<div class="sn-text sn-zone"><b>{escape(when)}</b></div>' + lesson.table_html(
            waiting.state, before, piles=False, show_hands=False
        )


def black_market_assumption() -> widgets.HTML:
    """The shipped Black Market piles, labelled as the assumption they are."""
    rows = "".join(
        f"<tr><td>{escape(goods_kind(good_id(p.good)))}</td><td class='num'>{p.values[0]}</td>"
        f"<td class='num'>{p.values[1]}</td></tr>"
        for p in default_black_market()
    )
    head = "".join(f"<th>{escape(c)}</th>" for c in (_("Pile"), _("Top card"), _("Second card")))
    return lesson.html(
        '<div class="sn-text sn-assume">'
        + _(
            "<b>ASSUMPTION: these numbers are not from the rulebook.</b> The 2nd edition says there are six Black "
            "Market cards in three piles of two, one pile per kind of contraband, the higher value on top; which "
            "kinds and which values are printed only on the cards. The tutor uses these placeholders, chosen so "
            "that a claim is worth more than the three cards turned in:"
        )
        + f'<table class="sn-grid"><tr>{head}</tr>'
        + rows
        + "</table>"
        + _('Playing with real cards? Type their values into the <a href="{href}">score calculator</a>.').format(
            href=language.link("11_score_calculator.ipynb")
        )
        + "</div>"
        + kit.css()
    )


__all__ = ["RoundsLab", "VariantsLab", "TimeLimitLab", "black_market_assumption"]
