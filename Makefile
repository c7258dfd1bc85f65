# The two commands a newcomer needs: `make serve` and `make test`.
# Each makes its own virtual environment (.venv) from requirements.txt.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SITE := _build/site
PORT ?= 8000
SITE_URL ?= http://127.0.0.1:$(PORT)/
export OMP_NUM_THREADS ?= 1
# Which torch build the runner needs, and where pip takes it from. On a hosted CPU runner PyPI's Linux
# wheel is the multi-gigabyte CUDA build, so the workflows name PyTorch's CPU wheel index; on the
# developers' machines the configured package index already serves the CPU wheel.
TORCH_INDEX ?=
TORCH_VARIANT ?= cpu

.PHONY: node_modules site serve test test-budget unit-tests pot po translation-status search-benchmark build-benchmark page-weight lighthouse import-outputs merge-shards gpu-wheels gpu-records chromium clean

$(VENV)/.installed: requirements.txt
	@echo "==> setting up $(VENV) (requirements.txt, torch: the $(TORCH_VARIANT) build)"
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(if $(TORCH_INDEX),$(PY) -m pip install --quiet --index-url $(TORCH_INDEX) "$$(grep '^torch==' requirements.txt)")
	$(PY) -m pip install --quiet -r requirements.txt
	@$(PY) -c 'import sys, torch; got = "cuda" if torch.version.cuda else "cpu"; sys.exit(None if got == sys.argv[1] else f"torch {torch.__version__} is the {got} build; this runner needs the {sys.argv[1]} build (set TORCH_INDEX)")' $(TORCH_VARIANT)
	touch $@

# EXAMPLES_PATTERN=regex or SHARD=k/N: execute part of the gallery; EDITION=en: build one edition
site: $(VENV)/.installed  ## both editions into _build/site, doing again only what changed
	$(PY) scripts/build_site.py --site-url $(SITE_URL) --examples-pattern "$(EXAMPLES_PATTERN)" --shard "$(SHARD)" \
	  $(foreach edition,$(EDITION),--edition $(edition))

$(SITE)/index.html:
	$(MAKE) site

serve: $(SITE)/index.html  ## build if needed, then serve at http://127.0.0.1:$(PORT)/
	@echo "==> serving $(SITE) at http://127.0.0.1:$(PORT)/ (Ctrl+C to stop)"
	$(PY) -m http.server $(PORT) --bind 127.0.0.1 --directory $(SITE)

# and a Chinese font, as readers' systems have one: without it Chinese text is drawn as boxes, and laid
# out slowly (each Han character looks for a fallback), which skews the Chinese edition's Lighthouse figures
chromium:  ## Debian's Chromium for the browser tests (never a downloaded browser), with a Chinese font
	@test -x /usr/bin/chromium && fc-list :lang=zh | grep -q . || { echo "==> installing Debian's chromium and a Chinese font"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null; }

# The site checkers of the test suite (axe-core, the Nu HTML Checker) from package-lock.json;
# Lighthouse, only a benchmark's, is a dev dependency that 'make lighthouse' adds.
node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null || { echo "==> installing Debian's npm and Java"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm default-jre-headless >/dev/null; }
	npm ci --omit=dev --ignore-scripts --no-audit --no-fund
	touch $@

node_modules: node_modules/.installed

unit-tests: $(VENV)/.installed  ## the extension's tests and the small test sites, on both cores
	$(PY) -m pytest -q -n 2 tests/unit

test:  ## every test: set-up, units, the site build (incremental), translations, the built site, the browser
	$(PYTHON) scripts/run_tests.py

test-budget: $(VENV)/.installed  ## each stage's time in the last 'make test', per page and per script, projected to full scope
	$(PY) scripts/test_budget.py

pot: $(VENV)/.installed  ## extract the English messages into _build/gettext
	$(PY) -m sphinx -b gettext -c . -q -W --keep-going -d _build/doctrees/gettext docs _build/gettext

po: pot  ## merge them into the Chinese catalogs; gallery cards take their scripts' translations
	$(VENV)/bin/sphinx-intl update -p _build/gettext -l zh_CN -d locale -w 0
	$(PY) scripts/fill_gallery_indexes.py

translation-status: pot  ## translated / fuzzy / untranslated, per page
	$(PY) scripts/translation_status.py $(STATUS_FLAGS)

search-benchmark: $(SITE)/index.html chromium  ## ranking, requests and bytes of the search, both editions, beside Pagefind's
	$(PY) -m pip install --quiet -r benchmarks/requirements.txt
	$(PY) scripts/search_benchmark.py
	$(PY) scripts/search_benchmark.py --queries benchmarks/search_queries_heldout.yaml

build-benchmark: $(VENV)/.installed  ## cold, no-change and one-edit builds timed on a copy of the checkout
	$(PY) scripts/build_benchmark.py

page-weight: $(SITE)/index.html chromium  ## bytes and requests of a cold load of each kind of page, both editions
	$(PY) scripts/page_weight.py

lighthouse: $(SITE)/index.html chromium node_modules  ## Lighthouse scores (mobile) of home, API, example and search pages
	@test -x node_modules/.bin/lighthouse || npm install --no-save --ignore-scripts --no-audit --no-fund
	$(PY) scripts/lighthouse_benchmark.py

import-outputs: $(VENV)/.installed  ## FROM=dir: another runner's records (a GPU job's), shown beside this runner's
	$(PY) scripts/import_outputs.py $(FROM)

merge-shards: $(VENV)/.installed  ## SHARDS="dir ...": checkouts where 'make site SHARD=k/N' ran
	$(PY) scripts/merge_shards.py $(SHARDS)

# A GPU lent for one command (Python 3.12, a CUDA torch, no package index): records/README.md
GPU_PYTHON ?= 3.12
gpu-wheels: $(VENV)/.installed  ## the wheels gpu-records installs offline on a GPU machine, into _build/gpu-wheels
	$(PY) scripts/gpu_wheels.py --python-version $(GPU_PYTHON)

gpu-records:  ## on a machine with an NVIDIA GPU (its own python3 and CUDA torch): CUDA outputs into records/cuda
	$(PYTHON) scripts/gpu_records.py

clean:
	rm -rf _build docs/examples
