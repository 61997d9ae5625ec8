"""The whole game in one plain, fast object.

Hands, bags, stands and the Booty are count vectors indexed by good (cards of one
good are interchangeable); the draw pile and discard piles are lists of goods
with the top card last, because their order matters.  ``GameState`` holds data
only: the rules that change it live in ``sheriff.phases``; ``sheriff.engine.Game``
is the checked way in.

``copy()`` is a hand-written copy (no ``deepcopy``), so that the pure form
``apply(state, action) -> new state`` stays cheap.
"""

from __future__ import annotations

import random
from itertools import repeat, starmap
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from sheriff import cards as _cards
from sheriff.cards import deck_composition
from sheriff.events import Event
from sheriff.i18n import N_, gettext  # not ``_``: this module's loops use ``_``
from sheriff.rules import Rules

if TYPE_CHECKING:
    from sheriff.actions import Bribe
    from sheriff.scoring import Score

# Phases of a round (and the end of the game).  Final: compiled code inlines them.
MARKET_START: Final = "market_start"  # 2E: the Sheriff picks who starts the Market
MARKET: Final = "market"
LOAD: Final = "load"
DECLARE: Final = "declare"
INSPECT: Final = "inspect"
OVER: Final = "over"

# English names (catalog ids): show them through ``phase_title`` (or ``gettext``), which translates.
PHASE_TITLES = {
    MARKET_START: N_("Market (choosing who starts)"),
    MARKET: N_("Market"),
    LOAD: N_("Load Merchant Bag"),
    DECLARE: N_("Declaration"),
    INSPECT: N_("Inspection"),
    OVER: N_("Game over"),
}


def phase_title(phase: str) -> str:
    """A phase's name in the page's language."""
    return gettext(PHASE_TITLES[phase])


_COMPOSITIONS: Final[dict[tuple[int, bool], list[int]]] = {}


def total(counts: list[int]) -> int:
    """How many cards a count vector holds: ``sum(counts)``; compiled, a loop (half the cost)."""
    if not COMPILED:  # in the interpreter the builtin is quicker
        return sum(counts)
    t = 0
    for k in counts:
        t += k
    return t


# Whether this module runs compiled (mypyc's functions have no code object): a few helpers pick
# the way that is quicker there.
COMPILED: Final = not hasattr(total, "__code__")


def shuffle(rng: random.Random, cards: list) -> list:
    """A uniformly random, seed-determined permutation of ``cards`` (a new list).

    Sorting by random keys with a C-level key function is about a third faster than
    ``random.shuffle``, whose per-card ``_randbelow`` runs in Python; shuffles are a
    tenth of a simulated game.  Ties among 53-bit keys are vanishingly rare.
    """
    keys = list(starmap(rng.random, repeat((), len(cards))))  # C-level loops
    order: list[int] = sorted(range(len(cards)), key=keys.__getitem__)
    if COMPILED:  # compiled, a loop is cheaper than map(cards.__getitem__, ...); interpreted, map is
        return [cards[i] for i in order]
    return list(map(cards.__getitem__, order))


# The goods tables (sheriff.cards, which is not compiled) as Final names: compiled modules import
# them from here and read them from C statics instead of a dictionary lookup at every read.
GOODS: Final = _cards.GOODS
N_GOODS: Final = _cards.N_GOODS
LEGAL_GOODS: Final = _cards.LEGAL_GOODS
CONTRABAND_GOODS: Final = _cards.CONTRABAND_GOODS
ILLEGAL_GOODS: Final = _cards.ILLEGAL_GOODS
VALUE: Final = _cards.VALUE
PENALTY: Final = _cards.PENALTY
IS_LEGAL: Final = _cards.IS_LEGAL
MAX_DECK: Final = _cards.MAX_DECK

BOOTY: Final = -2  # payee id for the Deputies' Booty tile (six players)

# Outcome of a bag in the Inspection phase.
PASSED: Final = "passed"
INSPECTED: Final = "inspected"


class Negotiation(NamedTuple):
    """The talk about one bag in the Inspection (sheriff.phases.negotiation): read by name."""

    merchant: int  # whose bag
    offer: Bribe | None  # the standing offer, or None
    by: int  # who made it
    due: int  # whose answer is due


_TUPLE_NEW: Final[Any] = tuple.__new__


def negotiation(merchant: int, offer: object, by: int, due: int) -> Negotiation:
    """``Negotiation(merchant, offer, by, due)``, built by a direct C call: a named tuple's own
    ``__new__`` is interpreted code, some 2,000 instructions from compiled code (30 a game)."""
    return _TUPLE_NEW(Negotiation, (merchant, offer, by, due))


class Debt(NamedTuple):
    """A debt waiting for the debtor's goods (rule debt.goods: gold did not cover it)."""

    debtor: int
    creditor: int
    owed: int  # gold still owed
    why: str  # what the payment is for, as in the Paid events


class GameState:
    # One typed attribute per part of the table (the types also let mypyc compile this module).
    rules: Rules
    n: int
    names: list[str]
    edition1: bool
    hand_size: int
    rounds: int  # rules.rounds, read every round (a pydantic property: ~3,000 instructions a read)
    deputies_mode: bool
    bm_on: bool
    time_on: bool
    rng: random.Random
    deck: list[int]  # top card last
    discards: list[list[int]]  # top card last
    box: list[int]  # counts: cards out of the game
    hands: list[list[int]]  # counts per seat
    bags: list[list[int] | None]  # counts per seat; None: no bag (yet)
    bag_size: list[int]
    declared: list[tuple[int, int] | None]  # (good, count) per seat
    stands: list[list[int]]  # counts per seat
    bm_cards: list[list[tuple[int, int]]]  # Black Market cards: (good, value)
    gold: list[int]
    booty_gold: int
    booty: list[int]
    bank: int
    round: int
    officials: tuple[int, ...]  # the Sheriff, or the two Deputies
    sheriff_turns: list[int]
    deputy_deck: list[int]
    deputy_runs: int
    phase: str
    order: list[int]  # this round's merchants, from the Sheriff's left
    market_order: list[int]
    turn: int
    set_aside: list[int]  # 2E Market: set-aside cards, face up
    handled: list[str | None]  # PASSED / INSPECTED per seat
    current: int  # the bag being dealt with, or -1
    nego: Negotiation | None  # the talk about the bag in hand, if any
    must_inspect: dict[int, tuple[int, ...]]  # bag -> the officials a deal binds to open it
    must_pass: dict[int, tuple[int, ...]]  # bag -> the officials a deal binds to let it through
    stances: dict[int, list[bool | None]]
    authority: dict[int, tuple[int, ...]]
    bm_piles: dict[int, list[int]]  # good -> Black Market values, top last
    bm_claimed: set[int]
    claim_queue: list[int]
    debts: list[Debt]  # debts waiting for the debtor's goods, first due first
    booty_terms: dict[int, tuple[int, int]]  # six players: Deputy -> (who takes the odd coin, the odd card)
    events: list[Event]
    history: list[Any]
    scores: list[Score] | None
    winners: list[int] | None
    composition: list[int]

    __slots__ = tuple(__annotations__)  # plain Python: the same fields, and no others

    def __init__(self):
        pass

    # -- who is who -------------------------------------------------------------
    @property
    def sheriff(self) -> int:
        """The Sheriff's seat; with Deputies, the first Deputy drawn."""
        return self.officials[0]

    @property
    def merchants(self) -> list[int]:
        return self.order

    def is_over(self) -> bool:
        return self.phase == OVER

    # -- copying ----------------------------------------------------------------
    def copy(self) -> GameState:
        s = GameState.__new__(GameState)
        for name in (
            "rules",
            "n",
            "names",
            "edition1",
            "hand_size",
            "rounds",
            "deputies_mode",
            "bm_on",
            "time_on",
            "booty_gold",
            "bank",
            "round",
            "officials",
            "deputy_runs",
            "phase",
            "turn",
            "current",
            "composition",
            "scores",
            "winners",
        ):
            setattr(s, name, getattr(self, name))
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        s.rng = rng
        s.deck = self.deck[:]
        s.discards = [p[:] for p in self.discards]
        s.box = self.box[:]
        s.hands = [h[:] for h in self.hands]
        s.bags = [b[:] if b is not None else None for b in self.bags]
        s.bag_size = self.bag_size[:]
        s.declared = self.declared[:]
        s.stands = [x[:] for x in self.stands]
        s.bm_cards = [x[:] for x in self.bm_cards]
        s.gold = self.gold[:]
        s.booty = self.booty[:]
        s.sheriff_turns = self.sheriff_turns[:]
        s.deputy_deck = self.deputy_deck[:]
        s.order = self.order[:]
        s.market_order = self.market_order[:]
        s.set_aside = self.set_aside[:]
        s.handled = self.handled[:]
        s.nego = self.nego  # records are immutable: shared
        s.must_inspect = dict(self.must_inspect)
        s.must_pass = dict(self.must_pass)
        s.stances = {k: v[:] for k, v in self.stances.items()}
        s.authority = dict(self.authority)
        s.bm_piles = {k: v[:] for k, v in self.bm_piles.items()}
        s.bm_claimed = set(self.bm_claimed)
        s.claim_queue = self.claim_queue[:]
        s.debts = self.debts[:]
        s.booty_terms = dict(self.booty_terms)
        s.events = self.events[:]
        s.history = self.history[:]
        return s

    # -- comparisons used by tests (refusals leave the state untouched) ---------
    def fingerprint(self, rng: bool = True) -> tuple:
        """Everything that defines the position, as one comparable value (``rng=False``: all but
        the shuffle's random state, the costliest part, for tests that compare every move)."""
        return (
            self.rng.getstate() if rng else None,
            tuple(self.deck),
            tuple(map(tuple, self.discards)),
            tuple(self.box),
            tuple(map(tuple, self.hands)),
            tuple(tuple(b) if b is not None else None for b in self.bags),
            tuple(self.declared),
            tuple(map(tuple, self.stands)),
            tuple(map(tuple, self.bm_cards)),
            tuple(self.gold),
            self.booty_gold,
            tuple(self.booty),
            self.bank,
            self.round,
            self.officials,
            tuple(self.sheriff_turns),
            tuple(self.deputy_deck),
            self.deputy_runs,
            self.phase,
            tuple(self.order),
            tuple(self.market_order),
            self.turn,
            tuple(self.set_aside),
            tuple(self.handled),
            self.current,
            self.nego,
            tuple(sorted(self.must_inspect.items())),
            tuple(sorted(self.must_pass.items())),
            tuple(sorted((k, tuple(v)) for k, v in self.stances.items())),
            tuple(sorted(self.authority.items())),
            tuple(sorted((k, tuple(v)) for k, v in self.bm_piles.items())),
            frozenset(self.bm_claimed),
            tuple(self.claim_queue),
            len(self.events),
            len(self.history),
            tuple(self.debts),
            tuple(sorted(self.booty_terms.items())),
        )

    # -- bookkeeping for invariants ---------------------------------------------
    def card_totals(self) -> list[int]:
        """Cards of each good in every zone, the box included: must equal the composition."""
        tot = self.box[:]
        for zone in (self.hands, self.stands):
            for counts in zone:
                for g in range(N_GOODS):
                    tot[g] += counts[g]
        for b in self.bags:
            if b is not None:
                for g in range(N_GOODS):
                    tot[g] += b[g]
        for g in range(N_GOODS):
            tot[g] += self.booty[g]
        for pile in self.discards:
            for c in pile:
                tot[c] += 1
        for c in self.deck:
            tot[c] += 1
        for c in self.set_aside:
            tot[c] += 1
        return tot

    def total_gold(self) -> int:
        """Gold held by players, on the Booty and returned to the bank: constant all game."""
        return sum(self.gold) + self.booty_gold + self.bank

    def stand_value(self, p: int) -> int:
        return sum(VALUE[g] * c for g, c in enumerate(self.stands[p])) + sum(v for _, v in self.bm_cards[p])


def reset_round(s: GameState) -> None:
    """Clear what lasts one round only: declarations, handled bags, deals, stances, claims, Booty terms."""
    n = s.n
    s.market_order = s.order[:]
    s.turn = 0
    s.declared = [None] * n
    s.handled = [None] * n
    s.current = -1
    s.nego = None
    s.must_inspect = {}
    s.must_pass = {}
    s.stances = {}
    s.authority = {}
    s.bm_claimed = set()
    s.claim_queue = []
    s.debts = []
    s.booty_terms = {}


def new_state(rules: Rules, names: list[str], seed: int, first_sheriff: int = 0) -> GameState:
    """Shuffle, deal and seat everyone: the position before the first action."""
    if len(names) != rules.players:
        raise ValueError(
            gettext("names: {given} names given for a {players}-player game").format(
                given=len(names), players=rules.players
            )
        )
    s = GameState()
    s.rules = rules
    s.n = n = rules.players
    s.names = list(names)
    s.edition1 = rules.edition == "1E"
    s.hand_size = rules.hand_size
    s.rounds = rules.rounds
    s.deputies_mode = rules.deputies
    s.bm_on = rules.black_market
    s.time_on = rules.time_limit
    s.rng = random.Random(seed)
    royal = rules.royal_goods
    composition = _COMPOSITIONS.get((n, royal))
    if composition is None:  # the catalog's counts, read once per table size (~20,000 instructions)
        composition = _COMPOSITIONS[n, royal] = deck_composition(n, royal)
    s.composition = composition[:]
    deck = []
    for g, k in enumerate(s.composition):
        deck.extend([g] * k)
    deck = shuffle(s.rng, deck)
    s.box = [0] * N_GOODS
    if rules.remove_ten:
        for _ in range(10):
            s.box[deck.pop()] += 1
    s.hands = []
    for _ in range(n):
        h = [0] * N_GOODS
        for _ in range(s.hand_size):
            h[deck.pop()] += 1
        s.hands.append(h)
    s.discards = [[] for _ in range(rules.discard_piles)]
    if s.edition1:
        for pile in s.discards:
            for _ in range(5):
                pile.append(deck.pop())
    s.deck = deck
    s.bags = [None] * n
    s.bag_size = [0] * n
    s.stands = [[0] * N_GOODS for _ in range(n)]
    s.bm_cards = [[] for _ in range(n)]
    s.gold = [50] * n
    s.booty_gold = 0
    s.booty = [0] * N_GOODS
    s.bank = 0
    s.round = 0
    s.sheriff_turns = [0] * n
    s.deputy_deck = []
    s.deputy_runs = 0
    s.officials = (first_sheriff % n,)
    s.order = []
    s.set_aside = []
    reset_round(s)
    s.bm_piles = {}
    if s.bm_on:
        from sheriff.cards import GOOD_IDS

        for bm in rules.black_market_piles:
            # Top card last: the higher value is on top.
            s.bm_piles[GOOD_IDS[bm.good]] = sorted(bm.values)
    s.events = []
    s.history = []
    s.scores = None
    s.winners = None
    return s
