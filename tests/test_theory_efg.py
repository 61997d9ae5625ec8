"""The .efg export and the ``theory`` command line: the text must load in pygambit."""
import pytest

from sheriff.theory import gambit
from sheriff.theory.bargaining import SheriffParams, build_tree
from sheriff.theory.cli import main
from sheriff.theory.efg import to_efg


def test_efg_text_has_one_line_per_node_and_exact_payoffs():
    tree = build_tree(SheriffParams(num_rounds=1, max_bribe=1, max_items=1, item_value=0.5))
    lines = to_efg(tree).splitlines()
    assert lines[0].startswith('EFG 2 R "Sheriff bribe bargaining') and lines[0].endswith('{ "Smuggler" "Sheriff" }')
    body = [ln for ln in lines[3:] if ln]
    assert len(body) == len(tree.player)
    assert sum(ln.startswith("t ") for ln in body) == len(tree.payoff) == 8
    # 1 item loaded, bribe 1, not inspected: 1 * 1/2 - 1 for him, 1 for the Sheriff
    assert 't "" 7 "" { -1/2, 1 }' in body


@pytest.mark.parametrize("bribe, items, rounds", [(3, 3, 1), (1, 2, 2), (2, 1, 3)])
def test_cli_export_loads_in_pygambit(capsys, bribe, items, rounds):
    status = main(["export-efg", "--max-bribe", str(bribe), "--max-items", str(items),
                   "--rounds", str(rounds)])
    out, err = capsys.readouterr()
    assert status == 0 and err == ""
    game = gambit.read_efg(out)
    expected = SheriffParams(max_bribe=bribe, max_items=items, num_rounds=rounds).expected_size()
    assert gambit.count_terminals(game) == expected["terminals"] == (items + 1) * (2 * (bribe + 1)) ** rounds


def test_cli_payoff_options_reach_the_file(capsys):
    assert main(["export-efg", "--max-bribe", "0", "--max-items", "1", "--rounds", "1",
                 "--item-value", "5/2", "--item-penalty", "1.5", "--sheriff-penalty", "4"]) == 0
    out = capsys.readouterr().out
    body = [ln for ln in out.splitlines() if ln.startswith("t ")]
    # load 0: pass (0, 0), inspect (4, -4); load 1: pass (5/2, 0), inspect (-3/2, 3/2)
    assert [ln.split("{")[1] for ln in body] == [" 0, 0 }", " 4, -4 }", " 5/2, 0 }", " -3/2, 3/2 }"]


@pytest.mark.parametrize("argv", [
    [],
    ["export-efg", "--max-bribe", "3", "--max-items", "3"],
    ["export-efg", "--max-bribe", "x", "--max-items", "3", "--rounds", "1"],
    ["export-efg", "--max-bribe", "3", "--max-items", "0", "--rounds", "1"],
    ["export-efg", "--max-bribe", "3", "--max-items", "3", "--rounds", "1", "--item-value", "-1"],
    ["export-efg", "--max-bribe", "9", "--max-items", "9", "--rounds", "9"],
    ["frobnicate"],
])
def test_bad_arguments_exit_2_with_one_line(capsys, argv):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and err.startswith("sheriff theory: error:")
