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


# Every visible text inside a card (a drawn card, or a card to click in the hand): its computed size.
SMALL_TEXT = """() => {
  const small = [];
  let texts = 0;
  for (const card of document.querySelectorAll('.sn-card, .sn-pick')) {
    const walk = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const el = n.parentElement;
      if (!n.textContent.trim() || !el.getClientRects().length) continue;
      texts += 1;
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < 12) small.push(`${n.textContent.trim()} (${el.className}): ${size} px`);
    }
  }
  return {texts, small: [...new Set(small)]};
}"""


# Rows of three cards or more (a hand, a stand, the hand's buttons to pick): the first three on one line.
THREE_A_ROW = """() => {
  const rows = [...document.querySelectorAll('.sn-row'), ...document.querySelectorAll('.sn-picker .widget-hbox')];
  let seen = 0; const bad = [];
  for (const row of rows) {
    const cards = [...row.children].filter(c => c.getClientRects().length && c.getBoundingClientRect().width);
    if (cards.length < 3) continue;
    seen += 1;
    const tops = cards.slice(0, 3).map(c => Math.round(c.getBoundingClientRect().top));
    if (new Set(tops).size !== 1) bad.push(`${row.className}: ${cards.length} cards, the first three at ${tops}`);
  }
  return {seen, bad};
}"""


@pytest.mark.parametrize("width", [1280, 400])
def test_no_text_on_a_card_is_below_12_px_on_the_play_page(browser, voila_url, width):
    """Issue 32: the cards' tags, counts, values and names, and the hand's buttons, at 12 px or more,
    mid-game (the discard piles, the hand, stands once goods are on them); and on a 400 px phone as
    on a laptop, three cards a row (a hand, a stand, the buttons to pick cards)."""
    from test_accessibility import decision, follow_coach, start_game

    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    watch_console(page)
    try:
        open_lesson(page, voila_url, "20_play.ipynb")
        start_game(page)
        measured, small, rows, crowded = 0, [], 0, []
        for _ in range(8):  # a few decisions in: goods on the stands, the Market's hand to click
            if decision(page) == "end":
                break
            found, three = page.evaluate(SMALL_TEXT), page.evaluate(THREE_A_ROW)
            measured, small = measured + found["texts"], small + found["small"]
            rows, crowded = rows + three["seen"], crowded + three["bad"]
            follow_coach(page)
        assert measured >= 40, measured
        assert sorted(set(small)) == [], small
        assert rows >= 3 and sorted(set(crowded)) == [], (rows, crowded)
        assert_no_errors(page)
    finally:
        page.goto("about:blank")
        context.close()
