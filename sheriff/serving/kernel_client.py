"""The client through which the server runs a page in a kernel (voila.json's ``KernelManager.client_factory``).

jupyter_client's ``wait_for_ready`` (8.x) asks for the kernel's info until a reply and one IOPub
message have come, then reads IOPub until it has been silent for 0.2 s (jupyter_client#592 and
#593: a subscriber misses what the kernel publishes before it has joined).  Voilà waits so
before every page it runs in a new kernel, so each such page (a learner who found the pool
empty, every pool refill) waited 0.2-0.4 s doing nothing: on a server alone, lesson 05 opened
in a new kernel took 0.31-0.34 s, and 0.09-0.11 s without the silence.

``ReadyKernelClient`` waits for the same two proofs, but by the message ids: the reply to its own
request, then that request's ``idle`` status on IOPub, which the kernel publishes after everything
the request made it publish.  IOPub is then connected and read up to date, and nothing is left
to wait out.  When that ``idle`` does not come within ``IOPUB_JOIN_S`` of the reply, IOPub joined
too late to hear it: its first connection was tried before the new kernel listened, and ZeroMQ
tries again only 0.1 s later (in four starts out of ten on this machine).  The reply proves the
kernel listens now, so IOPub connects again at once and the request is sent again.  Lesson 05 in
a new kernel, server alone: 0.09-0.12 s median, 0.27 s at most (two runs of 20 starts).

It also opens only what the server reads while it runs a page (nbclient reads replies and
outputs): the shell and IOPub channels, not stdin, control and the heartbeat (a thread of its
own per page, where the server knows from the process whether its kernel lives), on the
server's one ZeroMQ context, not a context of its own per page (each with its I/O threads).
"""

from __future__ import annotations

import math
import time
from queue import Empty
from typing import Any

import zmq.asyncio
from jupyter_client.asynchronous import AsyncKernelClient
from traitlets import default

REPLY_WAIT_S = 1.0  # a kernel info request unanswered this long is sent again (as jupyter_client does)
IOPUB_JOIN_S = 0.02  # the request's idle status not heard this long after its reply: IOPub joined too late


class ReadyKernelClient(AsyncKernelClient):
    """An async kernel client whose ``wait_for_ready`` ends as soon as the kernel is proven ready,
    on the kernel manager's context, with the shell and IOPub channels unless asked for more."""

    @default("context")
    def _context_default(self) -> zmq.asyncio.Context:
        shared = getattr(self.parent, "context", None)  # the server's kernel managers share theirs
        if isinstance(shared, zmq.asyncio.Context) and not shared.closed:
            return shared  # not ours to destroy (``_created_context`` stays False)
        return super()._context_default()

    def start_channels(
        self, shell: bool = True, iopub: bool = True, stdin: bool = False, hb: bool = False, control: bool = False
    ) -> None:
        super().start_channels(shell=shell, iopub=iopub, stdin=stdin, hb=hb, control=control)

    def stop_channels(self) -> None:
        """Stop the channels opened (jupyter_client's would open the others to ask whether they run)."""
        for name in ("shell", "iopub", "stdin", "hb", "control"):
            channel = getattr(self, f"_{name}_channel")
            if channel is not None and channel.is_alive():
                channel.stop()
        if self._created_context and not self.context.closed:
            self.context.destroy(linger=100)

    async def wait_for_ready(self, timeout: float | None = None) -> None:  # type: ignore[override]
        """Return once the kernel has answered a kernel info request on the shell channel and
        published that request's ``idle`` status on IOPub; RuntimeError if it dies first or
        ``timeout`` seconds pass (None: no limit)."""
        deadline = time.monotonic() + (math.inf if timeout is None else timeout)
        while True:
            request = self.kernel_info()
            reply = await self._message(self.shell_channel, request, "kernel_info_reply", deadline, REPLY_WAIT_S)
            if reply is not None:
                if await self._message(self.iopub_channel, request, "status", deadline, IOPUB_JOIN_S):
                    self._handle_kernel_info_reply(reply)
                    self._heard_idle()
                    return
                self._reconnect_iopub()
            if not await self.is_alive():
                raise RuntimeError("Kernel died before replying to kernel_info")
            if time.monotonic() > deadline:
                raise RuntimeError(f"Kernel didn't respond in {timeout:.0f} seconds")

    def _heard_idle(self) -> None:
        """Tell the kernel's manager what this client heard: the kernel is idle.  Jupyter Server
        learns a kernel's state from its own IOPub connection, opened as the kernel starts and so
        as late as ours; until it hears a status the kernel is "starting", and a page's
        connection to the kernel waits in steps of 0.05 s for that to change (a page opened on a
        quiet server waited up to 0.2 s more)."""
        manager = self.parent
        if manager is not None and getattr(manager, "execution_state", None) == "starting":
            manager.execution_state = "idle"

    def _reconnect_iopub(self) -> None:
        """Connect IOPub again, now that the kernel has answered, so listens: its first connection
        was tried before the kernel listened, and ZeroMQ tries again only 0.1 s later."""
        channel = self._iopub_channel
        if channel is not None:
            channel.close()
            self._iopub_channel = None
            self.iopub_channel.start()

    @staticmethod
    async def _message(channel: Any, request: str, kind: str, deadline: float, wait: float) -> dict | None:
        """The first message on ``channel`` answering ``request`` that is of ``kind`` (a status: the
        ``idle`` one), reading past the others; None if none comes within ``wait`` seconds."""
        until = min(deadline, time.monotonic() + wait)
        while (left := until - time.monotonic()) > 0:
            try:
                msg = await channel.get_msg(timeout=left)
            except Empty:
                return None
            if msg["parent_header"].get("msg_id") != request or msg["msg_type"] != kind:
                continue  # an older request's reply, or what the kernel published before
            if kind != "status" or msg["content"].get("execution_state") == "idle":
                return msg
        return None
