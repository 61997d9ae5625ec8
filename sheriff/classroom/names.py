"""Room codes, nicknames, teacher and host keys and seat keys: made, cleaned and checked, with
messages a learner reads.

A seat key (a "rejoin code") is what makes a seat its owner's: the page that joined gets it, and
only it takes the seat back, after a minute or after a day; a nickname alone never does.  Like the
teacher's key it is stored only as its hash."""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import threading
import time
import unicodedata

from sheriff.classroom.errors import ClassroomError
from sheriff.i18n import LANGUAGES, N_, _, catalog

# No 0/O, 1/I/L: a code read off a projector is typed without doubt.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
SEAT_KEY_LENGTH = 8  # 31**8 ≈ 8.5e11 codes, typed from the seat's own page (KeyThrottle slows guessing)
NICK_MIN, NICK_MAX = 2, 20
BOT_NICK = N_("Coach")  # the coach's seat, shown through _(); stored in English


def new_code(rng: random.Random | None = None) -> str:
    pick = rng.choice if rng else secrets.choice
    return "".join(pick(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def clean_code(text: str) -> str:
    """A code as typed ("abc 234", " ABC-234") in its stored form, or ``ClassroomError`` ("code")."""
    code = "".join(ch for ch in str(text).upper() if not ch.isspace() and ch != "-")
    if not code:
        raise ClassroomError(_("Type the room code shown by your teacher."), "code")
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        raise ClassroomError(
            _("A room code has {n} letters and digits, like {example}: check it against the projector.").format(
                n=CODE_LENGTH, example="K7MX3Q"
            ),
            "code",
        )
    return code


def clean_nickname(text: str, table: bool = False) -> str:
    """A nickname as typed, trimmed and normalised, or ``ClassroomError`` ("nickname"); ``table``:
    refused in a table's words (a player types a name, not a nickname)."""
    nick = unicodedata.normalize("NFC", str(text)).strip()
    nick = " ".join(nick.split())  # inner runs of spaces count as one
    if any(unicodedata.category(ch).startswith("C") for ch in nick):
        raise ClassroomError(
            _("A name cannot contain invisible or control characters.")
            if table
            else _("A nickname cannot contain invisible or control characters."),
            "nickname",
        )
    if not NICK_MIN <= len(nick) <= NICK_MAX:
        short = len(nick) < NICK_MIN
        if table:
            text = (
                _("Choose a name of at least {n} characters.")
                if short
                else _("Choose a name of at most {n} characters.")
            )
        else:
            text = (
                _("Choose a nickname of at least {n} characters.")
                if short
                else _("Choose a nickname of at most {n} characters.")
            )
        raise ClassroomError(text.format(n=NICK_MIN if short else NICK_MAX), "nickname")
    return nick


def check_not_reserved(nick: str) -> str:
    """The nickname, unless it is the coach's name in any of the tutor's languages (case, spaces
    and the page's language do not count): a student called "Coach" would make two "Coach" rows
    on the teacher's dashboard and in the CSV.  ``ClassroomError`` ("nickname")."""
    reserved = {"".join(catalog(lang).gettext(BOT_NICK).split()).casefold() for lang in LANGUAGES}
    if "".join(str(nick).split()).casefold() in reserved:
        raise ClassroomError(
            _("“{nick}” is the coach's name here: choose another nickname.").format(nick=_(BOT_NICK)), "nickname"
        )
    return nick


def nick_key(nick: str) -> str:
    """What makes two nicknames the same seat: case and spacing do not count."""
    return clean_nickname(nick).casefold()


def new_key() -> str:
    """A teacher key: shown once to the room's creator, stored only as its hash."""
    return secrets.token_urlsafe(12)


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def key_matches(key: str, key_hash: str) -> bool:
    return hmac.compare_digest(hash_key(str(key)), key_hash)


def new_seat_key() -> str:
    """A seat's rejoin code, easy to copy by hand from one's own page: ``"K7MX-3QPA"``."""
    raw = "".join(secrets.choice(CODE_ALPHABET) for _ in range(SEAT_KEY_LENGTH))
    return f"{raw[:4]}-{raw[4:]}"


def clean_seat_key(text: str | None) -> str:
    """A rejoin code as typed ("k7mx 3qpa", "K7MX-3QPA") in its stored form; "" if none was typed."""
    return "".join(ch for ch in str(text or "").upper() if not ch.isspace() and ch != "-")


def hash_seat_key(key: str) -> str:
    return hash_key(clean_seat_key(key))


def seat_key_matches(key: str | None, key_hash: str | None) -> bool:
    typed = clean_seat_key(key)
    return bool(typed and key_hash) and hmac.compare_digest(hash_key(typed), str(key_hash))


class KeyThrottle:
    """Wrong keys (teacher, host, rejoin code) for one room (by its code): after ``limit`` wrong tries within
    ``window`` seconds, the room's keys are refused until the window has passed, so a curious
    student cannot try codes by the thousand.  Per server process: enough to make guessing hopeless."""

    def __init__(self, limit: int = 10, window: float = 60.0, clock=time.monotonic):
        self.limit, self.window, self.clock = limit, window, clock
        self._wrong: dict[tuple[str, str], list[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, where: tuple[str, str]) -> list[float]:
        now = self.clock()
        tries = [t for t in self._wrong.get(where, ()) if now - t < self.window]
        self._wrong[where] = tries
        return tries

    def check(self, room: str, kind: str) -> None:
        """Refuse (``ClassroomError`` "throttled") while too many wrong keys were typed."""
        with self._lock:
            tries = self._recent((room, kind))
            if len(tries) < self.limit:
                return
            wait = max(1, int(self.window - (self.clock() - tries[0])) + 1)
        raise ClassroomError(
            _("Too many wrong keys were typed for this code. Wait {n} seconds, then try again.").format(n=wait),
            "throttled",
        )

    def wrong(self, room: str, kind: str) -> None:
        with self._lock:
            self._recent((room, kind)).append(self.clock())


THROTTLE = KeyThrottle()
