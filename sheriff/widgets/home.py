"""The home page: the lessons in order, the play and theory pages, and a link to the rule
reference (``40_reference``), where every rule the tutor cites is searched."""

from __future__ import annotations

from html import escape

from sheriff.i18n import N_, _, ngettext
from sheriff.rulebook import RULES
from sheriff.widgets import kit, language, lesson

LESSONS = [
    (
        "01_components_and_setup.ipynb",
        N_("Components and setup"),
        N_("the goods, the deck for 3 to 6 players, coins, and the table the engine deals"),
    ),
    (
        "02_market.ipynb",
        N_("The Market"),
        N_("swapping cards: two discard piles in the 1st edition, the deck only in the 2nd"),
    ),
    ("03_loading.ipynb", N_("Loading the bag"), N_("one to five cards from your hand, and a closed bag stays closed")),
    ("04_declaration.ipynb", N_("The declaration"), N_("the exact number of cards and one legal good: lies allowed")),
    (
        "05_inspection.ipynb",
        N_("Inspection"),
        N_("let it pass, open it, or take a bribe; deals that bind and promises that don't"),
    ),
    (
        "06_gold_and_end_of_round.ipynb",
        N_("Gold and the end of a round"),
        N_("paying in goods when the gold runs out, refilling hands, the next Sheriff, how long a game lasts"),
    ),
    ("07_scoring.ipynb", N_("Scoring"), N_("goods, gold, King and Queen bonuses, ties and tie-breakers")),
    (
        "08_royal_goods_and_variants.ipynb",
        N_("Royal Goods and variants"),
        N_(
            "Royal Goods, the time limit, removing cards, seven-card hands, six players with Deputies, the Black Market"
        ),
    ),
    ("09_editions.ipynb", N_("1st and 2nd edition"), N_("every difference, each shown by the engine")),
    ("10_myths.ipynb", N_("Myths"), N_("mistakes in unofficial write-ups, corrected")),
    (
        "11_score_calculator.ipynb",
        N_("Score calculator"),
        N_("for your own game night: type the stands, get the winner"),
    ),
]
MORE = [
    ("20_play.ipynb", N_("Play"), N_("a whole game against the engine's bots")),
    (
        "21_replay.ipynb",
        N_("Replay a saved game"),
        N_("step through any game with every hand shown, and play on from any step"),
    ),
    ("30_inspection_game.ipynb", N_("Theory lab: the inspection game"), N_("when should the Sheriff open a bag?")),
    ("31_bribe_bargaining.ipynb", N_("Theory lab: bribe bargaining"), N_("how much is a bribe worth?")),
]


def lessons_html() -> str:
    def item(i, f, t, d):
        num = f"{i}. " if i else ""
        return (
            f'<li style="margin:4px 0"><a href="{escape(language.link(f))}" style="font-weight:bold;'
            f'color:#1565c0;text-decoration:underline">{num}{escape(_(t))}</a>'
            f' — <span class="sn-zone">{escape(_(d))}</span></li>'
        )

    lessons = "".join(item(i, f, t, d) for i, (f, t, d) in enumerate(LESSONS, 1))
    more = "".join(item(0, f, t, d) for f, t, d in MORE)
    in_order, then = _("Lessons, in order"), _("Then")
    return (
        f'<div class="sn-text"><div class="sn-kicker">{in_order}</div><ol style="list-style:none;'
        f'padding-left:4px;margin:4px 0">{lessons}</ol><div class="sn-kicker" style="margin-top:8px">'
        f'{then}</div><ul style="list-style:none;padding-left:4px;margin:4px 0">{more}</ul></div>'
    )


REFERENCE = "40_reference.ipynb"


def reference_html() -> str:
    """Where the rules are: a link to the rule reference (search, edition filter, citations)."""
    interp = sum(1 for r in RULES.values() if r.interpretation)
    name = _("rule reference and glossary")
    link = (
        f'<a href="{escape(language.link(REFERENCE))}" class="sn-reference-link" style="font-weight:bold;'
        f'color:#1565c0;text-decoration:underline">{name}</a>'
    )
    text = ngettext(
        "All {n} rules the tutor cites, in its own words with the rulebook section each comes from ({interp} "
        "marked as the tutor's reading where the rulebooks leave a question open), are on the {link}: search "
        "them by word and filter by edition.",
        "All {n} rules the tutor cites, in its own words with the rulebook section each comes from ({interp} "
        "marked as the tutor's reading where the rulebooks leave a question open), are on the {link}: search "
        "them by word and filter by edition.",
        len(RULES),
    ).format(n=len(RULES), interp=interp, link=link)
    kicker = _("Looking up a rule")
    return f'<div class="sn-text sn-box"><div class="sn-kicker">{kicker}</div><div>{text}</div></div>'


class Home(kit.Frame):
    def __init__(self, lessons: bool = True):
        # lessons=False: the page lists the course itself (course_nav.course_map, with progress)
        super().__init__(border=None)
        self.lessons = lesson.html(lessons_html())
        self.lessons.add_class("sheriff-home")
        self.rules = lesson.html(reference_html())
        self.body(*([self.lessons] if lessons else []), self.rules)


__all__ = ["Home", "LESSONS", "MORE", "lessons_html", "reference_html"]
