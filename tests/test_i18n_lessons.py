"""Lessons 1-5 in Ukrainian: the lesson kit, cards and tables, the setup view, the Market and
round labs and the example stepper speak Ukrainian, and no English sentence is left in what
they draw themselves.

Text other catalogs supply (the engine's narration and refusals, rule boxes, the examples'
titles and players' names) is cut out before the check, so this file tests the lessons'
own words whatever the state of the other catalogs; English stays as it was."""

from __future__ import annotations

import re

import pytest

from sheriff import i18n
from sheriff.i18n import _
from sheriff.scenario import get_scenario
from sheriff.widgets import kit, lesson, render
from sheriff.widgets.lesson import plain
from tests.course_pages import catalog_notebooks

# Three or more Latin-letter words in a row: an English phrase left untranslated.
LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z'’-]*(?:[\s,;:]+[A-Za-z][A-Za-z'’-]*){2,}")
# A 1st-edition citation keeps the English rulebook's section names (there is no Ukrainian 1E).
CITE_1E = re.compile(r"1E · [^.;)*]*")
# Parts drawn from other catalogs: narration and changes (<li>), rule boxes, refusals, notes.
FOREIGN_HTML = re.compile(
    r'<li[ >].*?</li>|<div class="sn-say">.*?</div>|<div class="sn-refusal".*?</div>'
    r'|<div class="sn-interp">.*?</div>|<span class="sn-cite">.*?</span>',
    re.S,
)


def english_runs(html: str, foreign=()) -> list[str]:
    """Runs of 3+ Latin words in ``html``'s visible text, after taking out other catalogs' parts
    and the strings in ``foreign`` (names, titles, the examples' sentences)."""
    text = plain(FOREIGN_HTML.sub(" ", html))
    for s in sorted((f for f in foreign if f), key=len, reverse=True):
        text = text.replace(s, " ")
    return LATIN_RUN.findall(CITE_1E.sub(" ", text))


GOODS_NAMES: list[str] = []  # the goods' names (the rules catalog's), filled in the page's language


def scenario_words(*ids) -> list[str]:
    """What the examples' data supply: names, titles, sources and each step's sentence."""
    out = []
    for sid in ids:
        sc = get_scenario(sid)
        g = sc.game()
        out += [_(n) for n in g.names] + [_(sc.title), _(sc.source)]
        out += [_(st.say) for st in sc.steps if getattr(st, "say", None)]
    return out + GOODS_NAMES


def widget_html(w) -> str:
    """Every HTML value and control label inside a widget tree (the whole page as built)."""
    import ipywidgets as widgets

    out = []

    def walk(x):
        if isinstance(x, widgets.HTML):
            out.append(x.value)
        if isinstance(x, (widgets.Button, widgets.ToggleButton, widgets.Checkbox)):
            out.append(f"<p>{x.description}</p>")
        if isinstance(x, (widgets.ToggleButtons, widgets.Dropdown)):
            out.extend(f"<p>{label}</p>" for label in x._options_labels)
        for c in getattr(x, "children", ()):
            walk(c)

    walk(w)
    return "\n".join(v for v in out if "<style>" not in v)


@pytest.fixture
def uk():
    from sheriff.cards import N_GOODS
    from sheriff.wording import goods_kind

    with i18n.language("uk"):
        GOODS_NAMES[:] = [goods_kind(g) for g in range(N_GOODS)]
        yield


def test_the_leftover_check_catches_english_and_spares_names_and_citations():
    assert english_runs("<p>The engine refuses the move</p>")
    assert not english_runs("<p>Рушій відхиляє хід (1E · Load Merchant Bag; 2E · Крок 2)</p>")
    assert not english_runs("<p>Гілберт: Gilbert the Whitehand</p>", ["Gilbert the Whitehand"])


def test_sections_are_paced_in_ukrainian(uk):
    s = kit.Sections(
        [
            (_("Watch: three bags"), "", lesson.html("x")),
            (_("Try it"), "", lesson.html("y")),
            (
                _("Practice"),
                _("Each question is a fresh position; the engine plays it out and checks your answer."),
                lesson.html("z"),
            ),
        ]
    )
    assert "Частина 1 з 3" in s.title.value and "Подивіться: три мішки" in s.title.value
    assert s.back.description == "◀ Назад" and s.next.description == "Далі: Спробуйте ▶"
    s.show(2)
    assert s.next.description == "Остання частина" and "Вправи" in s.title.value
    assert not english_runs(widget_html(s))


def test_cards_and_edition_switch_speak_ukrainian(uk):
    html = render.cards(kit.goods(apples=2, silk=1)) + render.cards([0] * len(kit.goods()), face_down=2)
    assert "ДОЗВОЛЕНО" in html and "КОНТРАБАНДА" in html and "ціна 2" in html and "штраф 4" in html
    assert "картка долілиць" in html and "ціна 2, штраф 2" in html
    assert kit.edition_toggle()._options_labels == ("1-ше видання", "2-ге видання")
    picker = kit.CardPicker(kit.goods(pepper=1))
    assert picker.buttons[0][1].description.endswith("· контрабанда")
    assert "клацніть, щоб вибрати" in picker.buttons[0][1].tooltip
    royal = kit.CardPicker(kit.goods(royal_rooster=1)).buttons[0][1]
    assert royal.description.endswith("· королівський") and "sn-pick-long" in royal._dom_classes
    assert "sn-tag-long" in render.card(kit.goods(royal_rooster=1).index(1))  # КОРОЛІВСЬКИЙ, letters closer


def test_setup_view_in_ukrainian(uk):
    from sheriff.widgets.course.setup_view import SetupView, goods_gallery

    v = SetupView()
    html = widget_html(v)
    assert "204 картки в колоді для 4 гравців." in plain(
        html
    )  # 2-4: the "few" form and "Монети в коробці (2E)" in html
    assert "2E · Склад гри" in html and "Перемішати й роздати знову" in html
    assert "Перемішування №1: кожному по 6 карток і 50 золотих" in html and "Гра триває 8 раундів." in html
    assert "4 гравці" in v.players._options_labels and "5 гравців" in v.players._options_labels
    names = [_(n) for n in v.setup_names] if hasattr(v, "setup_names") else []
    assert not english_runs(html, names + GOODS_NAMES), english_runs(html, names + GOODS_NAMES)
    v.edition.value, v.players.value = "1E", 6
    assert "1-ше видання розраховане на 3–5 гравців" in v.setup.value
    assert "Дозволені товари" in goods_gallery().value


LABS = [
    ("market", "1E", "1e-little-john-market", "Зіграйте хід Крихітки Джона в Торгівлі"),
    ("market", "2E", "2e-little-john-market", "Клацніть картки, які Крихітка Джон відкладає"),
    ("load", "1E", "1e-alan-a-dale-load", "Мішок закрито: 5 карток."),
    ("declare", "2E", "2e-will-scarlet-declare", "Рушій приймає оголошення"),
    ("inspect", "1E", "1e-gilbert-liar", "Брехню викрито:"),
    ("deal", "2E", "2e-will-scarlet-binding-deal", "Чи зобов’язаний шериф?"),
    ("debt", "1E", "1e-gilbert-liar", "Бракує золота"),
]


@pytest.mark.parametrize("kind, edition, sid, expected", LABS)
def test_labs_in_ukrainian(uk, kind, edition, sid, expected):
    from sheriff.widgets.labs.market_lab import MarketLab
    from sheriff.widgets.labs.round_lab import DealLab, DebtLab, DeclareLab, InspectionLab, LoadLab

    lab = {
        "market": MarketLab,
        "load": LoadLab,
        "declare": DeclareLab,
        "inspect": InspectionLab,
        "deal": DealLab,
        "debt": DebtLab,
    }[kind](edition)
    html = widget_html(lab)
    assert expected in html
    assert "Спробуйте" in html and ("золото:" in html or "на руці" in html)
    assert not english_runs(html, scenario_words(sid)), english_runs(html, scenario_words(sid))


def test_inspection_lab_headlines_and_choices(uk):
    from sheriff.widgets.labs.round_lab import InspectionLab

    lab = InspectionLab("1E")
    assert lab.decision._options_labels == ("Відкрити мішок", "Пропустити", "Взяти хабар")
    lab.decision.value = "pass"
    assert "Мішок пропущено без огляду: 2 картки горілиць, 2 долілиць." in lab.result.value
    lab.decision.value = "bribe"
    assert "Угода! Мішок пропущено без огляду" in lab.result.value
    lab.decision.value = "open"
    assert "Брехню викрито: " in lab.result.value and "платить шерифові 10 золотих." in lab.result.value
    assert not english_runs(widget_html(lab), scenario_words("1e-gilbert-liar"))


def test_example_stepper_in_ukrainian(uk):
    from sheriff.widgets.examples import EditionExamples
    from sheriff.widgets.labs.market_lab import SideBySide

    ex = EditionExamples(
        [
            (_("Gilbert lied"), "1e-gilbert-liar", "2e-gilbert-liar"),
            (_("Maid Marion passes"), "1e-maid-marion-pass", None),
        ]
    )
    v = ex.view
    assert "Початок · етапів:" in v.counter.value and "Ситуація." in v.step.value
    assert (v.back_button.description, v.next_button.description) == ("◀ Назад", "Далі ▶")
    assert "Джерело:" in v.head.value
    v.go(len(v.replay))
    assert re.search(r"Етап \d+ з \d+", v.counter.value) and "рушій згоден" in v.checks.value
    words = scenario_words("1e-gilbert-liar", "2e-gilbert-liar", "1e-maid-marion-pass")
    assert not english_runs(widget_html(ex), words), english_runs(widget_html(ex), words)
    ex.show(label=_("Maid Marion passes"), edition="2E")
    assert "Цей приклад є лише в правилах 1-го видання." in widget_html(ex)
    side = SideBySide()
    assert "1-ше видання:" in side.left.head.value and "обидва видання поруч" in widget_html(side)


def test_lesson_prose_is_ukrainian(uk):
    from sheriff.widgets.course.course_nav import prose_html

    for nb in catalog_notebooks("lessons"):
        html = prose_html(f"{nb}.ipynb")
        assert not english_runs(html), (nb, english_runs(html))
    assert "Торгівля" in prose_html("02_market.ipynb") and "2E · Крок 1. Торгівля" in prose_html("02_market.ipynb")


def test_english_is_unchanged():
    from sheriff.widgets.labs.round_lab import InspectionLab, LoadLab

    assert "Bag closed: 5 cards." in LoadLab("1E").result.value
    assert "Caught lying: " in InspectionLab("1E").result.value
    s = kit.Sections([("A", "", lesson.html("x")), ("B", "", lesson.html("y"))])
    assert "Part 1 of 2" in s.title.value and s.next.description == "Next: B ▶"
    assert "value 2" in render.cards(kit.goods(apples=1)) and "LEGAL" in render.cards(kit.goods(apples=1))
    assert "sn-tag-long" not in render.cards([1] * len(kit.goods()))  # English letters as spaced as before
    assert "sn-pick-long" not in kit.CardPicker(kit.goods(pumpernickel_bread=1)).buttons[0][1]._dom_classes
