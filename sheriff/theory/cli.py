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

from sheriff.theory.bargaining import SheriffParams, build_tree
from sheriff.theory.efg import to_efg

MAX_TERMINALS = 2_000_000     # about a minute and a few hundred MB of text; beyond, refuse


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):               # argparse would print usage + exit; we want one line
        raise _UsageError(message)


def _number(text: str) -> Fraction:
    try:
        value = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    return value if value.denominator != 1 else Fraction(value.numerator)


def _parser() -> _Parser:
    parser = _Parser(prog="sheriff theory", description="Game-theory lab for teachers.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    efg = sub.add_parser("export-efg", help="write the bribe-bargaining game as Gambit .efg")
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
        params = SheriffParams(item_penalty=args.item_penalty, item_value=args.item_value,
                               sheriff_penalty=args.sheriff_penalty, max_bribe=args.max_bribe,
                               max_items=args.max_items, num_rounds=args.rounds)
        size = params.expected_size()["terminals"]
        if size > MAX_TERMINALS:
            raise _UsageError(f"game too large: {size} terminal histories (limit {MAX_TERMINALS})")
    except (_UsageError, ValueError) as exc:
        print(f"sheriff theory: error: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exc:               # --help
        return int(exc.code or 0)
    sys.stdout.write(to_efg(build_tree(params)))
    return 0


if __name__ == "__main__":                  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
