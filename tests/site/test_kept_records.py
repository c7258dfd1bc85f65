"""Outputs of runners other than the CPU come from real CUDA records, and the kept ones are all shown.

Checked both ways, so that a page showing an output no CUDA record holds fails as surely as a kept
record that no page shows (or one in an old format, silently dropped)."""

from functools import lru_cache

from helpers import ROOT, SITE, pages, parse
from torchref.cells import records_on
from torchref.records import Gallery, Record

GALLERY = Gallery.of_project(ROOT)
CPU = "cpu"


def kept_records():
    """``[(path, record or None)]`` of every file under records/<runner>/."""
    return [(path, Record.from_json(path.read_text(encoding="utf-8")))
            for path in sorted(GALLERY.kept_root.glob("*/**/*.json"))]


@lru_cache(maxsize=None)
def shown(edition):
    """``{(runner, source): [(printed text, torch), ...]}`` of the embedded cells' outputs, and
    ``("out of date", None)`` for each out-of-date notice, on every page (a gallery page's own outputs
    are the executing runner's whole blocks, not cells: left out)."""
    found = {}
    for page in pages(edition):
        # find_all, not a CSS selector: a fifth of the time on a large page
        for node in parse(SITE / edition / page).find_all(class_=["executed-output", "out-of-date"]):
            if "out-of-date" in node["class"]:
                entry = ("out of date", None)
            elif "gallery-output" in node["class"]:
                continue
            else:
                pre = node.select_one("pre")
                entry = (pre.get_text().strip("\n") if pre else "", node["data-torch"])
            found.setdefault((node["data-runner"], node["data-source"]), []).append(entry)
    return found


def test_kept_records_are_cuda_records_of_scripts_that_declare_cuda():
    for path, record in kept_records():
        name = path.relative_to(GALLERY.kept_root)
        assert record is not None, f"records/{name} is in an older record format: run make gpu-records"
        script = GALLERY.by_source.get(record.source)
        assert script is not None, f"records/{name}: {record.source} is gone (make gpu-records removes it)"
        assert path == GALLERY.kept_path(record.runner_name, script), f"records/{name} is not where it belongs"
        assert record.runner["id"] == "cuda" and record.runner.get("cuda") and record.runner.get("device"), name
        assert not record.not_executed, name
        assert records_on(script.path, "cuda"), f"{record.source} declares neither 'requires: cuda' nor 'also-on: cuda'"


def test_outputs_of_other_runners_come_from_current_cuda_records(edition):
    for (runner, source), outputs in shown(edition).items():
        if runner == CPU:
            continue
        runs = {r.runner_name: (r, current) for r, current in GALLERY.records_of(GALLERY.by_source[source])}
        assert runner in runs, f"{edition}: an output of {source} on {runner!r} that no record holds"
        record, current = runs[runner]
        assert record.runner["id"] == "cuda", f"{edition}: {source} on {runner!r} is stamped {record.runner['id']!r}"
        printed = {c.output for c in record.cells}
        for text, torch in outputs:
            if text == "out of date":
                assert not current, f"{edition}: {source} on {runner!r} is called out of date but is current"
            else:
                assert current and torch == record.runner["torch"], f"{edition}: {source} on {runner!r}"
                assert text in printed, f"{edition}: {source} on {runner!r} shows what its record does not hold"


def test_every_kept_record_is_on_the_site(edition):
    for path, record in kept_records():
        if record is None or record.source not in GALLERY.by_source:
            continue  # said by the test above
        outputs = shown(edition).get((record.runner_name, record.source), [])
        if not record.matches(GALLERY.by_source[record.source].md5()):
            assert ("out of date", None) in outputs, f"{edition}: no page says the kept {record.source} is out of date"
            continue
        texts = {text for text, _ in outputs}
        for cell in record.cells:
            if cell.output:
                assert cell.output in texts, f"{edition}: cell {cell.lineno} of {record.source} on {record.runner_name}"
