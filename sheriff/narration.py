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

from sheriff import actions as A
from sheriff.cards import GOODS, IS_LEGAL, N_GOODS, PENALTY, list_to_counts

BOOTY = -2       # the engine's payee id for the Deputies' Booty tile

_SINGULAR = {"Apples": "Apple", "Chickens": "Chicken", "Crossbows": "Crossbow",
             "Green Apples": "Green Apple", "Golden Apples": "Golden Apple"}


def good_name(g: int, k: int = 2) -> str:
    """'Apple' for one, 'Apples' for several; mass nouns (Cheese, Mead...) do not change."""
    name = GOODS[g].name
    if k == 1:
        return _SINGULAR.get(name, name)
    if name == "Royal Rooster":
        return "Royal Roosters"
    return name


def and_list(parts: list[str]) -> str:
    parts = [p for p in parts if p]
    if not parts:
        return "nothing"
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def goods_text(counts) -> str:
    """'1 Apple, 1 Cheese and 2 Mead' from a count vector indexed by good."""
    return and_list([f"{k} {good_name(g, k)}" for g, k in enumerate(counts) if k])


def _cards_text(cards) -> str:
    return goods_text(list_to_counts(cards))


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:] if s else s


def _plural(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


class _Table:
    """Names and roles while the events unfold (officials change when a round ends)."""

    def __init__(self, state):
        self.names = list(state.names)
        self.officials = tuple(state.officials)
        self.deputies = bool(state.deputies_mode)
        self.edition1 = bool(state.edition1)
        self.hand_size = state.hand_size
        self.declared = list(state.declared)
        self.authority = dict(getattr(state, "authority", {}) or {})

    @classmethod
    def of_names(cls, names) -> "_Table":
        """A table known only by its players' names (no roles): for texts outside a game's story."""
        t = cls.__new__(cls)
        t.names, t.officials, t.deputies, t.edition1 = list(names or ()), (), False, False
        t.hand_size, t.declared, t.authority = 6, [], {}
        return t

    def who(self, p: int | None) -> str:
        if p == BOOTY:
            return "the Booty"
        if p is None or not (0 <= p < len(self.names)):
            return f"player {p}"
        if p in self.officials:
            return f"Deputy {self.names[p]}" if self.deputies else "the Sheriff"
        return self.names[p]

    def whose(self, p: int | None) -> str:
        w = self.who(p)
        return w + ("'" if w.endswith("s") and not w.startswith("the ") else "'s")

    def boss(self) -> str:
        return "the Deputies" if self.deputies else "the Sheriff"

    def pile(self, k: int) -> str:
        if self.edition1:
            return "the left discard pile" if k == 0 else "the right discard pile"
        return "the discard pile"


def bribe_text(b, t: _Table | None = None, names=None) -> str:
    """'8 gold and 2 Apples from the stand', with conditions about other bags and promises.

    ``t``: the table the bribe is offered at (who is Sheriff or Deputy); without it,
    players are called by ``names``."""
    t = t or _Table.of_names(names)
    parts = []
    if b.gold:
        parts.append(f"{b.gold} gold")
    if b.stand:
        parts.append(f"{_cards_text(b.stand)} from the stand")
    if b.bag:
        parts.append(f"{_cards_text(b.bag)} from the bag")
    conds = []
    if b.inspect:
        conds.append(f"{t.boss()} {'open' if t.deputies else 'opens'} "
                     + and_list([t.whose(p) + " bag" for p in b.inspect]))
    if b.let_pass:
        conds.append(f"{t.boss()} {'let' if t.deputies else 'lets'} "
                     + and_list([t.who(p) for p in b.let_pass]) + " through")
    s = and_list(parts) if parts else ""
    if conds:
        s = (s or "nothing") + ", on condition that " + " and ".join(conds)
    if b.promise:
        promise = f'a promise for later ("{b.promise}"), which binds nobody'
        s = f"{s}, plus {promise}" if s else promise
    return s or "nothing"


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
    t = _Table(before)
    out: list[str] = []
    ctx: dict = {}
    for ev in events:
        try:
            line = _event(ev, t, ctx, action, seat, after)
        except Exception:      # never let a story break a lesson
            line = f"[{ev[0]}]"
        if line:
            out.append(_cap(line))
    if not events:
        line = _silent(action, t)
        if line:
            out.append(_cap(line))
    if (isinstance(action, A.Market) and not t.edition1 and after is not None
            and getattr(before, "phase", None) == "market" and getattr(after, "phase", None) != "market"):
        gathered = list(before.set_aside) + list(action.discard)
        if gathered:
            verb = "gather" if t.deputies else "gathers"
            out.append(f"Every merchant has had a turn: {t.boss()} {verb} the set-aside cards "
                       f"({_cards_text(gathered)}) into the face-up discard pile.")
    return out


def narrate_text(action, events, before, after=None, seat: int | None = None) -> str:
    return " ".join(narrate(action, events, before, after, seat))


def action_text(action, state, seat: int | None = None) -> str:
    """One sentence for a move as attempted (used when the rules refuse it)."""
    t = _Table(state)
    w = t.who(action.player) if hasattr(action, "player") else "someone"
    m = getattr(action, "merchant", None)
    if isinstance(action, A.ChooseStart):
        s = f"{w} picks {t.who(action.start)} to start the Market"
    elif isinstance(action, A.Market):
        s = f"{w} sets aside {_cards_text(action.discard)}" if action.discard else f"{w} keeps the whole hand"
        if action.from_piles:
            s += f" and takes {_plural(len(action.from_piles), 'card')} from the discard pile{'s' if t.edition1 else ''}"
    elif isinstance(action, A.LoadBag):
        if seat is None or seat == action.player:
            s = f"{w} tries to pack {_cards_text(action.cards)} ({_plural(len(action.cards), 'card')})"
        else:
            s = f"{w} tries to pack {_plural(len(action.cards), 'card')}"
    elif isinstance(action, A.Declare):
        s = f'{w} tries to declare "{action.count} {good_name(action.good, action.count)}"'
    elif isinstance(action, A.Stance):
        s = f"{w} {'wants to inspect' if action.inspect else 'would let through'} {t.whose(action.merchant)} bag"
    elif isinstance(action, A.Threaten):
        s = f"{w} threatens to open {t.whose(m)} bag"
    elif isinstance(action, A.Offer):
        if action.player == m:
            s = f"{w} offers {bribe_text(action.bribe, t)}"
        else:
            s = f"{w} asks {t.who(m)} for {bribe_text(action.bribe, t)}"
    elif isinstance(action, A.Accept):
        s = f'{w} tries to accept the offer for {t.whose(m)} bag'
    elif isinstance(action, A.Decline):
        s = f"{w} refuses to pay"
    elif isinstance(action, A.Inspect):
        s = f"{w} tries to open {t.whose(m)} bag"
    elif isinstance(action, A.Pass):
        s = f"{w} tries to hand {t.whose(m)} bag back unopened"
    elif isinstance(action, A.TimeUp):
        s = f"{w} calls time"
    elif isinstance(action, A.ClaimBlackMarket):
        s = f"{w} tries to turn in 3 {good_name(action.good, 3)} at the Black Market"
    elif isinstance(action, A.SkipClaim):
        s = f"{w} makes no Black Market claim"
    else:
        s = repr(action)
    return _cap(s) + "."


def _silent(action, t: _Table) -> str:
    """Moves that leave no event behind."""
    if isinstance(action, A.SkipClaim):
        return f"{t.who(action.player)} makes no Black Market claim."
    if action is None:
        return ""
    return ""


def _event(ev, t: _Table, ctx: dict, action, seat, after) -> str | None:
    kind = ev[0]
    if kind == "round":
        r, officials = ev[1], tuple(ev[2])
        t.officials = officials
        if t.deputies:
            head = f"Round {r + 1}: {t.names[officials[0]]} and {t.names[officials[1]]} are the Deputies."
        else:
            head = f"Round {r + 1}: {t.names[officials[0]]} is the Sheriff."
        return f"The round is over and everyone draws back up to {t.hand_size} cards. {head}"
    if kind == "start":
        return f"{t.who(ev[1])} picks {t.who(ev[2])} to take the first Market turn."
    if kind == "market":
        p, discard, taken, drawn, pile = ev[1], ev[2], ev[3], ev[4], ev[5]
        who = t.who(p)
        if not discard and not taken and not drawn:
            return f"{who} keeps the whole hand."
        if t.edition1:
            s = f"{who} sets aside {_plural(len(discard), 'card')}"
            got = []
            if taken:
                froms = list(getattr(action, "from_piles", ())) if isinstance(action, A.Market) else []
                if froms and len(froms) == len(taken):
                    for k in (0, 1):
                        cards = [c for c, f in zip(taken, froms) if f == k]
                        if cards:
                            got.append(f"{_cards_text(cards)} from the top of {t.pile(k)}")
                else:
                    got.append(f"{_cards_text(taken)} from the discard piles")
            if drawn:
                got.append(f"{_plural(drawn, 'card')} from the draw pile")
            if got:
                s += ", takes " + and_list(got)
            if discard:
                s += f", then lays the set-aside cards ({_cards_text(discard)}) face up on {t.pile(pile)}"
            return s + "."
        s = f"{who} sets aside {_cards_text(discard)} face up" if discard else f"{who} sets nothing aside"
        return s + (f" and draws {_plural(drawn, 'new card')} from the deck." if drawn else ".")
    if kind == "drew":
        p, cards = ev[1], ev[2]
        if isinstance(cards, int) or not cards:
            return None
        if seat is None or seat == p:
            return f"{t.who(p)} draws {_cards_text(cards)}."
        return None
    if kind == "reshuffle":
        if t.edition1:
            return (f"The draw pile has run out: each discard pile keeps its top five cards, and the rest "
                    f"({_plural(ev[1], 'card')}) are shuffled into a new draw pile.")
        return f"The deck has run out: the discard pile ({_plural(ev[1], 'card')}) is shuffled into a new deck."
    if kind == "load":
        p, k = ev[1], ev[2]
        if isinstance(action, A.LoadBag) and action.player == p and (seat is None or seat == p):
            return f"{t.who(p)} packs {_cards_text(action.cards)} into the bag and snaps it shut."
        return f"{t.who(p)} packs {_plural(k, 'card')} into the bag and snaps it shut."
    if kind == "declare":
        p, g, k = ev[1], ev[2], ev[3]
        t.declared[p] = (g, k)
        return f'{t.who(p)} hands over the bag and declares: "{k} {good_name(g, k)}."'
    if kind == "stance":
        d, m, want = ev[1], ev[2], ev[3]
        view = f"wants to inspect {t.whose(m)} bag" if want else f"would let {t.who(m)} pass"
        return f"{t.who(d)} {view}."
    if kind == "authority":
        m, suspicious = ev[1], tuple(ev[2])
        t.authority[m] = suspicious
        if not suspicious:
            return f"Neither Deputy is suspicious, so {t.who(m)} goes through without a bribe."
        if len(suspicious) == 1:
            return (f"Only {t.who(suspicious[0])} is suspicious, and deals with {t.who(m)} alone: "
                    f"any bribe or fine is theirs alone.")
        return (f"Both Deputies are suspicious: they deal with {t.who(m)} together "
                f"({t.who(suspicious[0])} speaks), and any bribe or fine goes onto the Booty tile.")
    if kind == "threaten":
        return f"{t.who(ev[1])} threatens to open {t.whose(ev[2])} bag."
    if kind == "offer":
        by, m, b = ev[1], ev[2], ev[3]
        if by == m:
            return f"{t.who(m)} offers {bribe_text(b, t)}."
        return f"{t.who(by)} asks {t.who(m)} for {bribe_text(b, t)}."
    if kind == "deal":
        return f'{t.who(ev[1])} agrees: "Deal!"'
    if kind == "decline":
        return f"{t.who(ev[1])} refuses to pay."
    if kind == "time_up":
        return "Time is up! Every bag not yet dealt with goes through without a bribe."
    if kind == "bribe_paid":
        m, payee, b = ev[1], ev[2], ev[3]
        ctx["bribe"] = b
        dest = "goes onto the Booty tile" if payee == BOOTY else f"goes to {t.who(payee)}"
        s = f"{t.whose(m)} bribe ({bribe_text(b, t)}) {dest}."
        if b.inspect:
            s += f" The deal binds {t.boss()} to open {and_list([t.whose(p) + ' bag' for p in b.inspect])} this round."
        if b.let_pass:
            s += f" The deal binds {t.boss()} to let {and_list([t.who(p) for p in b.let_pass])} through this round."
        return s
    if kind == "void":
        m, void = ev[1], ev[2]
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
    if kind == "passed":
        m = ev[1]
        bag = ev[-1] if len(ev) >= 5 else ev[2]
        if bag is None:         # already redacted by views.redact
            legal = ev[2]
            hidden = ev[3]
            bag = None
        else:
            legal = [bag[g] if IS_LEGAL[g] else 0 for g in range(N_GOODS)]
            hidden = sum(bag[g] for g in range(N_GOODS) if not IS_LEGAL[g])
        parts = []
        if any(legal):
            parts.append(f"{goods_text(legal)} face up")
        if hidden:
            if bag is not None and (seat is None or seat == m):
                ill = [bag[g] if not IS_LEGAL[g] else 0 for g in range(N_GOODS)]
                parts.append(f"{goods_text(ill)} face down (contraband)")
            else:
                parts.append(f"{_plural(hidden, 'card')} face down (contraband: only {t.who(m)} knows what)")
        return f"{t.who(m)} gets the bag back unopened and puts {and_list(parts)} on the stand."
    if kind == "opened":
        m, honest, bag, amount = ev[1], ev[2], ev[3], ev[4]
        ctx["opened"] = ev
        ctx["halves"] = 0
        if t.deputies and len(t.authority.get(m, ())) == 2:
            opener = "the Deputies"
        elif isinstance(action, A.Inspect):
            opener = t.who(action.player)
        else:
            opener = t.boss()
        if honest:
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
    if kind == "pay":
        debtor, creditor, cash, why = ev[1], ev[2], ev[3], ev[4]
        opened = ctx.get("opened")
        detail = ""
        due = None
        if opened is not None:
            m, honest, bag, amount = opened[1], opened[2], opened[3], opened[4]
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
    if kind == "pay_goods":
        debtor, creditor, sel = ev[1], ev[2], ev[3]
        to = "puts" if creditor == BOOTY else "hands"
        dest = " onto the Booty tile" if creditor == BOOTY else f" to {t.who(creditor)}"
        return (f"To cover the rest, {t.who(debtor)} {to} {goods_text(sel)} from the stand{dest} "
                f"(goods worth at least the debt; no change is given).")
    if kind == "forgiven":
        return f"{t.whose(ev[1])} stand is empty, so the last {ev[3]} gold of the debt is forgiven."
    if kind == "claim":
        p, g, value = ev[1], ev[2], ev[3]
        return (f"{t.who(p)} reveals 3 {good_name(g, 3)} from the stand, removes them from the game "
                f"and takes the top {good_name(g, 1)} Black Market card (worth {value}).")
    if kind == "booty":
        a, b, half, sa, sb, odd, left = ev[1:8]
        s = f"The Deputies share the Booty: {t.names[a]} and {t.names[b]} get {half} gold each"
        if any(sa) or any(sb):
            s += f", {t.names[a]} takes {goods_text(sa)} and {t.names[b]} takes {goods_text(sb)}"
        s += "."
        if odd:
            s += f" The odd {_plural(odd, 'coin')} cannot be split and goes back to the bank."
        if left:
            s += f" The odd card ({_cards_text(left)}) is discarded."
        return s
    if kind == "game_over":
        winners = list(ev[1])
        s = "The game is over: hands are discarded and the stands are counted."
        if after is not None and getattr(after, "scores", None):
            sc = after.scores
            s += " Scores: " + and_list([f"{t.names[p]} {sc[p].total}" for p in range(len(t.names))]) + "."
        if len(winners) == 1:
            s += f" {t.names[winners[0]]} wins!"
        elif winners:
            s += " Shared victory: " + and_list([t.names[p] for p in winners]) + "."
        return s
    return f"[{kind}]"


__all__ = ["narrate", "narrate_text", "action_text", "goods_text", "good_name", "bribe_text", "and_list"]
