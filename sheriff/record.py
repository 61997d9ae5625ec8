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
from dataclasses import MISSING, fields
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, get_type_hints

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
    create_model,
)
from pydantic_core import ErrorDetails, from_json

from sheriff import actions as A
from sheriff import i18n
from sheriff.cards import GOOD_IDS, GOODS, MAX_DECK, good_id
from sheriff.errors import InvalidScenario, short  # short: what a refusal quotes of a bad value
from sheriff.i18n import N_, _, ngettext
from sheriff.phases.negotiation import PROMISE_LIMIT

# Size limits: generous for real games, small enough that no file can exhaust memory or time.
MAX_TEXT = 2_000_000  # characters in a saved game or scenario file
MAX_ACTIONS = 5000  # moves in one saved game (a long game has a few hundred)
MAX_CARDS = 20  # cards named in one move (the rules allow at most 5-7)
MAX_NAME = 40  # characters in a player's name or a good's name
MAX_PROMISE = PROMISE_LIMIT  # characters in a bribe's promise (the engine refuses longer ones)
MAX_GOLD = 1_000_000  # gold in one bribe
MAX_SEED = 2**63 - 1


# -- field types --------------------------------------------------------------------
def _known_good(v: str) -> str:
    try:
        return GOODS[good_id(v)].id
    except KeyError:
        raise ValueError(_("unknown good {name}").format(name=short(v))) from None


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
        raise ValueError(_("a name cannot be blank"))
    if any(unicodedata.category(c) in ("Cc", "Zl", "Zp") or c in _BIDI for c in v):
        raise ValueError(_("a name cannot hold control characters"))
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


_FIELD_KINDS: dict[str, tuple[Any, Any, Any]] = {  # marker -> (JSON type, JSON->engine, engine->JSON)
    "seat": (Seat, _same, _same),
    "seats": (SeatList, tuple, list),
    "good": (GoodName, GOOD_IDS.__getitem__, lambda g: GOODS[g].id),
    "cards": (CardList, _ids, _names),
    "stand_cards": (Annotated[list[GoodName], Field(max_length=MAX_DECK)], _ids, _names),  # a stand outgrows MAX_CARDS
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


_ENGINE: dict[type, tuple[type, dict[str, tuple[Any, Any]]]] = {}  # JSON model -> (engine class, converters)
_MODEL: dict[type, type] = {}  # engine class -> JSON model


def _json_model(cls: type, base: type[_Plain]) -> Any:
    """A pydantic model for the dataclass ``cls``: a "type" tag (moves), then its fields, as markers say."""
    hints = get_type_hints(cls, include_extras=True)
    spec: dict[str, Any] = {}
    conv: dict[str, tuple[Any, Any]] = {}
    if base is _Move:
        spec["type"] = (Literal[cls.tag], cls.tag)  # type: ignore[attr-defined]
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
ACTION_MODELS = tuple(_json_model(cls, _Move) for cls in A.ACTION_TYPES)
ACTION_TAGS = tuple(cls.tag for cls in A.ACTION_TYPES)
if TYPE_CHECKING:  # to a type checker, any move's JSON model
    ActionModel = _Move
else:
    ActionModel = Annotated[Union[ACTION_MODELS], Field(discriminator="type")]  # noqa: UP007 (a union built from a tuple)
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
def _path(loc: tuple, prefix: str = "") -> str:
    out = prefix
    prev: Any = None
    in_actions = prefix.endswith("action") or prefix.endswith("]")
    for i, part in enumerate(loc):
        if isinstance(part, int):
            out += f"[{part}]"
        elif part == "[key]":
            pass
        elif part in ACTION_TAGS and (
            prev == "action"
            or (isinstance(prev, int) and ("actions" in loc[:i] or "steps" in loc[:i]))
            or (i == 0 and in_actions)
        ):
            pass  # the union's tag, already visible in the data itself
        elif isinstance(part, str) and (not part.isidentifier() or len(part) > 40):
            out += f"[{short(part)}]"  # a key from the file: quoted, and cut if long
        else:
            out += ("." if out else "") + str(part)
        prev = part
    return out


# pydantic's own messages are English: in another language the common ones are said again in it
# (an error of our own validators, "Value error, ...", is already translated).
_PYDANTIC = {
    "int_type": N_("should be a whole number"),
    "int_parsing": N_("should be a whole number"),
    "int_from_float": N_("should be a whole number"),
    "float_type": N_("should be a number"),
    "float_parsing": N_("should be a number"),
    "bool_type": N_("should be true or false"),
    "bool_parsing": N_("should be true or false"),
    "string_type": N_("should be text"),
    "list_type": N_("should be a list"),
    "tuple_type": N_("should be a list"),
    "dict_type": N_("should be an object"),
    "model_type": N_("should be an object"),
    "model_attributes_type": N_("should be an object"),
    "greater_than_equal": N_("should be at least {ge}"),
    "greater_than": N_("should be more than {gt}"),
    "less_than_equal": N_("should be at most {le}"),
    "less_than": N_("should be less than {lt}"),
    "too_short": N_("should have at least {min_length} items"),
    "too_long": N_("should have at most {max_length} items"),
    "string_too_short": N_("should be at least {min_length} characters long"),
    "string_too_long": N_("should be at most {max_length} characters long"),
    "literal_error": N_("should be one of: {expected}"),
    "enum": N_("should be one of: {expected}"),
    "json_invalid": N_("is not valid JSON"),
}


def _pydantic_message(err: ErrorDetails) -> str | None:
    text = _PYDANTIC.get(err.get("type", ""))
    if text is None or i18n.get_language() == i18n.DEFAULT:
        return None
    ctx = {k: str(v) for k, v in (err.get("ctx") or {}).items()}
    try:
        return _(text).format(**ctx)
    except (KeyError, IndexError):
        return None


def _message(err: ErrorDetails) -> str:
    msg = err.get("msg", "invalid")
    for p in ("Value error, ", "Assertion failed, "):
        if msg.startswith(p):
            msg = msg[len(p) :]
    msg = _pydantic_message(err) or msg
    if err.get("type") == "extra_forbidden":
        msg = _("unknown field")
    elif err.get("type") == "missing":
        msg = _("missing field")
    elif err.get("type") in ("union_tag_invalid", "union_tag_not_found"):
        tag = err.get("ctx", {}).get("tag")
        tags = ", ".join(ACTION_TAGS)
        msg = (
            _("unknown move type {tag} (one of: {tags})").format(tag=short(tag), tags=tags)
            if tag is not None
            else _('a move needs a "type" (one of: {tags})').format(tags=tags)
        )
    inp = err.get("input")
    if err.get("type", "").endswith("_type") and isinstance(inp, (str, int, float, bool)):
        msg = _("{problem}, got {value}").format(problem=msg, value=short(inp))
    return msg.replace("\n", " ")


def _invalid(e: ValidationError, prefix: str = "") -> InvalidScenario:
    """One line from a pydantic error: the first problem, with the field path."""
    errs = e.errors(include_url=False)
    err = errs[0]
    msg = _message(err)
    if len(errs) > 1:
        msg = ngettext(
            "{problem} (and {more} more problem)", "{problem} (and {more} more problems)", len(errs) - 1
        ).format(problem=msg, more=len(errs) - 1)
    return InvalidScenario(msg, _path(tuple(err.get("loc", ())), prefix) or prefix or None)


def validated(model: Any, data: Any) -> Any:
    """``model.model_validate(data)`` (a pydantic model class), its refusal an ``InvalidScenario`` naming the field."""
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise _invalid(e) from None


def parse_json_text(text: str | bytes, what: str = "file") -> Any:
    """JSON text to plain data, with a size cap and a nesting cap (never a RecursionError)."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidScenario(_("expected JSON text, got {kind}").format(kind=type(text).__name__), what)
    if len(text) > MAX_TEXT:
        raise InvalidScenario(
            _("too large: {size} characters (the limit is {limit})").format(
                size=f"{len(text):,}", limit=f"{MAX_TEXT:,}"
            ),
            what,
        )
    if isinstance(text, str):
        text = text.removeprefix("\ufeff")  # a byte-order mark, as some editors write
    else:
        text = bytes(text).removeprefix(b"\xef\xbb\xbf")
    try:
        data = from_json(text)
    except ValueError as e:
        raise InvalidScenario(_("not valid JSON ({error})").format(error=str(e).splitlines()[0][:120]), what) from None
    try:  # the fast parser silently keeps the last of two equal keys: look again, strictly
        json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except _DuplicateKey as e:
        raise InvalidScenario(
            _("the key {key} appears twice in one object").format(key=short(e.args[0])), what
        ) from None
    except (ValueError, RecursionError):  # pragma: no cover - from_json already accepted it
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
        msg = msg[len(e.field) + 2 :]
    return InvalidScenario(msg, field)


__all__ = [
    "ActionModel",
    "BribeModel",
    "from_action",
    "action_to_json",
    "action_from_json",
    "parse_json_text",
    "MAX_ACTIONS",
    "MAX_TEXT",
]
