"""Plain-English sentences for a learner: what a move did, from the engine's events.

    >>> from sheriff.narration import narrate
    >>> # lines = narrate(action, game.push(action), before_state, after_state)

``narrate(action, events, before, after=None, seat=None)`` returns a list of short
sentences.  ``before`` is the state the move was made in (it tells who the Sheriff
or the Deputies were); ``after`` (optional) adds the final scores at game end.

``seat`` is the chair the story is told to: that player sees their own drawn cards
and smuggled goods, and nobody else's (other players only learn how many cards were
drawn, and how many went face down).  ``seat=None`` is the all-seeing narrator for
replays and study.  Every event kind the engine emits has a sentence; an unknown
kind (a newer engine) is shown in brackets rather than breaking the story.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sheriff import actions as A
from sheriff import events as E
from sheriff.cards import IS_LEGAL, N_GOODS, PENALTY
from sheriff.wording import (BOOTY, Table, and_list, bribe_text, cap, cards_text, good_name, goods_text,
                             plural)

def _penalty_detail(counts, only=None) -> str:
    """'2 for each of the 4 Chickens' / '2 for the Cheese and 4 for each of the 2 Mead'."""
    parts = []
    for g, k in enumerate(counts):
        if not k or (only is not None and g not in only):
            continue
        if k == 1:
            parts.append(f"{PENALTY[g]} for the {good_name(g, 1)}")
        else:
            parts.append(f"{PENALTY[g]} for each of the {k} {good_name(g, k)}")
    return and_list(parts)


def narrate(action, events, before, after=None, seat: int | None = None) -> list[str]:
    """Sentences telling what ``action`` did, given the ``events`` it produced.

    ``before``: the state the action was played in; ``after``: the state after it
    (optional: adds the final scores, and the 2E gathering of set-aside cards).
    ``seat``: whose eyes (None: everything).
    """
    t = Table(before)
    out: list[str] = []
    ctx: dict = {}
    for ev in events:
        try:
            line = _event(ev, t, ctx, action, seat, after)
        except Exception:      # never let a story break a lesson
            line = f"[{getattr(ev, 'kind', ev)}]"
        if line:
            out.append(cap(line))
    if not events:
        line = _silent(action, t)
        if line:
            out.append(cap(line))
    if (isinstance(action, A.Market) and not t.edition1 and after is not None
            and getattr(before, "phase", None) == "market" and getattr(after, "phase", None) != "market"):
        gathered = list(before.set_aside) + list(action.discard)
        if gathered:
            verb = "gather" if t.deputies else "gathers"
            out.append(f"Every merchant has had a turn: {t.boss()} {verb} the set-aside cards "
                       f"({cards_text(gathered)}) into the face-up discard pile.")
    return out


def narrate_text(action, events, before, after=None, seat: int | None = None) -> str:
    return " ".join(narrate(action, events, before, after, seat))


def action_text(action, state, seat: int | None = None) -> str:
    """One sentence for a move as attempted (used when the rules refuse it)."""
    return cap(action.attempt(Table(state), seat)) + "."


def _silent(action, t: Table) -> str:
    """Moves that leave no event behind."""
    if isinstance(action, A.SkipClaim):
        return f"{t.who(action.player)} makes no Black Market claim."
    if isinstance(action, A.AgreeBooty):
        return (f"{t.who(action.player)} proposes: the Booty's odd coin to {t.who(action.coin_to)}, "
                f"its odd card to {t.who(action.card_to)}.")
    if action is None:
        return ""
    return ""


# -- one small function per event kind -----------------------------------------------------
# Each gets the event, the table (updated as the story unfolds), a scratch dict shared by the
# events of one move (a bribe paid, a bag opened), the move, whose eyes, and the state after.
_Say = Callable[[Any, Table, dict, Any, "int | None", Any], "str | None"]
_SAY: dict[type, _Say] = {}


def _says(kind: type) -> Callable[[_Say], _Say]:
    def register(f: _Say) -> _Say:
        _SAY[kind] = f
        return f
    return register


def _event(ev, t: Table, ctx: dict, action, seat, after) -> str | None:
    say = _SAY.get(type(ev))
    if say is None:
        return f"[{getattr(ev, 'kind', ev)}]"
    return say(ev, t, ctx, action, seat, after)


@_says(E.Round)
def _round(ev: E.Round, t: Table, ctx, action, seat, after) -> str | None:
    officials = tuple(ev.officials)
    t.officials = officials
    if t.deputies:
        head = f"Round {ev.round + 1}: {t.names[officials[0]]} and {t.names[officials[1]]} are the Deputies."
    else:
        head = f"Round {ev.round + 1}: {t.names[officials[0]]} is the Sheriff."
    return f"The round is over and everyone draws back up to {t.hand_size} cards. {head}"


@_says(E.Start)
def _start(ev: E.Start, t: Table, ctx, action, seat, after) -> str | None:
    return f"{t.who(ev.player)} picks {t.who(ev.start)} to take the first Market turn."


@_says(E.MarketTurn)
def _market(ev: E.MarketTurn, t: Table, ctx, action, seat, after) -> str | None:
    discard, taken, drawn = ev.discard, ev.taken, ev.drawn
    who = t.who(ev.player)
    if not discard and not taken and not drawn:
        return f"{who} keeps the whole hand."
    if t.edition1:
        s = f"{who} sets aside {plural(len(discard), 'card')}"
        got = []
        if taken:
            froms = list(getattr(action, "from_piles", ())) if isinstance(action, A.Market) else []
            if froms and len(froms) == len(taken):
                for k in (0, 1):
                    cards = [c for c, f in zip(taken, froms) if f == k]
                    if cards:
                        got.append(f"{cards_text(cards)} from the top of {t.pile(k)}")
            else:
                got.append(f"{cards_text(taken)} from the discard piles")
        if drawn:
            got.append(f"{plural(drawn, 'card')} from the draw pile")
        if got:
            s += ", takes " + and_list(got)
        if discard:
            s += f", then lays the set-aside cards ({cards_text(discard)}) face up on {t.pile(ev.pile)}"
        return s + "."
    s = f"{who} sets aside {cards_text(discard)} face up" if discard else f"{who} sets nothing aside"
    return s + (f" and draws {plural(drawn, 'new card')} from the deck." if drawn else ".")


@_says(E.Drew)
def _drew(ev: E.Drew, t: Table, ctx, action, seat, after) -> str | None:
    if not ev.cards:           # nothing drawn, or hidden from this seat
        return None
    if seat is None or seat == ev.player:
        return f"{t.who(ev.player)} draws {cards_text(ev.cards)}."
    return None


@_says(E.Reshuffle)
def _reshuffle(ev: E.Reshuffle, t: Table, ctx, action, seat, after) -> str | None:
    if t.edition1:
        return (f"The draw pile has run out: each discard pile keeps its top five cards, and the rest "
                f"({plural(ev.count, 'card')}) are shuffled into a new draw pile.")
    return f"The deck has run out: the discard pile ({plural(ev.count, 'card')}) is shuffled into a new deck."


@_says(E.Loaded)
def _loaded(ev: E.Loaded, t: Table, ctx, action, seat, after) -> str | None:
    p = ev.player
    if isinstance(action, A.LoadBag) and action.player == p and (seat is None or seat == p):
        return f"{t.who(p)} packs {cards_text(action.cards)} into the bag and snaps it shut."
    return f"{t.who(p)} packs {plural(ev.count, 'card')} into the bag and snaps it shut."


@_says(E.Declared)
def _declared(ev: E.Declared, t: Table, ctx, action, seat, after) -> str | None:
    g, k = ev.good, ev.count
    t.declared[ev.player] = (g, k)
    return f'{t.who(ev.player)} hands over the bag and declares: "{k} {good_name(g, k)}."'


@_says(E.StanceTaken)
def _stance(ev: E.StanceTaken, t: Table, ctx, action, seat, after) -> str | None:
    m = ev.merchant
    view = f"wants to inspect {t.whose(m)} bag" if ev.inspect else f"would let {t.who(m)} pass"
    return f"{t.who(ev.deputy)} {view}."


@_says(E.Authority)
def _authority(ev: E.Authority, t: Table, ctx, action, seat, after) -> str | None:
    m, suspicious = ev.merchant, tuple(ev.suspicious)
    t.authority[m] = suspicious
    if not suspicious:
        return f"Neither Deputy is suspicious, so {t.who(m)} goes through without a bribe."
    if len(suspicious) == 1:
        return (f"Only {t.who(suspicious[0])} is suspicious, and deals with {t.who(m)} alone: "
                f"any bribe or fine is theirs alone.")
    return (f"Both Deputies are suspicious: they deal with {t.who(m)} together "
            f"({t.who(suspicious[0])} speaks), and any bribe or fine goes onto the Booty tile.")


@_says(E.Threatened)
def _threatened(ev: E.Threatened, t: Table, ctx, action, seat, after) -> str | None:
    return f"{t.who(ev.sheriff)} threatens to open {t.whose(ev.merchant)} bag."


@_says(E.Offered)
def _offered(ev: E.Offered, t: Table, ctx, action, seat, after) -> str | None:
    by, m = ev.player, ev.merchant
    if by == m:
        return f"{t.who(m)} offers {bribe_text(ev.bribe, t)}."
    return f"{t.who(by)} asks {t.who(m)} for {bribe_text(ev.bribe, t)}."


@_says(E.Deal)
def _deal(ev: E.Deal, t: Table, ctx, action, seat, after) -> str | None:
    return f'{t.who(ev.player)} agrees: "Deal!"'


@_says(E.Declined)
def _declined(ev: E.Declined, t: Table, ctx, action, seat, after) -> str | None:
    return f"{t.who(ev.merchant)} refuses to pay."


@_says(E.TimeRanOut)
def _time_up(ev: E.TimeRanOut, t: Table, ctx, action, seat, after) -> str | None:
    return "Time is up! Every bag not yet dealt with goes through without a bribe."


@_says(E.BribePaid)
def _bribe_paid(ev: E.BribePaid, t: Table, ctx, action, seat, after) -> str | None:
    b = ev.bribe
    ctx["bribe"] = b
    dest = "goes onto the Booty tile" if ev.payee == BOOTY else f"goes to {t.who(ev.payee)}"
    s = f"{t.whose(ev.merchant)} bribe ({bribe_text(b, t)}) {dest}."
    if b.inspect:
        s += f" The deal binds {t.boss()} to open {and_list([t.whose(p) + ' bag' for p in b.inspect])} this round."
    if b.let_pass:
        s += f" The deal binds {t.boss()} to let {and_list([t.who(p) for p in b.let_pass])} through this round."
    return s


@_says(E.Void)
def _void(ev: E.Void, t: Table, ctx, action, seat, after) -> str | None:
    void = ev.goods
    b = ctx.get("bribe")
    where = ""
    if b is not None:
        in_bag = set(b.bag)
        in_stand = set(b.stand)
        gs = {g for g, k in enumerate(void) if k}
        if gs <= in_bag and not (gs & in_stand):
            where = " from the bag"
        elif gs <= in_stand and not (gs & in_bag):
            where = " from the stand"
    k = sum(void)
    return (f"Promised {goods_text(void)}{where} that {'was' if k == 1 else 'were'} not there: "
            f"that part of the bribe is void (honor among thieves).")


@_says(E.Passed)
def _passed(ev: E.Passed, t: Table, ctx, action, seat, after) -> str | None:
    m, bag = ev.merchant, ev.bag
    parts = []
    if any(ev.legal):
        parts.append(f"{goods_text(ev.legal)} face up")
    if ev.face_down:
        if bag is not None and (seat is None or seat == m):
            ill = [bag[g] if not IS_LEGAL[g] else 0 for g in range(N_GOODS)]
            parts.append(f"{goods_text(ill)} face down (contraband)")
        else:
            parts.append(f"{plural(ev.face_down, 'card')} face down (contraband: only {t.who(m)} knows what)")
    return f"{t.who(m)} gets the bag back unopened and puts {and_list(parts)} on the stand."


@_says(E.Opened)
def _opened(ev: E.Opened, t: Table, ctx, action, seat, after) -> str | None:
    m, bag = ev.merchant, ev.bag
    ctx["opened"] = ev
    ctx["halves"] = 0
    if t.deputies and len(t.authority.get(m, ())) == 2:
        opener = "the Deputies"
    elif isinstance(action, A.Inspect):
        opener = t.who(action.player)
    else:
        opener = t.boss()
    if ev.honest:
        return (f"{opener} {'open' if opener == 'the Deputies' else 'opens'} {t.whose(m)} bag: "
                f"{goods_text(bag)}, exactly as declared. It all goes on {t.whose(m)} stand.")
    decl = t.declared[m] if 0 <= m < len(t.declared) else None
    s = f"{opener} {'open' if opener == 'the Deputies' else 'opens'} {t.whose(m)} bag and finds {goods_text(bag)}"
    if decl is None:
        return s + "."
    g, k = decl
    s += f", not {k} {good_name(g, k)}."
    conf = [bag[x] if x != g else 0 for x in range(N_GOODS)]
    where = t.pile(action.pile) if isinstance(action, A.Inspect) and t.edition1 else t.pile(0)
    kept = f"{t.who(m)} keeps {bag[g]} {good_name(g, bag[g])}" if bag[g] else "Nothing in it was declared truthfully"
    n_conf = sum(conf)
    return (s + f" {kept}; {goods_text(conf)} {'is' if n_conf == 1 else 'are'} confiscated "
            f"onto {where}.")


@_says(E.Paid)
def _paid(ev: E.Paid, t: Table, ctx, action, seat, after) -> str | None:
    debtor, creditor, cash, why = ev.debtor, ev.creditor, ev.cash, ev.why
    opened = ctx.get("opened")
    detail = ""
    due = None
    if opened is not None:
        m, honest, bag, amount = opened.merchant, opened.honest, opened.bag, opened.amount
        if honest and "half" in why:
            first = ctx.get("halves", 0) == 0
            ctx["halves"] = ctx.get("halves", 0) + 1
            due = amount - amount // 2 if first else amount // 2
            detail = f" (half of the {amount}-gold penalty: {_penalty_detail(bag)})"
        elif honest:
            due = amount
            detail = f" ({_penalty_detail(bag)})"
        else:
            decl = t.declared[m] if 0 <= m < len(t.declared) else None
            conf = [bag[x] if decl is None or x != decl[0] else 0 for x in range(N_GOODS)]
            due = amount
            detail = f" ({_penalty_detail(conf)})"
    if cash == 0:
        owed = f"{due} gold" if due is not None else "money"
        return f"{t.who(debtor)} owes {t.who(creditor)} {owed}{detail} but has no gold left."
    if creditor == BOOTY:
        return f"{t.who(debtor)} puts {cash} gold onto the Booty tile{detail}."
    if due is not None and cash < due:
        return f"{t.who(debtor)} owes {t.who(creditor)} {due} gold{detail} but has only {cash} gold, and pays it all."
    return f"{t.who(debtor)} pays {t.who(creditor)} {cash} gold{detail}."


@_says(E.PaidGoods)
def _paid_goods(ev: E.PaidGoods, t: Table, ctx, action, seat, after) -> str | None:
    creditor = ev.creditor
    to = "puts" if creditor == BOOTY else "hands"
    dest = " onto the Booty tile" if creditor == BOOTY else f" to {t.who(creditor)}"
    return (f"To cover the rest, {t.who(ev.debtor)} {to} {goods_text(ev.goods)} from the stand{dest} "
            f"(goods worth at least the debt; no change is given).")


@_says(E.DebtDue)
def _debt_due(ev: E.DebtDue, t: Table, ctx, action, seat, after) -> str | None:
    s = (f"{t.who(ev.debtor)} still owes {ev.owed} gold and now chooses goods from the stand worth at least "
         f"that (legal goods first; no change is given).")
    if ev.suggested and any(ev.suggested):
        s += f" Paying with {goods_text(ev.suggested)} overpays least."
    return s


@_says(E.Forgiven)
def _forgiven(ev: E.Forgiven, t: Table, ctx, action, seat, after) -> str | None:
    return f"{t.whose(ev.debtor)} stand is empty, so the last {ev.gold} gold of the debt is forgiven."


@_says(E.Claimed)
def _claimed(ev: E.Claimed, t: Table, ctx, action, seat, after) -> str | None:
    g = ev.good
    return (f"{t.who(ev.player)} reveals 3 {good_name(g, 3)} from the stand, removes them from the game "
            f"and takes the top {good_name(g, 1)} Black Market card (worth {ev.value}).")


@_says(E.BootyShared)
def _booty(ev: E.BootyShared, t: Table, ctx, action, seat, after) -> str | None:
    a, b, sa, sb = t.names[ev.first], t.names[ev.second], ev.goods_first, ev.goods_second
    s = f"The Deputies share the Booty: {a} and {b} get {ev.half} gold each"
    if any(sa) or any(sb):
        s += f", {a} takes {goods_text(sa)} and {b} takes {goods_text(sb)}"
    s += "."
    if ev.odd and ev.odd_to >= 0:
        s += f" As the Deputies agreed, {t.names[ev.odd_to]} takes the odd {plural(ev.odd, 'coin')}."
    elif ev.odd:
        s += f" The odd {plural(ev.odd, 'coin')} cannot be split and goes back to the bank."
    if ev.left and ev.left_to >= 0:
        s += f" As the Deputies agreed, {t.names[ev.left_to]} takes the odd card ({cards_text(ev.left)})."
    elif ev.left:
        s += f" The odd card ({cards_text(ev.left)}) is discarded."
    return s


@_says(E.GameOver)
def _game_over(ev: E.GameOver, t: Table, ctx, action, seat, after) -> str | None:
    winners = list(ev.winners)
    s = "The game is over: hands are discarded and the stands are counted."
    if after is not None and getattr(after, "scores", None):
        sc = after.scores
        s += " Scores: " + and_list([f"{t.names[p]} {sc[p].total}" for p in range(len(t.names))]) + "."
    if len(winners) == 1:
        s += f" {t.names[winners[0]]} wins!"
    elif winners:
        s += " Shared victory: " + and_list([t.names[p] for p in winners]) + "."
    return s

__all__ = ["narrate", "narrate_text", "action_text", "goods_text", "good_name", "bribe_text", "and_list"]
