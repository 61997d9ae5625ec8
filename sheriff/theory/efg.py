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

from typing import TextIO

from sheriff.theory.bargaining import PLAYER_NAMES, SMUGGLER, TERMINAL, GameTree, Infoset, SheriffParams, exact


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


def _header(p: SheriffParams) -> list[str]:
    title = (
        f"Sheriff bribe bargaining: max_bribe={p.max_bribe} max_items={p.max_items} "
        f"num_rounds={p.num_rounds} item_value={_number(p.item_value)} "
        f"item_penalty={_number(p.item_penalty)} sheriff_penalty={_number(p.sheriff_penalty)}"
    )
    return [
        f"EFG 2 R {_quote(title)} {{ {' '.join(map(_quote, PLAYER_NAMES))} }}",
        _quote("Farina, Ling, Fang, Sandholm (NeurIPS 2019); OpenSpiel 'sheriff'."),
        "",
    ]


def to_efg(tree: GameTree) -> str:
    """The tree as Gambit ``.efg`` text (depth-first, exact payoffs)."""
    lines = _header(tree.params)
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


def write_efg(p: SheriffParams, out: TextIO, chunk: int = 4096) -> None:
    """The same text as ``to_efg(build_tree(p))``, written to ``out`` without building the tree.

    Memory stays small whatever the size: nodes are visited depth-first and written in
    chunks of lines; information-set numbers come in closed form.  ``build_tree`` numbers
    information sets breadth-first, so within one round they follow the lexicographic
    order of what the player has seen: a mixed-radix rank (items, then bribe and answer
    per round) added to the count of earlier rounds' sets.
    """
    items, bribes, rounds = p.max_items + 1, p.max_bribe + 1, p.num_rounds
    smug_off = [1]  # the root is the first smuggler set
    sher_off = [0]
    for r in range(rounds):
        smug_off.append(smug_off[-1] + items * (2 * bribes) ** r)
        sher_off.append(sher_off[-1] + bribes ** (r + 1) * 2**r)
    load_acts = " ".join(_quote(f"load {n}") for n in range(items))
    bribe_acts = " ".join(_quote(f"bribe {b}") for b in range(bribes))

    def pays(n: int) -> list[str]:  # payoffs after n items, by 2 * bribe + answer
        return [
            f"{_number(u)}, {_number(v)}" for b in range(bribes) for a in (0, 1) for u, v in [p.payoff(n, b, bool(a))]
        ]

    buf = _header(p)
    buf.append(f'p "" 1 1 {_quote("start")} {{ {load_acts} }} 0')
    outcome = 0

    def flush() -> None:
        out.write("\n".join(buf) + "\n")
        buf.clear()

    def smuggler(n: int, r: int, rank: int, seen: str, sheriff_rank: int, pay: list[str]) -> None:
        # rank: of (n, b0, a0, ...) in round r; seen: the Sheriff's view so far, as a label prefix
        nonlocal outcome
        label = f"loaded {n}" + (", " + seen if seen else "")
        buf.append(f'p "" 1 {smug_off[r] + rank + 1} {_quote(label)} {{ {bribe_acts} }} 0')
        for b in range(bribes):
            key = sheriff_rank * bribes + b
            said = (seen + ", " if seen else "") + f"bribe {b}"
            buf.append(f'p "" 2 {sher_off[r] + key + 1} {_quote(said)} {{ "pass" "inspect" }} 0')
            for a in (0, 1):
                if r + 1 == rounds:
                    outcome += 1
                    buf.append(f't "" {outcome} "" {{ {pay[2 * b + a]} }}')
                else:
                    smuggler(
                        n, r + 1, (rank * bribes + b) * 2 + a, said + (" inspect" if a else " pass"), key * 2 + a, pay
                    )
                if len(buf) >= chunk:
                    flush()

    for n in range(items):
        smuggler(n, 0, n, "", 0, pays(n))
    flush()
