"""Practice and the coach in Ukrainian (issue 15): every kind of practice question asked, answered
right and wrong, and marked in Ukrainian, through ``sheriff.practice`` (the API the practice widget
calls) and once through ``PracticeView`` itself; the coach's advice and warnings in Ukrainian; and
the same texts in English exactly as before.

"Ukrainian" here means: Cyrillic letters, and no leftover English sentence, which ``english_left``
finds as a run of three or more Latin-letter words in a row (players' and goods' names are at most
two words, so they do not count as a sentence).

The explanation in the feedback is the engine's own account of what happened: the story and the
rules catalogs (narration, refusals) and the names of the examples catalog.  Its check is marked
``xfail`` while one of those catalogs still has untranslated messages, and is strict once they are
all translated, as they are on ``main`` after the merge.
"""

from __future__ import annotations

import html
import random
import re

import pytest

from sheriff import i18n
from sheriff.coach import advise, warnings
from sheriff.engine import Game
from sheriff.practice import KINDS, MERCHANT_PAYS, SHERIFF_PAYS, Question, check, generate
from sheriff.practice.question import sentence_case
from sheriff.rules import Rules
from sheriff.widgets.course.practice import CHOOSE, PracticeView
from sheriff.widgets.play.coach_view import advice_html, warnings_html

LATIN_WORD = r"(?<![\w'’-])[A-Za-z][A-Za-z'’-]*"
LATIN_RUN = re.compile(LATIN_WORD + r"(?: +" + LATIN_WORD[len(r"(?<![\w'’-])") :] + r"){2,}")
CYRILLIC = re.compile(r"[А-Яа-яІіЇїЄєҐґ]")
TAG = re.compile(r"<[^>]+>")
SEEDS = range(12)
LOWER_START = re.compile(r"(^|[.!?]\s+)[а-яіїєґ]")  # a sentence that starts in lower case


def english_left(text: str) -> list[str]:
    """Runs of three or more Latin-letter words in a row within one piece of text between tags:
    English left behind."""
    return LATIN_RUN.findall(html.unescape(TAG.sub("|", text)))


def assert_ukrainian(text: str, what: str) -> None:
    assert CYRILLIC.search(text), f"{what}: no Ukrainian in {text!r}"
    assert not english_left(text), f"{what}: English left {english_left(text)} in {text!r}"


def test_the_checker_finds_english_sentences_and_spares_names():
    assert english_left("Maid Marion pays the Sheriff 8 gold")
    assert english_left("<b>Not quite.</b> The answer is 4")
    assert not english_left("Maid Marion: що в мішку («3 Golden Apples», 1E)")
    assert not english_left("стоси: Pepper, Mead, Silk")


def test_sentences_start_with_a_capital_even_after_a_lower_case_name():
    assert (
        sentence_case("Діва Меріан оголошує «2 яблука». Діва Меріан: що в мішку")
        == "Діва Меріан оголошує «2 яблука». Діва Меріан: що в мішку"
    )
    assert (
        sentence_case("1. Діва Меріан пропонує: 5 золотих. (Діва Меріан чекає.)")
        == "1. Діва Меріан пропонує: 5 золотих. (Діва Меріан чекає.)"
    )
    assert sentence_case('Maid Marion declared "2 Apples". Who pays?') == 'Maid Marion declared "2 Apples". Who pays?'


def wrong_answers(q: Question) -> dict:
    """Every field answered wrongly: another choice (or none chosen), another number."""
    out: dict = {}
    for f in q.fields:
        want = q.answer[f.name]
        if f.kind == "choice":
            out[f.name] = next((o for o in f.options if o != want and o not in f.accept), i18n._(CHOOSE))
        else:
            out[f.name] = want + 1 if want < f.hi else want - 1
    return out


def questions(kind: str):
    for seed in SEEDS:
        yield generate(kind, seed)


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_practice_question_asks_and_marks_in_ukrainian(kind):
    """The question, its choices and labels, and the marks, in Ukrainian; right answers are right
    and wrong ones wrong, field by field, in Ukrainian as in English."""
    with i18n.language("uk"):
        for q in questions(kind):
            where = f"{kind} seed {q.seed}"
            assert_ukrainian(q.title, f"{where} title")
            assert_ukrainian(q.prompt, f"{where} question")
            assert not LOWER_START.search(q.prompt + " " + q.explanation), (where, q.prompt)
            for sc in q.scene:
                assert not english_left(sc.caption + " " + sc.note), (where, sc)
            for f in q.fields:
                assert not english_left(f.label), (where, f.label)
                for o in f.options:
                    assert not english_left(o), (where, o)
                # players' and goods' names, lists of goods ("1 Cheese, 2 Bread"): the other catalogs' words
                mine = [o for o in f.options if o not in _names_and_goods(q) and not o[:1].isdigit()]
                for o in mine:
                    assert CYRILLIC.search(o), (where, o)
                if f.kind == "choice":
                    assert q.answer[f.name] in f.options, (where, f.name)
            right = check(q, dict(q.answer))
            assert right.correct and all(right.fields.values()), where
            wrong = check(q, wrong_answers(q))
            assert not wrong.correct and not any(wrong.fields.values()), where


def _names_and_goods(q: Question) -> set[str]:
    """Choices that are data, not sentences: players' names and goods' names."""
    from sheriff.cards import GOODS
    from sheriff.practice.tables import seat_names
    from sheriff.wording import goods_kind

    return set(seat_names(6)) | {goods_kind(g) for g in range(len(GOODS))}


@pytest.mark.parametrize("kind", list(KINDS))
def test_feedback_explains_in_ukrainian(kind):
    """The feedback's account of what the engine did, in Ukrainian for every kind of question."""
    with i18n.language("uk"):
        for q in questions(kind):
            assert_ukrainian(q.prompt, f"{kind} seed {q.seed} question")
            for answers in (dict(q.answer), wrong_answers(q)):
                fb = check(q, answers)
                assert_ukrainian(fb.explanation, f"{kind} seed {q.seed} feedback")
                for value in fb.answer.values():
                    assert not english_left(str(value)), (kind, q.seed, value)
            for f in q.fields:
                for o in f.options:
                    assert CYRILLIC.search(o), (kind, q.seed, o)


def _practice_page(kinds, seed: int) -> PracticeView:
    return PracticeView(kinds, seed=seed, edition="2E")


def test_practice_widget_in_ukrainian_right_and_wrong():
    """The practice widget as a learner uses it: a question drawn, answered right, then wrong."""
    with i18n.language("uk"):
        view = _practice_page(list(KINDS), seed=3)
        assert view.new_button.description == "Нове запитання"
        assert view.check_button.description == "Перевірити відповідь"
        assert view.edition_pick.description == "Правила:"
        assert [label for label, _ in view.edition_pick.options] == ["будь-яке видання", "1-ше видання", "2-ге видання"]
        seen = set()
        for _ in range(2 * len(KINDS)):
            view.new_question()
            q = view.question
            seen.add(q.kind)
            assert "(правила 2-го видання)" in view.question_html.value
            assert_ukrainian(view.question_html.value, f"{q.kind} page")
            for name, box in view.inputs.items():
                if q.field(name).kind == "choice":
                    assert box.options[0] == "— виберіть —"
            view.set_answers(**q.answer)
            fb = view.check()
            assert fb.correct and "Правильно!" in view.feedback.value
            assert "Що робить рушій:" in view.feedback.value
            assert view.feedback.value.count('<span class="sn-ok">✓</span>') == len(fb.fields)
            view.set_answers(**wrong_answers(q))
            fb = view.check()
            assert not fb.correct and "Не зовсім." in view.feedback.value
            assert "правильна відповідь: <b>" in view.feedback.value
        assert len(seen) >= len(KINDS) // 2


def test_practice_widget_feedback_has_no_english_left():
    with i18n.language("uk"):
        view = _practice_page(list(KINDS), seed=11)
        for _ in range(len(KINDS)):
            view.new_question()
            view.set_answers(**wrong_answers(view.question))
            view.check()
            assert_ukrainian(view.question_html.value, "page")
            assert_ukrainian(view.feedback.value, "feedback")


def test_edition_switch_notice_in_ukrainian():
    with i18n.language("uk"):
        view = PracticeView(["market"], seed=2, edition="2E")
        view.edition_pick.value = "1E"
        assert "за правилами 1-го видання" in view.question_html.value
        assert view.question.edition == "1E"


def _warned(view, moves) -> list:
    """(the coach's warnings, their page) for each of ``moves`` that draws any."""
    return [(ws, warnings_html(ws)) for ws in (warnings(view, move) for move in moves) if ws]


@pytest.fixture(scope="module")
def coach_in_ukrainian():
    """The coach's advice, and the warnings on up to twelve legal moves, at each decision of several
    games (the advice followed, some random moves between), all in Ukrainian: worked out once for the
    module's two checks (a few seconds), each read-only.  Each item: (advice, its page, [(warnings,
    their page)])."""
    seen = []
    with i18n.language("uk"):
        for rules in (Rules(players=4), Rules(edition="1E", players=3), Rules(players=6)):
            for seed in range(2):
                g = Game(rules, seed=seed)
                rng = random.Random(seed)
                for _ in range(120):
                    seat = g.to_act
                    if seat is None:
                        break
                    v = g.view(seat)
                    a = advise(v)
                    seen.append((a, advice_html(a), _warned(v, g.legal_actions(seat)[:12])))
                    g.push(a.move if rng.random() < 0.7 else rng.choice(g.legal_actions(seat)))
    return seen


def test_coach_advice_and_warnings_in_ukrainian(coach_in_ukrainian):
    for a, page, warned in coach_in_ukrainian:
        assert CYRILLIC.search(a.sentence), a.sentence
        assert "Порадник пропонує:" in page
        if a.model:
            assert "Модель порадника:" in page and "Це порада, а не правило" in a.model
        if a.lesson:
            assert "Теоретична лабораторія: огляд мішка" in page and "?lang=uk" in page
        for o in a.options:
            assert CYRILLIC.search(o.sentence), o.sentence
        for ws, ws_page in warned:
            assert "Перш ніж це робити:" in ws_page
            assert all(CYRILLIC.search(w.sentence) for w in ws)
    assert any(warned for *_, warned in coach_in_ukrainian)


def test_coach_advice_has_no_english_left(coach_in_ukrainian):
    for _, page, warned in coach_in_ukrainian:
        assert_ukrainian(page, "advice")
        for _, ws_page in warned:
            assert_ukrainian(ws_page, "warning")
    assert any(warned for *_, warned in coach_in_ukrainian), "no move drew a warning: the warnings went unchecked"


def test_coach_numbers_in_ukrainian_words():
    from sheriff.coach.inspector import worth_text
    from sheriff.coach.odds import fraction_text
    from sheriff.widgets.play.coach_view import numbers_table

    with i18n.language("uk"):
        assert worth_text(2.5) == "виграш близько 2,5 очка" and worth_text(-1.25) == "збиток близько 1,2 очка"
        assert fraction_text(0.4) == "приблизно 2 з 5" and fraction_text(0.01) == "менше ніж 1 з 20"
        table = numbers_table({"smuggle_chance": 0.4, "gain_open": 2.25, "collect": 1, "offered": 5})
        assert "Імовірність, що в мішку контрабанда" in table and "40%" in table and "2,2" in table
        assert "Запропоновано" in table and not english_left(table)
    assert worth_text(2.5) == "a gain of about 2.5 points"
    assert fraction_text(0.4) == "about 2 in 5"


def test_english_is_unchanged():
    """English stays the source text: the same words as before the catalogs, before and after a
    page spoke Ukrainian."""
    with i18n.language("uk"):
        generate("inspect", 3)
    assert i18n.get_language() == "en"
    q = generate("inspect", 3, "2E")
    assert q.title == "The Sheriff opens a bag"
    assert q.prompt.endswith("Who pays whom, how much, and how many of these cards end up on Maid Marion's stand?")
    assert [f.label for f in q.fields] == ["Who pays?", "How much gold?", "Cards onto Maid Marion's stand"]
    assert q.answer["payer"] in (SHERIFF_PAYS, MERCHANT_PAYS)
    assert check(q, dict(q.answer)).correct
    g = Game(seed=3)
    assert (
        advise(g.view(g.to_act)).sentence
        == "Let Maid Marion, on your left, start the Market: the order hardly matters to you."
    )
    view = PracticeView(["declare"], seed=1)
    assert (view.new_button.description, view.check_button.description) == ("New question", "Check my answer")
    view.set_answers(**view.question.answer)
    view.check()
    assert "<b>Right!</b>" in view.feedback.value and "What the engine does:" in view.feedback.value
