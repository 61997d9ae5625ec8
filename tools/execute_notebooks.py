"""Re-execute the lesson notebooks in place, reproducibly.

    .venv/bin/python tools/execute_notebooks.py              # every notebooks/**/*.ipynb
    .venv/bin/python tools/execute_notebooks.py notebooks/02_market.ipynb benchmarks/baseline_one_button.ipynb

Runs each notebook top to bottom with the ``python3`` kernel of the interpreter running
this script (re-launched under ``.venv/bin/python`` if needed), with PYTHONHASHSEED=0, in
the notebook's folder.  Then it removes what changes from run to run without meaning
anything, so re-running an unchanged notebook leaves ``git diff`` empty:

* per-cell execution timings (``metadata.execution``) are not recorded;
* ipywidgets' random model ids (in widget-view outputs and in the saved widget state,
  ``metadata.widgets``) are renamed to ids derived from the notebook's path and the order
  the widgets were created in, so the saved state stays usable (JupyterLab and nbviewer
  can still show the widgets) but is stable.
"""

from __future__ import annotations

import json
import os
import re
import sys
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV_PY = ROOT / ".venv" / "bin" / "python"
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
ID_NAMESPACE = uuid.UUID("5f1e7a52-6b53-4c1e-9b8e-5e1e6f0a7c11")  # fixed, arbitrary


def stable_widget_ids(nb, key: str) -> None:
    """Rename widget model ids in order of first appearance (outputs, then saved state in
    creation order: nbclient keeps the kernel's comm_open order until the file is written)."""
    ids: list[str] = []
    for cell in nb.cells:
        for out in cell.get("outputs", []):
            view = out.get("data", {}).get(WIDGET_VIEW)
            if view and view.get("model_id") not in ids:
                ids.append(view["model_id"])
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    ids += [i for i in state if i not in ids]
    if not ids:
        return
    new = {old: uuid.uuid5(ID_NAMESPACE, f"{key}#{n}").hex for n, old in enumerate(ids)}
    pattern = re.compile("|".join(map(re.escape, new)))
    text = pattern.sub(lambda m: new[m.group(0)], json.dumps(nb))
    fixed = json.loads(text)
    nb.clear()
    nb.update(fixed)


def execute(path: Path) -> None:
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    client = NotebookClient(
        nb,
        kernel_name="python3",
        timeout=600,
        record_timing=False,  # no metadata.execution timestamps
        store_widget_state=True,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    stable_widget_ids(nb, path.resolve().relative_to(ROOT).as_posix())
    nb = nbformat.from_dict(nb)
    nbformat.validate(nb)
    nbformat.write(nb, path)


def main(argv: list[str]) -> int:
    if VENV_PY.exists() and Path(sys.prefix).resolve() != (ROOT / ".venv").resolve():
        os.execv(str(VENV_PY), [str(VENV_PY), __file__, *argv])  # the project's kernel
    os.environ["PYTHONHASHSEED"] = "0"  # inherited by the kernel
    paths = [Path(a) for a in argv] or sorted((ROOT / "notebooks").rglob("*.ipynb"))
    paths = [p for p in paths if ".ipynb_checkpoints" not in p.parts]
    for path in paths:
        print(f"executing {path.resolve().relative_to(ROOT)}", flush=True)
        execute(path.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
