"""The benchmarks' local server: gzip as static hosts serve it, and folders mounted beside the site."""

import gzip
import urllib.request

from local_site import serve


def fetch(url, encoding=None):
    request = urllib.request.Request(url, headers={"Accept-Encoding": encoding} if encoding else {})
    with urllib.request.urlopen(request) as response:
        return response.headers.get("Content-Encoding"), response.read()


def test_text_is_gzipped_when_the_browser_accepts_it(tmp_path):
    page = "<!doctype html><title>x</title>" + "stride " * 500
    (tmp_path / "page.html").write_text(page, encoding="utf-8")
    (tmp_path / "figure.png").write_bytes(b"\x89PNG" + bytes(100))
    with serve(tmp_path, compress=True) as base:
        encoding, body = fetch(f"{base}/page.html", "gzip, br")
        assert encoding == "gzip" and gzip.decompress(body).decode() == page and len(body) < len(page) / 10
        assert fetch(f"{base}/page.html") == (None, page.encode())  # no Accept-Encoding: as it is
        assert fetch(f"{base}/figure.png", "gzip")[0] is None  # images are compressed already
    with serve(tmp_path) as base:
        assert fetch(f"{base}/page.html", "gzip") == (None, page.encode())


def test_a_mounted_folder_is_served_under_its_prefix(tmp_path):
    site, bundle = tmp_path / "site", tmp_path / "bundle"
    site.mkdir()
    (bundle / "en").mkdir(parents=True)
    (bundle / "en" / "index.js").write_text("ok", encoding="utf-8")
    with serve(site, mounts={"/_bundle/": bundle}) as base:
        assert fetch(f"{base}/_bundle/en/index.js?v=1")[1] == b"ok"
