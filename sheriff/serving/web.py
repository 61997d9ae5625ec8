"""The tutor's Voilà web application (``sheriff.serving``'s part that answers HTTP): ``/logout``, kernel
messages sent at once, compression, caching, security headers, Font Awesome from the installed
package, and the class store checked at start."""

from __future__ import annotations

import importlib.metadata
import logging
import os
import posixpath
import re
import threading
from urllib.parse import urlencode

from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.logout import LogoutHandler as JupyterLogoutHandler
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado.httputil import HTTPHeaders, HTTPServerRequest
from tornado.ioloop import IOLoop
from tornado.web import Application, GZipContentEncoding, OutputTransform, StaticFileHandler

from sheriff.i18n import from_query, link
from sheriff.serving.growth import ANNOUNCE_PATH, AnnounceHandler

HOME_PAGE = "00_home.ipynb"  # the address every learner opens first: /logout leads there, its pool fills first


# ----------------------------------------------------------------------------- the web application
class LogoutHandler(JupyterLogoutHandler):
    """``/logout`` on Voilà's own server (voila.json: ``IdentityProvider.logout_handler_class``):
    Jupyter's handler renders a Jupyter Server page whose files Voilà does not serve (it answered
    500).  This one ends the login cookie and sends the browser to the login page, which leads to
    the home page (in the language the address asked for), or to the home page if no login is needed."""

    @allow_unauthenticated
    def get(self) -> None:
        self.identity_provider.clear_login_cookie(self)
        home = link(self.base_url + "voila/render/" + HOME_PAGE, from_query(self.request.query))
        self.redirect(self.base_url + "login?" + urlencode({"next": home}) if self.login_available else home)


class PromptKernelConnection(ZMQChannelsWebsocketConnection):
    """A page's kernel websocket that sends each message as soon as it is written (voila.json:
    ``Voila.kernel_websocket_connection_class``).  A kernel answers a request with several small
    messages (busy, the reply, idle), each one write; with Nagle's algorithm on (tornado's
    default) the second waits for the browser to acknowledge the first, and a receiver delays
    that acknowledgement by up to 40 ms, so every request and click waited ~40 ms for nothing."""

    async def connect(self):
        self.websocket_handler.set_nodelay(True)
        return await super().connect()

    def nudge(self):
        """Jupyter Server's nudge, which holds the page until the kernel has answered a kernel info
        request and the page's new IOPub connection has heard the kernel publish, asking again
        only every 0.5 s.  An idle kernel answers the first request before that connection's
        subscription has reached it, so a page opened on a quiet server waited 0.5 s (30 learners
        arriving over 5 s, pool 1: 0.52 of their 0.63 s median; 0.12 s now, with
        ``kernel_client``'s ``_heard_idle``).  Here the kernel is asked again every
        ``NUDGE_EVERY_S`` on a channel of our own (its replies unread), until the nudge is done."""
        nudged = super().nudge()
        if nudged.done():  # a busy kernel is not nudged
            return nudged
        shell = self.kernel_manager.connect_shell()
        loop = IOLoop.current()

        def again() -> None:
            if not nudged.done() and not shell.closed():
                self.session.send(shell, "kernel_info_request")
                timer[0] = loop.call_later(NUDGE_EVERY_S, again)

        def stop(_future) -> None:
            loop.remove_timeout(timer[0])
            if not shell.closed():
                shell.close()

        timer = [loop.call_later(NUDGE_EVERY_S, again)]
        nudged.add_done_callback(stop)
        return nudged


NUDGE_EVERY_S = 0.02  # how often a page's connection asks its kernel again (Jupyter Server: 0.5 s)


# What every response may load: this server only (Font Awesome too, see FONT_AWESOME).  The page
# template and Voilà's page carry inline scripts and styles; widgets and matplotlib show images as
# data: URIs; a saved game is a download from a blob: or data: address.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
    ]
)
REFERRER_POLICY = "same-origin"
FONT_AWESOME = ("fontawesome-free", "5.15.4")  # the version Voilà's template asks a CDN for (^5)
FONT_AWESOME_URL = f"sheriff/fontawesome-{FONT_AWESOME[1]}/"  # under the server's base URL
CACHE_FOREVER = "public, max-age=31536000, immutable"
_STATIC_FILE = re.compile(r"/static/|/labextensions/|/" + re.escape(FONT_AWESOME_URL))  # files, not pages
# Voilà's own scripts (its main script and the ~70 chunks it loads) are named after neither their
# content nor a version, so they are served a second time under Voilà's version, where the pages
# ask for them (``versioned_static``): fixed for that address, cached for a year, and an upgraded
# Voilà's pages ask for new addresses.
VOILA_VERSION = importlib.metadata.version("voila")
VERSIONED_STATIC = f"voila/static/v{VOILA_VERSION}"
# Files whose name carries a hash of their content (webpack's chunks) or a version in the path.
_FIXED = re.compile(
    r"[.-][0-9a-f]{16,}\.[a-z0-9]+$|/remoteEntry\.[0-9a-f]{16,}\.js$|/"
    + "|/".join(re.escape(url) for url in (FONT_AWESOME_URL, VERSIONED_STATIC + "/"))
)


class CachedGzip(GZipContentEncoding):
    """Tornado's gzip encoding, which compresses each static file once per server, not once per
    request.  A first visit fetches ~90 static files (5 MB of scripts, 1.4 MB compressed), and
    compressing them anew cost the server ~0.2 CPU-seconds a learner, in its one event loop:
    thirty learners arriving together queued for seconds on one core.  A file is known by its
    address, content hash (ETag, when sent), time and length, so a changed file is compressed
    afresh; memory: the compressed files, at most ``LIMIT`` whatever addresses clients make up."""

    LIMIT = 64 * 2**20
    _sent: dict[str, bytes] = {}  # a file (address, ETag, time, length) -> the gzip body sent for it
    _kept = 0  # bytes in _sent

    def __init__(self, request: HTTPServerRequest) -> None:
        super().__init__(request)
        path = posixpath.normpath(request.path)
        whole_get = request.method == "GET" and "Range" not in request.headers
        self._path = path if whole_get and _STATIC_FILE.search(path) else None
        self._key: str | None = None
        self._parts: list[bytes] = []  # what is being sent, to keep
        self._replay = False

    def transform_first_chunk(self, status_code: int, headers: HTTPHeaders, chunk: bytes, finishing: bool):
        key = None
        if self._path and self._gzipping and status_code == 200 and "Content-Encoding" not in headers:
            # Voilà's labextension files come without an ETag: their names carry their content's hash
            etag, modified, length = (
                headers.get("Etag", ""),
                headers.get("Last-Modified"),
                headers.get("Content-Length"),
            )
            key = "\n".join((self._path, etag, modified, length)) if modified and length else None
        body = self._sent.get(key) if key else None
        if body is not None:
            headers["Vary"] = headers["Vary"] + ", Accept-Encoding" if "Vary" in headers else "Accept-Encoding"
            headers["Content-Encoding"] = "gzip"
            headers["Content-Length"] = str(len(body))
            self._replay = True
            return status_code, headers, body
        status_code, headers, chunk = super().transform_first_chunk(status_code, headers, chunk, finishing)
        if key and self._gzipping:
            self._key = key
            self._keep(chunk, finishing)
        return status_code, headers, chunk

    def transform_chunk(self, chunk: bytes, finishing: bool) -> bytes:
        if self._replay:
            return b""  # the whole body went with the first chunk
        chunk = super().transform_chunk(chunk, finishing)
        if self._key:
            self._keep(chunk, finishing)
        return chunk

    def _keep(self, chunk: bytes, finishing: bool) -> None:
        self._parts.append(chunk)
        if finishing and self._key and self._key not in self._sent:
            body = b"".join(self._parts)
            if CachedGzip._kept + len(body) <= self.LIMIT:
                CachedGzip._sent[self._key] = body
                CachedGzip._kept += len(body)


class _Headers(OutputTransform):
    """Security headers on every response; a year's cache for a file named after its content or
    under a version."""

    def __init__(self, request: HTTPServerRequest) -> None:
        self._path = request.path

    def transform_first_chunk(self, status_code: int, headers: HTTPHeaders, chunk: bytes, finishing: bool):
        headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
        headers["Referrer-Policy"] = REFERRER_POLICY
        headers["X-Content-Type-Options"] = "nosniff"
        if status_code in (200, 304) and _FIXED.search(self._path):
            headers["Cache-Control"] = CACHE_FOREVER
            headers.pop("Expires", None)
        return status_code, headers, chunk


def install_web_hooks(app: Application, base_url: str = "/", static_paths: list[str] | None = None) -> None:
    """Make a built Voilà web application compress its text responses (Voilà applies its
    ``tornado_settings`` after building the application, so ``compress_response`` is ignored;
    each static file is compressed once, ``CachedGzip``), cache hash-named and versioned files for
    a year, send the security headers, serve Font Awesome from the installed package (the page
    template points there instead of a CDN) and, given Voilà's ``static_paths``, Voilà's scripts
    under its version (``VERSIONED_STATIC``).  Idempotent."""
    if _Headers in app.transforms:
        return
    app.transforms += [CachedGzip, _Headers]
    serve_font_awesome(app, base_url)
    if static_paths:
        from voila.static_file_handler import MultiStaticFileHandler

        files = {"paths": static_paths, "default_filename": "index.html"}
        _serve_first(app, (_route(base_url, VERSIONED_STATIC + "/"), MultiStaticFileHandler, files))


def versioned_static(page_config: dict, **_kwargs) -> dict:
    """A page's configuration with its scripts' address (Voilà's main script, and webpack's public
    path for its chunks) under Voilà's version (``VoilaConfiguration.page_config_hook``'s form)."""
    url = page_config.get("fullStaticUrl", "")
    if url.rstrip("/").endswith("voila/static"):
        page_config["fullStaticUrl"] = url.rstrip("/") + VERSIONED_STATIC.removeprefix("voila/static")
    return page_config


def _route(base_url: str, path: str) -> str:
    return base_url.rstrip("/") + "/" + re.escape(path) + "(.*)"


def _serve_first(app: Application, route: tuple) -> None:
    app.add_handlers(r".*$", [route])
    # before Voilà's handlers, whose catch-all would take the address first
    app.default_router.rules.insert(0, app.default_router.rules.pop(-2))


def serve_font_awesome(app: Application, base_url: str = "/") -> None:
    """Serve Font Awesome from the installed package where the page template points."""
    files = importlib.metadata.distribution(FONT_AWESOME[0]).locate_file("fontawesome-free/static/fontawesome_free")
    _serve_first(app, (_route(base_url, FONT_AWESOME_URL), StaticFileHandler, {"path": str(files)}))


# On a Jupyter server (Binder, JupyterHub) Voilà is an extension of the server and the web hooks
# above are not installed; the page template still points at the tutor's Font Awesome, so this
# extension serves it (binder/postBuild enables it: `jpserver_extensions`).
def _jupyter_server_extension_points() -> list[dict]:
    return [{"module": "sheriff.serving"}]


def _load_jupyter_server_extension(serverapp) -> None:
    serve_font_awesome(serverapp.web_app, serverapp.base_url)
    check_class_store_soon(serverapp.log)


def check_class_store(log: logging.Logger) -> bool:
    """With ``SHERIFF_CLASS_DB`` set, open the class store once: if class mode cannot use it, one line
    in the server's log says so and why (the server starts all the same: the lessons need no store,
    and the class pages say it in words).  False if it failed."""
    from sheriff.classroom.store import ENV, Store
    from sheriff.classroom.store_faults import StoreUnavailable, safe_url

    url = os.environ.get(ENV, "").strip()
    if not url:
        return True
    quiet = logging.getLogger("sheriff.classroom")
    quiet.disabled = True  # the store would log its own line: this one says it all
    try:
        Store().close()
    except StoreUnavailable as e:
        log.warning(
            "Class mode cannot use its database (%s=%s): %s (the lessons work; the class pages say so)",
            ENV,
            safe_url(url),
            e.detail,
        )
        return False
    finally:
        quiet.disabled = False
    return True


def check_class_store_soon(log: logging.Logger) -> None:
    """``check_class_store`` beside the server's start (an unreachable host takes seconds to fail)."""
    if os.environ.get("SHERIFF_CLASS_DB", "").strip():
        threading.Thread(target=check_class_store, args=(log,), daemon=True, name="class-store-check").start()


def install_web_hooks_at_start(voila, manager=None) -> bool:
    """Have the Voilà application that made this kernel manager (voila.json names it) install the
    web hooks once it has built its web application, just before it listens, and its pages ask
    for its scripts under its version (pages from a pool: ``ClassroomKernelManager``), and the
    ``manager`` hears its kernels announce classes (``growth.AnnounceHandler``).  False if
    ``voila`` is not Voilà's own application (a Jupyter server extension, a test)."""
    listen = getattr(voila, "listen", None)
    if listen is None or not hasattr(voila, "base_url"):
        return False
    if getattr(listen, "installs_web_hooks", False):
        return True
    # traitlets leaves the application's logger at DEBUG and filters in its handler, so every debug
    # line of the server (two for each kernel message nbclient reads) made a record for nothing
    level = voila.log_level
    voila.log.setLevel(level if isinstance(level, int) else logging.getLevelName(level))
    own = voila.voila_configuration.page_config_hook

    def page_config_hook(page_config: dict, **kwargs) -> dict:
        return versioned_static(own(page_config, **kwargs) if own else page_config)

    voila.voila_configuration.page_config_hook = page_config_hook

    def listen_with_hooks():
        install_web_hooks(voila.app, voila.base_url, voila.static_paths)
        if manager is not None:
            route = voila.base_url.rstrip("/") + "/" + re.escape(ANNOUNCE_PATH)
            _serve_first(voila.app, (route, AnnounceHandler, {"manager": manager, "key": manager.announce_key}))
        return listen()

    listen_with_hooks.installs_web_hooks = True  # type: ignore[attr-defined]
    voila.listen = listen_with_hooks
    return True
