"""Gambit's ``.efg`` text format for the bribe-bargaining tree.

Format (Gambit, "EFG 2 R"): a header ``EFG 2 R "title" { "player 1" "player 2" }``,
a comment string, then one line per node in depth-first order:

- ``p "node" <player> <infoset> "infoset" { "action" ... } <outcome>`` for a decision node;
- ``t "node" <outcome> "outcome" { <payoff 1>, <payoff 2> }`` for a terminal node.

Players and information sets are numbered from 1; outcome 0 means "none".  Every
terminal gets its own outcome.  Payoffs are written exactly (``3``, ``3/4``) so that
pygambit's rational solvers see the same numbers as ours.
"""
from __future__ import annotations

from sheriff.theory.bargaining import PLAYER_NAMES, SMUGGLER, TERMINAL, GameTree, Infoset, exact


def infoset_label(iset: Infoset) -> str:
    """A readable, unique name: what the player has seen so far."""
    seen = list(iset.key[1:])
    parts = []
    if iset.player == SMUGGLER:
        if not seen:
            return "start"
        parts.append(f"loaded {seen.pop(0)}")
    while seen:
        b = seen.pop(0)
        parts.append(f"bribe {b}" + (f" {'inspect' if seen.pop(0) else 'pass'}" if seen else ""))
    return ", ".join(parts)


def _number(value) -> str:
    f = exact(value)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_efg(tree: GameTree) -> str:
    """The tree as Gambit ``.efg`` text (depth-first, exact payoffs)."""
    p = tree.params
    title = (f"Sheriff bribe bargaining: max_bribe={p.max_bribe} max_items={p.max_items} "
             f"num_rounds={p.num_rounds} item_value={_number(p.item_value)} "
             f"item_penalty={_number(p.item_penalty)} sheriff_penalty={_number(p.sheriff_penalty)}")
    lines = [f"EFG 2 R {_quote(title)} {{ {' '.join(map(_quote, PLAYER_NAMES))} }}",
             _quote("Farina, Ling, Fang, Sandholm (NeurIPS 2019); OpenSpiel 'sheriff'."), ""]
    labels = tuple([_quote(infoset_label(s)) for s in sets] for sets in tree.infosets)
    actions = tuple([" ".join(map(_quote, s.actions)) for s in sets] for sets in tree.infosets)
    outcome = 0
    stack = [0]
    while stack:
        v = stack.pop()
        who = tree.player[v]
        if who == TERMINAL:
            outcome += 1
            a, b = tree.payoff[v]
            lines.append(f't "" {outcome} "" {{ {_number(a)}, {_number(b)} }}')
            continue
        i = tree.infoset[v]
        lines.append(f'p "" {who + 1} {i + 1} {labels[who][i]} {{ {actions[who][i]} }} 0')
        stack.extend(reversed(tree.children[v]))
    return "\n".join(lines) + "\n"
