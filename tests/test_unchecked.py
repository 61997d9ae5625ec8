"""The unchecked path (``play_game`` applying the engine's own bots' moves without re-checking
them, ``engine.apply_unchecked``) plays exactly the games the checked ``Game.push`` plays.

Two copies of each game go move by move side by side, one checked and one not: after every
move the two positions are the same (``GameState.fingerprint``: every zone, purse, deal and
whose turn it is), and at the end so are the shuffle's random state, the moves, the events
and the scores.
"""

from __future__ import annotations

import pytest

from sheriff import actions as A
from sheriff import bot_moves as M
from sheriff import bots as B
from sheriff.engine import Game, apply_unchecked, to_act
from sheriff.errors import IllegalAction
from sheriff.rules import Rules, player_counts

GAMES_PER_TABLE = 36  # 14 tables below: 504 games
TABLES = [
    (edition, n, modules)
    for edition in ("1E", "2E")
    for n in player_counts(edition)
    for modules in (False, True)  # classic; Royal Goods and (2E) the Black Market
]


def rules_for(edition: str, n: int, modules: bool) -> Rules:
    return Rules(edition=edition, players=n, royal_goods=modules, black_market=modules and edition == "2E")


def side_by_side(rules: Rules, seed: int) -> tuple[Game, Game]:
    """One seeded bot game played twice, checked and unchecked, compared after every move.

    One set of bots plays both: each move is chosen in the checked game, and the two
    positions are equal before it, so the bots would choose it in the other game too."""
    checked, unchecked = Game(rules, seed=seed), Game(rules, seed=seed)
    bots = B.make_bots(rules.players, seed=seed)
    a, b = checked.state, unchecked.state
    while (p := to_act(a)) is not None:
        move = bots[p].act(checked.view(p))
        checked.push(move)
        apply_unchecked(b, move)
        assert b.fingerprint(rng=False) == a.fingerprint(rng=False)
    assert b.fingerprint() == a.fingerprint()  # the shuffles drew the same numbers
    return checked, unchecked


def same_game(a: Game, b: Game) -> None:
    assert a.is_over() and b.is_over()
    assert b.history == a.history
    assert b.state.events == a.state.events
    assert a.scores is not None and b.scores is not None
    assert [(sc.total, sc.bonuses) for sc in b.scores] == [(sc.total, sc.bonuses) for sc in a.scores]
    assert b.winners == a.winners


@pytest.mark.parametrize(("edition", "n", "modules"), TABLES)
def test_unchecked_moves_play_the_same_games_as_checked(edition, n, modules):
    rules = rules_for(edition, n, modules)
    for seed in range(GAMES_PER_TABLE):
        same_game(*side_by_side(rules, seed))


@pytest.mark.parametrize(("edition", "n", "modules"), [("2E", 5, False), ("1E", 4, True), ("2E", 6, True)])
def test_play_game_is_the_same_checked_or_not(edition, n, modules):
    rules = rules_for(edition, n, modules)
    for seed in range(5):
        a = B.play_game(Game(rules, seed=seed), B.make_bots(n, seed=seed), checked=True)
        same_game(a, B.play_game(Game(rules, seed=seed), B.make_bots(n, seed=seed)))


class Cheat:
    """A bot of another class: ``play_game`` checks its moves (here: letting its own bag through)."""

    def __init__(self, seed: int):
        self.bot = B.Bot(seed=seed)

    def act(self, v):
        return A.Pass(v.seat, v.seat) if v.phase == "inspect" else self.bot.act(v)


def test_only_the_engines_own_bots_go_unchecked():
    g = Game(Rules(players=4), seed=3)
    with pytest.raises(IllegalAction):
        B.play_game(g, [Cheat(seed=p) for p in range(4)])
    assert g.state.phase == "inspect"  # the refused move changed nothing; the game stopped there


@pytest.mark.parametrize(
    ("table", "make", "cards"),
    [(B.SET_ASIDE, A.Market, (0, 0, 7)), (B.SET_ASIDE, A.Market, ()), (B.LOAD_BAG, A.LoadBag, (3, 3, 12, 1, 0))],
)
def test_moves_the_bots_build_by_their_slots_are_the_moves(table, make, cards):
    """``Interned.cards`` stores a new move's fields through the slots' setters (not the
    interpreted ``__init__``): the same value, repr, hash and defaults as the class builds."""
    table.made.clear()
    built = table.cards(4, cards)
    assert type(built) is make
    assert built == make(4, cards) and hash(built) == hash(make(4, cards))
    assert repr(built) == repr(make(4, cards))
    assert table.cards(4, cards) is built  # handed out again, not rebuilt
    with pytest.raises(AttributeError):  # still frozen
        built.player = 1


def test_packed_keys_tell_seats_and_cards_apart():
    keys = {M._pack(me, cards) for me in range(7) for cards in [(), (0,), (0, 0), (1,), (0, 1), (1, 0), (31,) * 8]}
    assert len(keys) == 7 * 7
    assert M._pack(1, (40,)) == (1, (40,))  # a card beyond five bits: the tuple itself


def test_every_kind_of_bot_move_built_by_slots_is_the_move():
    """``Builder`` (the bots' moves and bribes, built from compiled code) gives what the class gives."""
    cases = [
        (B.PASS.two(2, 1), A.Pass(2, 1)),
        (B.INSPECT_BAG.two(0, 3), A.Inspect(0, 3)),
        (B.STANCE.stance(1, 2, True), A.Stance(1, 2, True)),
        (B.DECLARE_BAG.three(1, 2, 4), A.Declare(1, 2, 4)),
        (B.OFFER.offer(2, 2, 7), A.Offer(2, 2, A.Bribe(gold=7))),
        (M.BRIBE.new(()), A.Bribe()),
    ]
    for built, made in cases:
        assert type(built) is type(made) and built == made and repr(built) == repr(made)
    offer = M.Builder(A.Offer).new((1, 2))  # a default factory is called, as the class calls it
    assert offer == A.Offer(1, 2) and offer.bribe is not A.Offer(1, 2).bribe
    with pytest.raises(TypeError):
        M.Builder(A.Pass).new((1,))  # a field without a default left out
