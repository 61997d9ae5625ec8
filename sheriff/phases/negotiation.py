"""Inspection: threats and bribes (rules bribe.*, deal.*, negotiation.turn): Threaten, Offer,
Accept, Decline.  The talk about a bag is a ``state.Negotiation`` record."""

from __future__ import annotations

from sheriff import actions as A
from sheriff import events as E
from sheriff.actions import Bribe
from sheriff.i18n import _, ngettext
from sheriff.phases.bag_outcomes import pass_bag
from sheriff.phases.common import Handlers, need_group, not_a_card, refuse
from sheriff.phases.who_decides import (
    actor_for,
    bound_to,
    bound_to_open,
    deciders,
    need_decider,
    need_due,
    need_not_bound_to_open,
    need_open_bag,
)
from sheriff.state import (
    GOODS,
    INSPECTED,
    IS_LEGAL,
    LEGAL_GOODS,
    MAX_DECK,
    N_GOODS,
    GameState,
    negotiation,
)

PROMISE_LIMIT = 200  # characters in a bribe's promise about later rounds (the save format's cap)


# -- Threaten, Offer, Accept, Decline ---------------------------------------------
def check_threaten(s: GameState, a) -> None:
    need_open_bag(s, a, a.merchant)
    need_decider(s, a, a.merchant)
    if s.nego is not None:
        raise refuse(s, "negotiation.turn", _("The negotiation is already under way; make an offer or decide."))


def apply_threaten(s: GameState, a) -> None:
    m = a.merchant
    s.current = m
    s.nego = negotiation(m, None, a.player, m)
    s.events.append(E.Threatened(a.player, m))


def _is_bribe(b) -> bool:
    # A function, not an inline isinstance: that would narrow ``b`` to Bribe, and compiled
    # code would then trust its fields' declared types before they are checked below.
    return isinstance(b, Bribe)


def _check_bribe(s: GameState, m: int, b) -> None:
    if not _is_bribe(b):
        raise refuse(
            s,
            "bribe.what",
            _("{offer} is not a bribe: an offer is gold, goods and terms (a Bribe).").format(offer=repr(b)),
        )
    gold, stand, bag, inspect, let_pass, promise = b.gold, b.stand, b.bag, b.inspect, b.let_pass, b.promise
    for group in (stand, bag, inspect, let_pass):
        need_group(s, group, "bribe.what", "cards or players")
    if b.is_empty():
        raise refuse(s, "bribe.what", _("An offer must contain something; to pay nothing, refuse instead."))
    if type(gold) is not int or gold < 0:
        raise refuse(s, "bribe.gold", _("Gold in a bribe must be a whole number, zero or more."))
    if gold > s.gold[m]:
        raise refuse(
            s,
            "bribe.gold",
            ngettext(
                "{name} holds {gold} gold and cannot promise {offered}.",
                "{name} holds {gold} gold and cannot promise {offered}.",
                s.gold[m],
            ).format(name=s.names[m], gold=s.gold[m], offered=gold),
        )
    if type(promise) is not str or len(promise) > PROMISE_LIMIT:
        raise refuse(
            s,
            "deal.binding",
            _("A promise about later rounds is a short sentence (at most {limit} characters).").format(
                limit=PROMISE_LIMIT
            ),
        )
    if stand != ():  # most bribes are gold only: skip the card checks
        _check_bribe_stand(s, m, stand)
    for c in bag:
        if not (type(c) is int and 0 <= c < N_GOODS):
            raise refuse(s, "bribe.what", not_a_card(c))
    if len(bag) > s.bag_size[m]:
        raise refuse(
            s,
            "bribe.what",
            ngettext(
                "{name}'s bag holds {size} cards, so it cannot pay {paid}.",
                "{name}'s bag holds {size} cards, so it cannot pay {paid}.",
                s.bag_size[m],
            ).format(name=s.names[m], size=s.bag_size[m], paid=len(bag)),
        )
    if inspect != () or let_pass != ():
        _check_bribe_terms(s, m, b)


def _check_bribe_stand(s: GameState, m: int, stand) -> None:
    if len(stand) > MAX_DECK:  # face-down goods that are not there are void, but not without end
        raise refuse(
            s,
            "bribe.what",
            _("The whole game has {total} goods cards; {count} cannot be promised.").format(
                total=MAX_DECK, count=len(stand)
            ),
        )
    public = [0] * N_GOODS
    for c in stand:
        if not (type(c) is int and 0 <= c < N_GOODS):
            raise refuse(s, "bribe.what", not_a_card(c))
        if IS_LEGAL[c]:
            public[c] += 1
    for g in LEGAL_GOODS:
        if public[g] > s.stands[m][g]:
            raise refuse(
                s,
                "bribe.stand",
                ngettext(
                    "Everyone can see {name}'s stand holds {held} {good}, not {promised}.",
                    "Everyone can see {name}'s stand holds {held} {good}, not {promised}.",
                    s.stands[m][g],
                ).format(name=s.names[m], held=s.stands[m][g], good=_(GOODS[g].name), promised=public[g]),
            )


def _check_bribe_terms(s: GameState, m: int, b) -> None:
    """The bribe's promises about other merchants' bags this round."""
    for group, opens in ((b.inspect, True), (b.let_pass, False)):
        for p in group:
            if not (type(p) is int and p in s.order) or p == m:
                raise refuse(
                    s,
                    "bribe.terms",
                    _("The deal can only open another merchant's bag this round.")
                    if opens
                    else _("The deal can only let through another merchant's bag this round."),
                )
            if s.handled[p] is not None:
                says = (
                    _("{name}'s bag has already been inspected.")
                    if s.handled[p] == INSPECTED
                    else _("{name}'s bag has already been passed.")
                )
                raise refuse(s, "bribe.terms", says.format(name=s.names[p]))
    if len(set(b.inspect)) != len(b.inspect) or len(set(b.let_pass)) != len(b.let_pass):
        raise refuse(s, "bribe.terms", _("Each bag is named once in a deal's conditions."))
    both = set(b.inspect) & set(b.let_pass)
    if both:
        raise refuse(
            s, "bribe.terms", _("A bag cannot be both opened and let through ({name}).").format(name=s.names[min(both)])
        )
    who = deciders(s, m)
    if any(bound_to(s.must_pass, p, who) for p in b.inspect) or any(
        bound_to(s.must_inspect, p, who) for p in b.let_pass
    ):
        raise refuse(s, "deal.binding", _("That contradicts a deal already struck this round."))


def check_offer(s: GameState, a) -> None:
    m = a.merchant
    need_open_bag(s, a, m)
    if a.player == m:
        nego = s.nego
        if nego is None:  # an unprompted offer opens the talk about this bag
            _need_free_table(s, m)
        elif nego.merchant != m:
            raise refuse(
                s,
                "inspect.one_at_a_time",
                _("{name}'s bag is being negotiated; wait until it is settled.").format(name=s.names[nego.merchant]),
            )
        else:
            need_due(s, a, m)
    else:
        need_decider(s, a, m)
        need_not_bound_to_open(s, m)
    _check_bribe(s, m, a.bribe)


def _need_free_table(s: GameState, m: int) -> None:
    """A merchant may offer before being asked, once nobody else's bag is on the table."""
    if s.current not in (-1, m):
        raise refuse(
            s,
            "inspect.one_at_a_time",
            _("{name}'s bag is being dealt with; wait until it is settled.").format(name=s.names[s.current]),
        )
    if actor_for(s, m) is None:
        raise refuse(
            s,
            "negotiation.turn",
            _("Both Deputies must first say whether they suspect {name}; then offer.").format(name=s.names[m]),
        )
    need_not_bound_to_open(s, m)


def apply_offer(s: GameState, a) -> None:
    p, m, bribe = a.player, a.merchant, a.bribe
    other = actor_for(s, m) if p == m else m
    assert other is not None  # check_offer: the decider is known
    s.current = m
    s.nego = negotiation(m, bribe, p, other)
    s.events.append(E.Offered(p, m, bribe))


def check_accept(s: GameState, a) -> None:
    m = a.merchant
    need_open_bag(s, a, m)
    nego = need_due(s, a, m)
    if nego.offer is None:
        raise refuse(s, "deal.accept", _("There is no offer on the table to accept."))
    if bound_to(s.must_inspect, m, deciders(s, m)):
        raise refuse(s, "deal.binding", bound_to_open(s, m))


def apply_accept(s: GameState, a) -> None:
    m = a.merchant
    nego = s.nego
    assert nego is not None  # check_accept found an offer
    bribe = nego.offer
    s.events.append(E.Deal(a.player, m, bribe))
    pass_bag(s, m, bribe)


def check_decline(s: GameState, a) -> None:
    m = a.merchant
    need_open_bag(s, a, m)
    if a.player != m:
        raise refuse(
            s, "negotiation.turn", _("Only the bag's owner can refuse to pay; the Sheriff answers by deciding.")
        )
    need_due(s, a, m)


def apply_decline(s: GameState, a) -> None:
    m = a.merchant
    actor = actor_for(s, m)
    assert actor is not None  # a negotiation has an official on the other side
    s.nego = negotiation(m, None, m, actor)
    s.events.append(E.Declined(m))


# move -> (check, apply): gathered into the Inspection's table (sheriff.phases.inspection).
HANDLERS: Handlers = {
    A.Threaten: (check_threaten, apply_threaten),
    A.Offer: (check_offer, apply_offer),
    A.Accept: (check_accept, apply_accept),
    A.Decline: (check_decline, apply_decline),
}
