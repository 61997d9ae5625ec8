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
from tests.test_setup_market import refused

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
            A.ChooseStart(x, 1),
            A.ChooseStart(p, x),
            A.Market(x),
            A.Market(p, (), (), x),
            A.Market(p, (), (x,), 0),
            A.LoadBag(x, (0,)),
            A.Declare(x, 0, 1),
            A.Declare(p, x, 1),
            A.Declare(p, 0, x),
            A.Threaten(x, 1),
            A.Threaten(p, x),
            A.Inspect(x, 1),
            A.Inspect(p, 1, x),
            A.Pass(p, x),
            A.Accept(p, x),
            A.Decline(x, x),
            A.Stance(p, x, True),
            A.Stance(x, 1, x),
            A.Offer(p, x),
            A.Offer(p, 1, x),
            A.Offer(p, 1, Bribe(gold=x)),
            A.Offer(p, 1, Bribe(gold=1, stand=(x,))),
            A.Offer(p, 1, Bribe(gold=1, bag=(x,))),
            A.Offer(p, 1, Bribe(gold=1, inspect=(x,))),
            A.Offer(p, 1, Bribe(gold=1, let_pass=(x,))),
            A.TimeUp(x),
            A.ClaimBlackMarket(p, x),
            A.ClaimBlackMarket(x, 5),
            A.SkipClaim(x),
            A.PayDebt(x, (0,)),
            A.PayDebt(p, (x,)),
            A.AgreeBooty(x, 0, 0),
            A.AgreeBooty(p, x, 0),
            A.AgreeBooty(p, 0, x),
            A.Inspect(p, 1, 0, (x,)),
        ]
    for group in ODD_GROUPS:
        out += [
            A.Market(p, group),
            A.Market(p, (), group, 0),
            A.LoadBag(p, group),
            A.Offer(p, 1, Bribe(gold=1, stand=group)),
            A.Offer(p, 1, Bribe(gold=1, bag=group)),
            A.Offer(p, 1, Bribe(gold=1, inspect=group)),
            A.Offer(p, 1, Bribe(gold=1, let_pass=group)),
            A.PayDebt(p, group),
            A.Inspect(p, 1, 0, group),
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
            try:  # any other exception fails the test, naming the action
                h.push(action)
            except IllegalAction as e:
                refused += 1
                assert e.rule_id and e.cite and e.reason, action
                assert h.state.fingerprint() == before, action
    assert refused > 1000


# -- moves the save format cannot write are refused by rule, so a save never fails --------
def _first(edition, players, phase):
    for g in positions(edition, players):
        if g.phase == phase and (phase != "inspect" or g.state.nego is None):
            return g
    raise AssertionError(phase)


@pytest.mark.parametrize(
    "edition,phase,make,rule,words",
    [
        ("2E", "market_start", lambda g, p: A.ChooseStart(p, True), "turn.order", "There is no player True"),
        (
            "2E",
            "market",
            lambda g, p: A.Market(p, (), (), 2),
            "market.draw_2e",
            "one discard pile (pile 0), not pile 2",
        ),
        ("1E", "market", lambda g, p: A.Market(p, (), (), True), "market.draw_1e", "discard pile 0 or discard pile 1"),
        ("2E", "market", lambda g, p: A.Market(True), "turn.order", "There is no player True"),
        ("2E", "declare", lambda g, p: A.Declare(p, 0, True), "declare.count", "not True"),
        ("2E", "inspect", lambda g, p: A.Offer(p, g.state.order[0], Bribe(gold=True)), "bribe.gold", "whole number"),
        (
            "2E",
            "inspect",
            lambda g, p: A.Offer(p, g.state.order[0], Bribe(gold=1, promise="x" * 201)),
            "deal.binding",
            "at most 200 characters",
        ),
        (
            "2E",
            "inspect",
            lambda g, p: A.Offer(p, g.state.order[0], Bribe(gold=1, bag=(0,) * 6)),
            "bribe.what",
            "cannot pay 6",
        ),
        (
            "2E",
            "inspect",
            lambda g, p: A.Offer(p, g.state.order[0], Bribe(gold=1, inspect=(g.state.order[1],) * 7)),
            "bribe.terms",
            "named once",
        ),
        (
            "1E",
            "inspect",
            lambda g, p: A.Inspect(p, g.state.order[0], True),
            "inspect.confiscate_pile",
            "no discard pile True",
        ),
        (
            "1E",
            "inspect",
            lambda g, p: A.Inspect(p, g.state.order[0], 0, (0,) * 6),
            "inspect.confiscate_order",
            "cannot be followed",
        ),
        (
            "1E",
            "inspect",
            lambda g, p: A.Inspect(p, g.state.order[0], 0, (True,)),
            "inspect.confiscate_order",
            "not a goods card",
        ),
        ("2E", "inspect", lambda g, p: A.PayDebt(p, (0,)), "debt.goods", "owes nothing"),
        ("2E", "inspect", lambda g, p: A.AgreeBooty(p, p, p), "deputies.booty", "six-player"),
    ],
)
def test_moves_a_save_cannot_write_are_refused_in_one_line(edition, phase, make, rule, words):
    g = _first(edition, 4 if edition == "2E" else 3, phase)
    action = make(g, g.to_act)
    e = refused(g, action, rule)
    assert words in e.reason and "\n" not in str(e)


@pytest.mark.parametrize("edition,players", [("2E", 4), ("1E", 3), ("2E", 6)])
def test_every_accepted_move_can_be_saved_and_loaded(edition, players):
    """A fuzzer's odd values: whatever the engine accepts, save_game writes and load_game replays."""
    from sheriff.saved_game import load_game, save_game

    accepted = 0
    for g in positions(edition, players):
        p = g.to_act if g.to_act is not None else 0
        for action in odd_actions(p):
            h = g.copy()
            try:
                h.push(action)
            except IllegalAction:
                continue
            accepted += 1
            text = save_game(h)
            again = load_game(text)  # lists come back as tuples: compare the JSON
            assert save_game(again) == text, action
            s, t = again.state, h.state
            assert (s.phase, s.gold, s.stands, s.hands, s.deck) == (t.phase, t.gold, t.stands, t.hands, t.deck), action
    assert accepted > 0
