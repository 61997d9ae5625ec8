"""The coach's warnings, from the same model as its advice.

A move is weighed in expected points for the seat (gold counts as points) by the figures
the advice itself uses (``merchant.value_of``, ``inspector.bag_odds``), and so is the
coach's own suggestion for that decision.  A warning appears only when the move is rated
at least ``CLEARLY_WORSE`` points below the suggestion (the warning says by how much), or
for a blunder: paying for an honest bag, or paying more than being opened costs.  So
following the coach never draws its warning, and the Sheriff's chance of contraband in a
warning is the very figure of the advice (``BagOdds.chance``, one computation).
"""

from __future__ import annotations

import sheriff.coach.inspector as inspector
import sheriff.coach.merchant as merchant
from sheriff import actions as A
from sheriff.cards import GOODS, LEGAL_GOODS, list_to_counts
from sheriff.coach.advice import Advice, Warning, decimal, gold_text, points_text
from sheriff.coach.odds import fraction_text, open_chance
from sheriff.coach.public import Table, bag_outcome, read_table
from sheriff.i18n import _, ngettext
from sheriff.views import SeatView
from sheriff.wording import good_count, goods_text

CLEARLY_WORSE = 1.0  # points: a smaller gap is a matter of taste, not worth a warning


def offer_worth(bribe) -> int:
    """A bribe's worth in points: its gold and the printed value of its goods."""
    return bribe.gold + sum(GOODS[c].value for c in bribe.stand) + sum(GOODS[c].value for c in bribe.bag)


def _load_value(v: SeatView, table: Table, cards) -> tuple[float, dict]:
    """A bag's worth under its best declaration of a legal good it holds (any, if it holds none): the
    coach's figures for loading."""
    bag = list_to_counts(cards)
    size = sum(bag)
    best: tuple[float, dict] | None = None
    for g in [g for g in LEGAL_GOODS if bag[g]] or LEGAL_GOODS:
        ev, nums = merchant.value_of(v, bag, g, open_chance(v, table, v.officials[0], g, size))
        nums["declared_good"] = g
        if best is None or ev > best[0]:
            best = (ev, nums)
    assert best is not None
    return best


def _declare_value(v: SeatView, table: Table, good: int) -> tuple[float, dict]:
    bag = v.bag
    assert bag is not None
    return merchant.value_of(v, bag, good, open_chance(v, table, v.officials[0], good, sum(bag)))


def _answer_value(v: SeatView, table: Table, action) -> tuple[float, dict] | None:
    """A merchant answering for their own bag: pay, offer or refuse."""
    bag, decl = v.bag, v.declared(v.seat)
    if bag is None or decl is None:
        return None
    good, size = decl
    guess = open_chance(v, table, v.officials[0], good, size)
    _passes, lost, fine, to_you = bag_outcome(bag, good)
    p = guess.open_after_refusal
    nums = {"lost_if_opened": lost, "paid_if_opened": fine, "paid_to_you_if_opened": to_you, "open_after_refusal": p}
    if isinstance(action, A.Decline):
        return p * (to_you - lost - fine), nums
    if isinstance(action, A.Offer):
        cost = offer_worth(action.bribe)
    else:
        nego = v.negotiation()
        offer = nego.offer if nego else None
        cost = offer_worth(offer) if offer is not None else 0
    nums["cost"] = cost
    return -float(cost), nums


def _sheriff_value(v: SeatView, o: inspector.BagOdds, action) -> float | None:
    if isinstance(action, A.Inspect):
        return o.open_gain
    if isinstance(action, A.Pass):
        return 0.0
    if isinstance(action, A.Threaten):
        return o.ask_gain
    if isinstance(action, A.Offer):
        return inspector.ask_value(o, offer_worth(action.bribe))
    if isinstance(action, A.Accept):
        nego = v.negotiation()
        offer = nego.offer if nego else None
        return float(offer_worth(offer)) if offer is not None else None
    return None


def _reference(v: SeatView, action, advice: Advice) -> Advice:
    """The coach's suggestion for the decision ``action`` answers (the same bag, for a Sheriff)."""
    ref = advice
    m = getattr(action, "merchant", None)
    if m is not None and m != v.seat and getattr(ref.move, "merchant", m) != m:
        ref = inspector.advise_bag(v, m)  # a Sheriff may take the bags in another order
    return ref


def _gap_sentence(gap: float) -> str:
    return _("The coach rates this move about {points} below its own suggestion.").format(
        points=points_text(decimal(gap), round(gap))
    )


def _honest_but_less(nums: dict, ref: dict, mine: float, best: float) -> str:
    """Why the suggestion beats an honest bag: a fuller honest bag, or a bag worth more on average
    than what it risks (``ref``: the suggestion's figures)."""
    if ref.get("paid_to_you_if_opened"):
        return _(
            "This bag is honest, and so is the coach's suggestion, which brings more: if it passes, "
            "{more} reach your stand against {points} for this one."
        ).format(more=points_text(ref["reaches_stand"]), points=points_text(nums["reaches_stand"]))
    return _(
        "This bag is honest and safe: if it passes, {points} reach your stand. The coach's suggestion risks "
        "a fine but is worth more on average (about {best} against about {mine}, counting how often a "
        "Sheriff challenges such a bag)."
    ).format(
        points=points_text(nums["reaches_stand"]),
        best=points_text(f"{best:.0f}", round(best)),
        mine=points_text(f"{mine:.0f}", round(mine)),
    )


def _merchant_risk(v: SeatView, action, nums: dict, ref: tuple[float, float, dict]) -> str:
    """What the move risks, in the words the advice uses (``ref``: this move's and the suggestion's
    expected points, and the suggestion's figures)."""
    mine, best, ref_nums = ref
    lost, fine = nums.get("lost_if_opened", 0), nums.get("paid_if_opened", 0)
    if isinstance(action, A.LoadBag):
        bag = list_to_counts(action.cards)
        g = nums["declared_good"]
        if bag[g] == sum(bag):
            return _honest_but_less(nums, ref_nums, mine, best)
        return _(
            "No declaration can be true for this bag ({goods}): even declared as {declared}, if it is "
            "opened you lose {lost} of goods and pay {fine}."
        ).format(goods=goods_text(bag), declared=good_count(g, sum(bag)), lost=points_text(lost), fine=gold_text(fine))
    if isinstance(action, A.Declare):
        held = v.bag
        assert held is not None
        if held[action.good] == action.count:
            return _honest_but_less(nums, ref_nums, mine, best)
        return _declare_risk(held, action, fine)
    chance = fraction_text(nums["open_after_refusal"])
    if isinstance(action, A.Decline):
        return _(
            "If you refuse, this Sheriff opens the bag with a chance of {chance}, and then you lose {lost} of "
            "goods and pay {fine}."
        ).format(chance=chance, lost=points_text(lost), fine=gold_text(fine))
    return _(
        "You would pay {cost}; refusing costs you about {risk} on average, since this Sheriff opens a bag "
        "after a refusal with a chance of {chance}."
    ).format(
        cost=gold_text(nums["cost"]),
        risk=decimal(nums["open_after_refusal"] * (lost + fine)),
        chance=chance,
    )


def _declare_risk(held: list[int], action, fine: int) -> str:
    others = [k if g != action.good else 0 for g, k in enumerate(held)]
    n_other = sum(others)
    if n_other == 2:
        lose = _(
            "Your bag holds {goods}, declared as {declared}: if it is opened you lose both ({others}) and pay {fine}."
        )
    elif n_other == 1:
        lose = _(
            "Your bag holds {goods}, declared as {declared}: if it is opened you lose it ({others}) and pay {fine}."
        )
    else:
        lose = _(
            "Your bag holds {goods}, declared as {declared}: if it is opened you lose all {n} ({others}) and "
            "pay {fine}."
        )
    return lose.format(
        goods=goods_text(held),
        declared=good_count(action.good, action.count),
        n=n_other,
        others=goods_text(others),
        fine=gold_text(fine),
    )


def _sheriff_risk(o: inspector.BagOdds, action, value: float) -> str:
    g = o.guess
    chance = fraction_text(o.chance)
    if isinstance(action, A.Inspect):
        if o.chance < 0.5:
            return _(
                "The coach thinks this bag is more likely honest (chance of contraband {chance}); "
                "if it is, you pay {paid}."
            ).format(chance=chance, paid=inspector.paid_text(o))
        return _("The chance of contraband is {chance}; if the bag is honest you pay {paid}.").format(
            chance=chance, paid=inspector.paid_text(o)
        )
    if isinstance(action, A.Pass) and o.chance >= 0.5:
        fine = f"{g.expected_fine:.0f}"
        return ngettext(
            "The coach thinks this bag likely hides contraband (chance {chance}); opening it "
            "could bring a fine of about {fine} gold.",
            "The coach thinks this bag likely hides contraband (chance {chance}); opening it "
            "could bring a fine of about {fine} gold.",
            int(fine),
        ).format(chance=chance, fine=fine)
    return _("The chance of contraband is {chance}; in the coach's model this move brings {worth}.").format(
        chance=chance, worth=inspector.worth_text(value)
    )


def _blunder(v: SeatView, action) -> Warning | None:
    """Paying for an honest bag, or paying more than being opened costs: a cost that buys nothing."""
    declared = v.declared(v.seat)
    if not (isinstance(action, (A.Offer, A.Accept)) and action.merchant == v.seat and declared is not None):
        return None
    held = v.bag
    if held is None:
        return None
    _passes, lost, fine, to_you = bag_outcome(held, declared[0])
    if isinstance(action, A.Offer):
        cost = offer_worth(action.bribe)
    else:
        nego = v.negotiation()
        cost = offer_worth(nego.offer) if nego and nego.offer is not None else 0
    nums: dict[str, float] = {"lost_if_opened": lost, "paid_if_opened": fine, "paid_to_you_if_opened": to_you}
    if to_you and cost:
        return Warning(
            _(
                "Your bag is honest: if it is opened the Sheriff pays you {gold}, so paying {cost} buys you nothing."
            ).format(gold=gold_text(to_you), cost=gold_text(cost)),
            nums,
            True,
        )
    if cost > lost + fine:
        return Warning(
            _("You would pay {cost}, more than being opened costs you ({lost} of goods and {fine}).").format(
                cost=gold_text(cost), lost=points_text(lost), fine=gold_text(fine)
            ),
            nums,
            True,
        )
    return None


def warnings(v: SeatView, action, advice: Advice) -> tuple[Warning, ...]:
    """Warnings about ``action`` proposed by ``v.seat``: a blunder, or a move rated clearly worse than the
    coach's suggestion ``advice`` for this decision."""
    blunder = _blunder(v, action)
    if blunder is not None:
        return (blunder,)
    if not isinstance(action, (A.LoadBag, A.Declare, A.Offer, A.Accept, A.Decline, A.Inspect, A.Pass, A.Threaten)):
        return ()
    ref = _reference(v, action, advice)
    if ref.move is None or type(ref.move) is A.Stance:
        return ()
    table = read_table(v)
    if isinstance(action, A.LoadBag) and isinstance(ref.move, A.LoadBag):
        (mine, nums), (best, ref_nums) = _load_value(v, table, action.cards), _load_value(v, table, ref.move.cards)
    elif isinstance(action, A.Declare) and isinstance(ref.move, A.Declare) and v.bag is not None:
        (mine, nums), (best, ref_nums) = _declare_value(v, table, action.good), _declare_value(v, table, ref.move.good)
    elif getattr(action, "merchant", None) == v.seat:
        a, b = _answer_value(v, table, action), _answer_value(v, table, ref.move)
        if a is None or b is None:
            return ()
        (mine, nums), (best, ref_nums) = a, b
    else:
        m = getattr(action, "merchant", -1)
        if m < 0 or v.declared(m) is None or v.bound(m) is not None:
            return ()
        o = inspector.bag_odds(v, m, table)
        x, y = _sheriff_value(v, o, action), _sheriff_value(v, o, ref.move)
        if x is None or y is None or best_gap(y, x) is None:
            return ()
        gap = y - x
        return (
            Warning(
                f"{_gap_sentence(gap)} {_sheriff_risk(o, action, x)}",
                {"points_worse": round(gap, 2), "smuggle_chance": round(o.chance, 3)},
            ),
        )
    if best_gap(best, mine) is None:
        return ()
    gap = best - mine
    figures = {"points_worse": round(gap, 2)} | {
        k: nums[k] for k in ("lost_if_opened", "paid_if_opened", "challenge_chance", "open_after_refusal") if k in nums
    }
    return (Warning(f"{_gap_sentence(gap)} {_merchant_risk(v, action, nums, (mine, best, ref_nums))}", figures),)


def best_gap(best: float, mine: float) -> float | None:
    """How far ``mine`` falls below ``best``, if clearly (else None)."""
    gap = best - mine
    return gap if gap >= CLEARLY_WORSE else None
