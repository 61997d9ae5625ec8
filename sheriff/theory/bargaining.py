"""Bribe bargaining: the simplified Sheriff game of Farina, Ling, Fang and Sandholm.

This is the benchmark game of "Correlation in Extensive-Form Games: Saddle-Point
Formulation and Benchmarks" (NeurIPS 2019), the game OpenSpiel ships as
``sheriff``; this module follows OpenSpiel's rules and payoffs exactly.

Game dynamics
-------------
Player 0, the smuggler, secretly loads 0..``max_items`` illegal items into his
cargo.  Then ``num_rounds`` bargaining rounds follow.  In each round the smuggler
offers a bribe 0..``max_bribe`` (public), and the Sheriff, player 1, answers
whether he would inspect.  Only the last round binds: earlier offers and answers
are talk, and the Sheriff may change his mind until then.

Payoffs (smuggler, Sheriff), with ``b`` the last bribe and ``n`` the items:

- not inspected: ``(n * item_value - b, b)``;
- inspected, n = 0: ``(sheriff_penalty, -sheriff_penalty)``;
- inspected, n >= 1: ``(-n * item_penalty, n * item_penalty)``.

Information: the smuggler sees everything; the Sheriff sees the bribes and his
own answers, never ``n``.  So every smuggler node is its own information set,
and a Sheriff information set holds the ``max_items + 1`` nodes that differ only
in ``n``.

Parameters (OpenSpiel's defaults)
---------------------------------
``item_penalty`` 2, ``item_value`` 1, ``sheriff_penalty`` 3, ``max_bribe`` 3,
``max_items`` 3, ``num_rounds`` 4.  Payoff parameters may be ints or Fractions
(exact, as here by default) or floats (as OpenSpiel's doubles).

Size: ``(max_items + 1) * (2 * (max_bribe + 1)) ** num_rounds`` terminal
histories; the 4-round default has 24576.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Real

SMUGGLER, SHERIFF, TERMINAL = 0, 1, -1
PLAYER_NAMES = ("Smuggler", "Sheriff")


@dataclass(frozen=True)
class SheriffParams:
    """The six parameters of OpenSpiel's ``sheriff`` game, with its defaults."""

    item_penalty: Real = 2
    item_value: Real = 1
    sheriff_penalty: Real = 3
    max_bribe: int = 3
    max_items: int = 3
    num_rounds: int = 4

    def __post_init__(self):
        for name in ("item_penalty", "item_value", "sheriff_penalty"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must be >= 0")
        if self.max_bribe < 0:
            raise ValueError("max_bribe must be >= 0")
        if self.max_items < 1:
            raise ValueError("max_items must be >= 1")
        if self.num_rounds < 1:
            raise ValueError("num_rounds must be >= 1")

    def payoff(self, items: int, bribe: int, inspect: bool) -> tuple[Real, Real]:
        """(smuggler, Sheriff) utilities of a terminal history (OpenSpiel's ``Returns``)."""
        if inspect:
            if items > 0:
                return -items * self.item_penalty, items * self.item_penalty
            return self.sheriff_penalty, -self.sheriff_penalty
        return items * self.item_value - bribe, bribe

    def expected_size(self) -> dict[str, int]:
        """Closed-form game size, the quantities of sheriff.h's table.

        Round r (from 0) has ``(I+1) * (2(B+1))**r`` smuggler nodes (each its own
        information set) and ``(B+1)**(r+1) * 2**r`` Sheriff information sets.
        """
        items, bribes, rounds = self.max_items + 1, self.max_bribe + 1, self.num_rounds
        smug_sets = 1 + sum(items * (2 * bribes) ** r for r in range(rounds))
        sher_sets = sum(bribes ** (r + 1) * 2 ** r for r in range(rounds))
        return {
            "terminals": items * (2 * bribes) ** rounds,
            "infosets": (smug_sets, sher_sets),
            "sequences": (1 + items + bribes * (smug_sets - 1), 1 + 2 * sher_sets),
        }


@dataclass
class Infoset:
    player: int
    key: tuple                    # what the player has seen (see ``infoset_key``)
    actions: tuple[str, ...]
    parent_seq: int               # the player's sequence leading here
    first_seq: int                # sequence index of action 0; action a is first_seq + a
    nodes: list[int] = field(default_factory=list)


@dataclass
class GameTree:
    """The whole game tree in flat lists, indexed by node id (root is 0).

    ``history[v]`` is the list of moves so far: the item count, then bribe,
    answer (0 = would not inspect, 1 = would inspect), bribe, answer, ...
    ``seq[v]`` is the pair of sequence indices (the last own action of each
    player on the way to v; 0 is the empty sequence).
    """

    params: SheriffParams
    player: list[int]
    infoset: list[int]
    children: list[tuple[int, ...]]
    history: list[tuple[int, ...]]
    seq: list[tuple[int, int]]
    payoff: dict[int, tuple[Real, Real]]
    infosets: tuple[list[Infoset], list[Infoset]]
    num_sequences: tuple[int, int]
    seq_infoset: tuple[list[int], list[int]]   # sequence -> its infoset (-1 for empty)

    @property
    def terminals(self) -> list[int]:
        return list(self.payoff)

    def size(self) -> dict[str, int]:
        return {
            "terminals": len(self.payoff),
            "infosets": (len(self.infosets[0]), len(self.infosets[1])),
            "sequences": self.num_sequences,
        }


def infoset_key(player: int, history: tuple[int, ...]) -> tuple:
    """What ``player`` knows at ``history``: all of it for the smuggler, all but n for the Sheriff."""
    return ("S",) + history if player == SMUGGLER else ("P",) + history[1:]


def describe_move(player: int, depth: int, action: int) -> str:
    if depth == 0:
        return f"load {action}"
    if player == SMUGGLER:
        return f"bribe {action}"
    return "inspect" if action else "pass"


def build_tree(params: SheriffParams) -> GameTree:
    """Build the tree breadth-first; each node's information set is found by its key."""
    p = params
    player, infoset, children, history, seq = [], [], [], [], []
    payoff: dict[int, tuple[Real, Real]] = {}
    sets: tuple[list[Infoset], list[Infoset]] = ([], [])
    index: tuple[dict, dict] = ({}, {})
    nseq = [1, 1]
    seq_set: tuple[list[int], list[int]] = ([-1], [-1])
    depth_limit = 1 + 2 * p.num_rounds

    def add(h: tuple[int, ...], s: tuple[int, int]) -> int:
        player.append(TERMINAL)
        infoset.append(-1)
        children.append(())
        history.append(h)
        seq.append(s)
        return len(player) - 1

    add((), (0, 0))
    v = 0
    while v < len(player):
        h = history[v]
        if len(h) == depth_limit:
            payoff[v] = p.payoff(h[0], h[-2], bool(h[-1]))
            v += 1
            continue
        who = SHERIFF if h and len(h) % 2 == 0 else SMUGGLER
        n_act = (p.max_items + 1 if not h else p.max_bribe + 1) if who == SMUGGLER else 2
        key = infoset_key(who, h)
        i = index[who].get(key)
        if i is None:
            i = len(sets[who])
            index[who][key] = i
            labels = tuple(describe_move(who, len(h), a) for a in range(n_act))
            sets[who].append(Infoset(who, key, labels, seq[v][who], nseq[who]))
            seq_set[who].extend([i] * n_act)
            nseq[who] += n_act
        iset = sets[who][i]
        if iset.parent_seq != seq[v][who]:
            raise AssertionError("imperfect recall")  # cannot happen in this game
        iset.nodes.append(v)
        player[v], infoset[v] = who, i
        kids = []
        for a in range(n_act):
            s = list(seq[v])
            s[who] = iset.first_seq + a
            kids.append(add(h + (a,), (s[0], s[1])))
        children[v] = tuple(kids)
        v += 1
    return GameTree(p, player, infoset, children, history, seq, payoff, sets,
                    (nseq[0], nseq[1]), seq_set)


# --------------------------------------------------------------------------------------
# Strategies, values and best responses (the checker every solver is judged by).

Behavior = tuple[list[list[float]], list[list[float]]]   # [player][infoset][action]


def realization_plan(tree: GameTree, behavior: list[list[float]], who: int) -> list[float]:
    """Sequence weights: the product of the player's own probabilities along the way."""
    x = [0.0] * tree.num_sequences[who]
    x[0] = 1.0
    for i, iset in enumerate(tree.infosets[who]):   # created parents-first
        for a, prob in enumerate(behavior[i]):
            x[iset.first_seq + a] = x[iset.parent_seq] * prob
    return x


def behavior_from_plan(tree: GameTree, x: list[float], who: int) -> list[list[float]]:
    """Behaviour strategy from a realization plan (uniform where the plan never arrives)."""
    out = []
    for iset in tree.infosets[who]:
        k = len(iset.actions)
        mass = x[iset.parent_seq]
        if mass > 1e-12:
            probs = [max(0.0, x[iset.first_seq + a]) / mass for a in range(k)]
            total = sum(probs)
            out.append([q / total for q in probs])
        else:
            out.append([1.0 / k] * k)
    return out


def expected_payoffs(tree: GameTree, behavior: Behavior) -> tuple[float, float]:
    x = realization_plan(tree, behavior[0], 0)
    y = realization_plan(tree, behavior[1], 1)
    u0 = u1 = 0.0
    for v, (a, b) in tree.payoff.items():
        w = x[tree.seq[v][0]] * y[tree.seq[v][1]]
        u0 += w * float(a)
        u1 += w * float(b)
    return u0, u1


def best_response_value(tree: GameTree, who: int, opponent: list[float]) -> float:
    """Best value ``who`` can get against the opponent's realization plan (by backward induction
    over the player's own information sets, which perfect recall makes a tree)."""
    direct = [0.0] * tree.num_sequences[who]
    for v, pay in tree.payoff.items():
        direct[tree.seq[v][who]] += float(pay[who]) * opponent[tree.seq[v][1 - who]]
    below = [0.0] * tree.num_sequences[who]     # best value of the infosets under each sequence
    for iset in reversed(tree.infosets[who]):   # children before parents
        best = max(direct[iset.first_seq + a] + below[iset.first_seq + a]
                   for a in range(len(iset.actions)))
        below[iset.parent_seq] += best
    return direct[0] + below[0]


def regrets(tree: GameTree, behavior: Behavior) -> tuple[float, float]:
    """How much each player could gain by deviating; both ~0 exactly at a Nash equilibrium."""
    x = realization_plan(tree, behavior[0], 0)
    y = realization_plan(tree, behavior[1], 1)
    u = expected_payoffs(tree, behavior)
    return (best_response_value(tree, 0, y) - u[0], best_response_value(tree, 1, x) - u[1])


# --------------------------------------------------------------------------------------
# Our own solver: the sequence-form complementarity conditions as a mixed-integer LP.

@dataclass(frozen=True)
class Solution:
    behavior: Behavior
    payoffs: tuple[float, float]
    regrets: tuple[float, float]


def solve(tree: GameTree, objective: tuple[int, int] | None = None,
          time_limit: float = 60.0) -> Solution:
    """One Nash equilibrium, via the sequence form (Koller, Megiddo, von Stengel 1996) and
    a mixed-integer program for its complementarity conditions (Sandholm, Gilpin and
    Conitzer 2005, here on sequences instead of pure strategies).

    For each player: realization-plan constraints ``E x = e``, and for every sequence s
    the slack ``r_s = (E^T u - A y)_s >= 0`` of the best-response dual; a binary per
    sequence allows either ``x_s > 0`` or ``r_s > 0``, never both.  ``u[0]`` is then the
    player's equilibrium payoff.  ``objective=(player, +1 | -1)`` picks the equilibrium
    that maximises / minimises that player's payoff; ``None`` takes any.
    """
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import coo_matrix, hstack, vstack

    n0, n1 = tree.num_sequences
    k0, k1 = len(tree.infosets[0]) + 1, len(tree.infosets[1]) + 1
    pays = list(tree.payoff.items())
    lo = min(float(min(a, b)) for _, (a, b) in pays)
    hi = max(float(max(a, b)) for _, (a, b) in pays)
    big = hi - lo + 1.0

    def plan_matrix(who):
        rows, cols, vals = [0], [0], [1.0]
        for i, iset in enumerate(tree.infosets[who], start=1):
            rows.append(i), cols.append(iset.parent_seq), vals.append(-1.0)
            for a in range(len(iset.actions)):
                rows.append(i), cols.append(iset.first_seq + a), vals.append(1.0)
        k, n = len(tree.infosets[who]) + 1, tree.num_sequences[who]
        return coo_matrix((vals, (rows, cols)), shape=(k, n)).tocsr()

    E, F = plan_matrix(0), plan_matrix(1)
    r_, c_ = [tree.seq[v][0] for v, _ in pays], [tree.seq[v][1] for v, _ in pays]
    A = coo_matrix(([float(a) for _, (a, _) in pays], (r_, c_)), shape=(n0, n1)).tocsr()
    B = coo_matrix(([float(b) for _, (_, b) in pays], (r_, c_)), shape=(n0, n1)).tocsr()

    # variable blocks: x | y | u | v | zx | zy
    sizes = [n0, n1, k0, k1, n0, n1]
    offs = np.cumsum([0] + sizes)
    total = int(offs[-1])

    def block(mats):
        """Row block with the given {block index: matrix}; zeros elsewhere."""
        nrows = next(iter(mats.values())).shape[0]
        parts = [mats.get(i, coo_matrix((nrows, s))) for i, s in enumerate(sizes)]
        return hstack(parts)

    from scipy.sparse import identity as eye
    I0, I1 = eye(n0), eye(n1)
    rows = [
        block({0: E}), block({1: F}),                                   # plans
        block({2: E.T, 1: -A}), block({3: F.T, 0: -B.T}),               # slacks >= 0
        block({2: E.T, 1: -A, 4: big * I0}),                            # slack <= M(1-z)
        block({3: F.T, 0: -B.T, 5: big * I1}),
        block({0: I0, 4: -I0}), block({1: I1, 5: -I1}),                 # x <= z
    ]
    e0 = np.zeros(k0); e0[0] = 1
    e1 = np.zeros(k1); e1[0] = 1
    inf = np.inf
    lb = np.concatenate([e0, e1, np.zeros(n0), np.zeros(n1), -inf * np.ones(n0 + n1),
                         -inf * np.ones(n0 + n1)])
    ub = np.concatenate([e0, e1, inf * np.ones(n0 + n1), big * np.ones(n0 + n1),
                         np.zeros(n0 + n1)])
    cons = LinearConstraint(vstack(rows).tocsr(), lb, ub)
    var_lb = np.concatenate([np.zeros(n0 + n1), -inf * np.ones(k0 + k1), np.zeros(n0 + n1)])
    var_ub = np.concatenate([np.ones(n0 + n1), inf * np.ones(k0 + k1), np.ones(n0 + n1)])
    integrality = np.concatenate([np.zeros(n0 + n1 + k0 + k1), np.ones(n0 + n1)])
    c = np.zeros(total)
    if objective is not None:
        who, sense = objective
        c[offs[2 + who]] = -float(sense)        # milp minimises; u[0] of that player
    res = milp(c, constraints=cons, integrality=integrality, bounds=Bounds(var_lb, var_ub),
               options={"time_limit": time_limit, "disp": False})
    if res.x is None:
        raise RuntimeError(f"no equilibrium found: {res.message}")
    z = res.x
    x, y = list(z[offs[0]:offs[1]]), list(z[offs[1]:offs[2]])
    beh = (behavior_from_plan(tree, x, 0), behavior_from_plan(tree, y, 1))
    return Solution(beh, expected_payoffs(tree, beh), regrets(tree, beh))


# --------------------------------------------------------------------------------------
# Plain-language summary of an equilibrium (for the lesson).

def on_path_summary(tree: GameTree, behavior: Behavior, threshold: float = 0.005) -> list[str]:
    """Sentences describing what happens with noticeable probability in the first and last round."""
    p = tree.params
    load = behavior[0][0]
    lines = []
    parts = [f"{n} item{'s' if n != 1 else ''} {q:.0%}" for n, q in enumerate(load) if q > threshold]
    lines.append("The smuggler loads " + ", ".join(parts) + ".")
    # final round: bribe distribution given items, and the Sheriff's answer to each final bribe
    x = realization_plan(tree, behavior[0], 0)
    y = realization_plan(tree, behavior[1], 1)
    reach: dict[int, float] = {}
    final_bribe: dict[tuple[int, int], float] = {}
    inspect_given: dict[int, list[float]] = {}
    for v, _ in tree.payoff.items():
        h = tree.history[v]
        w = x[tree.seq[v][0]] * y[tree.seq[v][1]]
        n, b, insp = h[0], h[-2], h[-1]
        final_bribe[(n, b)] = final_bribe.get((n, b), 0.0) + w
        reach[n] = reach.get(n, 0.0) + w
        acc = inspect_given.setdefault(b, [0.0, 0.0])
        acc[insp] += w
    for n in range(p.max_items + 1):
        if reach.get(n, 0.0) <= threshold:
            continue
        dist = [(b, final_bribe.get((n, b), 0.0) / reach[n]) for b in range(p.max_bribe + 1)]
        offers = ", ".join(f"{b} gold {q:.0%}" for b, q in dist if q > threshold)
        lines.append(f"With {n} item{'s' if n != 1 else ''}, his final offer is: {offers}.")
    for b in range(p.max_bribe + 1):
        no, yes = inspect_given.get(b, [0.0, 0.0])
        if no + yes > threshold:
            lines.append(f"Offered {b} gold in the last round, the Sheriff inspects "
                         f"{yes / (no + yes):.0%} of the time.")
    return lines


def exact(value: Real) -> Fraction:
    """A payoff as an exact fraction (floats via their shortest decimal)."""
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)
