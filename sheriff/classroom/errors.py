"""The one error class mode raises at a page: a plain sentence the page can show as it is."""

from __future__ import annotations


class ClassroomError(ValueError):
    """Something the person at the page asked for cannot be done; ``str(e)`` says why, in the
    page's language (``_()`` is applied where it is raised).  ``reason`` is a short fixed key
    for tests and pages (``"code"``, ``"nickname"``, ``"taken"``, ``"key"``, ``"closed"``,
    ``"not_your_turn"``, ``"chosen"``, ``"move"``, ``"params"``, ``"round"``, ``"store"``).  A move
    the rules refused also carries the engine's refusal (``illegal``: its rule and citation, for a
    page to link)."""

    def __init__(self, message: str, reason: str = "", illegal=None):
        super().__init__(message)
        self.reason = reason
        self.illegal = illegal  # the engine's IllegalAction, when the rules refused a move


class StoreUnavailable(ClassroomError):
    """The class database failed (``reason`` ``"store"``): ``str(e)`` says what was not saved, why
    and what happens next; ``kind`` is why, as a key of ``store_faults.WHY`` (``"unreachable"``,
    ``"busy"``, ``"readonly"``, ``"moved"``, ``"newer"``, ``"address"``, ``"other"``); ``detail``
    the cause as the server's log gives it (not for the page)."""

    def __init__(self, message: str, kind: str, detail: str = ""):
        super().__init__(message, "store")
        self.kind = kind
        self.detail = detail
