"""Checks shared by every phase."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sheriff.cards import GOODS, N_GOODS
from sheriff.errors import IllegalAction
from sheriff.state import PHASE_TITLES, GameState

# A phase's table of its moves: move class -> (check, apply).
Rule = Callable[[GameState, Any], None]
Handlers = dict[type, tuple[Rule, Rule]]


def refuse(s: GameState, rule_id: str, reason: str) -> IllegalAction:
    return IllegalAction(rule_id, reason, s.rules.edition)


def need_phase(s: GameState, phase: str, doing: str) -> None:
    if s.phase != phase:
        raise refuse(s, "round.phases",
                     f"{doing} belongs to the {PHASE_TITLES[phase]} phase, but the game is in the "
                     f"{PHASE_TITLES[s.phase]} phase.")


def need_cards(s: GameState, cards, where: list[int], rule_id: str, player: int, place: str = "hand") -> list[int]:
    """Count vector of ``cards``; refuse if they are not all in ``where`` (``player``'s ``place``).

    The refusal message is only formatted when refusing: legal moves stay cheap."""
    need_group(s, cards, rule_id)
    n = N_GOODS
    for c in cards:                   # every card first, so the message names the odd one out
        if type(c) is not int or not 0 <= c < n:
            raise refuse(s, rule_id, f"{c!r} is not a goods card.")
    counts = [0] * n
    for c in cards:
        k = counts[c] + 1
        counts[c] = k
        if k > where[c]:
            held = f"only {where[c]}" if where[c] else "no"       # never "has 0 Silk"
            raise refuse(s, rule_id, f"{s.names[player]}'s {place} has {held} {GOODS[c].name}, not {cards.count(c)}.")
    return counts


def need_group(s: GameState, group, rule_id: str, what: str = "goods cards") -> None:
    """Groups of cards or players come as tuples (lists are accepted too)."""
    if not isinstance(group, (tuple, list)):
        raise refuse(s, rule_id, f"{group!r} is not a group of {what}.")


def need_seat(s: GameState, p) -> None:
    if type(p) is not int or not 0 <= p < s.n:
        raise refuse(s, "turn.order", f"There is no player {p!r} at this table.")
