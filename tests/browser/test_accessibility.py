"""Every page and every part of a paced lesson, in English and in Ukrainian, passes axe-core's
WCAG 2.0/2.1 A and AA rules with no critical or serious violation (issue 23).

axe-core comes bundled in the ``axe-playwright-python`` package (the ``test`` extra): nothing is
fetched at test time.  One Voilà server, one browser: each language goes through every page before
the next language, so no page is opened twice in a row (a second visit would wait for its pooled
kernel to be refilled)."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from harness import assert_no_errors, open_lesson, screenshot, synced, type_number
from playwright.sync_api import expect
from test_class_mode import PAGES as CLASS_PAGES
from test_class_mode import class_server, close_pages, expect_students, fill, new_page  # noqa: F401 (a fixture)
from test_learner_words import PAGES

from sheriff import i18n

T = 15_000
T_CLASS = 90_000
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
@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
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


# ----------------------------------------------------------------------------- live states (issue 32)
# The pages after use, not only at first paint: one page per group and language, each state scanned
# once.  Waits use classes, not words, so the same code walks the English and the Ukrainian page.
LANGS = list(i18n.LANGUAGES)


def ctl(name: str) -> str:
    return ".sn-ctl-" + name.replace(".", "-").replace("_", "-")


def lesson(page, voila_url, name: str, lang: str) -> None:
    open_lesson(page, voila_url, name if lang == "en" else f"{name}?lang={lang}")
    expect(page.locator("html")).to_have_attribute("lang", lang, timeout=T)


def scan(page, where: str, found: list[str]) -> None:
    found += blocking_violations(page, where)


def assert_clean(found: list[str], what: str) -> None:
    assert not found, f"{len(found)} critical/serious axe finding(s) {what}:\n" + "\n".join(found[:40])


def start_game(page, seats=("human", "bot", "bot"), seed: int = 3) -> None:
    """The play page's setup by widget values (no words): seat 0 a human unless told, delay 0."""
    page.wait_for_selector(ctl("setup.start"), timeout=T)
    type_number(page, page.locator(ctl("setup.delay") + " input"), 0)
    type_number(page, page.locator(ctl("setup.seed") + " input"), seed)
    choose_value(page, page.locator(ctl("setup.players") + " select"), str(len(seats)))
    for p, kind in enumerate(seats):
        choose_value(page, page.locator(ctl(f"seat.{p}.kind") + " select"), kind)
    page.locator(ctl("setup.start")).click()


def choose_value(page, select, value: str) -> None:
    """Pick a Dropdown's option by its label's position among the options whose value... (ipywidgets
    gives options index values): the option whose label the kernel knows as ``value``."""
    labels = select.evaluate("s => [...s.options].map(o => o.textContent)")
    index = {"human": 0, "bot": 1}.get(value)
    label = labels[index] if index is not None else value
    synced(page, lambda: select.select_option(label=label), element=select)


def decision(page, timeout: float = 60_000) -> str:
    """Wait for the human seat's next decision (or the end); return the first control's ctl class."""
    page.wait_for_function(
        "() => document.querySelector('.sn-scores .sn-total') || "
        "[...document.querySelectorAll('.sn-focus-next')].some(e => e.closest('.sn-private'))",
        timeout=timeout,
    )
    return page.evaluate(
        "() => { const e = [...document.querySelectorAll('.sn-focus-next')].find(e => e.closest('.sn-private'));"
        " const named = e && e.closest('[class*=sn-ctl-]');"  # a card's picker carries the name
        " return e ? ((named && named.className.match(/sn-ctl-[a-z0-9-]+/)) || [''])[0] : 'end'; }"
    )


def follow_coach(page) -> None:
    """Make the coach's move at this decision (the page's own buttons), then wait for the next."""
    moves = page.locator("[data-hand-seat]").get_attribute("data-moves")
    # dispatched clicks, as tests/browser/test_play_together.py's press(): the page's script scrolls a
    # new control into view and moves the focus, so a pointer click can land while it still moves
    if not page.locator(ctl("coach.take")).count():  # asked already (the coach open was scanned)
        page.locator(ctl("coach.ask")).dispatch_event("click")
    expect(page.locator(ctl("coach.take"))).to_be_visible(timeout=T)
    page.locator(ctl("coach.take")).dispatch_event("click")
    try:
        page.wait_for_function(
            f"() => !document.querySelector('[data-hand-seat][data-moves=\"{moves}\"]')"
            " || document.querySelector('.sn-scores .sn-total')",
            timeout=60_000,
        )
    except Exception:
        raise AssertionError(f"no move after the coach's: {page.locator('.sn-private').first.inner_text()}") from None


@pytest.mark.parametrize("lang", LANGS)
def test_the_play_page_passes_axe_in_every_state(page, voila_url, lang):
    """Setup, each kind of decision (the Sheriff's first), a fold open, the coach open, a refusal,
    and the final scores."""
    found: list[str] = []
    lesson(page, voila_url, "20_play.ipynb", lang)
    for fold in page.locator(".sn-fold:visible").all():  # the setup's (the game's are not shown yet)
        fold.locator("button.sn-fold-toggle").click()
    expect(page.locator(".sn-fold-body:visible")).to_have_count(2, timeout=T)
    scan(page, "setup, both folds open", found)
    start_game(page)
    seen: set[str] = set()
    for _ in range(30):
        first = decision(page)
        if first == "end" or {"market", "load", "declare", "sheriff", "merchant"} <= seen:
            break
        kind = first.split("-")[2] if first.startswith("sn-ctl-") else first
        kind = {"start": "sheriff", "bag": "sheriff", "deal": "merchant", "bribe": "merchant"}.get(kind, kind)
        if kind not in seen:
            seen.add(kind)
            scan(page, f"decision {first}", found)
            if kind == "load":  # a refusal: an empty bag
                page.locator(ctl("load.go")).click()
                expect(page.locator(".sn-refusal").first).to_be_visible(timeout=T)
                scan(page, "a refusal", found)
            if page.locator(".sn-private .sn-fold").count():  # goods, deals, a promise
                page.locator(".sn-private .sn-fold button.sn-fold-toggle").first.click()
                scan(page, "the bribe form's fold open", found)
            page.locator(ctl("coach.ask")).click()
            expect(page.locator(ctl("coach.take"))).to_be_visible(timeout=T)
            scan(page, f"the coach open at {first}", found)
        follow_coach(page)
    assert {"market", "load", "declare"} <= seen, seen
    for fold in page.locator(".sn-game .sn-fold, .sn-fold-story, .sn-fold-json").all():
        if fold.is_visible():
            fold.locator("button.sn-fold-toggle").click()
    scan(page, "mid-game, the whole story and the JSON open", found)
    page.locator(ctl("game.new")).click()
    start_game(page, seats=("bot", "bot", "bot"))
    expect(page.locator(".sn-scores .sn-total").first).to_be_visible(timeout=120_000)
    scan(page, "final scores", found)
    assert_clean(found, f"on the play page ({lang})")
    assert_no_errors(page)


@pytest.mark.parametrize("lang", LANGS)
def test_the_guided_game_passes_axe_at_every_step(page, voila_url, lang):
    found: list[str] = []
    lesson(page, voila_url, "00_first_game.ipynb", lang)
    step = page.locator(".sn-ctl-guided-step select")
    n = step.locator("option").count()
    for k in range(1, n + 1):
        synced(page, lambda k=k: step.select_option(index=k - 1), element=step)
        page.locator(".sn-ctl-guided-restart").click()
        expect(page.locator(".sn-guided-progress")).to_contain_text(f"{k}", timeout=T)
        page.wait_for_function(f"() => document.querySelector('.sn-ctl-guided-step select').selectedIndex === {k - 1}")
        scan(page, f"step {k}", found)
    assert_clean(found, f"in the guided game ({lang})")
    assert_no_errors(page)


@pytest.mark.parametrize("lang", LANGS)
def test_the_replay_and_the_labs_pass_axe_after_use(page, voila_url, lang):
    from sheriff.rules import Rules
    from sheriff.saved_game import save_game
    from sheriff.tournament import play_one

    found: list[str] = []
    lesson(page, voila_url, "21_replay.ipynb", lang)
    page.locator(".sn-replay button.sn-fold-toggle").click()
    g = play_one(Rules(players=3), [("honest", "trusting")] * 3, seed=11)
    with page.expect_file_chooser() as chooser:
        page.click(".sn-ctl-replay-file")
    chooser.value.set_files({"name": "game.json", "mimeType": "application/json", "buffer": save_game(g).encode()})
    expect(page.locator(".sn-file-chosen")).to_be_visible(timeout=T)
    page.click(".sn-ctl-replay-load")
    expect(page.locator(".sn-step")).to_contain_text(str(len(g.history)), timeout=T)
    for _ in range(8):
        page.click(".sn-ctl-replay-next")
    expect(page.locator(".sn-step")).to_contain_text("8", timeout=T)
    scan(page, "the replay, a game loaded", found)

    lesson(page, voila_url, "31_bribe_bargaining.ipynb", lang)
    page.locator("button.sn-fold-toggle").first.click()
    gambit = page.locator(".sn-fold-body button").first
    gambit.click()
    expect(page.locator(".sn-fold-body .widget-html-content").first).not_to_be_empty(timeout=60_000)
    scan(page, "lab 31, Gambit's check shown", found)

    lesson(page, voila_url, "11_score_calculator.ipynb", lang)
    before = page.locator(".sn-score-result").inner_text()
    page.locator(".sn-calc-grid input").nth(1).fill("3")
    page.locator(".sn-calc-grid input").nth(1).press("Tab")
    expect(page.locator(".sn-score-result")).not_to_have_text(before, timeout=T)
    scan(page, "the score calculator, a count typed", found)
    assert_clean(found, f"on the replay and the labs ({lang})")
    assert_no_errors(page)


# ----------------------------------------------------------------------------- folds by keyboard
TABBABLE = """t => { const all = [...document.querySelectorAll('button, input, select, textarea, a[href], [tabindex]')]
  .filter(e => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length);
  const i = all.indexOf(t); if (i > 0) all[i - 1].focus(); else document.body.focus(); return i; }"""


def open_by_keyboard(page, fold) -> None:
    """Tab to the fold's button from the control before it, Enter opens it, Space closes it."""
    toggle = fold.locator("button.sn-fold-toggle").first
    body = fold.locator(".sn-fold-body").first
    expect(toggle).to_have_attribute("aria-expanded", "false", timeout=T)
    assert toggle.evaluate(TABBABLE) >= 0, "the fold's button is not in the Tab order"
    page.keyboard.press("Tab")
    assert toggle.evaluate("t => document.activeElement === t"), "Tab does not reach the fold's button"
    ring = toggle.evaluate("t => getComputedStyle(t).outlineWidth")
    assert float(ring.rstrip("px")) >= 2, f"no visible focus on the fold's button ({ring})"
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-expanded", "true", timeout=T)
    expect(body).to_be_visible()
    page.keyboard.press("Space")
    expect(toggle).to_have_attribute("aria-expanded", "false", timeout=T)
    expect(body).to_be_hidden()
    page.keyboard.press("Space")
    expect(toggle).to_have_attribute("aria-expanded", "true", timeout=T)
    expect(body).to_be_visible()


def test_every_fold_on_every_page_opens_by_keyboard(page, voila_url):
    """The setup's two folds, the bribe form's goods, deals and promise, the whole game so far and the saved
    JSON (the play page), the replay's loader, lab 31's Gambit check; no page holds an Accordion."""
    opened: list[str] = []
    lesson(page, voila_url, "20_play.ipynb", "en")
    for fold in page.locator(".sn-fold:visible").all():
        open_by_keyboard(page, fold)
        opened.append(fold.get_attribute("class"))
    start_game(page)
    while decision(page) not in ("sn-ctl-bag-1-inspect", "end"):
        follow_coach(page)
    for cls in ("sn-fold-bribe-more", "sn-fold-story", "sn-fold-json"):
        open_by_keyboard(page, page.locator(f".{cls}"))
        opened.append(cls)
    assert page.locator(".jupyter-widget-Collapse, .lm-TabBar").count() == 0
    for name in ("21_replay.ipynb", "31_bribe_bargaining.ipynb"):
        lesson(page, voila_url, name, "en")
        assert page.locator(".jupyter-widget-Collapse, .lm-TabBar").count() == 0
        for fold in page.locator(".sn-fold").all():
            open_by_keyboard(page, fold)
            opened.append(f"{name} {fold.get_attribute('class')}")
    assert len(opened) == 7, opened
    assert_no_errors(page)


def test_the_class_pages_pass_axe_after_a_room_a_join_and_reveal(browser, class_server):  # noqa: F811
    """The teacher's room made, a student joined, a round played and revealed (the chart and the
    results table): English, then Ukrainian, on one class server."""
    url = class_server["url"]
    found: list[str] = []
    for lang in LANGS:
        q = "" if lang == "en" else f"?lang={lang}"
        teacher, students = new_page(browser, 1280), [new_page(browser, 400), new_page(browser, 400)]
        try:
            open_lesson(teacher, url, CLASS_PAGES[0] + q)
            expect_students(teacher, len(students))
            teacher.locator(".sn-create-room").click()
            expect(teacher.locator(".sn-code")).to_have_text(re.compile(r"^[A-Z2-9]{6}$"), timeout=T_CLASS)
            code = teacher.locator(".sn-code").inner_text()
            scan(teacher, f"{lang}: the teacher's room made", found)
            for k, s in enumerate(students):
                open_lesson(s, url, CLASS_PAGES[1] + q)
                fill(s, "sn-join-code", code)
                fill(s, "sn-join-nick", f"Kid{k}")
                s.locator(".sn-join").click()
                expect(s.locator(".sn-student-status")).to_contain_text(f"Kid{k}", timeout=T_CLASS)
            scan(students[0], f"{lang}: a student joined", found)
            teacher.locator(".sn-start-round").click()
            for s in students:
                choice = s.locator(".sn-smuggle, .sn-inspect").first
                choice.click(timeout=T_CLASS)
            for s in students:  # the round played: each student's own table has its row
                expect(s.locator(".sn-student-history table")).to_be_visible(timeout=T_CLASS)
            teacher.locator(".sn-reveal").click()
            expect(teacher.locator(".sn-prediction .sn-result")).to_be_visible(timeout=T_CLASS)
            expect(teacher.locator(".sn-class-plot img")).to_have_attribute("alt", re.compile(r"%"), timeout=T_CLASS)
            expect(students[0].locator(".sn-student-class table")).to_be_visible(timeout=T_CLASS)
            scan(teacher, f"{lang}: the teacher after Reveal", found)
            scan(students[0], f"{lang}: a student after Reveal", found)
            screenshot(students[0], f"class_results_400px_{lang}")  # SHERIFF_SCREENSHOTS=1 keeps it
            students[0].set_viewport_size({"width": 1280, "height": 900})
            screenshot(students[0], f"class_results_1280px_{lang}")
            table = students[0].locator(".sn-student-class .sn-scroll")
            assert table.get_attribute("tabindex") == "0" and table.get_attribute("aria-label")
            assert_no_errors(teacher)
        finally:
            close_pages(teacher, *students)
    assert_clean(found, "on the class pages")


# ----------------------------------------------------------------------------- the table page
@pytest.mark.parametrize("lang", LANGS)
def test_the_table_passes_axe_seated_and_watching(browser, table_server, lang):  # noqa: F811
    """Play together (52_table): Ann seated at a 3-seat table with the coach in the other two seats, a
    decision of hers open after a few moves; then a spectator's view of the same table."""
    from test_play_together import PAGE, fill
    from test_play_together import new_page as table_page

    q = "" if lang == "en" else f"?lang={lang}"
    found: list[str] = []
    ann, watch = table_page(browser, 1280), table_page(browser, 1280)
    try:
        open_lesson(ann, table_server, PAGE + q)
        players = ann.locator(".sn-open-players select")
        synced(ann, lambda: players.select_option("3"), element=players)
        for seat in (1, 2):
            box = ann.locator(f".sn-open-bot-{seat} input")
            synced(ann, lambda box=box: box.check(), element=box)
        fill(ann, "sn-open-name", "Ann")
        ann.locator(".sn-open").click()
        expect(ann.locator(".sn-code")).to_have_text(re.compile(r"^[A-Z2-9]{6}$"), timeout=T_CLASS)
        code = ann.locator(".sn-code").inner_text()
        ann.locator(".sn-table-start").click()
        for k in range(3):  # her third decision: the Market behind her, a decision open mid-round
            first = decision(ann, timeout=T_CLASS)
            assert first != "end"
            if k < 2:
                follow_coach(ann)
        scan(ann, f"{lang}: seated, decision {first} open", found)
        screenshot(ann, f"table_seated_1280px_{lang}")  # SHERIFF_SCREENSHOTS=folder keeps them
        ann.set_viewport_size({"width": 400, "height": 900})
        screenshot(ann, f"table_seated_400px_{lang}")
        open_lesson(watch, table_server, PAGE + q)
        fill(watch, "sn-join-code", code)
        watch.locator(".sn-watch").click()
        expect(watch.locator(".sn-game .sn-panel").first).to_be_visible(timeout=T_CLASS)
        assert watch.locator("[data-hand-seat]").count() == 0
        scan(watch, f"{lang}: watching", found)
        for p in (ann, watch):
            assert_no_errors(p)
    finally:
        close_pages(ann, watch)
    assert_clean(found, f"on the table page ({lang})")


# ----------------------------------------------------------------------------- the live region
LIVE_LINES = """() => { const b = document.querySelector('.sn-private .sn-result.sn-live, .sn-result.sn-live');
  return b ? [...b.querySelectorAll('p')].map(p => p.innerText.trim()).filter(Boolean) : []; }"""


def test_the_live_region_reads_each_paragraph_apart(page, voila_url):
    """Issue 32: what the live region reads out keeps a break between paragraphs: a round's title
    and the sentence after it are two lines of its innerText and two paragraphs of its accessible
    tree, never "Round 2Alan-a-Dale"."""
    lesson(page, voila_url, "20_play.ipynb", "en")
    start_game(page)
    lines: list[str] = []
    for _ in range(30):  # until what happened since the last move crosses into a new round
        if decision(page) == "end":
            break
        lines = page.evaluate(LIVE_LINES)
        if any(ln.startswith("Round ") for ln in lines[:-1]):
            break
        follow_coach(page)
    k = next(i for i, ln in enumerate(lines[:-1]) if ln.startswith("Round "))
    title, after = lines[k], lines[k + 1]
    region = page.locator(".sheriff-live")
    expect(region).to_contain_text(after, timeout=T)
    said = [ln.strip() for ln in region.evaluate("r => r.innerText").split("\n") if ln.strip()]
    assert title in said and after in said, said
    assert title + after not in " ".join(said)
    paragraphs = [ln.strip() for ln in region.aria_snapshot().splitlines() if ln.strip().startswith("- paragraph")]
    assert f"- paragraph: {title}" in paragraphs, paragraphs  # the title a paragraph alone
    assert any(after.split()[0] in p and title not in p for p in paragraphs), paragraphs
