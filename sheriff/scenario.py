"""Rulebook examples as positions plus moves that the engine replays (our PGN).

``Scenario``: an id, a title, the edition and section it comes from, a short
summary, a ``setup`` position (``sheriff.position.Position``), ``steps`` (a move in
JSON form + one sentence in our own words; ``"refused": "load.size"`` marks a move
the rules must refuse) and optional ``expect``ed numbers after the last step.

Lessons that ask "what if...?" tweak a copy with typed methods, each validated again
(``InvalidScenario`` naming the field if the result no longer holds) and each
dropping the expected numbers, which belong to the original::

    get_scenario("1e-much-honest").with_bag("Much the Miller's Son", {"chickens": 3}).with_gold(1, 10)
    get_scenario("2e-alan-a-dale-bribe").with_edition("1E").with_players(3)

Texts come in the learner's language: ``get_scenario`` and ``load_scenarios`` hand out copies
whose title, source, summary and steps' sentences are translated (``translated``).  Players'
names stay the data's own, since expected numbers and tweaks name players by them; a replay
shows them translated (``translated(names=True)``, a copy for display only).
"""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from importlib import resources
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictStr

from sheriff.engine import Game
from sheriff.errors import InvalidScenario
from sheriff.i18n import _, ngettext
from sheriff.position import Position, to_counts
from sheriff.record import ActionModel, parse_json_text, prefixed, short, validated
from sheriff.replay import Expect, Frame, Replay, check_expect
from sheriff.rulebook import RULES

MAX_STEPS = 300
Key = int | str  # a seat, or a player's name


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: ActionModel
    say: Annotated[StrictStr, Field(min_length=1, max_length=400)]
    refused: Annotated[StrictStr, Field(max_length=40)] | None = None  # rule id the engine must cite


Slug = Annotated[StrictStr, Field(pattern=r"^[a-z0-9][a-z0-9-]{1,47}$")]


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: Slug
    title: Annotated[StrictStr, Field(min_length=1, max_length=120)]
    source: Annotated[StrictStr, Field(min_length=1, max_length=200)]
    summary: Annotated[StrictStr, Field(min_length=1, max_length=800)]
    setup: Position
    steps: Annotated[list[Step], Field(max_length=MAX_STEPS)] = []
    expect: Expect | None = None

    # -- loading -----------------------------------------------------------------------
    @classmethod
    def from_data(cls, data: Any) -> Scenario:
        sc = validated(cls, data)
        sc._check()
        return sc

    @classmethod
    def from_json(cls, text: str | bytes) -> Scenario:
        data = parse_json_text(text)
        if not isinstance(data, dict):
            raise InvalidScenario(_("expected a JSON object, got {kind}").format(kind=type(data).__name__), "file")
        return cls.from_data(data)

    def _check(self) -> None:
        try:
            self.setup.to_state()
        except InvalidScenario as e:
            raise prefixed(e, "setup") from None
        names = set(self.setup.names)
        n = self.setup.rules.players
        for i, st in enumerate(self.steps):
            if st.refused is not None and st.refused not in RULES:
                raise InvalidScenario(_("unknown rule id {rule}").format(rule=repr(st.refused)), f"steps[{i}].refused")
            for f, p in st.action.seats():
                if p >= n:
                    raise InvalidScenario(
                        _("there is no seat {seat} at a {n}-player table").format(seat=p, n=n), f"steps[{i}].action.{f}"
                    )
        if self.expect is not None:
            for fname in ("gold", "stands", "hands", "bags", "face_down", "scores", "bonuses", "black_market"):
                for name in getattr(self.expect, fname):
                    if name not in names:
                        raise InvalidScenario(_not_a_player(name), f"expect.{fname}")
            for name in self.expect.winners or []:
                if name not in names:
                    raise InvalidScenario(_not_a_player(name), "expect.winners")

    # -- playing -----------------------------------------------------------------------
    def game(self) -> Game:
        """A fresh ``Game`` at the setup position (``game.setup`` is kept for saving), its players
        named as the page's language names them (seats, not names, identify them to the engine)."""
        shown = shown_names(self.setup.names)
        setup = self.setup if shown == list(self.setup.names) else self.setup.model_copy(update={"names": shown})
        g = Game.from_state(setup.to_state(), seed=self.setup.seed)
        g.setup = self.setup
        return g

    def replay(self, seat: int | None = None) -> Replay:
        return Replay(self, seat)

    def translated(self, names: bool = False) -> Scenario:
        """A copy in the learner's language: title, source, summary and each step's sentence
        translated; with ``names``, the players too, everywhere the scenario names them (setup and
        expected numbers), so the copy is whole.  For display only: seats, moves and numbers are the
        same, and the data (and any tweak by name) keeps the original names."""
        steps = [st.model_copy(update={"say": _(st.say)}) for st in self.steps]
        out = self.model_copy(
            update={"title": _(self.title), "source": _(self.source), "summary": _(self.summary), "steps": steps},
            deep=True,
        )
        if names:
            shown = shown_names(self.setup.names)
            if shown != list(self.setup.names):
                rename = dict(zip(self.setup.names, shown))
                out.setup = out.setup.model_copy(update={"names": shown})
                if out.expect is not None:
                    ex = out.expect
                    update: dict[str, Any] = {
                        f: {rename.get(k, k): v for k, v in getattr(ex, f).items()}
                        for f in ("gold", "stands", "hands", "bags", "face_down", "scores", "bonuses", "black_market")
                    }
                    if ex.winners is not None:
                        update["winners"] = [rename.get(k, k) for k in ex.winners]
                    out.expect = ex.model_copy(update=update)
        return out

    def to_json(self) -> str:
        return json.dumps(self.model_dump(mode="json", exclude_none=True), indent=1, ensure_ascii=False)

    # -- tweaking ------------------------------------------------------------------------
    def seat(self, key: Key) -> int:
        """A seat from a seat number or a player's name."""
        names = self.setup.names
        if isinstance(key, int) and not isinstance(key, bool):
            if not 0 <= key < len(names):
                raise InvalidScenario(_("there is no seat {seat}").format(seat=key), "changes")
            return key
        if key in names:
            return names.index(key)
        raise InvalidScenario(_not_a_player(key), "changes")

    def with_gold(self, key: Key, gold: int) -> Scenario:
        return self._with_seat_value(key, "gold", 50, gold)

    def with_stand(self, key: Key, cards: Any) -> Scenario:
        """``cards``: good names (a list) or counts (``{"apples": 4}``)."""
        return self._with_seat_value(key, "stands", {}, cards)

    def with_declaration(self, key: Key, good: str, count: int) -> Scenario:
        return self._with_seat_value(key, "declarations", None, {"good": good, "count": count})

    def with_bag(self, key: Key, cards: Any, declare: str | None = None) -> Scenario:
        """Another bag; its declaration names ``declare`` (default: the good declared
        before) and the bag's size, if one was declared."""
        p = self.seat(key)
        d = self._data()
        _per_seat(d["setup"], "bags", None)[p] = cards
        decl = (d["setup"].get("declarations") or [None] * len(self.setup.names))[p]
        if cards is not None and (decl is not None or declare is not None):
            try:
                size = sum(to_counts(cards).values())
            except ValueError as e:
                raise InvalidScenario(str(e), f"setup.bags[{p}]") from None
            new = {"good": declare or decl["good"], "count": decl["count"] if decl else 1}
            if 1 <= size <= 5:
                new["count"] = size
            _per_seat(d["setup"], "declarations", None)[p] = new
        return Scenario.from_data(d)

    def with_bribe(self, step: int, bribe: dict) -> Scenario:
        """Step ``step`` (an offer) with another bribe, in the JSON form."""
        d = self._data()
        if not 0 <= step < len(d["steps"]) or "bribe" not in d["steps"][step]["action"]:
            raise InvalidScenario(_("step {step} is not a bribe offer").format(step=step), "bribes")
        d["steps"][step]["action"]["bribe"] = bribe
        return Scenario.from_data(d)

    def with_move(self, step: int, **fields: Any) -> Scenario:
        """Step ``step``'s move with some fields changed (JSON form), e.g. ``with_move(3, count=5)``."""
        d = self._data()
        if not 0 <= step < len(d["steps"]):
            raise InvalidScenario(_("there is no step {step}").format(step=step), "steps")
        d["steps"][step]["action"].update(fields)
        return Scenario.from_data(d)

    def with_edition(self, edition: str) -> Scenario:
        """The same table under the other edition ("1E" or "2E")."""
        d = self._data()
        _change_edition(d, edition)
        return Scenario.from_data(d)

    def with_players(self, players: int) -> Scenario:
        """Another player count: seats no step uses are dropped; new seats join as bystanders
        whose bags were already handed back."""
        d = self._data()
        _change_players(d, players)
        return Scenario.from_data(d)

    def _data(self) -> dict:
        d = self.model_dump(mode="json")
        d["expect"] = None
        return d

    def _with_seat_value(self, key: Key, fname: str, default: Any, value: Any) -> Scenario:
        p = self.seat(key)
        d = self._data()
        _per_seat(d["setup"], fname, default)[p] = value
        return Scenario.from_data(d)


def shown_names(names: list[str]) -> list[str]:
    """Players' names as a page in the learner's language shows them ("Alan-a-Dale" is
    "Алан з Лощини" in Ukrainian); names no catalog knows, and any clash, keep the originals."""
    shown = [_(nm) for nm in names]
    return shown if len(set(shown)) == len(shown) else list(names)


def _not_a_player(name: Any) -> str:
    return _("{name} is not one of the players").format(name=short(name))


def _per_seat(setup: dict, fname: str, default: Any) -> list:
    lst = setup.get(fname) or [copy.deepcopy(default) for _ in setup["names"]]
    setup[fname] = lst
    return lst


def _change_edition(d: dict, edition: str) -> None:
    setup = d["setup"]
    rules = setup["rules"]
    old = rules.get("edition", "2E")
    rules["edition"] = edition
    if old == edition:
        return
    piles = setup.get("discards")
    if edition == "1E":
        if piles is not None:
            setup["discards"] = [piles[0] if piles else [], []]
        if setup.get("phase") == "market_start":
            setup["phase"] = "market"
        setup["market_start"] = None
        if setup.get("set_aside"):
            setup["discards"] = [(setup.get("discards") or [[], []])[0] + setup["set_aside"], []]
            setup["set_aside"] = []
    else:
        if piles is not None:
            setup["discards"] = [sum(piles, [])]
        # A 1E Market turn becomes a 2E one as if the Sheriff had picked the player at his left;
        # draws from the discard piles stay in the steps, for the engine to refuse.
        for st in d["steps"]:
            a = st["action"]
            if a.get("type") in ("market", "inspect"):
                a["pile"] = 0


def _change_players(d: dict, players: int) -> None:
    setup = d["setup"]
    names: list[str] = setup["names"]
    n = len(names)
    if players == n:
        return
    if not 3 <= players <= 6:
        raise InvalidScenario(_("the game is for 3 to 6 players"), "players")
    if (players == 6) != (n == 6):
        raise InvalidScenario(
            _(
                "six players play with two Deputies and fewer with one Sheriff: "
                "such a change needs a new setup, not a tweak"
            ),
            "players",
        )
    if players > n:
        _add_players(setup, names, n, players)
    else:
        _drop_players(d, setup, names, n, players)
    setup["rules"]["players"] = players


_PER_SEAT = ("hands", "bags", "declarations", "handled", "stands", "black_market_cards", "gold", "sheriff_turns")


def _add_players(setup: dict, names: list[str], n: int, players: int) -> None:
    """New seats join in the Inspection phase, their bags already handed back."""
    if setup.get("phase") != "inspect":
        raise InvalidScenario(
            _(
                "players can be added only to a scenario in the Inspection phase "
                "(they join with their bags already handed back)"
            ),
            "players",
        )
    defaults: dict[str, Any] = {
        "hands": {},
        "bags": None,
        "declarations": None,
        "handled": "passed",
        "stands": {},
        "black_market_cards": [],
        "gold": 50,
        "sheriff_turns": 0,
    }
    for k in range(n, players):
        base = f"Player {k + 1}"
        names.append(base if base not in names else f"{base}'")
        for f in _PER_SEAT:
            lst = setup.get(f)
            if lst is None and f == "sheriff_turns":
                continue
            if not lst:
                lst = [copy.deepcopy(defaults[f]) if f != "handled" else None for _ in range(n)]
                if f == "gold":
                    lst = [50] * n
            lst.append(copy.deepcopy(defaults[f]))
            setup[f] = lst


def _drop_players(d: dict, setup: dict, names: list[str], n: int, players: int) -> None:
    """Seats that play no part leave; every seat number in the scenario follows."""
    used = set()
    if setup.get("sheriff") is not None:
        used.add(setup["sheriff"])
    used.update(setup.get("deputies") or ())
    for st in d["steps"]:
        used.update(_action_seats(st["action"]))
    drop = [p for p in range(n - 1, -1, -1) if p not in used][: n - players]
    if len(drop) < n - players:
        raise InvalidScenario(
            ngettext(
                "every seat plays a part in this scenario; at least {n} players are needed",
                "every seat plays a part in this scenario; at least {n} players are needed",
                len(used),
            ).format(n=len(used)),
            "players",
        )
    keep = [p for p in range(n) if p not in drop]
    remap = {old: new for new, old in enumerate(keep)}
    setup["names"] = [names[p] for p in keep]
    for f in _PER_SEAT:
        if setup.get(f):
            setup[f] = [setup[f][p] for p in keep]
    for f in ("sheriff", "market_start"):
        if setup.get(f) is not None:
            setup[f] = remap.get(setup[f])
    if setup.get("deputies"):
        setup["deputies"] = [remap[p] for p in setup["deputies"]]
    for f in ("must_inspect", "must_pass", "black_market_claimed"):
        setup[f] = [remap[p] for p in setup.get(f) or [] if p in remap]
    if setup.get("deputy_deck") is not None:
        setup["deputy_deck"] = [remap[p] for p in setup["deputy_deck"] if p in remap]
    for st in d["steps"]:
        _remap_action(st["action"], remap)
    if d.get("expect"):
        for k, v in list(d["expect"].items()):
            if isinstance(v, dict):
                d["expect"][k] = {nm: x for nm, x in v.items() if nm in setup["names"]}


def _action_seats(a: dict) -> set[int]:
    out = {a.get("player")}
    for f in ("start", "merchant"):
        if f in a:
            out.add(a[f])
    b = a.get("bribe") or {}
    out.update(b.get("inspect") or [])
    out.update(b.get("let_pass") or [])
    return {p for p in out if isinstance(p, int)}


def _remap_action(a: dict, remap: dict[int, int]) -> None:
    for f in ("player", "start", "merchant"):
        if f in a:
            a[f] = remap[a[f]]
    b = a.get("bribe")
    if b:
        for f in ("inspect", "let_pass"):
            if b.get(f):
                b[f] = [remap[p] for p in b[f]]


# -- the library of examples -----------------------------------------------------------------
@lru_cache(maxsize=1)
def _library() -> tuple[Scenario, ...]:
    root = resources.files("sheriff").joinpath("data/examples")
    out = []
    for entry in sorted(root.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".json"):
            continue
        try:
            sc = Scenario.from_json(entry.read_text("utf-8"))
        except InvalidScenario as e:
            raise InvalidScenario(f"{entry.name}: {e}") from None
        out.append(sc)
    ids = [s.id for s in out]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        raise InvalidScenario(f"duplicate scenario ids: {sorted(dup)}")
    return tuple(out)


def load_scenarios() -> list[Scenario]:
    """Every shipped example, 1st edition first, in file order (fresh copies: safe to modify),
    their texts in the learner's language."""
    return [s.translated() for s in _library()]


def get_scenario(scenario_id: str) -> Scenario:
    """One shipped example by id (a fresh copy); ``KeyError`` listing the known ids."""
    for s in _library():
        if s.id == scenario_id:
            return s.translated()
    raise KeyError(f"no scenario {scenario_id!r}; known: {', '.join(s.id for s in _library())}")


__all__ = [
    "Position",
    "Scenario",
    "Step",
    "Expect",
    "Replay",
    "Frame",
    "load_scenarios",
    "get_scenario",
    "check_expect",
    "shown_names",
]
