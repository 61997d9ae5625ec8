"""The web hooks a Voilà server gets (sheriff/serving.py ``install_web_hooks``), on a plain tornado
application serving a folder: text comes gzip-encoded, and a static file is compressed once and
then sent again as it was, whole, until it changes.  (The real server:
tests/browser/test_server_hygiene.py.)"""

from __future__ import annotations

import gzip
import tempfile
from pathlib import Path

from tornado.testing import AsyncHTTPTestCase
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


class WebHooks(AsyncHTTPTestCase):
    def setUp(self) -> None:
        self.before = dict(CachedGzip._sent), CachedGzip._kept  # the cache is the server's: one per process
        CachedGzip._sent.clear()
        CachedGzip._kept = 0
        super().setUp()

    def tearDown(self) -> None:
        super().tearDown()
        CachedGzip._sent.clear()
        CachedGzip._sent.update(self.before[0])
        CachedGzip._kept = self.before[1]

    def get_app(self) -> Application:
        self.root = Path(tempfile.mkdtemp(prefix="sheriff-web-"))
        for name in (HASHED, PLAIN):
            (self.root / name).write_bytes(SCRIPT)
        static = {"path": str(self.root)}
        app = Application(
            [
                (r"/static/(.*)", StaticFileHandler, static),
                (r"/labextensions/(.*)", NoETag, static),
                (r"/page/(.*)", StaticFileHandler, static),
            ]
        )
        install_web_hooks(app)
        return app

    def get(self, name: str, at: str = "static", **headers):
        return self.fetch(f"/{at}/{name}", headers={"Accept-Encoding": "gzip", **headers}, decompress_response=False)

    def kept(self, name: str, at: str = "static") -> list[bytes]:
        return [body for key, body in CachedGzip._sent.items() if key.startswith(f"/{at}/{name}\n")]

    def test_a_static_file_is_compressed_once_and_sent_again_whole(self):
        for name, at in ((HASHED, "static"), (PLAIN, "static"), (HASHED, "labextensions")):
            first = self.get(name, at)
            assert first.code == 200 and first.headers["Content-Encoding"] == "gzip"
            assert gzip.decompress(first.body) == SCRIPT
            assert len(first.body) < len(SCRIPT) / 3
            assert self.kept(name, at) == [first.body]

            again = self.get(name, at)
            assert again.code == 200 and again.headers["Content-Encoding"] == "gzip"
            assert again.body == first.body  # the same bytes, now sent with their length
            assert again.headers["Content-Length"] == str(len(first.body))
            assert "Accept-Encoding" in again.headers["Vary"]
            assert again.headers.get("Etag") == first.headers.get("Etag")
            assert "default-src 'self'" in again.headers["Content-Security-Policy"]
        assert self.get(HASHED).headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert "Cache-Control" not in self.get(PLAIN).headers  # revalidated: may change with Voilà

        same_file = self.get(f"x/../{HASHED}")  # another spelling of the address: still one entry
        assert gzip.decompress(same_file.body) == SCRIPT and len(self.kept(HASHED)) == 1

    def test_a_changed_file_is_compressed_afresh(self):
        self.get(PLAIN)
        changed = SCRIPT.replace(b"export", b"export  ")
        (self.root / PLAIN).write_bytes(changed)
        assert gzip.decompress(self.get(PLAIN).body) == changed
        assert gzip.decompress(self.get(PLAIN).body) == changed

    def test_pages_and_other_requests_are_served_as_before(self):
        page = self.get(PLAIN, at="page")  # not a static file's address: compressed per request
        assert gzip.decompress(page.body) == SCRIPT and not self.kept(PLAIN, at="page")

        self.get(HASHED)
        identity = self.fetch(f"/static/{HASHED}", headers={"Accept-Encoding": "identity"})
        assert "Content-Encoding" not in identity.headers and identity.body == SCRIPT

        etag = self.get(HASHED).headers["Etag"]
        unchanged = self.get(HASHED, **{"If-None-Match": etag})
        assert unchanged.code == 304 and unchanged.body == b""

        part = self.fetch(f"/static/{HASHED}", headers={"Range": "bytes=0-99"})
        assert part.code == 206 and part.body == SCRIPT[:100]

        head = self.fetch(f"/static/{HASHED}", method="HEAD", headers={"Accept-Encoding": "gzip"})
        assert head.code == 200 and head.body == b""

    def test_the_cache_holds_at_most_its_limit(self):
        kept, limit = CachedGzip._kept, CachedGzip.LIMIT
        CachedGzip.LIMIT = kept  # full: nothing more is kept, and the file is still served
        try:
            response = self.get(HASHED)
            assert gzip.decompress(response.body) == SCRIPT
            assert not self.kept(HASHED) and CachedGzip._kept == kept
        finally:
            CachedGzip.LIMIT = limit
