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

from dataclasses import dataclass, field, replace
from fractions import Fraction

from sheriff.i18n import _, decimal, ngettext, pgettext
from sheriff.theory.sequence_form import complementarity_program

Num = Fraction | float  # exact (ints and Fractions) or floating; int passes as float for mypy

SMUGGLER, SHERIFF, TERMINAL = 0, 1, -1
PLAYER_NAMES = ("Smuggler", "Sheriff")


@dataclass(frozen=True)
class SheriffParams:
    """The six parameters of OpenSpiel's ``sheriff`` game, with its defaults."""

    item_penalty: Num = 2
    item_value: Num = 1
    sheriff_penalty: Num = 3
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

    def payoff(self, items: int, bribe: int, inspect: bool) -> tuple[Num, Num]:
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
        sher_sets = sum(bribes ** (r + 1) * 2**r for r in range(rounds))
        return {
            "terminals": items * (2 * bribes) ** rounds,
            "infosets": (smug_sets, sher_sets),
            "sequences": (1 + items + bribes * (smug_sets - 1), 1 + 2 * sher_sets),
        }


@dataclass
class Infoset:
    """An information set: the nodes a player cannot tell apart, and his actions there."""

    player: int
    key: tuple  # what the player has seen (see ``infoset_key``)
    actions: tuple[str, ...]
    parent_seq: int  # the player's sequence leading here
    first_seq: int  # sequence index of action 0; action a is first_seq + a
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
    payoff: dict[int, tuple[Num, Num]]
    infosets: tuple[list[Infoset], list[Infoset]]
    num_sequences: tuple[int, int]

    def size(self) -> dict[str, int | tuple[int, int]]:
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
    player: list[int] = []
    infoset: list[int] = []
    children: list[tuple[int, ...]] = []
    history: list[tuple[int, ...]] = []
    seq: list[tuple[int, int]] = []
    payoff: dict[int, tuple[Num, Num]] = {}
    sets: tuple[list[Infoset], list[Infoset]] = ([], [])
    index: tuple[dict, dict] = ({}, {})
    nseq = [1, 1]
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
            nseq[who] += n_act
        iset = sets[who][i]
        if iset.parent_seq != seq[v][who]:
            raise AssertionError("imperfect recall")  # cannot happen in this game
        iset.nodes.append(v)
        player[v], infoset[v] = who, i
        kids: list[int] = []
        for a in range(n_act):
            s = list(seq[v])
            s[who] = iset.first_seq + a
            kids.append(add(h + (a,), (s[0], s[1])))
        children[v] = tuple(kids)
        v += 1
    return GameTree(p, player, infoset, children, history, seq, payoff, sets, (nseq[0], nseq[1]))


# --------------------------------------------------------------------------------------
# Strategies, values and best responses: the checker every solver is judged by.
# Arithmetic is generic: Fractions in, exact answers out; floats in, floats out.

Behavior = tuple[list[list[Num]], list[list[Num]]]  # [player][infoset][action]


def realization_plan(tree: GameTree, behavior: list[list[Num]], who: int) -> list[Num]:
    """Sequence weights: the product of the player's own probabilities along the way."""
    x: list[Num] = [0] * tree.num_sequences[who]
    x[0] = 1
    for i, iset in enumerate(tree.infosets[who]):  # created parents-first
        for a, prob in enumerate(behavior[i]):
            x[iset.first_seq + a] = x[iset.parent_seq] * prob
    return x


def behavior_from_plan(tree: GameTree, x, who: int) -> list[list[Num]]:
    """Behaviour strategy from a realization plan (uniform where the plan never arrives)."""
    out: list[list[Num]] = []
    for iset in tree.infosets[who]:
        k = len(iset.actions)
        mass = float(x[iset.parent_seq])
        if mass > 1e-9:
            probs = [max(0.0, float(x[iset.first_seq + a])) for a in range(k)]
            total = sum(probs)
            out.append([q / total for q in probs])
        else:
            out.append([1.0 / k] * k)
    return out


def expected_payoffs(tree: GameTree, behavior: Behavior) -> tuple[Num, Num]:
    x = realization_plan(tree, behavior[0], 0)
    y = realization_plan(tree, behavior[1], 1)
    u0: Num = 0
    u1: Num = 0
    for v, (a, b) in tree.payoff.items():
        w = x[tree.seq[v][0]] * y[tree.seq[v][1]]
        u0 += w * a
        u1 += w * b
    return u0, u1


def best_response_value(tree: GameTree, who: int, opponent: list[Num]) -> Num:
    """Best value ``who`` can get against the opponent's realization plan.

    Backward induction over the player's own information sets (perfect recall makes
    them a tree): each set takes its best action, counting the payoffs that action's
    sequence ends in plus the best values of the sets that follow it.
    """
    direct: list[Num] = [0] * tree.num_sequences[who]
    for v, pay in tree.payoff.items():
        direct[tree.seq[v][who]] += pay[who] * opponent[tree.seq[v][1 - who]]
    below: list[Num] = [0] * tree.num_sequences[who]
    for iset in reversed(tree.infosets[who]):  # children before parents
        below[iset.parent_seq] += max(
            direct[iset.first_seq + a] + below[iset.first_seq + a] for a in range(len(iset.actions))
        )
    return direct[0] + below[0]


def regrets(tree: GameTree, behavior: Behavior) -> tuple[Num, Num]:
    """How much each player could gain by deviating: both 0 exactly at a Nash equilibrium."""
    x = realization_plan(tree, behavior[0], 0)
    y = realization_plan(tree, behavior[1], 1)
    u = expected_payoffs(tree, behavior)
    return best_response_value(tree, 0, y) - u[0], best_response_value(tree, 1, x) - u[1]


def rationalize(behavior: Behavior, max_denominator: int = 1000) -> Behavior:
    """Round every probability to a nearby fraction, keeping each distribution summing to 1."""

    def one(dist: list[Num]) -> list[Num]:
        fr: list[Num] = [Fraction(q).limit_denominator(max_denominator) for q in dist]
        fr[-1] = 1 - sum(fr[:-1])
        return fr

    return [one(d) for d in behavior[0]], [one(d) for d in behavior[1]]


# --------------------------------------------------------------------------------------
# Our own solvers.


@dataclass(frozen=True)
class Solution:
    """An equilibrium with its payoffs and regrets, as judged by ``regrets`` on ``tree``."""

    tree: GameTree
    behavior: Behavior
    payoffs: tuple[Num, Num]
    regrets: tuple[Num, Num]
    method: str

    @property
    def exact(self) -> bool:
        return all(isinstance(r, Fraction) and r == 0 for r in self.regrets)


def _judge(tree: GameTree, behavior: Behavior, method: str) -> Solution:
    """Prefer an exact (rational) version of the profile when it is exactly an equilibrium."""
    exact_beh = rationalize(behavior)
    exact_reg = regrets(tree, exact_beh)
    if all(r == 0 for r in exact_reg):
        return Solution(tree, exact_beh, expected_payoffs(tree, exact_beh), exact_reg, method)
    return Solution(tree, behavior, expected_payoffs(tree, behavior), regrets(tree, behavior), method)


def solve_sequence_form(tree: GameTree, objective: tuple[int, int] | None = None, time_limit: float = 60.0) -> Solution:
    """One Nash equilibrium of any (small) tree, from the sequence form.

    The sequence form (Koller, Megiddo and von Stengel 1996) turns the equilibrium
    conditions into a linear complementarity problem; we solve its complementarity
    with a mixed-integer program, as Sandholm, Gilpin and Conitzer (2005) did for
    pure strategies.  For each player: realization-plan constraints ``E x = e``, and
    for every sequence s the slack ``r_s = (E^T u - A y)_s >= 0`` of the dual of his
    best-response LP.  A binary per sequence allows ``x_s > 0`` or ``r_s > 0``, never
    both; ``u[0]`` is then his equilibrium payoff.  ``objective=(player, +1 | -1)``
    asks for the equilibrium that maximises / minimises that player's payoff (an error
    if that is not proven within ``time_limit``).  Fast for one round; beyond that,
    proving a bound quickly becomes slow (2 rounds, 2 bribes, 2 items: minutes).
    """
    import numpy as np
    from scipy.optimize import Bounds, LinearConstraint, milp

    n0, n1 = tree.num_sequences
    k0, k1 = len(tree.infosets[0]) + 1, len(tree.infosets[1]) + 1
    sizes = [n0, n1, k0, k1, n0, n1]  # variables: x | y | u | v | zx | zy
    offs = np.cumsum([0] + sizes)
    matrix, lb, ub, var_lb, var_ub, integrality = complementarity_program(tree, sizes)
    cost = np.zeros(int(offs[-1]))
    if objective is not None:
        who, sense = objective
        cost[offs[2 + who]] = -float(sense)  # milp minimises
    res = milp(
        cost,
        constraints=LinearConstraint(matrix, lb, ub),
        integrality=integrality,
        bounds=Bounds(var_lb, var_ub),
        options={"time_limit": time_limit},
    )
    if res.x is None or (objective is not None and res.status != 0):
        raise RuntimeError(f"no (optimal) equilibrium found: {res.message}")
    x, y = res.x[offs[0] : offs[1]], res.x[offs[1] : offs[2]]
    beh = (behavior_from_plan(tree, x, 0), behavior_from_plan(tree, y, 1))
    return _judge(tree, beh, "sequence-form MILP")


def payoff_range(tree: GameTree, who: int = SMUGGLER) -> tuple[Solution, Solution]:
    """The equilibria worst and best for ``who``: equilibria need not share payoffs."""
    return solve_sequence_form(tree, (who, -1)), solve_sequence_form(tree, (who, +1))


def lift(tree: GameTree, one_round: Behavior) -> Behavior:
    """Extend a 1-round equilibrium to ``tree``'s rounds as a "babbling" equilibrium.

    In every round but the last the smuggler offers 0 and the Sheriff answers "pass";
    in the last round both play the 1-round equilibrium, ignoring the talk.  Payoffs
    depend only on the items, the last bribe and the last answer, so (a) talk that
    nobody listens to cannot be improved by either side, and (b) the Sheriff's belief
    about the items in the last round is the same as in the 1-round game, so its
    answers stay best responses.  Hence a Nash equilibrium with the 1-round payoffs.
    """
    rounds = tree.params.num_rounds
    load, final_offer = one_round[0][0], one_round[0][1:]  # 1-round: start, loaded n
    answer = one_round[1]  # 1-round: bribe b
    talk_offer: list[Num] = [0] * (tree.params.max_bribe + 1)  # talk: always offer 0
    talk_offer[0] = 1
    smug: list[list[Num]] = []
    for iset in tree.infosets[0]:
        seen = iset.key[1:]
        if not seen:
            smug.append(list(load))
        else:
            smug.append(list(final_offer[seen[0]]) if len(seen) == 2 * rounds - 1 else talk_offer)
    sher = []
    for iset in tree.infosets[1]:
        seen = iset.key[1:]  # bribe, answer, ..., bribe
        sher.append(list(answer[seen[-1]]) if len(seen) == 2 * rounds - 1 else [1, 0])
    return smug, sher


def solve(params: SheriffParams, tree: GameTree | None = None, objective: tuple[int, int] | None = None) -> Solution:
    """One Nash equilibrium of any size: solve the 1-round game exactly, then ``lift`` it.

    ``objective`` picks among the 1-round equilibria (see ``solve_sequence_form``).
    The result is checked (``regrets``) on the full tree, not assumed.
    """
    tree = tree if tree is not None else build_tree(params)
    one = solve_sequence_form(build_tree(replace(params, num_rounds=1)), objective)
    if params.num_rounds == 1:
        return one
    return _judge(tree, lift(tree, one.behavior), "1-round MILP + babbling lift")


# --------------------------------------------------------------------------------------
# Plain-language summary of an equilibrium (for the lesson).


def share(q: Num) -> str:
    """'2/3 (67%)' for an exact probability, '67%' for a float one."""
    pct = f"{float(q) * 100:.0f}%"
    if isinstance(q, Fraction) and q.denominator > 1:
        return f"{q} ({pct})"
    return pct


def _items(n: int) -> str:
    return ngettext("{n} item", "{n} items", n).format(n=n)


def gold(b: int) -> str:
    """'3 gold' with the number's plural form."""
    return ngettext("{n} gold", "{n} gold", b).format(n=b)


def _answer(inspect: int) -> str:
    return pgettext("Sheriff's answer", "inspect") if inspect else pgettext("Sheriff's answer", "pass")


def explain(solution: Solution, threshold: float = 0.005) -> list[str]:
    """Sentences a teacher can read out: what happens with noticeable probability."""
    tree, behavior = solution.tree, solution.behavior
    p = tree.params
    loaded, offer, answer, talk = _outcome_weights(tree, behavior)
    sep = _(", ")
    loads = [(n, q) for n, q in sorted(loaded.items()) if q > threshold]
    lines = [
        _("The smuggler always loads {items}.").format(items=_items(loads[0][0]))
        if len(loads) == 1
        else _("The smuggler loads {choices}.").format(choices=sep.join(f"{_items(n)} {share(q)}" for n, q in loads))
    ]
    if p.num_rounds > 1:
        lines.append(_talk_line(p.num_rounds, talk, threshold))
    lines += _offer_lines(p.max_bribe, loaded, offer, threshold)
    lines += _answer_lines(p, behavior, answer, threshold)
    u0, u1 = solution.payoffs
    lines.append(
        _("On average the smuggler gains {smuggler} and the Sheriff {sheriff} per game.").format(
            smuggler=decimal(u0), sheriff=decimal(u1)
        )
    )
    return lines


def _outcome_weights(tree: GameTree, behavior: Behavior):
    """The probabilities ``explain`` reads out: of each load, each (load, final bribe), each
    final bribe's [pass, inspect] answers, and each first-round (bribe, answer) if any talk."""
    x = realization_plan(tree, behavior[0], 0)
    y = realization_plan(tree, behavior[1], 1)
    loaded: dict[int, Num] = {}
    offer: dict[tuple[int, int], Num] = {}  # (items, final bribe) -> probability
    answer: dict[int, list[Num]] = {}  # final bribe -> [pass, inspect]
    talk: dict[tuple[int, int], Num] = {}  # first-round (bribe, answer), if any talk
    for v in tree.payoff:
        h = tree.history[v]
        w = x[tree.seq[v][0]] * y[tree.seq[v][1]]
        if not w:
            continue
        n, b, said = h[0], h[-2], h[-1]
        loaded[n] = loaded.get(n, 0) + w
        offer[n, b] = offer.get((n, b), 0) + w
        answer.setdefault(b, [0, 0])[said] += w
        if tree.params.num_rounds > 1:
            talk[h[1], h[2]] = talk.get((h[1], h[2]), 0) + w
    return loaded, offer, answer, talk


def _talk_line(rounds: int, talk: dict[tuple[int, int], Num], threshold: float) -> str:
    """What is said in round 1 when the rounds before the last are only talk."""
    heard = [(b, _answer(a), q) for (b, a), q in sorted(talk.items()) if q > threshold]
    if len(heard) == 1:
        return _(
            "Every round before round {last} is only talk. In round 1 he offers {gold} and hears '{answer}'."
        ).format(last=rounds, gold=gold(heard[0][0]), answer=heard[0][1])
    told = _(", ").join(
        _("offers {gold} and hears '{answer}' {share}").format(gold=gold(b), answer=a, share=share(q))
        for b, a, q in heard
    )
    return _("Every round before round {last} is only talk. In round 1 he {choices}.").format(last=rounds, choices=told)


def _offer_lines(
    max_bribe: int, loaded: dict[int, Num], offer: dict[tuple[int, int], Num], threshold: float
) -> list[str]:
    """The smuggler's final offer for each load (one sentence when the offer gives nothing away)."""
    sep = _(", ")
    offers = {}
    for n, q in sorted(loaded.items()):
        if q > threshold:
            dist = [(b, offer[n, b] / q) for b in range(max_bribe + 1) if offer.get((n, b), 0) > threshold]
            offers[n] = (
                _("always {gold}").format(gold=gold(dist[0][0]))
                if len(dist) == 1
                else sep.join(f"{gold(b)} {share(w)}" for b, w in dist)
            )
    if len(offers) > 1 and len(set(offers.values())) == 1:
        return [
            _("Whatever he loaded, his final offer is {offer}, so the offer tells the Sheriff nothing.").format(
                offer=next(iter(offers.values()))
            )
        ]
    return [_("With {items}, his final offer is {offer}.").format(items=_items(n), offer=o) for n, o in offers.items()]


def _answer_lines(p: SheriffParams, behavior: Behavior, answer: dict[int, list[Num]], threshold: float) -> list[str]:
    """How often the Sheriff inspects each final offer made, and (one round) the offers never made."""
    lines = []
    for b, (no, yes) in sorted(answer.items()):
        if no + yes > threshold:
            lines.append(
                _("Offered {gold} in the final round, the Sheriff inspects {share} of the time.").format(
                    gold=gold(b), share=share(yes / (no + yes))
                )
            )
    if p.num_rounds == 1:  # the answers that keep other offers away
        unused = [b for b in range(p.max_bribe + 1) if sum(answer.get(b, [0, 0])) <= threshold]
        if unused:
            threats = _(", ").join(f"{gold(b)}: {share(behavior[1][b][1])}" for b in unused)
            lines.append(
                _("Other offers would not pay him, given how often the Sheriff would inspect them ({threats}).").format(
                    threats=threats
                )
            )
    return lines


def exact(value: Num) -> Fraction:
    """A payoff as an exact fraction (floats via their shortest decimal)."""
    return Fraction(str(value)) if isinstance(value, float) else Fraction(value)


def final_offers(one_round: Solution) -> dict[int, dict[int, Num]]:
    """In a one-round equilibrium: for each load n, the bribe offered -> its probability.

    For a load the equilibrium never makes, the solver's plan there is arbitrary (nothing
    depends on it), so each such load gets instead the smuggler's best offer against the
    Sheriff's equilibrium answers (the smallest, if several tie): a learner can try any load.
    """
    tree, smug = one_round.tree, one_round.behavior[0]
    made = set(loads_made(one_round))
    inspect = inspect_chance(one_round)
    p = tree.params
    out: dict[int, dict[int, Num]] = {}
    for i, iset in enumerate(tree.infosets[SMUGGLER]):
        if len(iset.key) == 2:  # ("S", n): the bribe after loading n
            n = iset.key[1]
            if n in made:
                out[n] = {b: q for b, q in enumerate(smug[i]) if q}
            else:
                gain = {b: (1 - x) * p.payoff(n, b, False)[0] + x * p.payoff(n, b, True)[0] for b, x in inspect.items()}
                out[n] = {min(b for b in gain if gain[b] == max(gain.values())): 1}
    return out


def inspect_chance(one_round: Solution) -> dict[int, Num]:
    """In a one-round equilibrium: offered b gold, how often the Sheriff inspects."""
    tree, sher = one_round.tree, one_round.behavior[SHERIFF]
    return {iset.key[1]: sher[i][1] for i, iset in enumerate(tree.infosets[SHERIFF])}


def loads_made(one_round: Solution, threshold: float = 0.005) -> list[int]:
    """The loads the smuggler makes with noticeable probability in a one-round equilibrium."""
    tree, smug = one_round.tree, one_round.behavior[SMUGGLER]
    root = next(i for i, iset in enumerate(tree.infosets[SMUGGLER]) if len(iset.key) == 1)
    return [n for n, q in enumerate(smug[root]) if q > threshold]
