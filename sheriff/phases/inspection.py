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

from operator import add, mul

from sheriff import actions as A
from sheriff import events as E
from sheriff.actions import Bribe
from sheriff.cards import GOODS, IS_LEGAL, LEGAL_GOODS, MAX_DECK, N_GOODS, PENALTY, counts_to_list
from sheriff.i18n import N_, _, ngettext
from sheriff.payments import debt_options, give_gold, goods_fault, pay, settle_goods
from sheriff.phases.common import Handlers, Listers, need_cards, need_group, need_phase, need_seat, not_a_card, refuse
from sheriff.phases.rounds import end_inspection
from sheriff.state import BOOTY, INSPECT, INSPECTED, PASSED, GameState, Negotiation

PROMISE_LIMIT = 200  # characters in a bribe's promise about later rounds (the save format's cap)


# -- who may act for a bag --------------------------------------------------------
def actor_for(s: GameState, m: int) -> int | None:
    """The player who decides about ``m``'s bag (None: Deputies have not both spoken)."""
    if not s.deputies_mode:
        return s.officials[0]
    auth = s.authority.get(m)
    return auth[0] if auth else None


def payee_for(s: GameState, m: int) -> int:
    if not s.deputies_mode:
        return s.officials[0]
    auth = s.authority[m]
    return BOOTY if len(auth) == 2 else auth[0]


def to_act(s: GameState) -> int | None:
    if s.debts:
        return s.debts[0].debtor
    if s.claim_queue:
        return s.claim_queue[0]
    if s.nego is not None:
        return s.nego.due
    if s.deputies_mode and s.current != -1:
        st = s.stances.get(s.current, [None, None])
        for i, d in enumerate(s.officials):
            if st[i] is None:
                return d
        return actor_for(s, s.current)
    return s.officials[0]


# -- who is bound by a deal (rule deal.binding) -----------------------------------
def deciders(s: GameState, m: int) -> tuple[int, ...]:
    """The officials who decide about ``m``'s bag, and so make and are bound by its deals."""
    if not s.deputies_mode:
        return s.officials[:1]
    return s.authority.get(m, ())


def bound_to(table: dict[int, tuple[int, ...]], m: int, who: tuple[int, ...]) -> bool:
    """Does a deal in ``table`` (must_inspect or must_pass) bind one of ``who`` about ``m``'s bag?"""
    parties = table.get(m)
    if parties is None:
        return False
    for p in who:
        if p in parties:
            return True
    return False


def _bind(table: dict[int, tuple[int, ...]], bags, who: tuple[int, ...]) -> None:
    for p in bags:
        table[p] = tuple(sorted(set(table.get(p, ())) | set(who)))


# -- common checks ----------------------------------------------------------------
def _need_no_debt(s: GameState) -> None:
    if s.debts:
        who = s.debts[0].debtor
        raise refuse(
            s, "debt.goods", _("{name} must first choose the stand goods that pay the debt.").format(name=s.names[who])
        )


def _need_open_bag(s: GameState, a, m) -> None:  # m: as given, not yet checked
    if s.phase != INSPECT:
        need_phase(s, INSPECT, N_("That"))
    if type(m) is not int or not 0 <= m < s.n or type(a.player) is not int or not 0 <= a.player < s.n:
        need_seat(s, a.player)
        need_seat(s, m)
    if s.debts:
        _need_no_debt(s)
    if s.claim_queue:
        raise refuse(s, "black_market.claim", _claim_first(s))
    if m not in s.order:
        raise refuse(s, "inspect.who", _("{name} carries no bag this round.").format(name=s.names[m]))
    if s.handled[m] is not None:
        says = (
            _("{name}'s bag has already been inspected; that choice is final.")
            if s.handled[m] == INSPECTED
            else _("{name}'s bag has already been passed; that choice is final.")
        )
        raise refuse(s, "inspect.final", says.format(name=s.names[m]))


def _need_decider(s: GameState, a, m: int) -> None:
    """``a.player`` must be the one who decides about ``m``'s bag right now."""
    if s.deputies_mode and m not in s.authority:
        if a.player in s.officials:
            raise refuse(
                s,
                "deputies.stance",
                _("Both Deputies must first say whether they suspect {name}.").format(name=s.names[m]),
            )
    actor = actor_for(s, m)
    if a.player != actor:
        if actor is not None:
            says = _("{boss} decides about {name}'s bag, not {other}.")
        elif s.deputies_mode:
            says = _("The Deputies decide about {name}'s bag, not {other}.")
        else:
            says = _("The Sheriff decides about {name}'s bag, not {other}.")
        raise refuse(
            s,
            "inspect.who",
            says.format(boss=s.names[actor] if actor is not None else "", name=s.names[m], other=s.names[a.player]),
        )
    if s.current not in (-1, m):
        raise refuse(
            s,
            "inspect.one_at_a_time",
            _("{name}'s bag is still being dealt with; finish it first.").format(name=s.names[s.current]),
        )
    if s.nego is not None and s.nego.due != a.player:
        raise refuse(s, "negotiation.turn", _("{name} has not answered yet.").format(name=s.names[s.nego.due]))


def _need_due(s: GameState, a, m: int) -> Negotiation:
    nego = s.nego
    if nego is None or nego.merchant != m:
        raise refuse(s, "negotiation.turn", _("Nobody is negotiating over {name}'s bag.").format(name=s.names[m]))
    if nego.due != a.player:
        raise refuse(
            s,
            "negotiation.turn",
            _("It is {name}'s answer that is awaited, not {other}'s.").format(
                name=s.names[nego.due], other=s.names[a.player]
            ),
        )
    return nego


# -- Stance (six players) ---------------------------------------------------------
def check_stance(s: GameState, a) -> None:
    _need_open_bag(s, a, a.merchant)
    if not s.deputies_mode:
        raise refuse(s, "deputies.stance", _("Stances are for the two Deputies of a six-player game."))
    if a.player not in s.officials:
        raise refuse(s, "deputies.stance", _("{name} is not a Deputy this round.").format(name=s.names[a.player]))
    if s.current not in (-1, a.merchant):
        raise refuse(
            s,
            "inspect.one_at_a_time",
            _("{name}'s bag is still being dealt with; finish it first.").format(name=s.names[s.current]),
        )
    if type(a.inspect) is not bool:
        raise refuse(
            s,
            "deputies.stance",
            _("A stance is yes or no (True or False), not {stance}.").format(stance=repr(a.inspect)),
        )
    st = s.stances.get(a.merchant)
    if st is not None and st[s.officials.index(a.player)] is not None:
        raise refuse(
            s,
            "deputies.stance",
            _("{name} has already taken a stance on {merchant}.").format(
                name=s.names[a.player], merchant=s.names[a.merchant]
            ),
        )
    me = (a.player,)
    if not a.inspect and bound_to(s.must_inspect, a.merchant, me):
        raise refuse(
            s,
            "deal.binding",
            _("{name} took a deal to open {merchant}'s bag and cannot say he would let it pass.").format(
                name=s.names[a.player], merchant=s.names[a.merchant]
            ),
        )
    if a.inspect and bound_to(s.must_pass, a.merchant, me):
        raise refuse(
            s,
            "deal.binding",
            _("{name} took a deal to let {merchant} through and cannot ask to inspect the bag.").format(
                name=s.names[a.player], merchant=s.names[a.merchant]
            ),
        )


def apply_stance(s: GameState, a) -> None:
    m = a.merchant
    st = s.stances.setdefault(m, [None, None])
    st[s.officials.index(a.player)] = a.inspect
    s.current = m
    s.events.append(E.StanceTaken(a.player, m, a.inspect))
    if None in st:
        return
    suspicious = tuple(d for d, want in zip(s.officials, st) if want)
    s.authority[m] = suspicious
    s.events.append(E.Authority(m, suspicious))
    if not suspicious:
        pass_bag(s, m, None)


# -- Threaten, Offer, Accept, Decline ---------------------------------------------
def check_threaten(s: GameState, a) -> None:
    _need_open_bag(s, a, a.merchant)
    _need_decider(s, a, a.merchant)
    if s.nego is not None:
        raise refuse(s, "negotiation.turn", _("The negotiation is already under way; make an offer or decide."))


def apply_threaten(s: GameState, a) -> None:
    m = a.merchant
    s.current = m
    s.nego = Negotiation(m, None, a.player, m)
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
    for group in (b.stand, b.bag, b.inspect, b.let_pass):
        need_group(s, group, "bribe.what", "cards or players")
    if b.is_empty():
        raise refuse(s, "bribe.what", _("An offer must contain something; to pay nothing, refuse instead."))
    if type(b.gold) is not int or b.gold < 0:
        raise refuse(s, "bribe.gold", _("Gold in a bribe must be a whole number, zero or more."))
    if b.gold > s.gold[m]:
        raise refuse(
            s,
            "bribe.gold",
            ngettext(
                "{name} holds {gold} gold and cannot promise {offered}.",
                "{name} holds {gold} gold and cannot promise {offered}.",
                s.gold[m],
            ).format(name=s.names[m], gold=s.gold[m], offered=b.gold),
        )
    if type(b.promise) is not str or len(b.promise) > PROMISE_LIMIT:
        raise refuse(
            s,
            "deal.binding",
            _("A promise about later rounds is a short sentence (at most {limit} characters).").format(
                limit=PROMISE_LIMIT
            ),
        )
    if b.stand != ():  # most bribes are gold only: skip the card checks
        _check_bribe_stand(s, m, b.stand)
    for c in b.bag:
        if not (type(c) is int and 0 <= c < N_GOODS):
            raise refuse(s, "bribe.what", not_a_card(c))
    if len(b.bag) > s.bag_size[m]:
        raise refuse(
            s,
            "bribe.what",
            ngettext(
                "{name}'s bag holds {size} cards, so it cannot pay {paid}.",
                "{name}'s bag holds {size} cards, so it cannot pay {paid}.",
                s.bag_size[m],
            ).format(name=s.names[m], size=s.bag_size[m], paid=len(b.bag)),
        )
    if b.inspect != () or b.let_pass != ():
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
    _need_open_bag(s, a, m)
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
            _need_due(s, a, m)
    else:
        _need_decider(s, a, m)
        _need_not_bound_to_open(s, m)
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
    _need_not_bound_to_open(s, m)


def _need_not_bound_to_open(s: GameState, m: int) -> None:
    """No bribe talk about a bag a deal this round has promised to open (the decider is known)."""
    if bound_to(s.must_inspect, m, deciders(s, m)):
        raise refuse(s, "deal.binding", _bound_to_open(s, m))


def _bound_to_open(s: GameState, m: int) -> str:
    actor = actor_for(s, m)
    if actor is None:
        return _("A deal already binds the Deputies to open {name}'s bag, whatever is offered.").format(name=s.names[m])
    return _("A deal already binds {boss} to open {name}'s bag, whatever is offered.").format(
        boss=s.names[actor], name=s.names[m]
    )


def _struck_to_open(s: GameState, m: int) -> str:
    actor = actor_for(s, m)
    if actor is None:
        return _("A deal struck this round binds the Deputies to open {name}'s bag.").format(name=s.names[m])
    return _("A deal struck this round binds {boss} to open {name}'s bag.").format(boss=s.names[actor], name=s.names[m])


def _claim_first(s: GameState) -> str:
    return _("{name} must first say whether to claim a Black Market card.").format(name=s.names[s.claim_queue[0]])


def apply_offer(s: GameState, a) -> None:
    m = a.merchant
    other = actor_for(s, m) if a.player == m else m
    assert other is not None  # check_offer: the decider is known
    s.current = m
    s.nego = Negotiation(m, a.bribe, a.player, other)
    s.events.append(E.Offered(a.player, m, a.bribe))


def check_accept(s: GameState, a) -> None:
    m = a.merchant
    _need_open_bag(s, a, m)
    nego = _need_due(s, a, m)
    if nego.offer is None:
        raise refuse(s, "deal.accept", _("There is no offer on the table to accept."))
    if bound_to(s.must_inspect, m, deciders(s, m)):
        raise refuse(s, "deal.binding", _bound_to_open(s, m))


def apply_accept(s: GameState, a) -> None:
    m = a.merchant
    nego = s.nego
    assert nego is not None  # check_accept found an offer
    bribe = nego.offer
    s.events.append(E.Deal(a.player, m, bribe))
    pass_bag(s, m, bribe)


def check_decline(s: GameState, a) -> None:
    m = a.merchant
    _need_open_bag(s, a, m)
    if a.player != m:
        raise refuse(
            s, "negotiation.turn", _("Only the bag's owner can refuse to pay; the Sheriff answers by deciding.")
        )
    _need_due(s, a, m)


def apply_decline(s: GameState, a) -> None:
    m = a.merchant
    actor = actor_for(s, m)
    assert actor is not None  # a negotiation has an official on the other side
    s.nego = Negotiation(m, None, m, actor)
    s.events.append(E.Declined(m))


# -- Inspect and Pass -------------------------------------------------------------
def check_inspect(s: GameState, a) -> None:
    m = a.merchant
    _need_open_bag(s, a, m)
    _need_decider(s, a, m)
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
    _need_open_bag(s, a, m)
    _need_decider(s, a, m)
    if bound_to(s.must_inspect, m, deciders(s, m)):
        raise refuse(s, "deal.binding", _struck_to_open(s, m))


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
    _need_no_debt(s)
    if s.claim_queue:
        raise refuse(s, "black_market.claim", _claim_first(s))


def apply_time_up(s: GameState, a) -> None:
    s.events.append(E.TimeRanOut())
    s.nego = None
    s.current = -1
    for m in s.order:
        if s.handled[m] is None:
            if s.deputies_mode and m not in s.authority:
                s.authority[m] = ()
            pass_bag(s, m, None, finish=False)
    _maybe_end(s)


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
    _maybe_end(s)


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


# -- Black Market -----------------------------------------------------------------
def claimable(s: GameState, p: int) -> list[int]:
    if p in s.bm_claimed:
        return []
    return [g for g, pile in s.bm_piles.items() if pile and s.stands[p][g] >= 3]


def check_claim(s: GameState, a) -> None:
    need_phase(s, INSPECT, N_("A Black Market claim"))
    need_seat(s, a.player)
    _need_no_debt(s)
    if not s.claim_queue or s.claim_queue[0] != a.player:
        raise refuse(
            s, "black_market.claim", _("A Black Market claim is made right after your own bag is handed back unopened.")
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
    _maybe_end(s)


def check_skip(s: GameState, a) -> None:
    need_phase(s, INSPECT, N_("Skipping a claim"))
    _need_no_debt(s)
    if not s.claim_queue or s.claim_queue[0] != a.player:
        raise refuse(s, "black_market.claim", _("There is no Black Market claim waiting for this player."))


def apply_skip(s: GameState, a) -> None:
    s.claim_queue.pop(0)
    _maybe_end(s)


# -- outcomes ---------------------------------------------------------------------
def _close(s: GameState, m: int, how: str) -> None:
    s.handled[m] = how
    s.bags[m] = None
    s.nego = None
    s.current = -1


def _maybe_end(s: GameState) -> None:
    if not s.claim_queue and not s.debts and s.handled.count(None) == len(s.officials):  # every bag dealt with
        end_inspection(s)


def pass_bag(s: GameState, m: int, bribe, finish: bool = True) -> None:
    """Rule inspect.pass (and deal.void_goods for a bribe's missing goods)."""
    bag = s.bags[m]
    assert bag is not None  # an open bag: checked before any outcome
    if bribe is not None:
        payee = payee_for(s, m)
        if bribe.gold:
            give_gold(s, m, payee, bribe.gold)
        void = [0] * N_GOODS
        dst = s.booty if payee == BOOTY else s.stands[payee]
        for src, cards in ((s.stands[m], bribe.stand), (bag, bribe.bag)):
            for c in cards:
                if src[c] > 0:
                    src[c] -= 1
                    dst[c] += 1
                else:
                    void[c] += 1
        who = deciders(s, m)
        _bind(s.must_inspect, bribe.inspect, who)
        _bind(s.must_pass, bribe.let_pass, who)
        s.events.append(E.BribePaid(m, payee, bribe))
        if any(void):
            s.events.append(E.Void(m, tuple(void)))
    s.stands[m] = list(map(add, s.stands[m], bag))
    legal, face_down = _face_up(bag)
    s.events.append(E.Passed(m, legal, face_down, tuple(bag)))  # the bag: private to m
    _close(s, m, PASSED)
    if s.bm_on and claimable(s, m):
        s.claim_queue.append(m)
    if finish:
        _maybe_end(s)


def _face_up(bag: list[int]) -> tuple[tuple[int, ...], int]:
    """A bag handed back: its legal goods by kind (they go face up) and how many other cards (face down)."""
    legal = [0] * N_GOODS
    shown = 0
    for g in LEGAL_GOODS:  # four kinds: cheaper than a pass over every good
        legal[g] = bag[g]
        shown += bag[g]
    return tuple(legal), sum(bag) - shown


def open_bag(s: GameState, m: int, pile: int, order: tuple[int, ...] = ()) -> None:
    """Rules inspect.honest and inspect.liar (and inspect.confiscate_order: ``order``, see ``Inspect``)."""
    bag = s.bags[m]
    declared = s.declared[m]
    assert bag is not None and declared is not None  # an open, declared bag
    good, count = declared
    stand = s.stands[m]
    if bag[good] == count:
        owed = count * PENALTY[good]
        auth = s.authority[m] if s.deputies_mode else s.officials[:1]
        s.events.append(E.Opened(m, True, tuple(bag), owed))
        stand[good] += count
        if len(auth) == 2:
            half = owed // 2  # always whole: an honest bag holds only legal goods (penalty 2)
            pay(s, auth[0], m, owed - half, "penalty for opening an honest bag (half)")
            pay(s, auth[1], m, half, "penalty for opening an honest bag (half)")
        else:
            pay(s, auth[0], m, owed, "penalty for opening an honest bag")
    else:
        kept = bag[good]
        stand[good] += kept
        confiscated = bag[:]
        confiscated[good] = 0
        fine = sum(map(mul, PENALTY, confiscated))
        dest = s.discards[pile]
        left = confiscated[:]
        planned = []
        for g in order:
            if left[g]:
                left[g] -= 1
                planned.append(g)
        for g, k in enumerate(left):  # what the plan does not reach lies beneath, in catalog order
            if k:
                dest += [g] * k
        dest += planned
        s.events.append(E.Opened(m, False, tuple(bag), fine))
        pay(s, m, payee_for(s, m), fine, "fine for confiscated goods")
    _close(s, m, INSPECTED)
    _maybe_end(s)


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
    A.Threaten: (check_threaten, apply_threaten),
    A.Offer: (check_offer, apply_offer),
    A.Accept: (check_accept, apply_accept),
    A.Decline: (check_decline, apply_decline),
    A.Inspect: (check_inspect, apply_inspect),
    A.Pass: (check_pass, apply_pass),
    A.TimeUp: (check_time_up, apply_time_up),
    A.ClaimBlackMarket: (check_claim, apply_claim),
    A.SkipClaim: (check_skip, apply_skip),
    A.PayDebt: (check_pay_debt, apply_pay_debt),
    A.AgreeBooty: (check_agree_booty, apply_agree_booty),
}
# phase -> the moves it offers (the engine's legal_actions keeps those its checks allow).
OFFERED: Listers = {INSPECT: offer_inspection}
