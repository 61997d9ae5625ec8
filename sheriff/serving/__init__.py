"""The Voilà server's kernel manager (named in voila.json); imported by the server, never by lessons.

Pools by language.  Voilà keeps one preheated kernel per page that has already run the page
(voila.json: ``preheat_kernel``), but its pools know pages, not languages, and the language
comes in the page address (``?lang=uk``).  So each page gets one pool per language: Voilà's
own pool serves the default language, a kernel heated for another language is told so in its
environment (``PAGE_LANGUAGE``, read by ``sheriff.widgets.language``), and a pool for a
language opens with the first learner who asks for the page in it.  A kernel therefore builds
the whole page while it waits, in the right language, and never waits for its request.

A learner's kernel is culled ``cull_idle_timeout`` seconds (voila.json: 45) after its page went
away without saying goodbye (no connection, no work): a crashed browser, a closed laptop.  (A tab
closed or reloaded normally asks for the shutdown itself.)  A page that has not connected *yet*
(Voilà hands out the kernel before the browser has loaded the page's scripts) keeps its kernel
``first_connection_timeout`` seconds (30) from the moment it was handed out or last ran a cell;
a page that never connects (a plain GET, a tab closed while loading) loses it then.  Every connection is counted
as it happens (``notify_connect``), not when the culler happens to look.

Refills wait for the class.  A kernel handed out is replaced, but the replacement starts only
once no page has been asked for ``refill_when_quiet`` seconds (a class arriving is a burst of
requests), no request is being answered and every page handed a kernel has connected for its
widgets (or was given up, ``first_connection_timeout``), and at most ``refill_slots`` pool kernels
start and run their page at once (0: one per CPU core), the home page's first: thirty learners'
kernels do not compete with thirty replacements, and the pools are full again for the next
class.  Waiting refills are woken by those events (``_poke``), never by polling: an idle server
runs nothing.  A learner who finds the pool empty gets a kernel started for them, at most
``learner_starts`` per core running their page at once, first come first served.  Pools grow for
a class (``sheriff.serving.growth``): a pool a class empties grows to as many kernels as learners
asked for the page within ``burst_window`` seconds, and a teacher who creates a class room has the student page's pool grown to the students
expected before they come (the teacher's kernel announces it: ``sheriff.launch.announce_class``);
at most ``grow_pools``, back to its size ``shrink_after`` seconds after the page was last asked
for.  Pools sized per page by hand: Voilà's own ``VoilaKernelManager.kernel_pools_config``
(``sheriff serve --class``, docs/deploy.md).

A cap on kernels.  ``max_kernels`` (``sheriff serve --max-kernels``; 0: none) bounds every kernel
the server holds, the pools' included.  A refill waits for room; a learner who needs a kernel when
the server is full takes the room of an idle pool kernel (another page's, the course's last pages
and other languages first; that pool refills when there is room again), and when there is none
gets a page that says the server is full, in the page's language (HTTP 503, ``ServerFull``, the
template's ``503.html``), and no kernel.

Kernels forked, not started anew.  voila.json chooses ``sheriff.serving.forking``'s kernel
provisioner: a kernel is forked from a process that has already imported ipykernel, ipywidgets
and the modules the pages import (``sheriff.forkserver``, one per server, started with the first
kernel), which spares each kernel ~0.45 s of CPU; where it cannot fork (not Linux, the fork server
still importing or gone) the kernel starts the usual way, and the log says why.

The kernels keep no IPython history database (``KERNEL_ARGUMENTS``): kernels starting together
locked each other's; and a kernel shut down ends at once (``sheriff.launch.quick_exit``; a forked
kernel ends the same way, ``os._exit`` after its kernel stops).  The web
application (``sheriff.serving.web``) gets compression (each static file compressed once), a
year's cache for hash-named files and for Voilà's scripts under its version, security headers and
Font Awesome from the installed package (``install_web_hooks``); ``LogoutHandler`` is Voilà's
``/logout`` (voila.json).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import inspect
import itertools
import math
import os
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError
from traitlets import Float, Int, TraitError
from voila.request_info_handler import RequestInfoSocketHandler
from voila.tornado.execution_request_handler import ExecutionRequestHandler

from sheriff import launch
from sheriff.course import position
from sheriff.i18n import DEFAULT, N_, PAGE_LANGUAGE, catalog, from_query
from sheriff.serving import forking, memtrace, rendering
from sheriff.serving.growth import PoolGrowth, announce_address, announce_key, release_memory
from sheriff.serving.web import (  # noqa: F401  # named in voila.json and binder/postBuild, used by tests
    HOME_PAGE,
    CachedGzip,
    LogoutHandler,
    PromptKernelConnection,
    _jupyter_server_extension_points,
    _load_jupyter_server_extension,
    check_class_store,
    check_class_store_soon,
    install_web_hooks,
    install_web_hooks_at_start,
    versioned_static,
)

# Voilà's records by kernel id, class-wide: the request details a page fetches over a websocket
# (kept until then, for ever if it never does), the notebook a progressively rendered page runs.
PER_KERNEL_RECORDS: list[dict] = [RequestInfoSocketHandler._cache, ExecutionRequestHandler._execution_data]
CLASS_SIZE = 5  # pages run in one go (a class's, and their refills) after which memory is released
REQUEST_URL = "VOILA_REQUEST_URL"  # Voilà passes the page's full address to the pool's refill
KERNEL_ARGUMENTS = [
    "--HistoryManager.enabled=False",  # IPython's history: an in-memory one, no database
    f"--IPKernelApp.extra_extensions={launch.__name__}",  # a kernel shut down ends at once (launch.quick_exit)
]


class ClassroomKernelManager(PoolGrowth, AsyncMappingKernelManager):
    first_connection_timeout = Float(
        30, config=True, help="Seconds a kernel handed to a page waits for the page to connect before it is culled."
    )
    refill_when_quiet = Float(
        5, config=True, help="Seconds without a page request before pools are refilled (0: refill at once)."
    )
    refill_slots = Int(0, config=True, help="Pool kernels starting and running their page at once (0: CPU cores).")
    learner_starts = Int(
        3,
        config=True,
        help="Kernels started for waiting learners that run their page at once, per CPU core (at least 1).",
    )
    max_kernels = Int(0, config=True, help="Most kernels the server holds, pools included (0: no limit).")
    burst_window = Float(
        60, config=True, help="Seconds over which a page's requests are counted when a class empties its pool."
    )
    grow_pools = Int(
        100,
        config=True,
        help="Most kernels a page's pool grows to for a class that emptied it (0: pools keep their size).",
    )
    shrink_after = Float(
        900,
        config=True,
        help="Seconds without a request for a page before a pool grown for a class returns to its size.",
    )
    _pools: dict[str, list[asyncio.Task]]  # Voilà's own pools (the default language), set by its subclass
    _voila_fill_if_needed: Callable[..., None]
    _voila_initialize: Callable[..., Awaitable[dict]]
    _voila_renderer: Callable[..., Any]

    def __init__(self, **kwargs):
        memtrace.install()  # a debug hook, off unless SHERIFF_TRACEMALLOC is set
        self._classroom_state()
        self.announce_key = announce_key()  # told to this server's kernels only (a class announced: growth)
        self._versioned_static = install_web_hooks_at_start(kwargs.get("parent"), self)  # before the pools start
        forking.register()  # voila.json's provisioner, whatever the installed metadata says
        rendering.install()  # templates compiled and notebooks read once, not for every page
        super().__init__(**kwargs)
        check_class_store_soon(self.log)

    def _classroom_state(self) -> None:
        self._language_pools: dict[tuple[str, str], list[asyncio.Task]] = {}  # (page, language) -> heating kernels
        self._waiting_since: dict[str, datetime] = {}  # kernel id -> when it was started or handed to a page
        self._connected_once: set[str] = set()
        self._last_request = float("-inf")  # when a page was last asked for (time.monotonic)
        self._refilling = 0  # pool kernels starting or running their page now
        self._refill_queue: list[tuple[int, int]] = []  # (priority, ticket) of the refills waiting for a slot
        self._tickets = itertools.count()
        self._wake: dict[asyncio.Task, asyncio.Event] = {}  # a pool's task a learner is waiting for
        self._evicting = 0  # pool kernels shutting down to make room for a learner's: that room is taken
        self._versioned_static = False  # whether pages ask for Voilà's scripts under its version
        self._serving = 0  # requests for a page being answered now
        self._unconnected: dict[str, float] = {}  # kernel id -> when handed to a page not connected yet
        self._changed = asyncio.Event()  # set (and replaced) when a waiting refill may go: ``_poke``
        self._learners_starting = 0  # kernels started for learners who wait, running their page now
        self._learner_queue: list[int] = []  # tickets of learners waiting for their kernel's turn
        self._queued: set[asyncio.Task] = set()  # pool tasks waiting for a refill slot (not started)
        self._pages_run = 0  # pages run by new kernels since the memory was last released
        self._asked: dict[str, collections.deque[float]] = {}  # page -> when it was asked for (burst_window)
        self._sizes: dict[str, int] = {}  # page -> its pool's size before a class grew it
        self._shrink: dict[str, asyncio.TimerHandle] = {}  # page -> when its grown pool shrinks
        self._kernel_events: Any = None  # the event logger every kernel's manager shares (pre_start_kernel)

    def __init_subclass__(cls, **kwargs):
        # Voilà builds its pooling manager as a subclass of this one (voila_kernel_manager_factory),
        # so a method it defines would hide ours: its pool methods are wrapped here instead.
        super().__init_subclass__(**kwargs)
        if cls.__module__.startswith("voila.") and cls.__name__ != "NormalKernelManager":  # Voilà's pooling one
            check_voila_pools(cls)
        if "get_rendered_notebook" in cls.__dict__ and "fill_if_needed" in cls.__dict__:
            cls._voila_fill_if_needed = cls.fill_if_needed
            cls.fill_if_needed = ClassroomKernelManager._fill_in_language
            cls.get_rendered_notebook = ClassroomKernelManager._rendered_in_language
            cls._voila_initialize = cls._initialize
            cls._initialize = ClassroomKernelManager._initialize_in_turn
            cls._voila_renderer = cls._notebook_renderer_factory
            cls._notebook_renderer_factory = ClassroomKernelManager._renderer_versioned

    def _fill_in_language(self, delay=None, notebook_name=None, extra_kernel_env_variables=None, **kwargs):
        """Voilà's refill, into the pool of the language the kernels are heated for."""
        env = dict(extra_kernel_env_variables or {})
        lang = env.setdefault(PAGE_LANGUAGE, DEFAULT)
        if lang == DEFAULT:
            return self._voila_fill_if_needed(delay, notebook_name, env, **kwargs)
        own = self._pools.get(notebook_name, [])
        self._pools[notebook_name] = self._pool(notebook_name, lang)
        try:  # fill_if_needed starts its tasks without awaiting, so nothing else sees the swap
            return self._voila_fill_if_needed(delay, notebook_name, env, **kwargs)
        finally:
            self._pools[notebook_name] = own

    def _renderer_versioned(self, notebook_path=None):
        """Voilà's renderer for a pool's page, whose scripts come from under Voilà's version."""
        renderer = self._voila_renderer(notebook_path)
        if self._versioned_static:
            versioned_static(renderer.page_config)
        return renderer

    async def _rendered_in_language(self, notebook_name: str, extra_kernel_env_variables: dict | None = None, **kwargs):
        """A kernel that has run the page in the language its address asks for (Voilà's
        ``get_rendered_notebook``, per language); the pool is refilled in that language, and grown
        when a class empties it (``_grow``)."""
        self._last_request = time.monotonic()
        self._serving += 1
        try:
            env = dict(extra_kernel_env_variables or {})
            env[PAGE_LANGUAGE] = lang = from_query(urlsplit(env.get(REQUEST_URL, "")).query)
            pool = self._pool(notebook_name, lang)
            self._grow(notebook_name, emptied=not (pool and pool[0].done()))
            if not pool:  # the first learner to ask for this page in this language
                self._fill_in_language(0, notebook_name, env, **kwargs)
            item = pool.pop(0)
            if not item.done():  # a learner waits: no queue for this one (a done task's entry would stay)
                self._wake.setdefault(item, asyncio.Event()).set()
            self._fill_in_language(None, notebook_name, env, **kwargs)
            content = await item
            if content.get("learner"):  # started for a learner: its page is sent whole, once run
                await asyncio.shield(content["task"])  # (its turn ends then: ``_learner_turn``)
        finally:
            self._serving -= 1
            self._poke()
        kernel_id = content["kernel_id"]
        content["renderer"].stop_generator = True
        self._waiting_since[kernel_id] = utcnow()
        self._unconnected[kernel_id] = time.monotonic()
        self.log.info("Using pre-heated kernel: %s for %s (%s)", kernel_id, notebook_name, lang)
        return content["task"], content["renderer"].rendered_cache, kernel_id

    def _poke(self) -> None:
        """Wake the refills (and the kernels waiting for room) to look again: a page has its
        kernel, a page connected, a kernel ended, a refill slot is free."""
        self._changed.set()
        self._changed = asyncio.Event()

    def _refill_wait(self) -> float:
        """Seconds before a refill may start (0: now; inf: until poked): once no page has been asked
        for ``refill_when_quiet`` seconds and every page handed a kernel has connected for its
        widgets (or has been given up: ``first_connection_timeout``)."""
        if self._serving:
            return math.inf
        now = time.monotonic()
        due = [self._last_request + self.refill_when_quiet]
        due += [t + self.first_connection_timeout for t in self._unconnected.values()]
        return max(0.0, max(due) - now)

    async def _initialize_in_turn(self, notebook_path: str, kernel_id: str | None = None, **kwargs):
        """Voilà's ``_initialize`` (start a pool kernel, run its page) once the refill's turn has
        come; a kernel a learner waits for goes at once."""
        me = asyncio.current_task()
        wake = self._wake.setdefault(me, asyncio.Event()) if me is not None else asyncio.Event()
        took_slot = kernel_id is None and not wake.is_set() and await self._take_slot(notebook_path, wake)
        learner = kernel_id is None and not took_slot
        if learner:  # learners' kernels start in turn, a few per core: the first served first
            await self._learner_turn()
        try:
            content = await self._voila_initialize(notebook_path, kernel_id, **kwargs)
        except BaseException:
            if took_slot or learner:
                self._free_slot(learner)
            raise
        finally:
            if me is not None:
                self._wake.pop(me, None)
        if took_slot or learner:  # the slot is free once the page has run (or the kernel was handed out)
            content["task"].add_done_callback(lambda _: self._free_slot(learner))
        content["learner"] = learner
        return content

    async def _learner_turn(self) -> None:
        """Wait until fewer than ``learner_starts`` kernels per core run their page for waiting
        learners: all thirty at once would be ready together at the end, where in turn the first
        learners are served first.  A few per core keep the cores busy while a kernel waits on the
        server (every widget it builds is a message the server reads).  A class of 30 on lesson
        05, 2 cores, pool 1 (docs/deploy.md), once a new kernel no longer waited 0.2 s before its
        page (``kernel_client``): 2 per core 1.51-1.67 s median, 3 per core 1.50-1.65 s, 4 per
        core 1.52-1.77 s, 8 per core 1.91-2.12 s."""
        ticket = next(self._tickets)
        self._learner_queue.append(ticket)
        try:
            while (
                self._learners_starting >= max(1, self.learner_starts) * self._slots()
                or self._learner_queue[0] != ticket
            ):
                await self._changed.wait()
            self._learners_starting += 1
        finally:
            self._learner_queue.remove(ticket)
            self._poke()

    async def _take_slot(self, notebook_path: str, wake: asyncio.Event) -> bool:
        """Wait for a refill slot, in page order (home page first), once the class has its pages
        (``_refill_wait``); False if a learner wants this kernel first."""
        me = (_rank(notebook_path), next(self._tickets))
        self._refill_queue.append(me)
        task = asyncio.current_task()
        if task is not None:
            self._queued.add(task)
        try:
            await asyncio.sleep(0)  # the other refills started with this one queue up first
            while not wake.is_set():
                changed, wait = self._changed, self._refill_wait()
                if not wait and self._refilling < self._slots() and min(self._refill_queue) == me:
                    self._refilling += 1
                    return True
                # no polling: woken when something changed, or when the quiet time is up
                await _first_of(wake, changed, wait if 0 < wait < math.inf else None)
            return False
        finally:
            self._refill_queue.remove(me)
            self._queued.discard(task)  # type: ignore[arg-type]
            self._poke()

    def _slots(self) -> int:
        return self.refill_slots or os.cpu_count() or 1

    def _free_slot(self, learner: bool = False) -> None:
        if learner:
            self._learners_starting -= 1
        else:
            self._refilling -= 1
        self._pages_run += 1
        self._poke()
        idle = not (self._refilling or self._refill_queue or self._learners_starting or self._serving)
        if idle and self._pages_run >= CLASS_SIZE:  # a class has come and gone, the pools are full again
            self._pages_run = 0
            asyncio.get_running_loop().call_soon(release_memory)

    def _pool(self, notebook_name: str, lang: str) -> list[asyncio.Task]:
        """The kernels heating for this page in this language (Voilà's own pool for the default)."""
        if lang == DEFAULT:
            return self._pools.setdefault(notebook_name, [])
        return self._language_pools.setdefault((notebook_name, lang), [])

    def _in_language_pool(self, kernel_id: str) -> bool:
        return any(_holds(t, kernel_id) for pool in self._language_pools.values() for t in pool)

    def pre_start_kernel(self, kernel_name, kwargs):
        """jupyter_client's, with one event logger for every kernel's manager.  Jupyter Server gives
        each its own when the application has none (Voilà has none), and so read and checked the
        kernel events' schema again for every kernel: 3 % of the server's CPU in a class."""
        km, kernel_name, kernel_id = super().pre_start_kernel(kernel_name, kwargs)
        if km.has_trait("event_logger"):
            if self._kernel_events is None:
                self._kernel_events = km.event_logger
            else:
                km.event_logger = self._kernel_events
        return km, kernel_name, kernel_id

    async def start_kernel(self, *args, **kwargs):  # type: ignore[override]  # jupyter_client types it as sync
        kwargs["extra_arguments"] = [*kwargs.get("extra_arguments", []), *KERNEL_ARGUMENTS]
        voila = self.parent
        if self._versioned_static and kwargs.get("env") is not None:  # Voilà's own server: it hears announcements
            where = announce_address(voila.ip, voila.port, voila.base_url)
            kwargs["env"] = {**kwargs["env"], launch.ANNOUNCE: f"{where} {self.announce_key}"}
        await self._make_room(kwargs.get("env") or {})
        # no await between the room found and the kernel counted (jupyter_client counts it at once)
        kernel_id = await super().start_kernel(*args, **kwargs)
        self._waiting_since[kernel_id] = utcnow()
        return kernel_id

    def _held(self) -> int:
        """Kernels running, starting or shutting down, and the room held for a learner's."""
        return len(self._kernels.keys() | self._pending_kernels.keys()) + self._evicting

    async def _make_room(self, env: dict) -> None:
        """Return once there is room for one more kernel under ``max_kernels``.  A pool's refill waits
        for it; a learner (a request, or a pool's task a learner waits for) takes an idle pool
        kernel's room, or is refused with ``ServerFull``."""
        me = asyncio.current_task()
        wake = self._wake.get(me) if me is not None else None
        while self.max_kernels and self._held() >= self.max_kernels:
            if wake is not None and not wake.is_set():  # a refill nobody waits for: until a kernel goes
                await _first_of(wake, self._changed, None)
                continue
            spare = self._idle_pool_kernel()
            if spare is None:
                lang = env.get(PAGE_LANGUAGE) or from_query(urlsplit(env.get(REQUEST_URL, "")).query)
                raise ServerFull(lang, self.max_kernels)
            page, lang, kernel_id = spare
            self.log.info(
                "Server full (%d kernels): pool kernel %s of %s (%s) makes room", self._held(), kernel_id, page, lang
            )
            self._evicting += 1
            try:
                await self.shutdown_kernel(kernel_id)  # also takes it out of its pool
            finally:
                self._evicting -= 1
            self._fill_in_language(None, page, {PAGE_LANGUAGE: lang})  # refilled when there is room

    def _idle_pool_kernel(self) -> tuple[str, str, str] | None:
        """(page, language, kernel id) of a pool kernel ready and unclaimed: another language's
        first, then the course's last pages; the home page's last."""
        pools = [((page, DEFAULT), pool) for page, pool in self._pools.items()] + list(self._language_pools.items())
        ready = [
            (lang != DEFAULT, _rank(page), page, lang, task.result()["kernel_id"])
            for (page, lang), pool in pools
            for task in pool
            if task.done() and not task.cancelled() and task.exception() is None
        ]
        return max(ready)[2:] if ready else None

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        if kernel_id in self._kernels and kernel_id not in self._connected_once:
            self._connected_once.add(kernel_id)  # the idle clock runs from the page's connection
            self._kernels[kernel_id].last_activity = utcnow()
        if self._unconnected.pop(kernel_id, None) is not None:
            self._poke()

    async def cull_kernel_if_idle(self, kernel_id: str):
        if kernel_id not in self._kernels or self._in_language_pool(kernel_id):
            return None
        if kernel_id not in self._connected_once:
            # the clock runs from the kernel's hand-out or its last work (a page still running its cells)
            since = self._waiting_since.setdefault(kernel_id, utcnow())
            try:
                since = max(since, self._kernels[kernel_id].last_activity)
            except TraitError:  # a kernel still starting has no last activity yet (it raises when read)
                pass
            waited = (utcnow() - since).total_seconds()
            if waited < self.first_connection_timeout:
                return None
            self.log.warning("Culling kernel %s: its page did not connect (%.0f s without work)", kernel_id, waited)
            return await self.shutdown_kernel(kernel_id)
        return await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, *args, **kwargs):  # type: ignore[override]  # as above
        self._forget(kernel_id)
        for pool in self._language_pools.values():
            pool[:] = [t for t in pool if not _holds(t, kernel_id)]
        return await super().shutdown_kernel(kernel_id, *args, **kwargs)

    def remove_kernel(self, kernel_id: str):
        try:  # every way a kernel leaves the server's list (a shutdown, a kernel found dead)
            return super().remove_kernel(kernel_id)
        finally:
            self._forget(kernel_id)
            self._poke()  # room for a refill waiting for it

    def _forget(self, kernel_id: str) -> None:
        """Drop what the server keeps per kernel once the kernel is gone: ours, and what Voilà and
        Jupyter Server keep by kernel id and forget only on a shutdown they ran (not for a kernel
        found dead), or never (Voilà's request details for a page that never asked for them)."""
        self._waiting_since.pop(kernel_id, None)
        self._connected_once.discard(kernel_id)
        self._unconnected.pop(kernel_id, None)
        for record in PER_KERNEL_RECORDS:
            record.pop(kernel_id, None)
        if kernel_id not in self._kernels:  # Jupyter Server's (a kernel shutting down keeps them until gone)
            self._kernel_connections.pop(kernel_id, None)
            self._kernel_ports.pop(kernel_id, None)
            buffered = self._kernel_buffers.pop(kernel_id, None)  # (stop_buffering wants a live kernel)
            for stream in (buffered or {}).get("channels", {}).values():
                stream.close()  # the streams that buffered a left page's messages
        for data in getattr(self, "notebook_data", {}).values():  # Voilà's pages, by kernel
            data["kernel_ids"].discard(kernel_id)

    async def shutdown_all(self, *args, **kwargs):  # type: ignore[override]  # as above
        # Voilà's subclass waits for its own pools' kernels; a kernel of a language pool still
        # starting is let start, so that the shutdown below reaches it too.
        pools, self._language_pools = self._language_pools, {}
        for event in self._wake.values():  # refills still waiting for their turn go now
            event.set()
        for task in (t for pool in pools.values() for t in pool):
            with contextlib.suppress(Exception):
                await task
        return await super().shutdown_all(*args, **kwargs)


# The pool methods wrapped above, as Voilà 0.5 defines them (the parameters after ``self``).
VOILA_POOL_METHODS = {
    "get_rendered_notebook": ["notebook_name", "extra_kernel_env_variables", "kwargs"],
    "fill_if_needed": ["delay", "notebook_name", "extra_kernel_env_variables", "kwargs"],
    "_initialize": ["notebook_path", "kernel_id", "kwargs"],  # wrapped too: refills take turns
    "_notebook_renderer_factory": ["notebook_path"],  # and its pages' scripts come from under its version
}


def check_voila_pools(cls: type) -> None:
    """Refuse to start (rather than serve without pools per language) if Voilà's pooling kernel
    manager no longer has the methods wrapped here, or takes other parameters."""
    for name, params in VOILA_POOL_METHODS.items():
        method = cls.__dict__.get(name)
        found = list(inspect.signature(method).parameters)[1:] if callable(method) else None
        if found != params:
            raise RuntimeError(
                f"sheriff.serving: Voilà's {cls.__name__}.{name} is "
                + ("missing" if found is None else f"{name}({', '.join(found)})")
                + f" where the tutor expects {name}({', '.join(params)}): this Voilà is not one its pools per language "
                "were written for (voila>=0.5,<0.6, constraints.txt). Install that, or serve without "
                "preheated kernels (--VoilaConfiguration.preheat_kernel=False)."
            )


async def _first_of(a: asyncio.Event, b: asyncio.Event, timeout: float | None) -> None:
    """Return when either event is set, or after ``timeout`` seconds (None: no limit)."""
    waits = [asyncio.ensure_future(a.wait()), asyncio.ensure_future(b.wait())]
    try:
        await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for w in waits:
            w.cancel()


def _rank(notebook_path: str) -> int:
    """A page's place for refills: the home page first, then the course's order, others last."""
    name = os.path.basename(notebook_path)
    page = position(name)
    return -1 if name == HOME_PAGE else 999 if page is None else page


# What a learner reads when the server is full (share/jupyter/voila/templates/sheriff/503.html).
FULL_WORDS = {
    "title": N_("The tutor is full"),
    "text": N_(
        "This server already runs as many pages of the tutor as its teacher allowed ({most}), so this "
        "page cannot open now. Close the tutor's tabs you no longer use, wait a minute and try again; "
        "if it happens again, tell your teacher."
    ),
    "again": N_("Try again"),
}


class ServerFull(HTTPError):
    """The server holds ``max_kernels`` kernels and none is free: a 503 page in the learner's
    language (``words``), and one line in the server's log."""

    def __init__(self, lang: str, most: int) -> None:
        super().__init__(503, "the server holds %d kernels, as many as --max-kernels allows", most)
        self.lang = lang
        words = catalog(lang)
        self.words = {key: words.gettext(text).format(most=most) for key, text in FULL_WORDS.items()}


def _holds(task: asyncio.Task, kernel_id: str) -> bool:
    """Whether a pool's task has started this kernel (a task still starting holds none yet)."""
    return (
        task.done()
        and not task.cancelled()
        and task.exception() is None
        and task.result().get("kernel_id") == kernel_id
    )
