"""The class pages, headless, on a throwaway SQLite store: a teacher and four students play a round
of each game by pressing the pages' own buttons; the dashboard, the CSV and Reveal agree."""

import csv
import io
import json
import re

import ipywidgets as widgets
import pytest

from sheriff import i18n
from sheriff.classroom import Classroom, Store
from sheriff.widgets.classroom import shared as cr
from sheriff.widgets.classroom.student import ClassStudent
from sheriff.widgets.classroom.teacher import ClassTeacher
from sheriff.widgets.lesson import plain
from sheriff.widgets.play.app import widget_text
from tests.pg import FakeClock

NAMES = ["Anna", "Bohdan", "Chen", "Dara"]


@pytest.fixture
def classroom(tmp_path):
    return Classroom(Store(f"sqlite:///{tmp_path / 'class.sqlite'}"))


def _buttons(w):
    if isinstance(w, widgets.Button):
        yield w
    for c in getattr(w, "children", ()):
        yield from _buttons(c)


def press(w, cls: str):
    (b,) = [b for b in _buttons(w) if cls in b._dom_classes]
    b.click()


def class_of(classroom):
    teacher = ClassTeacher(classroom, binder=False)
    teacher.create.click()
    students = []
    for name in NAMES:
        s = ClassStudent(classroom, binder=False)
        s.code.value, s.nickname.value = teacher.room.code.lower(), name
        s.join.click()
        assert s.join_msg.value == "" and s.play_box.layout.display == "flex"
        students.append(s)
    return teacher, students


def test_inspection_round_counts_reveal_and_csv(classroom):
    teacher, students = class_of(classroom)
    assert teacher.room.code in teacher.code_html.value and teacher.room.key in teacher.key_html.value
    teacher.refresh()
    assert "4 joined" in plain(teacher.count.value)
    teacher.start_round.click()
    assert "0 of 4 have chosen" in plain(teacher.count.value)
    made = {}
    for s in students:
        s.refresh()
        assert s.view.status == "choose"
        if s.view.role == "merchant":
            assert "The smuggling bag" in widget_text(s.choice)
            # on a phone the buttons come first, right under the question; the bags they name follow
            question, buttons, bags = s.choice.children
            assert "Which bag do you bring?" in plain(question.value) and "<img" not in question.value
            assert [b.description for b in buttons.children] == ["Bring the honest bag", "Bring the smuggling bag"]
            assert "The honest bag:" in plain(bags.value)
            press(s.choice, "sn-smuggle" if s.nickname.value == "Anna" else "sn-honest")
        else:
            assert "Inspect the bag" in widget_text(s.choice) and "smuggling bag" not in widget_text(s.choice)
            press(s.choice, "sn-inspect")
        made[s.nickname.value] = s.view.choice
    teacher.refresh()
    assert "4 of 4 have chosen" in plain(teacher.count.value)
    assert "1 / 2 (50%)" in plain(teacher.table.value) and "2 / 2 (100%)" in plain(teacher.table.value)
    assert "hidden" in plain(teacher.prediction.value) and "25%" not in plain(teacher.table.value)
    for s in students:
        s.refresh()
        assert s.view.status == "done" and "points" in plain(s.result.value)
        assert "will show" in plain(s.classview.value)
    teacher.end_round.click()
    teacher.reveal.click()
    assert "inspect 25% of such bags" in plain(teacher.prediction.value) and "60%" in plain(teacher.table.value)
    assert teacher.plot.png[:4] == b"\x89PNG"
    assert 'alt="Chart of the class' in teacher.plot.value and "Round 1: " in teacher.plot.alt  # in words too
    assert "declared falsely 50%" in teacher.plot.alt and "inspect 25%" in teacher.plot.alt
    students[0].refresh()
    assert "25%" in plain(students[0].classview.value)
    teacher.csv_button.click()
    rows = list(csv.DictReader(io.StringIO(teacher.csv_text)))
    assert {r["nickname"]: r["choice"] for r in rows} == {n: _json(c) for n, c in made.items()}
    assert "base64," in teacher.csv_link.value and "download=" in teacher.csv_link.value


def _json(payload):
    import json

    return json.dumps(payload, sort_keys=True)


def test_duel_round_fine_change_and_rejoin(classroom):
    teacher, students = class_of(classroom)
    teacher.fine.value = 2  # saved as it changes: no button to forget
    assert teacher.room.dashboard().params["fine"] == 2 and "Saved" in plain(teacher.settings_msg.value)
    teacher.next_game.value = "duel"
    teacher.start_round.click()
    for s in students:
        s.refresh()
    merchants = [s for s in students if s.view.role == "merchant"]
    sheriffs = [s for s in students if s.view.role == "sheriff"]
    assert all(s.view.status == "partner" for s in sheriffs)  # the Sheriff waits for the declaration
    for s in merchants:
        hand = s.view.turn["hand"]
        s.duel_picker.pick(hand[0], 1)
        s.duel_declare.value = hand[0] if hand[0] in s.view.turn["legal"] else s.view.turn["legal"][0]
        s.duel_gold.value = 2
        assert len(s.duel_offer.toggles) == 1  # the bribe's cards come from the bag just loaded
        s.duel_offer.toggles[0].value = True
        press(s.choice, "sn-declare-go")
        assert s.msg.value == "" and s.view.status == "partner"
    for s in sheriffs:
        s.refresh()
        seen = widget_text(s.choice)
        assert "offers you 2 gold and 1 card from the bag" in seen and "Take the deal" in seen
        press(s.choice, "sn-deal")
        assert s.view.status == "done"
    teacher.refresh()
    d = teacher.dashboard
    assert d.rounds[-1].offers == 2 and d.rounds[-1].taken == 2
    # a student closes the tab and comes back on the same device: the page fills in the seat it kept
    students[0].refresh()  # the round is settled: read the score now, not when this page last polled
    score = students[0].view.score
    kept = students[0].seat_key.value
    assert students[0].seat.seat_key in kept and "data-sn-remember" in kept
    store = classroom.store
    now = store.clock()
    store.clock = lambda: now + 30  # the tab closed 30 s ago
    again = ClassStudent(classroom, binder=False)
    # what the page template gives a join form from this device's browser storage
    again.joining.device.value = json.dumps(
        [{"kind": "class", "code": teacher.room.code, "name": "Anna", "key": students[0].seat.seat_key, "t": 1}]
    )
    assert (again.code.value, again.nickname.value) == (teacher.room.code, "Anna") and "Anna" in again.join_msg.value
    again.join.click()
    assert again.join_msg.value == "", again.join_msg.value
    assert again.view.score == score and again.view.nickname == "Anna"


def test_a_nickname_is_its_owners(classroom):
    """The same nickname from another device, its page open or not: the page says the nickname is
    taken and asks for the rejoin code; the right code gives the seat back, a wrong one is refused."""
    teacher = ClassTeacher(classroom, binder=False)
    teacher.create.click()
    anna = ClassStudent(classroom, binder=False)
    anna.code.value, anna.nickname.value = teacher.room.code, "Anna"
    anna.join.click()
    again = ClassStudent(classroom, binder=False)
    again.code.value, again.nickname.value = teacher.room.code, "anna"
    again.join.click()
    assert again.seat is None and "“Anna”" in plain(again.join_msg.value) and "rejoin code" in again.join_msg.value
    again.nickname.value = "Anja"  # another name typed: the refusal is gone with what it described
    assert again.join_msg.value == ""
    store = classroom.store
    now = store.clock()
    store.clock = lambda: now + 3600  # an hour later: the nickname alone still does not give the seat
    again.nickname.value = "anna"
    again.join.click()
    assert again.seat is None and "rejoin code" in again.join_msg.value
    again.joining.key.value = "2222-2222"
    again.join.click()
    assert again.seat is None and "does not open" in plain(again.join_msg.value)
    again.joining.key.value = anna.seat.seat_key
    again.join.click()
    assert again.seat is not None and again.join_msg.value == "" and again.play_box.layout.display == "flex"
    assert again.view.nickname == "Anna" and anna.seat.seat_key in again.seat_key.value


def test_validation_messages(classroom):
    s = ClassStudent(classroom, binder=False)
    s.code.value, s.nickname.value = "", "Anna"
    s.join.click()
    assert "Type the room code" in plain(s.join_msg.value) and 'role="alert"' in s.join_msg.value
    s.code.value = "ZZZZZZ"
    s.join.click()
    assert "No room has this code" in plain(s.join_msg.value)
    t = ClassTeacher(classroom, binder=False)
    t.create.click()
    s.code.value, s.nickname.value = t.room.code, "A"
    s.join.click()
    assert "at least 2 characters" in plain(s.join_msg.value)
    s.nickname.value = "Al"  # the refusal was about what was typed: editing it takes the refusal away
    assert s.join_msg.value == ""
    s.nickname.value = "A"
    s.join.click()
    s.code.value = t.room.code.lower()
    assert s.join_msg.value == ""
    t2 = ClassTeacher(classroom, binder=False)
    t2.back_code.value, t2.back_key.value = t.room.code, "wrong"
    t2.take_back.click()
    assert "does not open this room" in plain(t2.start_msg.value)
    t2.back_key.value = t.room.key
    t2.take_back.click()
    assert t2.room.code == t.room.code and t2.room_box.layout.display == "flex"
    t2.start_round.click()
    assert "Nobody has joined" in plain(t2.msg.value)


def test_binder_says_so_and_points_to_the_setups(monkeypatch):
    monkeypatch.setenv("BINDER_REPO_URL", "https://github.com/example/sheriff")
    assert cr.on_binder()
    for page in (ClassTeacher(), ClassStudent()):
        text = plain(widget_text(page))
        assert "cannot connect a class on Binder" in text and "docs/deploy.md" in text
        assert "sheriff serve --ip 0.0.0.0" in text and "JupyterHub" in text
    assert not cr.on_binder({})


def test_student_address_from_the_teachers_request():
    env = {"SERVER_NAME": "10.0.4.17", "SERVER_PORT": "8866", "SCRIPT_NAME": "/voila/render/50_class_teacher.ipynb"}
    assert cr.student_address(env) == "http://10.0.4.17:8866/voila/render/51_class_student.ipynb"
    assert cr.student_address({**env, "SHERIFF_TOKEN": "s3"}).endswith("51_class_student.ipynb?token=s3")
    hub = {
        "SERVER_NAME": "hub.example.org",
        "SERVER_PORT": "",
        "SCRIPT_NAME": "/user/ms-a/voila/render/notebooks/50_class_teacher.ipynb",
        "JUPYTERHUB_SERVICE_PREFIX": "/user/ms-a/",
    }
    assert cr.student_address(hub) == "hub.example.org/hub/user-redirect/voila/render/notebooks/51_class_student.ipynb"
    assert cr.student_address({}) == cr.STUDENT_PAGE


def test_pages_in_ukrainian(classroom):
    with i18n.language("uk"):
        teacher, students = class_of(classroom)
        teacher.start_round.click()
        students[0].refresh()
        text = widget_text(teacher) + widget_text(students[0])
    for words in ("Код кімнати", "Почати раунд", "Розкрити", "Ваш раунд", "Раунд 1"):
        assert words in text, words


def _play_round(students, bag="smuggling", action="inspect"):
    for s in students:
        s.refresh()
        press(
            s.choice,
            f"sn-{'smuggle' if bag == 'smuggling' else 'honest'}" if s.view.role == "merchant" else f"sn-{action}",
        )


def test_reveal_is_per_round_on_the_pages(classroom):
    """Reveal shows the round just played; the next round (a doubled fine) starts hidden on the
    teacher's page and on every phone, with the earlier revealed round still shown."""
    teacher, students = class_of(classroom)
    assert teacher.reveal.disabled  # no round yet
    teacher.start_round.click()
    assert teacher.reveal.description == "Reveal round 1"
    assert "press “Reveal round 1” once everyone has chosen" in plain(teacher.prediction.value)  # the button's name
    _play_round(students)
    teacher.end_round.click()
    teacher.reveal.click()
    assert "Round 1 is revealed" in plain(teacher.msg.value) and teacher.reveal.description == "Hide round 1"
    assert "The equilibrium of round 1" in plain(teacher.prediction.value)
    assert "inspect 25% of such bags" in plain(teacher.prediction.value)
    teacher.fine.value = 2
    doubled = plain(teacher.prediction.value)
    assert "25%" in doubled  # the next round's settings changed: the projector still shows round 1's answer
    teacher.start_round.click()
    assert teacher.reveal.description == "Reveal round 2"
    assert "round 2 is hidden" in plain(teacher.prediction.value) and "25%" not in plain(teacher.prediction.value)
    table = plain(teacher.table.value)
    assert "hidden" in table and "60%" in table  # round 1's equilibrium shown, round 2's not
    students[0].refresh()
    seen = plain(students[0].classview.value)
    assert "Round 1:" in seen and "25%" in seen and "comes once your teacher reveals it" in seen
    assert "fines ×2" not in seen and "Round 2" not in seen
    _play_round(students, "honest", "pass")
    teacher.reveal.click()
    assert "The equilibrium of round 2" in plain(teacher.prediction.value)
    students[0].refresh()
    seen = plain(students[0].classview.value)
    assert "Round 2:" in seen and "comes once" not in seen
    teacher.reveal.click()  # hidden again
    assert "Round 2 is hidden again" in plain(teacher.msg.value) and "hidden" in plain(teacher.prediction.value)


def test_a_student_reads_the_coachs_choice_as_the_coachs(classroom):
    clock = FakeClock()
    classroom.store.clock = clock
    teacher = ClassTeacher(classroom, binder=False)
    teacher.timeout.value = 30
    teacher.create.click()
    pages = {}
    for name in ("Anna", "Bohdan"):
        s = ClassStudent(classroom, binder=False)
        s.code.value, s.nickname.value = teacher.room.code, name
        s.join.click()
        pages[name] = s
    teacher.start_round.click()
    anna, bohdan = pages["Anna"], pages["Bohdan"]
    for _poll in range(7):  # Anna's phone is locked; Bohdan's page and the teacher's poll
        clock.advance(5)
        teacher.refresh()
        bohdan.refresh()
    if bohdan.view.status == "choose":
        press(bohdan.choice, "sn-honest" if bohdan.view.role == "merchant" else "sn-pass")
    anna.refresh()  # she unlocks her phone
    assert anna.view.by_coach and anna.view.status == "done"
    said = plain(anna.result.value)
    assert "The coach chose for you this round: it" in said and "You brought" not in said
    assert "the coach chose for you" in plain(anna.history.value)
    assert "coach" not in plain(bohdan.history.value)
    with i18n.language("uk"):
        anna.refresh()
        assert "за вас вибирав порадник" in plain(anna.result.value)


def test_coach_is_not_a_nickname_on_the_join_form(classroom):
    teacher = ClassTeacher(classroom, binder=False)
    teacher.create.click()
    s = ClassStudent(classroom, binder=False)
    s.code.value, s.nickname.value = teacher.room.code, " coach "
    s.join.click()
    assert s.seat is None and "is the coach's name here" in plain(s.join_msg.value)


def test_the_projector_view_shows_the_class_and_hides_controls_and_keys(classroom):
    teacher = ClassTeacher(classroom, binder=False)
    teacher.create.click()
    key = teacher.room.key
    assert key in teacher.key_html.value and key not in teacher.code_html.value

    def shown(w) -> bool:  # shown unless it, or a box around it, is hidden
        return w.layout.display != "none" and all(box.layout.display != "none" for box in _boxes_around(teacher, w))

    teacher.projector.click()
    assert not shown(teacher.start_round) and not shown(teacher.key_html) and not shown(teacher.seats)
    assert not shown(teacher.timeout) and not shown(teacher.close_room) and not shown(teacher.people.box)
    assert shown(teacher.code_html) and shown(teacher.count) and shown(teacher.table)
    assert "<img" not in teacher.plot.value  # no picture before any choice (not a broken-image icon)
    assert teacher.room.code in teacher.code_html.value
    # the projected words speak to the class (how to join, a question), never of the teacher's buttons
    projected = plain(teacher.count.value) + plain(teacher.prediction.value)
    assert "0 joined. To join, scan the QR code or open the link above." in projected
    assert "what do you guess" in projected and "Start a round" not in projected and "press" not in projected
    teacher.projector.click()
    assert shown(teacher.start_round) and shown(teacher.key_html) and shown(teacher.code_html)
    assert "0 joined. Start a round when everyone is in." in plain(teacher.count.value)  # the teacher's own
    # "Rounds" and "Time per round (s)" sit together; the coach's "Bot plays after (s)" comes after, told apart
    parts = list(_boxes_around(teacher, teacher.timeout)[-1].children)
    assert parts.index(teacher.pace.limit) < parts.index(teacher.pace.n) < parts.index(teacher.timeout)
    assert "Not a time limit" in plain(parts[parts.index(teacher.timeout) + 1].value)


def _shown_text(root) -> str:
    """Everything a shown widget of ``root`` says (texts, values, button names): what is projected."""
    if getattr(root, "layout", None) is not None and root.layout.display == "none":
        return ""
    said = [str(getattr(root, k, "") or "") for k in ("value", "description", "alt") if hasattr(root, k)]
    return " ".join([*said, *(_shown_text(c) for c in getattr(root, "children", ()) or ())])


def _shown_parts(root) -> list:
    if getattr(root, "layout", None) is not None and root.layout.display == "none":
        return []
    return [root, *(w for c in getattr(root, "children", ()) or () for w in _shown_parts(c))]


def test_the_projector_view_runs_the_round_and_shows_nothing_secret(classroom):
    """Projected, the teacher starts, pauses, ends and reveals a round from the projected page (its own
    buttons, named as the controls are), and the page shows no key, no rejoin code and no choice of a
    round before its Reveal (neither in the table nor in the chart)."""
    teacher, students = class_of(classroom)
    teacher.pace.n.value = 2
    teacher.pace.play.click()  # rounds that run themselves: “Pause” has something to hold
    teacher.projector.click()
    bar = {b.description: b for b in teacher.projector_bar.children}
    assert teacher.projector_bar.layout.display != "none" and teacher.controls.layout.display == "none"
    assert set(bar) == {"Start a round", "End the round", "Reveal round 1", "Pause"}
    assert bar["Start a round"].disabled  # the rounds run by themselves: round 1 has started
    bar["Pause"].click()
    assert bar["Pause"].description == "Go on" and "Paused" in plain(teacher.pace.state.value)
    bar["Pause"].click()
    assert bar["Pause"].description == "Pause"
    _play_round(students, "smuggling", "inspect")
    teacher.refresh()
    secret = [teacher.room.key, *(s.seat.seat_key for s in students)]
    shown = _shown_text(teacher)
    assert not any(k in shown for k in secret)
    assert "2 / 2" not in plain(teacher.table.value) and "hidden" in plain(teacher.table.value)
    assert "<img" not in teacher.plot.value  # the chart waits for the Reveal too
    teacher.projector.click()  # the teacher's own screen: the counts are hers at once
    assert "2 / 2 (100%)" in plain(teacher.table.value) and "<img" in teacher.plot.value
    teacher.projector.click()
    (reveal,) = [b for b in teacher.projector_bar.children if b.description == "Reveal round 1"]
    assert not reveal.disabled
    reveal.click()
    assert "Round 1 is revealed" in plain(teacher.msg.value) and teacher.msg in _shown_parts(teacher)
    assert "2 / 2 (100%)" in plain(teacher.table.value) and "<img" in teacher.plot.value
    assert reveal.description == "Hide round 1" and not any(k in _shown_text(teacher) for k in secret)


def _boxes_around(root, target) -> list:
    """The boxes from ``root`` down to ``target``."""

    def walk(w, path):
        if w is target:
            return path
        for c in getattr(w, "children", ()) or ():
            found = walk(c, [*path, w])
            if found is not None:
                return found
        return None

    return walk(root, []) or []


def test_the_teacher_removes_and_renames_and_the_pages_say_so(classroom):
    teacher, students = class_of(classroom)
    anna, bohdan = students[0], students[1]
    teacher.refresh()
    assert [label for label, _m in teacher.people.who.options] == NAMES
    assert teacher.people.who.value == anna.seat.member_id  # the first is picked: never a blank choice
    teacher.people.who.value = anna.seat.member_id
    teacher.people.new_name.value = "Ann"
    teacher.people.rename.click()
    assert "Renamed" in plain(teacher.msg.value) and "Anna" not in plain(teacher.seats.value)
    anna.refresh()
    assert "You are Ann" in plain(anna.status.value)
    teacher.start_round.click()
    teacher.people.who.value = bohdan.seat.member_id
    teacher.people.remove.click()
    assert "no longer in the room" in plain(teacher.msg.value) and "Bohdan" not in plain(teacher.seats.value)
    bohdan.refresh()
    assert "taken you out of this room" in plain(bohdan.status.value)
    assert bohdan.choice.children == () and bohdan.check.box.layout.display == "none"  # nothing to click
    again = ClassStudent(classroom, binder=False)
    again.code.value, again.nickname.value = teacher.room.code, "Bohdan"
    again.join.click()
    assert "taken you out" in plain(again.join_msg.value)
    # the projector view hides the people controls, the settings and the keys
    teacher.projector.click()
    assert teacher.people.box.layout.display == "none" and teacher.data_box.layout.display == "none"
    assert "none" not in (teacher.code_html.layout.display, teacher.count.layout.display)  # what the class sees


def test_the_join_link_is_the_qr_code_and_fills_the_code(classroom, monkeypatch):
    import base64
    import urllib.parse

    import segno

    env = {"SERVER_NAME": "10.0.0.5", "SERVER_PORT": "8866", "SCRIPT_NAME": "/voila/render/50_class_teacher.ipynb"}
    monkeypatch.setattr(cr, "_request_env", lambda: env)
    monkeypatch.setenv(cr.TOKEN_ENV, "s3cret")
    teacher = ClassTeacher(classroom, binder=False)
    teacher.create.click()
    link = f"http://10.0.0.5:8866/voila/render/51_class_student.ipynb?token=s3cret&room={teacher.room.code}"
    assert teacher.join_link == link and link in plain(teacher.code_html.value)
    uri = teacher.code_html.value.split('src="')[1].split('"')[0]
    shown = uri.replace("&amp;", "&")
    assert shown == segno.make(link, error="m").svg_data_uri(scale=8, border=3, dark="#000", light="#fff")
    assert base64 and urllib.parse  # the SVG is segno's own drawing of exactly this link
    monkeypatch.setenv("QUERY_STRING", f"token=s3cret&room={teacher.room.code.lower()}")
    student = ClassStudent(classroom, binder=False)
    assert student.code.value == teacher.room.code
    student.nickname.value = "Anna"
    student.join.click()
    assert student.seat is not None


def test_countdown_check_and_rounds_that_run_themselves_on_the_pages(classroom):
    classroom.store.clock = FakeClock()  # the countdown reads the store's clock: no second slips by under load
    teacher, students = class_of(classroom)
    assert "<img" not in teacher.plot.value  # no broken-image icon before any choice
    s = students[0]
    s.refresh()
    assert "Before you play" in plain(s.check.box.children[0].value) and s.check.box.layout.display == "flex"
    s.check.answers[0].value, s.check.answers[1].value = 0, 2
    s.check.send.click()
    assert "question 1 is not right" in plain(s.check.msg.value)
    s.check.answers[0].value = 1
    s.check.send.click()
    assert "ready for the first round" in plain(s.check.msg.value)
    teacher.refresh()
    assert plain(teacher.seats.value).count("passed") == 1
    teacher.anonymous.value = True
    assert "Anna" not in plain(teacher.seats.value) and "1 passed" in plain(teacher.seats.value)
    teacher.pace.limit.value = 90
    assert teacher.room.dashboard().round_limit == 90
    assert teacher.pace.n.value == 2  # by default one round as each side, as the class plans play them
    teacher.pace.play.click()
    assert teacher.room.dashboard().autoplay.left == 1 and "1 more to start" in plain(teacher.pace.state.value)
    for st in students:
        st.refresh()
        assert 'role="timer"' in st.timer.value and "Time left: 1:30" in plain(st.timer.value)
        v = st.view
        press(st.choice, "sn-honest" if v.role == "merchant" else "sn-pass")
    teacher.refresh()  # everyone has chosen: the round ends by itself
    assert not teacher.dashboard.round_open and "<img" in teacher.plot.value
    teacher.pace.pause.click()
    assert "Paused" in plain(teacher.pace.state.value)
    rows = list(csv.DictReader(io.StringIO(teacher.room.summary_csv())))
    assert {r["nickname"] for r in rows} == set(NAMES) and all(r["rounds"] == "1" for r in rows)
    teacher.summary_button.click()
    assert "students.csv" in teacher.csv_link.value


def test_the_teacher_reopens_a_room_this_device_holds_the_key_for(classroom):
    first = ClassTeacher(classroom, binder=False)
    first.create.click()
    remembered = json.loads(first.key_html.value.split('data-sn-remember="')[1].split('"')[0].replace("&#34;", '"'))
    assert remembered == {"kind": "teacher", "code": first.room.code, "name": "", "key": first.room.key}
    page = ClassTeacher(classroom, binder=False)  # the next day, on the same device
    assert page.my_rooms.box.layout.display == "none"
    older = {"kind": "teacher", "code": "222222", "name": "", "key": "x", "t": 1}
    page.my_rooms.device.value = json.dumps([older, {**remembered, "t": 2}])
    (newest, _old) = page.my_rooms.buttons.children
    assert newest.description == f"Room {first.room.code}" and page.my_rooms.box.layout.display == "flex"
    newest.click()
    assert page.room is not None and page.room.code == first.room.code and page.room_box.layout.display == "flex"


def test_the_links_room_wins_over_a_seat_remembered_in_another_room(classroom, monkeypatch):
    teacher = ClassTeacher(classroom, binder=False)
    teacher.create.click()
    page = ClassStudent(classroom, binder=False)
    page.joining.device.value = json.dumps(
        [{"kind": "class", "code": "222222", "name": "Old", "key": "AAAA-BBBB", "t": 2}]
    )
    assert page.code.value == "222222"  # the device's last seat, before the link's code arrives
    page._code_from_address(teacher.room.code.lower())
    assert (page.code.value, page.nickname.value, page.joining.key.value) == (teacher.room.code, "", "")


def test_bribe_bargaining_on_the_pages(classroom):
    """The teacher switches to bribe bargaining (its own settings show); merchants load and offer
    with the form's toggles, Sheriffs see the offer only; Reveal shows the lab solver's answer."""
    teacher, students = class_of(classroom)
    teacher.next_game.value = "bargain"
    shown = [name for name, box in teacher.param_boxes.items() if box.layout.display != "none"]
    assert shown == ["bargain"] and teacher.item_penalty.value == 2
    teacher.start_round.click()
    for s in students:
        s.refresh()
    merchants = [s for s in students if s.view.role == "merchant"]
    sheriffs = [s for s in students if s.view.role == "sheriff"]
    assert len(merchants) == len(sheriffs) == 2
    for s, (items, bribe) in zip(merchants, [(3, 1), (0, 0)], strict=True):
        loads, offers = (w for w in s.choice.children if isinstance(w, widgets.ToggleButtons))
        loads.value, offers.value = items, bribe
        press(s.choice, "sn-form-send")
        assert "Your choice is in" in widget_text(s.choice)
    for s in sheriffs:
        s.refresh()
        said = widget_text(s.choice)
        assert "The merchant offers you" in said and "items" not in s.view.turn  # never what is in the bag
        press(s.choice, "sn-inspect")
    for s in students:
        s.refresh()
    told = {plain(s.result.value) for s in merchants}
    assert any("The bag held 3 items; the offer was 1 gold." in t for t in told)
    teacher.refresh()
    assert "Bribe bargaining" in plain(teacher.table.value)
    teacher.end_round.click()
    teacher.reveal.click()
    teacher.refresh()
    said = plain(teacher.prediction.value)
    assert "lab 31" in said and "the Sheriff inspects 1/4 (25%) of the time" in said
    students[0].refresh()
    assert "33%" in plain(students[0].classview.value)


def test_the_class_plot_s_legend_is_text_of_the_page(classroom, monkeypatch):
    """Drawn in the image, the legend was 6 px high on a phone: it is the page's text under the chart
    (14 px at any width), a line for each of the chart's lines, in the chart's colours."""
    from matplotlib.figure import Figure

    drawn = []
    save = Figure.savefig
    monkeypatch.setattr(Figure, "savefig", lambda fig, *a, **k: (drawn.append(fig), save(fig, *a, **k))[1])
    teacher, students = class_of(classroom)
    for bag, action in (("smuggling", "inspect"), ("honest", "pass")):
        teacher.start_round.click()
        _play_round(students, bag, action)
        teacher.end_round.click()
        teacher.reveal.click()
    assert drawn and "<img" in teacher.plot.value
    (ax,) = drawn[-1].axes
    assert ax.get_legend() is None  # none inside the picture
    charted = {(line.get_label(), line.get_color()) for line in ax.get_lines()}
    legend = teacher.legend.value
    items = re.findall(
        r'stroke="(#[0-9a-f]{6})" stroke-width="[\d.]+"(?: stroke-dasharray="([^"]*)")?/>.*?<span>([^<]+)</span>',
        legend,
        flags=re.S,
    )
    assert charted and charted <= {(label, color) for color, _dash, label in items}
    dotted = {label for _color, dash, label in items if dash == "2 3"}  # each revealed round's equilibrium
    assert dotted and dotted == {label for _color, _dash, label in items if label.startswith("equilibrium")}
    assert "font:14px" in cr.CSS.split(".sn-legend{")[1].split("}")[0]


def _inside(box) -> list:
    """Every widget inside ``box``, depth first in the page's order."""
    out = []
    for w in getattr(box, "children", ()):
        out += [w, *_inside(w)]
    return out


def test_create_a_room_shows_it_is_working_until_the_room_is_there(classroom, monkeypatch):
    """Creating a room can take seconds on a busy server: the press is answered at once, and a second
    press cannot make a second room."""
    teacher = ClassTeacher(classroom, binder=False)
    seen = []
    create = classroom.create_room

    def slow_create(*a, **k):
        seen.append((teacher.create.disabled, teacher.create.icon, plain(teacher.create_msg.value)))
        return create(*a, **k)

    monkeypatch.setattr(classroom, "create_room", slow_create)
    teacher.create.click()
    assert seen == [(True, "spinner", "Creating the room: this can take a few seconds.")]
    assert teacher.room is not None and not teacher.create.disabled and teacher.create.icon == "plus"
    # said beside the button pressed (in its box, right under it), not under the box that takes a room back
    new_room = next(box for box in teacher.start_box.children if teacher.create in _inside(box))
    parts = _inside(new_room)
    assert parts.index(teacher.create_msg) == parts.index(teacher.create) + 1
    assert teacher.start_msg not in parts and teacher.create_msg.value == ""  # gone once the room is there
