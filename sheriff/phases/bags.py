"""Phases 2 and 3: loading bags (all at once) and declaring them (in turn)."""

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
from sheriff.state import (
    DECLARE,
    GOODS,
    INSPECT,
    IS_LEGAL,
    LEGAL_GOODS,
    LOAD,
    N_GOODS,
    GameState,
)


def check_load(s: GameState, a) -> None:
    p, cards = a.player, a.cards  # each field read once: reading one from compiled code is a lookup
    if s.phase != LOAD:
        need_phase(s, LOAD, N_("Loading a bag"))
    need_seat(s, p)
    if p in s.officials:
        says = (
            _("{name} is a Deputy this round and carries no bag.")
            if s.deputies_mode
            else _("{name} is the Sheriff this round and carries no bag.")
        )
        raise refuse(s, "round.phases", says.format(name=s.names[p]))
    if s.bags[p] is not None:
        raise refuse(
            s,
            "load.closed",
            _("{name} has already closed the bag; it cannot be repacked.").format(name=s.names[p]),
        )
    need_group(s, cards, "load.from_hand")
    k = len(cards)
    if k < 1:
        raise refuse(s, "load.size", _("A bag must hold at least one card."))
    if k > 5:
        raise refuse(s, "load.size", _("A bag holds at most five cards, not {count}.").format(count=k))
    need_cards(s, cards, s.hands[p], "load.from_hand", p)


def apply_load(s: GameState, a) -> None:
    p: int = a.player  # checked (or the engine's own move): typed, so compiled code indexes natively
    cards = a.cards
    hand = s.hands[p]
    bag = [0] * N_GOODS
    for card in cards:  # not `-=`/`+=`: see rounds.draw
        c: int = card
        hand[c] = hand[c] - 1
        bag[c] = bag[c] + 1
    s.bags[p] = bag
    s.bag_size[p] = len(cards)
    s.events.append(E.Loaded(p, len(cards)))
    if s.bags.count(None) == len(s.officials):  # every merchant's bag is closed
        s.phase = DECLARE
        s.turn = 0


def check_declare(s: GameState, a) -> None:
    if s.phase != DECLARE:
        need_phase(s, DECLARE, N_("Declaring"))
    who = s.order[s.turn]
    p = a.player
    if p != who:
        need_seat(s, p)
        raise refuse(
            s,
            "turn.order",
            _("{name} declares next; {other} must wait.").format(name=s.names[who], other=s.names[p]),
        )
    g = a.good
    if not (type(g) is int and 0 <= g < len(GOODS)):
        raise refuse(s, "declare.type", _("{good} is not a good.").format(good=repr(g)))
    if not IS_LEGAL[g]:
        says = (
            _("{good} cannot be declared: Royal Goods are never declared, only Apples, Cheese, Bread or Chickens.")
            if GOODS[g].is_royal
            else _("{good} cannot be declared: contraband is never declared, only Apples, Cheese, Bread or Chickens.")
        )
        raise refuse(s, "declare.type", says.format(good=_(GOODS[g].name)))
    size = s.bag_size[p]
    count = a.count
    if type(count) is not int or count != size:
        raise refuse(
            s,
            "declare.count",
            ngettext(
                "The bag holds {size} card, so the declaration must say {size}, not {count}.",
                "The bag holds {size} cards, so the declaration must say {size}, not {count}.",
                size,
            ).format(size=size, count=count),
        )


def apply_declare(s: GameState, a) -> None:
    p: int = a.player  # checked: typed, so compiled code indexes natively
    good, count = a.good, a.count
    s.declared[p] = (good, count)
    s.events.append(E.Declared(p, good, count))
    s.turn += 1
    if s.turn == len(s.order):
        s.phase = INSPECT
        s.current = -1


def offer_load(s: GameState) -> list[A.Action]:
    out: list[A.Action] = []
    for m in s.order:
        if s.bags[m] is None:
            out.extend(A.LoadBag(m, c) for c in sub_multisets(s.hands[m], 1, 5))
    return out


def offer_declare(s: GameState) -> list[A.Action]:
    p = s.order[s.turn]
    return [A.Declare(p, g, s.bag_size[p]) for g in LEGAL_GOODS]


# move -> (check, apply): the engine's table of rules is built from these.
HANDLERS: Handlers = {
    A.LoadBag: (check_load, apply_load),
    A.Declare: (check_declare, apply_declare),
}
# phase -> the moves it offers (the engine's legal_actions keeps those its checks allow).
OFFERED: Listers = {LOAD: offer_load, DECLARE: offer_declare}
