"""The 2x2 inspection game: payoffs from the card catalog, closed form against Gambit."""

from fractions import Fraction

import pytest

from sheriff.cards import CONTRABAND_GOODS, GOODS, LEGAL_GOODS, ROYAL_GOODS, good_id
from sheriff.theory import gambit
from sheriff.theory.inspection_game import build, equilibrium, explain, value_curves


def test_payoffs_follow_the_rules_with_catalog_numbers():
    """Every cell is value on the stand + gold received - gold paid, from sheriff.cards."""
    game = build("chickens", {"chickens": 1, "silk": 1, "mead": 1})
    ch, silk, mead = (GOODS[good_id(n)] for n in ("chickens", "silk", "mead"))
    assert game.declaration == "3 Chickens"
    assert game.merchant_matrix == [
        [3 * ch.value, 3 * ch.value + 3 * ch.penalty],
        [ch.value + silk.value + mead.value, ch.value - silk.penalty - mead.penalty],
    ]
    assert game.sheriff_matrix == [[0, -3 * ch.penalty], [0, silk.penalty + mead.penalty]]


def test_list_and_mapping_bags_are_the_same_game():
    assert build("Apples", ["apples", "pepper", "Pepper"]) == build("apples", {"apples": 1, "pepper": 2})


@pytest.mark.parametrize(
    "declared, bag, message",
    [
        ("pepper", {"pepper": 1}, "legal"),
        ("apples", {"apples": 4, "silk": 2}, "1 to 5"),
        ("apples", {"apples": 3}, "exactly as declared"),
    ],
)
def test_bad_bags_are_refused(declared, bag, message):
    with pytest.raises(ValueError, match=message):
        build(declared, bag)


def _all_bags():
    """Each legal declaration with one or two other cards, at every bag size that fits."""
    others = [g for g in range(len(GOODS))]
    for d in LEGAL_GOODS:
        for extra in others:
            if extra == d:
                continue
            for size in (1, 3, 5):
                yield GOODS[d].id, {GOODS[d].id: size - 1, GOODS[extra].id: 1}
        for a, b in ((CONTRABAND_GOODS[0], CONTRABAND_GOODS[-1]), (ROYAL_GOODS[0], CONTRABAND_GOODS[1])):
            yield GOODS[d].id, {GOODS[d].id: 2, GOODS[a].id: 1, GOODS[b].id: 1}


@pytest.mark.slow
def test_closed_form_matches_gambit_enummixed_on_every_small_bag():
    """Exact comparison: our extreme equilibria are exactly the ones Gambit enumerates."""
    kinds = set()
    for declared, bag in _all_bags():
        game = build(declared, bag)
        eq = equilibrium(game)
        kinds.add(eq.kind)
        ours = {(q, x) for q, x in eq.extremes}
        theirs = {
            (rows[1], cols[1]) for rows, cols in gambit.strategic_equilibria(game.merchant_matrix, game.sheriff_matrix)
        }
        assert ours == theirs, (declared, bag)
    assert kinds == {"mixed", "pure", "continuum"}  # the sweep reaches every case


@pytest.mark.parametrize(
    "declared, bag",
    [
        ("apples", {"apples": 2, "pepper": 1}),
        ("cheese", {"cheese": 1, "crossbows": 2}),
        ("bread", {"silk": 1}),
        ("chickens", {"chickens": 3, "royal_rooster": 1, "mead": 1}),
    ],
)
def test_mixed_equilibrium_makes_each_side_indifferent(declared, bag):
    game = build(declared, bag)
    eq = equilibrium(game)
    assert eq.kind == "mixed" and 0 < eq.inspect < 1 and 0 < eq.smuggle < 1
    honest = game.expected(0, eq.inspect)[0]
    smuggling = game.expected(1, eq.inspect)[0]
    assert honest == smuggling == eq.merchant_value
    passing = game.expected(eq.smuggle, 0)[1]
    inspecting = game.expected(eq.smuggle, 1)[1]
    assert passing == inspecting == eq.sheriff_value == 0


def test_worked_example_apples_and_pepper():
    """2 Apples + 1 Pepper declared as 3 Apples: gain 6-2=4, risk (6+4)+3*2=16."""
    eq = equilibrium(build("apples", {"apples": 2, "pepper": 1}))
    assert (eq.inspect, eq.smuggle) == (Fraction(1, 4), Fraction(3, 5))
    assert eq.merchant_value == Fraction(15, 2)


def test_dominated_smuggling_gives_the_pure_equilibrium():
    """Apples (value 2) in place of Chickens (value 4): honesty pays even unchecked."""
    game = build("chickens", {"chickens": 2, "apples": 1})
    eq = equilibrium(game)
    assert eq.kind == "pure" and (eq.smuggle, eq.inspect) == (0, 0)
    assert eq.merchant_value == 3 * GOODS[good_id("chickens")].value
    assert "does not pay" in explain(game)


def test_equal_value_swap_gives_a_continuum():
    """Bread for Cheese (same value): never inspected, smuggling up to q* is fine."""
    game = build("cheese", {"cheese": 2, "bread": 1})
    eq = equilibrium(game)
    pen = GOODS[good_id("cheese")].penalty
    assert eq.kind == "continuum"
    assert eq.extremes == ((0, 0), (Fraction(3 * pen, 3 * pen + GOODS[good_id("bread")].penalty), 0))
    for q, x in eq.extremes:  # both ends really are equilibria: no profitable deviation
        m, s = game.expected(q, x)
        assert m >= max(game.expected(0, x)[0], game.expected(1, x)[0])
        assert s >= max(game.expected(q, 0)[1], game.expected(q, 1)[1])


def test_curves_cross_at_the_equilibrium_inspection_rate():
    game = build("apples", {"apples": 2, "pepper": 1})
    c = value_curves(game, points=101)
    assert c.inspect[0] == 0 and c.inspect[-1] == 1 and c.inspect_star == 0.25
    diffs = [s - h for h, s in zip(c.merchant_honest, c.merchant_smuggling)]
    assert diffs[0] > 0 and diffs[-1] < 0
    assert diffs[25] == pytest.approx(0)  # x = 0.25
    assert all(v == pytest.approx(0) for v in c.sheriff_vs_equilibrium)


def test_explanation_reads_out_both_probabilities():
    text = explain(build("apples", {"apples": 2, "pepper": 1}))
    assert "inspect 25% of such bags (exactly 1/4)" in text
    assert "smuggling bag 60% of the time (exactly 3/5)" in text


def test_the_liars_fine_and_the_honest_bags_payment_scale_apart():
    """2E, If The Sheriff Inspects Your Bag: a liar pays a fine for each confiscated card, the Sheriff
    pays an honest merchant each card's penalty.  Doubled together, q* = 12/(12+8) stays 3/5; the
    liar's fine alone doubled gives q* = 6/(6+8) = 3/7 (issue 32's example)."""
    bag = {"apples": 2, "pepper": 1}
    assert build("apples", bag, fine=2) == build("apples", bag, fine=2, payment=2)  # today's "fine=2"
    both = equilibrium(build("apples", bag, fine=2, payment=2))
    assert (both.smuggle, both.inspect) == (Fraction(3, 5), Fraction(2, 13))  # risk (6+8)+3*2*2 = 26
    liar = build("apples", bag, fine=2, payment=1)
    assert liar.merchant_matrix == [[6, 12], [10, -4]] and liar.sheriff_matrix == [[0, -6], [0, 8]]
    eq = equilibrium(liar)
    assert (eq.smuggle, eq.inspect) == (Fraction(3, 7), Fraction(1, 5))  # risk (6+8)+3*2 = 20
    honest = equilibrium(build("apples", bag, fine=1, payment=2))
    assert (honest.smuggle, honest.inspect) == (Fraction(3, 4), Fraction(2, 11))  # 12/(12+4); 4/(10+12)
    assert explain(liar).splitlines()[1] == (
        "Changed from the rules: a caught liar pays 2 times each confiscated card's penalty, and a Sheriff "
        "who opens an honest bag pays 1 times each card's penalty."
    )
    assert "Changed from the rules" not in explain(build("apples", bag))
    with pytest.raises(ValueError, match="at least 1"):
        build("apples", bag, fine=1, payment=0)


def test_class_game_takes_the_two_multipliers_apart():
    """Class mode's inspection game (lab 30's): ``payment`` left out follows ``fine`` (rooms made before
    keep their meaning); set apart, the prediction is the lab's for the liar's fine alone (3/7)."""
    from sheriff.classroom import ClassroomError, games

    old = games.check_params("inspection", {"fine": 2})  # as a room stored before ``payment`` existed
    assert old["payment"] is None and games.payment(old) == 2
    assert games.prediction("inspection", old).smuggle == Fraction(3, 5)
    apart = games.check_params("inspection", {"fine": 2, "payment": 1})
    assert games.prediction("inspection", apart).smuggle == Fraction(3, 7)
    assert "a caught liar pays 2 times" in games.prediction("inspection", apart).text
    with pytest.raises(ClassroomError):
        games.check_params("inspection", {"payment": games.MAX_FINE + 1})
