"""The course in Ukrainian: the course map, a lesson's header and footer, the glossary (its
entries, its word forms linked in Ukrainian text, its search) and the guided first game, with
every link between pages keeping ``?lang=uk``; English unchanged."""

import json
import re
from pathlib import Path

import pytest

from sheriff import glossary as G
from sheriff import i18n

HREFS = re.compile(r'href="([^"]*)"')


def _text(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _page_links(html: str) -> list[str]:
    return [h for h in HREFS.findall(html) if ".ipynb" in h]


@pytest.fixture
def uk():
    with i18n.language("uk"):
        yield


def test_course_map_in_ukrainian_links_keep_the_language(uk):
    from sheriff.widgets.course.course_nav import _store_js, course_html

    html = course_html()
    text = _text(html)
    assert "Курс по черзі" in text and "Ваша перша гра з підказками" in text and "Гра за дві хвилини" in text
    assert "Словник і довідник правил" in text
    assert "The course, in order" not in text and "Reference" not in text
    links = _page_links(html)
    assert len(links) >= 18 and all("?lang=uk" in h for h in links)
    # the progress script writes its words in the page's language
    js = _store_js()
    assert "Позначити пройденим" in js and "\u2713 Пройдено" in js and "Mark done" not in js


def test_lesson_header_and_footer_in_ukrainian(uk):
    from sheriff.widgets.course.course_nav import footer_html, header_html

    head = header_html("00_overview.ipynb")
    text = _text(head)
    assert "Що ви дізнаєтеся:" in text and "усі уроки" in text and "словник і правила" in text
    assert "Гра за дві хвилини" in text and "What you will learn" not in text
    assert 'href="00_home.ipynb?lang=uk"' in head and 'href="40_reference.ipynb?lang=uk"' in head
    assert 'href="00_overview.ipynb"' in head  # the switcher's way back to English
    foot = footer_html("00_overview.ipynb")
    assert "Підсумок." in _text(foot) and "Позначити пройденим" in foot
    assert "Далі: Компоненти і підготовка" in _text(foot)
    assert 'href="01_components_and_setup.ipynb?lang=uk"' in foot
    assert all("?lang=uk" in h for h in _page_links(foot))
    # each glossary word is linked once across the opening text and "what you will learn"
    ids = re.findall(r"#term-([a-z-]+)", head)
    assert ids and len(ids) == len(set(ids))


def test_home_page_lets_the_learner_pick_the_language_and_links_keep_it(uk, monkeypatch):
    from sheriff.widgets import language
    from sheriff.widgets.course import course_nav, home

    monkeypatch.setattr(language, "_started", True)  # the language is set: no address to read here

    out = course_nav.prose("00_home.ipynb").data
    assert "sn-lang-choice" in out and "Language · Мова" in out
    assert out.index("sn-lang-choice") < out.index("Шериф Ноттінгема")  # the choice comes first
    assert 'href="00_home.ipynb"' in out  # English, without ?lang
    assert 'href="00_overview.ipynb?lang=uk"' in out and 'href="40_reference.ipynb?lang=uk"' in out
    ref = home.reference_html()
    assert "довіднику правил і словнику" in ref and 'href="40_reference.ipynb?lang=uk"' in ref
    assert all("?lang=uk" in h for h in _page_links(course_nav.course_html()))


def test_a_glossary_entry_and_its_word_forms_in_ukrainian(uk):
    from sheriff.widgets.course.reference import RuleReference, glossary_html
    from sheriff.widgets.glossary_links import with_glossary

    bribe = next(t for t in G.terms() if t.id == "bribe")
    assert bribe.name() == "Хабар" and "пропонує шерифові" in bribe.meaning()
    assert "хабара" in bribe.spellings()
    assert "2E · Крок 4. Огляд" in bribe.citation()
    gloss = glossary_html()
    assert 'id="term-bribe"' in gloss and "<b>Хабар</b>" in gloss and "What a merchant offers" not in gloss
    # declined forms in Ukrainian text are linked, each word once, and the links keep ?lang
    out = with_glossary("Шерифові запропонували хабара, але шериф відкрив мішок торговця.")
    assert 'href="40_reference.ipynb?lang=uk#term-bribe"' in out and ">хабара</a>" in out
    assert ">мішок торговця</a>" in out and out.count("#term-sheriff") == 1
    assert re.sub(r"<[^>]+>", "", out) == "Шерифові запропонували хабара, але шериф відкрив мішок торговця."
    # searching in Ukrainian finds Ukrainian text
    ref = RuleReference()
    ref.query.value = "хабар"
    assert ref.counts[0] >= 1 and "У словнику" in ref.results.value
    assert "Хабар" in ref.results.value


def test_the_guided_games_steps_in_ukrainian(uk):
    from sheriff.guided import Guide
    from sheriff.widgets.play.guided import GuidedGame

    w = GuidedGame()
    text = _text(w.text)
    assert "Ваша перша гра з підказками" in text and "Етап 1 з 11" in text
    assert "Раунд 1 · Торгівля" in text and "Чому:" in text and "Алан з Лощини" in text
    assert "Click your Bread" not in text and "Your first game" not in text
    g = Guide()
    r = g.play(g.step.action())
    assert r.kind == "done"
    assert g.step.title == "Round 1 · loading your bag"  # the script itself stays data
    other = next(a for a in g.step.alternatives)
    from sheriff.record import action_from_json

    r = g.play(action_from_json(other.move, "move"))
    assert r.kind == "other" and r.lines[0].startswith("Ваш вибір: ")
    assert any("чесний мішок" in x for x in r.lines)
    while not g.finished():
        g.play(g.step.action())
    lines, _ = g.score_lines()
    assert lines[1].name == "Діва Меріан" and lines[1].parts[1] == ("Золото", 54)
    assert g.winner_text() == "Діва Меріан: перемога за очками, якби гра закінчилася зараз."


def test_glossary_word_forms_messages_are_the_terms_forms_in_english():
    raw = json.loads((Path(G.__file__).parent / "data/glossary.json").read_text("utf-8"))
    for t in raw["terms"]:
        assert G.word_forms(t["id"]) == "|".join(t["forms"]), t["id"]
    assert all(t.spellings() == t.forms for t in G.terms())


def test_english_stays_as_it_was():
    from sheriff.widgets.course.course_nav import course_html, footer_html, header_html

    foot = footer_html("00_overview.ipynb")
    assert "Next: Components and setup" in foot and 'href="01_components_and_setup.ipynb"' in foot
    html = foot + header_html("00_overview.ipynb") + course_html()
    assert [h for h in _page_links(html) if "?lang" in h] == ["00_overview.ipynb?lang=uk"]  # the switcher
    assert "What you will learn:" in header_html("00_overview.ipynb")
