"""What happened at the table: one small frozen class per kind of event.

The phases append these to ``GameState.events``; ``Game.push`` returns the ones a move
caused.  Narration, practice questions, labs and any coach read their fields by name.
Goods are good indices; a group of goods is a count vector indexed by good (``bag``,
``goods``) or, where the order matters, a tuple of cards (``discard``, ``taken``).
Players are seat numbers; ``BOOTY`` (-2) stands for the Deputies' Booty tile.

``seen_by(seat)`` is the event as that seat may know it (``None``: everything, for
study).  Only two kinds hide anything, and they keep their class: a hidden field is
``None`` (``Drew.cards``: another player's new cards; ``Passed.bag``: the kinds of
another merchant's face-down goods).

    Round(round, officials)                       a new round and its Sheriff / Deputies
    Start(player, start)                          2E: the Sheriff picks who starts the Market
    MarketTurn(player, discard, taken, drawn, pile)
    Drew(player, count, cards)                    cards None when hidden
    Reshuffle(count)                              cards shuffled into a new draw pile
    Loaded(player, count)                         a bag closed with ``count`` cards
    Declared(player, good, count)
    StanceTaken(deputy, merchant, inspect)        six players: one Deputy's view of a bag
    Authority(merchant, suspicious)               which Deputies deal with this bag
    Threatened(sheriff, merchant)
    Offered(player, merchant, bribe)              by == merchant: an offer; else a demand
    Deal(player, merchant, bribe)                 the standing offer accepted
    Declined(merchant)
    TimeRanOut()
    Claimed(player, good, value)                  a Black Market card taken
    BribePaid(merchant, payee, bribe)
    Void(merchant, goods)                         promised goods that were not there
    Passed(merchant, legal, face_down, bag)       bag None when hidden
    Opened(merchant, honest, bag, amount)         amount: penalty owed (honest) or fine
    Paid(debtor, creditor, cash, why)
    PaidGoods(debtor, creditor, goods, why)
    DebtDue(debtor, creditor, owed, suggested)
    Forgiven(debtor, creditor, gold)
    BootyShared(first, second, half, goods_first, goods_second, odd, left)
    GameOver(winners)
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from sheriff.fastinit import fast_init


@dataclass(frozen=True, slots=True)
class Event:
    kind: ClassVar[str] = "event"      # a short name, as written in a SeatView's plain data

    def seen_by(self, seat: int | None) -> Event:
        """This event as ``seat`` may know it (most events are public)."""
        return self

    def plain(self) -> list[Any]:
        """[kind, field values...]: the event as plain data."""
        return [self.kind] + [getattr(self, f.name) for f in fields(self)]


@fast_init
@dataclass(frozen=True, slots=True)
class Round(Event):
    kind: ClassVar[str] = "round"
    round: int
    officials: tuple[int, ...]


@fast_init
@dataclass(frozen=True, slots=True)
class Start(Event):
    kind: ClassVar[str] = "start"
    player: int
    start: int


@fast_init
@dataclass(frozen=True, slots=True)
class MarketTurn(Event):
    """``discard``: cards set aside (in order); ``taken``: cards from discard piles; ``drawn``: how many from the deck."""
    kind: ClassVar[str] = "market"
    player: int
    discard: tuple[int, ...]
    taken: tuple[int, ...]
    drawn: int
    pile: int


@fast_init
@dataclass(frozen=True, slots=True)
class Drew(Event):
    """New cards drawn: private to ``player`` (others see ``cards=None``, only the count)."""
    kind: ClassVar[str] = "drew"
    player: int
    count: int
    cards: tuple[int, ...] | None

    def seen_by(self, seat: int | None) -> Event:
        if seat is None or seat == self.player or self.cards is None:
            return self
        return Drew(self.player, self.count, None)


@fast_init
@dataclass(frozen=True, slots=True)
class Reshuffle(Event):
    kind: ClassVar[str] = "reshuffle"
    count: int


@fast_init
@dataclass(frozen=True, slots=True)
class Loaded(Event):
    kind: ClassVar[str] = "load"
    player: int
    count: int


@fast_init
@dataclass(frozen=True, slots=True)
class Declared(Event):
    kind: ClassVar[str] = "declare"
    player: int
    good: int
    count: int


@fast_init
@dataclass(frozen=True, slots=True)
class StanceTaken(Event):
    kind: ClassVar[str] = "stance"
    deputy: int
    merchant: int
    inspect: bool


@fast_init
@dataclass(frozen=True, slots=True)
class Authority(Event):
    """Six players: the Deputies who deal with ``merchant``'s bag (empty: it passes)."""
    kind: ClassVar[str] = "authority"
    merchant: int
    suspicious: tuple[int, ...]


@fast_init
@dataclass(frozen=True, slots=True)
class Threatened(Event):
    kind: ClassVar[str] = "threaten"
    sheriff: int
    merchant: int


@fast_init
@dataclass(frozen=True, slots=True)
class Offered(Event):
    kind: ClassVar[str] = "offer"
    player: int
    merchant: int
    bribe: Any          # sheriff.actions.Bribe


@fast_init
@dataclass(frozen=True, slots=True)
class Deal(Event):
    kind: ClassVar[str] = "deal"
    player: int
    merchant: int
    bribe: Any


@fast_init
@dataclass(frozen=True, slots=True)
class Declined(Event):
    kind: ClassVar[str] = "decline"
    merchant: int


@dataclass(frozen=True, slots=True)
class TimeRanOut(Event):
    kind: ClassVar[str] = "time_up"


@fast_init
@dataclass(frozen=True, slots=True)
class Claimed(Event):
    kind: ClassVar[str] = "claim"
    player: int
    good: int
    value: int


@fast_init
@dataclass(frozen=True, slots=True)
class BribePaid(Event):
    kind: ClassVar[str] = "bribe_paid"
    merchant: int
    payee: int
    bribe: Any


@fast_init
@dataclass(frozen=True, slots=True)
class Void(Event):
    kind: ClassVar[str] = "void"
    merchant: int
    goods: tuple[int, ...]


@fast_init
@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A bag handed back unopened: its legal goods go face up, the rest face down.

    ``bag`` (the whole content) is known to the merchant only; others see ``bag=None``."""
    kind: ClassVar[str] = "passed"
    merchant: int
    legal: tuple[int, ...]
    face_down: int
    bag: tuple[int, ...] | None

    def seen_by(self, seat: int | None) -> Event:
        if seat is None or seat == self.merchant or self.bag is None:
            return self
        return Passed(self.merchant, self.legal, self.face_down, None)


@fast_init
@dataclass(frozen=True, slots=True)
class Opened(Event):
    kind: ClassVar[str] = "opened"
    merchant: int
    honest: bool
    bag: tuple[int, ...]
    amount: int


@fast_init
@dataclass(frozen=True, slots=True)
class Paid(Event):
    kind: ClassVar[str] = "pay"
    debtor: int
    creditor: int
    cash: int
    why: str


@fast_init
@dataclass(frozen=True, slots=True)
class PaidGoods(Event):
    kind: ClassVar[str] = "pay_goods"
    debtor: int
    creditor: int
    goods: tuple[int, ...]
    why: str


@fast_init
@dataclass(frozen=True, slots=True)
class DebtDue(Event):
    """``debtor`` must now choose stand goods worth at least ``owed`` (``suggested``: the tutor's pick, counts)."""
    kind: ClassVar[str] = "debt_due"
    debtor: int
    creditor: int
    owed: int
    suggested: tuple[int, ...]

    def seen_by(self, seat: int | None) -> Event:
        # The suggestion may name face-down contraband: the debtor's to know.
        if seat is None or seat == self.debtor:
            return self
        return DebtDue(self.debtor, self.creditor, self.owed, ())


@fast_init
@dataclass(frozen=True, slots=True)
class Forgiven(Event):
    kind: ClassVar[str] = "forgiven"
    debtor: int
    creditor: int
    gold: int


@fast_init
@dataclass(frozen=True, slots=True)
class BootyShared(Event):
    """The Deputies' Booty split between ``first`` and ``second``; ``odd``: the odd coin, ``left``: the odd card.

    They go back to the bank / the discard pile, unless the Deputies agreed: then to
    ``odd_to`` / ``left_to`` (-1: no agreement)."""
    kind: ClassVar[str] = "booty"
    first: int
    second: int
    half: int
    goods_first: tuple[int, ...]
    goods_second: tuple[int, ...]
    odd: int
    left: tuple[int, ...]
    odd_to: int = -1
    left_to: int = -1


@fast_init
@dataclass(frozen=True, slots=True)
class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    winners: tuple[int, ...]


__all__ = ["Event", "Round", "Start", "MarketTurn", "Drew", "Reshuffle", "Loaded", "Declared", "StanceTaken",
           "Authority", "Threatened", "Offered", "Deal", "Declined", "TimeRanOut", "Claimed", "BribePaid", "Void",
           "Passed", "Opened", "Paid", "PaidGoods", "DebtDue", "Forgiven", "BootyShared", "GameOver"]
