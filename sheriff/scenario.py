"""Rulebook examples as positions plus moves that the engine replays (our PGN).

``Position``: a mid-game setup, goods by name (``{"apples": 4}`` or a list of
names): rules, names, officials (the Sheriff, or the two Deputies of a six-player
round), phase, round, hands, bags, declarations, stands, gold, discard piles (top
card last), an optional draw-pile order, bags already handled...  ``to_state()``
turns it into a consistent ``GameState``: every card of the deck composition is
accounted for, the cards not placed are shuffled into the draw pile with ``seed``,
and a position that names more cards of a good than the deck holds is refused with
``InvalidScenario`` naming the field.

``Scenario``: an id, a title, the edition and section it comes from, a short
summary, a ``setup`` position, ``steps`` (a move in JSON form + one sentence in our
own words; ``"refused": "load.size"`` marks a move the rules must refuse) and
optional ``expect``ed numbers after the last step.

``Replay``: steps forward and back through a scenario; each frame holds the state,
the narration and, for a refused move, the refusal (reason, rule and citation)
with the state left unchanged.  ``Scenario.with_changes(...)`` returns a tweaked
copy (another bag, declaration, bribe, player count or edition) for lessons that
ask "what if...?".
"""
from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from sheriff.cards import GOODS, GOOD_IDS, IS_LEGAL, N_GOODS, deck_composition, good_id
from sheriff.errors import IllegalAction, InvalidScenario
from sheriff.record import (MAX_NAME, ActionModel, GoodName, PlayerName, Seat, _invalid, parse_json_text,
                            prefixed, short)
from sheriff.rulebook import RULES
from sheriff.rules import Rules
from sheriff.state import (DECLARE, INSPECT, INSPECTED, LOAD, MARKET, MARKET_START, PASSED, GameState,
                           new_state)

MAX_PILE = 300          # cards named in one zone (the biggest deck has 216)
MAX_STEPS = 300


# -- goods as counts ---------------------------------------------------------------
def _to_counts(v: Any) -> dict[str, int]:
    """A list of good names, or an object of counts, to {good id: count} in catalog order."""
    out: dict[str, int] = {}
    if isinstance(v, dict):
        if len(v) > 2 * N_GOODS:
            raise ValueError("too many entries")
        items = list(v.items())
    elif isinstance(v, (list, tuple)):
        if len(v) > MAX_PILE:
            raise ValueError(f"at most {MAX_PILE} cards")
        items = [(x, 1) for x in v]
    else:
        raise ValueError('expected a list of good names or an object of counts such as {"apples": 4}')
    for k, n in items:
        if not isinstance(k, str) or not k or len(k) > MAX_NAME:
            raise ValueError(f"{short(k)} is not a good's name")
        try:
            gid = GOODS[good_id(k)].id
        except KeyError:
            raise ValueError(f"unknown good {short(k)}") from None
        if type(n) is not int or not 0 <= n <= MAX_PILE:
            raise ValueError(f"{gid}: a count must be a whole number from 0 to {MAX_PILE}")
        out[gid] = out.get(gid, 0) + n
    if sum(out.values()) > MAX_PILE:
        raise ValueError(f"at most {MAX_PILE} cards")
    return {g.id: out[g.id] for g in GOODS if out.get(g.id)}


Cards = Annotated[dict[str, int], BeforeValidator(_to_counts)]
Pile = Annotated[list[GoodName], Field(max_length=MAX_PILE)]
Gold = Annotated[StrictInt, Field(ge=0, le=1_000_000)]


def _vec(cards: dict[str, int] | None) -> list[int]:
    v = [0] * N_GOODS
    for k, n in (cards or {}).items():
        v[GOOD_IDS[k]] += n
    return v


def _pile_ids(pile) -> list[int]:
    return [GOOD_IDS[c] for c in pile]


def _counts_dict(vec) -> dict[str, int]:
    return {GOODS[g].id: k for g, k in enumerate(vec) if k}


class Declaration(BaseModel):
    model_config = ConfigDict(extra="forbid")
    good: GoodName
    count: Annotated[StrictInt, Field(ge=1, le=5)]


class BlackMarketCard(BaseModel):
    model_config = ConfigDict(extra="forbid")
    good: GoodName
    value: Annotated[StrictInt, Field(ge=0, le=1000)]


class Position(BaseModel):
    """A position to start from.  Per-seat lists are indexed by seat (the order of ``names``)."""
    model_config = ConfigDict(extra="forbid")

    rules: Rules = Rules()
    names: Annotated[list[PlayerName], Field(min_length=3, max_length=6)]
    sheriff: Seat | None = None
    deputies: tuple[Seat, Seat] | None = None          # six players; the first one speaks for both
    phase: Literal["market_start", "market", "load", "declare", "inspect"] = "inspect"
    round: Annotated[StrictInt, Field(ge=0, le=50)] = 0  # rounds already played
    market_start: Seat | None = None                     # 2E Market: the merchant who went first
    turn: Annotated[StrictInt, Field(ge=0, le=5)] = 0    # Market: merchants who have had their turn
    hands: Annotated[list[Cards], Field(max_length=6)] = []
    bags: Annotated[list[Cards | None], Field(max_length=6)] = []
    declarations: Annotated[list[Declaration | None], Field(max_length=6)] = []
    handled: Annotated[list[Literal["passed", "inspected"] | None], Field(max_length=6)] = []
    stands: Annotated[list[Cards], Field(max_length=6)] = []
    black_market_cards: Annotated[list[Annotated[list[BlackMarketCard], Field(max_length=6)]], Field(max_length=6)] = []
    gold: Annotated[list[Gold], Field(max_length=6)] = []
    discards: Annotated[list[Pile], Field(max_length=2)] | None = None
    set_aside: Pile = []                                 # 2E Market in progress: face-up cards set aside
    deck: Pile | None = None                             # the whole draw pile, top card last (rest: box)
    deck_top: Pile = []                                  # known top of the draw pile (rest shuffled below)
    box: Cards | None = None                             # cards out of the game
    must_inspect: Annotated[list[Seat], Field(max_length=6)] = []
    must_pass: Annotated[list[Seat], Field(max_length=6)] = []
    booty_gold: Gold = 0
    booty: Cards = {}
    black_market_piles: dict[GoodName, Annotated[list[Annotated[StrictInt, Field(ge=0, le=1000)]], Field(max_length=2)]] | None = None
    black_market_claimed: Annotated[list[Seat], Field(max_length=6)] = []
    sheriff_turns: Annotated[list[Annotated[StrictInt, Field(ge=0, le=50)]], Field(max_length=6)] | None = None
    deputy_deck: Annotated[list[Seat], Field(max_length=6)] | None = None
    seed: Annotated[StrictInt, Field(ge=0, le=2**63 - 1)] = 0

    @classmethod
    def from_data(cls, data: Any) -> "Position":
        """Validate plain data (and its consistency); ``InvalidScenario`` naming the field."""
        try:
            pos = cls.model_validate(data)
        except ValidationError as e:
            raise _invalid(e) from None
        pos.to_state()
        return pos

    # -- helpers -------------------------------------------------------------------
    def seat_of(self, name_or_seat) -> int:
        if isinstance(name_or_seat, int):
            return name_or_seat
        return self.names.index(name_or_seat)

    def officials(self) -> tuple[int, ...]:
        return tuple(self.deputies) if self.deputies is not None else (self.sheriff,)

    def merchants(self) -> list[int]:
        n = len(self.names)
        off = self.officials()
        lead = off[0]
        return [(lead + i) % n for i in range(1, n) if (lead + i) % n not in off]

    # -- building the engine state -------------------------------------------------------
    def to_state(self) -> GameState:
        """A consistent engine state, or ``InvalidScenario`` naming the first field at fault."""
        r = self.rules
        n = r.players
        ed = "1st" if r.edition == "1E" else "2nd"

        def bad(msg: str, where: str):
            raise InvalidScenario(msg, where)

        if len(self.names) != n:
            bad(f"{len(self.names)} names for a {n}-player game (rules.players is {n})", "names")
        if len(set(self.names)) != n:
            bad("every player needs a different name", "names")
        for fname in ("hands", "bags", "declarations", "handled", "stands", "black_market_cards", "gold"):
            v = getattr(self, fname)
            if v and len(v) != n:
                bad(f"{len(v)} entries for {n} players (one per seat, in the order of names)", fname)
        if not self.hands:
            bad("give every player's hand (an empty list for an empty hand)", "hands")
        if self.sheriff_turns is not None and len(self.sheriff_turns) != n:
            bad(f"{len(self.sheriff_turns)} entries for {n} players", "sheriff_turns")

        # officials and merchants
        for fname, seats in (("sheriff", [self.sheriff] if self.sheriff is not None else []),
                             ("deputies", list(self.deputies or ())), ("market_start", [self.market_start] if self.market_start is not None else []),
                             ("must_inspect", self.must_inspect), ("must_pass", self.must_pass),
                             ("black_market_claimed", self.black_market_claimed), ("deputy_deck", self.deputy_deck or [])):
            for p in seats:
                if p >= n:
                    bad(f"there is no seat {p} at a {n}-player table", fname)
        if r.deputies:
            if self.deputies is None:
                bad("a six-player round has two Deputies instead of a Sheriff: give their seats", "deputies")
            if self.sheriff is not None:
                bad("six players play with two Deputies, not a Sheriff (use deputies)", "sheriff")
            if self.deputies[0] == self.deputies[1]:
                bad("the two Deputies must be different players", "deputies")
        else:
            if self.deputies is not None:
                bad("Deputies exist only in the six-player game (2nd edition)", "deputies")
            if self.sheriff is None:
                bad("missing: the seat of this round's Sheriff", "sheriff")
        officials = self.officials()
        order = self.merchants()

        if not 0 <= self.round < r.rounds:
            bad(f"a game with these rules has {r.rounds} rounds, numbered 0 to {r.rounds - 1}", "round")

        bags = list(self.bags) or [None] * n
        decls = list(self.declarations) or [None] * n
        handled = list(self.handled) or [None] * n
        for p in range(n):
            if p in officials:
                role = "a Deputy" if r.deputies else "the Sheriff"
                if bags[p] is not None:
                    bad(f"{self.names[p]} is {role} and carries no bag", f"bags[{p}]")
                if decls[p] is not None:
                    bad(f"{self.names[p]} is {role} and declares nothing", f"declarations[{p}]")
                if handled[p] is not None:
                    bad(f"{self.names[p]} is {role} and has no bag to hand back", f"handled[{p}]")
            if bags[p] is not None:
                k = sum(bags[p].values())
                if not 1 <= k <= 5:
                    bad(f"a bag holds 1 to 5 cards, not {k}", f"bags[{p}]")
                if handled[p] is not None:
                    bad(f"{self.names[p]}'s bag was already {handled[p]}, so it is no longer on the table "
                        "(put its goods on the stand instead)", f"bags[{p}]")
            d = decls[p]
            if d is not None:
                if not IS_LEGAL[GOOD_IDS[d.good]]:
                    bad(f"{GOODS[GOOD_IDS[d.good]].name} cannot be declared: only Apples, Cheese, Bread or Chickens",
                        f"declarations[{p}].good")
                if bags[p] is not None and d.count != sum(bags[p].values()):
                    bad(f"the bag holds {sum(bags[p].values())} cards, so the declaration must say so, not {d.count}",
                        f"declarations[{p}].count")
            hand = self.hands[p]
            if sum(hand.values()) > r.hand_size:
                bad(f"a hand holds at most {r.hand_size} cards, not {sum(hand.values())}", f"hands[{p}]")

        ph = self.phase
        market_order = order[:]
        turn = 0
        if ph != MARKET and self.turn:
            bad("turn counts Market turns and is only used in the market phase", "turn")
        if ph in (MARKET_START, MARKET):
            for p in order:
                for fname, v in (("bags", bags[p]), ("declarations", decls[p]), ("handled", handled[p])):
                    if v is not None:
                        bad(f"bags are loaded only after the Market (phase is {ph!r})", f"{fname}[{p}]")
        if ph == MARKET_START:
            if r.edition == "1E":
                bad("the 1st edition has no 'market_start' step: the Market starts at the Sheriff's left", "phase")
            if self.set_aside:
                bad("nothing is set aside before the Market starts", "set_aside")
        elif ph == MARKET:
            if r.edition == "2E":
                start = self.market_start if self.market_start is not None else order[0]
                if start not in order:
                    bad(f"{self.names[start]} is not a merchant this round", "market_start")
                i = order.index(start)
                market_order = order[i:] + order[:i]
            elif self.market_start is not None and self.market_start != order[0]:
                bad("in the 1st edition the Market starts at the Sheriff's left", "market_start")
            if self.turn >= len(order):
                bad(f"only {len(order)} merchants take a Market turn", "turn")
            turn = self.turn
        elif ph == LOAD:
            if all(bags[p] is not None for p in order):
                bad("every merchant has loaded a bag already, so the phase is 'declare'", "phase")
            for p in order:
                if decls[p] is not None or handled[p] is not None:
                    bad("nobody declares before every bag is loaded", f"declarations[{p}]")
        elif ph == DECLARE:
            for p in order:
                if bags[p] is None:
                    bad(f"{self.names[p]} has no bag, but every merchant loads one before declaring", f"bags[{p}]")
                if handled[p] is not None:
                    bad("bags are handed back only in the Inspection phase", f"handled[{p}]")
            done = 0
            while done < len(order) and decls[order[done]] is not None:
                done += 1
            for p in order[done:]:
                if decls[p] is not None:
                    who = self.names[order[done]]
                    bad(f"declarations go clockwise from the Sheriff's left; {who} has not declared yet",
                        f"declarations[{p}]")
            if done == len(order):
                bad("every merchant has declared already, so the phase is 'inspect'", "phase")
            turn = done
        elif ph == INSPECT:
            for p in order:
                if handled[p] is None:
                    if bags[p] is None:
                        bad(f"{self.names[p]} has no bag and it was not handled: give the bag, or mark it handled",
                            f"bags[{p}]")
                    if decls[p] is None:
                        bad(f"{self.names[p]}'s bag was never declared", f"declarations[{p}]")
            if all(handled[p] is not None for p in order):
                bad("every bag has been handled, so the round is over", "handled")
            turn = len(order)
        if ph != INSPECT and (self.must_inspect or self.must_pass):
            bad("deals about other bags are struck only in the Inspection phase", "must_inspect")
        for fname, seats in (("must_inspect", self.must_inspect), ("must_pass", self.must_pass)):
            for p in seats:
                if p not in order or handled[p] is not None:
                    bad(f"{self.names[p]} has no bag still waiting", fname)
        if set(self.must_inspect) & set(self.must_pass):
            bad("a bag cannot be both opened and let through", "must_pass")
        if self.set_aside and (r.edition == "1E" or ph != MARKET):
            bad("set-aside cards wait only during a 2nd-edition Market", "set_aside")
        if (self.booty_gold or any(self.booty.values())) and not r.deputies:
            bad("the Booty tile is used only by the Deputies of a six-player game", "booty")
        piles_n = r.discard_piles
        discards = self.discards if self.discards is not None else [[] for _ in range(piles_n)]
        if len(discards) != piles_n:
            bad(f"the {ed} edition has {piles_n} discard pile{'s' if piles_n > 1 else ''}", "discards")
        bm_cards = self.black_market_cards or [[] for _ in range(n)]
        if not r.black_market:
            if any(bm_cards) or self.black_market_piles or self.black_market_claimed:
                bad("the Black Market module is off (rules.black_market)", "black_market_cards")
        pile_goods = {p.good: p for p in r.black_market_piles}
        for p, cards in enumerate(bm_cards):
            for i, c in enumerate(cards):
                if c.good not in pile_goods:
                    bad(f"the Black Market has no {c.good} pile", f"black_market_cards[{p}][{i}].good")
        if self.deck is not None and self.deck_top:
            bad("give either the whole draw pile (deck) or its top cards (deck_top), not both", "deck_top")

        # every card must come from the deck composition
        comp = deck_composition(n, r.royal_goods)
        placed = [0] * N_GOODS
        zones: list[tuple[str, list[int]]] = []
        zones += [(f"stands[{p}]", _vec(st)) for p, st in enumerate(self.stands)]
        zones += [(f"bags[{p}]", _vec(b)) for p, b in enumerate(bags) if b is not None]
        zones += [(f"hands[{p}]", _vec(h)) for p, h in enumerate(self.hands)]
        zones += [("booty", _vec(self.booty)), ("set_aside", _vec(dict(_count_list(self.set_aside))))]
        zones += [(f"discards[{k}]", _vec(dict(_count_list(pile)))) for k, pile in enumerate(discards)]
        zones += [("box", _vec(self.box))]
        zones += [("deck" if self.deck is not None else "deck_top",
                   _vec(dict(_count_list(self.deck if self.deck is not None else self.deck_top))))]
        for where, vec in zones:
            for g in range(N_GOODS):
                if not vec[g]:
                    continue
                placed[g] += vec[g]
                if placed[g] > comp[g]:
                    name = GOODS[g].name
                    if comp[g] == 0:
                        if GOODS[g].is_royal and not r.royal_goods:
                            why = f"{name} is a Royal Good and rules.royal_goods is off"
                        else:
                            why = f"the {n}-player deck has no {name}"
                        bad(why, where)
                    bad(f"{placed[g]} {name} on the table, but the {n}-player deck"
                        f"{' with Royal Goods' if r.royal_goods else ''} has only {comp[g]}", where)

        # the state: start from the engine's own fresh state, then lay out the position
        s = new_state(r, list(self.names), self.seed, officials[0])
        rng = random.Random(self.seed)
        rest: list[int] = []
        for g in range(N_GOODS):
            rest.extend([g] * (comp[g] - placed[g]))
        rng.shuffle(rest)
        box = _vec(self.box)
        if self.deck is not None:
            for c in rest:
                box[c] += 1
            deck = _pile_ids(self.deck)
        else:
            if self.box is None and r.remove_ten:
                for _ in range(min(10, len(rest))):
                    box[rest.pop()] += 1
            deck = rest + _pile_ids(self.deck_top)
        s.rng = rng
        s.deck = deck
        s.box = box
        s.discards = [_pile_ids(p) for p in discards]
        s.hands = [_vec(h) for h in self.hands]
        s.bags = [_vec(b) if b is not None else None for b in bags]
        s.bag_size = [sum(b.values()) if b is not None else (decls[p].count if decls[p] is not None else 0)
                      for p, b in enumerate(bags)]
        s.declared = [(GOOD_IDS[d.good], d.count) if d is not None else None for d in decls]
        s.handled = [PASSED if h == "passed" else INSPECTED if h == "inspected" else None for h in handled]
        s.stands = [_vec(st) for st in self.stands] if self.stands else [[0] * N_GOODS for _ in range(n)]
        s.bm_cards = [[(GOOD_IDS[c.good], c.value) for c in cards] for cards in bm_cards]
        s.gold = list(self.gold) if self.gold else [50] * n
        s.booty_gold = self.booty_gold
        s.booty = _vec(self.booty)
        s.round = self.round
        s.officials = officials
        s.order = order
        s.market_order = market_order
        s.phase = ph
        s.turn = turn
        s.set_aside = _pile_ids(self.set_aside)
        s.current = -1
        s.nego = None
        # A prepared position names the bound bags only: the deal binds every official.
        s.must_inspect = dict.fromkeys(self.must_inspect, s.officials)
        s.must_pass = dict.fromkeys(self.must_pass, s.officials)
        s.stances = {}
        s.authority = {}
        s.bm_claimed = set(self.black_market_claimed)
        s.claim_queue = []
        if r.black_market:
            if self.black_market_piles is not None:
                piles = {GOOD_IDS[g]: sorted(v) for g, v in self.black_market_piles.items()}
                for g in piles:
                    if GOODS[g].id not in pile_goods:
                        bad(f"the rules have no Black Market pile for {GOODS[g].id}", "black_market_piles")
            else:
                piles = {GOOD_IDS[p.good]: sorted(p.values) for p in r.black_market_piles}
                for cards in bm_cards:
                    for c in cards:
                        pile = piles[GOOD_IDS[c.good]]
                        if c.value in pile:
                            pile.remove(c.value)
            s.bm_piles = piles
        if self.sheriff_turns is not None:
            s.sheriff_turns = list(self.sheriff_turns)
        else:
            turns = [0] * n
            if not r.deputies:
                for k in range(1, self.round + 1):
                    turns[(officials[0] - k) % n] += 1
            s.sheriff_turns = turns
        if r.deputies:
            if self.deputy_deck is not None:
                dd = list(self.deputy_deck)
                if set(dd) & set(officials) or len(set(dd)) != len(dd):
                    bad("the Deputy deck holds each other player at most once, and not this round's Deputies",
                        "deputy_deck")
            else:
                others = [p for p in range(n) if p not in officials]
                rng2 = random.Random(self.seed + 1)
                rng2.shuffle(others)
                dd = others[: 4 - 2 * (self.round % 3)]
            s.deputy_deck = dd
            s.deputy_runs = (self.round + 1) // 3 if not dd else self.round // 3
        s.events = []
        s.history = []
        s.scores = None
        s.winners = None
        if s.card_totals() != comp:       # pragma: no cover - guarded by the checks above
            raise InvalidScenario("cards do not add up to the deck composition", "setup")
        return s


def _count_list(pile) -> list[tuple[str, int]]:
    out: dict[str, int] = {}
    for c in pile:
        out[c] = out.get(c, 0) + 1
    return list(out.items())


# -- scenarios --------------------------------------------------------------------------
class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: ActionModel
    say: Annotated[StrictStr, Field(min_length=1, max_length=400)]
    refused: Annotated[StrictStr, Field(max_length=40)] | None = None    # rule id the engine must cite


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
    def from_data(cls, data: Any) -> "Scenario":
        try:
            sc = cls.model_validate(data)
        except ValidationError as e:
            raise _invalid(e) from None
        sc._check()
        return sc

    @classmethod
    def from_json(cls, text: str | bytes) -> "Scenario":
        data = parse_json_text(text)
        if not isinstance(data, dict):
            raise InvalidScenario(f"expected a JSON object, got {type(data).__name__}", "file")
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
                raise InvalidScenario(f"unknown rule id {st.refused!r}", f"steps[{i}].refused")
            for f, p in st.action.seats():
                if p >= n:
                    raise InvalidScenario(f"there is no seat {p} at a {n}-player table", f"steps[{i}].action.{f}")
        if self.expect is not None:
            for fname in ("gold", "stands", "hands", "bags", "face_down", "scores", "bonuses", "black_market"):
                for name in getattr(self.expect, fname):
                    if name not in names:
                        raise InvalidScenario(f"{short(name)} is not one of the players", f"expect.{fname}")
            for name in self.expect.winners or []:
                if name not in names:
                    raise InvalidScenario(f"{short(name)} is not one of the players", "expect.winners")

    # -- playing -----------------------------------------------------------------------
    def game(self):
        """A fresh ``Game`` at the setup position (``game.setup`` is kept for saving)."""
        from sheriff.engine import Game
        g = Game.from_state(self.setup.to_state(), seed=self.setup.seed)
        g.setup = self.setup
        return g

    def replay(self, seat: int | None = None) -> "Replay":
        return Replay(self, seat)

    def to_json(self) -> str:
        return json.dumps(self.model_dump(mode="json", exclude_none=True), indent=1, ensure_ascii=False)

    # -- tweaking ------------------------------------------------------------------------
    def with_changes(self, changes: dict[str, Any] | None = None, *, edition: str | None = None,
                     players: int | None = None, bags: dict | None = None, declarations: dict | None = None,
                     stands: dict | None = None, gold: dict | None = None, bribes: dict | None = None,
                     keep_expect: bool = False) -> "Scenario":
        """A changed copy, validated again (``InvalidScenario`` naming the field if it no longer holds).

        ``bags`` / ``declarations`` / ``stands`` / ``gold``: ``{seat or name: new value}``
        in the JSON form (a bag change keeps the declared good and fixes its count);
        ``bribes``: ``{step index: bribe}``; ``edition``: "1E" or "2E"; ``players``: a
        new player count (seats not used by the steps are dropped, new seats join as
        bystanders whose bags were already handed back); ``changes``: any other field,
        by dotted path, e.g. ``{"steps.3.action.count": 5, "setup.round": 2}``.
        The expected numbers are dropped (they belong to the original) unless ``keep_expect``.
        """
        d = self.model_dump(mode="json")
        setup = d["setup"]
        names = setup["names"]

        def seat(key) -> int:
            if isinstance(key, int) or (isinstance(key, str) and key.isdigit()):
                k = int(key)
                if not 0 <= k < len(names):
                    raise InvalidScenario(f"there is no seat {k}", "changes")
                return k
            if key in names:
                return names.index(key)
            raise InvalidScenario(f"{key!r} is not one of the players", "changes")

        def per_seat(fname: str, default):
            lst = setup.get(fname) or [copy.deepcopy(default) for _ in names]
            setup[fname] = lst
            return lst

        for key, value in (gold or {}).items():
            per_seat("gold", 50)[seat(key)] = value
        for key, value in (stands or {}).items():
            per_seat("stands", {})[seat(key)] = value
        for key, value in (declarations or {}).items():
            per_seat("declarations", None)[seat(key)] = value
        for key, value in (bags or {}).items():
            p = seat(key)
            per_seat("bags", None)[p] = value
            decl = (setup.get("declarations") or [None] * len(names))[p]
            if value is not None and decl is not None and not (declarations and key in declarations):
                try:
                    size = sum(_to_counts(value).values())
                except ValueError as e:
                    raise InvalidScenario(str(e), f"setup.bags[{p}]") from None
                if 1 <= size <= 5:
                    decl["count"] = size
        for idx, bribe in (bribes or {}).items():
            i = int(idx)
            if not 0 <= i < len(d["steps"]) or "bribe" not in d["steps"][i]["action"]:
                raise InvalidScenario(f"step {i} is not a bribe offer", "bribes")
            d["steps"][i]["action"]["bribe"] = bribe
        for path, value in (changes or {}).items():
            _set_path(d, path, value)
        if edition is not None:
            _change_edition(d, edition)
        if players is not None:
            _change_players(d, players)
        if not keep_expect:
            d["expect"] = None
        return Scenario.from_data(d)


def _set_path(d: Any, path: str, value: Any) -> None:
    parts = path.split(".")
    cur = d
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        key: Any = int(part) if part.isdigit() and isinstance(cur, list) else part
        try:
            if last:
                cur[key] = value
            else:
                nxt = cur[key]
                if nxt is None:
                    nxt = {} if not parts[i + 1].isdigit() else []
                    cur[key] = nxt
                cur = nxt
        except (KeyError, IndexError, TypeError):
            raise InvalidScenario(f"no such field to change ({path})", path) from None


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
        raise InvalidScenario("the game is for 3 to 6 players", "players")
    if (players == 6) != (n == 6):
        raise InvalidScenario("six players play with two Deputies and fewer with one Sheriff: "
                              "such a change needs a new setup, not a tweak", "players")
    per_seat = ("hands", "bags", "declarations", "handled", "stands", "black_market_cards", "gold", "sheriff_turns")
    if players > n:
        if setup.get("phase") != "inspect":
            raise InvalidScenario("players can be added only to a scenario in the Inspection phase "
                                  "(they join with their bags already handed back)", "players")
        defaults = {"hands": {}, "bags": None, "declarations": None, "handled": "passed", "stands": {},
                    "black_market_cards": [], "gold": 50, "sheriff_turns": 0}
        for k in range(n, players):
            base = f"Player {k + 1}"
            names.append(base if base not in names else f"{base}'")
            for f in per_seat:
                lst = setup.get(f)
                if lst is None and f == "sheriff_turns":
                    continue
                if not lst:
                    lst = [copy.deepcopy(defaults[f]) if f != "handled" else None for _ in range(n)]
                    if f == "gold":
                        lst = [50] * n
                lst.append(copy.deepcopy(defaults[f]))
                setup[f] = lst
    else:
        used = set()
        if setup.get("sheriff") is not None:
            used.add(setup["sheriff"])
        used.update(setup.get("deputies") or ())
        for st in d["steps"]:
            used.update(_action_seats(st["action"]))
        drop = [p for p in range(n - 1, -1, -1) if p not in used][: n - players]
        if len(drop) < n - players:
            raise InvalidScenario(f"every seat plays a part in this scenario; at least {len(used)} players are needed",
                                  "players")
        keep = [p for p in range(n) if p not in drop]
        remap = {old: new for new, old in enumerate(keep)}
        setup["names"] = [names[p] for p in keep]
        for f in per_seat:
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
    setup["rules"]["players"] = players


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
    """Every shipped example, 1st edition first, in file order (fresh copies: safe to modify)."""
    return [s.model_copy(deep=True) for s in _library()]


def get_scenario(scenario_id: str) -> Scenario:
    """One shipped example by id (a fresh copy); ``KeyError`` listing the known ids."""
    for s in _library():
        if s.id == scenario_id:
            return s.model_copy(deep=True)
    raise KeyError(f"no scenario {scenario_id!r}; known: {', '.join(s.id for s in _library())}")


# -- replaying ------------------------------------------------------------------------------
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

    def __init__(self, scenario: Scenario, seat: int | None = None):
        from sheriff.narration import action_text, narrate
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
        return [(desc, ok) for desc, ok in _expect_items(ex, self.final.state)]


def _expect_items(ex: Expect, s: GameState):
    from sheriff.narration import good_name
    names = s.names
    seat = {nm: i for i, nm in enumerate(names)}
    for nm, v in ex.gold.items():
        got = s.gold[seat[nm]]
        yield f"{nm} has {v} gold" + ("" if got == v else f" (got {got})"), got == v
    for zone, label in ((ex.stands, "stand"), (ex.hands, "hand")):
        for nm, cards in zone.items():
            vec = (s.stands if label == "stand" else s.hands)[seat[nm]]
            for g, k in cards.items():
                got = vec[GOOD_IDS[g]]
                yield (f"{nm}'s {label} holds {k} {good_name(GOOD_IDS[g], k)}" + ("" if got == k else f" (got {got})"),
                       got == k)
    for nm, cards in ex.bags.items():
        bag = s.bags[seat[nm]]
        got = _counts_dict(bag) if bag is not None else None
        yield f"{nm}'s bag holds {cards if cards is not None else 'nothing (no bag)'}" + ("" if got == cards else f" (got {got})"), \
            got == cards
    for nm, k in ex.face_down.items():
        st = s.stands[seat[nm]]
        got = sum(st[g] for g in range(N_GOODS) if not IS_LEGAL[g])
        yield f"{nm} has {k} card(s) face down" + ("" if got == k else f" (got {got})"), got == k
    for nm, k in ex.scores.items():
        got = s.scores[seat[nm]].total if s.scores else None
        yield f"{nm} scores {k}" + ("" if got == k else f" (got {got})"), got == k
    for nm, bon in ex.bonuses.items():
        for g, k in bon.items():
            got = s.scores[seat[nm]].bonuses.get(g, 0) if s.scores else None
            yield f"{nm}'s {GOODS[GOOD_IDS[g]].name} bonus is {k}" + ("" if got == k else f" (got {got})"), got == k
    if ex.winners is not None:
        got = sorted(names[p] for p in (s.winners or []))
        yield f"winner(s): {', '.join(ex.winners)}" + ("" if got == sorted(ex.winners) else f" (got {got})"), \
            got == sorted(ex.winners)
    if ex.discard_tops is not None:
        for k, top in enumerate(ex.discard_tops):
            want = _pile_ids(top)
            pile = s.discards[k] if k < len(s.discards) else []
            got = pile[len(pile) - len(want):] if want else []
            ok = len(pile) >= len(want) and got == want
            yield f"discard pile {k} ends with {', '.join(top) or 'anything'}" + ("" if ok else f" (got {[GOODS[c].id for c in got]})"), ok
    if ex.booty_gold is not None:
        yield f"{ex.booty_gold} gold on the Booty" + ("" if s.booty_gold == ex.booty_gold else f" (got {s.booty_gold})"), \
            s.booty_gold == ex.booty_gold
    for nm, values in ex.black_market.items():
        got = sorted(v for _, v in s.bm_cards[seat[nm]])
        yield f"{nm}'s Black Market cards: {values}" + ("" if got == sorted(values) else f" (got {got})"), got == sorted(values)
    if ex.phase is not None:
        yield f"phase is {ex.phase}" + ("" if s.phase == ex.phase else f" (got {s.phase})"), s.phase == ex.phase


def check_expect(ex: Expect, s: GameState) -> list[str]:
    return [f"expected {desc}" for desc, ok in _expect_items(ex, s) if not ok]


__all__ = ["Position", "Scenario", "Step", "Expect", "Replay", "Frame", "load_scenarios", "get_scenario",
           "check_expect"]
