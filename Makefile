# FeelLab: `make plots` runs the main job, `make test` every test; on a fresh machine they install
# what they need (apt-get as root, pip into .venv). `make help` lists the targets' `## ` notes.

SHELL := /bin/bash
.DEFAULT_GOAL := help

SWIFT      ?= swift
PYTHON     ?= python3
OUT        := out
VENV       := .venv
VENV_PY    := $(VENV)/bin/python
RELEASE_DIR := .build/release
RELEASE    := $(RELEASE_DIR)/feel
DEBUG      := .build/debug/feel
EXPERIMENTS := $(sort $(wildcard experiments/*.toml))
SCENES     := $(sort $(wildcard experiments/scenes/*.toml))
comma := ,

help: ## lists every target, one line each
	@awk -F ':.*## ' '/^[a-z][a-z0-9-]*:.*## /{printf "make %-18s %s\n", $$1, $$2}' $(lastword $(MAKEFILE_LIST))

# $(call apt,COMMAND:PACKAGE …,ELSE): one apt-get (as root) installs the packages whose command is
# missing; else says what is missing and ELSE and fails, unless ELSE is `skip` (tests skip then).
apt = @missing=""; for pair in $(1); do \
	  command -v $${pair%%:*} >/dev/null 2>&1 || missing="$$missing $${pair\#*:}"; done; \
	[ -z "$$missing" ] && exit 0; \
	if command -v apt-get >/dev/null 2>&1 && [ "$$(id -u)" = 0 ]; then \
	  echo "installing$$missing (apt-get)"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    -o DPkg::Lock::Timeout=300 $$missing >/dev/null) \
	    || { echo "could not install$$missing; install them and re-run" >&2; exit 1; }; \
	else echo "missing:$$missing (Debian's packages, installed by apt-get as root;" \
	  "$(if $(filter skip,$(2)),the tests skip what needs them,$(2)))" >&2; $(if $(filter skip,$(2)),true,exit 1); fi

gnuplot: ## installs gnuplot for the charts
	$(call apt,gnuplot:gnuplot-nox,on macOS: brew install gnuplot)
CHROMIUM_ELSE := on macOS: brew install --cask chromium chromedriver$(comma) then CHROMIUM=... CHROMEDRIVER=...
chromium: ## installs chromium and chromedriver for the browser tests
	$(call apt,chromium:chromium chromedriver:chromium-driver,$(CHROMIUM_ELSE))

# Debian's eslint (6.x: ES2019 at most) keeps its modules where only Debian's node looks.
ESLINT := NODE_PATH=/usr/share/nodejs$(if $(NODE_PATH),:$(NODE_PATH)) eslint
eslint: ## installs eslint for the notebook's scripts
	$(call apt,eslint:eslint,on macOS: npm install -g eslint@6)
	@$(ESLINT) --version >/dev/null 2>&1 || { \
	  echo "eslint is installed but does not run ($(ESLINT) --version fails)" >&2; exit 1; }
# They start nothing: Tests/Contract/Cluster starts its own one-node cluster from a temporary folder.
CLUSTER_TOOLS := slurmctld:slurmctld slurmd:slurmd sbatch:slurm-client munged:munge parallel:parallel
cluster-tools: ## installs Slurm, munge and GNU parallel (the cluster test skips without them)
	$(call apt,$(CLUSTER_TOOLS),skip)
load-generator: ## installs hey, make bench-serve's load generator
	$(call apt,hey:hey,on macOS: brew install hey)

# $(call pip,NAME): Tests/Contract/NAME/requirements.txt installed into .venv (Reference's: pybox2d 2.3.10).
pip = $(VENV)/.$(1)-requirements
REFERENCE_DEPS := $(call pip,Reference)
$(VENV)/pyvenv.cfg:
	$(PYTHON) -m venv $(VENV)
$(VENV)/.%-requirements: Tests/Contract/%/requirements.txt $(VENV)/pyvenv.cfg
	$(VENV_PY) -m pip install --quiet --disable-pip-version-check -r $<
	@touch $@
venv: $(REFERENCE_DEPS) ## creates .venv with the reference engine (pybox2d)
build: ## builds every product in debug
	$(SWIFT) build
release: ## builds feel in release (.build/release/feel)
	$(SWIFT) build -c release --product feel $(SWIFT_RELEASE_FLAGS)
	@touch $(RELEASE)

# Installing (docs/install.md): INSTALL_PRODUCTS, the page files (the bundle `feel` looks for beside
# itself, then in ../share/feel) and shell completions under PREFIX, staged under DESTDIR.
PREFIX     ?= /usr/local
INSTALL_PRODUCTS := feel feel-serve
RESOURCE_BUNDLE := FeelLab_FeelNotebook.$(if $(filter Darwin,$(shell uname -s)),bundle,resources)
INSTALL_BIN  = $(DESTDIR)$(PREFIX)/bin
INSTALL_DATA = $(DESTDIR)$(PREFIX)/share/feel
INSTALL_BASH = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
INSTALL_ZSH  = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
INSTALL_FISH = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

# A release product, rebuilt only when a source is newer (`make release`, then `sudo make install`
# builds nothing); the targets that run a tool other than feel name it as a prerequisite.
INSTALL_SOURCES := Package.swift $(shell find Sources -type f)
$(RELEASE_DIR)/%: $(INSTALL_SOURCES)
	$(SWIFT) build -c release --product $* $(SWIFT_RELEASE_FLAGS)
	@touch $@

install: $(addprefix $(RELEASE_DIR)/,$(INSTALL_PRODUCTS)) ## installs feel under PREFIX (/usr/local)
	install -d "$(INSTALL_BIN)" "$(INSTALL_DATA)" "$(INSTALL_BASH)" "$(INSTALL_ZSH)" "$(INSTALL_FISH)"
	rm -rf "$(INSTALL_DATA)/$(RESOURCE_BUNDLE)" "$(INSTALL_DATA)/.$(RESOURCE_BUNDLE).tmp"
	cp -R "$(RELEASE_DIR)/$(RESOURCE_BUNDLE)" "$(INSTALL_DATA)/.$(RESOURCE_BUNDLE).tmp"
	chmod -R u+rwX,go+rX,go-w "$(INSTALL_DATA)/.$(RESOURCE_BUNDLE).tmp"
	mv "$(INSTALL_DATA)/.$(RESOURCE_BUNDLE).tmp" "$(INSTALL_DATA)/$(RESOURCE_BUNDLE)"
	@set -e; for p in $(INSTALL_PRODUCTS); do \
	  echo "install $(RELEASE_DIR)/$$p -> $(INSTALL_BIN)/$$p, completions"; \
	  install -m 0755 "$(RELEASE_DIR)/$$p" "$(INSTALL_BIN)/$$p"; \
	  for c in bash:"$(INSTALL_BASH)/$$p" zsh:"$(INSTALL_ZSH)/_$$p" fish:"$(INSTALL_FISH)/$$p.fish"; do \
	    f="$${c#*:}"; t="$$(dirname "$$f")/.$$(basename "$$f").tmp"; \
	    "$(RELEASE_DIR)/$$p" --generate-completion-script "$${c%%:*}" > "$$t"; \
	    mv "$$t" "$$f"; chmod 0644 "$$f"; \
	  done; \
	done

uninstall: ## removes exactly what make install wrote
	@set -e; for p in $(INSTALL_PRODUCTS); do rm -f "$(INSTALL_BIN)/$$p" "$(INSTALL_BASH)/$$p" \
	  "$(INSTALL_ZSH)/_$$p" "$(INSTALL_FISH)/$$p.fish"; done
	rm -rf "$(INSTALL_DATA)/$(RESOURCE_BUNDLE)"
	@rmdir "$(INSTALL_DATA)" 2>/dev/null || true
format: ## formats the Swift sources in place (swift format)
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift
lint: ## checks the Swift sources' formatting, strictly
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift
lint-js: eslint ## lints the notebook's scripts (no warnings)
	$(ESLINT) --max-warnings 0 Sources/FeelNotebook/Resources
clean: ## removes out/
	rm -rf $(OUT)

# `make plots`' designer questions for `feel solve` (docs/solve.md): at an 80 pt release, overshoot
# ≤ 3 pt, still within 0.35 s, soonest; a tap hint's hop ≥ 12 pt (Castro's 14.5), over soonest.
SOLVES := snap-damping-release tap-hint-push-gravity
SOLVE_snap-damping-release := experiments/snap-damping-release.toml \
  --where 'overshoot_pt <= 3' --where 'settle_time_s <= 0.35' --minimize settle_time_s --fix release_pt=80
SOLVE_tap-hint-push-gravity := experiments/tap-hint-push-gravity.toml \
  --where 'hop_pt >= 12' --minimize hint_total_s
PLOT_SCRIPTS := $(filter-out plots/generic.gp,$(sort $(wildcard plots/*.gp)))
GENERIC_CHARTS = $(foreach e,$(EXPERIMENTS),$(if $(wildcard plots/$(basename $(notdir $(e))).gp),,$(e)))

# $(call draw,NAMES,SCRIPT[,SPEC]): for each NAME (% in SCRIPT and SPEC), gnuplot's SCRIPT draws
# $(OUT)/data/NAME.csv, with SPEC's values, into $(OUT)/plots/NAME.png and .svg; side by side.
draw = pids=""; for n in $(1); do gp=$(subst %,$$n,$(2)); spec=$(subst %,$$n,$(3)); \
	  vars="data='$(OUT)/data/$$n.csv';$${spec:+ spec='$$spec';}"; (for format in png svg; do \
	    gnuplot -e "$$vars output='$(OUT)/plots/$$n.$$format'" $$gp || exit 1; done; \
	  echo "gnuplot: $$gp$${spec:+ ($$spec)} -> $(OUT)/plots/$$n.png, .svg") & pids="$$pids $$!"; done; \
	for p in $$pids; do wait $$p || exit 1; done

# Sweeps into $(OUT)/data/NAME.csv, SOLVES, the controls' charts' data; then every chart, the notebook.
plots: release gnuplot ## sweeps every experiment and draws its charts into out/, then the notebook
	@mkdir -p $(OUT)/data $(OUT)/plots
	@for e in $(EXPERIMENTS); do $(RELEASE) sweep $$e -o $(OUT)/data/$$(basename $$e .toml).csv || exit 1; done
	@$(foreach s,$(SOLVES),$(RELEASE) solve $(SOLVE_$(s)) --output $(OUT)/data/solve-$(s).csv \
	  > $(OUT)/data/solve-$(s).txt || { cat $(OUT)/data/solve-$(s).txt; exit 1; }; \
	  echo "feel solve: $(s) -> $(OUT)/data/solve-$(s).csv, .txt";)
	@$(RELEASE) controls --trajectories $(OUT)/data
	@scenes=$$($(RELEASE) controls --export-scenes) || exit 1; for f in $$scenes; do \
	  d=$(OUT)/data/export-$$(basename $$f .toml).csv; \
	  $(RELEASE) export $$f --to swiftui,caspring,compose,css --json \
	    --samples $$d > /dev/null || exit 1; echo "feel export: $$f -> $$d"; done
	@$(call draw,$(basename $(notdir $(PLOT_SCRIPTS))),plots/%.gp)
	@$(MAKE) --no-print-directory generic-charts
	@$(MAKE) --no-print-directory notebook
# generic-charts and notebook need $(RELEASE) built, not another `swift build` (seconds for nothing).
generic-charts: $(RELEASE) gnuplot ## draws the chart of each experiment without a plots/NAME.gp
	@mkdir -p $(OUT)/data $(OUT)/plots
	@for e in $(GENERIC_CHARTS); do \
	  $(RELEASE) chart-spec $$e --output $(OUT)/data/$$(basename $$e .toml).chart.gp || exit 1; done
	@$(call draw,$(basename $(notdir $(GENERIC_CHARTS))),plots/generic.gp,$(OUT)/data/%.chart.gp)
notebook: $(RELEASE) ## writes the tuning notebook into out/notebook (open its index.html)
	$(RELEASE) notebook --output $(OUT)/notebook --charts $(OUT)/plots \
	  $(foreach s,$(SOLVES),--solve "$(SOLVE_$(s))")
check: release ## every experiment and control preset against experiments/baselines
	$(RELEASE) check

TESTS := test-swift test-reference test-differential test-notebook test-svg lint lint-js check \
  test-fuzz test-toml test-cluster test-serve test-designer test-matrix
test: $(TESTS) ## builds and runs every test (.ci/run calls this)
test-swift: build ## the Swift tests
	$(SWIFT) test

# $(call contract,SUITE[,PYTHON]): the Python tests Tests/Contract/SUITE/test_*.py (.venv's Python).
contract = $(or $(2),$(VENV_PY)) -m unittest discover -s Tests/Contract/$(1) -p 'test_*.py'
test-reference: $(REFERENCE_DEPS) ## the reference engine's self-tests
	$(call contract,Reference)

# Committed scenes picked by what they use, as `feel inspect SCENE --uses` names it (touch,
# rotation, field, noise, ios9), asked once per scene of FEEL_FOR_USES (the recipe's own build).
uses = $(if $(USES_$(1)),,$(eval USES_$(1) := - $(shell $(FEEL_FOR_USES) inspect $(1) --uses)))$(USES_$(1))
using = $(foreach f,$(2),$(if $(filter $(1),$(call uses,$(f))),$(f)))
not-using = $(foreach f,$(2),$(if $(filter $(1),$(call uses,$(f))),,$(f)))

# The differential test's random families (docs/validation.md), DIRECTORY:FAMILY:COUNT:PROFILE:PAUSE,
# each within 0.01 pt and 1e-4 rad of the reference; COUNT is DIFF_..._COUNT if given; PAUSE is
# how many frames the pause may differ by (`-`: compare.py's default; 0 where a touch ends it).
DIFF_SEED ?= 1
DIFF_FAMILIES = \
  random:mixed:$(or $(DIFF_COUNT),200):modern:- \
  random-ios7:mixed:$(or $(DIFF_IOS7_COUNT),200):ios7:- \
  touch-attachment:touch-attachment:$(or $(DIFF_TOUCH_COUNT),120):modern:0 \
  touch-kinematic:touch-kinematic:$(or $(DIFF_TOUCH_KINEMATIC_COUNT),60):modern:0 \
  spin-in-place:spin-in-place:$(or $(DIFF_SPIN_COUNT),60):modern:0 \
  items:items:$(or $(DIFF_ITEMS_COUNT),200):modern:- \
  items-ios7:items:$(or $(DIFF_ITEMS_IOS7_COUNT),100):ios7:- \
  items-ios9:items-ios9:$(or $(DIFF_ITEMS_IOS9_COUNT),200):modern:- \
  fields:fields:$(or $(DIFF_FIELDS_COUNT),220):modern:- \
  joints:joints:$(or $(DIFF_JOINTS_COUNT),200):modern:- \
  boundaries:boundaries:$(or $(DIFF_BOUNDARIES_COUNT),150):modern:- \
  boundaries-ios7:boundaries:$(or $(DIFF_BOUNDARIES_IOS7_COUNT),60):ios7:- \
  set-rules:set-rules:$(or $(DIFF_SET_COUNT),120):modern:- \
  set-rules-ios7:set-rules:$(or $(DIFF_SET_IOS7_COUNT),60):ios7:- \
  scroll:scroll:$(or $(DIFF_SCROLL_COUNT),120):modern:0
DIFF := $(OUT)/differential
COMPARE := $(VENV_PY) Tests/Contract/Reference/compare.py --feel $(DEBUG) --scenes
EXACT := --tol-pt 1e-6 --tol-rad 1e-8

# $(call diff-random,DIRECTORY FAMILY COUNT PROFILE PAUSE): one row of DIFF_FAMILIES.
define diff-random
	$(VENV_PY) Tests/Contract/Reference/random_scenes.py $(DIFF)/$(word 1,$(1)) --family $(word 2,$(1)) \
	  --count $(word 3,$(1)) --seed $(DIFF_SEED) --profile $(word 4,$(1)) >/dev/null
	$(COMPARE) $(DIFF)/$(word 1,$(1)) $(if $(filter-out -,$(word 5,$(1))),--pause-frames $(word 5,$(1)))

endef
# $(call diff-committed,DIRECTORY,SCENES,COMPARE OPTIONS): copies of committed scenes compared.
define diff-committed
	mkdir -p $(DIFF)/$(1) && cp $(2) $(DIFF)/$(1)/
	$(COMPARE) $(DIFF)/$(1) $(3)

endef

# Committed scenes and the reference's fixtures bit for bit in both profiles (ios7: no iOS 9 keys);
# field and scroll scenes at the families' tolerances (the reference's fields are double, its exp
# and log libm's); never inertia or detent (the reference models UIKit) or noise. Then each family.
test-differential: FEEL_FOR_USES := $(DEBUG)
test-differential: $(REFERENCE_DEPS) build ## feel against the reference engine (pybox2d), scene by scene
	rm -rf $(DIFF) && mkdir -p $(DIFF)/reference
	for f in Tests/Contract/Reference/scenes/*.toml; do cp $$f $(DIFF)/reference/reference-$$(basename $$f); done
	$(call diff-committed,committed,$(DIFF)/reference/*.toml $(call not-using,rotation field scroll,$(SCENES)),$(EXACT))
	$(call diff-committed,committed-fields,$(call not-using,noise,$(call using,field,$(SCENES))))
	$(call diff-committed,committed-scroll,$(call using,scroll,$(SCENES)))
	$(call diff-committed,committed-ios7,$(DIFF)/reference/*.toml $(call not-using,rotation ios9 scroll,$(SCENES)),--profile ios7 $(EXACT))
	$(foreach row,$(DIFF_FAMILIES),$(call diff-random,$(subst :, ,$(row))))

test-notebook: notebook chromium $(call pip,Notebook) ## the notebook in headless Chromium against feel run
	FEEL=$(RELEASE) NOTEBOOK=$(OUT)/notebook $(call contract,Notebook)
test-designer: release gnuplot ## a designer's own control, a new user's messages, docs/tutorial.md
	FEEL=$(RELEASE) $(call contract,Designer,$(PYTHON))
test-cluster: release cluster-tools $(call pip,Cluster) ## make install, Slurm, GNU parallel, deploy/
	FEEL=$(RELEASE) $(call contract,Cluster) -v

# The server is tested in debug (`make build`: its SwiftNIO is built in debug only).
SERVE_DEBUG   := .build/debug/feel-serve
SERVE_RELEASE := $(RELEASE_DIR)/feel-serve
LIVE_LOAD     := $(RELEASE_DIR)/feel-live-load
test-serve: build chromium $(call pip,Notebook) $(call pip,Serve) ## feel serve as a process: signals, memory, raw frames, the page
	FEEL=$(DEBUG) FEEL_SERVE=$(SERVE_DEBUG) $(call contract,Serve)

# Each cell succeeds or exits 2 naming what it cannot handle, as docs/support.md's table says.
test-matrix: release build $(call pip,Serve) ## every tool on every committed scene and experiment
	FEEL=$(RELEASE) FEEL_SERVE=$(SERVE_DEBUG) $(call contract,Matrix)

# Fuzzing (docs/fuzzing.md): the readers of FeelFuzz/FuzzTargets.swift on mutated committed files: no
# crash, no input over FUZZ_TIME_LIMIT_MS of CPU, each rejection one line; failures in $(OUT)/fuzz/.
FUZZ_RUNS ?= 1000000
FUZZ_TEST_RUNS ?= 20000
FUZZ_SEED ?= 1
FUZZ_TIME_LIMIT_MS ?= 100
FUZZ := $(RELEASE_DIR)/feel-fuzz --seed $(FUZZ_SEED) --time-limit $(FUZZ_TIME_LIMIT_MS) --output $(OUT)/fuzz
SVG_FUZZ_INPUT := --seed $(FUZZ_SEED) --corpus $(sort $(wildcard experiments/glyphs/*.svg))
TOML_MUTATIONS ?= 4000
test-fuzz: $(RELEASE_DIR)/feel-fuzz ## the readers under FUZZ_TEST_RUNS (20,000) mutated inputs each
	$(FUZZ) --runs $(FUZZ_TEST_RUNS)
test-toml: $(RELEASE_DIR)/feel-fuzz $(call pip,TOML) ## FeelLab's TOML reader against tomli (TOML_MUTATIONS inputs per reader)
	FEEL_FUZZ=$(RELEASE_DIR)/feel-fuzz TOML_MUTATIONS=$(TOML_MUTATIONS) $(call contract,TOML)

# A short fuzz run; output against svgelements, compiled against stand-in Core Graphics, drawn.
test-svg: build chromium $(call pip,Notebook) $(call pip,SVG) ## feel svg (docs/svg.md)
	.build/debug/feel-svg-fuzz --runs $(FUZZ_TEST_RUNS) $(SVG_FUZZ_INPUT)
	FEEL=$(DEBUG) $(call contract,SVG)

fuzz: fuzz-svg $(RELEASE_DIR)/feel-fuzz ## the readers under FUZZ_RUNS (1,000,000) mutated inputs each
	$(FUZZ) --runs $(FUZZ_RUNS)
# Built apart in .build/libfuzzer; crashes in $(OUT)/fuzz/TARGET-crash-…, corpus and log beside.
fuzz-libfuzzer: $(RELEASE_DIR)/feel-fuzz ## the same readers under libFuzzer (coverage-guided; Linux toolchains)
	$(SWIFT) build -c release --product feel-fuzz --scratch-path .build/libfuzzer \
	  --sanitize=fuzzer -Xswiftc -DFEEL_LIBFUZZER
	$(FUZZ) --runs $(FUZZ_RUNS) --libfuzzer .build/libfuzzer/release/feel-fuzz

fuzz-svg: $(RELEASE_DIR)/feel-svg-fuzz ## feel svg's reader under FUZZ_RUNS cases, each within 100 ms of CPU
	$(RELEASE_DIR)/feel-svg-fuzz --runs $(FUZZ_RUNS) $(SVG_FUZZ_INPUT)
STUDIO_PORT ?= 8765
studio: $(SERVE_RELEASE) ## serves the API and the notebook on STUDIO_PORT (8765) until Ctrl-C
	$(SERVE_RELEASE) --port $(STUDIO_PORT)

# $(call bench-scenes,TITLE,CSV SUFFIX,SCENES[,FEEL-BENCH OPTIONS]): pybox2d, then feel, on the same
# scenes for BENCH_SECONDS each; feel-bench prints the ratio, by default against BENCH_TARGET_RATIO.
define bench-scenes
	@echo "$(1)"
	@$(VENV_PY) Tests/Contract/Reference/bench_reference.py --min-seconds $(BENCH_SECONDS) $(3) > $(OUT)/bench/pybox2d$(2).csv
	@$(RELEASE_DIR)/feel-bench --min-seconds $(BENCH_SECONDS) --reference $(OUT)/bench/pybox2d$(2).csv \
	  --csv $(OUT)/bench/feel$(2).csv $(or $(4),--target-ratio $(BENCH_TARGET_RATIO)) $(3) && echo ""
endef
BENCH_SECONDS ?= 0.5
# Castro's scenes (those with touches timed apart, to keep the figure comparable), items that touch,
# StickyCorners with the reference's fields; each scene at most BENCH_TARGET_RATIO of pybox2d's time.
BENCH_TARGET_RATIO ?= 0.4
BENCH_CASTRO = $(call not-using,touch,$(sort $(wildcard experiments/scenes/castro-*.toml)))
BENCH_TOUCH = $(call not-using,rotation scroll,$(call using,touch,$(SCENES)))
# A springy list of 40 bubbles flicked (springy-list.md): ≤ 0.5 × pybox2d, ≥ 200 × real time.
BENCH_LIST := experiments/bench/list-40-flick.toml
BENCH_ITEMS := experiments/scenes/card-stack.toml experiments/scenes/puck-bumpers.toml
BENCH_FIELDS := $(sort $(wildcard experiments/scenes/sticky-*.toml))
# The sweeps: grid points per second on BENCH_THREADS threads as multiples of a C loop of the snap's
# math (Tests/Bench/snap_loop.c, gcc -O2), beside pybox2d on BENCH_SAMPLES points of each grid.
BENCH_SWEEPS := experiments/bench/release-60k.toml experiments/bench/tap-hint-12k.toml \
  experiments/snap-damping-release.toml
BENCH_THREADS ?= 2
BENCH_SAMPLES ?= 48
SNAP_LOOP := $(OUT)/bench/snap-loop
$(SNAP_LOOP): Tests/Bench/snap_loop.c
	$(call apt,gcc:gcc,on macOS: xcode-select --install)
	@mkdir -p $(@D)
	gcc -O2 -o $@ $< -lm
bench: FEEL_FOR_USES := $(RELEASE)
bench: release $(RELEASE_DIR)/feel-bench $(REFERENCE_DEPS) $(SNAP_LOOP) ## speed against references in the same run (and the next two)
	@mkdir -p $(OUT)/bench
	$(call bench-scenes,pybox2d 2.3.10 (reference engine) on the same scenes$(comma) $(BENCH_SECONDS) s each...,,$(BENCH_CASTRO))
	$(call bench-scenes,scenes with touches,-touch,$(BENCH_TOUCH))
	$(call bench-scenes,items that touch (two cards$(comma) a puck between bumpers),-items,$(BENCH_ITEMS))
	$(call bench-scenes,fields (StickyCorners),-fields,$(BENCH_FIELDS))
	$(call bench-scenes,a springy list of 40 bubbles flicked,-list,$(BENCH_LIST),--target-ratio 0.5 --real-time 200)
	@rm -rf $(OUT)/bench/samples && $(RELEASE_DIR)/feel-bench --write-samples $(OUT)/bench/samples --samples $(BENCH_SAMPLES) $(BENCH_SWEEPS)
	@echo "pybox2d 2.3.10 on $(BENCH_SAMPLES) points of each grid..."
	@$(VENV_PY) Tests/Contract/Reference/bench_sweep_reference.py --min-seconds $(BENCH_SECONDS) $(OUT)/bench/samples \
	  > $(OUT)/bench/pybox2d-sweeps.csv
	@$(RELEASE_DIR)/feel-bench --sweeps --threads $(BENCH_THREADS) --min-seconds $(BENCH_SECONDS) --c-loop \
	  $(SNAP_LOOP) --reference-sweeps $(OUT)/bench/pybox2d-sweeps.csv --csv $(OUT)/bench/sweeps.csv $(BENCH_SWEEPS)
	@$(MAKE) --no-print-directory bench-notebook
	@$(MAKE) --no-print-directory bench-serve
bench-notebook: notebook chromium $(call pip,Notebook) ## the notebook's speed in headless Chromium
	NOTEBOOK=$(OUT)/notebook $(VENV_PY) Tests/Contract/Notebook/bench_notebook.py

# /api/run, /api/sweep against feel run, feel sweep (1 and 8 clients); live round trips. SERVE_BASE=REV:
# that commit's feel-serve too (built in a worktree under $(OUT)/serve-base), its rows server=base.
SERVE_BASE_DIR := $(OUT)/serve-base
bench-serve: release $(SERVE_RELEASE) $(LIVE_LOAD) load-generator $(call pip,Serve) ## the server's speed (docs/server-measurements.md)
	@mkdir -p $(OUT)/bench
	$(if $(SERVE_BASE),rm -rf $(SERVE_BASE_DIR) && git worktree add --detach $(SERVE_BASE_DIR) $(SERVE_BASE) \
	  && $(SWIFT) build -c release --product feel-serve --package-path $(SERVE_BASE_DIR))
	FEEL=$(RELEASE) FEEL_SERVE=$(SERVE_RELEASE) FEEL_LIVE_LOAD=$(LIVE_LOAD) \
	  $(if $(SERVE_BASE),FEEL_SERVE_BASE=$(SERVE_BASE_DIR)/.build/release/feel-serve \
	    FEEL_SERVE_BASE_ROOT=$(SERVE_BASE_DIR)) \
	  $(VENV_PY) Tests/Contract/Serve/bench_serve.py --csv $(OUT)/bench/serve.csv
	$(if $(SERVE_BASE),git worktree remove --force $(SERVE_BASE_DIR))

# Resident memory: 22,000 POST /api/metrics, 8 live sessions, then both for SOAK_SECONDS.
SOAK_SECONDS ?= 300
SOAK_WARMUP_SECONDS ?= 60
soak: $(SERVE_RELEASE) $(LIVE_LOAD) $(call pip,Serve) ## the server's memory over time (SOAK_SECONDS; docs/server-measurements.md)
	FEEL_SERVE=$(SERVE_RELEASE) FEEL_LIVE_LOAD=$(LIVE_LOAD) $(VENV_PY) Tests/Contract/Serve/soak_serve.py \
	  --soak-seconds $(SOAK_SECONDS) --soak-warmup $(SOAK_WARMUP_SECONDS)

# Every target `make help` lists is phony.
.PHONY: $(shell sed -n 's/^\([a-z][a-z0-9-]*\):.*## .*/\1/p' $(lastword $(MAKEFILE_LIST)))
