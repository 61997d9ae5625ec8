"""The class games, one module each, and their registry (as the bot styles are in ``sheriff.bots``).

A game is a ``ClassGame`` (``base.py``): its title, parameters and the teacher's fields for them,
its instructions check, the student's choice panel (``form``), what the Sheriff may see, the
outcome, the equilibrium (``prediction``), the coach's choices, and what the statistics and the CSV
count.  Adding a game is one module and one line in ``GAMES`` below; nothing else names a game.
"""

from __future__ import annotations

from sheriff.classroom.class_games import bargain, duel, inspection
from sheriff.classroom.class_games.base import ClassGame, Field, Form, Outcome, Pick, Prediction, Question, Share
from sheriff.classroom.errors import ClassroomError
from sheriff.i18n import _

# The games, by the name stored with a room and its rounds (the teacher's list shows them in this order).
GAMES: dict[str, ClassGame] = {g.name: g for g in (inspection.GAME, duel.GAME, bargain.GAME)}


def get(name: str) -> ClassGame:
    """The game called ``name``; ``ClassroomError`` (``"params"``) if there is none."""
    game = GAMES.get(name)
    if game is None:
        raise ClassroomError(_("There is no class game called “{game}”.").format(game=name), "params")
    return game


__all__ = ["GAMES", "get", "ClassGame", "Field", "Form", "Outcome", "Pick", "Prediction", "Question", "Share"]
