"""A browserless client for a Voilà page's widgets: what a browser's widget manager does, in Python.

    page = await VoilaPage.open("http://127.0.0.1:8866/", "notebooks/51_class_student.ipynb")
    code = page.find("sn-join-code")                   # a widget by one of its CSS classes
    await page.set(code, "value", "K7MX3Q")             # as typing does (a comm "update")
    await page.click(page.find("sn-join"))             # as a click does (a comm "custom" event)
    await page.wait_for(lambda p: p.find("sn-pass"))   # the kernel's updates arrive on their own
    await page.close()

It GETs the page over HTTP (Voilà runs the notebook in a kernel of its own, or hands over a preheated
one), reads the kernel's id and the page's root widgets from the HTML, opens the kernel's websocket
(Jupyter's JSON messages on ``/api/kernels/<id>/channels``), lists the kernel's widgets
(``comm_info_request``) and asks each for its state (``request_state``, fifty at a time), then keeps its copy of the states current from the kernel's
``comm_open`` / ``comm_msg`` / ``comm_close`` messages.  Only tornado (which Jupyter's server brings)
is needed.  Widgets are found by their CSS classes (``_dom_classes``, set with ``add_class``) among the
widgets the page shows (reachable from its roots through ``children``), so a page's old, detached
widgets never answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from tornado.httpclient import AsyncHTTPClient
from tornado.websocket import websocket_connect

KERNEL_ID = re.compile(r'"kernelId"\s*:\s*"([0-9a-f-]{36})"')
VIEW = re.compile(r'application/vnd\.jupyter\.widget-view\+json"\s*:\s*\{[^}]*"model_id"\s*:\s*"([0-9a-f]+)"')
REF = "IPY_MODEL_"
# The kernel websocket's binary protocol, as JupyterLab speaks it.  Without it the server falls back
# to JSON text frames, and a widget state with a binary buffer (an Image) never reached this client.
SUBPROTOCOL = "v1.kernel.websocket.jupyter.org"
# tornado's client runs 10 requests at once and fails the others after 20 s in its queue: a class of
# thirty asking for their pages at once would lose a third of its students before the server saw them.
AsyncHTTPClient.configure(None, max_clients=1000)
ASK_AT_ONCE = 50  # state requests in flight per page (see ``VoilaPage._ask_states``)
ASK_AGAIN_S = 10.0


def _pack(channel: str, parts: list[dict]) -> bytes:
    """A message in the kernel websocket's v1 binary form: the number of offsets, the offsets
    (little-endian, 8 bytes each), the channel, then header, parent header, metadata, content."""
    frames = [channel.encode()] + [json.dumps(p).encode() for p in parts]
    offsets = [8 * (len(frames) + 2)]
    for f in frames:
        offsets.append(offsets[-1] + len(f))
    head = len(offsets).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + b"".join(frames)


def _unpack(raw: bytes) -> dict:
    """A v1 binary frame: channel, header, parent header, metadata, content, then buffers (which
    this client does not keep)."""
    n = int.from_bytes(raw[:8], "little")
    offsets = [int.from_bytes(raw[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(n)]
    parts = [raw[offsets[i] : offsets[i + 1]] for i in range(n - 1)]
    header, parent, metadata, content = (json.loads(p) for p in parts[1:5])
    return {"channel": parts[0].decode(), "header": header, "parent_header": parent, "metadata": metadata,
            "content": content}  # fmt: skip


class VoilaPage:
    def __init__(self, base: str, kernel_id: str, roots: list[str], html: str):
        self.base, self.kernel_id, self.roots, self.html = base, kernel_id, roots, html
        self.session = uuid.uuid4().hex
        self.states: dict[str, dict[str, Any]] = {}
        self.expected: set[str] | None = None  # the widgets the kernel listed
        self.changed = asyncio.Event()
        self.received = 0  # messages from the kernel, all kinds
        self.ws = None
        self._reader: asyncio.Task | None = None

    @classmethod
    async def open(cls, base: str, path: str, timeout: float = 300) -> VoilaPage:
        """GET ``base`` + ``voila/render/`` + ``path`` and connect to its kernel."""
        base = base.rstrip("/") + "/"
        name = path.removeprefix("notebooks/")
        response = await AsyncHTTPClient().fetch(
            base + "voila/render/" + name, request_timeout=timeout, connect_timeout=timeout
        )
        html = response.body.decode()
        found = KERNEL_ID.search(html)
        if not found:
            raise RuntimeError("no kernel id in the page")
        page = cls(base, found.group(1), VIEW.findall(html.replace('\\"', '"')), html)
        await page._connect(timeout)
        return page

    # -- the kernel's websocket ----------------------------------------------------------------
    def _message(self, msg_type: str, content: dict, channel: str = "shell", metadata: dict | None = None) -> bytes:
        header = {
            "msg_id": uuid.uuid4().hex,
            "username": "benchmark",
            "session": self.session,
            "msg_type": msg_type,
            "version": "5.3",
            "date": datetime.now(UTC).isoformat(),
        }
        return _pack(channel, [header, {}, metadata or {}, content])

    async def _connect(self, timeout: float) -> None:
        url = self.base.replace("http", "ws", 1) + f"api/kernels/{self.kernel_id}/channels?session_id={self.session}"
        self.ws = await websocket_connect(
            url, connect_timeout=timeout, max_message_size=64 * 2**20, subprotocols=[SUBPROTOCOL]
        )
        self._reader = asyncio.get_running_loop().create_task(self._read())
        # Every widget's state, each widget asked on its own (as ipywidgets 7's managers did).
        # ipywidgets 8's control comm (``request_states``: all in one answer) left one page's
        # kernel busy for good in a test here, so this client does not use it.
        await self._send("comm_info_request", {"target_name": "jupyter.widget"})
        await self.wait_for(lambda p: p.expected is not None, timeout)
        await self._ask_states(timeout)

    async def _ask_states(self, timeout: float) -> None:
        """Ask for the states not yet here, ``ASK_AT_ONCE`` at a time, asking again for any still
        missing after ``ASK_AGAIN_S``.  The table page has 500 widgets: 500 requests at once make
        1,500 iopub messages (busy, state, idle), past ZeroMQ's high-water mark of 1,000 queued
        messages, where a publisher drops them without a word; with eight pages opening together
        a page here lost a few replies and waited for them for good."""
        deadline = time.monotonic() + timeout
        asked: dict[str, float] = {}
        while not (missing := [m for m in sorted(self.expected or ()) if m not in self.states]) == []:
            now = time.monotonic()
            if now > deadline:
                raise TimeoutError(f"the page did not send {len(missing)} of its widgets' states")
            stale = [m for m in missing if m in asked and now - asked[m] > ASK_AGAIN_S]
            waiting = sum(1 for m in missing if m in asked and m not in stale)
            for mid in (stale + [m for m in missing if m not in asked])[: max(0, ASK_AT_ONCE - waiting)]:
                asked[mid] = now
                await self._send("comm_msg", {"comm_id": mid, "data": {"method": "request_state"}})
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 1.0)

    async def _send(self, msg_type: str, content: dict, metadata: dict | None = None) -> None:
        assert self.ws is not None
        await self.ws.write_message(self._message(msg_type, content, metadata=metadata), binary=True)

    async def _read(self) -> None:
        assert self.ws is not None
        while True:
            raw = await self.ws.read_message()
            if raw is None:
                return
            msg = _unpack(raw) if isinstance(raw, bytes) else json.loads(raw)
            msg.setdefault("msg_type", msg["header"].get("msg_type"))
            self.received += 1
            kind, content = msg.get("msg_type") or msg["header"]["msg_type"], msg.get("content", {})
            data = content.get("data", {})
            if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                self.states[content["comm_id"]] = dict(data.get("state", {}))
            elif kind == "comm_msg":
                method = data.get("method")
                if method == "update_states":
                    for mid, model in data.get("states", {}).items():
                        self.states.setdefault(mid, {}).update(model.get("state", {}))
                elif method in ("update", "echo_update"):
                    self.states.setdefault(content["comm_id"], {}).update(data.get("state", {}))
            elif kind == "comm_info_reply":
                self.expected = set(content.get("comms", {}))
            elif kind == "comm_close":
                self.states.pop(content.get("comm_id"), None)
            else:
                continue
            self.changed.set()

    async def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
        if self._reader is not None:
            self._reader.cancel()

    # -- what the page shows -------------------------------------------------------------------
    def shown(self) -> list[str]:
        """The ids of the widgets the page shows: its roots and their children, depth first."""
        out, stack, seen = [], list(reversed(self.roots)), set()
        while stack:
            mid = stack.pop()
            if mid in seen or mid not in self.states:
                continue
            seen.add(mid)
            out.append(mid)
            kids = self.states[mid].get("children") or []
            stack.extend(k.removeprefix(REF) for k in reversed(kids) if isinstance(k, str))
        return out

    def find_all(self, css: str) -> list[str]:
        return [m for m in self.shown() if css in (self.states[m].get("_dom_classes") or [])]

    def find(self, css: str) -> str | None:
        found = self.find_all(css)
        return found[0] if found else None

    def value(self, mid: str | None, name: str = "value") -> Any:
        return self.states.get(mid or "", {}).get(name)

    async def wait_for(self, check: Callable[[VoilaPage], Any], timeout: float = 60) -> Any:
        """Wait until ``check(page)`` is truthy (re-checked on every message); its value."""
        deadline = time.monotonic() + timeout
        while True:
            got = check(self)
            if got:
                return got
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the page did not show what was awaited")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), min(left, 1.0))
            except TimeoutError:
                pass

    # -- what a person does --------------------------------------------------------------------
    async def set(self, mid: str, name: str, value: Any) -> None:
        self.states[mid][name] = value
        await self._send(
            "comm_msg", {"comm_id": mid, "data": {"method": "update", "state": {name: value}, "buffer_paths": []}}
        )

    async def click(self, mid: str) -> None:
        await self._send("comm_msg", {"comm_id": mid, "data": {"method": "custom", "content": {"event": "click"}}})


__all__ = ["VoilaPage"]
