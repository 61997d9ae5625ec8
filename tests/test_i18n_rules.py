"""The rules in Ukrainian: refusals worded when the engine refuses, the rules' titles, texts and
citations (2nd edition: the Ukrainian rulebook's sections; 1st edition: the English ones), the
goods' names; and the English text unchanged."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from sheriff import actions as A
from sheriff.cards import GOODS, SILK, good_id
from sheriff.engine import Game
from sheriff.errors import IllegalAction, InvalidScenario
from sheriff.i18n import _, language
from sheriff.rulebook import RULES
from sheriff.rules import Rules
from sheriff.saved_game import load_game
from sheriff.state import phase_title
from tests.rig import cards, game_at_load, rig_hand

# English words that would betray an untranslated sentence inside a Ukrainian one.
ENGLISH = re.compile(r"\b(the|bag|cards?|cannot|must|holds?|not|only|phase|rule|gold|Sheriff|Deputy)\b")


def refusal(game: Game, action) -> IllegalAction:
    before = game.state.fingerprint()
    with pytest.raises(IllegalAction) as e:
        game.push(action)
    assert game.state.fingerprint() == before  # a refusal changes nothing, in any language
    return e.value


def loading():
    """Alan-a-Dale about to load, with four Apples, a Crossbow, Silk and Cheese in hand."""
    g = game_at_load("2E", 4, seed=1, seven_card_hand=True)
    alan = g.state.order[0]
    rig_hand(g.state, alan, cards("apples", 4, "crossbows", "silk", "cheese"))
    return g, alan


def test_a_sixth_card_is_refused_in_ukrainian_with_the_ukrainian_rule_and_section():
    g, alan = loading()
    sixth = A.LoadBag(alan, cards("apples", 4, "crossbows", "silk"))
    with language("uk"):
        err = refusal(g, sixth)
        title, text = err.rule.title, err.rule.text
    assert err.rule_id == "load.size"
    assert err.reason == "У мішок вміщається щонайбільше п’ять карток, а не 6."
    assert title == "Від однієї до п’яти карток у мішку"
    assert "шосту картку — теж" in text
    assert err.cite == "2E · Крок 2. Завантаження товарів"
    assert str(err) == f"{err.reason} (правило load.size: {err.cite})"
    assert not ENGLISH.search(err.reason + title + text)
    # The same move refused in English reads as it always has.
    err = refusal(g, sixth)
    assert err.reason == "A bag holds at most five cards, not 6."
    assert err.cite == "2E · Phase 2 Load Merchant Bag"
    assert err.rule.title == "One to five cards in the bag"


def test_missing_cards_are_counted_with_ukrainian_plural_forms():
    g, alan = loading()
    name = g.state.names[alan]
    with language("uk"):
        one = refusal(g, A.LoadBag(alan, cards("silk", 2))).reason
        none = refusal(g, A.LoadBag(alan, cards("chickens"))).reason
    assert one == f"{name}: у руці лише 1 картка «Шовк», а вибрано 2."
    assert none == f"{name}: у руці немає жодної картки «Курки», а вибрано 1."
    rig_hand(g.state, alan, cards("silk", 2, "apples", 3))
    with language("uk"):
        two = refusal(g, A.LoadBag(alan, cards("silk", 3))).reason
    assert two == f"{name}: у руці лише 2 картки «Шовк», а вибрано 3."
    assert refusal(g, A.LoadBag(alan, cards("silk", 3))).reason == f"{name}'s hand has only 2 Silk, not 3."


def test_contraband_cannot_be_declared_names_the_good_in_ukrainian():
    g, alan = loading()
    g.push(A.LoadBag(alan, cards("silk")))
    for p in g.state.order[1:]:
        g.push(A.LoadBag(p, (next(c for c, k in enumerate(g.state.hands[p]) if k),)))
    with language("uk"):
        err = refusal(g, A.Declare(alan, SILK, 1))
        count = refusal(g, A.Declare(alan, good_id("apples"), 3)).reason
    assert err.reason.startswith("«Шовк» не можна оголосити: контрабанду ніколи не оголошують")
    assert err.cite == "2E · Крок 3. Декларування"
    assert count == "У мішку 1 картка, тож в оголошенні має бути 1, а не 3."


def test_a_move_in_the_wrong_phase_names_both_steps_in_ukrainian():
    g, alan = loading()
    with language("uk"):
        err = refusal(g, A.Declare(alan, good_id("apples"), 1))
        assert phase_title("inspect") == "Огляд"
    assert err.reason == "Оголошення — частина кроку «Декларування», а гра зараз на кроці «Завантаження товарів»."
    assert (
        refusal(g, A.Declare(alan, good_id("apples"), 1)).reason
        == "Declaring belongs to the Declaration phase, but the game is in the Load Merchant Bag phase."
    )


def test_rule_texts_and_their_ukrainian_citations():
    with language("uk"):
        who = RULES["inspect.who"]
        assert who.title == "Вирішує шериф"
        assert who.text.startswith("Лише шериф (або, у грі вшістьох, заступники шерифа) вибирає")
        assert who.cite("2E") == "2E · Крок 4. Огляд"
        assert who.cite("1E") == "1E · Inspection"  # no Ukrainian 1st edition: English sections
        assert who.cite() == "1E · Inspection; 2E · Крок 4. Огляд"
        assert RULES["game.over"].cite("2E") == "2E · Умови перемоги"
        assert RULES["deputies.stance"].cite("2E") == "2E · Правило шостого гравця: Огляд"
        assert RULES["setup.deal"].cite("2E") == "2E · Підготовка до гри"
        assert RULES["royal.goods"].cite("2E") == "2E · Додаткові правила: Королівські товари"
        assert RULES["black_market.claim"].cite("2E") == "2E · Чорний ринок: Перебіг гри"
        for rule in RULES.values():
            assert rule.title != rule.source_title and rule.text != rule.source_text, rule.id
            assert not ENGLISH.search(rule.cite("2E")) or "2E" not in dict(rule.cites), rule.id
    assert RULES["inspect.who"].cite("2E") == "2E · Phase 4 Inspection"
    assert RULES["inspect.who"].title == "The Sheriff decides"


def test_goods_names_in_ukrainian():
    with language("uk"):
        names = {g.id: _(g.name) for g in GOODS}
    assert names["apples"] == "Яблука" and names["chickens"] == "Курки" and names["crossbows"] == "Арбалети"
    assert names["gouda_cheese"] == "Сир гауда" and names["royal_rooster"] == "Королівський півень"
    assert all(re.search("[а-яіїєґ]", n) for n in names.values())


def test_impossible_rules_and_the_table_described_in_ukrainian():
    with language("uk"):
        with pytest.raises(ValidationError) as v:
            Rules(edition="1E", players=6)
        described = Rules(edition="2E", players=6, royal_goods=True).describe()
    e = v.value.errors()[0]["ctx"]["error"]  # pydantic keeps the refusal for widgets to lay out
    assert isinstance(e, IllegalAction)
    assert e.reason == "Для шістьох гравців потрібне правило заступників шерифа, а воно є лише у 2-му виданні."
    assert e.cite == "1E · Game Components"
    assert described == "2E, 6 гравців, Королівські товари, Заступники шерифа"
    assert Rules(edition="2E", players=6, royal_goods=True).describe() == "2E, 6 players, Royal Goods, Deputies"


def test_a_saved_game_with_an_illegal_move_is_explained_in_ukrainian():
    text = (
        '{"rules": {"edition": "2E", "players": 3}, "names": ["A", "B", "C"], "seed": 1,'
        ' "actions": [{"type": "load_bag", "player": 1, "cards": ["apples"]}]}'
    )
    with language("uk"):
        with pytest.raises(InvalidScenario) as e:
            load_game(text)
        with pytest.raises(InvalidScenario) as twice:
            load_game('{"rules": {"edition": "2E", "players": 3}, "names": ["A", "A", "C"]}')
    assert e.value.field == "actions[0]"
    assert "недозволений хід" in str(e.value) and "(правило round.phases: 2E · Перебіг гри; Крок 1. Торгівля)" in str(
        e.value
    )
    assert twice.value.field == "names" and str(twice.value) == "names: кожен гравець має мати інше ім’я"
