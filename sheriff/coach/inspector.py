"""Advice for the Sheriff (or a Deputy): how likely each bag is to hide contraband, and
what opening it, passing it or asking for gold is worth."""

from __future__ import annotations

from dataclasses import dataclass, replace

from sheriff import actions as A
from sheriff.cards import GOODS
from sheriff.coach.advice import LESSON_30, Advice, Option, decimal, gold_text, points_text
from sheriff.coach.odds import BagGuess, fraction_text, smuggle_chance
from sheriff.coach.public import Table, read_table
from sheriff.i18n import N_, _, ngettext
from sheriff.views import SeatView
from sheriff.wording import cap, good_count, good_name

SMUGGLERS_WHO_PAY = 0.7  # assumed share of smugglers who pay a fair price rather than be opened

SHERIFF_MODEL = N_(
    "The coach guesses whether a bag hides contraband from public facts only: its size and declaration, "
    "how likely an honest merchant is to hold that many of the declared good (counting the cards you "
    "cannot see), the cards that merchant set aside or took in the Market, and how many of their bags "
    "turned out honest or not this game. Before any such history it starts from the inspection game's "
    "balance point, where smuggling and honesty pay the same (lesson 30). It counts the gold you would "
    "win or pay, plus a rival's loss as 1 part in (players - 1), and assumes about {share} "
    "in 10 smugglers pay a fair price when asked. This is advice, not a rule."
)


def sheriff_model() -> str:
    """``SHERIFF_MODEL`` in the page's language, with its figure."""
    return _(SHERIFF_MODEL).format(share=round(SMUGGLERS_WHO_PAY * 10))


@dataclass(frozen=True)
class BagOdds:
    """The Sheriff's figures for one bag in the situation at hand, computed once (``bag_odds``): the
    advice, the warnings and the page all quote ``chance``, which already counts a refusal to pay."""

    merchant: int
    guess: BagGuess
    open_gain: float  # at ``chance``
    ask: int
    ask_gain: float
    chance: float  # the chance of contraband now: ``guess.smuggle``, or less once the merchant refused to pay
    refused: bool = False
    honest_paid: int = 0  # what this seat pays if the bag is honest: its half when two Deputies open it
    may_halve: bool = False  # six players: the other Deputy has not spoken, and joining would halve it


def paid_text(o: BagOdds) -> str:
    """'6 gold', or '6 gold, or 3 gold if the other Deputy also asks to inspect': what this seat pays
    for an honest bag (2E, 6th Player Rule: Inspection: two Deputies pay half each)."""
    if o.may_halve:
        return _("{gold}, or {half} if the other Deputy also asks to inspect").format(
            gold=gold_text(o.honest_paid), half=gold_text(o.honest_paid - o.honest_paid // 2)
        )
    return gold_text(o.honest_paid)


def _open_gain(v: SeatView, g: BagGuess, p: float, paid: int) -> float:
    rival = 1 / max(1, v.n - 1)
    return p * (g.expected_fine + rival * g.expected_lost) - (1 - p) * paid


def worth_text(x: float) -> str:
    """'a gain of about 3.5 points' / 'a loss of about 2.0 points' (gold counts as points, a rival's loss
    counted in part; always one decimal, so Ukrainian's fraction form fits every figure)."""
    return (
        _("a gain of about {points} points").format(points=decimal(x))
        if x >= 0
        else _("a loss of about {points} points").format(points=decimal(-x))
    )


def after_refusal(p: float) -> float:
    """The chance of contraband once the merchant has refused to pay (smugglers pay more often)."""
    lie = p * (1 - SMUGGLERS_WHO_PAY)
    return lie / (lie + 1 - p) if lie + 1 - p > 0 else 0.0


def refused(v: SeatView, m: int) -> bool:
    """Has merchant ``m`` just refused to pay (the Sheriff's answer is due)?"""
    nego = v.negotiation()
    return nego is not None and nego.merchant == m and nego.offer is None and nego.by == m


def bag_odds(v: SeatView, m: int, table: Table | None = None) -> BagOdds:
    """The figures for ``m``'s bag as things stand for ``v.seat`` (one computation per situation)."""
    table = table or read_table(v)
    g = smuggle_chance(v, table, m)
    no = refused(v, m)
    p = round(after_refusal(g.smuggle) if no else g.smuggle, 3)  # the figure stated, and the one computed with
    ask = min(v.gold(m), int(g.expected_fine + g.expected_lost // 2))
    paid, unsure = v.honest_share(m, g.honest_penalty)  # the engine's split between two Deputies
    pay = p * SMUGGLERS_WHO_PAY
    ask_gain = pay * ask + (1 - pay) * max(0.0, _open_gain(v, g, after_refusal(p), paid))
    return BagOdds(m, g, _open_gain(v, g, p, paid), ask, ask_gain, p, no, paid, unsure)


def ask_value(o: BagOdds, price: int) -> float:
    """What naming ``price`` is worth in the coach's model: a smuggler pays up to the coach's own price
    (asking more wins nothing more), and a refusal leaves the bag to open."""
    return o.ask_gain if price >= o.ask else o.ask_gain - o.chance * SMUGGLERS_WHO_PAY * (o.ask - price)


def _numbers(o: BagOdds) -> dict[str, float]:
    g = o.guess
    out = {"smuggle_chance": round(o.chance, 3)}
    if o.refused:
        out["smuggle_chance_before_refusal"] = round(g.smuggle, 3)
    return out | {
        "prior": round(g.prior, 3),
        "equilibrium_smuggle": round(g.equilibrium_smuggle, 3),
        "honest_possible": round(g.honest_possible, 3),
        "honest_bags": g.honest_bags,
        "smuggled_bags": g.smuggled_bags,
        "expected_fine": round(g.expected_fine, 2),
        "honest_penalty": o.honest_paid,
        "gain_open": round(o.open_gain, 2),
        "gain_pass": 0,
        "gain_ask": round(o.ask_gain, 2),
        "ask": o.ask,
    }


def _why(v: SeatView, o: BagOdds) -> str:
    g = o.guess
    who = v.names[o.merchant]
    decl = v.declared(o.merchant)
    assert decl is not None
    parts = [
        _("{merchant} declares {declared}; the coach puts the chance of contraband at {chance}.").format(
            merchant=who, declared=good_count(decl[0], decl[1]), chance=fraction_text(o.chance)
        )
    ]
    if o.refused:
        parts.append(
            _(
                "That counts {merchant}'s refusal to pay: smugglers pay more often than honest merchants, "
                "so before it the chance was {chance}."
            ).format(merchant=who, chance=fraction_text(g.smuggle))
        )
    if g.honest_bags + g.smuggled_bags:
        parts.append(
            _("This game {merchant} has shown {honest} honest and {dishonest} dishonest bags.").format(
                merchant=who, honest=g.honest_bags, dishonest=g.smuggled_bags
            )
        )
    else:
        parts.append(
            _(
                "With no history yet, it starts from the inspection game's balance point "
                "(there, {chance} such bags hide contraband)."
            ).format(chance=fraction_text(g.equilibrium_smuggle))
        )
    parts.append(
        _("The chance that an honest merchant holds that many {goods} is {chance}.").format(
            goods=good_name(decl[0]), chance=fraction_text(g.honest_possible)
        )
    )
    if g.set_aside_declared:
        parts.append(
            ngettext(
                "{merchant} set aside {n} of them in the Market, which an honest collector rarely does.",
                "{merchant} set aside {n} of them in the Market, which an honest collector rarely does.",
                g.set_aside_declared,
            ).format(merchant=who, n=g.set_aside_declared)
        )
    return " ".join(cap(part) for part in parts)  # a name or a word from data may open a sentence


def _advise_bag(v: SeatView, m: int) -> Advice:
    """The Sheriff takes up ``m``'s bag: open, pass, or ask for gold."""
    me = v.seat
    bound = v.bound(m)
    if bound is not None:
        move = A.Inspect(me, m) if bound == "inspect" else A.Pass(me, m)
        word = (
            _("Keep your word: a deal you struck this round says this bag is opened.")
            if bound == "inspect"
            else _("Keep your word: a deal you struck this round says this bag is let through.")
        )
        return Advice(move, word, {}, (), sheriff_model())
    o = bag_odds(v, m)
    nums = _numbers(o)
    chance = fraction_text(o.chance)
    opts = (
        Option(
            A.Inspect(me, m),
            _(
                "Open it: the chance of contraband is {chance}, so you can expect {worth} (a fine of about "
                "{fine} if it hides something; if it is honest, you pay {paid})."
            ).format(
                chance=chance,
                worth=worth_text(o.open_gain),
                fine=gold_text(round(o.guess.expected_fine)),
                paid=paid_text(o),
            ),
            {"gain": nums["gain_open"]},
        ),
        Option(
            A.Pass(me, m),
            _(
                "Let it through: with a chance of contraband of {chance}, opening it is worth {worth} "
                "to you (if it is honest, you pay {paid})."
            ).format(chance=chance, worth=worth_text(o.open_gain), paid=paid_text(o)),
            {"gain": 0},
        ),
        Option(
            A.Offer(me, m, A.Bribe(gold=o.ask)) if o.ask > 0 else A.Threaten(me, m),
            _(
                "Ask for {gold}: the chance of contraband is {chance}, so you can expect {worth}, since a "
                "smuggler often pays and you can still open the bag if the merchant refuses."
            ).format(gold=gold_text(o.ask), chance=chance, worth=worth_text(o.ask_gain)),
            {"gain": nums["gain_ask"]},
        ),
    )
    best = max(opts, key=lambda op: (op.numbers["gain"], -opts.index(op)))
    if best.numbers["gain"] <= 0.25:
        best = opts[1]
    return Advice(best.move, best.sentence, nums, opts, sheriff_model(), LESSON_30, _why(v, o))


def _advise_reply(v: SeatView, m: int, offer) -> Advice:
    """The merchant refused (``offer`` None) or offered something: take it, open, or let go."""
    me = v.seat
    o = bag_odds(v, m)  # after a refusal its chance already counts it
    nums = _numbers(o)
    why = _why(v, o)
    if offer is None:
        p, gain = o.chance, o.open_gain
        if gain > 0:
            return Advice(
                A.Inspect(me, m),
                _(
                    "Open it: even after the refusal the chance of contraband is {chance}, "
                    "and opening promises you {worth}."
                ).format(chance=fraction_text(p), worth=worth_text(gain)),
                nums,
                (),
                sheriff_model(),
                LESSON_30,
                why,
            )
        return Advice(
            A.Pass(me, m),
            _(
                "Let it through: after the refusal the chance of contraband is {chance}, so opening "
                "it is worth {worth} to you (if it is honest, you pay {paid})."
            ).format(chance=fraction_text(p), worth=worth_text(gain), paid=paid_text(o)),
            nums,
            (),
            sheriff_model(),
            LESSON_30,
            why,
        )
    worth = offer.gold + sum(GOODS[c].value for c in offer.stand) + sum(GOODS[c].value for c in offer.bag)
    nums["offered"] = worth
    take = worth >= o.open_gain and m not in v.must_inspect()
    says = (
        _(
            "Take it: {offered} is at least what opening promises you ({worth}, with a chance of "
            "contraband of {chance})."
        )
        if take
        else _(
            "Open it: the offer ({offered}) is less than opening promises you ({worth}, with a chance "
            "of contraband of {chance})."
        )
    ).format(offered=points_text(worth), worth=worth_text(o.open_gain), chance=fraction_text(o.chance))
    move = A.Accept(me, m) if take else A.Inspect(me, m)
    return Advice(move, says, nums, (), sheriff_model(), LESSON_30, why)


def _naming_the_bag(v: SeatView, m: int, a: Advice) -> Advice:
    """The advice with the bag it is about named first (a Sheriff faces several)."""
    decl = v.declared(m)
    if decl is None:
        return a
    head = _("{merchant}'s bag ({declared}): {advice}").format(
        merchant=v.names[m], declared=good_count(decl[0], decl[1]), advice=a.sentence
    )
    return replace(a, sentence=cap(head))


def advise_bag(v: SeatView, m: int) -> Advice:
    """The Sheriff takes up ``m``'s bag: open, pass, or ask for gold."""
    return _naming_the_bag(v, m, _advise_bag(v, m))


def advise_reply(v: SeatView, m: int, offer) -> Advice:
    """The merchant refused (``offer`` None) or offered something: take it, open, or let go."""
    return _naming_the_bag(v, m, _advise_reply(v, m, offer))
