"""Class mode's words for a lie (issue 32): a bag of one legal good declared as another holds no
contraband, so the duel's result and the class statistics speak of a false declaration, in English
and in Ukrainian (2E, Phase 3 Declaration: a merchant may lie about the kind of goods; contraband is
the four illegal goods, 2E, The Goods Cards)."""

import functools
import html

import pytest

from sheriff import i18n
from sheriff.cards import IS_LEGAL
from sheriff.classroom import Classroom, Store
from sheriff.widgets.classroom.student import ClassStudent
from sheriff.widgets.classroom.teacher import ClassTeacher
from sheriff.widgets.lesson import plain
from sheriff.widgets.play.app import widget_text
from tests.test_class_pages import NAMES, press


@pytest.fixture
def classroom(tmp_path):
    c = Classroom(Store(f"sqlite:///{tmp_path / 'class.sqlite'}"))
    # a fixed deal: with a random one a merchant's hand may hold no legal good to declare falsely
    c.create_room = functools.partial(c.create_room, seed=7)
    return c


def _duel_of_legal_lies(classroom):
    """Every merchant loads one legal card and declares another legal good; every Sheriff opens."""
    teacher = ClassTeacher(classroom, binder=False)
    teacher.create.click()
    students = []
    for name in NAMES:
        s = ClassStudent(classroom, binder=False)
        s.code.value, s.nickname.value = teacher.room.code.lower(), name
        s.join.click()
        students.append(s)
    teacher.next_game.value = "duel"
    teacher.start_round.click()
    for s in students:
        s.refresh()
    for s in [s for s in students if s.view.role == "merchant"]:
        turn = s.view.turn
        good = next(g for g in turn["hand"] if IS_LEGAL[g])
        s.duel_picker.pick(good, 1)
        s.duel_declare.value = next(g for g in turn["legal"] if g != good)
        press(s.choice, "sn-declare-go")
    for s in [s for s in students if s.view.role == "sheriff"]:
        s.refresh()
        press(s.choice, "sn-inspect")
    teacher.end_round.click()
    teacher.reveal.click()
    for s in students:
        s.refresh()
    return teacher, students


@pytest.mark.parametrize(
    "lang, lie, header, banned",
    [
        ("en", "The bag was not as declared.", "false declarations", "smuggl"),
        ("uk", "Вміст мішка не відповідав оголошенню.", "неправдиві оголошення", "контрабанд"),
    ],
)
def test_a_legal_good_declared_as_another_is_a_false_declaration_not_contraband(classroom, lang, lie, header, banned):
    with i18n.language(lang):
        teacher, students = _duel_of_legal_lies(classroom)
        sheriff = next(s for s in students if s.view.role == "sheriff")
        merchant = next(s for s in students if s.view.role == "merchant")
        assert lie in plain(sheriff.result.value)
        texts = [plain(sheriff.result.value), plain(merchant.result.value), plain(teacher.table.value)]
        texts.append(plain(merchant.classview.value))
        assert header in plain(teacher.table.value) and header in plain(merchant.classview.value)
        assert not any(banned in t.lower() for t in texts), texts


def _duel_merchant(classroom, edition="2E"):
    teacher = ClassTeacher(classroom, binder=False)
    teacher.create.click()
    students = []
    for name in NAMES[:2]:
        s = ClassStudent(classroom, binder=False)
        s.code.value, s.nickname.value = teacher.room.code.lower(), name
        s.join.click()
        students.append(s)
    teacher.next_game.value = "duel"
    teacher.edition.value = edition
    teacher.start_round.click()
    for s in students:
        s.refresh()
    return next(s for s in students if s.view.role == "merchant")


def test_the_duel_says_what_it_simplifies_and_its_1st_edition_reading(classroom):
    """2E, Phase 4 Inspection: goods from the bag may be offered (and the merchant names them); the duel
    shows only how many.  1E, Inspection: the merchant bribes once the Sheriff threatens the bag; the
    duel's earlier offer is the tutor's reading."""
    text = html.unescape(widget_text(_duel_merchant(classroom, "1E").choice))
    assert "only how many, not which: a simplification of the game" in text
    assert "is the tutor's reading" in text


def test_a_duel_refusal_links_its_rule_as_the_play_page_does(classroom):
    """2E, Phase 2 Load Merchant Bag: an empty bag is refused; the page shows the engine's sentence and
    the rule's citation as a link to the reference page, never the raw rule id."""
    merchant = _duel_merchant(classroom)
    press(merchant.choice, "sn-declare-go")  # nothing loaded
    msg = merchant.msg.value
    assert 'class="sn-rule-link"' in msg and "40_reference.ipynb#rule-load." in msg
    assert "(rule " not in msg and "Not allowed:" in msg and "at least one card" in plain(msg)


# each game's own words for its two shares, as (a table's column, the chart's line, the equilibrium's)
_DECLARED = ["false declarations", "merchants who declared falsely", "equilibrium: false declarations"]
_DECLARED_UK = ["неправдиві оголошення", "торговці з неправдивим оголошенням", "рівновага: неправдиві оголошення"]
_LOADED = ["loaded illegal items", "merchants who loaded illegal items", "equilibrium: loaded illegal items"]
_LOADED_UK = [
    "поклали заборонені предмети",
    "торговці, що клали заборонені предмети",
    "рівновага: мішки із забороненими предметами",
]
_INSPECTED = ["inspected", "Sheriffs who inspected", "equilibrium: inspect"]
_INSPECTED_UK = ["оглядали", "шерифи, що оглядали", "рівновага: огляд"]
_NEVER_LOADED = ["declared falsely", "false declaration", "неправдив"]  # a bargain bag declares nothing


@pytest.mark.parametrize(
    "game, lang, said, never",
    [
        ("bargain", "en", [_LOADED, _INSPECTED], _NEVER_LOADED),
        ("bargain", "uk", [_LOADED_UK, _INSPECTED_UK], _NEVER_LOADED),
        ("inspection", "en", [_DECLARED, _INSPECTED], ["loaded"]),
        ("inspection", "uk", [_DECLARED_UK, _INSPECTED_UK], ["заборонені предмети"]),
        ("duel", "en", [_DECLARED, _INSPECTED], ["loaded"]),
        ("duel", "uk", [_DECLARED_UK, _INSPECTED_UK], ["заборонені предмети"]),
    ],
)
def test_each_games_results_say_its_own_words(classroom, game, lang, said, never):
    """The teacher's table, the chart in words and a student's table name a game's two shares in that
    game's words: bribe bargaining's merchant loads items (no declaration), the others declare."""
    with i18n.language(lang):
        teacher = ClassTeacher(classroom, binder=False)
        teacher.create.click()
        student = ClassStudent(classroom, binder=False)
        student.code.value, student.nickname.value = teacher.room.code.lower(), NAMES[0]
        student.join.click()
        teacher.next_game.value = game
        teacher.start_round.click()
        teacher.end_round.click()  # the coach chooses for both: the round has its result
        teacher.reveal.click()
        teacher.refresh()
        student.refresh()
        texts = {
            "table": plain(teacher.table.value),
            "chart": teacher.plot.alt,
            "student": plain(student.classview.value),
        }
    for column, line, equilibrium in said:
        assert column in texts["table"] and column in texts["student"], (column, texts)
        assert equilibrium in texts["table"] and equilibrium in texts["student"], (equilibrium, texts)
        # the chart: each share's line, and its equilibrium's where the theory predicts one (not the duel)
        assert line in texts["chart"] and (game == "duel") != (equilibrium in texts["chart"]), (line, texts)
    assert not any(w in t.lower() for w in never for t in texts.values()), texts


def test_a_class_that_plays_two_games_reads_each_rounds_own_words(classroom):
    """A round of the inspection game, then one of bribe bargaining: the results show a table per game
    (named after it), each headed with its own words, and the chart in words says each round's own."""
    teacher = ClassTeacher(classroom, binder=False)
    teacher.create.click()
    student = ClassStudent(classroom, binder=False)
    student.code.value, student.nickname.value = teacher.room.code.lower(), NAMES[0]
    student.join.click()
    for game in ("inspection", "bargain"):
        teacher.next_game.value = game
        teacher.start_round.click()
        teacher.end_round.click()
        teacher.reveal.click()
    teacher.refresh()
    student.refresh()
    for page in (teacher.table.value, student.classview.value):
        inspection, bargain = page.split("<caption>")[1:]
        assert inspection.startswith("Inspection game") and "false declarations" in inspection
        assert bargain.startswith("Bribe bargaining") and "loaded illegal items" in bargain
        assert "false declaration" not in bargain and "loaded" not in inspection
    # the teacher's tables name each game once, in the caption: their rows tell the settings alone
    inspection, bargain = teacher.table.value.split("<caption>")[1:]
    assert inspection.count("Inspection game") == 1 and bargain.count("Bribe bargaining") == 1
    assert "fine ×1, honest bag paid ×1" in inspection and "item 1, fine 2" in bargain and "<th" in inspection
    assert ">game<" not in teacher.table.value and ">settings<" in teacher.table.value
    first, second = teacher.plot.alt.split("Round 2:")
    assert "merchants who declared falsely" in first and "loaded" not in first
    assert "merchants who loaded illegal items" in second and "declared falsely" not in second
