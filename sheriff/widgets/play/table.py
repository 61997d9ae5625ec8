"""HTML for the play page's public table: round counter, player panels, piles, the story, scores.

Cards and panels come from ``sheriff.widgets.render`` (the one place that draws
them); this module only arranges them.  Everything here is public information,
except a panel drawn with ``viewer`` = its own seat (that player's face-down kinds),
which the play widget asks for only while that player holds the device.
"""

from __future__ import annotations

import re

from sheriff.i18n import _, ngettext, pgettext
from sheriff.state import OVER, PHASE_TITLES
from sheriff.widgets import render as render_
from sheriff.widgets.markup import html, render


def _ordinal(k: int) -> str:
    # "the 1st time" (Ukrainian: «1-й раз», masculine), not the editions' "1st" (feminine: «1-ше видання»)
    match k:
        case 1:
            return pgettext("the k-th time", "1st")
        case 2:
            return pgettext("the k-th time", "2nd")
        case 3:
            return pgettext("the k-th time", "3rd")
    return pgettext("the k-th time", "{k}th").format(k=k)


def _seed(rules, seed: int) -> str:
    # Shown only once the game is over: the seed regenerates every hand and every future draw
    # (``Game(rules, seed=...)``), so during a game it would give every seat's cards away.
    return _("{rules} · seed {seed}").format(rules=rules.describe(), seed=seed)


def officials_turns(s) -> tuple[int, int]:
    """(this is the k-th time as Sheriff / Deputy, out of how many) for the current officials."""
    per = s.rules.rounds * len(s.officials) // s.n
    k = s.sheriff_turns[s.officials[0]] + 1
    return k, per


def header_html(session) -> str:
    g = session.game
    s = g.state
    rules = g.rules
    names = g.names
    if s.phase == OVER:
        # English says "rounds", "cards" whatever the number (as it always did); other languages need the forms
        played = ngettext("{n} rounds played", "{n} rounds played", rules.rounds).format(n=rules.rounds)
        return render("play_head.html.j2", over=_("Game over"), played=played, rules=_seed(rules, g.seed))
    k, per = officials_turns(s)
    if s.deputies_mode:
        off = _("Deputies: {first} and {second} ({k} of {per} times each)").format(
            first=names[s.officials[0]], second=names[s.officials[1]], k=_ordinal(k), per=per
        )
    else:
        off = _("Sheriff: {name} ({k} of {per} turns as Sheriff)").format(
            name=names[s.officials[0]], k=_ordinal(k), per=per
        )
    p = g.to_act
    to_act = ""
    if p is not None:
        to_act = _("To act: {name} (bot)") if session.is_bot(p) else _("To act: {name} (human)")
    return render(
        "play_head.html.j2",
        over="",
        round=_("Round {n} of {rounds}").format(n=s.round + 1, rounds=rules.rounds),
        phase=_(PHASE_TITLES[s.phase]),
        officials=off,
        to_act=to_act,
        actor=names[p] if p is not None else "",
        rules=rules.describe(),
    )


def _role(s, p: int) -> str | None:
    if p in s.officials:
        return pgettext("role", "Deputy") if s.deputies_mode else pgettext("role", "Sheriff")
    return None


def table_html(session, viewer: int | None) -> str:
    """Every player's panel (public; ``viewer``'s own panel shows its face-down kinds) and the piles."""
    g = session.game
    s = g.state
    view = g.view(viewer if viewer is not None else 0)
    acting = g.to_act
    panels = []
    for p in range(s.n):
        if p in session.humans:
            kind = pgettext("seat", "you") if p == viewer else pgettext("seat", "human")
        else:
            kind = _("bot: {style}").format(style=session.bot_label(p))
        panels.append(
            (
                p,
                render_.player_panel(
                    view, p, show_private=(viewer is not None and p == viewer), role=_role(s, p), note=kind
                ),
            )
        )
    return render_.table(panels, acting) + render_.piles(view)


def story_html(lines, last: int = 12) -> str:
    """The latest sentences of the story, oldest first, grouped by round."""
    shown = lines[-last:] if last else lines
    out = []
    rnd = None
    for ln in shown:
        title = ""
        if ln.round != rnd:
            rnd = ln.round
            title = _("Round {n}").format(n=rnd + 1)
        # narration text is plain; bot reasons are added as <i>..</i> by the session
        parts = [(part, k % 2 == 1) for k, part in enumerate(_ITALIC.split(ln.text)) if part]
        out.append({"round_title": title, "kind": ln.kind, "parts": parts})
    return render("story.html.j2", lines=out, nothing=_("Nothing has happened yet."), label=_("The whole game so far"))


_ITALIC = re.compile(r"<i>(.*?)</i>", re.S)


def score_table_html(game) -> str:
    """The final score sheet: goods, gold, King and Queen bonuses, total, tie-breakers."""
    s = game.state
    if s.scores is None:
        return ""
    winners = s.winners or []
    note = (
        _("Shared victory: still tied after both tie-breakers.")
        if len(winners) > 1
        else _("Ties are broken by the most legal goods, then the most contraband.")
    )
    note += " " + _("Goods = the value of every card on the stand (Black Market cards included).")
    return render_.score_sheet(game.names, s.stands, s.scores, winners, note=note)


def final_stands_html(game) -> str:
    """At the end every stand is turned face up and counted."""
    s = game.state
    panels = []
    for p in range(s.n):
        body = render(
            "seat_final.html.j2",
            gold_text=_("gold: {gold}"),
            gold=s.gold[p],
            stand=html(render_.cards(s.stands[p], 0, _("empty stand"))),
            black_market=render_.black_market_cards(s.bm_cards[p]),
        )
        panels.append((p, render_.panel(p, game.names[p], body)))
    return render_.table(panels)


__all__ = ["header_html", "table_html", "story_html", "score_table_html", "final_stands_html"]
