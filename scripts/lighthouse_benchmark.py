"""Lighthouse scores of the home, an API, an example and the search page of both editions (``make lighthouse``).

Lighthouse (npm ``lighthouse``, in node_modules) drives Debian's Chromium (CHROME_PATH) against
the built site served on loopback, with its default mobile settings (a simulated slow phone and
network). Text is served gzip-compressed, as static hosts serve it (GitHub Pages, Netlify, nginx);
``--uncompressed`` serves the files as they are. A benchmark, not a test: performance depends on the machine's load; accessibility,
best practices and SEO do not.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from local_site import CHROMIUM, serve  # noqa: E402

SITE = ROOT / "_build" / "site"
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
EDITIONS = ("en", "zh_CN")
PAGES = [("home", "index.html"), ("api", "tensors/views.html"),
         ("example", "examples/tensors/plot_views_and_strides.html"), ("search", "search.html?q=torch.cat")]
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")


def lighthouse(url):
    command = [str(LIGHTHOUSE), url, "--output=json", "--output-path=stdout", "--quiet",
               f"--only-categories={','.join(CATEGORIES)}",
               "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage"]
    run = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "CHROME_PATH": CHROMIUM},
                         timeout=300)
    if run.returncode != 0:
        raise RuntimeError(f"lighthouse failed on {url}:\n{run.stderr[-2000:]}")
    return json.loads(run.stdout)


def figures(report):
    """Scores of the four categories, LCP (s), TBT (ms), CLS, and the failing audits' ids."""
    audits = report["audits"]
    failing = {name for c in CATEGORIES[1:] for ref in report["categories"][c]["auditRefs"]
               if ref["weight"] and (name := ref["id"]) in audits
               and audits[name]["score"] is not None and audits[name]["score"] < 1}
    return ([round(100 * (report["categories"][c]["score"] or 0)) for c in CATEGORIES]
            + [audits["largest-contentful-paint"]["numericValue"] / 1000,
               audits["total-blocking-time"]["numericValue"],
               audits["cumulative-layout-shift"]["numericValue"]], failing)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default: _build/site)")
    parser.add_argument("--uncompressed", action="store_true", help="serve without gzip")
    parser.add_argument("--runs", type=int, default=3, help="runs per page; the table gives each column's median")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        print(f"{LIGHTHOUSE} is missing: run 'npm install' (make lighthouse does)", file=sys.stderr)
        return 1
    print("Lighthouse, mobile defaults (simulated slow 4G, 4x CPU slowdown), scores 0-100, text served "
          + ("uncompressed" if args.uncompressed else "gzip-compressed")
          + f"; median of {args.runs} runs")
    print(f"{'edition':8} {'page':8} {'perf':>5} {'a11y':>5} {'best':>5} {'seo':>5} {'LCP s':>6} {'TBT ms':>7}"
          f" {'CLS':>6}  perf of each run; failing audits")
    with serve(args.site, compress=not args.uncompressed) as server:
        for edition in EDITIONS:
            for kind, page in PAGES:
                runs = [figures(lighthouse(f"{server}/{edition}/{page}")) for _ in range(args.runs)]
                median = [statistics.median(column) for column in zip(*(values for values, _ in runs))]
                failing = sorted(set().union(*(names for _, names in runs)))
                print(f"{edition:8} {kind:8} " + " ".join(f"{s:5.0f}" for s in median[:4])
                      + f" {median[4]:6.1f} {median[5]:7.0f} {median[6]:6.3f}  "
                      + " ".join(str(values[0]) for values, _ in runs) + ("; " + " ".join(failing) if failing else ""),
                      flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
