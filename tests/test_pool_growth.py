"""How a page's pool grows for a class (sheriff/serving/growth.py): the rules alone, the kernel
manager following them when a class room is announced, and the announcement itself from a
kernel's side (``sheriff.launch.announce_class``) to the server's handler over HTTP."""

from __future__ import annotations

import asyncio
import collections
import socket
import threading

import pytest
from test_kernel_pools import PAGE, in_a_loop, manager
from tornado.httpserver import HTTPServer
from tornado.web import Application

from sheriff import launch
from sheriff.serving import growth
from sheriff.widgets.classroom.shared import STUDENT_PAGE
from sheriff.widgets.language import PAGE_LANGUAGE


def test_a_burst_counts_the_requests_within_the_window_only():
    asked: collections.deque[float] = collections.deque()
    assert [growth.burst_size(asked, t, 60) for t in (0, 10, 20)] == [1, 2, 3]
    assert growth.burst_size(asked, 75, 60) == 2  # the requests at 0 and 10 s are over a minute old
    assert list(asked) == [20, 75]


@pytest.mark.parametrize(
    ("size", "asked", "most", "emptied", "grown"),
    [
        (1, 2, 100, True, 2),  # the second learner of a class finds the pool empty: it grows
        (1, 30, 100, True, 30),  # to as many as asked within the window
        (1, 30, 25, True, 25),  # never past grow_pools
        (1, 30, 0, True, None),  # grow_pools 0: pools keep their size
        (1, 30, 100, False, None),  # a learner who found a kernel ready: no class, no growth
        (30, 30, 100, True, None),  # as large as the class already
        (30, 31, 100, True, 31),  # one more than the pool: one more kernel
        (100, 120, 100, True, None),  # at the most already
    ],
)
def test_a_pool_grows_to_the_burst_when_a_learner_finds_it_empty(size, asked, most, emptied, grown):
    assert growth.grown_size(size, asked, most, emptied) == grown


@pytest.mark.parametrize(
    ("size", "learners", "most", "grown"),
    [(1, 30, 100, 30), (1, 300, 100, 100), (30, 20, 100, None), (30, 30, 100, None), (1, 30, 0, None)],
)
def test_an_announced_class_grows_the_pool_to_its_size(size, learners, most, grown):
    assert growth.announced_size(size, learners, most) == grown


@pytest.mark.parametrize(
    ("ip", "base", "address"),
    [
        ("0.0.0.0", "/", "http://127.0.0.1:8866/sheriff/announce"),
        ("", "/tutor/", "http://127.0.0.1:8866/tutor/sheriff/announce"),
        ("10.0.4.17", "/", "http://10.0.4.17:8866/sheriff/announce"),
        ("::", "/", "http://[::1]:8866/sheriff/announce"),
    ],
)
def test_kernels_reach_their_server_where_it_listens(ip, base, address):
    assert growth.announce_address(ip, 8866, base) == address


def test_an_announced_class_grows_the_student_pool_fills_it_and_it_shrinks_after(tmp_path, monkeypatch):
    """A class room created for 30: the student page's pool grows to 30 at once and is filled (in
    the page's language); a page the server does not serve is refused; once the page has not been
    asked for ``shrink_after`` seconds, the pool returns to its size and the server hands back the
    memory its extra pages held."""
    released = []
    monkeypatch.setattr(growth, "release_memory", lambda: released.append(True))

    async def run():
        mgr = manager()
        (tmp_path / STUDENT_PAGE).write_text("{}")
        mgr.root_dir, mgr.grow_pools, mgr.shrink_after = str(tmp_path), 100, 0.3
        filled = []
        mgr._fill_in_language = lambda delay, page, env: filled.append((page, env[PAGE_LANGUAGE]))
        assert mgr.expect_class(STUDENT_PAGE, 30, "uk")
        assert mgr._pool_size(STUDENT_PAGE) == 30 and filled == [(STUDENT_PAGE, "uk")]
        assert mgr._pool_size(PAGE) == 1  # the other pages keep theirs
        assert mgr.expect_class(STUDENT_PAGE, 12, "uk")  # a second, smaller room: the pool stays
        assert mgr._pool_size(STUDENT_PAGE) == 30 and len(filled) == 1
        assert not mgr.expect_class("../../etc/passwd", 30) and not mgr.expect_class("nowhere.ipynb", 30)
        assert not mgr.expect_class(STUDENT_PAGE, 0)
        await asyncio.sleep(0.2)
        assert mgr._pool_size(STUDENT_PAGE) == 30 and not released
        await asyncio.sleep(0.3)
        assert mgr._pool_size(STUDENT_PAGE) == 1 and released == [True]

    in_a_loop(run())


class Manager:
    def __init__(self):
        self.heard: list[tuple[str, int, str]] = []
        self.done = threading.Event()

    def expect_class(self, page: str, learners: int, lang: str) -> bool:
        self.heard.append((page, learners, lang))
        self.done.set()
        return page == STUDENT_PAGE


def test_a_kernel_announces_a_class_to_its_server_with_the_servers_key(monkeypatch):
    """``announce_class`` in a kernel reaches the handler with the key its server gave it; a wrong
    key is refused (403) and so is a page the server does not serve (404); a kernel no tutor's
    server started announces nothing."""
    mgr, key = Manager(), growth.announce_key()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    loop = asyncio.new_event_loop()
    started = threading.Event()

    def serve():
        asyncio.set_event_loop(loop)
        app = Application([(r"/sheriff/announce", growth.AnnounceHandler, {"manager": mgr, "key": key})])
        HTTPServer(app).listen(port, "127.0.0.1")
        loop.call_soon(started.set)
        loop.run_forever()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    started.wait(5)
    try:
        address = growth.announce_address("0.0.0.0", port, "/")
        monkeypatch.setenv(launch.ANNOUNCE, f"{address} {key}")
        assert launch.announce_class(STUDENT_PAGE, 30, "uk")
        assert mgr.done.wait(10) and mgr.heard == [(STUDENT_PAGE, 30, "uk")]
        assert status(address, {"page": STUDENT_PAGE, "learners": "30", "key": "guess"}) == 403
        assert status(address, {"page": "x.ipynb", "learners": "30", "key": key}) == 404
        assert status(address, {"page": STUDENT_PAGE, "learners": "many", "key": key}) == 400
        assert status(address, {"page": STUDENT_PAGE, "learners": "5", "key": key}) == 204
        assert mgr.heard[-1] == (STUDENT_PAGE, 5, "en") and len(mgr.heard) == 3
        monkeypatch.delenv(launch.ANNOUNCE)
        assert not launch.announce_class(STUDENT_PAGE, 30)
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)


def status(address: str, fields: dict) -> int:
    import urllib.error
    import urllib.parse
    import urllib.request

    request = urllib.request.Request(address, data=urllib.parse.urlencode(fields).encode(), method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as e:
        return e.code


def test_creating_a_room_announces_the_class_on_the_student_page(tmp_path, monkeypatch):
    """The teacher's page, on creating a room, asks for as many kernels on the student page as
    students it expects (its field), in the page's language; a room not created asks for none."""
    from sheriff.classroom import Classroom, ClassroomError, Store
    from sheriff.widgets.classroom import teacher as class_teacher

    asked = []
    monkeypatch.setattr(class_teacher, "announce_class", lambda *a: asked.append(a) or True)
    classroom = Classroom(Store(f"sqlite:///{tmp_path / 'class.sqlite'}"))
    teacher = class_teacher.ClassTeacher(classroom, binder=False)
    create_room = classroom.create_room

    def refused(*_args, **_kwargs):
        raise ClassroomError("no", "store")

    monkeypatch.setattr(classroom, "create_room", refused)
    teacher.create.click()
    assert teacher.room is None and asked == []
    monkeypatch.setattr(classroom, "create_room", create_room)
    teacher.expected.value = 24
    teacher.create.click()
    assert teacher.room is not None and asked == [(STUDENT_PAGE, 24, "en")]
