"""Whole games per second with bots (``play_game``: the bots' own moves applied unchecked).

    python benchmarks/engine.py [--games 300] [--runs 7] [--players 3 4 5 6] [--edition 2E] [--checked]

``--checked`` re-checks every move by the rules (``Game.push``), as a move from outside is.

Prints one line per player count: ``players=N games_per_s=X`` (single process,
one core): the best of several runs over the same games (seeds 0, 1, ...), as
``timeit`` reports, because other work on the machine only ever slows a run down;
the median is shown beside it, with the mean number of actions per game.  A line
before them says whether the engine runs compiled (mypyc, see setup.py) or as
plain Python (``SHERIFF_PURE=1 python3 tasks.py build`` switches to plain Python).
"""

from __future__ import annotations

import argparse
import statistics
import time

from sheriff import compiled
from sheriff.bots import make_bots, play_game
from sheriff.engine import Game
from sheriff.rules import Rules


def run(players: int, edition: str, games: int, checked: bool = False) -> tuple[float, int]:
    """Games per second over ``games`` whole games (seeds 0, 1, ...), and the actions they took."""
    rules = Rules(edition=edition, players=players)
    actions = 0
    start = time.perf_counter()
    for seed in range(games):
        g = Game(rules, seed=seed)
        play_game(g, make_bots(players, seed=seed), checked=checked)
        actions += len(g.history)
    return games / (time.perf_counter() - start), actions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=300, help="games per run")
    ap.add_argument("--runs", type=int, default=7, help="runs per player count; the best is reported")
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4, 5, 6])
    ap.add_argument("--edition", default="2E")
    ap.add_argument("--checked", action="store_true", help="re-check every move (Game.push)")
    args = ap.parse_args()
    print("engine: " + ("compiled with mypyc" if compiled.is_compiled() else "plain Python"))
    for n in args.players:
        ed = "2E" if n == 6 else args.edition
        rates = []
        for _ in range(args.runs):
            rate, actions = run(n, ed, args.games, args.checked)
            rates.append(rate)
        print(
            f"players={n} games_per_s={max(rates):.0f}  (best of {args.runs} runs of {args.games} games, "
            f"median {statistics.median(rates):.0f}; edition {ed}, {actions / args.games:.0f} actions/game)"
        )


if __name__ == "__main__":
    main()
