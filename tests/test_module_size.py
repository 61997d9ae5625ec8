"""No module in sheriff/ is over 600 lines (the developers' guide: modules under ~600 lines)."""

from pathlib import Path

LIMIT = 600
PACKAGE = Path(__file__).resolve().parents[1] / "sheriff"


def lines_per_module() -> dict[str, int]:
    return {p.relative_to(PACKAGE).as_posix(): len(p.read_text().splitlines()) for p in PACKAGE.rglob("*.py")}


def test_no_module_is_over_600_lines():
    sizes = lines_per_module()
    over = {name: n for name, n in sizes.items() if n > LIMIT}
    assert over == {}, over
