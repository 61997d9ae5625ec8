"""What Voilà would redo for every page it renders, done once per server (``install``, called by
``ClassroomKernelManager`` as the server starts).

Voilà builds a new notebook exporter for each page: a new Jinja environment that parses and
compiles the page template and the templates it extends again (in a class of thirty arriving at
once, over a quarter of the server's CPU), and it reads the notebook from disk again, outputs and
all, which it then copies twice and clears before running the cells.  So:

- every exporter's environment shares one bytecode cache (Jinja's own mechanism for "compile a
  template once"), kept in memory and checked against each template's source, so an edited
  template is compiled again;
- a page's notebook is read once per change of the file (its path, modification time and size)
  and kept without its code cells' outputs and saved widget state (Voilà clears them before it
  runs the cells anyway); each page gets its own copy.

Both hook into Voilà's classes (``VoilaExporter.environment``, ``NotebookRenderer.load_notebook``)
because Voilà builds them itself and offers no setting for either; ``tests/test_page_rendering.py``
checks the hooks still take.
"""

from __future__ import annotations

import copy
import functools
import os
from hashlib import sha1
from types import CodeType
from typing import Any

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket


class SharedTemplateCode(BytecodeCache):
    """Compiled template code kept in memory for every environment of the same settings (the key
    holds the environment's extensions, delimiters and async mode; the source's checksum is
    compared on every load)."""

    def __init__(self) -> None:
        self._code: dict[str, tuple[str, CodeType]] = {}

    def get_bucket(self, environment: Any, name: str, filename: str | None, source: str) -> Bucket:
        settings = (
            sorted(environment.extensions),
            environment.is_async,
            environment.block_start_string,
            environment.variable_start_string,
            environment.comment_start_string,
            environment.line_statement_prefix,
            environment.trim_blocks,
            environment.lstrip_blocks,
            environment.autoescape if isinstance(environment.autoescape, bool) else "callable",
        )
        key = sha1(f"{name}|{filename}|{settings!r}".encode()).hexdigest()
        bucket = Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        kept = self._code.get(bucket.key)
        if kept is not None and kept[0] == bucket.checksum:
            bucket.code = kept[1]

    def dump_bytecode(self, bucket: Bucket) -> None:
        if bucket.code is not None:
            self._code[bucket.key] = (bucket.checksum, bucket.code)

    def clear(self) -> None:
        self._code.clear()

    def __len__(self) -> int:
        return len(self._code)


TEMPLATE_CODE = SharedTemplateCode()


def without_outputs(notebook: Any) -> Any:
    """``notebook`` with no code cell output or execution count and no saved widget state (in place)."""
    for cell in notebook.cells:
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    notebook.get("metadata", {}).pop("widgets", None)
    return notebook


class NotebookCache:
    """Notebooks as Voilà's renderer loads them, without outputs, kept per file while it is unchanged."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[tuple[int, int], Any]] = {}

    @staticmethod
    def stamp(os_path: str) -> tuple[int, int] | None:
        try:
            st = os.stat(os_path)
        except OSError:
            return None
        return st.st_mtime_ns, st.st_size

    async def load(self, renderer: Any, path: str, load: Any) -> Any:
        """``load(renderer, path)`` (Voilà's own), or a copy of what it gave for the unchanged file."""
        os_path = getattr(renderer.contents_manager, "_get_os_path", None)
        stamp = self.stamp(os_path(path)) if os_path is not None else None
        kept = self._kept.get(path)
        if stamp is None or kept is None or kept[0] != stamp:
            notebook = await load(renderer, path)
            if stamp is None:  # not a file on this disk: nothing kept
                return notebook
            kept = (stamp, without_outputs(notebook))
            self._kept[path] = kept
        return copy.deepcopy(kept[1])

    def clear(self) -> None:
        self._kept.clear()


NOTEBOOKS = NotebookCache()


STATIC_PATHS_KEPT = 1024  # a bound: the files a client asks for are looked up the same way


def find_static_once(handler: type) -> None:
    """Keep the files that ``handler.get_absolute_path`` (Voilà's template static files) finds,
    by template and path: the template folders do not change while the server runs."""
    find = handler.get_absolute_path.__func__  # type: ignore[attr-defined]
    kept = functools.lru_cache(maxsize=STATIC_PATHS_KEPT)(find)
    handler.get_absolute_path = classmethod(kept)  # type: ignore[attr-defined,arg-type]


def install() -> None:
    """Hook ``TEMPLATE_CODE``, ``NOTEBOOKS`` and ``find_static_once`` into Voilà's exporter,
    renderer and template file handler (idempotent)."""
    from voila.exporter import VoilaExporter
    from voila.notebook_renderer import NotebookRenderer
    from voila.static_file_handler import TemplateStaticFileHandler

    if getattr(VoilaExporter.environment.fget, "shares_template_code", False):
        return
    find_static_once(TemplateStaticFileHandler)
    environment = VoilaExporter.environment

    def shared_environment(self):
        env = environment.fget(self)
        env.bytecode_cache = TEMPLATE_CODE
        return env

    shared_environment.shares_template_code = True  # type: ignore[attr-defined]
    VoilaExporter.environment = property(shared_environment)  # type: ignore[method-assign,assignment]

    load_notebook = NotebookRenderer.load_notebook

    async def load_kept(self, path):
        return await NOTEBOOKS.load(self, path, load_notebook)

    NotebookRenderer.load_notebook = load_kept  # type: ignore[method-assign]
