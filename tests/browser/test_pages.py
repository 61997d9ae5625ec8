"""The course pages in real Chromium: the rule reference searches and its glossary links
land on the word; "Next" walks from the overview through two lessons; "Mark done" ticks
the lesson on the home page (kept in the browser's localStorage)."""

import re

from harness import assert_no_errors, open_lesson, screenshot, wait_for_lesson
from playwright.sync_api import expect

from sheriff.rulebook import RULES

T = 15_000  # a kernel round trip
LOAD = 60_000  # a whole lesson executed by Voilà


def test_reference_search_and_glossary_links(page, voila_url):
    open_lesson(page, voila_url, "40_reference.ipynb")
    results = page.locator(".sn-search-results").first
    expect(results).to_contain_text(f"Every rule the tutor cites: {len(RULES)}")
    page.fill(".sn-search input", "Booty")
    expect(results).to_contain_text("Sharing the Booty", timeout=T)
    expect(results).to_contain_text("In the glossary")
    expect(results).not_to_contain_text("Every rule the tutor cites")
    page.locator(".sn-search-results a.sn-term[href='#term-booty']").first.click()  # a word in a rule
    expect(page.locator("#term-booty")).to_have_class(re.compile(r"\bsn-here\b"), timeout=T)
    screenshot(page, "test_40_reference_search")
    assert_no_errors(page)

    # A glossary word in a lesson is a link (with the definition on hover) to its entry.
    open_lesson(page, voila_url, "00_overview.ipynb")
    word = page.locator(".sn-overview a.sn-term", has_text="contraband").first
    assert "Pepper, Mead, Silk and Crossbows" in word.get_attribute("title")
    word.click()
    page.wait_for_url("**/40_reference.ipynb#term-contraband", wait_until="commit", timeout=LOAD)
    expect(page.locator("#term-contraband")).to_have_class(re.compile(r"\bsn-here\b"), timeout=LOAD)
    expect(page.locator("#term-contraband")).to_be_in_viewport()
    assert_no_errors(page)


def test_next_walks_the_course_and_mark_done_ticks_home(page, voila_url):
    open_lesson(page, voila_url, "00_overview.ipynb")
    expect(page.locator(".sn-nav").first).to_contain_text("What you will learn")
    # Clicks go to the element itself (dispatch_event), not to where it was a moment ago: a
    # lesson's widgets keep appearing above the footer for a while and move it down.
    page.locator("a.sn-next").dispatch_event("click")
    page.wait_for_url("**/01_components_and_setup.ipynb", wait_until="commit", timeout=LOAD)
    wait_for_lesson(page, "01_components_and_setup.ipynb", LOAD)
    nxt = page.locator("a.sn-next")
    expect(nxt).to_have_text("Next: The Market →", timeout=LOAD)
    expect(page.locator(".sn-nav").first).to_contain_text("three kinds of goods")
    nxt.dispatch_event("click")
    page.wait_for_url("**/02_market.ipynb", wait_until="commit", timeout=LOAD)
    wait_for_lesson(page, "02_market.ipynb", LOAD)
    expect(page.locator(".sn-nav").first).to_contain_text("how merchants swap cards", timeout=LOAD)
    done = page.locator(".sn-done-btn")
    done.dispatch_event("click")
    expect(done).to_have_text("✓ Done")
    assert_no_errors(page)

    open_lesson(page, voila_url, "00_home.ipynb")
    item = page.locator(".sheriff-course li[data-sheriff-nb='02_market.ipynb'] .sn-tick")
    expect(item).to_have_text("✓")
    expect(page.locator(".sheriff-course li[data-sheriff-nb='03_loading.ipynb'] .sn-tick")).to_have_text("")
    screenshot(page, "test_00_home_progress")
    assert_no_errors(page)


def test_a_paced_lesson_is_done_only_once_its_last_part_is_reached(page, voila_url):
    from harness import show_part

    open_lesson(page, voila_url, "03_loading.ipynb")
    done = page.locator(".sn-done-btn")
    page.locator(".sn-footer").scroll_into_view_if_needed()
    page.evaluate("document.dispatchEvent(new Event('scroll'))")  # the learner scrolls to the footer
    expect(done).to_have_text("Mark done")  # part 1 of 3: not done yet
    show_part(page, "Practice")
    page.locator(".sn-footer").scroll_into_view_if_needed()
    page.evaluate("document.dispatchEvent(new Event('scroll'))")
    expect(done).to_have_text("✓ Done", timeout=T)
    assert_no_errors(page)
