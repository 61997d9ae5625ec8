"""Setup, Market, loading and declaring: each rule, and each refusal with its rule id."""

import pytest
from pydantic import ValidationError

from sheriff import actions as A
from sheriff import events as E
from sheriff.cards import APPLES, BREAD, CHEESE, CHICKENS, CROSSBOWS, GOODS, N_GOODS, PEPPER, SILK, good_id
from sheriff.engine import Game
from sheriff.errors import IllegalAction
from sheriff.rules import Rules
from tests.rig import cards, game_at_load, rig_hand


def refused(game, action, rule_id):
    before = game.state.fingerprint()
    with pytest.raises(IllegalAction) as e:
        game.push(action)
    assert e.value.rule_id == rule_id, e.value
    assert game.state.fingerprint() == before
    assert e.value.cite and e.value.reason
    return e.value


# -- setup ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "players,royal,total",
    [(3, False, 156), (4, False, 204), (5, False, 204), (6, False, 204), (3, True, 162), (5, True, 216)],
)
def test_deck_size_by_player_count(players, royal, total):
    g = Game(Rules(edition="2E", players=players, royal_goods=royal), seed=3)
    assert sum(g.state.card_totals()) == total
    assert sum(g.state.composition) == total


def test_three_players_have_no_bread():
    g = Game(Rules(edition="1E", players=3, royal_goods=True), seed=3)
    assert g.state.composition[BREAD] == 0
    assert g.state.composition[good_id("blue_cheese")] == 0
    assert g.state.composition[PEPPER] == 18


def test_first_edition_setup_has_two_discard_piles_of_five():
    g = Game(Rules(edition="1E", players=4), seed=5)
    assert [len(p) for p in g.state.discards] == [5, 5]
    assert all(sum(h) == 6 for h in g.state.hands)
    assert g.state.gold == [50] * 4


def test_second_edition_setup_has_no_discard_pile_yet():
    g = Game(Rules(edition="2E", players=4), seed=5)
    assert [len(p) for p in g.state.discards] == [0]


def test_seven_card_hand_and_remove_ten():
    g = Game(Rules(edition="2E", players=4, seven_card_hand=True, remove_ten=True), seed=5)
    assert all(sum(h) == 7 for h in g.state.hands)
    assert sum(g.state.box) == 10
    assert len(g.state.deck) == 204 - 10 - 28


@pytest.mark.parametrize(
    "kwargs,words",
    [
        ({"edition": "1E", "players": 6}, "variant.edition"),
        ({"edition": "1E", "black_market": True}, "variant.edition"),
        ({"players": 7}, "less than or equal to 6"),
        ({"players": 2}, "greater than or equal to 3"),
    ],
)
def test_impossible_rule_combinations_are_refused(kwargs, words):
    with pytest.raises(ValidationError) as e:
        Rules(**kwargs)
    assert words in str(e.value)


def test_same_seed_same_game():
    a, b = Game(Rules(), seed=11), Game(Rules(), seed=11)
    assert a.state.fingerprint() == b.state.fingerprint()
    assert Game(Rules(), seed=12).state.deck != a.state.deck


# -- market -----------------------------------------------------------------------
def test_2e_sheriff_chooses_who_starts_the_market():
    g = Game(Rules(edition="2E", players=4), seed=1)
    s = g.state
    sheriff, merchants = s.officials[0], s.order
    refused(g, A.ChooseStart(merchants[0], merchants[1]), "market.start")
    refused(g, A.ChooseStart(sheriff, sheriff), "market.start")
    g.push(A.ChooseStart(sheriff, merchants[2]))
    assert s.market_order == merchants[2:] + merchants[:2]
    assert g.to_act == merchants[2]


def test_1e_market_starts_left_of_the_sheriff():
    g = Game(Rules(edition="1E", players=4), seed=1)
    assert g.phase == "market"
    assert g.to_act == (g.state.officials[0] + 1) % 4


def test_market_turn_order_and_sheriff_sits_out():
    g = Game(Rules(edition="1E", players=4), seed=1)
    s = g.state
    second = s.market_order[1]
    refused(g, A.Market(second), "turn.order")
    refused(g, A.Market(s.officials[0]), "round.phases")


def test_at_most_five_cards_set_aside_and_only_from_hand():
    g = Game(Rules(edition="2E", players=4, seven_card_hand=True), seed=1)
    s = g.state
    g.push(A.ChooseStart(s.officials[0], s.order[0]))
    p = g.to_act
    rig_hand(s, p, cards("apples", 6, "silk"))
    refused(g, A.Market(p, cards("apples", 6)), "market.set_aside")
    refused(g, A.Market(p, cards("cheese")), "market.set_aside")
    g.push(A.Market(p, cards("apples", 5)))
    assert sum(s.hands[p]) == 7


def test_2e_draws_only_from_the_deck_and_set_aside_cards_form_the_discard_pile_at_the_end():
    g = Game(Rules(edition="2E", players=4), seed=2)
    s = g.state
    g.push(A.ChooseStart(s.officials[0], s.order[0]))
    p = g.to_act
    refused(g, A.Market(p, (), (0,)), "market.draw_2e")
    hand = [c for c in range(N_GOODS) for _ in range(s.hands[p][c])]
    deck_before = len(s.deck)
    g.push(A.Market(p, tuple(hand[:3])))
    assert sum(s.hands[p]) == 6 and len(s.deck) == deck_before - 3
    assert s.discards[0] == [] and sorted(s.set_aside) == sorted(hand[:3])
    while g.phase == "market":
        g.push(A.Market(g.to_act))
    assert sorted(s.discards[0]) == sorted(hand[:3]) and s.set_aside == []


def test_1e_little_john_draws_from_a_discard_pile_before_the_deck():
    """1E Market example: a Chicken two down in the left pile; take two from it, one from the deck,
    and lay the three set-aside cards on the right pile."""
    g = Game(Rules(edition="1E", players=4), seed=4)
    s = g.state
    p = g.to_act
    rig_hand(s, p, cards("chickens", 2, "pepper", "cheese", "apples", "bread"))
    s.discards[0][-2:] = [CHICKENS, APPLES]  # top is last: Apples on top, Chicken under it
    right_before = s.discards[1][:]
    set_aside = cards("pepper", "cheese", "bread")
    events = g.push(A.Market(p, set_aside, (0, 0), 1))
    market = next(e for e in events if isinstance(e, E.MarketTurn))
    assert market.taken == (APPLES, CHICKENS)  # the two cards taken, top first
    assert market.drawn == 1  # one card from the draw pile
    assert s.hands[p][CHICKENS] >= 3 and s.hands[p][APPLES] >= 2
    assert sum(s.hands[p]) == 6
    assert s.discards[1] == right_before + list(set_aside)


def test_1e_pile_draws_cannot_exceed_what_is_drawn_or_what_the_pile_holds():
    g = Game(Rules(edition="1E", players=4), seed=4)
    p = g.to_act
    hand = [c for c in range(N_GOODS) for _ in range(g.state.hands[p][c])]
    refused(g, A.Market(p, tuple(hand[:1]), (0, 0)), "market.draw_1e")
    refused(g, A.Market(p, tuple(hand[:5]), (0,) * 5 + (1,)), "market.draw_1e")
    refused(g, A.Market(p, tuple(hand[:2]), (), 2), "market.draw_1e")
    g.state.discards[0][:] = g.state.discards[0][:1]
    refused(g, A.Market(p, tuple(hand[:2]), (0, 0)), "market.draw_1e")


def test_1e_reshuffle_keeps_the_top_five_of_each_discard_pile():
    g = Game(Rules(edition="1E", players=4), seed=8)
    s = g.state
    s.discards[0].extend(s.deck[:20])  # empty the draw pile into the two discard piles
    s.discards[1].extend(s.deck[20:])
    s.deck = []
    tops = [s.discards[0][-5:], s.discards[1][-5:]]
    under = len(s.discards[0]) + len(s.discards[1]) - 10
    p = g.to_act
    hand = [c for c in range(N_GOODS) for _ in range(s.hands[p][c])]
    g.push(A.Market(p, tuple(hand[:2]), (), 0))
    assert s.discards[0] == tops[0] + hand[:2]  # old top five stay, set-aside cards go on top
    assert s.discards[1] == tops[1]
    assert len(s.deck) == under - 2
    assert sum(s.card_totals()) == 204


def test_2e_reshuffle_uses_the_whole_discard_pile():
    g = Game(Rules(edition="2E", players=4), seed=8)
    s = g.state
    s.discards[0] = s.deck[:30]
    del s.deck[:]
    g.push(A.ChooseStart(s.officials[0], s.order[0]))
    p = g.to_act
    hand = [c for c in range(N_GOODS) for _ in range(s.hands[p][c])]
    g.push(A.Market(p, tuple(hand[:2])))
    assert s.discards[0] == [] and len(s.deck) == 28
    assert E.Reshuffle(30) in s.events


# -- loading ----------------------------------------------------------------------
def test_bag_holds_one_to_five_cards_from_hand():
    """Alan-a-Dale: four Apples and a Crossbow fit; the Silk would be a sixth card."""
    g = game_at_load("2E", 4, seed=1, seven_card_hand=True)
    s = g.state
    alan = s.order[0]
    rig_hand(s, alan, cards("apples", 4, "crossbows", "silk", "cheese"))
    refused(g, A.LoadBag(alan, cards("apples", 4, "crossbows", "silk")), "load.size")
    refused(g, A.LoadBag(alan, ()), "load.size")
    refused(g, A.LoadBag(alan, cards("chickens")), "load.from_hand")
    refused(g, A.LoadBag(s.officials[0], cards("apples")), "round.phases")
    g.push(A.LoadBag(alan, cards("apples", 4, "crossbows")))
    assert s.bags[alan][APPLES] == 4 and s.bags[alan][CROSSBOWS] == 1
    assert s.hands[alan][SILK] == 1 and sum(s.hands[alan]) == 2
    refused(g, A.LoadBag(alan, cards("silk")), "load.closed")


def test_bags_may_be_loaded_in_any_order():
    g = game_at_load("2E", 4, seed=1)
    s = g.state
    last = s.order[-1]
    first_card = next(c for c in range(N_GOODS) if s.hands[last][c])
    g.push(A.LoadBag(last, (first_card,)))
    assert s.bags[last] is not None and g.phase == "load"


# -- declaring --------------------------------------------------------------------
def _loaded(bag_cards):
    g = game_at_load("1E", 4, seed=6)
    s = g.state
    will = s.order[0]
    rig_hand(s, will, bag_cards + cards("apples", 6 - len(bag_cards)))
    g.push(A.LoadBag(will, bag_cards))
    for m in s.order[1:]:
        g.push(A.LoadBag(m, (next(c for c in range(N_GOODS) if s.hands[m][c]),)))
    return g, will


def test_will_scarlet_declares_the_exact_count_and_one_legal_good():
    g, will = _loaded(cards("chickens", 2, "cheese", "silk"))
    refused(g, A.Declare(will, CHICKENS, 3), "declare.count")
    refused(g, A.Declare(will, CHICKENS, 5), "declare.count")
    refused(g, A.Declare(will, SILK, 4), "declare.type")
    refused(g, A.Declare(will, good_id("gouda_cheese"), 4), "declare.type")
    refused(g, A.Declare(g.state.order[1], APPLES, 1), "turn.order")
    g.push(A.Declare(will, CHICKENS, 4))
    assert g.state.declared[will] == (CHICKENS, 4)


def test_a_declared_good_need_not_be_in_the_bag():
    g, will = _loaded(cards("silk", 2))
    g.push(A.Declare(will, BREAD, 2))
    assert g.state.declared[will] == (BREAD, 2)


def test_every_refusal_names_a_known_rule_with_a_citation_for_the_edition():
    g, will = _loaded(cards("chickens", 2))
    e = refused(g, A.Declare(will, CHICKENS, 3), "declare.count")
    assert e.cite.startswith("1E")
    assert "2" in e.reason
    assert GOODS[CHEESE].name == "Cheese"


@pytest.mark.parametrize("left,pile", [(0, 3), (2, 1), (1, 2), (0, 0), (2, 0)])
def test_drawing_across_a_reshuffle_loses_no_card(left, pile):
    """Draw 3 with ``left`` cards in the deck and ``pile`` in the 2E discard pile."""
    from sheriff.phases.rounds import draw

    g = Game(Rules(edition="2E", players=4), seed=8)
    s = g.state
    spare = s.deck[:]
    s.deck = spare[:left]
    s.discards[0] = spare[left : left + pile]
    s.box = [0] * N_GOODS
    for c in spare[left + pile :]:
        s.box[c] += 1  # park the rest so the totals stay checkable
    got = draw(s, 1, 3)
    assert len(got) == min(3, left + pile)
    assert sum(s.hands[1]) == 6 + len(got)
    assert s.card_totals() == s.composition
