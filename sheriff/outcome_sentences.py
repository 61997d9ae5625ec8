"""Sentences for what a bag's fate brings: bribes paid, bags passed or opened, payments and
debts, Black Market claims, the Booty shared, and the game's end (read by ``sheriff.narration``)."""

from __future__ import annotations

from sheriff import actions as A
from sheriff import events as E
from sheriff.cards import IS_LEGAL, N_GOODS
from sheriff.i18n import _, ngettext
from sheriff.round_sentences import Say, gold_text, penalty_detail, sayer
from sheriff.wording import BOOTY, Table, and_list, bribe_text, cards_text, good_count, good_name, goods_text

SAYS: dict[type, Say] = {}
_says = sayer(SAYS)


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
            ).format(n=amount, detail=penalty_detail(bag))
            detail = f" ({half})"
        elif honest:
            due = amount
            detail = f" ({penalty_detail(bag)})"
        else:
            decl = t.declared[m] if 0 <= m < len(t.declared) else None
            conf = [bag[x] if decl is None or x != decl[0] else 0 for x in range(N_GOODS)]
            due = amount
            detail = f" ({penalty_detail(conf)})"
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
            debtor=who, creditor=to, owed=gold_text(due), detail=detail, cash=gold_text(cash)
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
