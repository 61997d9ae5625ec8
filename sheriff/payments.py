"""Moving gold and goods between players, including debts paid in goods.

Rule debt.goods: whoever owes more gold than they hold pays all their gold, then
legal goods from their stand worth at least the rest (no change given), then
contraband; what is still owed once the stand is empty is forgiven.  The rulebooks
let the debtor pick the goods; the tutor picks the selection that overpays least
(fewest cards among those), which is what a careful debtor would choose.
"""
from __future__ import annotations

from sheriff import events as E
from sheriff.cards import ILLEGAL_GOODS, LEGAL_GOODS, N_GOODS, VALUE
from sheriff.state import BOOTY, GameState


def least_overpay(stand: list[int], goods: tuple[int, ...], owed: int) -> list[int] | None:
    """Counts of ``goods`` from ``stand`` whose value covers ``owed`` with the least excess.

    None when even all of them are not enough.  Bounded dynamic programme over sums.
    """
    total = sum(VALUE[g] * stand[g] for g in goods)
    if total < owed:
        return None
    cap = owed + max(VALUE[g] for g in goods if stand[g]) if owed > 0 else 0
    # best[sum] = counts reaching exactly that sum (first found = fewest cards, big goods first)
    best: dict[int, list[int]] = {0: [0] * N_GOODS}
    for g in sorted(goods, key=lambda g: -VALUE[g]):
        for _ in range(stand[g]):
            nxt = dict(best)
            for s, sel in best.items():
                t = s + VALUE[g]
                if t <= cap and t not in nxt:
                    c = sel[:]
                    c[g] += 1
                    nxt[t] = c
            best = nxt
    for s in range(owed, cap + 1):
        if s in best:
            return best[s]
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


def pay(s: GameState, debtor: int, creditor: int, amount: int, why: str) -> None:
    """``debtor`` owes ``creditor`` (a seat or BOOTY) ``amount`` gold: settle it by the rules."""
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
    sel = least_overpay(stand, LEGAL_GOODS, owed)
    if sel is None:
        # Not enough legal goods: all of them go, and contraband covers the rest.
        legal = [stand[g] if g in LEGAL_GOODS else 0 for g in range(N_GOODS)]
        owed -= sum(VALUE[g] * legal[g] for g in range(N_GOODS))
        extra = least_overpay(stand, ILLEGAL_GOODS, owed) if owed > 0 else None
        if extra is None:
            extra = [stand[g] if g in ILLEGAL_GOODS else 0 for g in range(N_GOODS)]
        sel = [legal[g] + extra[g] for g in range(N_GOODS)]
    given = sum(VALUE[g] * sel[g] for g in range(N_GOODS))
    if any(sel):
        give_goods(s, debtor, creditor, sel)
        s.events.append(E.PaidGoods(debtor, creditor, tuple(sel), why))
    short = amount - cash - given
    if short > 0:
        s.events.append(E.Forgiven(debtor, creditor, short))
