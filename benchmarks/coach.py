"""The coach's bot against the existing bots: its win share over many 4-player games.

    .venv/bin/python benchmarks/coach.py [--games 2000] [--players 4] [--edition 2E] [--seed 0]

Game ``i`` seats the coach's bot (``sheriff.coach.bot``) at seat ``i % players``; the
other seats get existing bot styles (a merchant style and a Sheriff style each) drawn
at random from all nine pairs with ``random.Random(seed + i)``; the first Sheriff moves
round the table every ``players`` games.  A shared victory counts 1/k for each of the k
winners.  Prints the coach's win share with a 95 % confidence interval (normal
approximation over games), its fair share (1 / players), mean scores, the win share
against each opponent style, and the time taken.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from itertools import product

from sheriff import compiled
from sheriff.bots import MERCHANT_STYLES, SHERIFF_STYLES
from sheriff.rules import Rules
from sheriff.tournament import COACH, play_one

EXISTING = list(product(MERCHANT_STYLES, SHERIFF_STYLES))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--edition", default="2E")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    n = args.players
    rules = Rules(edition=args.edition, players=n)
    shares: list[float] = []
    coach_scores: list[int] = []
    other_scores: list[float] = []
    by_style: dict[tuple[str, str], list[float]] = {s: [] for s in EXISTING}
    start = time.perf_counter()
    for i in range(args.games):
        seed = args.seed + i
        rng = random.Random(seed)
        seat = i % n
        styles = [rng.choice(EXISTING) for _ in range(n)]
        styles[seat] = (COACH, COACH)
        g = play_one(rules, styles, seed, first_sheriff=(i // n) % n)
        win = 1 / len(g.winners) if seat in g.winners else 0.0
        shares.append(win)
        totals = [sc.total for sc in g.scores]
        coach_scores.append(totals[seat])
        other_scores.append(statistics.mean(t for p, t in enumerate(totals) if p != seat))
        for st in set(styles) - {(COACH, COACH)}:
            by_style[st].append(win)
    secs = time.perf_counter() - start
    k = len(shares)
    share = statistics.mean(shares)
    half = 1.96 * statistics.stdev(shares) / k**0.5
    print(
        f"engine: {'compiled' if compiled.is_compiled() else 'plain Python'}; {args.edition}, {n} players, "
        f"{k} games in {secs:.0f} s ({secs / k * 1000:.0f} ms a game)"
    )
    print(f"coach win share: {share:.3f}  95% CI [{share - half:.3f}, {share + half:.3f}]  (fair share {1 / n:.3f})")
    print(f"mean score: coach {statistics.mean(coach_scores):.1f}, the other seats {statistics.mean(other_scores):.1f}")
    print("coach win share in games with each existing style at the table:")
    for (m, s), w in by_style.items():
        if w:
            print(f"  {m:>8} merchant / {s:<10} Sheriff: {statistics.mean(w):.3f} over {len(w)} games")


if __name__ == "__main__":
    main()
