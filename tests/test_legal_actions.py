"""Every move declared in ``sheriff.actions`` is offered by ``Game.legal_actions`` in some seeded game.

A move is declared once (``actions.ACTION_TYPES``) and each phase module lists the moves its phase
offers (its ``OFFERED`` table).  A move declared the documented way but never listed would never
reach bots, random games or the play page; this test notices.  ``offered = False`` marks a move
deliberately left out (AgreeBooty: a side talk between Deputies)."""

from __future__ import annotations

from sheriff import actions as A
from sheriff.bots import make_bots
from sheriff.engine import Game
from sheriff.rules import Rules

# Seeded bot games whose positions reach every kind of decision: both editions, 3-6 players,
# and the variants that bring their own moves (Deputies at six, the time limit, the Black Market).
TABLES = [
    Rules(edition="1E", players=3),
    Rules(edition="1E", players=5, royal_goods=True, time_limit=True),
    Rules(edition="2E", players=4, black_market=True),
    Rules(edition="2E", players=5, time_limit=True, black_market=True, royal_goods=True),
    Rules(edition="2E", players=6),
]


def offered_kinds(rules: Rules, seed: int) -> set[type]:
    """Kinds of move ``legal_actions`` offers at any position of one bot game."""
    g = Game(rules, seed=seed)
    bots = make_bots(rules.players, seed=seed)
    seen: set[type] = set()
    while not g.is_over():
        legal = g.legal_actions()
        seen.update(type(a) for a in legal)
        p = g.to_act
        assert p is not None
        g.push(bots[p].act(g.view(p)))
    return seen


def never_offered(seeds=range(4)) -> list[str]:
    """Moves declared as offered that no seeded game's ``legal_actions`` listed."""
    wanted = {t for t in A.ACTION_TYPES if t.offered}
    seen: set[type] = set()
    for seed in seeds:
        for rules in TABLES:
            seen |= offered_kinds(rules, seed)
        if wanted <= seen:
            break
    return sorted(t.__name__ for t in wanted - seen)


def test_every_declared_move_is_offered_in_some_seeded_game():
    assert never_offered() == [], "declared in sheriff.actions but never offered by legal_actions"


def test_only_side_talk_is_left_out_of_the_listing():
    assert [t.__name__ for t in A.ACTION_TYPES if not t.offered] == ["AgreeBooty"]


def test_a_phase_that_stops_listing_a_move_is_caught(monkeypatch):
    from sheriff import engine
    from sheriff.state import DECLARE

    monkeypatch.setitem(engine.OFFERED, DECLARE, lambda s: [])  # bots still declare; nobody lists it
    assert never_offered(seeds=range(1)) == ["Declare"]
