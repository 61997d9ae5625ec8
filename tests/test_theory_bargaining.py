"""Bribe bargaining (OpenSpiel's ``sheriff``): tree size, payoffs, solvers against Gambit."""

from dataclasses import replace
from fractions import Fraction

import pytest

from sheriff.theory import gambit
from sheriff.theory.bargaining import (
    SHERIFF,
    SMUGGLER,
    SheriffParams,
    build_tree,
    expected_payoffs,
    explain,
    payoff_range,
    regrets,
    solve,
    solve_sequence_form,
)
from sheriff.theory.efg import to_efg

# open_spiel/games/sheriff/sheriff.h, "Game size" table:
# (max_bribe, max_items, rounds): (sequences pl0, pl1), (infosets pl0, pl1), terminals.
# The header prints 0 Sheriff sequences for (3, 3, 1); it must be 9: the empty sequence
# plus pass/inspect at each of his 4 information sets (one per bribe 0..3), the same
# 1 + 2 * infosets rule that every other row of the table follows.
SIZE_TABLE = {
    (3, 3, 1): ((21, 9), (5, 4), 32),
    (3, 5, 2): ((223, 73), (55, 36), 384),
    (3, 3, 3): ((1173, 585), (293, 292), 2048),
    (3, 5, 4): ((14047, 4681), (3511, 2340), 24576),
    (5, 3, 1): ((29, 13), (5, 6), 48),
    (5, 3, 2): ((317, 157), (53, 78), 576),
    (5, 5, 3): ((5659, 1885), (943, 942), 10368),
}


@pytest.mark.parametrize("key", SIZE_TABLE)
def test_tree_size_matches_openspiel_table(key):
    bribe, items, rounds = key
    params = SheriffParams(max_bribe=bribe, max_items=items, num_rounds=rounds)
    sequences, infosets, terminals = SIZE_TABLE[key]
    size = build_tree(params).size()
    assert size == {"terminals": terminals, "infosets": infosets, "sequences": sequences}
    assert params.expected_size() == size


def test_payoffs_follow_openspiel_returns():
    p = SheriffParams()  # item_penalty 2, item_value 1, sheriff_penalty 3
    assert p.payoff(items=2, bribe=1, inspect=False) == (2 * 1 - 1, 1)
    assert p.payoff(items=0, bribe=3, inspect=True) == (3, -3)
    assert p.payoff(items=3, bribe=2, inspect=True) == (-3 * 2, 3 * 2)


def test_only_the_last_round_binds():
    tree = build_tree(SheriffParams(num_rounds=2))
    by_history = {tree.history[v]: tree.payoff[v] for v in tree.payoff}
    # 2 items; round 1: bribe 3, "inspect"; round 2: bribe 1, "pass" -> 2*1 - 1 for him, 1 for the Sheriff
    assert by_history[(2, 3, 1, 1, 0)] == (1, 1)
    # the same final round after different talk gives the same payoffs
    assert by_history[(2, 0, 0, 1, 0)] == by_history[(2, 3, 1, 1, 0)]
    assert by_history[(0, 2, 0, 2, 1)] == (3, -3)


def test_information_structure():
    """The smuggler sees everything; the Sheriff sees all but the item count."""
    p = SheriffParams(max_bribe=2, max_items=3, num_rounds=2)
    tree = build_tree(p)
    assert all(len(s.nodes) == 1 for s in tree.infosets[SMUGGLER])
    for iset in tree.infosets[SHERIFF]:
        histories = [tree.history[v] for v in iset.nodes]
        assert sorted(h[0] for h in histories) == list(range(p.max_items + 1))
        assert len({h[1:] for h in histories}) == 1


def _gambit_solution(tree, rational):
    game = gambit.read_efg(to_efg(tree))
    return game, gambit.lcp_equilibrium(tree, game, rational=rational)


@pytest.mark.parametrize(
    "params",
    [
        SheriffParams(num_rounds=1),
        SheriffParams(num_rounds=1, max_bribe=5, max_items=3),
        SheriffParams(num_rounds=1, max_bribe=2, max_items=2, item_value=3, sheriff_penalty=1),
        SheriffParams(num_rounds=1, max_bribe=4, max_items=2, item_value=Fraction(5, 2)),
        SheriffParams(num_rounds=1, max_bribe=2, max_items=2, item_value=2, item_penalty=1),
    ],
)
@pytest.mark.slow
def test_sequence_form_solver_agrees_with_gambit_lcp(params):
    """Exact: each solver's equilibrium has zero regret by our checker and by Gambit's.

    Equilibria need not share payoffs, so our solver also finds the worst and best
    equilibrium for the smuggler: Gambit's payoffs must lie between them, and equal
    ours wherever the two bounds meet.
    """
    tree = build_tree(params)
    ours = solve_sequence_form(tree)
    game, (beh, pay, max_regret) = _gambit_solution(tree, rational=True)
    assert ours.exact and ours.regrets == (0, 0)
    assert gambit.max_regret_of(tree, game, ours.behavior) == pytest.approx(0, abs=1e-12)
    assert regrets(tree, beh) == (0, 0) and max_regret == 0
    assert expected_payoffs(tree, beh) == pay
    worst, best = payoff_range(tree)
    assert worst.exact and best.exact
    assert worst.payoffs[0] <= min(pay[0], ours.payoffs[0])
    assert max(pay[0], ours.payoffs[0]) <= best.payoffs[0]
    if worst.payoffs == best.payoffs:
        assert pay == ours.payoffs == worst.payoffs


def test_default_one_round_game_has_a_single_equilibrium_payoff():
    """Both bounds meet at (3/4, 0), so any solver must report exactly that."""
    worst, best = payoff_range(build_tree(SheriffParams(num_rounds=1)))
    assert worst.payoffs == best.payoffs == (Fraction(3, 4), 0)


@pytest.mark.slow
def test_lifted_multi_round_equilibrium_agrees_with_gambit():
    tree = build_tree(SheriffParams(num_rounds=2))  # 3 bribes, 3 items
    ours = solve(tree.params, tree)
    game, (beh, pay, max_regret) = _gambit_solution(tree, rational=False)
    assert ours.exact and ours.regrets == (0, 0)
    assert gambit.max_regret_of(tree, game, ours.behavior) == pytest.approx(0, abs=1e-9)
    assert max(regrets(tree, beh)) == pytest.approx(0, abs=1e-9) and max_regret < 1e-9
    assert pay == pytest.approx(tuple(float(u) for u in ours.payoffs), abs=1e-9)


@pytest.mark.slow
def test_several_equilibria_when_smuggling_is_cheap():
    """Item value 2, penalty 1: a no-bribe equilibrium (4/3, 0) and a bribe one (2, 2).

    In one round the bounds are proven: the smuggler's equilibrium payoff runs from 4/3
    (he never bribes, the Sheriff inspects 4/9 of the time) to 2 (he always carries 2
    items and pays 2 gold).  Both lift to exact equilibria of the 2-round tree, and
    Gambit's equilibrium there is one of the two.
    """
    params = SheriffParams(num_rounds=2, max_bribe=2, max_items=2, item_value=2, item_penalty=1)
    worst, best = payoff_range(build_tree(replace(params, num_rounds=1)))
    assert (worst.payoffs, best.payoffs) == ((Fraction(4, 3), 0), (2, 2))
    tree = build_tree(params)
    low, high = solve(params, tree, (SMUGGLER, -1)), solve(params, tree, (SMUGGLER, +1))
    assert low.regrets == high.regrets == (0, 0)
    assert (low.payoffs, high.payoffs) == (worst.payoffs, best.payoffs)
    game, (beh, pay, _) = _gambit_solution(tree, rational=True)
    assert regrets(tree, beh) == (0, 0)
    assert pay in (low.payoffs, high.payoffs)


def test_generic_solver_also_handles_a_small_multi_round_tree():
    tree = build_tree(SheriffParams(num_rounds=2, max_bribe=1, max_items=1))
    direct = solve_sequence_form(tree)
    assert direct.exact and direct.payoffs == solve(tree.params, tree).payoffs


@pytest.mark.slow
def test_default_four_round_game_is_solved_exactly():
    sol = solve(SheriffParams())
    assert len(sol.tree.payoff) == 4 * 8**4  # (items + 1) * (2 * (bribes + 1)) ** rounds
    assert sol.exact and sol.regrets == (0, 0)


def test_explanation_names_the_equilibrium():
    lines = explain(solve(SheriffParams(num_rounds=1)))
    assert lines[0].startswith("The smuggler loads ")
    sol = solve(SheriffParams(num_rounds=1))
    inspect_at_zero = sum(q for q in sol.behavior[1][0][1:])
    assert f"Offered 0 gold in the final round, the Sheriff inspects {inspect_at_zero}" in "\n".join(lines)


def test_every_terminal_matches_openspiel():
    import pyspiel  # open_spiel, in the theory extra: the comparison always runs

    params = SheriffParams(num_rounds=2, max_bribe=2, max_items=2)
    game = pyspiel.load_game("sheriff", {"num_rounds": 2, "max_bribe": 2, "max_items": 2})
    theirs = {}

    def walk(state, moves):
        if state.is_terminal():
            theirs[tuple(moves)] = tuple(state.returns())
            return
        for action in state.legal_actions():
            if not moves:
                move = action - 2  # PlaceIllegalItems
            elif state.current_player() == 0:
                move = action - 3 - params.max_items  # Bribe
            else:
                move = action  # InspectionFeedback
            walk(state.child(action), moves + [move])

    walk(game.new_initial_state(), [])
    tree = build_tree(params)
    ours = {tree.history[v]: tuple(float(u) for u in tree.payoff[v]) for v in tree.payoff}
    assert ours == theirs
