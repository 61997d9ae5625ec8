"""Sentences for a learner, in the page's language: what a move did, from the engine's events.

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
from sheriff.i18n import _, ngettext
from sheriff.wording import BOOTY, Table, and_list, bribe_text, cap, cards_text, good_count, good_name, goods_text


def _penalty_detail(counts, only=None) -> str:
    """'2 for each of the 4 Chickens' / '2 for the Cheese and 4 for each of the 2 Mead'."""
    parts = []
    for g, k in enumerate(counts):
        if not k or (only is not None and g not in only):
            continue
        if k == 1:
            parts.append(_("{penalty} for the {good}").format(penalty=PENALTY[g], good=good_name(g, 1)))
        else:
            parts.append(_("{penalty} for each of the {goods}").format(penalty=PENALTY[g], goods=good_count(g, k)))
    return and_list(parts)


def _cards(n: int) -> str:
    """'1 card', '3 cards': a number of unseen cards, as an item of a list or a sentence."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _gold(n: int) -> str:
    return ngettext("{n} gold", "{n} gold", n).format(n=n)


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
        except Exception:  # never let a story break a lesson
            line = f"[{getattr(ev, 'kind', ev)}]"
        if line:
            out.append(cap(line))
    if not events:
        line = _silent(action, t)
        if line:
            out.append(cap(line))
    if (
        isinstance(action, A.Market)
        and not t.edition1
        and after is not None
        and getattr(before, "phase", None) == "market"
        and getattr(after, "phase", None) != "market"
    ):
        gathered = list(before.set_aside) + list(action.discard)
        if gathered:
            msg = (
                _(
                    "Every merchant has had a turn: the Deputies gather the set-aside cards ({cards}) "
                    "into the face-up discard pile."
                )
                if t.deputies
                else _(
                    "Every merchant has had a turn: the Sheriff gathers the set-aside cards ({cards}) "
                    "into the face-up discard pile."
                )
            )
            out.append(msg.format(cards=cards_text(gathered)))
    return out


def narrate_text(action, events, before, after=None, seat: int | None = None) -> str:
    return " ".join(narrate(action, events, before, after, seat))


def action_text(action, state, seat: int | None = None) -> str:
    """One sentence for a move as attempted (used when the rules refuse it)."""
    return cap(action.attempt(Table(state), seat)) + "."


def _silent(action, t: Table) -> str:
    """Moves that leave no event behind."""
    if isinstance(action, A.SkipClaim):
        return _("{player} makes no Black Market claim.").format(player=t.who(action.player))
    if isinstance(action, A.AgreeBooty):
        return _("{player} proposes: the Booty's odd coin to {coin_to}, its odd card to {card_to}.").format(
            player=t.who(action.player), coin_to=t.who(action.coin_to), card_to=t.who(action.card_to)
        )
    return ""


# -- one small function per event kind -----------------------------------------------------
# Each gets the event, the table (updated as the story unfolds), a scratch dict shared by the
# events of one move (a bribe paid, a bag opened), the move, whose eyes, and the state after.
# Every sentence is one message with named placeholders (docs/translating.md): a name or a
# role goes in whole, never glued to a translated piece.
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
        head = _("Round {round}: {first} and {second} are the Deputies.").format(
            round=ev.round + 1, first=t.name(officials[0]), second=t.name(officials[1])
        )
    else:
        head = _("Round {round}: {sheriff} is the Sheriff.").format(round=ev.round + 1, sheriff=t.name(officials[0]))
    over = ngettext(
        "The round is over and everyone draws back up to {n} card.",
        "The round is over and everyone draws back up to {n} cards.",
        t.hand_size,
    ).format(n=t.hand_size)
    return f"{over} {head}"


@_says(E.Start)
def _start(ev: E.Start, t: Table, ctx, action, seat, after) -> str | None:
    return _("{player} picks {start} to take the first Market turn.").format(
        player=t.who(ev.player), start=t.who(ev.start)
    )


@_says(E.MarketTurn)
def _market(ev: E.MarketTurn, t: Table, ctx, action, seat, after) -> str | None:
    discard, taken, drawn = ev.discard, ev.taken, ev.drawn
    who = t.who(ev.player)
    if not discard and not taken and not drawn:
        return _("{player} keeps the whole hand.").format(player=who)
    if t.edition1:
        got = []
        if taken:
            froms = list(getattr(action, "from_piles", ())) if isinstance(action, A.Market) else []
            if froms and len(froms) == len(taken):
                for k in (0, 1):
                    cards = [c for c, f in zip(taken, froms) if f == k]
                    if cards:
                        got.append(
                            (
                                _("{cards} from the top of the left discard pile")
                                if k == 0
                                else _("{cards} from the top of the right discard pile")
                            ).format(cards=cards_text(cards))
                        )
            else:
                got.append(_("{cards} from the discard piles").format(cards=cards_text(taken)))
        if drawn:
            got.append(_("{cards} from the draw pile").format(cards=_cards(drawn)))
        n = len(discard)
        if got and discard:
            msg = ngettext(
                "{player} sets aside {n} card, takes {got}, then lays the set-aside cards ({cards}) face up on {pile}.",
                "{player} sets aside {n} cards, takes {got}, then lays the set-aside cards ({cards}) "
                "face up on {pile}.",
                n,
            )
        elif got:
            msg = ngettext(
                "{player} sets aside {n} card, takes {got}.", "{player} sets aside {n} cards, takes {got}.", n
            )
        elif discard:
            msg = ngettext(
                "{player} sets aside {n} card, then lays the set-aside cards ({cards}) face up on {pile}.",
                "{player} sets aside {n} cards, then lays the set-aside cards ({cards}) face up on {pile}.",
                n,
            )
        else:
            msg = ngettext("{player} sets aside {n} card.", "{player} sets aside {n} cards.", n)
        return msg.format(player=who, n=n, got=and_list(got), cards=cards_text(discard), pile=t.pile(ev.pile))
    if discard and drawn:
        msg = ngettext(
            "{player} sets aside {goods} face up and draws {n} new card from the deck.",
            "{player} sets aside {goods} face up and draws {n} new cards from the deck.",
            drawn,
        )
    elif discard:
        msg = _("{player} sets aside {goods} face up.")
    elif drawn:
        msg = ngettext(
            "{player} sets nothing aside and draws {n} new card from the deck.",
            "{player} sets nothing aside and draws {n} new cards from the deck.",
            drawn,
        )
    else:
        msg = _("{player} sets nothing aside.")
    return msg.format(player=who, goods=cards_text(discard) if discard else "", n=drawn)


@_says(E.Drew)
def _drew(ev: E.Drew, t: Table, ctx, action, seat, after) -> str | None:
    if not ev.cards:  # nothing drawn, or hidden from this seat
        return None
    if seat is None or seat == ev.player:
        return _("{player} draws {cards}.").format(player=t.who(ev.player), cards=cards_text(ev.cards))
    return None


@_says(E.Reshuffle)
def _reshuffle(ev: E.Reshuffle, t: Table, ctx, action, seat, after) -> str | None:
    if t.edition1:
        return ngettext(
            "The draw pile has run out: each discard pile keeps its top five cards, and the rest "
            "({n} card) are shuffled into a new draw pile.",
            "The draw pile has run out: each discard pile keeps its top five cards, and the rest "
            "({n} cards) are shuffled into a new draw pile.",
            ev.count,
        ).format(n=ev.count)
    return ngettext(
        "The deck has run out: the discard pile ({n} card) is shuffled into a new deck.",
        "The deck has run out: the discard pile ({n} cards) is shuffled into a new deck.",
        ev.count,
    ).format(n=ev.count)


@_says(E.Loaded)
def _loaded(ev: E.Loaded, t: Table, ctx, action, seat, after) -> str | None:
    p = ev.player
    if isinstance(action, A.LoadBag) and action.player == p and (seat is None or seat == p):
        return _("{player} packs {goods} into the bag and snaps it shut.").format(
            player=t.who(p), goods=cards_text(action.cards)
        )
    return ngettext(
        "{player} packs {n} card into the bag and snaps it shut.",
        "{player} packs {n} cards into the bag and snaps it shut.",
        ev.count,
    ).format(player=t.who(p), n=ev.count)


@_says(E.Declared)
def _declared(ev: E.Declared, t: Table, ctx, action, seat, after) -> str | None:
    g, k = ev.good, ev.count
    t.declared[ev.player] = (g, k)
    return _('{player} hands over the bag and declares: "{goods}."').format(
        player=t.who(ev.player), goods=good_count(g, k)
    )


@_says(E.StanceTaken)
def _stance(ev: E.StanceTaken, t: Table, ctx, action, seat, after) -> str | None:
    msg = _("{deputy} wants to inspect {merchant}'s bag.") if ev.inspect else _("{deputy} would let {merchant} pass.")
    return msg.format(deputy=t.who(ev.deputy), merchant=t.who(ev.merchant))


@_says(E.Authority)
def _authority(ev: E.Authority, t: Table, ctx, action, seat, after) -> str | None:
    m, suspicious = ev.merchant, tuple(ev.suspicious)
    t.authority[m] = suspicious
    if not suspicious:
        return _(
            "Neither Deputy is suspicious, so {merchant} goes through without a bribe "
            "(the tutor's reading: the rulebook would let them still take one, onto the Booty)."
        ).format(merchant=t.who(m))
    if len(suspicious) == 1:
        return _(
            "Only {deputy} is suspicious, and deals with {merchant} alone: any bribe or fine is theirs alone."
        ).format(deputy=t.who(suspicious[0]), merchant=t.who(m))
    return _(
        "Both Deputies are suspicious: they deal with {merchant} together ({deputy} speaks), "
        "and any bribe or fine goes onto the Booty tile."
    ).format(merchant=t.who(m), deputy=t.who(suspicious[0]))


@_says(E.Threatened)
def _threatened(ev: E.Threatened, t: Table, ctx, action, seat, after) -> str | None:
    return _("{sheriff} threatens to open {merchant}'s bag.").format(
        sheriff=t.who(ev.sheriff), merchant=t.who(ev.merchant)
    )


@_says(E.Offered)
def _offered(ev: E.Offered, t: Table, ctx, action, seat, after) -> str | None:
    by, m = ev.player, ev.merchant
    if by == m:
        return _("{merchant} offers {bribe}.").format(merchant=t.who(m), bribe=bribe_text(ev.bribe, t))
    return _("{player} asks {merchant} for {bribe}.").format(
        player=t.who(by), merchant=t.who(m), bribe=bribe_text(ev.bribe, t)
    )


@_says(E.Deal)
def _deal(ev: E.Deal, t: Table, ctx, action, seat, after) -> str | None:
    return _('{player} agrees: "Deal!"').format(player=t.who(ev.player))


@_says(E.Declined)
def _declined(ev: E.Declined, t: Table, ctx, action, seat, after) -> str | None:
    return _("{merchant} refuses to pay.").format(merchant=t.who(ev.merchant))


@_says(E.TimeRanOut)
def _time_up(ev: E.TimeRanOut, t: Table, ctx, action, seat, after) -> str | None:
    return _("Time is up! Every bag not yet dealt with goes through without a bribe.")


@_says(E.BribePaid)
def _bribe_paid(ev: E.BribePaid, t: Table, ctx, action, seat, after) -> str | None:
    b = ev.bribe
    ctx["bribe"] = b
    if ev.payee == BOOTY:
        s = _("{merchant}'s bribe ({bribe}) goes onto the Booty tile.")
    else:
        s = _("{merchant}'s bribe ({bribe}) goes to {payee}.")
    out = [s.format(merchant=t.who(ev.merchant), bribe=bribe_text(b, t), payee=t.who(ev.payee))]
    if b.inspect:
        msg = (
            _("The deal binds the Deputies to open {bags} this round.")
            if t.deputies
            else _("The deal binds the Sheriff to open {bags} this round.")
        )
        out.append(msg.format(bags=and_list([t.bag_of(p) for p in b.inspect])))
    if b.let_pass:
        msg = (
            _("The deal binds the Deputies to let {merchants} through this round.")
            if t.deputies
            else _("The deal binds the Sheriff to let {merchants} through this round.")
        )
        out.append(msg.format(merchants=and_list([t.who(p) for p in b.let_pass])))
    return " ".join(out)


@_says(E.Void)
def _void(ev: E.Void, t: Table, ctx, action, seat, after) -> str | None:
    void = ev.goods
    b = ctx.get("bribe")
    k = sum(void)
    msg = ngettext(
        "Promised {goods} that was not there: that part of the bribe is void (honor among thieves).",
        "Promised {goods} that were not there: that part of the bribe is void (honor among thieves).",
        k,
    )
    if b is not None:
        in_bag = set(b.bag)
        in_stand = set(b.stand)
        gs = {g for g, n in enumerate(void) if n}
        if gs <= in_bag and not (gs & in_stand):
            msg = ngettext(
                "Promised {goods} from the bag that was not there: that part of the bribe is void "
                "(honor among thieves).",
                "Promised {goods} from the bag that were not there: that part of the bribe is void "
                "(honor among thieves).",
                k,
            )
        elif gs <= in_stand and not (gs & in_bag):
            msg = ngettext(
                "Promised {goods} from the stand that was not there: that part of the bribe is void "
                "(honor among thieves).",
                "Promised {goods} from the stand that were not there: that part of the bribe is void "
                "(honor among thieves).",
                k,
            )
    return msg.format(goods=goods_text(void))


@_says(E.Passed)
def _passed(ev: E.Passed, t: Table, ctx, action, seat, after) -> str | None:
    m, bag, n = ev.merchant, ev.bag, ev.face_down
    legal = any(ev.legal)
    if n and bag is not None and (seat is None or seat == m):  # contraband this seat may see
        ill = [bag[g] if not IS_LEGAL[g] else 0 for g in range(N_GOODS)]
        msg = (
            _(
                "{merchant} gets the bag back unopened and puts {legal} face up and {contraband} face down "
                "(contraband) on the stand."
            )
            if legal
            else _("{merchant} gets the bag back unopened and puts {contraband} face down (contraband) on the stand.")
        )
        return msg.format(merchant=t.who(m), legal=goods_text(ev.legal), contraband=goods_text(ill))
    if n:
        msg = (
            ngettext(
                "{merchant} gets the bag back unopened and puts {legal} face up and {n} card face down "
                "(contraband: only {merchant} knows what) on the stand.",
                "{merchant} gets the bag back unopened and puts {legal} face up and {n} cards face down "
                "(contraband: only {merchant} knows what) on the stand.",
                n,
            )
            if legal
            else ngettext(
                "{merchant} gets the bag back unopened and puts {n} card face down "
                "(contraband: only {merchant} knows what) on the stand.",
                "{merchant} gets the bag back unopened and puts {n} cards face down "
                "(contraband: only {merchant} knows what) on the stand.",
                n,
            )
        )
        return msg.format(merchant=t.who(m), legal=goods_text(ev.legal), n=n)
    if legal:
        return _("{merchant} gets the bag back unopened and puts {legal} face up on the stand.").format(
            merchant=t.who(m), legal=goods_text(ev.legal)
        )
    return _("{merchant} gets the bag back unopened and puts nothing on the stand.").format(merchant=t.who(m))


@_says(E.Opened)
def _opened(ev: E.Opened, t: Table, ctx, action, seat, after) -> str | None:
    m, bag = ev.merchant, ev.bag
    ctx["opened"] = ev
    ctx["halves"] = 0
    if t.deputies and len(t.authority.get(m, ())) == 2:
        opener, both = _("the Deputies"), True
    elif isinstance(action, A.Inspect):
        opener, both = t.who(action.player), False
    else:
        opener, both = t.boss(), t.deputies
    who = t.who(m)
    if ev.honest:
        msg = (
            _("{opener} open {merchant}'s bag: {goods}, exactly as declared. It all goes on {merchant}'s stand.")
            if both
            else _("{opener} opens {merchant}'s bag: {goods}, exactly as declared. It all goes on {merchant}'s stand.")
        )
        return msg.format(opener=opener, merchant=who, goods=goods_text(bag))
    decl = t.declared[m] if 0 <= m < len(t.declared) else None
    if decl is None:
        msg = (
            _("{opener} open {merchant}'s bag and finds {goods}.")
            if both
            else _("{opener} opens {merchant}'s bag and finds {goods}.")
        )
        return msg.format(opener=opener, merchant=who, goods=goods_text(bag))
    g, k = decl
    msg = (
        _("{opener} open {merchant}'s bag and finds {goods}, not {declared}.")
        if both
        else _("{opener} opens {merchant}'s bag and finds {goods}, not {declared}.")
    )
    found = msg.format(opener=opener, merchant=who, goods=goods_text(bag), declared=good_count(g, k))
    conf = [bag[x] if x != g else 0 for x in range(N_GOODS)]
    where = t.pile(action.pile) if isinstance(action, A.Inspect) and t.edition1 else t.pile(0)
    n_conf = sum(conf)
    if bag[g]:
        rest = ngettext(
            "{merchant} keeps {kept}; {confiscated} is confiscated onto {pile}.",
            "{merchant} keeps {kept}; {confiscated} are confiscated onto {pile}.",
            n_conf,
        )
    else:
        rest = ngettext(
            "Nothing in it was declared truthfully; {confiscated} is confiscated onto {pile}.",
            "Nothing in it was declared truthfully; {confiscated} are confiscated onto {pile}.",
            n_conf,
        )
    rest = rest.format(merchant=who, kept=good_count(g, bag[g]), confiscated=goods_text(conf), pile=where)
    return f"{found} {rest}"


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
            half = ngettext(
                "half of the {n}-gold penalty: {detail}", "half of the {n}-gold penalty: {detail}", amount
            ).format(n=amount, detail=_penalty_detail(bag))
            detail = f" ({half})"
        elif honest:
            due = amount
            detail = f" ({_penalty_detail(bag)})"
        else:
            decl = t.declared[m] if 0 <= m < len(t.declared) else None
            conf = [bag[x] if decl is None or x != decl[0] else 0 for x in range(N_GOODS)]
            due = amount
            detail = f" ({_penalty_detail(conf)})"
    who, to = t.who(debtor), t.who(creditor)
    if cash == 0:
        if due is None:
            msg = _("{debtor} owes {creditor} money{detail} but has no gold left.")
        else:
            msg = ngettext(
                "{debtor} owes {creditor} {n} gold{detail} but has no gold left.",
                "{debtor} owes {creditor} {n} gold{detail} but has no gold left.",
                due,
            )
        return msg.format(debtor=who, creditor=to, n=due, detail=detail)
    if creditor == BOOTY:
        return ngettext(
            "{debtor} puts {n} gold onto the Booty tile{detail}.",
            "{debtor} puts {n} gold onto the Booty tile{detail}.",
            cash,
        ).format(debtor=who, n=cash, detail=detail)
    if due is not None and cash < due:
        return _("{debtor} owes {creditor} {owed}{detail} but has only {cash}, and pays it all.").format(
            debtor=who, creditor=to, owed=_gold(due), detail=detail, cash=_gold(cash)
        )
    return ngettext(
        "{debtor} pays {creditor} {n} gold{detail}.", "{debtor} pays {creditor} {n} gold{detail}.", cash
    ).format(debtor=who, creditor=to, n=cash, detail=detail)


@_says(E.PaidGoods)
def _paid_goods(ev: E.PaidGoods, t: Table, ctx, action, seat, after) -> str | None:
    if ev.creditor == BOOTY:
        msg = _(
            "To cover the rest, {debtor} puts {goods} from the stand onto the Booty tile "
            "(goods worth at least the debt; no change is given)."
        )
    else:
        msg = _(
            "To cover the rest, {debtor} hands {goods} from the stand to {creditor} "
            "(goods worth at least the debt; no change is given)."
        )
    return msg.format(debtor=t.who(ev.debtor), goods=goods_text(ev.goods), creditor=t.who(ev.creditor))


@_says(E.DebtDue)
def _debt_due(ev: E.DebtDue, t: Table, ctx, action, seat, after) -> str | None:
    s = ngettext(
        "{debtor} still owes {n} gold and now chooses goods from the stand worth at least "
        "that (legal goods first; no change is given).",
        "{debtor} still owes {n} gold and now chooses goods from the stand worth at least "
        "that (legal goods first; no change is given).",
        ev.owed,
    ).format(debtor=t.who(ev.debtor), n=ev.owed)
    if ev.suggested and any(ev.suggested):
        s += " " + _("Paying with {goods} overpays least.").format(goods=goods_text(ev.suggested))
    return s


@_says(E.Forgiven)
def _forgiven(ev: E.Forgiven, t: Table, ctx, action, seat, after) -> str | None:
    return ngettext(
        "{debtor}'s stand is empty, so the last {n} gold of the debt is forgiven.",
        "{debtor}'s stand is empty, so the last {n} gold of the debt is forgiven.",
        ev.gold,
    ).format(debtor=t.who(ev.debtor), n=ev.gold)


@_says(E.Claimed)
def _claimed(ev: E.Claimed, t: Table, ctx, action, seat, after) -> str | None:
    g = ev.good
    return _(
        "{player} reveals {goods} from the stand, removes them from the game "
        "and takes the top {good} Black Market card (worth {value})."
    ).format(player=t.who(ev.player), goods=good_count(g, 3), good=good_name(g, 1), value=ev.value)


@_says(E.BootyShared)
def _booty(ev: E.BootyShared, t: Table, ctx, action, seat, after) -> str | None:
    a, b, sa, sb = t.name(ev.first), t.name(ev.second), ev.goods_first, ev.goods_second
    if any(sa) or any(sb):
        msg = ngettext(
            "The Deputies share the Booty: {first} and {second} get {n} gold each, "
            "{first} takes {goods_first} and {second} takes {goods_second}.",
            "The Deputies share the Booty: {first} and {second} get {n} gold each, "
            "{first} takes {goods_first} and {second} takes {goods_second}.",
            ev.half,
        )
    else:
        msg = ngettext(
            "The Deputies share the Booty: {first} and {second} get {n} gold each.",
            "The Deputies share the Booty: {first} and {second} get {n} gold each.",
            ev.half,
        )
    out = [msg.format(first=a, second=b, n=ev.half, goods_first=goods_text(sa), goods_second=goods_text(sb))]
    if ev.odd and ev.odd_to >= 0:
        out.append(
            ngettext(
                "As the Deputies agreed, {player} takes the odd {n} coin.",
                "As the Deputies agreed, {player} takes the odd {n} coins.",
                ev.odd,
            ).format(player=t.name(ev.odd_to), n=ev.odd)
        )
    elif ev.odd:
        out.append(
            ngettext(
                "The odd {n} coin cannot be split and goes back to the bank.",
                "The odd {n} coins cannot be split and go back to the bank.",
                ev.odd,
            ).format(n=ev.odd)
        )
    if ev.left and ev.left_to >= 0:
        out.append(
            _("As the Deputies agreed, {player} takes the odd card ({cards}).").format(
                player=t.name(ev.left_to), cards=cards_text(ev.left)
            )
        )
    elif ev.left:
        out.append(_("The odd card ({cards}) is discarded.").format(cards=cards_text(ev.left)))
    return " ".join(out)


@_says(E.GameOver)
def _game_over(ev: E.GameOver, t: Table, ctx, action, seat, after) -> str | None:
    winners = list(ev.winners)
    out = [_("The game is over: hands are discarded and the stands are counted.")]
    if after is not None and getattr(after, "scores", None):
        sc = after.scores
        scores = and_list(
            [_("{player} {points}").format(player=t.name(p), points=sc[p].total) for p in range(len(t.names))]
        )
        out.append(_("Scores: {scores}.").format(scores=scores))
    if len(winners) == 1:
        out.append(_("{player} wins!").format(player=t.name(winners[0])))
    elif winners:
        out.append(_("Shared victory: {players}.").format(players=and_list([t.name(p) for p in winners])))
    return " ".join(out)


__all__ = ["narrate", "narrate_text", "action_text", "goods_text", "good_name", "bribe_text", "and_list"]
