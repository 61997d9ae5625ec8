"""Benchmark: build the bribe-bargaining tree and find one Nash equilibrium, ours vs pygambit.

Run: ``.venv/bin/python benchmarks/theory.py``.  For each instance it prints the time to
build the tree, our solver (1-round sequence-form MILP, lifted to all rounds, then an
exact regret check on the whole tree), our generic sequence-form MILP on the whole
tree where it finishes quickly, and pygambit's ``lcp_solve`` (sequence-form Lemke) on
the same ``.efg`` text, all measured in this run.

Instances: max_bribe 3 / max_items 3 for 1 and 2 rounds; 3 rounds uses max_bribe 1 /
max_items 1, because pygambit's solver on the 3-round 3/3 tree (2048 endings) did not
finish within 8 minutes here.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sheriff.theory.bargaining import SheriffParams, build_tree, solve, solve_sequence_form  # noqa: E402
from sheriff.theory.efg import to_efg  # noqa: E402

INSTANCES = [
    (SheriffParams(max_bribe=3, max_items=3, num_rounds=1), True),
    (SheriffParams(max_bribe=3, max_items=3, num_rounds=2), False),  # generic MILP: > 60 s
    (SheriffParams(max_bribe=1, max_items=1, num_rounds=3), True),
]


def timed(fn):
    t = time.perf_counter()
    out = fn()
    return out, time.perf_counter() - t


def main() -> int:
    import numpy  # noqa: F401  (imports outside the timings)
    import scipy.optimize  # noqa: F401

    try:
        from sheriff.theory import gambit

        gambit.read_efg(to_efg(build_tree(SheriffParams(num_rounds=1, max_bribe=0, max_items=1))))
    except ImportError:
        gambit = None
    print(
        "bribe/items/rounds | endings | tree build | ours: 1-round MILP + lift + exact check | "
        "ours: MILP on the whole tree | pygambit: read .efg + lcp_solve  (payoffs: smuggler, Sheriff)"
    )
    for params, generic in INSTANCES:
        name = f"{params.max_bribe}/{params.max_items}/{params.num_rounds}"
        tree, t_build = timed(lambda: build_tree(params))
        ours, t_ours = timed(lambda: solve(params, tree))
        line = (
            f"{name:>5} | {len(tree.payoff):6d} | build {t_build * 1000:7.1f} ms | "
            f"lift {t_ours:6.2f} s -> {_pay(ours.payoffs)}{' exact' if ours.exact else ''}"
        )
        if generic:
            milp, t_milp = timed(lambda: solve_sequence_form(tree))
            line += f" | MILP {t_milp:6.2f} s -> {_pay(milp.payoffs)}"
        else:
            line += " | MILP  skipped (> 60 s)"
        if gambit is not None:
            game, t_read = timed(lambda: gambit.read_efg(to_efg(tree)))
            (beh, pay, regret), t_lcp = timed(lambda: gambit.lcp_equilibrium(tree, game))
            line += f" | read {t_read:5.2f} s + lcp {t_lcp:6.2f} s -> {_pay(pay)}"
        else:
            line += " | pygambit not installed"
        print(line, flush=True)
    return 0


def _pay(p) -> str:
    return "(" + ", ".join(f"{float(u):.4f}" for u in p) + ")"


if __name__ == "__main__":
    raise SystemExit(main())
