"""The teacher's page: two 45-minute class plans, page by page, with what to ask."""

from __future__ import annotations

from html import escape

from sheriff.i18n import N_, _
from sheriff.widgets import kit, language, lesson

# (minutes, page, title, what to do, what to ask).  The class games run on the class page
# (50_class_teacher.ipynb); students join from 51_class_student.ipynb on their own devices.
INSPECTION_CLASS = [
    (
        "0–5",
        "00_overview.ipynb",
        N_("The game in two minutes"),
        N_("Project the page and read the five phases aloud; point at the bag with two Apples and one Pepper."),
        N_("Why would anyone put Pepper in a bag the Sheriff may open?"),
    ),
    (
        "5–10",
        "05_inspection.ipynb",
        N_("Inspection"),
        N_("Step through the first worked example together on the projector."),
        N_("Who pays when the Sheriff opens an honest bag? And a lying one?"),
    ),
    (
        "10–22",
        "50_class_teacher.ipynb",
        N_("Class game: the inspection game"),
        N_(
            "Create a room with the inspection game and its default bag, and press “Projector view”: students "
            "scan the QR code (or open the link under it), find the room's code filled in and type a nickname; "
            "while they wait, each answers two questions on the rules (your seats table shows who passed). Set "
            "“Time per round (s)” to 60, then “Play these rounds by themselves” with 2: each round ends once "
            "everyone has chosen or the time is up, and partners swap roles, so everyone is the merchant once "
            "and the Sheriff once. Keep the answer hidden."
        ),
        N_("How many of you smuggled? How many Sheriffs opened the bag? Was that a good idea?"),
    ),
    (
        "22–32",
        "30_inspection_game.ipynb",
        N_("Theory lab: the inspection game"),
        N_(
            "Keep the default bag (the one the class just played). Ask for a show of hands: should the Sheriff "
            "open every bag, none, or some? Then press “Show the equilibrium” and read it and the plot. Back "
            "on the class page, once round 2 is over (it ends by itself; “End the round” ends it at once), press "
            "Reveal: the class's choices in both rounds beside the equilibrium."
        ),
        N_(
            "If the Sheriff opened every bag, what would merchants do? And if he never did? Where do the "
            "merchant's two lines cross, at the dotted line, and what does that point mean?"
        ),
    ),
    (
        "32–42",
        "50_class_teacher.ipynb",
        N_("Class game: a heavier fine for liars"),
        N_(
            "Ask the class to predict first. On the class page set “Liar's fine ×” to 2 (a Sheriff who opens an "
            "honest bag still pays the usual penalty; every setting is saved as you move it and used from the "
            "next round) and play two rounds by themselves; then set “Paid for an honest bag ×” to 2 as well and "
            "play two more. Each new round starts hidden, so no phone shows its answer while students choose: "
            "once a round is over, press Reveal. Set the same two sliders in the lab and compare its answers "
            "with the class's choices."
        ),
        N_(
            "Only the liar's fine doubled: who changes, the Sheriffs, the merchants, or both? And once an honest "
            "bag is paid double too, why does the lab say only the Sheriff?"
        ),
    ),
    (
        "42–45",
        "00_home.ipynb",
        N_("Home"),
        N_(
            "Recap on the board: the Sheriff should open just often enough that smuggling stops paying. "
            "Download the class's choices and the summary per student as CSV on the class page, then close the "
            "room."
        ),
        N_(
            "Why did doubling both payments change only the Sheriff's plan, while doubling the liar's fine alone "
            "made merchants smuggle less too?"
        ),
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
        "5–12",
        "04_declaration.ipynb",
        N_("The declaration"),
        N_("Step through the worked example; then let students try declarations the tutor refuses and accepts."),
        N_("Why must the number of cards be true? What would go wrong if it were not?"),
    ),
    (
        "12–27",
        "50_class_teacher.ipynb",
        N_("Class game: the bluffing duel"),
        N_(
            "Create a room with the bluffing duel and press “Projector view”; students scan the QR code, type a "
            "nickname and answer the duel's two questions while they wait. Each merchant loads a bag from his "
            "hand, declares it and may offer a bribe; his partner, the Sheriff, sees only the declaration and "
            "the offer. Set “Time per round (s)” to 120 and play 2 rounds by themselves, so that everyone is "
            "each side once; keep the answer hidden."
        ),
        N_("As the Sheriff, what did the offer tell you about the bag? As the merchant, what did you offer, and why?"),
    ),
    (
        "27–40",
        "31_bribe_bargaining.ipynb",
        N_("Theory lab: bribe bargaining"),
        N_(
            "Open “Does the offer give the bag away?”. Let each student pick a load, from 0 to 3 items, and read "
            "the last offer; collect the answers on the board. Then, on the class page, once the last round is "
            "over (“End the round” ends it at once), press Reveal: the class's offers beside the equilibrium. "
            "Last, look at the plot of both sides' gains against the fine."
        ),
        N_(
            "Every load gave the same offer. Why is that the smuggler's best plan? Did the class's bribes grow "
            "with the contraband? What would the Sheriff do if smugglers offered 3 gold and honest merchants "
            "nothing?"
        ),
    ),
    (
        "40–45",
        "00_home.ipynb",
        N_("Home"),
        N_(
            "Recap: a good bluff looks exactly like the truth; an offer that changes with the bag gives it away. "
            "Download the choices and the summary per student as CSV, and close the room."
        ),
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
    """One class plan as a lesson HTML block ("inspection", "bluffing" or "bargaining": ``PLANS``)."""
    title, plan = PLANS[which]
    title = _(title)
    frame = kit.Frame()
    frame.body(lesson.html(plan_html(title, plan)))
    return frame


__all__ = ["class_plan", "plan_html", "INSPECTION_CLASS", "BLUFFING_CLASS", "BARGAINING_CLASS", "PLANS"]


BARGAINING_CLASS = [
    (
        "0–5",
        "00_overview.ipynb",
        N_("The game in two minutes"),
        N_("Read the goal and the five phases; stop at the Sheriff's inspection and the bribe."),
        N_("What may a merchant offer the Sheriff, and when is it paid?"),
    ),
    (
        "5–20",
        "50_class_teacher.ipynb",
        N_("Class game: bribe bargaining"),
        N_(
            "Create a room with bribe bargaining and press “Projector view”; students scan the QR code, type a "
            "nickname and answer the game's two questions while they wait. Each merchant secretly loads 0 to 3 "
            "illegal items and offers 0 to 3 gold; his partner, the Sheriff, sees only the offer and lets the bag "
            "pass or inspects it. Set “Time per round (s)” to 60 and play 2 rounds by themselves, so that "
            "everyone is each side once; keep the answer hidden."
        ),
        N_("As the Sheriff, which offers made you inspect? As the merchant, did your offer grow with your load?"),
    ),
    (
        "20–35",
        "31_bribe_bargaining.ipynb",
        N_("Theory lab: bribe bargaining"),
        N_(
            "Keep the lab's settings (the class game's). Read “What both sides should do” aloud, then pick each "
            "load under “Does the offer give the bag away?”. Back on the class page, once round 2 is over, press "
            "Reveal: the lab's equilibrium beside what the class loaded, offered and inspected."
        ),
        N_(
            "Why does the equilibrium merchant offer the same whatever he loaded? How often did the class's "
            "Sheriffs inspect, and how often does the lab say they should?"
        ),
    ),
    (
        "35–42",
        "50_class_teacher.ipynb",
        N_("Class game: a heavier fine per item"),
        N_(
            "Ask the class to predict first. Set “Fine per item caught” to 4 (saved as you move it, used from "
            "the next round), play two more rounds by themselves and press Reveal once they are over. Set the "
            "same slider in the lab and compare."
        ),
        N_("With a heavier fine, should merchants load less, or should the Sheriff inspect less?"),
    ),
    (
        "42–45",
        "00_home.ipynb",
        N_("Home"),
        N_(
            "Recap: an offer that is the same whatever the bag holds tells the Sheriff nothing, so he decides by "
            "the odds alone. Download the choices and the summary per student as CSV, and close the room."
        ),
        N_("Where else does a price that never changes hide what the seller knows?"),
    ),
]

# The plans the teachers' page shows, by the name its cells pass to class_plan.
PLANS = {
    "inspection": (N_("Class 1: the inspection game"), INSPECTION_CLASS),
    "bluffing": (N_("Class 2: bluffing and bribes"), BLUFFING_CLASS),
    "bargaining": (N_("Class 3: haggling over a bribe"), BARGAINING_CLASS),
}
