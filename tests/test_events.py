"""Events are typed values: fields named once, read-only, equal by value, matchable by pattern."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import sheriff.events as E
from sheriff import compiled

SOURCE = Path(__file__).resolve().parents[1] / "sheriff" / "events.py"
KINDS = E.Event.__subclasses__()


def _declared() -> dict[str, tuple[list[str], list[str], list[str]]]:
    """Class name -> (__match_args__, __init__ parameters, fields __init__ sets), read from the source
    (a compiled class does not show its ``__init__`` signature)."""
    out = {}
    for cls in ast.parse(SOURCE.read_text()).body:
        if not isinstance(cls, ast.ClassDef) or cls.name == "Event":
            continue
        match_args: list[str] = []
        params: list[str] = []
        sets: list[str] = []
        for node in cls.body:
            if isinstance(node, ast.Assign) and [t.id for t in node.targets if isinstance(t, ast.Name)] == [
                "__match_args__"
            ]:
                match_args = [e.value for e in node.value.elts]
            if isinstance(node, ast.FunctionDef) and node.name == "__init__":
                params = [a.arg for a in node.args.args[1:]]
                sets = [st.target.attr for st in node.body if isinstance(st, ast.AnnAssign)]
        out[cls.name] = (match_args, params, sets)
    return out


def test_every_event_names_its_fields_once_in_the_same_order():
    declared = _declared()
    assert set(declared) == {cls.__name__ for cls in KINDS} and len(KINDS) == len(declared)
    for name, (match_args, params, sets) in declared.items():
        assert match_args == params == sets, name
        assert getattr(E, name).__match_args__ == tuple(match_args)


def test_events_compare_hash_and_print_by_value():
    a = E.Passed(1, (1, 0, 0, 0), 2, (1, 0, 0, 2))
    assert a == E.Passed(1, (1, 0, 0, 0), 2, (1, 0, 0, 2)) and hash(a) == hash(
        E.Passed(1, (1, 0, 0, 0), 2, (1, 0, 0, 2))
    )
    assert a != E.Passed(1, (1, 0, 0, 0), 2, None) and a != (1, (1, 0, 0, 0), 2, (1, 0, 0, 2))
    assert E.Reshuffle(3) != E.Declined(3)  # same values, other kind
    assert E.TimeRanOut() == E.TimeRanOut() and len({E.TimeRanOut(), E.TimeRanOut()}) == 1
    assert repr(a) == "Passed(merchant=1, legal=(1, 0, 0, 0), face_down=2, bag=(1, 0, 0, 2))"
    assert a.plain() == ["passed", 1, (1, 0, 0, 0), 2, (1, 0, 0, 2)]
    assert E.Paid(debtor=0, creditor=1, cash=3, why="fine") == E.Paid(0, 1, 3, "fine")


def test_match_patterns_read_fields_by_keyword_and_position():
    def who(ev: E.Event) -> object:
        match ev:
            case E.Passed(merchant=m, bag=None):
                return ("hidden", m)
            case E.Opened(m, honest, _, amount):
                return ("opened", m, honest, amount)
            case E.TimeRanOut():
                return "time"
        return None

    assert who(E.Passed(2, (0,), 1, (1,)).seen_by(0)) == ("hidden", 2)
    assert who(E.Passed(2, (0,), 1, (1,)).seen_by(2)) is None  # the merchant sees the bag
    assert who(E.Opened(3, False, (1, 2), 4)) == ("opened", 3, False, 4)
    assert who(E.TimeRanOut()) == "time"


def test_a_seat_sees_only_its_own_new_cards():
    drew = E.Drew(1, 2, (4, 5))
    assert drew.seen_by(None) is drew and drew.seen_by(1) is drew
    assert drew.seen_by(0) == E.Drew(1, 2, None)


def test_compiled_events_are_read_only():
    if not compiled.is_compiled():
        pytest.skip("plain Python: fields are Final for mypy only")
    ev = E.Declared(0, 1, 2)
    with pytest.raises(AttributeError):
        ev.count = 5  # type: ignore[misc]
    assert ev.count == 2
