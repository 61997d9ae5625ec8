"""The .efg export and the ``theory`` command line: the text must load in pygambit."""

import pytest

from sheriff.theory import gambit
from sheriff.theory.bargaining import SheriffParams, build_tree
from sheriff.theory.cli import main
from sheriff.theory.efg import to_efg, write_efg


def test_efg_text_has_one_line_per_node_and_exact_payoffs():
    tree = build_tree(SheriffParams(num_rounds=1, max_bribe=1, max_items=1, item_value=0.5))
    lines = to_efg(tree).splitlines()
    assert lines[0].startswith('EFG 2 R "Sheriff bribe bargaining') and lines[0].endswith('{ "Smuggler" "Sheriff" }')
    body = [ln for ln in lines[3:] if ln]
    assert len(body) == len(tree.player)
    assert sum(ln.startswith("t ") for ln in body) == len(tree.payoff) == 8
    # 1 item loaded, bribe 1, not inspected: 1 * 1/2 - 1 for him, 1 for the Sheriff
    assert 't "" 7 "" { -1/2, 1 }' in body


@pytest.mark.slow
@pytest.mark.parametrize("bribe, items, rounds", [(3, 3, 1), (1, 2, 2), (2, 1, 3)])
def test_cli_export_loads_in_pygambit(capsys, bribe, items, rounds):
    status = main(["export-efg", "--max-bribe", str(bribe), "--max-items", str(items), "--rounds", str(rounds)])
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    game = gambit.read_efg(out)
    expected = SheriffParams(max_bribe=bribe, max_items=items, num_rounds=rounds).expected_size()
    assert gambit.count_terminals(game) == expected["terminals"] == (items + 1) * (2 * (bribe + 1)) ** rounds


def test_cli_payoff_options_reach_the_file(capsys):
    assert (
        main(
            [
                "export-efg",
                "--max-bribe",
                "0",
                "--max-items",
                "1",
                "--rounds",
                "1",
                "--item-value",
                "5/2",
                "--item-penalty",
                "1.5",
                "--sheriff-penalty",
                "4",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    body = [ln for ln in out.splitlines() if ln.startswith("t ")]
    # load 0: pass (0, 0), inspect (4, -4); load 1: pass (5/2, 0), inspect (-3/2, 3/2)
    assert [ln.split("{")[1] for ln in body] == [" 0, 0 }", " 4, -4 }", " 5/2, 0 }", " -3/2, 3/2 }"]


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["export-efg", "--max-bribe", "3", "--max-items", "3"],
        ["export-efg", "--max-bribe", "x", "--max-items", "3", "--rounds", "1"],
        ["export-efg", "--max-bribe", "3", "--max-items", "0", "--rounds", "1"],
        ["export-efg", "--max-bribe", "3", "--max-items", "3", "--rounds", "1", "--item-value", "-1"],
        ["export-efg", "--max-bribe", "9", "--max-items", "9", "--rounds", "9"],
        ["frobnicate"],
    ],
)
def test_bad_arguments_exit_2_with_one_line(capsys, argv):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and err.startswith("sheriff theory: error:")


@pytest.mark.parametrize(
    "params",
    [
        SheriffParams(),
        SheriffParams(max_bribe=0, max_items=1, num_rounds=5),
        SheriffParams(max_bribe=2, max_items=4, num_rounds=3, item_value=0.5),
    ],
)
def test_streamed_export_is_the_text_of_the_built_tree(params):
    import io

    out = io.StringIO()
    write_efg(params, out, chunk=7)
    assert out.getvalue() == to_efg(build_tree(params))


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--rounds", "1000000"], "game too large: far more than 2,000,000 terminal histories"),
        (["--rounds", "20"], "game too large: 4,611,686,018,427,387,904 terminal histories"),
        (["--rounds", "1", "--max-bribe", "10" + "0" * 30], "game too large"),
        (["--rounds", "1", "--item-value", "1e99999"], "'1e99999' is out of range"),
        (["--rounds", "1", "--item-value", "1e999999999"], "'1e999999999' is out of range"),
        (["--rounds", "1", "--item-penalty", "1/10000000000"], "out of range"),
        (["--rounds", "1", "--sheriff-penalty", "inf"], "not a number"),
    ],
)
def test_oversized_exports_are_refused_at_once_in_one_line(capsys, argv, words):
    """The size comes in closed form before any work: a million rounds is refused instantly."""
    import time

    start = time.perf_counter()
    assert main(["export-efg", "--max-bribe", "3", "--max-items", "3", *argv]) == 2
    assert time.perf_counter() - start < 1
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and words in err
