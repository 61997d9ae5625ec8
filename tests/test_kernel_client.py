"""The client the server runs pages through (sheriff/serving/kernel_client.py): ready once the kernel
has answered its own kernel info request and published that request's idle status, with no
silence waited out; an older answer or an unheard status is read past or asked again; a dead or
silent kernel is an error; it opens the shell and IOPub channels only, on its kernel manager's
context; and the server is configured to use it."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from queue import Empty

import pytest
from jupyter_client import AsyncKernelManager
from traitlets.config import Config, Configurable

from sheriff.serving import kernel_client
from sheriff.serving.kernel_client import ReadyKernelClient

ROOT = Path(__file__).resolve().parents[1]
CHANNELS = ("shell", "iopub", "stdin", "hb", "control")


def message(kind: str, parent: str | None, state: str | None = None) -> dict:
    content = {"execution_state": state} if state else {"protocol_version": "5.3"}
    return {"msg_type": kind, "parent_header": {"msg_id": parent} if parent else {}, "content": content}


class Channel:
    """A channel whose messages are given per request sent (``answers[n]``: what the n-th request
    makes the kernel send on it); it records how long each read was prepared to wait."""

    def __init__(self, client: FakeClient, answers: list[list[dict]]) -> None:
        self.client, self.answers, self.waits = client, answers, []
        self.queued: list[dict] = []

    async def get_msg(self, timeout: float | None = None) -> dict:
        self.waits.append(timeout)
        if not self.queued:
            raise Empty
        return self.queued.pop(0)


class FakeClient(ReadyKernelClient):
    """``wait_for_ready`` on channels played from a script: request n is answered by the n-th
    entries of ``shell`` and ``iopub`` (each message names its request as ``"#n"`` or an older one)."""

    def __init__(self, shell: list[list[dict]], iopub: list[list[dict]], alive: bool = True) -> None:
        super().__init__()
        self._shell = Channel(self, shell)
        self._iopub = Channel(self, iopub)
        self.sent = 0
        self.alive = alive
        self.handled: list[dict] = []
        self.reconnected = 0

    @property
    def shell_channel(self):  # type: ignore[override]
        return self._shell

    @property
    def iopub_channel(self):  # type: ignore[override]
        return self._iopub

    def kernel_info(self) -> str:  # type: ignore[override]
        request = f"#{self.sent}"
        for channel in (self._shell, self._iopub):
            if self.sent < len(channel.answers):
                channel.queued += channel.answers[self.sent]
        self.sent += 1
        return request

    async def is_alive(self) -> bool:  # type: ignore[override]
        return self.alive

    def _handle_kernel_info_reply(self, msg: dict) -> None:
        self.handled.append(msg)

    def _reconnect_iopub(self) -> None:
        self.reconnected += 1


def run(coro):
    return asyncio.run(coro)


def test_ready_at_the_request_s_idle_status_without_reading_further():
    later = message("stream", None)  # something the kernel publishes afterwards: never waited for
    client = FakeClient(
        shell=[[message("kernel_info_reply", "#0")]],
        iopub=[
            [
                message("status", None, "starting"),
                message("status", "#0", "busy"),
                message("status", "#0", "idle"),
                later,
            ]
        ],
    )
    run(client.wait_for_ready(timeout=10))
    assert client.sent == 1
    assert [m["parent_header"] for m in client.handled] == [{"msg_id": "#0"}]
    assert client.iopub_channel.queued == [later]  # read up to the idle status, and not one message more
    assert len(client.iopub_channel.waits) == 3


class Manager(Configurable):
    execution_state = "starting"


@pytest.mark.parametrize(("before", "after"), [("starting", "idle"), ("busy", "busy"), ("idle", "idle")])
def test_a_kernel_heard_idle_is_idle_for_its_manager_too(before, after):
    client = FakeClient(shell=[[message("kernel_info_reply", "#0")]], iopub=[[message("status", "#0", "idle")]])
    client.parent = manager = Manager()
    manager.execution_state = before
    run(client.wait_for_ready(timeout=10))
    assert manager.execution_state == after  # Jupyter Server's state, which a page's connection waits on


def test_an_older_reply_is_read_past_and_an_unheard_status_asks_again():
    client = FakeClient(
        shell=[[], [message("kernel_info_reply", "#0"), message("kernel_info_reply", "#1")], []],
        # IOPub joined too late for request 1's status; request 2's is heard
        iopub=[[], [], [message("status", "#2", "busy"), message("status", "#2", "idle")]],
    )
    client._shell.answers[2] = [message("kernel_info_reply", "#2")]
    run(client.wait_for_ready(timeout=10))
    assert client.sent == 3
    assert client.reconnected == 1  # IOPub connected again once the kernel had answered (request 1)
    assert [m["parent_header"]["msg_id"] for m in client.handled] == ["#2"]
    # each wait for a reply was bounded as jupyter_client bounds it, each wait for the status as well
    assert max(w for w in client.shell_channel.waits) <= kernel_client.REPLY_WAIT_S
    assert max(w for w in client.iopub_channel.waits) <= kernel_client.IOPUB_JOIN_S


def test_a_kernel_that_died_or_never_answers_is_an_error():
    dead = FakeClient(shell=[[]], iopub=[[]], alive=False)
    with pytest.raises(RuntimeError, match="died"):
        run(dead.wait_for_ready(timeout=10))
    silent = FakeClient(shell=[], iopub=[])
    with pytest.raises(RuntimeError, match="didn't respond"):
        run(silent.wait_for_ready(timeout=0.05))


def test_a_real_kernel_is_ready_with_nothing_of_the_handshake_left_on_iopub_and_two_channels_open():
    async def scenario():
        km = AsyncKernelManager(kernel_name="python3", client_factory=ReadyKernelClient)
        await km.start_kernel(env=dict(os.environ), cwd=str(ROOT))
        kc = km.client()
        assert isinstance(kc, ReadyKernelClient)
        kc.start_channels()
        opened = {name: getattr(kc, f"_{name}_channel") is not None for name in CHANNELS}
        try:
            await kc.wait_for_ready(timeout=120)
            request = kc.execute("print(6 * 7)")
            first = await kc.get_iopub_msg(timeout=30)
            printed = []
            msg = first
            while not (msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle"):
                if msg["msg_type"] == "stream":
                    printed.append(msg["content"]["text"])
                msg = await kc.get_iopub_msg(timeout=30)
            # IOPub connected again (as when it joined too late): a new socket that hears the kernel
            old = kc.iopub_channel
            kc._reconnect_iopub()
            assert kc.iopub_channel is not old and old.socket is None
            await kc.wait_for_ready(timeout=30)  # hears the kernel (a subscription may take a moment)
            again = kc.execute("print('again')")
            while (msg := await kc.get_iopub_msg(timeout=30))["msg_type"] != "stream":
                pass
            assert msg["parent_header"]["msg_id"] == again and msg["content"]["text"] == "again\n"
            return request, first, "".join(printed), opened
        finally:
            kc.stop_channels()
            # the manager's context, still open for the server's other kernels; nothing opened to be stopped
            assert kc.context is km.context and not km.context.closed
            assert all(getattr(kc, f"_{name}_channel") is None for name in CHANNELS if not opened[name])
            await km.shutdown_kernel(now=True)

    request, first, printed, opened = run(scenario())
    assert opened == {"shell": True, "iopub": True, "stdin": False, "hb": False, "control": False}
    # the first message after readiness is the new request's own: the handshake's were all read
    assert first["parent_header"]["msg_id"] == request
    assert first["content"]["execution_state"] == "busy"
    assert printed == "42\n"


def test_the_server_s_kernels_are_run_through_this_client():
    settings = json.loads((ROOT / "voila.json").read_text())
    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

    km = ServerKernelManager(config=Config(settings))
    assert km.client_factory is ReadyKernelClient
    name = "sheriff.serving.kernel_client.ReadyKernelClient"
    assert settings["KernelManager"]["client_factory"] == name  # Voilà's own server
    assert f'["client_factory"] = "{name}"' in (ROOT / "binder" / "postBuild").read_text()  # Binder's
