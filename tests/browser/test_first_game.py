"""The guided first game in a real browser, finished by clicks alone (and the keyboard for
one card); the final score on the page is the engine's.  Screenshots of each phase when
SHERIFF_SCREENSHOTS is set (at 1280 px and, with SHERIFF_NARROW=1, 400 px)."""

from __future__ import annotations

import os

import pytest
from harness import assert_no_errors, open_lesson, screenshot

from sheriff.guided import Guide

TIMEOUT = 30_000


def ctl(name: str) -> str:
    return ".sn-ctl-" + name.replace(".", "-").replace("_", "-")


def at_step(page, k: int) -> None:
    page.wait_for_function(
        f"() => [...document.querySelectorAll('.sn-progress')].some(e => e.innerText.trim() === 'Step {k} of 11')",
        timeout=TIMEOUT,
    )
    # the control to press next is highlighted and has the keyboard focus
    page.wait_for_function("() => !!document.activeElement?.closest('.sn-press-next')", timeout=TIMEOUT)


def card(page, picker: str, good: str, i: int = 0):
    return page.locator(f"{ctl(picker)} .sn-pick-{good}").nth(i)


def shot(page, name: str) -> None:
    width = 400 if os.environ.get("SHERIFF_NARROW") else 1280
    if os.environ.get("SHERIFF_SCREENSHOTS"):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(100)
        screenshot(page, f"{name}_{width}")


@pytest.mark.parametrize("attempt", range(10))  # ten times in a row: a learner must never find it stuck
def test_the_guided_first_game_is_finished_by_clicks(page, voila_url, attempt, monkeypatch):
    if attempt:
        monkeypatch.delenv("SHERIFF_SCREENSHOTS", raising=False)  # the pictures of the first run are enough
    open_lesson(page, voila_url, "00_first_game.ipynb")
    at_step(page, 1)
    shot(page, "guided_01_market")
    # Step 1: set aside Bread and Chickens; the Bread by keyboard (Tab focus, then Space)
    bread = card(page, "market.cards", "bread")
    bread.focus()
    bread.press("Space")
    page.wait_for_function(
        f"() => document.querySelector('{ctl('market.cards')} .sn-pick-bread').innerText.startsWith('✓')",
        timeout=TIMEOUT,
    )
    card(page, "market.cards", "chickens").click()
    page.locator(ctl("market.go")).click()
    at_step(page, 2)
    # Step 2: a wrong try first (four Apples): explained, then back
    for i in range(4):
        card(page, "load.cards", "apples", i).click()
    page.locator(ctl("load.go")).click()
    page.wait_for_selector(ctl("guided.back"), timeout=TIMEOUT)
    assert "Four Apples is an honest bag" in page.locator(".sn-warn").inner_text()
    page.wait_for_function(f"() => !!document.activeElement?.closest('{ctl('guided.back')}')", timeout=TIMEOUT)
    shot(page, "guided_02_other_choice")
    page.locator(ctl("guided.back")).click()
    page.wait_for_selector(ctl("guided.back"), state="detached", timeout=TIMEOUT)
    card(page, "load.cards", "apples", 3).click()  # the picks stay: one Apple out, the Silk in
    card(page, "load.cards", "silk").click()
    page.locator(ctl("load.go")).click()
    at_step(page, 3)
    shot(page, "guided_03_declare")
    page.locator(ctl("declare.good") + " select").select_option(label="4 Apples")
    page.locator(ctl("declare.go")).click()
    at_step(page, 4)
    shot(page, "guided_04_threatened")
    box = page.locator(ctl("bribe.gold") + " input")
    box.fill("2")
    box.press("Tab")
    page.locator(ctl("bribe.send")).click()
    at_step(page, 5)
    shot(page, "guided_05_counter_offer")
    page.locator(ctl("deal.accept")).click()
    at_step(page, 6)
    shot(page, "guided_06_sheriff")
    page.locator(ctl("start.go")).click()
    at_step(page, 7)
    shot(page, "guided_07_bags")
    page.locator(ctl("bag.1.inspect")).click()
    at_step(page, 8)
    page.locator(ctl("bag.2.inspect")).click()
    at_step(page, 9)
    shot(page, "guided_09_caught")
    page.locator(ctl("bag.3.threaten")).click()
    at_step(page, 10)
    page.locator(ctl("deal.accept")).click()
    at_step(page, 11)
    # the score, line by line
    page.wait_for_selector(ctl("guided.next_line"), timeout=TIMEOUT)
    while page.locator(ctl("guided.next_line")).count():
        n = page.locator(".sn-guided-score tr").count()
        page.locator(ctl("guided.next_line")).click()
        page.wait_for_function(f"() => document.querySelectorAll('.sn-guided-score tr').length > {n}", timeout=TIMEOUT)
        if page.locator(".sn-guided-winner").count():
            break
    page.wait_for_selector(".sn-guided-winner", timeout=TIMEOUT)
    g = Guide()
    g.restart(g.n_steps)
    lines, _ = g.score_lines()
    totals = [int(t) for t in page.locator(".sn-guided-total").all_inner_texts()]
    assert totals == [x.total for x in lines] == [83, 93, 68, 84]
    assert page.locator(".sn-guided-winner").inner_text() == g.winner_text()
    shot(page, "guided_11_score")
    # restart from a step: back to the Sheriff's first bag
    page.locator(ctl("guided.step") + " select").select_option(label="7. Round 2 · opening an honest bag")
    page.locator(ctl("guided.restart")).click()
    at_step(page, 7)
    page.wait_for_selector(ctl("bag.1.inspect"), timeout=TIMEOUT)
    assert_no_errors(page)
