"""Deputies, Black Market, time limit, end of round and game, replay, undo and seat views."""

import pytest

from sheriff import actions as A
from sheriff import events as E
from sheriff.actions import Bribe
from sheriff.bots import make_bots, play_game
from sheriff.cards import APPLES, CHEESE, N_GOODS, PEPPER, SILK
from sheriff.engine import Game, apply
from sheriff.errors import IllegalAction
from sheriff.rules import Rules
from sheriff.views import SeatView
from tests.rig import cards, game_at_inspection, rig_stand
from tests.test_setup_market import refused


# -- six players: Deputies -----------------------------------------------------------
def six(bags, declared=None, **kw):
    g = game_at_inspection(bags, declared, players=6, **kw)
    s = g.state
    return g, s, s.officials, s.order


def test_two_deputies_and_four_merchants():
    g, s, (lj, mm), merchants = six({})
    assert len(merchants) == 4 and lj not in merchants and mm not in merchants
    assert g.to_act == lj


def test_both_deputies_let_pass_means_a_free_pass():
    g, s, (lj, mm), (gilbert, *_) = six({})
    g.push(A.Stance(lj, gilbert, False))
    refused(g, A.Inspect(lj, gilbert), "deputies.stance")
    g.push(A.Stance(mm, gilbert, False))
    assert s.handled[gilbert] == "passed"


def test_both_suspicious_bribe_goes_to_the_booty_and_is_split():
    """Alan-a-Dale pays 12 to both Deputies: it lands on the Booty, 6 each at the end."""
    g, s, (lj, mm), (alan, b, c, d) = six({})
    g.push(A.Stance(lj, alan, True))
    g.push(A.Stance(mm, alan, True))
    refused(g, A.Threaten(mm, alan), "inspect.who")  # the first Deputy speaks for both
    g.push(A.Threaten(lj, alan))
    g.push(A.Offer(alan, alan, Bribe(gold=12)))
    g.push(A.Accept(lj, alan))
    assert s.booty_gold == 12 and s.gold[lj] == 50 and s.gold[mm] == 50
    for m in (b, c, d):
        g.push(A.Stance(lj, m, False))
        g.push(A.Stance(mm, m, False))
    assert s.gold[lj] == 56 and s.gold[mm] == 56 and s.booty_gold == 0


def test_disagreeing_deputies_the_suspicious_one_acts_alone():
    """Will Scarlet: Little John would pass him, Maid Marion deals alone and keeps the 8."""
    g, s, (lj, mm), (will, *_) = six({})
    g.push(A.Stance(lj, will, False))
    g.push(A.Stance(mm, will, True))
    refused(g, A.Threaten(lj, will), "inspect.who")
    g.push(A.Offer(mm, will, Bribe(gold=8)))
    g.push(A.Accept(will, will))
    assert s.gold[mm] == 58 and s.gold[lj] == 50 and s.booty_gold == 0


def test_both_deputies_open_an_honest_bag_each_pays_half():
    """David: all legal, as declared: each Deputy pays half the penalty from their own gold."""
    david = six({})[3][0]  # same seed, same Deputies: find a merchant's seat
    g, s, (lj, mm), merchants = six({david: cards("chickens", 3)}, {david: "chickens"})
    g.push(A.Stance(lj, david, True))
    g.push(A.Stance(mm, david, True))
    g.push(A.Inspect(lj, david))
    assert s.gold[david] == 56 and s.gold[lj] == 47 and s.gold[mm] == 47


def test_deputies_liar_fine_goes_to_the_booty_and_odd_leftovers_are_discarded():
    g, s, (lj, mm), merchants = six({})
    m = merchants[0]
    s.bags[m] = [0] * N_GOODS
    s.bags[m][SILK] = 1  # rig: one Silk declared as whatever was declared
    s.declared[m] = (APPLES, 1)
    s.booty_gold = 1  # an odd coin already on the tile
    s.bank -= 1
    g.push(A.Stance(lj, m, True))
    g.push(A.Stance(mm, m, True))
    g.push(A.Inspect(lj, m))
    assert s.booty_gold == 5
    bank = s.bank
    for x in merchants[1:]:
        g.push(A.Stance(lj, x, False))
        g.push(A.Stance(mm, x, False))
    assert s.bank == bank + 1 and s.booty_gold == 0


def test_booty_cards_are_shared_evenly_and_an_odd_card_discarded():
    g, s, (lj, mm), merchants = six({})
    s.booty[SILK] = 2
    s.booty[APPLES] = 1
    s.deck.remove(SILK)
    s.deck.remove(SILK)
    s.deck.remove(APPLES)
    for x in merchants:
        g.push(A.Stance(lj, x, False))
        g.push(A.Stance(mm, x, False))
    assert s.stands[lj][SILK] == 1 and s.stands[mm][SILK] == 1
    assert s.discards[0][-1] == APPLES


def test_six_player_game_lasts_nine_rounds_and_everyone_is_deputy_three_times():
    g = Game(Rules(edition="2E", players=6), seed=3)
    deputies = []
    bots = make_bots(6, seed=3)
    rounds_seen = set()
    while not g.is_over():
        if g.state.round not in rounds_seen:
            rounds_seen.add(g.state.round)
            deputies.extend(g.state.officials)
        p = g.to_act
        g.push(bots[p].act(g.view(p)))
    assert g.state.round == 9 and g.state.deputy_runs == 3
    assert sorted(deputies) == sorted(list(range(6)) * 3)


# -- Black Market --------------------------------------------------------------------------
def bm_game(bag, stand):
    g = game_at_inspection({1: bag}, {1: "apples"}, players=4, black_market=True, stands={1: stand})
    return g, g.state, g.state.officials[0]


def test_black_market_claim_after_a_passed_bag():
    """David turns in three Pepper for the top Pepper card."""
    g, s, sheriff = bm_game(cards("apples", 2, "pepper"), cards("pepper", 2))
    g.push(A.Pass(sheriff, 1))
    assert g.to_act == 1 and g.view(1).claim_due()
    refused(g, A.ClaimBlackMarket(1, SILK), "black_market.claim")
    refused(g, A.Pass(sheriff, 2), "black_market.claim")
    top = s.bm_piles[PEPPER][-1]
    g.push(A.ClaimBlackMarket(1, PEPPER))
    assert s.stands[1][PEPPER] == 0 and s.box[PEPPER] == 3
    assert s.bm_cards[1] == [(PEPPER, top)] and top == max(s.rules.black_market_piles[0].values)
    assert s.stand_value(1) == 2 * 2 + top


def test_no_claim_after_an_inspected_bag_and_only_one_claim_a_round():
    g, s, sheriff = bm_game(cards("pepper", 3), cards("pepper", 3))
    g.push(A.Inspect(sheriff, 1))
    assert not s.claim_queue
    refused(g, A.ClaimBlackMarket(1, PEPPER), "black_market.claim")
    s.bm_claimed.add(2)
    from sheriff.phases.bag_outcomes import claimable

    rig_stand(s, 2, cards("mead", 3))
    assert claimable(s, 2) == []


def test_black_market_is_refused_in_the_first_edition():
    with pytest.raises(ValueError, match="variant.edition"):
        Rules(edition="1E", black_market=True)


# -- inspection time limit -------------------------------------------------------------------
def test_time_up_lets_every_remaining_bag_pass_without_a_bribe():
    g = game_at_inspection({1: cards("silk", 2)}, {1: "apples"}, players=4, time_limit=True)
    s = g.state
    sheriff, (a, _, c) = s.officials[0], s.order
    g.push(A.Inspect(sheriff, c))
    g.push(A.Threaten(sheriff, a))
    g.push(A.TimeUp(sheriff))
    assert s.stands[1][SILK] == 2
    assert s.round == 1 and s.phase == "market_start"  # the round ended
    assert s.rules.inspection_seconds == 180


def test_time_up_without_the_variant_is_refused():
    g = game_at_inspection({}, players=4)
    refused(g, A.TimeUp(g.state.officials[0]), "variant.time_limit")


# -- end of round and game ----------------------------------------------------------------------
def test_end_of_round_rotates_the_sheriff_left_and_refills_hands():
    g = game_at_inspection({}, players=4)
    s = g.state
    sheriff = s.officials[0]
    for m in s.order:
        g.push(A.Pass(sheriff, m))
    assert s.officials == ((sheriff + 1) % 4,)
    assert all(sum(h) == 6 for h in s.hands)


@pytest.mark.parametrize("edition,players,rounds", [("1E", 3, 9), ("1E", 4, 8), ("2E", 5, 10)])
def test_game_ends_when_everyone_was_sheriff_twice_or_three_times(edition, players, rounds):
    g = Game(Rules(edition=edition, players=players), seed=2)
    play_game(g, make_bots(players, seed=2))
    s = g.state
    assert s.round == rounds and s.phase == "over"
    assert s.sheriff_turns == [rounds // players] * players
    assert all(sum(h) == 0 for h in s.hands)  # hands discarded, unscored
    assert s.scores is not None and s.winners
    refused(g, A.Pass(0, 1), "game.over")


# -- replay, undo, pure apply ------------------------------------------------------------------------
def test_seed_and_log_replay_the_same_game_and_pop_undoes():
    g = Game(Rules(edition="1E", players=5, royal_goods=True), seed=9)
    play_game(g, make_bots(5, seed=9))
    h = Game(Rules(edition="1E", players=5, royal_goods=True), seed=9)
    for a in g.history:
        h.push(a)
    assert h.state.fingerprint() == g.state.fingerprint()
    mid = Game(Rules(edition="1E", players=5, royal_goods=True), seed=9)
    for a in g.history[:37]:
        mid.push(a)
    while len(h.history) > 37:
        h.pop()
    assert h.state.fingerprint() == mid.state.fingerprint()


def test_apply_is_pure():
    g = Game(Rules(), seed=1)
    before = g.state.fingerprint()
    s2 = apply(g.state, A.ChooseStart(g.state.officials[0], g.state.order[1]))
    assert g.state.fingerprint() == before
    assert s2.phase == "market" and s2.market_order[0] == g.state.order[1]
    with pytest.raises(IllegalAction):
        apply(g.state, A.Market(0))


# -- views -----------------------------------------------------------------------------------------
def test_a_seat_view_hides_other_hands_bags_and_face_down_kinds():
    g = game_at_inspection({1: cards("apples", 2, "silk")}, {1: "apples"}, players=4)
    s = g.state
    sheriff = s.officials[0]
    v = SeatView(s, 2)
    d = v.to_dict()
    assert d["hand"] == s.hands[2] and d["bag"] == s.bags[2]
    assert "hands" not in d and d["players"][1]["bag_size"] == 3
    g.push(A.Pass(sheriff, 1))
    d2 = SeatView(s, 2).to_dict()
    assert d2["players"][1]["face_down"] == 1 and d2["players"][1]["stand_legal"][SILK] == 0
    # changing only hidden information of others leaves seat 2's view identical
    t = s.copy()
    t.hands[3] = t.hands[3][::-1]
    t.stands[1][SILK] -= 1
    t.stands[1][PEPPER] += 1
    assert SeatView(t, 2).to_dict() == d2
    assert SeatView(t, 1).to_dict() != SeatView(s, 1).to_dict()
    passed = [e for e in SeatView(s, 2).log() if isinstance(e, E.Passed)]
    assert passed[-1].bag is None and passed[-1].face_down == 1
    assert [e for e in SeatView(s, 1).log() if isinstance(e, E.Passed)][-1].bag[SILK] == 1
    assert s.stands[1][CHEESE] == 0


# -- API details the play page relies on -------------------------------------------------------
def test_a_fresh_bot_declares_what_the_bag_was_packed_for():
    from sheriff.bots import Bot

    g = Game(Rules(players=4), seed=1)
    bots = make_bots(4, seed=1)
    while g.phase != "declare":
        p = g.to_act
        g.push(bots[p].act(g.view(p)))
    for _ in range(3):
        p = g.to_act
        fresh = Bot("honest", "trusting").act(g.view(p))
        assert fresh == bots[p].act(g.view(p))
        bag = g.state.bags[p]
        assert bag[fresh.good] == max(bag[x] for x in range(4)) and fresh.good < 4
        g.push(fresh)


def test_anyone_may_call_time_and_legal_actions_say_so():
    g = game_at_inspection({}, players=4, time_limit=True)
    assert {a.player for a in g.legal_actions() if isinstance(a, A.TimeUp)} == {0, 1, 2, 3}
    g.push(A.TimeUp(2))
    assert g.state.round == 1


def test_branch_starts_a_new_game_at_an_earlier_step():
    g = Game(Rules(players=3), seed=4)
    play_game(g, make_bots(3, seed=4))
    b = g.branch(20)
    assert len(b.history) == 20 and b.state.fingerprint() == g.replay_to(20).fingerprint()
    assert g.is_over() and not b.is_over()
    b.push(b.legal_actions()[0])
    assert len(g.history) > 21
    with pytest.raises(IndexError):
        g.branch(len(g.history) + 1)


def test_view_counts_sheriff_turns():
    g = Game(Rules(players=4), seed=2)
    play_game(g, make_bots(4, seed=2))
    assert [g.view(0).sheriff_turns(p) for p in range(4)] == [2, 2, 2, 2]


# -- a deal binds the Deputy who made it (rule deal.binding) -------------------------
def _deal_alone(g, s, deputy, other, briber, **terms):
    """``deputy`` alone takes 3 gold from ``briber`` on the given terms."""
    g.push(A.Stance(other, briber, False))
    g.push(A.Stance(deputy, briber, True))
    g.push(A.Offer(briber, briber, Bribe(gold=3, **terms)))
    g.push(A.Accept(deputy, briber))


def test_a_deputy_cannot_break_his_own_deal_with_a_stance():
    """2E, Honor Among Thieves: deals struck this round must be honoured; 2E, 6th Player Rule:
    a Deputy who acts alone settles a bribe alone.  So the deal binds him, and only him."""
    g, s, (lj, mm), (a, b, c, d) = six({})
    _deal_alone(g, s, mm, lj, a, inspect=(b,))
    refused(g, A.Stance(mm, b, False), "deal.binding")  # he took gold to open b's bag
    g.push(A.Stance(lj, b, False))  # the other Deputy is free to pass it
    g.push(A.Stance(mm, b, True))
    assert s.authority[b] == (mm,)
    refused(g, A.Pass(mm, b), "deal.binding")
    g.push(A.Inspect(mm, b))
    assert s.handled[b] == "inspected"


def test_a_deal_made_by_one_deputy_does_not_bind_the_other():
    g, s, (lj, mm), (a, b, c, d) = six({1: cards("chickens", 3)})
    _deal_alone(g, s, mm, lj, a, let_pass=(b,))
    refused(g, A.Stance(mm, b, True), "deal.binding")  # he promised to let b through
    g.push(A.Stance(mm, b, False))
    g.push(A.Stance(lj, b, True))  # Little John made no such deal
    assert s.authority[b] == (lj,) and g.view(lj).bound(b) is None
    g.push(A.Inspect(lj, b))
    assert s.handled[b] == "inspected"


def test_a_deal_both_deputies_made_binds_both():
    g, s, (lj, mm), (a, b, c, d) = six({})
    g.push(A.Stance(lj, a, True))
    g.push(A.Stance(mm, a, True))
    g.push(A.Offer(a, a, Bribe(gold=3, inspect=(b,))))
    g.push(A.Accept(lj, a))
    refused(g, A.Stance(lj, b, False), "deal.binding")
    refused(g, A.Stance(mm, b, False), "deal.binding")


def test_the_deputies_may_agree_how_to_share_the_booty_leftovers():
    """2E 6th Player Rule: leftover gold or cards of the Booty are discarded unless the
    2 Deputies agree on how to distribute them.  Both must state the same terms."""
    g, s, (lj, mm), merchants = six({})
    s.booty_gold = 3
    s.bank -= 3
    s.booty[SILK] = 1
    s.deck.remove(SILK)
    other = merchants[0]
    refused(g, A.AgreeBooty(other, lj, lj), "deputies.booty")  # not a Deputy
    refused(g, A.AgreeBooty(lj, other, lj), "deputies.booty")  # leftovers go to a Deputy
    g.push(A.AgreeBooty(lj, mm, lj))
    h = g.copy()  # only one Deputy agreed: discarded as before
    bank = s.bank
    for x in merchants:
        h.push(A.Stance(lj, x, False))
        h.push(A.Stance(mm, x, False))
    assert h.state.bank == bank + 1 and h.state.discards[0][-1] == SILK
    g.push(A.AgreeBooty(mm, mm, lj))  # the same terms: agreed
    for x in merchants:
        g.push(A.Stance(lj, x, False))
        g.push(A.Stance(mm, x, False))
    assert s.gold[mm] == 50 + 1 + 1 and s.gold[lj] == 51 and s.bank == bank
    assert s.stands[lj][SILK] == 1


def test_booty_terms_are_only_for_six_players():
    g = game_at_inspection({1: cards("apples")}, players=4)
    refused(g, A.AgreeBooty(0, 0, 0), "deputies.booty")
