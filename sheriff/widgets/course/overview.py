""" "The game in two minutes": the goal, the roles, the five phases and how you win, each
in the tutor's words with its rulebook sections, glossary words marked, phases linked to
their lessons."""

from __future__ import annotations

from html import escape

from sheriff.cards import GOODS, N_GOODS
from sheriff.i18n import N_, _
from sheriff.widgets import kit, language, lesson, render
from sheriff.widgets.glossary_links import with_glossary

GOAL = N_(
    "You are merchants bringing goods into Nottingham. Each round one player is the Sheriff at the city "
    "gate; everybody else is a merchant. At the end of the game the richest merchant wins."
)
GOAL_CITE = N_("1E · opening page; 2E · Introduction")

ROLES = [
    (
        N_("Merchant"),
        N_(
            "Packs a bag in secret and tells the Sheriff what is inside. Honest bags are safe but earn "
            "little; contraband is worth more, if the Sheriff does not catch it."
        ),
    ),
    (
        N_("Sheriff"),
        N_(
            "Decides which bags to open. Catching a liar earns the penalties; opening an honest bag costs "
            "the Sheriff. He may also take a bribe to look the other way."
        ),
    ),
]

# (phase, what happens, citation, lesson)
PHASES = [
    (
        N_("Market"),
        N_("Each merchant sets up to five cards aside and draws back up to six."),
        N_("1E · Market; 2E · Phase 1 Market"),
        "02_market.ipynb",
    ),
    (
        N_("Load the bag"),
        N_("Each merchant puts one to five cards from his hand into his bag and closes it."),
        N_("1E · Load Merchant Bag; 2E · Phase 2 Load Merchant Bag"),
        "03_loading.ipynb",
    ),
    (
        N_("Declaration"),
        N_(
            "Each merchant says how many cards are in the bag and names one legal good. The number "
            "must be true; the good may be a bluff."
        ),
        N_("1E · Declaration; 2E · Phase 3 Declaration"),
        "04_declaration.ipynb",
    ),
    (
        N_("Inspection"),
        N_(
            "The Sheriff lets each bag pass or opens it. Merchants may offer bribes. Whoever is wrong "
            "pays the penalties."
        ),
        N_("1E · Inspection; 2E · Phase 4 Inspection"),
        "05_inspection.ipynb",
    ),
    (
        N_("End of round"),
        N_(
            "Goods that got through stay on each merchant stand; everyone refills his hand, and the "
            "next player becomes Sheriff."
        ),
        N_("1E · End of Round; 2E · Phase 5 End of Round"),
        "06_gold_and_end_of_round.ipynb",
    ),
]

WIN = N_(
    "When everyone has been Sheriff twice (three times with three players), the game ends. Your score is the "
    "value of the goods on your stand, plus your gold, plus a King or Queen bonus for having the most or second "
    "most of a legal good. Cards still in your hand count for nothing."
)
WIN_CITE = N_("1E · End of the game; 2E · Winning the Game")


def _cite(c: str) -> str:
    return f' <span class="sn-src">({escape(_(c))})</span>'


def overview_html() -> str:
    seen: set[str] = set()  # each glossary word marked once on the page
    g = lambda text: with_glossary(escape(_(text)), seen=seen)  # noqa: E731
    roles = "".join(f'<div class="sn-phase-box"><b>{escape(_(r))}</b><br>{g(t)}</div>' for r, t in ROLES)
    phases = "".join(
        f'<div class="sn-phase-box"><span class="sn-num">{i}</span><a href="{escape(language.link(f))}">'
        f"<b>{escape(_(p))}</b></a><br>"
        f"{g(t)}{_cite(c)}</div>"
        for i, (p, t, c, f) in enumerate(PHASES, 1)
    )
    legal = [0] * N_GOODS
    smuggle = [0] * N_GOODS
    legal[GOODS.index(next(x for x in GOODS if x.id == "apples"))] = 2
    smuggle[GOODS.index(next(x for x in GOODS if x.id == "pepper"))] = 1
    bag = [a + b for a, b in zip(legal, smuggle)]
    bluff = _(
        "This bag holds two Apples and one Pepper, and its owner says “three Apples”. If the Sheriff lets "
        "it pass, the Pepper (worth 6) reaches the stand unseen. If he opens it, the Apples go through, the "
        "Pepper is taken away and the merchant pays its penalty of 4 gold."
    )
    bluff_cite = N_("1E · If the Sheriff inspects your bag; 2E · If the Sheriff Inspects Your Bag")
    goal, roles_k, phases_k, bluff_k, win_k = (
        _("The goal"),
        _("Two roles"),
        _("Five phases, every round"),
        _("A bluff, in one picture"),
        _("How you win"),
    )
    return (
        f'<div class="sn-text">'
        f'<div class="sn-kicker">{goal}</div><p>{g(GOAL)}{_cite(GOAL_CITE)}</p>'
        f'<div class="sn-kicker">{roles_k}</div><div class="sn-roles">{roles}</div>'
        f'<div class="sn-kicker" style="margin-top:10px">{phases_k}</div>'
        f'<div class="sn-phases">{phases}</div>'
        f'<div class="sn-kicker" style="margin-top:10px">{bluff_k}</div>'
        f"<p>{escape(bluff)}{_cite(bluff_cite)}</p>"
        f"{render.cards(bag)}"
        f'<div class="sn-kicker" style="margin-top:10px">{win_k}</div><p>{g(WIN)}{_cite(WIN_CITE)}</p>'
        "</div>"
    )


def Overview() -> kit.Frame:  # noqa: N802 (a widget, named like one)
    body = lesson.html(overview_html(), _dom_classes=["sn-overview"])
    frame = kit.Frame()
    frame.body(body)
    return frame


__all__ = ["Overview", "overview_html", "PHASES"]
