"""Replaying a scenario: each step pushed on the engine, frames to step through, numbers to check.

``Replay`` steps forward and back through a scenario; each ``Frame`` holds the state,
the narration and, for a refused move, the refusal (reason, rule and citation) with
the state left unchanged.  ``Expect`` is the file form of the numbers a scenario
promises after its last step; ``check_expect`` lists the ones that do not hold.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator

from pydantic import BaseModel, ConfigDict, StrictInt, StrictStr

from sheriff.cards import GOODS, GOOD_IDS, IS_LEGAL, N_GOODS
from sheriff.changes import Change, changes
from sheriff.errors import IllegalAction
from sheriff.narration import action_text, good_name, narrate
from sheriff.position import Cards, Pile, counts_of, pile_ids
from sheriff.record import GoodName, PlayerName
from sheriff.state import OVER, PHASE_TITLES, GameState


class Expect(BaseModel):
    """Numbers to check after the last step (players by name; listed goods must match exactly)."""
    model_config = ConfigDict(extra="forbid")
    gold: dict[PlayerName, StrictInt] = {}
    stands: dict[PlayerName, Cards] = {}
    hands: dict[PlayerName, Cards] = {}
    bags: dict[PlayerName, Cards | None] = {}
    face_down: dict[PlayerName, StrictInt] = {}
    scores: dict[PlayerName, StrictInt] = {}
    bonuses: dict[PlayerName, dict[GoodName, StrictInt]] = {}
    winners: list[PlayerName] | None = None
    discard_tops: list[Pile] | None = None          # per pile: its top cards (top last)
    booty_gold: StrictInt | None = None
    black_market: dict[PlayerName, list[StrictInt]] = {}
    phase: StrictStr | None = None


@dataclass
class Frame:
    """One step of a replay: the state after it, what happened, and any refusal."""
    index: int                          # 0 = the setup, k = after step k
    state: GameState
    say: str = ""                       # the scenario's explanation
    narration: list[str] = field(default_factory=list)
    events: list[tuple] = field(default_factory=list)
    action: Any = None
    refused: IllegalAction | None = None
    expected_refusal: str | None = None
    changes: list[Change] = field(default_factory=list)    # what the step changed (none when refused)

    @property
    def ok(self) -> bool:
        """Did the engine do what the scenario says (legal when expected, refused with the named rule)?"""
        if self.index == 0:
            return True
        if self.expected_refusal is None:
            return self.refused is None
        return self.refused is not None and self.refused.rule_id == self.expected_refusal

    def refusal_text(self) -> str:
        if self.refused is None:
            return ""
        e = self.refused
        return f"Refused: {e.reason} (rule {e.rule_id}: {e.cite})"


class Replay:
    """Step forward and back through a scenario (each frame is computed once, by the engine)."""

    def __init__(self, scenario, seat: int | None = None):
        """``scenario``: a ``sheriff.scenario.Scenario`` (its ``game()``, ``steps``, ``summary``, ``expect``)."""
        self.scenario = scenario
        self.seat = seat
        game = scenario.game()
        self.frames: list[Frame] = [Frame(0, game.state.copy(), say=scenario.summary)]
        for i, st in enumerate(scenario.steps, 1):
            action = st.action.to_action()
            before = game.state.copy()
            frame = Frame(i, before, say=st.say, action=action, expected_refusal=st.refused)
            try:
                events = game.push(action)
            except IllegalAction as e:
                frame.refused = e
                frame.narration = [action_text(action, before, seat), frame.refusal_text()]
            else:
                frame.events = list(events)
                frame.state = game.state.copy()
                frame.narration = narrate(action, events, before, game.state, seat)
                frame.changes = changes(before, frame.state)
            self.frames.append(frame)
        self.game = game
        self.position = 0

    # navigation
    def __len__(self) -> int:
        return len(self.frames) - 1

    @property
    def frame(self) -> Frame:
        return self.frames[self.position]

    @property
    def state(self) -> GameState:
        return self.frame.state

    @property
    def final(self) -> Frame:
        return self.frames[-1]

    def forward(self) -> Frame:
        if self.position < len(self.frames) - 1:
            self.position += 1
        return self.frame

    def back(self) -> Frame:
        if self.position > 0:
            self.position -= 1
        return self.frame

    def goto(self, k: int) -> Frame:
        self.position = max(0, min(k, len(self.frames) - 1))
        return self.frame

    def at_end(self) -> bool:
        return self.position == len(self.frames) - 1

    # checking
    def problems(self) -> list[str]:
        """Everything that differs from the scenario's promises (empty: all good)."""
        out = []
        for f in self.frames[1:]:
            if f.ok:
                continue
            if f.expected_refusal is None:
                out.append(f"step {f.index}: refused, but should be legal: {f.refused}")
            elif f.refused is None:
                out.append(f"step {f.index}: should be refused ({f.expected_refusal}) but was played")
            else:
                out.append(f"step {f.index}: refused under rule {f.refused.rule_id}, expected {f.expected_refusal}")
        ex = self.scenario.expect
        if ex is not None:
            out += check_expect(ex, self.final.state)
        return out

    def checks(self) -> list[tuple[str, bool]]:
        """Each expected number as (description, holds?) for display."""
        ex = self.scenario.expect
        if ex is None:
            return []
        return [(desc, ok) for desc, ok, _ in _expect_items(ex, self.final.state)]

    def proofs(self) -> list[tuple[str, bool]]:
        """The same numbers as sentences a learner reads as proof:
        ("The rulebook says Little John ends with 2 Cheese on his stand — the engine agrees.", True)."""
        ex = self.scenario.expect
        if ex is None:
            return []
        out = []
        for desc, ok, fact in _expect_items(ex, self.final.state):
            if fact:
                out.append((f"The rulebook says {fact} — the engine agrees." if ok else
                            f"The rulebook says {fact}, but the engine disagrees ({desc}).", ok))
        return out


def _cards_words(cards: dict) -> str:
    """{"apples": 2, "cheese": 1} -> "2 Apples and 1 Cheese"."""
    parts = [f"{k} {good_name(GOOD_IDS[g], k)}" for g, k in cards.items() if k]
    return " and ".join(filter(None, [", ".join(parts[:-1]), parts[-1]])) if parts else "nothing"


def _names_words(names) -> str:
    names = list(names)
    return " and ".join(filter(None, [", ".join(names[:-1]), names[-1]])) if names else "nobody"


def _expect_items(ex: Expect, s: GameState) -> Iterator[tuple[str, bool, str]]:
    """(developer description, holds?, the same fact in a learner's words or "" when not worth saying)."""
    got: Any             # what the state holds, compared with the promise
    names = s.names
    seat = {nm: i for i, nm in enumerate(names)}
    for nm, v in ex.gold.items():
        got = s.gold[seat[nm]]
        yield f"{nm} has {v} gold" + ("" if got == v else f" (got {got})"), got == v, f"{nm} ends with {v} gold"
    for zone, label in ((ex.stands, "stand"), (ex.hands, "hand")):
        for nm, cards in zone.items():
            vec = (s.stands if label == "stand" else s.hands)[seat[nm]]
            for g, k in cards.items():
                got = vec[GOOD_IDS[g]]
                yield (f"{nm}'s {label} holds {k} {good_name(GOOD_IDS[g], k)}" + ("" if got == k else f" (got {got})"),
                       got == k, f"{nm} has {k} {good_name(GOOD_IDS[g], k)} in {'hand' if label == 'hand' else 'the stand'}"
                       if k else f"{nm} has no {good_name(GOOD_IDS[g], 2)} in {'hand' if label == 'hand' else 'the stand'}")
    for nm, in_bag in ex.bags.items():
        bag = s.bags[seat[nm]]
        got = counts_of(bag) if bag is not None else None
        yield (f"{nm}'s bag holds {in_bag if in_bag is not None else 'nothing (no bag)'}" + ("" if got == in_bag else f" (got {got})"),
               got == in_bag, f"{nm}'s bag holds {_cards_words(in_bag)}" if in_bag is not None else f"{nm} has no bag")
    for nm, k in ex.face_down.items():
        st = s.stands[seat[nm]]
        got = sum(st[g] for g in range(N_GOODS) if not IS_LEGAL[g])
        yield (f"{nm} has {k} card(s) face down" + ("" if got == k else f" (got {got})"), got == k,
               f"{nm} has {k} card{'s' if k != 1 else ''} face down on the stand")
    for nm, k in ex.scores.items():
        got = s.scores[seat[nm]].total if s.scores else None
        yield f"{nm} scores {k}" + ("" if got == k else f" (got {got})"), got == k, f"{nm} scores {k} points"
    for nm, bon in ex.bonuses.items():
        for g, k in bon.items():
            got = s.scores[seat[nm]].bonuses.get(g, 0) if s.scores else None
            yield (f"{nm}'s {GOODS[GOOD_IDS[g]].name} bonus is {k}" + ("" if got == k else f" (got {got})"), got == k,
                   f"{nm} earns a {GOODS[GOOD_IDS[g]].name} bonus of {k}" if k
                   else f"{nm} earns no {GOODS[GOOD_IDS[g]].name} bonus")
    if ex.winners is not None:
        got = sorted(names[p] for p in (s.winners or []))
        yield (f"winner(s): {', '.join(ex.winners)}" + ("" if got == sorted(ex.winners) else f" (got {got})"),
               got == sorted(ex.winners),
               f"{_names_words(ex.winners)} {'wins' if len(ex.winners) == 1 else 'share the victory'}")
    if ex.discard_tops is not None:
        for k, top in enumerate(ex.discard_tops):
            want = pile_ids(top)
            pile = s.discards[k] if k < len(s.discards) else []
            got = pile[len(pile) - len(want):] if want else []
            ok = len(pile) >= len(want) and got == want
            where = ("the discard pile" if len(s.discards) == 1 else
                     "the left discard pile" if k == 0 else "the right discard pile")
            fact = (f"{where} ends with {_names_words(good_name(g, 1) for g in want)} (top card last)" if want else "")
            yield (f"discard pile {k} ends with {', '.join(top) or 'anything'}"
                   + ("" if ok else f" (got {[GOODS[c].id for c in got]})"), ok, fact)
    if ex.booty_gold is not None:
        yield (f"{ex.booty_gold} gold on the Booty" + ("" if s.booty_gold == ex.booty_gold else f" (got {s.booty_gold})"),
               s.booty_gold == ex.booty_gold, f"{ex.booty_gold} gold is left on the Booty tile")
    for nm, values in ex.black_market.items():
        got = sorted(v for _, v in s.bm_cards[seat[nm]])
        yield (f"{nm}'s Black Market cards: {values}" + ("" if got == sorted(values) else f" (got {got})"),
               got == sorted(values), f"{nm} holds Black Market cards worth {_names_words(map(str, values))}"
               if values else f"{nm} holds no Black Market card")
    if ex.phase is not None:
        yield (f"phase is {ex.phase}" + ("" if s.phase == ex.phase else f" (got {s.phase})"), s.phase == ex.phase,
               "the game is over" if ex.phase == OVER else f"the game is then in the {PHASE_TITLES[ex.phase]} phase")


def check_expect(ex: Expect, s: GameState) -> list[str]:
    return [f"expected {desc}" for desc, ok, _ in _expect_items(ex, s) if not ok]


__all__ = ["Expect", "Replay", "Frame", "check_expect"]
