"""On a phone-width screen (400 px) no row of controls scrolls sideways inside its box: rows
wrap and no control is wider than the page (kit.CSS).  A grid of numbers (the score
calculator) and the tables may still scroll, as tables do.  The pages with the widest rows:
the play page's seats, a lab's dropdowns and sliders, the goods counters."""

import pytest
from harness import assert_no_errors, open_lesson, watch_console

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
