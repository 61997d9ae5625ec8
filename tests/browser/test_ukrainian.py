"""Every page in Ukrainian (issue 15): opened as ``<page>?lang=uk`` in real Chromium, every part of
a paced lesson shown and the replays it shows stepped to their end, the page's text holds no
English sentence.  English rulebook citations ("1E · Inspection": the 1st edition
has no Ukrainian rulebook) are the one exception.  Links keep the language."""

import re

import pytest
from harness import assert_no_errors, open_lesson, screenshot
from playwright.sync_api import expect
from test_learner_words import PAGES, ends_shown, every_part

T = 15_000
# Three Latin-letter words in a row read as an English sentence left untranslated.
LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z'’-]*(?:[ ,:]+[A-Za-z][A-Za-z'’-]*){2,}")
# A 1st-edition citation runs from "1E ·" to the 2nd edition's, the bracket that closes it, or
# the next Ukrainian word.
ENGLISH_CITATION = re.compile(
    r"1E\s*·\s*(?:[^()\n·\u0400-\u04ff]|\([^()\n\u0400-\u04ff]*\))*?(?=2E\s*·|\)|\((?=[^()]*[\u0400-\u04ff])|\n|[\u0400-\u04ff]|$)"
)
# The game's English title as printed on the box, and promo cards sold only in English.
KEPT = ("Sheriff of Nottingham", "Gambler's Risk", "Royal Summons", "Feast Plate", "Arcane Scrolls")


def english_left(text: str) -> list[str]:
    text = ENGLISH_CITATION.sub(" ", text)
    for name in KEPT:
        text = text.replace(name, " ")
    return [m.group(0) for m in LATIN_RUN.finditer(text)]


def test_english_left_finds_a_sentence_and_spares_citations():
    assert english_left("Шериф бере 2 золотих. The Sheriff opens the bag.") == ["The Sheriff opens the bag"]
    assert english_left("(1E · Load Merchant Bag; 2E · Крок 2. Завантаження товарів)") == []
    assert english_left("(1E · Honor among thieves (Richard at the Lee); 2E · Злодійська честь)") == []
    assert english_left("(1E · End of the game; So, you want to be the Chicken King? 2E · Умови перемоги)") == []
    assert english_left("(1E · Inspection) and then the Sheriff opens it") == ["and then the Sheriff opens it"]
    assert english_left("(1E · Inspection; Honor among thieves. 2E · Крок 4. Огляд)") == []
    assert english_left("1E · If the Sheriff inspects your bag Відкрили мішок") == []
    assert english_left("Джерело: 1E · If the Sheriff inspects your bag (приклад). Подробиці") == []


@pytest.mark.parametrize("name", PAGES)
def test_page_in_ukrainian_has_no_english_sentence(page, voila_url, name):
    open_lesson(page, voila_url, f"{name}?lang=uk")
    expect(page.locator("html")).to_have_attribute("lang", "uk", timeout=T)
    # The replays shown are stepped to their end; every example's story in both editions is
    # checked in Ukrainian without a browser (test_i18n_story.py, test_i18n_examples.py).
    texts = every_part(page, lambda k: f"{k + 1} з", each=ends_shown)  # "Частина 2 з 4"
    left = sorted(
        {
            f"{run!r} in …{t[max(0, t.find(run) - 50) : t.find(run) + len(run) + 30]}…"
            for t in texts
            for run in english_left(t)
        }
    )
    assert not left, f"{len(left)} English run(s) on {name}:\n" + "\n".join(left[:15])
    hrefs = page.eval_on_selector_all(
        "a[href$='.ipynb'], a[href*='.ipynb#'], a[href*='.ipynb?']",
        "els => els.filter(a => !a.hasAttribute('hreflang')).map(a => a.getAttribute('href'))",
    )
    lost = [h for h in hrefs if "lang=uk" not in h]
    assert not lost, f"links on {name} that drop the language: {lost[:5]}"
    screenshot(page, f"uk_{name.removesuffix('.ipynb')}")
    assert_no_errors(page)
