"""The coach's sentences state true facts (issue 32): each test names the rulebook section the fact
comes from and asserts the sentence the coach says, against what the engine does."""

from __future__ import annotations

from sheriff import actions as A
from sheriff import i18n
from sheriff.cards import good_id
from sheriff.coach import advise, warnings
from sheriff.coach.inspector import worth_text
from sheriff.engine import Game
from sheriff.rules import BlackMarketPile, Rules
from tests.rig import cards, game_at_inspection, game_at_load, rig_hand

PEPPER = good_id("pepper")


def _deputies_at_honest_bag():
    """Six players (seed 1): Deputies 2 and 3; Friar Tuck (seat 4) brings 3 Apples, declared as such."""
    g = game_at_inspection({4: cards("apples", 3)}, players=6, seed=1)
    return g, g.state.officials


def test_two_deputies_opening_an_honest_bag_pay_half_each_2E_6th_player_rule_inspection():
    """2E, 6th Player Rule: Inspection: both Deputies inspect an honest bag, each pays half the penalty."""
    g, (a, b) = _deputies_at_honest_bag()
    g.push(A.Stance(a, 4, True))
    g.push(A.Stance(b, 4, True))
    advice = advise(g.view(a))
    opened = next(o.sentence for o in advice.options if isinstance(o.move, A.Inspect))
    assert "if it is honest, you pay 3 gold)" in opened and "6 gold" not in opened
    assert "(a fine of about 4 gold if it hides something" in opened  # every figure with its unit
    assert advice.numbers["honest_penalty"] == 3
    before = g.state.gold[:]
    g.push(A.Inspect(a, 4))
    paid = [before[p] - g.state.gold[p] for p in (a, b)]
    assert paid == [3, 3]  # the engine's own payments: what the coach said


def test_a_deputy_before_the_other_speaks_hears_both_amounts_2E_6th_player_rule_inspection():
    """2E, 6th Player Rule: Inspection: alone a Deputy pays the whole penalty; joined, half."""
    g, (a, _b) = _deputies_at_honest_bag()
    opened = next(o.sentence for o in advise(g.view(a)).options if isinstance(o.move, A.Inspect))
    assert "if it is honest, you pay 6 gold, or 3 gold if the other Deputy also asks to inspect)" in opened


def test_black_market_claim_compares_the_values_in_play_2E_black_market():
    """2E, Black Market: a claim trades three contraband for a card; with edited values (a 10-point
    Pepper card, three Pepper score 18) the coach keeps the Pepper and says why."""
    piles = (
        BlackMarketPile(good="pepper", values=(10, 9)),
        BlackMarketPile(good="mead", values=(27, 24)),
        BlackMarketPile(good="silk", values=(30, 27)),
    )
    g = game_at_inspection(
        {1: cards("apples", 2, "pepper")},
        {1: "apples"},
        players=4,
        black_market=True,
        black_market_piles=piles,
        stands={1: cards("pepper", 2)},
    )
    g.push(A.Pass(g.state.officials[0], 1))
    a = advise(g.view(1))
    assert a.move == A.SkipClaim(1)
    assert a.sentence == (
        "Keep your three Pepper: the Black Market card for them is worth 10 points, no more than the three "
        "cards themselves (18 points)."
    )


def test_black_market_claim_that_pays_names_both_values_2E_black_market():
    """2E, Black Market: with the shipped values (24 for the top Pepper card) a claim pays."""
    g = game_at_inspection(
        {1: cards("apples", 2, "pepper")}, {1: "apples"}, players=4, black_market=True, stands={1: cards("pepper", 2)}
    )
    g.push(A.Pass(g.state.officials[0], 1))
    a = advise(g.view(1))
    assert a.move == A.ClaimBlackMarket(1, PEPPER)
    assert a.sentence.endswith("worth 24 points: it is worth more than the three cards alone (18 points).")


def test_on_your_left_only_for_the_seat_on_the_left_2E_phase_1_market():
    """2E, Phase 1 Market (and 6th Player Rule): the Sheriff picks who starts; with six players the
    other Deputy may sit on the first Deputy's left, and the first merchant is further on."""
    g = Game(Rules(players=6), seed=1)
    me = g.to_act
    assert g.state.officials == (2, 3) and me == 2  # the other Deputy sits on the left
    assert advise(g.view(me)).sentence == (
        "Let Friar Tuck, the first merchant to your left, start the Market: the order hardly matters to you."
    )
    g4 = Game(seed=3)
    assert advise(g4.view(g4.to_act)).sentence.startswith("Let Maid Marion, on your left, start")
    for seed in range(12):  # the twelve seeds: "on your left" only for the seat on the left
        g = Game(Rules(players=6), seed=seed)
        me, first = g.to_act, g.state.order[0]
        says_left = "on your left" in advise(g.view(me)).sentence
        assert says_left == (first == (me + 1) % 6), seed


def test_a_declaration_of_a_good_the_bag_lacks_is_untrue_2E_phase_3_declaration():
    """2E, Phase 3 Declaration: the declared good must be in the bag to be even partly true."""
    g = game_at_load(players=4)
    s = g.state
    m = s.order[0]
    rig_hand(s, m, cards("cheese", 2, "pepper", "apples", 2))
    for p in s.order:
        g.push(A.LoadBag(p, cards("cheese", 2, "pepper") if p == m else (next(x for x in range(15) if s.hands[p][x]),)))
    assert g.to_act == m and s.phase == "declare"
    opts = {o.move.good: o.sentence for o in advise(g.view(m)).options}
    chicken, cheese = good_id("chickens"), good_id("cheese")
    assert opts[chicken].startswith("Declaring 3 Chickens is untrue: your bag holds no Chickens.")
    assert "truth only in part" not in opts[chicken]
    assert opts[cheese].startswith("Declaring 3 Cheese is the truth only in part")


def test_an_honest_bag_warning_says_why_the_suggestion_is_better_2E_phase_4_inspection():
    """2E, Phase 4 Inspection (If the Sheriff inspects your bag): an honest bag costs nothing when
    opened; the coach's warning against it must say what the suggestion gains instead."""
    g = Game(Rules(players=4), seed=0)
    s = g.state
    if s.phase == "market_start":
        g.push(A.ChooseStart(s.officials[0], s.order[0]))
    while s.phase == "market":
        g.push(A.Market(g.to_act))
    p = g.to_act
    rig_hand(s, p, cards("chickens", 4, "apples", 2))
    v = g.view(p)
    (w,) = warnings(v, A.LoadBag(p, cards("apples")))
    assert "This bag is honest, and so is the coach's suggestion, which brings more: if it passes, 16 points" in (
        w.sentence
    )
    assert "against 2 points for this one" in w.sentence


def test_refusing_names_the_sheriffs_demand_2E_phase_4_inspection():
    """2E, Phase 4 Inspection (bribes): the figure the merchant refuses is the Sheriff's demand."""
    g = game_at_inspection({1: cards("apples", 1, "pepper")}, {1: "apples"}, players=4)
    sheriff = g.state.officials[0]
    g.push(A.Offer(sheriff, 1, A.Bribe(gold=12)))
    a = advise(g.view(1))
    assert a.move == A.Decline(1, 1)
    assert a.sentence.startswith("Refuse: the Sheriff asks for 12 gold, more than you expect to lose by refusing")
    assert " points, since this Sheriff opens" in a.sentence


def test_a_gain_has_its_unit():
    """The coach's gains are gold and points counted alike (gold scores 1 point each: 2E, Winning)."""
    assert worth_text(12.14) == "a gain of about 12.1 points"
    assert worth_text(-2.0) == "a loss of about 2.0 points"
    with i18n.language("uk"):
        assert worth_text(12.14) == "виграш близько 12,1 очка"


def test_the_declaration_list_starts_at_the_good_the_bag_holds_most_of_2E_phase_3_declaration():
    """2E, Phase 3 Declaration: one legal good, the true number of cards.  The play page's list starts
    at the legal good the bag holds most of (the true declaration for an honest bag; Apples for a bag
    of no legal good), not at Apples whatever the bag holds."""
    import random

    from sheriff.cards import LEGAL_GOODS
    from tests.test_play_widgets import PlayApp, config, human_move

    app = PlayApp(bot_delay=0)
    assert app.start(config(4, humans=(1,), seed=9))
    rng = random.Random(5)
    starts = []
    while app.game.to_act is not None and len(starts) < 3:
        if app.decision == "declare":
            bag = app.game.state.bags[1]
            starts.append(app.controls["declare.good"].value)
            assert starts[-1] == max(LEGAL_GOODS, key=lambda g: (bag[g], -g)), bag
        human_move(app, rng)
    assert set(starts) - {LEGAL_GOODS[0]}  # a bag of Cheese and Chickens started at Cheese
