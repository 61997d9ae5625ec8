"""The guided first game, headless: every step, every alternative, going back, restarting."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from sheriff import actions as A
from sheriff.errors import InvalidScenario
from sheriff.guided import Guide, Script
from sheriff.record import action_from_json
from sheriff.rules import Rules

SCRIPT = Script.load()


def test_the_script_is_a_4_player_2nd_edition_deal_built_by_the_engine():
    assert SCRIPT.position.rules == Rules(edition="2E", players=4)
    g = Guide()
    assert g.n_steps == len(SCRIPT.steps) + 1 == 11
    assert g.game.to_act == g.me and g.step_no == 1
    assert g.game.history[0] == A.ChooseStart(3, 0)  # the scripted Sheriff moved first


def test_playing_every_expected_move_walks_the_script_to_the_score():
    g = Guide()
    kinds = []
    for k, step in enumerate(SCRIPT.steps, 1):
        assert g.step_no == k and g.step == step
        assert g.game.to_act == g.me
        kinds.append(type(step.action()).__name__)
        r = g.play(step.action())
        assert r.kind == "done" and r.lines, step.title
    assert g.finished() and g.step is None
    # the script covers both roles and every kind of inspection the issue asks for
    story = " ".join(g.story)
    assert "Alan-a-Dale offers 2 gold." in story and "The Sheriff asks Alan-a-Dale for 4 gold." in story
    assert "exactly as declared" in story and "The Sheriff pays Maid Marion 4 gold" in story  # honest bag opened
    assert "finds 1 Cheese and 1 Crossbow, not 2 Cheese" in story  # a liar caught
    assert "Will Scarlet's bribe (3 gold) goes to the Sheriff" in story  # a bribe accepted
    assert "Maid Marion gets the bag back unopened and puts 2 Cheese face up" in story  # an honest bag passes
    assert {"Market", "LoadBag", "Declare", "Offer", "Accept", "ChooseStart", "Inspect", "Threaten"} <= set(kinds)


def test_the_final_score_is_the_engines_scoring_line_by_line():
    from sheriff.scoring import score_state

    g = Guide()
    g.restart(g.n_steps)
    lines, winners = g.score_lines()
    scores, win = score_state(g.game.state)
    assert winners == win == [1]
    for line, sc in zip(lines, scores):
        assert sum(p for _, p in line.parts) == line.total == sc.total
    assert lines[0].parts == [
        ("Goods on the stand (3 Apples, 1 Silk)", 14),
        ("Gold", 49),
        ("King of Apples (3 on the stand)", 20),
    ]
    assert [x.total for x in lines] == [83, 93, 68, 84]
    assert g.winner_text() == "Maid Marion would win on points if the game ended here."
    assert "8 rounds" in SCRIPT.score_intro  # the honest word on a real game's length


@pytest.mark.parametrize("k", range(1, len(SCRIPT.steps) + 1))
def test_each_alternative_is_explained_and_the_learner_may_go_back_or_go_on(k):
    step = SCRIPT.steps[k - 1]
    assert step.alternatives, f"step {k} explains no other choice"
    for alt in step.alternatives:
        g = Guide()
        g.restart(k)
        move = action_from_json(alt.move)
        n = len(g.game.history)
        r = g.play(move)
        assert r.kind == "other", (k, alt.move)
        assert alt.say in r.lines and r.lines[0].startswith("Your choice: ")
        assert len(g.game.history) == n and g.pending == move  # nothing played yet
        g.go_back()
        assert g.pending is None and g.step_no == k
        assert g.play(step.action()).kind == "done"  # back on the script
        g.restart(k)
        g.play(move)
        lines = g.go_on()
        assert g.off_script and g.game.history[n] == move
        assert any("left the script" in x for x in lines)
        # off the script the coach's bots play on; the learner follows the coach to the end
        while not g.finished():
            assert g.game.to_act == g.me
            assert g.play(g.advice().move).kind == "done"
        assert g.score_lines()[0]


def test_an_unlisted_legal_move_is_explained_with_the_tutors_ask():
    g = Guide()
    r = g.play(A.Market(0, (0, 0)))  # the two Apples: no note in the script for this one
    assert r.kind == "other"
    assert any(x.startswith("The tutor asked for something else: Click your Bread") for x in r.lines)


def test_an_illegal_move_gets_the_engines_reason_and_changes_nothing():
    g = Guide()
    n = len(g.game.history)
    r = g.play(A.Market(0, (0, 0, 2, 3, 4, 6)))  # six cards set aside
    assert r.kind == "refused" and "At most five cards" in r.error.reason and r.error.cite
    g.restart(2)
    r = g.play(A.LoadBag(0, (4, 4)))  # two Pepper: only one held
    assert r.kind == "refused" and len(g.game.history) > n


@pytest.mark.parametrize("k", range(1, len(SCRIPT.steps) + 2))
def test_restart_from_any_step_gives_the_same_position_as_playing_to_it(k):
    g = Guide()
    for step in SCRIPT.steps[: k - 1]:
        g.play(step.action())
    h = Guide()
    h.restart(k)
    assert h.step_no == k and h.game.history == g.game.history
    with pytest.raises(IndexError):
        h.restart(k + SCRIPT.steps.__len__() + 5)


def test_a_broken_script_is_refused_at_load_naming_the_field():
    raw = json.loads(resources.files("sheriff.data").joinpath("first_game.json").read_text("utf-8"))
    raw["steps"][0]["say"] = ""
    with pytest.raises(InvalidScenario, match="say"):
        Script.load(json.dumps(raw))
    raw = json.loads(resources.files("sheriff.data").joinpath("first_game.json").read_text("utf-8"))
    raw["learner"] = 9
    with pytest.raises(InvalidScenario, match="learner"):
        Script.load(json.dumps(raw))


def test_the_guided_widget_is_played_by_clicks():
    from sheriff.widgets.play.guided import GuidedGame

    w = GuidedGame()
    c = w.controls
    assert "Step 1 of 11" in w.progress_text.value
    c["market.cards"].pick("pepper")
    c["market.go"].click()
    assert "guided.back" in w.controls and "Another choice" in w.text
    w.controls["guided.back"].click()
    c = w.controls
    assert "guided.back" not in c and c["market.cards"].value[4] == 1  # the picks stay, to be changed
    c["market.cards"].clear()
    c["market.cards"].pick("bread")
    c["market.cards"].pick("chickens")
    c["market.go"].click()
    assert "Step 2 of 11" in w.progress_text.value
    w.controls["load.cards"].pick("pepper", 1)
    w.controls["load.cards"].pick("apples", 4)
    w.controls["load.cards"].pick("silk", 1)
    w.controls["load.go"].click()  # six cards: the engine refuses
    assert "Not allowed" in w.text and "at most five" in w.text.lower()
    w.restart(11)
    while "guided.next_line" in w.controls:
        w.controls["guided.next_line"].click()
    assert "Maid Marion would win on points" in w.text and "93" in w.text
