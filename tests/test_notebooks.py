"""The notebooks under notebooks/ run top to bottom on CPU (a fresh kernel each, from the repository
root, as a reader would run them); every cell's own asserts hold."""

import pathlib

import nbclient
import nbformat
import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def test_there_are_notebooks():
  assert {p.name for p in NOTEBOOKS} >= {"gemm_reduce_scatter.ipynb",
                                          "attention_and_moe_on_h200.ipynb"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs(path):
  nb = nbformat.read(path, as_version=4)
  client = nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                                   resources={"metadata": {"path": str(ROOT)}})
  client.execute()     # raises CellExecutionError, naming the cell, on any error
  errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
            if o.get("output_type") == "error"]
  assert not errors
  images = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
            if "image/png" in o.get("data", {})]
  assert images, "each notebook draws its measured comparison"
