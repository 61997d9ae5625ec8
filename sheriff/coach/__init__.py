"""The coach: advice for the seat whose turn it is, read from that seat's ``SeatView`` only.

    >>> from sheriff.engine import Game
    >>> from sheriff.coach import advise
    >>> g = Game(seed=3)
    >>> a = advise(g.view(g.to_act))
    >>> g.is_legal(a.move), a.sentence
    (True, 'Let Maid Marion, on your left, start the Market: the order hardly matters to you.')

``advise(view)`` returns an ``Advice`` (a suggested move, a sentence that states its risk,
the numbers, the options weighed, the model in plain words); ``warnings(view, move)`` warns
only of a move the coach rates clearly worse than its suggestion, or of a blunder; ``bag_odds(view, merchant)`` is the
Sheriff's estimate for one bag; ``declared_bag(view)`` the figures of the seat's own bag.  The coach states its model: it is
advice, not a rule.  Where it leans on the inspection game's equilibrium it says so
and names lesson 30 (``Advice.lesson``).
"""

from __future__ import annotations

from sheriff import actions as A
from sheriff.cards import VALUE, counts_to_list, describe
from sheriff.coach import inspector, judge, merchant
from sheriff.coach.advice import LESSON_30, LESSON_30_TITLE, Advice, Option, Warning, points_text
from sheriff.coach.inspector import BagOdds, bag_odds
from sheriff.coach.merchant import declared_bag
from sheriff.i18n import DEFAULT, _, get_language, ngettext
from sheriff.state import DECLARE, INSPECT, LOAD, MARKET, MARKET_START
from sheriff.views import SeatView
from sheriff.wording import good_count, goods_kind


def _payment_text(counts) -> str:
    """'2 Chickens, 1 Cheese': ``describe``'s words in English, each good with its plural form otherwise."""
    if get_language() == DEFAULT:
        return describe(counts)
    return _(", ").join(good_count(g, k) for g, k in enumerate(counts) if k) or _("nothing")


def _claim(v: SeatView, goods: list[int]) -> Advice:
    """A Black Market claim pays when the top card (the value in play: the game's piles, which a user may
    have edited) is worth more than the three cards it takes off the stand (2E, Black Market)."""
    piles = v.black_market_piles()
    g = max(goods, key=lambda g: (piles[g][-1] - 3 * VALUE[g], -g))
    worth, three = piles[g][-1], 3 * VALUE[g]
    if worth > three:
        return Advice(
            A.ClaimBlackMarket(v.seat, g),
            _(
                "Turn in three {goods} for the Black Market card worth {worth}: it is worth more than "
                "the three cards alone ({three})."
            ).format(goods=goods_kind(g), worth=points_text(worth), three=points_text(three)),
        )
    return Advice(
        A.SkipClaim(v.seat),
        _(
            "Keep your three {goods}: the Black Market card for them is worth {worth}, no more than the "
            "three cards themselves ({three})."
        ).format(goods=goods_kind(g), worth=points_text(worth), three=points_text(three)),
    )


def advise(v: SeatView) -> Advice:
    """Advice for ``v.seat`` at the current decision (its turn)."""
    me = v.seat
    ph = v.phase
    if ph == MARKET_START:
        first = v.merchants[0]
        says = (
            _("Let {player}, on your left, start the Market: the order hardly matters to you.")
            if first == (me + 1) % v.n
            # six players: the other Deputy may sit between (seats count clockwise, to the left)
            else _("Let {player}, the first merchant to your left, start the Market: the order hardly matters to you.")
        )
        return Advice(A.ChooseStart(me, first), says.format(player=v.names[first]))
    if ph == MARKET:
        return merchant.advise_market(v)
    if ph == LOAD:
        return merchant.advise_load(v)
    if ph == DECLARE:
        return merchant.advise_declare(v)
    if ph != INSPECT:
        return Advice(None, _("There is nothing to decide: the game is over."))
    due = v.debt_due()
    if due is not None:
        best = v.debt_options()[0]
        return Advice(
            A.PayDebt(me, tuple(counts_to_list(best))),
            ngettext(
                "Pay the {gold} gold still owed with {goods}: of the goods you may give, these "
                "overpay least. Keep others instead if they win you a King or Queen bonus.",
                "Pay the {gold} gold still owed with {goods}: of the goods you may give, these "
                "overpay least. Keep others instead if they win you a King or Queen bonus.",
                due[0],
            ).format(gold=due[0], goods=_payment_text(best)),
        )
    if v.claim_due():
        goods = v.claimable()
        if goods:
            return _claim(v, goods)
        return Advice(A.SkipClaim(me), _("You have no three contraband of one kind to turn in."))
    nego = v.negotiation()
    if nego is not None:
        if nego.merchant == me:
            return merchant.advise_answer(v, nego.offer)
        return inspector.advise_reply(v, nego.merchant, nego.offer)
    m = v.current_bag()
    if m == -1:
        m = v.next_bag()
    if v.n == 6 and v.authority(m) is None:
        a = inspector.advise_bag(v, m)
        want = isinstance(a.move, (A.Inspect, A.Offer, A.Threaten))
        return Advice(A.Stance(me, m, want), a.sentence, a.numbers, a.options, a.model, a.lesson, a.detail)
    return inspector.advise_bag(v, m)


def warnings(v: SeatView, action, advice: Advice | None = None) -> tuple[Warning, ...]:
    """Warnings about ``action`` proposed by ``v.seat``: only a blunder or a move the coach rates clearly
    worse than its own suggestion (``advice``, asked for if not given; see ``sheriff.coach.judge``)."""
    return judge.warnings(v, action, advice if advice is not None else advise(v))


__all__ = [
    "advise",
    "warnings",
    "bag_odds",
    "declared_bag",
    "Advice",
    "Option",
    "Warning",
    "BagOdds",
    "LESSON_30",
    "LESSON_30_TITLE",
]
