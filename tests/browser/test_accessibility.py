"""Every page and every part of a paced lesson, in English and in Ukrainian, passes axe-core's
WCAG 2.0/2.1 A and AA rules with no critical or serious violation (issue 23).

axe-core comes bundled in the ``axe-playwright-python`` package (the ``test`` extra): nothing is
fetched at test time.  One Voilà server, one browser: each language goes through every page before
the next language, so no page is opened twice in a row (a second visit would wait for its pooled
kernel to be refilled)."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from harness import assert_no_errors, open_lesson
from playwright.sync_api import expect
from test_learner_words import PAGES

T = 15_000
AXE = Axe()
OPTIONS = {
    "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
    "resultTypes": ["violations"],
}
BLOCKING = {"critical", "serious"}
PART_TITLE = {"en": lambda k: f"Part {k + 1} of", "uk": lambda k: f"{k + 1} з"}


def blocking_violations(page, where: str) -> list[str]:
    """axe's critical and serious violations on what the page shows now, one line per element."""
    found = AXE.run(page, options=OPTIONS).response["violations"]
    return [
        f"{where}: {v['id']} ({v['impact']}) {node['target']} {node['failureSummary'].splitlines()[-1].strip()} "
        f"— {node['html'][:160]}"
        for v in found
        if v["impact"] in BLOCKING
        for node in v["nodes"]
    ]


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("lang", ["en", "uk"])
def test_every_page_and_part_passes_axe(page, voila_url, lang, name):
    open_lesson(page, voila_url, name if lang == "en" else f"{name}?lang={lang}")
    expect(page.locator("html")).to_have_attribute("lang", lang, timeout=T)
    problems: list[str] = []
    parts = page.locator(".sn-part-pick button")
    for k in range(max(1, parts.count())):
        if parts.count():
            parts.nth(k).click()
            expect(page.locator(".sn-part-title-out").first).to_contain_text(PART_TITLE[lang](k), timeout=T)
        problems += blocking_violations(page, f"part {k + 1}" if parts.count() else "page")
    assert not problems, f"{len(problems)} critical/serious axe finding(s) on {name} ({lang}):\n" + "\n".join(
        problems[:40]
    )
    assert_no_errors(page)


def test_the_sheriffs_buttons_say_whose_bag_and_pass_axe(page, voila_url):
    """Each merchant's row repeats "Open the bag", "Let it through"…: a screen reader hears whose
    bag each one acts on (the guided game at the Sheriff's first bag), and the row passes axe."""
    open_lesson(page, voila_url, "00_first_game.ipynb")
    page.locator(".sn-ctl-guided-step select").select_option(label="7. Round 2 · opening an honest bag")
    page.locator(".sn-ctl-guided-restart").click()
    opener = page.locator(".sn-ctl-bag-1-inspect")
    expect(opener).to_have_attribute("aria-label", "Open the bag: Maid Marion", timeout=T)
    names = page.eval_on_selector_all("button.sn-named", "bs => bs.map(b => b.getAttribute('aria-label'))")
    assert len(names) >= 4 and len(set(names)) == len(names), names
    assert all(any(who in n for who in ("Maid Marion", "Little John", "Will Scarlet")) for n in names), names
    assert not blocking_violations(page, "the Sheriff's bags")
    assert_no_errors(page)
