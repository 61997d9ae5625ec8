"""The Voilà server's kernel manager (named in voila.json); imported by the server, never by lessons.

A learner's kernel is culled ``cull_idle_timeout`` seconds (voila.json: 45) after its page went
away without saying goodbye (no connection, no work): a crashed browser, a closed laptop.  (A tab
closed or reloaded normally asks for the shutdown itself.)  But a page that has not connected
*yet* is not gone: Voilà hands out a preheated kernel, or runs a lesson, before the browser has
loaded the page's scripts, which takes a minute or more when a whole class arrives at once on a
small server.  Such a kernel waits up to ``first_connection_timeout`` seconds for its page.
"""
from __future__ import annotations

from datetime import timedelta

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float


class ClassroomKernelManager(AsyncMappingKernelManager):
    first_connection_timeout = Float(
        300, config=True, help="Seconds a kernel out of the pool waits for its page to connect before it is culled.")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._first_seen: dict = {}       # kernel id -> when the culler first saw it out of the pool
        self._connected_once: set[str] = set()

    async def cull_kernel_if_idle(self, kernel_id: str):
        if kernel_id not in self._kernels:
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
        return await super().shutdown_kernel(kernel_id, *args, **kwargs)
