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
    try:
        if cards and (min(cards) < 0 or max(cards) >= N_GOODS):
            raise TypeError
        for c in cards:
            k = counts[c] + 1            # a float or a bool-free non-int raises TypeError here
            counts[c] = k
            if k > where[c]:
                raise refuse(s, rule_id, f"{s.names[player]}'s {place} has {where[c]} {GOODS[c].name}, not {cards.count(c)}.")
    except TypeError:
        bad = next((c for c in cards if type(c) is not int or not 0 <= c < N_GOODS), cards)
        raise refuse(s, rule_id, f"{bad!r} is not a goods card.") from None
    return counts


def need_seat(s: GameState, p) -> None:
    if type(p) is not int or not 0 <= p < s.n:
        raise refuse(s, "turn.order", f"There is no player {p!r} at this table.")
