"""HTML for the play page's public table: round counter, player panels, piles, the story, scores.

Cards and panels come from ``sheriff.widgets.render`` (the one place that draws
them); this module only arranges them.  Everything here is public information,
except a panel drawn with ``viewer`` = its own seat (that player's face-down kinds),
which the play widget asks for only while that player holds the device.
"""

from __future__ import annotations

from html import escape

from sheriff.cards import GOODS, LEGAL_GOODS, N_GOODS
from sheriff.i18n import _, ngettext, pgettext
from sheriff.scoring import good_counts_for_bonus
from sheriff.state import OVER, PHASE_TITLES
from sheriff.widgets import render
from sheriff.wording import goods_kind


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
    return _("{rules} · seed {seed}").format(rules=escape(rules.describe()), seed=seed)


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
        over = _("Game over")
        return (
            f'<div class="sn-head"><b>{over}</b><span>{played}</span>'
            f'<span class="sn-pill sn-rules">{_seed(rules, g.seed)}</span></div>'
        )
    rnd = '<b class="sn-round">{}</b>'.format(_("Round {n} of {rounds}").format(n=s.round + 1, rounds=rules.rounds))
    k, per = officials_turns(s)
    if s.deputies_mode:
        off = _("Deputies: {first} and {second} ({k} of {per} times each)").format(
            first=escape(names[s.officials[0]]), second=escape(names[s.officials[1]]), k=_ordinal(k), per=per
        )
    else:
        off = _("Sheriff: {name} ({k} of {per} turns as Sheriff)").format(
            name=escape(names[s.officials[0]]), k=_ordinal(k), per=per
        )
    p = g.to_act
    who = ""
    if p is not None:
        to_act = _("To act: {name} (bot)") if session.is_bot(p) else _("To act: {name} (human)")
        who = "<span>{}</span>".format(to_act.format(name=f'<b class="sn-to-act">{escape(names[p])}</b>'))
    phase = _(PHASE_TITLES[s.phase])
    return (
        f'<div class="sn-head">{rnd}<span class="sn-pill sn-phase">{escape(phase)}</span>'
        f'<span class="sn-officials">{off}</span>{who}'
        f'<span class="sn-pill sn-rules">{_seed(rules, g.seed)}</span></div>'
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
                render.player_panel(
                    view, p, show_private=(viewer is not None and p == viewer), role=_role(s, p), note=kind
                ),
            )
        )
    return render.table(panels, acting) + piles_html(view)


def piles_html(view) -> str:
    s_rules = view.rules
    deck = view.deck_size()
    drawn = ngettext("{n} cards", "{n} cards", deck).format(n=f'<span class="sn-deck">{deck}</span>')
    out = ['<div class="sn-pile"><h5>{}</h5>{}</div>'.format(_("Draw pile"), drawn)]
    piles = view.discards()
    labels = [_("Left discard pile"), _("Right discard pile")] if len(piles) == 2 else [_("Discard pile")]
    for label, pile in zip(labels, piles):
        top = pile[-5:]
        if len(pile) > 5:
            more = ' <span class="sn-muted">{}</span>'.format(
                ngettext(
                    "({n} card; the top {shown} shown, top card on the right)",
                    "({n} cards; the top {shown} shown, top card on the right)",
                    len(pile),
                ).format(n=len(pile), shown=len(top))
            )
        elif pile:
            more = ' <span class="sn-muted">{}</span>'.format(_("(top card on the right)"))
        else:
            more = ""
        out.append(f'<div class="sn-pile"><h5>{label}{more}</h5>' + render.card_list(top, _("empty")) + "</div>")
    aside = view.set_aside()
    if aside:
        out.append(
            '<div class="sn-pile"><h5>{}</h5>{}</div>'.format(
                _("Set aside this Market (face up)"), render.card_list(aside)
            )
        )
    if s_rules.black_market:
        bm = view.black_market_piles()
        txt = _(", ").join(
            (_("{good}: {n} left (top worth {value})") if v else _("{good}: {n} left")).format(
                good=goods_kind(g), n=len(v), value=v[-1] if v else 0
            )
            for g, v in bm.items()
        )
        out.append(
            '<div class="sn-pile"><h5>{}</h5><span class="sn-muted">{}</span>'
            '<div class="sn-note">{}</div></div>'.format(
                _("Black Market"),
                escape(txt),
                _("Card values are the tutor's editable default, an assumption: the rulebook text does not list them."),
            )
        )
    if s_rules.deputies:
        gold, cards = view.booty()
        counts = [0] * N_GOODS
        for g, k in enumerate(cards):
            counts[g] = k
        booty = _("Booty tile: {gold} gold").format(gold=gold)
        out.append(f'<div class="sn-pile"><h5>{booty}</h5>' + render.cards(counts, 0, _("no goods")) + "</div>")
    return f'<div class="sn-piles">{"".join(out)}</div>'


def story_html(lines, last: int = 12) -> str:
    """The latest sentences of the story, oldest first, grouped by round."""
    shown = lines[-last:] if last else lines
    out = []
    rnd = None
    for ln in shown:
        if ln.round != rnd:
            rnd = ln.round
            out.append('<p class="sn-l-round">{}</p>'.format(_("Round {n}").format(n=rnd + 1)))
        # narration text is plain; bot reasons are added as <i>..</i> by the session
        text = escape(ln.text).replace("&lt;i&gt;", "<i>").replace("&lt;/i&gt;", "</i>")
        out.append(f'<p class="sn-l-{ln.kind}">{text}</p>')
    if not out:
        out.append('<p class="sn-muted">{}</p>'.format(_("Nothing has happened yet.")))
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
            bon.append(_bonus_text(labels[p].get(g, "bonus"), goods_kind(g), amount))
        bonus_total = sum(sc.bonuses.values())
        win = p in (s.winners or [])
        crown = " ♛ " + _("winner") if win else ""
        bonuses = _(", ").join(bon)
        rows.append(
            f'<tr class="{"sn-winner" if win else ""}" data-seat="{p}"><td>{escape(game.names[p])}{crown}</td>'
            f'<td>{sc.goods}</td><td>{sc.gold}</td><td class="sn-bon">{escape(bonuses) or "—"}</td>'
            f'<td>{bonus_total}</td><td class="sn-total" data-total="{sc.total}"><b>{sc.total}</b></td>'
            f"<td>{sc.legal_cards}</td><td>{sc.contraband_cards}</td></tr>"
        )
    shared = len(s.winners or []) > 1
    note = (
        _("Shared victory: still tied after both tie-breakers.")
        if shared
        else _("Ties are broken by the most legal goods, then the most contraband.")
    )
    head = "".join(
        f"<th>{t}</th>"
        for t in (
            _("Player"),
            _("Goods"),
            _("Gold"),
            _("King and Queen bonuses"),
            _("Bonus total"),
            _("Score"),
            _("Legal cards"),
            _("Contraband cards"),
        )
    )
    return (
        f'<table class="sn-scores"><thead><tr>{head}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody></table><div class="sn-note">{note} '
        + _("Goods = the value of every card on the stand (Black Market cards included).")
        + "</div>"
    )


def _bonus_text(label: str, good: str, amount: int) -> str:
    """'Apples King +20', 'Cheese shared Queen +5' on the score sheet."""
    match label:
        case "King":
            text = _("{good} King +{points}")
        case "shared King":
            text = _("{good} shared King +{points}")
        case "Queen":
            text = _("{good} Queen +{points}")
        case "shared Queen":
            text = _("{good} shared Queen +{points}")
        case _:
            text = _("{good} bonus +{points}")
    return text.format(good=good, points=amount)


def final_stands_html(game) -> str:
    """At the end every stand is turned face up and counted."""
    s = game.state
    panels = []
    for p in range(s.n):
        bm = s.bm_cards[p]
        extra = (
            "<div class='sn-muted'>{}</div>".format(
                _("Black Market: {cards}").format(
                    cards=_(", ").join(_("{good} {value}").format(good=goods_kind(g), value=v) for g, v in bm)
                )
            )
            if bm
            else ""
        )
        gold = _("gold: {gold}").format(gold=f'<b class="sn-gold">{s.gold[p]}</b>')
        stand = render.cards(s.stands[p], 0, _("empty stand"))
        panels.append((p, render.panel(p, game.names[p], f'<div class="sn-muted">{gold}</div>{stand}{extra}')))
    return render.table(panels)


__all__ = ["header_html", "table_html", "piles_html", "story_html", "score_table_html", "final_stands_html"]
