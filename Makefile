# Distributed training of large models in PyTorch: the course's commands.
# `make demo` and `make test` create .venv and install everything on first use.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
# nbgrader reads it from any folder, with this venv: the course's guards of Validate, zip_collect and the exchange
READY  := $(VENV)/etc/jupyter/nbgrader_config.py
JOBS   ?= 2

.PHONY: demo test test-full test-spawn release grade lab screenshots bench student-kit clean-notebooks check-notebooks nbval clean help \
	gpu-check gpu-bundle check exercise

help:
	@echo "make demo         release the assignments, autograde the example submissions, print the gradebook"
	@echo "make test         the whole test suite (launcher, nbval of every notebook, release, grading corpus, kit)"
	@echo "make test-spawn   every lecture and solution notebook with every launch spawned (macOS's start method)"
	@echo "make check A=ps2_ddp   one assignment in about a minute: nbval, project checks, grading of the solution and changed corpus files"
	@echo "make exercise A=ps2_ddp NAME=clip_gradients POINTS=2 [WORLD=2,4]   add a new exercise: cells, points row, probe, judge, corpus stub, release"
	@echo "make release      regenerate release/ from source/ with nbgrader"
	@echo "make grade        autograde everything in submitted/ in parallel (WORKERS=n), feedback/, grades.csv"
	@echo "make lab          JupyterLab on the course (nbgrader extensions included)"
	@echo "make screenshots  regenerate the README's JupyterLab screenshots in docs/img/ (needs /usr/bin/chromium)"
	@echo "make bench        measure launcher speed, autograde, notebook and grading times (BENCH=\"course class\": some)"
	@echo "make student-kit  dist/student-kit: release/ + helpers + environment, nothing else"
	@echo "make gpu-bundle   .gpu-bundle/: nbgrader, Jupyter and bubblewrap for a GPU machine without a package index"
	@echo "make gpu-check    on a GPU machine: every lecture notebook, sandboxed grading with the GPU, a table"

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@# left behind by a venv made before jsonschema was pinned (see pyproject.toml); nothing needs it
	$(PY) -m pip uninstall --quiet --yes rfc3987-syntax 2>/dev/null || true
	touch $(STAMP)

venv: $(READY)

$(READY): $(STAMP) grader/formgrader_guard.py grader/private_kernels.py
	$(PY) -m grader.formgrader_guard --write-venv-config $@

demo: $(READY)
	$(PY) -m tools.demo

release: $(READY)
	$(PY) -m tools.release

# pytest keeps its temporary folders under /tmp/pytest-of-<user>, a name any account may make first (and so stop every
# test that uses tmp_path, round 54); torch keeps its own there too. Each pytest run gets a fresh folder of mktemp's,
# mode 0711: no other account may make or list names in it, and a sandbox's user still reaches what a test hands it.
PRIVATE_TMP = tmp=$$(mktemp -d) && chmod 711 "$$tmp" && trap 'rm -rf "$$tmp"' EXIT && TMPDIR="$$tmp"

# The loop for a change to one assignment (ALL=1: every corpus file, SINCE=main: files changed since main).
check: $(READY)
	$(PY) -m tools.check $(A) $(if $(ALL),--all-corpus) $(if $(SINCE),--since $(SINCE))

exercise: $(READY)
	$(PY) -m tools.scaffold $(A) $(NAME) $(if $(POINTS),--points $(POINTS)) $(if $(WORLD),--world-sizes $(WORLD))

# A shared gradebook's URL comes from the environment ($DISTCOURSE_DB_URL): on a command line (make's, python's) every
# local user reads it in /proc/<pid>/cmdline, password and all (round 47)
grade: $(READY)
	$(if $(DB_URL),$(error DB_URL on make's command line is every local user's to read: export DISTCOURSE_DB_URL instead))
	$(PY) -m grader.grade $(if $(WORKERS),--workers $(WORKERS)) $(if $(SHARD),--shard $(SHARD)) \
		$(if $(UNSANDBOXED),--unsandboxed)

# PYTHONSAFEPATH: a kernel started in a notebook's folder (`python -m ipykernel_launcher`) imports nothing from
# that folder as it starts (a student's file there ran as the TA who opened the notebook, round 36)
lab: $(READY)
	DISTCOURSE_JUDGE=kernel PYTHONSAFEPATH=1 $(VENV)/bin/jupyter lab --notebook-dir=. $(if $(filter 0,$(shell id -u)),--allow-root)

screenshots: $(READY)
	$(PRIVATE_TMP) $(PY) -m pytest -p no:cacheprovider -q tests/test_browser.py -k student_and_ta
	$(PY) -m tests.browser docs/img

# BENCH="course class" runs only those sections (launch autograde notebooks course class)
bench: $(READY)
	$(PY) -m tools.bench $(BENCH)

student-kit: $(READY)
	$(PY) -m tools.student_kit dist/student-kit

clean-notebooks: $(READY)
	$(PY) -m tools.clean_notebooks

check-notebooks: $(READY)
	$(PY) -m tools.clean_notebooks --check

nbval: $(READY)
	$(PRIVATE_TMP) $(PY) -m pytest -p no:cacheprovider --nbval-lax --sanitize-with tests/sanitize.cfg --nbval-cell-timeout=300 notebooks source

# Every notebook again with DISTCOURSE_START_METHOD=spawn: each rank imports torch afresh, several
# minutes on 2 cores, so it is a target of its own (tests/test_spawn.py keeps the path alive in `make test`).
test-spawn: $(READY)
	$(PRIVATE_TMP) DISTCOURSE_START_METHOD=spawn $(PY) -m pytest -p no:cacheprovider -n $(JOBS) --dist loadgroup --nbval-lax \
		--nbval-cell-timeout=600 --sanitize-with tests/sanitize.cfg notebooks source

# One pytest run: the test suite and nbval over every lecture, on $(JOBS) workers. The solution notebooks run
# top to bottom, judges in the kernel, in tests/test_judges_refuse_partial.py (nbval of source/: make nbval).
# Of the corpus it grades the correct alternatives, the attacks and enough files to show every cell fail
# (tools.submissions.cover); test-full grades every corpus file, as make check ALL=1 does for one assignment.
test: $(READY) check-notebooks
	$(PRIVATE_TMP) $(PY) -m pytest -p no:cacheprovider -n $(JOBS) --dist loadgroup --nbval-lax --nbval-cell-timeout=300 \
		--sanitize-with tests/sanitize.cfg --durations=60 tests notebooks

test-full: $(READY) check-notebooks
	DISTCOURSE_FULL_CORPUS=1 $(MAKE) --no-print-directory test

# Prepared here (needs the package index), travels with the working tree to the GPU machine.
gpu-bundle: $(READY)
	$(PY) -m tools.gpu_bundle

# Runs on the GPU machine with its own python3 (no .venv, nothing installed from an index): see
# tools/gpu_check.py. ALLOW_CPU=1 runs the same steps without a GPU, NO_BUNDLE=1 with this Python's
# own nbgrader (e.g. make gpu-check PYTHON=.venv/bin/python ALLOW_CPU=1 NO_BUNDLE=1).
gpu-check:
	$(PYTHON) -m tools.gpu_check $(if $(ALLOW_CPU),--allow-cpu) $(if $(NO_BUNDLE),--no-bundle) $(GPU_CHECK_ARGS)

clean:
	rm -rf submitted autograded .autograding .taken feedback gradebook.db grades.csv dist .pytest_cache
