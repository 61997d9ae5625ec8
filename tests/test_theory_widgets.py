"""The theory lesson widgets, headless: set a control, check the recomputed output."""

from fractions import Fraction

import pytest

from sheriff.cards import GOODS, good_id
from sheriff.classroom.class_games import bargain, inspection
from sheriff.theory.bargaining import SheriffParams, build_tree, solve
from sheriff.theory.inspection_game import build, equilibrium
from sheriff.widgets.labs.theory import BribeBargainingLab, InspectionGameLab, _plot_png
from sheriff.widgets.lesson import plain

PNG = b"\x89PNG"


def test_inspection_lab_recomputes_when_the_bag_changes():
    lab = InspectionGameLab(revealed=True)
    assert "inspect 25% of such bags (exactly 1/4)" in lab.text
    first_plot = lab.plot.png
    assert first_plot.startswith(PNG)
    lab.number.value = 2  # 2 Apples + 2 Pepper, declared as 4 Apples
    eq = equilibrium(build("apples", {"apples": 2, "pepper": 2}))
    assert f"(exactly {eq.inspect})" in lab.text and f"(exactly {eq.smuggle})" in lab.text
    assert '"4 Apples"' in plain(lab.bag.value)
    assert lab.plot.png.startswith(PNG) and lab.plot.png != first_plot
    # the matrix shows the same numbers as the library's game
    for row in lab.game.merchant_matrix:
        for v in row:
            assert f"{v} /" in plain(lab.matrix.value)


def test_inspection_lab_hides_the_equilibrium_until_revealed():
    lab = InspectionGameLab()
    assert not lab.revealed and lab.answer.layout.display == "none"
    assert lab.reveal.description == "Show the equilibrium"
    lab.number.value = 2
    assert lab.plot.png == b""  # hidden, the plot is not drawn (matplotlib's import: most of the page's CPU)
    lab.reveal.click()
    assert lab.revealed and lab.reveal.description == "Hide the equilibrium"
    assert lab.summary in lab.answer.children and lab.plot in lab.answer.children
    shown = lab.plot.png
    assert shown == _plot_png(lab.game)  # the bag as it is now, not as the page opened
    lab.reveal.click()
    assert not lab.revealed
    lab.number.value = 1  # changed while hidden: drawn again when shown
    assert lab.plot.png == shown
    lab.reveal.click()
    assert lab.plot.png == _plot_png(lab.game) != shown


def test_inspection_lab_fines_doubled_lower_the_inspection_rate():
    lab = InspectionGameLab()
    lab.fine.value = 2  # the liar's fine alone: merchants smuggle less, 3/7 (2E, If The Sheriff Inspects Your Bag)
    assert "inspect 20% of such bags (exactly 1/5)" in lab.text and "(exactly 3/7)" in lab.text
    assert "12 / -6" in plain(lab.matrix.value) and "-4 / 8" in plain(lab.matrix.value)
    lab.payment.value = 2  # both doubled: the merchants' share is back at 3/5, the Sheriff opens fewer bags
    eq = equilibrium(build("apples", {"apples": 2, "pepper": 1}, fine=2))
    assert eq.inspect == Fraction(2, 13) and eq.smuggle == Fraction(3, 5)
    assert "inspect 15% of such bags (exactly 2/13)" in lab.text
    assert "10 / 0" in plain(lab.matrix.value) and "-4 / 8" in plain(lab.matrix.value)


def test_inspection_lab_bag_never_exceeds_five_cards():
    lab = InspectionGameLab()
    lab.legal.value = 4
    assert lab.number.max == 1 and lab.number.value == 1
    assert lab.game.count == 5


@pytest.mark.slow
def test_inspection_lab_explains_a_pure_equilibrium():
    lab = InspectionGameLab(declared="chickens", legal=2, smuggled="apples", number=1)
    assert "Smuggling does not pay" in lab.text
    assert "Pure equilibrium" in plain(lab.summary.value)
    lab.declared.value = good_id("apples")  # now apples are the declared good: the
    assert lab.smuggled.value != lab.declared.value  # smuggled choice moves off it
    assert GOODS[lab.smuggled.value].name in lab.text


@pytest.mark.slow
def test_bargaining_lab_shows_size_and_equilibrium():
    lab = BribeBargainingLab()
    size = plain(lab.size.value)
    assert "32 ways the game can end" in size
    assert "1/4 (25%)" in lab.text and "every equilibrium gives the smuggler 3/4" in lab.text
    lab.rounds.value = 2
    expected = build_tree(SheriffParams(num_rounds=2)).size()
    assert f"{expected['terminals']} ways the game can end" in plain(lab.size.value)
    assert "only talk" in lab.text
    assert lab.solution.payoffs == solve(SheriffParams(num_rounds=2)).payoffs == (Fraction(3, 4), 0)


@pytest.mark.slow
def test_bargaining_lab_reports_several_equilibria_and_gambit():
    lab = BribeBargainingLab(max_bribe=2, max_items=2, item_value=2, item_penalty=1)
    assert "between 4/3 and 2" in lab.text
    lab.gambit_button.click()
    text = plain(lab.gambit_result.value)
    assert "Gambit" in text and "regrets 0 and 0" in text


@pytest.mark.slow
def test_bargaining_lab_refuses_a_slow_gambit_check():
    lab = BribeBargainingLab(rounds=3)
    lab.gambit_button.click()
    assert "Too large" in plain(lab.gambit_result.value)


@pytest.mark.parametrize(
    "game, lab", [(inspection.GAME, InspectionGameLab), (bargain.GAME, BribeBargainingLab)], ids=["lab30", "lab31"]
)
def test_each_lab_slider_reaches_what_the_class_page_offers(game, lab):
    """A plan says "set the same slider in the lab": every value the class page's setting takes, the lab's takes."""
    page = lab(legal=0) if lab is InspectionGameLab else lab()  # no legal card: room for 5 smuggled
    shared = [f for f in game.fields if f.options is None and hasattr(page, f.name)]
    assert {f.name for f in shared} >= ({"fine", "payment"} if lab is InspectionGameLab else {"item_penalty"})
    for f in shared:
        slider = getattr(page, f.name)
        assert slider.min <= f.lo and slider.max >= f.hi, (
            f"{f.name}: lab {slider.min}..{slider.max}, class {f.lo}..{f.hi}"
        )
    if lab is InspectionGameLab:
        page.fine.value = page.payment.value = 5  # the class page's largest: the lab answers it too
        assert "exactly" in page.text
