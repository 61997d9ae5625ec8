"""Building blocks shared by the lesson widgets: lean controls, the table as the narrator
sees it, rule boxes, refusals, and a safe way to run a learner's "what if".  Frames, the
stylesheet, the edition toggle and goods counters are in ``sheriff.widgets.kit``.

Cards, panels, refusals and rule boxes are drawn by ``sheriff.widgets.render``; this
module arranges them for lessons (everything visible: a lesson is a study of the
table, not a game with secrets).  Nothing here decides a rule: positions are played
by the engine, and a refused move is shown with the engine's reason and citation.
"""

from __future__ import annotations

import ipywidgets as widgets

from sheriff.cards import IS_LEGAL, N_GOODS
from sheriff.errors import IllegalAction, InvalidScenario
from sheriff.i18n import N_, _, ngettext
from sheriff.rulebook import RULES
from sheriff.rules import Rules
from sheriff.views import SeatView
from sheriff.widgets import render
from sheriff.widgets.markup import Markup, fill_html
from sheriff.widgets.markup import render as render_template
from sheriff.wording import good_count, goods_kind

# Every ipywidget normally brings its own Layout and Style models, and the page must load
# every model before it shows anything.  Leaf widgets that are never restyled one by one
# share them instead (``make``), which keeps the lessons quick to appear.
_SHARED: dict = {}


def shared_layout(**kw) -> widgets.Layout:
    """One Layout per distinct setting, shared: never change it on a single widget."""
    key = ("layout", tuple(sorted(kw.items())))
    if key not in _SHARED or _SHARED[key].comm is None:  # (re)made after Widget.close_all()
        _SHARED[key] = widgets.Layout(**kw)
    return _SHARED[key]


def make(cls, layout: dict | None = None, **kw):
    """``cls(**kw)`` with a shared Layout (from ``layout``) and a shared default Style.  Give every
    setting here, classes too (``_dom_classes=[...]``): the widget's first message carries them,
    while each change after it (``add_class``) is one more message for the kernel and the server."""
    kw["layout"] = shared_layout(**(layout or {}))
    style_trait = cls.class_traits().get("style")
    if style_trait is not None and "style" not in kw:
        klass = style_trait.klass
        key = ("style", klass)
        if key not in _SHARED or _SHARED[key].comm is None:
            _SHARED[key] = klass()
        kw["style"] = _SHARED[key]
    return cls(**kw)


def html(value: str = "", **kw) -> widgets.HTML:
    """An HTML output or text block (lean: shared layout and style)."""
    return make(widgets.HTML, value=value, **kw)


def button(description: str, width: str | None = None, **kw) -> widgets.Button:
    return make(widgets.Button, {"width": width} if width else None, description=description, **kw)


def row(children, cls: str | None = None, **layout) -> widgets.HBox:
    """A row of controls (lean: a shared layout), with its class ``cls`` from the start."""
    return make(widgets.HBox, layout or None, children=list(children), _dom_classes=[cls] if cls else [])


def toggles(options, value, width: str = "110px", cls: str | None = None) -> widgets.ToggleButtons:
    """ToggleButtons whose style (button width) is shared with every other of that width."""
    key = ("tbstyle", width)
    if key not in _SHARED or _SHARED[key].comm is None:
        _SHARED[key] = widgets.ToggleButtonsStyle(button_width=width)
    return make(
        widgets.ToggleButtons, options=options, value=value, style=_SHARED[key], _dom_classes=[cls] if cls else []
    )


def label(html_text: str, width: str = "auto") -> widgets.HTML:
    """A short piece of text beside a control (lean: shared layout and style)."""
    return make(
        widgets.HTML,
        {"width": width} if width != "auto" else None,
        value=render_template("zone.html.j2", text=Markup(html_text)),
    )


# -- rules -----------------------------------------------------------------------
def rule_html(rule_id: str, edition: str | None = None) -> str:
    """The rule in the tutor's words with its citation (interpretations flagged)."""
    return render.rule_box(RULES[rule_id], edition)


def rules_html(rule_ids, edition: str | None = None) -> str:
    return "".join(rule_html(r, edition) for r in rule_ids)


def interpretation_note(rule_id: str, edition: str | None = None) -> str:
    rule = RULES[rule_id]
    if not rule.interpretation:
        return ""
    text = _(
        "Interpretation: the rulebooks leave this open, and the tutor decides it this way (rule “{title}”, {cite})."
    ).format(title=_(rule.title), cite=rule.cite(edition))
    return render.interpretation(text)


def refusal_html(err) -> str:
    """An engine refusal, or a scenario / rules object that could not be built."""
    if isinstance(err, IllegalAction):
        return render.refusal(err)
    return render.plain_refusal(_plain_error(err))


def _plain_error(err) -> str:
    try:
        from pydantic import ValidationError

        if isinstance(err, ValidationError):
            return "; ".join(e["msg"].removeprefix("Value error, ") for e in err.errors())
    except ImportError:  # pragma: no cover
        pass
    return str(err)


def rules_refusal(edition: str, players: int, **variants):
    """``(Rules, None)`` or ``(None, refusal HTML)`` for a table the rules may forbid."""
    from pydantic import ValidationError

    try:
        return Rules.model_validate({"edition": edition, "players": players, **variants}), None
    except ValidationError as e:
        for err in e.errors():
            cause = (err.get("ctx") or {}).get("error")
            if isinstance(cause, IllegalAction):  # the rules object refused with a rule
                return None, render.refusal(cause)
        return None, refusal_html(e)


def attempt(fn):
    """Run ``fn()``; return ``(value, None)`` or ``(None, refusal HTML)`` for a refused move
    or an impossible position.  Anything else is a bug and propagates."""
    try:
        return fn(), None
    except (IllegalAction, InvalidScenario) as e:
        return None, refusal_html(e)


# -- the table -------------------------------------------------------------------------
def _legal(counts) -> list[int]:
    return [counts[g] if IS_LEGAL[g] else 0 for g in range(N_GOODS)]


def _illegal(counts) -> list[int]:
    return [0 if IS_LEGAL[g] else counts[g] for g in range(N_GOODS)]


def stand_html(counts, bm_cards=()) -> str:
    """A stand as the narrator sees it: legal goods face up, contraband marked face down."""
    hidden = _illegal(counts)
    k = sum(hidden)
    items = _(", ").join(_("{good} worth {value}").format(good=goods_kind(g), value=v) for g, v in bm_cards)
    return render_template(
        "stand_lesson.html.j2",
        up=Markup(render.cards(_legal(counts), empty=_("no legal goods"))),
        down=Markup(render.cards(hidden)) if k else "",
        down_text=ngettext(
            "face down ({n} card: the others see only their backs)",
            "face down ({n} cards: the others see only their backs)",
            k,
        ).format(n=k),
        black_market=_("Black Market cards: {cards}").format(cards=items) if bm_cards else "",
    )


def _bag(s, p: int) -> str:
    """What the narrator says of a seat's bag (markup from the catalog: the declaration in bold)."""
    if s.bags[p] is not None:
        d, n = s.declared[p], s.bag_size[p]
        if d:
            return fill_html(
                ngettext(
                    "bag, {n} card — declared <b>“{goods}”</b> (only its owner knows what is inside):",
                    "bag, {n} cards — declared <b>“{goods}”</b> (only its owner knows what is inside):",
                    n,
                ),
                n=n,
                goods=good_count(d[0], d[1]),
            )
        return fill_html(
            ngettext(
                "bag, {n} card — not declared yet (only its owner knows what is inside):",
                "bag, {n} cards — not declared yet (only its owner knows what is inside):",
                n,
            ),
            n=n,
        )
    if s.handled[p]:
        return Markup(_("bag: <b>handed back unopened</b>") if s.handled[p] == "passed" else _("bag: <b>opened</b>"))
    return ""


def seat_html(s, p: int, prev=None, show_hand: bool = True, officials=None) -> str:
    official = p in (s.officials if officials is None else officials)
    role = (_("Deputy") if s.deputies_mode else _("Sheriff")) if official else None
    hand = show_hand and any(s.hands[p])
    body = render_template(
        "seat_lesson.html.j2",
        gold_text=_("gold: {gold}"),
        gold=s.gold[p],
        delta=s.gold[p] - prev.gold[p] if prev is not None else 0,
        hand=_("hand ({n}):").format(n=sum(s.hands[p])) if hand else "",
        hand_cards=Markup(render.cards(s.hands[p])) if hand else "",
        bag=_bag(s, p),
        bag_cards=Markup(render.cards(s.bags[p])) if s.bags[p] is not None else "",
        stand_label=_("stand:"),
        stand=Markup(stand_html(s.stands[p], s.bm_cards[p])),
    )
    return render.panel(p, _(s.names[p]), body, role, official=official)


def piles_html(s) -> str:
    """The piles of a position (all of it lies face up or is counted): ``render.piles``."""
    return render.piles(SeatView(s, 0))


def table_html(
    s, prev=None, show_hands: bool = True, piles: bool = True, seats=None, officials=None, changed=()
) -> str:
    """Every seat (officials first) and, optionally, the piles.  ``officials``: the roles to
    label (e.g. those of the round just played, when the engine has already started the next)."""
    officials = tuple(s.officials if officials is None else officials)
    order = list(officials) + [p for p in range(s.n) if p not in officials]
    if seats is not None:
        order = [p for p in order if p in seats]
    body = render.table([(p, seat_html(s, p, prev, show_hands, officials)) for p in order], changed=set(changed))
    return render_template("lesson_table.html.j2", table=Markup(body), piles=Markup(piles_html(s)) if piles else "")


def cards_html(counts, empty: str = N_("nothing")) -> str:
    return render_template("small_cards.html.j2", cards=Markup(render.cards(counts, empty=empty)))


def result_html(big: str, more: str = "") -> str:
    """A lab's result: a headline in large type, then ``more`` words."""
    return render_template("lab.html.j2", kind="result", big=big, more=more)


def caption_html(text: str) -> str:
    """A caption in bold over what follows it ("If the Sheriff opens the bag:")."""
    return render_template("lab.html.j2", kind="caption", text=text)


def bench(button, result):
    """Mark the control and the output that ``benchmarks/pages.py`` times (one pair per page)."""
    button.add_class("sheriff-bench-click")
    result.add_class("sheriff-bench-result")
    return button


def plain(html_text: str) -> str:
    """Visible text of an HTML fragment, whitespace collapsed (for tests and summaries)."""
    import html as _html
    import re

    text = re.sub(r"<style.*?</style>", " ", html_text, flags=re.S)
    return re.sub(r"\s+", " ", _html.unescape(re.sub(r"<[^>]+>", " ", text))).strip()


__all__ = [
    "rule_html",
    "rules_html",
    "interpretation_note",
    "refusal_html",
    "rules_refusal",
    "attempt",
    "table_html",
    "seat_html",
    "piles_html",
    "stand_html",
    "cards_html",
    "result_html",
    "caption_html",
]
