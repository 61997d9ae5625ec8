"""Who plays whom in a round, and in which role: pure, given the seats and the last round's pairs.

Pairs stay together from round to round and swap roles (a round has one Sheriff, so a pair plays
two rounds to take turns).  Newcomers, and students whose partner left or was the coach, are paired
among themselves; an odd student out plays the coach (``COACH``, a seat the caller provides).
Re-pairing shuffles everybody (seeded), each student taking the role they did not have last time
where the pairs allow it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

COACH = -1  # the coach's seat, in place of a member id


def _last_roles(previous: Sequence[tuple[int, int]]) -> dict[int, str]:
    roles = {}
    for m, s in previous:
        roles[m], roles[s] = "merchant", "sheriff"
    return roles


def _orient(a: int, b: int, last: dict[int, str]) -> tuple[int, int]:
    """(merchant, sheriff) for two seats: whoever was merchant last time is Sheriff now."""
    if last.get(a) == "merchant" or last.get(b) == "sheriff":
        return b, a
    return a, b


def pair_up(
    students: Sequence[int], previous: Sequence[tuple[int, int]], repair: bool = False, seed: int = 0
) -> list[tuple[int, int]]:
    """(merchant, sheriff) pairs for the next round.  ``students``: member ids of the students in
    the room (in join order); ``previous``: the last round's pairs (``COACH`` or the coach's member
    id for the coach's seat is fine: any id not in ``students`` counts as the coach)."""
    present = set(students)
    last = _last_roles(previous)
    pairs: list[tuple[int, int]] = []
    pool: list[int] = []
    if repair:
        pool = list(students)
        random.Random(seed).shuffle(pool)
    else:
        kept: set[int] = set()
        for m, s in previous:
            if m in present and s in present:
                pairs.append((s, m))  # the same two, roles swapped
                kept |= {m, s}
        pool = [x for x in students if x not in kept]
    for i in range(0, len(pool) - 1, 2):
        pairs.append(_orient(pool[i], pool[i + 1], last))
    if len(pool) % 2:
        odd = pool[-1]
        pairs.append((COACH, odd) if last.get(odd) == "merchant" else (odd, COACH))
    return pairs


__all__ = ["pair_up", "COACH"]
