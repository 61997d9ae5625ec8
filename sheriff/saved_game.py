"""A whole game as a file: rules, names, seed, first Sheriff (or a scenario's setup) and the moves.

``save_game`` writes it; ``load_game`` replays the moves through ``Game.push``, so a
move that breaks a rule is reported with its index and the engine's reason.  Every
problem comes back as one ``InvalidScenario`` naming the field at fault.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError, model_validator

from sheriff.engine import Game
from sheriff.errors import IllegalAction, InvalidScenario
from sheriff.i18n import _
from sheriff.position import Position
from sheriff.record import (
    MAX_ACTIONS,
    MAX_SEED,
    ActionModel,
    PlayerName,
    Seat,
    _invalid,
    from_action,
    parse_json_text,
    prefixed,
)
from sheriff.rules import Rules

FORMAT_VERSION: Literal[1] = 1


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
    def _table(self) -> SavedGame:
        n = self.rules.players
        if len(self.names) != n:
            raise ValueError(_("names: {given} names for a {n}-player game").format(given=len(self.names), n=n))
        if len(set(self.names)) != n:
            raise ValueError(_("names: every player needs a different name"))
        if self.first_sheriff >= n:
            raise ValueError(
                _("first_sheriff: there is no seat {seat} at a {n}-player table").format(seat=self.first_sheriff, n=n)
            )
        for i, a in enumerate(self.actions):
            for f, p in a.seats():
                if p >= n:
                    raise ValueError(
                        _("{field}: there is no seat {seat} at a {n}-player table").format(
                            field=f"actions[{i}].{f}", seat=p, n=n
                        )
                    )
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
    pos = game.setup
    if pos is None:
        fresh = Game(game.rules, game.names, game.seed, game.first_sheriff).state
        if fresh.fingerprint()[:-2] != game.initial_state.fingerprint()[:-2]:
            raise ValueError(
                "this game began from a prepared position that is not a scenario Position; "
                "set game.setup (a sheriff.position.Position) to save it"
            )
    data = SavedGame(
        rules=game.rules,
        names=list(game.names),
        seed=game.seed if pos is None else 0,
        first_sheriff=game.first_sheriff if pos is None else 0,
        setup=pos.model_dump(mode="json", exclude_defaults=True) if pos is not None else None,
        actions=[from_action(a) for a in game.history[len(game.initial_state.history) :]],
    )
    return data.model_dump_json(indent=1)


def load_game(text: str | bytes):
    """A ``Game`` rebuilt from ``save_game`` text by replaying every move through ``Game.push``.

    Raises ``InvalidScenario`` (never anything else) for malformed, oversized or
    illegal content; an illegal move is named by its index with the engine's reason.
    """
    data = parse_json_text(text)
    if not isinstance(data, dict):
        raise InvalidScenario(_("expected a JSON object, got {kind}").format(kind=type(data).__name__), "file")
    try:
        saved = SavedGame.model_validate(data)
    except ValidationError as e:
        raise _split_model_error(_invalid(e)) from None
    try:
        if saved.setup is not None:
            try:
                pos = Position.from_data(saved.setup)
            except InvalidScenario as e:
                raise prefixed(e, "setup") from None
            if pos.rules != saved.rules or pos.names != saved.names:
                raise InvalidScenario(_("the setup's rules and names must match the game's"), "setup")
            game = Game.from_state(pos.to_state())
            game.setup = pos
        else:
            game = Game(saved.rules, saved.names, saved.seed, saved.first_sheriff)
    except InvalidScenario:
        raise
    except Exception as e:  # a bug, never the user's input: still one clear line
        raise InvalidScenario(
            _("could not set up the game ({error})").format(error=f"{type(e).__name__}: {e}"), "rules"
        ) from None
    for i, am in enumerate(saved.actions):
        action = am.to_action()
        try:
            game.push(action)
        except IllegalAction as e:
            raise InvalidScenario(
                _("illegal move ({move}): {reason} (rule {rule}: {cite})").format(
                    move=action.text(game.names), reason=e.reason, rule=e.rule_id, cite=e.cite
                ),
                f"actions[{i}]",
            ) from None
        except Exception as e:
            raise InvalidScenario(
                _("the engine could not apply this move ({error})").format(error=f"{type(e).__name__}: {e}"),
                f"actions[{i}]",
            ) from None
    return game


__all__ = ["SavedGame", "save_game", "load_game", "FORMAT_VERSION"]
