"""The guided first game: a scripted deal the learner plays one seat of, step by step.

The script is data (``sheriff/data/first_game.json``, validated by ``Script`` at load):
a position built by the engine's own setup (``sheriff.position.Position``), the learner's
seat, how many rounds are played, the bots' moves in the order they come, and one step
per learner decision: the move the tutor asks for, what to say, why, and authored notes
on likely other choices.  ``Guide`` runs it headless (the widget only lays it out):

    >>> g = Guide()
    >>> g.step_no, g.n_steps
    (1, 11)
    >>> r = g.play(g.step.move)          # the move the tutor asks for
    >>> r.kind, g.step_no
    ('done', 2)

``play(move)`` answers with a ``Reply``: "done" (the scripted move: what happened),
"refused" (the engine's reason), or "other" (a different legal move: its consequence
in the coach's words and the script's, and the choice to go on with it or go back).
``go_on()`` leaves the script (the bots then play as the coach advises); ``go_back()``
drops the other move; ``restart(k)`` replays the script up to step k.  When the rounds
are played, ``score_lines()`` builds the final score line by line from the engine's
scoring of that position.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from sheriff import actions as A
from sheriff import coach
from sheriff.cards import GOODS, LEGAL_GOODS
from sheriff.coach.bot import CoachBot
from sheriff.engine import Game
from sheriff.errors import IllegalAction, InvalidScenario
from sheriff.i18n import _
from sheriff.narration import narrate
from sheriff.position import Position
from sheriff.record import _invalid, action_from_json
from sheriff.scoring import good_counts_for_bonus, score_state, verdict
from sheriff.wording import Table, cap, goods_kind

Text = Annotated[str, Field(min_length=1, max_length=1200)]


class Alternative(BaseModel):
    """An authored note on a likely other choice at a step."""

    model_config = ConfigDict(extra="forbid")
    move: dict[str, Any]
    say: Text


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")
    move: dict[str, Any]  # the move the tutor asks for (an action's JSON form)
    title: Text  # the phase in a few words ("Round 1 · Market")
    say: Text  # what to do now
    why: Text  # why
    alternatives: list[Alternative] = []

    def action(self) -> A.Action:
        return action_from_json(self.move, "move")


class Script(BaseModel):
    model_config = ConfigDict(extra="forbid")
    about: str = Field("", alias="_about")
    title: Text
    intro: Text
    learner: Annotated[StrictInt, Field(ge=0, le=5)]
    rounds: Annotated[StrictInt, Field(ge=1, le=12)]
    position: Position
    bots: list[dict[str, Any]]  # the other seats' moves, in the order they come
    steps: Annotated[list[Step], Field(min_length=1)]
    score_intro: Text
    closing: Text

    @classmethod
    def load(cls, text: str | bytes | None = None) -> Script:
        """The script (the packaged first game by default); ``InvalidScenario`` naming the field."""
        if text is None:
            text = resources.files("sheriff.data").joinpath("first_game.json").read_text(encoding="utf-8")
        try:
            return cls.model_validate(json.loads(text))
        except ValidationError as e:
            raise _invalid(e) from None

    def bot_actions(self) -> list[A.Action]:
        return [action_from_json(b, f"bots[{i}]") for i, b in enumerate(self.bots)]


@dataclass
class Reply:
    """What the tutor answers to a move."""

    kind: str  # "done", "refused" or "other"
    lines: list[str] = field(default_factory=list)  # what happened (done), or the consequences (other)
    error: IllegalAction | None = None  # refused: the engine's refusal


@dataclass
class ScoreLine:
    seat: int
    name: str
    parts: list[tuple[str, int]]  # ("Goods on the stand: 5 Apples, 2 Cheese", 16), ("Gold", 48), bonuses...
    total: int


class Guide:
    """The guided game in progress (headless)."""

    def __init__(self, script: Script | None = None):
        self.script = script or Script.load()
        self.me = self.script.learner
        self._bots = self.script.bot_actions()
        self._expected = [s.action() for s in self.script.steps]
        self.restart(1)

    # -- where we are ---------------------------------------------------------------------
    @property
    def n_steps(self) -> int:
        """The learner's decisions, plus the final score."""
        return len(self.script.steps) + 1

    @property
    def step(self) -> Step | None:
        """The current scripted step (None off the script or at the score)."""
        if self.off_script or self.k >= len(self.script.steps):
            return None
        return self.script.steps[self.k]

    @property
    def step_no(self) -> int:
        return self.k + 1

    def finished(self) -> bool:
        """The rounds of the guided game are played (the score is next)."""
        return self.game.is_over() or self.game.state.round >= self.script.rounds

    def view(self):
        return self.game.view(self.me)

    # -- moving ---------------------------------------------------------------------------
    def restart(self, k: int = 1) -> None:
        """Back to step ``k`` (1-based) of the script, as the script plays it."""
        if not 1 <= k <= self.n_steps:
            raise IndexError(f"step {k} is outside 1..{self.n_steps}")
        pos = self.script.position
        # the characters go by their names in the page's language (names are messages of the catalog)
        pos = pos.model_copy(update={"names": [_(n) for n in pos.names]})
        self.game = Game.from_state(pos.to_state(), seed=pos.seed)
        self.k = 0
        self.b = 0  # bot moves played so far
        self.off_script = False
        self.pending: A.Action | None = None
        self.story: list[str] = []
        self._run_bots()
        while self.k < k - 1:
            self._apply(self._expected[self.k])
            self.k += 1
            self._run_bots()

    def play(self, move: A.Action) -> Reply:
        """The learner's move: done (as scripted or off the script), refused, or another legal choice."""
        self.pending = None
        err = self.game.why_illegal(move)
        if err is not None:
            return Reply("refused", error=err)
        if self.finished():
            return Reply(
                "refused",
                error=IllegalAction(
                    "game.over", _("The guided game's rounds are played: the score is next."), self.game.rules.edition
                ),
            )
        if self.off_script or move == self._expected[self.k]:
            lines = self._apply(move)
            if not self.off_script:
                self.k += 1
            lines += self._run_bots()
            return Reply("done", lines)
        self.pending = move
        return Reply("other", self.consequences(move))

    def go_on(self) -> list[str]:
        """Keep the other move: the game leaves the script (the bots follow the coach from here)."""
        move, self.pending = self.pending, None
        if move is None:
            return []
        self.off_script = True
        lines = self._apply(move)
        lines.append(
            _(
                "You have left the script: from here the other players are the coach's bots, and the "
                "tutor's advice comes from the coach. Restart from any step to go back to the script."
            )
        )
        return lines + self._run_bots()

    def go_back(self) -> None:
        self.pending = None

    def consequences(self, move: A.Action) -> list[str]:
        """Why the other move differs: the script's own note, the coach's warnings and advice."""
        v = self.view()
        out = [_("Your choice: {move}.").format(move=move.attempt(_table(self.game), self.me))]
        step = self.step
        for alt in step.alternatives if step else ():
            if action_from_json(alt.move, "move") == move:
                out.append(_(alt.say))
                break
        else:
            out.append(_("The tutor asked for something else: {say}").format(say=_(step.say)) if step else "")
        out += [w.sentence for w in coach.warnings(v, move)]
        return [x for x in out if x]

    def advice(self):
        return coach.advise(self.view())

    def _apply(self, move: A.Action) -> list[str]:
        g = self.game
        before = g.state.copy()
        events = g.push(move)
        lines = narrate(move, events, before, g.state, seat=self.me)
        self.story += lines
        return lines

    def _run_bots(self) -> list[str]:
        """The other seats move until it is the learner's turn (or the rounds are played)."""
        out: list[str] = []
        g = self.game
        while not self.finished() and g.to_act != self.me:
            seat = g.to_act
            if seat is None:  # nobody to act: the game is over
                break
            if self.off_script:
                move = CoachBot().act(g.view(seat))
            else:
                if self.b >= len(self._bots):
                    raise InvalidScenario(
                        f"the script has no bot move left for {g.names[seat]} (phase {g.phase})", "bots"
                    )
                move = self._bots[self.b]
                self.b += 1
            out += self._apply(move)
        return out

    # -- the score ------------------------------------------------------------------------
    def score_lines(self) -> tuple[list[ScoreLine], list[int]]:
        """The score of the position now, seat by seat: goods, gold, bonuses (the engine's scoring)."""
        s = self.game.state
        scores, winners = (s.scores, s.winners) if s.scores else score_state(s)
        counted = [good_counts_for_bonus(st) for st in s.stands]
        out = []
        for p, sc in enumerate(scores):
            stand = s.stands[p]
            # "3 Apples" in English; a translation may word an item otherwise ("Яблука: 3")
            goods = _(", ").join(
                _("{n} {good}").format(n=k, good=goods_kind(g)) for g, k in enumerate(stand) if k
            ) or _("nothing")
            parts = [(_("Goods on the stand ({goods})").format(goods=goods), sc.goods), (_("Gold"), sc.gold)]
            for gid, bonus in sc.bonuses.items():
                g = _good(gid)
                column = [c[g] for c in counted]
                king, shared = column[p] == max(column), column.count(column[p]) > 1
                title = (
                    (
                        _("King (shared) of {good} ({n} on the stand)")
                        if shared
                        else _("King of {good} ({n} on the stand)")
                    )
                    if king
                    else (
                        _("Queen (shared) of {good} ({n} on the stand)")
                        if shared
                        else _("Queen of {good} ({n} on the stand)")
                    )
                )
                parts.append((title.format(good=goods_kind(g), n=column[p]), bonus))
            out.append(ScoreLine(p, s.names[p], parts, sc.total))
        return out, winners or []

    def winner_text(self) -> str:
        lines, winners = self.score_lines()
        s = self.game.state
        v = verdict([_score(s, p) for p in range(s.n)], winners)
        names = _(" and ").join(s.names[p] for p in winners)
        how = {
            "points": _("{names} would win on points if the game ended here."),
            "legal goods": _("{names} would win on the first tie-breaker (more legal goods) if the game ended here."),
            "contraband": _("{names} would win on the second tie-breaker (more contraband) if the game ended here."),
            "shared": _("{names} would win as a shared victory if the game ended here."),
        }
        return cap(how[v.decided_by].format(names=names))  # a name may open the sentence in lower case (принц Джон)


def _good(gid) -> int:
    if isinstance(gid, int):
        return gid
    return next(g.index for g in GOODS if g.id == gid)


def _score(s, p: int):
    scores = s.scores if s.scores else score_state(s)[0]
    return scores[p]


def _table(g: Game):
    return Table(g.state)


__all__ = ["Guide", "Script", "Step", "Reply", "ScoreLine", "LEGAL_GOODS"]
