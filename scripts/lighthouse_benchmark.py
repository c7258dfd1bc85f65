"""Lighthouse scores of the home, an API, an example and the search page of both editions (``make lighthouse``).

Lighthouse (npm ``lighthouse``, in node_modules) drives Debian's Chromium (CHROME_PATH) against
the built site served on loopback, with its default mobile settings (a simulated slow phone and
network). A benchmark, not a test: performance depends on the machine's load; accessibility,
best practices and SEO do not.
"""

import argparse
import json
import os
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


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default: _build/site)")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.exists():
        print(f"{LIGHTHOUSE} is missing: run 'npm install' (make lighthouse does)", file=sys.stderr)
        return 1
    print("Lighthouse, mobile defaults (simulated slow 4G, 4x CPU slowdown), scores 0-100")
    print(f"{'edition':8} {'page':8} {'perf':>5} {'a11y':>5} {'best':>5} {'seo':>5} {'LCP s':>6} {'TBT ms':>7} {'CLS':>6}  failing audits")
    with serve(args.site) as server:
        for edition in EDITIONS:
            for kind, page in PAGES:
                report = lighthouse(f"{server}/{edition}/{page}")
                scores = [round(100 * (report["categories"][c]["score"] or 0)) for c in CATEGORIES]
                audits = report["audits"]
                failing = sorted(
                    name for c in CATEGORIES[1:] for ref in report["categories"][c]["auditRefs"]
                    if ref["weight"] and (name := ref["id"]) in audits
                    and audits[name]["score"] is not None and audits[name]["score"] < 1)
                print(f"{edition:8} {kind:8} " + " ".join(f"{s:5d}" for s in scores)
                      + f" {audits['largest-contentful-paint']['numericValue'] / 1000:6.1f}"
                      + f" {audits['total-blocking-time']['numericValue']:7.0f}"
                      + f" {audits['cumulative-layout-shift']['numericValue']:6.3f}  {' '.join(failing)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
