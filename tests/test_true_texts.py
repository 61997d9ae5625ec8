"""Sentences that oversimplified, stated a reading as a fact, or cited one section three ways
(issue 32).  Each test names the rulebook section its sentence answers to; the rulebooks are never
read here, their facts are written out."""

import json
import re
from pathlib import Path

from sheriff.rulebook import RULES
from tests.test_rule_texts import SECTIONS_2E, all_cites, sections

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "sheriff" / "data"
TERMS = {t["id"]: t for t in json.loads((DATA / "glossary.json").read_text())["terms"]}
COURSE = {p["notebook"]: p for p in json.loads((DATA / "course.json").read_text())["pages"]}


def test_goods_leave_a_stand_for_a_black_market_claim_too_2E_black_market():
    """2E, Black Market: three contraband of one kind are turned in from the stand for the card."""
    stand = TERMS["stand"]
    assert "three contraband of one kind turned in for a Black Market card" in stand["definition"]
    assert "Black Market" in sections(stand["cite"], "2E")


def test_the_scoring_recap_rounds_shared_bonuses_down_2E_king_and_queen_bonus():
    """2E, King and Queen Bonus: tied players share the bonus equally, rounded down."""
    recap = next(p["recap"] for name, p in COURSE.items() if name.startswith("07_"))
    assert recap.count("rounded down") == 2


def test_lesson_9_promises_after_that_point_bind_nobody_at_all_1E_2E_honor_among_thieves():
    """1E, Honor among thieves / 2E, Honor Among Thieves: promises of favours that take place after
    the current Inspection phase (1E) or round (2E) are not binding: they never bound anyone."""
    text = (DATA / "lessons" / "09_editions.md").read_text()
    assert "bind nobody at all when the favour is to take place after the current Inspection phase" in text
    assert "stop binding" not in text
    bribe = RULES["bribe.what"].text
    assert "binds nobody at all" in bribe and "beyond the end" not in bribe


def test_the_tie_break_count_of_royal_and_black_market_cards_is_the_tutors_reading_2E_winning_the_game():
    """2E, King and Queen Bonus (ties): most legal goods, then most contraband; the rulebooks do not say
    how Royal Goods or Black Market cards count there."""
    rule = RULES["score.tiebreak"]
    assert rule.interpretation
    reading = rule.text[rule.text.index("(Interpretation:") :]
    assert "Royal Goods card or a Black Market card" in reading and "one contraband card" in reading
    assert "Royal" not in rule.text[: rule.text.index("(Interpretation:")]
    lesson = (DATA / "lessons" / "08_royal_goods_and_variants.md").read_text()
    assert "The tutor's reading: as one contraband card" in lesson and "a Black Market card" in lesson
    readme = (ROOT / "README.md").read_text()
    assert "a Royal Goods card counts as one contraband card" in readme


def test_declaring_bread_with_three_players_is_the_tutors_reading_2E_3_player_game():
    """2E, 3 Player Game: the Bread cards are removed; no rule says Bread may not be declared."""
    text = (ROOT / "sheriff" / "widgets" / "play" / "merchant_controls.py").read_text()
    assert "so the tutor's reading allows it" in text and "declaring Bread is still allowed" not in text


def test_the_1st_edition_game_components_is_cited_one_way():
    """1E, Game Components: the section's own heading, spelt the same everywhere the tutor cites it."""
    named = {
        m
        for c in all_cites() + [RULES["variant.edition"].cite("1E")]
        for m in re.findall(r"1E · ([^;]*?[Cc]omponents[^;]*)", c)
    }
    assert named == {"Game Components"}
    assert "Game Components" in SECTIONS_2E  # the same words as the 2nd edition's heading
    texts = [p.read_text() for p in (DATA / "lessons").glob("*.md")]
    texts += [p.read_text() for p in (ROOT / "sheriff").rglob("*.py")]
    assert not any(re.search(r"1E · (Components|Cover and)", t) for t in texts)
