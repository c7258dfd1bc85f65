"""Every "official documentation" link on the site is the map's URL for its object."""

from helpers import SITE, pages, parse
from conf import torchref_official_docs as BASE
from torchref.official import official_links


def test_every_official_link_is_the_mapped_url(edition):
    links = official_links()
    seen = 0
    for page in pages(edition):
        for anchor in (a for box in parse(SITE / edition / page).find_all(class_="official-docs")
                       for a in box.find_all("a", class_="external")):
            name = anchor.get_text(strip=True)
            assert name in links, f"{page}: official link for {name!r}, which the map does not know"
            assert anchor["href"] == BASE + links[name], f"{page}: {name}"
            seen += 1
    assert seen > 100
