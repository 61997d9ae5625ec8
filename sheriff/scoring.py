"""Final scoring: goods, gold, King and Queen bonuses, and who wins.

Pure functions over count vectors, so the game engine, the ``score`` command and
the score-calculator page all use this one place.

Rules score.total, score.king_queen, score.tiebreak, royal.goods.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul
from typing import ClassVar, Final, final

from sheriff.cards import BONUS, GOODS, LEGAL_GOODS, VALUE


@final
class Score:
    """One player's score.  Written out rather than a dataclass (as ``sheriff.events``): compiled,
    it is built by a direct C call, where a dataclass's generated ``__init__`` stays interpreted
    (~9,000 instructions each).  Compared, hashed and shown as the frozen dataclass it was."""

    __match_args__: ClassVar[tuple[str, ...]] = (
        "goods", "gold", "bonuses", "total", "legal_cards", "contraband_cards",
    )  # fmt: skip

    def __init__(
        self,
        goods: int,
        gold: int,
        bonuses: dict[str, int] | None = None,
        total: int = 0,
        legal_cards: int = 0,
        contraband_cards: int = 0,
    ) -> None:
        self.goods: Final = goods  # value of every good on the stand (and Black Market cards)
        self.gold: Final = gold
        self.bonuses: Final[dict[str, int]] = {} if bonuses is None else bonuses  # legal good id -> bonus won
        self.total: Final = total
        self.legal_cards: Final = legal_cards  # first tie-breaker
        self.contraband_cards: Final = contraband_cards  # second tie-breaker (royal goods and Black Market cards)

    def _values(self) -> tuple[int, int, dict[str, int], int, int, int]:
        return (self.goods, self.gold, self.bonuses, self.total, self.legal_cards, self.contraband_cards)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Score):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())  # a TypeError (the bonuses are a dict), as the frozen dataclass

    def __repr__(self) -> str:
        args = ", ".join([f"{name}={value!r}" for name, value in zip(self.__match_args__, self._values())])
        return f"Score({args})"


_ROYAL = tuple((g.index, g.counts_as, g.multiplier) for g in GOODS if g.counts_as is not None)


def good_counts_for_bonus(stand) -> dict[int, int]:
    """How many of each legal good a stand counts for King/Queen, royal goods multiplied in."""
    counts = {g: stand[g] for g in LEGAL_GOODS}
    for g, base, mult in _ROYAL:
        if stand[g]:
            counts[base] += mult * stand[g]
    return counts


# per legal good: (good, name, (King, Queen) bonus, royal goods counting toward it as (good, multiplier))
_BONUS_TABLE = tuple(
    (g, GOODS[g].id, BONUS[g], tuple((r, mult) for r, base, mult in _ROYAL if base == g)) for g in LEGAL_GOODS
)


def bonuses(stands) -> list[dict[str, int]]:
    """King and Queen bonuses for every player.  A player with none of a good gets none."""
    n = len(stands)
    out: list[dict[str, int]] = [{} for _ in range(n)]
    columns = list(zip(*stands))  # per good: every player's count
    for g, name, (king, queen), royals in _BONUS_TABLE:
        column: Sequence[int] = columns[g]  # how many each player counts
        for r, mult in royals:
            if any(columns[r]):
                column = [c + mult * x for c, x in zip(column, columns[r])]
        top = max(column)
        if top == 0:
            continue
        tied = column.count(top)
        if tied > 1:  # tied Kings share King + Queen; no Queen
            share = (king + queen) // tied
            for p in range(n):
                if column[p] == top:
                    out[p][name] = share
            continue
        out[column.index(top)][name] = king
        second = max([c for c in column if c < top], default=0)
        if second:
            share = queen // column.count(second)
            for p in range(n):
                if column[p] == second:
                    out[p][name] = share
    return out


# Whether this module runs compiled (as sheriff.state.COMPILED, without importing the state).
COMPILED: Final = not hasattr(bonuses, "__code__")


def bonus_roles(stands) -> list[dict[str, str]]:
    """Each player's role per legal good id, as ``bonuses`` decides it: "King", "shared King",
    "Queen" or "shared Queen" (tied Kings share; then there is no Queen).  A player with none
    of a good has no role in it."""
    n = len(stands)
    out: list[dict[str, str]] = [{} for _ in range(n)]
    counts = [good_counts_for_bonus(st) for st in stands]
    for g, name, _bonus, _royals in _BONUS_TABLE:
        column = [c[g] for c in counts]
        top = max(column, default=0)
        if top == 0:
            continue
        kings = [p for p in range(n) if column[p] == top]
        for p in kings:
            out[p][name] = "shared King" if len(kings) > 1 else "King"
        second = max([c for c in column if c < top], default=0)
        if len(kings) == 1 and second:
            queens = [p for p in range(n) if column[p] == second]
            for p in queens:
                out[p][name] = "shared Queen" if len(queens) > 1 else "Queen"
    return out


def score(stands, gold, black_market=None) -> tuple[list[Score], list[int]]:
    """Scores for every player and the winners' seats (several when the victory is shared).

    ``stands``: count vectors by good index; ``gold``: gold per player;
    ``black_market``: Black Market card values per player (2E module).
    """
    n = len(stands)
    black_market = black_market or [[] for _ in range(n)]
    bon = bonuses(stands)
    scores = []
    for p in range(n):
        cash: int = gold[p]
        if COMPILED:  # typed loops over a typed copy (stands may be tuples): a tenth of sum(map(...))
            st: list[int] = list(stands[p])
            goods = 0
            for v, c in zip(VALUE, st):
                goods += v * c
            legal = 0
            for g in LEGAL_GOODS:
                legal += st[g]
            total = cash
            for b in bon[p].values():
                total += b
        else:  # interpreted, the builtins are quicker
            st = stands[p]
            goods = sum(map(mul, VALUE, st))
            legal = sum(map(st.__getitem__, LEGAL_GOODS))
            total = cash + sum(bon[p].values())
        goods += sum(black_market[p])
        contra = sum(st) - legal + len(black_market[p])
        total += goods
        scores.append(Score(goods, cash, bon[p], total, legal, contra))
    key = [(sc.total, sc.legal_cards, sc.contraband_cards) for sc in scores]
    best = max(key)
    winners = [p for p in range(n) if key[p] == best]
    return scores, winners


@dataclass(frozen=True, slots=True)
class Verdict:
    """Who won and why: the seats tied on points and which tie-breaker settled it.

    ``decided_by``: "points" (no tie), "legal goods", "contraband" (the two
    tie-breakers, in order) or "shared" (still tied after both)."""

    winners: tuple[int, ...]
    tied_on_points: tuple[int, ...]  # seats with the best total (one seat when no tie)
    tied_on_legal: tuple[int, ...]  # of those, the seats with the most legal goods
    decided_by: str


def verdict(scores: Sequence[Score], winners: Sequence[int]) -> Verdict:
    """The tie-break the rules used for ``score``'s result (rule score.tiebreak)."""
    best = max(sc.total for sc in scores)
    top = tuple(p for p, sc in enumerate(scores) if sc.total == best)
    most_legal = max(scores[p].legal_cards for p in top)
    second = tuple(p for p in top if scores[p].legal_cards == most_legal)
    if len(top) == 1:
        how = "points"
    elif len(second) == 1:
        how = "legal goods"
    elif len(winners) == 1:
        how = "contraband"
    else:
        how = "shared"
    return Verdict(tuple(winners), top, second, how)


def score_state(s) -> tuple[list[Score], list[int]]:
    return score(s.stands, s.gold, [[v for _, v in cards] for cards in s.bm_cards])


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a score built up step by step: what it is, its points, the running total."""

    kind: str  # "good", "black market", "gold" or "bonus"
    good: int | None  # the good's index (goods and bonuses)
    count: int  # how many cards (goods), 0 otherwise
    points: int
    total: int  # running total after this line
    text: str  # in a learner's words: "4 Apples × 2"


def breakdown(stands, gold, black_market, seat: int) -> list[Line]:
    """``seat``'s score told good by good, then gold, then bonus by bonus (King or Queen, shared
    or not); the last line's total is the score ``score`` gives."""
    from sheriff.cards import good_id
    from sheriff.i18n import _, ngettext
    from sheriff.wording import good_count, goods_kind

    stand, lines, total = stands[seat], [], 0
    for g, k in enumerate(stand):
        if k:
            total += k * VALUE[g]
            lines.append(
                Line(
                    "good",
                    g,
                    k,
                    k * VALUE[g],
                    total,
                    _("{goods} × {value}").format(goods=good_count(g, k), value=VALUE[g]),
                )
            )
    for v in (black_market or [[] for _stand in stands])[seat]:
        total += v
        lines.append(Line("black market", None, 1, v, total, _("a Black Market card")))
    total += gold[seat]
    lines.append(
        Line("gold", None, 0, gold[seat], total, ngettext("{n} gold", "{n} gold", gold[seat]).format(n=gold[seat]))
    )
    counts = [good_counts_for_bonus(st) for st in stands]
    for name, pts in bonuses(stands)[seat].items():
        g = good_id(name)
        column = [c[g] for c in counts]
        top = max(column)
        tied = column.count(column[seat])
        king = column[seat] == top
        if tied > 1:
            title = _("King of {kind}, shared by {n}") if king else _("Queen of {kind}, shared by {n}")
        else:
            title = _("King of {kind}") if king else _("Queen of {kind}")
        total += pts
        lines.append(Line("bonus", g, column[seat], pts, total, title.format(kind=goods_kind(g), n=tied)))
    return lines
