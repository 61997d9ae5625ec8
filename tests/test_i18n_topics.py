"""Lessons 6-11 in Ukrainian: the editions table, the myths, the score calculator, the King and
Queen lab, the whole-game and optional-rule labs, and the lessons' prose speak Ukrainian, with no
English sentence left over; the English pages stay as they were.

What other areas draw inside these widgets (rule boxes, the story of a move, refusals, the table,
the characters' names) belongs to their own catalogs and tests: here it is replaced by a marker,
so that a leftover English sentence found here is one of this area's own."""

from __future__ import annotations

import json
import re
from pathlib import Path

import ipywidgets as widgets
import pytest

from sheriff import i18n
from sheriff.rules import Rules
from sheriff.widgets import lesson
from sheriff.widgets.course import course_nav
from tests.course_pages import catalog_notebooks

ROOT = Path(__file__).resolve().parents[1]
LESSONS = catalog_notebooks("topics")
WORD = r"[A-Za-z][A-Za-z'’-]*"
ENGLISH_RUN = re.compile(rf"{WORD}(?:\s+{WORD}){{2,}}")  # three Latin-letter words in a row
CITATION_1E = re.compile(
    r"1E · .*?(?=2E ·|\)|$)"
)  # the 1st edition has no Ukrainian rulebook: its sections stay English


def _names() -> list[str]:
    """The characters' and players' names (the examples catalog translates them), longest first."""
    names = {"Player 1", "Player 2", "Player 3", "Player 4", "Player 5", "Player 6"}
    for path in (ROOT / "sheriff" / "data" / "examples").glob("*.json"):
        names.update(json.loads(path.read_text()).get("setup", {}).get("names", []))
    from sheriff.engine import Game

    names.update(Game(Rules(edition="2E", players=6), seed=1).names)
    return sorted(names, key=len, reverse=True)


def english_runs(text: str) -> list[str]:
    """Runs of three or more Latin-letter words: an English sentence (or part of one) left over."""
    text = CITATION_1E.sub(" ", text)
    for name in NAMES:
        text = text.replace(name, " ")
    return ENGLISH_RUN.findall(text)


NAMES = _names()


def texts(w) -> list[str]:
    """Everything a learner can read in a widget tree: HTML, labels, buttons, options, boxes."""
    out = []
    if isinstance(w, widgets.HTML):
        out.append(lesson.plain(w.value))
    elif isinstance(w, widgets.Text):
        out += [w.value, w.placeholder]
    if isinstance(w, (widgets.Dropdown, widgets.ToggleButtons)):
        out += [str(x) for x in w._options_labels]
    description = getattr(w, "description", "")
    if isinstance(description, str) and description:
        out.append(description)
    for c in getattr(w, "children", ()):
        out += texts(c)
    return [t for t in out if t]


@pytest.fixture
def others(monkeypatch):
    """Other areas' output replaced by markers (see the module's note)."""
    import sheriff.widgets.course.editions as editions
    import sheriff.widgets.course.myths as myths
    import sheriff.widgets.labs.game_lab as game_lab

    for name in ("rule_html", "refusal_html", "piles_html", "table_html"):
        monkeypatch.setattr(lesson, name, lambda *a, **k: "<div>[…]</div>")
    real = lesson.rules_refusal
    monkeypatch.setattr(
        lesson,
        "rules_refusal",
        lambda *a, **k: (lambda r: (r[0], None if r[1] is None else "<div>[…]</div>"))(real(*a, **k)),
    )
    monkeypatch.setattr(editions, "narrate", lambda *a, **k: ["[…]"])
    for module in (game_lab, myths):
        monkeypatch.setattr(module, "steps_html", lambda *a, **k: "<div>[…]</div>")
    monkeypatch.setattr(Rules, "describe", lambda self: "[…]")


def leftovers(parts: list[str]) -> list[str]:
    return [run for t in parts for run in english_runs(t)]


def test_the_checker_flags_english_but_not_names_citations_or_ukrainian():
    assert english_runs("Рушій: the engine fines 4 gold.") == ["the engine fines"]
    assert english_runs("Штраф (1E · If the Sheriff inspects your bag; 2E · Крок 4. Огляд)") == []
    assert english_runs("Девід: David of Doncaster, Maid Marion") == []
    assert english_runs("Промокартки Gambler's Risk, Royal Summons") == []


def test_editions_view_in_ukrainian(others):
    from sheriff.widgets.course.editions import ROWS, EditionsView

    with i18n.language("uk"):
        view = EditionsView()
        seen = texts(view)
        for i in range(1, len(ROWS)):
            view.pick.value = i
            seen += texts(view)
        view.pick.value = 9  # still tied after the tie-breakers
        headlines = view.headlines
    text = " ".join(seen)
    assert "Відмінності" in text and "1-ше видання" in text and "Наступна ▶" in text
    assert "Перемішування" in text and "Спільна перемога" in text
    assert headlines["2E"] == "Спільна перемога"
    assert not leftovers(seen)


def test_myths_in_ukrainian(others):
    from sheriff.widgets.course.myths import MythsView

    with i18n.language("uk"):
        view = MythsView()
        seen = texts(view)
        for _ in range(3):
            view.penalty.step()
            seen += texts(view)
        view.gold.gold.value = 10
        view.legal_only.other.value = view.legal_only.other.options[-1][1]
        seen += texts(view)
    text = " ".join(seen)
    assert "Міф:" in text and "Що кажуть правила:" in text and "Скупа Марія" in text
    assert re.search(r"рушій стягує штраф 4 золоті\.", text)
    assert re.search(r"Торговець платить шерифові 2 золоті\.", text)
    assert not leftovers(seen)


def test_score_calculator_breakdown_in_ukrainian(others):
    from sheriff.widgets.course.calculator import ScoreCalculator, presets

    with i18n.language("uk"):
        calc = ScoreCalculator(bench=True)
        seen = texts(calc)
        assert "Гравець 1" in calc.text and "Бонуси короля й королеви" in calc.text  # the one score sheet
        for label in presets():
            calc.load_preset(label)
            seen += texts(calc)
        calc.bm.value = True
        seen += texts(calc)
        calc.load_preset("Tie on points and legal goods: more contraband wins")
        breakdown = calc.text
    assert calc.preset_pick.value == "Tie on points and legal goods: more contraband wins"  # keys stay English
    assert (
        "Гравець Товари Золото Бонуси короля й королеви Разом бонусів Очки Дозволені картки Картки контрабанди"
        in breakdown
    )
    assert re.search(
        r"Нічия за очками \(Ганна, Богдан\); дозволених товарів теж порівну \(Ганна, Богдан\), "
        r"тож перемагає той, у кого більше контрабанди\.",
        breakdown,
    )
    assert "Ганна перемагає з результатом" in breakdown and "переможець" in breakdown
    assert not leftovers(seen)


def test_score_sheet_in_english_is_unchanged():
    from sheriff.widgets.course.calculator import ScoreCalculator

    calc = ScoreCalculator(preset="Tie on everything: shared victory")
    assert "Shared victory: Ann, Ben, Cat." in calc.text or "Shared victory: Ann, Ben." in calc.text
    assert "tie on points, legal goods and contraband: the victory is shared." in calc.text
    # the one score sheet (render.score_sheet), as on the play page: roles named, the bonus total
    heads = "Player Goods Gold King and Queen bonuses Bonus total Score Legal cards Contraband cards"
    assert heads in calc.text


def test_king_queen_and_game_labs_in_ukrainian(others):
    from sheriff.widgets.labs.game_lab import RoundsLab, TimeLimitLab, VariantsLab, black_market_assumption
    from sheriff.widgets.labs.scoring_lab import KingQueenLab

    with i18n.language("uk"):
        seen = texts(KingQueenLab()) + texts(KingQueenLab(royal=True, royal_counts=(1, 0, 0, 0)))
        rounds = RoundsLab()
        for n in (3, 4, 6):
            rounds.players.value = n
            seen += texts(rounds)
        variants = VariantsLab()
        for box in variants.toggles.values():
            box.value = True
        seen += texts(variants)
        timed = TimeLimitLab()
        seen += texts(timed)
        note = black_market_assumption()
        seen += texts(note)
    assert 'href="11_score_calculator.ipynb?lang=uk"' in note.value
    text = " ".join(seen)
    assert "Король і королева одного товару" in text and "(рахується як 2)" in text
    assert "Скільки триває гра?" in text and re.search(r"\b9 раундів\b", text)
    assert "7 карток у кожній руці" in text and "3 хвилини на кожен крок «Огляд»" in text
    assert "Стіл, коли час сплив:" in text and "ПРИПУЩЕННЯ" in text
    assert not leftovers(seen)


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_prose_in_ukrainian(name):
    notebook = f"{name}.ipynb"
    with i18n.language("uk"):
        html = course_nav.prose_html(notebook)
    text = lesson.plain(html)
    assert re.search("[а-яіїєґ]{4,}", text)
    assert not english_runs(text)


@pytest.mark.parametrize("name", LESSONS[:3])
def test_notebook_sections_speak_ukrainian(name):
    """The notebooks' own titles and intros (their ``_()`` calls) have Ukrainian translations."""
    nb = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())
    code = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    titles = re.findall(r'\(_\("([^"]+)"\),', code)
    assert titles
    with i18n.language("uk"):
        for title in titles:
            assert not english_runs(i18n._(title)), title
