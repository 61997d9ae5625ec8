"""The sequence form of a bribe-bargaining tree as a mixed-integer program (the matrices that
``bargaining.solve_sequence_form`` hands to SciPy's ``milp``)."""

from __future__ import annotations

# ``tree`` is a ``bargaining.GameTree``, left unannotated: importing it here, even for the
# type checker only, would be an import cycle (tests/test_imports.py)


def plan_matrix(tree, who: int):
    """The realization-plan constraints ``E x = e`` of one player, as a sparse matrix."""
    from scipy.sparse import coo_matrix

    rows, cols, vals = [0], [0], [1.0]
    for i, iset in enumerate(tree.infosets[who], start=1):
        rows += [i]
        cols += [iset.parent_seq]
        vals += [-1.0]
        for a in range(len(iset.actions)):
            rows += [i]
            cols += [iset.first_seq + a]
            vals += [1.0]
    shape = (len(tree.infosets[who]) + 1, tree.num_sequences[who])
    return coo_matrix((vals, (rows, cols)), shape=shape).tocsr()


def complementarity_program(tree, sizes: list[int]):
    """The MILP of ``bargaining.solve_sequence_form``: its constraint matrix, their bounds, the
    variables' bounds and which variables are binary (``sizes``: x | y | u | v | zx | zy)."""
    import numpy as np
    from scipy.sparse import coo_matrix, hstack, identity, vstack

    n0, n1, k0, k1 = sizes[:4]
    pays = [(v, float(a), float(b)) for v, (a, b) in tree.payoff.items()]
    big = max(max(a, b) for _, a, b in pays) - min(min(a, b) for _, a, b in pays) + 1.0
    E, F = plan_matrix(tree, 0), plan_matrix(tree, 1)
    r_, c_ = [tree.seq[v][0] for v, _, _ in pays], [tree.seq[v][1] for v, _, _ in pays]
    A = coo_matrix(([a for _, a, _ in pays], (r_, c_)), shape=(n0, n1)).tocsr()
    B = coo_matrix(([b for _, _, b in pays], (r_, c_)), shape=(n0, n1)).tocsr()

    def row(blocks):
        height = next(iter(blocks.values())).shape[0]
        return hstack([blocks.get(i, coo_matrix((height, n))) for i, n in enumerate(sizes)])

    I0, I1 = identity(n0), identity(n1)
    matrix = vstack(
        [
            row({0: E}),
            row({1: F}),  # realization plans
            row({2: E.T, 1: -A}),
            row({3: F.T, 0: -B.T}),  # slacks >= 0 ...
            row({2: E.T, 1: -A, 4: big * I0}),  # ... and <= big * (1 - z)
            row({3: F.T, 0: -B.T, 5: big * I1}),
            row({0: I0, 4: -I0}),
            row({1: I1, 5: -I1}),  # x <= z
        ]
    ).tocsr()
    e0, e1 = np.eye(1, k0).ravel(), np.eye(1, k1).ravel()
    inf, zeros, ones = np.inf, np.zeros, np.ones
    lb = np.concatenate([e0, e1, zeros(n0 + n1), -inf * ones(2 * (n0 + n1))])
    ub = np.concatenate([e0, e1, inf * ones(n0 + n1), big * ones(n0 + n1), zeros(n0 + n1)])
    var_lb = np.concatenate([zeros(n0 + n1), -inf * ones(k0 + k1), zeros(n0 + n1)])
    var_ub = np.concatenate([ones(n0 + n1), inf * ones(k0 + k1), ones(n0 + n1)])
    integrality = np.concatenate([zeros(n0 + n1 + k0 + k1), ones(n0 + n1)])
    return matrix, lb, ub, var_lb, var_ub, integrality
