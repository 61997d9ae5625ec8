"""Actions built with the wrong types (strings, None, floats, nested groups) are refused
with a rule and a reason, like any illegal move - never a stray TypeError - and the
game is untouched.  Compiled code (setup.py) checks declared types at run time, so this
guards against a check that trusts a field before looking at it."""
from __future__ import annotations

import pytest

from sheriff import actions as A
from sheriff.actions import Bribe
from sheriff.bots import make_bots
from sheriff.engine import Game, to_act
from sheriff.errors import IllegalAction
from sheriff.rules import Rules

ODD = ["x", None, 1.5, True, -1, 99, (0,), [0]]
ODD_GROUPS = [[0], (0.5,), ("apples",), None, 5, (True,), (0, None), "ab", ((0,),)]


def positions(edition: str, players: int):
    """One game's positions: the first of every phase, and the first negotiation."""
    g = Game(Rules(edition=edition, players=players, black_market=edition == "2E"), seed=3)
    bots = make_bots(players, seed=3)
    seen = set()
    while not g.is_over():
        key = "nego" if g.state.nego is not None else g.phase
        if key not in seen:
            seen.add(key)
            yield g.copy()
        p = to_act(g.state)
        g.push(bots[p].act(g.view(p)))


def odd_actions(p: int) -> list:
    out = []
    for x in ODD:
        out += [
            A.ChooseStart(x, 1), A.ChooseStart(p, x), A.Market(x), A.Market(p, (), (), x), A.Market(p, (), (x,), 0),
            A.LoadBag(x, (0,)), A.Declare(x, 0, 1), A.Declare(p, x, 1), A.Declare(p, 0, x),
            A.Threaten(x, 1), A.Threaten(p, x), A.Inspect(x, 1), A.Inspect(p, 1, x), A.Pass(p, x),
            A.Accept(p, x), A.Decline(x, x), A.Stance(p, x, True), A.Stance(x, 1, x), A.Offer(p, x),
            A.Offer(p, 1, x), A.Offer(p, 1, Bribe(gold=x)), A.Offer(p, 1, Bribe(gold=1, stand=(x,))),
            A.Offer(p, 1, Bribe(gold=1, bag=(x,))), A.Offer(p, 1, Bribe(gold=1, inspect=(x,))),
            A.Offer(p, 1, Bribe(gold=1, let_pass=(x,))), A.TimeUp(x), A.ClaimBlackMarket(p, x),
            A.ClaimBlackMarket(x, 5), A.SkipClaim(x),
        ]
    for group in ODD_GROUPS:
        out += [
            A.Market(p, group), A.Market(p, (), group, 0), A.LoadBag(p, group),
            A.Offer(p, 1, Bribe(gold=1, stand=group)), A.Offer(p, 1, Bribe(gold=1, bag=group)),
            A.Offer(p, 1, Bribe(gold=1, inspect=group)), A.Offer(p, 1, Bribe(gold=1, let_pass=group)),
        ]
    return out


@pytest.mark.parametrize("edition,players", [("2E", 4), ("1E", 3), ("2E", 6)])
def test_odd_types_are_refused_by_rule(edition, players):
    refused = 0
    for g in positions(edition, players):
        p = g.to_act if g.to_act is not None else 0
        for action in odd_actions(p):
            h = g.copy()
            before = h.state.fingerprint()
            try:                      # any other exception fails the test, naming the action
                h.push(action)
            except IllegalAction as e:
                refused += 1
                assert e.rule_id and e.cite and e.reason, action
                assert h.state.fingerprint() == before, action
    assert refused > 1000
