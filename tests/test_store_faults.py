"""The class store failing under the pages: each fault is said on the page in words, the control
works again once the fault is repaired, nothing a page reported as saved is lost, and the server's
log has the cause.  Faults: SQLite locked by another program, a read-only database, a newer schema,
a wrong address, PostgreSQL stopped mid-class, the SQLite file deleted or replaced under a running
server; and a fresh PostgreSQL store opened by eight processes at once.

Read-only: the tests run as root, whom ``chmod`` does not stop, and a read-only mount needs
privileges a test does not have.  So the page's store gets ``PRAGMA query_only`` on each of its
connections: SQLite then refuses every write with the error a read-only file or mount gives
(SQLITE_READONLY, "attempt to write a readonly database")."""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import sqlite3
import subprocess
import sys
import time

import pytest
from sqlalchemy import create_engine, event, select, text, update

from sheriff import i18n, serving
from sheriff.classroom import Classroom, store_schema
from sheriff.classroom import store as store_module
from sheriff.classroom.errors import StoreUnavailable
from sheriff.classroom.store import ENV, SCHEMA_VERSION, Store
from sheriff.classroom.store_faults import Faults, classify, doing
from sheriff.classroom.store_schema import schema_version
from sheriff.classroom.table import Tables
from sheriff.classroom.table_game import clear_cache
from sheriff.widgets.classroom.student import ClassStudent
from sheriff.widgets.classroom.table_page import TablePage
from sheriff.widgets.classroom.teacher import ClassTeacher
from sheriff.widgets.lesson import plain
from tests import pg
from tests.test_class_pages import press
from tests.test_table_page import _press_coach

BUSY = "The class database is busy: another program is holding it."
READ_ONLY = "The class database cannot save anything: its disk is read-only or full."
UNREACHABLE = "The class database cannot be reached right now."
NEWER = "This class database was made by a newer version of the tutor."
MOVED = "The class database's file was deleted or replaced while the server was running."


def at_table(words: str) -> str:
    """The same failure as a table's page says it (a table has no class)."""
    for cls, table in (
        ("The server's class database", "The server's database"),
        ("This class database", "The table's database"),
        ("The class database's file", "The table's database file"),
        ("The class database", "The table's database"),
    ):
        words = words.replace(cls, table)
    return words


NOT_SAVED = "Your choice was not saved."
NOT_UPDATED = "This page could not be updated."


@pytest.fixture(autouse=True)
def short_wait(monkeypatch):
    monkeypatch.setattr(store_module, "WAIT_SECONDS", 1)  # a locked file: the page answers after 1 s, not 5


def logged(caplog, text: str) -> bool:
    return any(r.name == "sheriff.classroom" and text in r.getMessage() for r in caplog.records)


def a_class(classroom: Classroom, names=("Anna", "Bohdan")):
    """A room with a round open and a student page per name, each showing its choice."""
    room = classroom.create_room("inspection", seed=1)
    pages = []
    for name in names:
        page = ClassStudent(classroom, binder=False)
        page.code.value, page.nickname.value = room.code, name
        page.join.click()
        assert page.seat is not None, page.join_msg.value
        pages.append(page)
    room.start_round()
    for page in pages:
        page.refresh()
        assert page.view.status == "choose"
    return room, pages


def choose(page: ClassStudent) -> None:
    press(page.choice, "sn-honest" if page.view.role == "merchant" else "sn-pass")


def chosen(store: Store, room, number: int = 1) -> set[int]:
    return {c.member for c in store.choices(room.room_id, number)}


def pragma_on_connect(store: Store) -> list[str]:
    """Statements run on each new connection of ``store`` (append one, then ``engine.dispose()``)."""
    sql: list[str] = []

    @event.listens_for(store.engine, "connect")
    def _run(dbapi_conn, _record):
        for s in sql:
            dbapi_conn.execute(s)

    return sql


@contextlib.contextmanager
def raw(url: str):
    """A transaction on the database without opening it as a store (which checks the schema)."""
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            yield conn
    finally:
        engine.dispose()


def changes(widget) -> list:
    seen: list = []
    widget.observe(seen.append, names="value")
    return seen


LOCKER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.readline()
db.execute("COMMIT")
"""


@pytest.mark.slow  # a whole game or a database outage: the full run has it, the fast loop not
def test_sqlite_locked_by_another_program(tmp_path, caplog):
    url = f"sqlite:///{tmp_path / 'class.sqlite'}"
    classroom = Classroom(Store(url))
    room, (anna, bob) = a_class(classroom)
    choose(anna)
    locker = subprocess.Popen(
        [sys.executable, "-c", LOCKER, str(tmp_path / "class.sqlite")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert locker.stdout.readline().strip() == "locked"
        started = time.monotonic()
        choose(bob)
        assert time.monotonic() - started < 4  # the bounded wait, then words
        assert plain(bob.msg.value).startswith(f"{NOT_SAVED} {BUSY} Nothing was lost: press again in a moment.")
        assert bob.view.choice is None and logged(caplog, "database is locked")
        said = changes(bob.status)
        bob.refresh(), bob.refresh()  # polls write the heartbeat: they fail, and say so once
        assert len(said) == 1 and plain(bob.status.value).startswith(f"{NOT_UPDATED} {BUSY}")
        assert "keeps trying" in plain(bob.status.value)
    finally:
        locker.communicate("\n", timeout=30)
    bob.refresh()  # the lock is gone: the page recovers by itself
    assert "Round 1" in plain(bob.status.value) and logged(caplog, "works again")
    choose(bob)  # the same button, pressed again
    assert bob.msg.value == "" and bob.view.choice is not None
    again = Store(url)  # what a restarted server reads
    assert chosen(again, room) == {anna.seat.member_id, bob.seat.member_id}


def test_read_only_database(tmp_path, caplog):
    url = f"sqlite:///{tmp_path / 'class.sqlite'}"
    store = Store(url)
    room, (anna, bob) = a_class(Classroom(store))
    choose(anna)
    sql = pragma_on_connect(store)
    sql.append("PRAGMA query_only=ON")
    store.engine.dispose()
    choose(bob)
    assert plain(bob.msg.value) == (
        f"{NOT_SAVED} {READ_ONLY} Everything saved before is kept; tell whoever runs the server, then press again."
    )
    assert logged(caplog, "attempt to write a readonly database")
    bob.refresh()
    assert plain(bob.status.value).startswith(f"{NOT_UPDATED} {READ_ONLY}")
    sql.clear()  # repaired
    store.engine.dispose()
    bob.refresh()
    assert "Round 1" in plain(bob.status.value)
    choose(bob)
    assert bob.msg.value == "" and bob.view.choice is not None
    assert chosen(Store(url), room) == {anna.seat.member_id, bob.seat.member_id}


def test_a_move_at_a_table_refused_by_a_read_only_database(tmp_path, caplog):
    clear_cache()
    store = Store(f"sqlite:///{tmp_path / 'table.sqlite'}")
    ann = TablePage(Tables(store), binder=False)
    ann.players.value = 3
    ann.bot_seats[2].value = True
    ann.host_name.value = "Ann"
    ann.open.click()
    Tables(store).join(ann.host.code, "Bob")
    ann.start.click()
    ann.hand_over.children[0].value = True  # Bob's seat to the coach
    assert ann.snap.bots == (False, True, True)
    for _ in range(100):
        ann.refresh()
        if ann.snap.to_act == 0:
            break
    seq = ann.snap.seq
    sql = pragma_on_connect(store)
    sql.append("PRAGMA query_only=ON")
    store.engine.dispose()
    ann.hand_over.children[0].value = False  # the host gives Bob's seat back: not saved
    assert plain(ann.msg.value).startswith(f"This was not done. {at_table(READ_ONLY)}")
    assert ann.hand_over.children[0].value is True  # the box shows what the store holds
    assert _press_coach(ann)
    assert plain(ann.play.notice.value).startswith(f"Your move was not saved. {at_table(READ_ONLY)}")
    assert ann.snap.seq == seq and logged(caplog, "readonly")
    sql.clear()
    store.engine.dispose()
    ann.hand_over.children[0].value = False  # pressed again: saved
    assert ann.msg.value == "" and ann.snap.bots == (False, False, True)
    ann.hand_over.children[0].value = True
    assert _press_coach(ann)  # the coach's advice again, and the move goes in
    assert ann.snap.seq > seq and "not saved" not in plain(ann.play.notice.value)
    assert store.table_move_count(ann.host.room_id) == ann.snap.seq
    clear_cache()


def test_newer_schema(store_url, monkeypatch, caplog):
    store = Store(store_url)
    room, (anna, _bob) = a_class(Classroom(store))
    choose(anna)
    with store.engine.begin() as conn:
        conn.execute(update(schema_version).values(version=SCHEMA_VERSION + 1))
    store.close()
    monkeypatch.setenv(ENV, store_url)  # the pages open the store themselves, as on a server
    teacher = ClassTeacher(binder=False)
    teacher.create.click()
    assert plain(teacher.create_msg.value) == (
        f"The room was not created. {NEWER} Nothing in it was changed; tell whoever runs the server to update the tutor."
    )
    student = ClassStudent(binder=False)
    student.code.value, student.nickname.value = room.code, "Chen"
    student.join.click()
    assert plain(student.join_msg.value).startswith(f"You have not joined yet. {NEWER}")
    table = TablePage(binder=False)
    table.open.click()
    assert plain(table.open_msg.value).startswith(f"The table was not opened. {at_table(NEWER)}")
    assert logged(caplog, f"schema {SCHEMA_VERSION + 1}; this tutor knows {SCHEMA_VERSION}")
    with raw(store_url) as conn:
        conn.execute(update(schema_version).values(version=SCHEMA_VERSION))
    student.join.click()  # repaired: the same button
    assert student.seat is not None and student.join_msg.value == ""
    again = Store(store_url)
    assert chosen(again, room) == {anna.seat.member_id} and again.room(room.room_id).code == room.code
    again.close()


@pytest.mark.parametrize(
    "url, kind",
    [
        ("postgresql+psycopg://nobody@127.0.0.1:9/nothing", UNREACHABLE),  # nobody listens there
        ("postgres://nobody@127.0.0.1/nothing", "The server's class database address is wrong."),  # no such driver
    ],
)
def test_wrong_address(url, kind, monkeypatch, caplog):
    monkeypatch.setenv(ENV, url)
    teacher = ClassTeacher(binder=False)
    teacher.create.click()
    assert plain(teacher.create_msg.value).startswith(f"The room was not created. {kind}")
    student = ClassStudent(binder=False)
    student.code.value, student.nickname.value = "ABCDEF", "Anna"
    student.join.click()
    assert plain(student.join_msg.value).startswith(f"You have not joined yet. {kind}")
    table = TablePage(binder=False)
    table.code.value, table.name.value = "ABCDEF", "Anna"
    table.join.click()
    assert plain(table.join_msg.value).startswith(f"You have not joined yet. {at_table(kind)}")
    with i18n.language("uk"):
        teacher.create.click()
        said = plain(teacher.create_msg.value)
        assert "The room" not in said and any("а" <= ch <= "я" for ch in said)
    cause = "Connection refused" if kind == UNREACHABLE else "NoSuchModuleError"
    assert logged(caplog, cause) and logged(caplog, "nobody@127.0.0.1")
    # the server's start says it once, in its own log, and starts all the same
    caplog.clear()
    assert not serving.check_class_store(logging.getLogger("test.server"))
    (line,) = [r.getMessage() for r in caplog.records]
    assert line.startswith(f"Class mode cannot use its database ({ENV}={url})") and cause in line


def test_the_server_start_says_nothing_when_the_store_opens(tmp_path, monkeypatch, caplog):
    monkeypatch.setenv(ENV, str(tmp_path))
    assert serving.check_class_store(logging.getLogger("test.server")) and caplog.records == []
    monkeypatch.delenv(ENV)
    assert serving.check_class_store(logging.getLogger("test.server"))  # unset: the default folder, unchecked


def pg_ctl(cluster: pg.Cluster, action: str) -> None:
    """Stop the cluster (fast), or start it again as ``pg.Cluster`` first did."""
    options = f"-k {cluster.dir} -c listen_addresses='' -p {pg.PORT} -c fsync=off -c max_connections=200"
    cmd = [str(pg._bindir() / "pg_ctl"), "-D", str(cluster.data), "-o", options, "-l", str(cluster.dir / "log")]
    subprocess.run(pg._as_user([*cmd, "-m", "fast", "-w", action], cluster.user), check=True, capture_output=True)
    if action == "start":
        cluster.pid = int((cluster.data / "postmaster.pid").read_text().split()[0])  # for its stop()


@pytest.mark.slow  # a whole game or a database outage: the full run has it, the fast loop not
def test_postgresql_stopped_mid_class(caplog):
    cluster = pg.start_or_skip()  # a cluster of its own: the session's stays up
    try:
        url = cluster.database("class")
        classroom = Classroom(Store(url))
        room, (anna, bob) = a_class(classroom)
        teacher = ClassTeacher(classroom, binder=False)
        teacher.back_code.value, teacher.back_key.value = room.code, room.key
        teacher.take_back.click()
        choose(anna)
        pg_ctl(cluster, "stop")
        choose(bob)
        assert plain(bob.msg.value) == f"{NOT_SAVED} {UNREACHABLE} Nothing was lost: press again in a moment."
        assert bob.view.choice is None and logged(caplog, "OperationalError")
        said = changes(bob.status)
        bob.refresh(), bob.refresh()
        assert len(said) == 1
        assert plain(bob.status.value) == (
            f"{NOT_UPDATED} {UNREACHABLE} Nothing was lost: this page keeps trying and catches up by itself."
        )
        teacher.refresh()
        assert plain(teacher.count.value).startswith(f"{NOT_UPDATED} {UNREACHABLE}")
        teacher.end_round.click()
        assert plain(teacher.msg.value).startswith(f"This was not done. {UNREACHABLE}")
        teacher.csv_button.click()
        assert plain(teacher.csv_link.value).startswith(f"This was not done. {UNREACHABLE}")
        pg_ctl(cluster, "start")
        bob.refresh(), teacher.refresh()
        assert "Round 1" in plain(bob.status.value) and "1 of 2 have chosen" in plain(teacher.count.value)
        choose(bob)
        assert bob.msg.value == "" and bob.view.choice is not None
        classroom.store.close()
        again = Store(url)
        assert chosen(again, room) == {anna.seat.member_id, bob.seat.member_id}
        again.close()
    finally:
        cluster.stop()


@pytest.mark.parametrize("how", ["deleted", "replaced"])
def test_sqlite_file_deleted_or_replaced_under_the_server(tmp_path, how, caplog):
    path = tmp_path / "class.sqlite"
    store = Store(f"sqlite:///{path}")
    room, (anna, bob) = a_class(Classroom(store))
    choose(anna)
    saved = chosen(store, room)
    if how == "replaced":  # a copy put in its place (a backup restored while the server runs)
        copy = tmp_path / "copy.sqlite"
        with sqlite3.connect(path) as src, sqlite3.connect(copy) as dst:
            src.backup(dst)
    for f in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        f.unlink(missing_ok=True)
    if how == "replaced":
        os.replace(copy, path)
    choose(bob)  # would go into the deleted file, acknowledged, then gone: refused
    assert plain(bob.msg.value) == (
        f"{NOT_SAVED} {MOVED} Tell whoever runs the server: it must be restarted before anything more can be saved."
    )
    assert bob.view.choice is None and logged(caplog, "is not the file opened at start")
    bob.refresh()
    assert plain(bob.status.value).startswith(f"{NOT_UPDATED} {MOVED}")
    if how == "replaced":  # the server restarted on the file in place: everything acknowledged is there
        restarted = Classroom(Store(f"sqlite:///{path}"))
        assert chosen(restarted.store, room) == saved == {anna.seat.member_id}
        seat = restarted.join(room.code, "Bohdan2")
        assert seat.view().status == "waiting"


def open_store(url: str, start, done) -> None:
    start.wait()
    try:
        Store(url).close()
        done.put("ok")
    except Exception as e:  # reported, not raised: the parent counts them
        done.put(f"{type(e).__name__}: {getattr(e, 'detail', e)}")


def open_at_once(url: str, n: int = 8) -> list[str]:
    """``n`` processes opening ``url`` as a store at the same instant; what each one got."""
    ctx = multiprocessing.get_context("fork")  # the children inherit this process's modules as they are
    start, done = ctx.Barrier(n), ctx.Queue()
    procs = [ctx.Process(target=open_store, args=(url, start, done)) for _ in range(n)]
    for p in procs:
        p.start()
    outcomes = [done.get(timeout=60) for _ in procs]
    for p in procs:
        p.join(30)
    return outcomes


@pytest.mark.slow  # about 6 s: ten rounds of eight processes
def test_eight_processes_open_a_fresh_postgresql_store_at_once(pg_cluster):
    for attempt in range(10):
        url = pg_cluster.database(f"fresh_{attempt}")
        assert open_at_once(url) == ["ok"] * 8, f"attempt {attempt}"
        store = Store(url)
        assert store.version() == SCHEMA_VERSION
        store.close()


def test_eight_processes_open_a_fresh_sqlite_store_at_once(tmp_path):
    for attempt in range(3):
        assert open_at_once(f"sqlite:///{tmp_path / f'fresh{attempt}.sqlite'}") == ["ok"] * 8


def test_eight_processes_upgrade_the_schema_at_once(store_url, monkeypatch):
    """A database one version behind, opened by eight processes at once: the migration runs once
    (a probe migration here: it creates a table without ``checkfirst``, so a second run fails)."""
    Store(store_url).close()
    newer = SCHEMA_VERSION + 1

    def probe(conn):
        conn.execute(text("CREATE TABLE upgrade_probe (n INTEGER)"))
        conn.execute(text("INSERT INTO upgrade_probe VALUES (1)"))

    monkeypatch.setattr(store_module, "SCHEMA_VERSION", newer)
    monkeypatch.setattr(store_schema, "SCHEMA_VERSION", newer)
    monkeypatch.setitem(store_schema.MIGRATIONS, newer, probe)
    assert open_at_once(store_url) == ["ok"] * 8
    with raw(store_url) as conn:
        assert conn.execute(text("SELECT count(*) FROM upgrade_probe")).scalar_one() == 1
        assert conn.execute(select(schema_version.c.version)).scalars().all() == [newer]


def test_the_log_gets_one_line_per_failure_and_one_when_it_works_again(caplog):
    now = [0.0]
    faults = Faults("postgresql+psycopg://teacher:secret@db.example.org/class", clock=lambda: now[0])
    err = faults.refuse("unreachable", "OperationalError: connection refused")
    assert isinstance(err, StoreUnavailable) and err.reason == "store" and err.kind == "unreachable"
    for _ in range(5):  # the same failure, every second poll of a page: counted
        now[0] += 1
        faults.refuse("unreachable", "OperationalError: connection refused")
    now[0] += 120
    faults.refuse("unreachable", "OperationalError: connection refused")  # a minute later: said again
    with faults.guard():
        pass
    lines = [r.getMessage() for r in caplog.records if r.name == "sheriff.classroom"]
    assert len(lines) == 3 and "secret" not in "".join(lines)
    assert (
        lines[0] == lines[1]
        and "connection refused [postgresql+psycopg://teacher:***@db.example.org/class]" in lines[0]
    )
    assert lines[2] == "class database works again (5 failed calls not logged)"


def test_causes_are_told_apart():
    assert classify(sqlite3.OperationalError("database or disk is full")) == "readonly"
    assert classify(sqlite3.OperationalError("database is locked")) == "busy"
    assert classify(sqlite3.OperationalError("unable to open database file")) == "unreachable"
    assert classify(ModuleNotFoundError("No module named 'psycopg'")) == "address"
    assert classify(sqlite3.DatabaseError("file is not a database")) == "other"


def test_a_failure_after_the_action_was_stored_says_it_was_saved():
    faults = Faults("sqlite://")
    faults.opened(sqlite3.Error)

    def stored_then_failed():
        with faults.guard(write=True):
            pass  # the move went in
        with faults.guard():
            raise sqlite3.OperationalError("unable to open database file")  # reading the table back

    with pytest.raises(StoreUnavailable) as move:
        doing("move")(stored_then_failed)()
    assert str(move.value) == (
        f"What you did was saved, but this page could not show it yet. {UNREACHABLE} This page keeps trying."
    )
    with pytest.raises(StoreUnavailable) as poll:  # a poll's heartbeat went in: not the person's doing
        doing("update")(stored_then_failed)()
    assert str(poll.value).startswith(f"{NOT_UPDATED} {UNREACHABLE} Nothing was lost")
