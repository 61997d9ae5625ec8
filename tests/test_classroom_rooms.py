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

from sheriff.cards import GOODS, good_id
from sheriff.classroom import Classroom, ClassroomError, Store, games
from sheriff.i18n import language
from sheriff.theory import inspection_game as ig
from tests.pg import FakeClock


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def classroom(store_url, clock):
    store = Store(store_url, clock=clock)
    yield Classroom(store)
    store.close()


def _refused(reason: str, call, *args, **kwargs):
    with pytest.raises(ClassroomError) as e:
        call(*args, **kwargs)
    assert e.value.reason == reason, str(e.value)
    assert str(e.value)  # a sentence for the page
    return str(e.value)


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


def test_parameters_change_between_rounds_only_and_move_the_prediction(classroom):
    room = classroom.create_room("inspection")
    _join(classroom, room, ["Anna", "Bob"])
    room.start_round()
    _refused("round", room.set_params, fine=2)
    room.end_round()  # the coach makes the two missing choices
    assert room.dashboard().rounds[0].choices == 2
    _refused("params", room.set_params, fine=0)
    _refused("params", room.set_params, smuggled="apples")  # an honest "smuggling" bag
    params = room.set_params(fine=2)
    assert params["fine"] == 2
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
    room.start_round()
    _play_inspection(seats, {"Anna": "honest", "Bob": "honest"}, {"Anna": "pass", "Bob": "pass"})
    v = seats["Anna"].view()
    assert not v.revealed and v.class_rounds is None and v.prediction is None
    room.reveal()
    v = seats["Anna"].view()
    assert v.revealed and v.prediction.inspect == Fraction(1, 4)
    assert v.class_rounds[0].smuggle_share == 0 and v.class_rounds[0].inspect_share == 0


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
    room = classroom.create_room()
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
        assert games.title("inspection") == "Гра в огляд"


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
