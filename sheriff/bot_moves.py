"""The bots' moves, each built once and handed out again (``Interned``), and built from compiled
code rather than by the move classes' interpreted ``__init__`` (``Builder``): ``sheriff.bots``
reads its moves from the tables at the end."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any, Final, cast

from sheriff import actions as A
from sheriff.state import COMPILED


# -- moves, built once ------------------------------------------------------------
class Interned:
    """One kind of move, built once for each set of fields and then handed out again.

    A move is an immutable value (a frozen dataclass, compared by value), and building one
    from compiled code costs some twenty dictionary lookups: a bot game makes 200-270 moves.
    The keys pack fields from 0 to 1023 (seats, goods, counts; gold unbounded) into one int;
    anything else is built afresh.  The tables stay small; the ones keyed by cards are emptied
    if they ever grow past ``LIMIT``."""

    LIMIT = 4096

    def __init__(self, make: Callable[..., A.Action]) -> None:
        self.make = make
        self.made: dict[object, A.Action] = {}
        self.build = Builder(make)

    def two(self, me: int, m: int) -> A.Action:
        """``make(me, m)``: seat and merchant (or the Market's first seat)."""
        if (me | m) >> 10:  # negative or large: not packed
            return self.make(me, m)
        key = me << 10 | m
        a = self.made.get(key)
        if a is None:
            a = self.made[key] = self.build.new((me, m))
        return a

    def three(self, me: int, x: int, y: int) -> A.Action:
        """``make(me, x, y)`` for small ints ``x`` and ``y`` (a good and a count; two seats)."""
        if (me | x | y) >> 10:
            return self.make(me, x, y)
        key = (me << 10 | x) << 10 | y
        a = self.made.get(key)
        if a is None:
            a = self.made[key] = self.build.new((me, x, y))
        return a

    def stance(self, me: int, m: int, want: bool) -> A.Action:
        if (me | m) >> 10:
            return self.make(me, m, want)
        key = (me << 10 | m) << 1 | want
        a = self.made.get(key)
        if a is None:
            a = self.made[key] = self.build.new((me, m, want))
        return a

    def offer(self, me: int, m: int, gold: int) -> A.Action:
        """``make(me, m, Bribe(gold=gold))``: gold alone."""
        if (me | m) >> 10 or gold < 0:
            return self.make(me, m, A.Bribe(gold=gold))
        key = (gold << 10 | me) << 10 | m
        a = self.made.get(key)
        if a is None:
            a = self.made[key] = self.build.new((me, m, BRIBE.new((gold,))))
        return a

    def cards(self, me: int, cards: tuple[int, ...]) -> A.Action:
        """``make(me, cards)``: a bag loaded, or cards set aside at the Market (nothing taken from a pile)."""
        key = _pack(me, cards)
        a = self.made.get(key)
        if a is None:
            if len(self.made) >= self.LIMIT:
                self.made.clear()
            a = self.made[key] = self.build.new((me, cards))
        return a


class Builder:
    """Builds a move (or a bribe) as ``sheriff.fastinit``'s ``__init__`` does, each field stored
    by its slot's setter, but from compiled code: the class's own ``__init__`` runs in the
    interpreter (~3,300 instructions a move; ~1,000 this way).  Fields not given take their
    default, as the class's ``__init__`` gives them."""

    def __init__(self, cls: Callable[..., object]) -> None:
        self.cls = cls
        self.fields = fields(cls)  # type: ignore[arg-type]  # every move is a dataclass
        self.setters: list[Callable[[object, object], None]] = [getattr(cls, f.name).__set__ for f in self.fields]
        self.defaults: list[object] = [f.default for f in self.fields]

    def new(self, values: tuple[Any, ...]) -> Any:
        """``cls(*values)``."""
        if not COMPILED:  # in the interpreter the class's own (fastinit) __init__ is quicker
            return self.cls(*values)
        a: object = _NEW(cast("type", self.cls))
        n = len(values)
        i = 0
        for setter in self.setters:
            if i < n:
                setter(a, values[i])
            else:
                value = self.defaults[i]
                setter(a, value if value is not MISSING else self._default(i))
            i += 1
        return a

    def _default(self, i: int) -> object:
        f = self.fields[i]
        if f.default is not MISSING:
            return f.default
        if f.default_factory is not MISSING:
            return f.default_factory()
        raise TypeError(f"{self.cls!r}: no value for {f.name}")


_NEW: Final = object.__new__


def _pack(me: int, cards: tuple[int, ...]) -> object:
    """One int for a seat and up to eight cards, each under 32 (the length in the low bits, so no
    two differ only by leading zeros): hashed and compared far quicker than the tuple
    ``(me, cards)``, which is the key for anything else."""
    if len(cards) > 8 or me >> 10:
        return (me, cards)
    key = me
    for c in cards:
        if c >> 5 or c < 0:
            return (me, cards)
        key = key << 5 | c
    return key << 4 | len(cards)


BRIBE: Final = Builder(A.Bribe)
PASS: Final = Interned(A.Pass)
INSPECT_BAG: Final = Interned(A.Inspect)  # discard pile 0, no order for the confiscated goods
THREATEN: Final = Interned(A.Threaten)
ACCEPT: Final = Interned(A.Accept)
DECLINE: Final = Interned(A.Decline)
OFFER: Final = Interned(A.Offer)
STANCE: Final = Interned(A.Stance)
DECLARE_BAG: Final = Interned(A.Declare)
CHOOSE_START: Final = Interned(A.ChooseStart)
AGREE_BOOTY: Final = Interned(A.AgreeBooty)
LOAD_BAG: Final = Interned(A.LoadBag)
SET_ASIDE: Final = Interned(A.Market)
