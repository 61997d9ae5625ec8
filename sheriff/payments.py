"""Moving gold and goods between players, including debts paid in goods.

Rule debt.goods: whoever owes more gold than they hold pays all their gold, then
legal goods from their stand worth at least the rest (no change given), then
contraband; what is still owed once the stand is empty is forgiven.  The rulebooks
let the debtor pick the goods: when there is a choice the debt waits for the debtor's
``PayDebt`` move; the tutor suggests the selection that overpays least (fewest cards
among those), which is what bots give.
"""

from __future__ import annotations

from sheriff import events as E
from sheriff.i18n import _
from sheriff.state import (
    BOOTY,
    ILLEGAL_GOODS,
    LEGAL_GOODS,
    N_GOODS,
    VALUE,
    Debt,
    GameState,
)


def least_overpay(stand: list[int], goods: tuple[int, ...], owed: int) -> list[int] | None:
    """Counts of ``goods`` from ``stand`` whose value covers ``owed`` with the least excess.

    None when even all of them are not enough.  Bounded dynamic programme over sums.
    """
    total = sum(VALUE[g] * stand[g] for g in goods)
    if total < owed:
        return None
    cap = owed + max(VALUE[g] for g in goods if stand[g]) if owed > 0 else 0
    # best[sum] = counts reaching exactly that sum (first found = fewest cards, big goods first).
    # One card at a time; sums walked downwards, so a card is added to selections made before it.
    best: list[list[int] | None] = [None] * (cap + 1)
    best[0] = [0] * N_GOODS
    for g in sorted(goods, key=lambda g: -VALUE[g]):
        v = VALUE[g]
        for _copy in range(stand[g]):
            for s in range(cap - v, -1, -1):
                sel = best[s]
                if sel is not None and best[s + v] is None:
                    c = sel[:]
                    c[g] += 1
                    best[s + v] = c
    for s in range(max(owed, 0), cap + 1):
        hit = best[s]
        if hit is not None:
            return hit
    return None  # pragma: no cover - total >= owed guarantees a hit


def give_goods(s: GameState, frm: int, to: int, counts: list[int]) -> None:
    src = s.stands[frm]
    dst = s.booty if to == BOOTY else s.stands[to]
    for g in range(N_GOODS):
        if counts[g]:
            src[g] -= counts[g]
            dst[g] += counts[g]


def give_gold(s: GameState, frm: int, to: int, amount: int) -> None:
    s.gold[frm] -= amount
    if to == BOOTY:
        s.booty_gold += amount
    else:
        s.gold[to] += amount


def goods_due(stand: list[int], owed: int) -> tuple[tuple[int, ...], list[int], int]:
    """The goods a debt of ``owed`` (after gold) may be paid from, as (eligible goods, forced counts, rest).

    Legal goods when they suffice; otherwise every legal good is forced and contraband
    covers the ``rest``.  Rule debt.goods."""
    legal_total = sum(VALUE[g] * stand[g] for g in LEGAL_GOODS)
    if legal_total >= owed:
        return LEGAL_GOODS, [0] * N_GOODS, owed
    forced = [stand[g] if g in LEGAL_GOODS else 0 for g in range(N_GOODS)]
    return ILLEGAL_GOODS, forced, owed - legal_total


def default_goods(stand: list[int], owed: int) -> list[int]:
    """The tutor's suggestion: the selection that overpays least (fewest cards among those)."""
    goods, forced, rest = goods_due(stand, owed)
    extra = least_overpay(stand, goods, rest) if rest > 0 else [0] * N_GOODS
    if extra is None:  # not enough even with contraband: the whole stand goes
        extra = [stand[g] if g in goods else 0 for g in range(N_GOODS)]
    return [forced[g] + extra[g] for g in range(N_GOODS)]


def _minimal_selections(stand: list[int], kinds: list[int], rest: int, stop: int) -> list[list[int]]:
    """Counts of ``kinds`` (in that order) worth at least ``rest`` from which no card can be taken
    away, in the order ``itertools.product`` would list them; at most ``stop`` (0: all).

    Walked depth first with pruning: a branch that cannot reach ``rest`` is dropped, and once a
    branch reaches it the kinds after stay at zero (any further card could be taken back)."""
    caps = [min(stand[g], -(-rest // VALUE[g])) for g in kinds]
    reach = [0] * (len(kinds) + 1)  # most value the kinds from i on can add
    for i in range(len(kinds) - 1, -1, -1):
        reach[i] = reach[i + 1] + VALUE[kinds[i]] * caps[i]
    found: list[list[int]] = []
    _walk(kinds, caps, reach, rest, 0, 0, 99, [0] * len(kinds), found, stop)
    return found


def _walk(
    kinds: list[int],
    caps: list[int],
    reach: list[int],
    rest: int,
    i: int,
    value: int,
    low: int,
    combo: list[int],
    found: list[list[int]],
    stop: int,
) -> bool:
    """One level of ``_minimal_selections``' walk; True once ``stop`` selections are found."""
    if value >= rest:
        if value - low < rest:
            found.append(combo[:])
        return stop > 0 and len(found) >= stop
    if i == len(kinds) or value + reach[i] < rest:
        return False
    v = VALUE[kinds[i]]
    for k in range(caps[i] + 1):
        combo[i] = k
        if _walk(kinds, caps, reach, rest, i + 1, value + v * k, min(low, v) if k else low, combo, found, stop):
            combo[i] = 0
            return True
    combo[i] = 0
    return False


def lawful_payments(stand: list[int], owed: int, limit: int = 8) -> list[list[int]]:
    """Up to ``limit`` lawful ways to pay ``owed`` in goods (counts), least overpaying first.

    Lawful: the eligible goods (see ``goods_due``) worth at least the rest, no card beyond
    need.  Debts paid in goods are rare and small (each kind at most rest/value cards)."""
    goods, forced, rest = goods_due(stand, owed)
    kinds = [g for g in goods if stand[g]]
    if sum(VALUE[g] * stand[g] for g in kinds) < rest:  # everything goes: one way only
        return [default_goods(stand, owed)]
    found: list[tuple[int, int, list[int]]] = []
    for combo in _minimal_selections(stand, kinds, rest, 0):
        sel = forced[:]
        value = 0
        for g, k in zip(kinds, combo):
            sel[g] += k
            value += VALUE[g] * k
        found.append((value, sum(combo), sel))
    found.sort(key=lambda f: (f[0], f[1]))
    out = [default_goods(stand, owed)]
    for _cards, _value, sel in found:
        if sel not in out:
            out.append(sel)
    return out[:limit]


def has_choice(stand: list[int], owed: int) -> bool:
    """Does the debtor have more than one lawful way to pay ``owed`` in goods?"""
    goods, _, rest = goods_due(stand, owed)
    kinds = [g for g in goods if stand[g]]
    if rest <= 0 or len(kinds) < 2:
        return False
    if sum(VALUE[g] * stand[g] for g in kinds) - min(VALUE[g] for g in kinds) < rest:
        return False  # every eligible card is needed
    # the suggestion (default_goods) is one lawful way: is there a second?
    return len(_minimal_selections(stand, kinds, rest, 2)) > 1


def goods_fault(stand: list[int], owed: int, counts: list[int]) -> str:
    """Why ``counts`` cannot pay ``owed`` from ``stand`` ("" when they can).  Rule debt.goods.

    Interpretation (the rulebooks are silent): the debtor gives no card beyond need, so
    taking away any one card given would leave the debt unpaid."""
    for g in range(N_GOODS):
        if counts[g] > stand[g]:
            return _("the stand does not hold those goods")
    goods, forced, rest = goods_due(stand, owed)
    for g in range(N_GOODS):
        if g not in goods and counts[g] != forced[g]:
            if forced[g]:
                return _("every legal good goes first when legal goods are not enough")
            return _("legal goods pay a debt; contraband only when legal goods are not enough")
    chosen = [g for g in goods if counts[g]]
    value = sum(VALUE[g] * counts[g] for g in chosen)
    whole = all(counts[g] == stand[g] for g in goods)
    if value < rest and not whole:
        return _("those goods are worth less than the debt")
    if chosen and value - min(VALUE[g] for g in chosen) >= rest:
        return _("that is more goods than the debt needs (a card could be kept and the debt still paid)")
    return ""


def debt_options(stand: list[int], owed: int) -> list[list[int]]:
    """The ways to pay offered to the debtor: the suggestion first, then others, least overpaying first."""
    return lawful_payments(stand, owed)


def settle_goods(s: GameState, debtor: int, creditor: int, owed: int, sel: list[int], why: str) -> None:
    """Hand ``sel`` (counts) over for the ``owed`` gold left after cash; forgive what they do not cover."""
    given = sum(VALUE[g] * sel[g] for g in range(N_GOODS))
    if any(sel):
        give_goods(s, debtor, creditor, sel)
        s.events.append(E.PaidGoods(debtor, creditor, tuple(sel), why))
    short = owed - given
    if short > 0:
        s.events.append(E.Forgiven(debtor, creditor, short))


def pay(s: GameState, debtor: int, creditor: int, amount: int, why: str) -> None:
    """``debtor`` owes ``creditor`` (a seat or BOOTY) ``amount`` gold: settle it by the rules.

    Gold first; when goods must cover the rest and the debtor has a choice, the debt
    waits in ``s.debts`` for the debtor's ``PayDebt`` (rule debt.goods)."""
    if amount <= 0:
        return
    cash = min(s.gold[debtor], amount)
    if cash:
        give_gold(s, debtor, creditor, cash)
    s.events.append(E.Paid(debtor, creditor, cash, why))
    owed = amount - cash
    if not owed:
        return
    stand = s.stands[debtor]
    if has_choice(stand, owed):
        s.debts.append(Debt(debtor, creditor, owed, why))
        s.events.append(E.DebtDue(debtor, creditor, owed, tuple(default_goods(stand, owed))))
        return
    settle_goods(s, debtor, creditor, owed, default_goods(stand, owed), why)
