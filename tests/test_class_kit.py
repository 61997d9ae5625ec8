"""The teacher's kit through the class-mode API, on SQLite and on PostgreSQL: removing and renaming a
student, rounds with a time limit, rounds that run themselves, the instructions check before round
1, and the per-student summary CSV."""

from __future__ import annotations

import csv
import io

import pytest

from sheriff.classroom import checks
from sheriff.classroom.common import GAP_SECONDS
from sheriff.classroom.stats import SUMMARY_COLUMNS
from tests.class_rig import refused as _refused


def _seat_id(room, nick: str) -> int:
    return next(s.member for s in room.dashboard().seats if s.nickname == nick)


def test_a_removed_student_leaves_and_the_coach_finishes_his_round(classroom):
    room = classroom.create_room("inspection", seed=3)
    seats = {n: classroom.join(room.code, n) for n in ("Anna", "Bob", "Cleo", "Dan")}
    room.start_round()
    pairs = {s.nickname: s.view().partner for s in seats.values()}
    room.remove(_seat_id(room, "Bob"))
    d = room.dashboard()
    assert "Bob" not in [s.nickname for s in d.seats]
    assert d.rounds[-1].choices == 1  # the coach chose for Bob at once; his partner has not chosen yet
    partner = seats[pairs["Bob"]]
    v = partner.view()
    assert v.status == "choose" and v.partner == "Bob"  # the round started with Bob goes on
    partner.choose({"bag": "honest"} if v.role == "merchant" else {"action": "pass"})
    assert partner.view().status == "done"
    # Bob's page: said in words, nothing to choose; his nickname and his seat key open nothing
    bv = seats["Bob"].view()
    assert bv.status == "removed" and bv.turn is None
    _refused("removed", seats["Bob"].choose, {"bag": "honest"})
    assert "taken you out" in _refused("removed", classroom.join, room.code, "bob")
    _refused("removed", classroom.join, room.code, "Bob", seats["Bob"].seat_key)
    room.end_round()
    room.start_round()  # three students: two pairs, one with the coach, and no Bob
    d = room.dashboard()
    assert sorted(s.nickname for s in d.seats if s.role) == ["Anna", "Cleo", "Coach", "Dan"]
    _refused("member", room.remove, _seat_id(room, "Coach"))  # the coach's seat is not a student


def test_a_renamed_student_keeps_the_seat_under_the_new_name(classroom):
    room = classroom.create_room("inspection")
    anna = classroom.join(room.code, "Anna")
    rude = classroom.join(room.code, "Rude word")
    _refused("taken", room.rename, _seat_id(room, "Rude word"), "anna")
    _refused("nickname", room.rename, _seat_id(room, "Rude word"), "Coach")
    assert room.rename(_seat_id(room, "Rude word"), "  Robin ") == "Robin"
    assert [s.nickname for s in room.dashboard().seats] == ["Anna", "Robin"]
    assert rude.view().nickname == "Robin"  # the open page shows the new name
    # this device remembered the old name with its rejoin code: the same seat, under the new name
    again = classroom.join(room.code, "Rude word", rude.seat_key)
    assert again.member_id == rude.member_id and again.nickname == "Robin"
    room.start_round()
    assert {anna.view().partner, again.view().partner} == {"Robin", "Anna"}


def test_a_round_with_a_time_limit_ends_by_itself(classroom, clock):
    room = classroom.create_room("duel", bot_timeout=300)
    seats = [classroom.join(room.code, n) for n in ("Anna", "Bob")]
    _refused("params", room.set_round_limit, 2)
    room.set_round_limit(60)
    room.start_round()
    assert seats[0].view().time_left == 60 and room.dashboard().time_left == 60
    clock.advance(45)
    for s in seats:
        s.heartbeat()
    assert seats[1].view().time_left == 15 and seats[1].view().round_open
    clock.advance(16)  # the time is up: the coach chooses for both (merchant, then Sheriff), the round ends
    v = seats[0].view()
    assert v.status == "done" and v.by_coach and not v.round_open and v.time_left is None
    assert room.dashboard().rounds[-1].resolved == 1
    room.set_round_limit(None)  # from the next round on: no countdown
    room.start_round()
    assert seats[0].view().time_left is None


def test_play_n_rounds_runs_by_itself_and_pauses(classroom, clock):
    room = classroom.create_room("inspection")
    seats = [classroom.join(room.code, n) for n in ("Anna", "Bob")]
    room.play_rounds(2)  # no round yet: the first starts now
    d = room.dashboard()
    assert d.round == 1 and d.round_open and d.autoplay.left == 1
    assert room.advance() == ""  # nobody has chosen
    for s in seats:
        v = s.view()
        s.choose({"bag": "smuggling"} if v.role == "merchant" else {"action": "inspect"})
    assert room.advance() == "ended" and not room.dashboard().round_open
    assert room.advance() == ""  # the results stay up a few seconds
    room.pause()
    clock.advance(GAP_SECONDS + 1)
    assert room.advance() == "" and room.dashboard().autoplay.paused
    room.pause(False)
    assert room.advance() == "started" and room.dashboard().round == 2
    for s in seats:  # roles swapped
        v = s.view()
        s.choose({"bag": "honest"} if v.role == "merchant" else {"action": "pass"})
    assert room.advance() == "ended"
    clock.advance(GAP_SECONDS + 1)
    assert room.advance() == "done" and room.dashboard().autoplay is None
    assert room.dashboard().round == 2 and not room.dashboard().round_open
    _refused("params", room.play_rounds, 0)


def test_the_instructions_check_before_round_one(classroom):
    room = classroom.create_room("inspection")
    anna = classroom.join(room.code, "Anna")
    bob = classroom.join(room.code, "Bob")
    assert anna.view().check == "inspection" and checks.instructions("inspection")
    assert len(checks.questions("inspection")) == 2
    assert anna.check([1, 0]) == [1]  # the second answer is wrong: not stored
    assert anna.view().check == "inspection"
    assert anna.check([1, 2]) == []
    assert anna.check([1, 2]) == []  # again: stored once
    assert anna.view().check is None and bob.view().check == "inspection"
    assert {s.nickname: s.checked for s in room.dashboard().seats} == {"Anna": ("inspection",), "Bob": ()}
    room.set_game("duel")  # the next game has its own check
    assert anna.view().check == "duel"
    assert anna.check([0, 1]) == []
    assert set(next(s for s in room.dashboard().seats if s.nickname == "Anna").checked) == {"inspection", "duel"}
    room.start_round()  # a check never counts as a round's choice, nor reaches the CSV
    assert room.dashboard().chosen == 0
    assert len(list(csv.DictReader(io.StringIO(room.csv())))) == 0


def test_the_summary_csv_has_one_row_per_student(classroom):
    room = classroom.create_room("inspection", seed=5)
    seats = {n: classroom.join(room.code, n) for n in ("=Anna", "Bob", "Cleo")}
    for _round in range(2):
        room.start_round()
        for s in seats.values():
            v = s.view()
            if v.status == "choose" and s.nickname != "Cleo":
                s.choose({"bag": "smuggling"} if v.role == "merchant" else {"action": "inspect"})
        room.end_round()  # the coach chooses for Cleo
    room.remove(_seat_id(room, "Bob"))
    rows = list(csv.DictReader(io.StringIO(room.summary_csv())))
    assert tuple(rows[0]) == SUMMARY_COLUMNS
    by = {r["nickname"]: r for r in rows}
    assert set(by) == {"'=Anna", "Bob", "Cleo"}  # the coach's own seat is no student; a formula stays text
    choices = list(csv.DictReader(io.StringIO(room.csv())))
    for r in rows:
        mine = [c for c in choices if c["seat"] == r["seat"]]
        assert int(r["rounds"]) == len(mine) == 2
        assert int(r["points"]) == sum(int(c["payoff"]) for c in mine)
        assert int(r["by_coach"]) == sum(c["by_coach"] == "1" for c in mine)
        made = sum(int(r[k]) for k in ("honest_bags", "false_declarations", "passed", "inspected", "deals_taken"))
        assert made == len(mine)
    assert by["Cleo"]["by_coach"] == "2" and by["Bob"]["removed"] == "1"


@pytest.mark.parametrize(
    "page, button, quoted",
    [
        ("52_table", "Open this game on the replay page", "“{}”"),  # the replay opens from a link at Game over
        ("50_class_teacher", "Reveal round 1", "**{}**"),  # the button's own words, round named
    ],
)
def test_a_page_intro_names_the_button_as_the_page_shows_it_in_both_languages(page, button, quoted):
    from sheriff import course
    from sheriff.i18n import catalog

    intro = course.prose(page)[0]
    assert quoted.format(button) in " ".join(intro)
    uk = catalog("uk")
    uk_button = (
        uk.gettext(button) if uk.gettext(button) != button else uk.gettext("Reveal round {round}").format(round=1)
    )
    assert uk_button != button and f"«{uk_button}»" in " ".join(uk.gettext(p) for p in intro)
