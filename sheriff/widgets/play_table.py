"""HTML for the play page's public table: round counter, player panels, piles, the story, scores.

Cards and panels come from ``sheriff.widgets.render`` (the one place that draws
them); this module only arranges them.  Everything here is public information,
except a panel drawn with ``viewer`` = its own seat (that player's face-down kinds),
which the play widget asks for only while that player holds the device.
"""
from __future__ import annotations

from html import escape

from sheriff.cards import GOODS, LEGAL_GOODS, N_GOODS
from sheriff.scoring import good_counts_for_bonus
from sheriff.state import OVER, PHASE_TITLES
from sheriff.widgets import render

def _ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


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
        return (f'<div class="sn-head"><b>Game over</b><span>{rules.rounds} rounds played</span>'
                f'<span class="sn-pill sn-rules">{escape(rules.describe())} · seed {g.seed}</span></div>')
    rnd = f'<b class="sn-round">Round {s.round + 1} of {rules.rounds}</b>'
    k, per = officials_turns(s)
    if s.deputies_mode:
        off = (f"Deputies: {escape(names[s.officials[0]])} and {escape(names[s.officials[1]])} "
               f"({_ordinal(k)} of {per} times each)")
    else:
        off = f"Sheriff: {escape(names[s.officials[0]])} ({_ordinal(k)} of {per} turns as Sheriff)"
    p = g.to_act
    who = ""
    if p is not None:
        kind = "bot" if session.is_bot(p) else "human"
        who = f'<span>To act: <b class="sn-to-act">{escape(names[p])}</b> ({kind})</span>'
    phase = PHASE_TITLES[s.phase]
    return (f'<div class="sn-head">{rnd}<span class="sn-pill sn-phase">{escape(phase)}</span>'
            f'<span class="sn-officials">{off}</span>{who}'
            f'<span class="sn-pill sn-rules">{escape(rules.describe())} · seed {g.seed}</span></div>')


def _role(s, p: int) -> str | None:
    if p in s.officials:
        return "Deputy" if s.deputies_mode else "Sheriff"
    return None


def table_html(session, viewer: int | None) -> str:
    """Every player's panel (public; ``viewer``'s own panel shows its face-down kinds) and the piles."""
    g = session.game
    s = g.state
    view = g.view(viewer if viewer is not None else 0)
    acting = g.to_act
    panels = []
    for p in range(s.n):
        kind = ("you" if p == viewer else "human") if p in session.humans else f"bot: {session.bot_label(p)}"
        panels.append((p, render.player_panel(view, p, show_private=(viewer is not None and p == viewer),
                                              role=_role(s, p), note=kind)))
    return render.table(panels, acting) + piles_html(view)


def piles_html(view) -> str:
    s_rules = view.rules
    out = [f'<div class="sn-pile"><h5>Draw pile</h5><span class="sn-deck">{view.deck_size()}</span> cards</div>']
    piles = view.discards()
    labels = ["Left discard pile", "Right discard pile"] if len(piles) == 2 else ["Discard pile"]
    for label, pile in zip(labels, piles):
        top = pile[-5:]
        if len(pile) > 5:
            more = f' <span class="sn-muted">({len(pile)} cards; the top {len(top)} shown, top card on the right)</span>'
        elif pile:
            more = ' <span class="sn-muted">(top card on the right)</span>'
        else:
            more = ""
        out.append(f'<div class="sn-pile"><h5>{label}{more}</h5>{render.card_list(top, "empty")}</div>')
    aside = view.set_aside()
    if aside:
        out.append(f'<div class="sn-pile"><h5>Set aside this Market (face up)</h5>{render.card_list(aside)}</div>')
    if s_rules.black_market:
        bm = view.black_market_piles()
        txt = ", ".join(f"{GOODS[g].name}: {len(v)} left" + (f" (top worth {v[-1]})" if v else "")
                        for g, v in bm.items())
        out.append(f'<div class="sn-pile"><h5>Black Market</h5><span class="sn-muted">{escape(txt)}</span>'
                   '<div class="sn-note">Card values are the tutor\'s editable default, an assumption: '
                   'the rulebook text does not list them.</div></div>')
    if s_rules.deputies:
        gold, cards = view.booty()
        counts = [0] * N_GOODS
        for g, k in enumerate(cards):
            counts[g] = k
        out.append(f'<div class="sn-pile"><h5>Booty tile: {gold} gold</h5>{render.cards(counts, 0, "no goods")}</div>')
    return f'<div class="sn-piles">{"".join(out)}</div>'


def story_html(lines, last: int = 12) -> str:
    """The latest sentences of the story, oldest first, grouped by round."""
    shown = lines[-last:] if last else lines
    out = []
    rnd = None
    for ln in shown:
        if ln.round != rnd:
            rnd = ln.round
            out.append(f'<p class="sn-l-round">Round {rnd + 1}</p>')
        # narration text is plain; bot reasons are added as <i>..</i> by the session
        text = escape(ln.text).replace("&lt;i&gt;", "<i>").replace("&lt;/i&gt;", "</i>")
        out.append(f'<p class="sn-l-{ln.kind}">{text}</p>')
    if not out:
        out.append('<p class="sn-muted">Nothing has happened yet.</p>')
    return f'<div class="sn-story">{"".join(out)}</div>'


def _bonus_labels(stands) -> list[dict[int, str]]:
    """'King' / 'Queen' (or shared) per player and legal good, from the stands."""
    counts = [good_counts_for_bonus(st) for st in stands]
    out: list[dict[int, str]] = [{} for _ in stands]
    for g in LEGAL_GOODS:
        have = sorted({c[g] for c in counts if c[g] > 0}, reverse=True)
        if not have:
            continue
        kings = [p for p, c in enumerate(counts) if c[g] == have[0]]
        for p in kings:
            out[p][g] = "shared King" if len(kings) > 1 else "King"
        if len(kings) == 1 and len(have) > 1:
            queens = [p for p, c in enumerate(counts) if c[g] == have[1]]
            for p in queens:
                out[p][g] = "shared Queen" if len(queens) > 1 else "Queen"
    return out


def score_table_html(game) -> str:
    """The final score sheet: goods, gold, King and Queen bonuses, total, tie-breakers."""
    s = game.state
    if s.scores is None:
        return ""
    labels = _bonus_labels(s.stands)
    rows = []
    for p, sc in enumerate(s.scores):
        bon = []
        for gid, amount in sc.bonuses.items():
            g = next(x for x in LEGAL_GOODS if GOODS[x].id == gid)
            bon.append(f"{GOODS[g].name} {labels[p].get(g, 'bonus')} +{amount}")
        bonus_total = sum(sc.bonuses.values())
        win = p in (s.winners or [])
        crown = " ♛ winner" if win else ""
        rows.append(
            f'<tr class="{"sn-winner" if win else ""}" data-seat="{p}"><td>{escape(game.names[p])}{crown}</td>'
            f'<td>{sc.goods}</td><td>{sc.gold}</td><td class="sn-bon">{escape(", ".join(bon)) or "—"}</td>'
            f'<td>{bonus_total}</td><td class="sn-total" data-total="{sc.total}"><b>{sc.total}</b></td>'
            f'<td>{sc.legal_cards}</td><td>{sc.contraband_cards}</td></tr>')
    shared = len(s.winners or []) > 1
    note = ("Shared victory: still tied after both tie-breakers." if shared else
            "Ties are broken by the most legal goods, then the most contraband.")
    return ('<table class="sn-scores"><thead><tr><th>Player</th><th>Goods</th><th>Gold</th>'
            '<th>King and Queen bonuses</th><th>Bonus total</th><th>Score</th>'
            '<th>Legal cards</th><th>Contraband cards</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table><div class="sn-note">{note} '
            'Goods = the value of every card on the stand (Black Market cards included).</div>')


def final_stands_html(game) -> str:
    """At the end every stand is turned face up and counted."""
    s = game.state
    panels = []
    for p in range(s.n):
        bm = s.bm_cards[p]
        extra = ("<div class='sn-muted'>Black Market: " + ", ".join(f"{GOODS[g].name} {v}" for g, v in bm) + "</div>") if bm else ""
        panels.append((p, render.panel(p, game.names[p], f'<div class="sn-muted">gold: <b class="sn-gold">{s.gold[p]}</b></div>'
                                       f'{render.cards(s.stands[p], 0, "empty stand")}{extra}')))
    return render.table(panels)


__all__ = ["header_html", "table_html", "piles_html", "story_html", "score_table_html",
           "final_stands_html"]
