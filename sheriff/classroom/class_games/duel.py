"""The bluffing duel, played by the engine: one merchant, one Sheriff, one bag.

The merchant is dealt a starting hand by the engine's own setup (a 3-player table, seeded by the
pair's deal seed), loads a bag from it, declares, and may offer a bribe (gold and cards from the
bag).  The Sheriff sees the declaration, the bag's size and the offer, and lets the bag pass, takes
the deal, or opens it.  Every step is an engine move on a table built by ``practice.table_game``,
so a move the rules refuse is refused with the engine's own sentence, and the payments (penalties,
the bribe, hand-back of a standing offer, rule deal.hand_back) are the engine's.  The third seat
only carries a one-Apple bag so that the table is a legal 3-player table; nobody plays it.

Payoffs: what each side's gold plus the value of the goods on their stand changed by.
"""

from __future__ import annotations

from typing import Any

from sheriff import actions as A
from sheriff.cards import GOODS, IS_LEGAL, LEGAL_GOODS, VALUE, counts_to_list, list_to_counts
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
from sheriff.coach.bot import CoachBot
from sheriff.engine import Game
from sheriff.errors import IllegalAction
from sheriff.i18n import N_, _, ngettext
from sheriff.practice.tables import table_game
from sheriff.rules import Rules
from sheriff.wording import good_count

SHERIFF, MERCHANT = 0, 1
PLAYERS = 3
EDITIONS = ("1E", "2E")
ACTIONS = ("pass", "deal", "inspect")


def default_params() -> dict[str, Any]:
    return {"edition": "2E"}


def check_params(params: dict[str, Any]) -> dict[str, Any]:
    edition = params.get("edition")
    if edition not in EDITIONS:
        raise ClassroomError(_("Choose the first or the second edition."), "params")
    return {"edition": edition}


def _hand(params: dict[str, Any], seed: int) -> list[int]:
    """The merchant's starting hand as counts, dealt by the engine's setup."""
    return list(Game(Rules(edition=params["edition"], players=PLAYERS), seed=seed).state.hands[MERCHANT])


def _table(params: dict[str, Any], seed: int) -> Game:
    return table_game(
        params["edition"],
        bags={MERCHANT: []},
        declared={},
        players=PLAYERS,
        sheriff=SHERIFF,
        hands={MERCHANT: _hand(params, seed)},
        phase="load",
        seed=seed,
    )


def merchant_turn(params: dict[str, Any], seed: int) -> dict[str, Any]:
    """The merchant's dealt hand (good ids), gold, and the goods that may be declared."""
    g = _table(params, seed)
    return {
        "hand": counts_to_list(g.state.hands[MERCHANT]),
        "gold": g.state.gold[MERCHANT],
        "legal": list(LEGAL_GOODS),
        "edition": params["edition"],
    }


def _seat(g: Game) -> int:
    seat = g.to_act
    assert seat is not None
    return seat


def _push(g: Game, action) -> None:
    why = g.why_illegal(action)
    if why is not None:
        raise ClassroomError(why.reason, "move", why)  # the plain sentence; pages link the rule
    g.push(action)


def _ints(value, what: str) -> tuple[int, ...]:
    try:
        return tuple(int(x) for x in value)
    except (TypeError, ValueError) as e:
        raise ClassroomError(_("That is not a list of cards."), "move") from e


def _play_merchant(params: dict[str, Any], seed: int, payload: dict[str, Any]) -> Game:
    """The table after the merchant's load, declaration and offer (refusals raise)."""
    if not isinstance(payload, dict):
        raise ClassroomError(_("That is not a list of cards."), "move")
    g = _table(params, seed)
    load = _ints(payload.get("load", ()), "load")
    _push(g, A.LoadBag(MERCHANT, load))
    while g.phase == "declare" and g.to_act != MERCHANT:
        _push(g, A.Declare(_seat(g), LEGAL_GOODS[0], 1))  # the third seat's one Apple, honestly
    try:
        good, count = (int(x) for x in payload.get("declare", ()))
    except (TypeError, ValueError) as e:
        raise ClassroomError(_("Declare one legal good and the number of cards in the bag."), "move") from e
    _push(g, A.Declare(MERCHANT, good, count))
    while g.phase == "declare":
        _push(g, A.Declare(_seat(g), LEGAL_GOODS[0], 1))
    bribe = payload.get("bribe") or {}
    try:
        gold = int(bribe.get("gold", 0))
    except (TypeError, ValueError, AttributeError) as e:
        raise ClassroomError(_("A bribe is a number of gold coins and cards from the bag."), "move") from e
    offer = A.Bribe(gold=gold, bag=_ints(bribe.get("bag", ()), "bribe"))
    if not offer.is_empty():
        _push(g, A.Offer(MERCHANT, MERCHANT, offer))
    return g


def check_merchant(params: dict[str, Any], seed: int, payload: dict[str, Any]) -> dict[str, Any]:
    g = _play_merchant(params, seed, payload)
    nego = g.state.nego
    bribe = nego[1] if nego else None
    return {
        "load": sorted(_ints(payload["load"], "load")),
        "declare": list(g.state.declared[MERCHANT] or ()),
        "bribe": {"gold": bribe.gold, "bag": sorted(bribe.bag)} if bribe else {"gold": 0, "bag": []},
    }


def sheriff_sees(params: dict[str, Any], seed: int, merchant: dict[str, Any] | None) -> dict[str, Any]:
    """The declaration, the bag's size and the offer; before the merchant has chosen, nothing."""
    if merchant is None:
        return {"ready": False}
    return {
        "ready": True,
        "declared": list(merchant["declare"]),
        "bag_size": len(merchant["load"]),
        "bribe": {"gold": merchant["bribe"]["gold"], "cards": len(merchant["bribe"]["bag"])},
        "offered": bool(merchant["bribe"]["gold"] or merchant["bribe"]["bag"]),
    }


def _sheriff_move(action: str):
    if action == "pass":
        return A.Pass(SHERIFF, MERCHANT)
    if action == "deal":
        return A.Accept(SHERIFF, MERCHANT)
    return A.Inspect(SHERIFF, MERCHANT)


def check_sheriff(
    params: dict[str, Any], seed: int, merchant: dict[str, Any] | None, payload: dict[str, Any]
) -> dict[str, Any]:
    action = payload.get("action") if isinstance(payload, dict) else None
    if action not in ACTIONS:
        raise ClassroomError(_("Let the bag pass, take the deal, or open the bag."), "move")
    if merchant is None:
        raise ClassroomError(_("Wait for the merchant to declare."), "not_your_turn")
    g = _play_merchant(params, seed, merchant)
    _push(g, _sheriff_move(action))
    return {"action": action}


def _points(g: Game, p: int) -> int:
    return g.state.gold[p] + sum(VALUE[k] * n for k, n in enumerate(g.state.stands[p]))


def resolve(
    params: dict[str, Any], seed: int, merchant: dict[str, Any], sheriff: dict[str, Any]
) -> tuple[int, int, dict[str, Any]]:
    g = _play_merchant(params, seed, merchant)
    before = (_points(g, MERCHANT), _points(g, SHERIFF))
    offered = g.state.nego is not None
    g.push(_sheriff_move(sheriff["action"]))
    good, count = merchant["declare"]
    bag = list_to_counts(merchant["load"])
    smuggled = any(n and k != good for k, n in enumerate(bag))
    detail = {
        "smuggled": smuggled,
        "inspected": sheriff["action"] == "inspect",
        "offered": offered,
        "taken": offered and sheriff["action"] != "inspect",  # handing back pays a standing offer
        "bag": merchant["load"],
        "declared": [good, count],
        "contraband": sum(n for k, n in enumerate(bag) if n and not IS_LEGAL[k]),
    }
    return _points(g, MERCHANT) - before[0], _points(g, SHERIFF) - before[1], detail


def bot_merchant(params: dict[str, Any], seed: int) -> dict[str, Any]:
    """The coach's load and declaration from the merchant's own view (no bribe: the coach offers
    only when asked)."""
    g = _table(params, seed)
    bot = CoachBot(seed)
    load = bot.act(g.view(MERCHANT))
    g.push(load)
    while g.phase == "declare" and g.to_act != MERCHANT:
        g.push(A.Declare(_seat(g), LEGAL_GOODS[0], 1))
    declare = bot.act(g.view(MERCHANT))
    if not isinstance(load, A.LoadBag) or not isinstance(declare, A.Declare):  # pragma: no cover - coach's phases
        raise AssertionError("the coach did not load and declare")
    return {"load": sorted(load.cards), "declare": [declare.good, declare.count], "bribe": {"gold": 0, "bag": []}}


def bot_sheriff(params: dict[str, Any], seed: int, merchant: dict[str, Any] | None) -> dict[str, Any]:
    """The coach from the Sheriff's view (which shows no bag's contents).  A threat or a counter-
    demand, which the duel has no room for, counts as opening the bag."""
    if merchant is None:
        raise ClassroomError(_("Wait for the merchant to declare."), "not_your_turn")
    g = _play_merchant(params, seed, merchant)
    try:
        move = CoachBot(seed).act(g.view(SHERIFF))
    except (ValueError, IllegalAction):  # pragma: no cover - the coach always has a move here
        move = None
    if isinstance(move, A.Accept):
        return {"action": "deal"}
    if isinstance(move, A.Pass):
        return {"action": "pass"}
    return {"action": "inspect"}


def good_name(g: int) -> str:
    return _(GOODS[g].name)


def _editions() -> list[tuple[str, Any]]:
    return [(_("2nd edition"), "2E"), (_("1st edition"), "1E")]


class Duel(ClassGame):
    """The duel as a class game: the functions above, with its words, its check and its panels."""

    name = "duel"
    title_text = N_("Bluffing duel")
    check_round = -1
    sheriff_waits = True
    has_offers = True
    instructions_text = N_(
        "Each round you are paired with a classmate: one of you is the merchant, the other the Sheriff, "
        "and you swap roles the next round. The merchant loads a bag from a hand of cards, declares one "
        "legal good and may offer a bribe. The Sheriff then sees the declaration and the offer, never the "
        "cards in the bag, and lets the bag pass, takes the deal, or opens it. The game's own rules pay "
        "for what is found. Points add up over the rounds."
    )
    questions = (
        Question(
            N_("As the Sheriff, what do you see before you decide?"),
            (
                N_("The declaration and any bribe offered, but not the cards in the bag."),
                N_("Every card in the bag."),
                N_("Only the merchant's nickname."),
            ),
            0,
        ),
        Question(
            N_("The Sheriff takes the deal. What happens?"),
            (
                N_("The bag is opened and the bribe goes back."),
                N_("The bribe is paid and the bag goes through unopened."),
                N_("The merchant pays a fine."),
            ),
            1,
        ),
    )
    fields = (Field("edition", N_("Edition"), options=_editions),)
    csv_columns = ("action", "load", "declared", "bribe_gold", "bribe_cards")
    merchant_share, sheriff_share = DECLARED_FALSELY, INSPECTED

    def default_params(self) -> dict[str, Any]:
        return default_params()

    def check_params(self, params: dict[str, Any]) -> dict[str, Any]:
        return check_params({**default_params(), **params})

    def prediction(self, params: dict[str, Any]) -> Prediction:
        """None: the duel is not solved (the pages compare the class with its own earlier rounds)."""
        return Prediction(
            None, None, _("The duel has no single prediction: compare the class with its own earlier rounds.")
        )

    def merchant_turn(self, params, seed):
        return merchant_turn(params, seed)

    def sheriff_sees(self, params, seed, merchant):
        return sheriff_sees(params, seed, merchant)

    def check_merchant(self, params, seed, payload):
        return check_merchant(params, seed, payload)

    def check_sheriff(self, params, seed, merchant, payload):
        return check_sheriff(params, seed, merchant, payload)

    def resolve(self, params, seed, merchant, sheriff) -> Outcome:
        return Outcome(*resolve(params, seed, merchant, sheriff))

    def bot_merchant(self, params, seed):
        return bot_merchant(params, seed)

    def bot_sheriff(self, params, seed, merchant):
        return bot_sheriff(params, seed, merchant)

    def form(self, role: str, turn: dict[str, Any]) -> Form:
        if role == "merchant":
            return Form(_merchant_intro(turn["edition"]), kind="hand")
        bribe = turn["bribe"]
        offer = (
            ngettext(
                "offers you {gold} gold and {cards} card from the bag.",
                "offers you {gold} gold and {cards} cards from the bag.",
                bribe["cards"],
            ).format(gold=bribe["gold"], cards=bribe["cards"])
            if turn["offered"]
            else _("offers you nothing.")
        )
        said = _("The merchant declares {declared} and {offer}").format(
            declared=good_count(*turn["declared"]), offer=offer
        )
        options = [(_("Let it pass"), "pass", "sn-pass")]
        if turn["offered"]:
            options.append((_("Take the deal"), "deal", "sn-deal"))
        options.append((_("Open the bag"), "inspect", "sn-inspect"))
        return Form(said, (Pick("action", "", tuple(options)),))

    def smuggled(self, payload: dict[str, Any]) -> bool:
        good = payload["declare"][0]
        return any(g != good for g in payload["load"])

    def offered(self, payload: dict[str, Any]) -> bool:
        return bool(payload["bribe"]["gold"] or payload["bribe"]["bag"])

    def csv_cells(self, role: str, payload: dict[str, Any]) -> dict[str, Any]:
        if role != "merchant":
            return dict(payload)
        bribe = payload["bribe"]
        return {
            "load": " ".join(GOODS[g].id for g in payload["load"]),
            "declared": good_count(*payload["declare"]),
            "bribe_gold": bribe["gold"],
            "bribe_cards": len(bribe["bag"]),
        }


def _merchant_intro(edition: str) -> str:
    intro = _(
        "Your hand is below. Put one to five cards in your bag, declare one legal good (the number of "
        "cards is counted for you: it must be true), and offer a bribe if you like: gold, cards from "
        "your bag, or both. Your partner sees your declaration and your offer, and of the cards you offer "
        "from your bag only how many, not which: a simplification of the game, where you would name them "
        "(and might name cards that are not there)."
    )
    if edition == "1E":  # 1E: the merchant bribes once the Sheriff threatens the bag
        intro += " " + _(
            "The 1st edition has a merchant offer a bribe when the Sheriff threatens to inspect the bag; "
            "letting you offer with your declaration, before that, is the tutor's reading (the 2nd "
            "edition lets everyone talk at any time)."
        )
    return intro


GAME = Duel()

__all__ = [
    "GAME",
    "Duel",
    "default_params",
    "check_params",
    "merchant_turn",
    "check_merchant",
    "sheriff_sees",
    "check_sheriff",
    "resolve",
    "bot_merchant",
    "bot_sheriff",
]
