"""Many bot games in a row, and what they add up to (pure: no widgets, no files).

    >>> from sheriff.rules import Rules
    >>> from sheriff.tournament import run
    >>> res = run(Rules(players=4), [("honest", "trusting"), ("smuggler", "suspicious"),
    ...                               ("bluffer", "greedy"), ("smuggler", "greedy")], games=20, seed=1)
    >>> len(res.games), round(sum(res.wins()), 6)
    (20, 20.0)

A seat styled ``("coach", "coach")`` is played by the coach's bot (``sheriff.coach.bot``).
Each seat keeps one bot (a merchant style and a Sheriff style) for every game; game
``i`` uses seed ``seed + i`` for the shuffle, and the bots' own seeds follow
``sheriff.bots.make_bots`` (``game_seed * 101 + seat``), so one game of a tournament
can be replayed alone with ``play_one(rules, styles, seed + i)``.  By default the
first Sheriff moves one seat to the left each game, so no seat is always first.

``callback(done, total, result)`` is called after every game (a progress bar);
returning ``False`` from it stops the run early (a Cancel button).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from statistics import mean

from sheriff.bots import COACH, MERCHANT_STYLES, SHERIFF_STYLES, Bot, play_game
from sheriff.engine import DEFAULT_NAMES, Game
from sheriff.rules import Rules


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of seat ``seat``'s bot in the game shuffled with ``game_seed`` (as ``bots.make_bots``)."""
    return game_seed * 101 + seat


def make_bot(style: tuple[str, str], game_seed: int, seat: int):
    """A bot for one seat: ``("coach", "coach")`` is the coach's bot (``sheriff.coach.bot``)."""
    merchant, sheriff = style
    if merchant == COACH:
        from sheriff.coach.bot import CoachBot  # lazy: the coach reads the theory lab

        return CoachBot(seed=bot_seed(game_seed, seat))
    return Bot(merchant, sheriff, seed=bot_seed(game_seed, seat))


def check_styles(rules: Rules, styles) -> list[tuple[str, str]]:
    styles = [tuple(s) for s in styles]
    if len(styles) != rules.players:
        raise ValueError(f"styles: {len(styles)} bots for a {rules.players}-player game")
    for m, s in styles:
        if COACH in (m, s):
            if (m, s) != (COACH, COACH):
                raise ValueError(f"the coach plays both roles: ({COACH!r}, {COACH!r}), not {(m, s)!r}")
            continue
        if m not in MERCHANT_STYLES:
            raise ValueError(f"merchant style must be one of {MERCHANT_STYLES}, not {m!r}")
        if s not in SHERIFF_STYLES:
            raise ValueError(f"Sheriff style must be one of {SHERIFF_STYLES}, not {s!r}")
    return styles


@dataclass(frozen=True)
class GameResult:
    seed: int
    first_sheriff: int
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    moves: int


@dataclass
class TournamentResult:
    rules: Rules
    names: list[str]
    styles: list[tuple[str, str]]
    games: list[GameResult] = field(default_factory=list)
    stopped_early: bool = False

    def wins(self) -> list[float]:
        """Wins per seat; a shared victory counts 1/k for each of the k winners."""
        w = [0.0] * self.rules.players
        for g in self.games:
            for p in g.winners:
                w[p] += 1 / len(g.winners)
        return w

    def mean_scores(self) -> list[float]:
        if not self.games:
            return [0.0] * self.rules.players
        return [mean(g.totals[p] for g in self.games) for p in range(self.rules.players)]

    def to_csv(self) -> str:
        """Every game as a row of a CSV file: its seed, first Sheriff, each seat's score, the winners, the moves."""
        buf = io.StringIO()
        w = csv.writer(buf)
        w.writerow(["game_seed", "first_sheriff", *(f"score_{name}" for name in self.names), "winners", "moves"])
        for g in self.games:
            w.writerow([g.seed, g.first_sheriff, *g.totals, " ".join(self.names[p] for p in g.winners), g.moves])
        return buf.getvalue()

    def table(self) -> list[dict]:
        """One row per seat: name, bot style, wins, win share, mean / lowest / highest score."""
        wins = self.wins()
        means = self.mean_scores()
        n = len(self.games)
        rows = []
        for p in range(self.rules.players):
            scores = [g.totals[p] for g in self.games]
            rows.append(
                {
                    "seat": p,
                    "name": self.names[p],
                    "merchant": self.styles[p][0],
                    "sheriff": self.styles[p][1],
                    "wins": wins[p],
                    "win_share": wins[p] / n if n else 0.0,
                    "mean": means[p],
                    "min": min(scores) if scores else 0,
                    "max": max(scores) if scores else 0,
                }
            )
        return rows

    def by_style(self) -> dict[str, dict]:
        """Wins and mean score per bot style (several seats may share a style)."""
        out: dict[str, dict] = {}
        wins = self.wins()
        for p, (m, s) in enumerate(self.styles):
            key = f"{m} / {s}"
            d = out.setdefault(key, {"seats": 0, "wins": 0.0, "scores": []})
            d["seats"] += 1
            d["wins"] += wins[p]
            d["scores"].extend(g.totals[p] for g in self.games)
        for d in out.values():
            scores = d.pop("scores")
            d["mean"] = mean(scores) if scores else 0.0
        return out


def play_one(rules: Rules, styles, seed: int, first_sheriff: int = 0, names=None) -> Game:
    """One whole bot game (the same one ``run`` plays for this seed and first Sheriff)."""
    styles = check_styles(rules, styles)
    game = Game(rules, names, seed=seed, first_sheriff=first_sheriff)
    play_game(game, [make_bot(st, seed, p) for p, st in enumerate(styles)])
    return game


def run(
    rules: Rules, styles, games: int = 100, seed: int = 0, names=None, rotate_sheriff: bool = True, callback=None
) -> TournamentResult:
    """Play ``games`` whole bot games and collect every final score.

    ``styles``: one (merchant style, Sheriff style) pair per seat.
    """
    styles = check_styles(rules, styles)
    if games < 0:
        raise ValueError("games must be zero or more")
    names = list(names) if names else list(DEFAULT_NAMES[: rules.players])
    res = TournamentResult(rules, names, styles)
    for i in range(games):
        s = seed + i
        first = i % rules.players if rotate_sheriff else 0
        g = play_one(rules, styles, s, first, names)
        scores, winners = g.scores, g.winners
        if scores is None or winners is None:
            raise AssertionError("play_one stops only when the game is over")
        r = GameResult(s, first, tuple(sc.total for sc in scores), tuple(winners), len(g.history))
        res.games.append(r)
        if callback is not None and callback(i + 1, games, r) is False:
            res.stopped_early = i + 1 < games
            break
    return res


__all__ = ["COACH", "run", "play_one", "make_bot", "bot_seed", "GameResult", "TournamentResult"]
