"""The play and replay pages in Ukrainian: the setup form, the header, the Sheriff's and the
merchant's controls, the end-of-game panel, the simulation panel and the replay viewer speak
Ukrainian, with numbers in their plural forms, and leave no English sentence of their own.
English stays as it was (tests/test_play_widgets.py checks it in detail)."""

from __future__ import annotations

import re

import pytest

from sheriff import i18n
from sheriff.engine import Game
from sheriff.rules import Rules
from sheriff.saved_game import save_game
from sheriff.tournament import play_one
from sheriff.widgets.play.app import PlayApp, widget_text
from sheriff.widgets.play.replay import ReplayViewer
from sheriff.widgets.play.session import Session
from sheriff.widgets.play.setup import PlayConfig, default_seats
from sheriff.widgets.play.table import header_html, score_table_html

# Three Latin-letter words in a row: an English sentence (or its start) left on the page.
# Names and goods from other catalogs are at most two words, and numbers break a run.
ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'’-]*(?:[ ,.:;()“”]+[A-Za-z][A-Za-z'’-]*){2,}")


def visible(html: str) -> str:
    """The words a reader sees in some HTML: no styles, scripts, attributes or card faces
    (the cards are drawn by another area's module, translated in its own catalog)."""
    html = re.sub(r"<(style|script)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'<div class="sn-row">.*?</div></div></div>', " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def english_runs(text: str) -> list[str]:
    return ENGLISH_RUN.findall(visible(text))


def uk_cards(n: int) -> str:
    """The Ukrainian plural rule, written out: 1 картка, 2-4 картки, 5-20 карток, 21 картка..."""
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} картка"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} картки"
    return f"{n} карток"


def cfg(players=4, humans=(0,), seed=3, **variants) -> PlayConfig:
    return PlayConfig(edition="2E", players=players, seats=default_seats(humans), seed=seed, **variants)


def test_setup_form_speaks_ukrainian():
    with i18n.language("uk"):
        app = PlayApp(bot_delay=0)
        text = widget_text(app.setup.box)
    for words in (
        "Налаштування гри",
        "Додаткові правила",
        "Місце 1",
        "Почати гру",
        "Людина (по черзі)",
        "контрабандист: ховає контрабанду",
        "Чорний ринок (2-ге видання)",
        "Зерно тасування:",
        "Зіграти багато партій цими ботами",
        "Завантажити збережену гру",
    ):
        assert words in text, words
    assert english_runs(text) == []


def test_setup_problems_in_ukrainian():
    with i18n.language("uk"):
        app = PlayApp(bot_delay=0)
        c = cfg()
        c.seats[1].name = c.seats[0].name
        assert not app.start(c)
        assert "Імена на всіх місцях мають бути різними." in app.setup.message.value


def _play_in_ukrainian(app: PlayApp, moves: int = 400) -> list[str]:
    """Play the human seat with the legal moves in turn; collect every prompt, button and header."""
    seen = []
    for i in range(moves):
        seen.append(app.header.value)
        if app.decision in ("over", None):
            break
        if app.decision == "handover":
            app.take_device()
            continue
        seen.append(widget_text(app.private))
        g = app.game
        acts = g.legal_actions(g.to_act)
        app.submit(acts[i % len(acts)], confirmed=True)
    return seen


@pytest.mark.slow
def test_a_game_at_the_table_speaks_ukrainian():
    with i18n.language("uk"):
        app = PlayApp(bot_delay=0)
        assert app.start(cfg(players=4, humans=(0,), seed=5))
        head = header_html(app.live)
        assert "Раунд 1 з 8" in head and "Шериф:" in head and "Хід:" in head
        seen = _play_in_ukrainian(app)
        assert app.game.is_over() and app.decision == "over"
        end = app.end.value
        text = "\n".join(seen)
        over_head, scores = header_html(app.live), score_table_html(app.game)
    for words in (
        "Що мені робити?",
        "Торгівля: клацніть картки",
        "Закрити мішок",
        "Я оголошую:",
        "Віддайте мішок шерифові й оголосіть",
        "Ви шериф.",
        "Відкрити мішок",
        "Пропустити",
    ):
        assert words in text, words
    assert "Підсумкові очки" in end and "Прилавки, перевернуті горілиць" in end and "Очки" in end
    assert english_runs("\n".join(re.findall(r'<div class="sn-prompt">.*?</div>', text))) == []
    assert "Гру завершено" in over_head and "Гравець" in scores and "Разом бонусів" in scores
    assert english_runs(over_head.split('<span class="sn-pill sn-rules">')[0]) == []  # the rules: rules' catalog
    assert english_runs(scores) == []


def test_hand_and_loaded_game_take_plural_forms():
    game = Game(Rules(edition="2E", players=4), seed=2)
    for _ in range(3):
        game.push(game.legal_actions(game.to_act)[0])
    text = save_game(game)
    with i18n.language("uk"):
        app = PlayApp(bot_delay=0)
        assert app.load_text(text)
        story = "\n".join(line.text for line in app.live.lines)
        assert "Завантажено збережену гру: зіграно 3 ходи." in story
        hand = app._private_html(0)
        k = sum(app.game.view(0).hand)
        assert f"<b>Ваша рука</b> ({uk_cards(k)}):" in hand
    with i18n.language("en"):
        app = PlayApp(bot_delay=0)
        assert app.load_text(text)
        assert "Loaded a saved game: 3 moves played so far. Play goes on from here." in [
            line.text for line in app.live.lines
        ]


@pytest.mark.parametrize("n, form", [(1, "1 картка"), (3, "3 картки"), (6, "6 карток"), (21, "21 картка")])
def test_cards_in_the_bag_plural_forms(n, form):
    with i18n.language("uk"):
        assert (
            i18n.ngettext(
                "<b>{name}</b>: declared “{declared}”, {n} card in the bag, {gold} gold",
                "<b>{name}</b>: declared “{declared}”, {n} cards in the bag, {gold} gold",
                n,
            ).format(name="Мач", declared="2 сир", n=n, gold=5)
            == f"<b>Мач</b>: оголошено «2 сир», у мішку {form}, золота: 5"
        )


def test_bot_styles_and_simulation_in_ukrainian():
    with i18n.language("uk"):
        app = PlayApp(bot_delay=0)
        c = cfg(players=3, humans=())
        session = Session(Game(c.rules(), c.names, seed=1), [], c.styles)
        assert session.bot_label(0) == "торговець: контрабандист, шериф: підозріливий"
        app.simulate(c, games=3)
        html = app.setup.sim_result.value
    assert "Бот (торговець / шериф)" in html and "3 гри," in html and "спільна перемога" in html
    assert "контрабандист / підозріливий" in html


def test_replay_viewer_speaks_ukrainian():
    game = play_one(
        Rules(edition="2E", players=4),
        [("smuggler", "suspicious"), ("honest", "trusting"), ("bluffer", "greedy"), ("smuggler", "greedy")],
        seed=7,
    )
    with i18n.language("uk"):
        viewer = ReplayViewer(game, bot_delay=0)
        start = viewer.where.value
        text = widget_text(viewer.root)
        viewer.go(len(game.history))
        end = viewer.where.value + viewer.board.value
        app = viewer.branch(k=4, seat=1)
        branch = widget_text(viewer.branch_slot)
    assert "Етап 0 з" in start and "Картки перетасовано й роздано" in start
    assert "Грати далі звідси (нова гілка)" in text and "Ви граєте за:" in text
    assert "Гру завершено" in end and "Підсумкові очки" in end
    assert "Гілка з кроку 4: ви граєте за гравця" in branch
    assert app is not None and app.decision is not None
    step = start.split('<div class="sn-replay-story">')[0].split(" · ")[0]  # the phase: the rules' catalog
    assert english_runs(step) == [] and re.search(r"Етап 0 з \d+", step)


def test_english_is_unchanged():
    with i18n.language("en"):
        app = PlayApp(bot_delay=0)
        text = widget_text(app.setup.box)
        assert "Set up a game" in text and "smuggler: hides contraband under a legal declaration" in text
        assert app.start(cfg(players=4, humans=(0,), seed=5))
        assert "<b>Your hand</b> (6 cards):" in app._private_html(0)
        assert "Round 1 of 8" in header_html(app.live)
