# FeelLab: `make plots` runs the main job (sweeps + charts); `make test` runs every test.
# Everything a fresh machine needs is installed from here (apt-get for gnuplot, pip into a
# local venv for the test-only reference engine).

SHELL := /bin/bash
.DEFAULT_GOAL := help

SWIFT      ?= swift
PYTHON     ?= python3
OUT        := out
VENV       := .venv
VENV_PY    := $(VENV)/bin/python
RELEASE    := .build/release/feel
DEBUG      := .build/debug/feel
EXPERIMENTS := $(sort $(wildcard experiments/*.toml))
SCENES     := $(sort $(wildcard experiments/scenes/*.toml))
# Seeded random scenes for the differential test against pybox2d.
DIFF_SEED  ?= 1
DIFF_COUNT ?= 200
DIFF_IOS7_COUNT ?= 200

.PHONY: help build release test plots bench format lint venv gnuplot clean \
        test-swift test-reference test-differential notebook test-notebook chromium check \
        fuzz test-fuzz fuzz-libfuzzer

help:
	@echo "make plots   sweeps every experiment and draws its charts into $(OUT)/"
	@echo "make test    builds and runs every test (Swift, reference engine, differential, notebook)"
	@echo "make check   re-runs every experiment and Castro preset against experiments/baselines"
	@echo "make notebook writes the tuning notebook into $(OUT)/notebook (also run by make plots)"
	@echo "make bench   speed benchmarks, with the reference engine in the same run"
	@echo "make format  formats the Swift sources (swift format)"
	@echo "make fuzz    the scene and experiment readers under FUZZ_RUNS (1,000,000) mutated inputs each"

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release --product feel

# The test-only reference engine: pybox2d 2.3.10 in a local venv.
$(VENV_PY): Tests/Reference/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV_PY) -m pip install --quiet --disable-pip-version-check -r Tests/Reference/requirements.txt
	@touch $(VENV_PY)

venv: $(VENV_PY)

# gnuplot for the charts: apt-get on Debian/Ubuntu, Homebrew's name on macOS.
gnuplot:
	@command -v gnuplot >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "installing gnuplot (apt-get)"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gnuplot-nox >/dev/null) \
	      || { echo "could not install gnuplot; install it and re-run" >&2; exit 1; }; \
	  elif [ "$$(uname)" = Darwin ]; then \
	    echo "gnuplot is missing: brew install gnuplot" >&2; exit 1; \
	  else echo "gnuplot is missing: install it with your package manager" >&2; exit 1; fi; }

test: test-swift test-reference test-differential test-notebook lint check test-fuzz

test-swift:
	$(SWIFT) build
	$(SWIFT) test

test-reference: $(VENV_PY)
	cd Tests/Reference && ../../$(VENV_PY) -m unittest discover -s . -q

# Random scenes within the issue's tolerances (0.01 pt, 1e-4 rad), then every committed scene
# (Castro, Apple's cases, the reference fixtures) to 1e-6 pt: they agree bit for bit today.
# Then the same for the ios7 profile: random scenes, and copies of the committed scenes.
test-differential: $(VENV_PY) build
	rm -rf $(OUT)/differential && mkdir -p $(OUT)/differential/random $(OUT)/differential/committed
	$(VENV_PY) Tests/Reference/random_scenes.py $(OUT)/differential/random --count $(DIFF_COUNT) --seed $(DIFF_SEED) >/dev/null
	$(VENV_PY) Tests/Reference/compare.py --feel $(DEBUG) --scenes $(OUT)/differential/random
	for f in Tests/Reference/scenes/*.toml; do cp $$f $(OUT)/differential/committed/reference-$$(basename $$f); done
	cp experiments/scenes/*.toml $(OUT)/differential/committed/
	$(VENV_PY) Tests/Reference/compare.py --feel $(DEBUG) --scenes $(OUT)/differential/committed \
	  --tol-pt 1e-6 --tol-rad 1e-8
	$(VENV_PY) Tests/Reference/random_scenes.py $(OUT)/differential/random-ios7 --count $(DIFF_IOS7_COUNT) --seed $(DIFF_SEED) --profile ios7 >/dev/null
	$(VENV_PY) Tests/Reference/compare.py --feel $(DEBUG) --scenes $(OUT)/differential/random-ios7
	$(VENV_PY) Tests/Reference/compare.py --feel $(DEBUG) --scenes $(OUT)/differential/committed \
	  --profile ios7 --tol-pt 1e-6 --tol-rad 1e-8

# The feel regression gate: every experiment and Castro preset against its baseline in
# experiments/baselines/ (exit 1 on drift). Baselines change only on purpose, with
# `feel check --record` (README, "Changing a constant on purpose").
check: build
	$(DEBUG) check

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

# Every experiment through `feel sweep` into $(OUT)/data/NAME.csv, the Castro trajectories
# (`feel run`, one CSV with a `scene` column), then every plots/NAME.gp drawn from
# $(OUT)/data/NAME.csv into $(OUT)/plots/NAME.png and NAME.svg.
TRAJECTORY_SCENES := castro-release-right-80 castro-tap-hint-left castro-tap-hint-right
PLOT_SCRIPTS := $(sort $(wildcard plots/*.gp))

plots: release gnuplot
	@mkdir -p $(OUT)/data $(OUT)/plots
	@for e in $(EXPERIMENTS); do n=$$(basename $$e .toml); \
	  $(RELEASE) sweep $$e --output $(OUT)/data/$$n.csv || exit 1; done
	@set -o pipefail; t=$(OUT)/data/castro-trajectories.csv; \
	  { $(RELEASE) run experiments/scenes/$(firstword $(TRAJECTORY_SCENES)).toml | sed -n '1s/^/scene,/p' \
	    && for s in $(TRAJECTORY_SCENES); do \
	      $(RELEASE) run experiments/scenes/$$s.toml | sed -n "2,\$$s/^/$$s,/p" || exit 1; \
	    done; } > $$t.tmp && mv $$t.tmp $$t && echo "feel run: $(TRAJECTORY_SCENES) -> $$t"
	@for gp in $(PLOT_SCRIPTS); do n=$$(basename $$gp .gp); \
	  for format in png svg; do \
	    gnuplot -e "data='$(OUT)/data/$$n.csv'; output='$(OUT)/plots/$$n.$$format'" $$gp || exit 1; \
	  done; echo "gnuplot: $$gp -> $(OUT)/plots/$$n.png, .svg"; done
	@$(MAKE) --no-print-directory notebook

# The tuning notebook: index.html, notebook.js/.css, data/*.js and copies of the charts in
# $(OUT)/plots. Open $(OUT)/notebook/index.html from disk.
notebook: release
	$(RELEASE) notebook --output $(OUT)/notebook --charts $(OUT)/plots

# Debian's chromium and chromedriver for the notebook's browser test.
chromium:
	@command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "installing chromium and chromium-driver (apt-get)"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null) \
	      || { echo "could not install chromium; install it and re-run" >&2; exit 1; }; \
	  elif [ "$$(uname)" = Darwin ]; then \
	    echo "chromium is missing: brew install --cask chromium && brew install chromedriver," \
	      "then CHROMIUM=... CHROMEDRIVER=... make test-notebook" >&2; exit 1; \
	  else echo "chromium and chromedriver are missing: install them with your package manager" >&2; exit 1; fi; }

NOTEBOOK_DEPS := $(VENV)/.notebook-requirements
$(NOTEBOOK_DEPS): Tests/Notebook/requirements.txt $(VENV_PY)
	$(VENV_PY) -m pip install --quiet --disable-pip-version-check -r Tests/Notebook/requirements.txt
	@touch $@

# The notebook in headless Chromium, from disk: no console errors, replayed positions equal to
# `feel run` within 0.01 pt, comps, export; saves $(OUT)/notebook/screenshot.png.
test-notebook: notebook chromium $(NOTEBOOK_DEPS)
	FEEL=$(RELEASE) NOTEBOOK=$(OUT)/notebook $(VENV_PY) -m unittest discover -s Tests/Notebook -p 'test_*.py'

# Fuzzing (docs/fuzzing.md): every reader of Sources/FeelFuzz/FuzzTargets.swift under seeded
# mutations of the committed scenes and experiments. No crash, no input over FUZZ_TIME_LIMIT_MS
# of CPU, every rejection one line naming the file; failing inputs are saved in $(OUT)/fuzz/.
# `make test` runs FUZZ_TEST_RUNS inputs per reader; `make fuzz` FUZZ_RUNS.
FUZZ_RUNS ?= 1000000
FUZZ_TEST_RUNS ?= 20000
FUZZ_SEED ?= 1
FUZZ_TIME_LIMIT_MS ?= 100
FUZZ := .build/release/feel-fuzz --seed $(FUZZ_SEED) --time-limit $(FUZZ_TIME_LIMIT_MS) --output $(OUT)/fuzz

test-fuzz:
	$(SWIFT) build -c release --product feel-fuzz
	$(FUZZ) --runs $(FUZZ_TEST_RUNS)

fuzz:
	$(SWIFT) build -c release --product feel-fuzz
	$(FUZZ) --runs $(FUZZ_RUNS)

# The same targets under libFuzzer (coverage-guided; Linux toolchains), built apart in
# .build/libfuzzer and run by feel-fuzz in chunks of 100,000 inputs. Crashes are saved as
# $(OUT)/fuzz/TARGET-crash-…; the working corpus and libFuzzer's log are in $(OUT)/fuzz/libfuzzer.
fuzz-libfuzzer:
	$(SWIFT) build -c release --product feel-fuzz
	$(SWIFT) build -c release --product feel-fuzz --scratch-path .build/libfuzzer \
	  --sanitize=fuzzer -Xswiftc -DFEEL_LIBFUZZER
	$(FUZZ) --runs $(FUZZ_RUNS) --libfuzzer .build/libfuzzer/release/feel-fuzz

bench: release $(VENV_PY)
	$(SWIFT) build -c release --product feel-bench
	@mkdir -p $(OUT)/bench
	@scenes="$(sort $(wildcard experiments/scenes/castro-*.toml))"; \
	  seconds="$(or $(BENCH_SECONDS),0.5)"; \
	  echo "pybox2d 2.3.10 (reference engine) on the same scenes, $$seconds s each..."; \
	  $(VENV_PY) Tests/Reference/bench_reference.py --min-seconds $$seconds $$scenes \
	    > $(OUT)/bench/pybox2d.csv && \
	  .build/release/feel-bench --min-seconds $$seconds --reference $(OUT)/bench/pybox2d.csv \
	    --csv $(OUT)/bench/feel.csv $$scenes

clean:
	rm -rf $(OUT)
