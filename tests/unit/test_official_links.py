"""The official-page map: one entry per object of topics.yaml, derived by scripts/official_links.py."""

import pytest
from sphinx.errors import ExtensionError

import official_links
from torchref.official import official_links as load_map, official_url

BASE = "https://docs.pytorch.org/docs/stable/"


def test_every_object_in_scope_has_an_official_page():
    links = load_map()
    missing = [name for name in official_links.scope() if name not in links]
    assert not missing
    assert len(official_links.scope()) == 935


def test_every_tensor_method_of_the_class_reference_has_its_page():
    # the method forms that torchref/methodforms.py adds to function entries link there
    links = load_map()
    assert links["torch.Tensor.eq_"] == "generated/torch.Tensor.eq_.html"
    assert all(f"torch.{name}" in links for name in official_links.TENSOR_CLASS_REFERENCE[-1])


def test_the_map_is_what_the_script_derives_from_the_listings():
    assert official_links.main(["--check"]) == 0


def test_own_pages_and_anchors_on_a_parent_page():
    assert official_url(BASE, "torch.reshape") == BASE + "generated/torch.reshape.html"
    assert official_url(BASE, "torch.dtype") == BASE + "tensor_attributes.html#torch.dtype"
    assert official_url(BASE, "torch.Generator.manual_seed") == (
        BASE + "generated/torch.Generator.html#torch.Generator.manual_seed")
    assert official_url(BASE, "torch.default_generator") == BASE + "torch.html#random-sampling"
    assert official_url(BASE, "torch.Tensor.T") == BASE + "tensors.html#torch.Tensor.T"
    assert official_url(BASE, "torch.set_grad_enabled") == (
        BASE + "generated/torch.autograd.grad_mode.set_grad_enabled.html")
    assert official_url(BASE, "torch.float32") == BASE + "tensor_attributes.html#dtype-doc"
    assert official_url(BASE, "torch.channels_last") == BASE + "tensor_attributes.html#torch-memory-format"
    assert official_url(BASE, "torch.Tensor.float") == BASE + "generated/torch.Tensor.float.html"
    assert official_url(BASE, "torch.Tensor.layout") == BASE + "tensor_attributes.html#layout-doc"
    assert official_url(BASE, "torch.Size") == BASE + "size.html#torch.Size"
    assert official_url(BASE, "torch.distributed.all_reduce") == (
        BASE + "distributed.html#torch.distributed.all_reduce")
    assert official_url(BASE, "torch.distributed.tensor.Shard") == (
        BASE + "distributed.tensor.html#torch.distributed.tensor.placement_types.Shard")
    assert official_url(BASE, "torch.distributions.Normal") == (
        BASE + "distributions.html#torch.distributions.normal.Normal")
    assert official_url(BASE, "torch.nn.Module.training") == (
        BASE + "generated/torch.nn.Module.html#torch.nn.Module")
    assert official_url(BASE, "torch.optim.Optimizer.param_groups") == (
        BASE + "optim.html#torch.optim.Optimizer")
    assert official_url(BASE, "torch.nn.Embedding.from_pretrained") == (
        BASE + "generated/torch.nn.Embedding.html#torch.nn.Embedding.from_pretrained")
    assert official_url(BASE, "torch.cuda.Stream") == BASE + "generated/torch.cuda.Stream_class.html"
    assert official_url(BASE, "torch.cuda.stream") == BASE + "generated/torch.cuda.stream_function.html"


def test_an_object_missing_from_the_map_fails_naming_it():
    with pytest.raises(ExtensionError, match="torch.not_in_scope"):
        official_url(BASE, "torch.not_in_scope")


def test_the_urls_are_relative_paths_to_html_pages():
    for name, url in load_map().items():
        assert not url.startswith(("/", "http")), name
        assert url.split("#")[0].endswith(".html"), name
