"""Search benchmark: ranking quality, latency and bytes per cold query, in headless Chromium.

Runs every query of ``benchmarks/search_queries.yaml`` against both editions of
the built site (``make site`` first), each in a fresh browser context so every
query is cold, and prints per edition and per query kind:

- MRR@10: mean reciprocal rank of the first relevant result within the top 10;
- R@5: recall at 5, the share of a query's relevant results found in its top 5;
- S@1: share of queries whose first result is relevant (the target for exact API names is 1.0);
- latency from the query to rendered results (median, p95), measured in the page;
- bytes of search code and index transferred per cold query (median, max).

``--check`` exits non-zero when an edition misses a target.
"""

import argparse
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from urllib.parse import quote

import yaml
from playwright.sync_api import sync_playwright

from local_site import launch_chromium, serve

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"MRR@10": 0.9, "R@5": 0.95, "S@1 api-exact": 1.0, "max KB": 300}
SEARCH_ASSETS = ("/_search/", "torchref-search.js")


def index_urls(meta):
    """``{api name: url}`` and the set of every URL in an edition's search index."""
    urls = {meta["pages"][page][0] + (f"#{anchor}" if anchor else ""): (title, kind)
            for page, anchor, title, kind, *_ in meta["docs"]}
    return {title: url for url, (title, kind) in urls.items() if kind == "api"}, set(urls)


def resolve(expect, meta):
    """Turn an API name into its entry's URL; page paths stay as they are."""
    names, urls = index_urls(meta)
    resolved = []
    for item in expect:
        url = names.get(item, item)
        if url not in urls:
            raise SystemExit(f"benchmarks/search_queries.yaml: expected result {item!r} is not in the index")
        resolved.append(url)
    return resolved


def run_query(browser, base, edition, query):
    context = browser.new_context()
    page = context.new_page()
    transferred = []
    page.on("requestfinished", lambda request: transferred.append(request))
    page.goto(f"{base}/{edition}/search.html?q={quote(query)}")
    page.wait_for_selector("#search-results[data-status=done], #search-results[data-status=error]")
    hrefs = page.eval_on_selector_all("#search-results a[href]", "links => links.map(a => a.getAttribute('href'))")
    milliseconds = float(page.get_attribute("#search-results", "data-ms") or "nan")
    size = 0
    for request in transferred:
        if any(asset in request.url for asset in SEARCH_ASSETS):
            sizes = request.sizes()
            size += sizes["responseBodySize"] + sizes["responseHeadersSize"]
    context.close()
    return hrefs, milliseconds, size


def scores(hits, relevant):
    first = next((rank for rank, hit in enumerate(hits[:10], 1) if hit in relevant), None)
    return {
        "rr": 1 / first if first else 0.0,
        "recall5": len(set(hits[:5]) & set(relevant)) / min(len(relevant), 5),
        "success1": 1.0 if hits[:1] and hits[0] in relevant else 0.0,
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
        "median ms": statistics.median(r["ms"] for r in rows),
        "p95 ms": percentile([r["ms"] for r in rows], 0.95),
        "median KB": statistics.median(r["bytes"] for r in rows) / 1024,
        "max KB": max(r["bytes"] for r in rows) / 1024,
    }


def print_table(edition, groups):
    columns = ["n", "MRR@10", "R@5", "S@1", "median ms", "p95 ms", "median KB", "max KB"]
    print(f"\n{edition} edition")
    print(f"{'kind':12}" + "".join(f"{c:>11}" for c in columns))
    for kind, summary in groups.items():
        cells = "".join(f"{summary[c]:>11d}" if c == "n" else f"{summary[c]:>11.2f}" for c in columns)
        print(f"{kind:12}{cells}")


def misses(groups):
    """The targets an edition's figures miss, as readable strings."""
    overall, failed = groups["all"], []
    if overall["MRR@10"] < TARGETS["MRR@10"]:
        failed.append(f"MRR@10 {overall['MRR@10']:.3f}")
    if overall["R@5"] < TARGETS["R@5"]:
        failed.append(f"R@5 {overall['R@5']:.3f}")
    if "api-exact" in groups and groups["api-exact"]["S@1"] < TARGETS["S@1 api-exact"]:
        failed.append(f"S@1 on exact API names {groups['api-exact']['S@1']:.3f}")
    if overall["max KB"] > TARGETS["max KB"]:
        failed.append(f"{overall['max KB']:.0f} KB in one query")
    return failed


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "_build" / "site")
    parser.add_argument("--queries", type=Path, default=ROOT / "benchmarks" / "search_queries.yaml")
    parser.add_argument("--json", type=Path, help="also write every query's hits and figures here")
    parser.add_argument("--check", action="store_true", help="exit 1 when an edition misses a target")
    parser.add_argument("--verbose", action="store_true", help="print the queries that miss their entries")
    parser.add_argument("--edition", action="append", choices=("en", "zh_CN"),
                        help="only this edition (repeatable; default: both)")
    args = parser.parse_args(argv)
    queries = yaml.safe_load(args.queries.read_text(encoding="utf-8"))["queries"]
    print(f"{len(queries)} queries, each cold, in both editions; targets: "
          + ", ".join(f"{k} {'<=' if k == 'max KB' else '>='} {v}" for k, v in TARGETS.items()))
    results, failures = {}, []
    with serve(args.site) as base, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        for edition in args.edition or ("en", "zh_CN"):
            meta = json.loads((args.site / edition / "_search" / "meta.json").read_text(encoding="utf-8"))
            rows = []
            for query in queries:
                relevant = resolve(query["expect"], meta)
                hits, ms, size = run_query(browser, base, edition, query["q"])
                rows.append({**query, "hits": hits[:10], "ms": ms, "bytes": size, **scores(hits, relevant)})
                if args.verbose and rows[-1]["rr"] < 1:
                    print(f"  {edition} {query['q']!r}: expected {relevant}, got {hits[:5]}")
            by_kind = defaultdict(list)
            for row in rows:
                by_kind[row["kind"]].append(row)
            groups = {"all": summarise(rows), **{kind: summarise(r) for kind, r in by_kind.items()}}
            print_table(edition, groups)
            failures += [f"{edition}: {miss}" for miss in misses(groups)]
            results[edition] = {"summary": groups, "queries": rows}
        browser.close()
    if args.json:
        args.json.write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
    print("\ntargets met in both editions" if not failures else "\ntargets missed: " + "; ".join(failures))
    return 1 if failures and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
