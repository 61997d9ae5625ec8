"""The server's pools per page and language (sheriff/serving/), without a server: Voilà's
pool methods are the ones wrapped, a page asked for in Ukrainian gets a kernel heated in
Ukrainian, the pool is refilled in the language asked for, and a waiting kernel of any
language's pool is never culled; a full server makes room or refuses.  (tests/browser/test_serving.py does it with Voilà itself.)"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import math
import time
import types

import pytest
from voila.voila_kernel_manager import voila_kernel_manager_factory

from sheriff.i18n import PAGE_LANGUAGE
from sheriff.serving import ClassroomKernelManager, ServerFull

PAGE = "05_inspection.ipynb"


class Renderer:
    stop_generator = False
    rendered_cache: list[str] = []


def manager():
    """The class Voilà builds on ours, with Voilà's kernel starting replaced by a record of the
    kernels asked for: each is named after the language it was heated in."""
    cls = voila_kernel_manager_factory(ClassroomKernelManager, True, 1)
    mgr = cls.__new__(cls)
    mgr._classroom_state()
    mgr._pools, mgr._kernels = {}, {}
    count = itertools.count(1)

    def start(delay, notebook_name, env, **kwargs):  # Voilà's fill_if_needed, pool size 1
        pool = mgr._pools.setdefault(notebook_name, [])
        if not pool:
            content = {"kernel_id": f"{env[PAGE_LANGUAGE]}-{next(count)}", "renderer": Renderer(), "task": None}
            future = asyncio.get_running_loop().create_future()
            future.set_result(content)
            pool.append(future)

    mgr._voila_fill_if_needed = start
    return mgr


def test_voila_pool_methods_are_the_ones_replaced():
    cls = voila_kernel_manager_factory(ClassroomKernelManager, True, 1)
    assert cls.get_rendered_notebook is ClassroomKernelManager._rendered_in_language
    assert cls.fill_if_needed is ClassroomKernelManager._fill_in_language


def test_each_language_has_its_own_pool():
    async def run():
        mgr = manager()
        mgr.fill_if_needed(delay=0, notebook_name=PAGE)  # Voilà filling its pools at start
        assert [t.result()["kernel_id"] for t in mgr._pools[PAGE]] == ["en-1"]

        async def visit(query=""):
            env = {"VOILA_REQUEST_URL": f"http://127.0.0.1:8866/voila/render/{PAGE}{query}"}
            return (await mgr.get_rendered_notebook(PAGE, env))[2]

        assert await visit("?lang=uk") == "uk-2"  # the first learner in Ukrainian: a kernel started for it
        assert await visit("?lang=uk") == "uk-3"  # the next one: the refill heated in Ukrainian meanwhile
        assert await visit() == "en-1"  # English still comes from Voilà's own pool
        assert await visit("?lang=en") == "en-5"
        assert [t.result()["kernel_id"] for t in mgr._pools[PAGE]] == ["en-6"]
        assert [t.result()["kernel_id"] for t in mgr._language_pools[(PAGE, "uk")]] == ["uk-4"]
        mgr._kernels = {"uk-4": object()}
        assert await mgr.cull_kernel_if_idle("uk-4") is None  # a waiting kernel is never culled

    # in a thread of its own: the browser tests' Playwright keeps an event loop running in this one
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result()


def test_refills_wait_for_the_class_to_arrive_and_go_home_page_first():
    """A refill starts once no page has been asked for ``refill_when_quiet`` seconds, at most
    ``refill_slots`` at once, the home page's first, then in course order; a kernel a learner
    waits for skips the queue."""

    async def run():
        mgr = manager()
        mgr.refill_when_quiet, mgr.refill_slots = 0.6, 1
        mgr._last_request = time.monotonic()  # a class is arriving
        order = []
        pages = ["05_inspection.ipynb", "00_home.ipynb", "01_components_and_setup.ipynb"]
        wakes = [asyncio.Event() for _ in pages]

        async def refill(page, wake):
            if await mgr._take_slot(page, wake):
                order.append(page)

        tasks = [asyncio.create_task(refill(p, w)) for p, w in zip(pages, wakes, strict=True)]
        await asyncio.sleep(0.3)
        assert order == []  # the class is still arriving
        wakes[0].set()  # a learner wants lesson 05's kernel: it goes without a slot
        await asyncio.sleep(0.6)
        assert order == ["00_home.ipynb"]  # one slot: the next waits for it
        mgr._free_slot()
        await asyncio.gather(*tasks)
        assert order == ["00_home.ipynb", "01_components_and_setup.ipynb"]

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result()


def test_a_kernel_still_starting_is_not_culled_and_raises_nothing():
    """Under a class's burst the culler meets kernels that have no last activity yet (reading it
    raises); such a kernel is waited for, not culled, and the culler goes on."""
    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

    async def run():
        mgr = manager()
        mgr.first_connection_timeout = 30
        mgr._kernels = {"en-1": ServerKernelManager()}
        assert await mgr.cull_kernel_if_idle("en-1") is None

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result()


def test_a_full_server_makes_room_for_a_learner_or_says_it_is_full_and_refills_wait():
    """Under ``max_kernels``, a learner's kernel takes the room of an idle pool kernel (another
    language's first, the home page's last), and that pool is refilled; with none idle the learner
    is refused (503, in the page's language); a refill waits until a kernel goes."""

    async def run():
        mgr = manager()
        mgr.max_kernels = 2
        shut, refilled = [], []

        def ready(kernel_id):
            future = asyncio.get_running_loop().create_future()
            future.set_result({"kernel_id": kernel_id})
            return future

        async def shutdown_kernel(kernel_id):
            shut.append(kernel_id)
            del mgr._kernels[kernel_id]
            for pool in [*mgr._pools.values(), *mgr._language_pools.values()]:
                pool[:] = [t for t in pool if t.result()["kernel_id"] != kernel_id]

        mgr.shutdown_kernel = shutdown_kernel
        mgr._fill_in_language = lambda delay, page, env, **kw: refilled.append((page, env[PAGE_LANGUAGE]))
        mgr._pools = {"00_home.ipynb": [ready("home-en")]}
        mgr._language_pools = {("20_play.ipynb", "uk"): [ready("play-uk")]}
        mgr._kernels = {"home-en": object(), "play-uk": object()}

        async def refill():  # a pool's task: Voilà's refill, in the turn `_initialize_in_turn` gives it
            await mgr._make_room({PAGE_LANGUAGE: "en"})
            mgr._kernels["refilled"] = object()

        wake = asyncio.Event()
        waiting = asyncio.create_task(refill())
        mgr._wake[waiting] = wake
        await asyncio.sleep(0.05)
        assert not waiting.done()  # a refill waits for room
        learner = {"VOILA_REQUEST_URL": "http://127.0.0.1:8866/voila/render/05_inspection.ipynb?lang=uk"}
        for kernel_id in ("learner-1", "learner-2"):  # each takes an idle pool kernel's room
            await mgr._make_room(learner)
            mgr._kernels[kernel_id] = object()  # started at once (jupyter_client counts it then)
        assert shut == ["play-uk", "home-en"]
        assert refilled == [("20_play.ipynb", "uk"), ("00_home.ipynb", "en")]
        with pytest.raises(ServerFull) as full:
            await mgr._make_room(learner)
        assert full.value.status_code == 503 and full.value.lang == "uk"
        assert full.value.words["title"] == "Наставник зараз переповнений" and "(2)" in full.value.words["text"]
        assert not waiting.done() and sorted(mgr._kernels) == ["learner-1", "learner-2"]
        mgr.remove_kernel("learner-1")  # a tab closed: the refill takes the room
        await asyncio.wait_for(waiting, 5)
        assert sorted(mgr._kernels) == ["learner-2", "refilled"]
        wake.set()  # a refill a learner waits for, on a full server with nothing idle: refused too
        mgr._wake[asyncio.current_task()] = wake
        with pytest.raises(ServerFull) as full:
            await mgr._make_room({PAGE_LANGUAGE: "en"})
        assert full.value.words["title"] == "The tutor is full"

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result()


def test_kernel_messages_leave_at_once(monkeypatch):
    """Every server the tutor runs on sends a kernel's messages to the page as they come: the
    connection class sets TCP_NODELAY on the page's websocket before it starts relaying."""
    import json
    from pathlib import Path

    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

    from sheriff.serving import PromptKernelConnection

    root = Path(__file__).resolve().parents[1]
    name = "sheriff.serving.PromptKernelConnection"
    assert json.loads((root / "voila.json").read_text())["Voila"]["kernel_websocket_connection_class"] == name
    assert f'["kernel_websocket_connection_class"] = "{name}"' in (root / "binder" / "postBuild").read_text()

    calls = []

    class Handler:
        def set_nodelay(self, value):
            calls.append(("nodelay", value))

    async def relay(self):
        calls.append(("relay", None))

    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", relay)
    conn = PromptKernelConnection.__new__(PromptKernelConnection)
    conn._trait_values["websocket_handler"] = Handler()
    with concurrent.futures.ThreadPoolExecutor(1) as pool:  # a loop of its own, as the tests above
        pool.submit(asyncio.run, conn.connect()).result()
    assert calls == [("nodelay", True), ("relay", None)]


def test_a_page_s_connection_asks_its_kernel_again_often_until_the_nudge_is_done(monkeypatch):
    """Jupyter Server asks again every 0.5 s until the page's IOPub has heard the kernel; the
    connection class asks every NUDGE_EVERY_S on a channel of its own, and stops (and closes
    that channel) once the nudge is done; a busy kernel is not nudged, nor asked."""
    from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

    from sheriff.serving import PromptKernelConnection, web

    class Stream:
        def __init__(self):
            self.is_closed = False

        def closed(self):
            return self.is_closed

        def close(self):
            self.is_closed = True

    async def scenario(busy: bool):
        loop = asyncio.get_running_loop()
        nudged = loop.create_future()
        if busy:
            nudged.set_result(None)
        monkeypatch.setattr(ZMQChannelsWebsocketConnection, "nudge", lambda self: nudged)
        streams, sent = [], []
        conn = PromptKernelConnection.__new__(PromptKernelConnection)
        conn._trait_values["parent"] = types.SimpleNamespace(  # the kernel's manager
            connect_shell=lambda: streams.append(Stream()) or streams[-1]
        )
        conn._trait_values["session"] = types.SimpleNamespace(send=lambda stream, kind: sent.append((stream, kind)))
        assert conn.nudge() is nudged
        if not busy:
            deadline = loop.time() + 10
            while len(sent) < 3 and loop.time() < deadline:  # asked again and again meanwhile
                await asyncio.sleep(web.NUDGE_EVERY_S)
            nudged.set_result(None)  # the page's IOPub heard the kernel
        asked = len(sent)
        await asyncio.sleep(web.NUDGE_EVERY_S * 3)
        return streams, sent, asked

    def run_in_thread(busy):
        with concurrent.futures.ThreadPoolExecutor(1) as pool:  # a loop of its own, as the tests above
            return pool.submit(asyncio.run, scenario(busy)).result()

    streams, sent, asked = run_in_thread(busy=False)
    assert len(streams) == 1 and streams[0].is_closed
    assert asked >= 3 and len(sent) == asked  # again and again, and not once the nudge is done
    assert {(stream, kind) for stream, kind in sent} == {(streams[0], "kernel_info_request")}
    streams, sent, asked = run_in_thread(busy=True)
    assert streams == [] and sent == []


@pytest.mark.parametrize("quick", [True, pytest.param(False, marks=pytest.mark.slow)])
def test_a_kernel_shut_down_ends_without_ipython_clean_up(tmp_path, quick):
    """A kernel started as the server starts its kernels (``KERNEL_ARGUMENTS``) ends its process as
    soon as it has shut down: IPython never resets the learner's namespace (an object's finaliser
    does not run); a kernel without the extension does, which is what the exit cost.  That one, the
    control (3 s: the clean-up it shows), is ``slow``: the full run keeps it."""
    import os
    from pathlib import Path

    from jupyter_client.manager import KernelManager

    from sheriff.serving import KERNEL_ARGUMENTS

    arguments = KERNEL_ARGUMENTS if quick else [a for a in KERNEL_ARGUMENTS if "sheriff" not in a]
    root = str(Path(__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))}
    marker = tmp_path / "namespace-reset"
    km = KernelManager(kernel_name="python3")
    km.start_kernel(extra_arguments=arguments, env=env)
    try:
        kc = km.client()
        kc.start_channels()
        kc.wait_for_ready(timeout=120)
        said = []
        code = (
            f"class Goodbye:\n    def __del__(self):\n        open({str(marker)!r}, 'w').close()\n"
            "bye = Goodbye()\nprint(sorted(get_ipython().extension_manager.loaded))"
        )
        reply = kc.execute_interactive(
            code, timeout=120, output_hook=lambda m: said.append(m["content"].get("text", ""))
        )
        assert reply["content"]["status"] == "ok"
        assert ("sheriff.launch" in "".join(said)) is quick
        kc.stop_channels()
        km.shutdown_kernel(now=False)
        assert not km.is_alive()
        assert marker.exists() is not quick
    finally:
        if km.has_kernel:
            km.shutdown_kernel(now=True)


def in_a_loop(coroutine) -> None:
    """Run in a thread of its own: the browser tests' Playwright keeps an event loop in this one."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result()


def test_refills_wait_until_every_page_has_its_kernel_and_connected_without_polling():
    """A refill waits while a learner's request is being answered and while a page handed its
    kernel has not connected (its browser still loading the scripts it needs for its widgets), and
    goes as soon as the page connects: woken by the connection, not by looking again and again."""
    from types import SimpleNamespace

    async def run():
        mgr = manager()
        mgr.refill_when_quiet, mgr.refill_slots, mgr.first_connection_timeout = 0, 1, 30
        mgr._kernels = {"en-1": SimpleNamespace(last_activity=None)}
        mgr._unconnected["en-1"] = time.monotonic()  # handed to a page that is still loading
        looks = 0
        wait = mgr._refill_wait

        def counted():
            nonlocal looks
            looks += 1
            return wait()

        mgr._refill_wait = counted
        refill = asyncio.create_task(mgr._take_slot(PAGE, asyncio.Event()))
        await asyncio.sleep(0.5)
        assert not refill.done() and looks == 1  # waiting, and not polling
        mgr._serving = 1  # another learner's page is being prepared
        mgr.notify_connect("en-1")
        await asyncio.sleep(0.1)
        assert not refill.done()
        mgr._serving = 0
        mgr._poke()  # that page has its kernel
        assert await asyncio.wait_for(refill, 1) is True
        assert looks == 3

    in_a_loop(run())


def test_learners_kernels_start_in_turn_a_few_per_core():
    """Learners who found the pool empty get their kernels started ``learner_starts`` per core at a
    time, in the order they came: the first are served first rather than everyone at the end."""

    async def run():
        mgr = manager()
        mgr.refill_slots, mgr.learner_starts = 1, 2
        order = []

        async def learner(i):
            await mgr._learner_turn()
            order.append(i)

        tasks = [asyncio.create_task(learner(i)) for i in range(4)]
        await asyncio.sleep(0.05)
        assert order == [0, 1]
        mgr._free_slot(learner=True)  # the first learner's page has run
        await asyncio.sleep(0.05)
        assert order == [0, 1, 2]
        mgr._free_slot(learner=True)
        await asyncio.gather(*tasks)
        assert order == [0, 1, 2, 3] and mgr._learners_starting == 2

    in_a_loop(run())


def test_a_class_that_empties_a_pool_grows_it_and_it_shrinks_after():
    """Learners who find a page's pool empty grow it to as many as asked for the page within the
    burst window (at most ``grow_pools``); a pool found ready does not grow; once the page has not
    been asked for ``shrink_after`` seconds, it returns to its size and its extra kernels end."""

    async def run():
        mgr = manager()
        mgr.burst_window, mgr.grow_pools, mgr.shrink_after = 60, 25, 0.3
        for _ in range(10):
            mgr._grow("00_home.ipynb", emptied=False)  # learners one after another, each finding a kernel
        assert mgr._pool_size("00_home.ipynb") == 1
        for _ in range(30):
            mgr._grow(PAGE, emptied=True)  # a class arriving together
        assert mgr._pool_size(PAGE) == 25 and mgr._pool_size("00_home.ipynb") == 1
        loop = asyncio.get_running_loop()
        ready = []
        for i in range(25):
            future = loop.create_future()
            future.set_result({"kernel_id": f"en-{i}"})
            ready.append(future)
        mgr._pools[PAGE] = ready
        ended = []

        async def shutdown_kernel(kernel_id):
            ended.append(kernel_id)

        mgr.shutdown_kernel = shutdown_kernel
        await asyncio.sleep(0.2)
        mgr._grow(PAGE, emptied=False)  # one more learner: the class is still here
        await asyncio.sleep(0.2)
        assert mgr._pool_size(PAGE) == 25 and not ended
        await asyncio.sleep(0.3)
        assert mgr._pool_size(PAGE) == 1
        assert [t.result()["kernel_id"] for t in mgr._pools[PAGE]] == ["en-0"]
        assert sorted(ended) == sorted(f"en-{i}" for i in range(1, 25))

    in_a_loop(run())


def test_memory_is_released_once_a_class_has_gone_and_the_pools_are_full(monkeypatch):
    """Once the pages of a class (five or more) have run and no refill, request or learner's kernel
    is left, the server hands its freed memory back to the system, once; a lone refill does not."""
    import sheriff.serving

    released = []
    monkeypatch.setattr(sheriff.serving, "release_memory", lambda: released.append(True))

    async def run():
        mgr = manager()
        mgr._refilling = 5
        for _ in range(5):
            mgr._free_slot()
        await asyncio.sleep(0.01)
        assert released == [True]
        mgr._refilling = 1
        mgr._free_slot()
        await asyncio.sleep(0.01)
        assert released == [True]

    in_a_loop(run())
    monkeypatch.undo()
    sheriff.serving.release_memory()  # the real one runs anywhere (without glibc: the collection alone)


def test_a_page_run_for_a_learner_who_waited_is_sent_once_run():
    """A kernel started for a learner who found the pool empty keeps that learner's request (and so
    the refills) waiting until its page has run, then hands over the whole page; a kernel from the
    pool is handed over at once."""

    async def run():
        mgr = manager()
        loop = asyncio.get_running_loop()
        running = loop.create_future()  # the learner's kernel running the page
        started = loop.create_future()
        started.set_result({"kernel_id": "en-9", "renderer": Renderer(), "task": running, "learner": True})
        mgr._pools[PAGE] = [started]
        env = {"VOILA_REQUEST_URL": f"http://127.0.0.1:8866/voila/render/{PAGE}"}
        visit = asyncio.create_task(mgr.get_rendered_notebook(PAGE, env))
        await asyncio.sleep(0.1)
        assert not visit.done() and mgr._serving == 1 and mgr._refill_wait() == math.inf
        running.set_result(([], None))
        assert (await asyncio.wait_for(visit, 1))[2] == "en-9"
        assert mgr._serving == 0 and "en-9" in mgr._unconnected  # now the refills wait for its page to connect
        assert (await asyncio.wait_for(mgr.get_rendered_notebook(PAGE, env), 1))[2] == "en-1"  # the refill, ready

    in_a_loop(run())


def test_nothing_is_kept_per_kernel_once_the_kernels_are_gone():
    """What the server records per kernel (ours, Voilà's and Jupyter Server's) is dropped when the
    kernel leaves: a page that connected and left, and one that never connected and whose kernel
    died (no shutdown ran).  Before, Voilà's request details stayed for ever for each page that
    never fetched them, and a dead kernel's records stayed in ours and Jupyter Server's."""
    from voila.request_info_handler import RequestInfoSocketHandler

    async def run():
        mgr = manager()
        env = {"VOILA_REQUEST_URL": f"http://127.0.0.1:8866/voila/render/{PAGE}"}
        mgr.fill_if_needed(delay=0, notebook_name=PAGE)
        handed = [(await mgr.get_rendered_notebook(PAGE, env))[2] for _ in range(2)]
        mgr.notebook_data = {PAGE: {"kernel_ids": set(handed)}}
        for kernel_id in handed:  # what Voilà's page and Jupyter Server's kernel manager record
            mgr._kernels[kernel_id] = types.SimpleNamespace(last_activity=None)
            mgr._kernel_connections[kernel_id] = 0
            mgr._kernel_ports[kernel_id] = [1, 2, 3, 4, 5]
            RequestInfoSocketHandler.send_updates({"kernel_id": kernel_id, "payload": {"SERVER_NAME": "x"}})
        mgr.notify_connect(handed[0])
        assert handed[0] in mgr._connected_once and handed[1] in mgr._unconnected
        assert set(handed) <= mgr._waiting_since.keys() and set(handed) <= RequestInfoSocketHandler._cache.keys()
        for kernel_id in handed:  # gone (Jupyter Server's shutdown ends in remove_kernel too)
            mgr.remove_kernel(kernel_id)
        kept = [
            mgr._waiting_since,
            mgr._connected_once,
            mgr._unconnected,
            mgr._kernel_connections,
            mgr._kernel_ports,
            mgr.notebook_data[PAGE]["kernel_ids"],
        ]
        assert all(not set(handed) & record.keys() if isinstance(record, dict) else not record for record in kept)
        assert not set(handed) & RequestInfoSocketHandler._cache.keys()

    in_a_loop(run())


def test_every_kernel_s_manager_shares_one_event_logger_with_the_kernel_events_registered():
    mgr = manager()
    first, _name, _id = mgr.pre_start_kernel("python3", {})
    second, _name, _id = mgr.pre_start_kernel("python3", {})
    assert first is not second
    assert second.event_logger is first.event_logger  # the schemas read and checked once, not per kernel
    heard = []

    async def listen(logger, schema_id, data):  # jupyter_events passes each by name
        heard.append((schema_id, data["action"]))

    schema_id = "https://events.jupyter.org/jupyter_server/kernel_actions/v1"
    assert schema_id in first.event_logger.schemas.schema_ids
    first.event_logger.add_listener(schema_id=schema_id, listener=listen)

    async def emit():
        second.emit(
            schema_id=schema_id, data={"action": "start", "kernel_id": "k", "status": "success", "msg": "started"}
        )
        await asyncio.sleep(0.01)

    asyncio.run(emit())
    assert heard == [(schema_id, "start")]
