"""The course list, the glossary and the pages built from them: data that loads and checks
itself, navigation that follows the course order, glossary marks, rule search, lab 31."""

import json
import re
from pathlib import Path

import pytest
from pydantic import ValidationError

from sheriff import course as C
from sheriff import glossary as G
from sheriff.rulebook import RULES

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def test_glossary_loads_with_unique_ids_and_edition_citations():
    terms = G.terms()
    assert len(terms) >= 15
    assert len({t.id for t in terms}) == len(terms)
    for needed in (
        "stand",
        "penalty",
        "king-queen",
        "contraband",
        "legal-goods",
        "royal-goods",
        "booty",
        "deputy",
        "sheriff",
        "merchant",
        "market",
        "bag",
        "declaration",
        "bribe",
        "black-market",
    ):
        assert any(t.id == needed for t in terms), needed
    assert all(t.cite.startswith(("1E ·", "2E ·")) for t in terms if t.cite)


def test_a_bad_glossary_file_is_refused_with_the_field():
    raw = json.loads((Path(G.__file__).parent / "data/glossary.json").read_text("utf-8"))
    raw["terms"][0]["cite"] = "page 4"
    with pytest.raises(ValidationError, match="edition"):
        G.parse(json.dumps(raw))
    raw["terms"][0]["cite"] = ""
    raw["terms"][1]["id"] = raw["terms"][0]["id"]
    with pytest.raises(ValidationError, match="twice"):
        G.parse(json.dumps(raw))


def test_course_lists_existing_notebooks_in_order_and_each_page_shows_its_own_nav():
    pages = C.course().pages
    assert pages[0].notebook == "00_first_game.ipynb"
    assert C.next_page("00_first_game.ipynb").notebook == "00_overview.ipynb"
    for p in (*pages, *C.course().extras):
        assert (NOTEBOOKS / p.notebook).exists(), p.notebook
    for p in pages:
        src = json.dumps(json.loads((NOTEBOOKS / p.notebook).read_text("utf-8"))["cells"])
        assert f'course_nav.header(\\"{p.notebook}\\")' in src, p.notebook
        assert f'course_nav.footer(\\"{p.notebook}\\")' in src, p.notebook
        assert p.recap, p.notebook
    names = [p.notebook for p in pages]
    assert names == sorted(names)
    assert C.next_page("00_overview.ipynb").notebook == "01_components_and_setup.ipynb"
    assert C.next_page(names[-1]) is None


def test_a_course_file_listing_a_page_twice_is_refused():
    raw = json.loads((Path(C.__file__).parent / "data/course.json").read_text("utf-8"))
    raw["pages"].append(raw["pages"][0])
    with pytest.raises(ValidationError, match="twice"):
        C.parse(json.dumps(raw))


def test_with_glossary_marks_each_word_once_and_never_inside_links_or_code():
    from sheriff.widgets.glossary_links import with_glossary

    out = with_glossary('The Sheriff opens a <a href="x">bag</a> and <code>bag</code>; the bag and the Sheriff.')
    assert out.count('href="40_reference.ipynb#term-sheriff"') == 1
    assert out.count("#term-bag") == 1 and '<a href="x">bag</a>' in out and "<code>bag</code>" in out
    assert re.sub(r"<[^>]+>", "", out) == "The Sheriff opens a bag and bag; the bag and the Sheriff."
    assert "#term-stand" not in with_glossary("You understand the standard.")  # whole words only
    seen: set = set()
    with_glossary("a bribe", seen=seen)
    assert "#term-bribe" not in with_glossary("a bribe", seen=seen)


def test_footer_links_to_the_next_lesson_relative_and_stores_progress_in_the_browser():
    from sheriff.widgets.course.course_nav import STORE, course_html, footer_html, header_html

    foot = footer_html("01_components_and_setup.ipynb")
    assert 'href="02_market.ipynb"' in foot and "Next: The Market" in foot
    assert "localStorage" not in foot and "sheriffProgress.mark" in foot
    assert "What you will learn" in header_html("02_market.ipynb")
    home = course_html()
    assert home.index("00_overview.ipynb") < home.index("01_components_and_setup.ipynb")
    assert "/voila/" not in home + foot  # relative links work under Binder's /voila/render/notebooks/
    assert STORE


def test_rule_reference_searches_rules_and_glossary_by_edition_without_ids():
    from sheriff.widgets.course.reference import RuleReference

    ref = RuleReference()
    assert ref.counts == (0, len(RULES))
    ref.query.value = "booty"
    assert ref.counts[0] == 1 and ref.counts[1] >= 1
    assert "Sharing the Booty" in ref.results.value
    ref.edition.value = "1E"
    assert ref.counts == (0, 0) and "No rule mentions" in ref.results.value
    ref.query.value = "bribe"
    ref.edition.value = "2E"
    assert "2E · Phase 4 Inspection" in ref.results.value and "1E · Inspection (bribes)" not in ref.results.value
    assert not re.search(r"\b[a-z_]+\.[a-z_0-9]+\b(?![^<]*>)", re.sub(r"<[^>]+>", " ", ref.results.value))


@pytest.mark.slow
def test_lab_31_shows_the_same_last_offer_for_every_load_and_plain_words():
    from sheriff.widgets.labs.theory import BribeBargainingLab

    lab = BribeBargainingLab()
    assert lab.offer_text == "With 0 items loaded, you offer 0 gold."
    assert "tells him nothing" in lab.heard.value
    lab.load.value = 3
    assert lab.offer_text == "With 3 items loaded, you offer 0 gold."
    lab.load.value = 1  # a load the equilibrium never makes still gets an offer (issue 21)
    assert lab.offer_text == "With 1 item loaded, you offer 0 gold."
    assert "never loads 1 item" in lab.heard.value and "tells him nothing" in lab.heard.value
    assert lab.plot.png[:4] == b"\x89PNG"
    page = lab.size.value + lab.summary.value + lab.heard.value
    for jargon in ("information set", "sequences", "terminal histor", ": True"):
        assert jargon not in page


def test_lesson_header_marks_glossary_words_in_the_written_text_in_the_browser():
    from sheriff.widgets.course.course_nav import header_html
    from sheriff.widgets.glossary_links import marker_script

    js = marker_script()
    assert "#term-" in js and "40_reference.ipynb" in js and js.count("</script>") == 1
    assert '"stand": ["stand"' in js and "jp-RenderedMarkdown" in js
    assert "What you will learn" in header_html("05_inspection.ipynb")


def test_search_matches_whole_words_not_fragments():
    from sheriff.glossary import find, matches
    from sheriff.widgets.course.reference import find_rules

    assert matches("ties", "a tie for the win") and matches("tie", "tied Kings")
    assert not matches("ties", "the Deputies decide")
    assert "score.tiebreak" in [r.id for r in find_rules("ties")]
    assert "Deputy" not in [t.term for t in find("ties")]
