"""The class games, pure and deterministic: given a round's parameters, its deal seed and the two
stored choices of a pair, the same outcome every time (so a result can be recomputed after a restart).

Every game has two roles, ``"merchant"`` and ``"sheriff"``; the merchant's choice comes first (in the
inspection game the two are simultaneous: the Sheriff does not see the merchant's choice).  Choices
are plain JSON (``payload``), the form they are stored in:

- ``"inspection"`` (lab 30's game, ``sheriff.theory.inspection_game``): parameters ``declared``,
  ``legal``, ``smuggled``, ``number`` (the lab's four controls), ``fine`` (1-5: multiplies what a caught
  liar pays) and ``payment`` (1-5: multiplies what the Sheriff pays for an honest bag; None, the default,
  follows ``fine``, so ``fine=2`` alone doubles both, as before the two were apart).  Merchant ``{"bag": "honest" | "smuggling"}``; Sheriff ``{"action": "pass" | "inspect"}``.
- ``"duel"`` (the bluffing duel, played by the engine, ``sheriff.classroom.duel``): parameters
  ``edition``; merchant ``{"load": [good ids], "declare": [good id, count], "bribe": {"gold": n,
  "bag": [good ids]}}``; Sheriff ``{"action": "pass" | "deal" | "inspect"}``, seeing only
  ``sheriff_sees(...)`` (the declaration, the bag's size and the offer).

A refused choice raises ``ClassroomError`` (reason ``"move"``) with the rule's plain sentence.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sheriff.cards import GOODS, good_id
from sheriff.classroom import duel
from sheriff.classroom.errors import ClassroomError
from sheriff.i18n import N_, _
from sheriff.theory import inspection_game as ig

GAMES = ("inspection", "duel")
TITLES = {"inspection": N_("Inspection game"), "duel": N_("Bluffing duel")}  # shown through _()
ROLES = ("merchant", "sheriff")
MAX_FINE = 5


@dataclass(frozen=True)
class Prediction:
    """What the theory predicts for a round: the share of merchants who smuggle and of Sheriffs
    who inspect (exact fractions), with a sentence a teacher can read out.  ``None`` fields: the
    theory says nothing about that share for this game."""

    smuggle: Fraction | None
    inspect: Fraction | None
    text: str


@dataclass(frozen=True)
class Outcome:
    """A pair's round, resolved: each side's payoff (points: gold + value of goods reaching a stand)
    and ``detail``, plain data the pages word (stored with the result)."""

    merchant: int
    sheriff: int
    detail: dict[str, Any]


def title(game: str) -> str:
    return _(TITLES[game])


def _need_game(game: str) -> None:
    if game not in GAMES:
        raise ClassroomError(_("There is no class game called “{game}”.").format(game=game), "params")


# -- parameters ------------------------------------------------------------------------------------
def default_params(game: str) -> dict[str, Any]:
    """The parameters a new room starts with (the inspection game: lab 30's opening position)."""
    _need_game(game)
    if game == "inspection":
        return {"declared": "apples", "legal": 2, "smuggled": "pepper", "number": 1, "fine": 1, "payment": None}
    return duel.default_params()


def check_params(game: str, params: dict[str, Any]) -> dict[str, Any]:
    """The parameters, completed with defaults and checked; ``ClassroomError`` (``"params"``) if not valid."""
    _need_game(game)
    full = {**default_params(game), **params}
    if game == "duel":
        return duel.check_params(full)
    try:
        full = {
            "declared": GOODS[good_id(str(full["declared"]))].id,
            "legal": int(full["legal"]),
            "smuggled": GOODS[good_id(str(full["smuggled"]))].id,
            "number": int(full["number"]),
            "fine": int(full["fine"]),
            "payment": None if full["payment"] is None else int(full["payment"]),
        }
        if not 1 <= full["fine"] <= MAX_FINE or not 1 <= payment(full) <= MAX_FINE:
            raise ValueError
        inspection_game(full)
    except (KeyError, ValueError, TypeError) as e:
        raise ClassroomError(_("These settings do not make a bag the game can use."), "params") from e
    return full


def inspection_game(params: dict[str, Any]) -> ig.InspectionGame:
    """Lab 30's game for these parameters."""
    bag = [params["declared"]] * params["legal"] + [params["smuggled"]] * params["number"]
    return ig.build(params["declared"], bag, fine=params["fine"], payment=payment(params))


def payment(params: dict[str, Any]) -> int:
    """The multiplier of what the Sheriff pays for an honest bag: ``fine``'s unless set apart (rooms
    made before the two were apart have no ``payment``)."""
    own = params.get("payment")
    return params["fine"] if own is None else own


def prediction(game: str, params: dict[str, Any]) -> Prediction:
    """The equilibrium this round's play is compared with (lab 30's, for both games: the duel's bag
    decision is the same trade-off; its Sheriffs and merchants are measured against lab 30's shares
    for the bag the teacher set, so the prediction there is a guide, not a solution of the duel)."""
    if game == "inspection":
        g = inspection_game(params)
        eq = ig.equilibrium(g)
        return Prediction(eq.smuggle, eq.inspect, ig.explain(g))
    return Prediction(
        None, None, _("The duel has no single prediction: compare the class with its own earlier rounds.")
    )


# -- the round -------------------------------------------------------------------------------------
def deal_seed(room_seed: int, number: int, pair: int) -> int:
    """The seed of one pair's deal in one round (the duel's hand), stable across restarts."""
    return (room_seed * 1_000_003 + number * 1009 + pair) % 2**31


def merchant_turn(game: str, params: dict[str, Any], seed: int) -> dict[str, Any]:
    """What the merchant sees before choosing, as data: the inspection game's two bags and the
    declaration; the duel's dealt hand and gold (``duel.merchant_turn``)."""
    if game == "inspection":
        g = inspection_game(params)
        return {
            "declared": [g.declared, g.count],
            "honest": [g.declared] * g.count,
            "smuggling": sorted(g.smuggling_bag.elements()),
            "matrix": g.merchant_matrix,
        }
    return duel.merchant_turn(params, seed)


def check_merchant(game: str, params: dict[str, Any], seed: int, payload: dict[str, Any]) -> dict[str, Any]:
    """The merchant's choice in its stored form, or ``ClassroomError`` (``"move"``) saying why not."""
    if game == "inspection":
        bag = payload.get("bag") if isinstance(payload, dict) else None
        if bag not in ("honest", "smuggling"):
            raise ClassroomError(_("Choose the honest bag or the smuggling bag."), "move")
        return {"bag": bag}
    return duel.check_merchant(params, seed, payload)


def sheriff_sees(game: str, params: dict[str, Any], seed: int, merchant: dict[str, Any] | None) -> dict[str, Any]:
    """What the Sheriff may know before choosing: the declaration (and in the duel the bag's size and
    the offer, once the merchant has chosen).  Never the bag's contents."""
    if game == "inspection":
        g = inspection_game(params)
        return {"declared": [g.declared, g.count], "matrix": g.sheriff_matrix}
    return duel.sheriff_sees(params, seed, merchant)


def sheriff_waits(game: str) -> bool:
    """Whether the Sheriff must wait for the merchant's choice (the duel) or chooses at once."""
    return game == "duel"


def check_sheriff(
    game: str, params: dict[str, Any], seed: int, merchant: dict[str, Any] | None, payload: dict[str, Any]
) -> dict[str, Any]:
    """The Sheriff's choice in its stored form, or ``ClassroomError`` (``"move"``)."""
    action = payload.get("action") if isinstance(payload, dict) else None
    if game == "inspection":
        if action not in ("pass", "inspect"):
            raise ClassroomError(_("Choose to let the bag pass or to inspect it."), "move")
        return {"action": action}
    return duel.check_sheriff(params, seed, merchant, payload)


def resolve(game: str, params: dict[str, Any], seed: int, merchant: dict[str, Any], sheriff: dict[str, Any]) -> Outcome:
    """The pair's round from the two stored choices."""
    if game == "inspection":
        g = inspection_game(params)
        row = 0 if merchant["bag"] == "honest" else 1
        col = 0 if sheriff["action"] == "pass" else 1
        cell = g.cells[row][col]
        detail = {"smuggled": bool(row), "inspected": bool(col), "offered": False, "taken": False}
        return Outcome(cell.merchant, cell.sheriff, detail)
    m, s, detail = duel.resolve(params, seed, merchant, sheriff)
    return Outcome(m, s, detail)


# -- the coach in a vanished student's seat --------------------------------------------------------
def bot_merchant(game: str, params: dict[str, Any], seed: int) -> dict[str, Any]:
    """The coach's choice for a merchant's empty seat: in the inspection game the equilibrium mix
    (drawn with the deal's seed), in the duel the coach bot on the merchant's own view."""
    if game == "inspection":
        eq = ig.equilibrium(inspection_game(params))
        return {"bag": "smuggling" if random.Random(seed).random() < eq.smuggle else "honest"}
    return duel.bot_merchant(params, seed)


def bot_sheriff(game: str, params: dict[str, Any], seed: int, merchant: dict[str, Any] | None) -> dict[str, Any]:
    """The coach's choice for a Sheriff's empty seat (it sees only what ``sheriff_sees`` shows)."""
    if game == "inspection":
        eq = ig.equilibrium(inspection_game(params))
        return {"action": "inspect" if random.Random(seed + 1).random() < eq.inspect else "pass"}
    return duel.bot_sheriff(params, seed, merchant)


__all__ = [
    "GAMES",
    "ROLES",
    "Prediction",
    "Outcome",
    "title",
    "default_params",
    "check_params",
    "inspection_game",
    "prediction",
    "deal_seed",
    "merchant_turn",
    "check_merchant",
    "sheriff_sees",
    "sheriff_waits",
    "check_sheriff",
    "resolve",
    "bot_merchant",
    "bot_sheriff",
]
