"""Whole games per second with bots, every action checked by the rules.

    python benchmarks/engine.py [--seconds S] [--players 3 4 5 6] [--edition 2E]

Prints one line per player count: ``players=N games_per_s=X`` (single process,
one core), plus the mean number of actions per game, after a line saying whether
the engine runs compiled (mypyc, see setup.py) or as plain Python
(``SHERIFF_PURE=1 python3 tasks.py build`` switches to plain Python).
"""
from __future__ import annotations

import argparse
import time

from sheriff import compiled
from sheriff.bots import make_bots, play_game
from sheriff.engine import Game
from sheriff.rules import Rules


def run(players: int, edition: str, seconds: float) -> tuple[float, float]:
    rules = Rules(edition=edition, players=players)
    games = actions = 0
    start = time.perf_counter()
    while True:
        g = Game(rules, seed=games)
        play_game(g, make_bots(players, seed=games))
        games += 1
        actions += len(g.history)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, actions / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4, 5, 6])
    ap.add_argument("--edition", default="2E")
    args = ap.parse_args()
    print("engine: " + ("compiled with mypyc" if compiled.is_compiled() else "plain Python"))
    for n in args.players:
        ed = "2E" if n == 6 else args.edition
        rate, per_game = run(n, ed, args.seconds)
        print(f"players={n} games_per_s={rate:.0f}  (edition {ed}, {per_game:.0f} actions/game)")


if __name__ == "__main__":
    main()
