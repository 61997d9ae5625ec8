"""When the class store fails: the sentence a page shows, the line the server's log gets.

Every failure of the database under a ``Store`` (PostgreSQL stopped, a wrong address, a read-only
or full disk, the SQLite file locked by another program, or deleted or replaced under a running
server, a schema newer than this tutor's) becomes a ``StoreUnavailable``, the ``ClassroomError``
every page already shows.  Its sentence says what was not saved (``doing``: the API call names
the action, a choice, a move, joining), why, and what happens next.  The server's log gets one
line with the cause; the same failure again within a minute is only counted, and the first call
that works again says so.  ``IntegrityError`` is left to the store (``Duplicate``).
"""

from __future__ import annotations

import contextlib
import functools
import logging
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, DisconnectionError, IntegrityError, SQLAlchemyError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from sheriff.classroom.errors import StoreUnavailable
from sheriff.i18n import N_, _

log = logging.getLogger("sheriff.classroom")
REPEAT_S = 60.0  # the same failure again within this time is counted, not logged again

# What the person asked for, named by the API call a page makes (``doing``); None: some other click.
WHAT = {
    "choice": N_("Your choice was not saved."),
    "move": N_("Your move was not saved."),
    "room": N_("The room was not created."),
    "table": N_("The table was not opened."),
    "join": N_("You have not joined yet."),
    "update": N_("This page could not be updated."),
    None: N_("This was not done."),
}
WHY = {
    "unreachable": N_("The class database cannot be reached right now."),
    "busy": N_("The class database is busy: another program is holding it."),
    "readonly": N_("The class database cannot save anything: its disk is read-only or full."),
    "moved": N_("The class database's file was deleted or replaced while the server was running."),
    "newer": N_("This class database was made by a newer version of the tutor."),
    "address": N_("The server's class database address is wrong."),
    "other": N_("The class database did not answer."),
}
# the same, said on a table's page (a table has no class: its pages never say "class")
WHY_TABLE = {
    "unreachable": N_("The table's database cannot be reached right now."),
    "busy": N_("The table's database is busy: another program is holding it."),
    "readonly": N_("The table's database cannot save anything: its disk is read-only or full."),
    "moved": N_("The table's database file was deleted or replaced while the server was running."),
    "newer": N_("The table's database was made by a newer version of the tutor."),
    "address": N_("The server's database address is wrong."),
    "other": N_("The table's database did not answer."),
}
TRANSIENT = ("unreachable", "busy", "other")  # pressing again later may work
NEXT = {
    "readonly": N_("Everything saved before is kept; tell whoever runs the server, then press again."),
    "moved": N_("Tell whoever runs the server: it must be restarted before anything more can be saved."),
    "newer": N_("Nothing in it was changed; tell whoever runs the server to update the tutor."),
    "address": N_("Tell whoever runs the server to check the class database setting (SHERIFF_CLASS_DB)."),
}


class _Doing:
    def __init__(self, action: str, where: str = "class"):
        self.action = action
        self.where = where  # "class" or "table": whose words the page's sentence uses
        self.wrote = False  # a write of this action was committed before the failure


_doing: ContextVar[_Doing | None] = ContextVar("sheriff_classroom_doing", default=None)


def doing(action: str, where: str = "class") -> Callable:
    """Decorate an API call a page makes: a store failure inside it names ``action`` (a key of
    ``WHAT``), in the words of ``where`` ("class" or "table").  Calls inside another keep the outer
    one's name (a choice, then its view)."""

    def wrap(fn: Callable) -> Callable:
        @functools.wraps(fn)
        def call(*args, **kwargs):
            if _doing.get() is not None:
                return fn(*args, **kwargs)
            token = _doing.set(_Doing(action, where))
            try:
                return fn(*args, **kwargs)
            finally:
                _doing.reset(token)

        return call

    return wrap


def sentence(kind: str, action: str | None, wrote: bool = False, where: str = "class") -> str:
    """What the page says: what was not saved, why, what happens next (in the page's language)."""
    if wrote:  # e.g. the move was stored, then reading the table back failed
        what, then = _("What you did was saved, but this page could not show it yet."), _("This page keeps trying.")
    else:
        what = _(WHAT.get(action, WHAT[None]))
        if kind not in TRANSIENT:
            then = _(NEXT[kind])
        elif action == "update":
            then = _("Nothing was lost: this page keeps trying and catches up by itself.")
        else:
            then = _("Nothing was lost: press again in a moment.")
    if where == "table" and kind == "address":
        then = _("Tell whoever runs the server to check the database setting (SHERIFF_CLASS_DB).")
    return f"{what} {_((WHY_TABLE if where == 'table' else WHY)[kind])} {then}"


def classify(exc: BaseException) -> str:
    """A key of ``WHY`` for a database error (SQLite's or psycopg's, as SQLAlchemy raised it)."""
    orig = getattr(exc, "orig", None) or exc
    text = str(orig).lower()
    if isinstance(exc, (ImportError, OSError)) or (
        isinstance(exc, SQLAlchemyError) and not isinstance(exc, (DBAPIError, PoolTimeout, DisconnectionError))
    ):
        return "address"  # no such driver, a URL that does not parse, a folder that cannot be made
    if "locked" in text or "busy" in text:
        return "busy"
    if any(w in text for w in ("readonly", "read-only", "disk is full", "no space left", "disk full")):
        return "readonly"
    kinds = {c.__name__ for c in (*type(exc).__mro__, *type(orig).__mro__)}
    if kinds & {"OperationalError", "InterfaceError", "TimeoutError", "DisconnectionError"}:
        return "unreachable"  # no server, a lost connection, a file that cannot be opened
    return "other"


def cause(exc: BaseException) -> str:
    """``ExceptionClass: message`` on one line (the driver's own error where there is one)."""
    orig = getattr(exc, "orig", None) or exc
    text = " ".join(str(orig).split())
    return f"{type(orig).__name__}: {text[:300]}"


def safe_url(url: str) -> str:
    """The address without its password, for the log."""
    with contextlib.suppress(Exception):
        return make_url(url).render_as_string(hide_password=True)
    return "(an address that does not parse)"


def sqlite_file(url: str) -> Path | None:
    """The database file of a SQLite URL (``sqlite:///path``, ``sqlite:///file:path?mode=ro&uri=true``)."""
    try:
        u = make_url(url)
    except SQLAlchemyError:
        return None
    db = u.database or ""
    if u.get_backend_name() != "sqlite" or db in ("", ":memory:"):
        return None
    if db.startswith("file:"):
        db = db[len("file:") :].split("?")[0]
    return Path(db)


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


class Faults:
    """One store's failures: turns database errors into ``StoreUnavailable`` and logs them.

    For SQLite, ``opened()`` notes the file's device and inode; every call then checks the path
    still names that file.  A file deleted or replaced under a running server would otherwise
    take writes into the deleted file, acknowledged and then gone."""

    def __init__(self, url: str, clock: Callable[[], float] = time.monotonic):
        self.url = url
        self.clock = clock
        self.errors: tuple[type[BaseException], ...] = (DBAPIError, PoolTimeout, DisconnectionError)
        self._file = sqlite_file(url)
        self._inode: tuple[int, int] | None = None
        self._last: tuple[str, float] | None = None  # the last failure logged, and when
        self._repeats = 0
        self._failing = False
        server_log()

    def opened(self, driver_error: type[BaseException] | None) -> None:
        if driver_error is not None:  # sqlite3.Error, psycopg.Error: raised from the connect hooks
            self.errors = (*self.errors, driver_error)
        if self._file is not None:
            self._inode = _identity(self._file)

    @contextlib.contextmanager
    def guard(self, write: bool = False) -> Iterator[None]:
        if self._inode is not None and _identity(self._file) != self._inode:  # type: ignore[arg-type]
            raise self.refuse("moved", f"{self._file} is not the file opened at start")
        try:
            yield
        except IntegrityError:
            raise  # a unique key: the store's Duplicate
        except self.errors as e:
            raise self.refuse(classify(e), cause(e)) from e
        if write and (d := _doing.get()) is not None:
            d.wrote = True
        if self._failing:
            self._failing = False
            more = f" ({self._repeats} failed calls not logged)" if self._repeats else ""
            log.warning("class database works again%s", more)
            self._last, self._repeats = None, 0

    def refuse(self, kind: str, detail: str) -> StoreUnavailable:
        """The page's error for a failure of ``kind``, logged once (``detail``: the cause)."""
        d = _doing.get()
        action = d.action if d else None
        self._failing = True
        key, now = f"{kind} {detail}", self.clock()
        if self._last is not None and self._last[0] == key and now - self._last[1] < REPEAT_S:
            self._repeats += 1
        else:
            self._last = (key, now)
            log.warning("class database failed (%s, %s): %s [%s]", kind, action or "a call", detail, safe_url(self.url))
        wrote = d is not None and d.wrote and action != "update"  # a poll's heartbeat is not the person's doing
        return StoreUnavailable(sentence(kind, action, wrote, d.where if d else "class"), kind, detail)


_server_log_installed = False


def server_log() -> None:
    """With no logging configured (a Voilà kernel), the failures go to the server's log: the kernel's
    own standard error goes to the page, its original one (ipykernel keeps a copy) to the server."""
    global _server_log_installed
    if _server_log_installed or log.hasHandlers():
        return
    _server_log_installed = True
    fd = getattr(sys.stderr, "_original_stdstream_copy", None)
    stream = os.fdopen(os.dup(fd), "w", buffering=1) if isinstance(fd, int) else sys.stderr
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("[%(levelname).1s %(asctime)s %(name)s] %(message)s"))
    log.addHandler(handler)


def opening_failed(url: str, exc: BaseException) -> StoreUnavailable:
    """A store that could not be opened at all (a wrong address, a newer schema, no database)."""
    if isinstance(exc, StoreUnavailable):
        return exc
    return Faults(url).refuse(classify(exc), cause(exc))


__all__ = ["Faults", "StoreUnavailable", "classify", "doing", "opening_failed", "safe_url", "sentence"]
