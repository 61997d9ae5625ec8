"""The coach: legal advice from a seat's view only, numbers that match the engine, a bot that wins."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheriff import actions as A
from sheriff.bot_reasons import known, sentence
from sheriff.bots import Bot, make_bots
from sheriff.cards import ILLEGAL_GOODS, N_GOODS, VALUE
from sheriff.coach import LESSON_30, advise, bag_odds, declared_bag, warnings
from sheriff.engine import Game
from sheriff.rules import Rules
from sheriff.state import INSPECT
from sheriff.tournament import COACH, make_bot, run
from sheriff.views import SeatView
from tests.rig import cards

CONFIGS = [
    Rules(players=4),
    Rules(edition="1E", players=4),
    Rules(players=5, royal_goods=True),
    Rules(players=3),
    Rules(players=6, black_market=True),
]
STYLES = [(COACH, COACH), ("smuggler", "suspicious"), ("bluffer", "greedy"), ("honest", "trusting")]


def position(rules: Rules, seed: int, moves: int) -> Game:
    """A game played ``moves`` moves in by a mix of the coach's bot and the other bots."""
    g = Game(rules, seed=seed)
    bots = [make_bot(STYLES[p % len(STYLES)], seed, p) for p in range(rules.players)]
    for _ in range(moves):
        p = g.to_act
        if p is None:
            break
        g.push(bots[p].act(g.view(p)))
    return g


def permute_hidden(s, seat: int, rng: random.Random):
    """A copy of state ``s`` in which every card ``seat`` cannot see is dealt anew: other players'
    hands, bags and face-down goods, and the draw pile (each zone keeps its size)."""
    t = s.copy()
    others = [p for p in range(t.n) if p != seat]
    loose = list(t.deck)
    for p in others:
        for g in range(N_GOODS):
            loose += [g] * t.hands[p][g]
            if t.bags[p] is not None:
                loose += [g] * t.bags[p][g]
    rng.shuffle(loose)
    t.deck = loose[: len(t.deck)]
    rest = loose[len(t.deck) :]
    for p in others:
        for zone in ("hands", "bags"):
            counts = getattr(t, zone)[p]
            if counts is None:
                continue
            k = sum(counts)
            new = [0] * N_GOODS
            for c in rest[:k]:
                new[c] += 1
            rest = rest[k:]
            getattr(t, zone)[p] = new
    down = [g for p in others for g in ILLEGAL_GOODS for _ in range(t.stands[p][g])]
    rng.shuffle(down)
    for p in others:
        k = sum(t.stands[p][g] for g in ILLEGAL_GOODS)
        for g in ILLEGAL_GOODS:
            t.stands[p][g] = 0
        for c in down[:k]:
            t.stands[p][c] += 1
        down = down[k:]
    return t


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    cfg=st.integers(0, len(CONFIGS) - 1),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 250),
    shuffle=st.integers(0, 10_000),
)
def test_advice_never_uses_hidden_information(cfg, seed, moves, shuffle):
    g = position(CONFIGS[cfg], seed, moves)
    seat = g.to_act
    if seat is None:
        return
    s = g.state
    t = permute_hidden(s, seat, random.Random(shuffle))
    v, w = SeatView(s, seat), SeatView(t, seat)
    assert v.to_dict() == w.to_dict()  # the permutation touched nothing this seat sees
    a, b = advise(v), advise(w)
    assert a == b
    assert warnings(v, a.move) == warnings(w, b.move)
    for m in v.merchants:  # the Sheriff's estimate for every declared bag
        if v.declared(m) is not None and m != seat:
            assert bag_odds(v, m) == bag_odds(w, m)


def test_the_permutation_really_moves_hidden_cards():
    g = position(Rules(players=4), 3, 40)
    seat = g.to_act
    t = permute_hidden(g.state, seat, random.Random(1))
    assert t.hands[seat] == g.state.hands[seat]
    assert any(t.hands[p] != g.state.hands[p] for p in range(4) if p != seat) or t.deck != g.state.deck
    assert t.card_totals() == g.state.card_totals()


@pytest.mark.parametrize("cfg", range(len(CONFIGS)))
def test_coach_moves_are_legal_through_whole_games(cfg):
    rules = CONFIGS[cfg]
    for seed in range(3):
        g = Game(rules, seed=seed)
        for _ in range(5000):
            p = g.to_act
            if p is None:
                break
            a = advise(g.view(p))
            assert g.why_illegal(a.move) is None, (a.move, a.sentence)
            assert a.sentence and a.sentence[0].isupper() and a.sentence.rstrip().endswith((".", "!"))
            g.push(a.move)
        assert g.is_over()


def _inspection_positions(n=40):
    """Bags at the moment the Sheriff takes them up (four players, no deal struck yet)."""
    found = 0
    for seed in range(400):
        g = Game(Rules(players=4), seed=seed)
        bots = make_bots(4, seed=seed)
        while g.to_act is not None:
            s = g.state
            if s.phase == INSPECT and s.nego is None and s.current == -1 and not s.claim_queue:
                m = g.view(g.to_act).next_bag()
                if m not in s.must_inspect and m not in s.must_pass:
                    yield g, m
                    found += 1
                    if found >= n:
                        return
            p = g.to_act
            g.push(bots[p].act(g.view(p)))


def _stand_value(s, m):
    return sum(VALUE[g] * k for g, k in enumerate(s.stands[m]))


def test_predicted_outcomes_match_the_engine():
    seen = {"honest": 0, "liar": 0}
    for g, m in _inspection_positions():
        fig = declared_bag(g.view(m))
        sheriff = g.to_act
        s = g.state
        opened = g.copy()
        opened.push(A.Inspect(sheriff, m))
        t = opened.state
        if fig["paid_to_you_if_opened"]:
            seen["honest"] += 1
            assert t.gold[m] - s.gold[m] == fig["paid_to_you_if_opened"]
            assert _stand_value(t, m) - _stand_value(s, m) == fig["reaches_stand"]
        elif s.gold[m] >= fig["paid_if_opened"]:  # (a debt paid in goods is the payments module's)
            seen["liar"] += 1
            assert s.gold[m] - t.gold[m] == fig["paid_if_opened"]
            assert _stand_value(t, m) - _stand_value(s, m) == fig["reaches_stand"] - fig["lost_if_opened"]
        passed = g.copy()
        passed.push(A.Pass(sheriff, m))
        assert _stand_value(passed.state, m) - _stand_value(s, m) == fig["reaches_stand"]
    assert seen["honest"] and seen["liar"]


def test_warning_names_the_lie_its_price_and_how_much_worse_it_is():
    g = Game(Rules(players=4), seed=0)
    while g.phase != "load":
        p = g.to_act
        g.push(Bot().act(g.view(p)))
    p = g.to_act
    from tests.rig import rig_hand

    rig_hand(g.state, p, cards("apples", 3, "silk", 1, "cheese"))
    v = g.view(p)
    advice = advise(v)
    assert advice.move == A.LoadBag(p, cards("apples", 3, "silk")) and "chance of about 2 in 9" in advice.sentence
    assert warnings(v, advice.move) == ()
    (w,) = warnings(v, A.LoadBag(p, cards("silk", "cheese")))
    assert w.sentence == (
        "The coach rates this move about 2.3 points below its own suggestion. No declaration can be true for "
        "this bag (1 Cheese and 1 Silk): even declared as 2 Cheese, if it is opened you lose 8 points of "
        "goods and pay 4 gold."
    )
    assert w.numbers["points_worse"] == 2.29 and not w.blunder


def test_paying_for_an_honest_bag_is_a_blunder():
    from tests.rig import game_at_inspection

    g = game_at_inspection({1: cards("apples", 2)}, {1: "apples"}, players=4)
    sheriff = g.state.officials[0]
    g.push(A.Threaten(sheriff, 1))
    v = g.view(1)
    assert advise(v).move == A.Decline(1, 1) and warnings(v, A.Decline(1, 1)) == ()
    (w,) = warnings(v, A.Offer(1, 1, A.Bribe(gold=1)))
    assert w.blunder and w.sentence.startswith("Your bag is honest")


def test_sheriff_advice_names_the_equilibrium_and_lesson_30():
    for g, _move in _inspection_positions(5):
        a = advise(g.view(g.to_act))
        assert a.lesson == LESSON_30 and "lesson 30" in a.model
        assert 0 <= a.numbers["smuggle_chance"] <= 1
        assert {"gain_open", "gain_pass", "gain_ask"} <= set(a.numbers)
        assert "advice, not a rule" in a.model


def test_coach_bot_wins_more_than_its_share():
    res = run(
        Rules(players=4),
        [(COACH, COACH), ("smuggler", "suspicious"), ("bluffer", "greedy"), ("honest", "trusting")],
        games=40,
        seed=0,
    )
    assert res.wins()[0] / 40 > 0.4


def test_tournament_refuses_half_a_coach():
    with pytest.raises(ValueError, match="coach plays both roles"):
        run(Rules(players=3), [(COACH, "greedy"), ("honest", "trusting"), ("honest", "trusting")], games=1)


def test_every_bot_reason_reads_as_a_sentence():
    names = ["Ann", "Bob", "Cy", "Dee"]
    # every reason the bots give in real games is phrased, names the player and ends the sentence
    for seed in range(20):
        g = Game(Rules(players=4, black_market=seed % 2 == 0), seed=seed)
        bots = make_bots(4, seed=seed)
        while g.to_act is not None:
            p = g.to_act
            bots[p].last_reason = ""
            a = bots[p].act(g.view(p))
            if bots[p].last_reason:
                text = sentence(bots[p].last_reason, a, names)
                assert text.startswith(names[p]) and text.endswith("."), (bots[p].last_reason, text)
                assert "{" not in text and "  " not in text
            g.push(a)
    assert "wants a bribe" in known()


def test_session_tells_each_reason_right_after_its_move():
    from sheriff.widgets.play.session import Session

    for seed in range(4):
        g = Game(Rules(players=4), seed=seed)
        s = Session(
            g,
            [],
            {0: ("honest", "trusting"), 1: ("smuggler", "suspicious"), 2: ("bluffer", "greedy"), 3: (COACH, COACH)},
        )
        while s.bot_step():  # only bots at this table: they play to the end
            pass
        assert g.is_over()
        # the last move's line carries its reason, then the end of the game: the reason comes first
        (last,) = [ln.text for ln in s.lines if "Why:" in ln.text and "wins!" in ln.text]
        assert last.index("Why:") < last.index("The game is over")
        assert any("follows the coach's advice" in ln.text for ln in s.lines)
        assert not any("Why: wants a bribe" in ln.text for ln in s.lines)


def test_the_coach_module_example_holds():
    import doctest

    import sheriff.coach

    assert doctest.testmod(sheriff.coach).failed == 0


def test_the_coach_suggests_the_goods_that_overpay_least_for_a_debt():
    from sheriff import actions as A
    from sheriff.coach import advise
    from tests.rig import cards, game_at_inspection

    g = game_at_inspection(
        {1: cards("silk", 2)},
        {1: "apples"},
        players=4,
        gold={1: 3},
        stands={1: cards("apples", 1, "cheese", 2, "chickens", 2)},
    )
    g.push(A.Inspect(g.state.officials[0], 1))
    advice = advise(g.view(1))
    assert advice.move == A.PayDebt(1, tuple(sorted(advice.move.goods)))
    assert g.is_legal(advice.move) and "overpay least" in advice.sentence
