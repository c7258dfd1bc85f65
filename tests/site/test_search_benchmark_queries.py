"""The search benchmark's query sets expect results the built index has: a renamed anchor fails
here, not minutes into `make search-benchmark`."""

import pytest
import yaml

from helpers import EDITIONS, ROOT, SITE
from search_benchmark import expected_results, index_urls, method_forms, resolve

QUERY_SETS = sorted((ROOT / "benchmarks").glob("search_queries*.yaml"))


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("queries", QUERY_SETS, ids=lambda path: path.name)
def test_every_expected_result_is_in_the_index(edition, queries):
    expected_results(SITE, edition, yaml.safe_load(queries.read_text(encoding="utf-8"))["queries"], queries)


def test_a_missing_result_names_the_query_file(tmp_path):
    meta = {"pages": "tensors/views.html", "counts": [1], "anchors": "torch.Tensor.view", "kinds": "a",
            "titleTerms": "3", "homes": {}}
    assert resolve(["torch.Tensor.view"], index_urls(meta)) == ["tensors/views.html#torch.Tensor.view"]
    with pytest.raises(SystemExit, match="held.yaml: expected result 'torch.nope' is not in the index"):
        resolve(["torch.nope"], index_urls(meta), tmp_path / "held.yaml")


def test_a_method_form_counts_as_its_functions_entry():
    forms = method_forms(SITE, "en")
    assert forms["tensors/views.html#torch.Tensor.permute"] == "tensors/views.html#torch.permute"
    assert "tensors/views.html#torch.Tensor.view" not in forms  # an entry of its own
