"""King and Queen bonuses, royal goods, Black Market cards and tie-breakers
(sheriff.scoring.score), each case worked out by hand from the rule texts."""

from __future__ import annotations

from sheriff.cards import N_GOODS, good_id
from sheriff.scoring import score


def stand(**goods) -> list[int]:
    v = [0] * N_GOODS
    for name, k in goods.items():
        v[good_id(name)] = k
    return v


def run(stands, gold=None, bm=None):
    gold = gold or [0] * len(stands)
    return score(stands, gold, bm)


def test_david_of_doncaster_125_both_editions():
    # 1E and 2E · End of the game / Winning the Game: the worked example.
    david = stand(apples=4, cheese=6, bread=1, chickens=4, pepper=2, crossbows=1)
    tuck = stand(apples=6, cheese=3, bread=3, chickens=6)
    much = stand(apples=5, cheese=5, bread=2, chickens=4)
    scores, winners = run([david, tuck, much], [42, 0, 0])
    d = scores[0]
    assert d.goods == 8 + 18 + 3 + 16 + 12 + 9
    assert d.bonuses == {"cheese": 15, "chickens": 2}  # Cheese King; Chicken Queen 5 // 2
    assert d.total == 125
    assert scores[2].bonuses["chickens"] == 2  # the other half of the Queen tie
    assert scores[1].bonuses == {"apples": 20, "bread": 15, "chickens": 10}


def test_single_king_and_queen_amounts():
    scores, _ = run([stand(apples=5, cheese=4, bread=4, chickens=3), stand(apples=2, cheese=1, bread=1, chickens=1)])
    assert scores[0].bonuses == {"apples": 20, "cheese": 15, "bread": 15, "chickens": 10}
    assert scores[1].bonuses == {"apples": 10, "cheese": 10, "bread": 10, "chickens": 5}


def test_tied_kings_split_king_plus_queen_rounded_down_and_no_queen():
    # Apples: 20 + 10 = 30 shared by two Kings -> 15 each; the third player gets no Queen bonus.
    scores, _ = run([stand(apples=5), stand(apples=5), stand(apples=3)])
    assert [s.bonuses.get("apples", 0) for s in scores] == [15, 15, 0]
    # Chickens: 10 + 5 = 15 among three Kings -> 5 each; Cheese 15+10 among three -> 8 (25/3 rounded down)
    scores, _ = run([stand(chickens=2, cheese=1)] * 3 + [stand(chickens=1)])
    assert [s.bonuses.get("chickens", 0) for s in scores] == [5, 5, 5, 0]
    assert [s.bonuses.get("cheese", 0) for s in scores] == [8, 8, 8, 0]
    # Chickens tied by two: 15 // 2 = 7
    scores, _ = run([stand(chickens=3), stand(chickens=3)])
    assert [s.bonuses["chickens"] for s in scores] == [7, 7]


def test_tied_queens_split_the_queen_rounded_down():
    scores, _ = run([stand(bread=6), stand(bread=2), stand(bread=2), stand(bread=2)])
    assert scores[0].bonuses["bread"] == 15
    assert [s.bonuses["bread"] for s in scores[1:]] == [3, 3, 3]  # 10 // 3
    scores, _ = run([stand(chickens=6), stand(chickens=2), stand(chickens=2)])
    assert [s.bonuses["chickens"] for s in scores[1:]] == [2, 2]  # 5 // 2


def test_nobody_with_zero_is_king_or_queen():
    scores, _ = run([stand(apples=1), stand(), stand()])
    assert scores[0].bonuses == {"apples": 20}
    assert scores[1].bonuses == {} and scores[2].bonuses == {}
    scores, _ = run([stand(), stand()])
    assert all(s.bonuses == {} for s in scores)


def test_royal_goods_multiply_toward_king_and_queen():
    # 1E/2E Royal Goods: Will's 10 Cheese + Gouda (2 Cheese) = 12 beats the Bishop's 11.
    scores, _ = run([stand(cheese=10, gouda_cheese=1), stand(cheese=11)])
    assert scores[0].bonuses["cheese"] == 15 and scores[1].bonuses["cheese"] == 10
    # Without the Gouda the Bishop is King.
    scores, _ = run([stand(cheese=10), stand(cheese=11)])
    assert scores[0].bonuses["cheese"] == 10 and scores[1].bonuses["cheese"] == 15
    # Three-fold royal goods: Golden Apples, Blue Cheese, Pumpernickel; two-fold Royal Rooster, Rye, Green Apples.
    scores, _ = run([stand(golden_apples=1), stand(apples=2)])
    assert scores[0].bonuses["apples"] == 20  # 3 > 2
    scores, _ = run([stand(green_apples=1, apples=1), stand(apples=3)])
    assert [s.bonuses["apples"] for s in scores] == [15, 15]  # 3 = 3: tied Kings
    scores, _ = run([stand(royal_rooster=2), stand(chickens=3), stand(blue_cheese=1), stand(cheese=2)])
    assert scores[0].bonuses["chickens"] == 10 and scores[1].bonuses["chickens"] == 5
    assert scores[2].bonuses["cheese"] == 15 and scores[3].bonuses["cheese"] == 10
    scores, _ = run([stand(pumpernickel_bread=1), stand(rye_bread=1, bread=1)])
    assert [s.bonuses["bread"] for s in scores] == [12, 12]  # 3 vs 3: (15+10)//2
    # Royal goods score their own value, not the base good's.
    scores, _ = run([stand(golden_apples=1)])
    assert scores[0].goods == 6 and scores[0].legal_cards == 0 and scores[0].contraband_cards == 1
    assert scores[0].total == 6 + 20


def test_black_market_values_count_as_goods_and_contraband():
    scores, winners = run([stand(pepper=1), stand(pepper=1)], [10, 10], [[24], []])
    assert scores[0].goods == 6 + 24 and scores[1].goods == 6
    assert scores[0].total == 40 and scores[1].total == 16
    assert scores[0].contraband_cards == 2
    assert winners == [0]


def test_gold_counts_and_hand_cards_do_not_exist_here():
    scores, winners = run([stand(), stand()], [42, 41])
    assert [s.total for s in scores] == [42, 41] and winners == [0]


def test_tie_breaker_most_legal_goods():
    # Equal totals (20): player 0 has 4 legal cards, player 1 has 1.
    a = stand(apples=4)  # 8 + King 20 ... make the totals equal with gold
    b = stand(chickens=1)  # 4 + King 10
    scores, winners = run([a, b], [0, 14])
    assert scores[0].total == scores[1].total == 28
    assert scores[0].legal_cards == 4 and scores[1].legal_cards == 1
    assert winners == [0]


def test_tie_breaker_then_most_contraband():
    a = stand(apples=1, silk=1)  # 2 + 8 + King 15 (tied Apples Kings: 30 // 2)
    b = stand(apples=1, pepper=2)  # 2 + 12 + 15
    scores, winners = run([a, b], [4, 0])
    assert scores[0].total == scores[1].total == 29
    assert scores[0].legal_cards == scores[1].legal_cards == 1
    assert winners == [1]  # 2 contraband beat 1


def test_still_tied_the_victory_is_shared():
    a = stand(apples=2, mead=1)
    b = stand(apples=2, mead=1)
    scores, winners = run([a, b, stand()], [5, 5, 0])
    assert scores[0].total == scores[1].total
    assert winners == [0, 1]


def _stand(**kw):
    v = [0] * N_GOODS
    for k, n in kw.items():
        v[good_id(k)] = n
    return v


def _tied(*stands):
    """Scores with gold chosen so that every player ends on the same total."""
    bare, _ = score(stands, [0] * len(stands))
    top = max(x.total for x in bare) + 10
    return score(stands, [top - x.total for x in bare])


def test_verdict_names_the_tiebreak_used():
    from sheriff.scoring import verdict

    sc, w = score([_stand(apples=3), _stand(apples=1)], [10, 10])
    assert verdict(sc, w).decided_by == "points"
    v = verdict(*_tied(_stand(apples=5), _stand(pepper=1)))
    assert (v.decided_by, v.tied_on_points, v.winners) == ("legal goods", (0, 1), (0,))
    v = verdict(*_tied(_stand(apples=1, pepper=2), _stand(cheese=1, silk=1)))
    assert (v.decided_by, v.tied_on_legal, v.winners) == ("contraband", (0, 1), (0,))
    v = verdict(*_tied(_stand(apples=2), _stand(cheese=2)))
    assert (v.decided_by, v.winners) == ("shared", (0, 1))


def test_rules_refusal_carries_the_engine_refusal():
    from pydantic import ValidationError

    from sheriff.errors import IllegalAction
    from sheriff.rules import Rules

    try:
        Rules(edition="1E", players=6)
    except ValidationError as e:
        cause = e.errors()[0]["ctx"]["error"]
        assert isinstance(cause, IllegalAction) and cause.rule_id == "variant.edition"
    else:
        raise AssertionError("six players in the 1st edition must be refused")


def test_bonus_roles_name_who_won_each_bonus():
    """The score sheet's King and Queen labels come from scoring: one role per bonus won."""
    import random

    from sheriff.cards import N_GOODS, good_id
    from sheriff.scoring import bonus_roles, bonuses

    def stand(**counts):
        v = [0] * N_GOODS
        for name, k in counts.items():
            v[good_id(name)] = k
        return v

    roles = bonus_roles([stand(apples=3, cheese=2), stand(apples=2, cheese=2), stand(apples=2, bread=1)])
    assert roles[0] == {"apples": "King", "cheese": "shared King"}
    assert roles[1] == {"apples": "shared Queen", "cheese": "shared King"}
    assert roles[2] == {"apples": "shared Queen", "bread": "King"}
    rng = random.Random(3)
    for _ in range(300):  # a role exactly where a bonus is paid
        stands = [[rng.choice([0, 0, 1, 2, 3]) for _g in range(N_GOODS)] for _p in range(rng.randint(3, 6))]
        assert [set(r) for r in bonus_roles(stands)] == [set(b) for b in bonuses(stands)]
