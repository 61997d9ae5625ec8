"""Inspection, what waits on a player: debts paid in goods (rule debt.goods), Black Market claims
(rule black_market.claim) and six players' terms for the Booty's leftovers (rule deputies.booty)."""

from __future__ import annotations

from sheriff import actions as A
from sheriff import events as E
from sheriff.i18n import N_, _, ngettext
from sheriff.payments import goods_fault, settle_goods
from sheriff.phases.bag_outcomes import maybe_end
from sheriff.phases.common import Handlers, need_cards, need_phase, need_seat, refuse
from sheriff.phases.who_decides import need_no_debt
from sheriff.state import GOODS, INSPECT, N_GOODS, GameState


# -- Debts paid in goods, the Booty's leftovers ------------------------------------
def check_pay_debt(s: GameState, a) -> None:
    need_phase(s, INSPECT, N_("Paying a debt in goods"))
    p = a.player
    need_seat(s, p)
    if not s.debts or s.debts[0].debtor != p:
        if s.debts:
            raise refuse(
                s,
                "debt.goods",
                _("It is {name} who must choose goods to pay a debt.").format(name=s.names[s.debts[0].debtor]),
            )
        raise refuse(s, "debt.goods", _("{name} owes nothing that waits to be paid in goods.").format(name=s.names[p]))
    stand = s.stands[p]
    counts = need_cards(s, a.goods, stand, "debt.goods", p, "stand")
    fault = goods_fault(stand, s.debts[0].owed, counts)
    if fault:
        raise refuse(
            s,
            "debt.goods",
            ngettext(
                "{name} owes {gold} gold more, and {fault}.",
                "{name} owes {gold} gold more, and {fault}.",
                s.debts[0].owed,
            ).format(name=s.names[p], gold=s.debts[0].owed, fault=fault),
        )


def apply_pay_debt(s: GameState, a) -> None:
    debt = s.debts.pop(0)
    counts = [0] * N_GOODS
    for c in a.goods:
        counts[c] += 1
    settle_goods(s, debt.debtor, debt.creditor, debt.owed, counts, debt.why)
    maybe_end(s)


def check_agree_booty(s: GameState, a) -> None:
    need_phase(s, INSPECT, N_("An agreement about the Booty"))
    need_seat(s, a.player)
    if not s.deputies_mode:
        raise refuse(s, "deputies.booty", _("Only the two Deputies of a six-player game share a Booty."))
    if a.player not in s.officials:
        raise refuse(s, "deputies.booty", _("{name} is not a Deputy this round.").format(name=s.names[a.player]))
    for p in (a.coin_to, a.card_to):
        if not (type(p) is int and p in s.officials):
            raise refuse(
                s,
                "deputies.booty",
                _("The Booty's leftovers can only go to one of the two Deputies, not {player}.").format(player=repr(p)),
            )


def apply_agree_booty(s: GameState, a) -> None:
    s.booty_terms[a.player] = (a.coin_to, a.card_to)


def check_claim(s: GameState, a) -> None:
    need_phase(s, INSPECT, N_("A Black Market claim"))
    need_seat(s, a.player)
    need_no_debt(s)
    if not s.claim_queue or s.claim_queue[0] != a.player:
        raise refuse(
            s,
            "black_market.claim",
            _(
                "The tutor takes a Black Market claim right after your own bag is handed back unopened "
                "(its reading of the rule)."
            ),
        )
    g = a.good
    if type(g) is not int or g not in s.bm_piles:
        raise refuse(
            s,
            "black_market.claim",
            _("The Black Market has no pile for {good}.").format(
                good=_(GOODS[g].name) if type(g) is int and 0 <= g < N_GOODS else repr(g)
            ),
        )
    if not s.bm_piles[g]:
        raise refuse(
            s, "black_market.claim", _("Both {good} Black Market cards are gone.").format(good=_(GOODS[g].name))
        )
    if s.stands[a.player][g] < 3:
        raise refuse(
            s,
            "black_market.claim",
            _("Three {good} are needed; {name} has {held}.").format(
                good=_(GOODS[g].name), name=s.names[a.player], held=s.stands[a.player][g]
            ),
        )


def apply_claim(s: GameState, a) -> None:
    p, g = a.player, a.good
    s.stands[p][g] -= 3
    s.box[g] += 3  # removed from the game
    value = s.bm_piles[g].pop()
    s.bm_cards[p].append((g, value))
    s.bm_claimed.add(p)
    s.claim_queue.pop(0)
    s.events.append(E.Claimed(p, g, value))
    maybe_end(s)


def check_skip(s: GameState, a) -> None:
    need_phase(s, INSPECT, N_("Skipping a claim"))
    need_no_debt(s)
    if not s.claim_queue or s.claim_queue[0] != a.player:
        raise refuse(s, "black_market.claim", _("There is no Black Market claim waiting for this player."))


def apply_skip(s: GameState, a) -> None:
    s.claim_queue.pop(0)
    maybe_end(s)


# move -> (check, apply): gathered into the Inspection's table (sheriff.phases.inspection).
HANDLERS: Handlers = {
    A.ClaimBlackMarket: (check_claim, apply_claim),
    A.SkipClaim: (check_skip, apply_skip),
    A.PayDebt: (check_pay_debt, apply_pay_debt),
    A.AgreeBooty: (check_agree_booty, apply_agree_booty),
}
