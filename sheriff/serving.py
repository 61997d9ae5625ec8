"""The Voilà server's kernel manager (named in voila.json); imported by the server, never by lessons.

Voilà hands a learner a preheated kernel that may have waited in its pool for an hour.  Until the
page connects to it (a second or two later) it has no connection and an old ``last_activity``, so
the idle culler could take it from under the learner.  The first time the culler looks at a kernel
out of the pool, its clock starts then; afterwards the usual rule holds (idle, unconnected, not busy
for ``cull_idle_timeout`` seconds: a tab closed without saying goodbye).
"""
from __future__ import annotations

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager


class ClassroomKernelManager(AsyncMappingKernelManager):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._clock_started: set[str] = set()

    async def cull_kernel_if_idle(self, kernel_id: str):
        if kernel_id not in self._clock_started and kernel_id in self._kernels:
            self._clock_started.add(kernel_id)
            self._kernels[kernel_id].last_activity = utcnow()
            return None
        return await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, *args, **kwargs):
        self._clock_started.discard(kernel_id)
        return await super().shutdown_kernel(kernel_id, *args, **kwargs)
