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
closed or reloaded normally asks for the shutdown itself.)  But a page that has not connected
*yet* is not gone: Voilà hands out a preheated kernel, or runs a lesson, before the browser has
loaded the page's scripts, which takes a minute or more when a whole class arrives at once on a
small server.  Such a kernel waits up to ``first_connection_timeout`` seconds for its page.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
from collections.abc import Callable
from datetime import timedelta
from urllib.parse import urlsplit

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float

from sheriff.i18n import DEFAULT
from sheriff.widgets.language import PAGE_LANGUAGE, from_query

REQUEST_URL = "VOILA_REQUEST_URL"  # Voilà passes the page's full address to the pool's refill


class ClassroomKernelManager(AsyncMappingKernelManager):
    first_connection_timeout = Float(
        300, config=True, help="Seconds a kernel out of the pool waits for its page to connect before it is culled."
    )
    _pools: dict[str, list[asyncio.Task]]  # Voilà's own pools (the default language), set by its subclass
    _voila_fill_if_needed: Callable[..., None]

    def __init__(self, **kwargs):
        self._language_pools: dict[tuple[str, str], list[asyncio.Task]] = {}  # (page, language) -> heating kernels
        super().__init__(**kwargs)
        self._first_seen: dict = {}  # kernel id -> when the culler first saw it out of the pool
        self._connected_once: set[str] = set()

    def __init_subclass__(cls, **kwargs):
        # Voilà builds its pooling manager as a subclass of this one (voila_kernel_manager_factory),
        # so a method it defines would hide ours: its two pool methods are wrapped here instead.
        super().__init_subclass__(**kwargs)
        if cls.__module__.startswith("voila.") and cls.__name__ != "NormalKernelManager":  # Voilà's pooling one
            check_voila_pools(cls)
        if "get_rendered_notebook" in cls.__dict__ and "fill_if_needed" in cls.__dict__:
            cls._voila_fill_if_needed = cls.fill_if_needed
            cls.fill_if_needed = ClassroomKernelManager._fill_in_language
            cls.get_rendered_notebook = ClassroomKernelManager._rendered_in_language

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

    async def _rendered_in_language(self, notebook_name: str, extra_kernel_env_variables: dict | None = None, **kwargs):
        """A kernel that has run the page in the language its address asks for (Voilà's
        ``get_rendered_notebook``, per language); the pool is refilled in that language."""
        env = dict(extra_kernel_env_variables or {})
        env[PAGE_LANGUAGE] = lang = from_query(urlsplit(env.get(REQUEST_URL, "")).query)
        pool = self._pool(notebook_name, lang)
        if not pool:  # the first learner to ask for this page in this language
            self._fill_in_language(0, notebook_name, env, **kwargs)
        content = await pool.pop(0)
        content["renderer"].stop_generator = True
        self.log.info("Using pre-heated kernel: %s for %s (%s)", content["kernel_id"], notebook_name, lang)
        self._fill_in_language(None, notebook_name, env, **kwargs)
        return content["task"], content["renderer"].rendered_cache, content["kernel_id"]

    def _pool(self, notebook_name: str, lang: str) -> list[asyncio.Task]:
        """The kernels heating for this page in this language (Voilà's own pool for the default)."""
        if lang == DEFAULT:
            return self._pools.setdefault(notebook_name, [])
        return self._language_pools.setdefault((notebook_name, lang), [])

    def _in_language_pool(self, kernel_id: str) -> bool:
        return any(_holds(t, kernel_id) for pool in self._language_pools.values() for t in pool)

    async def cull_kernel_if_idle(self, kernel_id: str):
        if kernel_id not in self._kernels or self._in_language_pool(kernel_id):
            return None
        now = utcnow()
        if self._kernel_connections.get(kernel_id, 0):
            self._connected_once.add(kernel_id)
        if kernel_id not in self._connected_once:
            first = self._first_seen.setdefault(kernel_id, now)
            if now - first < timedelta(seconds=self.first_connection_timeout):
                return None
        elif kernel_id in self._first_seen:
            # the page came: the usual idle clock runs from its connection, not from the pool
            del self._first_seen[kernel_id]
            self._kernels[kernel_id].last_activity = max(self._kernels[kernel_id].last_activity, now)
            return None
        return await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, *args, **kwargs):  # type: ignore[override]  # jupyter_client types it as sync
        self._first_seen.pop(kernel_id, None)
        self._connected_once.discard(kernel_id)
        for pool in self._language_pools.values():
            pool[:] = [t for t in pool if not _holds(t, kernel_id)]
        return await super().shutdown_kernel(kernel_id, *args, **kwargs)

    async def shutdown_all(self, *args, **kwargs):  # type: ignore[override]  # as above
        # Voilà's subclass waits for its own pools' kernels; a kernel of a language pool still
        # starting is let start, so that the shutdown below reaches it too.
        pools, self._language_pools = self._language_pools, {}
        for task in (t for pool in pools.values() for t in pool):
            with contextlib.suppress(Exception):
                await task
        return await super().shutdown_all(*args, **kwargs)


# The pool methods wrapped above, as Voilà 0.5 defines them (the parameters after ``self``).
VOILA_POOL_METHODS = {
    "get_rendered_notebook": ["notebook_name", "extra_kernel_env_variables", "kwargs"],
    "fill_if_needed": ["delay", "notebook_name", "extra_kernel_env_variables", "kwargs"],
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


def _holds(task: asyncio.Task, kernel_id: str) -> bool:
    """Whether a pool's task has started this kernel (a task still starting holds none yet)."""
    return (
        task.done()
        and not task.cancelled()
        and task.exception() is None
        and task.result().get("kernel_id") == kernel_id
    )
