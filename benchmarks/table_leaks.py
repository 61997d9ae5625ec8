"""The table benchmark's leak check: does a seat's page hold any card of another seat it may not see?

``Truth`` is the game as the store holds it, replayed move by move in the benchmark's own process
(``sheriff.classroom.table_game.new_game`` and the stored moves): after each move ``m`` it keeps
every seat's hand and bag, and every seat's stand as the rules show it to the others (its face-up
legal goods and how many cards lie face down) and as its owner sees it (face-down kinds too).

``check_states(states, seat, truth)`` reads every widget state a page's client holds (shown or
detached: ``VoilaPage.states``) and returns one sentence per problem.  Its criterion:

(a) markers: no HTML carries another seat's private area (``data-hand-seat="q"``, the play page's
    own-cards box, ``render.private_hand``);
(b) own cards: the private area of ``seat`` (it says after how many moves it was drawn:
    ``data-moves``) shows exactly that seat's hand and bag after that many moves;
(c) panels: every seat panel (``sn-panel`` with ``data-seat="q"``) shows, for another seat q, the
    face-up goods and face-down count of q's stand after some move (q's own face-down kinds never),
    for ``seat`` itself that or its whole stand; once the game is over the stands are face up by
    the rules (the final section), so the whole final stand is allowed too;
(d) card pickers (the ``sn-picker-*`` widgets: cards to click): the Market's and the loading's
    show ``seat``'s hand after some move; a bribe's stand goods are ``seat``'s stand or another
    stand's face-up goods; a bribe's bag goods are ``seat``'s bag, or the official's unseen-bag
    picker (the deck's goods capped at a bag's size: public).

(e) text: no text at all (any HTML, description or tooltip) holds a secret of the table given as
    ``secrets`` (another seat's rejoin code, the host key: text -> what it is), nor the game's
    ``seed`` before the game is over (only the final header, which says "Game over", shows it):
    either would give away cards (a seat) or every hand (the seed: ``Game(rules, seed=...)``).

Cards are read from the markup the one renderer writes (``sheriff.widgets.render``: each card's
``title`` names its good in English; ``×N`` stacks).  Text (the story, the coach's advice) is not
read for goods: the story is the narrator's, whose privacy ``tests/test_events.py`` covers.
A page that passes (a)-(d) after every update shows no other seat's hand, bag contents or
face-down goods in any card, picker or private area.  ``tests/test_table_bench.py`` feeds it
states with another seat's hand, a face-down good turned up, and a wrong hand, and expects a leak.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter, defaultdict
from typing import Any

from sheriff.cards import GOODS, N_GOODS, deck_composition
from sheriff.i18n import language
from sheriff.widgets import render

HAND_SEAT = re.compile(r'data-hand-seat="(\d+)"(?:\s+data-moves="(\d+)")?')
ROW = re.compile(
    r'<div class="sn-row"[^>]*>((?:<div class="sn-card[^>]*>.*?</div>)*)</div>|<span class="sn-muted">[^<]*</span>',
    re.S,
)
CARD = re.compile(r'<div class="sn-card ([^"]*)"[^>]* title="([^"]*)"[^>]*>(.*?)</div>', re.S)
COUNT = re.compile(r'sn-count">×(\d+)<')
STACK = re.compile(r" ×\d+$")
PANEL = re.compile(r'<div class="sn-panel[^"]*" data-seat="(\d+)">')
PANEL_END = re.compile(r'<div class="sn-seat|<div class="sn-piles|<div class="sn-panel')
PICK = {g.id: g.index for g in GOODS}
REF = "IPY_MODEL_"


def _labels() -> dict[str, int]:
    with language("en"):
        return {render._card(g)["label"]: g for g in range(N_GOODS)}


LABELS = _labels()


def _unescape(text: str) -> str:
    from html import unescape

    return unescape(text)


def cards_of(row_html: str) -> tuple[tuple[int, ...], int]:
    """A row of cards as (count vector of the faces, number of backs)."""
    counts = [0] * N_GOODS
    backs = 0
    for cls, title, inner in CARD.findall(row_html):
        found = COUNT.search(inner)
        n = int(found.group(1)) if found else 1
        if "sn-back" in cls:
            backs += n
        else:
            counts[LABELS[STACK.sub("", _unescape(title))]] += n  # a stack's title ends " ×N"
    return tuple(counts), backs


class Truth:
    """The stored game after every move: ``at[m]`` every seat's (hand, bag) after ``m`` moves."""

    def __init__(self, game):
        self.game = game
        self.n = game.rules.players
        self.at: list[dict[int, tuple]] = []
        self.public: dict[int, set] = defaultdict(set)  # (face-up legal goods, face-down count)
        self.stands: dict[int, set] = defaultdict(set)  # whole stands (the owner's view)
        self.hands: dict[int, set] = defaultdict(set)
        self.bags: dict[int, set] = defaultdict(set)
        self.final: dict[int, tuple] | None = None
        self.first = len(game.history)  # moves made before (0 for a table's game)
        comp = deck_composition(self.n, game.rules.royal_goods)
        self.unseen_bags = {tuple(min(k, c) for c in comp) for k in range(0, 8)}
        self._record()

    @property
    def seq(self) -> int:
        return self.first + len(self.at) - 1

    def push(self, action) -> None:
        self.game.push(action)
        self._record()

    def _record(self) -> None:
        s = self.game.state
        v = self.game.view(0)
        snap = {}
        for q in range(self.n):
            hand = tuple(s.hands[q])
            bag = None if s.bags[q] is None else tuple(s.bags[q])
            snap[q] = (hand, bag)
            self.hands[q].add(hand)
            if bag is not None:
                self.bags[q].add(bag)
            self.stands[q].add(tuple(s.stands[q]))
            self.public[q].add((tuple(v.stand_legal(q)), v.face_down(q)))
        self.at.append(snap)
        if self.game.is_over():
            self.final = {q: tuple(s.stands[q]) for q in range(self.n)}


def _strings(value: Any):
    if isinstance(value, str):
        if not value.startswith(REF):
            yield value
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)


def _check_html(text: str, seat: int, truth: Truth | None) -> list[str]:
    out = []
    for found in HAND_SEAT.finditer(text):
        q = int(found.group(1))
        if q != seat:
            out.append(f"seat {q}'s private cards (data-hand-seat) on seat {seat}'s page")
            continue
        if truth is None:
            out.append(f"seat {seat}'s private cards before the game started")
            continue
        m = int(found.group(2) or -1)
        if not truth.first <= m <= truth.seq:
            out.append(f"seat {seat}'s private area drawn after {m} moves, the store has {truth.seq}")
            continue
        rows = [cards_of(r.group(1) or "")[0] for r in ROW.finditer(text[found.end() :])]
        hand, bag = truth.at[m - truth.first][seat]
        shown_bag = rows[1] if len(rows) > 1 else None
        if not rows or rows[0] != hand or (bag is None) != (shown_bag is None) or (bag and shown_bag != bag):
            out.append(f"seat {seat}'s private area after {m} moves shows {rows[:2]}, the store says {hand}, {bag}")
    starts = list(PANEL.finditer(text))
    for found in starts:
        q = int(found.group(1))
        end = PANEL_END.search(text, found.end())
        body = text[found.end() : end.start() if end else len(text)]
        rows = [r.group(1) or "" for r in ROW.finditer(body)]
        faces, backs = cards_of("".join(rows))
        if truth is None:
            if any(faces) or backs:
                out.append(f"seat {q}'s stand shows cards before the game started")
            continue
        if q >= truth.n:
            out.append(f"a panel for seat {q} at a table of {truth.n}")
            continue
        ok = (faces, backs) in truth.public[q]
        ok = ok or (q == seat and backs == 0 and faces in truth.stands[q])
        ok = ok or (truth.final is not None and backs == 0 and faces == truth.final[q])
        if not ok:
            out.append(f"seat {q}'s stand on seat {seat}'s page shows {faces} and {backs} face down: never public")
    return out


def _picker(states: dict, mid: str) -> tuple[int, ...] | None:
    """The goods of a card picker's buttons (``sn-pick-<good id>``), as a count vector; None while
    some of its widgets' states have not arrived yet."""
    counts = [0] * N_GOODS
    stack = [mid]
    while stack:
        child = stack.pop()
        if child not in states:
            return None
        state = states[child]
        for cls in state.get("_dom_classes") or ():
            if cls.startswith("sn-pick-") and cls[8:] in PICK:
                counts[PICK[cls[8:]]] += 1
        stack += [k.removeprefix(REF) for k in state.get("children") or () if isinstance(k, str)]
    return tuple(counts)


def _check_picker(name: str, counts: tuple[int, ...], seat: int, truth: Truth | None) -> list[str]:
    if truth is None:
        return [f"a card picker ({name}) on seat {seat}'s page before the game started"] if any(counts) else []
    if name in ("market", "load"):
        ok = counts in truth.hands[seat]
    elif name == "stand":
        ok = counts in truth.stands[seat] or any(counts == pub for q in truth.public for pub, _n in truth.public[q])
    elif name == "bag":
        ok = counts in truth.bags[seat] or counts in truth.unseen_bags
    else:
        return []  # not a picker of the table's page
    return [] if ok else [f"the {name} picker on seat {seat}'s page offers {counts}: not this seat's to see"]


class LeakChecker:
    """``check(states)`` for one seat's page, remembering what already passed (a widget's state
    that passed once passes for good: the truth only grows)."""

    def __init__(self, seat: int, secrets: dict[str, str] | None = None, seed: int | None = None):
        self.seat = seat
        self.secrets = secrets if secrets is not None else {}  # shared: filled as people join
        self.seed = None if seed is None else re.compile(rf"\b{seed}\b")
        self.passed: set[str] = set()
        self.found: dict[str, str] = {}  # problem key -> sentence
        self.checked: Counter[str] = Counter()  # what was read: own areas, panels, pickers (never vacuous)
        self._last: dict[str, tuple] = {}  # widget id -> the values last checked (the same objects: skipped)

    def check(self, states: dict[str, dict], truth: Truth | None, refresh=None) -> list[str]:
        """New problems in ``states``; ``refresh()`` (the truth read again from the store) is called
        before a problem is believed, since a page may show a move the last read did not see."""
        new = []
        for mid, state in list(states.items()):
            now = tuple(state.get(k) for k in ("value", "description", "tooltip", "children", "_dom_classes"))
            last = self._last.get(mid)
            if last is not None and len(last) == len(now) and all(a is b for a, b in zip(last, now)):
                continue
            self._last[mid] = now
            classes = state.get("_dom_classes") or ()
            items: list[tuple[str, Any]] = []
            picker = next((c[10:] for c in classes if c.startswith("sn-picker-")), None)
            if picker is not None:
                counts = _picker(states, mid)
                if counts is None or not any(counts):  # its buttons have not all arrived: look again later
                    self._last.pop(mid, None)
                else:
                    items.append(("picker", (picker, counts)))
            items += [("html", s) for s in _strings({k: state.get(k) for k in ("value", "description", "tooltip")})]
            for kind, item in items:
                if kind == "html":
                    self.checked["texts"] += 1
                    for problem in self._secrets(item):
                        if problem not in self.found.values():
                            self.found[hashlib.sha1(problem.encode()).hexdigest()] = problem
                            new.append(problem)
                if kind == "html" and "data-hand-seat" not in item and "sn-panel" not in item:
                    continue
                key = hashlib.sha1(json.dumps([mid, kind, item]).encode()).hexdigest()
                if key in self.passed or key in self.found:
                    continue
                problems = self._problems(kind, item, truth)
                if problems and refresh is not None:
                    truth = refresh()
                    problems = self._problems(kind, item, truth)
                if problems:
                    self.found[key] = problems[0]
                    new += problems[:1]
                else:
                    self.passed.add(key)
        return new

    def _secrets(self, text: str) -> list[str]:
        out = [f"{what} on seat {self.seat}'s page" for secret, what in self.secrets.items() if secret in text]
        if self.seed is not None and self.seed.search(text) and "Game over" not in text:
            out.append(f"the seed on seat {self.seat}'s page before the game is over")
        return out

    def _problems(self, kind: str, item, truth: Truth | None) -> list[str]:
        if kind == "picker":
            self.checked["pickers"] += 1
            return _check_picker(item[0], item[1], self.seat, truth)
        self.checked["own areas"] += item.count("data-hand-seat")
        self.checked["panels"] += item.count('<div class="sn-panel')
        return _check_html(item, self.seat, truth)


def check_states(states: dict[str, dict], seat: int, truth: Truth | None) -> list[str]:
    """Every problem in one page's widget states for ``seat`` (see the module's criterion)."""
    return LeakChecker(seat).check(states, truth)


__all__ = ["Truth", "LeakChecker", "check_states", "cards_of"]
