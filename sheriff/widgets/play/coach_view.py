"""The coach's advice and warnings laid out (the play page and the guided game).

Only layout: the words and figures are ``sheriff.coach``'s (``Advice``, ``Warning``).  The advice
shows its sentence; why, the figures and the options weighed sit under a fold (``<details>``).
Figures named in the advice's ``numbers`` are shown as a small table; chances (named
``..._chance``/``p_...`` or between 0 and 1 with a share-like name) as percentages.
"""

from __future__ import annotations

from sheriff.cards import GOODS
from sheriff.coach import LESSON_30, LESSON_30_TITLE
from sheriff.coach.advice import decimal
from sheriff.i18n import N_, _
from sheriff.widgets import language
from sheriff.widgets.markup import render
from sheriff.wording import goods_kind

LESSON_LINK = LESSON_30.rsplit("/", 1)[-1]  # pages sit side by side in notebooks/


LABELS = {
    "smuggle_chance": N_("chance the bag hides contraband"),
    "prior": N_("that chance before this bag's declaration"),
    "equilibrium_smuggle": N_("how often merchants smuggle at the balance point"),
    "honest_possible": N_("chance the bag could be honest"),
    "honest_bags": N_("honest bags this merchant has shown"),
    "smuggled_bags": N_("smuggled bags this merchant was caught with or passed"),
    "expected_fine": N_("fine you expect to collect if you open (gold)"),
    "honest_penalty": N_("what you pay if the bag is honest (gold)"),
    "gain_open": N_("expected gain if you open (points)"),
    "gain_pass": N_("gain if you let it through (points)"),
    "gain_ask": N_("expected gain if you name a price (points)"),
    "ask": N_("a price to name (gold)"),
    "reaches_stand": N_("points that reach your stand if it passes"),
    "lost_if_opened": N_("points lost if it is opened"),
    "paid_if_opened": N_("gold you pay if it is opened"),
    "paid_to_you_if_opened": N_("gold the Sheriff pays you if it is opened"),
    "fair_bribe": N_("a fair bribe (gold)"),
    "challenge_chance": N_("chance the Sheriff challenges the bag"),
    "expected_points": N_("points you can expect"),
    "open_after_refusal": N_("chance the Sheriff opens it if you refuse"),
    "collect": N_("good to collect"),
    "declared_good": N_("good to declare"),
    "declared_count": N_("cards to declare"),
    "gain": N_("expected gain (points)"),
    # figures a few answers add; their English is the plain key, as it always was
    "offered": N_("offered"),
    "asked": N_("asked"),
    "smuggle_chance_before_refusal": N_("that chance before the merchant refused to pay"),
    "expected_loss_if_you_refuse": N_("expected loss if you refuse"),
}
MODEL = N_("The coach's model:")
PERCENT = {
    "smuggle_chance",
    "smuggle_chance_before_refusal",
    "prior",
    "equilibrium_smuggle",
    "honest_possible",
    "challenge_chance",
    "open_after_refusal",
}


def _label(key: str) -> str:
    return _(LABELS[key]) if key in LABELS else key.replace("_", " ").strip()


def _figure(key: str, x) -> str:
    if key in ("collect", "declared_good") and isinstance(x, int):
        return goods_kind(x) if 0 <= x < len(GOODS) else str(x)
    if key in PERCENT and 0 <= x <= 1:
        return f"{100 * x:.0f}%"
    if float(x).is_integer():
        return f"{int(x)}"
    return decimal(x)


def _rows(numbers: dict) -> list[tuple[str, str]]:
    return [(_label(k).capitalize(), _figure(k, v)) for k, v in numbers.items()]


def numbers_table(numbers: dict) -> str:
    return render("coach.html.j2", kind="numbers", rows=_rows(numbers))


def _advice(advice, only_figures: bool) -> str:
    return render(
        "coach.html.j2",
        kind="advice",
        only_figures=only_figures,
        suggests=_("The coach suggests:"),
        sentence=advice.sentence,
        why=_("The figures behind this advice"),
        detail=advice.detail,
        rows=_rows(advice.numbers),
        weighed=_("Options weighed"),
        options=[o.sentence for o in advice.options[:6]],
        model_label=_(MODEL),
        model=advice.model,
        lesson=_("These odds come from the inspection game's balance point: see {lesson}.") if advice.lesson else "",
        lesson_href=language.link(LESSON_LINK),
        lesson_title=_(LESSON_30_TITLE),
        # every model the coach states ends by saying it is advice, not a rule
        not_rule=_("This is advice, not a rule: any legal move is yours to make."),
    )


def figures_html(advice) -> str:
    """What the advice rests on, for the fold: why, the figures, the options weighed, the model, lesson 30."""
    return _advice(advice, only_figures=True)


def advice_html(advice) -> str:
    """The suggestion in a sentence or two; what it rests on folded away underneath."""
    return _advice(advice, only_figures=False)


def warnings_html(warnings) -> str:
    return render(
        "coach.html.j2", kind="warnings", before=_("Before you do this:"), warnings=[w.sentence for w in warnings]
    )


__all__ = ["advice_html", "figures_html", "warnings_html", "numbers_table", "LESSON_LINK"]
