"""Search benchmark: ranking quality, latency and bytes per cold query, in headless Chromium.

Runs every query of ``benchmarks/search_queries.yaml`` against both editions of
the built site (``make site`` first), each in a fresh browser context so every
query is cold, and prints per edition and per query kind:

- MRR@10: mean reciprocal rank of the first relevant result within the top 10;
- R@5: recall at 5, the share of a query's relevant results found in its top 5;
- S@1: share of queries whose first result is relevant (the target for exact API names is 1.0);
- latency from the query to rendered results (median, p95), measured in the page, cold and warm
  (the same query again in the same page: the index parts it needs are loaded);
- requests and bytes (uncompressed) of search code and index per cold query (median, p95, max).

Side by side, the same queries run through Pagefind (``pagefind[extended]``, a benchmark-only
dependency: ``benchmarks/requirements.txt``) on the same built pages, through its JS API in the
same Chromium session, each query cold too; one table prints both engines' figures. Pagefind
answers with pages and their headings, not API entries, so the table also gives MRR@10 counted
by page (a hit on the right page counts, whatever its anchor) for both engines.

``--check`` exits non-zero when an edition misses a target (this site's engine only): the
ranking targets hold overall and in every query kind.
"""

import argparse
import contextlib
import functools
import json
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from urllib.parse import quote, urlsplit

import yaml
from bs4 import BeautifulSoup
from playwright.sync_api import sync_playwright

from local_site import launch_chromium, serve

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from torchref.search.index import table_rows  # noqa: E402

QUERIES = ROOT / "benchmarks" / "search_queries.yaml"
# (column, the target, "min" when a figure must reach it or "max" when it must not pass it)
TARGETS = [("MRR@10", 0.95, "min"), ("R@5", 0.98, "min"), ("median req", 6, "max"), ("p95 req", 10, "max"),
           ("p95 KB", 150, "max"), ("p95 warm ms", 50, "max")]
RANKING_TARGETS = ("MRR@10", "R@5")  # in every kind too
EXACT_NAMES_FIRST = 1.0  # S@1 of the api-exact kind
OFFICIAL = "https://docs.pytorch.org/docs/stable/"  # conf.py's torchref_official_docs
SEARCH_ASSETS = ("/_search/",)  # the search page's script (with the index's table) is _search/search.js
PAGEFIND_DIR = ROOT / "_build" / "pagefind"  # outside the site: never published
PAGEFIND_MOUNT = "/_pagefind/"
# Pagefind set up as a maintainer of this site would: the article only (not the navigation), without
# the executed outputs and code that this site's index leaves out too, nor the general index's table;
# "." and "_" kept in words. (Sphinx puts a section's id on <section>, not on its heading, so
# Pagefind finds no sub-results to link: its hits are pages.)
PAGEFIND_OPTIONS = ["--root-selector", "article.bd-article",
                    "--exclude-selectors", ".executed-output, div.highlight, a.headerlink, table.indextable",
                    "--include-characters", "._"]
PAGEFIND_QUERY = """async ([bundle, query]) => {
  const started = performance.now();
  const pagefind = await import(bundle + "pagefind.js");
  await pagefind.options({ baseUrl: "/" });
  const search = await pagefind.search(query);
  const pages = await Promise.all(search.results.slice(0, 10).map((result) => result.data()));
  // a page's headings that matched, the most matches first, then the page itself
  const urls = pages.flatMap((page) => [...(page.sub_results || [])]
    .sort((a, b) => (b.locations || []).length - (a.locations || []).length).map((sub) => sub.url).concat(page.url));
  return { urls, ms: performance.now() - started };
}"""


def index_urls(meta):
    """``{api name: url}`` and the set of every URL in an edition's search index (an API entry's
    anchor is its name)."""
    urls = {page + (f"#{anchor}" if anchor else ""): (anchor, kind)
            for page, anchor, kind, *_ in table_rows(meta)}
    return {anchor: url for url, (anchor, kind) in urls.items() if kind == "a"}, set(urls)


@functools.lru_cache(maxsize=None)
def method_forms(site, edition):
    """``{URL of a Tensor method's signature: URL of its entry}`` for the method forms that share a
    function's entry (``<dt class="method-form">``, torchref/methodforms.py): one entry, so a hit on
    either anchor is a hit on it (``x.permute(0, 2, 1)`` answered at ``#torch.Tensor.permute``)."""
    names, _urls = index_urls(json.loads((site / edition / "_search" / "meta.json").read_text(encoding="utf-8")))
    pages = {url.split("#")[0] for name, url in names.items() if name.startswith("torch.Tensor.")}
    forms = {}
    for page in sorted(pages):
        html = BeautifulSoup((site / edition / page).read_text(encoding="utf-8"), "html.parser")
        for form in html.select("dt.method-form[id]"):
            forms[f"{page}#{form['id']}"] = f"{page}#{form.parent.find('dt')['id']}"
    return forms


def official_pages(search_dir):
    """``{torch name: official URL}`` of the names the reference has no entry for (index.py's api files;
    "" where the official search stands in for the page)."""
    return {name: OFFICIAL + page if page else f"{OFFICIAL}search.html?q={quote(name)}"
            for path in sorted((search_dir / "api").glob("*.json"))
            for name, page in json.loads(path.read_text(encoding="utf-8")).items()}


def resolve(expect, index, source=QUERIES, missing=None):
    """Turn an API name into its entry's URL and ``official:NAME`` into the official page the search
    offers for a name it has no entry for; page paths stay as they are. ``index``: index_urls()."""
    names, urls = index
    resolved = []
    for item in expect:
        if item.startswith("official:"):
            name = item.removeprefix("official:")
            if name not in (missing or {}):
                raise SystemExit(f"{source}: {name} has an entry now (or is no torch name): expect the entry")
            resolved.append(missing[name])
            continue
        url = names.get(item, item)
        if url not in urls:
            raise SystemExit(f"{source}: expected result {item!r} is not in the index")
        resolved.append(url)
    return resolved


def expected_results(site, edition, queries, source=QUERIES):
    """Each query's relevant URLs in an edition's built index (resolve), checked before a long run, and
    the method forms' URLs as their entries' (method_forms)."""
    index = index_urls(json.loads((site / edition / "_search" / "meta.json").read_text(encoding="utf-8")))
    missing = official_pages(site / edition / "_search")
    same_entry = method_forms(site, edition)
    return [list(dict.fromkeys(same_entry.get(url, url) for url in resolve(query["expect"], index, source, missing)))
            for query in queries], same_entry


def transfer(requests, assets):
    """``{path: bytes}`` (headers and uncompressed body) of the requests that fetched search assets:
    the JSON file lists them per query, to tell which files a query's bytes went to."""
    return {urlsplit(r.url).path: r.sizes()["responseBodySize"] + r.sizes()["responseHeadersSize"]
            for r in requests if any(asset in r.url for asset in assets)}


@contextlib.contextmanager
def cold_tab(browser):
    """A page in a fresh browser context (nothing cached) and the requests it has finished."""
    context = browser.new_context()
    page = context.new_page()
    finished = []
    page.on("requestfinished", lambda request: finished.append(request))
    try:
        yield page, finished
    finally:
        context.close()


WARM_QUERY = """async () => {
  await TorchrefSearch.run();
  return parseFloat(document.getElementById("search-results").dataset.ms);
}"""


def run_query(browser, base, edition, query):
    with cold_tab(browser) as (page, finished):
        page.goto(f"{base}/{edition}/search.html?q={quote(query)}")
        page.wait_for_selector("#search-results[data-status=done], #search-results[data-status=error]")
        hrefs = page.eval_on_selector_all("#search-results a[href]", "links => links.map(a => a.getAttribute('href'))")
        milliseconds = float(page.get_attribute("#search-results", "data-ms") or "nan")
        files = transfer(finished, SEARCH_ASSETS)
        warm = page.evaluate(WARM_QUERY)
    return hrefs, milliseconds, files, warm


def index_with_pagefind(site, edition):
    """Pagefind's bundle of one edition's built pages, in _build/pagefind/<edition>/."""
    out = PAGEFIND_DIR / edition
    subprocess.run([sys.executable, "-m", "pagefind", "--site", str(site / edition), "--output-path", str(out),
                    "--quiet", *PAGEFIND_OPTIONS], check=True)


def pagefind_query(browser, base, edition, query):
    """Pagefind's top ten pages for ``query``, as hrefs relative to the edition (like this site's)."""
    with cold_tab(browser) as (page, finished):
        page.goto(f"{base}/{edition}/genindex.html")  # any page of the edition: Pagefind reads its lang
        found = page.evaluate(PAGEFIND_QUERY, [f"{PAGEFIND_MOUNT}{edition}/", query])
        files = transfer(finished, (PAGEFIND_MOUNT,))
    hrefs = [url.lstrip("/") + ("index.html" if url.endswith("/") else "") for url in found["urls"]]
    return list(dict.fromkeys(hrefs)), found["ms"], files, float("nan")


def scores(hits, relevant):
    first = next((rank for rank, hit in enumerate(hits[:10], 1) if hit in relevant), None)
    pages = list(dict.fromkeys(hit.split("#")[0] for hit in hits))
    first_page = next((rank for rank, page in enumerate(pages[:10], 1)
                       if page in {url.split("#")[0] for url in relevant}), None)
    return {
        "rr": 1 / first if first else 0.0,
        "recall5": len(set(hits[:5]) & set(relevant)) / min(len(relevant), 5),
        "success1": 1.0 if hits[:1] and hits[0] in relevant else 0.0,
        "page rr": 1 / first_page if first_page else 0.0,
    }


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def summarise(rows):
    return {
        "n": len(rows),
        "MRR@10": statistics.mean(r["rr"] for r in rows),
        "R@5": statistics.mean(r["recall5"] for r in rows),
        "S@1": statistics.mean(r["success1"] for r in rows),
        "page MRR": statistics.mean(r["page rr"] for r in rows),
        "median ms": statistics.median(r["ms"] for r in rows),
        "p95 ms": percentile([r["ms"] for r in rows], 0.95),
        "p95 warm ms": percentile([r["warm"] for r in rows], 0.95),
        "median req": statistics.median(r["requests"] for r in rows),
        "p95 req": percentile([r["requests"] for r in rows], 0.95),
        "median KB": statistics.median(r["bytes"] for r in rows) / 1024,
        "p95 KB": percentile([r["bytes"] for r in rows], 0.95) / 1024,
        "max KB": max(r["bytes"] for r in rows) / 1024,
    }


def print_table(title, first_column, groups, columns):
    print(f"\n{title}")
    print(f"{first_column:18}" + "".join(f"{c:>12}" for c in columns))
    for name, summary in groups.items():
        cells = "".join(f"{summary[c]:>12d}" if c == "n" else f"{summary[c]:>12.2f}" for c in columns)
        print(f"{name:18}{cells}")


KIND_COLUMNS = ["n", "MRR@10", "R@5", "S@1", "median ms", "p95 ms", "p95 warm ms", "median req", "p95 req",
                "median KB", "p95 KB", "max KB"]
ENGINE_COLUMNS = ["n", "MRR@10", "R@5", "S@1", "page MRR", "median ms", "median req", "p95 req",
                  "median KB", "p95 KB"]


def misses(groups):
    """The targets an edition's figures miss, as readable strings."""
    failed = []
    for column, target, sense in TARGETS:
        for kind, summary in groups.items():
            if kind != "all" and column not in RANKING_TARGETS:
                continue
            figure = summary[column]
            if figure < target if sense == "min" else figure > target:
                failed.append(f"{column} {figure:.3g}" + ("" if kind == "all" else f" ({kind})"))
    if "api-exact" in groups and groups["api-exact"]["S@1"] < EXACT_NAMES_FIRST:
        failed.append(f"S@1 on exact API names {groups['api-exact']['S@1']:.3f}")
    return failed


def evaluate(queries, expected, ask, verbose=None, same_entry=None):
    """Every query through ``ask(query) -> (hits, ms, {file: bytes}, warm ms)``, ``expected`` its relevant URLs
    (resolve): figures overall, per kind and, where queries say whether their misses were read while
    tuning (``seen``), for those read and unseen."""
    rows = []
    for query, relevant in zip(queries, expected):
        hits, ms, files, warm = ask(query["q"])
        hits = list(dict.fromkeys((same_entry or {}).get(hit, hit) for hit in hits))
        rows.append({**query, "hits": hits[:10], "ms": ms, "warm": warm, "bytes": sum(files.values()),
                     "requests": len(files), "files": files,
                     **scores(hits, relevant)})
        if verbose and rows[-1]["recall5"] < 1:
            print(f"  {verbose} {query['q']!r}: expected {relevant}, got {hits[:5]}")
    by_kind = defaultdict(list)
    for row in rows:
        by_kind[row["kind"]].append(row)
        if "seen" in row:
            by_kind["seen" if row["seen"] else "unseen"].append(row)
    return rows, {"all": summarise(rows), **{kind: summarise(r) for kind, r in by_kind.items()}}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_build" / "site")
    parser.add_argument("--queries", type=Path, default=QUERIES)
    parser.add_argument("--json", type=Path, help="also write every query's hits and figures here")
    parser.add_argument("--check", action="store_true", help="exit 1 when an edition misses a target")
    parser.add_argument("--verbose", action="store_true", help="print the queries that miss their entries")
    parser.add_argument("--edition", action="append", choices=("en", "zh_CN"),
                        help="only this edition (repeatable; default: both)")
    parser.add_argument("--no-pagefind", action="store_true", help="this site's engine only")
    args = parser.parse_args(argv)
    queries = yaml.safe_load(args.queries.read_text(encoding="utf-8"))["queries"]
    editions = args.edition or ("en", "zh_CN")
    print(f"{len(queries)} queries, each cold, in {', '.join(editions)}; targets: "
          + ", ".join(f"{column} {'>=' if sense == 'min' else '<='} {target}" for column, target, sense in TARGETS)
          + f" ({' and '.join(RANKING_TARGETS)} in every kind), S@1 api-exact {EXACT_NAMES_FIRST}")
    expected = {edition: expected_results(args.site, edition, queries, args.queries) for edition in editions}
    if not args.no_pagefind:
        for edition in editions:
            index_with_pagefind(args.site, edition)
    results, failures, engines = {}, [], {}
    with serve(args.site, mounts={PAGEFIND_MOUNT: PAGEFIND_DIR}) as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        for edition in editions:
            relevant, same_entry = expected[edition]
            rows, groups = evaluate(queries, relevant, lambda q: run_query(browser, base, edition, q),
                                    args.verbose and edition, same_entry)
            print_table(f"{edition} edition, this site's search", "kind", groups, KIND_COLUMNS)
            failures += [f"{edition}: {miss}" for miss in misses(groups)]
            results[edition] = {"summary": groups, "queries": rows}
            engines[f"{edition} torchref"] = groups["all"]
            if not args.no_pagefind:
                rows, groups = evaluate(queries, relevant, lambda q: pagefind_query(browser, base, edition, q),
                                        same_entry=same_entry)
                results[f"{edition} pagefind"] = {"summary": groups, "queries": rows}
                engines[f"{edition} pagefind"] = groups["all"]
        browser.close()
    print_table("Side by side, the same queries on the same pages", "edition  engine", engines, ENGINE_COLUMNS)
    if args.json:
        args.json.write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
    print("\ntargets met in both editions" if not failures else "\ntargets missed: " + "; ".join(failures))
    return 1 if failures and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
