"""The play-together page, headless, over one SQLite store: a host, a second person and the coach
play a seeded 2nd-edition game through the pages' own buttons, and at every step no page's state
holds another seat's hidden cards.

Non-interference: at each step each page is drawn a second time from the same snapshot with every
other seat's hidden cards changed (hands and bags turned into other goods, the deck reversed); the
whole widget tree's state must come out the same.  A page that read anything but its own seat's
view would differ."""

from __future__ import annotations

import dataclasses
import json

import pytest

from sheriff import i18n
from sheriff.cards import N_GOODS
from sheriff.classroom.store import Store
from sheriff.classroom.table import Tables
from sheriff.classroom.table_game import clear_cache
from sheriff.widgets.classroom.table_page import TablePage
from sheriff.widgets.classroom.table_play import TablePlay
from sheriff.widgets.play.app import widget_text
from tests.pg import FakeClock


@pytest.fixture
def tables(sqlite_tables):
    return sqlite_tables


def tree(w):
    yield w
    for c in getattr(w, "children", ()) or ():
        yield from tree(c)


def _plain(value):
    if isinstance(value, str):
        return None if value.startswith("IPY_MODEL_") else value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def tree_state(w) -> list:
    """Every widget's state in the tree, without the ids that differ between two drawings."""
    return [_plain(x.get_state()) for x in tree(w)]


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)


def state_text(w) -> str:
    """Every string in the tree's widget states (what the browser receives)."""
    return "\n".join(_strings(tree_state(w)))


def _hidden_changed(snap, seat):
    """``snap`` with every other seat's hidden cards turned into other goods (same numbers)."""
    g = snap.game.copy()
    s = g.state
    for p in range(s.n):
        if p == seat:
            continue
        s.hands[p] = s.hands[p][1:N_GOODS] + s.hands[p][:1] + s.hands[p][N_GOODS:]
        if s.bags[p] is not None:
            s.bags[p] = s.bags[p][1:N_GOODS] + s.bags[p][:1] + s.bags[p][N_GOODS:]
    s.deck.reverse()
    view = g.view(seat) if seat is not None else None
    legal = tuple(g.legal_actions(seat)) if snap.legal else ()
    return dataclasses.replace(snap, game=g, view=view, legal=legal)


def _press_coach(page) -> bool:
    c = page.play.controls
    if "coach.ask" not in c:
        return False
    c["coach.ask"].click()
    c = page.play.controls
    c["coach.take"].click()
    if "coach.confirm" in page.play.controls:
        page.play.controls["coach.confirm"].click()
    return True


@pytest.mark.slow  # a whole game or a database outage: the full run has it, the fast loop not
@pytest.mark.parametrize("edition", ["2E", "1E"])
def test_two_seats_never_see_each_others_hidden_cards(tables, edition):
    ann = TablePage(tables, binder=False)
    ann.edition.value = edition
    ann.players.value = 3
    ann.bot_seats[2].value = True
    ann.host_name.value = "Ann"
    ann.open.click()
    code = ann.host.code
    bob = TablePage(tables, binder=False)
    bob.code.value, bob.name.value = code, "Bob"
    bob.join.click()
    watcher = TablePage(tables, binder=False)
    watcher.code.value = code
    watcher.spectate.click()
    assert (ann.seat.seat, bob.seat.seat) == (0, 1)
    ann.start.click()
    twins = {who: TablePlay() for who in (0, 1, None)}  # drawn from the snapshots with others' cards changed
    reals = {who: TablePlay() for who in (0, 1, None)}  # drawn from the snapshots as they are
    pages = {0: ann, 1: bob, None: watcher}
    steps = changed = 0
    while not ann.snap.over:
        for who, page in pages.items():
            page.refresh()
            snap = page.snap
            text = state_text(page)
            others = [p for p in range(3) if p != who]
            for p in others:  # only one's own cards are drawn face up
                assert f'data-hand-seat="{p}"' not in text
            if who is not None and not snap.over:
                assert f'data-hand-seat="{who}"' in text
            twin = twins[who]
            twin.show(_hidden_changed(snap, who))
            real = reals[who]
            real.show(snap)
            if snap.over:
                continue
            assert tree_state(twin.root) == tree_state(real.root), f"seat {who} step {steps}"
            assert widget_text(real.root) == widget_text(page.play.root)
            changed += 1
        moved = False
        for page in (ann, bob):
            if page.snap.to_act == page.seat.seat and _press_coach(page):
                moved = True
        steps += 1
        assert moved or ann.snap.to_act == 2 or ann.snap.over, "nobody could move"
        assert steps < 600
    assert changed > 60
    for page in pages.values():
        page.refresh()
        assert "Final scores" in widget_text(page.play.root)
        assert "sheriff-game" in page.replay_text
        assert "sn-table-download" in page.replay.value


def test_refusals_stale_moves_and_reconnect(tables, clock):
    ann = TablePage(tables, binder=False)
    ann.players.value = 3
    ann.host_name.value = "Ann"
    ann.open.click()
    code = ann.host.code
    bob = TablePage(tables, binder=False)
    bob.code.value, bob.name.value = code, "Bob"
    bob.join.click()
    late = TablePage(tables, binder=False)
    ann.start.click()
    # a newcomer after the start is told so, in words
    late.code.value, late.name.value = code, "Cy"
    late.join.click()
    assert "has started" in late.join_msg.value
    # the same name on another device: refused, in words that say what to do, now and later
    again = TablePage(tables, binder=False)
    again.code.value, again.name.value = code, "bob"
    again.join.click()
    assert again.seat is None and "“Bob” already sits at this table" in again.join_msg.value
    assert "rejoin code" in again.join_msg.value
    clock.advance(3600)
    ann.refresh()  # the host's page polls all along (a host's page quiet a minute passes the role on)
    again.join.click()
    assert again.seat is None and "rejoin code" in again.join_msg.value
    # Bob types the rejoin code his page showed him: the same seat, the game as it stands
    assert bob.seat.seat_key in bob.seat_key.value and bob.seat.seat_key not in widget_text(ann)
    again.joining.key.value = bob.seat.seat_key
    again.join.click()
    assert again.seat.seat == bob.seat.seat and again.join_msg.value == ""
    assert again.snap.seq == ann.snap.seq and bob.seat.seat_key in again.seat_key.value
    # seat 2 went to the coach at the start; the host hands Bob's seat to the coach and back
    assert ann.snap.bots == (False, False, True)
    ann.hand_over.children[0].value = True
    assert ann.snap.bots[1]
    ann.hand_over.children[0].value = False
    assert not ann.snap.bots[1]
    # a stale move (another page of the same seat moved first) is refused in words
    for _ in range(100):
        ann.refresh()
        if ann.snap.to_act == 1:
            break
        assert ann.snap.to_act != 0 or _press_coach(ann)
    bob.refresh()
    again.refresh()
    assert _press_coach(again)
    assert _press_coach(bob)
    assert "already moved" in bob.play.notice.value
    assert "Spectator" not in widget_text(bob)
    ann.close_table.click()  # asks first: the game ends for everyone
    bob.refresh()
    assert "The host has closed this table." not in widget_text(bob)
    ann.close_sure.click()
    bob.refresh()
    assert "The host has closed this table." in widget_text(bob)


def test_a_time_limit_the_coach_moves_for_a_late_player_and_the_table_is_told(tmp_path):
    clear_cache()
    clock = FakeClock()
    tables = Tables(Store(f"sqlite:///{tmp_path / 'late.sqlite'}", clock=clock))
    try:
        ann = TablePage(tables, binder=False)
        ann.players.value = 3
        ann.limit.value = 30
        ann.host_name.value = "Ann"
        ann.open.click()
        bob = TablePage(tables, binder=False)
        bob.code.value, bob.name.value = ann.host.code, "Bob"
        bob.join.click()
        ann.start.click()
        for _ in range(50):  # until a person is to act
            ann.refresh()
            if ann.snap.to_act in (0, 1):
                break
        late = ann.snap.to_act
        page, name = (ann, "Ann") if late == 0 else (bob, "Bob")
        page.refresh()
        assert "Time left for you: <b>0:30</b>" in page.clock.value
        clock.advance(31)
        ann.refresh()  # any page's poll lets the coach move for the late player
        page.refresh()
        assert ann.snap.events_by[-1] == (late, "timeout") or (late, "timeout") in ann.snap.events_by
        assert f"Time ran out: the coach played for {name}." in widget_text(page)
        assert f"Time ran out for {name}" in widget_text(page.play.root)
    finally:
        tables.store.close()
        clear_cache()


def test_the_page_in_ukrainian(tables):
    with i18n.language("uk"):
        ann = TablePage(tables, binder=False)
        ann.players.value = 3
        ann.host_name.value = "Ann"
        ann.open.click()
        ann.start.click()
        ann.refresh()
        text = widget_text(ann)
        assert "Стіл" in text and "Керування столом" in text
        assert "Table" not in text.replace("sn-table", "")


def test_binder_says_a_table_needs_one_shared_server(tables):
    page = TablePage(tables, binder=True)
    assert "cannot seat several people on Binder" in widget_text(page)


def test_the_host_key_gives_the_controls_and_never_the_hosts_cards(tables):
    """The host key (folded on the host's page only, never in the lobby the projector shows) gives the
    host controls back on another page; the host's own seat needs its rejoin code as every seat does,
    typed or kept by this device."""
    ann = TablePage(tables, binder=False)
    ann.players.value = 3
    ann.host_name.value = "Ann"
    ann.open.click()
    key, seat_key = ann.host.key, ann.seat.seat_key
    lobby = ann.code_html.value + ann.seats_html.value
    assert key not in lobby and seat_key not in lobby
    assert key in ann.host_key.value and "<details" in ann.host_key.value and seat_key in ann.seat_key.value
    ann.start.click()
    other = TablePage(tables, binder=False)
    other.back_code.value, other.back_key.value = ann.host.code, key
    other._take_back()
    assert other.host is not None and other.seat is None and other.snap.view is None  # controls, no cards
    assert "Spectator" in widget_text(other)
    device = TablePage(tables, binder=False)  # the host's own device remembers her seat
    device.joining.device.value = json.dumps(
        [{"kind": "table", "code": ann.host.code, "name": "Ann", "key": seat_key, "t": 2}]
    )
    device.back_code.value, device.back_key.value = ann.host.code, key
    device._take_back()
    assert device.seat is not None and device.seat.seat == 0 and device.snap.view is not None


def test_a_typed_name_is_shown_as_text_never_as_markup(tables):
    """A name is what a person typed: every part of the page that shows it (the seat list, "You are …",
    the clock, whose turn it is) escapes it; the templates never take it as markup."""
    name = '<i>Bo&b</i> "x"'
    ann = TablePage(tables, binder=False)
    ann.players.value, ann.limit.value = 3, 60
    ann.host_name.value = "Ann"
    ann.open.click()
    bob = TablePage(tables, binder=False)
    bob.code.value, bob.name.value = ann.host.code, name
    bob.join.click()
    assert bob.seat is not None, bob.join_msg.value
    ann.start.click()
    for page in (ann, bob):
        page.refresh()
        shown = page.code_html.value + page.seats_html.value + page.clock.value
        assert "<i>" not in shown and "&lt;i&gt;Bo&amp;b&lt;/i&gt;" in shown
    assert "&lt;i&gt;Bo&amp;b&lt;/i&gt;" in bob.code_html.value  # "You are …, seat 2."
