"""The game-theory lab in Ukrainian: the inspection game and bribe bargaining explain their
equilibria, label their controls, tables and plots in Ukrainian, with numbers in their plural
forms; the command line's errors too.  English stays as it was (tests/test_theory_*.py)."""

from __future__ import annotations

import re

import pytest

from sheriff import i18n
from sheriff.theory import bargaining as bg
from sheriff.theory import cli
from sheriff.theory.inspection_game import build, explain
from sheriff.widgets.labs.theory import BribeBargainingLab, InspectionGameLab, _fine_png, _plot_png
from sheriff.widgets.play.app import widget_text

ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'’-]*(?:[ ,.:;()“”]+[A-Za-z][A-Za-z'’-]*){2,}")


def english_runs(html: str) -> list[str]:
    """Three Latin-letter words in a row (an English sentence left over), outside tags, styles and cards."""
    html = re.sub(r"<(style|script)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'<div class="sn-row">.*?</div></div></div>', " ", html, flags=re.S)
    return ENGLISH_RUN.findall(re.sub(r"<[^>]+>", " ", html))


def test_inspection_game_lab_in_ukrainian():
    with i18n.language("uk"):
        lab = InspectionGameLab()
        assert "Показати рівновагу" in widget_text(lab) and "Змішана рівновага" not in widget_text(lab)
        lab.reveal.click()
        text = widget_text(lab)
        explained = lab.text
    assert "Сховати рівновагу" in text and "Штраф брехуна ×" in text and "Плата за чесний мішок ×" in text
    for words in (
        "Оголошений товар",
        "Контрабандних карток",
        "Змішана рівновага",
        "Шериф: оглянути",
        "чесний мішок",
        "мішок із контрабандою",
        "6 на прилавку + 6 золотих від шерифа",
        "4 на прилавку - 4 золоті шерифові",
        "Шерифові варто оглядати",
        "Торговцеві варто везти мішок із контрабандою",
    ):
        assert words in text, words
    assert explained.splitlines()[0].startswith("Торговець оголошує:")
    assert english_runs(lab.matrix.value) == [] and english_runs(lab.summary.value) == []
    assert all(english_runs(line) == [] for line in explained.splitlines())


def test_pure_equilibrium_reason_in_ukrainian():
    with i18n.language("uk"):
        text = explain(build("chickens", {"chickens": 2, "apples": 1}))
    assert "Контрабанда тут не окупається: чесний мішок вартий більше" in text
    assert "шериф нічого не виграє" in text


@pytest.mark.slow
def test_bribe_bargaining_lab_in_ukrainian_with_plural_forms():
    with i18n.language("uk"):
        lab = BribeBargainingLab(max_bribe=2, max_items=3, rounds=1)
        text = widget_text(lab)
        options = [label for label, _n in lab.load.options]
        lab.load.value = 2
        heard = lab.heard.value
        size = lab.size.value
        lines = lab.text.splitlines()
    assert options == ["0 предметів", "1 предмет", "2 предмети", "3 предмети"]
    for words in (
        "Найбільший хабар (золото)",
        "Раундів торгу",
        "Що варто робити обом сторонам",
        "Чи видає пропозиція вміст мішка?",
        "Для допитливих: перевірте відповідь у Gambit",  # the fold (kit.Fold) that holds "Перевірити в Gambit"
    ):
        assert words in text, words
    assert "Коли в мішку 2 предмети, ви пропонуєте" in heard or "ніколи не кладе 2 предмети" in heard
    assert "<b>24</b> способи, якими може закінчитися гра" in size and "ситуацій, які гравець розрізняє" in size
    assert lines[-1].startswith("Жодна сторона не виграє більше")
    assert any("У середньому контрабандист виграє" in line for line in lines)
    assert all(english_runs(line) == [] for line in lines)
    assert english_runs(heard) == [] and english_runs(size) == []


@pytest.mark.parametrize("n, form", [(1, "1 золотий"), (3, "3 золоті"), (5, "5 золотих"), (22, "22 золоті")])
def test_gold_plural_forms(n, form):
    with i18n.language("uk"):
        assert bg.gold(n) == form
    with i18n.language("en"):
        assert bg.gold(n) == f"{n} gold"


def test_plots_are_labelled_in_the_page_language():
    game = build("apples", {"apples": 2, "pepper": 1})
    params = bg.SheriffParams(max_bribe=1, max_items=1)
    with i18n.language("en"):
        en = (_plot_png(game), _fine_png(params, "en"))
    with i18n.language("uk"):
        uk = (_plot_png(game), _fine_png(params, "uk"))
    assert en[0] != uk[0] and en[1] != uk[1]
    with i18n.language("en"):
        assert _plot_png(game) == en[0]


def test_command_line_errors_in_ukrainian(capsys):
    with i18n.language("uk"):
        status = cli.main(["export-efg", "--max-bribe", "50", "--max-items", "50", "--rounds", "9"])
    assert status == 2
    assert "sheriff theory: помилка: гра завелика" in capsys.readouterr().err


def test_english_is_unchanged():
    with i18n.language("en"):
        lab = InspectionGameLab()
        assert lab.text.splitlines()[0] == (
            "The merchant declares 3 Apples. His smuggling bag holds 2 Apples, 1 Pepper."
        )
        assert "Sheriff: inspect" in lab.matrix.value and "Mixed equilibrium." in lab.summary.value
        b = BribeBargainingLab()
        assert [label for label, _n in b.load.options][:2] == ["0 items", "1 item"]


DECIMAL = re.compile(r"\d[.,]\d\d\b")


@pytest.mark.parametrize("lang, mark", [("en", "."), ("uk", ",")])
def test_gains_are_written_with_the_page_languages_decimal_sign(lang, mark):
    """The average gains the class games and the labs read out (0.75 / 0,75): the page's decimal sign."""
    from sheriff.classroom import class_games

    with i18n.language(lang):
        said = [
            class_games.get(g).prediction(class_games.get(g).default_params()).text for g in ("inspection", "bargain")
        ]
        said.append(explain(build("apples", {"apples": 2, "pepper": 1})))  # lab 30
        said += bg.explain(bg.solve(bg.SheriffParams(max_bribe=1, max_items=1)))  # lab 31
        assert i18n.decimal(1234.5) == ("1,234.50" if lang == "en" else "1\u00a0234,50")
    numbers = [n for text in said for n in DECIMAL.findall(text)]
    assert len(numbers) >= 6 and all(n[1] == mark for n in numbers), numbers
