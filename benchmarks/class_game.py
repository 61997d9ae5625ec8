"""A whole class plays class mode: N students and a teacher, and how long the teacher waits to see a choice.

    .venv/bin/python benchmarks/class_game.py --students 6                       # SQLite in a temp folder
    .venv/bin/python benchmarks/class_game.py --students 6 --db postgresql+psycopg://user@host/db
    .venv/bin/python benchmarks/class_game.py --students 6 --served              # through the Voilà pages

Prints one line, ``class students=N rounds=R choices=C students=S coach=K lost=L dashboard_s=X``: C
choices the students' clients made, S and K the choices the teacher's CSV holds by the students and by
the coach (for a silent seat, or the odd seat), L of the C missing from the CSV, X the median seconds from
a student's choice (the moment before the click is sent) to the first teacher's dashboard that counts it.
The exit status is 1 (with an ``error:`` line) when S is not N × R: a round the class did not play.

Two ways to play:

- ``--api`` (the default): each student is a thread with its own ``Store`` (its own connections, as a
  kernel of its own would have) calling ``sheriff.classroom`` as the student page does, polling its
  view every ``--poll`` seconds; the teacher polls ``dashboard()`` as often.  It measures the store
  and the games, not the pages.
- ``--served``: the real thing without a browser: a Voilà server (127.0.0.1) serves the teacher's and
  the students' pages; each client GETs its page over HTTP and drives the widgets over the kernel
  websocket (``benchmarks/wsclient.py``), as a student's clicks are.  It needs the class pages
  (``notebooks/*class*``, issue 21's pages); without them it says so and stops.

Rounds alternate the games: inspection, inspection, duel, duel (``--rounds``).  Every student chooses
at random after a random pause of up to ``--think`` seconds.  Run it at small N here; big N on a quiet
machine.
"""

from __future__ import annotations

import argparse
import csv
import io
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sheriff.cards import GOODS, LEGAL_GOODS  # noqa: E402
from sheriff.classroom import Classroom, ClassroomError, Store  # noqa: E402

GAMES = ("inspection", "inspection", "duel", "duel")


def random_choice(rng: random.Random, view) -> dict:
    """A random legal-looking choice for what the page shows (the duel's refusals are retried)."""
    if view.game == "inspection":
        if view.role == "merchant":
            return {"bag": rng.choice(["honest", "smuggling"])}
        return {"action": rng.choice(["pass", "inspect"])}
    if view.role == "merchant":
        hand = list(view.turn["hand"])
        bag = rng.sample(hand, rng.randint(1, min(5, len(hand))))
        legal = [g for g in bag if GOODS[g].is_legal]
        declared = max(set(legal), key=legal.count) if legal else rng.choice(LEGAL_GOODS)
        gold = rng.choice([0, 0, 1, 2, 4])
        return {"load": bag, "declare": [declared, len(bag)], "bribe": {"gold": gold, "bag": []}}
    options = ["pass", "inspect"] + (["deal"] if view.turn.get("offered") else [])
    return {"action": rng.choice(options)}


class Log:
    """What the students did, as they saw it: (round, nickname, time before the click)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.choices: list[tuple[int, str, float]] = []
        self.errors: list[str] = []

    def add(self, rnd: int, nick: str, t: float) -> None:
        with self.lock:
            self.choices.append((rnd, nick, t))

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)


def api_student(url: str, code: str, nick: str, seed: int, args, log: Log, stop: threading.Event) -> None:
    store = Store(url)
    rng = random.Random(seed)
    seat = Classroom(store).join(code, nick)
    done: set[int] = set()
    try:
        while not stop.is_set():
            v = seat.view()
            if v.status == "choose" and v.round not in done:
                time.sleep(rng.uniform(0, args.think))
                for _attempt in range(20):
                    payload = random_choice(rng, v)
                    t = time.time()
                    try:
                        seat.choose(payload)
                    except ClassroomError as e:
                        if e.reason == "move":
                            continue  # the engine refused this bag: pick another, as a student would
                        log.error(f"{nick}: {e}")
                        break
                    log.add(v.round, nick, t)
                    break
                done.add(v.round)
            time.sleep(args.poll)
    finally:
        store.close()


def run_api(args) -> tuple[int, list[tuple[int, str, float]], dict[tuple[int, str], float], str, list[str]]:
    tmp = None
    url = args.db
    if not url:
        tmp = tempfile.mkdtemp(prefix="sheriff-class-")
        url = f"sqlite:///{tmp}/classroom.sqlite"
    teacher_store = Store(url)
    classroom = Classroom(teacher_store)
    room = classroom.create_room(GAMES[0], bot_timeout=600, seed=args.seed)
    log, stop = Log(), threading.Event()
    nicks = [f"Student {i + 1}" for i in range(args.students)]
    threads = [
        threading.Thread(target=api_student, args=(url, room.code, n, args.seed + i, args, log, stop), daemon=True)
        for i, n in enumerate(nicks)
    ]
    for t in threads:
        t.start()
    seen: dict[tuple[int, str], float] = {}  # (round, nickname) -> when the teacher first saw it chosen
    deadline = time.time() + 60
    while len([s for s in room.dashboard().seats if s.nickname in nicks]) < len(nicks) and time.time() < deadline:
        time.sleep(args.poll)
    for r in range(args.rounds):
        game = GAMES[r % len(GAMES)]
        if room.dashboard().game != game:
            room.set_game(game)
        number = room.start_round()
        end = time.time() + args.round_timeout
        while time.time() < end:
            d = room.dashboard()
            now = time.time()
            for s in d.seats:
                if s.chosen and (number, s.nickname) not in seen:
                    seen[(number, s.nickname)] = now
            if all(s.chosen for s in d.seats if s.role):
                break
            time.sleep(args.poll)
        room.end_round()
    stop.set()
    for t in threads:
        t.join(timeout=30)
    text = room.csv()
    teacher_store.close()
    return args.rounds, log.choices, seen, text, log.errors


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--students", type=int, default=6)
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--db", default="", help="a SQLAlchemy URL (default: SQLite in a temporary folder)")
    ap.add_argument("--served", action="store_true", help="through the Voilà pages (benchmarks/wsclient.py)")
    ap.add_argument("--teacher", choices=["page", "api"], default="page", help="--served: the teacher's side")
    ap.add_argument("--poll", type=float, default=0.25, help="seconds between a page's polls")
    ap.add_argument("--think", type=float, default=1.0, help="a student's longest pause before choosing")
    ap.add_argument("--round-timeout", type=float, default=120.0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--pool",
        type=int,
        default=1,
        help="--served: kernels kept ready for the student's page (sheriff serve --class)",
    )
    args = ap.parse_args(argv)
    if args.served:
        from class_game_served import run_served  # noqa: PLC0415  (the pages' driver, beside this file)

        rounds, made, seen, text, errors = run_served(args)
    else:
        rounds, made, seen, text, errors = run_api(args)
    rows = list(csv.DictReader(io.StringIO(text)))
    in_csv = {(int(r["round"]), r["nickname"]) for r in rows if r["by_coach"] == "0"}
    for rnd in sorted({int(r["round"]) for r in rows}):  # who chose: the students, or the coach for an idle seat
        mine = [r for r in rows if int(r["round"]) == rnd]
        by_coach = sum(r["by_coach"] != "0" for r in mine)
        print(f"round {rnd}: {len(mine) - by_coach} choices by students, {by_coach} by the coach", file=sys.stderr)
    lost = sum((rnd, nick) not in in_csv for rnd, nick, _t in made)
    waits = [seen[(rnd, nick)] - t for rnd, nick, t in made if (rnd, nick) in seen]
    x = statistics.median(waits) if waits else float("nan")
    by_students = len(in_csv)
    by_coach = sum(r["by_coach"] != "0" for r in rows)
    expected = args.students * rounds
    if by_students != expected:  # a round ended before the class played it: its figures mean nothing
        errors.append(f"the students made {by_students} choices, not {expected} ({args.students} × {rounds} rounds)")
    for e in errors:
        print("error:", e, file=sys.stderr)
    print(
        f"class students={args.students} rounds={rounds} choices={len(made)} students={by_students} "
        f"coach={by_coach} lost={lost} dashboard_s={x:.2f}"
    )
    return 0 if lost == 0 and not errors else 1


if __name__ == "__main__":
    sys.exit(main())
