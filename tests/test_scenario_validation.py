"""Scenario files and saved games are checked whole when loaded: an ``expect.phase`` that is no
phase is refused there (not with a KeyError when the checks run), and a refusal quotes at most
~80 characters of a bad value, however long the value (a key, a name, a good) was."""

from __future__ import annotations

import copy
import json
import re
from importlib import resources

import pytest

from sheriff import Game, Rules
from sheriff.errors import InvalidScenario
from sheriff.saved_game import load_game, save_game
from sheriff.scenario import Scenario
from sheriff.state import PHASE_TITLES

LONG = "x" * 5000
QUOTE_LIMIT = 80


def example() -> dict:
    return json.loads(resources.files("sheriff").joinpath("data/examples/1e-david-125.json").read_text())


def refusal(load, data) -> InvalidScenario:
    with pytest.raises(InvalidScenario) as info:
        load(data)
    return info.value


def quoted(err: InvalidScenario) -> int:
    """The longest run of the bad value the message repeats."""
    return max((len(run) for run in re.findall("x+", str(err))), default=0)


@pytest.mark.parametrize("phase", ["nonsense", "Inspection", "", LONG])
def test_an_expected_phase_that_is_no_phase_is_refused_at_load(phase):
    data = example()
    data.setdefault("expect", {})["phase"] = phase
    err = refusal(Scenario.from_data, data)
    assert err.field == "expect.phase"
    assert "one of: " + ", ".join(PHASE_TITLES) in str(err)
    assert quoted(err) <= QUOTE_LIMIT


def test_every_real_phase_is_accepted_and_checked():
    data = example()
    data.setdefault("expect", {})["phase"] = "over"
    checks = Scenario.from_data(data).replay().checks()
    assert any("phase is over" in desc for desc, _ in checks)


def every_place(data, path=()):
    """Each value's path in plain JSON data."""
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield (*path, key)
        yield from every_place(value, (*path, key))


def with_long_values(data):
    """Copies of ``data`` with a 5,000-character string as a value, a list item or a key, in every place."""
    for path in every_place(data):
        for bad in (LONG, [LONG], {LONG: 1}):
            copy_ = copy.deepcopy(data)
            parent = copy_
            for key in path[:-1]:
                parent = parent[key]
            parent[path[-1]] = bad
            yield path, copy_


def test_a_scenario_refusal_quotes_at_most_80_characters_of_a_bad_value():
    seen = 0
    for path, data in with_long_values(example()):
        try:
            Scenario.from_data(data)
        except InvalidScenario as err:
            seen += 1
            assert quoted(err) <= QUOTE_LIMIT, (path, str(err)[:200])
    assert seen > 100  # the sweep did reach the refusals


def test_a_saved_game_refusal_quotes_at_most_80_characters_of_a_bad_value():
    game = Game(Rules(edition="2E", players=4, black_market=True), seed=3)
    saved = json.loads(save_game(game))
    seen = 0
    for path, data in with_long_values(saved):
        try:
            load_game(json.dumps(data))
        except InvalidScenario as err:
            seen += 1
            assert quoted(err) <= QUOTE_LIMIT, (path, str(err)[:200])
    assert seen > 20
