"""The release workflow (.github/workflows/release.yml) builds what pyproject's [tool.cibuildwheel]
configures: the same Pythons on the same platforms and architectures, the pure wheel and the sdist
beside them, and publishes only from a tag, by trusted publishing.  It cannot run here; this reads it."""

from __future__ import annotations

import re
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
CIBW = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["cibuildwheel"]
PLATFORMS = ("linux", "macos", "windows")


def workflow() -> dict:
    flow = yaml.safe_load(WORKFLOW.read_text())
    flow["on"] = flow.pop(True, flow.get("on"))  # YAML 1.1 reads the key `on` as true
    return flow


def configured_pythons() -> set[str]:
    """cp311, cp312... from the build selectors ("cp311-*")."""
    return {re.fullmatch(r"(cp3\d+)-\*", sel)[1] for sel in CIBW["build"]}


def test_the_configuration_builds_compiled_cpython_3_11_to_3_13_and_checks_each_wheel():
    assert configured_pythons() == {"cp311", "cp312", "cp313"}
    assert {p: CIBW[p]["archs"] for p in PLATFORMS} == {
        "linux": ["x86_64", "aarch64"],
        "macos": ["x86_64", "arm64"],
        "windows": ["AMD64"],
    }
    assert CIBW["build-frontend"] == {"name": "pip", "args": ["--no-build-isolation"]}
    assert {"mypy", "pydantic", "constraints.txt"} <= set(re.split(r"[\s/]", CIBW["before-build"]))
    assert "c.is_compiled()" in CIBW["test-command"]


def test_the_workflow_builds_every_configured_python_on_every_configured_platform():
    job = workflow()["jobs"]["compiled_wheels"]
    matrix = job["strategy"]["matrix"]
    assert set(matrix["python"]) == configured_pythons()
    built = sorted((t["platform"], t["arch"]) for t in matrix["target"])
    assert built == sorted((p, arch) for p in PLATFORMS for arch in CIBW[p]["archs"])
    runners = {t["runner"].split("-")[0] for t in matrix["target"]}
    assert runners == {"ubuntu", "macos", "windows"}
    (build,) = [s for s in job["steps"] if s.get("uses", "").startswith("pypa/cibuildwheel@")]
    assert build["env"] == {"CIBW_BUILD": "${{ matrix.python }}-*", "CIBW_ARCHS": "${{ matrix.target.arch }}"}
    assert any(s.get("uses", "").startswith("actions/upload-artifact@") for s in job["steps"])


def test_the_pure_wheel_and_the_sdist_are_built_plain_and_everything_is_published_from_a_tag():
    flow = workflow()
    assert flow["on"]["push"] == {"tags": ["v*"]}
    pure = flow["jobs"]["pure_wheel_and_sdist"]
    (build,) = [s for s in pure["steps"] if s.get("run", "").startswith("pipx run build")]
    assert build["env"]["SHERIFF_PURE"] == "1"
    assert any("py3-none-any.whl" in s.get("run", "") for s in pure["steps"])
    publish = flow["jobs"]["publish"]
    assert set(publish["needs"]) == {"compiled_wheels", "pure_wheel_and_sdist"}
    assert "refs/tags/v" in publish["if"] and publish["permissions"] == {"id-token": "write"}
    assert [s["uses"] for s in publish["steps"]][-1] == "pypa/gh-action-pypi-publish@release/v1"
    uploaded = [
        s["with"]["name"]
        for job in ("compiled_wheels", "pure_wheel_and_sdist")
        for s in flow["jobs"][job]["steps"]
        if s.get("uses", "").startswith("actions/upload-artifact@")
    ]
    assert len(uploaded) == 2 and all(fnmatch(name, publish["steps"][0]["with"]["pattern"]) for name in uploaded)
