"""The inspection game: one bag, one declaration, pass or inspect.

Rules (one bag of the real game, payoffs from ``sheriff.cards``)
-----------------------------------------------------------------
The merchant puts 1-5 cards in his bag and declares "m <legal good>", where m
is the number of cards in the bag (the Sheriff sees the bag's size, so the
count is always true; only the kind can be a lie).  He holds two bags that fit
this declaration and picks one:

- the *honest* bag: m cards of the declared good;
- the *smuggling* bag: some cards of the declared good plus k >= 1 other cards
  (usually contraband; a royal good or an undeclared legal good also counts).

The Sheriff, not knowing which bag he faces, either *passes* it or *inspects*:

- pass: every card reaches the merchant's stand;
- inspect, bag as declared: the Sheriff pays the merchant each card's penalty,
  and the cards reach the stand;
- inspect, bag not as declared: the declared cards reach the stand, the others
  are confiscated, and the merchant pays the Sheriff each confiscated card's
  penalty.

A classroom variant scales the two payments apart: ``fine`` multiplies what a
liar pays (what the rulebooks call a fine), ``payment`` what the Sheriff pays
the merchant of an honest bag (left out, it follows ``fine``, so ``fine=2``
alone doubles both, as the lab's one slider once did).  The rules' own are 1.

Payoffs (what each number counts)
---------------------------------
- merchant = value of the cards reaching his stand + gold received - gold paid;
- Sheriff  = gold received - gold paid.

Interpretation (the modelling choices, and why)
-----------------------------------------------
- One bag, one round, no bribes, no reputation: the smallest game that still
  shows why a Sheriff must inspect *sometimes* and a merchant must lie
  *sometimes*.
- A card on the stand is worth its printed value (its end-of-game points);
  King and Queen bonuses and royal goods' bonus weight are ignored, because
  they depend on the whole table, not on this bag.
- Gold and points are the same currency (1 gold = 1 point at the end).
- The Sheriff counts only his own gold.  In the real game the merchant's
  points also hurt him relative to the merchant; leaving that out keeps the
  game about inspection, and it is the usual textbook inspection game.
- Confiscated cards are discarded: worth nothing to either side.

Solution
--------
Write q for the merchant's probability of bringing the smuggling bag and x for
the Sheriff's probability of inspecting.  With
``gain = (value of the k extra cards) - k * value(declared good)``
(what smuggling adds when the bag passes),
``risk = (value + fine * penalty of the k extra cards) + payment * m * penalty(declared good)``,
the merchant is indifferent at ``x* = gain / risk`` and the Sheriff at
``q* = payment*m*penalty(declared) / (payment*m*penalty(declared) + fine*penalty of the k extras)``.
Scaling both by the same factor leaves q* as it is (6/(6+4) = 12/(12+8) = 3/5 for 2 Apples and a
Pepper declared as 3 Apples); doubling only the liar's fine lowers it (6/(6+8) = 3/7).

- gain > 0: the unique equilibrium is mixed, (q*, x*).  The Sheriff's
  equilibrium value is 0 (passing always earns him 0), the merchant's is what
  the honest bag earns when inspected with probability x*.
- gain < 0: the honest bag strictly dominates; the Sheriff then passes
  (inspecting an honest bag costs him).  Unique pure equilibrium.
- gain = 0: the honest bag weakly dominates; the Sheriff never inspects and
  the merchant may smuggle with any probability from 0 to q*.  A continuum,
  reported by its two ends.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from sheriff.cards import GOODS, good_id
from sheriff.i18n import N_, _, decimal, get_language, ngettext
from sheriff.wording import good_count

MERCHANT_ACTIONS = (N_("honest bag"), N_("smuggling bag"))  # shown through _()
SHERIFF_ACTIONS = (N_("pass"), N_("inspect"))
MAX_BAG = 5
MAX_FINE = 5  # the largest "fine ×" and "paid ×": lab 30 and the class page offer the same range


@dataclass(frozen=True)
class Cell:
    """Payoffs of one (bag, Sheriff action) pair, with the story behind them."""

    merchant: int
    sheriff: int
    story: str


@dataclass(frozen=True)
class Equilibrium:
    """A Nash equilibrium of the 2x2 game; probabilities are exact fractions.

    ``kind`` is ``"mixed"``, ``"pure"`` or ``"continuum"``.  ``extremes`` lists the
    (smuggle, inspect) corner points of the equilibrium set: one point unless the
    game is degenerate.  ``smuggle``/``inspect`` describe the first of them.
    """

    kind: str
    smuggle: Fraction
    inspect: Fraction
    merchant_value: Fraction
    sheriff_value: Fraction
    extremes: tuple[tuple[Fraction, Fraction], ...]
    reason: str


@dataclass(frozen=True)
class InspectionGame:
    """Merchant (rows: honest, smuggling bag) against Sheriff (columns: pass, inspect)."""

    declared: int  # good index of the declared legal good
    count: int  # m: cards in the bag = the declared count
    extras: tuple[int, ...]  # the k cards of the smuggling bag that are not the declared good
    cells: tuple[tuple[Cell, Cell], tuple[Cell, Cell]]
    fine: int = 1  # multiplies what a liar pays when caught (the rulebooks' "fine")
    payment: int = 1  # multiplies what the Sheriff pays the merchant of an honest bag he opened

    @property
    def merchant_matrix(self) -> list[list[int]]:
        return [[c.merchant for c in row] for row in self.cells]

    @property
    def sheriff_matrix(self) -> list[list[int]]:
        return [[c.sheriff for c in row] for row in self.cells]

    @property
    def declaration(self) -> str:
        return _count(self.declared, self.count)

    @property
    def smuggling_bag(self) -> Counter:
        bag = Counter({self.declared: self.count - len(self.extras)})
        bag.update(self.extras)
        return +bag

    def describe_bag(self) -> str:
        return _(", ").join(_count(g, n) for g, n in sorted(self.smuggling_bag.items()))

    @property
    def gain(self) -> int:
        """What the smuggling bag adds over the honest one when it is passed."""
        return sum(GOODS[g].value for g in self.extras) - len(self.extras) * GOODS[self.declared].value

    @property
    def risk(self) -> int:
        """How much the smuggling bag loses against the honest one per unit of inspection."""
        extras = sum(GOODS[g].value + self.fine * GOODS[g].penalty for g in self.extras)
        return extras + self.count * self.payment * GOODS[self.declared].penalty

    def expected(self, smuggle: Fraction | float, inspect: Fraction | float):
        """(merchant, Sheriff) expected payoffs for the given mixing probabilities."""
        weights = ((1 - smuggle) * (1 - inspect), (1 - smuggle) * inspect, smuggle * (1 - inspect), smuggle * inspect)
        flat = [c for row in self.cells for c in row]
        return (sum(w * c.merchant for w, c in zip(weights, flat)), sum(w * c.sheriff for w, c in zip(weights, flat)))


def _count(g: int, n: int) -> str:
    """'2 Apples' (in English the card's name after the number, as the lab has always written it;
    in another language the noun in the form its number asks for)."""
    return f"{n} {GOODS[g].name}" if get_language() == "en" else good_count(g, n)


def _as_counts(bag: Mapping[str, int] | Iterable[str]) -> Counter:
    if isinstance(bag, Mapping):
        items = bag.items()
    else:
        items = Counter(bag).items()
    counts: Counter = Counter()
    for name, n in items:
        if int(n) < 0:
            raise ValueError(f"negative count for {name!r}")
        counts[good_id(name)] += int(n)
    return +counts


def build(
    declared: str, bag: Mapping[str, int] | Iterable[str], fine: int = 1, payment: int | None = None
) -> InspectionGame:
    """The inspection game for a smuggling bag and its (false) declaration.

    ``bag`` is the smuggling bag, e.g. ``{"apples": 2, "pepper": 1}`` or
    ``["apples", "apples", "pepper"]``; the declaration is "<bag size> <declared>",
    and the honest alternative is that many cards of the declared good.  ``fine`` multiplies what a
    liar pays, ``payment`` what the Sheriff pays for an honest bag (None: the same as ``fine``); a
    classroom variant, the rules' own are 1.

    >>> build("apples", {"apples": 2, "pepper": 1}).merchant_matrix
    [[6, 12], [10, 0]]
    """
    d = good_id(declared)
    if not GOODS[d].is_legal:
        raise ValueError(f"only legal goods can be declared, not {GOODS[d].name}")
    counts = _as_counts(bag)
    m = sum(counts.values())
    if not 1 <= m <= MAX_BAG:
        raise ValueError(f"a bag holds 1 to {MAX_BAG} cards, not {m}")
    extras = tuple(sorted(g for g, n in counts.items() if g != d for _ in range(n)))
    if not extras:
        raise ValueError("this bag is exactly as declared: add at least one other card to smuggle")
    payment = fine if payment is None else payment
    if min(fine, payment) < 1:
        raise ValueError(f"the multipliers are at least 1, not {fine} and {payment}")
    dv, dp = GOODS[d].value, payment * GOODS[d].penalty
    n_decl = m - len(extras)
    ev = sum(GOODS[g].value for g in extras)
    ep = fine * sum(GOODS[g].penalty for g in extras)
    on_stand = _("{value} on the stand")
    honest = (
        Cell(m * dv, 0, on_stand.format(value=m * dv)),
        Cell(
            m * dv + m * dp,
            -m * dp,
            ngettext(
                "{value} on the stand + {gold} gold from the Sheriff",
                "{value} on the stand + {gold} gold from the Sheriff",
                m * dp,
            ).format(value=m * dv, gold=m * dp),
        ),
    )
    smuggle = (
        Cell(n_decl * dv + ev, 0, on_stand.format(value=n_decl * dv + ev)),
        Cell(
            n_decl * dv - ep,
            ep,
            ngettext(
                "{value} on the stand - {gold} gold to the Sheriff",
                "{value} on the stand - {gold} gold to the Sheriff",
                ep,
            ).format(value=n_decl * dv, gold=ep),
        ),
    )
    return InspectionGame(d, m, extras, (honest, smuggle), fine, payment)


def equilibrium(game: InspectionGame) -> Equilibrium:
    """Closed-form Nash equilibrium (see the module docstring for the formulas)."""
    m_pen = game.payment * game.count * GOODS[game.declared].penalty  # what inspecting an honest bag costs
    x_pen = game.fine * sum(GOODS[g].penalty for g in game.extras)  # what catching the smuggler earns
    q_star = Fraction(m_pen, m_pen + x_pen)  # Sheriff indifferent
    gain, risk = game.gain, game.risk
    zero = Fraction(0)
    if gain > 0:
        x_star = Fraction(gain, risk)
        mv, sv = game.expected(q_star, x_star)
        return Equilibrium(
            "mixed",
            q_star,
            x_star,
            mv,
            sv,
            ((q_star, x_star),),
            _("smuggling pays if the bag passes, so neither side can be predictable"),
        )
    honest_pass = Fraction(game.cells[0][0].merchant)
    if gain < 0:
        return Equilibrium(
            "pure",
            zero,
            zero,
            honest_pass,
            zero,
            ((zero, zero),),
            _(
                "the honest bag is worth more even when passed, so the merchant "
                "never smuggles and the Sheriff never inspects"
            ),
        )
    return Equilibrium(
        "continuum",
        zero,
        zero,
        honest_pass,
        zero,
        ((zero, zero), (q_star, zero)),
        _(
            "the smuggling bag earns the same as the honest one when passed and less "
            "when inspected: the Sheriff never inspects and the merchant may smuggle "
            "up to {share} of the time"
        ).format(share=q_star),
    )


@dataclass(frozen=True)
class Curves:
    """Expected values against the Sheriff's inspection probability, for a plot."""

    inspect: list[float]
    merchant_honest: list[float]
    merchant_smuggling: list[float]
    sheriff_vs_equilibrium: list[float]  # the merchant mixes as in equilibrium
    inspect_star: float


def value_curves(game: InspectionGame, points: int = 51) -> Curves:
    """Each side's expected value as the inspection probability runs from 0 to 1."""
    eq = equilibrium(game)
    xs = [i / (points - 1) for i in range(points)]
    q = float(eq.smuggle)
    return Curves(
        inspect=xs,
        merchant_honest=[float(game.expected(0, x)[0]) for x in xs],
        merchant_smuggling=[float(game.expected(1, x)[0]) for x in xs],
        sheriff_vs_equilibrium=[float(game.expected(q, x)[1]) for x in xs],
        inspect_star=float(eq.inspect),
    )


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def explain(game: InspectionGame) -> str:
    """The equilibrium in sentences a teacher can read out."""
    eq = equilibrium(game)
    lines = [
        _("The merchant declares {declared}. His smuggling bag holds {bag}.").format(
            declared=game.declaration, bag=game.describe_bag()
        )
    ]
    if (game.fine, game.payment) != (1, 1):
        lines.append(
            _(
                "Changed from the rules: a caught liar pays {fine} times each confiscated card's penalty, and "
                "a Sheriff who opens an honest bag pays {payment} times each card's penalty."
            ).format(fine=game.fine, payment=game.payment)
        )
    if eq.kind == "mixed":
        lines += [
            _(
                "The Sheriff should inspect {pct} of such bags (exactly {exact}). Any less and smuggling pays; "
                "any more and honesty pays, so he would waste gold."
            ).format(pct=_pct(eq.inspect), exact=eq.inspect),
            _(
                "The merchant should bring the smuggling bag {pct} of the time (exactly {exact}). Any more and "
                "inspecting pays; any less and the Sheriff could stop inspecting."
            ).format(pct=_pct(eq.smuggle), exact=eq.smuggle),
            _(
                "On average the merchant scores {merchant} and the Sheriff {sheriff}: the Sheriff inspects only "
                "to keep merchants honest."
            ).format(merchant=decimal(eq.merchant_value), sheriff=decimal(eq.sheriff_value)),
        ]
    else:
        lines += [
            _("Smuggling does not pay here: {reason}.").format(reason=eq.reason),
            _("The merchant scores {merchant}; the Sheriff gains nothing.").format(merchant=decimal(eq.merchant_value)),
        ]
    return "\n".join(lines)
