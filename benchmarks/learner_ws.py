"""A learner without a browser: open a Voilà page and play it over the kernel's websocket the way
the page's widget manager does (ipywidgets 8): ask for every widget's state, then click buttons.

    page = await LearnerPage.open("http://127.0.0.1:8866/", "05_inspection.ipynb")
    states = await page.widget_states()               # {model id: state}
    ms = await page.click(page.buttons("Next")[0])    # seconds until the kernel has handled it
    await page.leave()                                # as a closing tab: the kernel is shut down

Stdlib + Tornado (Voilà's own web server library).  It speaks Jupyter's JSON websocket protocol
(no subprotocol asked for), sends what Chromium sends (``kernel_info_request``, then a
``jupyter.widget.control`` comm asking for ``request_states``, then ``custom`` click messages on
a button's comm), and leaves as the page template does (``/voila/api/shutdown/<kernel>`` with the
``_xsrf`` cookie as its token).  Used by ``classroom.py --browserless`` and ``class_game.py``.
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import time
import uuid
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect
from wsclient import SUBPROTOCOL, _pack, _unpack

CONFIG = re.compile(rb'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S)
CONTROL_PROTOCOL = "1.0.0"  # the widget control comm's version, as ipywidgets 8 checks it
TIMEOUT_S = 300.0  # a learner who waited five minutes has given up
# tornado's client runs 10 requests at once and fails the others after 20 s in its queue: thirty
# learners arriving at once must all reach the server, as thirty browsers would.
AsyncHTTPClient.configure(None, max_clients=1000)


def _decode(frame: str | bytes) -> dict:
    """A kernel message from a websocket frame in the v1 binary protocol (``wsclient._unpack``)."""
    return _unpack(frame) if isinstance(frame, bytes) else json.loads(frame)


@dataclass
class LearnerPage:
    base_url: str  # the server, ending in "/"
    notebook: str
    kernel_id: str
    page_s: float  # from asking for the page until it had arrived whole
    started: float  # time.monotonic() when the page was asked for
    session: str = field(default_factory=lambda: uuid.uuid4().hex)
    xsrf: str = field(default_factory=lambda: secrets.token_hex(16))
    states: dict[str, dict] = field(default_factory=dict)
    marks: dict[str, float] = field(default_factory=dict)  # step -> time.monotonic() when it was done
    _ws: WebSocketClientConnection | None = None
    _waiting: dict[str, asyncio.Future] = field(default_factory=dict)  # msg id -> future of its idle status
    _replies: dict[str, list[dict]] = field(default_factory=dict)  # msg id -> iopub messages it caused
    _reader: asyncio.Task | None = None

    @classmethod
    async def open(cls, base_url: str, notebook: str, query: dict | None = None) -> LearnerPage:
        """Ask for the page (``voila/render/<notebook>``) as a browser's navigation does."""
        url = f"{base_url}voila/render/{notebook}" + (f"?{urlencode(query)}" if query else "")
        t0 = time.monotonic()
        r = await AsyncHTTPClient().fetch(
            HTTPRequest(url, request_timeout=TIMEOUT_S, connect_timeout=TIMEOUT_S, decompress_response=True),
            raise_error=True,
        )
        page_s = time.monotonic() - t0
        m = CONFIG.search(r.body)
        if not m:
            raise RuntimeError(f"{notebook}: no page configuration in the answer ({r.code})")
        return cls(base_url, notebook, json.loads(m.group(1))["kernelId"], page_s, t0)

    async def fetch_files(self, addresses: list[str], at_once: int = 6) -> None:
        """Fetch the page's scripts and styles as a browser on its first visit does (six at a time,
        as browsers do per server over HTTP/1.1), before it can open the kernel's websocket."""
        lanes = asyncio.Semaphore(at_once)

        async def get(url: str) -> None:
            async with lanes:
                await AsyncHTTPClient().fetch(
                    HTTPRequest(url, request_timeout=TIMEOUT_S, connect_timeout=TIMEOUT_S, decompress_response=True)
                )

        await asyncio.gather(*(get(url) for url in addresses))
        self.marks["files"] = time.monotonic()

    async def connect(self) -> None:
        host = urlsplit(self.base_url).netloc
        url = f"ws://{host}/api/kernels/{self.kernel_id}/channels?session_id={self.session}"
        # The v1 binary protocol, as JupyterLab's front end (and so Voilà's page) speaks it: the server
        # passes messages through without decoding and re-encoding their JSON.
        self._ws = await websocket_connect(
            url, connect_timeout=TIMEOUT_S, max_message_size=256 * 2**20, subprotocols=[SUBPROTOCOL]
        )
        self._reader = asyncio.ensure_future(self._read())
        self.marks["connected"] = time.monotonic()

    async def _read(self) -> None:
        assert self._ws is not None
        while (frame := await self._ws.read_message()) is not None:
            msg = _decode(frame)
            parent = (msg.get("parent_header") or {}).get("msg_id")
            if parent in self._replies:
                self._replies[parent].append(msg)
            kind = msg["header"]["msg_type"]
            if kind == "comm_msg" and msg["content"].get("data", {}).get("method") == "update":
                state = msg["content"]["data"].get("state", {})
                self.states.setdefault(msg["content"]["comm_id"], {}).update(state)
            if (
                msg.get("channel") == "iopub"
                and kind == "status"
                and msg["content"].get("execution_state") == "idle"
                and parent in self._waiting
                and not self._waiting[parent].done()
            ):
                self._waiting[parent].set_result(msg)
        for fut in self._waiting.values():  # the socket closed: nobody answers now
            if not fut.done():
                fut.set_exception(ConnectionError("the kernel's websocket closed"))

    async def send(self, msg_type: str, content: dict, metadata: dict | None = None, wait: bool = True) -> list[dict]:
        """Send a message; return the iopub messages it caused, once the kernel is idle again
        (``wait=False``: at once, as a page sends what needs no answer)."""
        if self._ws is None:
            await self.connect()
        assert self._ws is not None
        msg_id = uuid.uuid4().hex
        header = {
            "msg_id": msg_id,
            "msg_type": msg_type,
            "session": self.session,
            "username": "learner",
            "date": "",
            "version": "5.3",
        }
        message = _pack("shell", [header, {}, metadata or {}, content])
        if not wait:
            await self._ws.write_message(message, binary=True)
            return []
        done = asyncio.get_running_loop().create_future()
        self._waiting[msg_id], self._replies[msg_id] = done, []
        await self._ws.write_message(message, binary=True)
        try:
            await asyncio.wait_for(done, TIMEOUT_S)
        finally:
            del self._waiting[msg_id]
        return self._replies.pop(msg_id)

    async def widget_states(self) -> dict[str, dict]:
        """Every widget's state, asked for as the widget manager asks (one ``request_states``):
        the page waits for the kernel's info (JupyterLab's connection does), then opens the
        control comm and asks at once, and closes the comm without waiting for the answer."""
        await self.send("kernel_info_request", {})
        self.marks["kernel_info"] = time.monotonic()
        control = uuid.uuid4().hex
        opening = {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}}
        await self.send("comm_open", opening, metadata={"version": CONTROL_PROTOCOL}, wait=False)
        for msg in await self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}):
            data = msg["content"].get("data", {}) if msg["header"]["msg_type"] == "comm_msg" else {}
            if data.get("method") == "update_states":
                for model_id, model in data["states"].items():
                    self.states[model_id] = {**model.get("state", {}), "_model_name": model.get("model_name")}
        self.marks["states"] = time.monotonic()
        await self.send("comm_close", {"comm_id": control, "data": {}}, wait=False)
        if not self.states:
            raise RuntimeError(f"{self.notebook}: the kernel sent no widget state")
        return self.states

    def buttons(self, description: str | None = None) -> list[str]:
        """Ids of the enabled buttons (whose label starts with ``description``), in page order."""
        return [
            model_id
            for model_id, s in self.states.items()
            if s.get("_model_name", "").endswith("ButtonModel")
            and not s.get("disabled")
            and (description is None or str(s.get("description", "")).startswith(description))
        ]

    async def click(self, model_id: str) -> float:
        """Click a button; seconds until the kernel has handled the click (idle again)."""
        t0 = time.monotonic()
        await self.send("comm_msg", {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}})
        return time.monotonic() - t0

    async def leave(self) -> None:
        """Close the page as a tab closes: ask for the kernel's shutdown, then hang up."""
        url = f"{self.base_url}voila/api/shutdown/{self.kernel_id}"
        request = HTTPRequest(
            url, method="POST", body=urlencode({"_xsrf": self.xsrf}), headers={"Cookie": f"_xsrf={self.xsrf}"}
        )
        try:
            await AsyncHTTPClient().fetch(request, raise_error=False)
        finally:
            if self._ws is not None:
                self._ws.close()
            if self._reader is not None:
                await asyncio.gather(self._reader, return_exceptions=True)
