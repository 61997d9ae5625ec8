"""The checked way into the rules: ``Game`` (python-chess's Board, OpenSpiel's State).

    >>> from sheriff import Game, Rules
    >>> g = Game(Rules(edition="2E", players=4), seed=7)
    >>> g.phase, g.names[g.to_act]
    ('market_start', 'Alan-a-Dale')

``push(action)`` checks the action against the rules and applies it, or raises
``IllegalAction`` (rule id, citation, reason) leaving the game untouched.
``pop()`` undoes the last action by replaying from the seed (replays are exact).
``apply(state, action)`` is the pure form: it returns a new state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from sheriff import actions as A
from sheriff.errors import IllegalAction
from sheriff.events import Event
from sheriff.i18n import _
from sheriff.phases import bags, inspection, market
from sheriff.phases.common import need_seat, refuse, sub_multisets
from sheriff.phases.rounds import start_round
from sheriff.phases.turns import to_act
from sheriff.rules import Rules
from sheriff.state import OVER, PHASE_TITLES, GameState, new_state
from sheriff.views import SeatView

if TYPE_CHECKING:
    from sheriff.scoring import Score

DEFAULT_NAMES = ("Alan-a-Dale", "Maid Marion", "Little John", "Will Scarlet", "Friar Tuck", "Gilbert Whitehand")

# action type -> (check, apply): the one place where actions meet their rules, each phase's table.
HANDLERS: Final = {**market.HANDLERS, **bags.HANDLERS, **inspection.HANDLERS}
assert set(HANDLERS) == set(A.ACTION_TYPES), "every move needs its rule in a phase module"
# phase -> the moves it offers: each phase module lists its own.
OFFERED = {**market.OFFERED, **bags.OFFERED, **inspection.OFFERED}
assert set(OFFERED) == set(PHASE_TITLES) - {OVER}, "every phase lists its moves"


def check(s: GameState, action) -> None:
    """Raise ``IllegalAction`` if ``action`` breaks a rule in state ``s``; never changes ``s``."""
    h = HANDLERS.get(type(action))
    if h is None or s.phase == OVER:
        raise _no_move(s, action)
    p = action.player
    if type(p) is not int or not 0 <= p < s.n:  # a seat number, never True or 1.0
        need_seat(s, p)
    h[0](s, action)


def _no_move(s: GameState, action) -> IllegalAction:
    if s.phase == OVER:
        return refuse(s, "game.over", _("The game is over; nothing more can be played."))
    return refuse(s, "round.phases", _("{action} is not a move in this game.").format(action=repr(action)))


def apply_unchecked(s: GameState, action) -> None:
    """Apply ``action`` without checking it: only for moves known to be legal (a history
    every move of which was checked, the engine's own bots in ``bots.play_game``)."""
    HANDLERS[type(action)][1](s, action)
    s.history.append(action)


def apply(s: GameState, action) -> GameState:
    """Pure form: a new state after ``action``, or IllegalAction (``s`` is never changed)."""
    check(s, action)
    t = s.copy()
    apply_unchecked(t, action)
    return t


class Game:
    """A game in progress: a state, its history, and the checked ways to move on."""

    def __init__(
        self,
        rules: Rules | None = None,
        names=None,
        seed: int = 0,
        first_sheriff: int = 0,
        *,
        position: GameState | None = None,
    ):
        """A new deal from ``seed``; or, given ``position`` (a prepared state such as a
        scenario), a game that goes on from it and replays from it (see ``from_state``)."""
        if position is not None:
            rules, names = rules or position.rules, names or position.names
        rules = rules or Rules()
        self.rules = rules
        self.seed = seed
        self.first_sheriff = first_sheriff
        self._names = list(names) if names else list(DEFAULT_NAMES[: rules.players])
        # The position before the first action: None means "deal it again from the seed".
        self._initial: GameState | None = position.copy() if position is not None else None
        self.state = position if position is not None else self._fresh()
        # The scenario Position (sheriff.scenario) this game began from, if any: saved games keep it.
        self.setup: Any = None

    def _fresh(self) -> GameState:
        s = new_state(self.rules, self._names, self.seed, self.first_sheriff)
        start_round(s)
        return s

    def _start(self) -> GameState:
        """A new copy of the position before the first action."""
        if self._initial is not None:
            return self._initial.copy()
        return self._fresh()

    @classmethod
    def from_state(cls, state: GameState, seed: int = 0) -> Game:
        """Wrap a prepared position (a scenario); ``pop`` then replays from it."""
        return cls(seed=seed, first_sheriff=state.officials[0], position=state)

    # -- reading ----------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return self.state.names

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def to_act(self) -> int | None:
        return to_act(self.state)

    @property
    def history(self) -> list:
        return self.state.history

    def is_over(self) -> bool:
        return self.state.phase == OVER

    @property
    def scores(self) -> list[Score] | None:
        return self.state.scores

    @property
    def winners(self) -> list[int] | None:
        return self.state.winners

    def view(self, seat: int) -> SeatView:
        return SeatView(self.state, seat)

    # -- moving -----------------------------------------------------------------
    def why_illegal(self, action) -> IllegalAction | None:
        try:
            check(self.state, action)
        except IllegalAction as e:
            return e
        return None

    def is_legal(self, action) -> bool:
        return self.why_illegal(action) is None

    def push(self, action) -> list[Event]:
        """Check and apply ``action``; return the events it caused."""
        s = self.state
        check(s, action)
        h = HANDLERS[type(action)]
        k = len(s.events)
        h[1](s, action)
        s.history.append(action)
        return s.events[k:]

    def pop(self):
        """Undo the last action (replay from the start; exact because chance is seeded)."""
        if not self.state.history:
            raise IndexError("pop from a game with no moves")
        last = self.state.history[-1]
        self.state = self.replay_to(len(self.state.history) - 1)
        return last

    def replay_to(self, k: int) -> GameState:
        """The state after the first ``k`` actions of this game."""
        s = self._start()
        for a in self.state.history[len(s.history) : k]:
            apply_unchecked(s, a)
        return s

    def branch(self, k: int) -> Game:
        """A new game at step ``k`` of this one, to play on differently ("what if ...?")."""
        if not 0 <= k <= len(self.state.history):
            raise IndexError(f"step {k} is outside this game's {len(self.state.history)} steps")
        g = self.copy()
        g.state = self.replay_to(k)
        return g

    def copy(self) -> Game:
        g = Game(self.rules, self._names, self.seed, self.first_sheriff, position=self.state.copy())
        g._initial = self._initial  # the same start: replays stay exact
        g.setup = self.setup
        return g

    @property
    def initial_state(self) -> GameState:
        return self._start()

    # -- choices ----------------------------------------------------------------
    def legal_actions(self, seat: int | None = None) -> list:
        """Every legal action (for ``seat``, or for whoever may act now).

        Each phase module lists the moves its phase offers (its ``OFFERED`` table: bribe
        offers as gold alone, Market moves up to equivalence, see there); this keeps the
        ones the rules allow now.  ``tests/test_legal_actions.py`` checks that every move
        declared in ``sheriff.actions`` is offered in some game (``AgreeBooty``, a side talk
        between Deputies, is declared ``offered = False``).
        """
        s = self.state
        lister = OFFERED.get(s.phase)
        if lister is None:  # the game is over
            return []
        out = lister(s)
        if seat is not None:
            out = [a for a in out if a.player == seat]
        return [a for a in out if self.why_illegal(a) is None]


__all__ = ["Game", "apply", "check", "to_act", "sub_multisets", "DEFAULT_NAMES"]
