"""The table benchmark's leak checker (benchmarks/table_leaks.py), without a server: the states a
seat's page would hold, drawn by the play page's own renderer, pass; the same states with another
seat's hidden cards in them are caught."""

from __future__ import annotations

import sys
from pathlib import Path

import ipywidgets as W
import pytest

from sheriff import Game, Rules
from sheriff.cards import GOOD_IDS
from sheriff.state import DECLARE
from sheriff.widgets import kit, render

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

from table_leaks import LeakChecker, Truth, check_states  # noqa: E402

PEPPER = GOOD_IDS["pepper"]


def _states(*widgets) -> dict[str, dict]:
    out = {}

    def walk(w):
        out[w.model_id] = w.get_state()
        for c in getattr(w, "children", ()) or ():
            walk(c)

    for w in widgets:
        walk(w)
    return out


def _private(game, drawn_for: int, labelled: int) -> W.HTML:
    """The own-cards box with ``drawn_for``'s cards, marked as ``labelled``'s."""
    v = game.view(drawn_for)
    return W.HTML(render.private_hand("cards", v.hand, v.bag, "Your bag", seat=labelled, moves=len(game.history)))


def _table(game, seat: int, private_of: int | None = None) -> W.HTML:
    """The seat panels as ``seat`` sees them; ``private_of``: that seat's panel drawn by its own view."""
    v = game.view(seat)
    panels = []
    for p in range(game.rules.players):
        if p == private_of:
            panels.append((p, render.player_panel(game.view(p), p, show_private=True)))
        else:
            panels.append((p, render.player_panel(v, p, show_private=p == seat)))
    return W.HTML(render.table(panels) + render.piles(v))


@pytest.fixture
def game():
    """A 4-player 2E game at its first declaration, seat 1 with two Pepper face down on its stand."""
    g = Game(Rules(edition="2E", players=4), seed=11)
    while g.phase != DECLARE:
        g.push(g.legal_actions(g.to_act)[0])
    g.state.stands[1][PEPPER] += 2
    return g


def test_a_page_drawn_from_its_own_view_passes(game):
    truth = Truth(game.copy())
    hand = game.view(0).hand
    states = _states(_private(game, 0, 0), _table(game, 0), kit.CardPicker(hand, "load"))
    assert check_states(states, 0, truth) == []
    assert truth.public[1] and all(down == 2 for _up, down in truth.public[1])


def test_another_seats_private_area_is_a_leak(game):
    truth = Truth(game.copy())
    problems = check_states(_states(_private(game, 1, 1)), 0, truth)
    assert problems and "seat 1's private cards" in problems[0]


def test_another_seats_hand_in_ones_own_area_is_a_leak(game):
    truth = Truth(game.copy())
    assert game.view(1).hand != game.view(0).hand
    problems = check_states(_states(_private(game, 1, 0)), 0, truth)
    assert problems and "private area" in problems[0]


def test_a_face_down_good_turned_up_is_a_leak(game):
    truth = Truth(game.copy())
    problems = check_states(_states(_table(game, 0, private_of=1)), 0, truth)
    assert problems and "seat 1's stand" in problems[0]
    # the same panel once the game is over and the stands are turned face up: allowed (no such game here)
    assert truth.final is None


def test_a_picker_with_another_seats_hand_is_a_leak(game):
    truth = Truth(game.copy())
    problems = check_states(_states(kit.CardPicker(game.view(2).hand, "market")), 0, truth)
    assert problems and "market picker" in problems[0]


def test_a_problem_is_believed_only_after_reading_the_store_again(game):
    """A page may show a move the checker's truth has not read yet: it refreshes before counting."""
    early = Truth(game.copy())
    later = game.copy()
    later.push(later.legal_actions(later.to_act)[0])
    fresh = Truth(game.copy())
    fresh.push(later.history[-1])
    page = _states(_private(later, 0, 0))
    checker = LeakChecker(0)
    assert checker.check(page, early, refresh=lambda: fresh) == []
    assert LeakChecker(0).check(page, early) != []


def test_a_secret_in_any_text_is_a_leak(game):
    """(e): another seat's rejoin code or the host key in any text, or the seed before "Game over"."""
    truth = Truth(game.copy())
    secrets = {"K7MX-3QPA": "Bob's rejoin code", "hostkey123": "the host key"}
    checker = LeakChecker(0, secrets, seed=987654321)
    clean = _states(W.HTML("<p>Round 2 of 7 · 2E, 4 players</p>"), W.Button(description="Inspect"))
    assert checker.check(clean, truth) == []
    found = checker.check(_states(W.HTML('<span class="sn-secret-key">K7MX-3QPA</span>')), truth)
    assert found == ["Bob's rejoin code on seat 0's page"]
    found = checker.check(_states(W.Button(tooltip="key hostkey123")), truth)
    assert found == ["the host key on seat 0's page"]
    found = checker.check(_states(W.HTML("<span>2E, 4 players · seed 987654321</span>")), truth)
    assert found == ["the seed on seat 0's page before the game is over"]
    over = _states(W.HTML("<b>Game over</b><span>2E, 4 players · seed 987654321</span>"))
    assert checker.check(over, truth) == []
