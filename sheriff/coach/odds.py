"""The coach's two estimates, from public information only.

* ``open_chance``: how likely this Sheriff is to challenge a bag of a given size
  (threaten it, ask for gold, or open it), and to open it after a refusal.
* ``smuggle_chance``: how likely a merchant's bag is to hide something else than
  its declaration.

Both start from the inspection game's equilibrium (lesson 30) and move towards
what the player has actually done this game, as counted in ``public.read_table``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from sheriff.cards import GOODS, ILLEGAL_GOODS
from sheriff.coach.public import Table, at_least, mean_illegal, size_class
from sheriff.i18n import _
from sheriff.theory.inspection_game import build, equilibrium
from sheriff.views import SeatView

PRIOR_WEIGHT = 1  # the equilibrium counts as one bag's worth of evidence


def _likeliest_contraband(pool: list[int]) -> int:
    return max(ILLEGAL_GOODS, key=lambda g: (pool[g], -g))


@cache
def equilibrium_rates(good: int, size: int, extra: int) -> tuple[float, float]:
    """(smuggle, inspect) probabilities of the inspection game for ``size`` cards declared as
    ``good`` against a smuggling bag holding one ``extra`` card in place of a declared one."""
    bag = {GOODS[good].id: size - 1} if size > 1 else {}
    bag[GOODS[extra].id] = bag.get(GOODS[extra].id, 0) + 1
    eq = equilibrium(build(GOODS[good].id, bag))
    return float(eq.smuggle), float(eq.inspect)


def _blend(hits: int, tries: int, prior: float) -> float:
    return (hits + PRIOR_WEIGHT * prior) / (tries + PRIOR_WEIGHT)


@dataclass(frozen=True)
class SheriffGuess:
    challenge: float  # chance a bag like this is threatened, taxed or opened
    open_after_refusal: float
    equilibrium_inspect: float


def open_chance(v: SeatView, table: Table, sheriff: int, good: int, size: int) -> SheriffGuess:
    """This Sheriff's record, starting from the whole table's record, which starts from the equilibrium."""
    pool = table.pool
    _, x_star = equilibrium_rates(good, size, _likeliest_contraband(pool))
    rec = table.sheriffs[sheriff]
    c = size_class(size)
    everyone = table.sheriffs
    table_challenge = _blend(sum(r.challenged[c] for r in everyone), sum(r.faced[c] for r in everyone), x_star)
    table_after = _blend(sum(r.opened_after_refusal for r in everyone), sum(r.refusals for r in everyone), 0.5)
    challenge = _blend(rec.challenged[c], rec.faced[c], table_challenge)
    after = _blend(rec.opened_after_refusal, rec.refusals, table_after)
    return SheriffGuess(challenge, after, x_star)


@dataclass(frozen=True)
class BagGuess:
    smuggle: float  # the coach's estimate
    prior: float  # before looking at this bag (equilibrium + history)
    equilibrium_smuggle: float
    honest_possible: float  # chance an honest merchant could fill this bag
    honest_bags: int
    smuggled_bags: int
    set_aside_declared: int  # cards of the declared good this merchant set aside this round
    expected_fine: float  # gold a smuggling bag like this would pay if opened
    expected_lost: float  # points it would lose
    honest_penalty: int  # gold paid to the merchant if the bag is honest


def smuggle_chance(v: SeatView, table: Table, m: int) -> BagGuess:
    decl = v.declared(m)
    assert decl is not None
    good, size = decl
    pool = table.pool
    extra = _likeliest_contraband(pool)
    q_star, _ = equilibrium_rates(good, size, extra)
    rec = table.merchants[m]
    prior = _blend(rec.smuggled, rec.honest + rec.smuggled, q_star)
    # An honest bag needs ``size`` cards of the declared good among the cards this merchant
    # has held this round: a hand, and what was drawn for the set-aside cards.
    taken = rec.taken[good]
    # Hands carry over between rounds, so count one more hand's worth of cards looked at.
    held = v.hand_size(m) + v.bag_size(m) + sum(rec.set_aside) + v.rules.hand_size
    possible = at_least(pool, good, held - sum(rec.taken), size - taken)
    possible *= 0.5 ** rec.set_aside[good]  # collectors keep what they declare
    possible = max(possible, 0.02)
    # Merchants choose what they keep, so a count of random hands understates them: trust it halfway.
    possible = possible**0.5
    smuggle = prior / (prior + (1 - prior) * possible)
    pen, val = mean_illegal(pool)
    extras = max(1, size // 2)
    return BagGuess(
        smuggle,
        prior,
        q_star,
        possible,
        rec.honest,
        rec.smuggled,
        rec.set_aside[good],
        extras * pen,
        extras * val,
        size * GOODS[good].penalty,
    )


def fraction_text(p: float) -> str:
    """A chance in words a newcomer reads at once: 'about 2 in 5'."""
    if p < 0.05:
        return _("less than 1 in 20")
    if p > 0.95:
        return _("more than 19 in 20")
    f = Fraction(p).limit_denominator(10)
    return _("about {part} in {whole}").format(part=f.numerator, whole=f.denominator)
