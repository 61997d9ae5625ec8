"""How a page's pool is sized for a class (``ClassroomKernelManager``'s rules, kept pure so that
tests can state them), and the address through which a page announces a class.

A pool grows two ways.  A burst: learners who find a page's pool empty grow it to as many
kernels as learners asked for the page within ``burst_window`` seconds (``burst_size``,
``grown_size``), so the rest of the class, latecomers and the next class find kernels ready.
An announcement: when a teacher creates a class room for N students, the teacher's kernel asks
the server (``sheriff.launch.ANNOUNCE``, ``AnnounceHandler``) to have N kernels ready on the student page before
the class arrives (``announced_size``).  Either way at most ``grow_pools`` kernels, and the pool
returns to its size ``shrink_after`` seconds after the page was last asked for.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import ctypes
import gc
import hmac
import os
import secrets
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from tornado.web import HTTPError, RequestHandler

from sheriff.i18n import DEFAULT, normalize
from sheriff.widgets.language import PAGE_LANGUAGE

ANNOUNCE_PATH = "sheriff/announce"  # under the server's base URL


def burst_size(asked: collections.deque[float], now: float, window: float) -> int:
    """Requests for a page within the last ``window`` seconds, ``now`` among them (older times
    leave ``asked``)."""
    asked.append(now)
    while asked[0] < now - window:
        asked.popleft()
    return len(asked)


def grown_size(size: int, asked: int, most: int, emptied: bool) -> int | None:
    """The size a pool of ``size`` grows to when ``asked`` learners asked for its page within the
    burst window, or None: it grows only when a learner found it empty (a class arriving, not
    learners one after another), never past ``most`` (0: pools keep their size)."""
    if not emptied or not most or asked <= size or size >= most:
        return None
    return min(asked, most)


def announced_size(size: int, learners: int, most: int) -> int | None:
    """The size a pool of ``size`` grows to for a class of ``learners`` announced before it
    arrives, or None (as large already, or pools keep their size)."""
    wanted = min(learners, most)
    return wanted if wanted > size else None


def announce_key() -> str:
    """The server's secret for announcements: its own kernels are told it (``sheriff.launch.ANNOUNCE``), nobody else."""
    return secrets.token_urlsafe(24)


def announce_address(ip: str, port: int, base_url: str) -> str:
    """Where the server's kernels reach it (on the machine itself when it listens everywhere)."""
    host = {"": "127.0.0.1", "0.0.0.0": "127.0.0.1", "*": "127.0.0.1", "::": "::1"}.get(ip, ip)
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}{base_url.rstrip('/')}/{ANNOUNCE_PATH}"


class AnnounceHandler(RequestHandler):
    """``POST <base>/sheriff/announce`` (page, learners, lang, key): a kernel of this server asks
    for ``learners`` kernels ready on ``page``.  The key is the server's own (given to its kernels
    only), so no login and no XSRF cookie: a learner's browser cannot grow a pool."""

    def initialize(self, manager, key: str) -> None:
        self.manager, self.key = manager, key

    def check_xsrf_cookie(self) -> None:  # the key is the proof (a kernel has no cookie)
        return None

    def post(self) -> None:
        if not hmac.compare_digest(self.get_body_argument("key", ""), self.key):
            raise HTTPError(403)
        try:
            learners = int(self.get_body_argument("learners"))
        except ValueError:
            raise HTTPError(400) from None
        page, lang = self.get_body_argument("page"), normalize(self.get_body_argument("lang", DEFAULT))
        if not self.manager.expect_class(page, learners, lang):
            raise HTTPError(404)
        self.set_status(204)


class PoolGrowth:
    """The pools' growth for ``ClassroomKernelManager`` (its state: ``_asked``, ``_sizes``, ``_shrink``)."""

    # what the kernel manager provides (its traits, its pools, Voilà's refill and Jupyter's shutdown)
    burst_window: float
    grow_pools: int
    shrink_after: float
    log: Any
    _asked: dict[str, collections.deque[float]]
    _sizes: dict[str, int]
    _shrink: dict[str, asyncio.TimerHandle]
    _pools: dict[str, list[asyncio.Task]]
    _language_pools: dict[tuple[str, str], list[asyncio.Task]]
    _queued: set[asyncio.Task]
    _fill_in_language: Callable[..., Any]
    shutdown_kernel: Callable[..., Awaitable[Any]]

    def _grow(self, page: str, emptied: bool) -> None:
        """Count a request for ``page``; a learner who found its pool empty grows it (``grown_size``),
        refilled once the class has its widgets."""
        asked = burst_size(self._asked.setdefault(page, collections.deque()), time.monotonic(), self.burst_window)
        grown = grown_size(self._pool_size(page), asked, self.grow_pools, emptied)
        if grown is not None:
            self.log.info("A class opens %s: its pool grows from %d to %d kernels", page, self._pool_size(page), grown)
            self._resize(page, grown)
        if page in self._sizes:
            self._shrink_later(page)

    def expect_class(self, page: str, learners: int, lang: str = DEFAULT) -> bool:
        """A class of ``learners`` is coming to ``page`` (a class room was created): its pool grows
        to that size now (``announced_size``) and fills; False for a page this server does not serve."""
        page = os.path.basename(page)
        if not (Path(getattr(self, "root_dir", "")) / page).is_file() or learners < 1:
            return False
        grown = announced_size(self._pool_size(page), learners, self.grow_pools)
        if grown is not None:
            self.log.info("A class of %d is announced on %s: its pool grows to %d kernels", learners, page, grown)
            self._resize(page, grown)
            self._fill_in_language(None, page, {PAGE_LANGUAGE: lang})
        if page in self._sizes:
            self._shrink_later(page)
        return True

    def _resize(self, page: str, size: int) -> None:
        self._sizes.setdefault(page, self._pool_size(page))
        config: dict = dict(getattr(self, "kernel_pools_config", {}))  # Voilà's trait (mypy cannot see it)
        config[page] = {**config.get(page, config.get("default", {})), "pool_size": size}
        self.kernel_pools_config = config

    def _shrink_later(self, page: str) -> None:
        if page in self._shrink:
            self._shrink[page].cancel()
        self._shrink[page] = asyncio.get_running_loop().call_later(self.shrink_after, self._shrink_pool, page)

    def _pool_size(self, page: str) -> int:
        config = getattr(self, "kernel_pools_config", {})  # Voilà's pooling manager's (none without pools)
        return int(config.get(page, config.get("default", {})).get("pool_size", 1))

    def _shrink_pool(self, page: str) -> None:
        """The class has gone: the page's pool returns to its size; its extra kernels end once ready."""
        self._shrink.pop(page, None)
        size = self._sizes.pop(page, None)
        if size is None:
            return
        config: dict = dict(getattr(self, "kernel_pools_config", {}))
        config[page] = {**config[page], "pool_size": size}
        self.kernel_pools_config = config
        pools = [self._pools.get(page, []), *(p for (name, _lang), p in self._language_pools.items() if name == page)]
        extra = [task for pool in pools for task in pool[size:]]
        self.log.info("The class has left %s: its pool shrinks to %d kernels (%d end)", page, size, len(extra))
        for pool in pools:
            del pool[size:]
        for task in extra:
            if task in self._queued:  # never started: nothing to end
                task.cancel()
        asyncio.ensure_future(self._end_pool_kernels(extra))

    async def _end_pool_kernels(self, extra: list[asyncio.Task]) -> None:
        """End a shrunk pool's extra kernels once ready, then hand back the memory their pages held
        in the server (each kept page: its executed notebook and rendered cells)."""
        ready = await asyncio.gather(*extra, return_exceptions=True)
        kernel_ids = [content["kernel_id"] for content in ready if isinstance(content, dict)]
        await asyncio.gather(*(self.shutdown_kernel(k) for k in kernel_ids), return_exceptions=True)
        del extra[:], ready
        release_memory()


def release_memory() -> None:
    """Hand the memory that a class's pages used back to the system.  Thirty pages rendered at once
    grew the server by ~110 MB that the C allocator kept for reuse after they had gone (and 60 by
    ~150 MB): collect the cycles they left, then ask glibc to return its free pages (no-op
    elsewhere)."""
    gc.collect()
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)
