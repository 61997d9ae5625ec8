"""Whose move it is: one function, read by the engine, the views and the bots."""

from __future__ import annotations

from sheriff.phases import who_decides
from sheriff.state import DECLARE, INSPECT, LOAD, MARKET, MARKET_START, GameState


def to_act(s: GameState) -> int | None:
    """The player whose move it is (during loading, the first merchant still to load)."""
    ph = s.phase
    if ph == MARKET_START:
        return s.officials[0]
    if ph == MARKET:
        return s.market_order[s.turn]
    if ph == LOAD:
        for m in s.order:
            if s.bags[m] is None:
                return m
    if ph == DECLARE:
        return s.order[s.turn]
    if ph == INSPECT:
        return who_decides.to_act(s)
    return None


__all__ = ["to_act"]
