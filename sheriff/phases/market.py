"""Phase 1, Market: set cards aside and draw back up (rules market.*)."""

from __future__ import annotations

from sheriff import actions as A
from sheriff import events as E
from sheriff.i18n import N_, _, ngettext
from sheriff.phases.common import (
    Handlers,
    Listers,
    need_cards,
    need_group,
    need_phase,
    need_seat,
    refuse,
    sub_multisets,
)
from sheriff.phases.rounds import draw, hand_count
from sheriff.state import LOAD, MARKET, MARKET_START, GameState, total


def check_choose_start(s: GameState, a) -> None:
    need_phase(s, MARKET_START, N_("Choosing who starts the Market"))
    if a.player != s.officials[0]:
        raise refuse(
            s,
            "market.start",
            _("{sheriff} is the Sheriff and picks who starts the Market.").format(sheriff=s.names[s.officials[0]]),
        )
    need_seat(s, a.start)
    if a.start not in s.order:
        raise refuse(
            s,
            "market.start",
            _("The first Market turn must go to a merchant, and {name} is not one this round.").format(
                name=_name(s, a.start)
            ),
        )


def apply_choose_start(s: GameState, a) -> None:
    i = s.order.index(a.start)
    s.market_order = s.order[i:] + s.order[:i]
    s.turn = 0
    s.phase = MARKET
    s.events.append(E.Start(a.player, a.start))


def _name(s, p):
    return s.names[p] if isinstance(p, int) and 0 <= p < s.n else repr(p)


def check_market(s: GameState, a) -> None:
    p, discard, from_piles, pile = a.player, a.discard, a.from_piles, a.pile  # each field read once
    if s.phase != MARKET:
        need_phase(s, MARKET, N_("A Market turn"))
    who = s.market_order[s.turn]
    if p != who:
        need_seat(s, p)
        if p in s.officials:
            says = (
                _("{name} is a Deputy and sits out the Market.")
                if s.deputies_mode
                else _("{name} is the Sheriff and sits out the Market.")
            )
            raise refuse(s, "round.phases", says.format(name=s.names[p]))
        raise refuse(
            s,
            "turn.order",
            _("It is {name}'s Market turn, not {other}'s.").format(name=s.names[who], other=s.names[p]),
        )
    need_group(s, discard, "market.set_aside")
    if len(discard) > 5:
        raise refuse(
            s,
            "market.set_aside",
            _("At most five cards may be set aside; {chosen} were chosen.").format(chosen=len(discard)),
        )
    need_cards(s, discard, s.hands[p], "market.set_aside", p)
    need_group(s, from_piles, "market.draw_1e" if s.edition1 else "market.draw_2e", "discard piles")
    if not s.edition1:
        if from_piles:
            raise refuse(
                s,
                "market.draw_2e",
                _("In the 2nd edition every card is drawn from the deck; the discard pile is not for drawing."),
            )
        if type(pile) is not int or pile != 0:
            raise refuse(
                s,
                "market.draw_2e",
                _("The 2nd edition has one discard pile (pile 0), not pile {pile}.").format(pile=repr(pile)),
            )
        return
    if type(pile) is not int or pile not in (0, 1):
        raise refuse(s, "market.draw_1e", _("Set-aside cards go onto discard pile 0 or discard pile 1."))
    if any(type(x) is not int or x not in (0, 1) for x in from_piles):
        raise refuse(
            s, "market.draw_1e", _("Cards can be taken only from discard pile 0 or 1 (and then from the draw pile).")
        )
    wanted = s.hand_size - (hand_count(s, p) - len(discard))
    if len(from_piles) > wanted:
        raise refuse(
            s,
            "market.draw_1e",
            ngettext(
                "Only {wanted} card(s) are drawn back, but {taken} were taken from discard piles.",
                "Only {wanted} card(s) are drawn back, but {taken} were taken from discard piles.",
                max(wanted, 0),
            ).format(wanted=max(wanted, 0), taken=len(from_piles)),
        )
    for k in (0, 1):
        took = from_piles.count(k)
        if took > len(s.discards[k]):
            raise refuse(
                s,
                "market.draw_1e",
                ngettext(
                    "Discard pile {pile} holds {held} card(s); {took} cannot be taken from it.",
                    "Discard pile {pile} holds {held} card(s); {took} cannot be taken from it.",
                    len(s.discards[k]),
                ).format(pile=k, held=len(s.discards[k]), took=took),
            )


def apply_market(s: GameState, a) -> None:
    discard, from_piles, pile = a.discard, a.from_piles, a.pile
    p: int = a.player  # checked (or the engine's own move): typed, so compiled code indexes natively
    hand = s.hands[p]
    for card in discard:  # not `-=`: see rounds.draw
        c: int = card
        hand[c] = hand[c] - 1
    taken = []
    for k in from_piles:
        c = s.discards[k].pop()
        hand[c] += 1
        taken.append(c)
    short = s.hand_size - total(hand)
    drawn = draw(s, p, short) if short > 0 else ()
    if s.edition1:
        s.discards[pile].extend(discard)
    else:
        s.set_aside.extend(discard)
    s.events.append(E.MarketTurn(p, tuple(discard), tuple(taken), len(drawn), pile))
    s.events.append(E.Drew(p, len(drawn), tuple(drawn)))  # private to p
    s.turn += 1
    if s.turn == len(s.market_order):
        if not s.edition1:
            s.discards[0].extend(s.set_aside)
            s.set_aside = []
        s.phase = LOAD
        s.turn = 0


def offer_start(s: GameState) -> list[A.Action]:
    return [A.ChooseStart(s.officials[0], m) for m in s.order]


def offer_market(s: GameState) -> list[A.Action]:
    """Market moves up to equivalence: set-aside cards in catalog order; 1E discard-pile
    draws as "i from pile 0, then j from pile 1"."""
    out: list[A.Action] = []
    p = s.market_order[s.turn]
    for d in sub_multisets(s.hands[p], 0, 5):
        if not s.edition1:
            out.append(A.Market(p, d))
            continue
        want = s.hand_size - (sum(s.hands[p]) - len(d))
        for i in range(min(want, len(s.discards[0])) + 1):
            for j in range(min(want - i, len(s.discards[1])) + 1):
                for pile in (0, 1):
                    out.append(A.Market(p, d, (0,) * i + (1,) * j, pile))
    return out


# move -> (check, apply): the engine's table of rules is built from these.
HANDLERS: Handlers = {
    A.ChooseStart: (check_choose_start, apply_choose_start),
    A.Market: (check_market, apply_market),
}
# phase -> the moves it offers (the engine's legal_actions keeps those its checks allow).
OFFERED: Listers = {MARKET_START: offer_start, MARKET: offer_market}
