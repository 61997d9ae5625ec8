"""Inspection: passing, opening honest and lying bags, negotiation, deals, debts."""

import pytest

from sheriff import actions as A
from sheriff import events as E
from sheriff.actions import Bribe
from sheriff.cards import APPLES, BREAD, CHEESE, CHICKENS, MEAD, N_GOODS, PEPPER, SILK
from sheriff.errors import IllegalAction
from sheriff.payments import least_overpay
from tests.rig import cards, game_at_inspection
from tests.test_setup_market import refused


def cards_counts(*goods):
    c = [0] * N_GOODS
    for x in goods:
        c[x] += 1
    return c


def seats(g):
    s = g.state
    return s, s.officials[0], s.order


def test_passed_bag_puts_legal_goods_face_up_and_contraband_face_down():
    """Maid Marion: two Cheese and one contraband get through unopened."""
    marion = 1
    g2 = game_at_inspection({marion: cards("cheese", 2, "silk")}, {marion: "cheese"}, players=4)
    s2, sheriff2, _ = seats(g2)
    g2.push(A.Pass(sheriff2, marion))
    assert s2.stands[marion][CHEESE] == 2 and s2.stands[marion][SILK] == 1
    other = g2.view(sheriff2)
    assert other.stand_legal(marion)[CHEESE] == 2
    assert other.stand_legal(marion)[SILK] == 0 and other.face_down(marion) == 1
    assert g2.view(marion).stand[SILK] == 1
    assert s2.gold[marion] == 50 and s2.gold[sheriff2] == 50


def test_honest_bag_opened_sheriff_pays_the_penalties():
    """Much the Miller's Son / Little John: four Chickens, honest: the Sheriff pays 8."""
    g = game_at_inspection({1: cards("chickens", 4)}, {1: "chickens"}, players=4)
    s, sheriff, _ = seats(g)
    g.push(A.Inspect(sheriff, 1))
    assert s.gold[1] == 58 and s.gold[sheriff] == 42
    assert s.stands[1][CHICKENS] == 4


def test_lying_bag_keeps_declared_goods_confiscates_the_rest_and_pays_fines():
    """Gilbert: declared 4 Apples, had Apple, Cheese, 2 Mead: keeps the Apple, pays 2 + 4 + 4."""
    g = game_at_inspection({1: cards("apples", "cheese", "mead", 2)}, {1: "apples"}, players=4)
    s, sheriff, _ = seats(g)
    pile_before = len(s.discards[0])
    g.push(A.Inspect(sheriff, 1))
    assert s.stands[1][APPLES] == 1 and sum(s.stands[1]) == 1
    assert s.gold[1] == 40 and s.gold[sheriff] == 60
    assert sorted(s.discards[0][pile_before:]) == sorted(cards("cheese", "mead", 2))


def test_legal_goods_of_another_type_are_confiscated_too():
    """Myth (secondary source 003): 'only legal goods means the Sheriff pays'.  Not so."""
    g = game_at_inspection({1: cards("apples", 2, "bread")}, {1: "apples"}, players=4)
    s, sheriff, _ = seats(g)
    g.push(A.Inspect(sheriff, 1))
    assert s.gold[1] == 48 and s.gold[sheriff] == 52
    assert s.stands[1][BREAD] == 0 and s.stands[1][APPLES] == 2


def test_1e_sheriff_chooses_the_discard_pile_for_confiscated_goods():
    g = game_at_inspection({1: cards("silk")}, {1: "apples"}, edition="1E", players=4)
    s, sheriff, _ = seats(g)
    refused(g, A.Inspect(sheriff, 1, pile=2), "inspect.confiscate_pile")
    g.push(A.Inspect(sheriff, 1, pile=1))
    assert s.discards[1][-1] == SILK


def test_choices_are_final():
    g = game_at_inspection({}, players=4)
    s, sheriff, (a, b, c) = seats(g)
    g.push(A.Pass(sheriff, a))
    refused(g, A.Inspect(sheriff, a), "inspect.final")
    refused(g, A.Threaten(sheriff, a), "inspect.final")


def test_only_the_sheriff_decides():
    g = game_at_inspection({}, players=4)
    s, sheriff, (a, b, c) = seats(g)
    refused(g, A.Inspect(b, a), "inspect.who")
    refused(g, A.Pass(a, a), "inspect.who")


def test_friar_tuck_bribe_counter_offer_and_deal():
    """Tuck offers 5 gold and 2 Apples; the Sheriff wants 8 gold and the Apples; deal."""
    g = game_at_inspection({1: cards("chickens", 3)}, {1: "chickens"}, players=4, stands={1: cards("apples", 3)})
    s, sheriff, _ = seats(g)
    g.push(A.Threaten(sheriff, 1))
    refused(g, A.Inspect(sheriff, 1), "negotiation.turn")  # Tuck's answer is due
    g.push(A.Offer(1, 1, Bribe(gold=5, stand=cards("apples", 2))))
    refused(g, A.Accept(1, 1), "negotiation.turn")
    g.push(A.Offer(sheriff, 1, Bribe(gold=8, stand=cards("apples", 2))))
    g.push(A.Accept(1, 1))
    assert s.gold[1] == 42 and s.gold[sheriff] == 58
    assert s.stands[1][APPLES] == 1 and s.stands[sheriff][APPLES] == 2
    assert s.stands[1][CHICKENS] == 3 and s.handled[1] == "passed"
    refused(g, A.Inspect(sheriff, 1), "inspect.final")


def test_a_merchant_may_offer_unasked_and_the_sheriff_answers():
    g = game_at_inspection(
        {1: cards("chickens", 2, "silk"), 2: cards("apples")}, {1: "chickens", 2: "apples"}, players=4
    )
    s, sheriff, _ = seats(g)
    g.push(A.Offer(1, 1, Bribe(gold=5)))  # before any threat
    assert s.current == 1 and g.to_act == sheriff
    refused(g, A.Offer(1, 1, Bribe(gold=6)), "negotiation.turn")  # the Sheriff's answer is due
    refused(g, A.Offer(2, 2, Bribe(gold=3)), "inspect.one_at_a_time")  # one bag on the table at a time
    refused(g, A.Threaten(sheriff, 2), "inspect.one_at_a_time")
    g.push(A.Accept(sheriff, 1))
    assert s.gold[1] == 45 and s.gold[sheriff] == 55 and s.handled[1] == "passed"
    g.push(A.Offer(2, 2, Bribe(gold=3)))  # the table is free again
    g.push(A.Inspect(sheriff, 2))  # refusing the bribe: open anyway
    assert s.gold[2] == 52 and s.handled[2] == "inspected"


def test_an_unasked_offer_waits_for_the_deputies_and_cannot_undo_a_deal():
    g = game_at_inspection({}, players=6)
    s = g.state
    d1, d2 = s.officials
    m = s.order[0]
    refused(g, A.Offer(m, m, Bribe(gold=2)), "negotiation.turn")  # Deputies have not spoken
    g.push(A.Stance(d1, m, True))
    g.push(A.Stance(d2, m, False))
    g.push(A.Offer(m, m, Bribe(gold=2)))
    assert g.to_act == d1
    g.push(A.Accept(d1, m))
    assert s.gold[d1] == 52
    h = game_at_inspection({}, players=4)
    _, sheriff, (a, b, _) = seats(h)
    h.push(A.Threaten(sheriff, a))
    h.push(A.Offer(a, a, Bribe(gold=4, inspect=(b,))))
    h.push(A.Accept(sheriff, a))
    refused(h, A.Offer(b, b, Bribe(gold=9)), "deal.binding")


def test_declining_hands_the_decision_back_to_the_sheriff():
    g = game_at_inspection({1: cards("chickens", 3)}, {1: "chickens"}, players=4)
    s, sheriff, _ = seats(g)
    g.push(A.Offer(sheriff, 1, Bribe(gold=10)))
    g.push(A.Decline(1, 1))
    refused(g, A.Accept(sheriff, 1), "deal.accept")
    assert g.to_act == sheriff
    g.push(A.Inspect(sheriff, 1))
    assert s.gold[1] == 56


def test_one_bag_at_a_time():
    g = game_at_inspection({}, players=4)
    s, sheriff, (a, b, c) = seats(g)
    g.push(A.Threaten(sheriff, a))
    g.push(A.Decline(a, a))
    refused(g, A.Inspect(sheriff, b), "inspect.one_at_a_time")
    refused(g, A.Threaten(sheriff, b), "inspect.one_at_a_time")


def test_a_bribe_cannot_promise_gold_one_does_not_have_nor_visible_goods_one_lacks():
    g = game_at_inspection({1: cards("silk")}, {1: "apples"}, players=4, gold={1: 7})
    s, sheriff, _ = seats(g)
    g.push(A.Threaten(sheriff, 1))
    refused(g, A.Offer(1, 1, Bribe(gold=8)), "bribe.gold")
    refused(g, A.Offer(1, 1, Bribe(stand=cards("cheese"))), "bribe.stand")
    refused(g, A.Offer(1, 1, Bribe()), "bribe.what")
    refused(g, A.Offer(sheriff, 1, Bribe(gold=20)), "negotiation.turn")
    g.push(A.Offer(1, 1, Bribe(gold=7)))
    refused(g, A.Offer(sheriff, 1, Bribe(gold=20)), "bribe.gold")  # the merchant holds only 7


def test_honor_among_thieves_promised_bag_goods_that_do_not_exist_are_void():
    g = game_at_inspection({1: cards("apples", 2, "mead")}, {1: "apples"}, players=4)
    s, sheriff, _ = seats(g)
    g.push(A.Threaten(sheriff, 1))
    g.push(A.Offer(1, 1, Bribe(gold=2, bag=cards("mead", "silk"), stand=cards("pepper"))))
    events = g.push(A.Accept(sheriff, 1))
    assert s.stands[sheriff][MEAD] == 1 and s.stands[sheriff][SILK] == 0 and s.stands[sheriff][PEPPER] == 0
    void = next(e for e in events if isinstance(e, E.Void))
    assert void.goods[SILK] == 1 and void.goods[PEPPER] == 1
    assert s.stands[1][APPLES] == 2 and s.stands[1][MEAD] == 0
    assert s.gold[1] == 48 and s.gold[sheriff] == 52


def test_a_deal_binds_the_sheriff_to_inspect_another_bag():
    """Richard at the Lee / Will Scarlet pays 20 to pass and to have Sir Guy / Gilbert inspected."""
    g = game_at_inspection({2: cards("pepper")}, {2: "cheese"}, players=4)
    s, sheriff, (richard, guy, third) = seats(g)
    g.push(A.Threaten(sheriff, richard))
    g.push(A.Offer(richard, richard, Bribe(gold=20, inspect=(guy,))))
    g.push(A.Accept(sheriff, richard))
    assert s.gold[richard] == 30 and s.gold[sheriff] == 70
    refused(g, A.Pass(sheriff, guy), "deal.binding")
    refused(g, A.Offer(sheriff, guy, Bribe(gold=5)), "deal.binding")
    g.push(A.Threaten(sheriff, guy))
    g.push(A.Offer(guy, guy, Bribe(gold=30)))
    refused(g, A.Accept(sheriff, guy), "deal.binding")
    g.push(A.Inspect(sheriff, guy))
    assert s.handled[guy] == "inspected"


def test_deal_terms_must_be_about_bags_still_to_be_handled_and_consistent():
    g = game_at_inspection({}, players=4)
    s, sheriff, (a, b, c) = seats(g)
    g.push(A.Pass(sheriff, c))
    g.push(A.Threaten(sheriff, a))
    refused(g, A.Offer(a, a, Bribe(gold=1, inspect=(c,))), "bribe.terms")
    refused(g, A.Offer(a, a, Bribe(gold=1, inspect=(a,))), "bribe.terms")
    refused(g, A.Offer(a, a, Bribe(gold=1, inspect=(b,), let_pass=(b,))), "bribe.terms")
    g.push(A.Offer(a, a, Bribe(gold=1, let_pass=(b,))))
    g.push(A.Accept(sheriff, a))
    refused(g, A.Inspect(sheriff, b), "deal.binding")


def test_promises_about_later_rounds_bind_nobody():
    """Sir Guy / Gilbert: 'I won't inspect you when I'm Sheriff' - recorded, never enforced."""
    g = game_at_inspection({}, players=4)
    s, sheriff, (a, b, c) = seats(g)
    g.push(A.Threaten(sheriff, a))
    g.push(A.Offer(a, a, Bribe(promise="I will not inspect your bag when I am Sheriff")))
    g.push(A.Accept(sheriff, a))
    assert s.handled[a] == "passed" and not s.must_inspect and not s.must_pass
    assert s.gold[a] == 50


# -- running out of gold ---------------------------------------------------------------
def test_debt_paid_with_gold_then_legal_goods_that_overpay_least():
    g = game_at_inspection(
        {1: cards("silk", 2)},
        {1: "apples"},
        players=4,
        gold={1: 3},
        stands={1: cards("apples", 1, "chickens", 2, "pepper")},
    )
    s, sheriff, _ = seats(g)
    events = g.push(A.Inspect(sheriff, 1))
    # fine 8: 3 gold, then 5 more owed: Apples (2) + Chickens (4) = 6 overpays least among legal goods
    assert E.DebtDue(1, sheriff, 5, tuple(cards_counts(APPLES, CHICKENS))) in events
    assert g.to_act == 1 and g.view(1).debt_options()[0] == cards_counts(APPLES, CHICKENS)
    g.push(A.PayDebt(1, (APPLES, CHICKENS)))
    assert s.gold[1] == 0 and s.gold[sheriff] == 53
    assert s.stands[sheriff][APPLES] == 1 and s.stands[sheriff][CHICKENS] == 1
    assert s.stands[1][CHICKENS] == 1 and s.stands[1][PEPPER] == 1


def test_debt_takes_contraband_when_legal_goods_run_out_and_the_rest_is_forgiven():
    g = game_at_inspection(
        {1: cards("silk", 5)}, {1: "apples"}, players=4, gold={1: 0}, stands={1: cards("apples", 1, "pepper")}
    )
    s, sheriff, _ = seats(g)
    events = g.push(A.Inspect(sheriff, 1))
    # fine 20: Apples (2) then Pepper (6); 12 forgiven
    assert sum(s.stands[1]) == 0
    assert s.stands[sheriff][APPLES] == 1 and s.stands[sheriff][PEPPER] == 1
    assert E.Forgiven(1, sheriff, 12) in events


def test_a_broke_sheriff_pays_an_honest_merchant_in_goods():
    g = game_at_inspection({1: cards("cheese", 5)}, {1: "cheese"}, players=4)
    s, sheriff, _ = seats(g)
    s.bank += s.gold[sheriff]
    s.gold[sheriff] = 0
    from tests.rig import rig_stand

    rig_stand(s, sheriff, cards("chickens", 3))
    g.push(A.Inspect(sheriff, 1))
    assert s.stands[1][CHICKENS] == 3 and s.stands[sheriff][CHICKENS] == 0  # 10 owed, 12 given, no change


@pytest.mark.parametrize(
    "stand,owed,expect",
    [
        ({APPLES: 3, CHICKENS: 1}, 5, {APPLES: 1, CHICKENS: 1}),  # 6 beats 2+2+2
        ({CHEESE: 2}, 3, {CHEESE: 1}),
        ({APPLES: 2, CHEESE: 1}, 4, {APPLES: 2}),  # exactly 4
        ({CHICKENS: 1}, 9, None),  # not enough
    ],
)
def test_least_overpay(stand, owed, expect):
    counts = [0] * N_GOODS
    for gd, k in stand.items():
        counts[gd] = k
    got = least_overpay(counts, (APPLES, CHEESE, BREAD, CHICKENS), owed)
    if expect is None:
        assert got is None
    else:
        assert {gd: k for gd, k in enumerate(got) if k} == expect


def test_refused_inspection_action_keeps_state_and_explains():
    g = game_at_inspection({}, players=4)
    s, sheriff, (a, b, c) = seats(g)
    with pytest.raises(IllegalAction) as e:
        g.push(A.Accept(sheriff, a))
    assert "offer" in e.value.reason.lower() or "negotiat" in e.value.reason.lower()


# -- handing a bag back while an offer stands (rule deal.hand_back) ------------------
def test_handing_the_bag_back_pays_the_standing_offer():
    """2E, Phase 4 Inspection: a bag given back costs its owner the last bribe he promised.
    1E, Inspection: letting the merchant pass takes whatever bribe was on offer."""
    for edition in ("2E", "1E"):
        g = game_at_inspection({1: cards("chickens", 2, "silk")}, {1: "chickens"}, edition=edition, players=4)
        s, sheriff, _ = seats(g)
        g.push(A.Threaten(sheriff, 1))
        g.push(A.Offer(1, 1, Bribe(gold=6)))
        g.push(A.Pass(sheriff, 1))
        assert s.gold[1] == 44 and s.gold[sheriff] == 56 and s.handled[1] == "passed"
        assert E.Deal(sheriff, 1, Bribe(gold=6)) in s.events


def test_the_bag_passes_free_only_when_no_offer_of_the_merchant_stands():
    """Interpretation: 'let you pass without a bribe' means no offer stands when the bag
    goes back: none was made, or the merchant refused the Sheriff's last demand."""
    g = game_at_inspection({1: cards("chickens", 3), 2: cards("apples", 2)}, {1: "chickens", 2: "apples"}, players=4)
    s, sheriff, _ = seats(g)
    g.push(A.Threaten(sheriff, 1))
    g.push(A.Offer(1, 1, Bribe(gold=5)))
    g.push(A.Offer(sheriff, 1, Bribe(gold=9)))  # a counter-demand replaces the offer
    g.push(A.Decline(1, 1))  # refused: nothing of his stands now
    g.push(A.Pass(sheriff, 1))
    assert s.gold[1] == 50 and s.gold[sheriff] == 50
    g.push(A.Pass(sheriff, 2))  # no talk at all: free as ever
    assert s.gold[2] == 50 and s.handled[2] == "passed"
    from sheriff.rulebook import RULES

    assert RULES["deal.hand_back"].interpretation


def test_handing_back_a_bag_bound_to_be_opened_is_still_refused():
    g = game_at_inspection({}, players=4)
    _, sheriff, (a, b, _) = seats(g)
    g.push(A.Threaten(sheriff, a))
    g.push(A.Offer(a, a, Bribe(gold=4, inspect=(b,))))
    g.push(A.Pass(sheriff, a))  # handing back takes the deal: b must be opened
    refused(g, A.Pass(sheriff, b), "deal.binding")


# -- issue 13: choices the rulebooks leave to the players -------------------------------
def test_the_debtor_chooses_which_stand_goods_pay_the_debt():
    """1E/2E Running out of Gold: you give legal goods from your stand worth at least what you owe
    (no change); only if legal goods fall short does contraband follow.  The debtor picks them."""
    g = game_at_inspection(
        {1: cards("silk", 2)},
        {1: "apples"},
        players=4,
        gold={1: 3},
        stands={1: cards("apples", 1, "cheese", 2, "chickens", 2, "pepper")},
    )
    s, sheriff, _ = seats(g)
    g.push(A.Inspect(sheriff, 1))  # fine 8: 3 gold paid, 5 more owed
    assert s.debts and g.to_act == 1
    refused(g, A.Pass(sheriff, 2), "debt.goods")  # nothing else until the debtor has chosen
    refused(g, A.PayDebt(sheriff, (CHICKENS,)), "debt.goods")  # not the debtor
    refused(g, A.PayDebt(1, (CHICKENS,)), "debt.goods")  # 4 < 5: not enough
    refused(g, A.PayDebt(1, (BREAD, CHICKENS)), "debt.goods")  # not on the stand
    refused(g, A.PayDebt(1, (PEPPER,)), "debt.goods")  # contraband while legal goods suffice
    e = refused(g, A.PayDebt(1, (APPLES, CHEESE, CHICKENS)), "debt.goods")  # Apples could be kept
    assert "more goods than the debt needs" in e.reason
    # Keeping the Chickens (a King majority, say): two Cheese (6) pay the 5 owed.
    g.push(A.PayDebt(1, (CHEESE, CHEESE)))
    assert s.stands[sheriff][CHEESE] == 2 and s.stands[1][CHICKENS] == 2 and s.stands[1][APPLES] == 1
    assert not s.debts


def test_a_debt_with_only_one_way_to_pay_needs_no_choice():
    """One kind of good can pay: the goods go at once, no PayDebt step."""
    g = game_at_inspection(
        {1: cards("silk", 2)}, {1: "apples"}, players=4, gold={1: 3}, stands={1: cards("chickens", 2, "pepper")}
    )
    s, sheriff, _ = seats(g)
    g.push(A.Inspect(sheriff, 1))
    assert not s.debts and s.stands[sheriff][CHICKENS] == 2


def test_1e_the_sheriff_orders_the_confiscated_goods_on_the_pile():
    """1E If the Sheriff inspects your bag: he places confiscated goods on one discard pile,
    in any order he chooses (1E merchants draw from the tops of the discard piles)."""
    bag = cards("silk", "mead", "pepper", "apples")
    g = game_at_inspection({1: bag}, {1: "apples"}, edition="1E", players=4)
    s, sheriff, _ = seats(g)
    h = g.copy()
    h.push(A.Inspect(sheriff, 1, 1))  # no order: catalog order, as before
    default = h.state.discards[1][-3:]
    g.push(A.Inspect(sheriff, 1, 1, (MEAD, SILK, SILK, CHEESE)))  # plan: Mead, then Silk on top
    top = s.discards[1][-3:]
    assert top[-1] == SILK and top[-2] == MEAD and sorted(top) == sorted(default)
    assert len(s.discards[1]) == len(h.state.discards[1])


def test_an_order_longer_than_the_bag_or_not_of_goods_is_refused():
    g = game_at_inspection({1: cards("silk")}, {1: "apples"}, edition="1E", players=4)
    _, sheriff, _ = seats(g)
    refused(g, A.Inspect(sheriff, 1, 0, (SILK, SILK)), "inspect.confiscate_order")
    refused(g, A.Inspect(sheriff, 1, 0, (99,)), "inspect.confiscate_order")


@pytest.mark.slow
def test_every_listed_way_to_pay_is_lawful_and_the_suggestion_comes_first():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from sheriff.payments import default_goods, goods_fault, has_choice, lawful_payments

    @settings(deadline=None)
    @given(st.lists(st.integers(0, 4), min_size=N_GOODS, max_size=N_GOODS), st.integers(1, 30))
    def run(stand, owed):
        ways = lawful_payments(stand, owed)
        assert ways[0] == default_goods(stand, owed)
        for w in ways:
            assert goods_fault(stand, owed, w) == "", (stand, owed, w)
        assert has_choice(stand, owed) == (len(ways) > 1)

    run()
