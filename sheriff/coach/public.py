"""What the coach reads about the table: only a seat's ``SeatView``.

All reading of the event log happens here (typed events, ``sheriff.events``).  The
records below are built from public events only: declarations, bags opened or
passed (a passed bag shows its legal goods and how many cards went face down),
threats and bribes, the Market's public cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb

from sheriff import events as E
from sheriff.cards import GOODS, ILLEGAL_GOODS, N_GOODS, deck_composition
from sheriff.views import SeatView

SMALL_BAG = 3  # bags of up to three cards count as small in a Sheriff's record


@dataclass
class MerchantRecord:
    """A merchant's bags this game, as everybody saw them."""

    honest: int = 0  # bags shown to hold exactly what was declared
    smuggled: int = 0  # bags shown to hold something else
    set_aside: list[int] = field(default_factory=lambda: [0] * N_GOODS)  # this round, face up
    taken: list[int] = field(default_factory=lambda: [0] * N_GOODS)  # this round, from a pile


@dataclass
class SheriffRecord:
    """How a player behaved as Sheriff this game, bag by bag (small / big bags)."""

    faced: list[int] = field(default_factory=lambda: [0, 0])
    challenged: list[int] = field(default_factory=lambda: [0, 0])  # threatened, asked or opened
    opened: list[int] = field(default_factory=lambda: [0, 0])
    refusals: int = 0  # merchants who refused to pay him
    opened_after_refusal: int = 0


@dataclass
class Table:
    merchants: list[MerchantRecord]
    sheriffs: list[SheriffRecord]
    pool: list[int]  # cards of each good this seat cannot see (``unseen_pool``)


def size_class(size: int) -> int:
    return 0 if size <= SMALL_BAG else 1


def read_table(v: SeatView) -> Table:
    """Every player's public record this game, from the seat's own log."""
    n = v.n
    ms = [MerchantRecord() for _ in range(n)]
    sh = [SheriffRecord() for _ in range(n)]
    boss = v.officials[0]
    declared: dict[int, tuple[int, int]] = {}
    challenged: set[int] = set()
    refused: set[int] = set()
    for ev in v.log():
        match ev:
            case E.Round(officials=officials):
                boss = officials[0]
                declared.clear()
                challenged.clear()
                refused.clear()
                for r in ms:
                    r.set_aside = [0] * N_GOODS
                    r.taken = [0] * N_GOODS
            case E.MarketTurn(player=p, discard=discard, taken=taken):
                for c in discard:
                    ms[p].set_aside[c] += 1
                for c in taken:
                    ms[p].taken[c] += 1
            case E.Declared(player=p, good=good, count=count):
                declared[p] = (good, count)
            case E.Threatened(merchant=m):
                challenged.add(m)
            case E.Offered(player=p, merchant=m) if p != m:
                challenged.add(m)
            case E.Declined(merchant=m):
                refused.add(m)
            case E.Passed() | E.Opened() if ev.merchant in declared:
                m = ev.merchant
                good, count = declared[m]
                opened = isinstance(ev, E.Opened)
                if isinstance(ev, E.Passed):
                    honest = ev.face_down == 0 and ev.legal[good] == count
                else:
                    honest = bool(ev.honest)
                if honest:
                    ms[m].honest += 1
                else:
                    ms[m].smuggled += 1
                rec = sh[boss]
                c = size_class(count)
                rec.faced[c] += 1
                if opened or m in challenged:
                    rec.challenged[c] += 1
                if opened:
                    rec.opened[c] += 1
                if m in refused:
                    rec.refusals += 1
                    rec.opened_after_refusal += opened
    return Table(ms, sh, unseen_pool(v))


def unseen_pool(v: SeatView) -> list[int]:
    """Cards of each good the seat cannot see: hidden hands and bags, face-down goods, the deck."""
    pool = deck_composition(v.n, v.rules.royal_goods)
    mine = [a + b for a, b in zip(v.hand, v.stand)]
    bag = v.bag
    if bag is not None:
        mine = [a + b for a, b in zip(mine, bag)]
    seen = mine[:]
    for p in range(v.n):
        if p != v.seat:
            for g, k in enumerate(v.stand_legal(p)):
                seen[g] += k
    for pile in v.discards():
        for c in pile:
            seen[c] += 1
    for c in v.set_aside():
        seen[c] += 1
    return [max(0, a - b) for a, b in zip(pool, seen)]


def at_least(pool: list[int], good: int, draws: int, need: int) -> float:
    """Chance that ``draws`` cards dealt from ``pool`` hold at least ``need`` of ``good``."""
    if need <= 0:
        return 1.0
    total = sum(pool)
    hits = pool[good]
    draws = min(draws, total)
    if need > min(hits, draws):
        return 0.0
    all_ways = comb(total, draws)
    ways = sum(comb(hits, i) * comb(total - hits, draws - i) for i in range(need, min(hits, draws) + 1))
    return ways / all_ways


def mean_illegal(pool: list[int]) -> tuple[float, float]:
    """(penalty, value) of an average contraband card still unseen (engine data, weighted by count)."""
    k = sum(pool[g] for g in ILLEGAL_GOODS)
    if not k:
        k, pool = 1, [1 if g in ILLEGAL_GOODS else 0 for g in range(N_GOODS)]
        k = sum(pool)
    pen = sum(pool[g] * GOODS[g].penalty for g in ILLEGAL_GOODS) / k
    val = sum(pool[g] * GOODS[g].value for g in ILLEGAL_GOODS) / k
    return pen, val


def bag_outcome(bag: list[int], good: int) -> tuple[int, int, int, int]:
    """For a bag declared as ``good``: (stand value if it passes, value lost and gold paid if it is
    opened, gold the Sheriff pays if it is opened and honest).  Mirrors rules inspect.honest/liar."""
    size = sum(bag)
    passes = sum(GOODS[g].value * k for g, k in enumerate(bag))
    if bag[good] == size:
        return passes, 0, 0, size * GOODS[good].penalty
    lost = sum(GOODS[g].value * k for g, k in enumerate(bag) if g != good)
    fine = sum(GOODS[g].penalty * k for g, k in enumerate(bag) if g != good)
    return passes, lost, fine, 0
