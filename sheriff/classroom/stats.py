"""What a class did, round by round: choice counts against the prediction, scores, and the CSV of
every choice (nicknames only).  Pure functions of the stored rows."""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime
from fractions import Fraction

from sheriff.classroom import class_games, games
from sheriff.classroom.store import Choice, Member, Pairing, Result, Round


@dataclass(frozen=True)
class RoundStats:
    """One round's class frequencies.  ``smuggled``/``honest`` count merchants' bags, ``inspected``/
    ``passed`` Sheriffs' decisions ("deal" counts as passed), ``offers`` bribes offered and
    ``taken`` bribes taken (the bag passed with an offer standing).  ``prediction``: the theory's
    shares for the round's parameters."""

    number: int
    game: str
    params: dict
    open: bool
    revealed: bool  # the teacher revealed this round: its prediction and shares may be shown to the class
    pairs: int
    resolved: int
    merchants: int
    smuggled: int
    honest: int
    sheriffs: int
    inspected: int
    passed: int
    offers: int
    taken: int
    prediction: games.Prediction

    @property
    def choices(self) -> int:
        return self.merchants + self.sheriffs

    @property
    def smuggle_share(self) -> Fraction | None:
        return Fraction(self.smuggled, self.merchants) if self.merchants else None

    @property
    def inspect_share(self) -> Fraction | None:
        return Fraction(self.inspected, self.sheriffs) if self.sheriffs else None

    @property
    def offer_share(self) -> Fraction | None:
        return Fraction(self.offers, self.merchants) if self.merchants else None

    @property
    def take_share(self) -> Fraction | None:
        return Fraction(self.taken, self.offers) if self.offers else None


def smuggled(game: str, payload: dict) -> bool:
    """Whether a merchant's stored choice hides something (a bag not as declared, items loaded)."""
    return games.get(game).smuggled(payload)


def offered(game: str, payload: dict) -> bool:
    return games.get(game).offered(payload)


def round_stats(rnd: Round, pairs: list[Pairing], chosen: list[Choice], results: list[Result]) -> RoundStats:
    by_member = {c.member: c for c in chosen}
    m = [by_member[p.merchant] for p in pairs if p.merchant in by_member]
    s = [by_member[p.sheriff] for p in pairs if p.sheriff in by_member]
    n_smuggled = sum(smuggled(rnd.game, c.payload) for c in m)
    n_inspected = sum(c.payload["action"] == "inspect" for c in s)
    n_offers = sum(offered(rnd.game, c.payload) for c in m)
    taken = 0
    for p in pairs:
        mc, sc = by_member.get(p.merchant), by_member.get(p.sheriff)
        if mc and sc and offered(rnd.game, mc.payload) and sc.payload["action"] != "inspect":
            taken += 1
    resolved = len({r.member for r in results} & {p.merchant for p in pairs})
    return RoundStats(
        number=rnd.number,
        game=rnd.game,
        params=rnd.params,
        open=rnd.state == "open",
        revealed=bool(rnd.revealed),
        pairs=len(pairs),
        resolved=resolved,
        merchants=len(m),
        smuggled=n_smuggled,
        honest=len(m) - n_smuggled,
        sheriffs=len(s),
        inspected=n_inspected,
        passed=len(s) - n_inspected,
        offers=n_offers,
        taken=taken,
        prediction=games.prediction(rnd.game, rnd.params),
    )


def class_stats(
    rounds: list[Round], pairs: list[Pairing], chosen: list[Choice], results: list[Result]
) -> list[RoundStats]:
    p_by, c_by, r_by = defaultdict(list), defaultdict(list), defaultdict(list)
    for p in pairs:
        p_by[p.round].append(p)
    for c in chosen:
        c_by[c.round].append(c)
    for r in results:
        r_by[r.round].append(r)
    return [round_stats(rnd, p_by[rnd.number], c_by[rnd.number], r_by[rnd.number]) for rnd in rounds]


def scores(results: list[Result]) -> dict[int, int]:
    """Running score by member id."""
    total: dict[int, int] = defaultdict(int)
    for r in results:
        total[r.member] += r.payoff
    return dict(total)


BASE_COLUMNS = (
    "round",
    "game",
    "pair",
    "seat",
    "nickname",
    "role",
    "choice",
    "by_coach",
    "made_utc",
    "payoff",
    "params",
)
# then each game's own columns (its choice spelled out; blank in other games' rows), registry order
GAME_COLUMNS = tuple(dict.fromkeys(c for g in class_games.GAMES.values() for c in g.csv_columns))
CSV_COLUMNS = BASE_COLUMNS + GAME_COLUMNS


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _text_cell(value: str) -> str:
    """A text cell a spreadsheet will not run: one that starts like a formula gets a leading ``'``
    (OWASP's advice on CSV injection), so a nickname ``=1+2`` stays the text ``=1+2``."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def to_csv(
    rounds: list[Round], pairs: list[Pairing], chosen: list[Choice], results: list[Result], members: list[Member]
) -> str:
    """Every stored choice, one row each, in the order they were made; nicknames only.  ``seat`` is
    the seat's member id, stable for the room (two rows with the same nickname are told apart by
    it), then the game's own columns (``GAME_COLUMNS``: the choice spelled out); text cells are written so that a spreadsheet does not read them as formulas; numbers stay
    numbers (a payoff of -2 is not text)."""
    nick = {m.id: m.nickname for m in members}
    pair_of = {(p.round, p.merchant): p.pair for p in pairs} | {(p.round, p.sheriff): p.pair for p in pairs}
    payoff = {(r.round, r.member): r.payoff for r in results}
    rnd = {r.number: r for r in rounds}
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for c in chosen:
        r = rnd.get(c.round)
        w.writerow(
            [
                c.round,
                _text_cell(r.game) if r else "",
                pair_of.get((c.round, c.member), ""),
                c.member,
                _text_cell(nick.get(c.member, "")),
                c.role,
                _text_cell(json.dumps(c.payload, sort_keys=True)),
                int(c.by_bot),
                datetime.fromtimestamp(c.made, UTC).isoformat(timespec="milliseconds"),
                payoff.get((c.round, c.member), ""),
                _text_cell(json.dumps(r.params, sort_keys=True)) if r else "",
                *_game_cells(r.game if r else None, c),
            ]
        )
    return out.getvalue()


def _game_cells(game: str | None, c: Choice) -> list:
    own = class_games.GAMES[game].csv_cells(c.role, c.payload) if game in class_games.GAMES else {}
    return [_cell(own.get(col, "")) for col in GAME_COLUMNS]


def _cell(value):
    return _text_cell(value) if isinstance(value, str) else value


SUMMARY_COLUMNS = (
    "seat",
    "nickname",
    "removed",
    "rounds",
    "points",
    "honest_bags",
    "false_declarations",
    "bribes_offered",
    "passed",
    "inspected",
    "deals_taken",
    "by_coach",
)


def kind(game: str, role: str, payload: dict) -> tuple[str, ...]:
    """What a stored choice was, as the summary's columns count it."""
    if role == "merchant":
        out = ("false_declarations",) if smuggled(game, payload) else ("honest_bags",)
        return (*out, "bribes_offered") if offered(game, payload) else out
    return {"inspect": ("inspected",), "deal": ("deals_taken",)}.get(payload["action"], ("passed",))


def summary_csv(chosen: list[Choice], results: list[Result], members: list[Member], rounds: list[Round]) -> str:
    """One row per student (``SUMMARY_COLUMNS``): the seat id, the nickname, the rounds played, the
    points, and the choices counted by kind (the coach's choices for the seat too, and how many
    they were: ``by_coach``).  The coach's own seat is left out; a removed student stays in."""
    game = {r.number: r.game for r in rounds}
    counts: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for c in chosen:
        if c.round in game:
            for k in kind(game[c.round], c.role, c.payload):
                counts[c.member][k] += 1
            counts[c.member]["by_coach"] += int(c.by_bot)
    played: dict[int, int] = defaultdict(int)
    for r in results:
        played[r.member] += 1
    total = scores(results)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(SUMMARY_COLUMNS)
    for m in members:
        if m.role == "bot":
            continue
        row = {"seat": m.id, "nickname": _text_cell(m.nickname), "removed": int(m.role == "removed")}
        row |= {"rounds": played[m.id], "points": total.get(m.id, 0)} | dict(counts[m.id])
        w.writerow([row.get(col, 0) for col in SUMMARY_COLUMNS])
    return out.getvalue()


__all__ = [
    "summary_csv",
    "SUMMARY_COLUMNS",
    "RoundStats",
    "round_stats",
    "class_stats",
    "scores",
    "to_csv",
    "smuggled",
    "offered",
    "CSV_COLUMNS",
]
