"""What happened at the table: one small immutable class per kind of event.

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

A game builds some 270 events, so this module is compiled with the engine (docs/speed.md):
each class is a native class whose fields are ``Final`` (read-only, also at run time when
compiled), set by a written-out ``__init__``.  ``__match_args__`` names the fields in
order, for ``match`` patterns; equality, hashing, ``repr`` and ``plain()`` read it, and
``tests/test_events.py`` checks that it agrees with ``__init__``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final, final


class Event:
    kind: ClassVar[str] = "event"  # a short name, as written in a SeatView's plain data
    __match_args__: ClassVar[tuple[str, ...]] = ()  # the fields, in order

    def seen_by(self, seat: int | None) -> Event:
        """This event as ``seat`` may know it (most events are public)."""
        return self

    def values(self) -> tuple[Any, ...]:
        """The field values, in order."""
        return tuple([getattr(self, name) for name in self.__match_args__])

    def plain(self) -> list[Any]:
        """[kind, field values...]: the event as plain data."""
        return [self.kind, *self.values()]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event) or type(other) is not type(self):
            return NotImplemented
        return self.values() == other.values()

    def __hash__(self) -> int:
        return hash((self.kind, self.values()))

    def __repr__(self) -> str:
        args = ", ".join([f"{name}={value!r}" for name, value in zip(self.__match_args__, self.values())])
        return f"{type(self).__name__}({args})"


@final
class Round(Event):
    kind: ClassVar[str] = "round"
    __match_args__ = ("round", "officials")

    def __init__(self, round: int, officials: tuple[int, ...]) -> None:
        self.round: Final = round
        self.officials: Final = officials


@final
class Start(Event):
    kind: ClassVar[str] = "start"
    __match_args__ = ("player", "start")

    def __init__(self, player: int, start: int) -> None:
        self.player: Final = player
        self.start: Final = start


@final
class MarketTurn(Event):
    """``discard``: cards set aside (in order); ``taken``: cards from discard piles;
    ``drawn``: how many from the deck."""

    kind: ClassVar[str] = "market"
    __match_args__ = ("player", "discard", "taken", "drawn", "pile")

    def __init__(self, player: int, discard: tuple[int, ...], taken: tuple[int, ...], drawn: int, pile: int) -> None:
        self.player: Final = player
        self.discard: Final = discard
        self.taken: Final = taken
        self.drawn: Final = drawn
        self.pile: Final = pile


@final
class Drew(Event):
    """New cards drawn: private to ``player`` (others see ``cards=None``, only the count)."""

    kind: ClassVar[str] = "drew"
    __match_args__ = ("player", "count", "cards")

    def __init__(self, player: int, count: int, cards: tuple[int, ...] | None) -> None:
        self.player: Final = player
        self.count: Final = count
        self.cards: Final = cards

    def seen_by(self, seat: int | None) -> Event:
        if seat is None or seat == self.player or self.cards is None:
            return self
        return Drew(self.player, self.count, None)


@final
class Reshuffle(Event):
    kind: ClassVar[str] = "reshuffle"
    __match_args__ = ("count",)

    def __init__(self, count: int) -> None:
        self.count: Final = count


@final
class Loaded(Event):
    kind: ClassVar[str] = "load"
    __match_args__ = ("player", "count")

    def __init__(self, player: int, count: int) -> None:
        self.player: Final = player
        self.count: Final = count


@final
class Declared(Event):
    kind: ClassVar[str] = "declare"
    __match_args__ = ("player", "good", "count")

    def __init__(self, player: int, good: int, count: int) -> None:
        self.player: Final = player
        self.good: Final = good
        self.count: Final = count


@final
class StanceTaken(Event):
    kind: ClassVar[str] = "stance"
    __match_args__ = ("deputy", "merchant", "inspect")

    def __init__(self, deputy: int, merchant: int, inspect: bool) -> None:
        self.deputy: Final = deputy
        self.merchant: Final = merchant
        self.inspect: Final = inspect


@final
class Authority(Event):
    """Six players: the Deputies who deal with ``merchant``'s bag (empty: it passes)."""

    kind: ClassVar[str] = "authority"
    __match_args__ = ("merchant", "suspicious")

    def __init__(self, merchant: int, suspicious: tuple[int, ...]) -> None:
        self.merchant: Final = merchant
        self.suspicious: Final = suspicious


@final
class Threatened(Event):
    kind: ClassVar[str] = "threaten"
    __match_args__ = ("sheriff", "merchant")

    def __init__(self, sheriff: int, merchant: int) -> None:
        self.sheriff: Final = sheriff
        self.merchant: Final = merchant


@final
class Offered(Event):
    kind: ClassVar[str] = "offer"
    __match_args__ = ("player", "merchant", "bribe")

    def __init__(self, player: int, merchant: int, bribe: Any) -> None:
        self.player: Final = player
        self.merchant: Final = merchant
        self.bribe: Final = bribe  # sheriff.actions.Bribe


@final
class Deal(Event):
    kind: ClassVar[str] = "deal"
    __match_args__ = ("player", "merchant", "bribe")

    def __init__(self, player: int, merchant: int, bribe: Any) -> None:
        self.player: Final = player
        self.merchant: Final = merchant
        self.bribe: Final = bribe


@final
class Declined(Event):
    kind: ClassVar[str] = "decline"
    __match_args__ = ("merchant",)

    def __init__(self, merchant: int) -> None:
        self.merchant: Final = merchant


@final
class TimeRanOut(Event):
    kind: ClassVar[str] = "time_up"


@final
class Claimed(Event):
    kind: ClassVar[str] = "claim"
    __match_args__ = ("player", "good", "value")

    def __init__(self, player: int, good: int, value: int) -> None:
        self.player: Final = player
        self.good: Final = good
        self.value: Final = value


@final
class BribePaid(Event):
    kind: ClassVar[str] = "bribe_paid"
    __match_args__ = ("merchant", "payee", "bribe")

    def __init__(self, merchant: int, payee: int, bribe: Any) -> None:
        self.merchant: Final = merchant
        self.payee: Final = payee
        self.bribe: Final = bribe


@final
class Void(Event):
    kind: ClassVar[str] = "void"
    __match_args__ = ("merchant", "goods")

    def __init__(self, merchant: int, goods: tuple[int, ...]) -> None:
        self.merchant: Final = merchant
        self.goods: Final = goods


@final
class Passed(Event):
    """A bag handed back unopened: its legal goods go face up, the rest face down.

    ``bag`` (the whole content) is known to the merchant only; others see ``bag=None``."""

    kind: ClassVar[str] = "passed"
    __match_args__ = ("merchant", "legal", "face_down", "bag")

    def __init__(self, merchant: int, legal: tuple[int, ...], face_down: int, bag: tuple[int, ...] | None) -> None:
        self.merchant: Final = merchant
        self.legal: Final = legal
        self.face_down: Final = face_down
        self.bag: Final = bag

    def seen_by(self, seat: int | None) -> Event:
        if seat is None or seat == self.merchant or self.bag is None:
            return self
        return Passed(self.merchant, self.legal, self.face_down, None)


@final
class Opened(Event):
    kind: ClassVar[str] = "opened"
    __match_args__ = ("merchant", "honest", "bag", "amount")

    def __init__(self, merchant: int, honest: bool, bag: tuple[int, ...], amount: int) -> None:
        self.merchant: Final = merchant
        self.honest: Final = honest
        self.bag: Final = bag
        self.amount: Final = amount


@final
class Paid(Event):
    kind: ClassVar[str] = "pay"
    __match_args__ = ("debtor", "creditor", "cash", "why")

    def __init__(self, debtor: int, creditor: int, cash: int, why: str) -> None:
        self.debtor: Final = debtor
        self.creditor: Final = creditor
        self.cash: Final = cash
        self.why: Final = why


@final
class PaidGoods(Event):
    kind: ClassVar[str] = "pay_goods"
    __match_args__ = ("debtor", "creditor", "goods", "why")

    def __init__(self, debtor: int, creditor: int, goods: tuple[int, ...], why: str) -> None:
        self.debtor: Final = debtor
        self.creditor: Final = creditor
        self.goods: Final = goods
        self.why: Final = why


@final
class DebtDue(Event):
    """``debtor`` must now choose stand goods worth at least ``owed`` (``suggested``: the tutor's pick, counts)."""

    kind: ClassVar[str] = "debt_due"
    __match_args__ = ("debtor", "creditor", "owed", "suggested")

    def __init__(self, debtor: int, creditor: int, owed: int, suggested: tuple[int, ...]) -> None:
        self.debtor: Final = debtor
        self.creditor: Final = creditor
        self.owed: Final = owed
        self.suggested: Final = suggested

    def seen_by(self, seat: int | None) -> Event:
        # The suggestion may name face-down contraband: the debtor's to know.
        if seat is None or seat == self.debtor:
            return self
        return DebtDue(self.debtor, self.creditor, self.owed, ())


@final
class Forgiven(Event):
    kind: ClassVar[str] = "forgiven"
    __match_args__ = ("debtor", "creditor", "gold")

    def __init__(self, debtor: int, creditor: int, gold: int) -> None:
        self.debtor: Final = debtor
        self.creditor: Final = creditor
        self.gold: Final = gold


@final
class BootyShared(Event):
    """The Deputies' Booty split between ``first`` and ``second``; ``odd``: the odd coin, ``left``: the odd card.

    They go back to the bank / the discard pile, unless the Deputies agreed: then to
    ``odd_to`` / ``left_to`` (-1: no agreement)."""

    kind: ClassVar[str] = "booty"
    __match_args__ = ("first", "second", "half", "goods_first", "goods_second", "odd", "left", "odd_to", "left_to")

    def __init__(
        self,
        first: int,
        second: int,
        half: int,
        goods_first: tuple[int, ...],
        goods_second: tuple[int, ...],
        odd: int,
        left: tuple[int, ...],
        odd_to: int = -1,
        left_to: int = -1,
    ) -> None:
        self.first: Final = first
        self.second: Final = second
        self.half: Final = half
        self.goods_first: Final = goods_first
        self.goods_second: Final = goods_second
        self.odd: Final = odd
        self.left: Final = left
        self.odd_to: Final = odd_to
        self.left_to: Final = left_to


@final
class GameOver(Event):
    kind: ClassVar[str] = "game_over"
    __match_args__ = ("winners",)

    def __init__(self, winners: tuple[int, ...]) -> None:
        self.winners: Final = winners


__all__ = [
    "Event",
    "Round",
    "Start",
    "MarketTurn",
    "Drew",
    "Reshuffle",
    "Loaded",
    "Declared",
    "StanceTaken",
    "Authority",
    "Threatened",
    "Offered",
    "Deal",
    "Declined",
    "TimeRanOut",
    "Claimed",
    "BribePaid",
    "Void",
    "Passed",
    "Opened",
    "Paid",
    "PaidGoods",
    "DebtDue",
    "Forgiven",
    "BootyShared",
    "GameOver",
]
