"""The play widget driven in Python: whole games with bots, hot seat, save / load / replay.

Humans' moves are made only through the widgets (setting input values, choosing
dropdown options, ``Button.click()``), never by pushing actions directly.
"""

from __future__ import annotations

import base64
import json
import random
import re
from pathlib import Path

import ipywidgets as W
import pytest

from sheriff import actions as A
from sheriff.cards import GOOD_IDS, GOODS, N_GOODS, deck_composition
from sheriff.engine import Game
from sheriff.rules import Rules
from sheriff.saved_game import load_game, save_game
from sheriff.tournament import play_one
from sheriff.widgets import render
from sheriff.widgets.play.app import PlayApp, widget_text
from sheriff.widgets.play.replay import ReplayViewer
from sheriff.widgets.play.setup import PlayConfig, default_seats


# -- a human player made of clicks -----------------------------------------------------
def _set_counts(widgets: dict[str, object], prefix: str, total: int, rng: random.Random) -> None:
    """Click ``total`` random cards of the card picker ``prefix.cards`` (the others unpicked)."""
    picker = widgets[prefix + ".cards"]
    picker.clear()
    for _, t in rng.sample(picker.buttons, min(total, len(picker.buttons))):
        t.value = True


def _click(app, name):
    app.controls[name].click()
    if "coach.confirm" in app.controls:  # the coach warned about the move: do it anyway
        app.controls["coach.confirm"].click()


def human_move(app: PlayApp, rng: random.Random) -> None:
    """One decision through the widgets.  Random but mostly sensible, and always progressing."""
    c = app.controls
    d = app.decision
    g = app.game
    before = len(g.history)
    if d == "handover":
        _click(app, "handover")
        return
    if d == "market_start":
        dd = c["start.who"]
        dd.value = rng.choice([v for _, v in dd.options])
        _click(app, "start.go")
    elif d == "market":
        _set_counts(c, "market", rng.randint(0, 4), rng)
        if "market.left" in c:
            c["market.left"].value = rng.randint(0, min(1, c["market.left"].max))
            c["market.pile"].value = rng.choice([0, 1])
        _click(app, "market.go")
    elif d == "load":
        hand = sum(g.view(g.to_act).hand)
        _set_counts(c, "load", rng.randint(1, min(5, hand)), rng)
        _click(app, "load.go")
    elif d == "declare":
        dd = c["declare.good"]
        dd.value = rng.choice([v for _, v in dd.options])
        _click(app, "declare.go")
    elif d == "inspect":
        _inspection_move(app, rng)
    else:
        raise AssertionError(f"no decision to make: {d!r}")
    if len(g.history) == before:
        # refused (shown as a refusal): fall back to the plainest legal choice
        assert "Not allowed" in app.notice.value
        c = app.controls
        for name in ("market.go", "deal.accept", "deal.decline", "deal.pass", "claim.skip"):
            if name in c and name != "market.go":
                _click(app, name)
                return
        if "market.go" in c:
            _set_counts(c, "market", 0, rng)
            if "market.left" in c:
                c["market.left"].value = 0
                c["market.right"].value = 0
            _click(app, "market.go")
            return
        for name in c:
            if re.fullmatch(r"bag\.\d+\.pass|stance\.\d+\.no", name):
                _click(app, name)
                return
        raise AssertionError("stuck after a refusal: " + app.notice.value)


def _fill_bribe(app, rng, m):
    c = app.controls
    g = app.game
    gold = c["bribe.gold"]
    assert gold.max == g.state.gold[m], "the gold input is limited to what the merchant holds"
    gold.value = rng.randint(1, gold.max) if gold.max else 0
    if gold.value == 0:
        stand = c.get("bribe.stand")
        if stand is not None:
            stand.buttons[0][1].value = True
        else:
            c["bribe.promise"].value = "I will owe you one"
    if rng.random() < 0.2:
        terms = [k for k in c if k.startswith("bribe.term.")]
        if terms:
            c[rng.choice(terms)].value = rng.choice(["inspect", "pass"])


def _inspection_move(app, rng):
    c = app.controls
    g = app.game
    names = list(c)
    if "debt.pay" in c:  # the debtor's choice of goods
        dd = c["debt.goods"]
        dd.value = rng.choice([v for _, v in dd.options])
        _click(app, "debt.pay")
        return
    if "booty.agree" in c and rng.random() < 0.1:  # a Deputy's terms for the Booty's leftovers
        _click(app, "booty.agree")
    if "inspect.top" in c:
        c["inspect.top"].value = rng.choice([v for _, v in c["inspect.top"].options])
    claims = [n for n in names if n.startswith("claim.")]
    if claims:
        _click(app, rng.choice(claims))
        return
    stances = [n for n in names if n.startswith("stance.")]
    if stances:
        _click(app, rng.choice(stances))
        return
    deal = [n for n in names if n.startswith("deal.")]
    nego = g.state.nego
    if nego is not None:
        m = nego.merchant
        if "bribe.send" in c and rng.random() < 0.3:
            _fill_bribe(app, rng, m)
            _click(app, "bribe.send")
            return
        _click(app, rng.choice(deal))
        return
    bags = [n for n in names if n.startswith("bag.")]
    if "ask.merchant" in c and rng.random() < 0.15:
        m = c["ask.merchant"].value
        _fill_bribe(app, rng, m)
        _click(app, "bribe.send")
        return
    _click(app, rng.choice(bags))


def drive(app: PlayApp, seed: int = 0, limit: int = 3000) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if app.game.is_over():
            return
        human_move(app, rng)
    raise AssertionError("the game did not finish")


def score_totals_in_html(app) -> list[int]:
    html = app.end.value
    return [int(x) for x in re.findall(r'class="sn-total" data-total="(-?\d+)"', html)]


def config(players, humans=(), edition="2E", seed=3, **variants):
    return PlayConfig(edition=edition, players=players, seats=default_seats(humans), seed=seed, **variants)


# -- whole games ---------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_all_bot_game_reaches_final_scores(players):
    app = PlayApp(bot_delay=0)
    cfg = config(players, humans=(), seed=10 + players)
    assert app.start(cfg)
    g = app.game
    assert g.is_over() and app.decision == "over"
    assert "Final scores" in app.end.value
    assert score_totals_in_html(app) == [s.total for s in g.scores]
    ref = play_one(cfg.rules(), [cfg.styles[p] for p in range(players)], cfg.seed, 0, cfg.names)
    assert [s.total for s in g.scores] == [s.total for s in ref.scores]
    assert "data-hand-seat" not in app.text()  # nobody's hand: only bots play


VARIANTS = {
    3: dict(edition="2E", royal_goods=True),
    4: dict(edition="1E", seven_card_hand=True),  # two discard piles to draw from
    5: dict(edition="2E", black_market=True, time_limit=True, remove_ten=True),
    6: dict(edition="2E", black_market=True, royal_goods=True),  # Deputies
}


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_one_human_plays_a_whole_game_through_the_widgets(players, tmp_path):
    human = 1
    app = PlayApp(bot_delay=0)
    cfg = config(players, humans=(human,), seed=20 + players, **VARIANTS[players])
    assert app.start(cfg)
    moves_by_human = 0
    rng = random.Random(players)
    while not app.game.is_over():
        assert app.game.to_act == human, "the widget stops only when the human must act"
        assert app.decision == app.game.phase
        assert f'data-hand-seat="{human}"' in app.text()
        k = len(app.game.history)
        human_move(app, rng)
        moves_by_human += len(app.game.history) > k
    g = app.game
    assert moves_by_human > 10
    assert app.decision == "over"
    engine_totals = [s.total for s in g.scores]
    assert score_totals_in_html(app) == engine_totals
    # the engine agrees: replaying the recorded moves gives the same scores and winners
    again = load_game(save_game(g))
    assert [s.total for s in again.scores] == engine_totals and again.winners == g.winners
    # a human's moves were really theirs
    assert any(a.player == human for a in g.history)


@pytest.mark.slow
def test_hot_seat_handover_hides_the_previous_hand():
    app = PlayApp(bot_delay=0)
    assert app.start(config(4, humans=(1, 2), seed=7))
    g = app.game
    rng = random.Random(1)
    # first a handover to the first human to act
    assert app.decision == "handover"
    first = app._handover_to
    assert "Pass the device to" in app.text() and "data-hand-seat" not in app.text()
    _click(app, "handover")
    seen = 0
    for _ in range(400):
        if g.is_over():
            break
        if app.decision == "handover":
            nxt = app._handover_to
            prev = app._holder
            text = app.text()
            assert f"Pass the device to <b>{g.names[nxt]}</b>" in text
            assert "data-hand-seat" not in text, "no hand may be on screen during a handover"
            assert "your cards (only you see these)" not in text
            assert "Your hand" not in text and "Your bag" not in text
            assert "sn-card" not in widget_text(app.private), "no card at all in the private area"
            # the previous player's face-down kinds are not drawn on the table either
            assert 'class="sn-panel" data-seat' in text
            seen += 1
            _click(app, "handover")
            assert f'data-hand-seat="{nxt}"' in app.text()
            assert f'data-hand-seat="{prev}"' not in app.text()
            continue
        human_move(app, rng)
    assert seen >= 3 and first in (1, 2)


@pytest.mark.slow
def test_public_table_never_shows_a_bot_hand_to_the_human():
    app = PlayApp(bot_delay=0)
    assert app.start(config(4, humans=(0,), seed=11))
    g = app.game
    rng = random.Random(3)
    for _ in range(60):
        if g.is_over():
            break
        text = app.text()
        for p in (1, 2, 3):
            assert f'data-hand-seat="{p}"' not in text
        human_move(app, rng)


@pytest.mark.slow
def test_widget_save_replays_to_the_same_final_score(tmp_path):
    app = PlayApp(bot_delay=0)
    assert app.start(config(4, humans=(2,), seed=5))
    drive(app, seed=2)
    g = app.game
    app.save_btn.click()
    assert not list(tmp_path.iterdir()) and not Path("saved_games").exists()  # nothing kept on the server
    link = re.search(r'href="data:application/json;base64,([^"]+)"', app.save_msg.value)
    text = base64.b64decode(link[1]).decode("utf-8")  # what the browser downloads
    assert json.loads(text)["format"] == "sheriff-game"
    assert app.save_json.value == text and "on your computer" in app.save_msg.value
    loaded = load_game(text)
    fresh = Game(loaded.rules, loaded.names, loaded.seed, loaded.first_sheriff)
    state = loaded.replay_to(len(loaded.history))
    assert [s.total for s in state.scores] == [s.total for s in g.scores]
    assert state.winners == g.winners
    assert fresh.history == []
    # and through the replay viewer, stepped to the end
    viewer = ReplayViewer()
    _upload(viewer.saved.file, text.encode("utf-8"))
    viewer.saved.go.click()
    viewer.reg["replay.last"].click()
    assert viewer.step.value == len(g.history)
    totals = re.findall(r'data-total="(-?\d+)"', viewer.board.value)
    assert [int(x) for x in totals] == [s.total for s in g.scores]


def test_saved_game_mid_game_loads_and_continues(tmp_path):
    app = PlayApp(bot_delay=0)
    assert app.start(config(3, humans=(0,), seed=8))
    rng = random.Random(4)
    for _ in range(15):
        human_move(app, rng)
    text = app.save()
    k = len(app.game.history)
    other = PlayApp(bot_delay=0)
    other.setup.saved.text.value = text
    other.setup.saved.go.click()
    assert other.game is not None and other.game.history[:k] == app.game.history[:k]
    assert other.game.to_act == 0 and other.decision == other.game.phase


@pytest.mark.parametrize(
    "bad, words",
    [
        ("this is not json {", "cannot be loaded"),
        ('{"format": "sheriff-game", "names": ["A", "B"]}', "cannot be loaded"),
        ("[1, 2, 3]", "cannot be loaded"),
    ],
)
def test_corrupted_save_is_refused_with_a_message(bad, words, tmp_path):
    app = PlayApp(bot_delay=0)
    app.setup.saved.text.value = bad
    app.setup.saved.go.click()
    msg = app.setup.saved.message.value
    assert words in msg and "Traceback" not in msg and 'role="alert"' in msg
    assert app.game is None
    viewer = ReplayViewer()
    viewer.saved.text.value = bad
    viewer.saved.go.click()
    assert words in viewer.saved.message.value and viewer.game is None


def test_tampered_move_in_save_is_refused_with_its_index(tmp_path):
    g = play_one(Rules(players=4), [("honest", "trusting")] * 4, seed=2)
    data = json.loads(save_game(g))
    i = next(i for i, a in enumerate(data["actions"]) if a["type"] == "declare")
    data["actions"][i]["good"] = "silk"  # contraband can never be declared
    app = PlayApp(bot_delay=0)
    assert not app.load_text(json.dumps(data))
    msg = app.setup.saved.message.value
    assert f"actions[{i}]" in msg and "Silk" in msg


# -- refusals, limits, variants -----------------------------------------------------------
def test_refused_move_shows_reason_and_citation():
    app = PlayApp(bot_delay=0)
    assert app.start(config(4, humans=(1,), seed=4))
    g = app.game
    while app.decision != "load":
        human_move(app, random.Random(0))
    k = len(g.history)
    app.controls["load.cards"].clear()
    _click(app, "load.go")  # an empty bag
    assert len(g.history) == k
    assert "Not allowed" in app.notice.value and "sn-cite" in app.notice.value
    assert "at least one card" in app.notice.value


def test_sheriff_bribe_form_is_limited_to_the_merchants_gold():
    app = PlayApp(bot_delay=0)
    assert app.start(config(4, humans=(0,), seed=6))  # seat 0 is the first Sheriff
    g = app.game
    assert app.decision == "market_start"
    _click(app, "start.go")
    assert app.decision == "inspect"
    m = app.controls["ask.merchant"].value
    assert app.controls["bribe.gold"].max == g.state.gold[m] == 50
    app.controls["bribe.gold"].value = 12
    _click(app, "bribe.send")
    assert any(isinstance(a, A.Offer) and a.bribe.gold == 12 and a.player == 0 for a in g.history)


def test_sheriff_asks_for_unseen_bag_goods_by_clicking_cards():
    """No number boxes for cards: the unseen bag's possible goods are cards to click, at most
    as many of each good as the bag holds (and the deck has), and the bribe asks for them."""
    app = PlayApp(bot_delay=0)
    assert app.start(config(4, humans=(0,), seed=6))  # seat 0 is the first Sheriff
    g = app.game
    _click(app, "start.go")
    assert app.decision == "inspect"
    m = app.controls["ask.merchant"].value
    picker = app.controls["bribe.bag"]
    size = g.state.bag_size[m]
    comp = deck_composition(g.rules.players, g.rules.royal_goods)
    shown = [sum(1 for good, _ in picker.buttons if good == k) for k in range(N_GOODS)]
    assert shown == [min(size, comp[k]) for k in range(N_GOODS)]
    assert not any(
        isinstance(w, W.IntText | W.BoundedIntText) and "from the bag" in (w.description or "")
        for w in app.controls.values()
    )
    picker.pick("silk", 2)
    _click(app, "bribe.send")
    offer = [a for a in g.history if isinstance(a, A.Offer) and a.player == 0][-1]
    assert offer.merchant == m and offer.bribe.bag == (GOOD_IDS["silk"], GOOD_IDS["silk"])


def test_declare_offers_only_legal_goods():
    app = PlayApp(bot_delay=0)
    assert app.start(config(3, humans=(1,), seed=9, royal_goods=True))
    rng = random.Random(5)
    while app.decision != "declare":
        human_move(app, rng)
    labels = [label for label, _ in app.controls["declare.good"].options]
    k = app.game.state.bag_size[1]
    assert labels == [
        f"{k} {GOODS[g].name}" for g in range(N_GOODS) if GOODS[g].is_legal and g != GOOD_IDS["bread"]
    ] or labels == [f"{k} {GOODS[g].name}" for g in range(N_GOODS) if GOODS[g].is_legal]


def test_time_up_button_passes_the_remaining_bags():
    app = PlayApp(bot_delay=0)
    assert app.start(config(4, humans=(0,), seed=12, time_limit=True))
    assert app.timebox.layout.display == "none"
    _click(app, "start.go")
    assert app.decision == "inspect" and app.timebox.layout.display == ""
    assert "one per merchant" in app.clock.value
    rnd = app.game.state.round
    app.timeup.click()
    g = app.game
    assert g.state.round == rnd + 1 or g.is_over()
    assert any(isinstance(a, A.TimeUp) for a in g.history)
    assert "Time is up" in " ".join(line.text for line in app.session.lines)


def test_bot_reasons_are_told_and_smuggling_revealed_after_opening():
    # the human is the first Sheriff and opens every bag: smugglers' reasons come out then
    app = PlayApp(bot_delay=0)
    assert app.start(config(4, humans=(0,), seed=3))
    _click(app, "start.go")
    lines_before = len(app.session.lines)
    while app.decision == "inspect" and app.game.state.round == 0:
        bags = [n for n in app.controls if n.endswith(".inspect") and n.startswith("bag.")]
        if not bags:
            human_move(app, random.Random(0))
            continue
        _click(app, bags[0])
    text = " ".join(line.text for line in app.session.lines[lines_before:])
    reveals = [ln for ln in app.session.lines if ln.kind == "reveal"]
    assert reveals, text
    assert any(re.search(r"was (smuggling|honest|carrying)", ln.text) for ln in reveals)
    assert any("packs" in ln.text for ln in reveals)  # the bot's own reason
    # and before the opening, no merchant reason leaked into the story
    early = [ln.text for ln in app.session.lines[:lines_before]]
    assert not any("packs contraband" in t for t in early)


def test_simulation_fills_the_progress_bar():
    app = PlayApp(bot_delay=0)
    app.setup.players.value = 4
    app.setup.sim_games.value = 12
    app.setup.sim_run.click()
    assert app.setup.sim_progress.value == 12 == app.setup.sim_progress.max
    assert app.setup.sim_result.value.count("<tr>") == 5


def test_setup_refuses_impossible_choices():
    app = PlayApp(bot_delay=0)
    app.setup.edition.value = "1E"
    assert 6 not in app.setup.players.options and app.setup.variants["black_market"].disabled
    app.setup.seat_widgets[1][0].value = app.setup.seat_widgets[0][0].value
    app.setup.start.click()
    assert app.game is None and "different name" in app.setup.message.value


# -- replay viewer ---------------------------------------------------------------------------
def test_replay_steps_back_and_forth_with_every_hand_shown():
    g = play_one(Rules(players=4), [("smuggler", "suspicious")] * 4, seed=4)
    v = ReplayViewer(g)
    assert v.step.value == 0 and v.step.max == len(g.history)
    v.reg["replay.last"].click()
    assert v.step.value == len(g.history) and "Final scores" in v.board.value
    v.reg["replay.first"].click()
    assert v.step.value == 0 and "nobody has moved" in v.where.value
    s0 = g.replay_to(0)
    for p in range(4):  # every hand is on the board
        assert render.cards(s0.hands[p], 0, "no cards") in v.board.value
    v.reg["replay.next"].click()
    v.reg["replay.next"].click()
    assert v.step.value == 2 and "Step 2 of" in v.where.value
    v.reg["replay.prev"].click()
    assert v.step.value == 1


@pytest.mark.slow
def test_replay_branch_continues_as_a_new_game():
    g = play_one(Rules(players=4), [("honest", "trusting")] * 4, seed=6)
    v = ReplayViewer(g, bot_delay=0)
    k = next(i for i, a in enumerate(g.history) if isinstance(a, A.Declare))
    v.go(k)
    seat = g.history[k].player
    assert v.seat.value == seat  # whoever acts next is offered by default
    app = v.branch()
    assert app.game is not g and app.game.history == g.history[:k]
    assert app.decision == "declare" and app.game.to_act == seat
    # declare something else than the saved game did
    dd = app.controls["declare.good"]
    other = next(val for _, val in dd.options if val != g.history[k].good)
    dd.value = other
    _click(app, "declare.go")
    assert app.game.history[k] == A.Declare(seat, other, g.history[k].count)
    assert len(g.history) > k + 1 and g.history[k].good != other  # the saved game is untouched
    drive(app, seed=1)
    assert app.game.is_over()


def test_loaded_bot_game_continues_exactly_as_it_went(tmp_path):
    """Bots taking over a saved game first think through the moves so far (their plans and dice)."""
    seats = default_seats(())
    styles = [(sc.merchant, sc.sheriff) for sc in seats[:4]]
    full = play_one(Rules(players=4), styles, seed=13, names=[sc.name for sc in seats[:4]])
    data = json.loads(save_game(full))
    k = next(i for i, a in enumerate(full.history) if isinstance(a, A.Declare)) - 1  # mid-round, bags packed
    data["actions"] = data["actions"][:k]
    app = PlayApp(bot_delay=0)
    for p in range(4):
        app.setup.seat_widgets[p][1].value = "bot"
    assert app.load_text(json.dumps(data))
    assert app.game.is_over()
    assert app.game.history == full.history
    assert [s.total for s in app.game.scores] == [s.total for s in full.scores]
    assert any("Loaded a saved game" in ln.text for ln in app.session.lines)


def test_black_market_claim_through_the_widget():
    cfg = config(4, humans=(1,), seed=2, black_market=True)
    for sc in cfg.seats:
        sc.sheriff = "trusting"  # every bag goes through
    app = PlayApp(bot_delay=0)
    assert app.start(cfg)
    rng = random.Random(0)
    while app.decision != "load":
        human_move(app, rng)
    pepper = GOOD_IDS["pepper"]
    app.game.state.stands[1][pepper] += 3  # test set-up: three Pepper already on the stand
    while not any(n.startswith("claim.") for n in app.controls):
        human_move(app, rng)
    assert "claim.skip" in app.controls and "Turn in 3 Pepper" in app.controls["claim.pepper"].description
    _click(app, "claim.pepper")
    g = app.game
    assert isinstance(g.history[-1], A.ClaimBlackMarket) or any(isinstance(a, A.ClaimBlackMarket) for a in g.history)
    assert [c[0] for c in g.state.bm_cards[1]] == [pepper]
    assert "Black Market" in app.table.value


def _upload(widget, data: bytes, name: str = "game.json") -> None:
    import datetime

    widget.value = (
        {
            "name": name,
            "type": "application/json",
            "size": len(data),
            "content": memoryview(data),
            "last_modified": datetime.datetime(2024, 1, 1),
        },
    )


def test_uploaded_files_load_and_broken_uploads_are_refused(tmp_path):
    g = play_one(Rules(players=3), [("bluffer", "greedy")] * 3, seed=4)
    good = save_game(g).encode()
    app = PlayApp(bot_delay=0)
    _upload(app.setup.saved.file, good[: len(good) // 2])  # a truncated file
    app.setup.saved.go.click()
    assert "cannot be loaded" in app.setup.saved.message.value and app.game is None
    viewer = ReplayViewer()
    _upload(viewer.saved.file, b"\xff\xfe not even text")
    viewer.saved.go.click()
    assert "cannot be loaded" in viewer.saved.message.value and viewer.game is None
    _upload(viewer.saved.file, good)
    viewer.saved.go.click()
    assert viewer.game is not None and viewer.game.history == g.history and viewer.saved.message.value == ""


def test_oversized_upload_is_refused_with_a_true_message():
    big = b" " * (1024 * 1024 + 1)
    app = PlayApp(bot_delay=0)
    _upload(app.setup.saved.file, big)
    app.setup.saved.go.click()
    assert "larger than 1 MB" in app.setup.saved.message.value and app.game is None
    viewer = ReplayViewer()
    _upload(viewer.saved.file, big)
    viewer.saved.go.click()
    assert "larger than 1 MB" in viewer.saved.message.value and viewer.game is None


# -- sheriff.tournament (pure) ----------------------------------------------------------------
def test_tournament_results_add_up_and_each_game_replays_alone():
    from sheriff.tournament import run

    styles = [("honest", "trusting"), ("smuggler", "suspicious"), ("bluffer", "greedy"), ("smuggler", "greedy")]
    seen = []
    res = run(Rules(players=4), styles, games=8, seed=30, callback=lambda d, t, r: seen.append((d, t)))
    assert seen == [(i, 8) for i in range(1, 9)] and not res.stopped_early
    assert abs(sum(res.wins()) - 8) < 1e-9
    rows = res.table()
    assert [r["merchant"] for r in rows] == [m for m, _ in styles]
    assert sum(d["seats"] for d in res.by_style().values()) == 4
    third = res.games[2]
    alone = play_one(Rules(players=4), styles, third.seed, third.first_sheriff)
    assert tuple(s.total for s in alone.scores) == third.totals and third.first_sheriff == 2
    stopped = run(Rules(players=4), styles, games=50, seed=30, callback=lambda d, t, r: d < 3)
    assert len(stopped.games) == 3 and stopped.stopped_early
    with pytest.raises(ValueError):
        run(Rules(players=4), styles[:3], games=1)


def test_no_free_pass_button_beside_a_standing_offer():
    """2E, Phase 4 Inspection: a bag given back pays the last bribe promised, so beside an
    offer the page offers "Deal!" and never "Let it through free"; after a refusal it does."""
    seen = set()
    for seed in range(6, 30):
        app = PlayApp(bot_delay=0)
        assert app.start(config(4, humans=(0,), seed=seed))
        _click(app, "start.go")
        while app.decision == "inspect" and "start.go" not in app.controls:
            threaten = [k for k in app.controls if re.fullmatch(r"bag\.\d+\.threaten", k)]
            if not threaten:
                break
            _click(app, threaten[0])
            nego = app.game.state.nego
            if nego is None:
                break
            if nego.offer is not None:
                seen.add("offer")
                assert "deal.pass" not in app.controls and "deal.accept" in app.controls
                assert "Handing the bag back now takes this offer" in widget_text(app.root)
                _click(app, "deal.inspect")
            else:
                seen.add("refused")
                assert "deal.pass" in app.controls
                _click(app, "deal.pass")
        if seen == {"offer", "refused"}:
            return
    raise AssertionError(f"only saw {seen}")


def _controls_for(g, seat):
    """The controls the play page shows ``seat`` in game ``g`` (a bare app: the game and a submit)."""
    from types import SimpleNamespace

    from sheriff.widgets.play.controls import Controls

    app = SimpleNamespace(session=SimpleNamespace(game=g), submit=g.push)
    c = Controls(app, seat)
    app.widgets = c.build()
    return c.reg


def test_the_play_page_offers_the_issue_13_choices():
    """The debtor's goods, the 1E order of confiscated goods, the Deputies' Booty terms."""
    from sheriff import actions as A
    from sheriff.cards import CHICKENS, MEAD, SILK
    from tests.rig import cards, game_at_inspection

    g = game_at_inspection(
        {1: cards("silk", 2)},
        {1: "apples"},
        players=4,
        gold={1: 3},
        stands={1: cards("apples", 1, "cheese", 2, "chickens", 2)},
    )
    g.push(A.Inspect(g.state.officials[0], 1))
    reg = _controls_for(g, 1)
    labels = [label for label, _ in reg["debt.goods"].options]
    assert "overpays least" in labels[0] and len(labels) >= 2
    keep_chickens = next(a for _, a in reg["debt.goods"].options if CHICKENS not in a.goods)
    reg["debt.goods"].value = keep_chickens
    reg["debt.pay"].click()
    assert g.state.stands[1][CHICKENS] == 2 and not g.state.debts

    g = game_at_inspection({1: cards("silk", "mead", "apples")}, {1: "apples"}, edition="1E", players=4)
    sheriff = g.state.officials[0]
    reg = _controls_for(g, sheriff)
    reg["inspect.pile"].value = 1
    reg["inspect.top"].value = (MEAD,)
    reg["bag.1.inspect"].click()
    assert g.state.discards[1][-1] == MEAD and g.state.discards[1][-2] == SILK

    from tests.test_variants_and_rounds import six

    g, s, (lj, mm), _ = six({})
    reg = _controls_for(g, g.to_act)
    reg["booty.coin"].value = mm
    reg["booty.agree"].click()
    assert s.booty_terms[g.to_act] == (mm, lj)


def test_simulated_games_can_be_downloaded_as_csv():
    import base64
    import csv
    import io
    import re

    from sheriff.widgets.play.app import PlayApp
    from sheriff.widgets.play.setup import PlayConfig, default_seats

    app = PlayApp(bot_delay=0)
    res = app.simulate(PlayConfig(players=3, seats=default_seats(())), games=4)
    html = app.setup.sim_result.value
    b64 = re.search(r'download="sheriff-simulation.csv" href="data:text/csv;base64,([^"]+)"', html).group(1)
    rows = list(csv.reader(io.StringIO(base64.b64decode(b64).decode("utf-8"))))
    assert rows[0][:2] == ["game_seed", "first_sheriff"] and len(rows) == 1 + len(res.games) == 5
    assert [int(x) for x in rows[1][2:5]] == list(res.games[0].totals)


def test_the_market_prompt_follows_the_edition_and_three_players_hear_about_bread():
    for edition, words in (("1E", "face down"), ("2E", "face up, for everyone to see")):
        app = PlayApp(bot_delay=0)
        assert app.start(config(3, humans=(1,), seed=9, edition=edition))
        rng = random.Random(5)
        while app.decision != "market":
            human_move(app, rng)
        assert words in app.text()
        while app.decision != "declare":
            human_move(app, rng)
        assert "With three players there is no Bread in the deck" in app.text()


def test_do_this_makes_the_advised_move():
    from sheriff.coach import advise

    app = PlayApp(bot_delay=0)
    assert app.start(config(4, humans=(0,), seed=4))
    for _ in range(6):
        before, advised = len(app.game.history), advise(app.game.view(0)).move
        _click(app, "coach.ask")
        assert app.controls["coach.take"].description == "Do this"
        _click(app, "coach.take")
        assert app.game.history[before] == advised and "coach.confirm" not in app.controls
