"""The two ways the engine says no.

``IllegalAction``: a move that the rules forbid here.  It names the rule (an id in
``sheriff.rulebook.RULES``), its citation for the game's edition, and a reason a new
player understands.  The state is never changed by a refused action.

``InvalidScenario``: a file or object that cannot be loaded (a saved game, a
scenario, a score sheet); the message names the field at fault.
"""

from __future__ import annotations

from sheriff.i18n import _
from sheriff.rulebook import RULES


def short(v: object, limit: int = 40) -> str:
    """repr() of a user's value, cut to ``limit`` characters (control characters escaped): what a
    refusal quotes of a bad value, however long the value was."""
    r = repr(v)
    return r if len(r) <= limit else r[: limit - 3] + "..."


class IllegalAction(ValueError):
    def __init__(self, rule_id: str, reason: str, edition: str | None = None):
        rule = RULES[rule_id]  # KeyError here is a bug in the engine, not the user's fault
        self.rule_id = rule_id
        self.rule = rule
        self.reason = reason
        self.cite = rule.cite(edition)
        # The reason and citation are in the language spoken when the move was refused.
        super().__init__(_("{reason} (rule {rule}: {cite})").format(reason=reason, rule=rule_id, cite=self.cite))


class InvalidScenario(ValueError):
    def __init__(self, message: str, field: str | None = None):
        self.field = field
        super().__init__(f"{field}: {message}" if field else message)
