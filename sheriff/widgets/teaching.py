"""The teacher's page: two 45-minute class plans, page by page, with what to ask."""
from __future__ import annotations

from html import escape


from sheriff.widgets import kit, lesson

# (minutes, page, title, what to do, what to ask)
INSPECTION_CLASS = [
    ("0–5", "00_overview.ipynb", "The game in two minutes",
     "Project the page and read the five phases aloud; point at the bag with two Apples and one Pepper.",
     "Why would anyone put Pepper in a bag the Sheriff may open?"),
    ("5–15", "05_inspection.ipynb", "Inspection",
     "Step through the first worked example together. Then let pairs use the inspection lab: one chooses the bag, "
     "the other opens it or lets it pass.",
     "Who pays when the Sheriff opens an honest bag? And a lying one?"),
    ("15–30", "30_inspection_game.ipynb", "Theory lab: the inspection game",
     "Keep the default bag. Before showing the answer, ask for a show of hands: should the Sheriff open every bag, "
     "none, or some? Then read the equilibrium and the plot. Change the smuggled good to Crossbows.",
     "If the Sheriff opened every bag, what would merchants do? And if he never did? Where do the merchant's two lines "
     "of the plot cross, and what does that point mean?"),
    ("30–40", "20_play.ipynb", "Play",
     "Pairs play one round against the bots, taking turns as the Sheriff.",
     "Did you open bags as often as the lab said? Why or why not?"),
    ("40–45", "00_home.ipynb", "Home",
     "Recap on the board: the Sheriff should open just often enough that smuggling stops paying.",
     "What would change if the fines were doubled? (Check it in the lab next time.)"),
]

BLUFFING_CLASS = [
    ("0–5", "00_overview.ipynb", "The game in two minutes",
     "Read the goal and the five phases; stop at the declaration.",
     "What may a merchant lie about, and what must be true?"),
    ("5–15", "04_declaration.ipynb", "The declaration",
     "Step through the worked example; then let students try declarations the tutor refuses and accepts.",
     "Why must the number of cards be true? What would go wrong if it were not?"),
    ("15–25", "05_inspection.ipynb", "Inspection",
     "Use the bribe part of the lab: offer gold and goods, see what the Sheriff may accept and what binds.",
     "Is a promise for next round worth anything? Why does the game say so?"),
    ("25–40", "31_bribe_bargaining.ipynb", "Theory lab: bribe bargaining",
     "Open “Does the offer give the bag away?”. Let each student pick a load and read the last offer; collect the "
     "answers on the board. Then look at the plot of both sides' gains against the fine.",
     "Every load gave the same offer. Why is that the smuggler's best plan? What would the Sheriff do if "
     "smugglers offered 3 gold and honest merchants nothing? Why does the smuggler gain less as the fine grows?"),
    ("40–45", "00_home.ipynb", "Home",
     "Recap: a good bluff looks exactly like the truth; an offer that changes with the bag gives it away.",
     "Where else do people keep a ‘poker face’ for the same reason?"),
]


def plan_html(title: str, plan) -> str:
    rows = "".join(
        f'<tr><td class="num">{escape(m)}</td><td><a style="color:#1565c0;text-decoration:underline" href="{escape(f)}">{escape(t)}</a></td>'
        f'<td>{escape(do)}</td><td><i>{escape(ask)}</i></td></tr>' for m, f, t, do, ask in plan)
    return (f'<div class="snl"><div class="snl-kicker">{escape(title)}</div><div style="overflow-x:auto">'
            f'<table class="snl-grid"><tr><th>minutes</th><th>page</th><th>what the class does</th>'
            f'<th>what to ask</th></tr>{rows}</table></div></div>')


def class_plan(which: str = "inspection"):
    """One class plan as a lesson HTML block ("inspection" or "bluffing")."""
    plan = INSPECTION_CLASS if which == "inspection" else BLUFFING_CLASS
    title = ("Class 1: the inspection game" if which == "inspection" else "Class 2: bluffing and bribes")
    frame = kit.Frame()
    frame.body(lesson.html(plan_html(title, plan)))
    return frame


__all__ = ["class_plan", "plan_html", "INSPECTION_CLASS", "BLUFFING_CLASS"]
