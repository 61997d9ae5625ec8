"""A class plan of the teacher's page (``sheriff.widgets.course.teaching``) followed as written, in browsers.

The plan's own rows drive the run: each row's page is opened in the teacher's browser, and every
name the row quotes (“Create a room”, “Time per round (s)” to 60, “Bluffing duel”) is looked up on
that page (or, for a row that goes back to it, on the class page) in the order the row names it:
a button the teacher presses in the plan is pressed, a slider or number quoted "to N" is set to N,
an option of a list is chosen, anything else must be on the page.  What the students do follows
the teacher's presses (they join by the projected link, answer the instructions check, and play
every round they are given), so a plan that forgets a step leaves its class stuck and fails.

``follow(...)`` returns each row's time and the differences met; with ``strict`` the first
difference fails at once.  Waits are on page state (a text, a button shown), never on time."""

from __future__ import annotations

import contextlib
import re
import time
from dataclasses import dataclass, field

from harness import open_lesson, synced, wait_for_lesson, watch_console
from playwright.sync_api import expect

from sheriff.i18n import _

T = 120_000
CLASS_PAGE, STUDENT_PAGE = "50_class_teacher.ipynb", "51_class_student.ipynb"
# “a name”, optionally followed by "to N" (a slider or a number box set to N)
QUOTED = re.compile(r"“([^”]+)”(?: to (\d+))?")
# What a press of these buttons in a plan makes happen; other buttons a plan names (“End the round”
# as an option) must only be on the page.
PRESSED = (
    "Create a room",
    "Projector view",
    "Back to the controls",
    "Play these rounds by themselves",
    "Reveal",  # the page's “Reveal round 2”: any button that begins so
    "Show the equilibrium",
    "Download the choices (CSV)",
    "Download a summary per student (CSV)",
    "Close the room",
)
RIGHT = {"Inspection game": (1, 2), "Bluffing duel": (0, 1)}  # checks.QUESTIONS' right answers


class PlanDifference(AssertionError):
    pass


@dataclass
class Run:
    strict: bool
    rows: list = field(default_factory=list)  # (minutes, page, title, seconds)
    differences: list = field(default_factory=list)

    def differ(self, row: str, what: str) -> None:
        if self.strict:
            raise PlanDifference(f"{row}: {what}")
        self.differences.append((row, what))


def new_page(browser, width: int):
    page = browser.new_context(viewport={"width": width, "height": 900}, accept_downloads=True).new_page()
    watch_console(page)
    return page


# ----------------------------------------------------------------------------- what is on a page
def button(page, name: str):
    return page.get_by_role("button", name=name, exact=True).locator("visible=true")


def labelled(page, name: str):
    """The visible widget whose description is ``name`` (a slider, a number box, a list)."""
    return page.locator(".widget-inline-hbox:visible").filter(
        has=page.locator("> label.widget-label", has_text=spaced(name))
    )


def spaced(name: str) -> re.Pattern:
    """``name`` exactly, any space in it matched by a non-breaking one too (ipywidgets' list labels)."""
    return re.compile("^" + r"[\s\u00a0]".join(re.escape(w) for w in name.split(" ")) + "$")


def option(page, name: str):
    """The visible list (<select>) one of whose options reads ``name``."""
    return page.locator("select:visible").filter(has=page.locator("option", has_text=spaced(name)))


def shows(page, name: str):
    return page.get_by_text(re.compile(re.escape(name))).locator("visible=true")  # as written: case counts


def button_like(page, name: str):
    """A button whose name begins with ``name`` (“Reveal” for the page's “Reveal round 2”)."""
    return page.get_by_role("button", name=re.compile(f"^{re.escape(name)}")).locator("visible=true")


def find(page, name: str):
    """(kind, locator) of ``name`` on ``page``, or None."""
    kinds = (("button", button), ("widget", labelled), ("option", option), ("begins", button_like), ("text", shows))
    for kind, where in kinds:
        loc = where(page, name)
        if loc.count():
            return kind, loc.first
    return None


def set_value(page, widget, value: int) -> None:
    """A slider (arrow keys on its handle until its readout says ``value``) or a number box."""
    handle = widget.locator(".noUi-handle")
    if handle.count():
        readout = widget.locator(".widget-readout")
        for _step in range(200):
            now = int(readout.inner_text().strip() or 0)
            if now == value:
                return
            synced(page, lambda k=("ArrowRight" if now < value else "ArrowLeft"): handle.press(k))
        raise AssertionError(f"the slider never showed {value}")
    box = widget.locator("input")
    synced(page, lambda: (box.fill(str(value)), box.press("Tab")), element=box)


# ----------------------------------------------------------------------------- the students
def answer_check(student) -> None:
    title = student.locator(".sn-check b").first.inner_text()
    game = next(g for g in RIGHT if g in title)
    for i, right in enumerate(RIGHT[game]):
        label = student.locator(f".sn-check-q{i + 1} input[type=radio]").nth(right).locator("xpath=..")
        synced(student, label.click)
    student.locator(".sn-check-send").click()
    expect(student.locator(".sn-check-msg")).to_contain_text("you are ready", timeout=T)


def act(student, n: int) -> bool:
    """Whatever this student's page asks now: the check, a bag, a declaration, a Sheriff's choice."""
    send = student.locator(".sn-check-send:visible:enabled")
    if send.count():
        answer_check(student)
        return True
    go = student.locator(".sn-declare-go:visible")
    if go.count():
        synced(student, student.locator(".sn-picker-class-load button").first.click)
        gold = student.locator(".sn-bribe-gold input")
        synced(student, lambda: (gold.fill(str(n % 2)), gold.press("Tab")), element=gold)
        go.click()
        expect(student.locator(".sn-student-choice")).to_contain_text("Your choice is in", timeout=T)
        return True
    choices = student.locator(".sn-honest:visible, .sn-smuggle:visible, .sn-pass:visible, .sn-inspect:visible")
    if choices.count():
        choices.nth(n % choices.count()).click()
        expect(choices.first).to_be_hidden(timeout=T)
        return True
    return False


def class_plays(students, teacher, done, what: str, timeout: float = 600) -> None:
    """Every student does what the page asks until ``done()`` holds on the teacher's page."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError(f"the class never got to: {what}")
        acted = [act(s, i) for i, s in enumerate(students)]
        if not any(acted):
            teacher.wait_for_timeout(250)  # a poll of the teacher's page; the exit is its state


def join_by_link(students, teacher, url: str) -> None:
    link = teacher.locator(".sn-join-link").inner_text().strip()
    assert link.startswith(url) and teacher.locator(".sn-qr img").get_attribute("data-link") == link
    for i, s in enumerate(students):
        s.goto(link, wait_until="commit")
        wait_for_lesson(s, STUDENT_PAGE)
        expect(s.locator(".sn-join-code input")).not_to_have_value("", timeout=T)
        box = s.locator(".sn-join-nick input")
        synced(s, lambda box=box, i=i: box.fill(f"Student{i + 1}"), element=box)
        s.locator(".sn-join").click()
        expect(s.locator(".sn-student-status")).to_contain_text("You are", timeout=T)
    expect(teacher.locator(".sn-live-count")).to_contain_text(f"{len(students)} joined", timeout=T)


# ----------------------------------------------------------------------------- the teacher
class Teacher:
    def __init__(self, browser, url: str, students: list, run: Run):
        self.browser, self.url, self.students, self.run = browser, url, students, run
        self.context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
        self.tabs: dict[str, object] = {}
        self.joined = False
        self.playing = None  # the class page while its rounds run by themselves

    def settle(self) -> None:
        """The rounds a press of “Play these rounds by themselves” started are played to the end (the
        students choose while the teacher goes on: at the end of the row, or before the next Reveal)."""
        page, self.playing = self.playing, None
        if page is None:
            return
        state, count = page.locator(".sn-autoplay-state"), page.locator(".sn-live-count")
        over = lambda: "press “Start a round”" in state.text_content() and "is over" in count.text_content()  # noqa: E731
        class_plays(self.students, page, over, "the rounds played by themselves")

    def tab(self, notebook: str):
        if notebook not in self.tabs:
            page = self.context.new_page()
            watch_console(page)
            open_lesson(page, self.url, notebook)
            self.tabs[notebook] = page
        page = self.tabs[notebook]
        page.bring_to_front()
        return page

    def press(self, page, name: str, where) -> None:
        """The plan presses ``name``: the button, then what the press makes happen."""
        if name == "Create a room":
            where.click()
            expect(page.locator(".sn-code")).to_have_text(re.compile(r"^[A-Z2-9]{6}$"), timeout=T)
            return
        where.click()
        if name in ("Projector view", "Back to the controls"):  # the view has switched: every part of it
            projected = name == "Projector view"
            for part in (".sn-start-round", ".sn-round-limit", ".sn-seats"):
                (expect(page.locator(part)).to_be_hidden if projected else expect(page.locator(part)).to_be_visible)(
                    timeout=T
                )
        if name == "Projector view" and not self.joined:  # the class joins by the projected link
            join_by_link(self.students, page, self.url)
            ready = lambda: all(s.locator(".sn-check-send:visible:enabled").count() == 0 for s in self.students)  # noqa: E731
            class_plays(self.students, page, ready, "everyone passed the instructions check")
            self.joined = True
        elif name == "Play these rounds by themselves":
            expect(page.locator(".sn-autoplay-state")).to_contain_text("Running by itself", timeout=T)
            self.playing = page
        elif name.startswith("Reveal"):
            expect(page.locator(".sn-room-msg")).to_contain_text("is revealed", timeout=T)
        elif name == "Show the equilibrium":
            expect(button(page, "Hide the equilibrium")).to_be_visible(timeout=T)
        elif name.startswith("Download"):
            expect(page.locator(".sn-csv-link a")).to_be_visible(timeout=T)
        elif name == "Close the room":
            expect(page.locator(".sn-live-count")).to_contain_text("closed", timeout=T)

    def step(self, label: str, page, name: str, value: str | None) -> None:
        """One quoted name of a row: on the row's page, else on the class page.  ("@page.ipynb",
        None) moves to another page the plan has opened (only in a plan read by hand)."""
        if name.startswith("@"):
            self.current = self.tab(name[1:])
            return
        page = getattr(self, "current", None) or page
        if name.startswith(("Reveal", "Play these")):
            self.settle()  # "once round 4 is over, press “Reveal round 4”": the class plays it first
        pages = [page] + [p for n, p in self.tabs.items() if n == CLASS_PAGE and p is not page]
        for p in pages:
            found = find(p, name)
            if value is not None and (found is None or found[0] != "widget"):
                # a setting appears with its box: give the page its next update
                with contextlib.suppress(AssertionError):
                    expect(labelled(p, name)).not_to_have_count(0, timeout=5_000)
                found = find(p, name)
            if found is None:
                continue
            kind, where = found
            if p is not page:
                p.bring_to_front()
            if value is not None:
                if kind != "widget":
                    self.run.differ(label, f"“{name}” to {value}: “{name}” is a {kind}, not a setting")
                    return
                set_value(p, where, int(value))
            elif kind == "option":
                chosen = where.locator("option", has_text=spaced(name)).first.get_attribute("value")
                synced(p, lambda w=where, v=chosen: w.select_option(value=v), element=where)
            elif kind == "begins":
                self.run.differ(label, f"the page's button reads “{where.inner_text().strip()}”, not “{name}”")
                if name.startswith(PRESSED):
                    self.press(p, name, where)
            elif kind == "button" and name.startswith(PRESSED):
                self.press(p, name, where)
            return
        cls = self.tabs.get(CLASS_PAGE)
        back = button(cls, "Back to the controls") if cls is not None else None
        if back is not None and back.count() and name != "Back to the controls":
            # the projector view hides every control: a teacher has to find this button first
            self.run.differ(label, f"“{name}” is hidden in the projector view: press “Back to the controls” first")
            back.first.click()
            expect(button(cls, "Projector view")).to_be_visible(timeout=T)
            return self.step(label, page, name, value)
        self.run.differ(label, f"“{name}” is not on {page.url.rsplit('/', 1)[-1].split('?')[0]} at this step")


def follow(browser, url: str, plan, strict: bool = True, students: int = 4, shots=None, read=None) -> Run:
    """Follow ``plan`` (rows of teaching.py) with a teacher and ``students`` students.  ``read``
    (a row's minutes -> its steps as (name, value) pairs) replaces a row's quoted names by how a
    teacher reads its words (the run of a plan before its rewrite: what it asks without quoting)."""
    run = Run(strict)
    phones = [new_page(browser, 400) for _i in range(students)]
    teacher = Teacher(browser, url, phones, run)
    try:
        for minutes, notebook, title, do, _ask in plan:
            label = f"{minutes} {_(title)}"
            start = time.monotonic()
            page = teacher.tab(notebook)
            teacher.current = None
            steps = (read or {}).get(minutes) or QUOTED.findall(do)
            for name, value in steps:
                try:
                    teacher.step(label, page, name, value or None)
                except AssertionError:
                    if shots is not None:  # the page as the step found it
                        shots(page, f"{minutes}-failed")
                    raise
            teacher.settle()
            run.rows.append((minutes, notebook, _(title), time.monotonic() - start))
            if shots is not None:
                shots(page, minutes)
    finally:
        for p in [*teacher.tabs.values(), *phones]:
            with contextlib.suppress(Exception):  # Voilà's beforeunload shuts the page's kernel down
                p.goto("about:blank")
        teacher.context.close()
        for p in phones:
            p.context.close()
    return run


__all__ = ["follow", "Run", "PlanDifference", "QUOTED", "CLASS_PAGE"]
