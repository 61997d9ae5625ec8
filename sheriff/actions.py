"""Every move a player can make, one small frozen class each (moves as data).

Cards are good indices (see ``sheriff.cards``); a group of cards is a tuple of
indices, e.g. ``(APPLES, APPLES, CROSSBOWS)``.  Players are seat numbers.

A move is declared here once: its fields, its JSON tag (``tag``), how each field is
written in JSON (the ``Seat``, ``Good``, ``Cards``... markers below, read by
``sheriff.record``, which builds the validated JSON form from them), its sentence as
played (``text``) and as attempted (``attempt``, shown when the rules refuse it).
Adding a move: a class here, and its rule (check/apply) and its listing (``OFFERED``) in a
``sheriff.phases`` module.

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

from sheriff.fastinit import fast_init
from sheriff.i18n import _, ngettext
from sheriff.wording import Table, bribe_text, cards_text, good_count, goods_kind

# How a field is written in JSON (see sheriff.record): the marker is the Annotated metadata.
Seat = Annotated[int, "seat"]  # a seat number
Seats = Annotated[tuple[int, ...], "seats"]
Good = Annotated[int, "good"]  # a good, by name in JSON
Cards = Annotated[tuple[int, ...], "cards"]  # cards, by name in JSON
StandCards = Annotated[tuple[int, ...], "stand_cards"]  # a stand can hold more cards than a move names
Count = Annotated[int, "count"]  # a number of cards
Pile = Annotated[int, "pile"]  # 1E: a discard pile, 0 (left) or 1 (right)
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
    tag: ClassVar[str] = ""  # the move's "type" in JSON
    # Listed by the engine's legal_actions (each phase module's OFFERED table); a test checks
    # that every move that says so is offered in some seeded game (tests/test_legal_actions.py).
    offered: ClassVar[bool] = True
    player: Seat

    def text(self, names) -> str:  # pragma: no cover - every subclass overrides
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
        return _("{player} picks {start} to start the Market.").format(
            player=_(names[self.player]), start=_(names[self.start])
        )

    def attempt(self, t: Table, seat: int | None) -> str:
        return _("{player} picks {start} to start the Market").format(
            player=t.who(self.player), start=t.who(self.start)
        )


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
        who, n, k = _(names[self.player]), len(self.discard), len(self.from_piles)
        if not self.discard:
            return _("{player} keeps the whole hand.").format(player=who)
        if self.from_piles:
            return ngettext(
                "{player} sets aside {n} card, takes {k} from the discard piles and draws back up.",
                "{player} sets aside {n} cards, takes {k} from the discard piles and draws back up.",
                n,
            ).format(player=who, n=n, k=k)
        return ngettext(
            "{player} sets aside {n} card and draws back up.", "{player} sets aside {n} cards and draws back up.", n
        ).format(player=who, n=n)

    def attempt(self, t: Table, seat: int | None) -> str:
        w, k = t.who(self.player), len(self.from_piles)
        goods = cards_text(self.discard)
        if self.discard and self.from_piles:
            msg = (
                ngettext(
                    "{player} sets aside {goods} and takes {n} card from the discard piles",
                    "{player} sets aside {goods} and takes {n} cards from the discard piles",
                    k,
                )
                if t.edition1
                else ngettext(
                    "{player} sets aside {goods} and takes {n} card from the discard pile",
                    "{player} sets aside {goods} and takes {n} cards from the discard pile",
                    k,
                )
            )
        elif self.from_piles:
            msg = (
                ngettext(
                    "{player} keeps the whole hand and takes {n} card from the discard piles",
                    "{player} keeps the whole hand and takes {n} cards from the discard piles",
                    k,
                )
                if t.edition1
                else ngettext(
                    "{player} keeps the whole hand and takes {n} card from the discard pile",
                    "{player} keeps the whole hand and takes {n} cards from the discard pile",
                    k,
                )
            )
        elif self.discard:
            msg = _("{player} sets aside {goods}")
        else:
            msg = _("{player} keeps the whole hand")
        return msg.format(player=w, goods=goods, n=k)


@fast_init
@dataclass(frozen=True, slots=True)
class LoadBag(Action):
    tag: ClassVar[str] = "load_bag"
    cards: Cards

    def text(self, names) -> str:
        return ngettext(
            "{player} loads {n} card and closes the bag.",
            "{player} loads {n} cards and closes the bag.",
            len(self.cards),
        ).format(player=_(names[self.player]), n=len(self.cards))

    def attempt(self, t: Table, seat: int | None) -> str:
        w = t.who(self.player)
        if seat is None or seat == self.player:
            return ngettext(
                "{player} tries to pack {goods} ({n} card)",
                "{player} tries to pack {goods} ({n} cards)",
                len(self.cards),
            ).format(player=w, goods=cards_text(self.cards), n=len(self.cards))
        return ngettext("{player} tries to pack {n} card", "{player} tries to pack {n} cards", len(self.cards)).format(
            player=w, n=len(self.cards)
        )


@fast_init
@dataclass(frozen=True, slots=True)
class Declare(Action):
    tag: ClassVar[str] = "declare"
    good: Good
    count: Count

    def text(self, names) -> str:
        return _('{player} declares: "{count} {kind}."').format(
            player=_(names[self.player]), count=self.count, kind=goods_kind(self.good)
        )

    def attempt(self, t: Table, seat: int | None) -> str:
        return _('{player} tries to declare "{goods}"').format(
            player=t.who(self.player), goods=good_count(self.good, self.count)
        )


@fast_init
@dataclass(frozen=True, slots=True)
class Stance(Action):
    """Six players: one Deputy says whether they would inspect ``merchant``'s bag."""

    tag: ClassVar[str] = "stance"
    merchant: Seat
    inspect: Flag

    def text(self, names) -> str:
        msg = (
            _("Deputy {deputy} is suspicious of {merchant}.")
            if self.inspect
            else _("Deputy {deputy} would let pass {merchant}.")
        )
        return msg.format(deputy=_(names[self.player]), merchant=_(names[self.merchant]))

    def attempt(self, t: Table, seat: int | None) -> str:
        msg = (
            _("{deputy} wants to inspect {merchant}'s bag")
            if self.inspect
            else _("{deputy} would let through {merchant}'s bag")
        )
        return msg.format(deputy=t.who(self.player), merchant=t.who(self.merchant))


@fast_init
@dataclass(frozen=True, slots=True)
class Threaten(Action):
    tag: ClassVar[str] = "threaten"
    merchant: Seat

    def text(self, names) -> str:
        return _("{sheriff} threatens to open {merchant}'s bag.").format(
            sheriff=_(names[self.player]), merchant=_(names[self.merchant])
        )

    def attempt(self, t: Table, seat: int | None) -> str:
        return _("{sheriff} threatens to open {merchant}'s bag").format(
            sheriff=t.who(self.player), merchant=t.who(self.merchant)
        )


@fast_init
@dataclass(frozen=True, slots=True)
class Offer(Action):
    """A bribe offer (by the merchant) or a demand / counter-offer (by the Sheriff)."""

    tag: ClassVar[str] = "offer"
    merchant: Seat
    bribe: Bribe = field(default_factory=Bribe)

    def text(self, names) -> str:
        if self.player == self.merchant:
            return _("{merchant} offers {bribe}.").format(merchant=_(names[self.player]), bribe=self.bribe.text(names))
        return _("{player} asks {merchant} for {bribe}.").format(
            player=_(names[self.player]), merchant=_(names[self.merchant]), bribe=self.bribe.text(names)
        )

    def attempt(self, t: Table, seat: int | None) -> str:
        if self.player == self.merchant:
            return _("{merchant} offers {bribe}").format(merchant=t.who(self.player), bribe=bribe_text(self.bribe, t))
        return _("{player} asks {merchant} for {bribe}").format(
            player=t.who(self.player), merchant=t.who(self.merchant), bribe=bribe_text(self.bribe, t)
        )


@fast_init
@dataclass(frozen=True, slots=True)
class Accept(Action):
    tag: ClassVar[str] = "accept"
    merchant: Seat

    def text(self, names) -> str:
        return _('{player} accepts: "Deal!"').format(player=_(names[self.player]))

    def attempt(self, t: Table, seat: int | None) -> str:
        return _("{player} tries to accept the offer for {merchant}'s bag").format(
            player=t.who(self.player), merchant=t.who(self.merchant)
        )


@fast_init
@dataclass(frozen=True, slots=True)
class Decline(Action):
    """The merchant refuses to (further) bribe; the Sheriff must now decide."""

    tag: ClassVar[str] = "decline"
    merchant: Seat

    def text(self, names) -> str:
        return _("{merchant} refuses to pay.").format(merchant=_(names[self.player]))

    def attempt(self, t: Table, seat: int | None) -> str:
        return _("{merchant} refuses to pay").format(merchant=t.who(self.player))


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
        return _("{sheriff} opens {merchant}'s bag.").format(
            sheriff=_(names[self.player]), merchant=_(names[self.merchant])
        )

    def attempt(self, t: Table, seat: int | None) -> str:
        return _("{sheriff} tries to open {merchant}'s bag").format(
            sheriff=t.who(self.player), merchant=t.who(self.merchant)
        )


@fast_init
@dataclass(frozen=True, slots=True)
class Pass(Action):
    tag: ClassVar[str] = "pass"
    merchant: Seat

    def text(self, names) -> str:
        return _("{sheriff} hands {merchant}'s bag back unopened.").format(
            sheriff=_(names[self.player]), merchant=_(names[self.merchant])
        )

    def attempt(self, t: Table, seat: int | None) -> str:
        return _("{sheriff} tries to hand {merchant}'s bag back unopened").format(
            sheriff=t.who(self.player), merchant=t.who(self.merchant)
        )


@fast_init
@dataclass(frozen=True, slots=True)
class TimeUp(Action):
    """Inspection time limit: time has run out (anyone at the table may call it)."""

    tag: ClassVar[str] = "time_up"

    def text(self, names) -> str:
        return _("Time is up: every bag not yet dealt with passes without a bribe.")

    def attempt(self, t: Table, seat: int | None) -> str:
        return _("{player} calls time").format(player=t.who(self.player))


@fast_init
@dataclass(frozen=True, slots=True)
class PayDebt(Action):
    """The debtor's choice of stand goods for a debt gold could not cover (rule debt.goods)."""

    tag: ClassVar[str] = "pay_debt"
    goods: StandCards

    def text(self, names) -> str:
        return _("{player} pays the rest of the debt with {goods} from the stand.").format(
            player=_(names[self.player]), goods=cards_text(self.goods)
        )

    def attempt(self, t: Table, seat: int | None) -> str:
        return _("{player} tries to pay the debt with {goods} from the stand").format(
            player=t.who(self.player), goods=cards_text(self.goods)
        )


@fast_init
@dataclass(frozen=True, slots=True)
class AgreeBooty(Action):
    """Six players, 2E: one Deputy's terms for the Booty's leftovers (the odd coin, the odd card).

    They go to the named Deputies once both Deputies have stated the same terms this
    round; otherwise they are discarded (rule deputies.booty)."""

    tag: ClassVar[str] = "agree_booty"
    offered: ClassVar[bool] = False  # a side talk between the Deputies, at any time: never listed
    coin_to: Seat
    card_to: Seat

    def text(self, names) -> str:
        return _("{player} agrees: the odd coin of the Booty to {coin_to}, the odd card to {card_to}.").format(
            player=_(names[self.player]), coin_to=_(names[self.coin_to]), card_to=_(names[self.card_to])
        )

    def attempt(self, t: Table, seat: int | None) -> str:
        return _("{player} proposes the Booty's odd coin for {coin_to} and its odd card for {card_to}").format(
            player=t.who(self.player), coin_to=t.who(self.coin_to), card_to=t.who(self.card_to)
        )


@fast_init
@dataclass(frozen=True, slots=True)
class ClaimBlackMarket(Action):
    tag: ClassVar[str] = "claim_black_market"
    good: Good

    def text(self, names) -> str:
        return _("{player} turns in 3 {kind} for a Black Market card.").format(
            player=_(names[self.player]), kind=goods_kind(self.good)
        )

    def attempt(self, t: Table, seat: int | None) -> str:
        return _("{player} tries to turn in {goods} at the Black Market").format(
            player=t.who(self.player), goods=good_count(self.good, 3)
        )


@fast_init
@dataclass(frozen=True, slots=True)
class SkipClaim(Action):
    tag: ClassVar[str] = "skip_claim"

    def text(self, names) -> str:
        return _("{player} makes no Black Market claim.").format(player=_(names[self.player]))

    def attempt(self, t: Table, seat: int | None) -> str:
        return _("{player} makes no Black Market claim").format(player=t.who(self.player))


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseStart,
    Market,
    LoadBag,
    Declare,
    Stance,
    Threaten,
    Offer,
    Accept,
    Decline,
    Inspect,
    Pass,
    TimeUp,
    ClaimBlackMarket,
    SkipClaim,
    PayDebt,
    AgreeBooty,
)
