"""Inspection: what happens to a bag handed back (rule inspect.pass, bribes paid) or opened
(rules inspect.honest and inspect.liar), and when the phase ends."""

from __future__ import annotations

from operator import add, mul

from sheriff import events as E
from sheriff.payments import give_gold, pay
from sheriff.phases.rounds import end_inspection
from sheriff.phases.who_decides import bind, deciders, payee_for
from sheriff.state import (
    BOOTY,
    COMPILED,
    INSPECTED,
    LEGAL_GOODS,
    N_GOODS,
    PASSED,
    PENALTY,
    GameState,
    total,
)


# -- Black Market -----------------------------------------------------------------
def claimable(s: GameState, p: int) -> list[int]:
    if p in s.bm_claimed:
        return []
    return [g for g, pile in s.bm_piles.items() if pile and s.stands[p][g] >= 3]


# -- outcomes ---------------------------------------------------------------------
def close_bag(s: GameState, m: int, how: str) -> None:
    s.handled[m] = how
    s.bags[m] = None
    s.nego = None
    s.current = -1


def maybe_end(s: GameState) -> None:
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
        bind(s.must_inspect, bribe.inspect, who)
        bind(s.must_pass, bribe.let_pass, who)
        s.events.append(E.BribePaid(m, payee, bribe))
        if any(void):
            s.events.append(E.Void(m, tuple(void)))
    st = s.stands[m]
    if COMPILED:  # a new list, as before: compiled, a loop; interpreted, map is quicker
        s.stands[m] = [st[g] + bag[g] for g in range(N_GOODS)]
    else:
        s.stands[m] = list(map(add, st, bag))
    legal, face_down = _face_up(bag)
    s.events.append(E.Passed(m, legal, face_down, tuple(bag)))  # the bag: private to m
    close_bag(s, m, PASSED)
    if s.bm_on and claimable(s, m):
        s.claim_queue.append(m)
    if finish:
        maybe_end(s)


def _face_up(bag: list[int]) -> tuple[tuple[int, ...], int]:
    """A bag handed back: its legal goods by kind (they go face up) and how many other cards (face down)."""
    legal = [0] * N_GOODS
    shown = 0
    for g in LEGAL_GOODS:  # four kinds: cheaper than a pass over every good
        legal[g] = bag[g]
        shown += bag[g]
    return tuple(legal), total(bag) - shown


def honest_shares(owed: int, payers: int) -> tuple[int, ...]:
    """What each of ``payers`` openers pays of an honest bag's penalty ``owed``: a Sheriff all of it, two
    Deputies who open it together half each (2E, 6th Player Rule: Inspection).  Halves are always
    whole (an honest bag holds only legal goods, penalty 2); the first Deputy drawn would pay an odd coin."""
    if payers == 2:
        half = owed // 2
        return (owed - half, half)
    return (owed,)


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
        why = "penalty for opening an honest bag (half)" if len(auth) == 2 else "penalty for opening an honest bag"
        for payer, share in zip(auth, honest_shares(owed, len(auth))):
            pay(s, payer, m, share, why)
    else:
        kept = bag[good]
        stand[good] += kept
        confiscated = bag[:]
        confiscated[good] = 0
        fine = 0
        if COMPILED:  # a loop adds native ints; interpreted, sum(map(...)) is quicker
            for g in range(N_GOODS):
                fine += PENALTY[g] * confiscated[g]
        else:
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
    close_bag(s, m, INSPECTED)
    maybe_end(s)
