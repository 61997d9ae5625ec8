"""Every page in real Chromium holds learner words only (issue 12): each part of a paced lesson
is opened, every rulebook example is picked in each edition and stepped to its end (where the
rulebook's facts and the score build-up appear), and the page's text, folded text included,
shows no rule ids, question numbers, engine checks or raw True/False."""

import sys
from pathlib import Path

import pytest
from harness import assert_no_errors, open_lesson, screenshot
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_learner_text import DEV  # noqa: E402  (the same patterns as the saved-output test)

T = 15_000
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PAGES = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
# all the text in the page, folds (<details>) and hidden widgets too, without scripts and styles;
# text nodes joined by spaces, so "a bribe." + "1st edition" does not read as "bribe.1st"
SHOWN = """() => { const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, { acceptNode: n =>
    n.parentElement && n.parentElement.closest('script,style') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT });
  const out = []; while (w.nextNode()) out.push(w.currentNode.nodeValue); return out.join(' '); }"""


def step_to_end(scope) -> None:
    """Click every shown replay's "End" (each example ends at its last step)."""
    ends = scope.locator(".sn-end")
    for i in range(ends.count()):
        b = ends.nth(i)
        if b.is_visible() and b.is_enabled():
            b.click()
            expect(b).to_be_disabled(timeout=T)


# what a frame shows: the heading of its example (title and source) or its "only in the other
# edition" note; "" while the holder is between two examples (the old one gone, the new not drawn)
SHOWING = """el => [...el.querySelectorAll('.sn-h, .sn-src, .sn-only-edition')].map(e => e.innerText).join(' | ')"""
# the frame shows an example other than ``before``, drawn as far as its step buttons
SHOWN_OTHER = (
    """([el, before]) => { const t = ("""
    + SHOWING
    + """)(el);
  return t !== '' && t !== before && (el.querySelector('.sn-only-edition') || el.querySelector('.sn-end')); }"""
)


def pick(frame, button) -> None:
    """Click a toggle of an examples frame and wait until the example it picks is drawn.

    Waiting for "the frame's text changed" is not enough: the holder empties before the new
    example is drawn, and a click made then lands on whatever is drawn next (CI saw an "End"
    click reach the old example while the new one was shown)."""
    if "mod-active" in (button.get_attribute("class") or ""):
        return
    el = frame.element_handle()
    before = el.evaluate(SHOWING)
    button.click()
    frame.page.wait_for_function(SHOWN_OTHER, arg=[el, before], timeout=T)


def each_example(page, texts: list[str]) -> None:
    """In every examples frame: every edition, every example, stepped to its end."""
    step_to_end(page)
    texts.append(page.evaluate(SHOWN))
    frames = page.locator(".sn-examples")
    for j in range(frames.count()):
        frame = frames.nth(j)
        if not frame.is_visible():
            continue
        editions = frame.locator(":scope > .sn-edition button")
        for e in range(max(1, editions.count())):
            if editions.count():
                pick(frame, editions.nth(e))
            picks = frame.locator(":scope > .sn-choice button")
            for k in range(max(1, picks.count())):
                if picks.count():
                    pick(frame, picks.nth(k))
                step_to_end(frame)
                texts.append(page.evaluate(SHOWN))


def ends_shown(page, texts: list[str]) -> None:
    """The replays the page shows, each stepped to its end."""
    step_to_end(page)
    texts.append(page.evaluate(SHOWN))


def every_part(page, part_title, each=each_example) -> list[str]:
    """The page's text in every part (``part_title(k)``: the text that shows once part k is in
    place) after ``each`` went through its examples, in order."""
    texts: list[str] = []
    parts = page.locator(".sn-part-pick button")
    for k in range(max(1, parts.count())):
        if parts.count():
            parts.nth(k).click()
            expect(page.locator(".sn-part-title-out").first).to_contain_text(part_title(k), timeout=T)
        each(page, texts)
    return texts


@pytest.mark.parametrize("name", PAGES)
def test_page_shows_learner_words_only_after_its_replays(page, voila_url, name):
    open_lesson(page, voila_url, name)
    texts = every_part(page, lambda k: f"Part {k + 1} of")
    found = sorted(
        {
            f"{m.group(0)!r} in …{t[max(0, m.start() - 60) : m.end() + 40]}…"
            for t in texts
            for pattern in DEV
            for m in pattern.finditer(t)
        }
    )
    assert not found, "\n".join(found[:10])
    screenshot(page, f"learner_words_{name.removesuffix('.ipynb')}")
    assert_no_errors(page)
