"""What one seat may know (boardgame.io's playerView, OpenSpiel's observer).

A ``SeatView`` answers questions about the game from one player's chair: their
own hand, bag and face-down goods; everybody's gold, face-up goods, number of
face-down goods, declarations, bag sizes and the discard piles; never another
player's hand, bag or face-down kinds, nor the order of the draw pile.  Bots and
lessons read the game only through it.  ``to_dict()`` gives the same information
as plain data (for widgets, saving, and the tests that check nothing leaks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheriff.events import Event
from sheriff.payments import debt_options as _debt_options
from sheriff.phases.bag_outcomes import claimable, honest_shares
from sheriff.phases.turns import to_act
from sheriff.phases.who_decides import bound_to
from sheriff.rules import Rules
from sheriff.state import (
    BOOTY,
    ILLEGAL_GOODS,
    IS_LEGAL,
    LEGAL_GOODS,
    N_GOODS,
    GameState,
    Negotiation,
    total,
)

if TYPE_CHECKING:
    from sheriff.scoring import Score


class SeatView:
    __slots__ = ("_s", "seat")

    def __init__(self, state: GameState, seat: int):
        self._s = state
        self.seat = seat

    # -- the table ----------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._s.rules

    @property
    def edition1(self) -> bool:
        """First edition rules (``rules.edition == "1E"``), without a lookup on the pydantic model."""
        return self._s.edition1

    @property
    def n(self) -> int:
        return self._s.n

    @property
    def names(self) -> list[str]:
        return self._s.names

    @property
    def phase(self) -> str:
        return self._s.phase

    @property
    def round(self) -> int:
        return self._s.round

    @property
    def officials(self) -> tuple[int, ...]:
        """The Sheriff (one seat) or the two Deputies of this round."""
        return self._s.officials

    @property
    def merchants(self) -> list[int]:
        return self._s.order

    def to_act(self) -> int | None:
        return to_act(self._s)

    # -- public information -------------------------------------------------------
    def sheriff_turns(self, p: int) -> int:
        """Rounds ``p`` has finished as Sheriff (or Deputy)."""
        return self._s.sheriff_turns[p]

    def gold(self, p: int) -> int:
        return self._s.gold[p]

    def stand_legal(self, p: int) -> tuple[int, ...]:
        st = self._s.stands[p]
        return tuple(st[g] if IS_LEGAL[g] else 0 for g in range(N_GOODS))

    def face_down(self, p: int) -> int:
        """How many contraband / royal cards lie face down on ``p``'s stand."""
        st = self._s.stands[p]
        return sum(st[g] for g in ILLEGAL_GOODS)

    def black_market_cards(self, p: int) -> tuple[tuple[int, int], ...]:
        return tuple(self._s.bm_cards[p])

    def hand_size(self, p: int) -> int:
        return total(self._s.hands[p])

    def bag_size(self, p: int) -> int:
        return self._s.bag_size[p] if self._s.bags[p] is not None else 0

    def declared(self, p: int) -> tuple[int, int] | None:
        return self._s.declared[p]

    def handled(self, p: int) -> str | None:
        return self._s.handled[p]

    def discards(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(p) for p in self._s.discards)

    def pile_top(self, pile: int, k: int) -> tuple[int, ...]:
        """The top ``k`` cards of a discard pile (the last one is on top)."""
        p = self._s.discards[pile]
        return tuple(p[-k:]) if k else ()

    def deck_size(self) -> int:
        return len(self._s.deck)

    def set_aside(self) -> tuple[int, ...]:
        """2E Market: the face-up set-aside cards waiting to become the discard pile."""
        return tuple(self._s.set_aside)

    def negotiation(self) -> Negotiation | None:
        """The talk about the bag in hand (merchant, standing offer or None, by, due), or None."""
        return self._s.nego  # immutable: safe to hand out

    def next_bag(self) -> int:
        """The first merchant (in declaration order) whose bag is still to be dealt with, or -1."""
        s = self._s
        handled = s.handled
        for m in s.order:
            if handled[m] is None:
                return m
        return -1

    def current_bag(self) -> int:
        return self._s.current

    def must_inspect(self) -> frozenset[int]:
        return frozenset(self._s.must_inspect)

    def must_pass(self) -> frozenset[int]:
        return frozenset(self._s.must_pass)

    def bound(self, m: int) -> str | None:
        """ "inspect" or "pass" if a deal this round binds what happens to ``m``'s bag.

        Six players: a deal binds the Deputies who made it, so this asks about the
        Deputies deciding the bag, or, before both have spoken, about this seat."""
        s = self._s
        if m not in s.must_inspect and m not in s.must_pass:  # no deal about this bag (the usual case)
            return None
        who = s.authority.get(m) if s.deputies_mode else s.officials[:1]
        if who is None:
            who = (self.seat,) if self.seat in s.officials else s.officials
        if bound_to(s.must_inspect, m, who):
            return "inspect"
        if bound_to(s.must_pass, m, who):
            return "pass"
        return None

    def honest_share(self, m: int, owed: int) -> tuple[int, bool]:
        """(gold this seat pays if it opens ``m``'s bag and finds it honest, penalty ``owed``; whether
        that may still change).  The engine's split (``honest_shares``): two Deputies who open a bag
        together pay half each.  Before the other Deputy has spoken, this seat is counted as opening
        alone, and the second value is True (the other may still join and halve it)."""
        s = self._s
        if not s.deputies_mode:
            return owed, False
        auth = s.authority.get(m)
        if auth is None:
            st = s.stances.get(m, [None, None])
            other = 1 - s.officials.index(self.seat) if self.seat in s.officials else 0
            auth = s.officials if st[other] else (self.seat,)
            unsure = st[other] is None
        else:
            unsure = False
        if self.seat not in auth:
            return 0, unsure
        return honest_shares(owed, len(auth))[auth.index(self.seat)], unsure

    def authority(self, m: int) -> tuple[int, ...] | None:
        return self._s.authority.get(m)

    def stances(self, m: int) -> tuple[bool | None, ...] | None:
        st = self._s.stances.get(m)
        return tuple(st) if st else None

    def booty(self) -> tuple[int, tuple[int, ...]]:
        return self._s.booty_gold, tuple(self._s.booty)

    def black_market_piles(self) -> dict[int, tuple[int, ...]]:
        return {g: tuple(v) for g, v in self._s.bm_piles.items()}

    def debt_due(self) -> tuple[int, int] | None:
        """(gold still owed, creditor) when this seat must choose goods to pay a debt now."""
        d = self._s.debts
        if d and d[0].debtor == self.seat:
            return d[0].owed, d[0].creditor
        return None

    def debt_options(self) -> list[list[int]]:
        """Ways to pay this seat's waiting debt (counts), the tutor's suggestion first."""
        due = self.debt_due()
        if due is None:
            return []
        return _debt_options(self._s.stands[self.seat], due[0])

    def booty_terms(self) -> dict[int, tuple[int, int]]:
        """Six players: each Deputy's stated terms for the Booty's odd coin and odd card."""
        return dict(self._s.booty_terms)

    def claim_due(self) -> bool:
        q = self._s.claim_queue
        return bool(q) and q[0] == self.seat

    def claimable(self) -> list[int]:
        return claimable(self._s, self.seat)

    def scores(self) -> list[Score] | None:
        return self._s.scores

    def winners(self) -> list[int] | None:
        return self._s.winners

    # -- private to this seat -----------------------------------------------------
    @property
    def hand(self) -> list[int]:
        return self._s.hands[self.seat][:]

    @property
    def bag(self) -> list[int] | None:
        b = self._s.bags[self.seat]
        return b[:] if b is not None else None

    @property
    def stand(self) -> list[int]:
        """Own stand, face-down kinds included."""
        return self._s.stands[self.seat][:]

    def log(self) -> list[Event]:
        """Events this seat may know, in order (private details of others hidden: see ``Event.seen_by``)."""
        seat = self.seat
        return [ev.seen_by(seat) for ev in self._s.events]

    # -- plain data ---------------------------------------------------------------
    def to_dict(self) -> dict:
        s = self._s
        n = s.n
        return {
            "seat": self.seat,
            "names": list(s.names),
            "phase": s.phase,
            "round": s.round,
            "officials": list(s.officials),
            "merchants": list(s.order),
            "to_act": self.to_act(),
            "hand": self.hand,
            "bag": self.bag,
            "stand": self.stand,
            "players": [
                {
                    "gold": s.gold[p],
                    "stand_legal": list(self.stand_legal(p)),
                    "face_down": self.face_down(p),
                    "black_market": [list(c) for c in s.bm_cards[p]],
                    "hand_size": self.hand_size(p),
                    "bag_size": self.bag_size(p),
                    "declared": _plain(s.declared[p]),
                    "handled": s.handled[p],
                }
                for p in range(n)
            ],
            "discards": [list(p) for p in s.discards],
            "deck_size": len(s.deck),
            "set_aside": list(s.set_aside),
            "negotiation": _nego_dict(s.nego),
            "must_inspect": sorted(s.must_inspect),
            "must_pass": sorted(s.must_pass),
            "booty_gold": s.booty_gold,
            "booty": list(s.booty),
            "black_market_piles": {str(g): list(v) for g, v in s.bm_piles.items()},
            "log": [list(map(_plain, e.plain())) for e in self.log()],
        }


def _plain(x):
    if isinstance(x, tuple):
        return [_plain(y) for y in x]
    if hasattr(x, "gold") and hasattr(x, "stand"):  # a Bribe
        return {
            "gold": x.gold,
            "stand": list(x.stand),
            "bag": list(x.bag),
            "inspect": list(x.inspect),
            "let_pass": list(x.let_pass),
            "promise": x.promise,
        }
    return x


def _nego_dict(nego):
    if nego is None:
        return None
    offer = nego.offer
    return {
        "merchant": nego.merchant,
        "offer": _plain(offer) if offer is not None else None,
        "by": nego.by,
        "due": nego.due,
    }


__all__ = ["SeatView", "BOOTY", "LEGAL_GOODS"]
