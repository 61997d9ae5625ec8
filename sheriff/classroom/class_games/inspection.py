"""The inspection game (lab 30's, ``sheriff.theory.inspection_game``): the merchant brings the honest
bag or the smuggling bag while the Sheriff, at the same time, lets it pass or inspects it.

Parameters ``declared``, ``legal``, ``smuggled``, ``number`` (the lab's four controls), ``fine``
(1-5: multiplies what a caught liar pays) and ``payment`` (1-5: multiplies what the Sheriff pays for
an honest bag; None, the default, follows ``fine``, so ``fine=2`` alone doubles both, as before the
two were apart).  Merchant ``{"bag": "honest" | "smuggling"}``; Sheriff ``{"action": "pass" |
"inspect"}``.  Its equilibrium is lab 30's; the coach plays that mix (drawn with the deal's seed).
"""

from __future__ import annotations

import random
from typing import Any

from sheriff.cards import GOODS, LEGAL_GOODS, good_id
from sheriff.classroom.class_games.base import (
    DECLARED_FALSELY,
    INSPECTED,
    ClassGame,
    Field,
    Form,
    Outcome,
    Pick,
    Prediction,
    Question,
)
from sheriff.classroom.errors import ClassroomError
from sheriff.i18n import N_, _
from sheriff.theory import inspection_game as ig
from sheriff.wording import good_count, goods_kind

MAX_FINE = ig.MAX_FINE  # lab 30's own range, so a plan's "set the same slider in the lab" works


def inspection_game(params: dict[str, Any]) -> ig.InspectionGame:
    """Lab 30's game for these parameters."""
    bag = [params["declared"]] * params["legal"] + [params["smuggled"]] * params["number"]
    return ig.build(params["declared"], bag, fine=params["fine"], payment=payment(params))


def payment(params: dict[str, Any]) -> int:
    """The multiplier of what the Sheriff pays for an honest bag: ``fine``'s unless set apart (rooms
    made before the two were apart have no ``payment``)."""
    own = params.get("payment")
    return params["fine"] if own is None else own


def _legal_goods() -> list[tuple[str, Any]]:
    return [(goods_kind(g), GOODS[g].id) for g in LEGAL_GOODS]


def _contraband() -> list[tuple[str, Any]]:
    return [(goods_kind(g.index), g.id) for g in GOODS if not g.is_legal]


class Inspection(ClassGame):
    name = "inspection"
    title_text = N_("Inspection game")
    check_round = 0
    instructions_text = N_(
        "Each round you are paired with a classmate: one of you is the merchant, the other the Sheriff, "
        "and you swap roles the next round. The merchant brings a bag declared as legal goods: the honest "
        "bag, or a bag with contraband in it. At the same time, without seeing that choice, the Sheriff "
        "lets the bag pass or inspects it. An inspected bag that is not as declared pays the Sheriff a "
        "fine; an inspected honest bag makes the Sheriff pay the merchant. Points add up over the rounds."
    )
    questions = (
        Question(
            N_("When you choose, do you know what your partner chose?"),
            (
                N_("Yes: the merchant chooses first, and the Sheriff sees the bag."),
                N_("No: the merchant and the Sheriff choose at the same time."),
                N_("Yes: the Sheriff chooses first."),
            ),
            1,
        ),
        Question(
            N_("The Sheriff inspects a bag that is honest. Who pays?"),
            (N_("The merchant pays the Sheriff."), N_("Nobody pays."), N_("The Sheriff pays the merchant.")),
            2,
        ),
    )
    fields = (
        Field("declared", N_("Declared good"), options=_legal_goods),
        Field("legal", N_("Cards of it in the bag"), 0, 4),
        Field("smuggled", N_("Smuggled good"), options=_contraband),
        Field("number", N_("Smuggled cards"), 1, 5),
        Field("fine", N_("Liar's fine ×"), 1, MAX_FINE, cls="sn-class-fine"),
        Field("payment", N_("Paid for an honest bag ×"), 1, MAX_FINE, cls="sn-class-payment"),
    )
    csv_columns = ("bag", "action")
    merchant_share, sheriff_share = DECLARED_FALSELY, INSPECTED

    def default_params(self) -> dict[str, Any]:
        """Lab 30's opening position."""
        return {"declared": "apples", "legal": 2, "smuggled": "pepper", "number": 1, "fine": 1, "payment": None}

    def check_params(self, params: dict[str, Any]) -> dict[str, Any]:
        full = {**self.default_params(), **params}
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

    def form_values(self, params: dict[str, Any]) -> dict[str, Any]:
        return {**params, "payment": payment(params)}

    def describe(self, params: dict[str, Any]) -> str:
        return _("liar's fine ×{fine}, honest bag paid ×{payment}").format(fine=params["fine"], payment=payment(params))

    def prediction(self, params: dict[str, Any]) -> Prediction:
        g = inspection_game(params)
        eq = ig.equilibrium(g)
        return Prediction(eq.smuggle, eq.inspect, ig.explain(g))

    def merchant_turn(self, params: dict[str, Any], seed: int) -> dict[str, Any]:
        """The two bags and the declaration."""
        g = inspection_game(params)
        return {
            "declared": [g.declared, g.count],
            "honest": [g.declared] * g.count,
            "smuggling": sorted(g.smuggling_bag.elements()),
            "matrix": g.merchant_matrix,
        }

    def sheriff_sees(self, params: dict[str, Any], seed: int, merchant: dict[str, Any] | None) -> dict[str, Any]:
        g = inspection_game(params)
        return {"declared": [g.declared, g.count], "matrix": g.sheriff_matrix}

    def check_merchant(self, params: dict[str, Any], seed: int, payload: Any) -> dict[str, Any]:
        bag = payload.get("bag") if isinstance(payload, dict) else None
        if bag not in ("honest", "smuggling"):
            raise ClassroomError(_("Choose the honest bag or the smuggling bag."), "move")
        return {"bag": bag}

    def check_sheriff(
        self, params: dict[str, Any], seed: int, merchant: dict[str, Any] | None, payload: Any
    ) -> dict[str, Any]:
        return {"action": self.pass_or_inspect(payload)}

    def resolve(self, params: dict[str, Any], seed: int, merchant: dict[str, Any], sheriff: dict[str, Any]) -> Outcome:
        row, col = int(self.smuggled(merchant)), int(sheriff["action"] == "inspect")
        cell = inspection_game(params).cells[row][col]
        detail = {"smuggled": bool(row), "inspected": bool(col), "offered": False, "taken": False}
        return Outcome(cell.merchant, cell.sheriff, detail)

    def bot_merchant(self, params: dict[str, Any], seed: int) -> dict[str, Any]:
        eq = ig.equilibrium(inspection_game(params))
        return {"bag": "smuggling" if random.Random(seed).random() < eq.smuggle else "honest"}

    def bot_sheriff(self, params: dict[str, Any], seed: int, merchant: dict[str, Any] | None) -> dict[str, Any]:
        eq = ig.equilibrium(inspection_game(params))
        return {"action": "inspect" if random.Random(seed + 1).random() < eq.inspect else "pass"}

    def form(self, role: str, turn: dict[str, Any]) -> Form:
        said = _("The merchant declares {declared}.").format(declared=good_count(*turn["declared"]))
        if role == "merchant":
            which = _("Which bag do you bring?")
            honest, smuggling = _("Bring the honest bag"), _("Bring the smuggling bag")
            options = ((honest, "honest", "sn-honest"), (smuggling, "smuggling", "sn-smuggle"))
            cards = ((_("The honest bag:"), turn["honest"]), (_("The smuggling bag:"), turn["smuggling"]))
            return Form(f"{said} {which}", (Pick("bag", "", options),), cards=cards)
        ask = _("Do you let the bag pass or inspect it?")
        options = ((_("Let it pass"), "pass", "sn-pass"), (_("Inspect the bag"), "inspect", "sn-inspect"))
        return Form(f"{said} {ask}", (Pick("action", "", options),))

    def smuggled(self, payload: dict[str, Any]) -> bool:
        return payload["bag"] == "smuggling"

    def csv_cells(self, role: str, payload: dict[str, Any]) -> dict[str, Any]:
        return dict(payload)


GAME = Inspection()

__all__ = ["GAME", "Inspection", "inspection_game", "payment", "MAX_FINE"]
