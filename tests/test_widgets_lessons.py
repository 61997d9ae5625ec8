"""Lesson widgets, headless: build each one, click and set values, check the recomputed output.

Every number checked here comes from the engine through the widget: the widgets hold no rules.
"""

import json
import re
from pathlib import Path

import pytest

from sheriff.cards import GOOD_IDS
from sheriff.course import prose
from sheriff.rulebook import RULES
from sheriff.widgets.lesson import plain
from tests.course_pages import catalog_notebooks, notebooks

ROOT = Path(__file__).resolve().parents[1]
G = GOOD_IDS


def no_traceback(*htmls):
    for h in htmls:
        assert "Traceback" not in h and "Error" not in plain(h)


# -- replays -------------------------------------------------------------------------
def test_replay_steps_forward_and_back_with_a_sentence_per_step():
    from sheriff.widgets.examples import ReplayView

    v = ReplayView("1e-gilbert-liar")
    assert v.value == 0 and "Setup of 3" in plain(v.counter.value)
    assert v.back_button.disabled and not v.next_button.disabled
    assert "Gilbert declared 4 Apples" in v.text
    v.next_button.click()
    assert v.value == 1 and "threatens" in v.text
    v.end_button.click()
    assert v.value == 3 and v.next_button.disabled
    assert "pays the Sheriff 10 gold" in v.text
    assert "40 (-10)" in plain(v.table.value)  # Gilbert's gold, with the change
    assert "The rulebook says Gilbert Whitehand ends with 40 gold — the engine agrees" in plain(v.checks.value)
    assert "Gilbert Whitehand: −10 gold (50 → 40)" in plain(v.changed.value)  # what the step changed
    assert 'data-seat="1"' in v.table.value and "sn-changed" in v.table.value
    v.back_button.click()
    assert v.value == 2 and v.checks.value == ""
    v.start_button.click()
    assert v.value == 0


def test_replay_shows_a_refused_step_with_rule_and_citation():
    from sheriff.widgets.examples import ReplayView

    v = ReplayView("1e-alan-a-dale-load")
    v.next_button.click()
    html = v.step.value
    assert "sn-refusal" in html and "A bag holds at most five cards" in plain(html)
    assert RULES["load.size"].cite("1E") in plain(html)
    v.next_button.click()
    assert "packs 4 Apples and 1 Crossbow" in v.text


@pytest.mark.parametrize(
    "sid",
    [
        "2e-deputies-round",
        "2e-black-market-claim",
        "1e-david-125",
        "2e-little-john-market",
        "1e-sir-guy-promise",
        "2e-will-scarlet-gouda",
    ],
)
def test_every_step_of_longer_examples_renders(sid):
    from sheriff.widgets.examples import ReplayView

    v = ReplayView(sid)
    while not v.next_button.disabled:
        v.next_button.click()
        no_traceback(v.step.value, v.table.value)
    assert all(ok for _, ok in v.replay.checks())


def test_edition_examples_switch_edition_and_example_and_build_views_lazily():
    from sheriff.widgets.examples import EditionExamples

    e = EditionExamples(
        [("pass", "1e-maid-marion-pass", "2e-maid-marion-pass"), ("honest", "1e-much-honest", "2e-little-john-honest")]
    )
    assert list(e.views) == ["1e-maid-marion-pass"]
    e.edition.value = "2E"
    assert e.view.scenario.id == "2e-maid-marion-pass"
    e.picker.value = 1
    assert e.view.scenario.id == "2e-little-john-honest"
    e.view.end_button.click()
    assert "pays Little John 8 gold" in e.view.text
    assert len(e.views) == 3
    only2 = EditionExamples([("deputies", None, "2e-deputies-round")], edition="1E")
    assert only2.edition.value == "2E" and only2.view.scenario.id == "2e-deputies-round"


def test_side_by_side_market_shows_both_editions():
    from sheriff.widgets.labs.market_lab import SideBySide

    s = SideBySide()
    assert s.left.scenario.setup.rules.edition == "1E" and s.right.scenario.setup.rules.edition == "2E"
    s.right.end_button.click()
    assert "Discard pile" in plain(s.right.table.value)


# -- round labs ------------------------------------------------------------------------
def test_inspection_lab_gilbert_honest_then_sheriff_pays_8():
    from sheriff.widgets.labs.round_lab import InspectionLab

    lab = InspectionLab()
    assert "Gilbert Whitehand pays the Sheriff 10 gold" in lab.text
    lab.slots.value = (G["apples"],) * 4
    assert "the Sheriff pays Gilbert Whitehand 8 gold" in lab.text
    lab.declared.value = G["cheese"]  # same bag, another declared good: a lie
    assert "Gilbert Whitehand pays the Sheriff 8 gold" in lab.text
    lab.edition.value = "2E"
    assert "Little John" not in lab.text or "Sheriff" in lab.text
    assert "2E" in plain(lab.result.value)


def test_inspection_lab_pass_and_bribes():
    from sheriff.widgets.labs.round_lab import InspectionLab

    lab = InspectionLab()
    lab.decision.value = "pass"
    assert "passes unopened: 2 cards face up, 2 face down" in lab.text
    lab.decision.value = "bribe"
    lab.bribe_gold.value = 8
    assert "Deal!" in lab.text and "8 gold" in lab.text
    lab.bribe_good.value = G["silk"]  # promised Silk that is not in the bag: void
    assert "that part of the bribe is void" in lab.text
    lab.bribe_gold.value = 80  # more gold than he has: refused, with the rule
    assert "Refused" in lab.text and "cannot promise 80" in lab.text
    assert RULES["bribe.gold"].cite("1E") in lab.text
    lab.slots.value = ()  # an empty bag is not a position at all
    assert "Not possible" in lab.text
    no_traceback(lab.result.value)


def test_load_lab_sixth_card_and_cards_not_in_hand_are_refused():
    from sheriff.widgets.labs.round_lab import LoadLab

    lab = LoadLab()
    assert "Bag closed: 5 cards" in lab.text
    lab.set_bag(["apples"] * 4 + ["crossbows", "silk"])
    assert "Refused" in lab.text and "at most five cards, not 6" in lab.text
    lab.set_bag([])
    assert "at least one card" in lab.text
    lab.set_bag(["apples", "cheese"])  # Cheese is not in Alan's hand
    assert "Refused" in lab.text and RULES["load.from_hand"].title in lab.text
    lab.toggles[0].value = False
    lab.edition.value = "2E"
    assert "Bag closed: 5 cards" in lab.text and "2E" in lab.text


def test_declare_lab_accepts_the_exact_count_and_a_legal_good_only():
    from sheriff.widgets.labs.round_lab import DeclareLab

    lab = DeclareLab()
    assert "Allowed" in lab.text and "Will Scarlet pays the Sheriff 6 gold" in lab.text
    lab.count.value = 3
    assert "Refused" in lab.text and "must say 4, not 3" in lab.text
    lab.count.value = 4
    lab.good.value = G["silk"]
    assert "Refused" in lab.text and RULES["declare.type"].title in lab.text
    lab.good.value = G["gouda_cheese"]
    assert "Royal Goods are never declared" in lab.text
    lab.good.value = G["bread"]
    lab.edition.value = "2E"  # 2E: Will holds Bread, so only Chickens and Silk are lies
    assert "Will Scarlet pays the Sheriff 8 gold" in lab.text


def test_deal_lab_binding_deal_refuses_the_pass():
    from sheriff.widgets.labs.round_lab import DealLab

    lab = DealLab()
    assert "Refused" in lab.text and RULES["deal.binding"].title in lab.text
    lab.then.value = "open"
    assert "Refused" not in lab.text and "opens Sir Guy" in lab.text
    lab.then.value = "bribe"
    assert "Refused" in lab.text
    lab.with_term.value = False
    lab.then.value = "pass"
    assert "Refused" not in lab.text and "passes unopened" in lab.text


def test_debt_lab_goods_no_change_and_forgiveness():
    from sheriff.widgets.labs.round_lab import DebtLab

    lab = DebtLab()
    assert "owes the Sheriff 10 gold: 3 in gold, goods worth 7" in lab.text
    lab.preset.value = "Gilbert has nothing at all"
    assert "forgiven" in lab.text
    lab.preset.value = "The Sheriff is broke and Gilbert is honest"
    assert "the Sheriff owes Gilbert Whitehand 8 gold: 2 in gold, goods worth 6" in lab.text
    lab.gold.value = 50
    lab.sheriff_gold.value = 60
    assert "pays Gilbert Whitehand 8 gold" in lab.text
    assert "interpretation" in lab.result.value


def test_market_lab_both_editions():
    from sheriff.widgets.labs.market_lab import MarketLab

    lab = MarketLab()
    assert "2 cards from discard piles, 1 from the draw pile" in lab.text
    lab.take_left.value = 4
    assert "Refused" in lab.text and RULES["market.draw_1e"].cite("1E") in lab.text
    lab.take_left.value = 0
    assert "0 cards from discard piles, 3 from the draw pile" in lab.text
    lab.edition.value = "2E"
    assert "3 from the draw pile" in lab.text and "face up" in lab.text
    lab.from_pile_2e.value = True
    assert "Refused" in lab.text and "drawn from the deck" in lab.text
    lab.from_pile_2e.value = False
    lab.toggles[0].value = not lab.toggles[0].value
    assert "Refused" not in lab.text


# -- setup, rounds, variants -----------------------------------------------------------
def test_setup_view_deck_by_player_count_and_refusal():
    from sheriff.widgets.course.setup_view import SetupView, goods_gallery

    v = SetupView()
    assert "204 cards in the deck for 4 players" in v.text
    v.players.value = 3
    assert "156 cards" in v.text and "none with this many players" in v.text
    v.royal.value = True
    assert "162 cards" in v.text
    v.players.value = 5
    assert "216 cards" in v.text
    before = v.setup.value
    v.shuffle.click()
    assert v.setup.value != before and "Shuffle #2" in v.text
    v.edition.value = "1E"
    assert "two face-up discard piles" in v.text and "110 coins" in plain(v.coins.value)
    v.players.value = 6
    assert "Not allowed" in v.text and RULES["variant.edition"].title in v.text
    assert "Pumpernickel" in goods_gallery().value


@pytest.mark.parametrize("ed,n,rounds", [("2E", 3, 9), ("2E", 4, 8), ("1E", 5, 10), ("2E", 6, 9)])
def test_rounds_lab_plays_a_whole_game(ed, n, rounds):
    from sheriff.widgets.labs.game_lab import RoundsLab

    lab = RoundsLab(edition=ed, players=n)
    assert lab.rounds == rounds and f"{rounds} rounds" in plain(lab.result.value)
    before = lab.result.value
    lab.again.click()
    assert lab.result.value != before


def test_variants_lab_and_time_limit():
    from sheriff.widgets.labs.game_lab import TimeLimitLab, VariantsLab, black_market_assumption

    v = VariantsLab()
    v.toggles["remove_ten"].value = True
    assert "10 cards back in the box" in v.text and "170 cards in the draw pile" in v.text
    v.toggles["seven_card_hand"].value = True
    assert "7 cards in each hand" in v.text
    v.toggles["time_limit"].value = True
    assert "3 minutes for each Inspection" in v.text
    v.toggles["black_market"].value = True
    assert "ASSUMPTION" in v.text
    v.edition.value = "1E"
    assert "Not allowed" in v.text
    assert "ASSUMPTION" in black_market_assumption().value
    t = TimeLimitLab()
    assert "Time is up" in t.text and "Little John gets the bag back unopened" in t.text
    t.timed.value = False
    assert "Not allowed" in t.text and RULES["variant.time_limit"].title in t.text


# -- scoring -------------------------------------------------------------------------
def test_king_queen_lab_ties_and_royal_goods():
    from sheriff.widgets.labs.scoring_lab import KingQueenLab

    k = KingQueenLab()
    assert k.values == [10, 15, 0, 0]
    k.counts[0].value = 11  # tie for King: (15 + 10) / 2, no Queen
    assert k.values == [12, 12, 0, 0]
    k.counts[0].value = 4  # tie for Queen: 10 / 2
    assert k.values == [5, 15, 5, 0]
    k.good.value = G["apples"]
    assert k.values == [5, 20, 5, 0]
    r = KingQueenLab(royal=True, royal_counts=(1, 0, 0, 0))
    assert r.values == [15, 10, 0, 0] and "Gouda Cheese" in r.text


def test_score_calculator_presets_typing_and_tie_breakers():
    from sheriff.widgets.course.calculator import ScoreCalculator, presets

    c = ScoreCalculator(preset="David")
    names = [w.value for w in c.names]
    david = names.index("David of Doncaster")
    assert c.scores[david].total == 125
    assert c.scores[david].bonuses == {"cheese": 15, "chickens": 2}
    c.gold[david].value = 70
    assert c.scores[david].total == 153 and names[c.winners[0]] == "David of Doncaster"
    assert "David of Doncaster wins with 153" in c.text
    c.load_preset("Tie on points: more legal goods wins")
    assert c.winners == [0] and "most legal goods" in c.text
    c.load_preset("Tie on points and legal goods: more contraband wins")
    assert c.winners == [0] and "most contraband" in c.text
    c.load_preset("Tie on everything: shared victory")
    assert c.winners == [0, 1] and "Shared victory" in c.text
    c.step_preset()
    assert c.preset_pick.value == list(presets())[0]
    c.players.value = 6
    assert len(c.names) == 6
    c.bm.value = True
    c.bm_values[0].value = "24, 21"
    assert c.scores[0].goods == 45 and c.scores[0].contraband_cards == 2
    c.royal.value = True
    c.cells[1][G["gouda_cheese"]].value = 1
    assert c.scores[1].goods == 6


# -- editions and myths ------------------------------------------------------------------
def test_editions_view_demonstrates_every_row():
    from sheriff.widgets.course.editions import ROWS, EditionsView

    e = EditionsView()
    seen = {}
    for _ in ROWS:
        seen[ROWS[e.pick.value][0]] = dict(e.headlines)
        no_traceback(e.result.value)
        e.next_button.click()
    assert e.pick.value == 0
    assert seen["Players"] == {"1E": "No six-player game", "2E": "Six players: allowed"}
    assert seen["Drawing in the Market"]["2E"] == "Refused"
    assert seen["Confiscated goods"] == {"1E": "Onto the pile the Sheriff picks", "2E": "Refused"}
    assert seen["Gold in a bribe"] == {"1E": "Refused", "2E": "Refused"}
    assert "stay on the discard piles" in seen["Reshuffling"]["1E"]
    assert "0 stay" in seen["Reshuffling"]["2E"]


def test_myths_are_corrected_by_the_engine():
    from sheriff.widgets.course.myths import MythsView

    m = MythsView()
    assert m.legal_only.honest is False and m.legal_only.amount == 2
    m.legal_only.other.value = G["chickens"]
    assert "The merchant pays the Sheriff 2 gold" in m.legal_only.text
    assert m.penalty.fine == 4 and "value 9, but the engine fines 4" in m.penalty.text
    m.penalty.next_button.click()
    assert m.penalty.fine in (2, 4)
    assert m.bonus.values == {"apples": (20, 10), "cheese": (15, 10), "bread": (15, 10), "chickens": (10, 5)}
    assert m.gold.winners == ["Trader Tom"]
    m.gold.gold.value = 200
    assert m.gold.winners == ["Miser Mary"]
    assert "Unverified" in m.promo.text


# -- practice ----------------------------------------------------------------------------
def test_practice_view_new_question_and_feedback():
    from sheriff.widgets.course.practice import PracticeView

    p = PracticeView(["inspect", "pass"], seed=10)
    q1 = p.question_html.value
    p.new_button.click()
    assert p.question_html.value != q1 and p.seed == 11
    fb = p.check()  # nothing chosen: wrong
    assert not fb.correct and "Not quite" in p.feedback.value
    p.set_answers(**p.question.answer)
    p.check_button.click()
    assert p.last_feedback.correct and "Right!" in p.feedback.value
    assert p.question.cite in plain(p.feedback.value)
    assert "question #" not in plain(p.question_html.value)


def test_practice_edition_filter_keeps_the_question_or_says_it_drew_a_new_one():
    from sheriff.widgets.course.practice import CHOOSE, PracticeView

    p = PracticeView(["inspect", "pass"], seed=10)
    q, ed = p.question, p.question.edition
    other = "1E" if ed == "2E" else "2E"
    p.edition_pick.value = ed  # the question already follows these rules: kept
    assert p.question is q and "New question" not in plain(p.question_html.value)
    p.edition_pick.value = "either"
    assert p.question is q
    p.edition_pick.value = other  # it does not: a new one, and the page says so
    assert p.question.edition == other and p.question is not q
    assert "New question" in plain(p.question_html.value)
    assert ("1st" if other == "1E" else "2nd") + " edition rules" in plain(p.question_html.value)
    assert all(w.value in (CHOOSE, 0) for w in p.inputs.values())
    p.new_button.click()  # the notice is for that one change only
    assert "New question" not in plain(p.question_html.value)


@pytest.mark.slow
def test_practice_wording_never_says_zero_cards():
    from sheriff.practice import generate

    for seed in range(200):
        for kind in ("market", "load", "debt"):
            q = generate(kind, seed, None)
            for text in (q.prompt, q.explanation):
                assert not re.search(r"\b0 (cards?|gold|[A-Z][a-z]+)", text), text


@pytest.mark.parametrize(
    "kinds",
    [
        ["market"],
        ["load"],
        ["declare"],
        ["debt", "endround"],
        ["kingqueen", "total"],
        ["deputies"],
        ["deal", "haggle"],
        ["blackmarket"],
    ],
)
def test_practice_view_every_kind_renders(kinds):
    from sheriff.widgets.course.practice import PracticeView

    p = PracticeView(kinds, seed=3)
    for _ in range(6):
        p.new_button.click()
        p.set_answers(**p.question.answer)
        assert p.check().correct
        no_traceback(p.question_html.value, p.feedback.value)


# -- home and notebooks --------------------------------------------------------------------
def test_home_links_every_page_of_the_course_and_the_rule_reference():
    from sheriff.course import course
    from sheriff.widgets.course.course_nav import course_html
    from sheriff.widgets.course.home import Home

    h, listed = Home(), course_html()
    for p in (*course().pages, *course().extras):
        assert (ROOT / "notebooks" / p.notebook).exists(), p.notebook
        assert f'href="{p.notebook}"' in listed
    assert 'href="40_reference.ipynb"' in h.rules.value and (ROOT / "notebooks" / "40_reference.ipynb").exists()
    assert f"All {len(RULES)} rules" in plain(h.rules.value)


# The eleven lessons (their catalogs) mark a control and its output for benchmarks/pages.py.
LESSONS = {*catalog_notebooks("lessons"), *catalog_notebooks("topics")}


def test_every_page_is_the_home_page_or_in_the_course():
    from sheriff.course import course

    listed = {p.notebook.removesuffix(".ipynb") for p in (*course().pages, *course().extras)}
    assert set(notebooks()) == listed | {"00_home"}
    assert len(LESSONS) == 11 and LESSONS < listed


@pytest.mark.parametrize("name", notebooks())
def test_notebooks_are_thin_executed_and_lessons_marked_for_the_benchmark(name):
    nb = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())
    cells = nb["cells"]
    # the page's written text lives in data/lessons/<page>.md (translatable); the first cell shows it
    assert re.search(r"course_nav\.(header|prose)\(", "".join(cells[0]["source"]))
    assert prose(f"{name}.ipynb")[0][0].startswith("# ")
    code = [c for c in cells if c["cell_type"] == "code"]
    lesson_code = [c for c in code if "course_nav" not in "".join(c["source"])]  # header/footer aside
    assert 1 <= len(lesson_code) <= 8
    for c in code:
        src = "".join(c["source"])
        assert "/work/shared" not in src and "seeds" not in src
        assert c["execution_count"] is not None, "notebooks are committed executed"
        assert not any(o.get("output_type") == "error" for o in c["outputs"])
    state = json.dumps(nb["metadata"].get("widgets", {}))
    if name in LESSONS:  # marked in the saved page, or in a part built when first opened (kit.Sections)
        source = "".join("".join(c["source"]) for c in code)
        assert ("sheriff-bench-click" in state and "sheriff-bench-result" in state) or "bench=True" in source
    text = json.dumps(nb)
    assert not re.search(r"0x[0-9a-f]{6,}", text), "no memory addresses in outputs"


# -- lessons paced into parts -----------------------------------------------------------
def test_a_part_given_as_a_callable_is_built_when_first_shown_and_kept():
    from sheriff.widgets import kit, lesson

    built = []

    def later():
        built.append(lesson.html("second part"))
        return built[-1]

    s = kit.Sections([("A", "", lesson.html("first part")), ("B", "Some *prose*.", later)])
    assert built == [] and list(s.boxes) == [0]  # only the part on show exists
    s.next.click()
    assert len(built) == 1 and s.holder.children[0].children[1] is built[0]
    assert "<em>prose</em>" in s.holder.children[0].children[0].value
    s.back.click()
    s.picker.value = 1
    assert len(built) == 1 and s.holder.children[0].children[1] is built[0]  # kept: its state too


def sections_of(name: str):
    """The lesson's ``Sections``, built by running the notebook's code cells here."""
    import ast

    namespace: dict = {}
    for cell in json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text())["cells"]:
        if cell["cell_type"] == "code" and "Sections(" in "".join(cell["source"]):
            tree = ast.parse("".join(cell["source"]))
            tree.body[-1] = ast.Assign([ast.Name("page", ast.Store())], tree.body[-1].value, lineno=0)
            exec(compile(ast.fix_missing_locations(tree), name, "exec"), namespace)
    return namespace["page"]


@pytest.mark.parametrize(
    "name", [n for n in notebooks() if "Sections(" in (ROOT / "notebooks" / f"{n}.ipynb").read_text()]
)
def test_every_part_of_a_paced_lesson_builds_when_opened(name):
    s = sections_of(name)
    assert list(s.boxes) == [0]
    for k in range(1, s.n):
        s.next.click()
        assert s.value == k and s.holder.children == (s.boxes[k],) and s.boxes[k].children
    marks = {c for w in descendants(s) for c in getattr(w, "_dom_classes", ())}
    assert {"sheriff-bench-click", "sheriff-bench-result"} <= marks  # the practice, once opened


def descendants(w) -> list:
    out = [w]
    for c in getattr(w, "children", ()):
        out += descendants(c)
    return out
