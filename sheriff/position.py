"""A mid-game position: the engine's own setup, with a table laid over it.

``Position`` is the file form (pydantic, goods by name such as ``{"apples": 4}`` or a
list of names): rules, names, officials (the Sheriff, or the two Deputies of a
six-player round), phase, round, hands, bags, declarations, stands, gold, discard
piles (top card last), an optional draw-pile order, bags already handled...

``to_state()`` is the one builder: ``new_state`` deals a game exactly as ``Game``
does, then the position's zones replace the dealt ones; cards the position does
not place are shuffled into the draw pile with ``seed``.  The edge checks only the
shape of the data (one entry per seat, seats that exist, every card from the deck
composition); whether a bag or a declaration could stand is asked of the engine's
own ``check_load`` / ``check_declare``, so the refusal cites the rule.
"""

from __future__ import annotations

import random
from typing import Annotated, Any, Literal, NoReturn

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictInt

from sheriff import actions as A
from sheriff.cards import GOOD_IDS, GOODS, N_GOODS, counts_to_list, deck_composition, good_id
from sheriff.errors import IllegalAction, InvalidScenario
from sheriff.i18n import _, ngettext
from sheriff.phases import bags as bag_rules
from sheriff.record import MAX_NAME, GoodName, PlayerName, Seat, short, validated
from sheriff.rules import Rules
from sheriff.state import (
    DECLARE,
    INSPECT,
    INSPECTED,
    LOAD,
    MARKET,
    MARKET_START,
    PASSED,
    GameState,
    new_state,
    reset_round,
)

MAX_PILE = 300  # cards named in one zone (the biggest deck has 216)


# -- goods as counts ---------------------------------------------------------------
def to_counts(v: Any) -> dict[str, int]:
    """A list of good names, or an object of counts, to {good id: count} in catalog order."""
    out: dict[str, int] = {}
    if isinstance(v, dict):
        if len(v) > 2 * N_GOODS:
            raise ValueError(_("too many entries"))
        items = list(v.items())
    elif isinstance(v, (list, tuple)):
        if len(v) > MAX_PILE:
            raise ValueError(_("at most {count} cards").format(count=MAX_PILE))
        items = [(x, 1) for x in v]
    else:
        raise ValueError(
            _("expected a list of good names or an object of counts such as {example}").format(example='{"apples": 4}')
        )
    for k, n in items:
        if not isinstance(k, str) or not k or len(k) > MAX_NAME:
            raise ValueError(_("{name} is not a good's name").format(name=short(k)))
        try:
            gid = GOODS[good_id(k)].id
        except KeyError:
            raise ValueError(_("unknown good {name}").format(name=short(k))) from None
        if type(n) is not int or not 0 <= n <= MAX_PILE:
            raise ValueError(
                _("{good}: a count must be a whole number from 0 to {most}").format(good=gid, most=MAX_PILE)
            )
        out[gid] = out.get(gid, 0) + n
    if sum(out.values()) > MAX_PILE:
        raise ValueError(_("at most {count} cards").format(count=MAX_PILE))
    return {g.id: out[g.id] for g in GOODS if out.get(g.id)}


Cards = Annotated[dict[str, int], BeforeValidator(to_counts)]
Pile = Annotated[list[GoodName], Field(max_length=MAX_PILE)]
Gold = Annotated[StrictInt, Field(ge=0, le=1_000_000)]
PerSeat = Field(max_length=6)
PhaseName = Literal["market_start", "market", "load", "declare", "inspect"]


def vec(cards: dict[str, int] | None) -> list[int]:
    """{good id: count} to a count vector."""
    v = [0] * N_GOODS
    for k, n in (cards or {}).items():
        v[GOOD_IDS[k]] += n
    return v


def pile_ids(pile) -> list[int]:
    return [GOOD_IDS[c] for c in pile]


def counts_of(vector) -> dict[str, int]:
    """A count vector to {good id: count} (the inverse of ``vec``)."""
    return {GOODS[g].id: k for g, k in enumerate(vector) if k}


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
    deputies: tuple[Seat, Seat] | None = None  # six players; the first one speaks for both
    phase: PhaseName = "inspect"
    round: Annotated[StrictInt, Field(ge=0, le=50)] = 0  # rounds already played
    market_start: Seat | None = None  # 2E Market: the merchant who went first
    turn: Annotated[StrictInt, Field(ge=0, le=5)] = 0  # Market: merchants who have had their turn
    hands: Annotated[list[Cards], PerSeat] = []
    bags: Annotated[list[Cards | None], PerSeat] = []
    declarations: Annotated[list[Declaration | None], PerSeat] = []
    handled: Annotated[list[Literal["passed", "inspected"] | None], PerSeat] = []
    stands: Annotated[list[Cards], PerSeat] = []
    black_market_cards: Annotated[list[Annotated[list[BlackMarketCard], Field(max_length=6)]], PerSeat] = []
    gold: Annotated[list[Gold], PerSeat] = []
    discards: Annotated[list[Pile], Field(max_length=2)] | None = None
    set_aside: Pile = []  # 2E Market in progress: face-up cards set aside
    deck: Pile | None = None  # the whole draw pile, top card last (rest: box)
    deck_top: Pile = []  # known top of the draw pile (rest shuffled below)
    box: Cards | None = None  # cards out of the game
    must_inspect: Annotated[list[Seat], PerSeat] = []
    must_pass: Annotated[list[Seat], PerSeat] = []
    booty_gold: Gold = 0
    booty: Cards = {}
    black_market_piles: (
        dict[GoodName, Annotated[list[Annotated[StrictInt, Field(ge=0, le=1000)]], Field(max_length=2)]] | None
    ) = None
    black_market_claimed: Annotated[list[Seat], PerSeat] = []
    sheriff_turns: Annotated[list[Annotated[StrictInt, Field(ge=0, le=50)]], PerSeat] | None = None
    deputy_deck: Annotated[list[Seat], PerSeat] | None = None
    seed: Annotated[StrictInt, Field(ge=0, le=2**63 - 1)] = 0

    @classmethod
    def from_data(cls, data: Any) -> Position:
        """Validate plain data (and its consistency); ``InvalidScenario`` naming the field."""
        pos = validated(cls, data)
        pos.to_state()
        return pos

    def to_state(self) -> GameState:
        """A consistent engine state, or ``InvalidScenario`` naming the first field at fault."""
        return build_state(self)


# -- the builder ----------------------------------------------------------------------------
def build_state(pos: Position) -> GameState:
    """The engine's own deal (``new_state``), overlaid with the position's table."""
    r = pos.rules
    n = r.players
    officials = _check_table(pos)
    lead = officials[0]
    order = [(lead + i) % n for i in range(1, n) if (lead + i) % n not in officials]
    bags = list(pos.bags) or [None] * n
    decls = list(pos.declarations) or [None] * n
    handled = list(pos.handled) or [None] * n
    discards = pos.discards if pos.discards is not None else [[] for _ in range(r.discard_piles)]
    comp = deck_composition(n, r.royal_goods)
    placed = _check_cards(pos, bags, discards, comp)
    _check_phase(pos, order, bags, decls, handled)

    s = new_state(r, list(pos.names), pos.seed, lead)
    s.officials = officials
    s.order = order
    reset_round(s)
    _lay_out_cards(s, pos, comp, placed, discards)
    s.hands = [vec(h) for h in pos.hands]
    s.bags = [vec(b) if b is not None else None for b in bags]
    s.bag_size = [sum(b.values()) if b is not None else d.count if d is not None else 0 for b, d in zip(bags, decls)]
    s.declared = [(GOOD_IDS[d.good], d.count) if d is not None else None for d in decls]
    s.handled = [PASSED if h == "passed" else INSPECTED if h == "inspected" else None for h in handled]
    if pos.stands:
        s.stands = [vec(st) for st in pos.stands]
    if pos.gold:
        s.gold = list(pos.gold)
    s.booty_gold = pos.booty_gold
    s.booty = vec(pos.booty)
    s.round = pos.round
    s.phase = pos.phase
    s.turn, s.market_order = _turn(pos, order, decls)
    # A prepared position names the bound bags only: the deal binds every official.
    s.must_inspect = dict.fromkeys(pos.must_inspect, s.officials)
    s.must_pass = dict.fromkeys(pos.must_pass, s.officials)
    bm_cards = pos.black_market_cards or [[] for _ in range(n)]
    s.bm_cards = [[(GOOD_IDS[c.good], c.value) for c in cards] for cards in bm_cards]
    s.bm_claimed = set(pos.black_market_claimed)
    if r.black_market:
        s.bm_piles = _black_market_piles(pos, bm_cards)
    s.sheriff_turns = list(pos.sheriff_turns) if pos.sheriff_turns is not None else _sheriff_turns(pos, lead)
    if r.deputies:
        s.deputy_deck = _deputy_deck(pos, officials)
        s.deputy_runs = (pos.round + 1) // 3 if not s.deputy_deck else pos.round // 3
    _ask_the_engine(s, pos, bags, decls)
    if s.card_totals() != comp:  # pragma: no cover - guarded by _check_cards
        raise InvalidScenario(_("cards do not add up to the deck composition"), "setup")
    return s


def _lay_out_cards(s: GameState, pos: Position, comp: list[int], placed: list[int], discards) -> None:
    """Cards the position does not place: shuffled with ``seed`` under ``deck_top`` (or into the box)."""
    rng = random.Random(pos.seed)
    rest: list[int] = []
    for g in range(N_GOODS):
        rest.extend([g] * (comp[g] - placed[g]))
    rng.shuffle(rest)
    box = vec(pos.box)
    if pos.deck is not None:
        for c in rest:
            box[c] += 1
        deck = pile_ids(pos.deck)
    else:
        if pos.box is None and pos.rules.remove_ten:
            for _ in range(min(10, len(rest))):
                box[rest.pop()] += 1
        deck = rest + pile_ids(pos.deck_top)
    s.rng = rng
    s.deck = deck
    s.box = box
    s.discards = [pile_ids(p) for p in discards]
    s.set_aside = pile_ids(pos.set_aside)


def _turn(pos: Position, order: list[int], decls) -> tuple[int, list[int]]:
    """The phase's turn counter and the Market order (2E: from the merchant who started)."""
    ph = pos.phase
    if ph == MARKET:
        if pos.rules.edition == "2E":
            start = pos.market_start if pos.market_start is not None else order[0]
            i = order.index(start)
            return pos.turn, order[i:] + order[:i]
        return pos.turn, order[:]
    if ph == DECLARE:
        return sum(1 for p in order if decls[p] is not None), order[:]
    if ph == INSPECT:
        return len(order), order[:]
    return 0, order[:]


def _black_market_piles(pos: Position, bm_cards) -> dict[int, list[int]]:
    if pos.black_market_piles is not None:
        return {GOOD_IDS[g]: sorted(v) for g, v in pos.black_market_piles.items()}
    piles = {GOOD_IDS[p.good]: sorted(p.values) for p in pos.rules.black_market_piles}
    for cards in bm_cards:  # cards already won leave their pile
        for c in cards:
            pile = piles[GOOD_IDS[c.good]]
            if c.value in pile:
                pile.remove(c.value)
    return piles


def _sheriff_turns(pos: Position, lead: int) -> list[int]:
    """Without Deputies the Sheriff's role went round once per round already played."""
    n = pos.rules.players
    turns = [0] * n
    if not pos.rules.deputies:
        for k in range(1, pos.round + 1):
            turns[(lead - k) % n] += 1
    return turns


def _deputy_deck(pos: Position, officials: tuple[int, ...]) -> list[int]:
    if pos.deputy_deck is not None:
        dd = list(pos.deputy_deck)
        if set(dd) & set(officials) or len(set(dd)) != len(dd):
            raise InvalidScenario(
                _("the Deputy deck holds each other player at most once, and not this round's Deputies"), "deputy_deck"
            )
        return dd
    others = [p for p in range(pos.rules.players) if p not in officials]
    random.Random(pos.seed + 1).shuffle(others)
    return others[: 4 - 2 * (pos.round % 3)]


def _ask_the_engine(s: GameState, pos: Position, bags, decls) -> None:
    """Could each bag have been loaded, and each declaration made?  The engine's checks say."""
    for p, bag in enumerate(bags):
        if bag is None:
            continue
        probe = s.copy()
        probe.phase = LOAD
        probe.bags[p] = None
        probe.hands[p] = [h + b for h, b in zip(probe.hands[p], vec(bag))]
        _engine_says(bag_rules.check_load, probe, A.LoadBag(p, tuple(counts_to_list(vec(bag)))), f"bags[{p}]")
    # Mid-declaration the declarations so far were made in turn, so the engine checks the order
    # too; later on, handled bags may have left theirs unsaid, so each one is checked alone.
    in_turn = s.phase == DECLARE
    probe = s.copy()
    probe.phase = DECLARE
    probe.turn = 0
    for i, p in enumerate(s.order):
        d = decls[p]
        if d is None:
            continue
        if not in_turn:
            probe.turn = i
        _engine_says(bag_rules.check_declare, probe, A.Declare(p, GOOD_IDS[d.good], d.count), f"declarations[{p}]")
        probe.turn += 1


def _engine_says(check, probe: GameState, action, where: str) -> None:
    try:
        check(probe, action)
    except IllegalAction as e:
        if e.rule_id in ("declare.type", "declare.count"):
            where += ".good" if e.rule_id == "declare.type" else ".count"
        raise InvalidScenario(
            _("{reason} (rule {rule}: {cite})").format(reason=e.reason, rule=e.rule_id, cite=e.cite), where
        ) from None


# -- edge checks: the shape of the data ---------------------------------------------------------
def _bad(msg: str, where: str) -> NoReturn:
    raise InvalidScenario(msg, where)


def _check_table(pos: Position) -> tuple[int, ...]:
    """One entry per seat, seats that exist, the officials this rule set has; returns the officials."""
    r = pos.rules
    n = r.players
    if len(pos.names) != n:
        _bad(_("{given} names for a {n}-player game (rules.players is {n})").format(given=len(pos.names), n=n), "names")
    if len(set(pos.names)) != n:
        _bad(_("every player needs a different name"), "names")
    for fname in ("hands", "bags", "declarations", "handled", "stands", "black_market_cards", "gold"):
        v = getattr(pos, fname)
        if v and len(v) != n:
            _bad(
                _("{given} entries for {n} players (one per seat, in the order of names)").format(given=len(v), n=n),
                fname,
            )
    if not pos.hands:
        _bad(_("give every player's hand (an empty list for an empty hand)"), "hands")
    if pos.sheriff_turns is not None and len(pos.sheriff_turns) != n:
        _bad(_("{given} entries for {n} players").format(given=len(pos.sheriff_turns), n=n), "sheriff_turns")
    for fname in (
        "sheriff",
        "deputies",
        "market_start",
        "must_inspect",
        "must_pass",
        "black_market_claimed",
        "deputy_deck",
    ):
        v = getattr(pos, fname)
        for p in [] if v is None else [v] if isinstance(v, int) else v:
            if p >= n:
                _bad(_("there is no seat {seat} at a {n}-player table").format(seat=p, n=n), fname)
    if not 0 <= pos.round < r.rounds:
        _bad(
            _("a game with these rules has {rounds} rounds, numbered 0 to {last}").format(
                rounds=r.rounds, last=r.rounds - 1
            ),
            "round",
        )
    if r.deputies:
        if pos.deputies is None:
            _bad(_("a six-player round has two Deputies instead of a Sheriff: give their seats"), "deputies")
        if pos.sheriff is not None:
            _bad(_("six players play with two Deputies, not a Sheriff (use deputies)"), "sheriff")
        if pos.deputies[0] == pos.deputies[1]:
            _bad(_("the two Deputies must be different players"), "deputies")
        return tuple(pos.deputies)
    if pos.deputies is not None:
        _bad(_("Deputies exist only in the six-player game (2nd edition)"), "deputies")
    if pos.sheriff is None:
        _bad(_("missing: the seat of this round's Sheriff"), "sheriff")
    return (pos.sheriff,)


def _check_cards(pos: Position, bags, discards, comp: list[int]) -> list[int]:
    """Every card placed must come from the deck composition; returns the cards placed per good."""
    r = pos.rules
    n = r.players
    for p, hand in enumerate(pos.hands):
        if sum(hand.values()) > r.hand_size:
            _bad(
                _("a hand holds at most {most} cards, not {given}").format(most=r.hand_size, given=sum(hand.values())),
                f"hands[{p}]",
            )
    if len(discards) != r.discard_piles:
        _bad(
            _("the 1st edition has 2 discard piles") if r.edition == "1E" else _("the 2nd edition has 1 discard pile"),
            "discards",
        )
    if pos.deck is not None and pos.deck_top:
        _bad(_("give either the whole draw pile (deck) or its top cards (deck_top), not both"), "deck_top")
    placed = [0] * N_GOODS
    zones: list[tuple[str, list[int]]] = []
    zones += [(f"stands[{p}]", vec(st)) for p, st in enumerate(pos.stands)]
    zones += [(f"bags[{p}]", vec(b)) for p, b in enumerate(bags) if b is not None]
    zones += [(f"hands[{p}]", vec(h)) for p, h in enumerate(pos.hands)]
    zones += [("booty", vec(pos.booty)), ("set_aside", _pile_vec(pos.set_aside))]
    zones += [(f"discards[{k}]", _pile_vec(pile)) for k, pile in enumerate(discards)]
    zones += [("box", vec(pos.box))]
    zones += [
        ("deck" if pos.deck is not None else "deck_top", _pile_vec(pos.deck if pos.deck is not None else pos.deck_top))
    ]
    for where, v in zones:
        for g in range(N_GOODS):
            if not v[g]:
                continue
            placed[g] += v[g]
            if placed[g] > comp[g]:
                name = _(GOODS[g].name)
                if comp[g] == 0:
                    if GOODS[g].is_royal and not r.royal_goods:
                        _bad(_("{good} is a Royal Good and rules.royal_goods is off").format(good=name), where)
                    _bad(_("the {n}-player deck has no {good}").format(n=n, good=name), where)
                says = (
                    _("{placed} {good} on the table, but the {n}-player deck with Royal Goods has only {most}")
                    if r.royal_goods
                    else _("{placed} {good} on the table, but the {n}-player deck has only {most}")
                )
                _bad(says.format(placed=placed[g], good=name, n=n, most=comp[g]), where)
    return placed


def _pile_vec(pile) -> list[int]:
    v = [0] * N_GOODS
    for c in pile:
        v[GOOD_IDS[c]] += 1
    return v


def _check_phase(pos: Position, order: list[int], bags, decls, handled) -> None:
    """What a snapshot of this phase can hold (who has a bag, a declaration, a handled bag...)."""
    _check_seats(pos, order, bags, decls, handled)
    _check_market_steps(pos, order, bags, decls, handled)
    _check_bag_steps(pos, order, bags, decls, handled)
    _check_deals_and_modules(pos, order, handled)


def _check_seats(pos: Position, order: list[int], bags, decls, handled) -> None:
    """The Sheriff (and Deputies) declare nothing; a handled bag is off the table."""
    r = pos.rules
    for p in range(r.players):
        if p not in order:
            if decls[p] is not None:
                _bad(
                    (
                        _("{name} is a Deputy and declares nothing")
                        if r.deputies
                        else _("{name} is the Sheriff and declares nothing")
                    ).format(name=pos.names[p]),
                    f"declarations[{p}]",
                )
            if handled[p] is not None:
                _bad(
                    (
                        _("{name} is a Deputy and has no bag to hand back")
                        if r.deputies
                        else _("{name} is the Sheriff and has no bag to hand back")
                    ).format(name=pos.names[p]),
                    f"handled[{p}]",
                )
        elif bags[p] is not None and handled[p] is not None:
            _bad(
                (
                    _(
                        "{name}'s bag was already inspected, so it is no longer on the table "
                        "(put its goods on the stand instead)"
                    )
                    if handled[p] == INSPECTED
                    else _(
                        "{name}'s bag was already passed, so it is no longer on the table "
                        "(put its goods on the stand instead)"
                    )
                ).format(name=pos.names[p]),
                f"bags[{p}]",
            )


def _check_market_steps(pos: Position, order: list[int], bags, decls, handled) -> None:
    """Before and during the Market: no bag yet, and the Market's own start and turn."""
    r = pos.rules
    ph = pos.phase
    if ph != MARKET and pos.turn:
        _bad(_("turn counts Market turns and is only used in the market phase"), "turn")
    if ph in (MARKET_START, MARKET):
        for p in order:
            for fname, v in (("bags", bags[p]), ("declarations", decls[p]), ("handled", handled[p])):
                if v is not None:
                    _bad(
                        _("bags are loaded only after the Market (phase is {phase})").format(phase=repr(ph)),
                        f"{fname}[{p}]",
                    )
    if ph == MARKET_START:
        if r.edition == "1E":
            _bad(_("the 1st edition has no 'market_start' step: the Market starts at the Sheriff's left"), "phase")
        if pos.set_aside:
            _bad(_("nothing is set aside before the Market starts"), "set_aside")
    elif ph == MARKET:
        if r.edition == "2E" and pos.market_start is not None and pos.market_start not in order:
            _bad(_("{name} is not a merchant this round").format(name=pos.names[pos.market_start]), "market_start")
        if r.edition == "1E" and pos.market_start is not None and pos.market_start != order[0]:
            _bad(_("in the 1st edition the Market starts at the Sheriff's left"), "market_start")
        if pos.turn >= len(order):
            _bad(
                ngettext(
                    "only {count} merchant takes a Market turn", "only {count} merchants take a Market turn", len(order)
                ).format(count=len(order)),
                "turn",
            )


def _check_bag_steps(pos: Position, order: list[int], bags, decls, handled) -> None:
    """Loading, declaring, inspecting: what each merchant has done so far."""
    ph = pos.phase
    if ph == LOAD:
        if all(bags[p] is not None for p in order):
            _bad(_("every merchant has loaded a bag already, so the phase is 'declare'"), "phase")
        for p in order:
            if decls[p] is not None or handled[p] is not None:
                _bad(_("nobody declares before every bag is loaded"), f"declarations[{p}]")
    elif ph == DECLARE:
        for p in order:
            if bags[p] is None:
                _bad(
                    _("{name} has no bag, but every merchant loads one before declaring").format(name=pos.names[p]),
                    f"bags[{p}]",
                )
            if handled[p] is not None:
                _bad(_("bags are handed back only in the Inspection phase"), f"handled[{p}]")
        if all(decls[p] is not None for p in order):
            _bad(_("every merchant has declared already, so the phase is 'inspect'"), "phase")
    elif ph == INSPECT:
        for p in order:
            if handled[p] is None:
                if bags[p] is None:
                    _bad(
                        _("{name} has no bag and it was not handled: give the bag, or mark it handled").format(
                            name=pos.names[p]
                        ),
                        f"bags[{p}]",
                    )
                if decls[p] is None:
                    _bad(_("{name}'s bag was never declared").format(name=pos.names[p]), f"declarations[{p}]")
        if all(handled[p] is not None for p in order):
            _bad(_("every bag has been handled, so the round is over"), "handled")


def _check_deals_and_modules(pos: Position, order: list[int], handled) -> None:
    """Deals about other bags, set-aside cards, the Booty tile and the Black Market."""
    r = pos.rules
    ph = pos.phase
    if ph != INSPECT and (pos.must_inspect or pos.must_pass):
        _bad(_("deals about other bags are struck only in the Inspection phase"), "must_inspect")
    for fname, seats in (("must_inspect", pos.must_inspect), ("must_pass", pos.must_pass)):
        for p in seats:
            if p not in order or handled[p] is not None:
                _bad(_("{name} has no bag still waiting").format(name=pos.names[p]), fname)
    if set(pos.must_inspect) & set(pos.must_pass):
        _bad(_("a bag cannot be both opened and let through"), "must_pass")
    if pos.set_aside and (r.edition == "1E" or ph != MARKET):
        _bad(_("set-aside cards wait only during a 2nd-edition Market"), "set_aside")
    if (pos.booty_gold or any(pos.booty.values())) and not r.deputies:
        _bad(_("the Booty tile is used only by the Deputies of a six-player game"), "booty")
    bm_cards = pos.black_market_cards or [[] for _ in range(r.players)]
    if not r.black_market and (any(bm_cards) or pos.black_market_piles or pos.black_market_claimed):
        _bad(_("the Black Market module is off (rules.black_market)"), "black_market_cards")
    pile_goods = {p.good for p in r.black_market_piles}
    for p, cards in enumerate(bm_cards):
        for i, c in enumerate(cards):
            if c.good not in pile_goods:
                _bad(_("the Black Market has no {good} pile").format(good=c.good), f"black_market_cards[{p}][{i}].good")
    if r.black_market:
        for g in pos.black_market_piles or {}:
            if g not in pile_goods:
                _bad(_("the rules have no Black Market pile for {good}").format(good=g), "black_market_piles")
