"""Phase 1, Market: set cards aside and draw back up (rules market.*)."""
from __future__ import annotations

from sheriff import actions as A
from sheriff import events as E
from sheriff.phases.common import Handlers, need_cards, need_group, need_phase, need_seat, refuse
from sheriff.phases.rounds import draw, hand_count
from sheriff.state import LOAD, MARKET, MARKET_START, GameState


def check_choose_start(s: GameState, a) -> None:
    need_phase(s, MARKET_START, "Choosing who starts the Market")
    if a.player != s.officials[0]:
        raise refuse(s, "market.start", f"{s.names[s.officials[0]]} is the Sheriff and picks who starts the Market.")
    need_seat(s, a.start)
    if a.start not in s.order:
        raise refuse(s, "market.start", f"The first Market turn must go to a merchant, and {_name(s, a.start)} is not one this round.")


def apply_choose_start(s: GameState, a) -> None:
    i = s.order.index(a.start)
    s.market_order = s.order[i:] + s.order[:i]
    s.turn = 0
    s.phase = MARKET
    s.events.append(E.Start(a.player, a.start))


def _name(s, p):
    return s.names[p] if isinstance(p, int) and 0 <= p < s.n else repr(p)


def check_market(s: GameState, a) -> None:
    if s.phase != MARKET:
        need_phase(s, MARKET, "A Market turn")
    who = s.market_order[s.turn]
    if a.player != who:
        need_seat(s, a.player)
        if a.player in s.officials:
            raise refuse(s, "round.phases", f"{s.names[a.player]} is {'a Deputy' if s.deputies_mode else 'the Sheriff'} and sits out the Market.")
        raise refuse(s, "turn.order", f"It is {s.names[who]}'s Market turn, not {s.names[a.player]}'s.")
    need_group(s, a.discard, "market.set_aside")
    if len(a.discard) > 5:
        raise refuse(s, "market.set_aside", f"At most five cards may be set aside; {len(a.discard)} were chosen.")
    need_cards(s, a.discard, s.hands[a.player], "market.set_aside", a.player)
    need_group(s, a.from_piles, "market.draw_1e" if s.edition1 else "market.draw_2e", "discard piles")
    if not s.edition1:
        if a.from_piles:
            raise refuse(s, "market.draw_2e", "In the 2nd edition every card is drawn from the deck; the discard pile is not for drawing.")
        if type(a.pile) is not int or a.pile != 0:
            raise refuse(s, "market.draw_2e", f"The 2nd edition has one discard pile (pile 0), not pile {a.pile!r}.")
        return
    if type(a.pile) is not int or a.pile not in (0, 1):
        raise refuse(s, "market.draw_1e", "Set-aside cards go onto discard pile 0 or discard pile 1.")
    if any(type(x) is not int or x not in (0, 1) for x in a.from_piles):
        raise refuse(s, "market.draw_1e", "Cards can be taken only from discard pile 0 or 1 (and then from the draw pile).")
    wanted = s.hand_size - (hand_count(s, a.player) - len(a.discard))
    if len(a.from_piles) > wanted:
        raise refuse(s, "market.draw_1e", f"Only {max(wanted, 0)} card(s) are drawn back, but {len(a.from_piles)} were taken from discard piles.")
    for k in (0, 1):
        took = a.from_piles.count(k)
        if took > len(s.discards[k]):
            raise refuse(s, "market.draw_1e", f"Discard pile {k} holds {len(s.discards[k])} card(s); {took} cannot be taken from it.")


def apply_market(s: GameState, a) -> None:
    p = a.player
    hand = s.hands[p]
    for c in a.discard:
        hand[c] -= 1
    taken = []
    for k in a.from_piles:
        c = s.discards[k].pop()
        hand[c] += 1
        taken.append(c)
    short = s.hand_size - sum(hand)
    drawn = draw(s, p, short) if short > 0 else ()
    if s.edition1:
        s.discards[a.pile].extend(a.discard)
    else:
        s.set_aside.extend(a.discard)
    s.events.append(E.MarketTurn(p, tuple(a.discard), tuple(taken), len(drawn), a.pile))
    s.events.append(E.Drew(p, len(drawn), tuple(drawn)))       # private to p
    s.turn += 1
    if s.turn == len(s.market_order):
        if not s.edition1:
            s.discards[0].extend(s.set_aside)
            s.set_aside = []
        s.phase = LOAD
        s.turn = 0


# move -> (check, apply): the engine's table of rules is built from these.
HANDLERS: Handlers = {
    A.ChooseStart: (check_choose_start, apply_choose_start),
    A.Market: (check_market, apply_market),
}
