from types import SimpleNamespace

from torchref.editions import edition_href
from torchref.official import official_url


def test_switch_goes_to_the_same_page_of_the_other_edition():
    config = SimpleNamespace(html_baseurl="")
    assert edition_href(config, "tensors/views", "en", "zh_CN") == "../../zh_CN/tensors/views.html"
    assert edition_href(config, "index", "zh_CN", "en") == "../en/index.html"


def test_switch_is_absolute_under_a_base_url():
    config = SimpleNamespace(html_baseurl="https://example.org/ref/")
    assert edition_href(config, "tensors/views", "en", "zh_CN") == "https://example.org/ref/zh_CN/tensors/views.html"


def test_official_pages():
    base = "https://docs.pytorch.org/docs/stable/"
    assert official_url(base, "torch.reshape") == base + "generated/torch.reshape.html"
    assert official_url(base, "torch.dtype") == base + "tensor_attributes.html#torch.dtype"
