"""Every lesson in real Chromium through Voilà: it renders without errors, and a tweak is
recomputed by the kernel and shows the engine's new result in the page."""

from harness import assert_no_errors, choose, open_lesson, screenshot, show_part, type_number
from playwright.sync_api import expect

T = 15_000  # ms to wait for a recomputed result (a kernel round trip)


def result(page, cls):
    return page.locator(f".{cls}").first


def test_00_home_links_lessons_and_the_rule_reference(page, voila_url):
    open_lesson(page, voila_url, "00_home.ipynb")
    assert "Sheriff of Nottingham" in page.inner_text("h1")
    expect(page.locator("a.sn-reference-link")).to_have_attribute("href", "40_reference.ipynb")
    screenshot(page, "test_00_home")
    assert_no_errors(page)
    # relative links work in Voilà (the click goes to the link itself: widgets appearing above move it)
    page.locator("a[href='01_components_and_setup.ipynb']").first.dispatch_event("click")
    page.wait_for_url("**/01_components_and_setup.ipynb", timeout=T)
    page.wait_for_selector(".sn-chart", timeout=60_000)


def test_01_setup_deck_by_player_count(page, voila_url):
    open_lesson(page, voila_url, "01_components_and_setup.ipynb")
    chart = result(page, "sn-chart")
    expect(chart).to_contain_text("204 cards")
    page.locator(".sn-players button", has_text="3 players").click()
    expect(chart).to_contain_text("156 cards", timeout=T)
    expect(chart).to_contain_text("none with this many players")
    page.locator(".sn-edition button", has_text="1st edition").first.click()
    page.locator(".sn-players button", has_text="6 players").click()
    expect(chart).to_contain_text("Not allowed", timeout=T)
    screenshot(page, "test_01_setup")
    assert_no_errors(page)


def test_02_market_replay_and_refused_draw(page, voila_url):
    open_lesson(page, voila_url, "02_market.ipynb")
    page.locator(".sn-next").first.click()
    expect(page.locator(".sn-step-out").first).to_contain_text("cannot take 4", timeout=T)
    show_part(page, "Try it")
    out = result(page, "sn-lab-result")
    expect(out).to_contain_text("2 cards from discard piles, 1 from the draw pile")
    type_number(page, page.locator(".sn-take-left input"), 4)
    expect(out).to_contain_text("Refused", timeout=T)
    expect(out).to_contain_text("1E · Market")
    screenshot(page, "test_02_market")
    assert_no_errors(page)


def test_03_loading_sixth_card_refused_and_practice_answered(page, voila_url):
    from sheriff.practice import generate

    open_lesson(page, voila_url, "03_loading.ipynb")
    show_part(page, "Try it")
    out = result(page, "sn-lab-result")
    expect(out).to_contain_text("Bag closed: 5 cards")
    page.click(".sn-card-4")  # the Silk: a sixth card
    expect(out).to_contain_text("at most five cards, not 6", timeout=T)
    # Practice: the next question is seed 301; answer it as the engine would.
    show_part(page, "Practice")
    q = generate("load", 301, None)
    page.locator(".sn-field-verdict select").evaluate("el => el.dataset.old = '1'")  # seed 300's answer box
    page.click(".sn-new-question")
    fresh = page.locator(".sn-field-verdict select:not([data-old])")  # seed 301's
    expect(fresh).to_be_visible(timeout=T)
    choose(page, fresh, q.answer["verdict"])
    page.click(".sn-check")
    expect(result(page, "sn-feedback")).to_contain_text("Right!", timeout=T)
    screenshot(page, "test_03_loading")
    assert_no_errors(page)


def test_04_declaration_wrong_count_refused(page, voila_url):
    open_lesson(page, voila_url, "04_declaration.ipynb")
    out = result(page, "sn-lab-result")
    expect(out).to_contain_text("Allowed")
    choose(page, page.locator(".sn-declare-count select"), "3")
    expect(out).to_contain_text("must say 4, not 3", timeout=T)
    choose(page, page.locator(".sn-declare-count select"), "4")
    choose(page, page.locator(".sn-declare-good select"), "Silk (contraband)")
    expect(out).to_contain_text("Silk cannot be declared", timeout=T)
    assert_no_errors(page)


def test_05_inspection_honest_bag_sheriff_pays_8(page, voila_url):
    open_lesson(page, voila_url, "05_inspection.ipynb")
    show_part(page, "Try it: the bag or the decision")
    out = result(page, "sn-lab-result")
    expect(out).to_contain_text("Gilbert Whitehand pays the Sheriff 10 gold")
    for i in (1, 2, 3):
        choose(page, page.locator(f".sn-slot-{i} select"), "Apples")
    expect(out).to_contain_text("the Sheriff pays Gilbert Whitehand 8 gold", timeout=T)
    page.locator(".sn-decision button", has_text="Take a bribe").click()
    type_number(page, page.locator(".sn-bribe-gold input"), 80)
    expect(out).to_contain_text("cannot promise 80", timeout=T)
    screenshot(page, "test_05_inspection")
    assert_no_errors(page)


def test_06_debt_forgiven(page, voila_url):
    open_lesson(page, voila_url, "06_gold_and_end_of_round.ipynb")
    out = result(page, "sn-lab-result")
    expect(out).to_contain_text("3 in gold, goods worth 7")
    choose(page, page.locator(".sn-preset select"), "Gilbert has nothing at all")
    expect(out).to_contain_text("forgiven", timeout=T)
    show_part(page, "The end of a round")
    rounds = result(page, "sn-rounds-result")
    expect(rounds).to_contain_text("8 rounds")
    page.locator(".sn-players button", has_text="3 players").click()
    expect(rounds).to_contain_text("9 rounds", timeout=T)
    assert_no_errors(page)


def test_07_king_tie_splits_the_bonus(page, voila_url):
    open_lesson(page, voila_url, "07_scoring.ipynb")
    show_part(page, "Ties for a bonus")
    out = result(page, "sn-kq-result")
    type_number(page, page.locator(".sn-kq-count-0 input"), 11)
    expect(out.locator(".sn-bonus").nth(0)).to_have_text("12", timeout=T)
    expect(out.locator(".sn-bonus").nth(1)).to_have_text("12")
    screenshot(page, "test_07_scoring")
    assert_no_errors(page)


def test_08_variants_remove_ten(page, voila_url):
    open_lesson(page, voila_url, "08_royal_goods_and_variants.ipynb")
    show_part(page, "Other optional rules")
    out = result(page, "sn-variants-result")
    expect(out).to_contain_text("180 cards in the draw pile")
    page.click(".sn-variant-remove_ten input")
    expect(out).to_contain_text("10 cards back in the box", timeout=T)
    page.click(".sn-variant-black_market input")
    expect(out).to_contain_text("ASSUMPTION", timeout=T)
    assert_no_errors(page)


def test_09_editions_next_difference(page, voila_url):
    open_lesson(page, voila_url, "09_editions.ipynb")
    out = result(page, "sn-editions-result")
    expect(out).to_contain_text("No six-player game")
    page.click(".sn-next-topic")
    expect(out).to_contain_text("133 coins", timeout=T)
    assert_no_errors(page)


def test_10_myths_penalty_is_not_value(page, voila_url):
    open_lesson(page, voila_url, "10_myths.ipynb")
    out = page.locator(".sn-myth-result").nth(1)
    expect(out).to_contain_text("Crossbows: value 9, but the engine fines 4 gold")
    page.click(".sn-myth-next")
    expect(out).to_contain_text("Cheese: value 3, but the engine fines 2 gold", timeout=T)
    assert_no_errors(page)


def test_11_score_calculator_updates_totals(page, voila_url):
    open_lesson(page, voila_url, "11_score_calculator.ipynb")
    out = result(page, "sn-score-result")
    first_total = out.locator("tr[data-seat='0'] .sn-total")
    expect(first_total).to_have_text("50")
    type_number(page, page.locator(".sn-cell-0-apples input"), 5)
    expect(first_total).to_have_text("80", timeout=T)  # 5 x 2 + 50 gold + Apple King 20
    page.click(".sn-next-preset")
    expect(out).to_contain_text("Friar Tuck wins with 149", timeout=T)
    screenshot(page, "test_11_calculator")
    assert_no_errors(page)
