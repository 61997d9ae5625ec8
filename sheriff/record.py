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

from dataclasses import MISSING, fields
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, get_type_hints

from pydantic import (AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr,
                      TypeAdapter, ValidationError, create_model, model_validator)
from pydantic_core import from_json

from sheriff import actions as A
from sheriff.cards import GOODS, GOOD_IDS, good_id
from sheriff.errors import IllegalAction, InvalidScenario
from sheriff.rules import Rules

FORMAT_VERSION = 1

# Size limits: generous for real games, small enough that no file can exhaust memory or time.
MAX_TEXT = 2_000_000          # characters in a saved game or scenario file
MAX_ACTIONS = 5000            # moves in one saved game (a long game has a few hundred)
MAX_CARDS = 20                # cards named in one move (the rules allow at most 5-7)
MAX_NAME = 40                 # characters in a player's name or a good's name
MAX_PROMISE = 200             # characters in a bribe's promise
MAX_GOLD = 1_000_000          # gold in one bribe
MAX_SEED = 2**63 - 1

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


def _name(v: str) -> str:
    v = v.strip()
    if not v:
        raise ValueError("a name cannot be blank")
    if any(ord(c) < 32 for c in v):
        raise ValueError("a name cannot hold control characters")
    return v


PlayerName = Annotated[StrictStr, Field(min_length=1, max_length=MAX_NAME), AfterValidator(_name)]


def _ids(cards) -> tuple[int, ...]:
    return tuple(GOOD_IDS[c] for c in cards)


def _names(cards) -> list[str]:
    return [GOODS[c].id for c in cards]


# -- the moves ------------------------------------------------------------------------
# Each move's JSON form is built from its dataclass in sheriff.actions: the field markers
# there (Seat, Good, Cards...) say how a field is written and checked here.
def _same(v):
    return v


_FIELD_KINDS: dict[str, tuple[Any, Any, Any]] = {   # marker -> (JSON type, JSON->engine, engine->JSON)
    "seat": (Seat, _same, _same),
    "seats": (SeatList, tuple, list),
    "good": (GoodName, GOOD_IDS.__getitem__, lambda g: GOODS[g].id),
    "cards": (CardList, _ids, _names),
    "count": (Annotated[StrictInt, Field(ge=0, le=MAX_CARDS)], _same, _same),
    "pile": (Annotated[StrictInt, Field(ge=0, le=1)], _same, _same),
    "piles": (Annotated[list[Annotated[StrictInt, Field(ge=0, le=1)]], Field(max_length=MAX_CARDS)], tuple, list),
    "gold": (Annotated[StrictInt, Field(ge=0, le=MAX_GOLD)], _same, _same),
    "promise": (Annotated[StrictStr, Field(max_length=MAX_PROMISE)], _same, _same),
    "flag": (StrictBool, bool, bool),
}


class _Plain(BaseModel):
    """The JSON form of an engine dataclass (a move or a bribe), converted field by field."""
    model_config = ConfigDict(extra="forbid", frozen=True)

    def to_engine(self):
        cls, conv = _ENGINE[type(self)]
        return cls(**{name: to_engine(getattr(self, name)) for name, (to_engine, _) in conv.items()})

    @classmethod
    def of(cls, obj) -> Any:
        """The JSON model of an engine value ``obj`` (a move or a bribe)."""
        model = _MODEL[type(obj)]
        conv = _ENGINE[model][1]
        return model(**{name: to_json(getattr(obj, name)) for name, (_, to_json) in conv.items()})


class _Move(_Plain):
    player: Seat

    def to_action(self):
        return self.to_engine()

    def seats(self) -> list[tuple[str, int]]:
        """(field, seat) pairs naming players, for checks against the table size."""
        out = [("player", self.player)]
        for f in ("start", "merchant"):
            if f in type(self).model_fields:
                out.append((f, getattr(self, f)))
        bribe = getattr(self, "bribe", None)
        if bribe is not None:
            out += [("bribe.inspect", p) for p in bribe.inspect] + [("bribe.let_pass", p) for p in bribe.let_pass]
        return out


_ENGINE: dict[type, tuple[type, dict[str, tuple[Any, Any]]]] = {}   # JSON model -> (engine class, converters)
_MODEL: dict[type, type] = {}                                        # engine class -> JSON model


def _json_model(cls: type, base: type[_Plain]) -> Any:
    """A pydantic model for the dataclass ``cls``: a "type" tag (moves), then its fields, as markers say."""
    hints = get_type_hints(cls, include_extras=True)
    spec: dict[str, Any] = {}
    conv: dict[str, tuple[Any, Any]] = {}
    if base is _Move:
        spec["type"] = (Literal[cls.tag], cls.tag)      # type: ignore[attr-defined]
        conv["player"] = (_same, _same)
    for f in fields(cls):
        if base is _Move and f.name == "player":
            continue
        hint = hints[f.name]
        if hint is A.Bribe:
            json_type, to_engine, to_json = BribeModel, BribeModel.to_engine, BribeModel.of
        else:
            json_type, to_engine, to_json = _FIELD_KINDS[hint.__metadata__[0]]
        if f.default is not MISSING:
            default = to_json(f.default)
        elif f.default_factory is not MISSING:
            default = to_json(f.default_factory())
        else:
            default = ...
        spec[f.name] = (json_type, default)
        conv[f.name] = (to_engine, to_json)
    model = create_model(cls.__name__ + "Model", __base__=base, __doc__=cls.__doc__, **spec)
    _ENGINE[model] = (cls, conv)
    _MODEL[cls] = model
    return model


BribeModel: Any = _json_model(A.Bribe, _Plain)
BribeModel.to_bribe = BribeModel.to_engine
BribeModel.from_bribe = BribeModel.of
ACTION_MODELS = tuple(_json_model(cls, _Move) for cls in A.ACTION_TYPES)
ACTION_TAGS = tuple(cls.tag for cls in A.ACTION_TYPES)
if TYPE_CHECKING:       # to a type checker, any move's JSON model
    ActionModel = _Move
else:
    ActionModel = Annotated[Union[ACTION_MODELS], Field(discriminator="type")]
_ACTION = TypeAdapter(ActionModel)


def from_action(a: A.Action):
    """The JSON model of an engine action."""
    if not isinstance(a, A.Action) or type(a) not in _MODEL:
        raise TypeError(f"not an engine action: {a!r}")
    return _Plain.of(a)


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
    try:
        return from_json(text)
    except ValueError as e:
        raise InvalidScenario(f"not valid JSON ({str(e).splitlines()[0][:120]})", what) from None


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
