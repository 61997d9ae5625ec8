"""The worked examples in Ukrainian: titles, citations, captions, checks and the characters' names.

A replay shows the players by their Ukrainian names, while the data (and every tweak or expected
number keyed by name) keeps the original ones; English stays as it was.
"""

from __future__ import annotations

import pytest

from sheriff import i18n
from sheriff.errors import InvalidScenario
from sheriff.replay import Expect, check_expect
from sheriff.scenario import get_scenario, load_scenarios

UK_2E_SECTIONS = (
    "Крок 1. Торгівля",
    "Крок 2. Завантаження товарів",
    "Крок 3. Декларування",
    "Крок 4. Огляд",
    "Умови перемоги",
    "Правило 6-го гравця",
    "Чорний ринок",
    "Злодійська честь",
    "Якщо шериф",
    "Додаткові правила",
)


def test_a_2e_example_replayed_in_ukrainian():
    with i18n.language("uk"):
        sc = get_scenario("2e-alan-a-dale-bribe")
        r = sc.replay()
        proofs = r.proofs()
    assert sc.title == "Хабар Алана з Лощини: 5 золотих і 2 яблука, а зійшлися на 8 золотих і 2 яблуках"
    assert sc.source == "2E · Крок 4. Огляд (приклад)"
    assert sc.summary.startswith("Коли шериф ось-ось перевірить мішок, Алан з Лощини пропонує 5 золотих")
    assert [f.say for f in r.frames] == [
        sc.summary,
        "Шериф тягнеться до мішка Алана з Лощини.",
        "Алан з Лощини пропонує 5 золотих і ще 2 яблука зі свого прилавка, щоб мішок лишився закритим.",
        "Шериф називає свою ціну: 8 золотих, і яблука теж.",
        "Угода: Алан платить, і мішок повертають йому.",
    ]
    # the table and the narration call the players by their Ukrainian names
    assert r.final.state.names == ["Гілберт Білорукий", "Алан з Лощини", "Червоний Валет", "Діва Меріан"]
    assert any("Алан з Лощини" in line for line in r.frames[2].narration)
    assert r.problems() == []
    sentences = [s for s, ok in proofs if ok]
    assert len(sentences) == len(proofs) == 6
    assert sentences[0] == "Правила кажуть: Алан з Лощини має наприкінці 42 золоті — і рушій правил з цим згоден."
    assert sentences[1] == "Правила кажуть: Гілберт Білорукий має наприкінці 58 золотих — і рушій правил з цим згоден."
    assert all(s.startswith("Правила кажуть: ") and "rulebook" not in s for s in sentences)


def test_plural_forms_and_the_game_end_in_ukrainian():
    with i18n.language("uk"):
        r = get_scenario("2e-david-125").replay()
        proofs = [s for s, _ok in r.proofs()]
        alan = get_scenario("2e-alan-a-dale-bribe").replay()
        wrong = check_expect(Expect(gold={"Алан з Лощини": 1}, booty_gold=21), alan.final.state)
    assert "Правила кажуть: Девід Донкастерський набирає 125 очок — і рушій правил з цим згоден." in proofs
    assert "Правила кажуть: гра закінчилася — і рушій правил з цим згоден." in proofs
    assert any("отримує бонус за товар «" in s and s.endswith(": 15 — і рушій правил з цим згоден.") for s in proofs)
    assert wrong == [
        "очікувалося: Алан з Лощини: 1 золотий (насправді 42)",
        "очікувалося: на здобичі 21 золотий (насправді 0)",
    ]


def test_data_keeps_the_original_names_in_ukrainian():
    """Names are keys (expected numbers, tweaks by name): only their display is translated."""
    with i18n.language("uk"):
        sc = get_scenario("2e-david-125")
        assert sc.setup.names == ["Gilbert Whitehand", "David of Doncaster", "Will Scarlet", "Maid Marion"]
        assert sc.expect is not None and "David of Doncaster" in sc.expect.bonuses
        tweaked = sc.with_gold("Maid Marion", 10)  # a tweak by the data's name still works
        r = tweaked.replay()
        assert r.original.setup.names == sc.setup.names
        assert r.scenario.setup.names[1] == "Девід Донкастерський"
        assert r.state.names[3] == "Діва Меріан"
        r2 = sc.replay()
        assert r2.scenario.expect is not None and "Девід Донкастерський" in r2.scenario.expect.bonuses
        assert all(ok for _d, ok in r2.checks())


@pytest.mark.parametrize("sc", load_scenarios(), ids=lambda s: s.id)
def test_every_example_speaks_ukrainian(sc):
    with i18n.language("uk"):
        uk = get_scenario(sc.id)
        r = uk.replay()
        problems, proofs = r.problems(), r.proofs()
    assert problems == []
    assert uk.title != sc.title and uk.summary != sc.summary
    assert "Filled in" not in uk.summary
    for en_step, uk_step in zip(sc.steps, uk.steps):
        assert uk_step.say != en_step.say
        assert not any(w in uk_step.say.split() for w in ("the", "The", "and", "bag"))
    edition, section = uk.source.split(" · ", 1)
    assert edition == sc.setup.rules.edition
    assert section.endswith("(приклад)") or section.endswith("(приклад хабара)")
    if edition == "2E":
        assert section.startswith(UK_2E_SECTIONS), section
    else:  # no Ukrainian 1st-edition rulebook: its section names stay English
        assert section.split(" (")[0] == sc.source.split(" · ", 1)[1].split(" (")[0]
    assert all(s.startswith("Правила кажуть: ") for s, _ok in proofs)
    shown = r.scenario.setup.names
    assert len(set(shown)) == len(shown)
    assert all(any("а" <= ch.lower() <= "я" or ch in "іїєґ" for ch in nm) for nm in shown), shown


def test_refusals_and_problems_in_ukrainian():
    with i18n.language("uk"):
        r = get_scenario("2e-will-scarlet-declare").replay()
        refused = [f for f in r.frames if f.refused is not None]
        assert refused and all(f.ok for f in refused)
        assert refused[0].refusal_text().startswith("Хід відхилено: ")
        broken = get_scenario("2e-will-scarlet-declare")
        broken.steps[0].refused = None  # now the refusal is unexpected
        assert broken.replay().problems()[0].startswith("крок 1: хід відхилено, хоча він мав бути дозволеним: ")
        with pytest.raises(InvalidScenario, match="у гру грають від 3 до 6 гравців"):
            get_scenario("2e-alan-a-dale-bribe").with_players(7)
        with pytest.raises(InvalidScenario, match="'Nobody': такого гравця тут немає"):
            get_scenario("2e-alan-a-dale-bribe").with_gold("Nobody", 3)


def test_english_is_unchanged():
    with i18n.language("en"):
        sc = get_scenario("2e-alan-a-dale-bribe")
        r = sc.replay()
        proofs = [s for s, _ok in r.proofs()]
        refusal = [f for f in get_scenario("2e-will-scarlet-declare").replay().frames if f.refused][0]
    assert sc.title == "Alan-a-Dale's bribe: 5 gold and 2 Apples, settled at 8 gold and 2 Apples"
    assert sc.source == "2E · Phase 4 Inspection (example)"
    assert r.frames[1].say == "The Sheriff reaches for Alan-a-Dale's bag."
    assert r.final.state.names == ["Gilbert Whitehand", "Alan-a-Dale", "Will Scarlet", "Maid Marion"]
    assert proofs[0] == "The rulebook says Alan-a-Dale ends with 42 gold — the engine agrees."
    assert "The rulebook says Alan-a-Dale has 1 Apple in the stand — the engine agrees." in proofs
    assert refusal.refusal_text().startswith("Refused: ")
    assert r.scenario == sc and r.original is sc
    assert check_expect(Expect(gold={"Alan-a-Dale": 1}, booty_gold=21), r.final.state) == [
        "expected Alan-a-Dale has 1 gold (got 42)",
        "expected 21 gold on the Booty (got 0)",
    ]
