"""The teacher's page: two 45-minute class plans, page by page, with what to ask."""

from __future__ import annotations

from html import escape

from sheriff.i18n import N_, _
from sheriff.widgets import kit, language, lesson

# (minutes, page, title, what to do, what to ask)
INSPECTION_CLASS = [
    (
        "0–5",
        "00_overview.ipynb",
        N_("The game in two minutes"),
        N_("Project the page and read the five phases aloud; point at the bag with two Apples and one Pepper."),
        N_("Why would anyone put Pepper in a bag the Sheriff may open?"),
    ),
    (
        "5–15",
        "05_inspection.ipynb",
        N_("Inspection"),
        N_(
            "Step through the first worked example together. Then let pairs use the inspection lab: one "
            "chooses the bag, the other opens it or lets it pass."
        ),
        N_("Who pays when the Sheriff opens an honest bag? And a lying one?"),
    ),
    (
        "15–30",
        "30_inspection_game.ipynb",
        N_("Theory lab: the inspection game"),
        N_(
            "Keep the default bag. Before showing the answer, ask for a show of hands: should the Sheriff "
            "open every bag, none, or some? Then read the equilibrium and the plot. Change the smuggled good "
            "to Crossbows."
        ),
        N_(
            "If the Sheriff opened every bag, what would merchants do? And if he never did? Where do the "
            "merchant's two lines of the plot cross, and what does that point mean?"
        ),
    ),
    (
        "30–40",
        "20_play.ipynb",
        N_("Play"),
        N_("Pairs play one round against the bots, taking turns as the Sheriff."),
        N_("Did you open bags as often as the lab said? Why or why not?"),
    ),
    (
        "40–45",
        "00_home.ipynb",
        N_("Home"),
        N_("Recap on the board: the Sheriff should open just often enough that smuggling stops paying."),
        N_("What would change if the fines were doubled? (Check it in the lab next time.)"),
    ),
]

BLUFFING_CLASS = [
    (
        "0–5",
        "00_overview.ipynb",
        N_("The game in two minutes"),
        N_("Read the goal and the five phases; stop at the declaration."),
        N_("What may a merchant lie about, and what must be true?"),
    ),
    (
        "5–15",
        "04_declaration.ipynb",
        N_("The declaration"),
        N_("Step through the worked example; then let students try declarations the tutor refuses and accepts."),
        N_("Why must the number of cards be true? What would go wrong if it were not?"),
    ),
    (
        "15–25",
        "05_inspection.ipynb",
        N_("Inspection"),
        N_("Use the bribe part of the lab: offer gold and goods, see what the Sheriff may accept and what binds."),
        N_("Is a promise for next round worth anything? Why does the game say so?"),
    ),
    (
        "25–40",
        "31_bribe_bargaining.ipynb",
        N_("Theory lab: bribe bargaining"),
        N_(
            "Open “Does the offer give the bag away?”. Let each student pick a load and read the last offer; "
            "collect the answers on the board. Then look at the plot of both sides' gains against the fine."
        ),
        N_(
            "Every load gave the same offer. Why is that the smuggler's best plan? What would the Sheriff do "
            "if smugglers offered 3 gold and honest merchants nothing? Why does the smuggler gain less as "
            "the fine grows?"
        ),
    ),
    (
        "40–45",
        "00_home.ipynb",
        N_("Home"),
        N_("Recap: a good bluff looks exactly like the truth; an offer that changes with the bag gives it away."),
        N_("Where else do people keep a ‘poker face’ for the same reason?"),
    ),
]


def plan_html(title: str, plan) -> str:
    rows = "".join(
        f'<tr><td class="num">{escape(m)}</td><td><a style="color:#1565c0;text-decoration:underline" '
        f'href="{escape(language.link(f))}">{escape(_(t))}</a></td>'
        f"<td>{escape(_(do))}</td><td><i>{escape(_(ask))}</i></td></tr>"
        for m, f, t, do, ask in plan
    )
    heads = "".join(f"<th>{h}</th>" for h in (_("minutes"), _("page"), _("what the class does"), _("what to ask")))
    return (
        f'<div class="sn-text"><div class="sn-kicker">{escape(title)}</div><div style="overflow-x:auto">'
        f'<table class="sn-grid"><tr>{heads}</tr>{rows}</table></div></div>'
    )


def class_plan(which: str = "inspection"):
    """One class plan as a lesson HTML block ("inspection" or "bluffing")."""
    plan = INSPECTION_CLASS if which == "inspection" else BLUFFING_CLASS
    title = _("Class 1: the inspection game") if which == "inspection" else _("Class 2: bluffing and bribes")
    frame = kit.Frame()
    frame.body(lesson.html(plan_html(title, plan)))
    return frame


__all__ = ["class_plan", "plan_html", "INSPECTION_CLASS", "BLUFFING_CLASS"]
