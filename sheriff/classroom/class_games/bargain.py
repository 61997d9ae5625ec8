"""Bribe bargaining (lab 31, ``sheriff.theory.bargaining``): the game's haggle as the lab models it,
one bargaining round.  The merchant secretly loads 0 to ``MAX_ITEMS`` illegal items and offers a
bribe of 0 to ``MAX_BRIBE`` gold; the Sheriff sees the offer, never the items, and lets the bag pass
(the bribe is paid) or inspects it.  Payoffs are the lab's (``SheriffParams.payoff``).

Parameters (the lab's payoff sliders; its sizes are fixed at its defaults): ``item_value`` (what an
item that passes earns), ``item_penalty`` (the fine per item found), ``sheriff_penalty`` (what the
Sheriff pays for inspecting a clean bag).  Merchant ``{"items": n, "bribe": b}``; Sheriff
``{"action": "pass" | "inspect"}``, after the merchant.  The equilibrium is the lab's solver's
(``bargaining.solve``); the coach plays it (drawn with the deal's seed).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from sheriff.classroom.class_games.base import (
    INSPECTED,
    ClassGame,
    Field,
    Form,
    Outcome,
    Pick,
    Prediction,
    Question,
    Share,
)
from sheriff.classroom.errors import ClassroomError
from sheriff.i18n import N_, _, decimal, ngettext
from sheriff.theory import bargaining as bg

MAX_ITEMS, MAX_BRIBE, MAX_PAYOFF = 3, 3, 5  # the lab's default sizes: 4 loads, 4 offers
PAYOFFS = ("item_value", "item_penalty", "sheriff_penalty")


def lab_params(params: dict[str, Any]) -> bg.SheriffParams:
    """The lab's game for a round's parameters: one bargaining round."""
    return bg.SheriffParams(**{k: params[k] for k in PAYOFFS}, max_bribe=MAX_BRIBE, max_items=MAX_ITEMS, num_rounds=1)


@dataclass(frozen=True)
class Mix:
    """The lab's equilibrium, read for the class: how often each load, each offer per load, and
    how often an offer is inspected (exact where the solver is)."""

    solution: bg.Solution
    loads: dict[int, Fraction]
    offers: dict[int, dict[int, Fraction]]
    inspect: dict[int, Fraction]


@lru_cache(maxsize=64)
def _solve(lab: bg.SheriffParams) -> Mix:
    """The lab's solver, once per parameters (every page asks for it twice a second)."""
    s = bg.solve(lab)
    tree, smug = s.tree, s.behavior[bg.SMUGGLER]
    root = next(i for i, iset in enumerate(tree.infosets[bg.SMUGGLER]) if len(iset.key) == 1)
    loads = {n: bg.exact(q) for n, q in enumerate(smug[root]) if q}
    offers = {n: {b: bg.exact(q) for b, q in dist.items()} for n, dist in bg.final_offers(s).items()}
    inspect = {b: bg.exact(q) for b, q in bg.inspect_chance(s).items()}
    return Mix(s, loads, offers, inspect)


def equilibrium(params: dict[str, Any]) -> Mix:
    return _solve(lab_params(params))


def _items(n: int) -> str:
    return ngettext("{n} item", "{n} items", n).format(n=n)


def _offer(dist: dict[int, Fraction]) -> str:
    return _(" or ").join(bg.gold(b) + ("" if q == 1 else f" ({bg.share(q)})") for b, q in sorted(dist.items()))


def _said(mix: Mix, smuggle: Fraction, inspect: Fraction) -> list[str]:
    """The equilibrium in the class's words (merchant, bag, offer), from the lab solver's numbers."""
    sep = _(", ")
    loads = sep.join(
        _("{items} {share} of the time").format(items=_items(n), share=bg.share(q))
        for n, q in sorted(mix.loads.items())
    )
    lines = [
        _("The lab's solver (lab 31) finds this equilibrium of one round of haggling."),
        _("A merchant loads {loads}.").format(loads=loads),
    ]
    offers = {n: _offer(mix.offers[n]) for n in mix.loads}
    if len(set(offers.values())) == 1:
        lines.append(
            _("Whatever he loaded, he offers {offer}: the offer tells the Sheriff nothing.").format(
                offer=next(iter(offers.values()))
            )
        )
    else:
        lines += [_("With {items} he offers {offer}.").format(items=_items(n), offer=o) for n, o in offers.items()]
    made = sorted({b for n in mix.loads for b in mix.offers[n]})
    lines += [
        _("Offered {gold}, the Sheriff inspects {share} of the time.").format(
            gold=bg.gold(b), share=bg.share(mix.inspect[b])
        )
        for b in made
    ]
    others = [b for b in mix.inspect if b not in made]
    if others:
        threats = sep.join(f"{bg.gold(b)}: {bg.share(mix.inspect[b])}" for b in others)
        lines.append(
            _(
                "Other offers would not gain him more, given how often the Sheriff would inspect them ({threats})."
            ).format(threats=threats)
        )
    u0, u1 = mix.solution.payoffs
    lines.append(
        _("On average a merchant gains {merchant} and a Sheriff {sheriff} a round.").format(
            merchant=decimal(u0), sheriff=decimal(u1)
        )
    )
    lines.append(
        _("So {smuggle} of merchants should load illegal items, and the Sheriffs inspect {inspect} of bags.").format(
            smuggle=bg.share(smuggle), inspect=bg.share(inspect)
        )
    )
    return lines


def _draw(dist: dict[int, Fraction], r: float) -> int:
    for value, q in sorted(dist.items()):
        r -= float(q)
        if r < 0:
            return value
    return max(dist)


class Bargain(ClassGame):
    name = "bargain"
    title_text = N_("Bribe bargaining")
    check_round = -2
    sheriff_waits = True
    has_offers = True
    instructions_text = N_(
        "Each round you are paired with a classmate: one of you is the merchant, the other the Sheriff, "
        "and you swap roles the next round. This is lab 31's haggle. The merchant secretly loads 0 to 3 "
        "illegal items into the bag and offers the Sheriff a bribe of 0 to 3 gold. The Sheriff sees the "
        "offer, never the items, and lets the bag pass (the bribe is paid) or inspects it. Each item that "
        "passes earns the merchant gold; each item found costs him a fine; a clean bag inspected makes the "
        "Sheriff pay the merchant. Points add up over the rounds."
    )
    questions = (
        Question(
            N_("As the Sheriff, what do you know when you decide?"),
            (
                N_("The bribe offered, but not how many illegal items are in the bag."),
                N_("How many illegal items are in the bag."),
                N_("Nothing at all."),
            ),
            0,
        ),
        Question(
            N_("The Sheriff inspects a bag with no illegal items. What happens?"),
            (
                N_("The merchant pays the bribe all the same."),
                N_("The Sheriff pays the merchant for the trouble."),
                N_("Nobody pays anything."),
            ),
            1,
        ),
    )
    fields = (
        Field("item_value", N_("Value of a smuggled item"), 0, MAX_PAYOFF, cls="sn-class-item-value"),
        Field("item_penalty", N_("Fine per item caught"), 0, MAX_PAYOFF, cls="sn-class-item-penalty"),
        Field("sheriff_penalty", N_("Sheriff pays if cargo is clean"), 0, MAX_PAYOFF, cls="sn-class-clean-penalty"),
    )
    csv_columns = ("items", "bribe", "action")
    merchant_share = Share(  # no declaration here: the merchant loads items, or none
        N_("loaded illegal items"), N_("merchants who loaded illegal items"), N_("equilibrium: loaded illegal items")
    )
    sheriff_share = INSPECTED

    def default_params(self) -> dict[str, Any]:
        """The lab's (and OpenSpiel's) payoffs."""
        return {"item_value": 1, "item_penalty": 2, "sheriff_penalty": 3}

    def check_params(self, params: dict[str, Any]) -> dict[str, Any]:
        full = {**self.default_params(), **params}
        try:
            full = {k: int(full[k]) for k in PAYOFFS}
            if not all(0 <= v <= MAX_PAYOFF for v in full.values()):
                raise ValueError
        except (KeyError, ValueError, TypeError) as e:
            raise ClassroomError(_("These settings are outside what the lab's game allows."), "params") from e
        return full

    def describe(self, params: dict[str, Any]) -> str:
        return _("item {value}, fine {fine}, clean bag {penalty}").format(
            value=params["item_value"], fine=params["item_penalty"], penalty=params["sheriff_penalty"]
        )

    def prediction(self, params: dict[str, Any]) -> Prediction:
        """The lab's equilibrium: the share of merchants who load any item, the share of bags
        inspected (over the offers the equilibrium makes), and the solver's answer in the class's words."""
        mix = equilibrium(params)
        smuggle = 1 - mix.loads.get(0, Fraction(0))
        inspect = sum(
            (q * w * mix.inspect[b] for n, q in mix.loads.items() for b, w in mix.offers[n].items()), Fraction(0)
        )
        return Prediction(smuggle, inspect, "\n".join(_said(mix, smuggle, inspect)))

    def merchant_turn(self, params: dict[str, Any], seed: int) -> dict[str, Any]:
        return {**params, "max_items": MAX_ITEMS, "max_bribe": MAX_BRIBE}

    def sheriff_sees(self, params: dict[str, Any], seed: int, merchant: dict[str, Any] | None) -> dict[str, Any]:
        """The offer, once made; never the items."""
        if merchant is None:
            return {"ready": False}
        return {**params, "ready": True, "bribe": merchant["bribe"], "max_items": MAX_ITEMS}

    def check_merchant(self, params: dict[str, Any], seed: int, payload: Any) -> dict[str, Any]:
        try:
            items, bribe = int(payload["items"]), int(payload["bribe"])
        except (KeyError, TypeError, ValueError) as e:
            raise ClassroomError(_("Choose how many illegal items to load and the bribe to offer."), "move") from e
        if not (0 <= items <= MAX_ITEMS and 0 <= bribe <= MAX_BRIBE):
            raise ClassroomError(
                _("Load 0 to {items} illegal items and offer 0 to {gold} gold.").format(
                    items=MAX_ITEMS, gold=MAX_BRIBE
                ),
                "move",
            )
        return {"items": items, "bribe": bribe}

    def check_sheriff(
        self, params: dict[str, Any], seed: int, merchant: dict[str, Any] | None, payload: Any
    ) -> dict[str, Any]:
        action = self.pass_or_inspect(payload)
        if merchant is None:
            raise ClassroomError(_("Wait for the merchant's offer."), "not_your_turn")
        return {"action": action}

    def resolve(self, params: dict[str, Any], seed: int, merchant: dict[str, Any], sheriff: dict[str, Any]) -> Outcome:
        items, bribe, inspected = merchant["items"], merchant["bribe"], sheriff["action"] == "inspect"
        m, s = lab_params(params).payoff(items, bribe, inspected)
        offered = bribe > 0
        detail = {
            "smuggled": items > 0,
            "inspected": inspected,
            "offered": offered,
            "taken": offered and not inspected,
            "items": items,
            "bribe": bribe,
        }
        return Outcome(int(m), int(s), detail)

    def bot_merchant(self, params: dict[str, Any], seed: int) -> dict[str, Any]:
        mix, r = equilibrium(params), random.Random(seed)
        items = _draw(mix.loads, r.random())
        return {"items": items, "bribe": _draw(mix.offers[items], r.random())}

    def bot_sheriff(self, params: dict[str, Any], seed: int, merchant: dict[str, Any] | None) -> dict[str, Any]:
        if merchant is None:
            raise ClassroomError(_("Wait for the merchant's offer."), "not_your_turn")
        chance = equilibrium(params).inspect[merchant["bribe"]]
        return {"action": "inspect" if random.Random(seed + 1).random() < chance else "pass"}

    def form(self, role: str, turn: dict[str, Any]) -> Form:
        stakes = _(
            "Each illegal item that passes earns the merchant {value}; each item found costs him {fine}; "
            "a clean bag inspected makes the Sheriff pay him {penalty}. A bribe is paid only if the bag passes."
        ).format(
            value=bg.gold(turn["item_value"]),
            fine=bg.gold(turn["item_penalty"]),
            penalty=bg.gold(turn["sheriff_penalty"]),
        )
        if role == "merchant":
            load = Pick(
                "items",
                _("Illegal items in your bag"),
                tuple((_items(n), n, f"sn-items-{n}") for n in range(MAX_ITEMS + 1)),
            )
            offer = Pick(
                "bribe", _("Your bribe"), tuple((bg.gold(b), b, f"sn-offer-{b}") for b in range(MAX_BRIBE + 1))
            )
            ask = _("Load your bag and choose your bribe. Your partner sees only the bribe.")
            return Form(f"{ask} {stakes}", (load, offer), send=_("Close the bag and offer"))
        said = _(
            "The merchant offers you {gold}. The bag holds 0 to {most} illegal items: you cannot see how many."
        ).format(gold=bg.gold(turn["bribe"]), most=MAX_ITEMS)
        options = (
            (_("Take the bribe, let it pass"), "pass", "sn-pass"),
            (_("Inspect the bag"), "inspect", "sn-inspect"),
        )
        return Form(f"{said} {stakes}", (Pick("action", "", options),))

    def told(self, detail: dict[str, Any]) -> str:
        if "items" not in detail:  # between rounds a page asks the next round's game about the last's
            return ""
        return _("The bag held {items}; the offer was {gold}.").format(
            items=_items(detail["items"]), gold=bg.gold(detail["bribe"])
        )

    def smuggled(self, payload: dict[str, Any]) -> bool:
        return payload["items"] > 0

    def offered(self, payload: dict[str, Any]) -> bool:
        return payload["bribe"] > 0

    def csv_cells(self, role: str, payload: dict[str, Any]) -> dict[str, Any]:
        return dict(payload)


GAME = Bargain()

__all__ = ["GAME", "Bargain", "Mix", "equilibrium", "lab_params", "MAX_ITEMS", "MAX_BRIBE"]
