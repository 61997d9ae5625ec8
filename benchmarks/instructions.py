"""Five-player bot games to count instructions with callgrind (deterministic, unlike a clock).

    for n in 0 20; do PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        .venv/bin/python benchmarks/instructions.py $n 2>&1 | grep Collected; done

Instructions per game = (second count - first count) / 20: the start-up, the imports and
one warm-up game cancel out.  The games are the 2E games with seeds 0..n-1, as in engine.py.
"""

from __future__ import annotations

import sys

from sheriff.bots import make_bots, play_game
from sheriff.engine import Game
from sheriff.rules import Rules

rules = Rules(edition="2E", players=5)
play_game(Game(rules, seed=1000), make_bots(5, seed=1000))  # warm-up: lazy imports, caches
for seed in range(int(sys.argv[1])):
    play_game(Game(rules, seed=seed), make_bots(5, seed=seed))
