"""The play page in a real browser: one human seat, bots for the rest, played by clicks.

The expected outcome is computed independently with the engine and the same bots
(``sheriff.tournament.make_bot``: the bots' seeds follow the game's seed), the
human's moves coming from a fixed policy; the browser then makes exactly those
moves through the widgets, and the stands and gold on the page must match.
"""

from __future__ import annotations

import re

from harness import assert_no_errors, next_frame, open_lesson, screenshot, type_number
from harness import choose as choose_option
from playwright.sync_api import expect

from sheriff import actions as A
from sheriff.cards import GOODS, IS_LEGAL, N_GOODS
from sheriff.engine import Game
from sheriff.rules import Rules
from sheriff.state import DECLARE, INSPECT, LOAD, MARKET, MARKET_START
from sheriff.tournament import make_bot
from sheriff.widgets.play.setup import default_seats

HUMAN = 0
SEED = 1
PLAYERS = 4
TIMEOUT = 30_000
# the game's story (not the "Since your last move" box above the cards, which repeats its last lines)
STORY = ".sn-story:not(.sn-result .sn-story)"


def human_policy(game: Game) -> A.Action:
    """The human's moves: Sheriff in round 1 (threaten the first bag, take an offer or open it;
    open the second; let the third through), merchant in round 2 (a small lie)."""
    s = game.state
    v = game.view(HUMAN)
    if s.phase == MARKET_START:
        return A.ChooseStart(HUMAN, s.order[0])
    if s.phase == MARKET:
        g = next(g for g in range(N_GOODS) if v.hand[g])
        return A.Market(HUMAN, (g,))
    if s.phase == LOAD:
        hand = v.hand
        legal = max((g for g in range(N_GOODS) if IS_LEGAL[g] and hand[g]), key=lambda g: hand[g])
        cards = [legal] * min(hand[legal], 3)
        extra = next((g for g in range(N_GOODS) if not IS_LEGAL[g] and hand[g]), None)
        if extra is not None:
            cards.append(extra)
        return A.LoadBag(HUMAN, tuple(cards))
    if s.phase == DECLARE:
        bag = v.bag
        g = next(g for g in range(N_GOODS) if IS_LEGAL[g] and bag[g])
        return A.Declare(HUMAN, g, sum(bag))
    assert s.phase == INSPECT
    nego = s.nego
    if HUMAN in s.officials:
        if nego is not None:
            m, offer, by, _due = nego
            return A.Accept(HUMAN, m) if offer is not None and by == m else A.Inspect(HUMAN, m)
        todo = [m for m in s.order if s.handled[m] is None]
        m = todo[0]
        i = s.order.index(m)
        return [A.Threaten, A.Inspect, A.Pass][i % 3](HUMAN, m)
    return A.Decline(HUMAN, HUMAN)


def reference(rounds: int) -> tuple[Game, list[tuple[int, A.Action]]]:
    """The game as it must go: bots as on the page, the human by ``human_policy``."""
    seats = default_seats((HUMAN,))
    game = Game(Rules(edition="2E", players=PLAYERS), [sc.name for sc in seats[:PLAYERS]], seed=SEED)
    bots = {p: make_bot((seats[p].merchant, seats[p].sheriff), SEED, p) for p in range(PLAYERS) if p != HUMAN}
    human_moves = []
    while game.state.round < rounds:
        p = game.to_act
        if p == HUMAN:
            a = human_policy(game)
            human_moves.append((len(game.history), a))
        else:
            a = bots[p].act(game.view(p))
        game.push(a)
    return game, human_moves


def shot(page, name: str) -> None:
    """A screenshot of the whole page (Voilà scrolls inside a container, so grow the
    viewport to the content first); only when SHERIFF_SCREENSHOTS is set."""
    import os

    if not os.environ.get("SHERIFF_SCREENSHOTS"):
        return
    h = page.evaluate(
        "() => Math.max(...Array.from(document.querySelectorAll('body, body *')).map(e => e.scrollHeight))"
    )
    page.set_viewport_size({"width": 1280, "height": min(max(int(h), 900), 5000)})
    next_frame(page)
    screenshot(page, name)
    page.set_viewport_size({"width": 1280, "height": 900})


def ctl(name: str) -> str:
    return ".sn-ctl-" + name.replace(".", "-").replace("_", "-")


def set_number(page, name: str, value: float) -> None:
    """Type a number and leave the box; return once the kernel holds it."""
    type_number(page, page.locator(ctl(name) + " input"), value)


def choose(page, name: str, label: str) -> None:
    """Pick ``label`` in a dropdown; return once the kernel holds it."""
    choose_option(page, page.locator(ctl(name) + " select"), label)


def click(page, name: str) -> None:
    page.locator(ctl(name)).click()


def pick_cards(page, picker: str, cards) -> None:
    """Click the cards of ``cards`` in the card picker ``picker`` (one button per card)."""
    for g in set(cards):
        for i in range(cards.count(g)):
            page.locator(f"{ctl(picker)} .sn-pick-{GOODS[g].id}").nth(i).click()


def confirm_if_warned(page, k: int) -> None:
    """The coach may warn before a risky move: wait for the warning or the next position, and
    confirm ("Do it anyway") if warned."""
    page.wait_for_function(
        f"() => document.querySelector('{ctl('coach.confirm')}') || "
        f'!document.querySelector(\'[data-hand-seat="{HUMAN}"][data-moves="{k}"]\')',
        timeout=TIMEOUT,
    )
    if page.locator(ctl("coach.confirm")).count():
        page.locator(ctl("coach.confirm")).click()


def play_by_clicks(page, game_before: Game, a: A.Action, names) -> None:
    """Make move ``a`` through the widgets (the page shows the position ``game_before``)."""
    s = game_before.state
    _play_by_clicks(page, game_before, a, names)
    confirm_if_warned(page, len(s.history))


def _play_by_clicks(page, game_before: Game, a: A.Action, names) -> None:
    s = game_before.state
    if isinstance(a, A.ChooseStart):
        choose(page, "start.who", names[a.start])
        click(page, "start.go")
    elif isinstance(a, A.Market):
        pick_cards(page, "market.cards", list(a.discard))
        click(page, "market.go")
    elif isinstance(a, A.LoadBag):
        pick_cards(page, "load.cards", list(a.cards))
        click(page, "load.go")
    elif isinstance(a, A.Declare):
        choose(page, "declare.good", f"{a.count} {GOODS[a.good].name}")
        click(page, "declare.go")
    elif isinstance(a, A.Threaten):
        click(page, f"bag.{a.merchant}.threaten")
    elif isinstance(a, (A.Inspect, A.Pass)):
        word = "inspect" if isinstance(a, A.Inspect) else "pass"
        click(page, f"deal.{word}" if s.nego is not None else f"bag.{a.merchant}.{word}")
    elif isinstance(a, A.Accept):
        click(page, "deal.accept")
    elif isinstance(a, A.Decline):
        click(page, "deal.decline")
    elif isinstance(a, A.PayDebt):  # the debtor's goods: options listed as the engine lists them
        ways = [w for w in game_before.legal_actions(a.player) if isinstance(w, A.PayDebt)]
        page.locator(ctl("debt.goods") + " select").select_option(index=ways.index(a))
        click(page, "debt.pay")
    else:
        raise AssertionError(f"no click for {a!r}")


def table_on_page(page, p: int) -> dict:
    """Gold, face-up goods and face-down count in seat ``p``'s panel on the page."""
    panel = page.locator(f'.sn-table .sn-seat[data-seat="{p}"] .sn-panel')
    gold = int(panel.locator(".sn-gold").inner_text())
    goods: dict[str, int] = {}
    hidden = 0
    for card in panel.locator(".sn-card").all():
        badge = card.locator(".sn-count")
        k = int(badge.inner_text().lstrip("×")) if badge.count() else 1
        cls = card.get_attribute("class")
        if "sn-back" in cls:
            hidden += k
        else:
            goods[card.locator(".sn-name").inner_text()] = k
    return {"gold": gold, "goods": goods, "hidden": hidden}


def table_expected(game: Game, p: int) -> dict:
    s = game.state
    stand = s.stands[p]
    if p == HUMAN:  # the human's own panel shows their face-down goods face up
        goods = {GOODS[g].name: stand[g] for g in range(N_GOODS) if stand[g]}
        hidden = 0
    else:
        goods = {GOODS[g].name: stand[g] for g in range(N_GOODS) if stand[g] and IS_LEGAL[g]}
        hidden = sum(stand[g] for g in range(N_GOODS) if not IS_LEGAL[g])
    return {"gold": s.gold[p], "goods": goods, "hidden": hidden}


def start_game(page, voila_url) -> list[str]:
    open_lesson(page, voila_url, "20_play.ipynb")
    page.wait_for_selector(ctl("setup.start"), timeout=TIMEOUT)
    shot(page, "20_play_setup")
    set_number(page, "setup.delay", 0)
    expect(page.locator(ctl("seat.0.kind") + " select option")).to_have_text(["Human (hot seat)", "Bot"])
    choose(page, "seat.0.kind", "Human (hot seat)")
    for p in range(1, PLAYERS):
        choose(page, f"seat.{p}.kind", "Bot")
    set_number(page, "setup.seed", SEED)
    names = [page.locator(ctl(f"seat.{p}.name") + " input").input_value() for p in range(PLAYERS)]
    click(page, "setup.start")
    return names


def test_one_human_plays_two_rounds_by_clicks(page, voila_url):
    rounds = 2
    expected, human_moves = reference(rounds)
    names = start_game(page, voila_url)
    assert names == expected.names
    shots = set()
    for k, a in human_moves:
        # wait until the page shows the position before this move, with the human's cards
        page.wait_for_selector(f'[data-hand-seat="{HUMAN}"][data-moves="{k}"]', timeout=TIMEOUT)
        before = Game(expected.rules, expected.names, SEED)
        before.state = expected.replay_to(k)
        hand_on_page = page.locator(f'[data-hand-seat="{HUMAN}"]').inner_text()
        assert "Your hand" in hand_on_page
        kind = type(a).__name__
        if kind in ("LoadBag", "Offer", "Accept", "Decline") or (kind == "Threaten" and "threaten" not in shots):
            if kind not in shots:
                shot(page, f"20_play_{kind.lower()}")
                shots.add(kind)
        play_by_clicks(page, before, a, names)
        if isinstance(a, A.Threaten):
            # the bot answers at once (delay 0): the negotiation is on screen
            page.wait_for_selector(ctl("deal.inspect"), timeout=TIMEOUT)
            shot(page, "20_play_negotiation")
    # both rounds are over: round 3 is under way
    page.wait_for_function(
        "() => /Round 3 of/.test(document.querySelector('.sn-round')?.innerText || '')", timeout=TIMEOUT
    )
    page.wait_for_selector(f'[data-hand-seat="{HUMAN}"]', timeout=TIMEOUT)
    for p in range(PLAYERS):
        assert table_on_page(page, p) == table_expected(expected, p), f"seat {p} ({names[p]})"
    golds = [int(t) for t in page.locator(".sn-table .sn-seat .sn-gold").all_inner_texts()]
    assert golds == list(expected.state.gold)
    assert sum(golds) <= 50 * PLAYERS
    # the story says what the bots did, with their reasons for public decisions
    story = page.locator(STORY).inner_text()
    assert "Round 2" in story and "Why:" in story
    # the human's hand on the page is the engine's hand for seat 0
    hand = expected.state.hands[HUMAN]
    for g in range(N_GOODS):
        if hand[g]:
            assert GOODS[g].name in page.locator(f'[data-hand-seat="{HUMAN}"]').inner_text()
    shot(page, "20_play_round3")
    assert_no_errors(page)


def test_all_bot_game_ends_with_the_score_table(page, voila_url):
    from sheriff.tournament import play_one

    open_lesson(page, voila_url, "20_play.ipynb")
    page.wait_for_selector(ctl("setup.start"), timeout=TIMEOUT)
    set_number(page, "setup.delay", 0)
    choose(page, "setup.players", "5")
    page.wait_for_selector(ctl("seat.4.name") + " input", state="visible", timeout=TIMEOUT)
    for p in range(5):
        choose(page, f"seat.{p}.kind", "Bot")
    set_number(page, "setup.seed", 9)
    click(page, "setup.start")
    page.wait_for_selector(".sn-scores .sn-total", timeout=60_000)
    assert page.locator(".sn-rules").inner_text() == "2E, 5 players · seed 9"
    totals = [int(t) for t in page.locator(".sn-scores .sn-total").all_inner_texts()]
    seats = default_seats(())
    ref = play_one(
        Rules(players=5), [(sc.merchant, sc.sheriff) for sc in seats[:5]], 9, names=[sc.name for sc in seats[:5]]
    )
    assert totals == [s.total for s in ref.scores]
    assert re.search(r"winner", page.locator(".sn-scores").inner_text())
    shot(page, "20_play_final_scores")
    assert_no_errors(page)


def test_bots_play_at_a_visible_pace(page, voila_url):
    """With a delay, bots move one by one (the kernel's event loop), not all at once."""
    open_lesson(page, voila_url, "20_play.ipynb")
    page.wait_for_selector(ctl("setup.start"), timeout=TIMEOUT)
    choose(page, "setup.players", "3")
    for p in range(3):
        choose(page, f"seat.{p}.kind", "Bot")
    set_number(page, "setup.delay", 0.3)
    click(page, "setup.start")
    page.wait_for_selector(f"{STORY} p", timeout=TIMEOUT)
    first = page.locator(STORY).inner_text()
    # the story grows move by move (a bot every 0.3 s), and the game is not over yet
    page.wait_for_function(
        f"(first) => document.querySelector('{STORY}').innerText !== first", arg=first, timeout=TIMEOUT
    )
    assert not page.locator(".sn-scores").count(), "…one at a time, not all at once"
    set_number(page, "game.delay", 0)  # speed up: the game finishes
    page.wait_for_selector(".sn-scores .sn-total", timeout=60_000)
    assert_no_errors(page)


def _shots(page, name: str) -> None:
    """Screenshots at 1280 and 400 px wide (only when SHERIFF_SCREENSHOTS is set)."""
    import os

    if not os.environ.get("SHERIFF_SCREENSHOTS"):
        return
    for w in (1280, 400):
        page.set_viewport_size({"width": w, "height": 900})
        page.wait_for_timeout(150)
        screenshot(page, f"{name}_{w}")
    page.set_viewport_size({"width": 1280, "height": 900})


def test_the_coach_answers_and_warns_before_a_risky_bag(page, voila_url):
    open_lesson(page, voila_url, "20_play.ipynb")
    page.wait_for_selector(ctl("setup.start"), timeout=TIMEOUT)
    set_number(page, "setup.delay", 0)
    page.locator(ctl("seat.0.kind") + " select").select_option(label="Bot")
    page.locator(ctl("seat.1.kind") + " select").select_option(label="Human (hot seat)")
    for p in (2, 3):
        page.locator(ctl(f"seat.{p}.kind") + " select").select_option(label="Bot")
    # the coach's bot is on the setup form: choosing it for one role chooses it for both
    from sheriff.widgets.play.setup import COACH_HELP

    page.locator(ctl("seat.2.merchant") + " select").select_option(label=COACH_HELP)
    page.wait_for_function(
        f"() => {{ const s = document.querySelector('{ctl('seat.2.sheriff')} select');"
        f" return s.value === {COACH_HELP!r}; }}",
        timeout=TIMEOUT,
    )
    set_number(page, "setup.seed", SEED)
    click(page, "setup.start")
    page.wait_for_selector(ctl("market.go"), timeout=TIMEOUT)
    click(page, "coach.ask")
    page.wait_for_selector(".sn-coach", timeout=TIMEOUT)
    assert "The coach suggests:" in page.locator(".sn-coach").inner_text()
    _shots(page, "coach_market")
    click(page, "market.go")  # keep the whole hand: the dealt hand
    page.wait_for_selector(ctl("load.go"), timeout=TIMEOUT)
    click(page, "coach.ask")
    page.wait_for_selector(ctl("coach.take"), timeout=TIMEOUT)  # the advice can be taken at once
    assert not page.locator(".sn-coach table").is_visible()  # the figures are folded away
    _shots(page, "coach_load")
    page.locator(".sn-coach-figures summary").click()
    page.wait_for_selector(".sn-coach table", timeout=TIMEOUT)  # the figures, as a small table
    _shots(page, "coach_load_figures")
    hand = Game(Rules(edition="2E", players=PLAYERS), seed=SEED).state.hands[1]
    held = [g for g in range(N_GOODS) if hand[g]]
    mixed = [held[0], held[-1]]
    assert mixed[0] != mixed[1]
    pick_cards(page, "load.cards", mixed)
    click(page, "load.go")
    page.wait_for_selector(ctl("coach.confirm"), timeout=TIMEOUT)
    assert "No declaration can be true for this bag" in page.locator(".sn-warn").inner_text()
    _shots(page, "coach_warning")
    click(page, "coach.cancel")  # think again: nothing was played
    page.wait_for_selector(ctl("coach.confirm"), state="detached", timeout=TIMEOUT)
    click(page, "load.go")
    page.wait_for_selector(ctl("coach.confirm"), timeout=TIMEOUT)
    # the warning sits right under the button that caused it, within one screen of it
    gap = page.evaluate(
        f"() => document.querySelector('.sn-warn').getBoundingClientRect().top"
        f" - document.querySelector('{ctl('load.go')}').getBoundingClientRect().bottom"
    )
    assert 0 <= gap < 200, gap
    click(page, "coach.confirm")  # do it anyway: the bag is loaded
    page.wait_for_selector(ctl("declare.go"), timeout=TIMEOUT)
    assert_no_errors(page)


def test_the_coach_advises_the_sheriff_in_a_sentence_with_a_button(page, voila_url):
    open_lesson(page, voila_url, "20_play.ipynb")
    page.wait_for_selector(ctl("setup.start"), timeout=TIMEOUT)
    set_number(page, "setup.delay", 0)
    choose(page, "seat.0.kind", "Human (hot seat)")
    for p in range(1, PLAYERS):
        choose(page, f"seat.{p}.kind", "Bot")
    set_number(page, "setup.seed", SEED)
    click(page, "setup.start")  # seat 0 is the first Sheriff with this seed (see human_policy)
    page.wait_for_selector(ctl("start.go"), timeout=TIMEOUT)
    click(page, "start.go")
    page.wait_for_selector(ctl("bag.1.inspect") + "," + ctl("bag.2.inspect"), timeout=TIMEOUT)
    click(page, "coach.ask")
    page.wait_for_selector(ctl("coach.take"), timeout=TIMEOUT)
    advice = page.locator(".sn-coach").inner_text()
    assert "chance of contraband" in advice
    assert not page.locator(".sn-coach table").is_visible()  # the figures are folded away
    _shots(page, "coach_sheriff")
    page.locator(".sn-coach-figures summary").click()
    page.wait_for_selector(".sn-coach table", timeout=TIMEOUT)
    _shots(page, "coach_sheriff_figures")
    assert_no_errors(page)
