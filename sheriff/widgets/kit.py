"""The lesson kit: what every lesson, lab and the play page are built from.

    CSS / style()           the one stylesheet (cards, tables, lessons, the play page), once per page
    Frame(border=...)       a framed component; ``self.body(*children)`` lays it out under the stylesheet
    Lab(title, intro, controls, edition=..., table=True)
                            the lab frame: heading, edition toggle, controls, result, table
    edition_toggle(value)   the 1st / 2nd edition switch (``both=True`` adds "both editions")
    goods(apples=2, ...)    a count vector by good index from good names
    CardPicker(counts)      a hand as cards to click (real buttons: Tab, Enter and Space work);
                            ``.value`` is the count vector picked (the play page and the guided game)
    head(title, intro)      a lab's heading
    Sections([(title, text, widget...), ...])
                            a long lesson paced into parts, one shown at a time ("Part k of n")
    Fold(title, *children)  a folded section: a button (Tab, Enter, Space; ``aria-expanded``)
                            that shows and hides its body; ``.expanded`` says which

Controls, rule boxes and the table HTML live in ``sheriff.widgets.lesson``; cards in
``sheriff.widgets.render``.  Nothing here decides a rule.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

import ipywidgets as widgets
import mistune
import traitlets

from sheriff.cards import GOODS, N_GOODS, good_id
from sheriff.i18n import N_, _, pgettext
from sheriff.scenario import get_scenario
from sheriff.widgets import lesson, render
from sheriff.widgets.glossary_links import with_glossary
from sheriff.widgets.markup import Markup
from sheriff.widgets.markup import render as render_template
from sheriff.wording import goods_kind

# Card sizes are chosen so the longest one-word name ("Pumpernickel", "Crossbows") fits on
# one line: names wrap only between words, never inside one (tests/browser/test_cards.py).
# The one stylesheet (every class starts with sn-), kept beside the templates as plain CSS.
CSS = "<style>\n" + (Path(__file__).parent / "templates" / "sheriff.css").read_text(encoding="utf-8") + "</style>\n"


# The stylesheet once per page: a page's header (``course_nav.header``, which every notebook
# shows first) carries it, and the components shown after it leave it out.  A component shown
# on a page without that header (a test, a notebook of one's own) carries its own copy.  The
# header is a plain output, never rebuilt, so a component that rebuilds itself keeps its style.
_page_has_css = False


def page_css() -> str:
    """The stylesheet for a page's header; from now on this kernel's components leave it out."""
    global _page_has_css
    _page_has_css = True
    return CSS


def css() -> str:
    """The stylesheet, unless this page's header already carries it (then "")."""
    return "" if _page_has_css else CSS


def style() -> widgets.HTML | None:
    """The stylesheet as a zero-height widget, or ``None`` once the page's header carries it."""
    if _page_has_css:
        return None
    w = lesson.make(widgets.HTML, {"height": "0px", "margin": "0"}, value=CSS)
    w.add_class("sheriff-style")
    return w


def styled(*children) -> list:
    """``children`` under the stylesheet (when this page still needs it)."""
    return [w for w in (style(), *children) if w is not None]


def heading(kicker: str | None = None, title: str | None = None, intro: str = "", title_cls: str = "sn-h") -> str:
    """A heading's HTML: a kicker (already translated), a title, a line of intro; each optional.
    Text is escaped; pass ``Markup`` for an intro that is HTML."""
    return render_template("heading.html.j2", kicker=kicker, title=title, intro=intro, title_cls=title_cls)


def kicker_html(text: str) -> widgets.HTML:
    """A kicker alone (a small heading over a part of a component)."""
    return lesson.html(heading(kicker=text))


def head(title: str, intro: str = "", kicker: str | None = N_("Try it")) -> widgets.HTML:
    """A lab's heading: a kicker, a title and one line of intro (``intro`` is HTML)."""
    return lesson.html(heading(_(kicker) if kicker else None, title, Markup(intro)))


def edition_toggle(value: str = "2E", both: bool = False, width: str = "110px") -> widgets.ToggleButtons:
    """The 1st / 2nd edition switch; ``both=True`` adds "both editions" (value "both")."""
    if both:
        options = [(_("both editions"), "both"), (_("1st"), "1E"), (_("2nd"), "2E")]
    else:
        options = [(_("1st edition"), "1E"), (_("2nd edition"), "2E")]
    return lesson.toggles(options, value, width, cls="sn-edition")


def goods(**by_name: int) -> list[int]:
    """A count vector by good index: ``goods(apples=2, pepper=1)``."""
    v = [0] * N_GOODS
    for name, n in by_name.items():
        v[good_id(name)] += n
    return v


def kind_word(g: int) -> str:
    """A card's kind in a word, as on the card pickers: 'legal', 'contraband' or 'royal'."""
    c = GOODS[g]
    if c.is_royal:
        return pgettext("kind of card", "royal")
    return pgettext("kind of card", "legal") if c.is_legal else pgettext("kind of card", "contraband")


def card_label(g: int) -> str:
    """A card in words, for screen readers and tooltips: 'Silk, contraband, value 8, penalty 4'."""
    c = GOODS[g]
    kind = (
        _("royal good")
        if c.is_royal
        else pgettext("kind of card", "legal")
        if c.is_legal
        else pgettext("kind of card", "contraband")
    )
    return _("{name}, {kind}, value {value}, penalty {penalty}").format(
        name=goods_kind(g), kind=kind, value=c.value, penalty=c.penalty
    )


def arrow_keys(row: widgets.Box) -> widgets.Box:
    """A row of buttons that is one Tab stop: Tab reaches its first button, the arrow keys (and
    Home, End) the others (the page template's script; a screen reader hears a toolbar).  A hand
    of six cards costs one Tab, not six, on the way to the button that makes the move."""
    row.add_class("sn-arrows")
    buttons = [b for b in row.children if isinstance(b, widgets.Button | widgets.ToggleButton)]
    for i, b in enumerate(buttons):
        b.tabbable = i == 0
    return row


class CardPicker(widgets.VBox):
    """Cards held, one button each, to click into a choice (set aside, load, offer in a bribe):
    the one card picker of the play page, the guided game and the lessons.

    ``value`` is the count vector picked (observe it); ``pick(good, k)`` and ``clear()``
    set it from code (tests).  Each button's text names the card and its kind, so the
    choice never rests on colour alone; Tab reaches every card, Enter or Space picks it.
    No limit is enforced here: the engine refuses what the rules refuse.

    ``counts`` (a count vector) or ``cards`` (goods in order, one button each); ``picked``: the
    buttons (by position) picked at the start; ``names``: a button's own name for its card (a
    lesson's "Cheese (not in his hand)").  Button ``i`` carries the class ``sn-card-<i>``."""

    value: traitlets.List[int] = traitlets.List()

    def __init__(
        self,
        counts=None,
        name: str = "cards",
        empty: str = N_("no cards"),
        *,
        cards=None,
        picked=(),
        names: dict[int, str] | None = None,
    ):
        super().__init__()
        self.add_class("sn-picker")
        self.add_class(f"sn-picker-{name}")
        if cards is None:
            cards = [g for g in range(N_GOODS) for _k in range(counts[g])]
        names = names or {}
        self.buttons: list[tuple[int, widgets.ToggleButton]] = []
        self._names: list[str] = []
        for i, g in enumerate(cards):
            c = GOODS[g]
            kind = "royal" if c.is_royal else c.kind
            self._names.append(names.get(i, goods_kind(g)))
            on = i in picked
            t = widgets.ToggleButton(
                value=on,
                description=self._label(g, on, self._names[i]),
                tooltip=_("{card} (click to pick)").format(card=card_label(g)),
            )
            for cls in ("sn-pick", f"sn-pick-{kind}", f"sn-pick-{c.id}", f"sn-card-{i}"):
                t.add_class(cls)
            if render.longest_word(t.description) > 12.5:  # "Королівський": letters a little closer
                t.add_class("sn-pick-long")
            t.observe(self._changed, "value")
            self.buttons.append((g, t))
        row = arrow_keys(widgets.HBox([t for _, t in self.buttons], layout=widgets.Layout(flex_flow="row wrap")))
        self.children = [row] if self.buttons else [widgets.HTML(f'<span class="sn-muted">{escape(_(empty))}</span>')]
        self.value = self._counts()

    @staticmethod
    def _label(g: int, on: bool, name: str) -> str:
        return f"{'✓ ' if on else ''}{name} · {kind_word(g)}"

    @property
    def toggles(self) -> list[widgets.ToggleButton]:
        """The buttons in order (``toggles[i]``: the i-th card)."""
        return [t for _g, t in self.buttons]

    def picked_cards(self) -> list[int]:
        """The goods picked, in the buttons' order."""
        return [g for g, t in self.buttons if t.value]

    def _counts(self) -> list[int]:
        v = [0] * N_GOODS
        for g, t in self.buttons:
            v[g] += t.value
        return v

    def _changed(self, ch) -> None:
        for i, (g, t) in enumerate(self.buttons):
            if t is ch["owner"]:
                t.description = self._label(g, t.value, self._names[i])
        self.value = self._counts()

    def set_picked(self, chosen) -> None:
        """Pick exactly the buttons whose positions are in ``chosen``; ``value`` changes once."""
        with self.hold_trait_notifications():
            for i, (g, t) in enumerate(self.buttons):
                t.unobserve(self._changed, "value")
                t.value = i in chosen
                t.description = self._label(g, t.value, self._names[i])
                t.observe(self._changed, "value")
            self.value = self._counts()

    def pick(self, good: int | str, k: int = 1) -> None:
        """Pick ``k`` cards of ``good`` (a good index or id), the others of that good unpicked."""
        g = good_id(good) if isinstance(good, str) else good
        left = k
        for gg, t in self.buttons:
            if gg == g:
                t.value = left > 0
                left -= 1
        if left > 0:
            raise ValueError(f"only {k - left} {GOODS[g].name} to pick")

    def clear(self) -> None:
        for _g, t in self.buttons:
            t.value = False


class Frame(widgets.VBox):
    """A framed lesson component.  Subclasses build their widgets, then call ``body``."""

    def __init__(self, border: str | None = "#cfd8dc", **kw):
        if border:  # given at once: set afterwards, each side would be a message of its own
            kw["layout"] = widgets.Layout(border=f"1px solid {border}", padding="6px 12px 10px 12px", margin="10px 0")
        super().__init__(**kw)

    def body(self, *children) -> None:
        """Lay the component out: the stylesheet, then ``children``."""
        self.children = styled(*children)


class Lab(Frame):
    """The lab frame: heading, optional edition toggle, controls, the result, optional table.

    ``self.result`` and ``self.table`` are HTML outputs; ``self.edition`` the toggle
    (``None`` without one); changing the edition calls ``self.edition_changed()``,
    by default ``self.update()``."""

    def __init__(
        self,
        title: str,
        intro: str = "",
        controls=(),
        edition: str | None = None,
        table: bool = True,
        result_class: str = "sn-lab-result",
        kicker: str | None = N_("Try it"),
        border: str | None = "#cfd8dc",
    ):
        super().__init__(border)
        self.edition = edition_toggle(edition) if edition else None
        if self.edition is not None:
            self.edition.observe(lambda _: self.edition_changed(), names="value")
        self.result = lesson.html()
        self.result.add_class(result_class)
        self.table = lesson.html()  # laid out only with ``table=True``
        parts = [head(title, intro, kicker)] if title else []
        if self.edition is not None:
            parts.append(self.edition)
        parts += [*controls, self.result]
        if table:
            parts.append(self.table)
        self.body(*parts)

    EXAMPLES: dict[str, str] = {}  # edition -> the rulebook example the lab starts from

    @property
    def edition_value(self) -> str:
        """The edition chosen on the toggle (labs built with ``edition=``)."""
        if self.edition is None:
            raise AttributeError(f"{type(self).__name__} has no edition toggle")
        return self.edition.value

    @property
    def scenario(self):
        return get_scenario(self.EXAMPLES[self.edition_value])

    def edition_changed(self) -> None:
        self.update()

    @property
    def text(self) -> str:
        """The result as plain text (tests)."""
        return lesson.plain(self.result.value)

    def update(self) -> None:  # pragma: no cover - every lab overrides
        raise NotImplementedError


def box(children, title: str | None = None, kicker: str | None = None, cls: str | None = None) -> widgets.VBox:
    """A bordered group inside a component, with an optional kicker and title."""
    head_ = []
    if title or kicker:
        head_ = [widgets.HTML(heading(_(kicker) if kicker else None, title))]
    return widgets.VBox(
        styled(*head_, *children),
        layout=widgets.Layout(border="1px solid #cfd8dc", padding="8px 12px", margin="8px 0"),
        _dom_classes=["sn-box-w", *([cls] if cls else [])],
    )


def markdown_html(text: str) -> str:
    """A lesson's prose (markdown, as in a notebook cell) as HTML, glossary words linked."""
    return with_glossary(str(mistune.html(text)))


class Sections(widgets.VBox):
    """A long lesson paced into parts the learner moves through, one at a time.

        Sections([("Watch the rulebook's examples", "", EditionExamples(...)),
                  ("Try it", "Start from Gilbert's bag and change anything...", InspectionLab()),
                  ("Practice", "", PracticeView([...]))])

    Each part: a title, its prose (markdown, glossary words linked) and its widgets.  A row of
    part buttons at the top ("1 · Watch ..."), "Part k of n" and the part's title, then the
    part; at the bottom "◀ Back" and "Next: <title> ▶".  ``value`` is the part shown (0-based).
    A part is built the first time it is shown, and kept: a widget may be given as a callable
    that builds it (``InspectionLab``, ``lambda: PracticeView([...])``), so a learner's kernel
    builds (and sends the page) only the parts the learner opens."""

    def __init__(self, parts):
        self.parts = [(title, text, children) for title, text, *children in parts]
        self.boxes: dict[int, widgets.VBox] = {}  # the parts built so far, by number
        n = len(self.parts)
        titles = [(f"{k + 1} · {t}", k) for k, (t, *_) in enumerate(self.parts)]
        self.picker = lesson.toggles(titles, 0, "auto", cls="sn-part-pick")
        self.title = lesson.html(_dom_classes=("sn-part-title-out",))
        self.holder = widgets.VBox()
        self.back = lesson.button(_("◀ Back"), _dom_classes=("sn-part-back",))
        self.next = lesson.button(_("Next"), button_style="primary", _dom_classes=("sn-part-next",))
        self.back.on_click(lambda _: self.show(self.value - 1))
        self.next.on_click(lambda _: self.show(self.value + 1))
        self.picker.observe(lambda ch: self.show(ch["new"]), names="value")
        moves = lesson.row([self.back, self.next], cls="sn-part-moves", flex_flow="row wrap")
        # built last, its parts first: its children and class go in the one message that opens it
        super().__init__(styled(self.picker, self.title, self.holder, moves), _dom_classes=["sn-parts"])
        self.n = n
        self.show(0)

    @property
    def value(self) -> int:
        return self.picker.value

    def show(self, k: int) -> None:
        k = max(0, min(k, self.n - 1))
        if self.picker.value != k:
            self.picker.value = k  # observed: comes back here
            return
        box = self.box(k)  # built before the title changes: a page showing the title has the part
        part = _("Part {k} of {n}").format(k=k + 1, n=self.n)
        self.title.value = heading(part, self.parts[k][0], title_cls="sn-part-title")
        self.holder.children = [box]
        self.back.disabled = k == 0
        self.next.disabled = k == self.n - 1
        self.next.description = (
            _("Next: {title} ▶").format(title=self.parts[k + 1][0]) if k < self.n - 1 else _("Last part")
        )

    def box(self, k: int) -> widgets.VBox:
        """Part ``k`` (0-based): its prose and widgets, built the first time it is asked for."""
        if k not in self.boxes:
            _title, text, children = self.parts[k]
            intro = [lesson.html(f'<div class="sn-part-text">{markdown_html(text)}</div>')] if text else []
            built = [c if isinstance(c, widgets.Widget) else c() for c in children]
            self.boxes[k] = widgets.VBox([*intro, *built])
        return self.boxes[k]


class Fold(widgets.VBox):
    """A folded section, closed at first: the one fold of every page (never ipywidgets'
    Accordion, whose headers take no focus and say nothing to a screen reader).

    Its header is a real button: Tab reaches it, Enter and Space open and close it, and the
    page template keeps its ``aria-expanded`` in step with the class ``sn-fold-open``
    (share/jupyter/voila/templates/sheriff/index.html.j2).  ``expanded`` (a trait: observe it) says
    whether the body is shown; the body is built at once and only hidden."""

    expanded = traitlets.Bool(False)

    def __init__(self, title: str, *children, expanded: bool = False, cls: str | None = None):
        super().__init__()
        self.title = title
        self.toggle = widgets.Button(
            description=title, layout=widgets.Layout(width="auto", max_width="100%"), _dom_classes=["sn-fold-toggle"]
        )
        self.inner = widgets.VBox(list(children), _dom_classes=["sn-fold-body"])
        self.toggle.on_click(lambda _b: setattr(self, "expanded", not self.expanded))
        self.observe(lambda _ch: self._show(), "expanded")
        self.children = [self.toggle, self.inner]
        self.add_class("sn-fold")
        if cls:
            self.add_class(cls)
        self.expanded = expanded
        self._show()

    def _show(self) -> None:
        self.inner.layout.display = None if self.expanded else "none"
        self.toggle.icon = "caret-down" if self.expanded else "caret-right"
        if self.expanded:
            self.toggle.add_class("sn-fold-open")
        else:
            self.toggle.remove_class("sn-fold-open")
