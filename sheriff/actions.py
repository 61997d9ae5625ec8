"""Every move a player can make, one small frozen class each (moves as data).

Cards are good indices (see ``sheriff.cards``); a group of cards is a tuple of
indices, e.g. ``(APPLES, APPLES, CROSSBOWS)``.  Players are seat numbers.  The JSON
form (good names instead of numbers) lives in ``sheriff.record``.

Phase by phase:
  Market      ChooseStart (2E: the Sheriff picks who starts), Market
  Load bag    LoadBag
  Declaration Declare
  Inspection  Threaten, Offer, Accept, Decline, Inspect, Pass, TimeUp,
              Stance (six players: each Deputy's view of a bag),
              ClaimBlackMarket / SkipClaim (Black Market, after a bag passes)
"""
from __future__ import annotations

from dataclasses import dataclass, field

from sheriff.cards import GOODS
from sheriff.fastinit import fast_init


@fast_init
@dataclass(frozen=True, slots=True)
class Bribe:
    """What the merchant hands over if the deal is struck.

    ``stand`` and ``bag`` are cards promised from the merchant's stand and bag;
    ``inspect`` / ``let_pass`` bind the Sheriff about other merchants' bags this round;
    ``promise`` is free text about later rounds, which binds nobody.
    """
    gold: int = 0
    stand: tuple[int, ...] = ()
    bag: tuple[int, ...] = ()
    inspect: tuple[int, ...] = ()
    let_pass: tuple[int, ...] = ()
    promise: str = ""

    def is_empty(self) -> bool:
        return not (self.gold or self.stand or self.bag or self.inspect or self.let_pass or self.promise)

    def text(self, names=None) -> str:
        """In words, e.g. '8 gold and 2 Apples from the stand' (phrased by ``sheriff.narration``)."""
        from sheriff.narration import bribe_text    # narration imports this module
        return bribe_text(self, names=names)


@dataclass(frozen=True, slots=True)
class Action:
    player: int

    def text(self, names) -> str:   # pragma: no cover - every subclass overrides
        return f"{names[self.player]}: {type(self).__name__}"


@fast_init
@dataclass(frozen=True, slots=True)
class ChooseStart(Action):
    start: int

    def text(self, names) -> str:
        return f"{names[self.player]} picks {names[self.start]} to start the Market."


@fast_init
@dataclass(frozen=True, slots=True)
class Market(Action):
    """Set aside ``discard`` (in the order laid down; the last ends on top), draw back up.

    1E only: ``from_piles`` lists the discard pile (0 or 1) of each card drawn from
    a discard pile, top card first; the rest comes from the draw pile.  ``pile`` is
    where the set-aside cards go.
    """
    discard: tuple[int, ...] = ()
    from_piles: tuple[int, ...] = ()
    pile: int = 0

    def text(self, names) -> str:
        who = names[self.player]
        if not self.discard:
            return f"{who} keeps the whole hand."
        s = f"{who} sets aside {len(self.discard)} card{'s' if len(self.discard) != 1 else ''}"
        if self.from_piles:
            s += f", takes {len(self.from_piles)} from the discard piles"
        return s + " and draws back up."


@fast_init
@dataclass(frozen=True, slots=True)
class LoadBag(Action):
    cards: tuple[int, ...]

    def text(self, names) -> str:
        return f"{names[self.player]} loads {len(self.cards)} card{'s' if len(self.cards) != 1 else ''} and closes the bag."


@fast_init
@dataclass(frozen=True, slots=True)
class Declare(Action):
    good: int
    count: int

    def text(self, names) -> str:
        g = GOODS[self.good].name
        return f'{names[self.player]} declares: "{self.count} {g}."'


@fast_init
@dataclass(frozen=True, slots=True)
class Stance(Action):
    """Six players: one Deputy says whether they would inspect ``merchant``'s bag."""
    merchant: int
    inspect: bool

    def text(self, names) -> str:
        view = "is suspicious of" if self.inspect else "would let pass"
        return f"Deputy {names[self.player]} {view} {names[self.merchant]}."


@fast_init
@dataclass(frozen=True, slots=True)
class Threaten(Action):
    merchant: int

    def text(self, names) -> str:
        return f"{names[self.player]} threatens to open {names[self.merchant]}'s bag."


@fast_init
@dataclass(frozen=True, slots=True)
class Offer(Action):
    """A bribe offer (by the merchant) or a demand / counter-offer (by the Sheriff)."""
    merchant: int
    bribe: Bribe = field(default_factory=Bribe)

    def text(self, names) -> str:
        if self.player == self.merchant:
            return f"{names[self.player]} offers {self.bribe.text(names)}."
        return f"{names[self.player]} asks {names[self.merchant]} for {self.bribe.text(names)}."


@fast_init
@dataclass(frozen=True, slots=True)
class Accept(Action):
    merchant: int

    def text(self, names) -> str:
        return f'{names[self.player]} accepts: "Deal!"'


@fast_init
@dataclass(frozen=True, slots=True)
class Decline(Action):
    """The merchant refuses to (further) bribe; the Sheriff must now decide."""
    merchant: int

    def text(self, names) -> str:
        return f"{names[self.player]} refuses to pay."


@fast_init
@dataclass(frozen=True, slots=True)
class Inspect(Action):
    merchant: int
    pile: int = 0       # 1E: which discard pile receives confiscated goods

    def text(self, names) -> str:
        return f"{names[self.player]} opens {names[self.merchant]}'s bag."


@fast_init
@dataclass(frozen=True, slots=True)
class Pass(Action):
    merchant: int

    def text(self, names) -> str:
        return f"{names[self.player]} hands {names[self.merchant]}'s bag back unopened."


@fast_init
@dataclass(frozen=True, slots=True)
class TimeUp(Action):
    """Inspection time limit: time has run out (anyone at the table may call it)."""

    def text(self, names) -> str:
        return "Time is up: every bag not yet dealt with passes without a bribe."


@fast_init
@dataclass(frozen=True, slots=True)
class ClaimBlackMarket(Action):
    good: int

    def text(self, names) -> str:
        return f"{names[self.player]} turns in 3 {GOODS[self.good].name} for a Black Market card."


@fast_init
@dataclass(frozen=True, slots=True)
class SkipClaim(Action):
    def text(self, names) -> str:
        return f"{names[self.player]} makes no Black Market claim."


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseStart, Market, LoadBag, Declare, Stance, Threaten, Offer, Accept, Decline,
    Inspect, Pass, TimeUp, ClaimBlackMarket, SkipClaim,
)
