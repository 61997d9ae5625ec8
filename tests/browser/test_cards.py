"""Cards read whole: no label wraps mid-word, nothing spills out of a card, the value and
fine never touch, a ×N badge covers no text.  Measured in the DOM at 1280 and 400 px."""

import pytest
from harness import assert_no_errors, open_lesson, watch_console
from playwright.sync_api import expect

# For every card: each word of the name on one line and inside the card; the name not wider
# than its box; "value N" and "fine N" apart; the ×N badge clear of the tag and the name.
MEASURE = """() => {
  const bad = [];
  const inside = (r, box) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
  const apart = (a, b) => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
  const cards = [...document.querySelectorAll('.sn-card:not(.sn-back)')];
  for (const card of cards) {
    const box = card.getBoundingClientRect();
    if (!box.width) continue;                       // in a closed tab or fold
    const name = card.querySelector('.sn-name');
    const text = name.firstChild;
    const label = name.textContent;
    if (name.scrollWidth > name.clientWidth + 0.5) bad.push(`${label}: wider than its card`);
    let at = 0;
    for (const word of label.split(' ')) {
      const r = document.createRange();
      r.setStart(text, at); r.setEnd(text, at + word.length);
      at += word.length + 1;
      const rects = [...r.getClientRects()].filter(x => x.width > 0);
      if (rects.length !== 1) bad.push(`${label}: "${word}" breaks across lines`);
      else if (!inside(rects[0], box)) bad.push(`${label}: "${word}" sticks out of the card`);
    }
    const nums = [...card.querySelectorAll('.sn-nums > span')].map(s => s.getBoundingClientRect());
    if (nums.length === 2 && !apart(nums[0], nums[1])) bad.push(`${label}: value and fine overlap`);
    if (nums.length === 2 && nums[0].top === nums[1].top && nums[1].left - nums[0].right < 3)
      bad.push(`${label}: value and fine run together`);
    const badge = card.querySelector('.sn-count');
    if (badge) {
      const b = badge.getBoundingClientRect();
      for (const el of [card.querySelector('.sn-tag'), name]) {
        const r = document.createRange(); r.selectNodeContents(el);
        for (const x of r.getClientRects()) if (!apart(b, x)) bad.push(`${label}: the ×N badge covers "${el.textContent}"`);
      }
    }
  }
  return {count: cards.length, bad: [...new Set(bad)]};
}"""


# Each width goes through every page before the next width, so no page is opened twice in a row
# (a page's second visit waits for its pooled kernel to be refilled).
@pytest.mark.parametrize("notebook", ["01_components_and_setup.ipynb", "05_inspection.ipynb", "07_scoring.ipynb"])
@pytest.mark.parametrize("width", [1280, 400])
def test_card_labels_never_wrap_mid_word(browser, voila_url, notebook, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    watch_console(page)
    try:
        open_lesson(page, voila_url, notebook)
        page.wait_for_selector(".sn-card .sn-name")
        count, bad = 0, []
        parts = page.locator(".sn-part-pick button")  # a paced lesson: measure every part
        for k in range(max(1, parts.count())):
            if parts.count():
                parts.nth(k).click()
                expect(page.locator(".sn-part-title-out").first).to_contain_text(f"Part {k + 1} of", timeout=15_000)
            found = page.evaluate(MEASURE)
            count, bad = count + found["count"], bad + found["bad"]
        assert count >= 5, (count, bad)
        assert bad == [], bad
        assert_no_errors(page)
    finally:
        page.goto("about:blank")  # Voilà's beforeunload shuts its kernel down
        context.close()
