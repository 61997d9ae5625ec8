"""Every move a player can make, one small frozen class each (moves as data).

Cards are good indices (see ``sheriff.cards``); a group of cards is a tuple of
indices, e.g. ``(APPLES, APPLES, CROSSBOWS)``.  Players are seat numbers.

A move is declared here once: its fields, its JSON tag (``tag``), how each field is
written in JSON (the ``Seat``, ``Good``, ``Cards``... markers below, read by
``sheriff.record``, which builds the validated JSON form from them), its sentence as
played (``text``) and as attempted (``attempt``, shown when the rules refuse it).
Adding a move: a class here, and its rule (check/apply) in a ``sheriff.phases`` module.

Phase by phase:
  Market      ChooseStart (2E: the Sheriff picks who starts), Market
  Load bag    LoadBag
  Declaration Declare
  Inspection  Threaten, Offer, Accept, Decline, Inspect, Pass, TimeUp,
              Stance (six players: each Deputy's view of a bag),
              ClaimBlackMarket / SkipClaim (Black Market, after a bag passes),
              PayDebt (the debtor's goods for a debt gold did not cover),
              AgreeBooty (six players: a Deputy's terms for the Booty's leftovers)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, ClassVar

from sheriff.cards import GOODS
from sheriff.fastinit import fast_init
from sheriff.wording import Table, bribe_text, cards_text, good_name, plural

# How a field is written in JSON (see sheriff.record): the marker is the Annotated metadata.
Seat = Annotated[int, "seat"]                    # a seat number
Seats = Annotated[tuple[int, ...], "seats"]
Good = Annotated[int, "good"]                    # a good, by name in JSON
Cards = Annotated[tuple[int, ...], "cards"]      # cards, by name in JSON
StandCards = Annotated[tuple[int, ...], "stand_cards"]   # a stand can hold more cards than a move names
Count = Annotated[int, "count"]                  # a number of cards
Pile = Annotated[int, "pile"]                    # 1E: a discard pile, 0 (left) or 1 (right)
Piles = Annotated[tuple[int, ...], "piles"]
Gold = Annotated[int, "gold"]
Promise = Annotated[str, "promise"]
Flag = Annotated[bool, "flag"]


@fast_init
@dataclass(frozen=True, slots=True)
class Bribe:
    """What the merchant hands over if the deal is struck.

    ``stand`` and ``bag`` are cards promised from the merchant's stand and bag;
    ``inspect`` / ``let_pass`` bind the Sheriff about other merchants' bags this round;
    ``promise`` is free text about later rounds, which binds nobody.
    """
    gold: Gold = 0
    stand: StandCards = ()
    bag: Cards = ()
    inspect: Seats = ()
    let_pass: Seats = ()
    promise: Promise = ""

    def is_empty(self) -> bool:
        return not (self.gold or self.stand or self.bag or self.inspect or self.let_pass or self.promise)

    def text(self, names=None) -> str:
        """In words, e.g. '8 gold and 2 Apples from the stand' (``sheriff.wording.bribe_text``)."""
        return bribe_text(self, names=names)


@dataclass(frozen=True, slots=True)
class Action:
    tag: ClassVar[str] = ""         # the move's "type" in JSON
    player: Seat

    def text(self, names) -> str:   # pragma: no cover - every subclass overrides
        return f"{names[self.player]}: {type(self).__name__}"

    def attempt(self, t: Table, seat: int | None) -> str:  # pragma: no cover - every subclass overrides
        """The move as attempted, told to ``seat`` at table ``t`` (no final period)."""
        return repr(self)


@fast_init
@dataclass(frozen=True, slots=True)
class ChooseStart(Action):
    tag: ClassVar[str] = "choose_start"
    start: Seat

    def text(self, names) -> str:
        return f"{names[self.player]} picks {names[self.start]} to start the Market."

    def attempt(self, t: Table, seat: int | None) -> str:
        return f"{t.who(self.player)} picks {t.who(self.start)} to start the Market"


@fast_init
@dataclass(frozen=True, slots=True)
class Market(Action):
    """Set aside ``discard`` (in the order laid down; the last ends on top), draw back up.

    1E only: ``from_piles`` lists the discard pile (0 or 1) of each card drawn from
    a discard pile, top card first; the rest comes from the draw pile.  ``pile`` is
    where the set-aside cards go.
    """
    tag: ClassVar[str] = "market"
    discard: Cards = ()
    from_piles: Piles = ()
    pile: Pile = 0

    def text(self, names) -> str:
        who = names[self.player]
        if not self.discard:
            return f"{who} keeps the whole hand."
        s = f"{who} sets aside {len(self.discard)} card{'s' if len(self.discard) != 1 else ''}"
        if self.from_piles:
            s += f", takes {len(self.from_piles)} from the discard piles"
        return s + " and draws back up."

    def attempt(self, t: Table, seat: int | None) -> str:
        w = t.who(self.player)
        s = f"{w} sets aside {cards_text(self.discard)}" if self.discard else f"{w} keeps the whole hand"
        if self.from_piles:
            s += f" and takes {plural(len(self.from_piles), 'card')} from the discard pile{'s' if t.edition1 else ''}"
        return s


@fast_init
@dataclass(frozen=True, slots=True)
class LoadBag(Action):
    tag: ClassVar[str] = "load_bag"
    cards: Cards

    def text(self, names) -> str:
        return f"{names[self.player]} loads {len(self.cards)} card{'s' if len(self.cards) != 1 else ''} and closes the bag."

    def attempt(self, t: Table, seat: int | None) -> str:
        w = t.who(self.player)
        if seat is None or seat == self.player:
            return f"{w} tries to pack {cards_text(self.cards)} ({plural(len(self.cards), 'card')})"
        return f"{w} tries to pack {plural(len(self.cards), 'card')}"


@fast_init
@dataclass(frozen=True, slots=True)
class Declare(Action):
    tag: ClassVar[str] = "declare"
    good: Good
    count: Count

    def text(self, names) -> str:
        g = GOODS[self.good].name
        return f'{names[self.player]} declares: "{self.count} {g}."'

    def attempt(self, t: Table, seat: int | None) -> str:
        return f'{t.who(self.player)} tries to declare "{self.count} {good_name(self.good, self.count)}"'


@fast_init
@dataclass(frozen=True, slots=True)
class Stance(Action):
    """Six players: one Deputy says whether they would inspect ``merchant``'s bag."""
    tag: ClassVar[str] = "stance"
    merchant: Seat
    inspect: Flag

    def text(self, names) -> str:
        view = "is suspicious of" if self.inspect else "would let pass"
        return f"Deputy {names[self.player]} {view} {names[self.merchant]}."

    def attempt(self, t: Table, seat: int | None) -> str:
        view = 'wants to inspect' if self.inspect else 'would let through'
        return f"{t.who(self.player)} {view} {t.whose(self.merchant)} bag"


@fast_init
@dataclass(frozen=True, slots=True)
class Threaten(Action):
    tag: ClassVar[str] = "threaten"
    merchant: Seat

    def text(self, names) -> str:
        return f"{names[self.player]} threatens to open {names[self.merchant]}'s bag."

    def attempt(self, t: Table, seat: int | None) -> str:
        return f"{t.who(self.player)} threatens to open {t.whose(self.merchant)} bag"


@fast_init
@dataclass(frozen=True, slots=True)
class Offer(Action):
    """A bribe offer (by the merchant) or a demand / counter-offer (by the Sheriff)."""
    tag: ClassVar[str] = "offer"
    merchant: Seat
    bribe: Bribe = field(default_factory=Bribe)

    def text(self, names) -> str:
        if self.player == self.merchant:
            return f"{names[self.player]} offers {self.bribe.text(names)}."
        return f"{names[self.player]} asks {names[self.merchant]} for {self.bribe.text(names)}."

    def attempt(self, t: Table, seat: int | None) -> str:
        if self.player == self.merchant:
            return f"{t.who(self.player)} offers {bribe_text(self.bribe, t)}"
        return f"{t.who(self.player)} asks {t.who(self.merchant)} for {bribe_text(self.bribe, t)}"


@fast_init
@dataclass(frozen=True, slots=True)
class Accept(Action):
    tag: ClassVar[str] = "accept"
    merchant: Seat

    def text(self, names) -> str:
        return f'{names[self.player]} accepts: "Deal!"'

    def attempt(self, t: Table, seat: int | None) -> str:
        return f'{t.who(self.player)} tries to accept the offer for {t.whose(self.merchant)} bag'


@fast_init
@dataclass(frozen=True, slots=True)
class Decline(Action):
    """The merchant refuses to (further) bribe; the Sheriff must now decide."""
    tag: ClassVar[str] = "decline"
    merchant: Seat

    def text(self, names) -> str:
        return f"{names[self.player]} refuses to pay."

    def attempt(self, t: Table, seat: int | None) -> str:
        return f"{t.who(self.player)} refuses to pay"


@fast_init
@dataclass(frozen=True, slots=True)
class Inspect(Action):
    """Open ``merchant``'s bag.  Confiscated goods go onto discard pile ``pile`` (1E: 0 or 1).

    ``order`` is how the Sheriff lays them down, bottom first (the last ends on top):
    for each good named, one card of it if one is left; what remains follows in catalog
    order.  Empty: catalog order.  The Sheriff decides before seeing the bag, so the
    order is a plan, one card at a time (interpretation, rule inspect.confiscate_order).
    """
    tag: ClassVar[str] = "inspect"
    merchant: Seat
    pile: Pile = 0
    order: Cards = ()

    def text(self, names) -> str:
        return f"{names[self.player]} opens {names[self.merchant]}'s bag."

    def attempt(self, t: Table, seat: int | None) -> str:
        return f"{t.who(self.player)} tries to open {t.whose(self.merchant)} bag"


@fast_init
@dataclass(frozen=True, slots=True)
class Pass(Action):
    tag: ClassVar[str] = "pass"
    merchant: Seat

    def text(self, names) -> str:
        return f"{names[self.player]} hands {names[self.merchant]}'s bag back unopened."

    def attempt(self, t: Table, seat: int | None) -> str:
        return f"{t.who(self.player)} tries to hand {t.whose(self.merchant)} bag back unopened"


@fast_init
@dataclass(frozen=True, slots=True)
class TimeUp(Action):
    """Inspection time limit: time has run out (anyone at the table may call it)."""
    tag: ClassVar[str] = "time_up"

    def text(self, names) -> str:
        return "Time is up: every bag not yet dealt with passes without a bribe."

    def attempt(self, t: Table, seat: int | None) -> str:
        return f"{t.who(self.player)} calls time"


@fast_init
@dataclass(frozen=True, slots=True)
class PayDebt(Action):
    """The debtor's choice of stand goods for a debt gold could not cover (rule debt.goods)."""
    tag: ClassVar[str] = "pay_debt"
    goods: StandCards

    def text(self, names) -> str:
        return f"{names[self.player]} pays the rest of the debt with {cards_text(self.goods)} from the stand."

    def attempt(self, t: Table, seat: int | None) -> str:
        return f"{t.who(self.player)} tries to pay the debt with {cards_text(self.goods)} from the stand"


@fast_init
@dataclass(frozen=True, slots=True)
class AgreeBooty(Action):
    """Six players, 2E: one Deputy's terms for the Booty's leftovers (the odd coin, the odd card).

    They go to the named Deputies once both Deputies have stated the same terms this
    round; otherwise they are discarded (rule deputies.booty)."""
    tag: ClassVar[str] = "agree_booty"
    coin_to: Seat
    card_to: Seat

    def text(self, names) -> str:
        return (f"{names[self.player]} agrees: the odd coin of the Booty to {names[self.coin_to]}, "
                f"the odd card to {names[self.card_to]}.")

    def attempt(self, t: Table, seat: int | None) -> str:
        return (f"{t.who(self.player)} proposes the Booty's odd coin for {t.who(self.coin_to)} "
                f"and its odd card for {t.who(self.card_to)}")


@fast_init
@dataclass(frozen=True, slots=True)
class ClaimBlackMarket(Action):
    tag: ClassVar[str] = "claim_black_market"
    good: Good

    def text(self, names) -> str:
        return f"{names[self.player]} turns in 3 {GOODS[self.good].name} for a Black Market card."

    def attempt(self, t: Table, seat: int | None) -> str:
        return f"{t.who(self.player)} tries to turn in 3 {good_name(self.good, 3)} at the Black Market"


@fast_init
@dataclass(frozen=True, slots=True)
class SkipClaim(Action):
    tag: ClassVar[str] = "skip_claim"
    def text(self, names) -> str:
        return f"{names[self.player]} makes no Black Market claim."

    def attempt(self, t: Table, seat: int | None) -> str:
        return f"{t.who(self.player)} makes no Black Market claim"


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseStart, Market, LoadBag, Declare, Stance, Threaten, Offer, Accept, Decline,
    Inspect, Pass, TimeUp, ClaimBlackMarket, SkipClaim, PayDebt, AgreeBooty,
)
