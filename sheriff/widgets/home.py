"""The home page: the lessons in order, the play and theory pages, and a browser of every
rule the tutor cites (with interpretations flagged)."""
from __future__ import annotations

from html import escape

import ipywidgets as widgets

from sheriff.rulebook import RULES
from sheriff.widgets import kit, lesson

LESSONS = [
    ("01_components_and_setup.ipynb", "Components and setup", "the goods, the deck for 3 to 6 players, coins, "
     "and the table the engine deals"),
    ("02_market.ipynb", "The Market", "swapping cards: two discard piles in the 1st edition, the deck only in the 2nd"),
    ("03_loading.ipynb", "Loading the bag", "one to five cards from your hand, and a closed bag stays closed"),
    ("04_declaration.ipynb", "The declaration", "the exact number of cards and one legal good: lies allowed"),
    ("05_inspection.ipynb", "Inspection", "let it pass, open it, or take a bribe; deals that bind and promises that don't"),
    ("06_gold_and_end_of_round.ipynb", "Gold and the end of a round", "paying in goods when the gold runs out, "
     "refilling hands, the next Sheriff, how long a game lasts"),
    ("07_scoring.ipynb", "Scoring", "goods, gold, King and Queen bonuses, ties and tie-breakers"),
    ("08_royal_goods_and_variants.ipynb", "Royal Goods and variants", "Royal Goods, the time limit, removing "
     "cards, seven-card hands, six players with Deputies, the Black Market"),
    ("09_editions.ipynb", "1st and 2nd edition", "every difference, each shown by the engine"),
    ("10_myths.ipynb", "Myths", "mistakes in unofficial write-ups, corrected"),
    ("11_score_calculator.ipynb", "Score calculator", "for your own game night: type the stands, get the winner"),
]
MORE = [
    ("20_play.ipynb", "Play", "a whole game against the engine's bots"),
    ("21_replay.ipynb", "Replay a saved game", "step through any game with every hand shown, and play on from any step"),
    ("30_inspection_game.ipynb", "Theory lab: the inspection game", "when should the Sheriff open a bag?"),
    ("31_bribe_bargaining.ipynb", "Theory lab: bribe bargaining", "how much is a bribe worth?"),
]


def lessons_html() -> str:
    def item(i, f, t, d):
        num = f"{i}. " if i else ""
        return (f'<li style="margin:4px 0"><a href="{escape(f)}" style="font-weight:bold;color:#1565c0;'
                f'text-decoration:underline">{num}{escape(t)}</a>'
                f' — <span class="snl-zone">{escape(d)}</span></li>')
    lessons = "".join(item(i, f, t, d) for i, (f, t, d) in enumerate(LESSONS, 1))
    more = "".join(item(0, f, t, d) for f, t, d in MORE)
    return (f'<div class="snl"><div class="snl-kicker">Lessons, in order</div><ol style="list-style:none;'
            f'padding-left:4px;margin:4px 0">{lessons}</ol><div class="snl-kicker" style="margin-top:8px">'
            f'Then</div><ul style="list-style:none;padding-left:4px;margin:4px 0">{more}</ul></div>')


class RuleBrowser(kit.Frame):
    """Every rule the engine can cite, one at a time."""

    def __init__(self, start: int = 0):
        super().__init__()
        self.ids = list(RULES)
        self.index = start
        self.edition = kit.edition_toggle("both", both=True, width="100px")
        self.back = lesson.button("◀", "48px")
        self.forward = lesson.button("▶", "48px")
        self.forward.add_class("snl-rule-next")
        self.pick = widgets.Dropdown(options=[(RULES[r].title, i) for i, r in enumerate(self.ids)], value=start,
                                     layout=widgets.Layout(width="360px"))
        self.shown = lesson.html()
        self.shown.add_class("snl-rule-shown")
        lesson.bench(self.forward, self.shown)
        self.back.on_click(lambda _: self.go(self.index - 1))
        self.forward.on_click(lambda _: self.go(self.index + 1))
        self.pick.observe(lambda ch: self.go(ch["new"]), names="value")
        self.edition.observe(lambda _: self.go(self.index), names="value")
        interp = sum(1 for r in RULES.values() if r.interpretation)
        head = lesson.html(f'<div class="snl"><div class="snl-kicker">The rules the tutor cites</div>'
                            f'<div class="snl-zone">{len(self.ids)} rules in the tutor\'s own words, each with the '
                            f'rulebook section it comes from. {interp} of them are marked as the tutor\'s '
                            f'interpretation, where the rulebooks leave a question open.</div></div>')
        self.body(head, lesson.row([self.back, self.pick, self.forward]), self.edition,
                         self.shown)
        self.go(start)

    def go(self, i: int) -> None:
        self.index = i % len(self.ids)
        if self.pick.value != self.index:
            self.pick.value = self.index
        rid = self.ids[self.index]
        self.shown.value = (f'<div class="snl"><div class="snl-zone">Rule {self.index + 1} of {len(self.ids)}'
                            f'</div>{lesson.rule_html(rid, None if self.edition.value == "both" else self.edition.value)}</div>')


class Home(kit.Frame):
    def __init__(self, lessons: bool = True):
        # lessons=False: the page lists the course itself (course_nav.course_map, with progress)
        super().__init__(border=None)
        self.lessons = lesson.html(lessons_html())
        self.lessons.add_class("sheriff-home")
        self.rules = RuleBrowser()
        self.body(*([self.lessons] if lessons else []), self.rules)


__all__ = ["Home", "RuleBrowser", "LESSONS", "MORE", "lessons_html"]
