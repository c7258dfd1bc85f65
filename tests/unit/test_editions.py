from torchref.editions import edition_href


def test_switch_goes_to_the_same_page_of_the_other_edition():
    assert edition_href("tensors/views", "zh_CN") == "../../zh_CN/tensors/views.html"
    assert edition_href("index", "en") == "../en/index.html"


def test_alternates_are_absolute_under_the_site_url():
    url = "https://example.org/ref/"
    assert edition_href("tensors/views", "zh_CN", url) == "https://example.org/ref/zh_CN/tensors/views.html"

