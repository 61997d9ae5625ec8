"""Command line: ``sheriff score | examples [ID] | theory ... | serve`` (or ``python -m sheriff``).

``score``     reads a score sheet (JSON, stdin or a file) and prints each player's
              goods, gold, King/Queen bonuses and total, and the winners, as JSON.
``examples``  lists the rulebook scenarios (id, two spaces, title); with an id,
              replays that scenario and narrates every step, then its checks.
``theory``    hands the rest of the command line to ``sheriff.theory.cli``.
``serve``     starts the tutor's Voilà server (``sheriff.launch``).

Bad input never prints a traceback: one line on stderr naming the field, exit 2.
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, StrictInt, ValidationError, model_validator

from sheriff import i18n
from sheriff.cards import GOODS, deck_composition
from sheriff.errors import InvalidScenario
from sheriff.i18n import N_, _, ngettext
from sheriff.position import to_counts
from sheriff.record import PlayerName, short
from sheriff.rules import BlackMarketValue

USAGE = N_("""\
usage: python -m sheriff <command> [arguments]

commands:
  score [FILE]     score a finished game: JSON on stdin (or in FILE), e.g.
                   {"edition": "2E", "players": [{"name": "David", "gold": 42,
                    "stand": {"apples": 4, "cheese": 6}, "black_market": []}]}
                   goods: apples cheese bread chickens pepper mead silk crossbows
                   green_apples golden_apples gouda_cheese blue_cheese rye_bread
                   pumpernickel_bread royal_rooster (missing goods count 0)
  examples         list the rulebook examples (id, then title)
  examples ID      replay one example and narrate each step
  theory ...       game-theory tools (see: python -m sheriff theory --help)
  serve            start the tutor in Voilà on 127.0.0.1:8866 (see: sheriff serve --help)

options:
  -h, --help       show this help
  --version        show the version
  --lang uk        the language of the messages ({languages})
""")


def _usage() -> str:
    """The help, naming the languages sheriff.i18n offers (its JSON example keeps ``str.format`` away)."""
    return _(USAGE).replace("{languages}", ", ".join(i18n.LANGUAGES))


# -- score ---------------------------------------------------------------------------
def _stand(v):
    if not isinstance(v, dict):
        raise ValueError(_('expected an object of counts, e.g. {"apples": 4}'))
    return to_counts(v)


class ScorePlayer(BaseModel):
    """One player's line; names, counts and values follow the saved games' rules."""

    model_config = ConfigDict(extra="forbid")
    name: PlayerName
    gold: Annotated[StrictInt, Field(ge=0, le=1_000_000)] = 0
    stand: Annotated[dict[str, int], BeforeValidator(_stand)] = {}
    black_market: Annotated[list[BlackMarketValue], Field(max_length=6)] = []


class ScoreSheet(BaseModel):
    model_config = ConfigDict(extra="forbid")
    edition: Literal["1E", "2E"] = "2E"
    players: Annotated[list[ScorePlayer], Field(min_length=3, max_length=6)]

    @model_validator(mode="after")
    def _fits_edition(self) -> ScoreSheet:
        if self.edition == "1E":
            if len(self.players) > 5:
                raise ValueError(_("players: the 1st edition is for 3 to 5 players"))
            for i, p in enumerate(self.players):
                if p.black_market:
                    raise ValueError(_("players[{i}].black_market: the 1st edition has no Black Market").format(i=i))
        names = [p.name for p in self.players]
        if len(set(names)) != len(names):
            raise ValueError(_("players: every player needs a different name"))
        deck = deck_composition(len(self.players), royal=True)
        for g in GOODS:
            held = sum(p.stand.get(g.id, 0) for p in self.players)
            if held > deck[g.index]:
                raise ValueError(
                    ngettext(
                        "players: the stands hold {held} {kind}, but a {players}-player deck has only {n}",
                        "players: the stands hold {held} {kind}, but a {players}-player deck has only {n}",
                        deck[g.index],
                    ).format(held=held, kind=_(g.name), players=len(self.players), n=deck[g.index])
                )
        cards = sum(len(p.black_market) for p in self.players)
        if cards > 6:
            raise ValueError(
                ngettext(
                    "players: {n} Black Market card, but there are only 6",
                    "players: {n} Black Market cards, but there are only 6",
                    cards,
                ).format(n=cards)
            )
        return self


def score_sheet(data) -> dict:
    """Score a sheet (plain data); ``InvalidScenario`` naming the field if it is malformed."""
    from sheriff.cards import GOOD_IDS, N_GOODS
    from sheriff.record import _invalid
    from sheriff.scoring import score

    if not isinstance(data, dict):
        raise InvalidScenario(
            _("expected a JSON object such as {example}, got {kind}").format(
                example='{"players": [...]}', kind=type(data).__name__
            ),
            "input",
        )
    try:
        sheet = ScoreSheet.model_validate(data)
    except ValidationError as e:
        err = _invalid(e)
        msg = str(err)
        if err.field is None and ": " in msg and " " not in msg.split(": ", 1)[0]:
            f, rest = msg.split(": ", 1)
            err = InvalidScenario(rest, f)
        raise err from None
    stands = []
    for p in sheet.players:
        v = [0] * N_GOODS
        for g, k in p.stand.items():
            v[GOOD_IDS[g]] += k
        stands.append(v)
    scores, winners = score(stands, [p.gold for p in sheet.players], [list(p.black_market) for p in sheet.players])
    return {
        "players": [
            {"name": p.name, "goods": sc.goods, "gold": sc.gold, "bonuses": dict(sc.bonuses), "total": sc.total}
            for p, sc in zip(sheet.players, scores)
        ],
        "winners": [sheet.players[w].name for w in winners],
    }


def _cmd_score(args: list[str]) -> int:
    from sheriff.record import MAX_TEXT, parse_json_text

    if len(args) > 1:
        return _fail(_("score takes at most one file name"))
    try:
        if args and args[0] != "-":
            try:
                with open(args[0], "rb") as f:
                    text = f.read(MAX_TEXT + 1)
            except OSError as e:
                return _fail(f"{args[0]}: {e.strerror or e}")
        else:
            text = sys.stdin.buffer.read(MAX_TEXT + 1)
        data = parse_json_text(text, "input")
        result = score_sheet(data)
    except InvalidScenario as e:
        return _fail(str(e))
    print(json.dumps(result, indent=2))
    return 0


# -- examples ----------------------------------------------------------------------------
def _cmd_examples(args: list[str]) -> int:
    from sheriff.scenario import get_scenario, load_scenarios

    if len(args) > 1:
        return _fail(_("examples takes at most one scenario id"))
    try:
        scenarios = load_scenarios()
    except InvalidScenario as e:
        return _fail(_("a shipped example is broken: {error}").format(error=e))
    if not args:
        for sc in scenarios:
            print(f"{sc.id}  {_(sc.title)}")
        return 0
    try:
        sc = get_scenario(args[0])
    except KeyError:
        return _fail(_("no example {id} (run 'python -m sheriff examples' for the list)").format(id=short(args[0])))
    replay = sc.replay()
    print(f"{sc.id}: {_(sc.title)}")
    print(_("Source: {source}").format(source=_(sc.source)))
    print(_(sc.summary))
    print()
    for f in replay.frames[1:]:
        print(f"{f.index}. {f.say}")
        for line in f.narration:
            print(f"   {line}")
    problems = replay.problems()
    checks = replay.checks()
    if checks:
        print()
        print(_("Checks:"))
        for desc, ok in checks:
            print(f"   [{_mark(ok)}] {desc}")
    refusals = [f for f in replay.frames[1:] if f.expected_refusal]
    for f in refusals:
        print(
            f"   [{_mark(f.ok)}] " + _("step {n} refused under rule {rule}").format(n=f.index, rule=f.expected_refusal)
        )
    return 0 if not problems else 1


def _mark(ok: bool) -> str:
    return _("ok") if ok else _("FAILED")


# -- theory ------------------------------------------------------------------------------
def _cmd_theory(args: list[str]) -> int:
    try:
        from sheriff.theory import cli as theory_cli
    except ImportError as e:
        return _fail(_("the theory tools are not available ({error})").format(error=e))
    try:
        rc = theory_cli.main(args)
    except SystemExit as e:  # argparse style
        code = e.code
        return code if isinstance(code, int) else (0 if code is None else 2)
    return int(rc or 0)


def _fail(msg: str) -> int:
    line = " ".join(str(msg).split())
    print(f"sheriff: {line}", file=sys.stderr)
    return 2


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except BrokenPipeError:  # e.g. `python -m sheriff examples | head`: stop quietly
        sys.stderr.close()
        return 0


def _language(args: list[str]) -> tuple[str | None, list[str]]:
    """``--lang uk`` (or ``--lang=uk``) anywhere on the line: the language of every message."""
    rest, lang = [], None
    it = iter(args)
    for a in it:
        if a == "--lang":
            lang = next(it, "")
        elif a.startswith("--lang="):
            lang = a.split("=", 1)[1]
        else:
            rest.append(a)
    return lang, rest


def _main(argv: list[str] | None) -> int:
    lang, args = _language(list(sys.argv[1:] if argv is None else argv))
    if lang is not None:
        if i18n.normalize(lang) != lang.strip().lower().split("_")[0]:
            return _fail(
                _("no language {lang}: choose one of {choices}").format(
                    lang=short(lang), choices=", ".join(i18n.LANGUAGES)
                )
            )
        with i18n.language(lang):
            return _dispatch(args)
    return _dispatch(args)


def _dispatch(args: list[str]) -> int:
    if not args:
        sys.stderr.write(_usage())
        return 2
    cmd, rest = args[0], args[1:]
    if cmd in ("-h", "--help", "help"):
        sys.stdout.write(_usage())
        return 0
    if cmd == "score":
        if rest[:1] in (["-h"], ["--help"]):
            sys.stdout.write(_usage())
            return 0
        return _cmd_score(rest)
    if cmd == "examples":
        if rest[:1] in (["-h"], ["--help"]):
            sys.stdout.write(_usage())
            return 0
        return _cmd_examples(rest)
    if cmd == "theory":
        return _cmd_theory(rest)
    if cmd == "serve":
        from sheriff import launch

        return launch.serve(rest)
    if cmd == "--version":
        from sheriff.launch import DISTRIBUTION, version

        print(f"{DISTRIBUTION} {version()}")
        return 0
    sys.stderr.write("sheriff: " + _("unknown command {command}").format(command=short(cmd)) + "\n\n" + _usage())
    return 2


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
