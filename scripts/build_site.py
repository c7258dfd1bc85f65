"""Build the whole site into ``_build/site``: both editions, the search index, the entry pages, the sitemap
and the offline archives.

The English build executes the gallery (once per runner); the Chinese build
reuses its recorded outputs with ``plot_gallery=0``. The site is assembled in
a staging folder and only replaces ``_build/site`` when every step passed, so
a failed build never leaves a half-built site behind.
"""

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from torchref.search import build_search_index  # noqa: E402
from torchref.site import write_entry_pages, write_offline_archives, write_sitemap  # noqa: E402

BUILD = ROOT / "_build"
SITE = BUILD / "site"
EDITIONS = ("en", "zh_CN")
GLOSSARY = ROOT / "locale" / "zh_CN" / "glossary.yaml"


def sphinx(language, out, execute, args):
    command = [
        sys.executable, "-m", "sphinx", "-b", "html", "-c", str(ROOT),
        "-d", str(BUILD / "doctrees" / language),
        "-E",  # a fresh environment: the extension's output must not come from a stale cache
        "-W", "--keep-going", "-n",
        "-D", f"language={language}",
        "-D", f"torchref_site_url={args.site_url}",
        "-D", f"torchref_examples_pattern={args.examples_pattern}",
        "-D", f"torchref_shard={args.shard}",
        str(ROOT / "docs"), str(out),
    ]
    if not execute:
        command[-2:-2] = ["-D", "plot_gallery=0"]
    return subprocess.run(command, cwd=ROOT).returncode


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site-url", default=os.environ.get("TORCHREF_SITE_URL", "http://127.0.0.1:8000/"),
                        help="where the site will be published (canonical URLs, sitemap); default: make serve's")
    parser.add_argument("--examples-pattern", default=os.environ.get("EXAMPLES_PATTERN", ""),
                        help="a quick partial build: execute only the gallery scripts whose path matches")
    parser.add_argument("--shard", default=os.environ.get("SHARD", ""),
                        help="k/N: execute the k-th of N shares of the gallery (merge with scripts/merge_shards.py)")
    args = parser.parse_args(argv)
    os.environ.setdefault("OMP_NUM_THREADS", "1")  # torch threads and forked workers can hang
    staging = BUILD / "site.staging"
    shutil.rmtree(staging, ignore_errors=True)
    steps = [(lang, lang == "en") for lang in EDITIONS]
    total = len(steps) + 3
    for number, (language, execute) in enumerate(steps, 1):
        what = "executing the examples" if execute else "reusing the recorded outputs"
        print(f"[{number}/{total}] {language} edition ({what}) ...", flush=True)
        started = time.monotonic()
        if sphinx(language, staging / language, execute, args) != 0:
            print(f"FAILED: the {language} edition did not build; _build/site was left as it was.", file=sys.stderr)
            return 1
        print(f"      done in {time.monotonic() - started:.0f} s", flush=True)
    print(f"[{total - 2}/{total}] search index of both editions", flush=True)
    print(f"      {build_search_index(staging, EDITIONS, GLOSSARY)} entries, sections and pages indexed", flush=True)
    print(f"[{total - 1}/{total}] landing page, not-found pages, sitemap for {args.site_url}", flush=True)
    write_entry_pages(staging, args.site_url)
    write_sitemap(staging, args.site_url)
    print(f"[{total}/{total}] offline archives", flush=True)
    for language, size in write_offline_archives(staging).items():
        print(f"      {language}: {size / 2**20:.1f} MiB", flush=True)
    shutil.rmtree(SITE, ignore_errors=True)
    staging.rename(SITE)
    print(f"site ready: {SITE.relative_to(ROOT)}/ (make serve to browse it)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
