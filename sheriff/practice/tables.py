"""Games at a chosen moment of a round, built by the engine's own setup, for the questions
to play out; and the small helpers every question kind shares."""

from __future__ import annotations

import random

from sheriff.actions import Action
from sheriff.cards import GOODS, LEGAL_GOODS, describe, list_to_counts
from sheriff.engine import DEFAULT_NAMES, Game
from sheriff.events import Event
from sheriff.i18n import DEFAULT, _, get_language
from sheriff.narration import narrate
from sheriff.position import Declaration, PhaseName, Position, counts_of
from sheriff.rules import Edition, Rules
from sheriff.state import Negotiation
from sheriff.wording import good_count

EDITIONS: tuple[Edition, ...] = ("1E", "2E")


def seat_names(n: int) -> list[str]:
    """The usual players' names, in the page's language (the characters' names are catalog messages)."""
    return [_(name) for name in DEFAULT_NAMES[:n]]


def table_game(
    edition: str,
    bags: dict[int, list[int]],
    declared: dict[int, tuple[int, int]],
    players: int = 4,
    sheriff: int = 0,
    stands: dict[int, list[int]] | None = None,
    gold: dict[int, int] | None = None,
    royal: bool = False,
    seed: int = 0,
    deputies: tuple[int, int] | None = None,
    hands: dict[int, list[int]] | None = None,
    phase: PhaseName = "inspect",
    others_wait: bool = True,
    names: list[str] | None = None,
    **variants,
) -> Game:
    """A game at a chosen moment of a round, from count vectors by seat (a ``Position``,
    built by the engine's setup like every scenario).

    ``phase="inspect"``: ``bags`` and ``declared`` ((good, count)) by seat; with
    ``others_wait`` the other merchants carry a one-Apple bag still to be dealt with
    (so the round goes on), else their bags count as already handed back.
    ``phase="declare"``: every merchant has a bag (the others get one Apple), nobody
    has declared yet.  ``phase="load"``: merchants in ``bags`` have not loaded yet
    (give their ``hands``); the others have closed a one-Apple bag."""
    n = players
    officials = deputies if deputies else (sheriff,)
    merchants = [p for p in range(n) if p not in officials]
    apple = list_to_counts([LEGAL_GOODS[0]])
    if phase == "load":
        bags = {p: apple for p in merchants if p not in bags}
    elif others_wait or phase == "declare":
        bags = {p: bags.get(p, apple) for p in merchants}
        declared = {p: declared.get(p, (LEGAL_GOODS[0], 1)) for p in merchants}
    inspect = phase == "inspect"
    pos = Position(
        rules=Rules.model_validate({"edition": edition, "players": n, "royal_goods": royal, **variants}),
        names=list(names) if names else seat_names(n),
        phase=phase,
        sheriff=None if deputies else sheriff,
        deputies=deputies,
        hands=[counts_of((hands or {}).get(p, ())) for p in range(n)],
        bags=[counts_of(bags[p]) if p in bags else None for p in range(n)],
        declarations=[
            Declaration(good=GOODS[declared[p][0]].id, count=declared[p][1]) if inspect and p in bags else None
            for p in range(n)
        ],
        handled=[None if (p in bags or p in officials or not inspect) else "passed" for p in range(n)],
        stands=[counts_of((stands or {}).get(p, ())) for p in range(n)],
        gold=[(gold or {}).get(p, 50) for p in range(n)],
        seed=seed,
    )
    return Game.from_state(pos.to_state(), seed=seed)


def random_bag(rng: random.Random, size: int, pool) -> list[int]:
    return [rng.choice(pool) for _ in range(size)]


def play_narrated(g: Game, action: Action) -> tuple[list[Event], str]:
    before = g.state.copy()
    events = g.push(action)
    return events, " ".join(narrate(action, events, before, g.state))


def declared_text(good: int, count: int) -> str:
    return good_count(good, count)


def goods_list(counts) -> str:
    """'2 Chickens, 1 Cheese' for a choice among payments: ``describe``'s words in English, and in
    another language each good with the plural form its number asks for."""
    if get_language() == DEFAULT:
        return describe(counts)
    return _(", ").join(good_count(g, k) for g, k in enumerate(counts) if k) or _("nothing")


def pick_edition(rng: random.Random, edition: str | None) -> Edition:
    return "1E" if edition == "1E" else "2E" if edition == "2E" else rng.choice(EDITIONS)


def seat_to_act(g: Game) -> int:
    """The seat whose move it is (the questions stop mid-round, where someone always is)."""
    seat = g.to_act
    if seat is None:
        raise AssertionError(f"nobody to act in phase {g.state.phase}")
    return seat


def haggle(g: Game) -> Negotiation:
    """The haggle under way (merchant, offer, by, due: see ``state.Negotiation``)."""
    if g.state.nego is None:
        raise AssertionError("no haggle under way")
    return g.state.nego
