"""The class games as the rest of class mode calls them: by a round's game name, through the
registry (``sheriff.classroom.class_games``, one module per game, where the payloads are described).

Every game has two roles, ``"merchant"`` and ``"sheriff"``.  A refused choice raises
``ClassroomError`` (reason ``"move"``) with the rule's plain sentence.
"""

from __future__ import annotations

from typing import Any

from sheriff.classroom.class_games import GAMES as REGISTRY
from sheriff.classroom.class_games import Outcome, Prediction, get
from sheriff.classroom.class_games.inspection import MAX_FINE, inspection_game, payment

GAMES = tuple(REGISTRY)
ROLES = ("merchant", "sheriff")


def title(game: str) -> str:
    return get(game).title()


def default_params(game: str) -> dict[str, Any]:
    """The parameters a new room starts with."""
    return get(game).default_params()


def check_params(game: str, params: dict[str, Any]) -> dict[str, Any]:
    """The parameters, completed with defaults and checked; ``ClassroomError`` (``"params"``) if not valid."""
    return get(game).check_params(params)


def prediction(game: str, params: dict[str, Any]) -> Prediction:
    """The equilibrium this round's play is compared with."""
    return get(game).prediction(params)


def deal_seed(room_seed: int, number: int, pair: int) -> int:
    """The seed of one pair's deal in one round (the duel's hand, the coach's draws), stable across restarts."""
    return (room_seed * 1_000_003 + number * 1009 + pair) % 2**31


def sheriff_waits(game: str) -> bool:
    """Whether the Sheriff must wait for the merchant's choice or chooses at once."""
    return get(game).sheriff_waits


def merchant_turn(game: str, params: dict[str, Any], seed: int) -> dict[str, Any]:
    return get(game).merchant_turn(params, seed)


def sheriff_sees(game: str, params: dict[str, Any], seed: int, merchant: dict[str, Any] | None) -> dict[str, Any]:
    return get(game).sheriff_sees(params, seed, merchant)


def check_merchant(game: str, params: dict[str, Any], seed: int, payload: dict[str, Any]) -> dict[str, Any]:
    return get(game).check_merchant(params, seed, payload)


def check_sheriff(
    game: str, params: dict[str, Any], seed: int, merchant: dict[str, Any] | None, payload: dict[str, Any]
) -> dict[str, Any]:
    return get(game).check_sheriff(params, seed, merchant, payload)


def resolve(game: str, params: dict[str, Any], seed: int, merchant: dict[str, Any], sheriff: dict[str, Any]) -> Outcome:
    return get(game).resolve(params, seed, merchant, sheriff)


def bot_merchant(game: str, params: dict[str, Any], seed: int) -> dict[str, Any]:
    """The coach's choice for a merchant's empty seat."""
    return get(game).bot_merchant(params, seed)


def bot_sheriff(game: str, params: dict[str, Any], seed: int, merchant: dict[str, Any] | None) -> dict[str, Any]:
    """The coach's choice for a Sheriff's empty seat (it sees only what ``sheriff_sees`` shows)."""
    return get(game).bot_sheriff(params, seed, merchant)


__all__ = [
    "GAMES",
    "ROLES",
    "MAX_FINE",
    "Prediction",
    "Outcome",
    "get",
    "title",
    "default_params",
    "check_params",
    "inspection_game",
    "payment",
    "prediction",
    "deal_seed",
    "merchant_turn",
    "check_merchant",
    "sheriff_sees",
    "sheriff_waits",
    "check_sheriff",
    "resolve",
    "bot_merchant",
    "bot_sheriff",
]
