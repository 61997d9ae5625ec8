"""What the play page's decision controls share: control names as CSS classes, closing
widget trees, the guided game's pointer, and ``ControlKit``, the base of ``Controls`` with its
small builders (every control registered under its name in ``reg``)."""

from __future__ import annotations

import ipywidgets as W

from sheriff import actions as A
from sheriff.cards import counts_to_list, list_to_counts
from sheriff.i18n import _

MAX_PROMISE = 200
FOCUS_NEXT = "sn-focus-next"  # the page's script focuses such a control when it appears (the next thing to press)


def css_name(name: str) -> str:
    return "sn-ctl-" + name.replace(".", "-").replace("_", "-")


def _tree(w):
    yield w
    for c in getattr(w, "children", ()) or ():
        yield from _tree(c)


def live_widgets() -> dict:
    """The kernel's registry of open widgets (ipywidgets 8: ``widget._instances``; 7: ``Widget.widgets``)."""
    from ipywidgets.widgets import widget as module

    registry = getattr(module, "_instances", None)
    return registry if registry is not None else W.Widget.widgets


def close_tree(w) -> None:
    """Close a widget and everything inside it, with their Layout and Style models (``close`` leaves
    those open, so a page redrawn every move grew by thousands of them); a Layout or Style that an
    open widget still uses (``lesson.make`` shares them) stays open."""
    doomed = list(_tree(w))
    parts = {}
    for x in doomed:
        for part in (getattr(x, "layout", None), getattr(x, "style", None)):
            if isinstance(part, W.Widget):
                parts[id(part)] = part
        x.close()
    if not parts:
        return
    for x in list(live_widgets().values()):
        for part in (getattr(x, "layout", None), getattr(x, "style", None)):
            parts.pop(id(part), None)
    for part in parts.values():
        part.close()


def replace_children(box, children) -> None:
    """Show ``children`` in ``box`` and close what it showed before (except a widget kept)."""
    old = list(box.children)
    box.children = children
    for w in old:
        if w not in children:
            close_tree(w)


_counts = list_to_counts

PRESS_NEXT = "sn-press-next"  # the control to press next, highlighted (the guided game)


def first_control(reg: dict, move) -> str | None:
    """The registered control a learner presses first to make ``move`` (the guided game points at it)."""
    m = getattr(move, "merchant", None)
    if isinstance(move, A.Market):
        names = ["market.cards" if move.discard else "market.go"]
    else:
        names = {
            A.ChooseStart: ["start.go"],
            A.LoadBag: ["load.cards"],
            A.Declare: ["declare.good"],
            A.Inspect: [f"bag.{m}.inspect", "deal.inspect"],
            A.Pass: [f"bag.{m}.pass", "deal.pass"],
            A.Threaten: [f"bag.{m}.threaten"],
            A.Accept: ["deal.accept"],
            A.Decline: ["deal.decline"],
            A.Offer: ["bribe.gold", "bribe.send"],
        }.get(type(move), [])
    return next((n for n in names if n in reg), None)


def first_focusable(widgets) -> W.Widget | None:
    """The first control a keyboard reaches in ``widgets`` (depth first), if any is enabled."""
    for w in widgets:
        if isinstance(w, W.Box):
            found = first_focusable(w.children)
            if found is not None:
                return found
        elif isinstance(w, W.DOMWidget) and not isinstance(w, (W.HTML, W.HTMLMath, W.Label, W.Image)):
            if not getattr(w, "disabled", False):
                return w
    return None


def point_at(w: W.Widget) -> None:
    """Highlight ``w`` as the next control to press, and give it the keyboard focus when it appears."""
    w.add_class(PRESS_NEXT)
    w.add_class(FOCUS_NEXT)


def _expand(counts) -> tuple[int, ...]:
    return tuple(counts_to_list(counts))


class ControlKit:
    def __init__(self, app, seat: int):
        self.app = app
        self.game = app.session.game
        self.seat = seat
        self.view = self.game.view(seat)
        self.names = self.game.names
        self.reg: dict[str, W.Widget] = {}
        self.legal = self.game.legal_actions(seat)

    # -- small builders -------------------------------------------------------------
    def _add(self, name: str, w: W.Widget) -> W.Widget:
        w.add_class(css_name(name))
        self.reg[name] = w
        return w

    def button(
        self, name: str, text: str, action=None, style: str = "", on_click=None, tip: str = "", whose: int | None = None
    ) -> W.Button:
        """``whose``: the merchant the button acts on; a screen reader then reads the button's
        text with that name (a row of such buttons repeats the same text for every bag)."""
        if whose is not None:
            who = self.names[whose]
            tip = (
                _("{tip} ({merchant})").format(tip=tip, merchant=who)
                if tip
                else _("{action}: {merchant}").format(action=text, merchant=who)
            )
        b = W.Button(
            description=text,
            button_style=style,
            tooltip=tip or text,
            layout=W.Layout(width="auto", min_width="120px", align_self="flex-start"),
        )
        if whose is not None:
            b.add_class("sn-named")
        if action is not None:
            b.on_click(lambda _b: self.app.submit(action() if callable(action) else action))
        elif on_click is not None:
            b.on_click(lambda _b: on_click())
        return self._add(name, b)

    def number(self, name: str, text: str, hi: int, value: int = 0) -> W.BoundedIntText:
        w = W.BoundedIntText(
            value=value,
            min=0,
            max=max(hi, 0),
            description=text,
            continuous_update=True,
            style={"description_width": "initial"},
            layout=W.Layout(width="220px"),
        )
        return self._add(name, w)

    def html(self, text: str) -> W.HTML:
        return W.HTML(text)

    def prompt(self, text: str) -> W.HTML:
        return W.HTML(f'<div class="sn-prompt">{text}</div>')
