"""The JSON edge (sheriff.record): moves by name, whole games saved and replayed,
and hostile files turned into one clear InvalidScenario line."""

from __future__ import annotations

import json
import random
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheriff import actions as A
from sheriff.cards import GOOD_IDS
from sheriff.engine import Game
from sheriff.errors import InvalidScenario
from sheriff.record import MAX_ACTIONS, action_from_json, action_to_json, from_action
from sheriff.rules import Rules
from sheriff.saved_game import SavedGame, load_game, save_game
from sheriff.scenario import get_scenario


def play_random(rules: Rules, seed: int, max_moves: int = 4000) -> Game:
    """A whole game of random legal moves (move kinds drawn evenly, then a move of that kind)."""
    g = Game(rules, seed=seed, first_sheriff=seed % rules.players)
    rng = random.Random(seed)
    for _ in range(max_moves):
        if g.is_over():
            break
        by_kind: dict[type, list] = {}
        for a in g.legal_actions():
            by_kind.setdefault(type(a), []).append(a)
        kinds = sorted(by_kind, key=lambda c: c.__name__)
        kind = rng.choice(kinds)
        if kind is A.Offer and len(kinds) > 1 and rng.random() < 0.6:
            kind = rng.choice([k for k in kinds if k is not A.Offer])  # keep haggling finite
        g.push(rng.choice(by_kind[kind]))
    return g


RULESETS = [
    Rules(edition="1E", players=3),
    Rules(edition="1E", players=5, royal_goods=True, seven_card_hand=True),
    Rules(edition="2E", players=4, royal_goods=True, time_limit=True, remove_ten=True),
    Rules(edition="2E", players=6, black_market=True),
    Rules(edition="2E", players=5, black_market=True, royal_goods=True),
]


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.describe())
@pytest.mark.parametrize("seed", [1, 2])
def test_random_game_round_trip(rules, seed):
    g = play_random(rules, seed)
    assert g.is_over(), "the random game should reach the end"
    text = save_game(g)
    data = json.loads(text)  # plain JSON, nothing executable
    assert data["format"] == "sheriff-game" and data["version"] == 1
    assert len(data["actions"]) == len(g.history)
    h = load_game(text)
    assert h.state.fingerprint() == g.state.fingerprint()
    assert [s.total for s in h.scores] == [s.total for s in g.scores]
    assert h.winners == g.winners
    assert h.history == g.history
    # saving the reloaded game gives the same text
    assert save_game(h) == text


def test_unfinished_game_round_trip_and_continue():
    g = Game(Rules(edition="2E", players=4), seed=11)
    rng = random.Random(3)
    for _ in range(25):
        g.push(rng.choice(g.legal_actions()))
    h = load_game(save_game(g))
    assert h.state.fingerprint() == g.state.fingerprint()
    a = g.legal_actions()[0]
    assert h.push(a) == g.push(a)  # both continue identically


def test_scenario_game_saves_its_setup():
    sc = get_scenario("1e-friar-tuck-bribe")
    g = sc.game()
    for step in sc.steps:
        g.push(step.action.to_action())
    text = save_game(g)
    assert json.loads(text)["setup"]["names"] == sc.setup.names
    h = load_game(text)
    assert h.state.fingerprint() == g.state.fingerprint()
    assert h.state.gold == [58, 42, 50, 50]
    # a copy of the game (widgets copy games) still knows where it began
    assert load_game(save_game(g.copy())).state.fingerprint() == g.state.fingerprint()
    # a prepared position that is not a scenario cannot be saved silently wrong
    bare = Game.from_state(sc.setup.to_state())
    with pytest.raises(ValueError):
        save_game(bare)


ONE_OF_EACH = [
    {"type": "choose_start", "player": 0, "start": 1},
    {"type": "market", "player": 1, "discard": ["apples", "mead"], "from_piles": [0, 1], "pile": 1},
    {"type": "load_bag", "player": 2, "cards": ["apples", "apples", "gouda_cheese"]},
    {"type": "declare", "player": 2, "good": "chickens", "count": 4},
    {"type": "stance", "player": 0, "merchant": 3, "inspect": True},
    {"type": "threaten", "player": 0, "merchant": 3},
    {
        "type": "offer",
        "player": 3,
        "merchant": 3,
        "bribe": {"gold": 5, "stand": ["apples"], "bag": ["silk"], "inspect": [1], "let_pass": [2], "promise": "later"},
    },
    {"type": "accept", "player": 0, "merchant": 3},
    {"type": "decline", "player": 3, "merchant": 3},
    {"type": "inspect", "player": 0, "merchant": 3, "pile": 1, "order": ["mead", "silk"]},
    {"type": "pass", "player": 0, "merchant": 3},
    {"type": "time_up", "player": 0},
    {"type": "claim_black_market", "player": 3, "good": "pepper"},
    {"type": "skip_claim", "player": 3},
    {"type": "pay_debt", "player": 3, "goods": ["apples", "gouda_cheese"]},
    {"type": "agree_booty", "player": 0, "coin_to": 0, "card_to": 1},
]


@pytest.mark.parametrize("obj", ONE_OF_EACH, ids=lambda o: o["type"])
def test_every_move_type_converts_both_ways(obj):
    a = action_from_json(obj)
    assert isinstance(a, A.ACTION_TYPES)
    back = action_to_json(a)
    full = from_action(a).model_dump(mode="json")
    assert back == full
    for k, v in obj.items():
        if k == "bribe":
            for bk, bv in v.items():
                assert back["bribe"][bk] == bv
        else:
            assert back[k] == v
    assert action_from_json(back) == a


def test_goods_are_names_outside_and_ints_inside():
    a = action_from_json({"type": "load_bag", "player": 1, "cards": ["Apples", "gouda cheese", "crossbow"]})
    assert a.cards == (GOOD_IDS["apples"], GOOD_IDS["gouda_cheese"], GOOD_IDS["crossbows"])
    assert action_to_json(a)["cards"] == ["apples", "gouda_cheese", "crossbows"]
    assert {t for t in (json.dumps(x) for x in ONE_OF_EACH)}  # the examples are JSON


def test_all_engine_action_types_have_a_json_form():
    covered = {type(action_from_json(o)) for o in ONE_OF_EACH}
    assert covered == set(A.ACTION_TYPES)


# -- hostile and malformed files ------------------------------------------------------
def _base() -> dict:
    return json.loads(save_game(Game(Rules(edition="2E", players=4), seed=3)))


def _with(**kw) -> str:
    d = _base()
    d.update(kw)
    return json.dumps(d)


BAD = [
    ("not json at all", "file", "not valid JSON"),
    ("[" * 200_000, "file", "not valid JSON"),  # deeply nested
    ('{"a":' * 50_000 + "1" + "}" * 50_000, "file", "not valid JSON"),
    ("x" * 50_000_000, "file", "too large"),  # a 50 MB string
    ("12", "file", "expected a JSON object"),
    ("[]", "file", "expected a JSON object"),
    ("", "file", "not valid JSON"),
    (
        _with(
            actions=[
                {"type": "market", "player": 1},
                {"type": "market", "player": 2},
                {"type": "market", "player": 3},
                {"type": "declare", "player": 1, "good": "gold_bars", "count": 3},
            ]
        ),
        "actions[3].good",
        "unknown good 'gold_bars'",
    ),
    (_with(actions=[{"type": "teleport", "player": 1}]), "actions[0]", "unknown move type 'teleport'"),
    (_with(actions=[{"player": 1}]), "actions[0]", 'needs a "type"'),
    (_with(actions=[{"type": "pass", "player": -1, "merchant": 2}]), "actions[0].player", "greater than or equal to 0"),
    (_with(actions=[{"type": "pass", "player": 4, "merchant": 2}]), "actions[0].player", "no seat 4"),
    (_with(actions=[{"type": "pass", "player": True, "merchant": 2}]), "actions[0].player", "valid integer"),
    (_with(actions=[{"type": "pass", "player": "1", "merchant": 2}]), "actions[0].player", "valid integer"),
    (_with(actions=[{"type": "pass", "player": 1.5, "merchant": 2}]), "actions[0].player", "valid integer"),
    (
        _with(actions=[{"type": "offer", "player": 0, "merchant": 1, "bribe": {"gold": -5}}]),
        "actions[0].bribe.gold",
        "greater than or equal to 0",
    ),
    (
        _with(actions=[{"type": "offer", "player": 0, "merchant": 1, "bribe": {"gold": 10**30}}]),
        "actions[0].bribe.gold",
        "less than or equal",
    ),
    (
        _with(actions=[{"type": "offer", "player": 0, "merchant": 1, "bribe": {"promise": "p" * 10_000}}]),
        "actions[0].bribe.promise",
        "at most 200",
    ),
    (
        _with(actions=[{"type": "offer", "player": 0, "merchant": 1, "bribe": {"inspect": [9]}}]),
        "actions[0].bribe.inspect[0]",
        "less than or equal to 5",
    ),
    (
        _with(actions=[{"type": "load_bag", "player": 1, "cards": ["apples"] * 100_000}]),
        "actions[0].cards",
        "at most 20",
    ),
    (_with(actions=[{"type": "load_bag", "player": 1, "cards": [["apples"]]}]), "actions[0].cards[0]", "valid string"),
    (_with(actions=[{"type": "market", "player": 1}] * (MAX_ACTIONS + 1)), "actions", "at most 5000"),
    (_with(actions="all of them"), "actions", "valid list"),
    (_with(actions=[{"type": "pass", "player": 0, "merchant": 2, "extra": 1}]), "actions[0].extra", "unknown field"),
    (_with(seed=-1), "seed", "greater than or equal to 0"),
    (_with(seed=10**100), "seed", "less than or equal"),
    (_with(seed="7"), "seed", "valid integer"),
    (_with(names=["a", "b"]), "names", "at least 3"),
    (_with(names=["a", "a", "b", "c"]), "names", "different name"),
    (_with(names=["a", "b", "c"]), "names", "3 names for a 4-player game"),
    (_with(names=["a" * 5000, "b", "c", "d"]), "names[0]", "at most 40"),
    (_with(names=["a\x00", "b", "c", "d"]), "names[0]", "control characters"),
    (_with(first_sheriff=4), "first_sheriff", "no seat 4"),
    (_with(rules={"edition": "1E", "players": 6}), "rules", "2nd edition"),
    (_with(rules={"edition": "3E"}), "rules.edition", "'1E' or '2E'"),
    (_with(rules={"players": 40}), "rules.players", "less than or equal to 6"),
    # strict types and sane bounds for the rules a user may edit
    (_with(rules={"players": "5"}), "rules.players", "valid integer"),
    (_with(rules={"royal_goods": "yes"}), "rules.royal_goods", "valid boolean"),
    (_with(rules={"royal_goods": 1}), "rules.royal_goods", "valid boolean"),
    (
        _with(rules={"black_market": True, "black_market_piles": [{"good": "pepper", "values": [10**100, 1]}]}),
        "rules.black_market_piles[0].values[0]",
        "less than or equal to 1000",
    ),
    (_with(names=["A", "A ", "b", "c"]), "names", "different name"),
    (_with(names=["A\u202eB", "b", "c", "d"]), "names[0]", "control characters"),
    (
        '{"format": "sheriff-game", "format": "sheriff-game", "names": ["a", "b", "c", "d"]}',
        "file",
        "the key 'format' appears twice",
    ),
    (_with(version=99), "version", "Input should be 1"),
    (_with(__class__="os.system"), "__class__", "unknown field"),
    (_with(setup={"names": "x"}), "setup.names", "valid list"),
]


@pytest.mark.parametrize("text,field,words", BAD, ids=[f"{i}-{b[1]}" for i, b in enumerate(BAD)])
def test_bad_files_give_one_clear_line(text, field, words):
    t0 = time.perf_counter()
    with pytest.raises(InvalidScenario) as ei:
        load_game(text)
    assert time.perf_counter() - t0 < 5
    e = ei.value
    assert e.field == field
    msg = str(e)
    assert msg.startswith(field + ": ")
    assert words in msg
    assert "\n" not in msg and len(msg) < 400


def test_a_byte_order_mark_is_accepted():
    text = save_game(Game(Rules(edition="2E", players=4), seed=3))
    assert load_game("\ufeff" + text).names == load_game(b"\xef\xbb\xbf" + text.encode()).names


def test_non_text_input_is_refused():
    for thing in (None, 12, {"names": []}, ["x"]):
        with pytest.raises(InvalidScenario) as ei:
            load_game(thing)
        assert ei.value.field == "file"


def test_illegal_move_is_reported_with_its_index_and_the_rule():
    g = Game(Rules(edition="2E", players=4), seed=5)
    rng = random.Random(5)
    for _ in range(8):
        g.push(rng.choice(g.legal_actions()))
    d = json.loads(save_game(g))
    # a seventh card in a bag, spliced in right where it is the first merchant's turn to load
    d["actions"] = d["actions"][:4] + [
        {"type": "load_bag", "player": d["actions"][1]["player"], "cards": ["apples"] * 6}
    ]
    with pytest.raises(InvalidScenario) as ei:
        load_game(json.dumps(d))
    e = ei.value
    assert e.field == "actions[4]"
    assert "load.size" in str(e) and "at most five" in str(e)
    assert "2E · Phase 2 Load Merchant Bag" in str(e)


def test_move_out_of_turn_is_reported():
    d = _base()
    d["actions"] = [{"type": "inspect", "player": 0, "merchant": 2}]
    with pytest.raises(InvalidScenario) as ei:
        load_game(json.dumps(d))
    assert ei.value.field == "actions[0]"
    assert "rule round.phases" in str(ei.value)


def test_action_from_json_names_the_field():
    with pytest.raises(InvalidScenario) as ei:
        action_from_json({"type": "claim_black_market", "player": 1, "good": "gold_bars"})
    assert str(ei.value) == "action.good: unknown good 'gold_bars'"
    with pytest.raises(InvalidScenario) as ei:
        action_from_json("pass")
    assert ei.value.field == "action"


def test_saved_game_model_is_strict_about_the_table():
    with pytest.raises(ValueError):  # pydantic's ValidationError is a ValueError
        SavedGame(rules=Rules(players=3), names=["a", "b", "c", "d"])
    ok = SavedGame(rules=Rules(players=3), names=["a", "b", "c"])
    g = load_game(ok.model_dump_json())
    assert g.names == ["a", "b", "c"] and g.history == []


# -- fuzzing: any JSON at all gives a Game or one InvalidScenario, never another exception -----------

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(["apples", "gouda_cheese", "pass", "offer", "2E", "1E", "market"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)

FIELDS = ["format", "version", "rules", "names", "seed", "first_sheriff", "setup", "actions"]


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field=st.sampled_from(FIELDS), value=JSON, index=st.integers(0, 6), move_field=st.text(max_size=10))
def test_fuzzed_saved_games_never_crash(field, value, index, move_field):
    g = Game(Rules(edition="2E", players=4), seed=9)
    rng = random.Random(index)
    for _ in range(6):
        g.push(rng.choice(g.legal_actions()))
    d = json.loads(save_game(g))
    if field == "actions" and index % 2:
        d["actions"][index % len(d["actions"])][move_field or "type"] = value  # one field of one move
    else:
        d[field] = value
    try:
        h = load_game(json.dumps(d))
    except InvalidScenario as e:
        assert "\n" not in str(e) and e.field
    else:  # a real game: it saves and loads back to the same moves, and play goes on from it
        again = load_game(save_game(h))
        assert again.history == h.history and again.names == h.names and again.rules == h.rules
        assert h.is_over() or h.legal_actions()


def test_a_game_with_debts_paid_in_goods_orders_and_booty_terms_round_trips():
    """Issue 13's moves (PayDebt, Inspect with an order, AgreeBooty) are saved and replayed exactly."""
    from sheriff.bots import make_bots
    from sheriff.rules import Rules
    from sheriff.saved_game import load_game, save_game

    g = Game(Rules(edition="2E", players=6), seed=0)
    bots = make_bots(6, seed=0)
    agreed = False
    while not g.is_over():
        s = g.state
        if s.phase == "inspect" and not agreed:
            a, b = s.officials
            g.push(A.AgreeBooty(a, b, a))
            g.push(A.AgreeBooty(b, b, a))
            agreed = True
        p = g.to_act
        move = bots[p].act(g.view(p))
        if isinstance(move, A.Inspect):
            move = A.Inspect(move.player, move.merchant, move.pile, (GOOD_IDS["silk"],))
        g.push(move)
    kinds = {type(a) for a in g.history}
    assert {A.PayDebt, A.AgreeBooty} <= kinds
    again = load_game(save_game(g))
    assert again.history == g.history and again.scores == g.scores
