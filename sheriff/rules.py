"""Which game is being played: edition, player count and every official variant.

``Rules`` is one validated pydantic object, saved with each game.  Impossible
combinations are refused with the rule that forbids them.  Inside the engine the
fields are read once at setup into plain attributes of the state.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, field_validator, model_validator

from sheriff.cards import GOOD_IDS, GOODS
from sheriff.errors import IllegalAction, short
from sheriff.i18n import _, ngettext

Edition = Literal["1E", "2E"]
BM_VALUE_MAX = 1000  # a Black Market card's value: printed cards are worth a few dozen
BlackMarketValue = Annotated[StrictInt, Field(ge=0, le=BM_VALUE_MAX)]


class BlackMarketPile(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    good: str = Field(description="contraband type this pile buys, e.g. 'pepper'")
    values: tuple[BlackMarketValue, BlackMarketValue] = Field(
        description="the two cards' values; the higher one is on top"
    )

    @field_validator("good")
    @classmethod
    def _contraband(cls, v: str) -> str:
        if v not in GOOD_IDS or GOODS[GOOD_IDS[v]].kind != "contraband":
            raise ValueError(_("{good} is not a contraband good (pepper, mead, silk, crossbows)").format(good=short(v)))
        return v

    @field_validator("values")
    @classmethod
    def _positive(cls, v: tuple[int, int]) -> tuple[int, int]:
        if min(v) < 0:
            raise ValueError(_("Black Market values cannot be negative"))
        hi, lo = sorted(v, reverse=True)
        return (hi, lo)


def default_black_market() -> tuple[BlackMarketPile, ...]:
    """The shipped default piles.  An assumption, not the rulebook's numbers."""
    raw = json.loads(resources.files("sheriff").joinpath("data/black_market.json").read_text("utf-8"))
    return tuple(BlackMarketPile(**p) for p in raw["piles"])


def player_counts(edition: str) -> tuple[int, ...]:
    """The table sizes an edition plays: six players need the Deputies, which only the 2nd edition has."""
    return (3, 4, 5) if edition == "1E" else (3, 4, 5, 6)


def edition_has(edition: str, variant: str) -> bool:
    """Whether an edition offers a variant: the Black Market is a 2nd-edition module."""
    return not (edition == "1E" and variant == "black_market")


class Rules(BaseModel):
    """Edition, players and variants.  ``Rules(edition="2E", players=6)`` plays with Deputies."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    edition: Edition = "2E"
    # Strict: "5" is not 5 and "yes" is not True (files a user edits say what they mean).
    players: StrictInt = Field(default=4, ge=3, le=6)
    royal_goods: StrictBool = False
    time_limit: StrictBool = False
    remove_ten: StrictBool = False
    seven_card_hand: StrictBool = False
    black_market: StrictBool = False
    black_market_piles: tuple[BlackMarketPile, ...] = Field(default_factory=default_black_market)

    @model_validator(mode="after")
    def _possible(self) -> Rules:
        if self.players not in player_counts(self.edition):
            # IllegalAction is a ValueError: pydantic keeps it (ctx "error") for widgets to lay out.
            raise IllegalAction(
                "variant.edition", _("Six players need the Deputies rule, which only the 2nd edition has."), "1E"
            )
        if self.black_market and not edition_has(self.edition, "black_market"):
            raise IllegalAction(
                "variant.edition",
                _("The Black Market is a 2nd-edition module; the 1st edition has no Black Market cards."),
                "1E",
            )
        if self.black_market:
            goods = [p.good for p in self.black_market_piles]
            if len(goods) != len(set(goods)):
                raise ValueError(_("black_market_piles: each contraband type may have only one pile"))
        return self

    # Derived facts the engine reads once.
    @property
    def deputies(self) -> bool:
        return self.players == 6

    @property
    def hand_size(self) -> int:
        return 7 if self.seven_card_hand else 6

    @property
    def discard_piles(self) -> int:
        return 2 if self.edition == "1E" else 1

    @property
    def rounds(self) -> int:
        """Rounds in a whole game: everyone Sheriff twice (three times with 3 players);
        with six players, three passes through the six-card Deputy deck."""
        if self.players == 6:
            return 9
        return self.players * (3 if self.players == 3 else 2)

    @property
    def inspection_seconds(self) -> int:
        """Time limit variant: one minute per merchant."""
        return 60 * (self.players - (2 if self.deputies else 1))

    def describe(self) -> str:
        """'2E, 4 players, Royal Goods': the edition, the table and the variants on (a list of names)."""
        opts = [
            name
            for name, on in (
                (_("Royal Goods"), self.royal_goods),
                (_("time limit"), self.time_limit),
                (_("remove 10 cards"), self.remove_ten),
                (_("seven-card hand"), self.seven_card_hand),
                (_("Black Market"), self.black_market),
                (_("Deputies"), self.deputies),
            )
            if on
        ]
        table = ngettext("{edition}, {n} player", "{edition}, {n} players", self.players).format(
            edition=self.edition, n=self.players
        )
        return table + (_(", ") + _(", ").join(opts) if opts else "")
