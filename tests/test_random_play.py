"""Invariants over many simulated games, for every edition, player count and variant mix.

* no card is created or lost (every zone, the box of removed cards included);
* gold only moves between players (plus the Booty, and odd Booty coins back to the bank);
* nobody's gold goes negative; hands and bags stay within their limits;
* every refused action leaves the state exactly as it was.
"""

import ast
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheriff import actions as A
from sheriff.actions import Bribe
from sheriff.bots import MERCHANT_STYLES, SHERIFF_STYLES, Bot, play_game
from sheriff.cards import N_GOODS
from sheriff.engine import Game
from sheriff.errors import IllegalAction
from sheriff.rules import Rules
from sheriff.state import INSPECT, LOAD, MARKET


@st.composite
def rule_sets(draw):
    edition = draw(st.sampled_from(["1E", "2E"]))
    players = draw(st.integers(3, 5 if edition == "1E" else 6))
    return Rules(
        edition=edition,
        players=players,
        royal_goods=draw(st.booleans()),
        time_limit=draw(st.booleans()),
        remove_ten=draw(st.booleans()),
        seven_card_hand=draw(st.booleans()),
        black_market=edition == "2E" and draw(st.booleans()),
    )


# Conservation is counted here, from the state's zones, not with the engine's own totals
# (GameState.card_totals, total_gold).  Every field of GameState is sorted below as a zone of
# goods cards, a purse of gold, or neither, so a new zone cannot escape the count unnoticed.
PER_SEAT_COUNTS = ("hands", "stands", "bags")  # a count vector per seat (a bag may be None)
COUNTS = ("box", "booty")  # one count vector
CARD_LISTS = ("deck", "set_aside")  # cards, one entry each
PILES = ("discards",)  # lists of cards
PURSES = ("gold", "booty_gold", "bank")
NO_GOODS_CARDS = {
    "rules", "n", "names", "edition1", "hand_size", "rounds", "deputies_mode", "bm_on", "time_on", "rng", "bag_size",
    "declared", "bm_cards", "round", "officials", "sheriff_turns", "deputy_deck", "deputy_runs", "phase", "order",
    "market_order", "turn", "handled", "current", "nego", "must_inspect", "must_pass", "stances", "authority",
    "bm_piles", "bm_claimed", "claim_queue", "debts", "booty_terms", "events", "history", "scores", "winners",
    "composition",
}  # fmt: skip


def state_fields() -> set[str]:
    """GameState's fields, read from its source (compiled or not)."""
    tree = ast.parse((Path(__file__).parents[1] / "sheriff" / "state.py").read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "GameState")
    return {n.target.id for n in cls.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}


def test_every_field_of_the_state_is_sorted_for_the_count():
    sorted_fields = {*PER_SEAT_COUNTS, *COUNTS, *CARD_LISTS, *PILES, *PURSES} | NO_GOODS_CARDS
    assert state_fields() == sorted_fields


def count_cards(s) -> list[int]:
    """Goods cards of each kind, counted zone by zone."""
    tally = [0] * N_GOODS
    for name in PER_SEAT_COUNTS:
        for counts in getattr(s, name):
            for g, k in enumerate(counts or ()):
                tally[g] += k
    for name in COUNTS:
        for g, k in enumerate(getattr(s, name)):
            tally[g] += k
    cards = [c for name in CARD_LISTS for c in getattr(s, name)]
    cards += [c for name in PILES for pile in getattr(s, name) for c in pile]
    for c in cards:
        tally[c] += 1
    return tally


def count_gold(s) -> int:
    return sum(sum(v) if isinstance(v, list) else v for v in (getattr(s, name) for name in PURSES))


def test_the_count_sees_a_card_or_a_coin_gone():
    s = Game(Rules(players=4), seed=3).state
    cards, gold = count_cards(s), count_gold(s)
    assert sum(cards) == len(s.deck) + sum(map(sum, s.hands)) and gold == 200
    s.hands[0][s.deck.pop()] += 0  # a card lost from the draw pile
    s.booty_gold += 1  # a coin from nowhere
    assert sum(count_cards(s)) == sum(cards) - 1 and count_gold(s) == gold + 1


def check_invariants(s):
    assert count_cards(s) == s.composition  # the deal's goods cards, as the rulebook's component list
    assert count_gold(s) == 50 * s.n  # everyone starts with 50 gold; it only changes hands
    assert min(s.gold) >= 0 and s.booty_gold >= 0
    assert all(min(h) >= 0 and sum(h) <= s.hand_size for h in s.hands)
    assert all(min(x) >= 0 for x in s.stands)
    for b in s.bags:
        assert b is None or 1 <= sum(b) <= 5
    if s.phase != INSPECT:
        assert s.booty_gold == 0 and sum(s.booty) == 0
        assert not s.debts  # a debt in goods waits only within the Inspection


def random_action(g, rng):
    """A random move: usually a legal one, sometimes a wild guess (often illegal)."""
    s = g.state
    p = g.to_act
    if rng.random() < 0.25:
        wild = [
            A.Market(
                rng.randrange(s.n),
                tuple(rng.randrange(N_GOODS) for _ in range(rng.randrange(7))),
                tuple(rng.randrange(3) for _ in range(rng.randrange(3))),
                rng.randrange(3),
            ),
            A.LoadBag(rng.randrange(s.n), tuple(rng.randrange(N_GOODS) for _ in range(rng.randrange(7)))),
            A.Declare(rng.randrange(s.n), rng.randrange(N_GOODS), rng.randrange(7)),
            A.Inspect(rng.randrange(s.n), rng.randrange(s.n)),
            A.Pass(rng.randrange(s.n), rng.randrange(s.n)),
            A.Accept(rng.randrange(s.n), rng.randrange(s.n)),
            A.Decline(rng.randrange(s.n), rng.randrange(s.n)),
            A.Offer(
                rng.randrange(s.n),
                rng.randrange(s.n),
                Bribe(
                    gold=rng.randrange(-2, 80),
                    stand=tuple(rng.randrange(N_GOODS) for _ in range(rng.randrange(3))),
                    bag=tuple(rng.randrange(N_GOODS) for _ in range(rng.randrange(3))),
                    inspect=tuple(rng.randrange(s.n) for _ in range(rng.randrange(2))),
                ),
            ),
            A.Stance(rng.randrange(s.n), rng.randrange(s.n), rng.random() < 0.5),
            A.TimeUp(rng.randrange(s.n)),
            A.ClaimBlackMarket(rng.randrange(s.n), rng.randrange(N_GOODS)),
            A.ChooseStart(rng.randrange(s.n), rng.randrange(s.n)),
            A.SkipClaim(rng.randrange(s.n)),
            A.PayDebt(rng.randrange(s.n), tuple(rng.randrange(N_GOODS) for _ in range(rng.randrange(4)))),
            A.AgreeBooty(rng.randrange(s.n), rng.randrange(s.n), rng.randrange(s.n)),
            A.Inspect(
                rng.randrange(s.n),
                rng.randrange(s.n),
                0,
                tuple(rng.randrange(N_GOODS) for _ in range(rng.randrange(7))),
            ),
        ]
        return rng.choice(wild)
    if s.phase == MARKET:
        hand = [c for c in range(N_GOODS) for _ in range(s.hands[p][c])]
        rng.shuffle(hand)
        d = tuple(hand[: rng.randrange(min(5, len(hand)) + 1)])
        piles = ()
        if s.edition1:
            want = s.hand_size - (len(hand) - len(d))
            piles = tuple(rng.randrange(2) for _ in range(rng.randrange(max(want, 0) + 1)))
        return A.Market(p, d, piles, rng.randrange(2) if s.edition1 else 0)
    if s.phase == LOAD:
        hand = [c for c in range(N_GOODS) for _ in range(s.hands[p][c])]
        rng.shuffle(hand)
        return A.LoadBag(p, tuple(hand[: rng.randint(1, min(5, len(hand)))]))
    if s.phase == INSPECT and s.debts and rng.random() < 0.5:  # the debtor's own pick, often refused
        stand = [c for c in range(N_GOODS) for _ in range(s.stands[p][c])]
        return A.PayDebt(p, tuple(rng.sample(stand, rng.randrange(min(len(stand), 6) + 1))))
    if s.phase == INSPECT and s.deputies_mode and rng.random() < 0.05:  # the Deputies' terms for the Booty
        return A.AgreeBooty(rng.choice(s.officials), rng.choice(s.officials), rng.choice(s.officials))
    acts = g.legal_actions()
    if s.phase == INSPECT and s.nego is not None and rng.random() < 0.3:
        m = s.nego.merchant
        stand = [c for c in range(N_GOODS) for _ in range(s.stands[m][c])]
        return A.Offer(
            p,
            m,
            Bribe(
                gold=rng.randrange(s.gold[m] + 1),
                stand=tuple(rng.sample(stand, min(len(stand), rng.randrange(3)))),
                bag=tuple(rng.randrange(N_GOODS) for _ in range(rng.randrange(3))),
                inspect=tuple(x for x in s.order if x != m and rng.random() < 0.2),
            ),
        )
    a = rng.choice(acts)
    if isinstance(a, A.Inspect) and rng.random() < 0.5:  # the Sheriff's order for confiscated goods
        a = A.Inspect(
            a.player,
            a.merchant,
            a.pile,
            tuple(rng.randrange(N_GOODS) for _ in range(rng.randrange(s.bag_size[a.merchant] + 1))),
        )
    return a


@pytest.mark.slow
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), seed=st.integers(0, 10**6), policy=st.integers(0, 10**6))
def test_random_play_keeps_every_invariant_and_refusals_change_nothing(rules, seed, policy):
    g = Game(rules, seed=seed)
    rng = random.Random(policy)
    check_invariants(g.state)
    refusals = steps = 0
    while not g.is_over() and steps < 3000:
        a = random_action(g, rng)
        before = g.state.fingerprint()
        try:
            g.push(a)
        except IllegalAction as e:
            refusals += 1
            assert g.state.fingerprint() == before
            assert e.rule_id and e.cite and e.reason
        else:
            steps += 1
        check_invariants(g.state)
    assert g.is_over(), f"game did not end in {steps} steps"
    assert refusals > 0


@pytest.mark.slow
def test_thousands_of_bot_games_keep_the_invariants():
    rng = random.Random(2026)
    games = 0
    for i in range(1500):
        ed = rng.choice(["1E", "2E"])
        n = rng.randint(3, 5 if ed == "1E" else 6)
        rules = Rules(
            edition=ed,
            players=n,
            royal_goods=rng.random() < 0.5,
            black_market=ed == "2E" and rng.random() < 0.5,
            seven_card_hand=rng.random() < 0.2,
            remove_ten=rng.random() < 0.2,
        )
        bots = [Bot(rng.choice(MERCHANT_STYLES), rng.choice(SHERIFF_STYLES), seed=i * 10 + p) for p in range(n)]
        g = Game(rules, seed=i)
        s = g.state
        while not g.is_over():
            p = g.to_act
            g.push(bots[p].act(g.view(p)))
            if i % 10 == 0:
                check_invariants(s)
        check_invariants(s)
        assert s.winners and max(sc.total for sc in s.scores) == s.scores[s.winners[0]].total
        games += 1
    assert games == 1500


def test_bots_only_read_their_view():
    """A bot shown a copy of the game whose hidden parts are scrambled acts exactly the same."""
    from sheriff.views import SeatView

    g = Game(Rules(edition="2E", players=4), seed=5)
    bots = [Bot("bluffer", "suspicious", seed=p) for p in range(4)]
    twins = [Bot("bluffer", "suspicious", seed=p) for p in range(4)]
    while not g.is_over():
        p = g.to_act
        t = g.state.copy()
        for q in range(4):  # scramble what seat p cannot see
            if q != p:
                t.hands[q] = t.hands[q][::-1]
                if t.bags[q] is not None:
                    t.bags[q] = t.bags[q][::-1]
        t.deck.reverse()
        a = bots[p].act(g.view(p))
        assert twins[p].act(SeatView(t, p)) == a
        g.push(a)
    assert g.is_over()


def test_play_game_helper_finishes_all_player_counts():
    for n in (3, 4, 5, 6):
        g = play_game(Game(Rules(edition="2E", players=n), seed=n), [Bot(seed=p) for p in range(n)])
        assert g.is_over() and len(g.state.scores) == n
