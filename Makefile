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
# Scenes with a finger ([[touch]], docs/touches.md): the reference engine does not model touches
# yet, so the differential test and the pybox2d side of the benchmark leave them out.
TOUCH_SCENES := $(sort $(shell grep -l '^\[\[touch\]\]' experiments/scenes/*.toml))
# Scenes with FeelLab's own dial behaviors (`inertia`, `detent`: docs/tempo-dial.md): the
# reference engine models UIKit only, so the differential test and the bench leave them out
# (the dial's UIKit scenes, a pinned disc under angular resistance, stay in).
DIAL_KINEMATIC_SCENES := $(sort $(shell grep -lE '^type = "(inertia|detent)"' experiments/scenes/*.toml))
# Scenes of items that touch each other (docs/shapes.md), timed apart in `make bench`.
ITEM_SCENES := experiments/scenes/card-stack.toml experiments/scenes/puck-bumpers.toml
# Scenes with iOS 9's keys (collision bounds, groups, anchored, charge: docs/shapes.md): the
# differential test's copies in the ios7 profile leave them out (that profile refuses them).
IOS9_SCENES := $(sort $(shell grep -lE '^(bounds = "(ellipse|path)"|anchored|charge|type = "field"|\[\[group\]\]|kind = "(fixed|pin|sliding|limit)")' experiments/scenes/*.toml))
# Committed scenes with field behaviors: the reference computes fields in double precision
# (Tests/Reference/reference_fields.py), so they are compared at the field family's tolerance.
FIELD_SCENES := $(sort $(shell grep -lE '^type = "field"' experiments/scenes/*.toml))
# Committed scenes with a noise or turbulence field: the reference engine does not model those
# (docs/fields.md, "Noise and turbulence"), so the differential test leaves them out.
NOISE_SCENES := $(sort $(shell grep -lE '^kind = "(noise|turbulence)"' experiments/scenes/*.toml))
# Seeded random scenes for the differential test against pybox2d.
DIFF_SEED  ?= 1
DIFF_COUNT ?= 200
DIFF_IOS7_COUNT ?= 200
# Seeded random scenes with touches (docs/touches.md): attachment drags with moving anchors,
# and follow / rotate drags with the release velocity handed over.
DIFF_TOUCH_COUNT ?= 120
DIFF_TOUCH_KINEMATIC_COUNT ?= 60
# Seeded random tempo dials on UIKit (docs/tempo-dial.md): a pinned disc turned by a rotate
# drag and handed the angular release velocity under angular resistance.
DIFF_SPIN_COUNT ?= 60
# Seeded random scenes of two to four items that touch (docs/shapes.md): stacks, head-on and
# glancing hits, collision modes in both profiles; groups, ellipse and path bounds, anchored
# bumpers (iOS 9's keys) in the modern one.
DIFF_ITEMS_COUNT ?= 200
DIFF_ITEMS_IOS7_COUNT ?= 100
DIFF_ITEMS_IOS9_COUNT ?= 200
DIFF_FIELDS_COUNT ?= 220
DIFF_JOINTS_COUNT ?= 200

.PHONY: help build release test plots bench format lint venv gnuplot clean \
        test-swift test-reference test-differential notebook test-notebook chromium check \
        eslint lint-js bench-notebook test-svg fuzz-svg fuzz test-fuzz fuzz-libfuzzer \
        install uninstall cluster-tools test-cluster test-serve studio bench-serve load-generator \
        generic-charts test-designer test-matrix soak test-toml

help:
	@echo "make plots   sweeps every experiment and draws its charts into $(OUT)/"
	@echo "make test    builds and runs every test (Swift, reference engine, differential, notebook)"
	@echo "make check   re-runs every experiment and control preset against experiments/baselines"
	@echo "make notebook writes the tuning notebook into $(OUT)/notebook (also run by make plots)"
	@echo "make bench   speed benchmarks, with the reference engine in the same run"
	@echo "make lint-js lints the notebook's scripts (Debian's eslint)"
	@echo "make format  formats the Swift sources (swift format)"
	@echo "make fuzz    the scene and experiment readers under FUZZ_RUNS (1,000,000) mutated inputs each"
	@echo "make fuzz-svg  feeds FUZZ_RUNS (default 1000000) random and mutated SVG inputs to feel svg's reader"
	@echo "make install   installs feel, its page files and shell completions under PREFIX ($(PREFIX))"
	@echo "make uninstall removes what make install put under PREFIX"
	@echo "make studio  builds feel-serve and serves the API and the notebook page on the committed experiments"
	@echo "make bench-serve  the server's speed: /api/run and /api/sweep against feel run and feel sweep; live sessions' round trips (feel-live-load)"
	@echo "make soak    the server's resident memory under requests and live sessions for minutes (SOAK_SECONDS, 300)"

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release --product feel $(SWIFT_RELEASE_FLAGS)

# Installing (docs/install.md): every executable of INSTALL_PRODUCTS (release build: `feel`, and
# `feel-serve`, which `feel serve` runs from beside itself) into
# PREFIX/bin, the notebook's page files (SwiftPM's resource bundle, which `feel` looks for
# beside itself, then in ../share/feel: NotebookAssets.swift) into PREFIX/share/feel, and each
# executable's bash, zsh and fish completions (ArgumentParser's --generate-completion-script)
# where those shells look under PREFIX. DESTDIR stages the whole tree elsewhere (packaging).
# SWIFT_RELEASE_FLAGS go to the release build (the Containerfile's --static-swift-stdlib).
PREFIX     ?= /usr/local
DESTDIR    ?=
SWIFT_RELEASE_FLAGS ?=
INSTALL_PRODUCTS := feel feel-serve
RELEASE_DIR := .build/release
RESOURCE_BUNDLE := FeelLab_FeelNotebook.$(if $(filter Darwin,$(shell uname -s)),bundle,resources)
INSTALL_BIN  = $(DESTDIR)$(PREFIX)/bin
INSTALL_DATA = $(DESTDIR)$(PREFIX)/share/feel
INSTALL_BASH = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
INSTALL_ZSH  = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
INSTALL_FISH = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

# The release executables, rebuilt only when a source is newer: `make release` then
# `sudo make install` runs no build as root.
INSTALL_SOURCES := Package.swift $(shell find Sources -type f)
$(RELEASE_DIR)/%: $(INSTALL_SOURCES)
	$(SWIFT) build -c release --product $* $(SWIFT_RELEASE_FLAGS)
	@touch $@

install: $(addprefix $(RELEASE_DIR)/,$(INSTALL_PRODUCTS))
	install -d "$(INSTALL_BIN)" "$(INSTALL_DATA)" "$(INSTALL_BASH)" "$(INSTALL_ZSH)" "$(INSTALL_FISH)"
	rm -rf "$(INSTALL_DATA)/$(RESOURCE_BUNDLE)" "$(INSTALL_DATA)/.$(RESOURCE_BUNDLE).tmp"
	cp -R "$(RELEASE_DIR)/$(RESOURCE_BUNDLE)" "$(INSTALL_DATA)/.$(RESOURCE_BUNDLE).tmp"
	chmod -R u+rwX,go+rX,go-w "$(INSTALL_DATA)/.$(RESOURCE_BUNDLE).tmp"
	mv "$(INSTALL_DATA)/.$(RESOURCE_BUNDLE).tmp" "$(INSTALL_DATA)/$(RESOURCE_BUNDLE)"
	@set -e; for p in $(INSTALL_PRODUCTS); do \
	  echo "install $(RELEASE_DIR)/$$p -> $(INSTALL_BIN)/$$p, completions"; \
	  install -m 0755 "$(RELEASE_DIR)/$$p" "$(INSTALL_BIN)/$$p"; \
	  "$(RELEASE_DIR)/$$p" --generate-completion-script bash > "$(INSTALL_BASH)/.$$p.tmp"; \
	  mv "$(INSTALL_BASH)/.$$p.tmp" "$(INSTALL_BASH)/$$p"; \
	  "$(RELEASE_DIR)/$$p" --generate-completion-script zsh > "$(INSTALL_ZSH)/._$$p.tmp"; \
	  mv "$(INSTALL_ZSH)/._$$p.tmp" "$(INSTALL_ZSH)/_$$p"; \
	  "$(RELEASE_DIR)/$$p" --generate-completion-script fish > "$(INSTALL_FISH)/.$$p.fish.tmp"; \
	  mv "$(INSTALL_FISH)/.$$p.fish.tmp" "$(INSTALL_FISH)/$$p.fish"; \
	  chmod 0644 "$(INSTALL_BASH)/$$p" "$(INSTALL_ZSH)/_$$p" "$(INSTALL_FISH)/$$p.fish"; \
	done

# Removes exactly what `make install` wrote (the shells' shared folders stay; share/feel goes
# if nothing else is in it).
uninstall:
	@set -e; for p in $(INSTALL_PRODUCTS); do \
	  rm -f "$(INSTALL_BIN)/$$p" "$(INSTALL_BASH)/$$p" "$(INSTALL_ZSH)/_$$p" \
	    "$(INSTALL_FISH)/$$p.fish"; \
	done
	rm -rf "$(INSTALL_DATA)/$(RESOURCE_BUNDLE)"
	@rmdir "$(INSTALL_DATA)" 2>/dev/null || true

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

# Debian's packages the cluster test runs (Tests/Cluster, docs/sweeps.md): Slurm's controller,
# node daemon and client commands, munge, and GNU parallel, in one apt-get (as root) when any is
# missing. Without root or apt-get this says what is missing and the test skips what needs it.
# The packages start nothing here: the test starts its own one-node cluster from a
# configuration in a temporary folder.
CLUSTER_TOOLS := slurmctld:slurmctld slurmd:slurmd sbatch:slurm-client munged:munge \
  parallel:parallel
cluster-tools:
	@missing=""; for tool in $(CLUSTER_TOOLS); do \
	  command -v $${tool%%:*} >/dev/null 2>&1 || missing="$$missing $${tool#*:}"; done; \
	[ -z "$$missing" ] && exit 0; \
	if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	  echo "installing$$missing (apt-get)"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    -o DPkg::Lock::Timeout=300 $$missing >/dev/null) \
	    || { echo "could not install$$missing; install them and re-run" >&2; exit 1; }; \
	else echo "missing:$$missing (Debian's packages, installed by apt-get as root):" \
	  "the cluster test skips what needs them" >&2; fi

test: test-swift test-reference test-differential test-notebook test-svg lint lint-js check test-fuzz \
      test-toml test-cluster test-serve test-designer test-matrix

test-swift:
	$(SWIFT) build
	$(SWIFT) test

test-reference: $(VENV_PY)
	cd Tests/Reference && ../../$(VENV_PY) -m unittest discover -s . -q

# Random scenes within the issue's tolerances (0.01 pt, 1e-4 rad), then every committed scene
# (Castro, Apple's cases, the reference fixtures) to 1e-6 pt: they agree bit for bit today;
# the committed field scenes (StickyCorners) at the random scenes' tolerances (docs/validation.md).
# Then the same for the ios7 profile: random scenes, and copies of the committed scenes.
# Then random scenes with touches, touch rows and touch events included, and the same pause frame.
test-differential: $(VENV_PY) build
	rm -rf $(OUT)/differential && mkdir -p $(OUT)/differential/random $(OUT)/differential/committed \
	  $(OUT)/differential/committed-ios7
	$(VENV_PY) Tests/Reference/random_scenes.py $(OUT)/differential/random --count $(DIFF_COUNT) --seed $(DIFF_SEED) >/dev/null
	$(VENV_PY) Tests/Reference/compare.py --feel $(DEBUG) --scenes $(OUT)/differential/random
	for f in Tests/Reference/scenes/*.toml; do cp $$f $(OUT)/differential/committed/reference-$$(basename $$f); done
	cp $(filter-out $(DIAL_KINEMATIC_SCENES) $(FIELD_SCENES),$(SCENES)) $(OUT)/differential/committed/
	$(VENV_PY) Tests/Reference/compare.py --feel $(DEBUG) --scenes $(OUT)/differential/committed \
	  --tol-pt 1e-6 --tol-rad 1e-8
	mkdir -p $(OUT)/differential/committed-fields && cp $(filter-out $(NOISE_SCENES),$(FIELD_SCENES)) $(OUT)/differential/committed-fields/
	$(VENV_PY) Tests/Reference/compare.py --feel $(DEBUG) --scenes $(OUT)/differential/committed-fields
	$(VENV_PY) Tests/Reference/random_scenes.py $(OUT)/differential/random-ios7 --count $(DIFF_IOS7_COUNT) --seed $(DIFF_SEED) --profile ios7 >/dev/null
	$(VENV_PY) Tests/Reference/compare.py --feel $(DEBUG) --scenes $(OUT)/differential/random-ios7
	for f in Tests/Reference/scenes/*.toml; do cp $$f $(OUT)/differential/committed-ios7/reference-$$(basename $$f); done
	cp $(filter-out $(DIAL_KINEMATIC_SCENES) $(IOS9_SCENES),$(SCENES)) $(OUT)/differential/committed-ios7/
	$(VENV_PY) Tests/Reference/compare.py --feel $(DEBUG) --scenes $(OUT)/differential/committed-ios7 \
	  --profile ios7 --tol-pt 1e-6 --tol-rad 1e-8
	$(VENV_PY) Tests/Reference/random_scenes.py $(OUT)/differential/touch-attachment --family touch-attachment \
	  --count $(DIFF_TOUCH_COUNT) --seed $(DIFF_SEED) >/dev/null
	$(VENV_PY) Tests/Reference/compare.py --feel $(DEBUG) --scenes $(OUT)/differential/touch-attachment --pause-frames 0
	$(VENV_PY) Tests/Reference/random_scenes.py $(OUT)/differential/touch-kinematic --family touch-kinematic \
	  --count $(DIFF_TOUCH_KINEMATIC_COUNT) --seed $(DIFF_SEED) >/dev/null
	$(VENV_PY) Tests/Reference/compare.py --feel $(DEBUG) --scenes $(OUT)/differential/touch-kinematic --pause-frames 0
	$(VENV_PY) Tests/Reference/random_scenes.py $(OUT)/differential/spin-in-place --family spin-in-place \
	  --count $(DIFF_SPIN_COUNT) --seed $(DIFF_SEED) >/dev/null
	$(VENV_PY) Tests/Reference/compare.py --feel $(DEBUG) --scenes $(OUT)/differential/spin-in-place --pause-frames 0
	$(VENV_PY) Tests/Reference/random_scenes.py $(OUT)/differential/items --family items \
	  --count $(DIFF_ITEMS_COUNT) --seed $(DIFF_SEED) >/dev/null
	$(VENV_PY) Tests/Reference/compare.py --feel $(DEBUG) --scenes $(OUT)/differential/items
	$(VENV_PY) Tests/Reference/random_scenes.py $(OUT)/differential/items-ios7 --family items \
	  --count $(DIFF_ITEMS_IOS7_COUNT) --seed $(DIFF_SEED) --profile ios7 >/dev/null
	$(VENV_PY) Tests/Reference/compare.py --feel $(DEBUG) --scenes $(OUT)/differential/items-ios7
	$(VENV_PY) Tests/Reference/random_scenes.py $(OUT)/differential/items-ios9 --family items-ios9 \
	  --count $(DIFF_ITEMS_IOS9_COUNT) --seed $(DIFF_SEED) >/dev/null
	$(VENV_PY) Tests/Reference/compare.py --feel $(DEBUG) --scenes $(OUT)/differential/items-ios9
	$(VENV_PY) Tests/Reference/random_scenes.py $(OUT)/differential/fields --family fields \
	  --count $(DIFF_FIELDS_COUNT) --seed $(DIFF_SEED) >/dev/null
	$(VENV_PY) Tests/Reference/compare.py --feel $(DEBUG) --scenes $(OUT)/differential/fields
	$(VENV_PY) Tests/Reference/random_scenes.py $(OUT)/differential/joints --family joints \
	  --count $(DIFF_JOINTS_COUNT) --seed $(DIFF_SEED) >/dev/null
	$(VENV_PY) Tests/Reference/compare.py --feel $(DEBUG) --scenes $(OUT)/differential/joints

# The feel regression gate: every experiment and control preset against its baseline in
# experiments/baselines/ (exit 1 on drift). Baselines change only on purpose, with
# `feel check --record` (docs/check.md, "Changing a constant on purpose"). The release build
# (which `make test` builds anyway): the SIMD lanes of the sweeps are slow unoptimised.
check: release
	$(RELEASE) check

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

# Debian's eslint (6.x) for the notebook's scripts; its rules know ES2019 at most (no `?.`, no
# `??`). It keeps its modules in /usr/share/nodejs, which Debian's node searches and other builds
# of node (NodeSource's) do not: ESLINT says so in NODE_PATH.
ESLINT := NODE_PATH=/usr/share/nodejs$(if $(NODE_PATH),:$(NODE_PATH)) eslint
eslint:
	@command -v eslint >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "installing eslint (apt-get)"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq eslint >/dev/null) \
	      || { echo "could not install eslint; install it and re-run" >&2; exit 1; }; \
	  elif [ "$$(uname)" = Darwin ]; then \
	    echo "eslint is missing: npm install -g eslint@6" >&2; exit 1; \
	  else echo "eslint is missing: install it with your package manager" >&2; exit 1; fi; }
	@$(ESLINT) --version >/dev/null 2>&1 || { \
	  echo "eslint is installed but does not run ($(ESLINT) --version fails)" >&2; exit 1; }

# The notebook's scripts against Sources/FeelNotebook/Resources/.eslintrc.json (no warnings).
lint-js: eslint
	$(ESLINT) --max-warnings 0 Sources/FeelNotebook/Resources

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

# Every experiment through `feel sweep` into $(OUT)/data/NAME.csv, the SOLVES through `feel
# solve` into $(OUT)/data/solve-NAME.csv, the controls' trajectory charts (experiments/controls/,
# docs/controls.md: `feel controls --trajectories`, one CSV per chart with a `scene` column), their
# export charts (`feel export`'s overlay of UIKit's motion and each framework's fit into
# $(OUT)/data/export-NAME.csv, docs/export.md "Chart"), then every plots/NAME.gp drawn from
# $(OUT)/data/NAME.csv into $(OUT)/plots/NAME.png and NAME.svg.
# plots/generic.gp is not one of them: it draws every experiment that has no plots/NAME.gp of
# its own (generic-charts below).
PLOT_SCRIPTS := $(filter-out plots/generic.gp,$(sort $(wildcard plots/*.gp)))

# The designer questions `make plots` answers with `feel solve` (docs/solve.md): SOLVE_NAME is
# an experiment and its targets; the CSV goes to $(OUT)/data/solve-NAME.csv (drawn by
# plots/solve-NAME.gp), the summary to $(OUT)/data/solve-NAME.txt.
SOLVES := snap-damping-release tap-hint-push-gravity
# At an 80 pt release: overshoot at most 3 pt, still within 0.35 s, as fast as possible.
SOLVE_snap-damping-release := experiments/snap-damping-release.toml \
  --where 'overshoot_pt <= 3' --where 'settle_time_s <= 0.35' --minimize settle_time_s \
  --fix release_pt=80
# A tap hint whose hop is at least 12 pt (Castro's hops 14.5 pt), over as soon as possible.
SOLVE_tap-hint-push-gravity := experiments/tap-hint-push-gravity.toml \
  --where 'hop_pt >= 12' --minimize hint_total_s

plots: release gnuplot
	@mkdir -p $(OUT)/data $(OUT)/plots
	@for e in $(EXPERIMENTS); do n=$$(basename $$e .toml); \
	  $(RELEASE) sweep $$e --output $(OUT)/data/$$n.csv || exit 1; done
	@$(foreach s,$(SOLVES),$(RELEASE) solve $(SOLVE_$(s)) --output $(OUT)/data/solve-$(s).csv \
	  > $(OUT)/data/solve-$(s).txt || { cat $(OUT)/data/solve-$(s).txt; exit 1; }; \
	  echo "feel solve: $(s) -> $(OUT)/data/solve-$(s).csv, .txt";)
	@$(RELEASE) controls --trajectories $(OUT)/data
	@scenes=$$($(RELEASE) controls --export-scenes) || exit 1; for f in $$scenes; do \
	  d=$(OUT)/data/export-$$(basename $$f .toml).csv; \
	  $(RELEASE) export $$f --to swiftui,caspring,compose,css --json \
	    --samples $$d > /dev/null || exit 1; echo "feel export: $$f -> $$d"; done
	@for gp in $(PLOT_SCRIPTS); do n=$$(basename $$gp .gp); \
	  for format in png svg; do \
	    gnuplot -e "data='$(OUT)/data/$$n.csv'; output='$(OUT)/plots/$$n.$$format'" $$gp || exit 1; \
	  done; echo "gnuplot: $$gp -> $(OUT)/plots/$$n.png, .svg"; done
	@$(MAKE) --no-print-directory generic-charts
	@$(MAKE) --no-print-directory notebook

# The generic chart of every experiment without its own plots/NAME.gp (docs/experiments.md, "A
# chart for every experiment"): `feel chart-spec` writes the charts the notebook draws for it
# (its [[chart]] sections, else the default choice) as gnuplot variables into
# $(OUT)/data/NAME.chart.gp, and plots/generic.gp draws them side by side from
# $(OUT)/data/NAME.csv (which `make plots` swept) into $(OUT)/plots/NAME.png and NAME.svg.
generic-charts: release gnuplot
	@mkdir -p $(OUT)/data $(OUT)/plots
	@for e in $(EXPERIMENTS); do n=$$(basename $$e .toml); \
	  [ -f plots/$$n.gp ] && continue; \
	  $(RELEASE) chart-spec $$e --output $(OUT)/data/$$n.chart.gp || exit 1; \
	  for format in png svg; do \
	    gnuplot -e "data='$(OUT)/data/$$n.csv'; spec='$(OUT)/data/$$n.chart.gp'; output='$(OUT)/plots/$$n.$$format'" \
	      plots/generic.gp || exit 1; \
	  done; echo "gnuplot: plots/generic.gp ($(OUT)/data/$$n.chart.gp) -> $(OUT)/plots/$$n.png, .svg"; done

# The tuning notebook: index.html, notebook.css, js/*.js, data/*.js and copies of the charts in
# $(OUT)/plots; the SOLVES questions answered with feel solve's rules beside their experiments.
# Open $(OUT)/notebook/index.html from disk.
notebook: release
	$(RELEASE) notebook --output $(OUT)/notebook --charts $(OUT)/plots \
	  $(foreach s,$(SOLVES),--solve "$(SOLVE_$(s))")

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

# A designer's own control (issue 26, Tests/Designer): the generic chart of an experiment
# without plots/NAME.gp through `make generic-charts`, `feel solve --for-all` against a
# brute-force reading of the sweep CSV, the messages a new user meets, and every command of
# docs/tutorial.md run in a scratch project.
test-designer: release gnuplot
	FEEL=$(RELEASE) $(PYTHON) -m unittest discover -s Tests/Designer -p 'test_*.py'

# Installing and sharded sweeps on real schedulers (Tests/Cluster, docs/install.md and
# docs/sweeps.md): `make install` and `make uninstall` into a temporary PREFIX, the installed
# feel run from a folder outside the checkout, bash completion; a one-node Slurm cluster
# (started from a configuration in a temporary folder, stopped at the end) running the docs'
# job array and merge, a shard killed and re-submitted; GNU parallel's one-liner and
# --joblog --resume; the Kubernetes Job and Containerfile of deploy/, without a cluster.
CLUSTER_DEPS := $(VENV)/.cluster-requirements
$(CLUSTER_DEPS): Tests/Cluster/requirements.txt $(VENV_PY)
	$(VENV_PY) -m pip install --quiet --disable-pip-version-check -r Tests/Cluster/requirements.txt
	@touch $@

test-cluster: release cluster-tools $(CLUSTER_DEPS)
	FEEL=$(RELEASE) $(VENV_PY) -m unittest discover -s Tests/Cluster -p 'test_*.py' -v

# `feel serve` (docs/studio.md): the server as a process on a free port, started and stopped by
# each test (Tests/Serve): /api/run and /api/metrics against feel run and feel metrics on every
# committed scene, /api/sweep against feel sweep -o -, the access rules and limits, SIGTERM and
# SIGINT. The debug builds `make build` made (the server's SwiftNIO is built in debug only).
SERVE_DEBUG   := .build/debug/feel-serve
SERVE_RELEASE := .build/release/feel-serve

SERVE_DEPS := $(VENV)/.serve-requirements
$(SERVE_DEPS): Tests/Serve/requirements.txt $(VENV_PY)
	$(VENV_PY) -m pip install --quiet --disable-pip-version-check -r Tests/Serve/requirements.txt
	@touch $@

test-serve: build chromium $(NOTEBOOK_DEPS) $(SERVE_DEPS)
	FEEL=$(DEBUG) FEEL_SERVE=$(SERVE_DEBUG) $(VENV_PY) -m unittest discover -s Tests/Serve -p 'test_*.py'

# Every tool on every committed scene and experiment (docs/support.md, Tests/Matrix): feel run,
# metrics, inspect, export --to each target (and --strict); feel sweep, check, solve, notebook and
# the studio's re-sweep. Each cell succeeds or exits 2 naming what it cannot handle, and
# docs/support.md's table is what the matrix found. The release feel; the debug feel-serve that
# `make build` made (the re-sweeps' axes are cut to two values).
test-matrix: release build $(SERVE_DEPS)
	FEEL=$(RELEASE) FEEL_SERVE=$(SERVE_DEBUG) $(VENV_PY) -m unittest discover -s Tests/Matrix -p 'test_*.py'

# The studio (docs/studio.md): feel-serve (release) on the committed experiments, on
# STUDIO_PORT of 127.0.0.1; it prints the URL to open, and stops on Ctrl-C. The page is the
# notebook, built when first opened (with the charts of `make plots`, if it drew them).
STUDIO_PORT ?= 8765
studio:
	$(SWIFT) build -c release --product feel-serve
	$(SERVE_RELEASE) --port $(STUDIO_PORT)

# The server's speed (docs/studio.md, "Speed"): /api/run against spawning feel run for each
# request, and /api/sweep's points per second against feel sweep's, with 1 and 8 clients of a
# load generator (Debian's hey), all in the same run; release builds.
load-generator:
	@command -v hey >/dev/null 2>&1 || { \
	  if command -v apt-get >/dev/null 2>&1; then \
	    echo "installing hey (apt-get)"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hey >/dev/null) \
	      || { echo "could not install hey; install it and re-run" >&2; exit 1; }; \
	  elif [ "$$(uname)" = Darwin ]; then \
	    echo "hey is missing: brew install hey" >&2; exit 1; \
	  else echo "hey is missing: install it with your package manager" >&2; exit 1; fi; }

bench-serve: release load-generator $(SERVE_DEPS)
	$(SWIFT) build -c release --product feel-serve
	$(SWIFT) build -c release --product feel-live-load
	@mkdir -p $(OUT)/bench
	FEEL=$(RELEASE) FEEL_SERVE=$(SERVE_RELEASE) FEEL_LIVE_LOAD=.build/release/feel-live-load \
	  $(VENV_PY) Tests/Serve/bench_serve.py --csv $(OUT)/bench/serve.csv

# The server staying up (docs/studio.md, "Staying up"), release builds, loopback, not part of
# `make test`: resident memory over 2,000 + 20,000 POST /api/metrics (one in ten a TOML syntax
# error; target at most 4 MB of growth), over 8 live sessions for 180 s (target at most 1 MB
# between 30 s and 180 s), then 8 live sessions and a mix of API requests (one in ten malformed)
# for SOAK_SECONDS, every 10 s, with the slope after SOAK_WARMUP_SECONDS.
SOAK_SECONDS ?= 300
SOAK_WARMUP_SECONDS ?= 60
soak: $(SERVE_DEPS)
	$(SWIFT) build -c release --product feel-serve
	$(SWIFT) build -c release --product feel-live-load
	FEEL_SERVE=$(SERVE_RELEASE) FEEL_LIVE_LOAD=.build/release/feel-live-load \
	  $(VENV_PY) Tests/Serve/soak_serve.py --soak-seconds $(SOAK_SECONDS) \
	  --soak-warmup $(SOAK_WARMUP_SECONDS)

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

# FeelLab's TOML reader against tomli (Tests/TOML, docs/fuzzing.md "The TOML reader"): the
# committed files, the fuzz corpus, TOML 1.0's edge cases and TOML_MUTATIONS mutated inputs of
# each fuzz target, read alike.
TOML_DEPS := $(VENV)/.toml-requirements
$(TOML_DEPS): Tests/TOML/requirements.txt $(VENV_PY)
	$(VENV_PY) -m pip install --quiet --disable-pip-version-check -r Tests/TOML/requirements.txt
	@touch $@
TOML_MUTATIONS ?= 4000
test-toml: $(TOML_DEPS)
	$(SWIFT) build -c release --product feel-fuzz
	FEEL_FUZZ=.build/release/feel-fuzz TOML_MUTATIONS=$(TOML_MUTATIONS) \
	  $(VENV_PY) -m unittest discover -s Tests/TOML -p 'test_*.py'

fuzz: fuzz-svg
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

# `feel svg` (docs/svg.md): a short seeded fuzz run, then the Python tests against an
# independent SVG path library (svgelements, test-only) on a corpus of real-world icons, the
# generated Swift and C against stand-in Core Graphics declarations, and each glyph rendered by
# Chromium as an <img> against glyph.js drawing `feel svg --to canvas`.
GLYPHS := $(sort $(wildcard experiments/glyphs/*.svg))
SVG_DEPS := $(VENV)/.svg-requirements
$(SVG_DEPS): Tests/SVG/requirements.txt $(VENV_PY)
	$(VENV_PY) -m pip install --quiet --disable-pip-version-check -r Tests/SVG/requirements.txt
	@touch $@

test-svg: build chromium $(NOTEBOOK_DEPS) $(SVG_DEPS)
	.build/debug/feel-svg-fuzz --runs $(FUZZ_TEST_RUNS) --seed $(FUZZ_SEED) --corpus $(GLYPHS)
	FEEL=$(DEBUG) $(VENV_PY) -m unittest discover -s Tests/SVG -p 'test_*.py'

# The full fuzz run: FUZZ_RUNS cases of seed FUZZ_SEED (release build); each must convert or
# fail cleanly within 100 ms of CPU time.
fuzz-svg:
	$(SWIFT) build -c release --product feel-svg-fuzz
	.build/release/feel-svg-fuzz --runs $(FUZZ_RUNS) --seed $(FUZZ_SEED) --corpus $(GLYPHS)

# The sweep section: grid points per second on BENCH_THREADS threads for a 60,000-point release
# grid, a 12,000-point tap-hint grid and experiment 1, as multiples of a C loop of the snap's
# float32 math (Tests/Bench/snap_loop.c, gcc -O2) run before and after them; next to pybox2d's
# rate on BENCH_SAMPLES evenly spaced points of each grid and the bare Swift loops.
BENCH_SWEEPS := experiments/bench/release-60k.toml experiments/bench/tap-hint-12k.toml \
  experiments/snap-damping-release.toml
SNAP_LOOP := $(OUT)/bench/snap-loop
$(SNAP_LOOP): Tests/Bench/snap_loop.c
	@mkdir -p $(@D)
	gcc -O2 -o $@ $< -lm
BENCH_THREADS ?= 2
BENCH_SAMPLES ?= 48
# The fields section: Apple's StickyCorners throws (four spring fields in rect regions), feel
# against pybox2d with the reference engine's fields; issue 23's target is a weighted
# feel/pybox2d ratio of at most BENCH_FIELD_TARGET (docs/performance.md).
FIELD_BENCH_SCENES := $(sort $(wildcard experiments/scenes/sticky-*.toml))
BENCH_FIELD_TARGET ?= 0.5

bench: release $(VENV_PY) $(SNAP_LOOP)
	$(SWIFT) build -c release --product feel-bench
	@mkdir -p $(OUT)/bench
	@scenes="$(filter-out $(TOUCH_SCENES),$(sort $(wildcard experiments/scenes/castro-*.toml)))"; \
	  seconds="$(or $(BENCH_SECONDS),0.5)"; \
	  echo "pybox2d 2.3.10 (reference engine) on the same scenes, $$seconds s each..."; \
	  $(VENV_PY) Tests/Reference/bench_reference.py --min-seconds $$seconds $$scenes \
	    > $(OUT)/bench/pybox2d.csv && \
	  .build/release/feel-bench --min-seconds $$seconds --reference $(OUT)/bench/pybox2d.csv \
	    --csv $(OUT)/bench/feel.csv $$scenes && \
	  echo "" && echo "scenes with touches (timed apart, so the Castro figure above stays comparable)" && \
	  $(VENV_PY) Tests/Reference/bench_reference.py --min-seconds $$seconds $(filter-out $(DIAL_KINEMATIC_SCENES),$(TOUCH_SCENES)) \
	    > $(OUT)/bench/pybox2d-touch.csv && \
	  .build/release/feel-bench --min-seconds $$seconds --reference $(OUT)/bench/pybox2d-touch.csv \
	    --csv $(OUT)/bench/feel-touch.csv $(filter-out $(DIAL_KINEMATIC_SCENES),$(TOUCH_SCENES)) && \
	  echo "" && echo "items that touch (docs/shapes.md: two cards, a puck between bumpers)" && \
	  $(VENV_PY) Tests/Reference/bench_reference.py --min-seconds $$seconds $(ITEM_SCENES) \
	    > $(OUT)/bench/pybox2d-items.csv && \
	  .build/release/feel-bench --min-seconds $$seconds --reference $(OUT)/bench/pybox2d-items.csv \
	    --csv $(OUT)/bench/feel-items.csv $(ITEM_SCENES) && \
	  echo "" && echo "fields (StickyCorners): pybox2d with the reference engine's fields (docs/performance.md)" && \
	  $(VENV_PY) Tests/Reference/bench_reference.py --min-seconds $$seconds $(FIELD_BENCH_SCENES) \
	    > $(OUT)/bench/pybox2d-fields.csv && \
	  .build/release/feel-bench --min-seconds $$seconds --reference $(OUT)/bench/pybox2d-fields.csv \
	    --target-ratio $(BENCH_FIELD_TARGET) --csv $(OUT)/bench/feel-fields.csv $(FIELD_BENCH_SCENES)
	@echo ""
	@seconds="$(or $(BENCH_SECONDS),0.5)"; rm -rf $(OUT)/bench/samples && \
	  .build/release/feel-bench --write-samples $(OUT)/bench/samples --samples $(BENCH_SAMPLES) \
	    $(BENCH_SWEEPS) && \
	  echo "pybox2d 2.3.10 on $(BENCH_SAMPLES) points of each grid..." && \
	  $(VENV_PY) Tests/Reference/bench_sweep_reference.py --min-seconds $$seconds \
	    $(OUT)/bench/samples > $(OUT)/bench/pybox2d-sweeps.csv && \
	  .build/release/feel-bench --sweeps --threads $(BENCH_THREADS) --min-seconds $$seconds \
	    --reference-sweeps $(OUT)/bench/pybox2d-sweeps.csv --c-loop $(SNAP_LOOP) \
	    --csv $(OUT)/bench/sweeps.csv $(BENCH_SWEEPS)
	@$(MAKE) --no-print-directory bench-notebook
	@$(MAKE) --no-print-directory bench-serve

# The notebook's speed in headless Chromium: time to the first explorer (target 1 s) and
# playback against the wall clock (the browser test checks both without timing them).
bench-notebook: notebook chromium $(NOTEBOOK_DEPS)
	NOTEBOOK=$(OUT)/notebook $(VENV_PY) Tests/Notebook/bench_notebook.py

clean:
	rm -rf $(OUT)
