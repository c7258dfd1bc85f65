"""Build the whole site: both editions into ``_build/site/{en,zh_CN}`` and the language landing page.

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

BUILD = ROOT / "_build"
SITE = BUILD / "site"
EDITIONS = ("en", "zh_CN")
GLOSSARY = ROOT / "locale" / "zh_CN" / "glossary.yaml"

LANDING_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>PyTorch API Reference · PyTorch API 参考</title>
<link rel="alternate" hreflang="en" href="en/index.html">
<link rel="alternate" hreflang="zh-CN" href="zh_CN/index.html">
<script>
  // Send the reader to the edition of the browser's preferred language.
  (function () {
    var languages = navigator.languages || [navigator.language || ""];
    var chinese = languages.some(function (l) { return /^zh\\b/i.test(l); });
    var firstChinese = languages.findIndex(function (l) { return /^zh\\b/i.test(l); });
    var firstEnglish = languages.findIndex(function (l) { return /^en\\b/i.test(l); });
    var preferChinese = chinese && (firstEnglish < 0 || firstChinese < firstEnglish);
    window.location.replace((preferChinese ? "zh_CN" : "en") + "/index.html" + window.location.hash);
  })();
</script>
</head>
<body>
<h1>PyTorch API Reference</h1>
<ul>
  <li><a href="en/index.html" hreflang="en">English</a></li>
  <li><a href="zh_CN/index.html" hreflang="zh-CN" lang="zh-CN">简体中文</a></li>
</ul>
</body>
</html>
"""


def sphinx(language, out, execute):
    command = [
        sys.executable, "-m", "sphinx", "-b", "html", "-c", str(ROOT),
        "-d", str(BUILD / "doctrees" / language),
        "-E",  # a fresh environment: the extension's output must not come from a stale cache
        "-W", "--keep-going", "-n",
        "-D", f"language={language}",
        str(ROOT / "docs"), str(out),
    ]
    if not execute:
        command[-2:-2] = ["-D", "plot_gallery=0"]
    return subprocess.run(command, cwd=ROOT).returncode


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args(argv)
    os.environ.setdefault("OMP_NUM_THREADS", "1")  # torch threads and forked workers can hang
    staging = BUILD / "site.staging"
    shutil.rmtree(staging, ignore_errors=True)
    steps = [(lang, lang == "en") for lang in EDITIONS]
    total = len(steps) + 2
    for number, (language, execute) in enumerate(steps, 1):
        what = "executing the examples" if execute else "reusing the recorded outputs"
        print(f"[{number}/{total}] {language} edition ({what}) ...", flush=True)
        started = time.monotonic()
        if sphinx(language, staging / language, execute) != 0:
            print(f"FAILED: the {language} edition did not build; _build/site was left as it was.", file=sys.stderr)
            return 1
        print(f"      done in {time.monotonic() - started:.0f} s", flush=True)
    print(f"[{total - 1}/{total}] search index of both editions", flush=True)
    print(f"      {build_search_index(staging, EDITIONS, GLOSSARY)} entries, sections and pages indexed", flush=True)
    print(f"[{total}/{total}] landing page", flush=True)
    (staging / "index.html").write_text(LANDING_PAGE, encoding="utf-8")
    shutil.rmtree(SITE, ignore_errors=True)
    staging.rename(SITE)
    print(f"site ready: {SITE.relative_to(ROOT)}/ (make serve to browse it)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
