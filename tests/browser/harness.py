"""Real-browser harness shared by the browser tests and ``benchmarks/pages.py``.

Stdlib + Playwright only.  The Voilà server is started in its own process group and
stopped by that group's id (never by process name); it listens on 127.0.0.1 only.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil

from sheriff import launch

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("SHERIFF_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Anything in the page that means "a widget has been rendered by the widget manager".
WIDGET_SELECTOR = ".jupyter-widgets, .widget-box, .widget-html, .widget-label"
ERROR_SELECTORS = [
    '.jp-RenderedText[data-mime-type="application/vnd.jupyter.stderr"]',
]
# Failed loads from hosts other than our server are not our errors (no page should ask one: the
# tutor serves Font Awesome itself, tests/browser/test_server_hygiene.py); everything else is.
# ipykernel's harmless race when the widget manager closes its control comm.
BENIGN_STDERR = re.compile(r"^\s*(No such comm: [0-9a-f-]+\s*)+$")
LOCAL_URL = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)[:/]")


# ----------------------------------------------------------------------------- server
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def voila_executable() -> str:
    """The ``voila`` next to the running interpreter (the project's .venv)."""
    here = Path(sys.executable).parent / "voila"
    return str(here) if here.exists() else str(ROOT / ".venv" / "bin" / "voila")


def wait_for_http(url: str, proc: subprocess.Popen, timeout: float, log: Path) -> None:
    """Return once ``url`` gives any HTTP answer; raise with the server's log if ``proc``
    exits or ``timeout`` seconds pass first."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}:\n" + log.read_text(errors="replace")[-4000:])
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError:
            return  # any HTTP answer means the server is up
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"no answer on {url} within {timeout}s:\n" + log.read_text(errors="replace")[-4000:])


class VoilaServer:
    """``with VoilaServer(ROOT / "notebooks") as url: ...`` serves a folder on 127.0.0.1."""

    def __init__(
        self,
        root: Path,
        port: int | None = None,
        timeout: float = 60.0,
        extra_args: list[str] = (),
        cwd: Path = ROOT,
        env: dict | None = None,
    ):
        self.root = Path(root)
        self.cwd = Path(cwd)  # Voilà reads voila.json from here
        self.env = env or {}
        self.extra_args = list(extra_args)
        self.port = port or free_port()
        self.timeout = timeout
        self.url = f"http://127.0.0.1:{self.port}/"
        self.proc: subprocess.Popen | None = None
        self.log = tempfile.NamedTemporaryFile(prefix="voila-", suffix=".log", delete=False)

    def start(self) -> str:
        cmd = [
            voila_executable(),
            str(self.root),
            "--no-browser",
            f"--port={self.port}",
            "--Voila.ip=127.0.0.1",
            "--Voila.port_retries=0",
            *self.extra_args,
        ]
        # sheriff serve's environment for the working tree: the repository's share/jupyter first, so
        # Voilà uses the page template as it is here (pip install copies it into the environment).
        env = dict(launch.server_env(ROOT), PYTHONHASHSEED="0", **self.env)
        # cwd=ROOT so Voilà reads the repo's voila.json (it looks in the current directory).
        self.proc = subprocess.Popen(
            cmd, cwd=self.cwd, stdout=self.log, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
        try:
            wait_for_http(self.url, self.proc, self.timeout, Path(self.log.name))
        except RuntimeError:
            self.stop(keep_log=False)
            raise
        return self.url

    def preheats(self) -> bool:
        """Whether this server keeps preheated kernels (voila.json, unless the command line says no)."""
        if "--VoilaConfiguration.preheat_kernel=False" in self.extra_args:
            return False
        config = self.cwd / "voila.json"
        return config.exists() and json.loads(config.read_text()).get("VoilaConfiguration", {}).get(
            "preheat_kernel", False
        )

    def pools_filled(self) -> bool:
        """True once every preheated pool is full: each notebook's first fill, and one refill
        for each kernel handed out (Voilà logs both)."""
        if not self.preheats():
            return True
        log = Path(self.log.name).read_text(errors="replace")
        notebooks = [p for p in self.root.rglob("*.ipynb") if ".ipynb_checkpoints" not in str(p)]
        return log.count(" is filled with ") >= len(notebooks) + log.count("Using pre-heated kernel")

    def log_text(self, tail: int | None = 4000) -> str:
        text = Path(self.log.name).read_text(errors="replace")
        return text[-tail:] if tail else text

    def stop(self, keep_log: bool = False) -> None:
        """SIGTERM our own process group (voila + its kernels), then SIGKILL if needed."""
        if self.proc is not None:
            pgid = self.proc.pid  # start_new_session: the group id is our child's pid
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pgid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=10)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pgid, signal.SIGKILL)  # kernels left in the group
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=5)
            self.proc = None
        self.log.close()
        if not keep_log:
            with contextlib.suppress(OSError):
                os.unlink(self.log.name)

    def __enter__(self) -> str:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


@contextlib.contextmanager
def serving(server: VoilaServer, *folders: Path):
    """Start ``server``; on leaving, stop it and remove the folders made for it (a fixture's server)."""
    server.start()
    try:
        yield server
    finally:
        server.stop()
        for folder in folders:
            shutil.rmtree(folder, ignore_errors=True)


def kernels(server: VoilaServer) -> list[psutil.Process]:
    """The server's kernel processes (its own children: no other server's), those still running."""
    try:
        tree = psutil.Process(server.proc.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    out = []
    for p in tree:
        try:
            if "ipykernel" in " ".join(p.cmdline()):
                out.append(p)
        except psutil.Error:
            pass
    return out


def kernel_environ(kernel: psutil.Process) -> dict[str, str]:
    """A kernel's environment, as the kernel itself reads it: one forked by the server's fork
    server (sheriff.forkserver) shows the fork server's in /proc, not its own."""
    from jupyter_client import BlockingKernelClient

    args = kernel.cmdline()
    kc = BlockingKernelClient()
    kc.load_connection_file(args[args.index("-f") + 1])
    if kc.transport == "ipc" and not os.path.isabs(kc.ip):  # relative to the kernel's folder
        kc.ip = os.path.join(kernel.cwd(), kc.ip)
    kc.start_channels()
    out: list[str] = []
    try:
        kc.execute_interactive(
            "import json as _j, os as _o; print(_j.dumps(dict(_o.environ)))",
            timeout=60,
            output_hook=lambda m: out.append(m["content"].get("text", "")),
        )
    finally:
        kc.stop_channels()
    return json.loads("".join(out))


# ----------------------------------------------------------------------------- browser
def kernel_exists(base_url: str, kid: str) -> bool:
    """Whether the server still has kernel ``kid`` (its REST API answers 404 once it is gone)."""
    try:
        with urllib.request.urlopen(f"{base_url}api/kernels/{kid}", timeout=5):
            return True
    except urllib.error.HTTPError as e:
        if e.code == 404:
            return False
        raise


def wait_until(condition, timeout: float, what: str) -> None:
    """Poll a state of the server (a kernel gone, pools full) until it holds; fail after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout:.0f} s: {what}")
        time.sleep(0.2)


def page_kernel_id(page) -> str:
    """The id of the kernel behind a Voilà page, as Voilà wrote it into the page."""
    return page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def launch_chromium(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


def watch_console(page) -> list[str]:
    """Record, on ``page.sheriff_errors``: console errors, uncaught page errors, and
    kernel errors / stderr that reach the page after load (e.g. an exception in a
    button callback, which Voilà shows nowhere)."""
    errors: list[str] = []
    echoes: list[dict] = []

    def on_console(msg):
        if msg.type != "error":
            return
        where = (msg.location or {}).get("url", "")
        if msg.text.startswith("Failed to load resource") and not LOCAL_URL.match(where):
            return
        errors.append(f"console.error: {msg.text} ({where})")

    def on_frame(payload):
        msg = decode_kernel_frame(payload)
        if msg is None:
            return
        kind, content = msg
        if kind == "comm_msg" and (content.get("data") or {}).get("method") == "echo_update":
            echoes.append(content["data"].get("state", {}))
        elif kind == "error":
            errors.append(f"kernel error: {content.get('ename')}: {content.get('evalue')}")
        elif kind == "stream" and content.get("name") == "stderr" and not BENIGN_STDERR.match(content.get("text", "")):
            errors.append(f"kernel stderr: {content.get('text', '')[:500]}")

    page.on("console", on_console)
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("websocket", lambda ws: ws.on("framereceived", on_frame))
    page.sheriff_errors = errors
    page.sheriff_echoes = echoes
    return errors


def synced(page, action, element=None, timeout: float = 20_000) -> None:
    """Do ``action()`` (a select, a fill, a click on a toggle) and return once the kernel has
    the new value: ipywidgets 8 echoes every state change the page sends back from the kernel
    (``echo_update``), so a later click is never handled before the value it depends on.

    ``element`` (the <select> or <input> the action changes): when its value is the same
    after the action as before, the widget sends nothing and no echo will come, so return
    at once.  (Dropdown labels hold non-breaking spaces: comparing labels in Python misses
    "already chosen"; comparing the element's value does not.)"""
    echoes = page.sheriff_echoes
    before = len(echoes)
    old = element.input_value() if element is not None else None
    action()
    if element is not None and same_value(old, element.input_value()):
        return
    deadline = time.monotonic() + timeout / 1000
    while len(echoes) == before:
        if time.monotonic() > deadline:
            raise AssertionError("the kernel never acknowledged the new widget value")
        page.wait_for_timeout(25)  # lets Playwright deliver websocket events; the exit is the echo


def same_value(a: str | None, b: str | None) -> bool:
    """Equal as text, or as numbers ("0.0" and "0" are the same FloatText value)."""
    if a == b:
        return True
    try:
        return float(a) == float(b)
    except (TypeError, ValueError):
        return False


def choose(page, select, label: str) -> None:
    """Pick the option shown as ``label`` in a Dropdown's <select> (a Playwright locator);
    return once the kernel holds it."""
    synced(page, lambda: select.select_option(label=label), element=select)


def type_number(page, box, value: float) -> None:
    """Type ``value`` into a number box's <input> and leave it (the widget sends on blur);
    return once the kernel holds it."""
    synced(page, lambda: (box.fill(str(value)), box.press("Tab")), element=box)


def next_frame(page) -> None:
    """Return after the browser has painted twice (layout done after a resize)."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def decode_kernel_frame(payload) -> tuple[str, dict] | None:
    """(msg_type, content) of an iopub message in a kernel websocket frame, else None.

    JupyterLab 4 / Voilà 0.5 speak the binary ``v1.kernel.websocket.jupyter.org``
    protocol: u64 count n, n u64 offsets, then channel, header, parent_header,
    metadata, content, buffers...  Older servers send JSON text frames."""
    try:
        if isinstance(payload, str):
            msg = json.loads(payload)
            channel, header, content = msg.get("channel"), msg["header"], msg["content"]
        else:
            n = struct.unpack_from("<Q", payload, 0)[0]
            offsets = list(struct.unpack_from(f"<{n}Q", payload, 8)) + [len(payload)]
            part = lambda i: payload[offsets[i] : offsets[i + 1]]  # noqa: E731
            channel = part(0).decode()
            if channel != "iopub":
                return None
            header, content = json.loads(part(1)), json.loads(part(4))
        if channel != "iopub":
            return None
        return header["msg_type"], content
    except Exception:  # not a kernel message we understand: ignore
        return None


# Voilà's error pages ("404: Not Found", "400: Bad Request", "500: ...") are titled "Voilà";
# notebook pages are titled after the notebook.
ERROR_PAGE_JS = (
    "() => document.title === 'Voilà' && /^\\s*\\d{3}\\s*:/.test(document.body ? document.body.innerText : '')"
)
DONE_JS = f"() => (document.readyState === 'complete' && !document.querySelector('#loading')) || ({ERROR_PAGE_JS})()"


def open_lesson(page, base_url: str, name: str, timeout: float = 120_000) -> None:
    """Open ``notebooks/<name>`` in Voilà; return once Voilà has executed it (its
    ``#loading`` spinner is gone) and its first ipywidget is visible.

    Fails at once with the page text if Voilà answers with an error page."""
    if not hasattr(page, "sheriff_errors"):
        watch_console(page)
    page.goto(base_url.rstrip("/") + "/voila/render/" + name, wait_until="commit")
    wait_for_lesson(page, name, timeout)


def wait_for_lesson(page, name: str, timeout: float = 120_000) -> None:
    """Return once the lesson the page is on (opened, or reached by a link) is executed and its
    first ipywidget is visible: before that, widgets still appearing move what is below them,
    and a click aimed at the footer can land elsewhere."""
    page.wait_for_function(DONE_JS, timeout=timeout)
    if page.evaluate(ERROR_PAGE_JS):
        raise AssertionError(f"Voilà error page for {name}: {page.inner_text('body')[:500]}")
    try:
        # A preheated page arrives executed: its widgets appear once the browser has loaded
        # the widget manager, which on a busy machine takes longer than the page itself.
        page.wait_for_selector(WIDGET_SELECTOR, state="visible", timeout=timeout)
    except Exception:
        problems = "\n".join(page_problems(page)) or "(no error shown)"
        raise AssertionError(f"no ipywidget rendered in {name}:\n{problems}") from None


def page_problems(page) -> list[str]:
    problems: list[str] = []
    for sel in ERROR_SELECTORS:
        for el in page.query_selector_all(sel):
            problems.append(f"{sel}: {el.inner_text()[:800]}")
    for el in page.query_selector_all(".jp-OutputArea-output"):
        text = el.inner_text()
        if "Traceback" in text or "There was an error when executing cell" in text:
            problems.append(f"error output: {text[:800]}")
    for el in page.query_selector_all(".jupyter-widgets"):
        text = el.inner_text()
        if "Error displaying widget" in text or "Error rendering" in text:
            problems.append(f"widget error: {text[:300]}")
    if page.evaluate(ERROR_PAGE_JS):
        problems.append(f"Voilà error page: {page.inner_text('body')[:500]}")
    return problems + list(getattr(page, "sheriff_errors", []))


def assert_no_errors(page) -> None:
    """Fail if the page shows a traceback, a stderr output, Voilà's error page or a
    widget that failed to render, or if the browser or the kernel logged an error."""
    next_frame(page)  # a round trip to the page: queued console/websocket events are delivered
    problems = page_problems(page)
    assert not problems, "the page shows errors:\n" + "\n".join(problems)


# Anything in ``scope`` drawn past the page's right edge, and any box in it that scrolls sideways
# (tables included); a table's column headings are left out: a stacked table keeps them for screen
# readers only.
WIDER = """(scope) => {
  const width = document.documentElement.clientWidth, out = [];
  if (document.documentElement.scrollWidth > width + 1) out.push(`the page: ${document.documentElement.scrollWidth} px`);
  for (const el of document.querySelectorAll(`${scope}, ${scope} *`)) {
    if (el.closest('thead, .sn-sr-only') || !el.getClientRects().length) continue;
    const r = el.getBoundingClientRect();
    const what = `${el.tagName.toLowerCase()}.${el.className}: ${(el.innerText || el.value || '').slice(0, 40)}`;
    if (r.width && r.right > width + 1) out.push(`${what} ends at ${Math.round(r.right)} px`);
    if (/(auto|scroll)/.test(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 2)
      out.push(`${what} scrolls: ${el.scrollWidth} px in ${el.clientWidth} px`);
  }
  return [...new Set(out)].slice(0, 20);
}"""


def wider_than_page(page, scope: str = ".jp-OutputArea-output") -> list[str]:
    """What in ``scope`` (a CSS selector) is wider than the page or scrolls sideways: [] when all fits."""
    return page.evaluate(WIDER, scope)


def screenshot(page, name: str) -> Path | None:
    """Save a full-page PNG when SHERIFF_SCREENSHOTS is set ("1" means ``screenshots/``)."""
    target = os.environ.get("SHERIFF_SCREENSHOTS")
    if not target:
        return None
    folder = ROOT / "screenshots" if target == "1" else Path(target)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    # Voila scrolls an inner container, so a "full page" is one window high: make the
    # window as tall as the tallest scrolling content for the shot, then put it back.
    tall = page.evaluate("""() => Math.max(document.body.scrollHeight, ...[...document.querySelectorAll('*')]
        .filter(e => /(auto|scroll)/.test(getComputedStyle(e).overflowY)).map(e => e.scrollHeight))""")
    size = page.viewport_size
    if size and tall > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": min(int(tall) + 40, 16000)})
        next_frame(page)
    try:
        page.screenshot(path=str(path), full_page=True)
    finally:
        if size:
            page.set_viewport_size(size)
    return path


def show_part(page, title: str, timeout: float = 15_000) -> None:
    """In a lesson paced into parts (``kit.Sections``), open the part named ``title``."""
    from playwright.sync_api import expect

    page.locator(".sn-part-pick button", has_text=title).first.click()
    expect(page.locator(".sn-part-title-out").first).to_contain_text(title, timeout=timeout)
