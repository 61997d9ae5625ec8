"""The class games' registry (sheriff.classroom.class_games) and its third game, lab 31's bribe
bargaining: its outcome is the lab's payoff, its equilibrium the lab solver's, its CSV rows spell
out the choices; and no module of class mode tells the games apart by their names."""

from __future__ import annotations

import ast
import csv
import io
import random
from fractions import Fraction
from pathlib import Path

import pytest

from sheriff.classroom import Classroom, ClassroomError, Store, checks, class_games, games
from sheriff.classroom.class_games import bargain
from sheriff.classroom.stats import BASE_COLUMNS, CSV_COLUMNS, SUMMARY_COLUMNS
from sheriff.i18n import language
from sheriff.theory import bargaining as bg
from tests.pg import FakeClock

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def classroom(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'classroom.sqlite'}", clock=FakeClock())
    yield Classroom(store)
    store.close()


def test_every_game_fills_the_protocol():
    assert list(class_games.GAMES) == ["inspection", "duel", "bargain"]
    rounds = [g.check_round for g in class_games.GAMES.values()]
    assert len(set(rounds)) == len(rounds) and all(r <= 0 for r in rounds)  # never a round that is played
    for name, game in class_games.GAMES.items():
        assert game.name == name and game.title() and game.instructions()
        params = game.check_params({})
        assert params == game.check_params(params)  # checked parameters are a fixed point
        assert set(game.form_values(params)) == {f.name for f in game.fields}
        assert len(game.questions) == 2 and all(0 <= q.right < len(q.options) for q in game.questions)
        assert checks.wrong(name, [q.right for q in game.questions]) == []
        assert set(game.csv_columns) <= set(CSV_COLUMNS)
    with pytest.raises(ClassroomError) as e:
        class_games.get("poker")
    assert e.value.reason == "params"


def _game_name_comparisons(path: Path) -> list[str]:
    """``x == "duel"``-like comparisons (and ``in ("inspection", ...)``) in a module's source."""
    names = set(class_games.GAMES)
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                consts = side.elts if isinstance(side, ast.Tuple | ast.List | ast.Set) else [side]
                if any(isinstance(c, ast.Constant) and c.value in names for c in consts):
                    found.append(f"{path.name}:{node.lineno}")
    return found


def test_no_module_tells_the_games_apart_by_name():
    modules = [*(ROOT / "sheriff/classroom").glob("*.py"), *(ROOT / "sheriff/widgets").glob("class_*.py")]
    assert [hit for m in modules for hit in _game_name_comparisons(m)] == []


def test_the_finder_sees_a_name_compared(tmp_path):
    f = tmp_path / "m.py"
    f.write_text('def f(game):\n    return game == "duel" or game in ("bargain",)\n')
    assert _game_name_comparisons(f) == ["m.py:2", "m.py:2"]


def test_bargaining_pays_the_labs_payoffs():
    game = class_games.get("bargain")
    params = game.check_params({"item_value": 2, "item_penalty": 3, "sheriff_penalty": 1})
    lab = bg.SheriffParams(item_value=2, item_penalty=3, sheriff_penalty=1, num_rounds=1)
    for items in range(bargain.MAX_ITEMS + 1):
        for bribe in range(bargain.MAX_BRIBE + 1):
            for action in ("pass", "inspect"):
                out = game.resolve(params, 0, {"items": items, "bribe": bribe}, {"action": action})
                assert (out.merchant, out.sheriff) == lab.payoff(items, bribe, action == "inspect")
                assert out.detail["smuggled"] == (items > 0) and out.detail["offered"] == (bribe > 0)
                assert out.detail["taken"] == (bribe > 0 and action == "pass")
    # the lab's own example: 3 items, 1 gold, let pass; a clean bag inspected pays the merchant
    assert game.resolve(params, 0, {"items": 3, "bribe": 1}, {"action": "pass"}).merchant == 3 * 2 - 1
    assert game.resolve(params, 0, {"items": 0, "bribe": 2}, {"action": "inspect"}).merchant == 1


def test_bargaining_refuses_what_the_lab_has_not():
    game = class_games.get("bargain")
    params = game.default_params()
    for bad in ({"items": 4, "bribe": 0}, {"items": 0, "bribe": -1}, {"items": "x"}, None):
        with pytest.raises(ClassroomError) as e:
            game.check_merchant(params, 0, bad)
        assert e.value.reason == "move"
    with pytest.raises(ClassroomError) as e:
        game.check_params({"item_penalty": 9})
    assert e.value.reason == "params"
    with pytest.raises(ClassroomError) as e:
        game.check_sheriff(params, 0, None, {"action": "pass"})
    assert e.value.reason == "not_your_turn"


@pytest.mark.parametrize("penalty", [2, 4])
def test_bargainings_equilibrium_is_the_lab_solvers(penalty):
    params = {"item_value": 1, "item_penalty": penalty, "sheriff_penalty": 3}
    solution = bg.solve(bg.SheriffParams(item_penalty=penalty, num_rounds=1))
    root = solution.behavior[0][0]  # the smuggler's first information set: the load
    assert solution.tree.infosets[0][0].key == ("S",)
    offers, inspect = bg.final_offers(solution), bg.inspect_chance(solution)
    expected_inspect = sum(
        Fraction(root[n]) * Fraction(w) * Fraction(inspect[b])
        for n in range(len(root))
        if root[n]
        for b, w in offers[n].items()
    )
    p = games.prediction("bargain", params)
    assert p.smuggle == 1 - Fraction(root[0]) and p.inspect == expected_inspect
    said = p.text.splitlines()
    assert said[0].startswith("The lab's solver (lab 31)") and len(said) >= 5
    offered = f"Offered 0 gold, the Sheriff inspects {bg.share(inspect[0])} of the time."
    assert offered in said and said[-1].startswith(f"So {bg.share(p.smuggle)} of merchants")
    # the lab's defaults: a third of merchants load 3 items, every offer is 0 gold, inspected 1/4 of the time
    if penalty == 2:
        assert (p.smuggle, p.inspect) == (Fraction(1, 3), Fraction(1, 4))
    else:  # a heavier fine: fewer merchants smuggle and the Sheriff inspects less
        assert (p.smuggle, p.inspect) == (Fraction(1, 5), Fraction(1, 6))


def test_the_coach_plays_the_labs_equilibrium():
    game = class_games.get("bargain")
    params = game.default_params()
    merchants = [game.bot_merchant(params, seed) for seed in range(300)]
    assert {(m["items"], m["bribe"]) for m in merchants} == {(0, 0), (3, 0)}  # the loads the lab makes
    share = sum(m["items"] > 0 for m in merchants) / len(merchants)
    assert abs(share - 1 / 3) < 0.1
    inspected = [game.bot_sheriff(params, s, {"items": 0, "bribe": 0})["action"] for s in range(300)]
    assert abs(inspected.count("inspect") / 300 - 1 / 4) < 0.1
    assert {game.bot_sheriff(params, s, {"items": 0, "bribe": 3})["action"] for s in range(50)} == {"pass"}


def test_a_bargaining_round_in_the_csv_and_the_summary(classroom):
    room = classroom.create_room("bargain", seed=5)
    seats = {n: classroom.join(room.code, n) for n in ("Anna", "Bob", "Cleo", "Dan")}
    for seat in seats.values():
        assert seat.check([0, 1]) == [] and seat.check([1, 1]) == [0]
    assert all("bargain" in s.checked for s in room.dashboard().seats)
    room.start_round()
    rng, made = random.Random(1), {}
    for name, seat in seats.items():
        if seat.view().role == "merchant":
            made[name] = {"items": rng.randrange(4), "bribe": rng.randrange(4)}
            seat.choose(made[name])
    for name, seat in seats.items():
        v = seat.view()
        if v.role == "sheriff":
            assert v.status == "choose" and set(v.turn) >= {"bribe"} and "items" not in v.turn
            made[name] = {"action": "inspect" if v.turn["bribe"] == 0 else "pass"}
            seat.choose(made[name])
    rows = list(csv.DictReader(io.StringIO(room.csv())))
    assert (
        tuple(rows[0])
        == CSV_COLUMNS
        == BASE_COLUMNS + ("bag", "action", "load", "declared", "bribe_gold", "bribe_cards", "items", "bribe")
    )
    played = [r for r in rows if r["role"] in ("merchant", "sheriff")]
    assert {r["nickname"]: r["game"] for r in played} == dict.fromkeys(seats, "bargain")
    for r in played:
        want = made[r["nickname"]]
        if r["role"] == "merchant":
            assert (int(r["items"]), int(r["bribe"]), r["action"]) == (want["items"], want["bribe"], "")
        else:
            assert (r["items"], r["action"]) == ("", want["action"])
    summary = {r["nickname"]: r for r in csv.DictReader(io.StringIO(room.summary_csv()))}
    assert tuple(next(iter(summary.values()))) == SUMMARY_COLUMNS
    for name, want in made.items():
        row = summary[name]
        if "items" in want:
            assert int(row["false_declarations"]) == (want["items"] > 0)
            assert int(row["bribes_offered"]) == (want["bribe"] > 0)
        else:
            assert int(row["inspected"]) == (want["action"] == "inspect")
    stats = room.dashboard().rounds[-1]
    assert stats.merchants == 2 and stats.smuggled == sum(m.get("items", 0) > 0 for m in made.values())


def test_bargaining_speaks_ukrainian():
    with language("uk"):
        assert games.title("bargain") == "Торг за хабар"
        text = games.prediction("bargain", class_games.get("bargain").default_params()).text
        assert "Розв'язувач" in text and "торговців" in text
        form = class_games.get("bargain").form("sheriff", {**bargain.GAME.default_params(), "bribe": 2, "ready": True})
        assert "2 золоті" in form.intro and form.picks[0].options[1][0] == "Оглянути мішок"
