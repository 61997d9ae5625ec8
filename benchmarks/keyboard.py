"""A game played by keyboard alone, with no coach (issue 32): Tab presses per decision, and axe.

    .venv/bin/python benchmarks/keyboard.py [--seed 3] [--lang en]

Three players, seat 0 a human (hot seat), two bots, no pause between bot moves.  At each decision
the focus lands where the page puts it; the script presses Tab (and the arrow keys along a hand or a
bag's buttons) to a simple move's button and Enter: keep the hand in the Market, one card into the
bag, the declaration as offered, every bag let through, a demand refused.  It counts the Tabs used,
and the Tabs from the landing focus to the farthest button that makes a move; it runs axe (WCAG 2.x
A and AA, critical and serious) once per kind of decision and on the final scores.  Last line:
``decisions=N tabs_used median=X max=Y; tabs to the farthest move median=X max=Y; ...``."""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from harness import ROOT, VoilaServer, choose, launch_chromium, open_lesson, type_number, watch_console  # noqa: E402
from test_accessibility import blocking_violations  # noqa: E402


def ctl(n: str) -> str:
    return ".sn-ctl-" + n.replace(".", "-").replace("_", "-")


# The Tab order now, and for each button of the human's controls that makes a move: the Tabs from
# the focus to it (a button of an arrow-key row: to its row's one Tab stop) and the arrows after.
STATE = """() => {
  const all = [...document.querySelectorAll('button, input, select, textarea, a[href], [tabindex]')]
    .filter(e => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length);
  const name = e => ((e.closest('[class*=sn-ctl-]') || {}).className || '').match(/sn-ctl-[a-z0-9-]+/)?.[0] || '';
  const at = all.indexOf(document.activeElement);
  const moves = [];
  for (const e of document.querySelectorAll('.sn-private button')) {
    const n = name(e);
    if (e.disabled || !e.getClientRects().length || !n || n.startsWith('sn-ctl-coach') || /cards/.test(n)) continue;
    const row = e.closest('.sn-arrows');
    const inRow = row ? [...row.querySelectorAll('button')] : [e];
    const stop = row ? inRow.find(b => b.tabIndex >= 0) : e;
    const i = all.indexOf(stop);
    if (i >= 0) moves.push([n, i - at, inRow.indexOf(e) - inRow.indexOf(stop)]);
  }
  return {first: name(document.activeElement), moves};
}"""
FOCUSED = "() => document.querySelector('.sn-scores .sn-total') || document.activeElement?.closest('.sn-private .sn-focus-next')"
# the move made, by the end of its button's name, in this order of preference
POLICY = [
    "-start-go",
    "-market-go",
    "-load-go",
    "-declare-go",
    "-pass",
    "-deal-decline",
    "-deal-accept",
    "-send",
    "-go",
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--lang", default="en")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    with VoilaServer(ROOT / "notebooks") as url, sync_playwright() as p:
        browser = launch_chromium(p)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        watch_console(page)
        open_lesson(page, url, "20_play.ipynb" + ("" if args.lang == "en" else f"?lang={args.lang}"))
        page.wait_for_selector(ctl("setup.start"))
        type_number(page, page.locator(ctl("setup.delay") + " input"), 0)
        type_number(page, page.locator(ctl("setup.seed") + " input"), args.seed)
        choose(page, page.locator(ctl("setup.players") + " select"), "3")
        for seat in (0, 1, 2):  # options: human, bot
            select = page.locator(ctl(f"seat.{seat}.kind") + " select")
            choose(page, select, select.evaluate(f"s => s.options[{0 if seat == 0 else 1}].textContent"))
        page.locator(ctl("setup.start")).click()
        used, farthest, found, scanned, final = [], [], [], set(), None
        for _ in range(300):
            page.wait_for_function(FOCUSED, timeout=60_000)
            if page.locator(".sn-scores .sn-total").count():
                final = page.evaluate("() => document.activeElement.textContent")
                found += blocking_violations(page, "final scores")
                break
            st = page.evaluate(STATE)
            kind = st["first"].split("-")[2] if st["first"].count("-") >= 3 else st["first"]
            if kind not in scanned:
                scanned.add(kind)
                found += blocking_violations(page, st["first"])
            moves = [m for m in st["moves"] if m[1] >= 0]
            target = next((m for end in POLICY for m in moves if m[0].endswith(end)), moves[0])
            before = page.locator("[data-hand-seat]").get_attribute("data-moves")
            if "load-cards" in st["first"]:
                page.keyboard.press("Space")  # the first card into the bag: the focus is on it
            for _k in range(target[1]):
                page.keyboard.press("Tab")
            for _k in range(target[2]):
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
            used.append(target[1])
            farthest.append(max(m[1] for m in moves))
            page.wait_for_function(
                f"() => !document.querySelector('[data-hand-seat][data-moves=\"{before}\"]')"
                " || document.querySelector('.sn-scores .sn-total, .sn-refusal, .sn-ctl-coach-confirm')",
                timeout=60_000,
            )
            if page.locator(ctl("coach.confirm")).count():  # a warned move: "Do it anyway", one Tab back
                page.keyboard.press("Shift+Tab")
                page.keyboard.press("Enter")
                used[-1] += 1
            if page.locator(".sn-refusal").count():
                raise SystemExit(f"refused: {page.locator('.sn-refusal').first.inner_text()}")
        browser.close()
    print("\n".join(found) or "axe: no critical or serious node")
    print(
        f"decisions={len(used)} tabs_used median={statistics.median(used)} max={max(used)}; "
        f"tabs to the farthest move median={statistics.median(farthest)} max={max(farthest)}; "
        f"axe nodes={len(found)} over {len(scanned) + 1} states; final focus: {final!r}"
    )


if __name__ == "__main__":
    main()
