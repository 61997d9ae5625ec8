"""A thin bridge to pygambit, the Python face of Gambit (https://www.gambit-project.org).

Used to check our own results against an independent solver.  pygambit 17 replaced
most of the 16.x object API (players are labels, nodes are histories); each helper
here tries the 17 spelling first and falls back to the 16.x one, so either works.
"""

from __future__ import annotations

import os
import tempfile
from fractions import Fraction

from sheriff.theory.bargaining import Behavior, GameTree
from sheriff.theory.efg import to_efg


def _gbt():
    import pygambit

    return pygambit


def read_efg(text: str):
    """Parse ``.efg`` text with pygambit (through a file, which every version reads)."""
    gbt = _gbt()
    fd, path = tempfile.mkstemp(suffix=".efg")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(text)
        return gbt.read_efg(path) if hasattr(gbt, "read_efg") else gbt.Game.read_game(path)
    finally:
        os.unlink(path)


def count_terminals(game) -> int:
    """Terminal nodes of a pygambit tree."""
    if hasattr(game, "get_histories"):  # 17.x: histories and selectors
        gbt = _gbt()
        frontier: list[tuple[int, ...]] = [()]
        leaves = 0
        while frontier:
            path = frontier.pop()
            acts = game.get_actions(gbt.H.path(*path))
            if not acts:
                leaves += 1
            frontier.extend(path + (a,) for a in acts)
        return leaves
    return sum(1 for node in game.nodes if node.is_terminal) if hasattr(game, "nodes") else _count16(game.root)


def _count16(node) -> int:
    return 1 if node.is_terminal else sum(_count16(c) for c in node.children)


def _player_labels(game) -> list[str]:
    return [p if isinstance(p, str) else p.label for p in game.players]


def _path16(node) -> tuple[str, ...]:
    labels = []
    while node.parent is not None:
        labels.append(node.prior_action.label)
        node = node.parent
    return tuple(reversed(labels))


def _profile_items(game, profile, who: int):
    """(path of action labels to one member node, {action label: probability}) per infoset."""
    labels = _player_labels(game)
    if hasattr(game, "get_histories"):  # 17.x
        for history, mixed in profile[labels[who]]:
            yield tuple(history.actions), dict(iter(mixed))
    else:  # 16.x
        for iset in list(game.players)[who].infosets:
            yield _path16(list(iset.members)[0]), {a.label: profile[a] for a in iset.actions}


def _infoset_at(tree: GameTree, path: tuple[str, ...]) -> tuple[int, int]:
    """(player, infoset index) of the node reached by following action labels from the root."""
    v = 0
    for label in path:
        iset = tree.infosets[tree.player[v]][tree.infoset[v]]
        v = tree.children[v][iset.actions.index(label)]
    return tree.player[v], tree.infoset[v]


def payoffs(game, profile) -> tuple:
    labels = _player_labels(game)
    if hasattr(profile, "payoffs") and not callable(profile.payoffs):  # 17.x
        return tuple(profile.payoffs[p] for p in labels)
    return tuple(profile.payoff(p) for p in game.players)


def lcp_equilibrium(tree: GameTree, game=None, rational: bool = False):
    """pygambit's sequence-form Lemke solver on our ``.efg``: ``(behavior, payoffs, max_regret)``.

    The behaviour is mapped back onto our information sets so that our own checker can
    judge it.
    """
    gbt = _gbt()
    game = game if game is not None else read_efg(to_efg(tree))
    res = gbt.nash.lcp_solve(game, rational=rational)
    profile = res.equilibrium if hasattr(res, "equilibrium") else res.equilibria[0]
    behavior: Behavior = ([[] for _ in tree.infosets[0]], [[] for _ in tree.infosets[1]])  # every infoset filled below
    for who in (0, 1):
        for path, probs in _profile_items(game, profile, who):
            player, i = _infoset_at(tree, path)
            assert player == who
            actions = tree.infosets[who][i].actions
            behavior[who][i] = [_number(probs[a]) for a in actions]
    return behavior, tuple(_number(u) for u in payoffs(game, profile)), _number(profile.max_regret())


def max_regret_of(tree: GameTree, game, behavior: Behavior) -> float:
    """Judge one of our profiles with pygambit: its largest gain from deviating."""
    gbt = _gbt()
    profile = game.mixed_behavior_profile(rational=False)
    if hasattr(game, "get_histories"):  # 17.x
        for who in (0, 1):
            for path, _ in list(_profile_items(game, profile, who)):
                _, i = _infoset_at(tree, path)
                acts = tree.infosets[who][i].actions
                profile[gbt.H.path(*path)] = {a: float(q) for a, q in zip(acts, behavior[who][i])}
    else:  # 16.x
        for who, player in enumerate(game.players):
            for iset in player.infosets:
                _, i = _infoset_at(tree, _path16(list(iset.members)[0]))
                for a, q in zip(iset.actions, behavior[who][i]):
                    profile[a] = float(q)
    return float(profile.max_regret())


def strategic_equilibria(a, b) -> list[tuple[list[Fraction], list[Fraction]]]:
    """All extreme equilibria of a bimatrix game (``enummixed``), as exact fractions."""
    import numpy as np

    gbt = _gbt()
    cls = gbt.StrategicGame if hasattr(gbt, "StrategicGame") else gbt.Game
    game = cls.from_arrays(np.array(a, dtype=object), np.array(b, dtype=object))
    out = []
    for prof in gbt.nash.enummixed_solve(game, rational=True).equilibria:
        mixes: list[list[Fraction]] = []
        for player in game.players:
            if isinstance(player, str):  # 17.x: iterate (label, prob)
                mixes.append([Fraction(str(q)) for _, q in prof[player]])
            else:
                mixes.append([Fraction(str(prof[s])) for s in player.strategies])
        out.append((mixes[0], mixes[1]))  # two players
    return out


def _number(q):
    """pygambit numbers (Rational, Decimal, float) as Python Fractions or floats."""
    if isinstance(q, float):
        return q
    try:
        return Fraction(str(q))
    except (ValueError, TypeError):
        return float(q)
