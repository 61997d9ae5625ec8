"""Advice for a merchant: which cards to keep, what to pack and declare, what to pay.

Every figure comes from the goods table (``sheriff.cards``): a card's value is the
points it adds on the stand, its penalty what an opened bag costs.  The chance of
being challenged comes from ``odds.open_chance``.
"""

from __future__ import annotations

from sheriff import actions as A
from sheriff.cards import GOODS, ILLEGAL_GOODS, LEGAL_GOODS, list_to_counts
from sheriff.coach.advice import LESSON_30, Advice, Option, gold_text, points_text
from sheriff.coach.odds import SheriffGuess, fraction_text, open_chance
from sheriff.coach.public import Table, bag_outcome, read_table
from sheriff.i18n import N_, _
from sheriff.views import SeatView
from sheriff.wording import good_count, good_name, goods_text

MAX_BAG = 5

MERCHANT_MODEL = N_(
    "The coach counts a card's points when it reaches your stand and the gold an opened bag costs or "
    "earns, using the printed values and penalties. It guesses how often this Sheriff challenges a bag "
    "from what the Sheriff has done so far this game; before there is any such evidence it uses the "
    "inspection game's balance point (lesson 30). King and Queen bonuses are left out. "
    "This is advice, not a rule: any legal move is yours to make."
)


def _dearest_illegal(hand: list[int]) -> list[int]:
    return [g for g in sorted(ILLEGAL_GOODS, key=lambda g: -GOODS[g].value) for _ in range(hand[g])]


def collect_target(hand: list[int]) -> int:
    """The legal good worth collecting: the one you hold most of (its value breaks ties)."""
    return max(LEGAL_GOODS, key=lambda g: (hand[g] * 4 + GOODS[g].value, -g))


def fair_bribe(lost: int, fine: int, honest_penalty: int) -> int:
    """A price both sides prefer to opening: more than the fine the Sheriff would collect, and at
    least what he would pay if the bag were honest (so taking it beats guessing), yet less than
    what being opened costs you."""
    if not lost + fine:
        return 0
    return max(1, min(lost + fine - 1, max(fine + 1, honest_penalty)))


def value_of(v: SeatView, bag: list[int], good: int, guess: SheriffGuess) -> tuple[float, dict]:
    """Expected points of bringing ``bag`` declared as ``good``, and its figures."""
    passes, lost, fine, paid_to_you = bag_outcome(bag, good)
    if paid_to_you or not (lost or fine):
        ev = passes + guess.challenge * guess.open_after_refusal * paid_to_you
        bribe = 0
    else:
        bribe = fair_bribe(lost, fine, sum(bag) * GOODS[good].penalty)
        ev = passes - guess.challenge * min(bribe, lost + fine)
    nums = {
        "reaches_stand": passes,
        "lost_if_opened": lost,
        "paid_if_opened": fine,
        "paid_to_you_if_opened": paid_to_you,
        "fair_bribe": bribe,
        "challenge_chance": round(guess.challenge, 3),
        "expected_points": round(ev, 2),
    }
    return ev, nums


def declared_bag(v: SeatView) -> dict[str, int]:
    """The figures of the seat's own declared bag: points reaching the stand if it passes; if it is
    opened, the points of goods lost and the gold paid, or the gold the Sheriff pays for an honest bag."""
    bag, decl = v.bag, v.declared(v.seat)
    if bag is None or decl is None:
        raise ValueError("there is no declared bag on the table for this seat")
    passes, lost, fine, to_you = bag_outcome(bag, decl[0])
    return {"reaches_stand": passes, "lost_if_opened": lost, "paid_if_opened": fine, "paid_to_you_if_opened": to_you}


def bag_sentence(bag: list[int], good: int, nums: dict) -> str:
    """The bag, its declaration and its risk: what an opened bag costs and how likely a challenge is."""
    size = sum(bag)
    goods, declared = goods_text(bag), good_count(good, size)
    if nums["paid_to_you_if_opened"]:
        return _(
            "Pack {goods} and declare {declared}: all {points} reach your stand, and if the Sheriff opens it he "
            "pays you {gold}."
        ).format(
            goods=goods,
            declared=declared,
            points=points_text(nums["reaches_stand"]),
            gold=gold_text(nums["paid_to_you_if_opened"]),
        )
    return _(
        "Pack {goods} and declare {declared}: if it passes, {points} reach your stand; the Sheriff challenges "
        "a bag like it with a chance of {chance}, and if it is opened you lose {lost} of goods and pay {fine}."
    ).format(
        goods=goods,
        declared=declared,
        points=points_text(nums["reaches_stand"]),
        chance=fraction_text(nums["challenge_chance"]),
        lost=points_text(nums["lost_if_opened"]),
        fine=gold_text(nums["paid_if_opened"]),
    )


def bag_options(v: SeatView, hand: list[int], table: Table | None = None) -> list[tuple[float, Option]]:
    """Sensible bags from ``hand``: one legal good alone, or with contraband on top."""
    table = table or read_table(v)
    boss = v.officials[0]
    seen: set[tuple] = set()
    out: list[tuple[float, Option]] = []
    illegal = _dearest_illegal(hand)
    for g in LEGAL_GOODS:
        if not hand[g]:
            continue
        for legal in range(min(hand[g], MAX_BAG), 0, -1):
            for extra in range(0, min(len(illegal), MAX_BAG - legal) + 1):
                if extra and legal < min(hand[g], MAX_BAG - extra):
                    continue  # with contraband: as many declared cards as fit
                cards = (g,) * legal + tuple(illegal[:extra])
                _add(v, out, seen, cards, g, table, boss)
            if legal < min(hand[g], MAX_BAG):
                break  # honest: the fullest bag only
    if not out and illegal:  # no legal good at all: contraband under some name
        g = collect_target(hand)
        for extra in range(1, min(len(illegal), MAX_BAG) + 1):
            _add(v, out, seen, tuple(illegal[:extra]), g, table, boss)
    if not out:  # nothing sensible: one card of anything
        g0 = next(g for g in range(len(hand)) if hand[g])
        _add(v, out, seen, (g0,), g0 if g0 in LEGAL_GOODS else LEGAL_GOODS[0], table, boss)
    out.sort(key=lambda t: -t[0])
    return out


def _add(v, out, seen, cards, good, table, boss) -> None:
    key = (tuple(sorted(cards)), good)
    if key in seen:
        return
    seen.add(key)
    bag = list_to_counts(cards)
    guess = open_chance(v, table, boss, good, len(cards))
    ev, nums = value_of(v, bag, good, guess)
    nums["declared_good"] = good
    nums["declared_count"] = len(cards)
    out.append((ev, Option(A.LoadBag(v.seat, tuple(cards)), bag_sentence(bag, good, nums), nums)))


def advise_market(v: SeatView) -> Advice:
    hand = v.hand
    table = read_table(v)
    g = collect_target(hand)
    options = bag_options(v, hand, table)
    best = options[0][1]
    if not isinstance(best.move, A.LoadBag):  # bag_options proposes bags only
        raise TypeError(f"expected a bag to load, got {best.move!r}")
    smuggle = any(c in ILLEGAL_GOODS for c in best.move.cards)
    keep = {g: hand[g]}
    if smuggle:
        for c in best.move.cards:
            if c in ILLEGAL_GOODS:
                keep[c] = keep.get(c, 0) + 1
    discard: list[int] = []
    for c in sorted(range(len(hand)), key=lambda c: GOODS[c].value):
        discard += [c] * (hand[c] - min(hand[c], keep.get(c, 0)))
    discard = discard[:MAX_BAG]
    if discard:
        sentence = (
            _("Set aside {goods} and keep your {good} and the contraband you mean to hide under them.")
            if smuggle
            else _("Set aside {goods} and keep your {good}: you want a bag of one legal good.")
        )
    else:
        sentence = (
            _("Keep your whole hand: keep your {good} and the contraband you mean to hide under them.")
            if smuggle
            else _("Keep your whole hand: keep your {good}: you want a bag of one legal good.")
        )
    sentence = sentence.format(goods=goods_text(list_to_counts(discard)), good=good_name(g))
    return Advice(
        A.Market(v.seat, tuple(discard), (), 0),
        sentence,
        {"collect": g, "expected_points": best.numbers["expected_points"]},
        tuple(o for _ev, o in options[:4]),
        _(MERCHANT_MODEL),
        LESSON_30,
    )


def advise_load(v: SeatView) -> Advice:
    options = bag_options(v, v.hand)
    ev, best = options[0]
    most = _("Of the bags the coach weighed, this one promises the most (about {points}).").format(
        points=points_text(f"{ev:.0f}", round(ev))
    )
    return Advice(
        best.move,
        best.sentence,
        best.numbers,
        tuple(o for _ev, o in options[:6]),
        _(MERCHANT_MODEL),
        LESSON_30,
        most,
    )


def advise_declare(v: SeatView) -> Advice:
    bag = v.bag
    assert bag is not None
    size = sum(bag)
    table = read_table(v)
    boss = v.officials[0]
    opts = []
    for g in LEGAL_GOODS:
        guess = open_chance(v, table, boss, g, size)
        ev, nums = value_of(v, bag, g, guess)
        honest = bag[g] == size
        if honest:
            text = _("Declaring {declared} is the truth: if the Sheriff opens the bag he pays you {gold}.")
        elif bag[g]:
            text = _(
                "Declaring {declared} is the truth only in part: the Sheriff challenges a bag like it with a "
                "chance of {chance}, and if it is opened you lose {lost} of goods and pay {fine}."
            )
        else:  # not one card of that good: the whole declaration is false
            text = _(
                "Declaring {declared} is untrue: your bag holds no {good}. The Sheriff challenges a bag like it "
                "with a chance of {chance}, and if it is opened you lose {lost} of goods and pay {fine}."
            )
        text = text.format(
            good=good_name(g),
            declared=good_count(g, size),
            chance=fraction_text(nums["challenge_chance"]),
            gold=gold_text(nums["paid_to_you_if_opened"]),
            lost=points_text(nums["lost_if_opened"]),
            fine=gold_text(nums["paid_if_opened"]),
        )
        # keeping most cards when opened matters more than the small change in suspicion
        opts.append((honest, bag[g], ev, Option(A.Declare(v.seat, g, size), text, nums)))
    opts.sort(key=lambda t: (not t[0], -t[1], -t[2]))
    best = opts[0][3]
    return Advice(best.move, best.sentence, best.numbers, tuple(o[3] for o in opts), _(MERCHANT_MODEL), LESSON_30)


def _asked_text(offer, worth: int) -> str:
    """The Sheriff's demand with its unit: '12 gold', or its worth in points when it names goods too."""
    if offer.stand or offer.bag:
        return _("goods and gold worth {points}").format(points=points_text(worth))
    return gold_text(worth)


def advise_answer(v: SeatView, offer) -> Advice:
    """Threatened (``offer`` None) or asked for a bribe: pay, offer, or refuse."""
    me = v.seat
    bag, decl = v.bag, v.declared(me)
    assert bag is not None and decl is not None
    good, size = decl
    guess = open_chance(v, read_table(v), v.officials[0], good, size)
    passes, lost, fine, paid_to_you = bag_outcome(bag, good)
    gold = v.gold(me)
    nums = {
        "lost_if_opened": lost,
        "paid_if_opened": fine,
        "paid_to_you_if_opened": paid_to_you,
        "open_after_refusal": round(guess.open_after_refusal, 3),
    }
    if not (lost or fine):
        return Advice(
            A.Decline(me, me),
            _("Refuse to pay: your bag is exactly as declared, so if the Sheriff opens it he pays you {gold}.").format(
                gold=gold_text(paid_to_you)
            ),
            nums,
            (),
            _(MERCHANT_MODEL),
        )
    risk = (lost + fine) * guess.open_after_refusal
    nums["expected_loss_if_you_refuse"] = round(risk, 2)
    if offer is None:
        return _answer_threat(me, gold, good, size, lost, fine, risk, guess.open_after_refusal, nums)
    return _answer_demand(me, offer, gold, lost, fine, risk, guess.open_after_refusal, nums)


def _answer_threat(
    me: int, gold: int, good: int, size: int, lost: int, fine: int, risk: float, chance: float, nums
) -> Advice:
    """Threatened with an inspection and nothing asked: offer a fair bribe, or refuse."""
    bribe = min(gold, fair_bribe(lost, fine, size * GOODS[good].penalty))
    nums["fair_bribe"] = bribe
    if 0 < bribe < lost + fine and bribe <= risk + 1:
        return Advice(
            A.Offer(me, me, A.Bribe(gold=bribe)),
            _(
                "Offer {bribe}: if the bag is opened you lose {lost} of goods and pay {fine}, so a bribe "
                "below {total} still saves you something, and it is more than the Sheriff can win by "
                "opening."
            ).format(
                bribe=gold_text(bribe), lost=points_text(lost), fine=gold_text(fine), total=gold_text(lost + fine)
            ),
            nums,
            (),
            _(MERCHANT_MODEL),
        )
    if 0 < bribe < lost + fine:
        return Advice(
            A.Decline(me, me),
            _(
                "Refuse: a fair bribe ({bribe}) costs more than you expect to lose by refusing (about "
                "{risk}, since this Sheriff opens a bag after a refusal with a chance of {chance})."
            ).format(
                bribe=gold_text(bribe),
                risk=points_text(f"{risk:.0f}", round(risk)),
                chance=fraction_text(chance),
            ),
            nums,
            (),
            _(MERCHANT_MODEL),
        )
    return Advice(
        A.Decline(me, me),
        _("Refuse: you cannot offer anything that costs less than being opened."),
        nums,
        (),
        _(MERCHANT_MODEL),
    )


def _answer_demand(me: int, offer, gold: int, lost: int, fine: int, risk: float, chance: float, nums) -> Advice:
    """Asked for a bribe: pay it when it costs less than the inspection a refusal risks."""
    ask = offer.gold + sum(GOODS[c].value for c in offer.stand) + sum(GOODS[c].value for c in offer.bag)
    nums["asked"] = ask
    if ask <= min(risk + 1, lost + fine) and ask <= gold + sum(GOODS[c].value for c in offer.stand):
        return Advice(
            A.Accept(me, me),
            _(
                "Pay: the Sheriff asks for {ask}, and if you refuse he opens the bag with a "
                "chance of {chance}, costing you {cost} when he does."
            ).format(
                ask=_asked_text(offer, ask),
                chance=fraction_text(chance),
                cost=points_text(lost + fine),
            ),
            nums,
            (),
            _(MERCHANT_MODEL),
        )
    return Advice(
        A.Decline(me, me),
        _(
            "Refuse: the Sheriff asks for {ask}, more than you expect to lose by refusing (about {risk}, "
            "since this Sheriff opens a bag after a refusal with a chance of {chance})."
        ).format(
            ask=_asked_text(offer, ask),
            risk=points_text(f"{risk:.0f}", round(risk)),
            chance=fraction_text(chance),
        ),
        nums,
        (),
        _(MERCHANT_MODEL),
    )
