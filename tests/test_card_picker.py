"""The kit's card picker: cards to click (the play page and the guided game)."""

from __future__ import annotations

import ipywidgets as W
import pytest

from sheriff.cards import GOODS, N_GOODS
from sheriff.widgets.kit import CardPicker, card_label, goods


def test_one_real_button_per_card_named_in_words():
    p = CardPicker(goods(apples=2, silk=1, golden_apples=1))
    assert len(p.buttons) == 4
    assert all(isinstance(t, W.ToggleButton) for _, t in p.buttons)  # <button>: Tab, Enter, Space
    texts = [t.description for _, t in p.buttons]
    assert texts == ["Apples · legal", "Apples · legal", "Silk · contraband", "Golden Apples · royal"]
    assert p.buttons[2][1].tooltip.startswith("Silk, contraband, value 8, penalty 4")
    assert "sn-pick-contraband" in p.buttons[2][1]._dom_classes and "sn-pick-silk" in p.buttons[2][1]._dom_classes
    assert card_label(0) == "Apples, legal, value 2, penalty 2"


def test_clicking_cards_sets_the_count_vector_and_marks_the_card_in_text():
    p = CardPicker(goods(apples=2, silk=1))
    seen = []
    p.observe(lambda ch: seen.append(list(ch["new"])), "value")
    assert p.value == [0] * N_GOODS
    p.buttons[0][1].value = True
    p.buttons[2][1].value = True
    assert p.value == goods(apples=1, silk=1) == seen[-1]
    assert p.buttons[0][1].description == "✓ Apples · legal"  # picked: said in text, not colour alone
    p.buttons[0][1].value = False
    assert p.value == goods(silk=1) and p.buttons[0][1].description == "Apples · legal"


def test_pick_and_clear_from_code():
    p = CardPicker(goods(apples=3, cheese=1))
    p.pick("apples", 2)
    assert p.value == goods(apples=2)
    p.pick("Apples", 1)
    assert p.value == goods(apples=1)
    p.clear()
    assert p.value == [0] * N_GOODS
    with pytest.raises(ValueError):
        p.pick("cheese", 2)


def test_an_empty_hand_says_so():
    p = CardPicker([0] * N_GOODS, empty="no cards in hand")
    assert p.buttons == [] and "no cards in hand" in p.children[0].value


def test_the_play_page_and_the_guided_game_use_it_for_cards():
    from sheriff.guided import Guide
    from sheriff.widgets.play.guided import GuidedGame

    w = GuidedGame(Guide())
    assert isinstance(w.controls["market.cards"], CardPicker)
    assert not any(isinstance(x, (W.BoundedIntText, W.IntText)) for x in w.controls.values())
    assert GOODS[0].name == "Apples"
