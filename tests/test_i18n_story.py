"""The story in Ukrainian: narration, moves, changes, score lines, bot reasons and the command line
(the ``story`` catalog), and the same story unchanged in English."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from sheriff import i18n
from sheriff.actions import Bribe, Inspect, Offer, Threaten
from sheriff.bot_reasons import known, sentence
from sheriff.bots import Bot, play_game
from sheriff.cards import good_id
from sheriff.changes import changes
from sheriff.engine import Game
from sheriff.narration import action_text, narrate
from sheriff.rules import Rules
from sheriff.scenario import load_scenarios
from sheriff.scoring import breakdown
from sheriff.wording import Table, bribe_text

ROOT = Path(__file__).resolve().parents[1]
# Words that only an English sentence of the story would hold (names are taken out first).
ENGLISH = re.compile(
    r"\b(the|and|of|to|from|bag|bags|gold|cards?|Sheriff|Deputy|Deputies|stand|pays|opens|"
    r"declares|offers|refuses|keeps|sets|draws|takes|round|wins|nothing)\b"
)
CYRILLIC = re.compile(r"[а-яіїєґ]", re.I)


def _without_names(line: str, names) -> str:
    for name in sorted({n for nm in names for n in (nm, i18n._(nm))}, key=len, reverse=True):
        line = line.replace(name, "")
    return line


def _english_left(lines, names) -> list[str]:
    """Lines with an English word outside the players' names and quoted free text (a promise)."""
    lines = [re.sub(r"«[^»]*»", "", ln) for ln in lines]
    return [ln for ln in lines if ENGLISH.search(_without_names(ln, names)) or not CYRILLIC.search(ln)]


def _bot_game(rules: Rules, seed: int) -> Game:
    game = Game(rules, seed=seed)
    styles = [("honest", "trusting"), ("smuggler", "suspicious"), ("bluffer", "greedy")]
    return play_game(game, [Bot(*styles[p % 3], seed=seed + p) for p in range(rules.players)])


def _story(game: Game, seat: int | None) -> list[str]:
    """Every line a learner can read about ``game``: narration, the moves as attempted, changes, reasons."""
    g = game.branch(0)
    out = []
    for action in game.history:
        before = g.state.copy()
        out.append(action_text(action, before, seat))
        out.append(action.text(g.names))
        events = g.push(action)
        out += narrate(action, events, before, g.state, seat)
        out += [c.text for c in changes(before, g.state)]
    s = g.state
    for p in range(s.n):
        out += [ln.text for ln in breakdown(s.stands, s.gold, [[v for _, v in c] for c in s.bm_cards], p)]
    return out


@pytest.mark.parametrize(
    "rules",
    [
        Rules(edition="1E", players=4),
        Rules(players=4, black_market=True),
        Rules(players=6, royal_goods=True),
        Rules(players=3, time_limit=True),
    ],
    ids=["1E-4", "2E-black-market", "2E-deputies", "2E-time-limit"],
)
def test_a_whole_bot_game_is_told_in_ukrainian(rules):
    game = _bot_game(rules, seed=3)
    with i18n.language("uk"):
        lines = _story(game, None) + _story(game, 0)
    assert len(lines) > 100
    assert _english_left(lines, game.names) == []


def test_every_example_is_narrated_in_ukrainian():
    """Each rulebook example's narration (the moves the rules allow) has no English sentence left."""
    with i18n.language("uk"):
        for sc in load_scenarios():
            replay = sc.replay()
            lines = [ln for f in replay.frames[1:] if not f.expected_refusal for ln in f.narration]
            names = list(replay.frames[0].state.names)
            assert _english_left(lines, names) == [], sc.id


def test_the_english_story_is_unchanged():
    game = _bot_game(Rules(players=4, black_market=True), seed=3)
    with i18n.language("uk"):
        _story(game, None)  # the language switches back afterwards
    lines = _story(game, None)
    assert "The game is over: hands are discarded and the stands are counted." in " ".join(lines)
    assert not [ln for ln in lines if CYRILLIC.search(ln)]
    g = Game(Rules(players=4), names=["Ann", "Gilbert", "Cass", "Dee"])
    t = Table(g.state)
    sheriff = g.state.officials[0]
    m = (sheriff + 1) % 4
    assert action_text(Threaten(sheriff, m), g.state) == f"The Sheriff threatens to open {g.names[m]}'s bag."
    assert (
        bribe_text(Bribe(gold=1, stand=(good_id("apples"),) * 2, inspect=(2,)), t)
        == "1 gold and 2 Apples from the stand, on condition that the Sheriff opens Cass's bag"
    )


@pytest.mark.parametrize(
    "n, gold, apples",
    [
        (1, "1 золотий", "1 яблуко"),
        (3, "3 золоті", "3 яблука"),
        (5, "5 золотих", "5 яблук"),
        (21, "21 золотий", "21 яблуко"),
    ],
)
def test_a_bribe_takes_the_three_plural_forms(n, gold, apples):
    t = Table.of_names(["Алан", "Меріан", "Джон"])
    apple = good_id("apples")
    b = Bribe(gold=n, stand=(apple,) * n)
    with i18n.language("uk"):
        assert bribe_text(b, t) == f"{gold} і {apples} з прилавка"
        assert bribe_text(Bribe(), t) == "нічого"


def test_a_bribe_with_conditions_and_a_promise_is_whole_in_ukrainian():
    t = Table.of_names(["Алан", "Меріан", "Джон"])
    b = Bribe(gold=2, bag=(good_id("silk"),), inspect=(1,), let_pass=(2,), promise="наступного разу")
    with i18n.language("uk"):
        text = bribe_text(b, t)
    assert text == (
        "2 золоті і 1 шовк з мішка, за умови, що шериф відкриє мішок торговця Меріан і шериф "
        "пропустить без огляду: Джон, а також обіцянка на потім («наступного разу»), яка нікого "
        "ні до чого не зобов’язує"
    )


def test_possessives_are_whole_sentences_in_ukrainian():
    """'the Sheriff ... Gilbert's bag': the owner's name stays whole (Ukrainian adds no 's)."""
    g = Game(Rules(players=4), names=["Ann", "Gilbert", "Cass", "Dee"])
    sheriff = g.state.officials[0]
    m = (sheriff + 1) % 4
    with i18n.language("uk"):
        assert action_text(Threaten(sheriff, m), g.state) == f"Шериф погрожує відкрити мішок торговця {g.names[m]}."
        assert action_text(Inspect(sheriff, m), g.state) == f"Шериф намагається відкрити мішок торговця {g.names[m]}."
        assert action_text(Offer(m, m, Bribe(gold=4)), g.state) == f"{g.names[m]} пропонує: 4 золоті."


def test_every_bot_reason_has_a_ukrainian_sentence():
    names = ["Ann", "Bob", "Cass", "Dee"]
    offer = Offer(1, 2, Bribe(gold=6))
    with i18n.language("uk"):
        for reason in known():
            text = sentence(reason.replace("worth N", "worth 8"), offer, names)
            assert CYRILLIC.search(text) and not ENGLISH.search(_without_names(text, names)), reason


def test_score_lines_in_ukrainian():
    stands = [[0] * 15 for _ in range(3)]
    stands[0][good_id("apples")] = 5
    stands[1][good_id("apples")] = 2
    with i18n.language("uk"):
        lines = [ln.text for ln in breakdown(stands, [21, 2, 0], [[], [], []], 0)]
    assert lines[0] == "5 яблук × 2"
    assert lines[1] == "21 золотий"
    assert lines[2].startswith("Король: ")


def _cli(*args, stdin: str = "") -> subprocess.CompletedProcess:
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "SHERIFF_PURE": "1"}
    return subprocess.run(
        [sys.executable, "-m", "sheriff", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


@pytest.mark.slow
def test_the_command_line_speaks_ukrainian():
    r = _cli("--lang", "uk", "examples", "2e-gilbert-liar")
    assert r.returncode == 0, r.stderr
    assert "Джерело: " in r.stdout and "Перевірки:" in r.stdout
    assert "відкриває мішок торговця" in r.stdout
    r = _cli(
        "--lang", "uk", "score", stdin='{"edition": "1E", "players": [{"name": "a"}, {"name": "a"}, {"name": "b"}]}'
    )
    assert r.returncode == 2 and "у кожного гравця має бути інше ім’я" in r.stderr
    r = _cli("--lang", "uk", "examples", "a", "b")
    assert r.returncode == 2 and "examples приймає щонайбільше один ідентифікатор прикладу" in r.stderr
    r = _cli("--lang", "uk", "--help")
    assert r.stdout.startswith("використання: python -m sheriff <command>")
    r = _cli("examples", "a", "b")
    assert r.stderr == "sheriff: examples takes at most one scenario id\n"
