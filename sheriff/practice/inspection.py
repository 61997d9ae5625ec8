"""Questions on dealing with a bag: opening it, letting it pass for a bribe, the Deputies,
a deal that binds the Sheriff, whose turn it is to speak."""
from __future__ import annotations

import random

from sheriff import actions as A
from sheriff import events as E
from sheriff.actions import Bribe
from sheriff.cards import CONTRABAND_GOODS, LEGAL_GOODS, list_to_counts
from sheriff.narration import goods_text
from sheriff.practice.question import ALLOWED, MERCHANT_PAYS, NOBODY, SHERIFF_PAYS, Field, Question, Scene
from sheriff.practice.tables import declared_text, pick_edition, play_narrated, random_bag, table_game


def q_inspect(seed: int, edition: str | None = None) -> Question:
    """The Sheriff opens a bag: who pays whom, how much, and how many cards reach the stand."""
    rng = random.Random(seed)
    ed = pick_edition(rng, edition)
    size = rng.randint(1, 5)
    declared_good = rng.choice(LEGAL_GOODS)
    style = rng.random()
    if style < 0.35:                                   # honest
        bag = [declared_good] * size
    elif style < 0.6:                                  # only legal goods, some of another type
        bag = random_bag(rng, size, LEGAL_GOODS)
        if all(c == declared_good for c in bag):
            bag[0] = rng.choice([g for g in LEGAL_GOODS if g != declared_good])
    else:                                              # smuggling
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
        "inspect", seed, ed, "The Sheriff opens a bag",
        f'{m} declared "{declared_text(declared_good, size)}". The Sheriff opens the bag and finds the cards below. '
        f"Who pays whom, how much, and how many of these cards end up on {m}'s stand?",
        [Scene(f"Inside {m}'s bag", tuple(vec))],
        (Field("payer", "Who pays?", "choice", (SHERIFF_PAYS, MERCHANT_PAYS, NOBODY)),
         Field("amount", "How much gold?", "int", lo=0, hi=40),
         Field("kept", f"Cards onto {m}'s stand", "int", lo=0, hi=5)),
        {"payer": SHERIFF_PAYS if honest else MERCHANT_PAYS, "amount": amount, "kept": kept},
        text, "inspect.honest" if honest else "inspect.liar",
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
    gold_txt = f"{gold} gold and " if gold else ""
    return Question(
        "pass", seed, ed, "A bribe paid in goods from the bag",
        f'{m} declared "{declared_text(decl, size)}" and offered {gold_txt}{goods_text(list_to_counts(promised))} '
        f"from the bag. The Sheriff accepts and hands the bag back unopened. Inside are the cards below. "
        f"How many cards does the Sheriff get, and how many go on {m}'s stand face up and face down?",
        [Scene(f"Inside {m}'s bag (only {m} knows)", tuple(vec))],
        (Field("sheriff_cards", "Cards the Sheriff receives", "int", lo=0, hi=5),
         Field("face_up", "Face up on the stand", "int", lo=0, hi=5),
         Field("face_down", "Face down on the stand", "int", lo=0, hi=5)),
        {"sheriff_cards": got, "face_up": up, "face_down": down},
        text, "deal.void_goods" if void else "inspect.pass",
    )


_DEPUTY_WHO = ("Nobody: the bag passes free", "One Deputy, alone", "Both Deputies, together")


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
    g = table_game(ed, {m: list_to_counts(bag), 3: list_to_counts([0]), 4: list_to_counts([0]), 5: list_to_counts([0])},
                        {m: (decl, size), 3: (0, 1), 4: (0, 1), 5: (0, 1)}, players=6,
                        deputies=deputies, seed=seed)
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
    stance_txt = " and ".join(f"{names[d]} {'wants to inspect' if w else 'would let it pass'}" for d, w in zip(deputies, st))
    return Question(
        "deputies", seed, ed, "Six players: the Deputies",
        f"{names[0]} and {names[1]} are the Deputies. {names[m]} declared \"{declared_text(decl, size)}\". "
        f"{stance_txt}. Whoever is suspicious opens the bag. Who deals with it, how much gold does {names[m]} "
        f"gain, and how much lands on the Booty tile?",
        [Scene(f"Inside {names[m]}'s bag", tuple(list_to_counts(bag)))],
        (Field("who", "Who deals with the bag", "choice", _DEPUTY_WHO),
         Field("gain", f"Gold {names[m]} gains", "int", lo=0, hi=40),
         Field("booty", "Gold on the Booty tile", "int", lo=0, hi=40)),
        {"who": _DEPUTY_WHO[who], "gain": max(0, s.gold[m] - 50), "booty": s.booty_gold},
        " ".join(texts), "deputies.stance" if who != 2 else "deputies.booty",
    )


_DEAL_OPTIONS = (ALLOWED, "Refused: the deal struck this round binds the Sheriff")


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
    for action in (A.Threaten(0, 1), A.Offer(1, 1, bribe), A.Accept(0, 1)):
        texts.append(play_narrated(g, action)[1])
    # The Sheriff then turns to the other merchant's bag, maybe tempted by a bribe of its own.
    tempt = rng.random() < 0.5
    if tempt:
        g.push(A.Threaten(0, other))
        g.push(A.Offer(other, other, Bribe(gold=rng.randint(3, 10))))
        offer_text = f"{names[other]} offers {s.nego[1].gold} gold to be let through. "
    else:
        offer_text = ""
    attempt = rng.choice(("open", "pass"))
    action = A.Inspect(0, other) if attempt == "open" else A.Pass(0, other)
    err = g.why_illegal(action)
    deal_text = (f"{gold} gold, and you open {names[other]}'s bag" if term == "inspect"
                 else f"{gold} gold, and you let {names[other]} through")
    verb = "open" if attempt == "open" else "hand back unopened"
    if err is None:
        promised = "open" if term == "inspect" else "let through"
        explanation = (f"{' '.join(texts)} Allowed: the deal promised to {promised} {names[other]}'s bag, "
                       f"and to {verb} it keeps that promise.")
    else:
        explanation = f"{' '.join(texts)} {err.reason}"
    return Question(
        "deal", seed, ed, "A deal about someone else's bag",
        f'The Sheriff threatened {names[1]}\'s bag, and {names[1]} offered: "{deal_text}." The Sheriff accepted. '
        f"{offer_text}May the Sheriff now {verb} {names[other]}'s bag?",
        [Scene(f"Inside {names[1]}'s bag (only {names[1]} knows)", tuple(list_to_counts(smuggled)))],
        (Field("verdict", "Verdict", "choice", _DEAL_OPTIONS),),
        {"verdict": _DEAL_OPTIONS[err is not None]}, explanation, "deal.binding",
    )


_TURN_OPTIONS = (ALLOWED, "Refused: it is not that player's turn to speak",
                 "Refused: there is no offer on the table to accept")
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
    said = []
    # The Sheriff takes up the bag with a threat or a price; then the two sides trade answers.
    opening = A.Threaten(0, 1) if rng.random() < 0.5 else A.Offer(0, 1, Bribe(gold=rng.randint(4, 12)))
    said.append(opening)
    g.push(opening)
    for _ in range(rng.randint(0, 2)):
        due = s.nego[3]
        if due == 1:
            move = A.Offer(1, 1, Bribe(gold=rng.randint(1, 6))) if rng.random() < 0.7 else A.Decline(1, 1)
        else:
            move = A.Offer(0, 1, Bribe(gold=rng.randint(5, 12)))
        said.append(move)
        g.push(move)
        if s.nego[1] is None and s.nego[3] == 0:      # the merchant refused: the Sheriff decides
            break
    due = s.nego[3]
    who = rng.choice((0, 1))
    if who == 1:
        attempt = rng.choice((A.Offer(1, 1, Bribe(gold=2)), A.Accept(1, 1), A.Decline(1, 1)))
    else:
        attempt = rng.choice((A.Offer(0, 1, Bribe(gold=9)), A.Accept(0, 1)))
    err = g.why_illegal(attempt)
    verdict = _TURN_RULE[err.rule_id if err else None]
    last = said[-1]
    why_due = (f"The last word was {names[last.player]}'s ({last.text(names).rstrip('.')}), so {names[due]} "
               "answers next. "
               + (f"Allowed: {attempt.text(names)}" if err is None else err.reason))
    story = " ".join(f"{i}. {a.text(names)}" for i, a in enumerate(said, 1))
    wants = {A.Offer: "make a new offer", A.Accept: "accept the offer on the table",
             A.Decline: "refuse to pay"}[type(attempt)]
    return Question(
        "haggle", seed, ed, "Whose turn to speak?",
        f'{names[1]} declared "{declared_text(decl, len(bag))}". So far: {story} '
        f"Whose answer is awaited now? And may {names[who]} now {wants}?",
        [Scene(f"Inside {names[1]}'s bag (only {names[1]} knows)", tuple(list_to_counts(bag)))],
        (Field("due", "Whose answer is awaited", "choice", (names[0] + " (the Sheriff)", names[1])),
         Field("verdict", f"{names[who]} tries to {wants}", "choice", _TURN_OPTIONS)),
        {"due": names[0] + " (the Sheriff)" if due == 0 else names[1], "verdict": verdict},
        why_due, err.rule_id if err else "negotiation.turn",
    )
