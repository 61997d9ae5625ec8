"""Test helpers: put chosen cards in a hand or stand by trading them with the deck,
so that every card stays accounted for (the conservation invariant keeps holding)."""

from __future__ import annotations

from sheriff import actions as A
from sheriff.cards import N_GOODS, good_id
from sheriff.engine import Game
from sheriff.rules import Rules
from sheriff.state import LOAD


def cards(*spec) -> tuple[int, ...]:
    """cards("apples", 4, "crossbows") -> (0, 0, 0, 0, 7): a name, optionally followed by a count."""
    out = []
    i = 0
    while i < len(spec):
        counted = i + 1 < len(spec) and isinstance(spec[i + 1], int)
        out += [good_id(spec[i])] * (spec[i + 1] if counted else 1)
        i += 2 if counted else 1
    return tuple(out)


def _take_from_deck(s, g: int) -> None:
    for i in range(len(s.deck) - 1, -1, -1):
        if s.deck[i] == g:
            del s.deck[i]
            return
    for pile in s.discards:
        if g in pile:
            pile.remove(g)
            return
    raise AssertionError(f"no card of good {g} left to rig")


def rig_hand(s, p: int, hand) -> None:
    """Replace player p's hand by ``hand`` (cards), returning the old hand to the deck."""
    for g in range(N_GOODS):
        s.deck.extend([g] * s.hands[p][g])
    s.hands[p] = [0] * N_GOODS
    for g in hand:
        _take_from_deck(s, g)
        s.hands[p][g] += 1


def rig_stand(s, p: int, stand) -> None:
    for g in stand:
        _take_from_deck(s, g)
        s.stands[p][g] += 1


def game_at_load(edition="2E", players=4, seed=1, **variants) -> Game:
    """A game whose Market is done (nobody set anything aside): the merchants are about to load."""
    g = Game(Rules(edition=edition, players=players, **variants), seed=seed)
    s = g.state
    if s.phase == "market_start":
        g.push(A.ChooseStart(s.officials[0], s.order[0]))
    while s.phase == "market":
        g.push(A.Market(g.to_act))
    assert s.phase == LOAD
    return g


def game_at_inspection(
    bags: dict,
    declared: dict | None = None,
    edition="2E",
    players=4,
    seed=1,
    stands: dict | None = None,
    gold: dict | None = None,
    **variants,
) -> Game:
    """Merchants (by seat) load ``bags`` (card tuples) and declare ``declared[seat] = good name``
    (default: the first card's good, with the right count).  Unlisted merchants load one card."""
    g = game_at_load(edition, players, seed, **variants)
    s = g.state
    for p, cs in (stands or {}).items():
        rig_stand(s, p, cs)
    for p, amount in (gold or {}).items():
        s.bank += s.gold[p] - amount  # keep total gold constant for the invariants
        s.gold[p] = amount
    for m in s.order:
        if m in bags:
            rig_hand(s, m, bags[m] + tuple(_filler(s, 6 - len(bags[m]))))
            g.push(A.LoadBag(m, bags[m]))
        else:
            first = next(x for x in range(N_GOODS) if s.hands[m][x])
            g.push(A.LoadBag(m, (first,)))
    for m in s.order:
        bag = s.bags[m]
        if declared and m in declared:
            good = good_id(declared[m])
        else:
            good = next(x for x in range(N_GOODS) if bag[x])
            if good > 3:
                good = 0
        g.push(A.Declare(m, good, s.bag_size[m]))
    assert s.phase == "inspect"
    return g


def _filler(s, k):
    # cheapest cards still in the deck, to top a rigged hand up to size
    return [c for c in s.deck[-k:]] if k > 0 else []
