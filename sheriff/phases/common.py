"""Checks shared by every phase."""
from __future__ import annotations

from sheriff.cards import GOODS, N_GOODS
from sheriff.errors import IllegalAction
from sheriff.state import PHASE_TITLES, GameState


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
    counts = [0] * N_GOODS
    for c in cards:
        if type(c) is not int or not 0 <= c < N_GOODS:
            raise refuse(s, rule_id, f"{c!r} is not a goods card.")
        counts[c] += 1
        if counts[c] > where[c]:
            raise refuse(s, rule_id, f"{s.names[player]}'s {place} has {where[c]} {GOODS[c].name}, not {sum(1 for x in cards if x == c)}.")
    return counts


def need_seat(s: GameState, p) -> None:
    if type(p) is not int or not 0 <= p < s.n:
        raise refuse(s, "turn.order", f"There is no player {p!r} at this table.")
