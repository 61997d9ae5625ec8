"""Replaying a scenario: each step pushed on the engine, frames to step through, numbers to check.

``Replay`` steps forward and back through a scenario; each ``Frame`` holds the state,
the narration and, for a refused move, the refusal (reason, rule and citation) with
the state left unchanged.  ``Expect`` is the file form of the numbers a scenario
promises after its last step; ``check_expect`` lists the ones that do not hold.

A replay speaks the learner's language: it plays a display copy of the scenario
(``Scenario.translated(names=True)``) in which the texts and the players' names are translated,
so the table, the narration and the checks all call a player the same way.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, StrictInt, StrictStr

from sheriff.cards import GOOD_IDS, GOODS, IS_LEGAL, N_GOODS
from sheriff.changes import Change, changes
from sheriff.errors import IllegalAction
from sheriff.i18n import _, ngettext
from sheriff.narration import action_text, good_name, narrate
from sheriff.position import Cards, Pile, counts_of, pile_ids
from sheriff.record import GoodName, PlayerName, short
from sheriff.state import OVER, PHASE_TITLES, GameState
from sheriff.wording import and_list, good_count, goods_kind


def _real_phase(phase: str) -> str:
    if phase not in PHASE_TITLES:
        raise ValueError(
            _("no phase {phase} (one of: {phases})").format(phase=short(phase), phases=", ".join(PHASE_TITLES))
        )
    return phase


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
    discard_tops: list[Pile] | None = None  # per pile: its top cards (top last)
    booty_gold: StrictInt | None = None
    black_market: dict[PlayerName, list[StrictInt]] = {}
    phase: Annotated[StrictStr, AfterValidator(_real_phase)] | None = None


@dataclass
class Frame:
    """One step of a replay: the state after it, what happened, and any refusal."""

    index: int  # 0 = the setup, k = after step k
    state: GameState
    say: str = ""  # the scenario's explanation
    narration: list[str] = field(default_factory=list)
    events: list[tuple] = field(default_factory=list)
    action: Any = None
    refused: IllegalAction | None = None
    expected_refusal: str | None = None
    changes: list[Change] = field(default_factory=list)  # what the step changed (none when refused)

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
        return _("Refused: {reason} (rule {rule}: {cite})").format(reason=e.reason, rule=e.rule_id, cite=e.cite)


class Replay:
    """Step forward and back through a scenario (each frame is computed once, by the engine)."""

    def __init__(self, scenario, seat: int | None = None):
        """``scenario``: a ``sheriff.scenario.Scenario`` (its ``game()``, ``steps``, ``summary``, ``expect``).
        ``self.scenario`` is its copy in the learner's language, ``self.original`` the one given."""
        self.original = scenario
        self.scenario = scenario = scenario.translated(names=True)
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
                out.append(
                    _("step {step}: refused, but should be legal: {refusal}").format(step=f.index, refusal=f.refused)
                )
            elif f.refused is None:
                out.append(
                    _("step {step}: should be refused ({rule}) but was played").format(
                        step=f.index, rule=f.expected_refusal
                    )
                )
            else:
                out.append(
                    _("step {step}: refused under rule {rule}, expected {expected}").format(
                        step=f.index, rule=f.refused.rule_id, expected=f.expected_refusal
                    )
                )
        ex = self.scenario.expect
        if ex is not None:
            out += check_expect(ex, self.final.state)
        return out

    def checks(self) -> list[tuple[str, bool]]:
        """Each expected number as (description, holds?) for display."""
        ex = self.scenario.expect
        if ex is None:
            return []
        return [(desc, ok) for desc, ok, _fact in _expect_items(ex, self.final.state)]

    def proofs(self) -> list[tuple[str, bool]]:
        """The same numbers as sentences a learner reads as proof:
        ("The rulebook says Little John ends with 2 Cheese on his stand — the engine agrees.", True)."""
        ex = self.scenario.expect
        if ex is None:
            return []
        out = []
        for desc, ok, fact in _expect_items(ex, self.final.state):
            if fact:
                out.append(
                    (
                        _("The rulebook says {fact} — the engine agrees.").format(fact=fact)
                        if ok
                        else _("The rulebook says {fact}, but the engine disagrees ({check}).").format(
                            fact=fact, check=desc
                        ),
                        ok,
                    )
                )
        return out


def _got(desc: str, ok: bool, got: Any) -> str:
    """A check's description, with what the engine holds instead when it fails."""
    return desc if ok else _("{check} (got {got})").format(check=desc, got=got)


def _cards_words(cards: dict) -> str:
    """{"apples": 2, "cheese": 1} -> "2 Apples and 1 Cheese"."""
    return and_list([good_count(GOOD_IDS[g], k) for g, k in cards.items() if k])


def _names_words(names) -> str:
    names = list(names)
    return and_list(names) if names else _("nobody")


def _zone_items(nm: str, zone: str, g: int, k: int, got: int) -> tuple[str, bool, str]:
    ok = got == k
    if zone == "stand":
        desc = _("{name}'s stand holds {goods}").format(name=nm, goods=good_count(g, k))
        fact = (
            _("{name} has {goods} in the stand").format(name=nm, goods=good_count(g, k))
            if k
            else _("{name} has no {good} in the stand").format(name=nm, good=good_name(g, 0))
        )
    else:
        desc = _("{name}'s hand holds {goods}").format(name=nm, goods=good_count(g, k))
        fact = (
            _("{name} has {goods} in hand").format(name=nm, goods=good_count(g, k))
            if k
            else _("{name} has no {good} in hand").format(name=nm, good=good_name(g, 0))
        )
    return _got(desc, ok, got), ok, fact


def _phase_fact(phase: str) -> str:
    """Where the game stands after the last step, as a whole sentence per phase."""
    if phase == OVER:
        return _("the game is over")
    match PHASE_TITLES[phase]:
        case "Market (choosing who starts)":
            return _("the game is then in the Market (choosing who starts) phase")
        case "Market":
            return _("the game is then in the Market phase")
        case "Load Merchant Bag":
            return _("the game is then in the Load Merchant Bag phase")
        case "Declaration":
            return _("the game is then in the Declaration phase")
        case "Inspection":
            return _("the game is then in the Inspection phase")
    return _("the game is then in the {phase} phase").format(phase=_(PHASE_TITLES[phase]))


def _expect_items(ex: Expect, s: GameState) -> Iterator[tuple[str, bool, str]]:
    """(developer description, holds?, the same fact in a learner's words or "" when not worth saying)."""
    seat = {nm: i for i, nm in enumerate(s.names)}
    yield from _seat_items(ex, s, seat)
    yield from _score_items(ex, s, seat)
    yield from _table_items(ex, s, seat)


def _seat_items(ex: Expect, s: GameState, seat: dict[str, int]) -> Iterator[tuple[str, bool, str]]:
    """Each named seat's gold, stand, hand, bag and face-down cards."""
    got: Any  # what the state holds, compared with the promise
    for nm, v in ex.gold.items():
        got = s.gold[seat[nm]]
        yield (
            _got(
                ngettext("{name} has {gold} gold", "{name} has {gold} gold", v).format(name=nm, gold=v), got == v, got
            ),
            got == v,
            ngettext("{name} ends with {gold} gold", "{name} ends with {gold} gold", v).format(name=nm, gold=v),
        )
    for zone, label in ((ex.stands, "stand"), (ex.hands, "hand")):
        for nm, cards in zone.items():
            vec = (s.stands if label == "stand" else s.hands)[seat[nm]]
            for g, k in cards.items():
                yield _zone_items(nm, label, GOOD_IDS[g], k, vec[GOOD_IDS[g]])
    for nm, in_bag in ex.bags.items():
        bag = s.bags[seat[nm]]
        got = counts_of(bag) if bag is not None else None
        desc = _("{name}'s bag holds {cards}").format(
            name=nm, cards=in_bag if in_bag is not None else _("nothing (no bag)")
        )
        yield (
            _got(desc, got == in_bag, got),
            got == in_bag,
            _("{name}'s bag holds {goods}").format(name=nm, goods=_cards_words(in_bag))
            if in_bag is not None
            else _("{name} has no bag").format(name=nm),
        )
    for nm, k in ex.face_down.items():
        st = s.stands[seat[nm]]
        got = sum(st[g] for g in range(N_GOODS) if not IS_LEGAL[g])
        yield (
            _got(_("{name} has {n} card(s) face down").format(name=nm, n=k), got == k, got),
            got == k,
            ngettext(
                "{name} has {n} card face down on the stand", "{name} has {n} cards face down on the stand", k
            ).format(name=nm, n=k),
        )


def _score_items(ex: Expect, s: GameState, seat: dict[str, int]) -> Iterator[tuple[str, bool, str]]:
    """Scores, bonuses and the winners."""
    got: Any
    names = s.names
    for nm, k in ex.scores.items():
        got = s.scores[seat[nm]].total if s.scores else None
        yield (
            _got(_("{name} scores {n}").format(name=nm, n=k), got == k, got),
            got == k,
            ngettext("{name} scores {n} points", "{name} scores {n} points", k).format(name=nm, n=k),
        )
    for nm, bon in ex.bonuses.items():
        for g, k in bon.items():
            got = s.scores[seat[nm]].bonuses.get(g, 0) if s.scores else None
            kind = goods_kind(GOOD_IDS[g])
            yield (
                _got(_("{name}'s {good} bonus is {n}").format(name=nm, good=kind, n=k), got == k, got),
                got == k,
                _("{name} earns a {good} bonus of {n}").format(name=nm, good=kind, n=k)
                if k
                else _("{name} earns no {good} bonus").format(name=nm, good=kind),
            )
    if ex.winners is not None:
        got = sorted(names[p] for p in (s.winners or []))
        ok = got == sorted(ex.winners)
        yield (
            _got(_("winner(s): {names}").format(names=_(", ").join(ex.winners)), ok, got),
            ok,
            ngettext("{names} wins", "{names} share the victory", len(ex.winners)).format(
                names=_names_words(ex.winners)
            ),
        )


def _table_items(ex: Expect, s: GameState, seat: dict[str, int]) -> Iterator[tuple[str, bool, str]]:
    """The discard piles, the Booty tile, the Black Market cards and the phase."""
    got: Any
    if ex.discard_tops is not None:
        for k, top in enumerate(ex.discard_tops):
            want = pile_ids(top)
            pile = s.discards[k] if k < len(s.discards) else []
            got = pile[len(pile) - len(want) :] if want else []
            ok = len(pile) >= len(want) and got == want
            top_cards = _names_words(good_name(g, 1) for g in want)
            if not want:
                fact = ""
            elif len(s.discards) == 1:
                fact = _("the discard pile ends with {cards} (top card last)").format(cards=top_cards)
            elif k == 0:
                fact = _("the left discard pile ends with {cards} (top card last)").format(cards=top_cards)
            else:
                fact = _("the right discard pile ends with {cards} (top card last)").format(cards=top_cards)
            desc = _("discard pile {k} ends with {cards}").format(k=k, cards=", ".join(top) or _("anything"))
            yield _got(desc, ok, [GOODS[c].id for c in got]), ok, fact
    if ex.booty_gold is not None:
        b = ex.booty_gold
        ok = s.booty_gold == b
        desc = ngettext("{gold} gold on the Booty", "{gold} gold on the Booty", b).format(gold=b)
        yield (
            _got(desc, ok, s.booty_gold),
            ok,
            ngettext("{gold} gold is left on the Booty tile", "{gold} gold is left on the Booty tile", b).format(
                gold=b
            ),
        )
    for nm, values in ex.black_market.items():
        got = sorted(v for _v, v in s.bm_cards[seat[nm]])
        ok = got == sorted(values)
        yield (
            _got(_("{name}'s Black Market cards: {values}").format(name=nm, values=values), ok, got),
            ok,
            _("{name} holds Black Market cards worth {values}").format(name=nm, values=_names_words(map(str, values)))
            if values
            else _("{name} holds no Black Market card").format(name=nm),
        )
    if ex.phase is not None:
        ok = s.phase == ex.phase
        yield (_got(_("phase is {phase}").format(phase=ex.phase), ok, s.phase), ok, _phase_fact(ex.phase))


def check_expect(ex: Expect, s: GameState) -> list[str]:
    return [_("expected {check}").format(check=desc) for desc, ok, _fact in _expect_items(ex, s) if not ok]


__all__ = ["Expect", "Replay", "Frame", "check_expect"]
