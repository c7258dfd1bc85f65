"""The offline archive made again from the last one: only changed files are compressed anew, and the
archive holds exactly the edition's files, readable by zipfile and by another reader (Python's zipimport)."""

import zipfile
import zipimport

from torchref.offline import write_offline_archive
from torchref.site import publish

TOP = "pytorch-api-reference-en"


def contents(archive):
    with zipfile.ZipFile(archive) as zipped:
        assert zipped.testzip() is None  # every member's CRC-32 checked
        return {info.filename: zipped.read(info) for info in zipped.infolist()}


def edition_files(edition):
    return {f"{TOP}/{path.relative_to(edition).as_posix()}": path.read_bytes()
            for path in edition.rglob("*") if path.is_file() and "_offline" not in path.parts}


def test_an_edit_compresses_only_the_changed_files_and_the_archive_holds_the_edition(tmp_path):
    html, site = tmp_path / "html", tmp_path / "site"
    edition = html / "en"
    for number in range(40):
        page = edition / f"pages/page{number}.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(f"<p>page {number}</p>" * 200)
    (edition / "helper.py").write_text("def answer():\n    return 42\n")
    assert write_offline_archive(html, site, "en") == 41
    publish(html, site)
    assert write_offline_archive(html, site, "en") is None  # nothing changed since it was published

    (edition / "pages/page3.html").write_text("<p>edited</p>")
    (edition / "pages/page7.html").unlink()
    (edition / "pages/new.html").write_text("<p>new</p>")
    (edition / "pages/page9.html").touch()  # rewritten with the same bytes: reused
    assert write_offline_archive(html, site, "en") == 2
    archive = next((edition / "_offline").glob("*.zip"))
    found = contents(archive)
    assert found.pop(f"{TOP}/README.txt").startswith(b"PyTorch API Reference (English)")
    assert found == edition_files(edition)
    assert not list((edition / "_offline").glob("*.partial"))
    # another reader, which finds a member's data from its local header: the reused members' are right
    reader = zipimport.zipimporter(str(archive))
    assert reader.get_data(f"{TOP}/pages/page9.html") == (edition / "pages/page9.html").read_bytes()
    assert reader.get_data(f"{TOP}/helper.py") == b"def answer():\n    return 42\n"


def test_an_unreadable_last_archive_is_made_again_from_the_files(tmp_path):
    html, site = tmp_path / "html", tmp_path / "site"
    edition = html / "en"
    edition.mkdir(parents=True)
    (edition / "index.html").write_text("<p>home</p>")
    (edition / "_offline").mkdir()
    (edition / "_offline" / f"{TOP}.zip").write_bytes(b"not a zip")
    assert write_offline_archive(html, site, "en") == 1
    assert contents(edition / "_offline" / f"{TOP}.zip")[f"{TOP}/index.html"] == b"<p>home</p>"
