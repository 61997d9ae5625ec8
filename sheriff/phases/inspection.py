"""Phase 4, Inspection: threats, bribes, deals, opening bags, and what follows.

Protocol (one bag at a time, rule inspect.one_at_a_time):
  * The Sheriff takes up a bag by threatening it, naming a price (Offer), or
    deciding at once (Inspect / Pass); or a merchant whose bag waits offers a
    bribe unasked (2E: everyone may talk at once), and the Sheriff answers.
  * A negotiation alternates: whoever's answer is due may counter (Offer),
    accept the standing offer (Accept: the bag passes and the bribe is paid), or,
    for the merchant, refuse (Decline).  The Sheriff may end it at his turn by
    opening the bag or handing it back; handing it back pays the merchant's
    standing offer, if any (rule deal.hand_back).  It passes free only when no
    offer of the merchant's stands: none was made, or he refused the last demand.
  * Six players (rule deputies.stance): both Deputies first say, per bag, whether
    they would inspect.  Nobody suspicious: it passes free.  One: that Deputy acts
    alone, as a Sheriff.  Both: they act together; the first Deputy drawn speaks,
    bribes and fines go to the Booty, and each pays half of an honest bag's penalty.
    A deal binds the Deputies who made it (``must_inspect`` / ``must_pass`` map a
    bag to them): a Deputy bound to open a bag cannot say he would let it pass (nor
    the reverse), and a deal one Deputy struck alone does not bind the other.
  * Black Market (rule black_market.claim): right after a bag passes, its owner
    may turn in three contraband of one type for the top card of that type.
  * Debts (rule debt.goods): when gold does not cover a penalty or fine and the
    debtor could pay it with different goods, play waits for the debtor's PayDebt.
  * Booty (rule deputies.booty): either Deputy may state terms for the Booty's odd
    coin and odd card (AgreeBooty) at any time in the phase; equal terms bind.
"""

from __future__ import annotations

from sheriff import actions as A
from sheriff import events as E
from sheriff.cards import counts_to_list
from sheriff.i18n import N_, _, ngettext
from sheriff.payments import debt_options
from sheriff.phases import negotiation, settling
from sheriff.phases.bag_outcomes import claimable, maybe_end, open_bag, pass_bag
from sheriff.phases.common import Handlers, Listers, need_group, need_phase, need_seat, not_a_card, refuse
from sheriff.phases.who_decides import (
    actor_for,
    bound_to,
    claim_first,
    deciders,
    need_decider,
    need_no_debt,
    need_open_bag,
    struck_to_open,
)
from sheriff.state import (
    INSPECT,
    N_GOODS,
    GameState,
)


# -- Stance (six players) ---------------------------------------------------------
def check_stance(s: GameState, a) -> None:
    p, m, want = a.player, a.merchant, a.inspect  # each field read once: a lookup from compiled code
    need_open_bag(s, a, m)
    if not s.deputies_mode:
        raise refuse(s, "deputies.stance", _("Stances are for the two Deputies of a six-player game."))
    if p not in s.officials:
        raise refuse(s, "deputies.stance", _("{name} is not a Deputy this round.").format(name=s.names[p]))
    if s.current not in (-1, m):
        raise refuse(
            s,
            "inspect.one_at_a_time",
            _("{name}'s bag is still being dealt with; finish it first.").format(name=s.names[s.current]),
        )
    if type(want) is not bool:
        raise refuse(
            s,
            "deputies.stance",
            _("A stance is yes or no (True or False), not {stance}.").format(stance=repr(want)),
        )
    st = s.stances.get(m)
    if st is not None and st[s.officials.index(p)] is not None:
        raise refuse(
            s,
            "deputies.stance",
            _("{name} has already taken a stance on {merchant}.").format(name=s.names[p], merchant=s.names[m]),
        )
    me = (p,)
    if not want and bound_to(s.must_inspect, m, me):
        raise refuse(
            s,
            "deal.binding",
            _("{name} took a deal to open {merchant}'s bag and cannot say he would let it pass.").format(
                name=s.names[p], merchant=s.names[m]
            ),
        )
    if want and bound_to(s.must_pass, m, me):
        raise refuse(
            s,
            "deal.binding",
            _("{name} took a deal to let {merchant} through and cannot ask to inspect the bag.").format(
                name=s.names[p], merchant=s.names[m]
            ),
        )


def apply_stance(s: GameState, a) -> None:
    p: int = a.player  # checked (or the engine's own move): typed, so compiled code compares natively
    m: int = a.merchant
    want = a.inspect
    st = s.stances.get(m)
    if st is None:
        st = s.stances[m] = [None, None]
    first, second = s.officials  # the two Deputies (check_stance: p is one of them)
    st[0 if p == first else 1] = want
    s.current = m
    s.events.append(E.StanceTaken(p, m, want))
    if st[0] is None or st[1] is None:
        return
    suspicious = (first, second) if st[0] and st[1] else (first,) if st[0] else (second,) if st[1] else ()
    s.authority[m] = suspicious
    s.events.append(E.Authority(m, suspicious))
    if not suspicious:
        pass_bag(s, m, None)


# -- Inspect and Pass -------------------------------------------------------------
def check_inspect(s: GameState, a) -> None:
    m = a.merchant
    need_open_bag(s, a, m)
    need_decider(s, a, m)
    if bound_to(s.must_pass, m, deciders(s, m)):
        raise refuse(
            s, "deal.binding", _("A deal struck this round promised to let {name} through.").format(name=s.names[m])
        )
    if not (type(a.pile) is int and 0 <= a.pile < len(s.discards)):
        raise refuse(s, "inspect.confiscate_pile", _("There is no discard pile {pile}.").format(pile=repr(a.pile)))
    order = a.order
    if order != ():
        need_group(s, order, "inspect.confiscate_order")
        if len(order) > s.bag_size[m]:
            raise refuse(
                s,
                "inspect.confiscate_order",
                ngettext(
                    "{name}'s bag holds {size} cards; an order for {count} cannot be followed.",
                    "{name}'s bag holds {size} cards; an order for {count} cannot be followed.",
                    s.bag_size[m],
                ).format(name=s.names[m], size=s.bag_size[m], count=len(order)),
            )
        for c in order:
            if not (type(c) is int and 0 <= c < N_GOODS):
                raise refuse(s, "inspect.confiscate_order", not_a_card(c))


def apply_inspect(s: GameState, a) -> None:
    open_bag(s, a.merchant, a.pile, tuple(a.order))


def check_pass(s: GameState, a) -> None:
    m = a.merchant
    need_open_bag(s, a, m)
    need_decider(s, a, m)
    if bound_to(s.must_inspect, m, deciders(s, m)):
        raise refuse(s, "deal.binding", struck_to_open(s, m))


def apply_pass(s: GameState, a) -> None:
    """Rule deal.hand_back: handing the bag back accepts the merchant's standing offer."""
    m = a.merchant
    nego = s.nego
    bribe = nego.offer if nego is not None and nego.merchant == m else None
    if bribe is not None:
        s.events.append(E.Deal(a.player, m, bribe))
    pass_bag(s, m, bribe)


# -- Time limit -------------------------------------------------------------------
def check_time_up(s: GameState, a) -> None:
    need_phase(s, INSPECT, N_("Calling time"))
    need_seat(s, a.player)
    if not s.time_on:
        raise refuse(s, "variant.time_limit", _("This game is played without the inspection time limit."))
    need_no_debt(s)
    if s.claim_queue:
        raise refuse(s, "black_market.claim", claim_first(s))


def apply_time_up(s: GameState, a) -> None:
    s.events.append(E.TimeRanOut())
    s.nego = None
    s.current = -1
    for m in s.order:
        if s.handled[m] is None:
            if s.deputies_mode and m not in s.authority:
                s.authority[m] = ()
            pass_bag(s, m, None, finish=False)
    maybe_end(s)


def offer_inspection(s: GameState) -> list[A.Action]:
    """Bribe offers are open-ended (any gold amount, any goods), so only the simple ones are
    listed: gold alone, from 1 up to what the merchant holds.  A debt paid in goods lists the
    suggested goods and, for each kind, a way to keep it; AgreeBooty (a side talk) is not listed."""
    out: list[A.Action] = []
    if s.debts:  # the debtor's choice: the suggestion and a few others
        debt = s.debts[0]
        return [
            A.PayDebt(debt.debtor, tuple(counts_to_list(c))) for c in debt_options(s.stands[debt.debtor], debt.owed)
        ]
    if s.claim_queue:
        p = s.claim_queue[0]
        return [A.ClaimBlackMarket(p, g) for g in claimable(s, p)] + [A.SkipClaim(p)]
    if s.time_on:  # anyone at the table may call time
        out += [A.TimeUp(p) for p in range(s.n)]
    nego = s.nego
    if nego is not None:
        m, due = nego.merchant, nego.due
        if nego.offer is not None:
            out.append(A.Accept(due, m))
        if due == m:
            out.append(A.Decline(m, m))
        else:
            out += [A.Inspect(due, m, k) for k in range(len(s.discards))] + [A.Pass(due, m)]
        out += [A.Offer(due, m, A.Bribe(gold=x)) for x in range(1, s.gold[m] + 1)]
        return out
    bags_open = [s.current] if s.current != -1 else [m for m in s.order if s.handled[m] is None]
    for m in bags_open:
        if s.deputies_mode and m not in s.authority:
            st = s.stances.get(m, [None, None])
            for i, d in enumerate(s.officials):
                if st[i] is None:
                    out += [A.Stance(d, m, True), A.Stance(d, m, False)]
            continue
        actor = actor_for(s, m)
        assert actor is not None  # without Deputies, or once they have spoken
        out += [A.Inspect(actor, m, k) for k in range(len(s.discards))]
        out += [A.Pass(actor, m), A.Threaten(actor, m)]
        out += [A.Offer(actor, m, A.Bribe(gold=x)) for x in range(1, s.gold[m] + 1)]
        out += [A.Offer(m, m, A.Bribe(gold=x)) for x in range(1, s.gold[m] + 1)]  # offered unasked
    return out


# move -> (check, apply): the engine's table of rules is built from these.
HANDLERS: Handlers = {
    A.Stance: (check_stance, apply_stance),
    A.Inspect: (check_inspect, apply_inspect),
    A.Pass: (check_pass, apply_pass),
    A.TimeUp: (check_time_up, apply_time_up),
    **negotiation.HANDLERS,
    **settling.HANDLERS,
}


# phase -> the moves it offers (the engine's legal_actions keeps those its checks allow).
OFFERED: Listers = {INSPECT: offer_inspection}
