"""Practice questions, generated from random positions and answered by the engine.

    >>> from sheriff.practice import generate, check
    >>> q = generate("inspect", seed=3)
    >>> q.prompt                                  # what the learner is asked
    >>> fb = check(q, {"payer": ..., "amount": 8, "kept": 4})
    >>> fb.correct, fb.fields, fb.explanation, fb.cite

Every question is a seeded random position (``random.Random(seed)``: the same seed
gives the same question) that is played out by the engine (``Game.push`` or
``why_illegal``, ``sheriff.scoring``); the right answer is read from what the
engine did, never worked out here.  The explanation is the engine's own narration
plus the rule it applied, with its citation for the edition.

A question has answer ``fields``: a choice (a dropdown's options) or a whole number.
``check`` compares the learner's answers with the engine's and says, field by field,
what was right.  Pure functions, no widgets: ``sheriff.widgets.practice`` shows them.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from sheriff import actions as A
from sheriff import events as E
from sheriff.actions import Bribe
from sheriff.cards import (BONUS, CONTRABAND_GOODS, GOOD_IDS, GOODS, IS_LEGAL, LEGAL_GOODS, N_GOODS, ROYAL_GOODS,
                           counts_to_list, list_to_counts)
from sheriff.engine import DEFAULT_NAMES, Game
from sheriff.narration import goods_text, narrate
from sheriff.position import Declaration, PhaseName, Position, counts_of
from sheriff.rulebook import RULES
from sheriff.rules import Rules
from sheriff.scoring import bonuses, score

NOBODY = "Nobody pays anything"
SHERIFF_PAYS = "The Sheriff pays the merchant"
MERCHANT_PAYS = "The merchant pays the Sheriff"
ALLOWED = "Allowed"


# -- questions and answers -------------------------------------------------------------
@dataclass(frozen=True)
class Field:
    """One answer box: ``kind`` is "choice" (pick one of ``options``) or "int"."""
    name: str
    label: str
    kind: str = "int"
    options: tuple[str, ...] = ()
    lo: int = 0
    hi: int = 999


@dataclass(frozen=True)
class Scene:
    """Something to draw beside the question: a caption and cards (a count vector)."""
    caption: str
    counts: tuple[int, ...] = ()
    face_down: int = 0
    note: str = ""
    cards: tuple[int, ...] = ()       # cards in order (a pile: the top card last), drawn as a row


@dataclass
class Question:
    kind: str
    seed: int
    edition: str
    title: str
    prompt: str
    scene: list[Scene]
    fields: tuple[Field, ...]
    answer: dict[str, object]
    explanation: str
    rule_id: str
    graded: tuple[str, ...] = ()          # fields that count (default: all)

    @property
    def rule(self):
        return RULES[self.rule_id]

    @property
    def cite(self) -> str:
        return self.rule.cite(self.edition)

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)


@dataclass
class Feedback:
    correct: bool
    fields: dict[str, bool]
    explanation: str
    rule_id: str
    cite: str
    interpretation: bool = False
    answer: dict[str, object] = field(default_factory=dict)

    @property
    def rule(self):
        return RULES[self.rule_id]


def check(q: Question, answers: dict) -> Feedback:
    """Compare ``answers`` (field name -> value) with the engine's answer."""
    graded = q.graded or tuple(f.name for f in q.fields)
    marks: dict[str, bool] = {}
    for f in q.fields:
        if f.name not in graded:
            continue
        got = answers.get(f.name)
        want = q.answer[f.name]
        if f.kind == "int":
            try:
                got = int(got)
            except (TypeError, ValueError):
                marks[f.name] = False
                continue
        marks[f.name] = got == want
    return Feedback(all(marks.values()), marks, q.explanation, q.rule_id, q.cite,
                    RULES[q.rule_id].interpretation, dict(q.answer))


# -- building positions with the engine -------------------------------------------------
def _names(n: int) -> list[str]:
    return list(DEFAULT_NAMES[:n])


def table_game(edition: str, bags: dict[int, list[int]], declared: dict[int, tuple[int, int]],
               players: int = 4, sheriff: int = 0, stands: dict[int, list[int]] | None = None,
               gold: dict[int, int] | None = None, royal: bool = False, seed: int = 0,
               deputies: tuple[int, int] | None = None, hands: dict[int, list[int]] | None = None,
               phase: PhaseName = "inspect", others_wait: bool = True, names: list[str] | None = None,
               **variants) -> Game:
    """A game at a chosen moment of a round, from count vectors by seat (a ``Position``,
    built by the engine's setup like every scenario).

    ``phase="inspect"``: ``bags`` and ``declared`` ((good, count)) by seat; with
    ``others_wait`` the other merchants carry a one-Apple bag still to be dealt with
    (so the round goes on), else their bags count as already handed back.
    ``phase="declare"``: every merchant has a bag (the others get one Apple), nobody
    has declared yet.  ``phase="load"``: merchants in ``bags`` have not loaded yet
    (give their ``hands``); the others have closed a one-Apple bag."""
    n = players
    officials = deputies if deputies else (sheriff,)
    merchants = [p for p in range(n) if p not in officials]
    apple = list_to_counts([LEGAL_GOODS[0]])
    if phase == "load":
        bags = {p: apple for p in merchants if p not in bags}
    elif others_wait or phase == "declare":
        bags = {p: bags.get(p, apple) for p in merchants}
        declared = {p: declared.get(p, (LEGAL_GOODS[0], 1)) for p in merchants}
    inspect = phase == "inspect"
    pos = Position(
        rules=Rules.model_validate({"edition": edition, "players": n, "royal_goods": royal, **variants}),
        names=list(names) if names else _names(n), phase=phase,
        sheriff=None if deputies else sheriff, deputies=deputies,
        hands=[counts_of((hands or {}).get(p, ())) for p in range(n)],
        bags=[counts_of(bags[p]) if p in bags else None for p in range(n)],
        declarations=[Declaration(good=GOODS[declared[p][0]].id, count=declared[p][1]) if inspect and p in bags
                      else None for p in range(n)],
        handled=[None if (p in bags or p in officials or not inspect) else "passed" for p in range(n)],
        stands=[counts_of((stands or {}).get(p, ())) for p in range(n)],
        gold=[(gold or {}).get(p, 50) for p in range(n)],
        seed=seed,
    )
    return Game.from_state(pos.to_state(), seed=seed)


def _random_bag(rng: random.Random, size: int, pool) -> list[int]:
    return [rng.choice(pool) for _ in range(size)]


def _narrate(g: Game, action) -> tuple[list[tuple], str]:
    before = g.state.copy()
    events = g.push(action)
    return events, " ".join(narrate(action, events, before, g.state))


def _decl_text(good: int, count: int) -> str:
    from sheriff.narration import good_name
    return f"{count} {good_name(good, count)}"


def _edition(rng: random.Random, edition: str | None) -> str:
    return edition if edition in ("1E", "2E") else rng.choice(("1E", "2E"))


# -- the question kinds ----------------------------------------------------------------
def q_inspect(seed: int, edition: str | None = None) -> Question:
    """The Sheriff opens a bag: who pays whom, how much, and how many cards reach the stand."""
    rng = random.Random(seed)
    ed = _edition(rng, edition)
    size = rng.randint(1, 5)
    declared_good = rng.choice(LEGAL_GOODS)
    style = rng.random()
    if style < 0.35:                                   # honest
        bag = [declared_good] * size
    elif style < 0.6:                                  # only legal goods, some of another type
        bag = _random_bag(rng, size, LEGAL_GOODS)
        if all(c == declared_good for c in bag):
            bag[0] = rng.choice([g for g in LEGAL_GOODS if g != declared_good])
    else:                                              # smuggling
        bag = _random_bag(rng, size, LEGAL_GOODS + CONTRABAND_GOODS + (declared_good,) * 3)
    vec = list_to_counts(bag)
    g = table_game(ed, {1: vec}, {1: (declared_good, size)}, seed=seed)
    s = g.state
    stand_before = sum(s.stands[1])
    events, text = _narrate(g, A.Inspect(0, 1))
    opened = next(e for e in events if isinstance(e, E.Opened))
    honest, amount = opened.honest, opened.amount
    kept = sum(s.stands[1]) - stand_before
    m = s.names[1]
    return Question(
        "inspect", seed, ed, "The Sheriff opens a bag",
        f'{m} declared "{_decl_text(declared_good, size)}". The Sheriff opens the bag and finds the cards below. '
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
    ed = _edition(rng, edition)
    size = rng.randint(2, 5)
    bag = _random_bag(rng, size, LEGAL_GOODS + CONTRABAND_GOODS)
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
    events, text = _narrate(g, A.Accept(0, 1))
    got = sum(s.stands[0]) - sheriff_before
    view = g.view(1)
    up, down = sum(view.stand_legal(1)), view.face_down(1)
    m = s.names[1]
    void = any(isinstance(e, E.Void) for e in events)
    gold_txt = f"{gold} gold and " if gold else ""
    return Question(
        "pass", seed, ed, "A bribe paid in goods from the bag",
        f'{m} declared "{_decl_text(decl, size)}" and offered {gold_txt}{goods_text(list_to_counts(promised))} '
        f"from the bag. The Sheriff accepts and hands the bag back unopened. Inside are the cards below. "
        f"How many cards does the Sheriff get, and how many go on {m}'s stand face up and face down?",
        [Scene(f"Inside {m}'s bag (only {m} knows)", tuple(vec))],
        (Field("sheriff_cards", "Cards the Sheriff receives", "int", lo=0, hi=5),
         Field("face_up", "Face up on the stand", "int", lo=0, hi=5),
         Field("face_down", "Face down on the stand", "int", lo=0, hi=5)),
        {"sheriff_cards": got, "face_up": up, "face_down": down},
        text, "deal.void_goods" if void else "inspect.pass",
    )


_DECL_OPTIONS = (ALLOWED, "Refused: the number must be the number of cards in the bag",
                 "Refused: only one legal good (Apples, Cheese, Bread or Chickens) may be declared")
_DECL_RULE = {None: ALLOWED, "declare.count": _DECL_OPTIONS[1], "declare.type": _DECL_OPTIONS[2]}


def q_declare(seed: int, edition: str | None = None) -> Question:
    """Is this declaration allowed?"""
    rng = random.Random(seed)
    ed = _edition(rng, edition)
    size = rng.randint(1, 5)
    bag = _random_bag(rng, size, LEGAL_GOODS + CONTRABAND_GOODS)
    vec = list_to_counts(bag)
    roll = rng.random()
    if roll < 0.45:
        good, count = rng.choice(LEGAL_GOODS), size
    elif roll < 0.75:
        good, count = rng.choice(LEGAL_GOODS), rng.choice([k for k in range(1, 6) if k != size])
    else:
        good, count = rng.choice(CONTRABAND_GOODS + ROYAL_GOODS), size
    one_apple = list_to_counts([LEGAL_GOODS[0]])
    g = table_game(ed, {1: vec, 2: one_apple, 3: one_apple}, {}, seed=seed, royal=True, phase="declare")
    s = g.state
    err = g.why_illegal(A.Declare(1, good, count))
    m = s.names[1]
    if err is None:
        text = (f"Allowed: the bag holds {size} card{'s' if size != 1 else ''} and {GOODS[good].name} is a legal good. "
                f"It does not matter what is really inside: lying is allowed, and only an inspection can catch it.")
        rule_id = "declare.count"
    else:
        text = err.reason
        rule_id = err.rule_id
    return Question(
        "declare", seed, ed, "May the merchant declare this?",
        f'{m} packed the cards below and says: "{_decl_text(good, count)}." Is that declaration allowed?',
        [Scene(f"Inside {m}'s bag", tuple(vec))],
        (Field("verdict", "Verdict", "choice", _DECL_OPTIONS),),
        {"verdict": _DECL_RULE[err.rule_id if err else None]}, text, rule_id,
    )


_LOAD_OPTIONS = (ALLOWED, "Refused: a bag holds 1 to 5 cards", "Refused: those cards are not all in the hand")
_LOAD_RULE = {None: _LOAD_OPTIONS[0], "load.size": _LOAD_OPTIONS[1], "load.from_hand": _LOAD_OPTIONS[2]}


def q_load(seed: int, edition: str | None = None) -> Question:
    """May the merchant close this bag?"""
    rng = random.Random(seed)
    ed = _edition(rng, edition)
    seven = rng.random() < 0.25
    rules = Rules(edition=ed, players=4, seven_card_hand=seven)
    g = Game(rules, seed=seed)
    s = g.state
    if s.phase == "market_start":
        g.push(A.ChooseStart(s.officials[0], s.order[0]))
    while s.phase == "market":
        g.push(A.Market(g.to_act))
    m = s.order[0]
    hand = counts_to_list(s.hands[m])
    roll = rng.random()
    if roll < 0.45:
        bag = rng.sample(hand, rng.randint(1, 5))
    elif roll < 0.7:
        bag = hand[:] if rng.random() < 0.6 else []
        if len(bag) <= 5 and bag:
            bag = hand[:6] if len(hand) >= 6 else []
    else:
        bag = rng.sample(hand, rng.randint(1, 4))
        missing = [c for c in LEGAL_GOODS + CONTRABAND_GOODS if s.hands[m][c] == 0]
        bag.append(rng.choice(missing))
    bag_vec = list_to_counts(bag)
    err = g.why_illegal(A.LoadBag(m, tuple(bag)))
    name = s.names[m]
    if err is None:
        text = f"Allowed: {len(bag)} card{'s' if len(bag) != 1 else ''}, all from {name}'s hand."
        rule_id = "load.size"
    else:
        text, rule_id = err.reason, err.rule_id
    hand_note = " (seven-card hand variant)" if seven else ""
    return Question(
        "load", seed, ed, "May this bag be closed?",
        f"{name} wants to put the cards on the right into the bag and snap it shut. Allowed?",
        [Scene(f"{name}'s hand{hand_note}", tuple(s.hands[m])), Scene("Into the bag", tuple(bag_vec),
                                                                       note="" if bag else "nothing at all")],
        (Field("verdict", "Verdict", "choice", _LOAD_OPTIONS),),
        {"verdict": _LOAD_RULE[err.rule_id if err else None]}, text, rule_id,
    )


_WHERE = ("On top of a discard pile the merchant chooses, straight away",
          "Face up beside the deck; when every merchant has gone, they become the discard pile",
          "Shuffled back into the draw pile")
_MARKET_OPTIONS = (ALLOWED, "Refused")


def q_market(seed: int, edition: str | None = None) -> Question:
    """A Market turn: allowed?  How many cards come from the draw pile?  Where do set-aside cards go?"""
    rng = random.Random(seed)
    ed = _edition(rng, edition)
    g = Game(Rules(edition=ed, players=4), seed=seed)
    s = g.state
    if s.phase == "market_start":
        g.push(A.ChooseStart(s.officials[0], s.order[0]))
    m = g.to_act
    hand = counts_to_list(s.hands[m])
    k = rng.randint(1, 5)
    discard = tuple(rng.sample(hand, k))
    if ed == "1E":
        take0 = rng.randint(0, 3)
        take1 = rng.randint(0, 2) if rng.random() < 0.5 else 0
        from_piles = (0,) * take0 + (1,) * take1
        pile = rng.randint(0, 1)
    else:
        from_piles = (0,) if rng.random() < 0.25 else ()
        pile = 0
    action = A.Market(m, discard, from_piles, pile)
    name = s.names[m]
    scene = [Scene(f"{name}'s hand", tuple(s.hands[m])), Scene("Set aside", tuple(list_to_counts(discard)))]
    if ed == "1E":
        scene += [Scene("Left discard pile (top card on the right)", tuple(list_to_counts(s.discards[0])),
                        cards=tuple(s.discards[0])),
                  Scene("Right discard pile (top card on the right)", tuple(list_to_counts(s.discards[1])),
                        cards=tuple(s.discards[1]))]
        t0, t1 = from_piles.count(0), from_piles.count(1)
        asks = f"takes {t0} card{'s' if t0 != 1 else ''} from the top of the left discard pile"
        if t1:
            asks += f" and {t1} from the right one"
        what = f"{name} sets aside {k} card{'s' if k != 1 else ''}, {asks}, then fills up from the draw pile."
    else:
        what = f"{name} sets aside {k} card{'s' if k != 1 else ''}"
        what += (" and wants to take the top card of the discard pile." if from_piles
                 else " and draws back up to six cards.")
    err = g.why_illegal(action)
    if err is not None:
        answer = {"verdict": "Refused", "from_deck": 0, "where": _WHERE[0] if ed == "1E" else _WHERE[1]}
        text = err.reason
        rule_id = err.rule_id
        graded = ("verdict",)
    else:
        events, text = _narrate(g, action)
        ev = next(e for e in events if isinstance(e, E.MarketTurn))
        in_set_aside = len(s.set_aside) >= len(discard) and ed == "2E"
        answer = {"verdict": ALLOWED, "from_deck": ev.drawn, "where": _WHERE[1] if in_set_aside else _WHERE[0]}
        rule_id = "market.draw_1e" if ed == "1E" else "market.draw_2e"
        graded = ("verdict", "from_deck", "where")
    return Question(
        "market", seed, ed, f"A Market turn ({ed})",
        what + " Is that allowed? If it is: how many cards come from the draw pile, and where do the set-aside cards go?",
        scene,
        (Field("verdict", "Allowed?", "choice", _MARKET_OPTIONS),
         Field("from_deck", "Cards from the draw pile (if allowed)", "int", lo=0, hi=6),
         Field("where", "The set-aside cards go", "choice", _WHERE)),
        answer, text, rule_id, graded,
    )


def q_debt(seed: int, edition: str | None = None) -> Question:
    """A merchant caught lying cannot pay the whole fine in gold."""
    rng = random.Random(seed)
    ed = _edition(rng, edition)
    size = rng.randint(2, 5)
    bag = _random_bag(rng, size, CONTRABAND_GOODS)
    decl = rng.choice(LEGAL_GOODS)
    stand = list_to_counts(_random_bag(rng, rng.randint(0, 4), LEGAL_GOODS))
    if rng.random() < 0.3:
        stand[rng.choice(CONTRABAND_GOODS)] += 1
    gold = rng.randint(0, 6)
    g = table_game(ed, {1: list_to_counts(bag)}, {1: (decl, size)}, stands={1: stand}, gold={1: gold}, seed=seed)
    s = g.state
    events, text = _narrate(g, A.Inspect(0, 1))
    fine = next(e for e in events if isinstance(e, E.Opened)).amount
    cash = sum(e.cash for e in events if isinstance(e, E.Paid))
    forgiven = sum(e.gold for e in events if isinstance(e, E.Forgiven))
    given = [e.goods for e in events if isinstance(e, E.PaidGoods)]
    given_value = sum(GOODS[x].value * k for sel in given for x, k in enumerate(sel))
    m = s.names[1]
    return Question(
        "debt", seed, ed, "Not enough gold",
        f'{m} declared "{_decl_text(decl, size)}" but the Sheriff finds the contraband below. {m} has only '
        f"{gold} gold, and the stand shown. How much gold does {m} pay, how much is still owed after the gold, "
        f"and how much of the debt is forgiven in the end?",
        [Scene(f"Inside {m}'s bag", tuple(list_to_counts(bag))), Scene(f"{m}'s stand", tuple(stand))],
        (Field("cash", "Gold paid", "int", lo=0, hi=50),
         Field("rest", "Still owed after the gold", "int", lo=0, hi=40),
         Field("forgiven", "Forgiven in the end", "int", lo=0, hi=40)),
        {"cash": cash, "rest": fine - cash, "forgiven": forgiven},
        text + (f" (Goods handed over are worth {given_value}; no change is given.)" if given else ""),
        "debt.goods",
    )


def q_kingqueen(seed: int, edition: str | None = None, royal: bool | None = None) -> Question:
    """Who is King and Queen of one legal good, and how much does each player get?"""
    rng = random.Random(seed)
    ed = _edition(rng, edition)
    royal = rng.random() < 0.3 if royal is None else royal
    n = rng.randint(3, 5)
    good = rng.choice(LEGAL_GOODS)
    top = rng.randint(2, 9)
    counts = [rng.choice((0, top, top, max(0, top - 1), max(0, top - 2), rng.randint(0, top))) for _ in range(n)]
    stands = [[0] * N_GOODS for _ in range(n)]
    for p, c in enumerate(counts):
        stands[p][good] = c
    if royal:
        kin = [r for r in ROYAL_GOODS if GOODS[r].counts_as == good]
        p = rng.randrange(n)
        stands[p][rng.choice(kin)] += 1
    names = _names(n)
    bon = bonuses(stands)
    gid = GOODS[good].id
    answer = {f"p{p}": bon[p].get(gid, 0) for p in range(n)}
    king, queen = BONUS[good]
    scene = []
    for p in range(n):
        scene.append(Scene(names[p], tuple(stands[p]), note="" if any(stands[p]) else "none"))
    lines = [f"{names[p]}: {answer[f'p{p}']}" for p in range(n)]
    text = (f"{GOODS[good].name}: King {king}, Queen {queen}. Counting Royal Goods at their \"counts as\" number, "
            f"the engine gives " + "; ".join(lines) + ".")
    return Question(
        "kingqueen", seed, ed, f"King and Queen of {GOODS[good].name}",
        f"The game is over. These are the {GOODS[good].name} on each stand"
        + (" (a Royal Good counts as several)" if royal else "") +
        f". The {GOODS[good].name} King gets {king} and the Queen {queen}. How much bonus does each player get?",
        scene,
        tuple(Field(f"p{p}", names[p], "int", lo=0, hi=40) for p in range(n)),
        answer, text, "royal.goods" if royal else "score.king_queen",
    )


def q_total(seed: int, edition: str | None = None) -> Question:
    """Add up one player's final score."""
    rng = random.Random(seed)
    ed = _edition(rng, edition)
    n = 4
    stands = [[0] * N_GOODS for _ in range(n)]
    for p in range(n):
        for g in LEGAL_GOODS + CONTRABAND_GOODS:
            stands[p][g] = rng.choice((0, 0, 1, 2, 3, 4, 5, 6)) if IS_LEGAL[g] else rng.choice((0, 0, 0, 1, 2))
    gold = [rng.randint(5, 70) for _ in range(n)]
    scores, winners = score(stands, gold)
    names = _names(n)
    p = rng.randrange(n)
    sc = scores[p]
    bon = ", ".join(f"{GOODS[GOOD_IDS[k]].name} {v}" for k, v in sc.bonuses.items()) or "none"
    text = (f"{names[p]}: goods worth {sc.goods} + {sc.gold} gold + bonuses {sum(sc.bonuses.values())} "
            f"({bon}) = {sc.total}. Winner: {', '.join(names[w] for w in winners)}.")
    return Question(
        "total", seed, ed, "Count a final score",
        f"The game is over. What is {names[p]}'s score? (Compare the stands to find the King and Queen bonuses.) "
        f"And who wins?",
        [Scene(f"{names[q]}: {gold[q]} gold", tuple(stands[q])) for q in range(n)],
        (Field("total", f"{names[p]}'s score", "int", lo=0, hi=500),
         Field("winner", "Winner", "choice", tuple(names) + ("Shared victory",))),
        {"total": sc.total, "winner": names[winners[0]] if len(winners) == 1 else "Shared victory"},
        text, "score.total",
    )


def q_endround(seed: int, edition: str | None = None) -> Question:
    """The last bag of a round is dealt with: who is the next Sheriff, how many cards are drawn?"""
    rng = random.Random(seed)
    ed = _edition(rng, edition)
    n = rng.randint(3, 5)
    sheriff = rng.randrange(n)
    m = (sheriff + 1) % n
    size = rng.randint(1, 5)
    bag = [LEGAL_GOODS[0]] * size
    pool = [x for x in LEGAL_GOODS + CONTRABAND_GOODS if GOODS[x].count(n)]
    left = [rng.choice(pool) for _ in range(6 - size)]
    g = table_game(ed, {m: list_to_counts(bag)}, {m: (LEGAL_GOODS[0], size)}, players=n, sheriff=sheriff,
                   hands={m: list_to_counts(left)}, seed=seed, others_wait=False)
    s = g.state
    before = sum(s.hands[m])
    events, text = _narrate(g, A.Pass(sheriff, m))
    after = sum(s.hands[m])
    names = s.names
    nxt = s.officials[0]
    return Question(
        "endround", seed, ed, "End of the round",
        f"{n} players; {names[sheriff]} is the Sheriff. {names[m]} loaded {size} card{'s' if size != 1 else ''} "
        f"from a hand of six, and that is the last bag: the Sheriff hands it back. Who is the next Sheriff, "
        f"and how many cards does {names[m]} draw?",
        [Scene(f"{names[m]}'s hand after loading the bag", tuple(list_to_counts(left)), note="" if left else "empty")],
        (Field("next", "Next Sheriff", "choice", tuple(names)),
         Field("draws", f"Cards {names[m]} draws", "int", lo=0, hi=7)),
        {"next": names[nxt], "draws": after - before}, text, "round.end",
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
        events, t = _narrate(g, A.Stance(d, m, want))
        texts.append(t)
    who = sum(st)
    if who:
        actor = s.authority[m][0]
        events, t = _narrate(g, A.Inspect(actor, m))
        texts.append(t)
    names = s.names
    stance_txt = " and ".join(f"{names[d]} {'wants to inspect' if w else 'would let it pass'}" for d, w in zip(deputies, st))
    return Question(
        "deputies", seed, ed, "Six players: the Deputies",
        f"{names[0]} and {names[1]} are the Deputies. {names[m]} declared \"{_decl_text(decl, size)}\". "
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
    ed = _edition(rng, edition)
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
        texts.append(_narrate(g, action)[1])
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
    ed = _edition(rng, edition)
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
        f'{names[1]} declared "{_decl_text(decl, len(bag))}". So far: {story} '
        f"Whose answer is awaited now? And may {names[who]} now {wants}?",
        [Scene(f"Inside {names[1]}'s bag (only {names[1]} knows)", tuple(list_to_counts(bag)))],
        (Field("due", "Whose answer is awaited", "choice", (names[0] + " (the Sheriff)", names[1])),
         Field("verdict", f"{names[who]} tries to {wants}", "choice", _TURN_OPTIONS)),
        {"due": names[0] + " (the Sheriff)" if due == 0 else names[1], "verdict": verdict},
        why_due, err.rule_id if err else "negotiation.turn",
    )


_NO_CLAIM = "No claim is possible"
_SEVERAL = "Any one of several types: the merchant picks"


def q_blackmarket(seed: int, edition: str | None = None) -> Question:
    """2E Black Market: a bag passes; may its owner claim a Black Market card, and of which type?"""
    rng = random.Random(seed)
    ed = "2E"
    focus = rng.choice(CONTRABAND_GOODS)             # the type that may reach three (Crossbows: no pile)
    stand = [0] * N_GOODS
    stand[focus] = rng.randint(0, 3)
    others = [x for x in CONTRABAND_GOODS + LEGAL_GOODS if x != focus]
    for _ in range(rng.randint(0, 2)):
        stand[rng.choice(others)] += 1
    decl = rng.choice(LEGAL_GOODS)
    bag = [decl] * rng.randint(0, 2) + [focus] * rng.randint(0, 2)
    bag += [rng.choice(others) for _ in range(rng.randint(0, 5 - len(bag)) // 2)]
    bag = bag or [focus]
    g = table_game(ed, {1: list_to_counts(bag)}, {1: (decl, len(bag))}, stands={1: stand}, seed=seed,
                   black_market=True)
    s = g.state
    piles = sorted(s.bm_piles)
    name = s.names[1]
    texts = [_narrate(g, A.Pass(0, 1))[1]]
    face_down = g.view(1).face_down(1)
    can = g.view(1).claimable()
    if can:
        texts.append(_narrate(g, A.ClaimBlackMarket(1, can[0]))[1])
        if len(can) > 1:
            texts.append(f"({name} could have claimed {' or '.join(GOODS[x].name for x in can)} instead.)")
    else:
        texts.append(f"{name} has no three contraband cards of one type with a Black Market pile, so there is no claim.")
    options = (_NO_CLAIM,) + tuple(GOODS[x].name for x in piles) + (_SEVERAL,)
    answer = _NO_CLAIM if not can else GOODS[can[0]].name if len(can) == 1 else _SEVERAL
    return Question(
        "blackmarket", seed, ed, "A claim at the Black Market",
        f'Black Market module. {name} declared "{_decl_text(decl, len(bag))}" and the Sheriff hands the bag back '
        f"unopened. How many contraband cards lie face down on {name}'s stand now, and may {name} claim a "
        f"Black Market card (piles: {', '.join(GOODS[x].name for x in piles)})?",
        [Scene(f"{name}'s stand before (face-down goods included)", tuple(stand)),
         Scene(f"Inside {name}'s bag", tuple(list_to_counts(bag)))],
        (Field("face_down", "Face-down contraband on the stand", "int", lo=0, hi=20),
         Field("claim", "Black Market claim", "choice", options)),
        {"face_down": face_down, "claim": answer}, " ".join(texts), "black_market.claim",
    )


KINDS = {
    "market": q_market, "load": q_load, "declare": q_declare, "inspect": q_inspect, "pass": q_pass,
    "deal": q_deal, "haggle": q_haggle, "debt": q_debt, "endround": q_endround, "kingqueen": q_kingqueen,
    "total": q_total, "deputies": q_deputies, "blackmarket": q_blackmarket,
}


def generate(kind: str, seed: int, edition: str | None = None) -> Question:
    """Question ``kind`` (see ``KINDS``) for ``seed``; ``edition`` None: picked at random."""
    if kind not in KINDS:
        raise KeyError(f"no question kind {kind!r}; known: {', '.join(KINDS)}")
    return KINDS[kind](seed, edition)


__all__ = ["Field", "Scene", "Question", "Feedback", "KINDS", "generate", "check", "table_game"]
