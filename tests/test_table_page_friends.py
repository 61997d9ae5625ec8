"""Friends at a table through the pages, headless, over one SQLite store: the invite link and its QR
code (the picture's modules are segno's for exactly that link), the code filled from the address,
the host's controls following the host's role, a player removed, "let the coach play for me" and
back, the plain notice when the host gives a seat to the coach, who is online, the your-turn data
the page template reads, a rematch every page follows, and names typed by people never translated."""

from __future__ import annotations

import base64
import io
import json
import random
import re
from html import escape

import pytest
import segno
from PIL import Image

from sheriff import i18n
from sheriff.widgets.classroom.table_lobby import invite_link, qr_data_uri
from sheriff.widgets.classroom.table_page import TablePage
from sheriff.widgets.play.app import widget_text
from tests.class_rig import play_out, table_pages


@pytest.fixture
def tables(sqlite_tables):
    return sqlite_tables


def _open(tables, players=4, bots=(3,), names=("Ann", "Bob", "Cy")):
    pages = table_pages(tables, players, bots, names)
    for page in pages:
        page.refresh()
    return pages


def _press(box, cls):
    """The button in ``box``'s tree with the CSS class ``cls``."""
    stack = [box]
    while stack:
        w = stack.pop()
        if cls in getattr(w, "_dom_classes", ()):
            w.click()
            return
        stack.extend(getattr(w, "children", ()) or ())
    raise AssertionError(f"no {cls}")


def _modules(uri: str) -> list[list[bool]]:
    """The dark modules of a PNG drawn one pixel a module (the page's QR code), border included."""
    image = Image.open(io.BytesIO(base64.b64decode(uri.split(",", 1)[1]))).convert("L")
    w, h = image.size
    return [[image.getpixel((x, y)) < 128 for x in range(w)] for y in range(h)]


# -- the invite ----------------------------------------------------------------------------------
def test_the_lobby_shows_the_invite_link_and_a_qr_code_of_exactly_it(tables, monkeypatch):
    monkeypatch.setenv("SERVER_NAME", "192.168.1.20")
    monkeypatch.setenv("SERVER_PORT", "8866")
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/52_table.ipynb")
    monkeypatch.setenv("SHERIFF_TOKEN", "tok3n")
    ann, bob, _cy = _open(tables)
    code = ann.host.code
    link = f"http://192.168.1.20:8866/voila/render/52_table.ipynb?token=tok3n&table={code}"
    for page in (ann, bob):
        html = page.invite.value
        assert f'href="{escape(link)}"' in html and 'class="sn-qr"' in html
    uri = ann.invite.value.split('src="', 1)[1].split('"', 1)[0]
    qr = segno.make(link, error="m", micro=False)
    assert qr.mode == "byte" and not qr.is_micro
    drawn = _modules(uri)
    assert drawn == [[bool(m) for m in row] for row in qr.matrix_iter(scale=1, border=4)]
    other = segno.make(link.replace(code, "AAAAAA"), error="m", micro=False)
    assert drawn != [[bool(m) for m in row] for row in other.matrix_iter(scale=1, border=4)]
    ann.start.click()
    assert ann.invite.value == ""  # the lobby's invite goes once the game starts
    # in Ukrainian the link keeps the page's language
    assert invite_link("http://h/voila/render/52_table.ipynb", "K7MX3Q") == (
        "http://h/voila/render/52_table.ipynb?table=K7MX3Q"
    )
    with i18n.language("uk"):
        assert invite_link("52_table.ipynb", "K7MX3Q") == "52_table.ipynb?lang=uk&table=K7MX3Q"
    assert qr_data_uri("x").startswith("data:image/png;base64,")


def test_without_a_known_address_the_invite_has_no_qr_code(tables):
    ann, *_ = _open(tables)
    assert f'52_table.ipynb?table={ann.host.code}"' in ann.invite.value and "sn-qr" not in ann.invite.value


def test_an_invite_link_fills_the_code_and_this_devices_seat(tables):
    ann, bob, _cy = _open(tables)
    code = ann.host.code
    page = TablePage(tables, binder=False)
    page.invited.value = code  # the page template read ?table= from the address
    assert page.code.value == code and page.name.value == "" and "invited" in page.join_msg.value
    page.name.value = "Dee"
    page.join.click()
    assert page.seat is None and "full" in page.join_msg.value  # the code was the table's: it answered
    # Bob's own device remembers his seat at this table: the link fills his name and code too
    mine = TablePage(tables, binder=False)
    mine.joining.device.value = json.dumps(
        [
            {"kind": "table", "code": "ZZZZZZ", "name": "Bob", "key": "AAAA-AAAA", "t": 9},
            {"kind": "table", "code": code, "name": "Bob", "key": bob.seat.seat_key, "t": 1},
        ]
    )
    assert mine.code.value == "ZZZZZZ"  # the newest seat, until the address says which table
    mine.invited.value = code
    assert (mine.code.value, mine.name.value, mine.joining.key.value) == (code, "Bob", bob.seat.seat_key)
    mine.join.click()
    assert mine.seat is not None and mine.seat.seat == bob.seat.seat


# -- the host's role, removing a player ----------------------------------------------------------------
def test_the_host_controls_follow_the_host_role_and_a_removed_player_is_told(tables):
    ann, bob, cy = _open(tables)
    assert ann.host_box.layout.display == "flex" and bob.host_box.layout.display == "none"
    assert "host" in ann.seats_html.value
    _press(ann.host_seats.people, "sn-table-make-host-1")
    for page in (ann, bob, cy):
        page.refresh()
    assert ann.host is None and ann.host_box.layout.display == "none" and "Bob is the host now" in ann.msg.value
    assert bob.host is not None and bob.host_box.layout.display == "flex" and bob.host.key == ""
    assert bob.host_key.value == ""  # no key on Bob's page: his seat authorises him
    # Bob removes Cy (a second button confirms); Cy's page goes back to the join form and says why
    _press(bob.host_seats.people, "sn-table-remove-2")
    assert bob.snap.names[2] == "Cy"
    _press(bob.host_seats.people, "sn-table-remove-sure-2")
    assert bob.snap.names[2] == ""
    cy.refresh()
    assert cy.seat is None and cy.join_box.layout.display == "" and "removed" in cy.join_msg.value
    bob.start.click()
    assert bob.snap.started and bob.snap.bots == (False, False, True, True)


# -- the coach plays for me ----------------------------------------------------------------------------
def test_let_the_coach_play_for_me_and_the_hosts_handover_said_plainly(tables):
    ann, bob, _cy = _open(tables)
    ann.start.click()
    bob.refresh()
    assert bob.away.box.layout.display == "" and bob.away.back.layout.display == "none"
    bob.away.away.click()
    assert bob.snap.bots[1] and "The coach plays for you" in bob.away.notice.value
    assert bob.away.away.layout.display == "none" and bob.away.back.layout.display == ""
    bob.away.back.click()
    assert not bob.snap.bots[1] and bob.away.notice.value == ""
    ann.hand_over.children[0].value = True  # the host gives Bob's seat to the coach
    bob.refresh()
    assert "The host gave your seat to the coach" in bob.away.notice.value
    assert "Take my seat back" in bob.away.notice.value
    bob.away.back.click()
    assert not bob.snap.bots[1]


# -- online, your turn ---------------------------------------------------------------------------------
def test_the_seat_list_says_who_is_online_and_the_status_carries_the_turn(tables, clock):
    ann, bob, cy = _open(tables)
    watcher = TablePage(tables, binder=False)
    watcher.code.value = ann.host.code
    watcher.spectate.click()
    ann.refresh()
    assert ann.seats_html.value.count('class="sn-online"') == 3 and "1 watching" in ann.seats_html.value
    clock.advance(20)
    ann.refresh()
    assert "Bob</b> (away)" in ann.seats_html.value and "Ann</b> (host, online, you)" in ann.seats_html.value
    ann.start.click()
    for page in (ann, bob, cy):
        page.refresh()
        mine = page.snap.to_act == page.seat.seat
        turn = f'data-sn-turn="{page.snap.code}-{page.snap.seq}"' if mine else 'data-sn-turn=""'
        assert turn in page.seats_html.value and "Your turn — Sheriff of Nottingham" in page.seats_html.value
        assert page.sound.layout.display == ""
    assert watcher.sound.layout.display == "none"


# -- after the game -------------------------------------------------------------------------------------
@pytest.mark.slow  # a whole game or a database outage: the full run has it, the fast loop not
def test_after_the_game_a_rematch_every_page_follows(tables):
    ann, bob, cy = _open(tables, players=4, bots=(3,))
    watcher = TablePage(tables, binder=False)
    watcher.code.value = ann.host.code
    watcher.spectate.click()
    ann.start.click()
    old = ann.host.code
    play_out(tables, old, {p.seat.seat: p.seat for p in (ann, bob, cy)}, random.Random(3))
    for page in (ann, bob, cy, watcher):
        page.refresh()
        assert page.snap.over
    assert ann.hand_over.children == () and ann.host_seats.people.children == ()  # no coach boxes after the game
    assert ann.rematch.layout.display == ""
    late = TablePage(tables, binder=False)
    late.code.value, late.name.value = old, "Dee"
    late.join.click()
    assert "This game is over" in late.join_msg.value
    ann.rematch.click()
    for page in (bob, cy, watcher):
        page.refresh()
    codes = {page.snap.code for page in (ann, bob, cy, watcher)}
    assert len(codes) == 1 and old not in codes
    for page in (ann, bob, cy):
        assert page.snap.started and not page.snap.over and page.snap.seq == 0
        assert page.seat.code != old and page.seat.seat_key in page.seat_key.value
        assert (
            f"&#34;code&#34;: &#34;{page.seat.code}&#34;" in page.seat_key.value
        )  # this device remembers the new table
    assert [p.seat.seat for p in (ann, bob, cy)] == [0, 1, 2] and ann.snap.names[:3] == ("Ann", "Bob", "Cy")
    assert ann.host is not None and ann.host_box.layout.display == "flex" and bob.host is None
    assert ann.replay.value == "" and ann.rematch.layout.display == "none"
    assert "Final scores" not in widget_text(ann.play.root)


@pytest.mark.slow  # 80 moves read on three pages (8 s): the full run keeps it, the fast loop leaves it
def test_names_people_typed_stay_as_typed_in_ukrainian(tables):
    with i18n.language("uk"):
        ann, bob, _cy = _open(tables)
        ann.start.click()
        ann.refresh()
        text = widget_text(ann)
        assert "Ann" in text and "Ганна" not in text
        rng = random.Random(4)
        seats = {p.seat.seat: p.seat for p in (ann, bob, _cy)}
        for _ in range(80):  # the story's sentences put each name through gettext: a typed one stays
            tables.tick(ann.seat.code)  # the coach's seat moves
            snap = ann.seat.snapshot()
            seats[snap.to_act].play(rng.choice(seats[snap.to_act].snapshot().legal), seq=snap.seq)
            for page in (ann, bob, _cy):
                page.refresh()
                assert not {"Ганна", "Богдан"} & set(re.findall(r"\w+", widget_text(page)))  # Ann, Bob in uk


def test_a_bad_code_is_said_in_table_words(tables):
    page = TablePage(tables, binder=False)
    page.code.value, page.name.value = "K7", "Dee"
    page.join.click()
    assert "table code" in page.join_msg.value and "board" not in page.join_msg.value
