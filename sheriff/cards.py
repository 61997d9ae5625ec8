"""The goods catalog: one table (``data/goods.json``) that everything else reads.

Goods are small integers inside the engine (fast list indexing); names appear only
at the edges (JSON, widgets, narration).  ``GOODS[i]`` is the frozen description
of good ``i``; ``GOOD_IDS`` maps a name such as ``"gouda_cheese"`` to its index.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources

LEGAL = "legal"
CONTRABAND = "contraband"
ROYAL = "royal"


@dataclass(frozen=True, slots=True)
class Good:
    index: int
    id: str  # machine name, e.g. "green_apples"
    name: str  # display name, e.g. "Green Apples"
    kind: str  # "legal", "contraband" or "royal" (royal goods are contraband in play)
    value: int
    penalty: int
    count_3p: int
    count_4p: int  # 4-6 players
    counts_as: int | None = None  # index of the legal good a royal good counts toward
    multiplier: int = 1  # how many of ``counts_as`` it is worth for King/Queen

    @property
    def is_legal(self) -> bool:
        return self.kind == LEGAL

    @property
    def is_contraband(self) -> bool:
        """Contraband in play: the red goods and the royal goods."""
        return self.kind != LEGAL

    @property
    def is_royal(self) -> bool:
        return self.kind == ROYAL

    def count(self, players: int) -> int:
        return self.count_3p if players == 3 else self.count_4p


def _load() -> tuple[tuple[Good, ...], dict[str, dict[str, int]]]:
    raw = json.loads(resources.files("sheriff").joinpath("data/goods.json").read_text("utf-8"))
    ids = [g["id"] for g in raw["goods"]]
    goods = tuple(
        Good(
            index=i,
            id=g["id"],
            name=g["name"],
            kind=g["kind"],
            value=g["value"],
            penalty=g["penalty"],
            count_3p=g["count_3p"],
            count_4p=g["count_4p"],
            counts_as=ids.index(g["counts_as"]) if "counts_as" in g else None,
            multiplier=g.get("multiplier", 1),
        )
        for i, g in enumerate(raw["goods"])
    )
    bonuses = {k: v for k, v in raw["bonuses"].items() if not k.startswith("_")}
    return goods, bonuses


GOODS, _BONUSES = _load()
N_GOODS = len(GOODS)
GOOD_IDS: dict[str, int] = {g.id: g.index for g in GOODS}

APPLES, CHEESE, BREAD, CHICKENS = (GOOD_IDS[n] for n in ("apples", "cheese", "bread", "chickens"))
PEPPER, MEAD, SILK, CROSSBOWS = (GOOD_IDS[n] for n in ("pepper", "mead", "silk", "crossbows"))

LEGAL_GOODS = tuple(g.index for g in GOODS if g.is_legal)
CONTRABAND_GOODS = tuple(g.index for g in GOODS if g.kind == CONTRABAND)
ROYAL_GOODS = tuple(g.index for g in GOODS if g.is_royal)
ILLEGAL_GOODS = CONTRABAND_GOODS + ROYAL_GOODS  # everything that goes face down

# Fast parallel tables for the inner loop.
VALUE = tuple(g.value for g in GOODS)
PENALTY = tuple(g.penalty for g in GOODS)
IS_LEGAL = tuple(g.is_legal for g in GOODS)

# King and Queen bonuses, by legal good index: (king, queen).
BONUS: dict[int, tuple[int, int]] = {GOOD_IDS[name]: (b["king"], b["queen"]) for name, b in _BONUSES.items()}


def good_id(name: str) -> int:
    """Index of a good from its machine name or display name (case-insensitive).

    >>> GOODS[good_id("Gouda Cheese")].multiplier
    2
    """
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    aliases = {
        "apple": "apples",
        "chicken": "chickens",
        "crossbow": "crossbows",
        "green_apple": "green_apples",
        "golden_apple": "golden_apples",
    }
    key = aliases.get(key, key)
    if key not in GOOD_IDS:
        raise KeyError(f"unknown good {name!r}; known goods: {', '.join(GOOD_IDS)}")
    return GOOD_IDS[key]


def deck_composition(players: int, royal: bool) -> list[int]:
    """Number of cards of each good in the deck for this player count.

    The 3-player game removes the cards marked "4+" (all Bread, some contraband and
    royal goods); 4, 5 and 6 players use the full deck.
    """
    return [g.count(players) if (royal or not g.is_royal) else 0 for g in GOODS]


# The largest deck (six players, Royal Goods): no count of cards anywhere can exceed it.
MAX_DECK = max(sum(deck_composition(n, True)) for n in (3, 4, 5, 6))


def counts_to_list(counts: list[int] | tuple[int, ...]) -> list[int]:
    """Expand a count vector into a sorted list of good indices."""
    out: list[int] = []
    for i, n in enumerate(counts):
        out.extend([i] * n)
    return out


def list_to_counts(cards) -> list[int]:
    counts = [0] * N_GOODS
    for c in cards:
        counts[c] += 1
    return counts


def describe(counts) -> str:
    """'2 Chickens, 1 Cheese, 1 Silk' from a count vector (empty: 'nothing')."""
    parts = [f"{n} {GOODS[i].name}" for i, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "nothing"
