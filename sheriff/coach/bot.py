"""A bot that plays what the coach advises (plain Python: it sits beside the compiled bots).

It has the same face as ``sheriff.bots.Bot`` (``act(view)``, ``last_reason``,
``label``), so tournaments, the play page and replays treat it alike.  Its reason
quotes the coach's own sentences, already whole sentences a learner can read.
"""

from __future__ import annotations

from sheriff.bots import COACH
from sheriff.coach import advise
from sheriff.coach.advice import Advice
from sheriff.i18n import _
from sheriff.views import SeatView
from sheriff.wording import cap


class CoachBot:
    merchant = COACH
    sheriff = COACH

    def __init__(self, seed: int = 0):
        self.seed = seed  # the coach is deterministic; kept for the common bot signature
        self.last_reason = ""
        self.last_advice: Advice | None = None

    @property
    def label(self) -> str:
        return _("coach merchant / coach sheriff")

    def act(self, v: SeatView):
        a = advise(v)
        if a.move is None:
            raise ValueError(f"no move in phase {v.phase}")
        self.last_advice = a
        self.last_reason = cap(
            _("{player} follows the coach's advice: “{advice}”").format(player=v.names[v.seat], advice=a.sentence)
        )
        return a.move


__all__ = ["CoachBot", "COACH"]
