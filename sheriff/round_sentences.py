"""Sentences for the events of a round up to a bag's fate: a new round, the Market, loading,
declaring, and the talk over a bag (stances, threats, offers, deals).  ``sheriff.narration`` tells
the story from these and from ``outcome_sentences``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sheriff import actions as A
from sheriff import events as E
from sheriff.cards import PENALTY
from sheriff.i18n import _, ngettext
from sheriff.wording import Table, and_list, bribe_text, cards_text, good_count, good_name


def penalty_detail(counts, only=None) -> str:
    """'2 for each of the 4 Chickens' / '2 for the Cheese and 4 for each of the 2 Mead'."""
    parts = []
    for g, k in enumerate(counts):
        if not k or (only is not None and g not in only):
            continue
        if k == 1:
            parts.append(_("{penalty} for the {good}").format(penalty=PENALTY[g], good=good_name(g, 1)))
        else:
            parts.append(_("{penalty} for each of the {goods}").format(penalty=PENALTY[g], goods=good_count(g, k)))
    return and_list(parts)


def unseen_cards(n: int) -> str:
    """'1 card', '3 cards': a number of unseen cards, as an item of a list or a sentence."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def gold_text(n: int) -> str:
    return ngettext("{n} gold", "{n} gold", n).format(n=n)


# -- one small function per event kind -----------------------------------------------------
# Each gets the event, the table (updated as the story unfolds), a scratch dict shared by the
# events of one move (a bribe paid, a bag opened), the move, whose eyes, and the state after.
# Every sentence is one message with named placeholders (docs/translating.md): a name or a
# role goes in whole, never glued to a translated piece.  Each module keeps its own table
# (SAYS); sheriff.narration reads them all.
Say = Callable[[Any, Table, dict, Any, "int | None", Any], "str | None"]


def sayer(table: dict[type, Say]) -> Callable[[type], Callable[[Say], Say]]:
    """A decorator that files a sentence function in ``table`` under its event kind."""

    def says(kind: type) -> Callable[[Say], Say]:
        def register(f: Say) -> Say:
            table[kind] = f
            return f

        return register

    return says


SAYS: dict[type, Say] = {}
_says = sayer(SAYS)


@_says(E.Round)
def _round(ev: E.Round, t: Table, ctx, action, seat, after) -> str | None:
    officials = tuple(ev.officials)
    t.officials = officials
    if t.deputies:
        head = _("Round {round}: {first} and {second} are the Deputies.").format(
            round=ev.round + 1, first=t.name(officials[0]), second=t.name(officials[1])
        )
    else:
        head = _("Round {round}: {sheriff} is the Sheriff.").format(round=ev.round + 1, sheriff=t.name(officials[0]))
    over = ngettext(
        "The round is over and everyone draws back up to {n} card.",
        "The round is over and everyone draws back up to {n} cards.",
        t.hand_size,
    ).format(n=t.hand_size)
    return f"{over} {head}"


@_says(E.Start)
def _start(ev: E.Start, t: Table, ctx, action, seat, after) -> str | None:
    return _("{player} picks {start} to take the first Market turn.").format(
        player=t.who(ev.player), start=t.who(ev.start)
    )


@_says(E.MarketTurn)
def _market(ev: E.MarketTurn, t: Table, ctx, action, seat, after) -> str | None:
    discard, taken, drawn = ev.discard, ev.taken, ev.drawn
    who = t.who(ev.player)
    if not discard and not taken and not drawn:
        return _("{player} keeps the whole hand.").format(player=who)
    if t.edition1:
        return _market_1e(ev, t, action, who)
    if discard and drawn:
        msg = ngettext(
            "{player} sets aside {goods} face up and draws {n} new card from the deck.",
            "{player} sets aside {goods} face up and draws {n} new cards from the deck.",
            drawn,
        )
    elif discard:
        msg = _("{player} sets aside {goods} face up.")
    elif drawn:
        msg = ngettext(
            "{player} sets nothing aside and draws {n} new card from the deck.",
            "{player} sets nothing aside and draws {n} new cards from the deck.",
            drawn,
        )
    else:
        msg = _("{player} sets nothing aside.")
    return msg.format(player=who, goods=cards_text(discard) if discard else "", n=drawn)


def _market_1e(ev: E.MarketTurn, t: Table, action, who: str) -> str:
    """A 1st-edition Market turn: cards taken from either discard pile, drawn, and the set-aside cards laid down."""
    discard, taken, drawn = ev.discard, ev.taken, ev.drawn
    got = []
    if taken:
        froms = list(getattr(action, "from_piles", ())) if isinstance(action, A.Market) else []
        if froms and len(froms) == len(taken):
            for k in (0, 1):
                cards = [c for c, f in zip(taken, froms) if f == k]
                if cards:
                    got.append(
                        (
                            _("{cards} from the top of the left discard pile")
                            if k == 0
                            else _("{cards} from the top of the right discard pile")
                        ).format(cards=cards_text(cards))
                    )
        else:
            got.append(_("{cards} from the discard piles").format(cards=cards_text(taken)))
    if drawn:
        got.append(_("{cards} from the draw pile").format(cards=unseen_cards(drawn)))
    n = len(discard)
    if got and discard:
        msg = ngettext(
            "{player} sets aside {n} card, takes {got}, then lays the set-aside cards ({cards}) face up on {pile}.",
            "{player} sets aside {n} cards, takes {got}, then lays the set-aside cards ({cards}) face up on {pile}.",
            n,
        )
    elif got:
        msg = ngettext("{player} sets aside {n} card, takes {got}.", "{player} sets aside {n} cards, takes {got}.", n)
    elif discard:
        msg = ngettext(
            "{player} sets aside {n} card, then lays the set-aside cards ({cards}) face up on {pile}.",
            "{player} sets aside {n} cards, then lays the set-aside cards ({cards}) face up on {pile}.",
            n,
        )
    else:
        msg = ngettext("{player} sets aside {n} card.", "{player} sets aside {n} cards.", n)
    return msg.format(player=who, n=n, got=and_list(got), cards=cards_text(discard), pile=t.pile(ev.pile))


@_says(E.Drew)
def _drew(ev: E.Drew, t: Table, ctx, action, seat, after) -> str | None:
    if not ev.cards:  # nothing drawn, or hidden from this seat
        return None
    if seat is None or seat == ev.player:
        return _("{player} draws {cards}.").format(player=t.who(ev.player), cards=cards_text(ev.cards))
    return None


@_says(E.Reshuffle)
def _reshuffle(ev: E.Reshuffle, t: Table, ctx, action, seat, after) -> str | None:
    if t.edition1:
        return ngettext(
            "The draw pile has run out: each discard pile keeps its top five cards, and the rest "
            "({n} card) are shuffled into a new draw pile.",
            "The draw pile has run out: each discard pile keeps its top five cards, and the rest "
            "({n} cards) are shuffled into a new draw pile.",
            ev.count,
        ).format(n=ev.count)
    return ngettext(
        "The deck has run out: the discard pile ({n} card) is shuffled into a new deck.",
        "The deck has run out: the discard pile ({n} cards) is shuffled into a new deck.",
        ev.count,
    ).format(n=ev.count)


@_says(E.Loaded)
def _loaded(ev: E.Loaded, t: Table, ctx, action, seat, after) -> str | None:
    p = ev.player
    if isinstance(action, A.LoadBag) and action.player == p and (seat is None or seat == p):
        return _("{player} packs {goods} into the bag and snaps it shut.").format(
            player=t.who(p), goods=cards_text(action.cards)
        )
    return ngettext(
        "{player} packs {n} card into the bag and snaps it shut.",
        "{player} packs {n} cards into the bag and snaps it shut.",
        ev.count,
    ).format(player=t.who(p), n=ev.count)


@_says(E.Declared)
def _declared(ev: E.Declared, t: Table, ctx, action, seat, after) -> str | None:
    g, k = ev.good, ev.count
    t.declared[ev.player] = (g, k)
    return _('{player} hands over the bag and declares: "{goods}."').format(
        player=t.who(ev.player), goods=good_count(g, k)
    )


@_says(E.StanceTaken)
def _stance(ev: E.StanceTaken, t: Table, ctx, action, seat, after) -> str | None:
    msg = _("{deputy} wants to inspect {merchant}'s bag.") if ev.inspect else _("{deputy} would let {merchant} pass.")
    return msg.format(deputy=t.who(ev.deputy), merchant=t.who(ev.merchant))


@_says(E.Authority)
def _authority(ev: E.Authority, t: Table, ctx, action, seat, after) -> str | None:
    m, suspicious = ev.merchant, tuple(ev.suspicious)
    t.authority[m] = suspicious
    if not suspicious:
        return _(
            "Neither Deputy is suspicious, so {merchant} goes through without a bribe "
            "(the tutor's reading: the rulebook would let them still take one, onto the Booty)."
        ).format(merchant=t.who(m))
    if len(suspicious) == 1:
        return _(
            "Only {deputy} is suspicious, and deals with {merchant} alone: any bribe or fine is theirs alone."
        ).format(deputy=t.who(suspicious[0]), merchant=t.who(m))
    return _(
        "Both Deputies are suspicious: they deal with {merchant} together ({deputy} speaks), "
        "and any bribe or fine goes onto the Booty tile."
    ).format(merchant=t.who(m), deputy=t.who(suspicious[0]))


@_says(E.Threatened)
def _threatened(ev: E.Threatened, t: Table, ctx, action, seat, after) -> str | None:
    return _("{sheriff} threatens to open {merchant}'s bag.").format(
        sheriff=t.who(ev.sheriff), merchant=t.who(ev.merchant)
    )


@_says(E.Offered)
def _offered(ev: E.Offered, t: Table, ctx, action, seat, after) -> str | None:
    by, m = ev.player, ev.merchant
    if by == m:
        return _("{merchant} offers {bribe}.").format(merchant=t.who(m), bribe=bribe_text(ev.bribe, t))
    return _("{player} asks {merchant} for {bribe}.").format(
        player=t.who(by), merchant=t.who(m), bribe=bribe_text(ev.bribe, t)
    )


@_says(E.Deal)
def _deal(ev: E.Deal, t: Table, ctx, action, seat, after) -> str | None:
    return _('{player} agrees: "Deal!"').format(player=t.who(ev.player))


@_says(E.Declined)
def _declined(ev: E.Declined, t: Table, ctx, action, seat, after) -> str | None:
    return _("{merchant} refuses to pay.").format(merchant=t.who(ev.merchant))


@_says(E.TimeRanOut)
def _time_up(ev: E.TimeRanOut, t: Table, ctx, action, seat, after) -> str | None:
    return _("Time is up! Every bag not yet dealt with goes through without a bribe.")
