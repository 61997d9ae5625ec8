"""CPU time per whole bot game: this engine against the best open Python peer, paired runs.

    python benchmarks/peer.py --peer PATH [--games 20] [--runs 7] [--players 3 4 5 6] [--modules]

The peer is "Sheriff of Nottingham - Python Lite Online" by GinyvaXu (v1.7.4), the most
complete open Python implementation found (GitHub, searched November 2026): a pure
state machine (``game.py``, standard library only) with its own bots (``bot.py``,
easy / normal / hard) that play whole games headless, at 2 to 6 players.  Get it with

    git clone https://github.com/GinyvaXu/SheriffOfNottingham---Ultimate /tmp/peer
    git -C /tmp/peer checkout 211bc48a70bd00d2f473de25a15b4e4961548e00

and pass ``--peer /tmp/peer``.  Only its ``game.py`` and ``bot.py`` are loaded (by file
path, so its ``profile.py`` never shadows the standard library's).  Its code is not part
of this repository: the repository carries no licence file, and we only measure it.

Each size runs ``--runs`` pairs; a pair is ``--games`` whole games of ours (seeds 0, 1, ...:
``play_game`` with ``make_bots``, as ``benchmarks/engine.py``) and as many of the peer's
(the same seeds for its ``random.Random``; bot levels easy, normal, hard cycled over the
seats, as our three styles are), in alternating order, timed with ``time.process_time``.
One line per size: ``players=N ours_ms=X peer_ms=Y ratio=R``, with X and Y the median CPU
milliseconds per game and R the median over the pairs of (peer time / our time), so a busy
machine slows both halves of a pair alike.  The first line says whether our engine runs
compiled (mypyc) or as plain Python.

Honest differences (they make the peer's game cheaper per game, so R understates ours):

* The peer checks fewer rules.  A declaration's count is always the bag's size (a merchant
  can lie only about the kind); the market draws only from the deck (never from the discard
  piles); a bribe is gold only (no goods, no promises of future deals); a player short of
  gold pays with stall goods and the rest of the debt is waived; legal goods that do not
  match the declaration are kept without a penalty.  Its deck uses house card counts and
  its own contraband (coffee, wine instead of pepper, mead).  Ours checks every action
  against the rulebook (refusing with a rule and citation), including the deal, Deputy
  and debt rules.
* Its bots read the whole ``Game`` object; ours see only their seat's view (``SeatView``).
  Its bots are a few arithmetic rules with a random draw; ours reason about the view.
* Its game has the same number of rounds as ours at 3, 4 and 5 players (9, 8, 10) but 12 at
  6 players (everyone Sheriff twice), where the 2E six-player game has 9 (the Deputy deck):
  the line's tail gives the ratio per round too, which at 6 players is the fair one.
* Its Inspection is one decision per merchant plus at most three counter-offers; ours has
  a negotiation phase.  It counts each card drawn as an action, so its actions per game
  (in the line's tail) are not ours.
* Its Royal Goods and Black Market quests are on by default in its server; here they are
  off, as our Royal Goods and 2E Black Market variants are off in ``make_bots`` games
  (its quests are its own house rule, not the 2E variant).  ``--modules`` turns them on
  on both sides (ours: ``royal_goods`` and, in 2E, ``black_market``); ``--peer-modules``
  on the peer's side only.
* Our bots' moves are applied unchecked (``play_game``: the engine's own bots play legal
  moves, ``tests/test_unchecked.py``); ``--checked`` re-checks each one (``Game.push``).
* The loop that drives the peer's bots (``play_peer`` below, the bot part of its server's
  ``_drive_bots`` without the network, locks and sleeps) is counted in the peer's time:
  about a tenth of it under cProfile.  Ours counts ``play_game`` likewise.
* The peer builds English event strings for every action (its server broadcasts them);
  ours builds typed events.  Both engines' costs include that.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType

from sheriff import compiled
from sheriff.bots import make_bots, play_game
from sheriff.engine import Game
from sheriff.rules import Rules

PEER_URL = "https://github.com/GinyvaXu/SheriffOfNottingham---Ultimate"
PEER_COMMIT = "211bc48a70bd00d2f473de25a15b4e4961548e00"
PEER_LEVELS = ("easy", "normal", "hard")
MAX_STEPS = 100_000  # a peer game takes a few hundred; more means its bots are stuck


def load_peer(path: Path) -> tuple[ModuleType, ModuleType]:
    """The peer's rules module and bot module, loaded from its checkout by file path."""
    mods = []
    for name in ("game", "bot"):  # bot.py does ``import game``: register it under that name
        spec = importlib.util.spec_from_file_location(name, path / f"{name}.py")
        if spec is None or spec.loader is None:
            sys.exit(f"no {name}.py in {path}: pass --peer a checkout of {PEER_URL}")
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
        mods.append(mod)
    return mods[0], mods[1]


def play_peer(G: ModuleType, B: ModuleType, n: int, seed: int, modules: bool) -> int:
    """One whole peer game with its bots on every seat, driven as its server drives bots;
    returns the number of accepted actions."""
    g = G.Game([G.Player(f"P{i}") for i in range(n)], rng=random.Random(seed), royal=modules, black_market=modules)
    g.start_round()
    level = [PEER_LEVELS[i % len(PEER_LEVELS)] for i in range(n)]
    actions = 0
    for _step in range(MAX_STEPS):
        phase = g.phase
        if phase == "GAME_OVER":
            return actions
        if phase == "MARKET":
            for seat in g.market_pending():
                ok, _ = g.do_market_discard(seat, B.choose_discard(g, seat, level[seat]))
                actions += ok
                p = g.players[seat]
                while not g.market_done.get(seat) and len(p.hand) < G.HAND_SIZE and g.draw_allow.get(seat, 0) > 0:
                    ok, _ = g.do_market_draw(seat, "deck")
                    if not ok:
                        break
                    actions += 1
                if g.phase == "MARKET" and not g.market_done.get(seat):
                    g.finish_market_turn(seat)
        elif phase == "LOAD":
            for seat, p in enumerate(g.players):
                if seat != g.sheriff and not p.bag_loaded:
                    ok, msg = g.do_load(seat, B.choose_load(g, seat, level[seat]))
                    if not ok:
                        raise RuntimeError(f"peer refused its own bot's bag: {msg}")
                    actions += 1
        elif phase == "DECLARE":
            for seat in g.declare_pending():
                ok, msg = g.do_declare(seat, B.choose_declare(g, seat, level[seat]))
                if not ok:
                    raise RuntimeError(f"peer refused its own bot's declaration: {msg}")
                actions += 1
        elif phase == "INSPECT":
            target = g.inspect_current()
            tp = g.players[target]
            if tp.bribe is None:
                gold, msg = B.choose_bribe(g, target, level[target])
                ok, _ = g.do_bribe(target, gold, msg)
            elif tp.sheriff_demand is not None:
                action, gold = B.choose_respond(g, target, level[target])
                ok, _ = g.do_respond_counter(target, action, gold or 0)
            else:
                action, gold = B.choose_inspect(g, g.sheriff, level[g.sheriff])
                if action == "counter":  # refused (e.g. past three counter-offers): asked again next step
                    ok, _ = g.do_counter_bribe(g.sheriff, gold or 0)
                else:
                    ok, _ = g.do_inspect_decision(g.sheriff, action)
            actions += ok
        else:
            raise RuntimeError(f"peer game in unexpected phase {phase}")
        if modules:
            for seat in range(n):
                pick = B.choose_black_market(g, seat, level[seat])
                if pick is not None:
                    ok, _ = g.do_black_market_submit(seat, *pick)
                    actions += ok
    raise RuntimeError(f"peer game (players={n}, seed={seed}) did not end in {MAX_STEPS} steps")


def time_ours(rules: Rules, games: int, checked: bool = False) -> float:
    n = rules.players
    start = time.process_time()
    for seed in range(games):
        play_game(Game(rules, seed=seed), make_bots(n, seed=seed), checked=checked)
    return time.process_time() - start


def time_peer(G: ModuleType, B: ModuleType, n: int, games: int, modules: bool) -> float:
    start = time.process_time()
    for seed in range(games):
        play_peer(G, B, n, seed, modules)
    return time.process_time() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--peer", type=Path, required=True, help=f"a checkout of {PEER_URL} at {PEER_COMMIT[:10]}")
    ap.add_argument("--games", type=int, default=20, help="games per half of a pair")
    ap.add_argument("--runs", type=int, default=7, help="pairs per player count; the median ratio is reported")
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4, 5, 6], choices=range(3, 7))
    ap.add_argument("--edition", default="2E", help="our edition (6 players are always 2E)")
    ap.add_argument("--peer-modules", action="store_true", help="the peer's Royal Goods and Black Market on")
    ap.add_argument("--modules", action="store_true", help="Royal Goods and the Black Market on both sides")
    ap.add_argument("--checked", action="store_true", help="re-check each of our bots' moves (Game.push)")
    args = ap.parse_args()
    peer_modules = args.peer_modules or args.modules
    G, B = load_peer(args.peer.resolve())
    print(
        "engine: "
        + ("compiled with mypyc" if compiled.is_compiled() else "plain Python")
        + ("; Royal Goods and Black Market on both sides" if args.modules else "")
        + ("; the peer's Royal Goods and Black Market on" if args.peer_modules and not args.modules else "")
        + ("; our moves re-checked" if args.checked else "")
    )
    for n in args.players:
        ed = "2E" if n == 6 else args.edition
        rules = Rules(edition=ed, players=n, royal_goods=args.modules, black_market=args.modules and ed == "2E")
        time_ours(rules, 1)  # warm-up: lazy imports, the bots' move tables
        peer_actions = sum(play_peer(G, B, n, seed, peer_modules) for seed in range(args.games))
        ours_rounds = rules.rounds
        peer_rounds = G.Game([G.Player(str(i)) for i in range(n)], rng=random.Random(0)).rounds_total
        ours_s, peer_s, ratios = [], [], []
        for run in range(args.runs):
            if run % 2 == 0:
                a = time_ours(rules, args.games, args.checked)
                b = time_peer(G, B, n, args.games, peer_modules)
            else:
                b = time_peer(G, B, n, args.games, peer_modules)
                a = time_ours(rules, args.games, args.checked)
            ours_s.append(a)
            peer_s.append(b)
            ratios.append(b / a)
        ours_ms = 1000 * statistics.median(ours_s) / args.games
        peer_ms = 1000 * statistics.median(peer_s) / args.games
        ratio = statistics.median(ratios)
        print(
            f"players={n} ours_ms={ours_ms:.3f} peer_ms={peer_ms:.3f} ratio={ratio:.2f}"
            f"  ({args.runs} pairs of {args.games} games, ratios {min(ratios):.2f}-{max(ratios):.2f};"
            f" edition {ed}; rounds ours {ours_rounds} peer {peer_rounds},"
            f" per round {ratio * ours_rounds / peer_rounds:.2f}; peer {peer_actions / args.games:.0f} actions/game)"
        )


if __name__ == "__main__":
    main()
