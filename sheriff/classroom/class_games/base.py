"""What every class game fills in (``ClassGame``), and the plain data its parts are made of.

A class game has two roles, ``"merchant"`` and ``"sheriff"``; choices are plain JSON (``payload``),
the form they are stored in.  Everything is pure and deterministic: given a round's parameters, its
deal seed and the pair's two stored choices, the same outcome every time (a result can be recomputed
after a restart).  The pages build their panels from the data here (``Field`` for the teacher's
settings, ``Form`` for a student's choice), so they never ask which game they show.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sheriff.classroom.errors import ClassroomError
from sheriff.i18n import N_, _


@dataclass(frozen=True)
class Prediction:
    """What the theory predicts for a round: the share of merchants who smuggle and of Sheriffs
    who inspect (exact fractions), with sentences a teacher can read out (one a line).  ``None``
    fields: the theory says nothing about that share for this game."""

    smuggle: Fraction | None
    inspect: Fraction | None
    text: str


@dataclass(frozen=True)
class Outcome:
    """A pair's round, resolved: each side's payoff (points) and ``detail``, plain data the pages
    word (stored with the result: ``smuggled``, ``inspected``, ``offered``, ``taken`` and the
    game's own)."""

    merchant: int
    sheriff: int
    detail: dict[str, Any]


@dataclass(frozen=True)
class Share:
    """How a game's results name one of its two shares (N_() strings, shown through _()): the
    results tables' column, the chart's line, and the equilibrium's column and dotted line."""

    column: str
    line: str
    equilibrium: str


# the words of the games whose merchants declare a bag (a false declaration: ``smuggled``), and of
# every game's Sheriffs who inspect
DECLARED_FALSELY = Share(
    N_("false declarations"), N_("merchants who declared falsely"), N_("equilibrium: false declarations")
)
INSPECTED = Share(N_("inspected"), N_("Sheriffs who inspected"), N_("equilibrium: inspect"))


@dataclass(frozen=True)
class Field:
    """One of the teacher's settings for the next rounds: an integer slider (``lo``..``hi``) or,
    with ``options`` (a function: the labels are in the page's language), a drop-down."""

    name: str  # the parameter's key
    label: str  # N_(): shown through _()
    lo: int = 0
    hi: int = 0
    options: Callable[[], list[tuple[str, Any]]] | None = None
    cls: str = ""  # a CSS class for tests and styles


@dataclass(frozen=True)
class Pick:
    """One question of a student's choice: its options as (label, value, CSS class)."""

    key: str  # the payload's key
    label: str
    options: tuple[tuple[str, Any, str], ...]


@dataclass(frozen=True)
class Form:
    """A student's choice panel.  ``kind`` ``"pick"``: ``intro``, the bags to show (``cards``: (label,
    good ids)) and the ``picks``: one pick is a row of buttons that send at once, several are rows of
    toggles and one ``send`` button.  ``kind`` ``"hand"``: the card game's hand (the duel's own panel)."""

    intro: str
    picks: tuple[Pick, ...] = ()
    send: str = ""
    cards: tuple[tuple[str, list[int]], ...] = ()
    kind: str = "pick"


@dataclass(frozen=True)
class Question:
    """A check question: its text, its options, the right option's index (N_() strings)."""

    text: str
    options: tuple[str, ...]
    right: int


class ClassGame:
    """A class game: subclass it, fill the attributes and methods, add it to ``class_games.GAMES``."""

    name: str = ""  # the key stored with a room and its rounds
    title_text: str = ""  # N_()
    check_round: int = 0  # the round number a passed instructions check is stored under (never played)
    sheriff_waits: bool = False  # the Sheriff chooses after the merchant (else both at once)
    has_offers: bool = False  # merchants may offer bribes: the pages count and chart them
    instructions_text: str = ""  # N_(): the paragraph before round 1
    questions: tuple[Question, ...] = ()  # the instructions check: two questions
    fields: tuple[Field, ...] = ()  # the teacher's settings
    csv_columns: tuple[str, ...] = ()  # the choice's own columns in the CSV of choices
    # what the results call the share of merchants ``smuggled`` counts, and of Sheriffs who inspected
    merchant_share: Share = Share("", "", "")
    sheriff_share: Share = Share("", "", "")

    def title(self) -> str:
        return _(self.title_text)

    def instructions(self) -> str:
        return _(self.instructions_text)

    # -- parameters --------------------------------------------------------------------------
    def default_params(self) -> dict[str, Any]:
        raise NotImplementedError

    def check_params(self, params: dict[str, Any]) -> dict[str, Any]:
        """The parameters (completed with defaults) checked; ``ClassroomError`` (``"params"``)."""
        raise NotImplementedError

    def form_values(self, params: dict[str, Any]) -> dict[str, Any]:
        """The teacher's fields' values for stored parameters."""
        return {f.name: params[f.name] for f in self.fields}

    def describe(self, params: dict[str, Any]) -> str:
        """A few words on a round's settings for the round-by-round table ('' for none)."""
        return ""

    def prediction(self, params: dict[str, Any]) -> Prediction:
        raise NotImplementedError

    # -- the round ---------------------------------------------------------------------------
    def merchant_turn(self, params: dict[str, Any], seed: int) -> dict[str, Any]:
        raise NotImplementedError

    def sheriff_sees(self, params: dict[str, Any], seed: int, merchant: dict[str, Any] | None) -> dict[str, Any]:
        """What the Sheriff may know before choosing (never what the merchant hides)."""
        raise NotImplementedError

    def check_merchant(self, params: dict[str, Any], seed: int, payload: Any) -> dict[str, Any]:
        raise NotImplementedError

    def check_sheriff(
        self, params: dict[str, Any], seed: int, merchant: dict[str, Any] | None, payload: Any
    ) -> dict[str, Any]:
        raise NotImplementedError

    def resolve(self, params: dict[str, Any], seed: int, merchant: dict[str, Any], sheriff: dict[str, Any]) -> Outcome:
        raise NotImplementedError

    def bot_merchant(self, params: dict[str, Any], seed: int) -> dict[str, Any]:
        raise NotImplementedError

    def bot_sheriff(self, params: dict[str, Any], seed: int, merchant: dict[str, Any] | None) -> dict[str, Any]:
        raise NotImplementedError

    def form(self, role: str, turn: dict[str, Any]) -> Form:
        """The student's choice panel for ``role`` given its ``turn`` (merchant_turn / sheriff_sees)."""
        raise NotImplementedError

    def told(self, detail: dict[str, Any]) -> str:
        """What the pair's bag was, said to both once the round is resolved ('': the page's own
        words on an honest bag or one not as declared)."""
        return ""

    # -- statistics and the CSV ----------------------------------------------------------------
    def smuggled(self, payload: dict[str, Any]) -> bool:
        """Whether a merchant's stored choice hides something (a bag not as declared, items loaded)."""
        raise NotImplementedError

    def offered(self, payload: dict[str, Any]) -> bool:
        return False

    @staticmethod
    def pass_or_inspect(payload: Any) -> str:
        """The Sheriff's choice in the games with a plain bag (inspection, bargaining), checked."""
        action = payload.get("action") if isinstance(payload, dict) else None
        if action not in ("pass", "inspect"):
            raise ClassroomError(_("Choose to let the bag pass or to inspect it."), "move")
        return action

    def csv_cells(self, role: str, payload: dict[str, Any]) -> dict[str, Any]:
        """A stored choice's own CSV cells (keys among ``csv_columns``)."""
        return {}


__all__ = [
    "Prediction",
    "Outcome",
    "Share",
    "DECLARED_FALSELY",
    "INSPECTED",
    "Field",
    "Pick",
    "Form",
    "Question",
    "ClassGame",
]
