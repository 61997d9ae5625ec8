"""Saves stay with the learner: the play page's save is a browser download, the replay page
loads a file from the learner's computer, and a file too large to be a saved game is refused
in the browser, before it is sent, with a message that says so."""

from __future__ import annotations

from harness import assert_no_errors, open_lesson
from playwright.sync_api import expect

T = 30_000


def open_load_box(page) -> None:
    page.locator(".sn-replay").get_by_text("Load a saved game", exact=True).click()  # the accordion
    page.wait_for_selector(".sn-ctl-replay-file", state="visible", timeout=T)


def choose_file(page, name: str, data: bytes) -> None:
    with page.expect_file_chooser() as chooser:
        page.click(".sn-ctl-replay-file")
    chooser.value.set_files({"name": name, "mimeType": "application/json", "buffer": data})


def test_replay_refuses_a_large_file_in_the_browser_and_loads_a_real_save(page, voila_url):
    from sheriff.rules import Rules
    from sheriff.saved_game import save_game
    from sheriff.tournament import play_one

    sent: list[int] = []  # sizes of what the page sends its kernel, from the first frame on
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(len(payload))))
    open_lesson(page, voila_url, "21_replay.ipynb")
    open_load_box(page)
    assert sent, "the page's frames to its kernel are seen"
    choose_file(page, "holiday-video.json", b" " * (20 * 1024 * 1024))
    note = page.locator(".sheriff-upload-refused")
    expect(note).to_contain_text("20.0 MB: too large to be a saved game", timeout=T)
    expect(note).to_contain_text("Nothing was sent")
    page.click(".sn-ctl-replay-load")
    expect(page.locator(".sn-replay .sn-refusal")).to_contain_text("Choose a saved game file", timeout=T)
    # the refusal above came from the kernel; the 20 MB never went to it (every frame is small)
    assert max(sent) < 100_000, f"a frame of {max(sent):,} bytes went to the kernel"

    g = play_one(Rules(players=3), [("honest", "trusting")] * 3, seed=11)
    choose_file(page, "my-game.json", save_game(g).encode("utf-8"))
    # the kernel has the file once the page names it (FileUpload does not echo its value)
    expect(page.locator(".sn-file-chosen")).to_contain_text("Chosen: my-game.json", timeout=T)
    expect(note).to_have_count(0)
    page.click(".sn-ctl-replay-load")
    expect(page.locator(".sn-step")).to_have_text(f"Step 0 of {len(g.history)}", timeout=T)
    assert_no_errors(page)


def test_play_page_save_is_a_download(page, voila_url):
    open_lesson(page, voila_url, "20_play.ipynb")
    page.wait_for_selector(".sn-ctl-setup-start", timeout=T)
    page.click(".sn-ctl-setup-start")
    page.wait_for_selector(".sn-ctl-game-save", timeout=T)
    page.click(".sn-ctl-game-save")
    link = page.locator("a[download]", has_text="Download")
    expect(link).to_be_visible(timeout=T)
    expect(page.locator(".sn-note", has_text="on your computer")).to_be_visible()
    with page.expect_download() as download:
        link.click()
    path = download.value.path()
    text = open(path, encoding="utf-8").read()
    assert '"format": "sheriff-game"' in text or '"format":"sheriff-game"' in text
    assert_no_errors(page)
