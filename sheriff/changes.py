"""What a move changed on the table: two states compared, as data.

    changes(before, after) -> [Change(seat=1, zone="gold", gold=-10, ...), ...]

Worked examples show it step by step (the replay widget highlights each change); it is
computed from the engine's states, so it never disagrees with the table drawn below it.
"""
from __future__ import annotations

from dataclasses import dataclass

from sheriff.cards import N_GOODS
from sheriff.state import GameState
from sheriff.cards import list_to_counts
from sheriff.wording import goods_text

ZONES = ("gold", "hand", "bag", "stand", "black market", "discard", "deck", "booty", "set aside")


@dataclass(frozen=True)
class Change:
    """One zone that changed: ``seat`` None for the table's own piles."""
    zone: str                     # one of ZONES
    seat: int | None
    gained: tuple[int, ...] = ()  # count vector by good (cards); () when not cards
    lost: tuple[int, ...] = ()
    gold: int = 0                 # gold gained (negative: paid)
    text: str = ""                # the change in a learner's words
    cards: int = 0                # cards gained (negative: lost) where only the number shows

    @property
    def up(self) -> bool:
        return self.gold > 0 or self.cards > 0 or (any(self.gained) and not any(self.lost))


def _counts_diff(a, b) -> tuple[tuple[int, ...], tuple[int, ...]]:
    gained = tuple(max(0, b[g] - a[g]) for g in range(N_GOODS))
    lost = tuple(max(0, a[g] - b[g]) for g in range(N_GOODS))
    return gained, lost


def _cards_change(zone: str, seat: int | None, owner: str, a, b) -> Change | None:
    gained, lost = _counts_diff(a, b)
    if not any(gained) and not any(lost):
        return None
    parts = []
    if any(gained):
        parts.append(f"gains {goods_text(gained)}")
    if any(lost):
        parts.append(f"loses {goods_text(lost)}")
    return Change(zone, seat, gained, lost, 0, f"{owner}: {' and '.join(parts)}")


def changes(before: GameState, after: GameState) -> list[Change]:
    """Every zone that differs between ``before`` and ``after``, seat by seat, then the piles."""
    out: list[Change] = []
    for p in range(after.n):
        nm = after.names[p]
        d = after.gold[p] - before.gold[p]
        if d:
            out.append(Change("gold", p, gold=d, text=f"{nm}: {'+' if d > 0 else '−'}{abs(d)} gold "
                                                       f"({before.gold[p]} → {after.gold[p]})"))
        for zone, a, b, owner in (("hand", before.hands[p], after.hands[p], f"{nm}'s hand"),
                                  ("stand", before.stands[p], after.stands[p], f"{nm}'s stand")):
            c = _cards_change(zone, p, owner, a, b)
            if c:
                out.append(c)
        bag_a, bag_b = before.bags[p], after.bags[p]
        if bag_a != bag_b:
            if bag_b is None:
                out.append(Change("bag", p, (), tuple(bag_a or ()), text=f"{nm}'s bag is emptied"))
            elif bag_a is None:
                out.append(Change("bag", p, tuple(bag_b), (), text=f"{nm} closes a bag of "
                                                                  f"{after.bag_size[p]} card{'s' if after.bag_size[p] != 1 else ''}"))
            else:
                c = _cards_change("bag", p, f"{nm}'s bag", bag_a, bag_b)
                if c:
                    out.append(c)
        bm = len(after.bm_cards[p]) - len(before.bm_cards[p])
        if bm:
            out.append(Change("black market", p, cards=bm, text=f"{nm}: {'+' if bm > 0 else '−'}{abs(bm)} Black Market card"
                                                     f"{'s' if abs(bm) != 1 else ''}"))
    for k, (a, b) in enumerate(zip(before.discards, after.discards)):
        where = "Discard pile" if len(after.discards) == 1 else ("Left discard pile" if k == 0 else "Right discard pile")
        c = _cards_change("discard", None, where, list_to_counts(a), list_to_counts(b))
        if c:
            out.append(c)
    if len(after.deck) != len(before.deck):
        d = len(after.deck) - len(before.deck)
        out.append(Change("deck", None, cards=d, text=f"Draw pile: {'+' if d > 0 else '−'}{abs(d)} card{'s' if abs(d) != 1 else ''}"
                                             f" ({len(before.deck)} → {len(after.deck)})"))
    c = _cards_change("set aside", None, "Set aside", list_to_counts(before.set_aside), list_to_counts(after.set_aside))
    if c:
        out.append(c)
    if after.booty_gold != before.booty_gold:
        d = after.booty_gold - before.booty_gold
        out.append(Change("booty", None, gold=d, text=f"Booty tile: {'+' if d > 0 else '−'}{abs(d)} gold"))
    c = _cards_change("booty", None, "Booty tile", before.booty, after.booty)
    if c:
        out.append(c)
    return out


__all__ = ["Change", "changes", "ZONES"]
