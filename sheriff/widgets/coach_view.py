"""The coach's advice and warnings laid out (the play page and the guided game).

Only layout: the words and figures are ``sheriff.coach``'s (``Advice``, ``Warning``).
Figures named in the advice's ``numbers`` are shown as a small table; chances (named
``..._chance``/``p_...`` or between 0 and 1 with a share-like name) as percentages.
"""
from __future__ import annotations

from html import escape

from sheriff.cards import GOODS
from sheriff.coach import LESSON_30, LESSON_30_TITLE

LESSON_LINK = LESSON_30.rsplit("/", 1)[-1]       # pages sit side by side in notebooks/


LABELS = {
    "smuggle_chance": "chance the bag hides contraband",
    "prior": "that chance before this bag's declaration",
    "equilibrium_smuggle": "how often merchants smuggle at the balance point",
    "honest_possible": "chance the bag could be honest",
    "honest_bags": "honest bags this merchant has shown",
    "smuggled_bags": "smuggled bags this merchant was caught with or passed",
    "expected_fine": "fine you expect to collect if you open (gold)",
    "honest_penalty": "what you pay if the bag is honest (gold)",
    "gain_open": "expected gain if you open (points)",
    "gain_pass": "gain if you let it through (points)",
    "gain_ask": "expected gain if you name a price (points)",
    "ask": "a price to name (gold)",
    "reaches_stand": "points that reach your stand if it passes",
    "lost_if_opened": "points lost if it is opened",
    "paid_if_opened": "gold you pay if it is opened",
    "paid_to_you_if_opened": "gold the Sheriff pays you if it is opened",
    "fair_bribe": "a fair bribe (gold)",
    "challenge_chance": "chance the Sheriff challenges the bag",
    "expected_points": "points you can expect",
    "open_after_refusal": "chance the Sheriff opens it if you refuse",
    "collect": "good to collect",
    "declared_good": "good to declare",
    "declared_count": "cards to declare",
    "gain": "expected gain (points)",
}
PERCENT = {"smuggle_chance", "prior", "equilibrium_smuggle", "honest_possible", "challenge_chance",
           "open_after_refusal"}


def _label(key: str) -> str:
    return LABELS.get(key, key.replace("_", " ").strip())


def _figure(key: str, x) -> str:
    if key in ("collect", "declared_good") and isinstance(x, int):
        return GOODS[x].name if 0 <= x < len(GOODS) else str(x)
    if key in PERCENT and 0 <= x <= 1:
        return f"{100 * x:.0f}%"
    if float(x).is_integer():
        return f"{int(x)}"
    return f"{x:.1f}"


def numbers_table(numbers: dict) -> str:
    if not numbers:
        return ""
    rows = "".join(f'<tr><td>{escape(_label(k).capitalize())}</td><td class="num">{escape(_figure(k, v))}</td></tr>'
                   for k, v in numbers.items())
    return f'<table class="sn-coach-numbers">{rows}</table>'


def advice_html(advice) -> str:
    """The suggestion, its figures, the options weighed, the model in plain words, and lesson 30."""
    opts = ""
    if advice.options:
        items = "".join(f"<li>{escape(o.sentence)}</li>" for o in advice.options[:6])
        opts = f'<div class="sn-note"><b>Options weighed</b></div><ul style="margin:2px 0">{items}</ul>'
    model = f'<div class="sn-note"><b>The coach\'s model:</b> {escape(advice.model)}</div>' if advice.model else ""
    lesson = ""
    if advice.lesson:
        lesson = (f'<div class="sn-note">These odds come from the inspection game\'s balance point: see '
                  f'<a href="{LESSON_LINK}" target="_blank" style="color:#1565c0;text-decoration:underline">{escape(LESSON_30_TITLE)}</a>.</div>')
    rule = ("" if "not a rule" in advice.model else
            '<div class="sn-note">This is advice, not a rule: any legal move is yours to make.</div>')
    return (f'<div class="sn-coach" role="status"><b>The coach suggests:</b> {escape(advice.sentence)}'
            f'{numbers_table(advice.numbers)}{opts}{model}{lesson}{rule}</div>')


def warnings_html(warnings) -> str:
    items = "".join(f"<li>{escape(w.sentence)}</li>" for w in warnings)
    return (f'<div class="sn-warn" role="alert"><b>Before you do this:</b><ul style="margin:2px 0">{items}</ul></div>')


__all__ = ["advice_html", "warnings_html", "numbers_table", "LESSON_LINK"]
