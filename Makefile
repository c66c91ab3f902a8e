# doku — top-level driver over CMake. The two commands a newcomer needs:
#   make run    install what running needs (scripts/deps.sh run), build
#               doku without its tests, solve the example puzzles, then
#               serve the web page
#   make test   install the test packages, build with -Werror and run every
#               test: plain (gcc), then under ASan+UBSan (clang)
#               (needs only the repository; adds the full-data tests when
#               ../shared/data is there)
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
MAKEFLAGS += --no-print-directory

PORT ?= 8080

.PHONY: all build run serve bench-serve test test-plain test-asan test-plain-build test-plain-run test-asan-configure test-asan-build test-asan-build-quiet test-asan-run test-data asan tsan deps deps-run deps-test deps-bench install clean fuzz crosscheck bench-large check-data test-aarch64 coverage python

all: build

# Debian packages by purpose (scripts/deps.sh): `make deps` installs all.
deps:
	@./scripts/deps.sh
deps-run:
	@./scripts/deps.sh run
deps-test:
	@./scripts/deps.sh test
deps-bench:
	@./scripts/deps.sh bench

# What running needs: doku, its libraries and plug-ins; no test programs
# (they are built by `make test` in build-test/ and build-asan/).
build:
	@cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DDOKU_TESTS=OFF $(CMAKE_FLAGS) >/dev/null
	@cmake --build build -j $(JOBS)

# The tour ends by starting the web page's server in the foreground
# (Ctrl+C stops it); PORT=0 takes any free port.
run: deps-run build
	@./examples/run.sh build/doku
	@echo
	@build/doku serve --port $(PORT)

# Only the server: http://127.0.0.1:$(PORT)/
serve: deps-run build
	@build/doku serve --port $(PORT)

# The Python package (python/, docs/PYTHON.md) into Debian's python3, built
# offline against this tree's library (build/libdoku.a). Debian marks its
# Python externally managed (PEP 668); pip as root installs under
# /usr/local, beside dpkg's files, not over them.
python: deps-test build
	@DOKU_BUILD_DIR=$(CURDIR)/build PIP_BREAK_SYSTEM_PACKAGES=1 /usr/bin/python3 -m pip install \
	    --no-build-isolation --no-deps ./python

# wrk against doku serve on loopback (bench/serve/run.sh; see BENCHMARKS.md).
bench-serve: deps-bench build
	@./bench/serve/run.sh build/doku

# Two builds, each test run once where it pays (tests/CMakeLists.txt):
# the plain gcc build runs everything, the data-driven checks included;
# the clang ASan+UBSan build runs every test on the repository's fixtures.
# The sanitizer build compiles while the plain tests run (they wait on
# browsers, LibreOffice and sockets part of the time); its log is shown
# only if it fails.
test: deps-test
	@$(MAKE) test-plain-build
	@$(MAKE) -j2 test-plain-run test-asan-build-quiet
	@$(MAKE) test-asan-run

test-plain: test-plain-build test-plain-run
test-asan: test-asan-build test-asan-run

test-plain-build:
	@cmake -S . -B build-test -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc -DDOKU_WERROR=ON >/dev/null
	@cmake --build build-test -j $(JOBS)

test-plain-run:
	@cd build-test && ctest --output-on-failure -j $(JOBS)

test-asan-configure:
	@cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang -DDOKU_WERROR=ON -DDOKU_SANITIZE=ON >/dev/null

test-asan-build: test-asan-configure
	@cmake --build build-asan -j $(JOBS)

test-asan-build-quiet: test-asan-configure
	@echo "test: building the ASan+UBSan tests in build-asan (log: build-asan/build.log)"
	@cmake --build build-asan -j $(JOBS) >build-asan/build.log 2>&1 || \
	  { tail -n 60 build-asan/build.log; echo "test: the ASan+UBSan build failed" >&2; exit 1; }

test-asan-run:
	@cd build-asan && DOKU_SANITIZED=1 ctest --output-on-failure -j $(JOBS)

# The tests that read the full data sets in ../shared/data (DOKU_DATA_DIR):
# `make test` runs them too when the data is there; this runs only them.
DOKU_DATA_DIR ?= $(CURDIR)/../shared/data
test-data:
	@test -d "$(DOKU_DATA_DIR)/sudoku9" || { echo "test-data: no $(DOKU_DATA_DIR)" >&2; exit 2; }
	@cmake -S . -B build-test -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc -DDOKU_WERROR=ON -DDOKU_DATA_DIR="$(DOKU_DATA_DIR)" >/dev/null
	@cmake --build build-test -j $(JOBS)
	@cd build-test && ctest --output-on-failure -j $(JOBS) -L data

# Sanitizer builds as targets: ASan+UBSan runs every test; ThreadSanitizer
# runs the threaded CLI commands (tests/cli/threads.sh, label "threads").
asan: test-asan

tsan:
	@cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang -DDOKU_WERROR=ON -DDOKU_TSAN=ON >/dev/null
	@cmake --build build-tsan -j $(JOBS) --target doku
	@cd build-tsan && ctest --output-on-failure -L threads

# Every libFuzzer target in fuzz/ for FUZZ_SECONDS each (default 60) under
# ASan+UBSan (the parsers: reader, csv, pencil, opensudoku, links, variant; the
# properties: shape, search, differential, logic, generate, records; the
# server's request bodies: http_body, with cJSON), from
# its seeds in tests/fixtures/fuzz/<name>; new inputs go
# to build-fuzz/corpus/<name>, findings to build-fuzz/corpus/<name>-crash-*.
# FUZZ_TARGETS picks some (e.g. FUZZ_TARGETS="logic differential").
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= reader csv pencil opensudoku links variant shape search differential logic generate records http_body http_files xls
fuzz: deps-test
	@cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang -DDOKU_FUZZ=ON -DDOKU_TESTS=OFF >/dev/null
	@cmake --build build-fuzz -j $(JOBS) $(foreach t,$(FUZZ_TARGETS),--target fuzz_$(t))
	@for t in $(FUZZ_TARGETS); do \
	    ./fuzz/run.sh build-fuzz/fuzz/fuzz_$$t tests/fixtures/fuzz/$$t build-fuzz/corpus/$$t $(FUZZ_SECONDS) || exit 1; \
	done
	@cmake --build build-fuzz -j $(JOBS) --target fuzz_book_xml 2>/dev/null || echo "fuzz: no fuzz_book_xml (needs expat)"
	@if [ -x build-fuzz/formats/fuzz_book_xml ]; then \
	  mkdir -p build-fuzz/corpus_book_xml && cp tests/fixtures/fuzz_book_xml/* build-fuzz/corpus_book_xml/ && \
	  build-fuzz/formats/fuzz_book_xml -max_total_time=$(FUZZ_SECONDS) -max_len=40000 build-fuzz/corpus_book_xml; fi

# Line and branch coverage of the library over the tests `make test` runs
# (gcc --coverage, -O0; lcov from Debian, installed for this target only):
# a per-module and per-file table, HTML in build-cov/coverage/.
coverage:
	@DOKU_EXTRA_PKGS=lcov ./scripts/deps.sh test
	@cmake -S . -B build-cov -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=gcc -DCMAKE_C_FLAGS="--coverage -O0" -DCMAKE_EXE_LINKER_FLAGS=--coverage -DCMAKE_SHARED_LINKER_FLAGS=--coverage >/dev/null
	@cmake --build build-cov -j $(JOBS)
	@find build-cov -name '*.gcda' -delete
	@cd build-cov && ctest -j $(JOBS) $(COVERAGE_CTEST) >/dev/null || echo "coverage: some tests failed (see make test)" >&2
	@./scripts/coverage.sh build-cov

# doku against CaDiCaL on samples of every large and variant set.
crosscheck: deps-bench build
	@cmake --build build -j $(JOBS) --target doku_large
	@python3 scripts/crosscheck_sat.py --doku build/bench/large/doku_large

# doku, CaDiCaL and MiniSat on the large sets (see BENCHMARKS.md).
bench-large: deps-bench build
	@cmake --build build -j $(JOBS) --target doku_large
	@taskset -c 1 python3 bench/large/compare.py build/bench/large/doku_large

install: build
	@cmake --install build

# The classic 9x9 fast path against the generic engine on every shared 9x9 set.
check-data: build
	@./scripts/check-data.sh build

# Cross-built for aarch64 and run under qemu-user: the unit tests and a
# sample of check-data (SAMPLE puzzles per set).
SAMPLE ?= 200
test-aarch64:
	@./scripts/test-aarch64.sh $(SAMPLE)

clean:
	rm -rf build build-test build-asan build-tsan build-fuzz build-aarch64 build-cov
