"""Class mode as pages use it (sheriff.classroom), on SQLite and on PostgreSQL: joining, pairing and
alternating roles, both games' rounds with the engine's refusals and payments, the coach taking a
vanished seat and giving it back, the class's shares against lab 30's equilibrium, the CSV."""

from __future__ import annotations

import csv
import io
import threading
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import pytest
from sqlalchemy import MetaData, Table, UniqueConstraint, create_engine, inspect

from sheriff.cards import GOODS, good_id
from sheriff.classroom import Classroom, ClassroomError, Store, games, store_schema
from sheriff.classroom.common import UNWATCHED
from sheriff.classroom.stats import CSV_COLUMNS, FORMULA_STARTS
from sheriff.i18n import language
from sheriff.theory import inspection_game as ig
from tests.class_rig import refused as _refused


def test_codes_nicknames_and_keys_are_checked(classroom, clock):
    room = classroom.create_room()
    assert len(room.code) == 6 and room.key
    _refused("code", classroom.join, "", "Anna")
    _refused("code", classroom.join, "ABC", "Anna")
    _refused("code", classroom.join, "OOOOOO", "Anna")  # O is not in the alphabet
    free = "222222" if room.code != "222222" else "333333"
    assert "No room" in _refused("code", classroom.join, free, "Anna")
    _refused("nickname", classroom.join, room.code, "A")
    _refused("nickname", classroom.join, room.code, "x" * 21)
    _refused("nickname", classroom.join, room.code, "An\u0007na")
    _refused("nickname", classroom.join, room.code, "An\u200bna")  # invisible
    anna = classroom.join(room.code.lower(), "  Anna  ")  # a code typed in lower case
    assert anna.nickname == "Anna" and len(anna.seat_key) == 9
    _refused("taken", classroom.join, room.code, "anna")  # her page is open: the nickname is taken
    clock.advance(20)  # her page closed a while ago: the nickname alone still does not give her seat
    assert "rejoin code" in _refused("taken", classroom.join, room.code, "anna")
    _refused("seat_key", classroom.join, room.code, "anna", "2222-2222")
    again = classroom.join(f"{room.code[:3]}-{room.code[3:]}", "ANNA", anna.seat_key.lower())
    assert again.member_id == anna.member_id and again.seat_key == anna.seat_key
    _refused("key", classroom.teacher, room.code, "not the key")
    assert classroom.teacher(room.code, room.key).room_id == room.room_id


def test_a_quiet_seat_stays_its_owners(classroom, clock):
    """A student's seat is never handed to a page that only types the nickname: after 16 s, after an
    hour, or while the coach plays it; its owner takes it back with the rejoin code, choices and all."""
    room = classroom.create_room("inspection", bot_timeout=10, seed=3)
    seats = _join(classroom, room, ["Anna", "Bob"])
    room.start_round()
    anna = seats["Anna"]
    for quiet in (16, 3600):
        clock.advance(quiet)
        seats["Bob"].view()  # Bob's page polls; Anna's went quiet: the coach chooses for her
        assert "rejoin code" in _refused("taken", classroom.join, room.code, "Anna")
        assert [s.coach for s in room.dashboard().seats if s.nickname == "Anna"] == [True]
    clock.advance(20 * 3600)  # the next day, on another device
    back = classroom.join(room.code, "anna", anna.seat_key)
    assert back.member_id == anna.member_id and back.view().choice is not None
    assert [s.coach for s in room.dashboard().seats if s.nickname == "Anna"] == [False]


def _join(classroom, room, names):
    return {n: classroom.join(room.code, n) for n in names}


def _play_inspection(seats, bags, actions):
    """Each merchant chooses its bag, each Sheriff its action (by nickname); the views after."""
    for name, seat in seats.items():
        v = seat.view()
        assert v.status == "choose"
        seat.choose({"bag": bags[name]} if v.role == "merchant" else {"action": actions[name]})
    return {n: s.view() for n, s in seats.items()}


def test_inspection_rounds_alternate_roles_and_score_as_lab_30(classroom):
    room = classroom.create_room("inspection")
    seats = _join(classroom, room, ["Anna", "Bob", "Cleo", "Dan"])
    _refused("round", seats["Anna"].choose, {"bag": "honest"})  # no round yet
    room.start_round()
    first = {n: s.view().role for n, s in seats.items()}
    assert sorted(first.values()) == ["merchant", "merchant", "sheriff", "sheriff"]
    # the Sheriff sees the declaration and the payoffs, never which bag
    sheriff = next(s for n, s in seats.items() if first[n] == "sheriff")
    assert set(sheriff.view().turn) == {"declared", "matrix"}
    bags = {n: "smuggling" for n in seats}
    actions = {n: "inspect" if i % 2 else "pass" for i, n in enumerate(seats)}
    views = _play_inspection(seats, bags, actions)
    g = games.inspection_game(games.default_params("inspection"))
    for v in views.values():
        assert v.status == "done"
        partner = views[v.partner]
        col = 1 if (actions[v.partner] if v.role == "merchant" else actions[v.nickname]) == "inspect" else 0
        cell = g.cells[1][col]
        assert v.result["payoff"] == (cell.merchant if v.role == "merchant" else cell.sheriff)
        assert v.result["partner_payoff"] == partner.result["payoff"]
    _refused("chosen", seats["Anna"].choose, {"bag": "honest"})
    d = room.dashboard()
    assert d.chosen == 4 and all(s.chosen for s in d.seats)
    r1 = d.rounds[0]
    assert (r1.merchants, r1.smuggled, r1.sheriffs) == (2, 2, 2)
    assert r1.inspected == sum(actions[n] == "inspect" for n in seats if first[n] == "sheriff")
    assert r1.prediction.smuggle == Fraction(3, 5) and r1.prediction.inspect == Fraction(1, 4)  # lab 30's
    room.end_round()
    room.start_round()
    second = {n: s.view() for n, s in seats.items()}
    for n, v in second.items():  # same partner, the other role
        assert v.role != first[n] and v.partner == views[n].partner
    assert all(s.score == sum(h.payoff for h in s.history) for s in second.values())


def test_parameters_apply_from_the_next_round_and_move_the_prediction(classroom):
    room = classroom.create_room("inspection")
    anna = _join(classroom, room, ["Anna", "Bob"])["Anna"]
    room.start_round()
    _refused("params", room.set_params, fine=0)
    _refused("params", room.set_params, smuggled="apples")  # an honest "smuggling" bag
    params = room.set_params(fine=2)  # while the round is played: used from the next round on
    assert params["fine"] == 2
    room.set_game("duel")  # the round being played stays the inspection game
    assert anna.view().game == "inspection" and room.dashboard().game == "inspection"
    assert room.dashboard().next_game == "duel"
    room.set_game("inspection", {**params})
    room.end_round()  # the coach makes the two missing choices
    assert room.dashboard().rounds[0].choices == 2 and room.dashboard().rounds[0].params["fine"] == 1
    doubled = ig.equilibrium(ig.build("apples", ["apples", "apples", "pepper"], fine=2))
    assert room.dashboard().prediction.inspect == doubled.inspect < Fraction(1, 4)
    room.start_round()
    assert room.dashboard().rounds[1].params["fine"] == 2
    assert room.dashboard().rounds[0].params["fine"] == 1


def test_the_coach_takes_a_vanished_seat_and_gives_it_back(classroom, clock):
    room = classroom.create_room("inspection", bot_timeout=30)
    seats = _join(classroom, room, ["Anna", "Bob", "Cleo"])
    room.start_round()
    d = room.dashboard()
    coach = [s for s in d.seats if s.nickname == "Coach"]
    assert len(coach) == 1 and coach[0].coach and coach[0].chosen  # the odd student plays the coach
    clock.advance(20)
    for n in ("Anna", "Bob"):
        seats[n].heartbeat()
    clock.advance(15)  # Cleo silent for 35 s, the others for 15 s
    d = room.dashboard()
    by = {s.nickname: s for s in d.seats}
    assert by["Cleo"].coach and by["Cleo"].chosen and not by["Anna"].coach and not by["Anna"].chosen
    v = seats["Cleo"].view()  # she comes back
    assert v.status == "done" and v.choice is not None
    assert not {s.nickname: s for s in room.dashboard().seats}["Cleo"].coach
    assert [row["by_coach"] for row in csv.DictReader(io.StringIO(room.csv())) if row["nickname"] == "Cleo"] == ["1"]


def test_duel_played_by_the_engine(classroom):
    room = classroom.create_room("duel", seed=11)
    seats = _join(classroom, room, ["Anna", "Bob"])
    room.start_round()
    m = next(s for s in seats.values() if s.view().role == "merchant")
    sh = next(s for s in seats.values() if s.view().role == "sheriff")
    assert sh.view().status == "partner" and sh.view().turn == {"ready": False}
    _refused("not_your_turn", sh.choose, {"action": "inspect"})
    turn = m.view().turn
    hand = turn["hand"]
    assert len(hand) == 6 and turn["gold"] == 50
    # the engine's refusals, in its words
    assert "at least one card" in _refused("move", m.choose, {"load": [], "declare": [0, 1]})
    legal = [g for g in hand if GOODS[g].is_legal]
    other = [g for g in hand if g != legal[0]]
    bag = [legal[0], other[0]]
    assert "must say 2" in _refused("move", m.choose, {"load": bag, "declare": [legal[0], 3]})
    _refused("move", m.choose, {"load": bag, "declare": [legal[0], 2], "bribe": {"gold": 500}})
    v = m.choose({"load": bag, "declare": [legal[0], 2], "bribe": {"gold": 3, "bag": []}})
    assert v.status == "partner"
    seen = sh.view().turn
    assert seen["ready"] and seen["declared"] == [legal[0], 2] and seen["bag_size"] == 2
    assert seen["bribe"] == {"gold": 3, "cards": 0} and "load" not in seen  # never the bag's contents
    v = sh.choose({"action": "deal"})
    assert v.status == "done" and v.result["taken"] and v.result["offered"]
    assert v.result["payoff"] == 3  # the bribe's gold
    mv = m.view()
    assert mv.result["payoff"] == sum(GOODS[g].value for g in bag) - 3
    d = room.dashboard().rounds[0]
    assert (d.offers, d.taken, d.inspected, d.smuggled) == (1, 1, 0, 1)


def test_duel_inspection_pays_penalties_as_the_engine_does(classroom):
    room = classroom.create_room("duel", {"edition": "1E"}, seed=5)
    seats = _join(classroom, room, ["Anna", "Bob"])
    room.start_round()
    m = next(s for s in seats.values() if s.view().role == "merchant")
    sh = next(s for s in seats.values() if s.view().role == "sheriff")
    hand = m.view().turn["hand"]
    apples = good_id("apples")
    bag = [g for g in hand if g == apples] or [hand[0]]
    honest = all(g == bag[0] for g in bag) and GOODS[bag[0]].is_legal
    declared = bag[0] if honest else apples
    m.choose({"load": bag, "declare": [declared, len(bag)]})
    v = sh.choose({"action": "inspect"})
    if honest:  # the Sheriff pays each card's penalty
        assert v.result["payoff"] == -GOODS[declared].penalty * len(bag)
    assert not v.result["offered"] and v.result["inspected"]


def test_reveal_shows_students_the_class_and_the_equilibrium(classroom):
    room = classroom.create_room("inspection")
    seats = _join(classroom, room, ["Anna", "Bob"])
    _refused("round", room.reveal)  # no round yet: nothing to reveal
    room.start_round()
    _play_inspection(seats, {"Anna": "honest", "Bob": "honest"}, {"Anna": "pass", "Bob": "pass"})
    v = seats["Anna"].view()
    assert not v.revealed and v.class_rounds is None and v.prediction is None
    assert room.reveal() == 1
    v = seats["Anna"].view()
    assert v.revealed and v.prediction.inspect == Fraction(1, 4)
    assert v.class_rounds[0].smuggle_share == 0 and v.class_rounds[0].inspect_share == 0
    assert room.dashboard().revealed


def test_reveal_is_per_round_a_new_round_starts_hidden(classroom):
    """Revealed after round 2, the doubled-fine round 3 starts hidden: while the class chooses it,
    no phone shows its equilibrium (only rounds 1-2's); Reveal then shows round 3's own."""
    room = classroom.create_room("inspection")
    seats = _join(classroom, room, ["Anna", "Bob"])
    for _round in range(2):
        room.start_round()
        _play_inspection(seats, dict.fromkeys(seats, "smuggling"), dict.fromkeys(seats, "inspect"))
        room.end_round()
    assert room.reveal() == 2  # the round just played, and the one before it
    assert [r.revealed for r in room.dashboard().rounds] == [True, True]
    room.set_params(fine=2)
    doubled = ig.equilibrium(ig.build("apples", ["apples", "apples", "pepper"], fine=2))
    assert doubled.inspect != Fraction(1, 4)
    room.start_round()
    d = room.dashboard()
    assert d.round == 3 and not d.revealed and [r.revealed for r in d.rounds] == [True, True, False]
    for seat in seats.values():
        v = seat.view()
        assert v.status == "choose" and not v.revealed
        assert [r.number for r in v.class_rounds] == [1, 2]  # past revealed rounds stay visible
        assert v.prediction.inspect == Fraction(1, 4)  # round 2's answer, not the doubled fine's
        assert all(r.prediction.inspect != doubled.inspect for r in v.class_rounds)
    _play_inspection(seats, dict.fromkeys(seats, "honest"), dict.fromkeys(seats, "pass"))
    assert room.reveal() == 3
    v = seats["Anna"].view()
    assert v.revealed and v.prediction.inspect == doubled.inspect and len(v.class_rounds) == 3
    room.reveal(False)  # hidden again: round 3 only
    v = seats["Anna"].view()
    assert not v.revealed and [r.number for r in v.class_rounds] == [1, 2]


def test_a_student_sees_which_choices_the_coach_made_for_him(classroom, clock):
    room = classroom.create_room("inspection", bot_timeout=30)
    seats = _join(classroom, room, ["Anna", "Bob"])
    room.start_round()
    anna, bob = seats["Anna"], seats["Bob"]
    assert anna.view().status == "choose" and not anna.view().by_coach
    for _tick in range(4):  # Bob's page polls; Anna's phone is locked
        clock.advance(10)
        bob.view()
    v = bob.view()
    if v.status == "choose":
        v = bob.choose({"bag": "honest"} if v.role == "merchant" else {"action": "pass"})
    assert v.status == "done" and not v.by_coach and not v.history[-1].by_coach
    v = anna.view()  # she comes back: the coach chose for her
    assert v.status == "done" and v.by_coach and v.choice is not None
    assert [h.by_coach for h in v.history] == [True]
    room.end_round()
    room.start_round()
    v = anna.view()
    assert v.status == "choose" and not v.by_coach  # a new round is hers again
    anna.choose({"bag": "smuggling"} if v.role == "merchant" else {"action": "inspect"})
    assert [h.by_coach for h in anna.view().history] == [True]  # round 2 has no result yet
    bob.choose({"bag": "honest"} if bob.view().role == "merchant" else {"action": "pass"})
    assert [h.by_coach for h in anna.view().history] == [True, False]


def test_csv_has_every_choice_with_nicknames_only(classroom):
    room = classroom.create_room("inspection")
    seats = _join(classroom, room, ["Anna", "Bob", "Cleo", "Dan"])
    for _round in range(2):
        room.start_round()
        _play_inspection(seats, dict.fromkeys(seats, "honest"), dict.fromkeys(seats, "inspect"))
        room.end_round()
    rows = list(csv.DictReader(io.StringIO(room.csv())))
    assert len(rows) == 8 and {r["nickname"] for r in rows} == set(seats)
    assert {r["round"] for r in rows} == {"1", "2"}
    assert all(r["payoff"] != "" for r in rows) and "member" not in rows[0]


def test_csv_cells_are_never_formulas_and_seats_have_ids(classroom):
    room = classroom.create_room("inspection")
    nicks = ["=1+2", "+A1", "-2+3", "@SUM(A1)", "Anna"]
    seats = _join(classroom, room, nicks)  # five: the coach plays the odd seat
    room.start_round()
    _play_inspection(seats, dict.fromkeys(seats, "honest"), dict.fromkeys(seats, "inspect"))  # Sheriffs pay: < 0
    room.end_round()
    text = room.csv()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 6 and list(rows[0]) == list(CSV_COLUMNS)
    by_seat = {int(r["seat"]): r for r in rows}
    for nick, seat in seats.items():
        cell = by_seat[seat.member_id]["nickname"]
        assert cell == (nick if nick == "Anna" else "'" + nick)  # text, as OWASP advises
    assert all(not r[c].startswith(FORMULA_STARTS) for r in rows for c in ("nickname", "choice", "params"))
    assert any(int(r["payoff"]) < 0 for r in rows)  # numbers stay numbers, a minus sign and all
    coach = [r for r in rows if r["nickname"] == "Coach"]
    assert len(coach) == 1 and int(coach[0]["seat"]) not in {s.member_id for s in seats.values()}


@pytest.mark.parametrize("nick", ["Coach", "coach", " COACH ", "Co ach", "Порадник", "ПОРАДНИК"])
def test_the_coachs_name_is_not_a_nickname(classroom, nick):
    room = classroom.create_room()
    assert "coach" in _refused("nickname", classroom.join, room.code, nick)
    with language("uk"):
        assert "Порадник" in _refused("nickname", classroom.join, room.code, nick)
    assert classroom.join(room.code, "Coachella").nickname == "Coachella"


def test_closing_keeps_or_deletes(classroom, store_url):
    kept = classroom.create_room()
    _join(classroom, kept, ["Anna", "Bob"])
    kept.start_round()
    kept.close(keep=True)
    _refused("closed", classroom.join, kept.code, "Cleo")
    assert classroom.teacher(kept.code, kept.key).dashboard().rounds[0].choices == 2  # ended by the coach
    gone = classroom.create_room()
    gone.close(keep=False)
    _refused("code", classroom.teacher, gone.code, gone.key)


def test_repair_pairs_afresh(classroom):
    room = classroom.create_room(seed=5)  # seeded: a random seed could pair everyone as before
    seats = _join(classroom, room, [f"S{i}" for i in range(8)])
    room.start_round()
    before = {n: s.view().partner for n, s in seats.items()}
    room.end_round()
    room.repair()
    room.start_round()
    after = {n: s.view() for n, s in seats.items()}
    assert any(after[n].partner != before[n] for n in seats)
    assert sorted(v.role for v in after.values()) == ["merchant"] * 4 + ["sheriff"] * 4


def test_messages_and_the_coachs_name_in_ukrainian(classroom):
    room = classroom.create_room()
    _join(classroom, room, ["Anna"])
    room.start_round()
    with language("uk"):
        assert "псевдонім" in _refused("nickname", classroom.join, room.code, "A")
        assert "Порадник" in {s.nickname for s in room.dashboard().seats}
        assert games.title("inspection") == "Огляд мішка"


def test_a_whole_class_chooses_at_once(store_url, clock):
    """Twenty students click in the same instant, each with a page (a store) of its own; every student
    also clicks twice at once: one choice each is stored, the other refused as already made."""
    teacher_store = Store(store_url, clock=clock)
    room = Classroom(teacher_store).create_room("inspection", seed=3)
    stores = [Store(store_url, clock=clock) for _ in range(20)]
    seats = [Classroom(s).join(room.code, f"S{i}") for i, s in enumerate(stores)]
    room.start_round()
    views = [s.view() for s in seats]
    start = threading.Barrier(40)

    def click(k: int) -> str:
        seat, v = seats[k % 20], views[k % 20]
        start.wait()
        try:
            seat.choose({"bag": "smuggling"} if v.role == "merchant" else {"action": "inspect"})
            return "stored"
        except ClassroomError as e:
            return e.reason

    with ThreadPoolExecutor(40) as pool:
        outcomes = list(pool.map(click, range(40)))
    assert outcomes.count("stored") == 20 and outcomes.count("chosen") == 20
    d = room.dashboard()
    assert d.chosen == 20 and d.rounds[0].resolved == 10
    assert all(s.view().status == "done" for s in seats)
    for s in [teacher_store, *stores]:
        s.close()


def test_everything_closed_mid_round_and_reopened(store_url, clock):
    """The server stops mid-round (every connection closed) and starts again: the room, its round and
    the choices made are there; the teacher takes the room back with the key, students their seats."""
    store = Store(store_url, clock=clock)
    room = Classroom(store).create_room("inspection", seed=4)
    seats = _join(Classroom(store), room, ["Anna", "Bob", "Cleo", "Dan"])
    room.start_round()
    chooser = next(n for n, s in seats.items() if s.view().role == "merchant")
    seats[chooser].choose({"bag": "honest"})
    code, key = room.code, room.key
    store.close()
    clock.advance(30)  # the pages were gone a while
    again = Store(store_url, clock=clock)
    classroom = Classroom(again)
    room = classroom.teacher(code, key)
    d = room.dashboard()
    assert d.round == 1 and d.round_open and d.chosen == 1
    assert {s.nickname for s in d.seats if s.chosen} == {chooser}
    back = classroom.join(code, chooser, seats[chooser].seat_key)
    assert back.member_id == seats[chooser].member_id and back.view().choice == {"bag": "honest"}
    room.end_round()
    assert len(list(csv.DictReader(io.StringIO(room.csv())))) == 4
    again.close()


def _coach_seats(room) -> set[str]:
    return {s.nickname for s in room.dashboard().seats if s.coach}


def _watched(clock, seconds: float, room) -> None:
    """Time passes while the teacher's page polls the room, as it does every half second."""
    for _step in range(int(seconds // 5)):
        clock.advance(5)
        room.dashboard()
    clock.advance(seconds % 5)


def test_downtime_is_not_absence(store_url, clock):
    """The server is down for ten minutes mid-round (every page gone with it).  The teacher's first
    look afterwards gives no seat to the coach: each seat gets the whole bot timeout afresh, counted
    from when pages came back; then a seat still silent is the coach's, a seat that came back is not."""
    store = Store(store_url, clock=clock)
    room = Classroom(store).create_room("inspection", bot_timeout=30, seed=4)
    seats = _join(Classroom(store), room, ["Anna", "Bob", "Cleo", "Dan"])
    room.start_round()
    room.dashboard()
    code, key = room.code, room.key
    store.close()
    clock.advance(600)  # the server is down: nobody polls the room
    again = Store(store_url, clock=clock)
    classroom = Classroom(again)
    room = classroom.teacher(code, key)
    assert _coach_seats(room) == set() and room.dashboard().chosen == 0  # the teacher's first look
    _watched(clock, 25, room)
    back = {n: classroom.join(code, n, seats[n].seat_key) for n in ("Anna", "Bob")}  # two reload within the timeout
    assert all(s.view().status == "choose" for s in back.values())
    assert _coach_seats(room) == set()
    _watched(clock, 10, room)  # 35 s since the pages came back: Cleo and Dan are absent now
    assert _coach_seats(room) == {"Cleo", "Dan"}
    assert {s.nickname for s in room.dashboard().seats if s.chosen} == {"Cleo", "Dan"}
    assert seats["Anna"].member_id == back["Anna"].member_id
    again.close()


def test_two_servers_agree_when_the_room_resumed(store_url, clock):
    """Two servers share the store: after a gap in which nobody polled the room, the first poll,
    on either server, fixes when the room resumed, and a poll on the other server counts from it."""
    a, b = Store(store_url, clock=clock), Store(store_url, clock=clock)
    room_a = Classroom(a).create_room("inspection", bot_timeout=30)
    seats = _join(Classroom(a), room_a, ["Anna", "Bob"])
    room_a.start_round()
    clock.advance(UNWATCHED + 100)  # every page gone (both servers restarted, or the database was down)
    room_b = Classroom(b).teacher(room_a.code, room_a.key)
    assert _coach_seats(room_b) == set()  # the first look, on server B, resumes the room
    resumed = b.room(room_a.room_id).resumed
    assert resumed == clock() and a.room(room_a.room_id).resumed == resumed
    clock.advance(20)
    assert seats["Anna"].view().status == "choose"  # Anna's page polls on server A: no gap, no new resume
    assert a.room(room_a.room_id).resumed == resumed
    clock.advance(15)  # Bob silent 35 s since the resume: server A's poll lets the coach play his seat
    seats["Anna"].view()
    assert _coach_seats(room_a) == {"Bob"}
    a.close(), b.close()


def _version_2(url: str) -> None:
    """A store as the version-2 tutor left it: every table, rooms without ``watched``/``resumed``,
    members without ``seat_key_hash``."""
    md = MetaData()
    for t in store_schema.metadata.sorted_tables:
        cols = [c._copy() for c in t.columns if c.name not in ("watched", "resumed", "seat_key_hash")]
        uniques = [UniqueConstraint(*c.columns.keys()) for c in t.constraints if isinstance(c, UniqueConstraint)]
        Table(t.name, md, *cols, *uniques)
    engine = create_engine(url)
    with engine.begin() as conn:
        md.create_all(conn)
        conn.execute(store_schema.schema_version.insert().values(version=2))
    engine.dispose()


def test_a_version_2_store_is_upgraded_and_its_open_round_resumes(store_url, clock):
    _version_2(store_url)
    assert "watched" not in {c["name"] for c in inspect(create_engine(store_url)).get_columns("rooms")}
    assert "seat_key_hash" not in {c["name"] for c in inspect(create_engine(store_url)).get_columns("members")}
    old = Store(store_url, clock=clock)
    assert old.version() == store_schema.SCHEMA_VERSION == 4
    assert "seat_key_hash" in {c["name"] for c in inspect(old.engine).get_columns("members")}
    assert old.room(old.create_room("X", "h", "inspection", {}, {}, 1).id).version == 0  # version 4's column
    room = Classroom(old).create_room("inspection", bot_timeout=30)
    _join(Classroom(old), room, ["Anna", "Bob"])
    room.start_round()
    old.close()
    clock.advance(3600)  # upgraded and restarted an hour later
    again = Store(store_url, clock=clock)
    assert again.version() == 4 and Store(store_url, clock=clock).version() == 4  # opening again: no change
    room = Classroom(again).teacher(room.code, room.key)
    assert _coach_seats(room) == set()
    _watched(clock, 31, room)
    assert _coach_seats(room) == {"Anna", "Bob"}
    again.close()
