"""The public torch names the search knows, and the official page of each (torchref/search/torch_names.py)."""

import pytest

import official_links as derived
from torchref.official import official_links
from torchref.search.index import API_SHARDS, undocumented_names
from torchref.search.text import fnv1a
from torchref.search.torch_names import RULE_AGREEMENT, category, module_rules, official_page, page_kind, torch_api_names


@pytest.fixture(scope="module")
def names():
    return torch_api_names()


def test_a_rule_is_learnt_from_the_map_where_a_module_agrees():
    links = {"m.a": "generated/m.a.html", "m.b": "generated/m.b.html", "m.c": "generated/m.c.html",
             "m.K": "k.html#m.K",
             "p.a": "p.html#p.a", "p.b": "p.html#p.b", "p.c": "p.html#p.c",
             "q.a": "generated/q.a.html", "q.b": "q.html#q.b", "q.c": "other.html#section"}
    categories = {name: "callable" for name in links} | {"m.K": "class"}
    rules = module_rules(links, categories)
    # q's three names are listed three ways: no rule; m's class has too little evidence
    assert rules == {("m", "callable"): "generated", ("p", "callable"): "p.html"}
    categories.update({"m.d": "callable", "p.d": "callable", "q.d": "callable", "m.L": "class"})
    assert official_page("m.d", links, rules, categories) == "generated/m.d.html"
    assert official_page("p.d", links, rules, categories) == "p.html#p.d"
    assert official_page("q.d", links, rules, categories) == ""  # the reader gets the official search
    assert official_page("m.L", links, rules, categories) == ""
    assert official_page("q.c", links, rules, categories) == "other.html#section"  # the map wins


def test_the_rules_reproduce_the_map_they_are_learnt_from(names):
    # how well each module's way of listing holds for the names derived from PyTorch's sources
    links = official_links()
    categories = {name: category(name) for name in links}
    for (module, listed), kind in module_rules(links, categories).items():
        mapped = [name for name in links if name.rpartition(".")[0] == module and categories[name] == listed]
        agreeing = [name for name in mapped if page_kind(name, links[name]) == kind]
        print(f"{module} ({listed}): {kind}, {len(agreeing)} of {len(mapped)} mapped names")
        assert len(agreeing) >= RULE_AGREEMENT * len(mapped)


def test_the_installed_torch_is_listed_with_pages(names):
    assert set(derived.scope()) <= set(names)
    assert names["torch.nn.GaussianNLLLoss"] == "generated/torch.nn.GaussianNLLLoss.html"
    assert names["torch.Tensor.storage"] == "generated/torch.Tensor.storage.html"
    assert names["torch.nn.init.orthogonal_"] == "nn.init.html#torch.nn.init.orthogonal_"
    assert names["torch.special.erfcx"] == ""  # PyTorch's listing of torch.special is not in the map
    assert "torch.unsqeeze" not in names  # a typo is no name: the search corrects it
    assert "torch.fft.Tensor" not in names  # torch.Tensor, imported into torch.fft
    assert "torch.nn.functional.Optional" not in names  # typing's, imported into it


def test_the_index_keeps_the_names_without_an_entry_by_their_last_part():
    files = undocumented_names({"torch.nn.LSTM": "generated/torch.nn.LSTM.html", "torch.cat": "generated/torch.cat.html"},
                               documented={"torch.cat"})
    assert len(files) == API_SHARDS
    assert files[f"api/{fnv1a('lstm') % API_SHARDS}.json"] == {"torch.nn.LSTM": "generated/torch.nn.LSTM.html"}
    assert not any("torch.cat" in names for names in files.values())
