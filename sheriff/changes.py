"""What a move changed on the table: two states compared, as data.

    changes(before, after) -> [Change(seat=1, zone="gold", gold=-10, ...), ...]

Worked examples show it step by step (the replay widget highlights each change); it is
computed from the engine's states, so it never disagrees with the table drawn below it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sheriff.cards import N_GOODS, list_to_counts
from sheriff.i18n import _, ngettext
from sheriff.state import GameState
from sheriff.wording import goods_text

ZONES = ("gold", "hand", "bag", "stand", "black market", "discard", "deck", "booty", "set aside")


@dataclass(frozen=True)
class Change:
    """One zone that changed: ``seat`` None for the table's own piles."""

    zone: str  # one of ZONES
    seat: int | None
    gained: tuple[int, ...] = ()  # count vector by good (cards); () when not cards
    lost: tuple[int, ...] = ()
    gold: int = 0  # gold gained (negative: paid)
    text: str = ""  # the change in a learner's words
    cards: int = 0  # cards gained (negative: lost) where only the number shows

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
    if any(gained) and any(lost):
        text = _("{owner}: gains {gained} and loses {lost}")
    elif any(gained):
        text = _("{owner}: gains {gained}")
    else:
        text = _("{owner}: loses {lost}")
    return Change(
        zone, seat, gained, lost, 0, text.format(owner=owner, gained=goods_text(gained), lost=goods_text(lost))
    )


def _sign(d: int) -> str:
    return "+" if d > 0 else "−"


def changes(before: GameState, after: GameState) -> list[Change]:
    """Every zone that differs between ``before`` and ``after``, seat by seat, then the piles."""
    out: list[Change] = []
    for p in range(after.n):
        out += _seat_changes(before, after, p)
    return out + _pile_changes(before, after)


def _seat_changes(before: GameState, after: GameState, p: int) -> list[Change]:
    """One seat's gold, hand, stand, bag and Black Market cards."""
    out: list[Change] = []
    nm = _(after.names[p])
    d = after.gold[p] - before.gold[p]
    if d:
        out.append(
            Change(
                "gold",
                p,
                gold=d,
                text=ngettext(
                    "{player}: {sign}{n} gold ({before} → {after})",
                    "{player}: {sign}{n} gold ({before} → {after})",
                    abs(d),
                ).format(player=nm, sign=_sign(d), n=abs(d), before=before.gold[p], after=after.gold[p]),
            )
        )
    for zone, a, b, owner in (
        ("hand", before.hands[p], after.hands[p], _("{player}'s hand").format(player=nm)),
        ("stand", before.stands[p], after.stands[p], _("{player}'s stand").format(player=nm)),
    ):
        c = _cards_change(zone, p, owner, a, b)
        if c:
            out.append(c)
    out += _bag_changes(before, after, p, nm)
    bm = len(after.bm_cards[p]) - len(before.bm_cards[p])
    if bm:
        out.append(
            Change(
                "black market",
                p,
                cards=bm,
                text=ngettext(
                    "{player}: {sign}{n} Black Market card", "{player}: {sign}{n} Black Market cards", abs(bm)
                ).format(player=nm, sign=_sign(bm), n=abs(bm)),
            )
        )
    return out


def _bag_changes(before: GameState, after: GameState, p: int, nm: str) -> list[Change]:
    """A bag closed, emptied, or its cards changed."""
    out: list[Change] = []
    bag_a, bag_b = before.bags[p], after.bags[p]
    if bag_a != bag_b:
        if bag_b is None:
            out.append(Change("bag", p, (), tuple(bag_a or ()), text=_("{player}'s bag is emptied").format(player=nm)))
        elif bag_a is None:
            out.append(
                Change(
                    "bag",
                    p,
                    tuple(bag_b),
                    (),
                    text=ngettext(
                        "{player} closes a bag of {n} card", "{player} closes a bag of {n} cards", after.bag_size[p]
                    ).format(player=nm, n=after.bag_size[p]),
                )
            )
        else:
            c = _cards_change("bag", p, _("{player}'s bag").format(player=nm), bag_a, bag_b)
            if c:
                out.append(c)
    return out


def _pile_changes(before: GameState, after: GameState) -> list[Change]:
    """The discard piles, the draw pile, the set-aside cards and the Booty tile."""
    out: list[Change] = []
    for k, (a, b) in enumerate(zip(before.discards, after.discards)):
        where = (
            _("Discard pile")
            if len(after.discards) == 1
            else (_("Left discard pile") if k == 0 else _("Right discard pile"))
        )
        c = _cards_change("discard", None, where, list_to_counts(a), list_to_counts(b))
        if c:
            out.append(c)
    if len(after.deck) != len(before.deck):
        d = len(after.deck) - len(before.deck)
        out.append(
            Change(
                "deck",
                None,
                cards=d,
                text=ngettext(
                    "Draw pile: {sign}{n} card ({before} → {after})",
                    "Draw pile: {sign}{n} cards ({before} → {after})",
                    abs(d),
                ).format(sign=_sign(d), n=abs(d), before=len(before.deck), after=len(after.deck)),
            )
        )
    c = _cards_change(
        "set aside", None, _("Set aside"), list_to_counts(before.set_aside), list_to_counts(after.set_aside)
    )
    if c:
        out.append(c)
    if after.booty_gold != before.booty_gold:
        d = after.booty_gold - before.booty_gold
        out.append(
            Change(
                "booty",
                None,
                gold=d,
                text=ngettext("Booty tile: {sign}{n} gold", "Booty tile: {sign}{n} gold", abs(d)).format(
                    sign=_sign(d), n=abs(d)
                ),
            )
        )
    c = _cards_change("booty", None, _("Booty tile"), before.booty, after.booty)
    if c:
        out.append(c)
    return out


__all__ = ["Change", "changes", "ZONES"]
