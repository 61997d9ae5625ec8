"""The class pages' tables: the class's results (a table per class game, headed with that game's own
words for its two shares: ``ClassGame.merchant_share`` and ``sheriff_share``), a student's rounds
and the seats.  ``class_table.html.j2`` renders each: a table on a wide screen, a block per row on
a phone."""

from __future__ import annotations

from fractions import Fraction
from functools import partial

from sheriff.classroom import class_games
from sheriff.i18n import _
from sheriff.widgets import markup
from sheriff.widgets.classroom.shared import pct


def table_html(label: str, heads: list[str], rows: list, nums=(), caption: str = "") -> str:
    """``rows``: (the round or ``None``, the cells: text, or ``markup.Markup``); ``nums``: the
    indexes of the columns that hold numbers."""
    return markup.render("class_table.html.j2", label=label, heads=heads, rows=rows, nums=set(nums), caption=caption)


def said_html(*lines: str, head: str = "", result: bool = False) -> str:
    """A few sentences, one a line: a result (``head`` in bold before them) or a plain text."""
    return markup.render("class_said.html.j2", lines=lines, head=head, result=result)


def by_game(rounds) -> list[tuple[class_games.ClassGame, list]]:
    """The rounds grouped by their game, in the order the games were first played."""
    groups: dict[str, list] = {}
    for r in rounds:
        groups.setdefault(r.game, []).append(r)
    return [(class_games.get(g), rs) for g, rs in groups.items()]


def _tables(label: str, rounds, table, captioned: bool = False) -> str:
    """A table per game (``table(game, its rounds)`` -> heads, rows, nums), each named after its
    game when there are several (``captioned``: always, its rows then never repeat the game's name)."""
    groups = by_game(rounds)
    out = []
    for game, rs in groups:
        heads, rows, nums = table(game, rs)
        name = f"{label} — {game.title()}" if len(groups) > 1 else label
        out.append(table_html(name, heads, rows, nums, game.title() if captioned or len(groups) > 1 else ""))
    return "".join(out)


def _student_table(game, rounds):
    m, s = game.merchant_share, game.sheriff_share
    heads = [_("round"), _(m.column), _(s.column), _(m.equilibrium), _(s.equilibrium)]
    rows = [
        (
            r.number,
            [
                r.number,
                pct(r.smuggle_share),
                pct(r.inspect_share),
                pct(r.prediction.smuggle),
                pct(r.prediction.inspect),
            ],
        )
        for r in rounds
    ]
    return heads, rows, range(len(heads))


def student_results_html(rounds) -> str:
    """The revealed rounds as a student sees them: the class's shares and the equilibrium's."""
    return _tables(_("How the class played"), rounds, _student_table)


def _count(n: int, of: int, share: Fraction | None) -> str:
    return f"{n} / {of} ({pct(share)})"


def _teacher_table(game, rounds, projected: bool = False):
    """A game's rounds: its settings (named once, in the caption: not in every row), the counts, the
    bribes where the game has them, and a revealed round's equilibrium.  ``projected``: the class
    reads it, so a round's counts wait for its Reveal too (Sheriffs still choosing would read them)."""
    m, s = game.merchant_share, game.sheriff_share
    settings = [game.describe(r.params) for r in rounds]
    said = any(settings)  # a game with no settings to tell (the duel) has no such column
    heads = [_("round"), *([_("settings")] if said else []), _(m.column), _(s.column)]
    heads += [_("bribes offered"), _("bribes taken")] if game.has_offers else []
    shown = any(r.revealed for r in rounds)  # each round's answer only once that round is revealed
    heads += [_(m.equilibrium), _(s.equilibrium)] if shown else []
    rows = []
    for r, told in zip(rounds, settings, strict=True):
        cells = [r.number, *([told] if said else [])]
        counts = [_count(r.smuggled, r.merchants, r.smuggle_share), _count(r.inspected, r.sheriffs, r.inspect_share)]
        counts += [r.offers, r.taken] if game.has_offers else []
        cells += counts if r.revealed or not projected else [_("hidden")] * len(counts)
        if shown:
            cells += [pct(r.prediction.smuggle), pct(r.prediction.inspect)] if r.revealed else [_("hidden")] * 2
        rows.append((r.number, cells))
    return heads, rows, [i for i in range(len(heads)) if not (said and i == 1)]


def teacher_results_html(rounds, projected: bool = False) -> str:
    """Every round on the teacher's page, a table per game captioned with its name: its settings, the
    counts, and a revealed round's equilibrium (``projected``: the counts too only once revealed)."""
    if not rounds:
        return ""
    table = partial(_teacher_table, projected=projected)
    return _tables(_("The class, round by round"), rounds, table, captioned=True)


__all__ = ["table_html", "said_html", "by_game", "student_results_html", "teacher_results_html"]
