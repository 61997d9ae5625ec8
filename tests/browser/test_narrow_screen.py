"""On a phone-width screen (400 px) no row of controls scrolls sideways inside its box: rows
wrap and no control is wider than the page (kit.CSS).  The pages with the widest rows: the play
page's seats, a lab's dropdowns and sliders, the goods counters.  The score calculator and the
myths page fit whole, tables included: the calculator's grid turns, a score sheet stacks."""

import pytest
from harness import assert_no_errors, open_lesson, screenshot, watch_console, wider_than_page

# Boxes that scroll sideways, with the text of what sticks out of each (tables and grids excepted).
SIDEWAYS = """() => {
  const out = [];
  for (const box of document.querySelectorAll('.jupyter-widgets')) {
    if (box.matches('.widget-gridbox') || box.closest('table')) continue;
    if (!/(auto|scroll)/.test(getComputedStyle(box).overflowX) || box.scrollWidth <= box.clientWidth + 2) continue;
    const right = box.getBoundingClientRect().right;
    const stuck = [...box.querySelectorAll('select, input, .widget-label, .widget-readout, .noUi-target')]
      .filter(el => el.getBoundingClientRect().right > right + 2)
      .map(el => (el.innerText || el.value || el.className).slice(0, 40));
    out.push(`${box.scrollWidth} px in ${box.clientWidth} px: ${stuck.join(' | ')}`);
  }
  return out;
}"""


@pytest.mark.parametrize(
    "notebook",
    [
        "20_play.ipynb",
        "30_inspection_game.ipynb",
        "08_royal_goods_and_variants.ipynb",
        "06_gold_and_end_of_round.ipynb",
        "52_table.ipynb",
    ],
)
def test_no_row_of_controls_scrolls_sideways_at_400_px(browser, voila_url, notebook):
    context = browser.new_context(viewport={"width": 400, "height": 900})
    page = context.new_page()
    watch_console(page)
    try:
        open_lesson(page, voila_url, notebook)
        page.wait_for_selector("select, input")
        assert page.evaluate(SIDEWAYS) == []
        assert_no_errors(page)
    finally:
        page.goto("about:blank")  # Voilà's beforeunload shuts its kernel down
        context.close()


@pytest.mark.parametrize("notebook", ["11_score_calculator.ipynb", "10_myths.ipynb"])
@pytest.mark.parametrize("lang", ["en", "uk"])
def test_the_score_sheets_fit_400_px(browser, voila_url, notebook, lang):
    """Issue 32: the score calculator (its grid of counts and its score sheet) and the myths page (the
    tie-break columns of its score sheet) fit a phone's width: nothing wider, nothing to scroll."""
    context = browser.new_context(viewport={"width": 400, "height": 900})
    page = context.new_page()
    watch_console(page)
    try:
        open_lesson(page, voila_url, notebook if lang == "en" else f"{notebook}?lang={lang}")
        page.wait_for_selector(".sn-scores td.sn-total")
        assert wider_than_page(page) == []
        stem = notebook.split(".")[0]
        screenshot(page, f"{stem}_400px_{lang}")  # SHERIFF_SCREENSHOTS=folder keeps them
        page.set_viewport_size({"width": 1280, "height": 900})
        screenshot(page, f"{stem}_1280px_{lang}")
        assert_no_errors(page)
    finally:
        page.goto("about:blank")  # Voilà's beforeunload shuts its kernel down
        context.close()
