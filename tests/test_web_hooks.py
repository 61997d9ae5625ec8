"""The web hooks a Voilà server gets (sheriff/serving/web.py ``install_web_hooks``), on a plain tornado
application serving a folder: text comes gzip-encoded, and a static file is compressed once and
then sent again as it was, whole, until it changes.  (The real server:
tests/browser/test_server_hygiene.py.)"""

from __future__ import annotations

import asyncio
import gzip
import http.client
import threading
from pathlib import Path

import pytest
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets
from tornado.web import Application, StaticFileHandler

from sheriff.serving import CachedGzip, install_web_hooks

HASHED = "chunk.0123456789abcdef0123.js"  # webpack names its chunks after their content
PLAIN = "voila.js"  # Voilà's own chunks: no hash in the name, the same file until Voilà is upgraded
# Larger than a StaticFileHandler chunk (64 KB), so the file streams in pieces.
SCRIPT = "".join(f"export const v{i} = {i * 7919 % 10007};\n" for i in range(12_000)).encode()


class NoETag(StaticFileHandler):
    """As Voilà serves the widget managers' files (``voila/labextensions/...``): no ETag."""

    def compute_etag(self) -> None:
        return None


@pytest.fixture
def server(tmp_path: Path):
    """(port, folder): the folder served at /static/, /labextensions/ (no ETag) and /page/ (not a
    static file's address), on 127.0.0.1, by a loop of its own in a thread (a test process may
    already run an event loop: Playwright's), with an empty compression cache."""
    for name in (HASHED, PLAIN):
        (tmp_path / name).write_bytes(SCRIPT)
    before = dict(CachedGzip._sent), CachedGzip._kept  # the cache is the server's: one per process
    CachedGzip._sent.clear()
    CachedGzip._kept = 0
    sockets = bind_sockets(0, "127.0.0.1")
    loop = asyncio.new_event_loop()
    started = threading.Event()

    def serve() -> None:
        asyncio.set_event_loop(loop)
        folder = {"path": str(tmp_path)}
        app = Application(
            [
                (r"/static/(.*)", StaticFileHandler, folder),
                (r"/labextensions/(.*)", NoETag, folder),
                (r"/page/(.*)", StaticFileHandler, folder),
            ]
        )
        install_web_hooks(app)
        HTTPServer(app).add_sockets(sockets)
        loop.call_soon(started.set)
        loop.run_forever()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert started.wait(10)
    try:
        yield sockets[0].getsockname()[1], tmp_path
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        CachedGzip._sent.clear()
        CachedGzip._sent.update(before[0])
        CachedGzip._kept = before[1]


def get(port: int, address: str, method: str = "GET", **headers) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and the body as sent (not decompressed)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request(method, address, headers={"Accept-Encoding": "gzip", **headers})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def kept(address: str) -> list[bytes]:
    return [body for key, body in CachedGzip._sent.items() if key.startswith(address + "\n")]


def test_a_static_file_is_compressed_once_and_sent_again_whole(server):
    port, _ = server
    for address in (f"/static/{HASHED}", f"/static/{PLAIN}", f"/labextensions/{HASHED}"):
        status, headers, first = get(port, address)
        assert status == 200 and headers["Content-Encoding"] == "gzip", address
        assert gzip.decompress(first) == SCRIPT
        assert len(first) < len(SCRIPT) / 3
        assert kept(address) == [first]

        status, again_headers, again = get(port, address)
        assert status == 200 and again_headers["Content-Encoding"] == "gzip"
        assert again == first  # the same bytes, now sent with their length
        assert again_headers["Content-Length"] == str(len(first))
        assert "Accept-Encoding" in again_headers["Vary"]
        assert again_headers.get("Etag") == headers.get("Etag")
        assert "default-src 'self'" in again_headers["Content-Security-Policy"]
    assert get(port, f"/static/{HASHED}")[1]["Cache-Control"] == "public, max-age=31536000, immutable"
    assert "Cache-Control" not in get(port, f"/static/{PLAIN}")[1]  # revalidated: may change with Voilà

    _, _, same_file = get(port, f"/static/x/../{HASHED}")  # another spelling of the address: one entry
    assert gzip.decompress(same_file) == SCRIPT and len(kept(f"/static/{HASHED}")) == 1


def test_a_changed_file_is_compressed_afresh(server):
    port, folder = server
    get(port, f"/static/{PLAIN}")
    changed = SCRIPT.replace(b"export", b"export  ")
    (folder / PLAIN).write_bytes(changed)
    assert gzip.decompress(get(port, f"/static/{PLAIN}")[2]) == changed
    assert gzip.decompress(get(port, f"/static/{PLAIN}")[2]) == changed


def test_pages_and_other_requests_are_served_as_before(server):
    port, _ = server
    _, _, page = get(port, f"/page/{PLAIN}")  # not a static file's address: compressed per request
    assert gzip.decompress(page) == SCRIPT and not kept(f"/page/{PLAIN}")

    get(port, f"/static/{HASHED}")
    _, headers, body = get(port, f"/static/{HASHED}", **{"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in headers and body == SCRIPT

    etag = get(port, f"/static/{HASHED}")[1]["Etag"]
    status, _, body = get(port, f"/static/{HASHED}", **{"If-None-Match": etag})
    assert status == 304 and body == b""

    status, _, body = get(port, f"/static/{HASHED}", Range="bytes=0-99")  # Tornado gzips a part too
    assert status == 206 and gzip.decompress(body) == SCRIPT[:100]

    status, _, body = get(port, f"/static/{HASHED}", method="HEAD")
    assert status == 200 and body == b""


def test_the_cache_holds_at_most_its_limit(server, monkeypatch):
    port, _ = server
    monkeypatch.setattr(CachedGzip, "LIMIT", CachedGzip._kept)  # full: nothing more is kept
    _, _, body = get(port, f"/static/{HASHED}")
    assert gzip.decompress(body) == SCRIPT  # and the file is still served
    assert not kept(f"/static/{HASHED}") and CachedGzip._kept == 0
