"""A play-together table on the class store, on SQLite and on a real PostgreSQL: seats, whole games
through ``play`` and ``tick``, refusals, stale and simultaneous moves, timeouts, bots handed over and
back, a restart, the replay, the migration from schema 1, and what each seat may see."""

from __future__ import annotations

import random
import threading

import pytest
from sqlalchemy import create_engine, insert, inspect

from sheriff import actions as A
from sheriff import events as E
from sheriff.classroom import store_schema
from sheriff.classroom.store import DAY, SCHEMA_VERSION, Store
from sheriff.classroom.table import TableError, Tables, TableSnapshot
from sheriff.classroom.table_game import clear_cache
from sheriff.engine import Game
from sheriff.narration import PUBLIC, narrate
from sheriff.saved_game import load_game
from tests.pg import FakeClock

pytestmark = pytest.mark.usefixtures("fresh_table_cache")


@pytest.fixture
def tables(store_url):
    t = Tables(Store(store_url))
    yield t
    t.store.close()


def _table(tables: Tables, edition="2E", players=4, bots=(3,), names=("Ann", "Bob", "Cy"), seed=5, **kw):
    host = tables.create(edition=edition, players=players, bots=list(bots), seed=seed, host_name=names[0], **kw)
    seats = {host.seat.seat: host.seat}
    for name in names[1:]:
        s = tables.join(host.code, name)
        seats[s.seat] = s
    return host, seats


def _play_out(tables, host, seats, rng, choose=None, on_step=None, max_moves=3000) -> TableSnapshot:
    """Humans pick from their legal moves (``choose`` first, else at random), bots move through tick."""
    for _ in range(max_moves):
        tables.tick(host.code)
        snap = host.snapshot()
        if snap.over:
            return snap
        seat = seats[snap.to_act]
        mine = seat.snapshot()
        if on_step:
            on_step(mine)
        action = (choose and choose(mine)) or rng.choice(mine.legal)
        seat.play(action, seq=mine.seq)
    raise AssertionError("the game did not end")


# -- seats ----------------------------------------------------------------------------------
def test_create_join_rejoin_start(store_url):
    clock = FakeClock()
    tables = Tables(Store(store_url, clock=clock))
    host = tables.create(edition="2E", players=4, bots=[3], seed=1, host_name="Ann")
    assert host.seat.seat == 0 and len(host.code) == 6 and host.key
    bob = tables.join(host.code, "Bob")
    assert bob.seat_key and bob.seat_key != host.seat.seat_key
    clock.advance(16)  # Bob's page went 16 s ago
    again = tables.join(host.code.lower(), "  BOB ", bob.seat_key.lower().replace("-", " "))  # typed differently
    assert bob.seat == again.seat == 1
    snap = host.snapshot()
    assert not snap.started and snap.names == ("Ann", "Bob", "", "Will Scarlet") and snap.bots == (0, 0, 0, 1)
    assert snap.game is None and snap.legal == () and snap.seq == 0
    back = tables.host(host.code, host.key)
    assert back.seat is None  # the host key gives the controls, never a seat's cards
    back = tables.host(host.code, host.key, host.seat.seat_key)
    assert back.seat.seat == 0 and back.seat.name == "Ann"
    with pytest.raises(TableError) as e:
        tables.host(host.code, "wrong")
    assert e.value.reason == "key"
    with pytest.raises(TableError) as e:
        bob.play(A.ChooseStart(1, 1), seq=0)
    assert e.value.reason == "not_started"
    host.start()
    snap = bob.snapshot()
    assert snap.started and snap.names == ("Ann", "Bob", "Little John", "Will Scarlet")
    assert snap.bots == (False, False, True, True)  # the seat nobody took went to the coach
    assert snap.view.seat == 1 and snap.game.names == list(snap.names)
    with pytest.raises(TableError) as e:
        tables.join(host.code, "Dan")
    assert e.value.reason == "started"
    clock.advance(16)
    assert tables.join(host.code, "bob", bob.seat_key).seat == 1  # a player comes back after the start
    with pytest.raises(TableError) as e:
        host.start()
    assert e.value.reason == "started"


def test_full_table_bad_settings_bad_codes(tables):
    host = tables.create(players=3, bots=[2], host_name="Ann")
    tables.join(host.code, "Bob")
    with pytest.raises(TableError) as e:
        tables.join(host.code, "Cy")
    assert e.value.reason == "full"
    for kw in (
        {"players": 7},
        {"players": 6, "edition": "1E"},
        {"variants": {"black_market": True}, "edition": "1E"},
        {"variants": {"no_such_rule": True}},
        {"bots": [4]},
        {"time_limit": 1},
        {"time_limit": "soon"},
        {"players": 3, "bots": [0, 1, 2], "host_name": "Ann"},
    ):
        with pytest.raises(TableError) as e:
            tables.create(**kw)
        assert e.value.reason == "params" and str(e.value), kw
    with pytest.raises(TableError) as e:
        tables.create(players=6, edition="1E")
    assert "Deputies" in str(e.value)  # the engine's own sentence, not a validation dump
    with pytest.raises(TableError) as e:
        tables.join("ZZZZZZ", "Bob")
    assert e.value.reason == "code"
    with pytest.raises(TableError) as e:
        tables.join(host.code, "x")
    assert e.value.reason == "nickname"
    host.close()
    with pytest.raises(TableError) as e:
        tables.join(host.code, "Bob")
    assert e.value.reason == "closed"


def test_a_class_room_is_no_table_and_a_table_no_class_room(tables):
    from sheriff.classroom import Classroom, ClassroomError

    room = Classroom(tables.store).create_room("inspection")
    with pytest.raises(TableError):
        tables.join(room.code, "Bob")
    host = tables.create(players=3)
    with pytest.raises(ClassroomError):
        Classroom(tables.store).join(host.code, "Bob")


def test_tables_expire_after_a_day(store_url):
    clock = FakeClock()
    tables = Tables(Store(store_url, clock=clock))
    host = tables.create(players=3, host_name="Ann")
    clock.advance(DAY + 1)
    with pytest.raises(TableError) as e:
        tables.join(host.code, "Bob")
    assert e.value.reason == "code"
    tables.create(players=3)  # creating a table sweeps the old ones away
    assert tables.store.room_by_code(host.code) is None
    tables.store.close()


# -- whole games ----------------------------------------------------------------------------
# A whole game on PostgreSQL takes 2.5 s (round trips at every move): slow, which the full run keeps; the
# fast loop plays both on SQLite and has PostgreSQL's single moves, races, offers and restart.
@pytest.mark.parametrize("store_url", ["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)], indirect=True)
@pytest.mark.parametrize(
    "edition,players,bots,names", [("2E", 4, (3,), ("Ann", "Bob", "Cy")), ("1E", 3, (2,), ("Ann", "Bob"))]
)
def test_a_whole_game_to_the_final_score_its_replay_and_its_spectator(tables, edition, players, bots, names):
    host, seats = _table(tables, edition, players, bots, names, seed=11)
    with pytest.raises(TableError):
        tables.replay_text(host.code)
    host.start()
    with pytest.raises(TableError) as e:
        tables.replay_text(host.code)
    assert e.value.reason == "not_over"
    final = _play_out(tables, host, seats, random.Random(3))
    assert final.over and final.to_act is None and final.game.scores is not None
    assert final.seq == len(final.game.history) == tables.store.table_move_count(host.room_id)
    bot_seat = bots[0]
    assert {by for seat, by in final.events_by if seat == bot_seat} == {"bot"}
    assert {by for seat, by in final.events_by if seat != bot_seat} == {"human"}
    totals = [s.total for s in final.game.scores]
    assert any(str(t) in final.story[-1] for t in totals)  # the story ends with the final scores
    # the replay file opens with the save format's loader and gives the same scores
    game = load_game(tables.replay_text(host.code))
    assert game.is_over() and game.names == list(final.names)
    assert [s.total for s in game.scores] == totals
    # the spectator: no view, no moves, the public narrator's story
    spec = tables.spectate(host.code).snapshot()
    assert spec.seat is None and spec.view is None and spec.legal == ()
    assert spec.story == tuple(_stories(game)[PUBLIC]) == final.story
    # the same game again, from nothing but the store
    clear_cache()
    assert [s.total for s in seats[0].snapshot().game.scores] == totals


def test_a_human_offer_and_a_human_accept(tables):
    host, seats = _table(tables, bots=(3,), seed=4)
    host.start()
    done = {}

    def choose(snap):  # the Sheriff threatens, the merchant offers a bribe, the Sheriff accepts it
        offers = [a for a in snap.legal if isinstance(a, A.Offer) and a.player == a.merchant and a.bribe.gold]
        if offers and "offer" not in done and 3 not in snap.view.officials:  # a person is the Sheriff
            done["offer"] = (snap.seat, snap.seq)
            return offers[0]
        threats = [a for a in snap.legal if isinstance(a, A.Threaten) and a.merchant != 3]
        if threats and "offer" not in done:  # a person as Sheriff opens the talk with a person
            return threats[0]
        accepts = [a for a in snap.legal if isinstance(a, A.Accept)]
        if accepts and "offer" in done and "accept" not in done:
            done["accept"] = (snap.seat, snap.seq)
            return accepts[0]
        return next((a for a in snap.legal if not isinstance(a, (A.Offer, A.Threaten))), None)

    _play_out(tables, host, seats, random.Random(1), choose=choose)
    (merchant, k), (sheriff, j) = done["offer"], done["accept"]
    assert merchant != sheriff and j == k + 1  # the Sheriff answered the offer at once, from another page
    final = seats[0].snapshot()
    assert final.events_by[k] == (merchant, "human") and final.events_by[j] == (sheriff, "human")
    assert final.game.history[j] == A.Accept(sheriff, merchant)
    assert "Deal!" in final.story[j]


# -- refusals and races ---------------------------------------------------------------------
def test_refusals_leave_the_store_unchanged(tables):
    host, seats = _table(tables, seed=6)
    host.start()
    snap = host.snapshot()
    me = seats[snap.to_act]
    other = seats[(snap.to_act + 1) % 3]
    room = me.room_id
    with pytest.raises(TableError) as e:  # a move the rules refuse: the engine's reason
        me.play(A.ChooseStart(me.seat, me.seat), seq=snap.seq)
    assert e.value.reason == "illegal" and e.value.illegal.rule_id and str(e.value) == e.value.illegal.reason
    with pytest.raises(TableError) as e:
        other.play(other.snapshot().legal[0] if other.snapshot().legal else A.ChooseStart(other.seat, 1), seq=0)
    assert e.value.reason in ("not_your_turn", "move")
    with pytest.raises(TableError) as e:
        other.play(A.ChooseStart(me.seat, 1), seq=0)  # a move for someone else's seat
    assert e.value.reason == "move"
    with pytest.raises(TableError) as e:
        me.play(me.snapshot().legal[0], seq=5)
    assert e.value.reason == "stale"
    assert tables.store.table_move_count(room) == 0 and me.snapshot().seq == 0
    me.play(me.snapshot().legal[0], seq=0)
    assert tables.store.table_move_count(room) == 1


def test_a_stale_seq_is_refused_with_who_moved(tables):
    host, seats = _table(tables, seed=6)
    host.start()
    first = host.snapshot()
    who = seats[first.to_act]
    who.play(who.snapshot().legal[0], seq=0)
    with pytest.raises(TableError) as e:
        who.play(who.snapshot().legal[0] if who.snapshot().legal else A.ChooseStart(who.seat, 1), seq=0)
    assert e.value.reason == "stale" and f"{who.name} has already moved" in str(e.value)
    assert tables.store.table_move_count(who.room_id) == 1


def test_two_pages_storing_the_same_move_at_once_store_one(store_url):
    clock = FakeClock()
    a, b = Tables(Store(store_url, clock=clock)), Tables(Store(store_url, clock=clock))
    host, seats = _table(a, seed=9)
    host.start()
    snap = host.snapshot()
    seat = snap.to_act
    clock.advance(16)  # the seat's first page is gone; two new pages take it up at once
    key = seats[seat].seat_key
    mine = [a.join(host.code, seats[seat].name, key), b.join(host.code, seats[seat].name, key)]
    move = mine[0].snapshot().legal[0]
    barrier = threading.Barrier(2)
    outcome: list = []

    def go(s):
        barrier.wait()
        try:
            s.play(move, seq=0)
            outcome.append("stored")
        except TableError as e:
            outcome.append(e.reason)

    threads = [threading.Thread(target=go, args=(s,)) for s in mine]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcome) == ["stale", "stored"]
    assert a.store.table_move_count(host.seat.room_id) == 1
    assert mine[0].snapshot().seq == mine[1].snapshot().seq == 1
    a.store.close(), b.store.close()


def test_two_pages_ticking_at_once_store_each_bot_move_once(store_url):
    a, b = Tables(Store(store_url)), Tables(Store(store_url))
    host = a.create(players=3, bots=[0, 1, 2], seed=3)  # the coach plays every seat: a whole game in ticks
    host.start()
    threads = [threading.Thread(target=t.tick, args=(host.code,)) for t in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    snap = host.snapshot()
    assert snap.over and snap.seq == a.store.table_move_count(host.room_id) == len(snap.game.history)
    assert [m.seq for m in a.store.table_moves(host.room_id)] == list(range(snap.seq))
    a.store.close(), b.store.close()


# -- the coach: time limits, seats handed over ------------------------------------------------
def test_a_seat_whose_time_ran_out_is_played_once_by_the_coach(store_url):
    clock = FakeClock()
    tables = Tables(Store(store_url, clock=clock))
    host, seats = _table(tables, seed=6, time_limit=30)
    host.start()
    snap = host.snapshot()
    assert snap.deadline == clock.now + 30
    clock.advance(29)
    assert not tables.tick(host.code) and host.snapshot().seq == 0
    clock.advance(2)
    assert tables.tick(host.code)
    after = host.snapshot()
    assert after.seq >= 1 and after.events_by[0] == (snap.to_act, "timeout")
    assert after.bots[snap.to_act] is False  # the seat stays the person's
    name = snap.names[snap.to_act]
    assert f"Time ran out for {name}" in after.story[0]
    assert all(by != "timeout" for _, by in after.events_by[1:])  # the next person's clock starts now
    assert after.deadline is None or after.deadline == clock.now + 30
    tables.store.close()


def test_the_host_hands_a_seat_to_the_coach_and_the_player_takes_it_back(tables):
    host, seats = _table(tables, seed=6)
    host.start()
    first = host.snapshot().to_act
    host.set_bot(first, True)
    assert host.snapshot().bots[first]
    assert tables.tick(host.code)
    snap = host.snapshot()
    assert snap.events_by[0] == (first, "bot")
    with pytest.raises(TableError) as e:  # the name alone does not take a handed-over seat
        tables.join(host.code, seats[first].name)
    assert e.value.reason == "taken" and host.snapshot().bots[first]
    back = tables.join(host.code, seats[first].name, seats[first].seat_key)
    assert back.seat == first and not host.snapshot().bots[first]
    host.set_bot(1, True)
    host.set_bot(1, False)
    assert not host.snapshot().bots[1]
    with pytest.raises(TableError):
        host.set_bot(3, False)  # a bot from the start: nobody to give it back to
    with pytest.raises(TableError):
        host.set_bot(9, True)
    tables.store.close()


def test_a_seat_is_its_owners_the_name_alone_never_takes_it(store_url):
    """Typing the name of someone at the table never takes their seat: not while their page plays,
    not after 16 s or an hour of quiet, not after the host handed the seat to the coach.  Their
    rejoin code gives it back, after a minute or after a day; a wrong one is refused, and guessing
    is slowed down."""
    clock = FakeClock()
    tables = Tables(Store(store_url, clock=clock))
    host = tables.create(edition="2E", players=3, seed=1, host_name="Ann")
    bob = tables.join(host.code, "Bob")
    host.start()
    for quiet in (5, 16, 3600):
        clock.advance(quiet)
        with pytest.raises(TableError) as e:
            tables.join(host.code, "bob")
        assert e.value.reason == "taken" and "“Bob”" in str(e.value) and "rejoin code" in str(e.value)
    with pytest.raises(TableError) as e:
        tables.join(host.code, "Bob", "AAAA-AAAA")
    assert e.value.reason == "seat_key"
    clock.advance(60)
    back = tables.join(host.code, "BOB", bob.seat_key)
    assert back.seat == bob.seat and back.snapshot().view is not None and back.seat_key == bob.seat_key
    host.set_bot(bob.seat, True)  # the host hands the seat to the coach
    clock.advance(1)
    with pytest.raises(TableError) as e:
        tables.join(host.code, "Bob")
    assert e.value.reason == "taken" and host.snapshot().bots[bob.seat]
    clock.advance(22 * 3600)  # the next day (a table lives a day), on another device
    assert tables.join(host.code, "Bob", bob.seat_key).seat == bob.seat
    assert not host.snapshot().bots[bob.seat]
    tables.store.close()


def test_wrong_keys_are_slowed_down(tables):
    from sheriff.classroom.names import THROTTLE

    host = tables.create(edition="2E", players=3, seed=1, host_name="Ann")
    tables.join(host.code, "Bob")
    try:
        for _ in range(THROTTLE.limit):
            with pytest.raises(TableError) as e:
                tables.join(host.code, "Bob", "ZZZZ-ZZZZ")
            assert e.value.reason == "seat_key"
        with pytest.raises(TableError) as e:  # even the right code waits now
            tables.join(host.code, "Bob", "ZZZZ-ZZZ2")
        assert e.value.reason == "throttled" and "seconds" in str(e.value)
        for _ in range(THROTTLE.limit):
            with pytest.raises(TableError):
                tables.host(host.code, "not the key")
        with pytest.raises(TableError) as e:
            tables.host(host.code, host.key)
        assert e.value.reason == "throttled"
    finally:
        THROTTLE._wrong.clear()


# -- restart, spectator, migration ------------------------------------------------------------
def test_a_restart_loses_nothing(store_url):
    clock = FakeClock()
    tables = Tables(Store(store_url, clock=clock))
    host, seats = _table(tables, seed=7)
    host.start()
    rng = random.Random(2)
    for _ in range(40):
        tables.tick(host.code)
        snap = host.snapshot()
        s = seats[snap.to_act].snapshot()
        seats[snap.to_act].play(rng.choice(s.legal), seq=s.seq)
    before = {p: seats[p].snapshot() for p in seats}
    tables.store.close()
    clear_cache()  # a new server process: nothing in memory
    clock.advance(20)  # the pages come back once the server is up again
    again = Tables(Store(store_url, clock=clock))
    for p, old in before.items():
        new = again.join(host.code, old.names[p], seats[p].seat_key).snapshot()
        assert (new.seq, new.story, new.events_by, new.to_act) == (old.seq, old.story, old.events_by, old.to_act)
        assert new.game.state.fingerprint() == old.game.state.fingerprint()
    assert again.host(host.code, host.key, seats[0].seat_key).seat.seat == 0
    again.store.close()


def test_a_version_1_database_is_migrated(store_url):
    engine = create_engine(store_url)
    v1 = [t for t in store_schema.metadata.sorted_tables if not t.name.startswith("table_")]
    with engine.begin() as conn:  # what the version-1 tutor left: its tables, a class room, a student
        store_schema.metadata.create_all(conn, tables=v1)
        conn.execute(insert(store_schema.schema_version).values(version=1))
        room = dict(code="ABC234", key_hash="h", game="inspection", params='{"fine":1}', settings="{}")
        rid = conn.execute(
            insert(store_schema.rooms).values(state="open", seed=7, created=0, expires=9e9, **room)
        ).inserted_primary_key[0]
        conn.execute(
            insert(store_schema.members).values(
                room_id=rid, nickname="Anna", nick_key="anna", role="student", is_bot=False, joined=0, last_seen=0
            )
        )
    assert "table_moves" not in inspect(engine).get_table_names()
    engine.dispose()
    store = Store(store_url)
    assert store.version() == SCHEMA_VERSION
    assert store.room_by_code("ABC234").params == {"fine": 1} and store.members(rid)[0].nickname == "Anna"
    assert {"table_seats", "table_moves"} <= set(inspect(store.engine).get_table_names())
    assert Store(store_url).version() == SCHEMA_VERSION  # opening it again changes nothing
    tables = Tables(store)
    host, seats = _table(tables, seed=1)
    host.start()
    assert host.snapshot().started
    store.close()


# -- what a seat may see ----------------------------------------------------------------------
def _stories(game: Game) -> dict[int, list[str]]:
    """Every seat's story and the public one, told afresh from a finished game's moves."""
    g = Game(game.rules, game.names, game.seed)
    out: dict[int, list[str]] = {eyes: [] for eyes in (PUBLIC, *range(game.rules.players))}
    for action in game.history:
        before = g.state.copy()
        events = g.push(action)
        for eyes in out:
            out[eyes].append(" ".join(narrate(action, events, before, g.state, seat=eyes) or [action.text(g.names)]))
    return out


def _private_to(action, events) -> set[int]:
    """The seats a move tells something only they may know: the mover, who drew, whose bag passed."""
    seats = {action.player}
    for ev in events:
        if isinstance(ev, (E.Drew, E.Loaded)):
            seats.add(ev.player)
        if isinstance(ev, E.Passed):
            seats.add(ev.merchant)
    return seats


@pytest.mark.slow  # a whole game or a database outage: the full run has it, the fast loop not
def test_no_seat_sees_another_seats_hidden_cards(tmp_path):
    # What a seat is told depends on the game, not on the database: SQLite only (PostgreSQL is slower).
    tables = Tables(Store(f"sqlite:///{tmp_path / 'leak.sqlite'}"))
    host, seats = _table(tables, seed=13)
    host.start()
    shared: list[tuple] = []

    def on_step(snap):
        # Per seat, only the view, the legal moves and the story differ; the rest is the same for all.
        others = [seats[p].snapshot() for p in seats] + [tables.spectate(host.code).snapshot()]
        common = {(s.seq, s.names, s.bots, s.to_act, s.deadline, s.events_by, s.over) for s in others}
        assert len(common) == 1
        for s in others:
            if s.seat is not None:
                assert s.view.seat == s.seat and type(s.view).__name__ == "SeatView"
                assert all(a.player == s.seat for a in s.legal)
                assert s.legal == () or s.to_act == s.seat
        shared.append(common.pop())

    _play_out(tables, host, seats, random.Random(4), on_step=on_step)
    game = load_game(tables.replay_text(host.code))
    told = {p: seats[p].snapshot().story for p in seats}
    fresh = _stories(game)
    g = Game(game.rules, game.names, game.seed)
    for i, action in enumerate(game.history):
        before = g.state.copy()
        events = g.push(action)
        private = _private_to(action, events)
        for p, story in told.items():
            assert story[i] == fresh[p][i]  # the seat's narrator, as the play page tells it
            if p != action.player:  # told from the events as this seat may see them: the same line
                seen = [ev.seen_by(p) for ev in events]
                assert story[i] == " ".join(narrate(action, seen, before, g.state, seat=p) or [action.text(g.names)])
            if p not in private:
                assert story[i] == fresh[PUBLIC][i], (i, p, story[i])  # nothing of another seat's secrets
    assert len(shared) > 100


def test_pages_in_two_languages_at_one_table(tables):
    from sheriff.i18n import language

    host, seats = _table(tables, seed=3, time_limit=None)
    host.start()
    for _ in range(6):
        tables.tick(host.code)
        snap = host.snapshot()
        s = seats[snap.to_act].snapshot()
        seats[snap.to_act].play(s.legal[0], seq=s.seq)
    english = seats[1].snapshot().story
    with language("uk"):
        ukrainian = seats[1].snapshot().story
        assert seats[1].snapshot().names == ("Ann", "Bob", "Cy", "Червоний Валет")
        # the coach's seat is named in Ukrainian in the game itself too: panels, story, the replay
        assert seats[1].snapshot().game.names == ["Ann", "Bob", "Cy", "Червоний Валет"]
        assert "Will Scarlet" not in " ".join(ukrainian) and "Червоний Валет" in " ".join(ukrainian)
        with pytest.raises(TableError) as e:
            tables.join(host.code, "Dan")
        assert "Гра почалася" in str(e.value)
    assert len(english) == len(ukrainian) and english != ukrainian
    assert seats[1].snapshot().story == english  # each language keeps its own story
    assert seats[1].snapshot().game.names[3] == "Will Scarlet"


def test_six_players_with_deputies_and_the_black_market(tmp_path):
    tables = Tables(Store(f"sqlite:///{tmp_path / 'six.sqlite'}"))  # the engine and the coach: one database is enough
    host = tables.create(players=6, bots=[2, 3, 4, 5], seed=21, host_name="Ann", variants={"black_market": True})
    seats = {0: host.seat, 1: tables.join(host.code, "Bob")}
    host.start()
    final = _play_out(tables, host, seats, random.Random(2))
    assert final.over and final.game.rules.deputies and len(final.game.scores) == 6
    assert {by for seat, by in final.events_by if seat < 2} == {"human"}


def test_people_joining_at_once_get_one_seat_each(store_url):
    pages = [Tables(Store(store_url)) for _ in range(5)]
    host = pages[0].create(players=4, seed=1)  # the host watches: four free seats
    names = ["Bob", "bob", "Cy", "Dee", "BOB"]
    barrier = threading.Barrier(len(names))
    got: dict[str, int] = {}

    refused: dict[str, str] = {}

    def go(tables, name):
        barrier.wait()
        try:
            got[name] = tables.join(host.code, name).seat
        except TableError as e:
            refused[name] = e.reason

    threads = [threading.Thread(target=go, args=pair) for pair in zip(pages, names)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    # one name, one page: one of the three Bobs sits, the others are told the name is in use
    bobs = [n for n in ("Bob", "bob", "BOB") if n in got]
    assert len(bobs) == 1 and refused == {n: "taken" for n in ("Bob", "bob", "BOB") if n not in got}
    assert len({got[bobs[0]], got["Cy"], got["Dee"]}) == 3
    seated = [row.member_id for row in pages[0].store.table_seats(host.room_id) if row.member_id is not None]
    assert len(seated) == len(set(seated)) == 3
    for t in pages:
        t.store.close()
