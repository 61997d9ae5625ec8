"""Whole play-together games through the served table page, each person a browserless client.

    .venv/bin/python benchmarks/table_game.py --humans 3 --bots 1 --games 1
    .venv/bin/python benchmarks/table_game.py --humans 4 --bots 1 --games 20 --db postgresql://...

prints one line, ``table humans=H games=G finished=F illegal_shown=I leaks=K`` (and, on stderr,
each game's seconds, moves and median click-to-update time).  Exit status 0 only when F = G, I = 0
and K = 0.

A Voilà server on 127.0.0.1 serves a temporary folder holding only ``52_table.ipynb`` (the repo's
voila.json; the store in ``--db`` or a temporary SQLite folder, passed as ``SHERIFF_CLASS_DB``),
as ``class_game_served.py`` does.  Per game the table is opened through the API
(``sheriff.classroom.table.Tables`` on the same store: 2nd edition, H + B players, the coach in the
last B seats, seed ``--seed`` + the game's number); H ``wsclient.VoilaPage`` clients open the page,
type the code and a name and join; the host starts through the API.  Then each person, whenever
their page shows the controls of their own decision (``sn-ctl-*``, the play page's control
names):
  - confirms a move the coach warned about (``sn-ctl-coach-confirm``) or makes the advised move
    once asked (``sn-ctl-coach-take``);
  - else, most of the time, clicks one of the decision's buttons at random (inspect, let pass,
    threaten, accept, decline, declare with a random good, the Sheriff's choice of who starts
    with a random merchant...), so what the page offers is tested;
  - else, and for the forms (Market, loading, bribes, debts), asks the coach ("What should I
    do?", ``sn-ctl-coach-ask``) and presses "Do this" on the next turn of the loop.
After each click it waits for the page to change (the decision's controls replaced, or a refusal
shown), never for a fixed time.

``illegal_shown`` counts clicks the table refused: the page then shows a refusal (``sn-refusal``:
the rules' reason, or "someone has already moved").  ``leaks`` counts widget states that show a
card of another seat before the rules reveal it; the criterion is in ``table_leaks.py`` (each
page's every widget state, detached ones included, checked against the game rebuilt from the
store's moves after every update).  ``finished``: games whose pages all show the final scores.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import secrets
import shutil
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

from tornado.httpclient import AsyncHTTPClient, HTTPRequest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from table_leaks import LeakChecker, Truth  # noqa: E402
from wsclient import VoilaPage  # noqa: E402

PAGE = "52_table.ipynb"
CTL = "sn-ctl-"
# buttons that send a form (its fields filled at random would test the form, not what the page offers)
FORM_BUTTONS = re.compile(r"^(market-go|load-go|bribe-send|debt-pay|booty-agree|coach-.*|timeup|game-.*|handover)$")
DRAWN_AT = re.compile(r'data-hand-seat="\d+" data-moves="(\d+)"')
RANDOM_FIELDS = ("start-who", "declare-good")  # dropdowns set at random before a button is clicked


async def _leave(page: VoilaPage) -> None:
    """Close the page as a tab closes (``learner_ws.py``'s way): ask Voilà to shut its kernel down
    (a made-up ``_xsrf`` token in both cookie and form, as the page template's request carries
    one), then hang up; twenty games leave no eighty kernels behind."""
    token = secrets.token_hex(16)
    request = HTTPRequest(
        f"{page.base}voila/api/shutdown/{page.kernel_id}",
        method="POST",
        body=urlencode({"_xsrf": token}),
        headers={"Cookie": f"_xsrf={token}"},
    )
    try:
        await AsyncHTTPClient().fetch(request, raise_error=False)
    finally:
        await page.close()


class Table:
    """One game's shared facts: the store, the truth rebuilt from it, the counts."""

    def __init__(self, store, room_id: int):
        self.store = store
        self.room_id = room_id
        self.truth: Truth | None = None
        self.clicks = 0
        self.refused: list[str] = []
        self.leaks: list[str] = []
        self.update_ms: list[float] = []
        self.stuck: list[str] = []
        self.chose: Counter[str] = Counter()  # how decisions were taken: a random button, the coach, ...
        self.checked: Counter[str] = Counter()
        self.secrets: dict[str, str] = {}  # text no page may hold: rejoin codes (but one's own), the host key
        self.seed: int | None = None

    def refresh(self) -> Truth | None:
        from sheriff.classroom.table_game import new_game
        from sheriff.record import action_from_json

        room = self.store.room(self.room_id)
        if room is None or not room.settings.get("started"):
            return None
        if self.truth is None:
            self.truth = Truth(new_game(room))
        for move in self.store.table_moves(self.room_id, self.truth.seq):
            if move.seq == self.truth.seq:
                self.truth.push(action_from_json(move.action))
        return self.truth


def _private_area(page: VoilaPage) -> list[str]:
    """The widgets under the play page's private area (``sn-private-area``): this seat's cards and
    the controls of its decision (the setup form's hidden controls are elsewhere)."""
    out, stack = [], list(page.find_all("sn-private-area"))
    while stack:
        mid = stack.pop()
        if mid in page.states:
            out.append(mid)
            kids = page.states[mid].get("children") or []
            stack.extend(k.removeprefix("IPY_MODEL_") for k in reversed(kids) if isinstance(k, str))
    return out


def _controls(page: VoilaPage) -> dict[str, str]:
    """The decision's controls the page shows: control name -> widget id."""
    out = {}
    for mid in _private_area(page):
        for cls in page.states[mid].get("_dom_classes") or ():
            if cls.startswith(CTL):
                out.setdefault(cls[len(CTL) :], mid)
    return out


def _refusals(page: VoilaPage) -> list[str]:
    return [
        page.states[m]["value"]
        for m in page.shown()
        if isinstance(page.states[m].get("value"), str) and "sn-refusal" in page.states[m]["value"]
    ]


def _over(page: VoilaPage) -> bool:
    return any("sn-activity-finished" in (page.states[m].get("value") or "") for m in page.shown()
               if isinstance(page.states[m].get("value"), str))  # fmt: skip


def _drawn_at(page: VoilaPage) -> int | None:
    """After how many moves the page drew its seat's cards (the private area's ``data-moves``)."""
    for mid in _private_area(page):
        value = page.states[mid].get("value")
        if isinstance(value, str):
            found = DRAWN_AT.search(value)
            if found:
                return int(found.group(1))
    return None


class Person:
    def __init__(self, table: Table, page: VoilaPage, name: str, seat: int, rng: random.Random, args):
        self.table, self.page, self.name, self.seat, self.rng, self.args = table, page, name, seat, rng, args
        self.key = _own_key(page)
        # the others' rejoin codes and the host key: filled in as the table fills (a shared dict but
        # for one's own code, which this page shows by right)
        self.checker = LeakChecker(seat, _Others(table.secrets, self.key), seed=table.seed)

    def check(self, page: VoilaPage) -> None:
        found = self.checker.check(page.states, self.table.truth, refresh=self.table.refresh)
        for problem in found:
            print(f"LEAK {self.name}: {problem}", file=sys.stderr, flush=True)
        self.table.leaks += found

    async def until(self, cond, timeout: float):
        def both(p):
            self.check(p)
            return cond(p)

        return await self.page.wait_for(both, timeout)

    def my_turn(self, page: VoilaPage) -> bool:
        """The page shows this seat's decision, drawn at the position the store holds, and the store
        says this seat is to act (a page's old controls are never clicked)."""
        if "coach-ask" not in _controls(page) and "coach-confirm" not in _controls(page):
            return False
        m = _drawn_at(page)
        truth = self.table.truth
        if m is None or truth is None:
            return False
        if truth.seq != m:
            truth = self.table.refresh()
        return truth is not None and truth.seq == m and truth.game.to_act == self.seat

    async def press(self, mid: str, what: str) -> bool:
        """Click ``mid``; wait until the page draws a new position, asks to confirm a risky move,
        or shows a new refusal.  True if the page moved on, False if it refused."""
        page = self.page
        shown = set(_refusals(page))
        at = _drawn_at(page)
        confirm = "coach-confirm" in _controls(page)
        t0 = time.monotonic()
        self.table.clicks += 1
        await page.click(mid)
        try:
            got = await self.until(
                lambda p: (
                    ("moved" if _over(p) or _drawn_at(p) not in (None, at) else None)
                    or ("refused" if set(_refusals(p)) - shown else None)
                    or ("confirm" if not confirm and "coach-confirm" in _controls(p) else None)
                ),
                self.args.move_timeout,
            )
        except TimeoutError:
            self.table.stuck.append(f"{self.name}: {what} changed nothing in {self.args.move_timeout:.0f} s")
            print(f"STUCK {self.table.stuck[-1]}", file=sys.stderr, flush=True)
            return False
        self.table.update_ms.append((time.monotonic() - t0) * 1000)
        if got == "refused":
            text = re.sub(r"<[^>]+>", " ", next(iter(set(_refusals(page)) - shown)))
            self.table.refused.append(f"{self.name} {what}: {' '.join(text.split())}")
            print(f"REFUSED {self.table.refused[-1]}", file=sys.stderr, flush=True)
            return False
        return True

    async def play(self) -> bool:
        """Play until the page shows the final scores; True then."""
        refused_here = False
        while True:
            await self.until(lambda p: _over(p) or self.my_turn(p), self.args.game_timeout)
            if _over(self.page):
                self.check(self.page)
                self.table.checked.update(self.checker.checked)
                return True
            ctl = _controls(self.page)
            if "coach-confirm" in ctl:
                await self.press(ctl["coach-confirm"], "do it anyway")
                continue
            if "coach-take" in ctl:
                refused_here = not await self.press(ctl["coach-take"], "the coach's move") or refused_here
                continue
            buttons = [
                (name, mid)
                for name, mid in ctl.items()
                if not FORM_BUTTONS.match(name) and self.page.states[mid].get("_model_name") == "ButtonModel"
            ]
            if buttons and not refused_here and self.rng.random() < self.args.random_share:
                for field in RANDOM_FIELDS:
                    if field in ctl:
                        n = len(self.page.states[ctl[field]].get("_options_labels") or ())
                        if n:
                            await self.page.set(ctl[field], "index", self.rng.randrange(n))
                name, mid = self.rng.choice(buttons)
                self.table.chose[re.sub(r"-\d+", "", name)] += 1
                refused_here = not await self.press(mid, name)
                continue
            # a form, or after a refusal: ask the coach, then "Do this" on the next pass
            self.table.chose["coach"] += 1
            t0 = time.monotonic()
            await self.page.click(ctl["coach-ask"])
            self.table.clicks += 1
            try:
                await self.until(lambda p: "coach-take" in _controls(p) or _over(p), self.args.move_timeout)
                self.table.update_ms.append((time.monotonic() - t0) * 1000)
            except TimeoutError:
                if not buttons:
                    self.table.stuck.append(f"{self.name}: the coach gave no move and the page offers no button")
                    return False
                name, mid = self.rng.choice(buttons)
                await self.press(mid, name)
            refused_here = False


SECRET_KEY = re.compile(r'sn-secret-key">([A-Z0-9-]+)<')


def _own_key(page: VoilaPage) -> str:
    """The rejoin code the page shows its own seat (``shared.seat_key_html``)."""
    for state in page.states.values():
        found = SECRET_KEY.search(str(state.get("value") or ""))
        if found:
            return found.group(1)
    raise AssertionError("the seat's page shows no rejoin code")


class _Others(dict):
    """``secrets`` less one's own rejoin code, read live (people join one after another)."""

    def __init__(self, shared: dict[str, str], own: str):
        super().__init__()
        self.shared, self.own = shared, own

    def items(self):
        return [(k, v) for k, v in self.shared.items() if k != self.own]


async def _person(base, code, name, rng, table: Table, args) -> tuple[Person | None, VoilaPage]:
    page = await VoilaPage.open(base, PAGE, args.move_timeout * 4)
    await page.set(await page.wait_for(lambda p: p.find("sn-join-code"), args.move_timeout), "value", code)
    await page.set(page.find("sn-join-nick"), "value", name)
    await page.click(page.find("sn-join"))
    await page.wait_for(lambda p: "You are" in (p.value(p.find("sn-table-code")) or ""), args.move_timeout)
    member = table.store.member_by_nick(table.room_id, name.casefold())
    seat = next(r.seat for r in table.store.table_seats(table.room_id) if r.member_id == member.id)
    print(f"{name}: seat {seat} (0 first), kernel {page.kernel_id}", file=sys.stderr, flush=True)
    person = Person(table, page, name, seat, rng, args)
    table.secrets[person.key] = f"{name}'s rejoin code"
    return person, page


async def _game(base: str, number: int, args) -> dict:
    from sheriff.classroom.store import Store
    from sheriff.classroom.table import Tables

    store = Store(args.db_url)
    seed = args.seed + number
    host = Tables(store).create(
        edition="2E", players=args.humans + args.bots, bots=list(range(args.humans, args.humans + args.bots)), seed=seed
    )
    table = Table(store, host.room_id)
    table.secrets[host.key] = "the host key"
    table.seed = seed
    t0 = time.monotonic()
    names = [f"Player {i + 1}" for i in range(args.humans)]
    joined = await asyncio.gather(
        *(_person(base, host.code, n, random.Random(seed * 100 + i), table, args) for i, n in enumerate(names)),
        return_exceptions=True,
    )
    people = [j[0] for j in joined if not isinstance(j, BaseException)]
    failed = [repr(j) for j in joined if isinstance(j, BaseException)]
    t_joined = time.monotonic()
    result = {"game": number, "code": host.code, "finished": False, "failed": failed}
    try:
        if failed:
            return result
        host.start()
        table.refresh()
        outcome = await asyncio.gather(*(p.play() for p in people), return_exceptions=True)
        failed += [repr(o) for o in outcome if isinstance(o, BaseException)]
        snap = host.snapshot()
        result["finished"] = bool(snap.over) and all(o is True for o in outcome)
        result["moves"] = snap.seq
    finally:
        await asyncio.gather(*(_leave(p.page) for p in people), return_exceptions=True)
        store.close()
    result.update(
        seconds=time.monotonic() - t_joined,
        join_seconds=t_joined - t0,
        clicks=table.clicks,
        refused=table.refused,
        leaks=table.leaks,
        stuck=table.stuck,
        chose=dict(table.chose),
        checked=dict(table.checked),
        median_ms=statistics.median(table.update_ms) if table.update_ms else None,
        failed=failed,
    )
    return result


async def _all(base: str, args) -> list[dict]:
    results = []
    for number in range(args.games):
        r = await _game(base, number, args)
        med = f"{r['median_ms']:.0f}" if r.get("median_ms") is not None else "-"
        print(
            f"game {number + 1}/{args.games} code={r['code']} finished={r['finished']} moves={r.get('moves')} "
            f"seconds={r.get('seconds', 0):.0f} (joining {r.get('join_seconds', 0):.0f}) clicks={r.get('clicks')} "
            f"median_click_to_update_ms={med} refused={len(r.get('refused', []))} leaks={len(r.get('leaks', []))}"
            + f" chose={r.get('chose')} leak_checks={r.get('checked')}"
            + (f" failed={r['failed']}" if r["failed"] else "")
            + (f" stuck={r['stuck']}" if r.get("stuck") else ""),
            file=sys.stderr,
            flush=True,
        )
        results.append(r)
    return results


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--humans", type=int, default=3)
    ap.add_argument("--bots", type=int, default=1)
    ap.add_argument("--games", type=int, default=1)
    ap.add_argument("--db", default=None, help="the store's URL (default: a temporary SQLite folder)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--random-share", type=float, default=0.7, help="share of decisions taken by a random button")
    ap.add_argument("--move-timeout", type=float, default=120.0, help="seconds a click may take to show")
    ap.add_argument("--game-timeout", type=float, default=900.0, help="seconds a person may wait for a turn")
    args = ap.parse_args(argv)
    if not 3 <= args.humans + args.bots <= 6 or args.humans < 1:
        ap.error("a table has 3 to 6 players, at least one of them a person")

    from harness import VoilaServer

    folder = Path(tempfile.mkdtemp(prefix="sheriff-table-pages-"))
    shutil.copy(ROOT / "notebooks" / PAGE, folder / PAGE)
    args.db_url = args.db or f"sqlite:///{tempfile.mkdtemp(prefix='sheriff-table-')}/classroom.sqlite"
    server = VoilaServer(folder, cwd=ROOT, timeout=120, env={"SHERIFF_CLASS_DB": args.db_url, "PYTHONPATH": str(ROOT)})
    # A benchmark stopped with SIGTERM (timeout, kill) leaves through ``with``, which stops the server.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    t0 = time.monotonic()
    with server:
        results = asyncio.run(_all(server.url, args))
    finished = sum(r["finished"] for r in results)
    illegal = sum(len(r.get("refused", [])) for r in results)
    leaks = sum(len(r.get("leaks", [])) for r in results)
    print(f"total seconds={time.monotonic() - t0:.0f}", file=sys.stderr)
    print(f"table humans={args.humans} games={args.games} finished={finished} illegal_shown={illegal} leaks={leaks}")
    return 0 if (finished == args.games and illegal == 0 and leaks == 0) else 1


if __name__ == "__main__":
    sys.exit(main())
