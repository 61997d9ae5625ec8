"""Questions on dealing with a bag: opening it, letting it pass for a bribe, the Deputies,
a deal that binds the Sheriff, whose turn it is to speak."""

from __future__ import annotations

import random

from sheriff import actions as A
from sheriff import events as E
from sheriff.actions import Bribe
from sheriff.cards import CONTRABAND_GOODS, LEGAL_GOODS, list_to_counts
from sheriff.i18n import N_, _, ngettext
from sheriff.narration import goods_text
from sheriff.practice.question import ALLOWED, MERCHANT_PAYS, NOBODY, SHERIFF_PAYS, Field, Question, Scene
from sheriff.practice.tables import declared_text, haggle, pick_edition, play_narrated, random_bag, table_game


def q_inspect(seed: int, edition: str | None = None) -> Question:
    """The Sheriff opens a bag: who pays whom, how much, and how many cards reach the stand."""
    rng = random.Random(seed)
    ed = pick_edition(rng, edition)
    size = rng.randint(1, 5)
    declared_good = rng.choice(LEGAL_GOODS)
    style = rng.random()
    if style < 0.35:  # honest
        bag = [declared_good] * size
    elif style < 0.6:  # only legal goods, some of another type
        bag = random_bag(rng, size, LEGAL_GOODS)
        if all(c == declared_good for c in bag):
            bag[0] = rng.choice([g for g in LEGAL_GOODS if g != declared_good])
    else:  # smuggling
        bag = random_bag(rng, size, LEGAL_GOODS + CONTRABAND_GOODS + (declared_good,) * 3)
    vec = list_to_counts(bag)
    g = table_game(ed, {1: vec}, {1: (declared_good, size)}, seed=seed)
    s = g.state
    stand_before = sum(s.stands[1])
    events, text = play_narrated(g, A.Inspect(0, 1))
    opened = next(e for e in events if isinstance(e, E.Opened))
    honest, amount = opened.honest, opened.amount
    kept = sum(s.stands[1]) - stand_before
    m = s.names[1]
    return Question(
        "inspect",
        seed,
        ed,
        _("The Sheriff opens a bag"),
        _(
            '{merchant} declared "{declared}". The Sheriff opens the bag and finds the cards below. '
            "Who pays whom, how much, and how many of these cards end up on {merchant}'s stand?"
        ).format(merchant=m, declared=declared_text(declared_good, size)),
        [Scene(_("Inside {merchant}'s bag").format(merchant=m), tuple(vec))],
        (
            Field("payer", _("Who pays?"), "choice", (_(SHERIFF_PAYS), _(MERCHANT_PAYS), _(NOBODY))),
            Field("amount", _("How much gold?"), "int", lo=0, hi=40),
            Field("kept", _("Cards onto {merchant}'s stand").format(merchant=m), "int", lo=0, hi=5),
        ),
        {"payer": _(SHERIFF_PAYS) if honest else _(MERCHANT_PAYS), "amount": amount, "kept": kept},
        text,
        "inspect.honest" if honest else "inspect.liar",
    )


def q_pass(seed: int, edition: str | None = None) -> Question:
    """A bag passes with a bribe that promises goods from the bag: what goes where?"""
    rng = random.Random(seed)
    ed = pick_edition(rng, edition)
    size = rng.randint(2, 5)
    bag = random_bag(rng, size, LEGAL_GOODS + CONTRABAND_GOODS)
    promised_good = rng.choice(bag) if rng.random() < 0.5 else rng.choice(LEGAL_GOODS + CONTRABAND_GOODS)
    promised = [promised_good] * rng.randint(1, 2)
    gold = rng.choice((0, 2, 3, 5))
    vec = list_to_counts(bag)
    decl = rng.choice(LEGAL_GOODS)
    g = table_game(ed, {1: vec}, {1: (decl, size)}, seed=seed)
    s = g.state
    g.push(A.Threaten(0, 1))
    offer = Bribe(gold=gold, bag=tuple(promised))
    g.push(A.Offer(1, 1, offer))
    sheriff_before = sum(s.stands[0])
    events, text = play_narrated(g, A.Accept(0, 1))
    got = sum(s.stands[0]) - sheriff_before
    view = g.view(1)
    up, down = sum(view.stand_legal(1)), view.face_down(1)
    m = s.names[1]
    void = any(isinstance(e, E.Void) for e in events)
    if gold:
        offered = ngettext(
            '{merchant} declared "{declared}" and offered {gold} gold and {goods} from the bag.',
            '{merchant} declared "{declared}" and offered {gold} gold and {goods} from the bag.',
            gold,
        )
    else:
        offered = _('{merchant} declared "{declared}" and offered {goods} from the bag.')
    offered = offered.format(
        merchant=m, declared=declared_text(decl, size), gold=gold, goods=goods_text(list_to_counts(promised))
    )
    return Question(
        "pass",
        seed,
        ed,
        _("A bribe paid in goods from the bag"),
        offered
        + " "
        + _(
            "The Sheriff accepts and hands the bag back unopened. Inside are the cards below. "
            "How many cards does the Sheriff get, and how many go on {merchant}'s stand face up "
            "and face down?"
        ).format(merchant=m),
        [Scene(_("Inside {merchant}'s bag (only {merchant} knows)").format(merchant=m), tuple(vec))],
        (
            Field("sheriff_cards", _("Cards the Sheriff receives"), "int", lo=0, hi=5),
            Field("face_up", _("Face up on the stand"), "int", lo=0, hi=5),
            Field("face_down", _("Face down on the stand"), "int", lo=0, hi=5),
        ),
        {"sheriff_cards": got, "face_up": up, "face_down": down},
        text,
        "deal.void_goods" if void else "inspect.pass",
    )


_DEPUTY_WHO = (
    N_("Nobody: the bag passes free (the tutor's reading)"),
    N_("One Deputy, alone"),
    N_("Both Deputies, together"),
)
_STANCES = {  # what the two Deputies want, as one whole sentence each way
    (True, True): N_("{first} wants to inspect and {second} wants to inspect."),
    (True, False): N_("{first} wants to inspect and {second} would let it pass."),
    (False, True): N_("{first} would let it pass and {second} wants to inspect."),
    (False, False): N_("{first} would let it pass and {second} would let it pass."),
}


def q_deputies(seed: int, edition: str | None = None) -> Question:
    """Six players: the two Deputies take stances on a bag, then deal with it."""
    rng = random.Random(seed)
    ed = "2E"
    deputies = (0, 1)
    m = 2
    size = rng.randint(1, 4)
    honest = rng.random() < 0.5
    decl = rng.choice(LEGAL_GOODS)
    bag = [decl] * size if honest else [decl] * (size - 1) + [rng.choice(CONTRABAND_GOODS)]
    g = table_game(
        ed,
        {m: list_to_counts(bag), 3: list_to_counts([0]), 4: list_to_counts([0]), 5: list_to_counts([0])},
        {m: (decl, size), 3: (0, 1), 4: (0, 1), 5: (0, 1)},
        players=6,
        deputies=deputies,
        seed=seed,
    )
    s = g.state
    st = (rng.random() < 0.7, rng.random() < 0.6)
    texts = []
    for d, want in zip(deputies, st):
        events, t = play_narrated(g, A.Stance(d, m, want))
        texts.append(t)
    who = sum(st)
    if who:
        actor = s.authority[m][0]
        events, t = play_narrated(g, A.Inspect(actor, m))
        texts.append(t)
    names = s.names
    stances = _(_STANCES[st]).format(first=names[deputies[0]], second=names[deputies[1]])
    return Question(
        "deputies",
        seed,
        ed,
        _("Six players: the Deputies"),
        _('{first} and {second} are the Deputies. {merchant} declared "{declared}".').format(
            first=names[0], second=names[1], merchant=names[m], declared=declared_text(decl, size)
        )
        + " "
        + stances
        + " "
        + _(
            "Whoever is suspicious opens the bag. Who deals with it, how much gold does {merchant} gain, "
            "and how much lands on the Booty tile?"
        ).format(merchant=names[m]),
        [Scene(_("Inside {merchant}'s bag").format(merchant=names[m]), tuple(list_to_counts(bag)))],
        (
            Field("who", _("Who deals with the bag"), "choice", tuple(_(w) for w in _DEPUTY_WHO)),
            Field("gain", _("Gold {merchant} gains").format(merchant=names[m]), "int", lo=0, hi=40),
            Field("booty", _("Gold on the Booty tile"), "int", lo=0, hi=40),
        ),
        {"who": _(_DEPUTY_WHO[who]), "gain": max(0, s.gold[m] - 50), "booty": s.booty_gold},
        " ".join(texts),
        "deputies.stance" if who != 2 else "deputies.booty",
    )


_DEAL_OPTIONS = (ALLOWED, N_("Refused: the deal struck this round binds the Sheriff"))
_KEPT = {  # (what the deal promised, what the Sheriff does): why that keeps the promise
    ("inspect", "open"): N_("Allowed: the deal promised to open {merchant}'s bag, and to open it keeps that promise."),
    ("inspect", "pass"): N_(
        "Allowed: the deal promised to open {merchant}'s bag, and to hand back unopened it keeps that promise."
    ),
    ("let_pass", "open"): N_(
        "Allowed: the deal promised to let through {merchant}'s bag, and to open it keeps that promise."
    ),
    ("let_pass", "pass"): N_(
        "Allowed: the deal promised to let through {merchant}'s bag, and to hand back unopened it keeps that promise."
    ),
}


def q_deal(seed: int, edition: str | None = None) -> Question:
    """A deal with terms about another merchant's bag: may the Sheriff now do this?"""
    rng = random.Random(seed)
    ed = pick_edition(rng, edition)
    decl = rng.choice(LEGAL_GOODS)
    smuggled = [decl] * rng.randint(1, 3) + [rng.choice(CONTRABAND_GOODS)]
    other = rng.choice((2, 3))
    g = table_game(ed, {1: list_to_counts(smuggled)}, {1: (decl, len(smuggled))}, seed=seed)
    s = g.state
    names = s.names
    term = rng.choice(("inspect", "let_pass"))
    gold = rng.randint(2, 8)
    bribe = Bribe(gold=gold, inspect=(other,)) if term == "inspect" else Bribe(gold=gold, let_pass=(other,))
    texts = []
    for step in (A.Threaten(0, 1), A.Offer(1, 1, bribe), A.Accept(0, 1)):
        texts.append(play_narrated(g, step)[1])
    offer_text = _tempt_sheriff(g, rng, other)
    attempt = rng.choice(("open", "pass"))
    action = A.Inspect(0, other) if attempt == "open" else A.Pass(0, other)
    err = g.why_illegal(action)
    deal_text = _deal_words(term, gold, names[other])
    if err is None:
        explanation = f"{' '.join(texts)} " + _(_KEPT[term, attempt]).format(merchant=names[other])
    else:
        explanation = f"{' '.join(texts)} {err.reason}"
    may = (
        _("May the Sheriff now open {merchant}'s bag?")
        if attempt == "open"
        else _("May the Sheriff now hand back unopened {merchant}'s bag?")
    ).format(merchant=names[other])
    return Question(
        "deal",
        seed,
        ed,
        _("A deal about someone else's bag"),
        _('The Sheriff threatened {merchant}\'s bag, and {merchant} offered: "{deal}." The Sheriff accepted.').format(
            merchant=names[1], deal=deal_text
        )
        + " "
        + offer_text
        + may,
        [
            Scene(
                _("Inside {merchant}'s bag (only {merchant} knows)").format(merchant=names[1]),
                tuple(list_to_counts(smuggled)),
            )
        ],
        (Field("verdict", _("Verdict"), "choice", tuple(_(o) for o in _DEAL_OPTIONS)),),
        {"verdict": _(_DEAL_OPTIONS[err is not None])},
        explanation,
        "deal.binding",
    )


def _tempt_sheriff(g, rng: random.Random, other: int) -> str:
    """The Sheriff then turns to the other merchant's bag, maybe tempted by a bribe of its own."""
    tempt = rng.random() < 0.5
    if tempt:
        g.push(A.Threaten(0, other))
        bribe = Bribe(gold=rng.randint(3, 10))
        g.push(A.Offer(other, other, bribe))
        asked = bribe.gold
        offer_text = (
            ngettext(
                "{merchant} offers {gold} gold to be let through.",
                "{merchant} offers {gold} gold to be let through.",
                asked,
            ).format(merchant=g.state.names[other], gold=asked)
            + " "
        )
    else:
        offer_text = ""
    return offer_text


def _deal_words(term: str, gold: int, merchant: str) -> str:
    """The deal as the merchant offered it."""
    return (
        ngettext("{gold} gold, and you open {merchant}'s bag", "{gold} gold, and you open {merchant}'s bag", gold)
        if term == "inspect"
        else ngettext(
            "{gold} gold, and you let {merchant} through", "{gold} gold, and you let {merchant} through", gold
        )
    ).format(gold=gold, merchant=merchant)


_TURN_OPTIONS = (
    ALLOWED,
    N_("Refused: it is not that player's turn to speak"),
    N_("Refused: there is no offer on the table to accept"),
)
_WANTS = {  # the attempted move: (the question about it, the answer box's label)
    A.Offer: (
        N_("Whose answer is awaited now? And may {player} now make a new offer?"),
        N_("{player} tries to make a new offer"),
    ),
    A.Accept: (
        N_("Whose answer is awaited now? And may {player} now accept the offer on the table?"),
        N_("{player} tries to accept the offer on the table"),
    ),
    A.Decline: (
        N_("Whose answer is awaited now? And may {player} now refuse to pay?"),
        N_("{player} tries to refuse to pay"),
    ),
}
_TURN_RULE = {None: ALLOWED, "negotiation.turn": _TURN_OPTIONS[1], "deal.accept": _TURN_OPTIONS[2]}


def q_haggle(seed: int, edition: str | None = None) -> Question:
    """Haggling over a bag: whose answer is awaited, and may this player say this now?"""
    rng = random.Random(seed)
    ed = pick_edition(rng, edition)
    decl = rng.choice(LEGAL_GOODS)
    bag = [decl] * rng.randint(1, 3) + [rng.choice(CONTRABAND_GOODS)]
    g = table_game(ed, {1: list_to_counts(bag)}, {1: (decl, len(bag))}, seed=seed)
    s = g.state
    names = s.names
    said = _haggle_so_far(g, rng)
    due = haggle(g).due
    who = rng.choice((0, 1))
    if who == 1:
        attempt = rng.choice((A.Offer(1, 1, Bribe(gold=2)), A.Accept(1, 1), A.Decline(1, 1)))
    else:
        attempt = rng.choice((A.Offer(0, 1, Bribe(gold=9)), A.Accept(0, 1)))
    err = g.why_illegal(attempt)
    verdict = _TURN_RULE[err.rule_id if err else None]
    last = said[-1]
    why_due = (
        _("The last word was {player}'s ({said}), so {next} answers next.").format(
            player=names[last.player], said=last.text(names).rstrip("."), next=names[due]
        )
        + " "
        + (_("Allowed: {move}").format(move=attempt.text(names)) if err is None else err.reason)
    )
    story = " ".join(f"{i}. {a.text(names)}" for i, a in enumerate(said, 1))
    ask, label = (_(t).format(player=names[who]) for t in _WANTS[type(attempt)])
    sheriff = _("{player} (the Sheriff)").format(player=names[0])
    return Question(
        "haggle",
        seed,
        ed,
        _("Whose turn to speak?"),
        _('{merchant} declared "{declared}". So far: {story}').format(
            merchant=names[1], declared=declared_text(decl, len(bag)), story=story
        )
        + " "
        + ask,
        [
            Scene(
                _("Inside {merchant}'s bag (only {merchant} knows)").format(merchant=names[1]),
                tuple(list_to_counts(bag)),
            )
        ],
        (
            Field("due", _("Whose answer is awaited"), "choice", (sheriff, names[1])),
            Field("verdict", label, "choice", tuple(_(o) for o in _TURN_OPTIONS)),
        ),
        {"due": sheriff if due == 0 else names[1], "verdict": _(verdict)},
        why_due,
        err.rule_id if err else "negotiation.turn",
    )


def _haggle_so_far(g, rng: random.Random) -> list[A.Action]:
    """The Sheriff takes up the bag with a threat or a price; then the two sides trade answers."""
    said: list[A.Action] = []
    opening: A.Action = A.Threaten(0, 1) if rng.random() < 0.5 else A.Offer(0, 1, Bribe(gold=rng.randint(4, 12)))
    said.append(opening)
    g.push(opening)
    for _turn in range(rng.randint(0, 2)):
        due = haggle(g).due
        if due == 1:
            move = A.Offer(1, 1, Bribe(gold=rng.randint(1, 6))) if rng.random() < 0.7 else A.Decline(1, 1)
        else:
            move = A.Offer(0, 1, Bribe(gold=rng.randint(5, 12)))
        said.append(move)
        g.push(move)
        if haggle(g).offer is None and haggle(g).due == 0:  # the merchant refused: the Sheriff decides
            break
    return said
