"""The package's command line and launcher (sheriff/launch.py), and the loud failure of the server's
pools per language when Voilà's pool methods change (sheriff/serving/), and the pure wheel (the release's
fallback for every platform without a compiled one).  The compiled wheel, installed into a fresh environment
and served: tests/browser/test_wheel.py."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from jupyter_server.auth import passwd
from voila.voila_kernel_manager import voila_kernel_manager_factory

from sheriff import launch
from sheriff.cli import main
from sheriff.serving import ClassroomKernelManager
from tests.wheels import assert_without_outputs, build_wheel

ROOT = Path(__file__).resolve().parents[1]


def sheriff(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sheriff", *args], capture_output=True, text=True, timeout=60)


def test_version_is_the_package_version():
    done = sheriff("--version")
    assert done.returncode == 0, done.stderr
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert done.stdout.strip() == f"sheriff-tutor {version}"


def test_serve_help_names_its_options_and_how_to_let_a_class_in():
    done = sheriff("serve", "--help")
    assert done.returncode == 0, done.stderr
    for option in ("--port", "--ip", "--token", "--max-kernels", "--lang", "--class", "SHERIFF_TOKEN", "?token="):
        assert option in done.stdout
    assert "default 127.0.0.1" in done.stdout
    assert "serve" in sheriff("--help").stdout  # and the command list names it


def test_serving_beyond_this_computer_needs_a_token(capsys, monkeypatch):
    monkeypatch.delenv(launch.TOKEN_ENV, raising=False)
    assert main(["serve", "--ip", "0.0.0.0", "--port", "1"]) == 2
    assert "--token SECRET" in capsys.readouterr().err
    assert main(["serve", "--Voila.ip=0.0.0.0"]) == 2  # the setting serve owns, given to Voilà directly
    assert "use --ip, --port, --token and --max-kernels" in capsys.readouterr().err
    assert main(["serve", "--ClassroomKernelManager.max_kernels=9"]) == 2
    assert "--max-kernels rather than" in capsys.readouterr().err


@pytest.mark.parametrize(
    "given",
    [
        ["--PasswordIdentityProvider.hashed_password="],  # empty: Voilà would ask nobody for anything
        ["--PasswordIdentityProvider.hashed_password", ""],
        ["--PasswordIdentityProvider.hashed_password=''"],
        ["--PasswordIdentityProvider.hashed_password=secret"],  # the password itself, not its hash
        ["--PasswordIdentityProvider.hashed_password=" + passwd("")],  # the hash of an empty password
    ],
    ids=["empty", "empty-apart", "quotes", "not-a-hash", "hash-of-empty"],
)
def test_a_password_that_lets_anyone_in_is_refused_as_a_missing_token_is(capsys, monkeypatch, given):
    monkeypatch.delenv(launch.TOKEN_ENV, raising=False)
    assert main(["serve", "--ip", "0.0.0.0", "--port", "1", *given]) == 2
    err = capsys.readouterr().err
    assert "needs the hash of a real password" in err and "print(passwd())" in err
    assert main(["serve", "--port", "1", *given]) == 2  # on this computer only too: it is a mistake
    assert "an empty one lets anyone in" in capsys.readouterr().err


def test_a_hashed_password_lets_the_class_in_without_a_token(monkeypatch):
    monkeypatch.delenv(launch.TOKEN_ENV, raising=False)
    commands = []
    monkeypatch.setattr(launch, "_run", lambda cmd, *rest: commands.append(cmd) or 0)
    hashed = passwd("for the class")
    assert not launch.lets_anyone_in(hashed) and not launch.lets_anyone_in(passwd("x", "sha1"))
    assert main(["serve", "--ip", "0.0.0.0", "--port", "1", "--PasswordIdentityProvider.hashed_password", hashed]) == 0
    assert commands[0][-3:-1] == ["--PasswordIdentityProvider.hashed_password", hashed]


def test_the_cap_on_kernels_comes_from_memory_or_the_command(monkeypatch, capsys):
    assert launch.default_max_kernels(4096) == (4096 - 512) // 72 == 49  # 72 MB a kernel, 512 MB kept aside
    assert launch.default_max_kernels(16 * 1024) == 220
    assert launch.default_max_kernels(256) == 1 and launch.default_max_kernels(None) == 0  # unknown: no cap
    commands = []
    monkeypatch.setattr(launch, "_run", lambda cmd, root, env, url, most: commands.append((cmd[-1], most)) or 0)
    monkeypatch.setattr(launch, "memory_mb", lambda: 8192)
    assert main(["serve", "--port", "1"]) == 0
    assert main(["serve", "--port", "1", "--max-kernels", "40"]) == 0
    assert main(["serve", "--port", "1", "--max-kernels", "0"]) == 0
    assert commands == [
        ("--ClassroomKernelManager.max_kernels=106", 106),
        ("--ClassroomKernelManager.max_kernels=40", 40),
        ("--ClassroomKernelManager.max_kernels=0", 0),  # no limit
    ]
    assert main(["serve", "--port", "1", "--max-kernels", "-3"]) == 2
    assert "or 0 for no limit" in capsys.readouterr().err


def test_a_class_gets_a_pool_as_large_as_itself_for_the_page_it_opens(capsys):
    notebooks = launch.served_root() / "notebooks"
    pools = json.loads(launch.class_pools(["05_inspection.ipynb=30", "notebooks/51_class_student=12"], notebooks))
    assert pools == {
        "default": {"pool_size": 1},
        "05_inspection.ipynb": {"pool_size": 30},
        "51_class_student.ipynb": {"pool_size": 12},
    }
    for bad, said in (("05_inspection.ipynb=0", "class size"), ("05_inspection.ipynb", "class size"),
                      ("99_nothing.ipynb=3", "no page 99_nothing.ipynb")):  # fmt: skip
        assert main(["serve", "--class", bad, "--port", "1"]) == 2
        assert said in capsys.readouterr().err
    assert main(["serve", "--class", "05_inspection.ipynb=3", "--VoilaKernelManager.kernel_pools_config={}"]) == 2
    assert "not both" in capsys.readouterr().err


def test_the_server_command_reads_the_package_s_pages_settings_and_template(monkeypatch):
    monkeypatch.setattr(launch.i18n, "get_language", lambda: "uk")
    root = launch.served_root()
    assert (root / "voila.json").is_file() and (root / "notebooks" / launch.HOME_PAGE).is_file()
    assert (root / "share/jupyter/voila/templates/sheriff/index.html.j2").is_file()
    private = launch.private_config("s3cret")
    try:
        cmd = launch.voila_command(root, 8866, "127.0.0.1", ["--VoilaKernelManager.fill_delay=120"], private)
        assert json.loads((private / "voila.json").read_text()) == {"Voila": {"token": "s3cret"}}
        assert (private.stat().st_mode & 0o077) == 0  # nobody else reads the token
    finally:
        shutil.rmtree(private)
    assert cmd[1:4] == ["-m", "voila", str(root / "notebooks")]
    paths = [a.split("=", 1)[1] for a in cmd if a.startswith("--Voila.config_file_paths=")]
    assert paths[:2] == [str(private), str(root)]  # the token's config first, then the package's voila.json
    assert not any("s3cret" in a for a in cmd)  # never on the command line (the process list)
    assert cmd[-1] == "--VoilaKernelManager.fill_delay=120"
    assert launch.address("127.0.0.1", 8866, None) == "http://127.0.0.1:8866/voila/render/00_home.ipynb?lang=uk"
    assert launch.is_loopback("::1") and not launch.is_loopback("0.0.0.0") and not launch.is_loopback("school")


def test_the_server_and_its_kernels_may_cache_bytecode(monkeypatch):
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.setenv("JUPYTER_PATH", "/elsewhere")
    root = launch.served_root()
    env = launch.server_env(root)
    assert "PYTHONDONTWRITEBYTECODE" not in env
    assert env["JUPYTER_PATH"].split(os.pathsep) == [str(root / "share" / "jupyter"), "/elsewhere"]


def test_the_pool_hook_accepts_this_voila_with_and_without_preheating():
    pooled = voila_kernel_manager_factory(ClassroomKernelManager, True, 1)
    assert pooled.fill_if_needed is ClassroomKernelManager._fill_in_language
    voila_kernel_manager_factory(ClassroomKernelManager, False, 1)  # no pools: nothing to wrap, no error


def test_the_pool_hook_fails_loudly_when_voila_s_pool_methods_change():
    with pytest.raises(RuntimeError, match=r"fill_if_needed\(delay, notebook_name, kwargs\).*voila>=0\.5,<0\.6"):

        class VoilaKernelManager(ClassroomKernelManager):  # Voilà's pooling manager, one parameter less
            __module__ = "voila.voila_kernel_manager"

            async def get_rendered_notebook(self, notebook_name, extra_kernel_env_variables=None, **kwargs): ...

            def fill_if_needed(self, delay=None, notebook_name=None, **kwargs): ...

    with pytest.raises(RuntimeError, match=r"get_rendered_notebook is missing"):

        class RenamedVoilaKernelManager(ClassroomKernelManager):  # a rename upstream
            __module__ = "voila.voila_kernel_manager"

            async def get_rendered_notebook_for(self, notebook_name, **kwargs): ...


@pytest.mark.slow
def test_the_pure_wheel_fits_every_platform_and_carries_its_pages_without_outputs(tmp_path):
    wheel = build_wheel(tmp_path, compiled=False)  # SHERIFF_PURE=1, as the release builds it
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert wheel.name == f"sheriff_tutor-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as whl:
        names = whl.namelist()
    assert not [n for n in names if n.endswith((".so", ".pyd")) or n.endswith("compiled.json")]
    assert "sheriff/engine.py" in names and "sheriff/served/voila.json" in names
    with zipfile.ZipFile(wheel) as whl:  # the server's kernel provisioner, which its voila.json chooses
        entry_points = whl.read(f"sheriff_tutor-{version}.dist-info/entry_points.txt").decode()
    assert (
        "[jupyter_client.kernel_provisioners]\nsheriff-fork = sheriff.serving.forking:ForkProvisioner" in entry_points
    )
    assert_without_outputs(wheel)
    pages = [json.loads(p.read_text()) for p in (ROOT / "notebooks").glob("*.ipynb")]
    assert sum(bool(cell.get("outputs")) for nb in pages for cell in nb["cells"]) > 20  # the tree keeps them
