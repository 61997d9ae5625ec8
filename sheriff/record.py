"""The JSON edge: moves and whole games as plain, validated data (pydantic v2).

Inside the engine goods are small integers and moves are frozen dataclasses
(``sheriff.actions``).  Outside, in files, lessons and the command line, a move is
a JSON object with a ``"type"`` and goods written by name::

    {"type": "load_bag", "player": 1, "cards": ["apples", "apples", "crossbows"]}
    {"type": "offer", "player": 3, "merchant": 3,
     "bribe": {"gold": 5, "stand": ["apples", "apples"]}}

Players are seat numbers (0 = first name in the list).  ``ActionModel`` is the
discriminated union of every move; ``to_action()`` / ``from_action(a)`` convert.

``SavedGame`` is a whole game: rules, names, seed, first Sheriff and the moves.
``load_game`` replays the moves through ``Game.push``, so a move that breaks a
rule is reported with its index and the engine's reason.  Nothing in a file is
ever executed (no pickle, no eval); every size is capped; every problem comes
back as one ``InvalidScenario`` whose message names the field at fault, e.g.
``actions[3].good: unknown good 'gold_bars'``.
"""
from __future__ import annotations

import json
import unicodedata
from typing import Annotated, Any, Literal, Union

from pydantic import (AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr,
                      TypeAdapter, ValidationError, model_validator)
from pydantic_core import from_json

from sheriff import actions as A
from sheriff.cards import GOODS, GOOD_IDS, MAX_DECK, good_id
from sheriff.errors import IllegalAction, InvalidScenario
from sheriff.phases.inspection import PROMISE_LIMIT
from sheriff.rules import Rules

FORMAT_VERSION = 1

# Size limits: generous for real games, small enough that no file can exhaust memory or time.
MAX_TEXT = 2_000_000          # characters in a saved game or scenario file
MAX_ACTIONS = 5000            # moves in one saved game (a long game has a few hundred)
MAX_CARDS = 20                # cards named in one move (the rules allow at most 5-7)
MAX_NAME = 40                 # characters in a player's name or a good's name
MAX_PROMISE = PROMISE_LIMIT   # characters in a bribe's promise (the engine refuses longer ones)
MAX_GOLD = 1_000_000          # gold in one bribe
MAX_SEED = 2**63 - 1

ACTION_TAGS = ("choose_start", "market", "load_bag", "declare", "stance", "threaten", "offer",
               "accept", "decline", "inspect", "pass", "time_up", "claim_black_market", "skip_claim")


# -- field types --------------------------------------------------------------------
def _known_good(v: str) -> str:
    try:
        return GOODS[good_id(v)].id
    except KeyError:
        raise ValueError(f"unknown good {short(v)}") from None


GoodName = Annotated[StrictStr, Field(min_length=1, max_length=MAX_NAME), AfterValidator(_known_good)]
Seat = Annotated[StrictInt, Field(ge=0, le=5)]
CardList = Annotated[list[GoodName], Field(max_length=MAX_CARDS)]
SeatList = Annotated[list[Seat], Field(max_length=6)]


# Characters that would garble a name on screen or in a terminal: control characters
# (NUL, newline, ESC...), line separators, and the bidirectional overrides (U+202E...).
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _name(v: str) -> str:
    """A player's name, everywhere (saved games, scenarios, score sheets): leading and
    trailing blanks are dropped, so "A" and "A " are the same player."""
    v = v.strip()
    if not v:
        raise ValueError("a name cannot be blank")
    if any(unicodedata.category(c) in ("Cc", "Zl", "Zp") or c in _BIDI for c in v):
        raise ValueError("a name cannot hold control characters")
    return v


PlayerName = Annotated[StrictStr, Field(min_length=1, max_length=MAX_NAME), AfterValidator(_name)]


def _ids(cards) -> tuple[int, ...]:
    return tuple(GOOD_IDS[c] for c in cards)


def _names(cards) -> list[str]:
    return [GOODS[c].id for c in cards]


# -- the moves ------------------------------------------------------------------------
class _Move(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    player: Seat

    def seats(self) -> list[tuple[str, int]]:
        """(field, seat) pairs naming players, for checks against the table size."""
        out = [("player", self.player)]
        for f in ("start", "merchant"):
            if f in type(self).model_fields:
                out.append((f, getattr(self, f)))
        return out


class ChooseStartModel(_Move):
    type: Literal["choose_start"] = "choose_start"
    start: Seat

    def to_action(self):
        return A.ChooseStart(self.player, self.start)


class MarketModel(_Move):
    """``discard``: cards set aside, in the order laid down (last on top).
    1E only: ``from_piles`` the discard pile (0 left, 1 right) of each card taken, top
    card first; ``pile`` where the set-aside cards go."""
    type: Literal["market"] = "market"
    discard: CardList = []
    from_piles: Annotated[list[Annotated[StrictInt, Field(ge=0, le=1)]], Field(max_length=MAX_CARDS)] = []
    pile: Annotated[StrictInt, Field(ge=0, le=1)] = 0

    def to_action(self):
        return A.Market(self.player, _ids(self.discard), tuple(self.from_piles), self.pile)


class LoadBagModel(_Move):
    type: Literal["load_bag"] = "load_bag"
    cards: CardList

    def to_action(self):
        return A.LoadBag(self.player, _ids(self.cards))


class DeclareModel(_Move):
    type: Literal["declare"] = "declare"
    good: GoodName
    count: Annotated[StrictInt, Field(ge=0, le=MAX_CARDS)]

    def to_action(self):
        return A.Declare(self.player, GOOD_IDS[self.good], self.count)


class StanceModel(_Move):
    type: Literal["stance"] = "stance"
    merchant: Seat
    inspect: StrictBool

    def to_action(self):
        return A.Stance(self.player, self.merchant, self.inspect)


class ThreatenModel(_Move):
    type: Literal["threaten"] = "threaten"
    merchant: Seat

    def to_action(self):
        return A.Threaten(self.player, self.merchant)


class BribeModel(BaseModel):
    """Gold, goods from the stand and the bag, and terms about other bags this round."""
    model_config = ConfigDict(extra="forbid", frozen=True)
    gold: Annotated[StrictInt, Field(ge=0, le=MAX_GOLD)] = 0
    stand: Annotated[list[GoodName], Field(max_length=MAX_DECK)] = []   # a stand can outgrow MAX_CARDS
    bag: CardList = []
    inspect: SeatList = []
    let_pass: SeatList = []
    promise: Annotated[StrictStr, Field(max_length=MAX_PROMISE)] = ""

    def to_bribe(self) -> A.Bribe:
        return A.Bribe(self.gold, _ids(self.stand), _ids(self.bag), tuple(self.inspect),
                       tuple(self.let_pass), self.promise)

    @classmethod
    def from_bribe(cls, b: A.Bribe) -> "BribeModel":
        return cls(gold=b.gold, stand=_names(b.stand), bag=_names(b.bag), inspect=list(b.inspect),
                   let_pass=list(b.let_pass), promise=b.promise)


class OfferModel(_Move):
    type: Literal["offer"] = "offer"
    merchant: Seat
    bribe: BribeModel = BribeModel()

    def to_action(self):
        return A.Offer(self.player, self.merchant, self.bribe.to_bribe())

    def seats(self):
        return (super().seats() + [("bribe.inspect", p) for p in self.bribe.inspect]
                + [("bribe.let_pass", p) for p in self.bribe.let_pass])


class AcceptModel(_Move):
    type: Literal["accept"] = "accept"
    merchant: Seat

    def to_action(self):
        return A.Accept(self.player, self.merchant)


class DeclineModel(_Move):
    type: Literal["decline"] = "decline"
    merchant: Seat

    def to_action(self):
        return A.Decline(self.player, self.merchant)


class InspectModel(_Move):
    """``pile``: 1E only, the discard pile (0 left, 1 right) that receives confiscated goods."""
    type: Literal["inspect"] = "inspect"
    merchant: Seat
    pile: Annotated[StrictInt, Field(ge=0, le=1)] = 0

    def to_action(self):
        return A.Inspect(self.player, self.merchant, self.pile)


class PassModel(_Move):
    type: Literal["pass"] = "pass"
    merchant: Seat

    def to_action(self):
        return A.Pass(self.player, self.merchant)


class TimeUpModel(_Move):
    type: Literal["time_up"] = "time_up"

    def to_action(self):
        return A.TimeUp(self.player)


class ClaimBlackMarketModel(_Move):
    type: Literal["claim_black_market"] = "claim_black_market"
    good: GoodName

    def to_action(self):
        return A.ClaimBlackMarket(self.player, GOOD_IDS[self.good])


class SkipClaimModel(_Move):
    type: Literal["skip_claim"] = "skip_claim"

    def to_action(self):
        return A.SkipClaim(self.player)


ActionModel = Annotated[
    Union[ChooseStartModel, MarketModel, LoadBagModel, DeclareModel, StanceModel, ThreatenModel,
          OfferModel, AcceptModel, DeclineModel, InspectModel, PassModel, TimeUpModel,
          ClaimBlackMarketModel, SkipClaimModel],
    Field(discriminator="type"),
]
_ACTION = TypeAdapter(ActionModel)


def from_action(a: A.Action):
    """The JSON model of an engine action."""
    t = type(a)
    if t is A.ChooseStart:
        return ChooseStartModel(player=a.player, start=a.start)
    if t is A.Market:
        return MarketModel(player=a.player, discard=_names(a.discard), from_piles=list(a.from_piles), pile=a.pile)
    if t is A.LoadBag:
        return LoadBagModel(player=a.player, cards=_names(a.cards))
    if t is A.Declare:
        return DeclareModel(player=a.player, good=GOODS[a.good].id, count=a.count)
    if t is A.Stance:
        return StanceModel(player=a.player, merchant=a.merchant, inspect=bool(a.inspect))
    if t is A.Threaten:
        return ThreatenModel(player=a.player, merchant=a.merchant)
    if t is A.Offer:
        return OfferModel(player=a.player, merchant=a.merchant, bribe=BribeModel.from_bribe(a.bribe))
    if t is A.Accept:
        return AcceptModel(player=a.player, merchant=a.merchant)
    if t is A.Decline:
        return DeclineModel(player=a.player, merchant=a.merchant)
    if t is A.Inspect:
        return InspectModel(player=a.player, merchant=a.merchant, pile=a.pile)
    if t is A.Pass:
        return PassModel(player=a.player, merchant=a.merchant)
    if t is A.TimeUp:
        return TimeUpModel(player=a.player)
    if t is A.ClaimBlackMarket:
        return ClaimBlackMarketModel(player=a.player, good=GOODS[a.good].id)
    if t is A.SkipClaim:
        return SkipClaimModel(player=a.player)
    raise TypeError(f"not an engine action: {a!r}")


def action_to_json(a: A.Action) -> dict:
    return from_action(a).model_dump(mode="json")


def action_from_json(obj: Any, field: str = "action") -> A.Action:
    """An engine action from its JSON form (a dict); ``InvalidScenario`` naming the field if malformed."""
    try:
        return _ACTION.validate_python(obj).to_action()
    except ValidationError as e:
        raise _invalid(e, field) from None


# -- error messages ---------------------------------------------------------------------
def short(v: Any, limit: int = 40) -> str:
    """repr() of a user's value, cut to ``limit`` characters (control characters escaped)."""
    r = repr(v)
    return r if len(r) <= limit else r[: limit - 3] + "..."


def _path(loc: tuple, prefix: str = "") -> str:
    out = prefix
    prev: Any = None
    in_actions = prefix.endswith("action") or prefix.endswith("]")
    for i, part in enumerate(loc):
        if isinstance(part, int):
            out += f"[{part}]"
        elif part == "[key]":
            pass
        elif part in ACTION_TAGS and (prev == "action" or (isinstance(prev, int) and ("actions" in loc[:i] or "steps" in loc[:i]))
                                      or (i == 0 and in_actions)):
            pass    # the union's tag, already visible in the data itself
        elif isinstance(part, str) and not part.isidentifier():
            out += f"[{short(part)}]"
        else:
            out += ("." if out else "") + str(part)
        prev = part
    return out


def _message(err: dict) -> str:
    msg = err.get("msg", "invalid")
    for p in ("Value error, ", "Assertion failed, "):
        if msg.startswith(p):
            msg = msg[len(p):]
    if err.get("type") == "extra_forbidden":
        msg = "unknown field"
    elif err.get("type") == "missing":
        msg = "missing field"
    elif err.get("type") in ("union_tag_invalid", "union_tag_not_found"):
        tag = err.get("ctx", {}).get("tag")
        msg = (f"unknown move type {short(tag)}" if tag is not None else "a move needs a \"type\"") + \
            f" (one of: {', '.join(ACTION_TAGS)})"
    inp = err.get("input")
    if err.get("type", "").endswith("_type") and isinstance(inp, (str, int, float, bool)):
        msg += f", got {short(inp)}"
    return msg.replace("\n", " ")


def _invalid(e: ValidationError, prefix: str = "") -> InvalidScenario:
    """One line from a pydantic error: the first problem, with the field path."""
    errs = e.errors(include_url=False)
    err = errs[0]
    more = f" (and {len(errs) - 1} more problem{'s' if len(errs) > 2 else ''})" if len(errs) > 1 else ""
    return InvalidScenario(_message(err) + more, _path(tuple(err.get("loc", ())), prefix) or prefix or None)


def parse_json_text(text: str | bytes, what: str = "file") -> Any:
    """JSON text to plain data, with a size cap and a nesting cap (never a RecursionError)."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidScenario(f"expected JSON text, got {type(text).__name__}", what)
    if len(text) > MAX_TEXT:
        raise InvalidScenario(f"too large: {len(text):,} characters (the limit is {MAX_TEXT:,})", what)
    if isinstance(text, str):
        text = text.removeprefix("\ufeff")             # a byte-order mark, as some editors write
    else:
        text = bytes(text).removeprefix(b"\xef\xbb\xbf")
    try:
        data = from_json(text)
    except ValueError as e:
        raise InvalidScenario(f"not valid JSON ({str(e).splitlines()[0][:120]})", what) from None
    try:      # the fast parser silently keeps the last of two equal keys: look again, strictly
        json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except _DuplicateKey as e:
        raise InvalidScenario(f"the key {short(e.args[0])} appears twice in one object", what) from None
    except (ValueError, RecursionError):   # pragma: no cover - from_json already accepted it
        pass
    return data


class _DuplicateKey(Exception):
    pass


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for k, _ in pairs:
            if k in seen:
                raise _DuplicateKey(k)
            seen.add(k)
    return out


def prefixed(e: InvalidScenario, prefix: str) -> InvalidScenario:
    """The same error, with its field put under ``prefix`` (e.g. 'setup')."""
    field = e.field
    if field:
        field = prefix + ("" if field.startswith("[") else ".") + field
    else:
        field = prefix
    msg = str(e)
    if e.field and msg.startswith(e.field + ": "):
        msg = msg[len(e.field) + 2:]
    return InvalidScenario(msg, field)


# -- whole games ----------------------------------------------------------------------------
class SavedGame(BaseModel):
    """A whole game as data.  ``setup`` is present when the game began from a scenario position."""
    model_config = ConfigDict(extra="forbid")

    format: Literal["sheriff-game"] = "sheriff-game"
    version: Literal[1] = FORMAT_VERSION
    rules: Rules = Rules()
    names: Annotated[list[PlayerName], Field(min_length=3, max_length=6)]
    seed: Annotated[StrictInt, Field(ge=0, le=MAX_SEED)] = 0
    first_sheriff: Seat = 0
    setup: dict | None = None
    actions: Annotated[list[ActionModel], Field(max_length=MAX_ACTIONS)] = []

    @model_validator(mode="after")
    def _table(self) -> "SavedGame":
        n = self.rules.players
        if len(self.names) != n:
            raise ValueError(f"names: {len(self.names)} names for a {n}-player game")
        if len(set(self.names)) != n:
            raise ValueError("names: every player needs a different name")
        if self.first_sheriff >= n:
            raise ValueError(f"first_sheriff: there is no seat {self.first_sheriff} at a {n}-player table")
        for i, a in enumerate(self.actions):
            for f, p in a.seats():
                if p >= n:
                    raise ValueError(f"actions[{i}].{f}: there is no seat {p} at a {n}-player table")
        return self


def _split_model_error(e: InvalidScenario) -> InvalidScenario:
    """Model-level checks above put 'field: message' in the message: move it to the field."""
    msg = str(e)
    if e.field is None and ": " in msg:
        field, rest = msg.split(": ", 1)
        if " " not in field:
            return InvalidScenario(rest, field)
    return e


def save_game(game) -> str:
    """The game as JSON text (rules, names, seed, first Sheriff, every move so far).

    A game that began from a scenario position (``Scenario.game()``) is saved with
    that position as ``setup``."""
    from sheriff.engine import Game
    pos = game.setup
    if pos is None:
        fresh = Game(game.rules, game.names, game.seed, game.first_sheriff).state
        if fresh.fingerprint()[:-2] != game.initial_state.fingerprint()[:-2]:
            raise ValueError("this game began from a prepared position that is not a scenario Position; "
                             "set game.setup (a sheriff.scenario.Position) to save it")
    data = SavedGame(
        rules=game.rules, names=list(game.names), seed=game.seed if pos is None else 0,
        first_sheriff=game.first_sheriff if pos is None else 0,
        setup=pos.model_dump(mode="json", exclude_defaults=True) if pos is not None else None,
        actions=[from_action(a) for a in game.history[len(game.initial_state.history):]],
    )
    return data.model_dump_json(indent=1)


def load_game(text: str | bytes):
    """A ``Game`` rebuilt from ``save_game`` text by replaying every move through ``Game.push``.

    Raises ``InvalidScenario`` (never anything else) for malformed, oversized or
    illegal content; an illegal move is named by its index with the engine's reason.
    """
    from sheriff.engine import Game
    data = parse_json_text(text)
    if not isinstance(data, dict):
        raise InvalidScenario(f"expected a JSON object, got {type(data).__name__}", "file")
    try:
        saved = SavedGame.model_validate(data)
    except ValidationError as e:
        raise _split_model_error(_invalid(e)) from None
    try:
        if saved.setup is not None:
            from sheriff.scenario import Position
            try:
                pos = Position.from_data(saved.setup)
            except InvalidScenario as e:
                raise prefixed(e, "setup") from None
            if pos.rules != saved.rules or pos.names != saved.names:
                raise InvalidScenario("the setup's rules and names must match the game's", "setup")
            game = Game.from_state(pos.to_state())
            game.setup = pos
        else:
            game = Game(saved.rules, saved.names, saved.seed, saved.first_sheriff)
    except InvalidScenario:
        raise
    except Exception as e:   # a bug, never the user's input: still one clear line
        raise InvalidScenario(f"could not set up the game ({type(e).__name__}: {e})", "rules") from None
    for i, am in enumerate(saved.actions):
        action = am.to_action()
        try:
            game.push(action)
        except IllegalAction as e:
            raise InvalidScenario(f"illegal move ({action.text(game.names)}): {e.reason} "
                                  f"(rule {e.rule_id}: {e.cite})", f"actions[{i}]") from None
        except Exception as e:
            raise InvalidScenario(f"the engine could not apply this move ({type(e).__name__}: {e})",
                                  f"actions[{i}]") from None
    return game


__all__ = [
    "ActionModel", "BribeModel", "SavedGame", "from_action", "action_to_json", "action_from_json",
    "save_game", "load_game", "parse_json_text", "MAX_ACTIONS", "MAX_TEXT", "FORMAT_VERSION",
]
