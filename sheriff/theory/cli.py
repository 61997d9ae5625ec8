"""``sheriff theory ...``: command-line access to the game-theory lab.

    theory export-efg --max-bribe B --max-items I --rounds R
                      [--item-value V] [--item-penalty P] [--sheriff-penalty S]

writes the bribe-bargaining game (OpenSpiel's ``sheriff``) as Gambit ``.efg`` text on
stdout.  Payoff parameters accept integers, decimals or fractions (``5/2``).  Bad
arguments: exit status 2 and one line on stderr.
"""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction

from sheriff.i18n import _
from sheriff.theory.bargaining import SheriffParams
from sheriff.theory.efg import write_efg

MAX_TERMINALS = 2_000_000  # well under a minute and under 100 MB of memory (streamed); beyond, refuse
MAX_PAYOFF = 10**9  # payoff parameters: numerators and denominators up to this


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):  # argparse would print usage + exit; we want one line
        raise _UsageError(message)


def _out_of_range(text: str) -> str:
    return _("{text} is out of range: payoffs are fractions with numerator and denominator up to {limit}").format(
        text=repr(text), limit=f"{MAX_PAYOFF:,}"
    )


def _number(text: str) -> Fraction:
    if len(text) > 40:
        raise argparse.ArgumentTypeError(
            _("not a number of at most 40 characters: {text}...").format(text=repr(text[:20]))
        )
    exponent = text.lower().rpartition("e")[2] if "e" in text.lower() else "0"
    if exponent.lstrip("+-").isdigit() and abs(int(exponent)) > 60:  # 1e999999999: refuse before computing it
        raise argparse.ArgumentTypeError(_out_of_range(text))
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError, OverflowError):
        raise argparse.ArgumentTypeError(_("not a number: {text}").format(text=repr(text))) from None
    if abs(value.numerator) > MAX_PAYOFF or value.denominator > MAX_PAYOFF:
        raise argparse.ArgumentTypeError(_out_of_range(text))
    return value if value.denominator != 1 else Fraction(value.numerator)


def terminal_count(max_items: int, max_bribe: int, rounds: int) -> int | None:
    """``(max_items + 1) * (2 * (max_bribe + 1)) ** rounds`` in closed form, or None if it
    is surely above MAX_TERMINALS (each round at least doubles it), before any big work."""
    if rounds >= MAX_TERMINALS.bit_length() or max_items >= MAX_TERMINALS or max_bribe >= MAX_TERMINALS:
        return None
    return (max_items + 1) * (2 * (max_bribe + 1)) ** rounds


def _parser() -> _Parser:
    parser = _Parser(prog="sheriff theory", description=_("Game-theory lab for teachers."))
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    efg = sub.add_parser("export-efg", help=_("write the bribe-bargaining game as Gambit .efg"))
    d = SheriffParams()
    efg.add_argument("--max-bribe", type=int, required=True)
    efg.add_argument("--max-items", type=int, required=True)
    efg.add_argument("--rounds", type=int, required=True)
    efg.add_argument("--item-value", type=_number, default=Fraction(d.item_value))
    efg.add_argument("--item-penalty", type=_number, default=Fraction(d.item_penalty))
    efg.add_argument("--sheriff-penalty", type=_number, default=Fraction(d.sheriff_penalty))
    return parser


def main(argv: list[str]) -> int:
    """Run ``theory <argv>``; returns the exit status."""
    try:
        args = _parser().parse_args(argv)
        params = SheriffParams(
            item_penalty=args.item_penalty,
            item_value=args.item_value,
            sheriff_penalty=args.sheriff_penalty,
            max_bribe=args.max_bribe,
            max_items=args.max_items,
            num_rounds=args.rounds,
        )
        size = terminal_count(args.max_items, args.max_bribe, args.rounds)
        if size is None or size > MAX_TERMINALS:
            many = f"{size:,}" if size is not None else _("far more than {n}").format(n=f"{MAX_TERMINALS:,}")
            raise _UsageError(
                _("game too large: {count} terminal histories (the limit is {limit})").format(
                    count=many, limit=f"{MAX_TERMINALS:,}"
                )
            )
    except (_UsageError, ValueError) as exc:
        print(_("sheriff theory: error: {message}").format(message=exc), file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    write_efg(params, sys.stdout)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
