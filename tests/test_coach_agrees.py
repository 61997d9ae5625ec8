"""Following the coach never draws its own warning, and the Sheriff's chance is one figure everywhere.

Over seeded bot games in both editions and 3-6 players, at every decision: ``advise(view)``,
then ``warnings(view, advice.move)`` (0 warnings), and for a Sheriff's bag the other of open /
let through, whose warning (if any) must quote the advice's chance of contraband.
"""

from __future__ import annotations

import pytest

from sheriff import actions as A
from sheriff.bots import make_bots
from sheriff.coach import advise, warnings
from sheriff.coach.odds import fraction_text
from sheriff.engine import Game
from sheriff.rules import Rules

TABLES = [("1E", 3), ("1E", 4), ("1E", 5), ("2E", 3), ("2E", 4), ("2E", 5), ("2E", 6)]  # 1E has no 6-player game
GAMES = [(ed, n, seed) for seed in range(9) for ed, n in TABLES]


def _other(move, seat: int):
    if isinstance(move, A.Inspect):
        return A.Pass(seat, move.merchant)
    if isinstance(move, A.Pass):
        return A.Inspect(seat, move.merchant)
    return None


def test_the_games_cover_both_editions_and_every_table_size():
    assert len(GAMES) >= 60
    assert {(ed, n) for ed, n, _s in GAMES} == set(TABLES)


@pytest.mark.slow
def test_following_the_coach_never_draws_its_warning():
    advised = warned = compared = refused_seen = 0
    for edition, n, seed in GAMES:
        g = Game(Rules(edition=edition, players=n), seed=seed)
        bots = make_bots(n, seed=seed)
        while g.to_act is not None:
            p = g.to_act
            v = g.view(p)
            a = advise(v)
            assert a.move is not None and g.is_legal(a.move), (a.move, a.sentence)
            advised += 1
            found = warnings(v, a.move)
            warned += bool(found)
            assert not found, (edition, n, seed, a.move, a.sentence, [w.sentence for w in found])
            alt = _other(a.move, p)
            if alt is not None and g.is_legal(alt):
                nego = v.negotiation()
                refused_seen += nego is not None and nego[1] is None
                for w in warnings(v, alt, a):
                    compared += 1
                    assert w.numbers["smuggle_chance"] == a.numbers["smuggle_chance"]
                    said = fraction_text(a.numbers["smuggle_chance"])
                    assert said in w.sentence and said in a.sentence, (w.sentence, a.sentence)
            g.push(bots[p].act(v))
    print(f"advised {advised}, warned {warned}, chances compared {compared}, refusals {refused_seen}")
    assert warned == 0 and advised > 5000
    assert compared > 100 and refused_seen > 10, (compared, refused_seen)
