"""``class_game.py --served``: the class plays through the served pages, without a browser.

A Voilà server on 127.0.0.1 serves the teacher's and the student's pages (a temporary folder holding
only those two notebooks; the store in ``--db`` or a temporary SQLite folder, passed to the server as
``SHERIFF_CLASS_DB``).  Each person is a ``wsclient.VoilaPage``: it GETs the page, then types and
clicks over the kernel's websocket.  The pages are found by the CSS classes the class widgets set
(``sn-join-code``, ``sn-join``, ``sn-honest``, ``sn-live-count``, ...).  Inspection-game rounds
only: the duel's card picker is a widget of its own, left to the browser test.

``--teacher api`` keeps the students on their pages but plays the teacher through the API (the
count is ``dashboard().chosen``), to measure the students' side alone.

The teacher's count is the second number in the page's live count (``sn-live-count``, "Round 2: 5 of
12 have chosen."; the coach's seat counts there too, so with an odd class it runs one ahead), read only
once the count names the round just started (right after "Start a round" the page still shows the last
round's count): the i-th choice of a round counts as seen when that number first reaches i.  After "End
the round" the next round starts only once the page says the round is over.  The CSV is the room's, read with the
teacher's code and key as the teacher page's download button does.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from wsclient import VoilaPage  # noqa: E402

TEACHER, STUDENT = "50_class_teacher.ipynb", "51_class_student.ipynb"
CODE = re.compile(r"\b([A-HJ-NP-Z2-9]{6})\b")
COUNT = re.compile(r"Round (\d+): (\d+) of (\d+) have chosen")
TAGS = re.compile(r"<[^>]+>")


def _text(html: str | None) -> str:
    return TAGS.sub(" ", html or "")


def _count(page: VoilaPage, number: int) -> int | None:
    """How many have chosen in round ``number`` by the teacher page's live count; None while the
    count shows another round (or none)."""
    m = COUNT.search(_text(page.value(page.find("sn-live-count"))))
    return int(m.group(2)) if m and int(m.group(1)) == number else None


async def _teacher_opens(base: str, timeout: float) -> tuple[VoilaPage, str, str]:
    page = await VoilaPage.open(base, TEACHER, timeout)
    await page.click(await page.wait_for(lambda p: p.find("sn-create-room"), timeout))
    code_html = await page.wait_for(lambda p: p.value(p.find("sn-room-code")), timeout)
    code = CODE.search(_text(code_html)).group(1)
    key_html = await page.wait_for(lambda p: p.value(p.find("sn-teacher-key")), timeout)
    key = max(re.findall(r"[A-Za-z0-9_-]{12,}", _text(key_html)), key=len)
    return page, code, key


async def _student(base, code, nick, seed, args, made, stop: asyncio.Event) -> None:
    rng = random.Random(seed)
    page = await VoilaPage.open(base, STUDENT, args.round_timeout)
    try:
        await page.set(await page.wait_for(lambda p: p.find("sn-join-code"), 60), "value", code)
        await page.set(page.find("sn-join-nick"), "value", nick)
        await page.click(page.find("sn-join"))
        done: set[str] = set()
        while not stop.is_set():
            try:
                choices = await page.wait_for(
                    lambda p: [
                        m for css in ("sn-honest", "sn-smuggle", "sn-pass", "sn-inspect") for m in p.find_all(css)
                    ],
                    timeout=1.0,
                )
            except TimeoutError:
                continue
            key = ",".join(sorted(choices))  # a new round draws new buttons
            if key in done:
                await asyncio.sleep(args.poll)
                continue
            done.add(key)
            await asyncio.sleep(rng.uniform(0, args.think))
            made.append((nick, time.time()))
            await page.click(rng.choice(choices))
    finally:
        await page.close()


async def _play(args, base: str) -> tuple[int, list, dict, str, list[str]]:
    from sheriff.classroom import Classroom, Store

    if args.teacher == "page":
        teacher, code, key = await _teacher_opens(base, args.round_timeout)
    else:  # the teacher's side through the API (the dashboard's count: dashboard().chosen)
        teacher = None
        api_store = Store(args.db_url)
        api_room = Classroom(api_store).create_room("inspection", bot_timeout=600, seed=args.seed)
        code, key = api_room.code, api_room.key
        api_store.close()
    nicks = [f"Student {i + 1}" for i in range(args.students)]
    made: list[tuple[str, float]] = []
    stop = asyncio.Event()
    students = [
        asyncio.create_task(_student(base, code, n, args.seed + i, args, made, stop)) for i, n in enumerate(nicks)
    ]
    store = Store(args.db_url)
    room = Classroom(store).teacher(code, key)
    deadline = time.time() + args.round_timeout * 2
    joined = -1
    while joined < len(nicks) and time.time() < deadline:
        now_joined = len([s for s in room.dashboard().seats if s.nickname in nicks])
        if now_joined != joined:  # progress on stderr: a stalled class shows where it stalls
            joined = now_joined
            print(f"joined {joined} of {len(nicks)}", file=sys.stderr, flush=True)
        await asyncio.sleep(args.poll)
    log: list[tuple[int, str, float]] = []
    seen: dict[tuple[int, str], float] = {}
    for number in range(1, args.rounds + 1):
        before = len(made)
        if teacher is not None:
            await teacher.click(teacher.find("sn-start-round"))
            # The page still shows the last round's "Round 1: 30 of 30" until the click's update
            # arrives: count only once it shows the round just started (else round 2 ends unplayed).
            await teacher.wait_for(lambda p, n=number: _count(p, n) is not None, args.round_timeout)
        else:
            room.start_round()
        counted = 0
        end = time.time() + args.round_timeout
        while counted < len(nicks) and time.time() < end:
            if teacher is not None:
                await teacher.wait_for(lambda p: True, 1)
                chosen = _count(teacher, number)
            else:
                await asyncio.sleep(args.poll)
                chosen = room.dashboard().chosen
            now = time.time()
            if chosen is not None and chosen > counted:
                for nick, _t in made[before + counted : before + chosen]:
                    seen[(number, nick)] = now
                counted = chosen
            if teacher is not None:
                teacher.changed.clear()
            await asyncio.sleep(0.05)
        log += [(number, nick, t) for nick, t in made[before:]]
        if teacher is not None:
            await teacher.click(teacher.find("sn-end-round"))
            over = f"Round {number} is over"
            await teacher.wait_for(lambda p, o=over: o in _text(p.value(p.find("sn-live-count"))), args.round_timeout)
        else:
            room.end_round()
        await asyncio.sleep(1.0)
    stop.set()
    failed = [repr(e) for e in await asyncio.gather(*students, return_exceptions=True) if e is not None]
    text = room.csv()
    if teacher is not None:
        await teacher.close()
    store.close()
    return args.rounds, log, seen, text, failed


def run_served(args):
    from harness import VoilaServer

    folder = Path(tempfile.mkdtemp(prefix="sheriff-class-pages-"))
    for name in (TEACHER, STUDENT) if args.teacher == "page" else (STUDENT,):
        if not (ROOT / "notebooks" / name).exists():
            raise SystemExit(f"no class page notebooks/{name} in this checkout: --served needs issue 21's pages")
        shutil.copy(ROOT / "notebooks" / name, folder / name)
    db = args.db or f"sqlite:///{tempfile.mkdtemp(prefix='sheriff-class-')}/classroom.sqlite"
    args.db_url = db
    # As ``sheriff serve --class 51_class_student.ipynb=N`` sets it (sheriff/launch.py).
    pools = json.dumps({"default": {"pool_size": 1}, STUDENT: {"pool_size": args.pool}})
    server = VoilaServer(
        folder,
        cwd=ROOT,
        timeout=120,
        env={"SHERIFF_CLASS_DB": db, "PYTHONPATH": str(ROOT)},
        extra_args=[f"--VoilaKernelManager.kernel_pools_config={pools}"],
    )
    # A benchmark stopped with SIGTERM (timeout, kill) leaves through ``with``, which stops the server.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    with server:
        deadline = time.time() + 300  # the class arrives at a warm server: its pools filled first
        while not server.pools_filled() and time.time() < deadline:
            time.sleep(1)
        return asyncio.run(_play(args, server.url))
