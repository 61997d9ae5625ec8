"""The teacher's page: three 45-minute class plans, page by page, with what to ask."""

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
        N_("Step through the first of the “Rulebook examples, step by step” together on the projector."),
        N_("Who pays when the Sheriff opens an honest bag? And a lying one?"),
    ),
    (
        "10–22",
        "50_class_teacher.ipynb",
        N_("Class game: the inspection game"),
        N_(
            "Under “Game” keep “Inspection game” and press “Create a room”. Under “The next rounds” set "
            "“Time per round (s)” to 60 and “Rounds” to 2 (each change is saved at once; leave “Bot plays "
            "after (s)” as it is: it is for a student whose page goes quiet). Press “Projector view”: students "
            "scan the QR code (or open the link beside it), find the room's code filled in, type a nickname and "
            "answer two questions on the rules while they wait. Once the projector counts everyone, press “Back "
            "to the controls”: under “The round” the seats table's “instructions” column says “passed” for each "
            "student. Press “Play these rounds by themselves” (“Pause”, on the projector view too, holds the next round "
            "if you need to talk), then "
            "“Projector view” again: each round ends once everyone has chosen or the time is up, and partners "
            "swap roles, so everyone is the merchant once and the Sheriff once. Keep the answer hidden."
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
            "on the class page, still in the projector view: once round 2 is over (it ends by itself; “End the "
            "round” ends it at once), press “Reveal round 2” there: the class's choices in both rounds, hidden "
            "until now, beside the equilibrium, on the projector and on every phone."
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
            "Ask the class to predict first. On the class page press “Back to the controls” (the controls stay "
            "on screen for this part; your teacher key is folded away). Set “Liar's fine ×” to 2 (a Sheriff who "
            "opens an honest bag still pays the usual penalty), keep “Rounds” at 2 and press “Play these rounds "
            "by themselves”; once round 4 is over, press “Reveal round 4”. Then set “Paid for an honest bag ×” "
            "to 2 as well, press “Play these rounds by themselves” again and, once round 6 is over, “Reveal "
            "round 6”. Each new round starts hidden, so no phone shows its answer while students choose. In the "
            "lab, set the same two sliders and compare its answers with the class's choices."
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
            "On the class page press “Download the choices (CSV)” and “Download a summary per student (CSV)” "
            "and click each file's link; choose under “On closing” whether to keep the room's data, then press "
            "“Close the room”."
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
        N_(
            "Step through the first of the “Rulebook examples, step by step”; then, in “Try it”, let students "
            "try declarations the tutor refuses and accepts."
        ),
        N_("Why must the number of cards be true? What would go wrong if it were not?"),
    ),
    (
        "12–27",
        "50_class_teacher.ipynb",
        N_("Class game: the bluffing duel"),
        N_(
            "Under “Game” choose “Bluffing duel” and press “Create a room”. Under “The next rounds” set “Time "
            "per round (s)” to 120 and “Rounds” to 2, and press “Projector view”: students scan the QR code, "
            "type a nickname and answer the duel's two questions while they wait. Once the projector counts "
            "everyone, press “Back to the controls” (the “instructions” column says “passed” for each student), "
            "press “Play these rounds by themselves”, then “Projector view” again. Each merchant loads a bag "
            "from his hand, declares it and may offer gold and cards from the bag; his partner, the Sheriff, "
            "sees only the declaration and the offer, and lets the bag pass, takes the deal or opens the bag. "
            "Partners swap roles, so everyone is each side once; keep the answer hidden."
        ),
        N_("As the Sheriff, what did the offer tell you about the bag? As the merchant, what did you offer, and why?"),
    ),
    (
        "27–40",
        "31_bribe_bargaining.ipynb",
        N_("Theory lab: bribe bargaining"),
        N_(
            "In “Does the offer give the bag away?” let each student pick a load, from 0 to 3 items, and read "
            "the last offer; collect the answers on the board. Then, on the class page, still in the projector "
            "view: once round 2 is over (“End the round” ends it at once), press “Reveal round 2” there: the "
            "table shows the bribes offered and taken in each round. The duel has no "
            "single equilibrium to show there: hold the class's offers against the lab's answer, the same last "
            "offer whatever the load. Last, look at the plot “Who gains as the fine grows”."
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
            "On the class page press “Back to the controls”, then “Download the choices (CSV)” and “Download a "
            "summary per student (CSV)” and click each file's link; choose under “On closing” whether to keep "
            "the room's data, then press “Close the room”."
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
            "Under “Game” choose “Bribe bargaining” and press “Create a room”. Under “The next rounds” set "
            "“Time per round (s)” to 60 and “Rounds” to 2. Press “Projector view”: students scan the QR code, "
            "type a nickname and answer the game's two questions while they wait. Each merchant secretly loads "
            "0 to 3 illegal items and offers 0 to 3 gold; his partner, the Sheriff, sees only the offer and lets "
            "the bag pass or inspects it. Once the projector counts everyone, press “Back to the controls”, then "
            "“Play these rounds by themselves” and “Projector view” again: partners swap roles, so everyone is "
            "each side once. Keep the answer hidden."
        ),
        N_("As the Sheriff, which offers made you inspect? As the merchant, did your offer grow with your load?"),
    ),
    (
        "20–35",
        "31_bribe_bargaining.ipynb",
        N_("Theory lab: bribe bargaining"),
        N_(
            "Keep the lab's settings (the class game's). Read “What both sides should do” aloud, then pick each "
            "load under “Does the offer give the bag away?”. Back on the class page, still in the projector view: "
            "once round 2 is over, press “Reveal round 2” there: the lab's equilibrium beside what the class "
            "loaded, offered and inspected."
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
            "Ask the class to predict first. Press “Back to the controls”, set “Fine per item caught” to 4 (saved "
            "as you move it, used from the next round), keep “Rounds” at 2 and press “Play these rounds by "
            "themselves”; once round 4 is over, press “Reveal round 4”. Set the same slider in the lab and compare."
        ),
        N_("With a heavier fine, should merchants load less, or should the Sheriff inspect less?"),
    ),
    (
        "42–45",
        "00_home.ipynb",
        N_("Home"),
        N_(
            "Recap: an offer that is the same whatever the bag holds tells the Sheriff nothing, so he decides by "
            "the odds alone. On the class page press “Download the choices (CSV)” and “Download a summary per "
            "student (CSV)” and click each file's link; choose under “On closing” whether to keep the room's "
            "data, then press “Close the room”."
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
