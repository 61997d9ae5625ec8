"""A play-together table in real browsers: three people (separate Chromium contexts) and the coach
play a whole 2nd-edition game on one Voilà server whose store is a throwaway SQLite folder.

Most decisions go through the coach's "Do this" (a legal move); one declaration goes through the
real controls, and one bribe is offered and taken between two people (the Sheriff threatens a
bag, its merchant offers gold, the Sheriff takes the deal).  One player closes the page in the
second round and comes back on a new device: her name alone is refused, her rejoin code gives
the same seat, the game as it stands.  Every page reaches the final score and offers the full
replay.  Every websocket frame each page received is scanned: no other seat's private area (its
hand and bag), no other seat's rejoin code, the host key only on the host's page, and the seed on
no page before the game is over."""

from __future__ import annotations

import json
import re
import time

from conftest import TABLE_PAGE as PAGE
from conftest import table_server_db
from harness import (
    assert_no_errors,
    open_lesson,
    screenshot,
    synced,
    type_number,
    wait_for_lesson,
    watch_console,
)
from playwright.sync_api import expect
from test_accessibility import blocking_violations
from test_narrow_screen import SIDEWAYS

from sheriff.classroom.store import Store

T = 90_000
REPLAY = "21_replay.ipynb"
NAMES = ("Ann", "Bob", "Cy")


def new_page(browser, width):
    context = browser.new_context(viewport={"width": width, "height": 900}, accept_downloads=True)
    page = context.new_page()
    watch_console(page)
    page.sheriff_frames = frames = []  # every websocket frame the page received, as text
    page.on(
        "websocket",
        lambda ws: ws.on(
            "framereceived", lambda f: frames.append(f if isinstance(f, str) else f.decode("utf-8", "replace"))
        ),
    )
    return page


def rejoin_code(page) -> str:
    """The seat's rejoin code, as its own page shows it (in a fold)."""
    code = page.locator(".sn-seat-key .sn-secret-key")
    expect(code).to_have_count(1, timeout=T)
    return code.text_content().strip()


def fill(page, cls: str, value: str):
    box = page.locator(f".{cls} input")
    synced(page, lambda: box.fill(value), element=box)


def ctl(name: str) -> str:
    return ".sn-ctl-" + name.replace(".", "-").replace("_", "-")


def join(page, url, code, name, key=""):
    open_lesson(page, url, PAGE)
    fill(page, "sn-join-code", code)
    fill(page, "sn-join-nick", name)
    if key:
        fill(page, "sn-join-key", key)
    page.locator(".sn-join").click()
    joined = page.locator(".sn-table-code").filter(has_text=f"You are {name.title()}")
    expect(joined).to_be_visible(timeout=T)


def top(page, selector: str) -> float:
    """Where the first visible ``selector`` starts on the page (px from the top)."""
    return page.locator(selector).first.evaluate("e => e.getBoundingClientRect().top + window.scrollY")


def status(page) -> str:
    return page.locator(".sn-table-status").inner_text()


SETTLED = """() => {
  const seq = document.querySelector('.sn-table-status [data-seq]')?.dataset.seq;
  const hand = document.querySelector('[data-hand-seat]')?.dataset.moves;
  const over = /game is over/.test(document.querySelector('.sn-table-status')?.innerText || '');
  return seq !== undefined && (seq === hand || over) ? seq : null;
}"""


def my_turn(page) -> str | None:
    """The move number when the page shows, all drawn from one position, that it is this seat's turn."""
    seq = page.evaluate(SETTLED)
    if seq is None or "Your turn" not in status(page) or not page.locator(ctl("coach.ask")).count():
        return None
    return seq if page.evaluate(SETTLED) == seq else None


def after_move(page, before: str) -> None:
    """Wait for the page to show a later position, all of it (or the coach's warning: confirm it)."""
    later = f"(() => {{ const s = ({SETTLED})(); return s !== null && s !== '{before}'; }})()"
    try:
        page.wait_for_function(
            f"() => document.querySelector('{ctl('coach.confirm')}') || document.querySelector('.sn-refusal') || "
            + later,
            timeout=T,
        )
    except Exception:
        raise AssertionError(
            f"no move after {before}: {status(page)}\n{page.locator('.sn-game').inner_text()}"
        ) from None
    if page.locator(ctl("coach.confirm")).count():
        page.locator(ctl("coach.confirm")).dispatch_event("click")
        page.wait_for_function(f"() => {later}", timeout=T)
    assert not page.locator(".sn-refusal").count(), page.locator(".sn-refusal").inner_text()


def press(page, name: str) -> None:
    """Click a control once it is shown (a dispatched click: the page's script scrolls a new control
    into view, so it may still be moving)."""
    button = page.locator(ctl(name))
    expect(button).to_be_visible(timeout=T)
    button.dispatch_event("click")


def wait_for_turn(page) -> str:
    page.wait_for_function(f"() => ({SETTLED})() !== null && document.querySelector('{ctl('coach.ask')}')", timeout=T)
    seq = my_turn(page)
    assert seq is not None, status(page)
    return seq


def coach_move(page, before: str) -> None:
    press(page, "coach.ask")
    press(page, "coach.take")
    after_move(page, before)


def test_three_people_and_the_coach_play_a_whole_game(browser, table_server):
    url = table_server
    ann = new_page(browser, 1280)
    bob = new_page(browser, 400)
    cy = new_page(browser, 1280)
    watch = new_page(browser, 1280)
    pages = {0: ann, 1: bob, 2: cy}
    try:
        open_lesson(ann, url, PAGE)
        synced(ann, lambda: ann.locator(".sn-open-bot-3 input").check(), element=ann.locator(".sn-open-bot-3 input"))
        fill(ann, "sn-open-name", "Ann")
        ann.locator(".sn-open").click()
        expect(ann.locator(".sn-code")).to_have_text(re.compile(r"^[A-Z2-9]{6}$"), timeout=T)
        code = ann.locator(".sn-code").inner_text()
        join(bob, url, code.lower(), "Bob")
        join(cy, url, code, "Cy")
        keys = {0: rejoin_code(ann), 1: rejoin_code(bob), 2: rejoin_code(cy)}
        host_key = ann.locator(".sn-host-key .sn-secret-key").text_content().strip()
        assert len(set(keys.values())) == 3 and host_key
        expect(ann.locator(".sn-table-status")).to_contain_text("Cy", timeout=T)
        ann.locator(".sn-table-start").click()
        for p in pages.values():
            expect(p.locator(".sn-table-status")).to_contain_text(re.compile("Your turn|is to act"), timeout=T)
        screenshot(ann, "table_seat_1280")
        problems = blocking_violations(ann, "a seat's view")
        open_lesson(watch, url, PAGE)
        fill(watch, "sn-join-code", code)
        watch.locator(".sn-watch").click()
        expect(watch.locator(".sn-table-code")).to_contain_text("Spectator", timeout=T)
        declared_by_hand = bargained = reconnected = False
        deadline = time.monotonic() + 1200
        while True:
            if all("game is over" in status(p) for p in pages.values()):
                break
            assert time.monotonic() < deadline, "the game did not finish"
            turns = {s: my_turn(p) for s, p in pages.items()}
            mover = next((s for s, seq in turns.items() if seq is not None), None)
            if mover is None:
                ann.wait_for_timeout(100)  # lets the pages' polls bring the next position
                continue
            page, before = pages[mover], turns[mover]
            header = page.locator(".sn-game").inner_text()
            if not reconnected and "Round 2 of" in header and mover != 2:
                # Cy closes the page mid-round and comes back on a new device with the code and the name
                round_now = re.search(r"Round \d+ of \d+", header).group(0)  # the mover's page is up to date
                # the spectator's view on the projector: public information only
                expect(watch.locator(".sn-game")).to_contain_text(round_now, timeout=T)
                assert watch.locator("[data-hand-seat]").count() == 0
                screenshot(watch, "table_spectator_1280")
                problems += blocking_violations(watch, "the spectator's view")
                screenshot(bob, "table_seat_400")
                assert bob.evaluate(SIDEWAYS) == []  # no row of controls scrolls sideways on a phone
                # on a phone a seat's own cards and decision come before the others' stands and the story
                assert top(bob, ".sn-private-area") < min(top(bob, ".sn-table"), top(bob, ".sn-story"))
                assert top(bob, ".sn-private-area") < top(bob, ".sn-table-status")
                assert top(ann, ".sn-private-area") > top(ann, ".sn-story")  # a wide screen keeps its order
                # the host pauses: every page says so and who; nobody's controls; then resumes
                ann.locator(".sn-table-pause").click()
                expect(ann.locator(".sn-table-status")).to_contain_text("You have paused the game", timeout=T)
                for p in (*pages.values(), watch):
                    expect(p.locator(".sn-table-status")).to_contain_text(
                        re.compile("(Ann has|You have) paused"), timeout=T
                    )
                expect(page.locator(".sn-private")).to_contain_text("Ann has paused the game", timeout=T)
                screenshot(bob, "table_paused_400")
                screenshot(ann, "table_paused_1280")
                ann.locator(".sn-table-resume").click()
                expect(page.locator(".sn-table-status")).to_contain_text("Your turn", timeout=T)
                cy_frames = cy.sheriff_frames
                cy.context.close()
                cy = pages[2] = new_page(browser, 1280)
                cy.sheriff_frames[:0] = cy_frames  # one person's frames, on both devices
                open_lesson(cy, url, PAGE)
                fill(cy, "sn-join-code", code)
                fill(cy, "sn-join-nick", "cy")
                cy.locator(".sn-join").click()  # a new device, the name alone: refused, and told why
                expect(cy.locator(".sn-join-msg")).to_contain_text("already sits at this table", timeout=T)
                expect(cy.locator(".sn-join-msg")).to_contain_text("rejoin code")
                screenshot(cy, "table_rejoin_refused_1280")
                join(cy, url, code, "cy", keys[2])
                expect(cy.locator(".sn-table-code")).to_contain_text("seat 3")
                expect(cy.locator(".sn-game")).to_contain_text(round_now, timeout=T)
                expect(cy.locator("[data-hand-seat='2']")).to_be_visible(timeout=T)
                reconnected = True
                continue
            threaten = [page.locator(ctl(f"bag.{m}.threaten")) for m in pages if m != mover and not bargained]
            threaten = [b for b in threaten if b.count()]
            if threaten:
                # the Sheriff threatens a person's bag; that merchant offers 1 gold; the Sheriff takes it
                merchant = next(m for m in pages if m != mover and page.locator(ctl(f"bag.{m}.threaten")).count())
                press(page, f"bag.{merchant}.threaten")
                after_move(page, before)
                mp = pages[merchant]
                expect(mp.locator(ctl("bribe.send"))).to_be_visible(timeout=T)
                wait_for_turn(mp)
                type_number(mp, mp.locator(ctl("bribe.gold") + " input"), 1)
                before = my_turn(mp)
                press(mp, "bribe.send")
                after_move(mp, before)
                expect(page.locator(ctl("deal.accept"))).to_be_visible(timeout=T)
                expect(page.locator(".sn-private")).to_contain_text("offers 1 gold")
                before = wait_for_turn(page)
                press(page, "deal.accept")
                after_move(page, before)
                bargained = True
                continue
            if not declared_by_hand and page.locator(ctl("declare.go")).count():
                press(page, "declare.go")
                after_move(page, before)
                declared_by_hand = True
                continue
            coach_move(page, before)
        assert declared_by_hand and bargained and reconnected
        assert not problems, "critical/serious axe findings:\n" + "\n".join(problems)
        for p in pages.values():
            expect(p.locator(".sn-game")).to_contain_text("Final scores", timeout=T)
            link = p.locator(".sn-table-download")
            expect(link).to_be_visible(timeout=T)
        screenshot(bob, "table_over_400")
        # the link to the game on the replay page (which opens it: tests/test_table_page_finish.py)
        replay = bob.locator(".sn-table-replay-link")
        assert replay.get_attribute("href") == f"{REPLAY}?table={code}"
        with bob.expect_download() as dl:
            bob.locator(".sn-table-download").click()
        saved = json.loads(open(dl.value.path(), encoding="utf-8").read())
        assert saved["format"] == "sheriff-game" and saved["rules"]["players"] == 4
        text = json.dumps(saved)
        assert '"type": "offer"' in text and '"type": "threaten"' in text
        expect(watch.locator(".sn-game")).to_contain_text("Final scores", timeout=T)
        for p in (*pages.values(), watch):
            assert_no_errors(p)
        seed = Store(f"sqlite:///{table_server_db(url)}").room_by_code(code).seed
        for who, p in (*pages.items(), ("spectator", watch)):
            assert p.sheriff_frames, who
            for frame in p.sheriff_frames:
                for seat, key in keys.items():
                    assert seat == who or key not in frame, f"seat {seat}'s rejoin code reached {who}'s page"
                assert who == 0 or host_key not in frame, f"the host key reached {who}'s page"
                if re.search(rf"\b{seed}\b", frame):  # only the final header (and the replay) say the seed
                    assert "Game over" in frame, f"the seed reached {who}'s page before the end"
                # a hand and a bag are drawn only in their own seat's private area (render.private_hand)
                shown = {int(q) for q in re.findall(r'data-hand-seat=\\*"(\d+)', frame)}
                assert shown <= ({who} if who != "spectator" else set()), f"{shown}'s cards reached {who}'s page"
        # a rematch: the host presses it, every page follows to a new table with the same seats and codes
        expect(ann.locator(".sn-table-bots input")).to_have_count(0)  # no "coach plays seat N" after the game
        ann.locator(".sn-table-rematch").click()
        for who, p in (*pages.items(), ("spectator", watch)):
            expect(p.locator(".sn-table-code")).not_to_contain_text(code, timeout=T)
            expect(p.locator(".sn-game")).to_contain_text("Round 1 of", timeout=T)
            if who != "spectator":
                expect(p.locator(".sn-table-code")).to_contain_text(f"seat {who + 1}")
                assert rejoin_code(p) == keys[who]
        new_code = re.search(r"Table ([A-Z2-9]{6})", ann.locator(".sn-table-code").inner_text()).group(1)
        new_seed = Store(f"sqlite:///{table_server_db(url)}").room_by_code(new_code).seed
        assert new_code != code and new_seed != seed
    finally:
        for p in (ann, bob, pages[2], watch):
            try:
                p.context.close()
            except Exception:
                pass


def test_an_invite_link_a_qr_code_and_the_your_turn_alert_in_ukrainian(browser, table_server):
    """The host's lobby in Ukrainian at 400 px shows the invite link and its QR code; a friend opens
    the link and finds the code filled in; once the game runs, the host's tab in the background says
    "Your turn" in its title (and chimes: the sound box is ticked), and "Ann" stays Ann."""
    url = table_server
    ann = new_page(browser, 400)
    bob = new_page(browser, 400)
    try:
        open_lesson(ann, url, PAGE + "?lang=uk")
        fill(ann, "sn-open-name", "Ann")
        synced(ann, lambda: ann.locator(".sn-open-players select").select_option("3"))
        ann.locator(".sn-open").click()
        expect(ann.locator(".sn-code")).to_have_text(re.compile(r"^[A-Z2-9]{6}$"), timeout=T)
        code = ann.locator(".sn-code").inner_text()
        link = ann.locator(".sn-invite-link")
        expect(link).to_contain_text(f"table={code}", timeout=T)
        assert "lang=uk" in link.inner_text() and ann.locator("img.sn-qr").count() == 1
        screenshot(ann, "table_lobby_400_uk")
        invite = link.get_attribute("href").replace("lang=uk&", "")
        bob.goto(invite, wait_until="commit")
        wait_for_lesson(bob, PAGE)
        expect(bob.locator(".sn-join-code input")).to_have_value(code, timeout=T)
        fill(bob, "sn-join-nick", "Bob")
        bob.locator(".sn-join").click()
        expect(bob.locator(".sn-table-code")).to_contain_text("You are Bob", timeout=T)
        expect(bob.locator(".sn-table-status")).to_contain_text("online")
        screenshot(bob, "table_lobby_400")
        # Ann's tab goes to the background; her sound box is ticked
        box = ann.locator(".sn-turn-sound input")
        synced(ann, lambda: box.check(), element=box)
        ann.evaluate("""() => { Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});
                               document.dispatchEvent(new Event('visibilitychange')); }""")
        title = ann.title()
        ann.locator(".sn-table-start").dispatch_event("click")
        expect(bob.locator(".sn-table-coach-for-me")).to_be_visible(timeout=T)
        bob.locator(".sn-table-coach-for-me").click()  # Bob steps away: the coach plays for him
        expect(bob.locator(".sn-table-away-note")).to_contain_text("The coach plays for you", timeout=T)
        ann.wait_for_function("() => document.title.startsWith('● Ваш хід')", timeout=T)
        assert ann.evaluate("() => Number(document.body.dataset.snChimes || 0)") >= 1
        ann.evaluate("""() => { Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});
                               document.dispatchEvent(new Event('visibilitychange')); }""")
        ann.wait_for_function(f"() => document.title === {json.dumps(title)}", timeout=T)
        expect(ann.locator("[data-hand-seat='0']")).to_be_visible(timeout=T)
        panel = ann.locator(".sn-panel[data-seat='0'] h4")
        expect(panel).to_contain_text("Ann")
        assert "Ганна" not in ann.locator(".sn-game").inner_text()
        screenshot(ann, "table_seat_400_uk")
        ann.set_viewport_size({"width": 1280, "height": 900})
        screenshot(ann, "table_seat_1280_uk")
        for p in (ann, bob):
            assert_no_errors(p)
    finally:
        for p in (ann, bob):
            try:
                p.context.close()
            except Exception:
                pass
