"""``python -m sheriff``: score sheets, the examples, the theory hand-off, usage."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from sheriff import cli
from sheriff.scenario import load_scenarios


def sheriff(*args, stdin: str | bytes | None = None, timeout: float = 60):
    data = stdin.encode() if isinstance(stdin, str) else stdin
    return subprocess.run([sys.executable, "-m", "sheriff", *args], input=data, capture_output=True, timeout=timeout)


DAVID_SHEET = {
    "edition": "2E",
    "players": [
        {
            "name": "David",
            "gold": 42,
            "stand": {"apples": 4, "cheese": 6, "bread": 1, "chickens": 4, "pepper": 2, "crossbows": 1},
        },
        # the others make David Cheese King and share the Chicken Queen with him
        {"name": "Tuck", "gold": 50, "stand": {"apples": 6, "cheese": 3, "bread": 3, "chickens": 6}},
        {"name": "Much", "gold": 50, "stand": {"apples": 5, "cheese": 5, "bread": 2, "chickens": 4}},
        {"name": "Gilbert"},  # a fourth player: a 3-player deck has no Bread at all
    ],
}


def test_score_david_125_from_stdin():
    p = sheriff("score", stdin=json.dumps(DAVID_SHEET))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    david = out["players"][0]
    assert david == {"name": "David", "goods": 66, "gold": 42, "bonuses": {"cheese": 15, "chickens": 2}, "total": 125}
    assert out["players"][2]["bonuses"]["chickens"] == 2
    assert out["players"][1]["total"] == 54 + 50 + 20 + 15 + 10
    assert out["winners"] == ["Tuck"]


def test_score_from_a_file_with_royal_goods_and_black_market(tmp_path):
    sheet = {
        "players": [
            {"name": "Will", "stand": {"cheese": 10, "gouda_cheese": 1}, "black_market": [24]},
            {"name": "Marion", "stand": {"cheese": 11}},
            {"name": "Much"},
        ]
    }
    f = tmp_path / "sheet.json"
    f.write_text(json.dumps(sheet))
    p = sheriff("score", str(f))
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    will, marion, _ = out["players"]
    assert will["bonuses"] == {"cheese": 15} and marion["bonuses"] == {"cheese": 10}
    assert will["goods"] == 30 + 6 + 24 and will["gold"] == 0
    assert will["total"] == 60 + 15 and marion["total"] == 33 + 10
    assert out["winners"] == ["Will"]


def test_missing_goods_count_zero_and_ties_are_shared():
    out = cli.score_sheet({"players": [{"name": "A", "gold": 5}, {"name": "B", "gold": 5}, {"name": "C"}]})
    assert [p["total"] for p in out["players"]] == [5, 5, 0] and out["winners"] == ["A", "B"]


OTHERS = ', {"name": "Y"}, {"name": "Z"}]}'  # two more players: a sheet is for 3 to 6

BAD_SHEETS = [
    ('{"players": [{"name": "A", "stand": {"gold_bars": 2}}' + OTHERS, "players[0].stand", "unknown good 'gold_bars'"),
    ('{"players": [{"name": "A", "gold": -3}' + OTHERS, "players[0].gold", "greater than or equal to 0"),
    ('{"players": [{"name": "A", "gold": "lots"}' + OTHERS, "players[0].gold", "valid integer"),
    ('{"players": [{"name": "A", "gold": true}' + OTHERS, "players[0].gold", "valid integer"),
    ('{"players": [{"name": "A", "stand": {"apples": 2.5}}' + OTHERS, "players[0].stand", "whole number"),
    ('{"players": [{"name": "A", "stand": {"apples": true}}' + OTHERS, "players[0].stand", "whole number"),
    ('{"players": [{"name": "A", "stand": ["apples"]}' + OTHERS, "players[0].stand", "object of counts"),
    ('{"players": [{"name": "A", "hat": 1}' + OTHERS, "players[0].hat", "unknown field"),
    ('{"players": []}', "players", "at least 3"),
    ('{"players": [{"name": "A"}, {"name": "B"}]}', "players", "at least 3"),
    ('{"edition": "3E", "players": [{"name": "A"}' + OTHERS, "edition", "'1E' or '2E'"),
    (
        '{"edition": "1E", "players": [{"name": "A", "black_market": [20]}' + OTHERS,
        "players[0].black_market",
        "no Black Market",
    ),
    ('{"players": [{"name": "A", "black_market": [10000]}' + OTHERS, "players[0].black_market[0]", "1000"),
    ('{"players": [{"name": "A"}, {"name": "A"}, {"name": "B"}]}', "players", "different name"),
    # names follow the saved games' rules: trimmed, never blank, no control or direction characters
    ('{"players": [{"name": "A"}, {"name": "A "}, {"name": "B"}]}', "players", "different name"),
    ('{"players": [{"name": "   "}' + OTHERS, "players[0].name", "blank"),
    ('{"players": [{"name": "A\\u0000B"}' + OTHERS, "players[0].name", "control characters"),
    ('{"players": [{"name": "A\\nB"}' + OTHERS, "players[0].name", "control characters"),
    ('{"players": [{"name": "A\\u001b[31mB"}' + OTHERS, "players[0].name", "control characters"),
    ('{"players": [{"name": "A\\u202eB"}' + OTHERS, "players[0].name", "control characters"),
    # counts bounded by the deck: a 3-player deck has 48 Apples (no more in all the stands)
    (
        '{"players": [{"name": "A", "stand": {"apples": 40}}, {"name": "B", "stand": {"apples": 40}}, {"name": "C"}]}',
        "players",
        "deck has only",
    ),
    ('{"players": [{"name": "A", "name": "B"}' + OTHERS, "input", "the key 'name' appears twice"),
    ("this is not json", "input", "not valid JSON"),
    ("[" * 100_000, "input", "not valid JSON"),
    ("[1, 2]", "input", "expected a JSON object"),
]


def in_process(monkeypatch, capsys, *args: str, stdin: bytes = b"") -> tuple[int, str, str]:
    """``python -m sheriff ARGS`` as ``cli.main`` in this process: (exit code, stdout, stderr).  An
    exception escaping ``main`` fails the test, as its traceback would in a process of its own."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("text,field,words", BAD_SHEETS, ids=[f"{i}-{b[1]}" for i, b in enumerate(BAD_SHEETS)])
def test_bad_score_input_exits_2_with_one_line(text, field, words, monkeypatch, capsys):
    """In this process (23 interpreters started took 4 s); the tests above and below start
    ``python -m sheriff`` itself, bad input and its exit code 2 included."""
    code, out, err = in_process(monkeypatch, capsys, "score", stdin=text.encode())
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"{field}: " in err and words in err


def test_score_accepts_a_byte_order_mark():
    p = sheriff("score", stdin=b"\xef\xbb\xbf" + json.dumps(DAVID_SHEET).encode())
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["players"][0]["total"] == 125


def test_score_huge_input_and_missing_file():
    p = sheriff("score", stdin=b" " * 3_000_000)
    assert p.returncode == 2 and b"too large" in p.stderr and p.stderr.count(b"\n") == 1
    p = sheriff("score", "/no/such/file.json")
    assert p.returncode == 2 and p.stderr.count(b"\n") == 1


def test_examples_lists_every_scenario_id_first():
    p = sheriff("examples")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.decode().splitlines()
    ids = [ln.split()[0] for ln in lines]
    assert len(lines) >= 20
    assert ids == [s.id for s in load_scenarios()]
    for ln, sc in zip(lines, load_scenarios()):
        assert ln == f"{sc.id}  {sc.title}"


def test_examples_id_narrates_every_step_and_the_checks():
    p = sheriff("examples", "1e-much-honest")
    assert p.returncode == 0, p.stderr
    out = p.stdout.decode()
    assert "Source: 1E · If the Sheriff inspects your bag" in out
    assert "1. The Sheriff opens Much's bag." in out
    assert "The Sheriff pays Much the Miller's Son 8 gold (2 for each of the 4 Chickens)." in out
    assert "[ok] Much the Miller's Son has 58 gold" in out and "FAILED" not in out


def test_examples_with_refusals_show_the_rule():
    p = sheriff("examples", "2e-alan-a-dale-load")
    out = p.stdout.decode()
    assert p.returncode == 0
    assert "Refused: A bag holds at most five cards, not 6. (rule load.size: 2E · Phase 2 Load Merchant Bag)" in out
    assert "[ok] step 1 refused under rule load.size" in out


def test_unknown_example_and_usage():
    p = sheriff("examples", "no-such-example")
    assert p.returncode == 2 and p.stderr.count(b"\n") == 1 and b"no-such-example" in p.stderr
    p = sheriff("--help")
    assert p.returncode == 0 and b"usage: python -m sheriff" in p.stdout and b"examples" in p.stdout
    p = sheriff()
    assert p.returncode == 2 and b"usage" in p.stderr
    p = sheriff("juggle")
    assert p.returncode == 2 and b"unknown command 'juggle'" in p.stderr and b"usage" in p.stderr


def test_theory_is_routed_lazily(monkeypatch, capsys):
    # missing module: one line, exit 2
    monkeypatch.setitem(sys.modules, "sheriff.theory.cli", None)
    assert cli.main(["theory", "anything"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "theory" in err
    # present: the remaining argv is handed over untouched
    seen = []

    class Fake:
        @staticmethod
        def main(argv):
            seen.append(argv)
            return 0

    import sheriff.theory as theory_pkg

    monkeypatch.setitem(sys.modules, "sheriff.theory.cli", Fake)
    monkeypatch.setattr(theory_pkg, "cli", Fake, raising=False)
    assert cli.main(["theory", "nash", "--x", "1"]) == 0
    assert seen == [["nash", "--x", "1"]]


def test_main_in_process_score(monkeypatch, capsys):
    code, out, _ = in_process(monkeypatch, capsys, "score", stdin=json.dumps(DAVID_SHEET).encode())
    assert code == 0 and json.loads(out)["players"][0]["total"] == 125


def test_both_helps_name_the_languages_sheriff_i18n_offers(capsys):
    """``--lang``'s help in ``python -m sheriff`` and ``sheriff serve`` reads the one list of languages."""
    from sheriff import i18n, launch

    offered = ", ".join(i18n.LANGUAGES)
    for lang in i18n.LANGUAGES:
        with i18n.language(lang):
            assert cli.main(["--help"]) == 0
            assert f"({offered})" in capsys.readouterr().out
            assert f"({offered})" in launch.parser().format_help()
