"""Class mode in real browsers: a teacher and five students (separate Chromium contexts) on one
Voilà server whose store is a throwaway SQLite folder (``SHERIFF_CLASS_DB``).

They play two rounds of each of the three class games by clicking, a time limit on and the rounds
running by themselves; the teacher's results table and the downloaded CSV and summary agree with the
clicks; Reveal shows each game's equilibrium, and the next round starts hidden.  A second test stops the server
mid-round and starts it again on the same store: the room, its round and its choices are intact,
and the pages say how to get back (reload, then the code and the key or nickname)."""

from __future__ import annotations

import collections
import contextlib
import csv
import io
import itertools
import json
import re
import shutil

import pytest
from harness import (
    ROOT,
    VoilaServer,
    assert_no_errors,
    free_port,
    open_lesson,
    screenshot,
    synced,
    type_number,
    wait_for_lesson,
    wait_until,
    watch_console,
    wider_than_page,
)
from playwright.sync_api import expect

from sheriff import i18n

T = 90_000
PAGES = ("50_class_teacher.ipynb", "51_class_student.ipynb")
NAMES = ("Anna", "Bohdan", "Chen", "Dara")
FIVE = (*NAMES, "Emil")


@pytest.fixture
def class_server(chromium_path, tmp_path):
    """Voilà serving only the two class pages (repository's voila.json: pooled kernels) on a fixed
    port, its store in a temporary folder; ``restart()`` stops it and starts it again the same way."""
    served = tmp_path / "notebooks"
    served.mkdir()
    for name in PAGES:
        shutil.copy(ROOT / "notebooks" / name, served)
    db = tmp_path / "store"
    db.mkdir()
    port = free_port()

    def start():
        s = VoilaServer(served, port=port, env={"SHERIFF_CLASS_DB": str(db)}, timeout=120)
        s.start()
        return s

    holder = {"server": start()}

    def restart():
        holder["server"].stop()
        holder["server"] = start()

    holder["restart"] = restart
    holder["url"] = holder["server"].url
    holder["db"] = db
    try:
        yield holder
    finally:
        holder["server"].stop()


def new_page(browser, width):
    context = browser.new_context(viewport={"width": width, "height": 900}, accept_downloads=True)
    context.set_default_timeout(T)  # every wait is for the page's state; a busy machine is slow, not wrong
    page = context.new_page()
    watch_console(page)
    return page


def close_pages(*pages):
    for p in pages:
        try:
            p.goto("about:blank")
        finally:
            p.context.close()


def text(page, cls: str) -> str:
    return page.locator(f".{cls}").first.inner_text()


def fill(page, cls: str, value: str):
    box = page.locator(f".{cls} input")
    synced(page, lambda: box.fill(value), element=box)


def expect_students(teacher, n: int) -> None:
    """Say how many students the room is for, as a teacher does: the server readies that many
    kernels on the student page (the default, 30, would start thirty for a test's two or five)."""
    type_number(teacher, teacher.locator(".sn-expected input"), n)


def create_room(teacher, url, students: int, game="inspection") -> str:
    open_lesson(teacher, url, PAGES[0])
    expect_students(teacher, students)
    teacher.locator(".sn-create-room").click()
    expect(teacher.locator(".sn-code")).to_have_text(re.compile(r"^[A-Z2-9]{6}$"), timeout=T)
    # the address students type: this server's, as the teacher's browser reached it
    expect(teacher.locator(".sn-address")).to_contain_text(url + "voila/render/51_class_student.ipynb")
    return text(teacher, "sn-code")


def join(student, url, code, name):
    open_lesson(student, url, PAGES[1])
    fill(student, "sn-join-code", code)
    fill(student, "sn-join-nick", name)
    student.locator(".sn-join").click()
    expect(student.locator(".sn-student-status")).to_contain_text(f"You are {name}", timeout=T)


def role(student) -> str:
    status = student.locator(".sn-student-status")
    expect(status).to_contain_text(re.compile("you are the (merchant|Sheriff)"), timeout=T)
    return "merchant" if "the merchant" in status.inner_text() else "sheriff"


def merchants_and_sheriffs(students, round_no):
    """Each student's role in round ``round_no`` (read once that round is on every page)."""
    roles = {}
    for name, s in students.items():
        expect(s.locator(".sn-student-status")).to_contain_text(f"Round {round_no}:", timeout=T)
        roles[name] = role(s)
    return roles


def play_inspection(students, round_no, choices):
    """Every student chooses; merchants alternate smuggling and honest, Sheriffs inspect and pass."""
    made = {}
    plan = itertools.cycle(["sn-smuggle", "sn-honest"])
    sheriff_plan = itertools.cycle(["sn-inspect", "sn-pass"])
    for name, r in merchants_and_sheriffs(students, round_no).items():
        cls = next(plan) if r == "merchant" else next(sheriff_plan)
        students[name].locator(f".{cls}").click()
        made[name] = {
            "sn-smuggle": {"bag": "smuggling"},
            "sn-honest": {"bag": "honest"},
            "sn-inspect": {"action": "inspect"},
            "sn-pass": {"action": "pass"},
        }[cls]
    choices[round_no] = made
    return made


def answer_sheriffs(students, roles, made, offer_words):
    """Each Sheriff waits for the offer (his merchant, or the coach, chose first), then alternates."""
    sheriff_plan = itertools.cycle(["sn-pass", "sn-inspect"])
    for name, s in students.items():
        if roles[name] == "sheriff":
            expect(s.locator(".sn-student-choice")).to_contain_text(offer_words, timeout=T)
            cls = next(sheriff_plan)
            s.locator(f".{cls}").click()
            made[name] = {"action": "pass" if cls == "sn-pass" else "inspect"}


def play_duel(students, round_no, choices):
    made = {}
    roles = merchants_and_sheriffs(students, round_no)
    gold = itertools.cycle([1, 0])
    for name, s in students.items():
        if roles[name] != "merchant":
            continue
        card = s.locator(".sn-picker-class-load button").first
        synced(s, card.click)
        g = next(gold)
        box = s.locator(".sn-bribe-gold input")
        synced(s, lambda box=box, g=g: (box.fill(str(g)), box.press("Tab")), element=box)
        s.locator(".sn-declare-go").click()
        # taken: the page waits for the partner, or (the coach's Sheriff answers at once) shows the result
        expect(s.locator(".sn-declare-go")).to_have_count(0, timeout=T)
        made[name] = {"gold": g}
    answer_sheriffs(students, roles, made, "The merchant declares")
    choices[round_no] = made
    return made


def play_bargain(students, round_no, choices):
    """Merchants load some items and offer a bribe (two rows of toggles, one button); Sheriffs answer."""
    made = {}
    roles = merchants_and_sheriffs(students, round_no)
    plan = itertools.cycle([(3, 1), (0, 0), (2, 3)])
    for name, s in students.items():
        if roles[name] != "merchant":
            continue
        items, bribe = next(plan)
        for pick, n in (("items", items), ("bribe", bribe)):
            if n:  # 0 is already chosen: a click would change nothing, and no echo would come
                synced(s, s.locator(f".sn-pick-{pick} button").nth(n).click)
        s.locator(".sn-form-send").click()
        expect(s.locator(".sn-form-send")).to_have_count(0, timeout=T)  # taken (see play_duel)
        made[name] = {"items": items, "bribe": bribe}
    answer_sheriffs(students, roles, made, "The merchant offers you")
    choices[round_no] = made
    return made


def kinds(game: str, role: str, choice: dict) -> list[str]:
    """The summary's columns a choice counts in, worked out from the choice itself."""
    if role == "sheriff":
        return [{"inspect": "inspected", "deal": "deals_taken"}.get(choice["action"], "passed")]
    if game == "inspection":
        return ["false_declarations" if choice["bag"] == "smuggling" else "honest_bags"]
    if game == "duel":
        lied = any(g != choice["declare"][0] for g in choice["load"])
        offered = choice["bribe"]["gold"] or choice["bribe"]["bag"]
    else:
        lied, offered = choice["items"] > 0, choice["bribe"] > 0
    return ["false_declarations" if lied else "honest_bags"] + (["bribes_offered"] if offered else [])


def download(teacher, button: str) -> list[dict]:
    teacher.locator(f".{button}").click()
    name = "-students.csv" if button == "sn-summary-csv" else re.compile(r"[A-Z0-9]\.csv")
    link = teacher.locator(".sn-csv-link a")
    expect(link).to_contain_text(name, timeout=T)
    with teacher.expect_download() as dl:
        link.click()
    return list(csv.DictReader(io.StringIO(open(dl.value.path(), encoding="utf-8").read())))


GAMES = (  # (its title, how the class plays it, what Reveal says on the projector and on a phone)
    ("Inspection game", play_inspection, "inspect 25% of such bags", "25%"),
    ("Bluffing duel", play_duel, "no single prediction", "no single prediction"),
    ("Bribe bargaining", play_bargain, "inspects 1/4 (25%) of the time", "The lab's solver (lab 31)"),
)


def play_two_rounds_by_themselves(teacher, students, game, first, choices):
    """ "Play these rounds by themselves" with 2: each round starts, and ends once all have chosen."""
    title, play, _said, _phone = game
    teacher.locator(".sn-autoplay").click()
    expect(teacher.locator(".sn-autoplay-state")).to_contain_text("more to start", timeout=T)
    for round_no in (first, first + 1):
        timer = students[FIVE[0]].locator(".sn-student-timer [role=timer]")
        expect(timer).to_contain_text("Time left", timeout=T)  # the countdown on every phone
        made = play(students, round_no, choices)
        row = teacher.locator(f'.sn-class-table tr[data-round="{round_no}"]')  # a table per game
        expect(row).to_be_attached(timeout=T)
        # its game named once, in its table's caption, never again in its rows
        table = teacher.locator(".sn-class-table table").filter(has=teacher.locator(f'tr[data-round="{round_no}"]'))
        expect(table.locator("caption")).to_have_text(title)
        expect(row).not_to_contain_text(title)
        cell = row.locator("td", has_text=" / ").nth(1)  # inspected: "n / 3 (..%)" once all three Sheriffs chose
        expect(cell).to_contain_text(" / 3", timeout=T)
        inspected = sum(c.get("action") == "inspect" for c in made.values())
        assert int(cell.inner_text().split(" / ")[0]) - inspected in (0, 1)  # the fifth's partner: the coach
    expect(teacher.locator(".sn-live-count")).to_contain_text(f"Round {first + 1} is over", timeout=T)
    expect(teacher.locator(".sn-autoplay-state")).to_contain_text("Start a round", timeout=T)


def results_fit_a_phone(teacher, phone, name: str):
    """After Reveal, the class's results fit 400 px, a table per game played stacked a round a block:
    the student's (the phone) and the teacher's (the page made 400 px wide for a moment)."""
    assert wider_than_page(phone, ".sn-student-class") == []
    screenshot(phone, f"class_results_student_{name}_400")
    phone.set_viewport_size({"width": 1280, "height": 900})
    screenshot(phone, f"class_results_student_{name}_1280")
    phone.set_viewport_size({"width": 400, "height": 900})
    teacher.set_viewport_size({"width": 400, "height": 900})
    try:
        expect(teacher.locator(".sn-class-table td[data-label]").first).to_have_css("display", "flex")
        # the page lays its widgets out again after the resize (Lumino, a frame or more later): wait for
        # that, then say what is too wide, if anything still is
        with contextlib.suppress(AssertionError):
            wait_until(lambda: not wider_than_page(teacher, ".sn-class-table"), 30, "the results to fit 400 px")
        assert wider_than_page(teacher, ".sn-class-table") == []
        # the chart's legend is the page's text, readable on a phone (drawn in the image it was 6 px)
        legend = teacher.locator(".sn-class-legend li")
        expect(legend.first).to_be_visible(timeout=T)
        # the legend is drawn again when the Reveal reaches the page: read it once its items stay
        # in the page (an item replaced while it is read has no computed size)
        read = "(items) => items.map((e) => e.isConnected ? parseFloat(getComputedStyle(e).fontSize) : null)"
        sizes: list = []

        def legend_read() -> bool:
            sizes[:] = legend.evaluate_all(read)
            return bool(sizes) and all(isinstance(x, int | float) and x == x for x in sizes)  # no NaN, no None

        wait_until(legend_read, 30, "the chart's legend to be read whole")
        assert min(sizes) >= 12, sizes
        assert wider_than_page(teacher, ".sn-class-legend") == []
        screenshot(teacher, f"class_results_teacher_{name}_400")
    finally:
        teacher.set_viewport_size({"width": 1280, "height": 900})
    screenshot(teacher, f"class_results_teacher_{name}_1280")


def test_a_teacher_and_five_students_play_two_rounds_of_each_of_three_games(browser, class_server):
    """Five students (the fifth plays the coach), the three class games two rounds each, a time limit
    on and the rounds running by themselves; Reveal shows each game's equilibrium; the CSV of choices
    and the summary per student agree with the clicks."""
    url = class_server["url"]
    teacher = new_page(browser, 1280)
    students = {n: new_page(browser, 400) for n in FIVE}
    try:
        code = create_room(teacher, url, len(students))
        for name, s in students.items():
            join(s, url, code.lower(), name)
        expect(teacher.locator(".sn-live-count")).to_contain_text("5 joined", timeout=T)
        handle = teacher.locator(".sn-round-limit .noUi-handle")
        synced(teacher, lambda: handle.press("End"))  # 300 s a round: a countdown, never reached here
        box = teacher.locator(".sn-autoplay-n input")
        synced(teacher, lambda: (box.fill("2"), box.press("Tab")), element=box)
        choices: dict[int, dict] = {}
        game_of: dict[int, str] = {}
        for i, game in enumerate(GAMES):
            first = 2 * i + 1
            if i:
                select = teacher.locator(".sn-next-game select")
                synced(teacher, lambda s=select, g=game: s.select_option(label=g[0]), element=select)
                expect(teacher.locator(".sn-settings-msg")).to_contain_text("the next round uses", timeout=T)
            play_two_rounds_by_themselves(teacher, students, game, first, choices)
            game_of |= {first: game[0], first + 1: game[0]}
            expect(teacher.locator(".sn-prediction")).to_contain_text(f"round {first + 1} is hidden")
            teacher.locator(".sn-reveal").click()
            expect(teacher.locator(".sn-prediction")).to_contain_text(game[2], timeout=T)
            expect(students[FIVE[1]].locator(".sn-student-class")).to_contain_text(game[3], timeout=T)
            results_fit_a_phone(teacher, students[FIVE[1]], game[1].__name__.removeprefix("play_") + "_en")
        expect(teacher.locator(".sn-class-table")).to_contain_text("equilibrium: inspect")
        # the CSV: every choice made, under its nickname, in its game's own columns too
        rows = [r for r in download(teacher, "sn-csv") if r["nickname"] in FIVE]
        assert len(rows) == 5 * 6
        titles = {"inspection": "Inspection game", "duel": "Bluffing duel", "bargain": "Bribe bargaining"}
        counted: dict[str, collections.Counter] = {n: collections.Counter() for n in FIVE}
        points = collections.Counter()
        for r in rows:
            made, stored = choices[int(r["round"])][r["nickname"]], json.loads(r["choice"])
            assert titles[r["game"]] == game_of[int(r["round"])] and r["by_coach"] == "0", r
            if "gold" in made:
                assert stored["bribe"]["gold"] == made["gold"] == int(r["bribe_gold"]), r
            else:
                assert stored == made, r
            if "items" in made:
                assert (int(r["items"]), int(r["bribe"])) == (made["items"], made["bribe"]), r
            counted[r["nickname"]].update(kinds(r["game"], r["role"], stored))
            points[r["nickname"]] += int(r["payoff"])
        summary = {r["nickname"]: r for r in download(teacher, "sn-summary-csv")}
        for name in FIVE:
            row = summary[name]
            assert (int(row["rounds"]), int(row["points"]), row["by_coach"]) == (6, points[name], "0"), row
            for col in ("honest_bags", "false_declarations", "bribes_offered", "passed", "inspected", "deals_taken"):
                assert int(row[col]) == counted[name][col], (name, col, row)
        for p in (teacher, *students.values()):
            assert_no_errors(p)
    finally:
        close_pages(teacher, *students.values())


def test_the_server_stops_mid_round_and_nothing_is_lost(browser, class_server):
    url = class_server["url"]
    teacher = new_page(browser, 1280)
    students = {n: new_page(browser, 400) for n in NAMES[:2]}
    try:
        code = create_room(teacher, url, len(students))
        key = teacher.locator(".sn-teacher-key .sn-secret-key").text_content().strip()
        assert key and key not in teacher.locator(".sn-room-code").inner_text()
        # the projector view: the code and the class's numbers, no control and no key
        teacher.locator(".sn-projector-toggle").click()
        expect(teacher.locator(".sn-teacher-key")).to_be_hidden(timeout=T)
        expect(teacher.locator(".sn-start-round")).to_be_hidden()
        expect(teacher.locator(".sn-code")).to_have_text(code)
        screenshot(teacher, "class_projector_1280")
        teacher.locator(".sn-projector-toggle").click()
        expect(teacher.locator(".sn-start-round")).to_be_visible(timeout=T)
        # the coach waits 5 minutes before playing a silent seat: the students come back themselves
        synced(teacher, lambda: teacher.locator(".sn-bot-timeout .noUi-handle").press("End"))
        expect(teacher.locator(".sn-settings-msg")).to_contain_text("the next round uses these settings", timeout=T)
        for name, s in students.items():
            join(s, url, code, name)
        expect(teacher.locator(".sn-live-count")).to_contain_text("2 joined", timeout=T)
        teacher.locator(".sn-start-round").click()
        first, second = students.values()
        first_role = role(first)
        first.locator(".sn-smuggle" if first_role == "merchant" else ".sn-inspect").click()
        expect(teacher.locator(".sn-live-count")).to_contain_text("Round 1: 1 of 2 have chosen", timeout=T)

        class_server["restart"]()  # the server stops mid-round and comes back on the same store

        for p in (teacher, *students.values()):  # every page says what happened and how to go on
            expect(p.locator(".sheriff-lost")).to_be_visible(timeout=T)
            p.locator(".sheriff-lost button").click()
            p.sheriff_errors.clear()  # the lost connection's own console errors
        open_lesson(teacher, url, PAGES[0])
        fill(teacher, "sn-back-code", code)
        fill(teacher, "sn-back-key", key)
        teacher.locator(".sn-take-back").click()
        expect(teacher.locator(".sn-live-count")).to_contain_text("Round 1: 1 of 2 have chosen", timeout=T)
        for name, s in students.items():
            open_lesson(s, url, PAGES[1])
            # the same device: its browser kept the seat (code, nickname, rejoin code), so the join form
            # fills itself in (typing over it would race the page's own filling) and Join is enough
            expect(s.locator(".sn-join-code input")).to_have_value(code, timeout=T)
            expect(s.locator(".sn-join-nick input")).to_have_value(name, timeout=T)
            s.locator(".sn-join").click()
            expect(s.locator(".sn-student-status")).to_contain_text("You are", timeout=T)
        expect(first.locator(".sn-student-choice")).to_contain_text("Your choice is in", timeout=T)
        second_role = role(second)
        second.locator(".sn-honest" if second_role == "merchant" else ".sn-pass").click()
        expect(teacher.locator(".sn-live-count")).to_contain_text("Round 1: 2 of 2 have chosen", timeout=T)
        for s in students.values():
            expect(s.locator(".sn-student-result")).to_contain_text("You:", timeout=T)
        teacher.locator(".sn-csv").click()
        link = teacher.locator(".sn-csv-link a")
        expect(link).to_be_visible(timeout=T)
        with teacher.expect_download() as dl:
            link.click()
        rows = list(csv.DictReader(io.StringIO(open(dl.value.path(), encoding="utf-8").read())))
        made = {r["nickname"]: json.loads(r["choice"]) for r in rows}
        assert made[NAMES[0]] == ({"bag": "smuggling"} if first_role == "merchant" else {"action": "inspect"})
        assert len(rows) == 2 and all(r["by_coach"] == "0" for r in rows)
        for p in (teacher, *students.values()):
            assert_no_errors(p)
    finally:
        close_pages(teacher, *students.values())


WORDS = {
    "en": {
        "check": "Before you play",
        "timer": "Time left",
        "paused": "more to start",
        **{"start": "Start a round", "game": "Inspection game", "gain": "scores 7.50", "how": "How class mode works"},
        **{"hidden": "hidden", "revealed": "Round 2 is revealed"},
    },
    "uk": {
        "check": "Перед грою",
        "timer": "Лишилося часу",
        "paused": "ще почнуться",
        **{"start": "Почати раунд", "game": "Огляд мішка", "gain": "отримує 7,50", "how": "Як працює режим класу"},
        **{"hidden": "приховано", "revealed": "Раунд 2 розкрито"},
    },
}


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_a_student_joins_by_the_qr_link_passes_the_check_and_sees_the_countdown(browser, class_server, lang):
    """The projector shows the join link and its QR code (segno's drawing of exactly that link: the
    headless tests compare it); a student who opens the link finds the code filled in, answers the
    instructions check while waiting, and sees the round's countdown; rounds run by themselves."""
    url, words = class_server["url"], WORDS[lang]
    teacher, phone = new_page(browser, 1280), new_page(browser, 400)
    try:
        open_lesson(teacher, url, PAGES[0] + ("?lang=uk" if lang == "uk" else ""))
        # what the press says (“Creating the room…”, or why not) comes right under the button pressed
        assert teacher.evaluate(
            "() => document.querySelector('.sn-create-room').closest('.jupyter-widgets.widget-box')"
            ".contains(document.querySelector('.sn-create-msg'))"
        )
        expect_students(teacher, 1)
        teacher.locator(".sn-create-room").click()
        expect(teacher.locator(".sn-code")).to_have_text(re.compile(r"^[A-Z2-9]{6}$"), timeout=T)
        code = text(teacher, "sn-code")
        link = text(teacher, "sn-join-link")
        assert link.startswith(url + "voila/render/51_class_student.ipynb?") and f"room={code}" in link
        assert teacher.locator(".sn-qr img").get_attribute("data-link") == link
        teacher.locator(".sn-projector-toggle").click()
        expect(teacher.locator(".sn-teacher-key")).to_be_hidden(timeout=T)
        expect(teacher.locator(".sn-remove")).to_be_hidden()
        expect(teacher.locator(".sn-qr img")).to_be_visible()
        expect(teacher.locator(".sn-live-count")).to_contain_text(words["game"])
        # the round's own buttons stay on the projector, named, next from the keyboard
        expect(teacher.get_by_role("button", name=words["start"], exact=True)).to_be_visible()
        teacher.locator(".sn-projector-toggle").focus()
        teacher.keyboard.press("Tab")
        expect(teacher.locator(".sn-projector-start")).to_be_focused()
        screenshot(teacher, f"class_projector_qr_{lang}_1280")
        teacher.set_viewport_size({"width": 400, "height": 900})
        screenshot(teacher, f"class_projector_qr_{lang}_400")
        teacher.set_viewport_size({"width": 1280, "height": 900})
        teacher.locator(".sn-projector-toggle").click()
        # the student opens the link: the code is there, only a nickname to type
        phone.goto(link, wait_until="commit")
        wait_for_lesson(phone, PAGES[1])
        expect(phone.locator(".sn-join-code input")).to_have_value(code, timeout=T)
        # on a phone (400 × 800) the join form comes first, its button on the first screen; how class
        # mode works is told under it
        how = phone.get_by_role("heading", name=words["how"])
        expect(how).to_be_visible(timeout=T)
        join_box = phone.locator(".sn-join").bounding_box()
        assert join_box["y"] + join_box["height"] < 800 and how.bounding_box()["y"] > join_box["y"], join_box
        fill(phone, "sn-join-nick", "Anna")
        phone.locator(".sn-join").click()
        expect(phone.locator(".sn-check")).to_contain_text(words["check"], timeout=T)
        for question, right in ((".sn-check-q1", 1), (".sn-check-q2", 2)):  # the right answers
            # the option's own label (the widget's first <label> is its empty description)
            label = phone.locator(f"{question} input[type=radio]").nth(right).locator("xpath=..")
            synced(phone, label.click)
            expect(phone.locator(f"{question} input").nth(right)).to_be_checked(timeout=T)
        screenshot(phone, f"class_check_{lang}_400")
        phone.set_viewport_size({"width": 1280, "height": 900})
        screenshot(phone, f"class_check_{lang}_1280")
        phone.set_viewport_size({"width": 400, "height": 900})
        phone.locator(".sn-check-send").click()
        expect(phone.locator(".sn-check-msg")).to_contain_text(re.compile("."), timeout=T)
        expect(teacher.locator(".sn-seats")).to_contain_text("Anna", timeout=T)
        # a time limit, and two rounds that run themselves
        handle = teacher.locator(".sn-round-limit .noUi-handle")
        for _step in range(4):  # 20 s a round
            synced(teacher, lambda: handle.press("ArrowRight"))
        expect(teacher.locator(".sn-settings-msg")).to_be_visible(timeout=T)
        box = teacher.locator(".sn-autoplay-n input")
        synced(teacher, lambda: (box.fill("2"), box.press("Tab")), element=box)
        teacher.locator(".sn-autoplay").click()
        expect(teacher.locator(".sn-autoplay-state")).to_contain_text(words["paused"], timeout=T)
        timer = phone.locator(".sn-student-timer [role=timer]")
        expect(timer).to_contain_text(words["timer"], timeout=T)
        first = timer.inner_text()
        expect(timer).not_to_have_text(first, timeout=T)  # it counts down, one poll a second
        screenshot(phone, f"class_countdown_{lang}_400")
        phone.set_viewport_size({"width": 1280, "height": 900})
        screenshot(phone, f"class_countdown_{lang}_1280")
        phone.set_viewport_size({"width": 400, "height": 900})
        phone.locator(".sn-honest, .sn-pass").first.click()  # she plays the coach: round 1 is over
        # round 2 starts by itself, and ends by itself when its 20 s are up (the coach chooses for her)
        expect(teacher.locator(".sn-class-table tr")).to_have_count(3, timeout=T)
        expect(teacher.locator(".sn-pause")).to_be_disabled(timeout=T)
        assert "/ 1" in teacher.locator(".sn-class-table tr").nth(2).locator("td").nth(2).inner_text()
        # projected: round 2's choices stay hidden until the teacher reveals it from the keyboard there
        teacher.locator(".sn-projector-toggle").click()
        expect(teacher.locator('.sn-class-table tr[data-round="2"]')).to_contain_text(words["hidden"], timeout=T)
        reveal = teacher.locator(".sn-projector-reveal")
        expect(reveal).to_be_enabled(timeout=T)
        reveal.focus()
        teacher.keyboard.press("Enter")
        expect(teacher.locator(".sn-room-msg")).to_contain_text(words["revealed"], timeout=T)
        expect(teacher.locator(".sn-prediction")).to_contain_text(words["gain"], timeout=T)  # 7,50 in Ukrainian
        expect(teacher.locator('.sn-class-table tr[data-round="2"]')).not_to_contain_text(words["hidden"])
        expect(phone.locator(".sn-student-class table")).to_be_visible(timeout=T)
        results_fit_a_phone(teacher, phone, f"timed_inspection_{lang}")
        for p in (teacher, phone):
            assert_no_errors(p)
    finally:
        close_pages(teacher, phone)
