"""Bot games to count instructions with callgrind (deterministic, unlike a clock).

    for n in 0 20; do PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python benchmarks/instructions.py $n --players 5 2>&1 | grep Collected; done

Instructions per game = (second count - first count) / 20: the start-up, the imports and
one warm-up game cancel out.  The games are the 2E games with seeds 0..n-1, as in engine.py;
``--players`` 3 to 6 (default 5).
"""

from __future__ import annotations

import argparse

from sheriff.bots import make_bots, play_game
from sheriff.engine import Game
from sheriff.rules import Rules

ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("games", type=int, help="games after the warm-up one (seeds 0..games-1)")
ap.add_argument("--players", type=int, default=5, choices=range(3, 7), help="players per game (default 5)")
args = ap.parse_args()
rules = Rules(edition="2E", players=args.players)
play_game(Game(rules, seed=1000), make_bots(args.players, seed=1000))  # warm-up: lazy imports, caches
for seed in range(args.games):
    play_game(Game(rules, seed=seed), make_bots(args.players, seed=seed))
