"""Sheriff of Nottingham rules tutor: a pure rules engine for both editions and every official variant.

>>> from sheriff import Game, Rules
>>> Game(Rules(edition="1E", players=3), seed=1).phase
'market'
"""

from sheriff import compiled

compiled.check()  # before any compiled module is loaded

from sheriff import actions  # noqa: E402
from sheriff.cards import GOODS, good_id  # noqa: E402
from sheriff.engine import Game, apply  # noqa: E402
from sheriff.errors import IllegalAction, InvalidScenario  # noqa: E402
from sheriff.rulebook import RULES  # noqa: E402
from sheriff.rules import Rules  # noqa: E402
from sheriff.scoring import score  # noqa: E402

__all__ = [
    "Game",
    "Rules",
    "IllegalAction",
    "InvalidScenario",
    "RULES",
    "GOODS",
    "actions",
    "apply",
    "good_id",
    "score",
]
