"""Screenshot every page (every part of a paced lesson) at 1280 and 400 px.

    PYTHONPATH=$PWD .venv/bin/python tools/page_screenshots.py screenshots/before [01_components_and_setup ...]

Serves ``notebooks/`` with Voilà (no preheated kernels) and saves ``<folder>/<page>-<width>[-pN].png``.
A look-before-and-after aid for changes to how pages are drawn; not a test.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from harness import VoilaServer, launch_chromium, open_lesson, screenshot  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

PART_BUTTONS = ".sn-part-pick button, .sn-part-pick button"
PART_TITLE = ".sn-part-title-out, .sn-part-title-out"


def shoot(page, base: str, name: str, width: int, folder: Path) -> None:
    import os

    os.environ["SHERIFF_SCREENSHOTS"] = str(folder)
    open_lesson(page, base, name + ".ipynb")
    page.wait_for_timeout(1500)  # images and late widgets settle
    parts = page.locator(PART_BUTTONS)
    if not parts.count():
        screenshot(page, f"{name}-{width}")
        return
    for k in range(parts.count()):
        parts.nth(k).click()
        page.locator(PART_TITLE).first.wait_for()
        page.wait_for_function(
            "([sel, k]) => (document.querySelector(sel) || {}).textContent.includes('Part ' + (k + 1) + ' of')",
            arg=[PART_TITLE.split(",")[0] + "," + PART_TITLE.split(",")[1], k],
            timeout=20_000,
        )
        page.wait_for_timeout(500)
        screenshot(page, f"{name}-{width}-p{k + 1}")


def main() -> None:
    folder = Path(sys.argv[1]).resolve()
    wanted = sys.argv[2:]
    names = sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb"))
    names = [n for n in names if not wanted or n in wanted]
    server = VoilaServer(ROOT / "notebooks", extra_args=["--VoilaConfiguration.preheat_kernel=False"])
    base = server.start()
    try:
        with sync_playwright() as p:
            browser = launch_chromium(p)
            for width in (1280, 400):
                for name in names:
                    if list(folder.glob(f"{name}-{width}*.png")):
                        continue  # shot already (a run that stopped half-way goes on)
                    if server.proc is None or server.proc.poll() is not None:
                        print("the server stopped:", server.log_text(2000), flush=True)
                        server.stop()
                        server = VoilaServer(
                            ROOT / "notebooks", extra_args=["--VoilaConfiguration.preheat_kernel=False"]
                        )
                        base = server.start()
                    context = browser.new_context(viewport={"width": width, "height": 900})
                    page = context.new_page()
                    try:
                        shoot(page, base, name, width, folder)
                        print(name, width, "ok", flush=True)
                    except Exception as exc:  # keep going: a page that fails is reported
                        print(name, width, "FAILED", str(exc)[:300], flush=True)
                    finally:
                        with contextlib.suppress(Exception):
                            page.goto("about:blank")
                        context.close()
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
