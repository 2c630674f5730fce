# Thin wrapper over CMake: `make run` and `make test` are the quick start.
#
#   make            the command, the libraries and the manual page, in build/ (warnings shown)
#   make run        the command only, then the main job on the bundled inputs
#   make test       every test, Release (build-test/) and ASan + UBSan (build-asan/), -Werror
#   make check-long the Release tests with the sweeps and limit cases too long for make test
#   make install    PREFIX (default /usr/local) and DESTDIR honoured; make uninstall undoes it
#   make bench      benchmarks (Release, build/)
#   make test-tsan  tests/test_threads under ThreadSanitizer (build-tsan/; not in make test)
#   make test-mpi   nimber survey under mpirun -n 4 against --jobs 1 (build-mpi/; Open MPI)
#   make valgrind   the golden and unit tests under valgrind (build-valgrind/; not in make test)
#   make fuzz       every fuzz harness for FUZZ_SECONDS each (clang, libFuzzer; build-fuzz/)
BUILD      ?= build
TEST_BUILD ?= build-test
ASAN_BUILD ?= build-asan
VALGRIND_BUILD ?= build-valgrind
TSAN_BUILD ?= build-tsan
MPI_BUILD  ?= build-mpi
PREFIX     ?= /usr/local
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
MAKEFLAGS  += --no-print-directory
SHELL      := bash
# Ninja where it is installed (Debian's ninja-build; .ci/run installs it): CMake's makefiles
# cost a fifth more CPU to build the sanitizer tree (101.8 against 79.6 s of CPU, the same tree
# one after the other), mostly their per-target dependency scans over some sixty executables. A
# build directory keeps the generator it was first configured with (CMake refuses a change):
# `GENERATOR=` (empty) asks for make's. `make` still works without ninja, only slower.
GENERATOR  ?= $(if $(shell command -v ninja 2>/dev/null),Ninja)
CONFIGURE   = cmake -S . -B $(1) $(if $(wildcard $(1)/CMakeCache.txt),,$(if $(GENERATOR),-G "$(GENERATOR)")) \
	-DCMAKE_BUILD_TYPE=$(2) $(3) >/dev/null
# The sanitizer build's debug information is line tables only (-g1): what ASan and UBSan print
# in a report (function, file, line) and a third less to write and link than -g (79.6 -> 72.8 s
# of CPU for that build). check-alloc configures the same directory, so the same flags.
ASAN_CONFIG = -DNB_WERROR=ON -DNB_SANITIZE=ON -DCMAKE_C_FLAGS_DEBUG=-g1 -DNB_TEST_SERVER=ON

.PHONY: all build run test check-long check-alloc test-release test-release-build test-release-run test-asan test-tsan test-mpi valgrind bench install uninstall format \
	clean fuzz fuzz-build fuzz-ci

all: build

build:
	@$(call CONFIGURE,$(BUILD),Release,-DCMAKE_INSTALL_PREFIX=$(PREFIX))
	@cmake --build $(BUILD) -j $(JOBS)

# The main job: every contest format on its bundled sample input. Builds only the command.
run:
	@$(call CONFIGURE,$(BUILD),Release,-DCMAKE_INSTALL_PREFIX=$(PREFIX))
	@cmake --build $(BUILD) -j $(JOBS) --target nimber
	@for game in twothree gurdurr nimplus; do \
	  if [ -f examples/$$game.txt ]; then \
	    echo "== nimber solve $$game examples/$$game.txt"; \
	    ./$(BUILD)/nimber solve $$game examples/$$game.txt || exit $$?; \
	  fi; \
	done
	@echo "== nimber value twothree 1 2 5"
	@./$(BUILD)/nimber value twothree 1 2 5
	@echo "== nimber moves twothree 1 2 5"
	@./$(BUILD)/nimber moves twothree 1 2 5

# Both runs, then one line saying what ran (from each run's CTest summary) and how long it took.
# The runs overlap from the start: the sanitizer run builds and tests in the background (its
# output in $(ASAN_BUILD)/make-test.log, shown at the end if it failed) while the Release build
# and then the Release tests run, so that neither core waits on the other run's last test or
# link. The sanitizer run is the longer (its build and its tests follow each other): started
# after the Release build, it made a fresh clone's make test 197 s on a quiet machine, of which
# 30 s were that build alone; started with it, 184 and 155 s (two runs). A Release build that fails stops the sanitizer run. (Run one after
# the other, a fresh clone took 4 minutes on 2 cores.)
test:
	@start=$$(date +%s); status=0; \
	mkdir -p $(ASAN_BUILD); rm -f $(ASAN_BUILD)/ctest.log; \
	$(MAKE) test-asan >$(ASAN_BUILD)/make-test.log 2>&1 & asan=$$!; \
	if ! $(MAKE) test-release-build; then kill $$asan 2>/dev/null; wait $$asan; exit 2; fi; \
	$(MAKE) test-release-run || status=$$?; \
	echo "(waiting for the ASan+UBSan run: $(ASAN_BUILD)/make-test.log)"; \
	if ! wait $$asan; then status=1; tail -n 60 $(ASAN_BUILD)/make-test.log; fi; \
	summary() { grep -ho '[0-9]* tests failed out of [0-9]*' $$1/ctest.log 2>/dev/null | \
	  awk '{ printf "%d of %d passed", $$6 - $$1, $$6 }'; }; \
	echo "make test: Release -Werror: $$(summary $(TEST_BUILD)); ASan+UBSan: $$(summary $(ASAN_BUILD));" \
	  "$$(( $$(date +%s) - start )) s"; \
	exit $$status

# Not part of `make test` (docs/TESTING.md): NB_TEST_LONG adds what would take make test past its
# 3 minutes on 2 cores: searches run to their default limits (gigabytes, tens of seconds), the
# allocation failures of Grundy's game with its marking thread, the largest tables.
check-long: test-release-build
	cd $(TEST_BUILD) && set -o pipefail && NB_TEST_LONG=1 ctest --output-on-failure -j $(JOBS) | tee ctest-long.log

# Not part of `make test`: the allocation-failure loop with every allocation failing in turn
# (make test's fails the first of each place: tests/alloc/run.sh), under the sanitizers; about
# two and a half minutes of CPU.
check-alloc:
	@$(call CONFIGURE,$(ASAN_BUILD),Debug,$(ASAN_CONFIG))
	@cmake --build $(ASAN_BUILD) -j $(JOBS) --target nimber
	cd $(ASAN_BUILD) && NB_TEST_LONG=1 ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=$(LSAN_QUICK) \
	  ctest --output-on-failure -j $(JOBS) -R '^alloc_failures_'

test-release: test-release-build
	@$(MAKE) test-release-run

test-release-build:
	@rm -f $(TEST_BUILD)/ctest.log
	@$(call CONFIGURE,$(TEST_BUILD),Release,-DNB_WERROR=ON -DNB_PIC_ONCE=ON -DNB_TEST_O1=ON \
	  -DNB_TEST_SERVER=ON)
	@cmake --build $(TEST_BUILD) -j $(JOBS)

test-release-run:
	cd $(TEST_BUILD) && set -o pipefail && ctest --output-on-failure -j $(JOBS) | tee ctest.log

# The sanitizer build stays -O0 (Debug, NB_ASSERT on). At -O1 its tests took 56 s less CPU time
# but its build 60 s more, and test_cg's deepest game overflowed the stack while printing (ASan's
# redzones in frames that inlining merges).
# LeakSanitizer without globals as roots (tests/lsan.supp says why): half its cost at each of the
# thousands of sanitized processes' exits.
LSAN_QUICK = use_globals=0:suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0
test-asan:
	@rm -f $(ASAN_BUILD)/ctest.log
	@$(call CONFIGURE,$(ASAN_BUILD),Debug,$(ASAN_CONFIG))
	@cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && set -o pipefail && NB_TEST_QUICK=1 ASAN_OPTIONS=detect_leaks=1 \
	  LSAN_OPTIONS=$(LSAN_QUICK) UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS) | tee ctest.log

# Not part of `make test`: two solvers in two threads (tests/test_threads.c) under ThreadSanitizer,
# which must report no race (it reported one on the allocation hook's counter when it was global),
# and the heap engine's marking thread, handing heaps to and fro (tests/test_heap.c, quick sizes;
# half a minute).
test-tsan:
	@$(call CONFIGURE,$(TSAN_BUILD),RelWithDebInfo,-DNB_WERROR=ON -DCMAKE_C_FLAGS=-fsanitize=thread)
	@cmake --build $(TSAN_BUILD) -j $(JOBS) --target nimber_tests
	TSAN_OPTIONS=halt_on_error=1 ./$(TSAN_BUILD)/nimber_tests test_threads
	NB_TEST_QUICK=1 TSAN_OPTIONS=halt_on_error=1 ./$(TSAN_BUILD)/nimber_tests test_heap

# Not part of `make test`: `nimber survey` under `mpirun -n 4` (README, "Surveys"), built with
# -DNB_MPI=ON (Debian packages openmpi-bin and libopenmpi-dev), against `--jobs 1`, including a
# job killed midway and resumed (tests/mpi/run.sh; about 30 s of CPU).
test-mpi:
	@$(call CONFIGURE,$(MPI_BUILD),Release,-DNB_WERROR=ON -DNB_MPI=ON -DNB_TESTS=OFF)
	@cmake --build $(MPI_BUILD) -j $(JOBS) --target nimber
	@bash tests/mpi/run.sh ./$(MPI_BUILD)/nimber

# Fuzzing (README, "Fuzzing"): clang and libFuzzer; every harness for FUZZ_SECONDS each.
fuzz-build:
	@cmake -S . -B $(FUZZ_BUILD) $(if $(wildcard $(FUZZ_BUILD)/CMakeCache.txt),,$(if $(GENERATOR),-G "$(GENERATOR)")) -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug -DNB_WERROR=ON -DNB_FUZZ=ON >/dev/null
	@cmake --build $(FUZZ_BUILD) --target fuzzers -j $(JOBS)

fuzz: fuzz-build
	@bash fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

# The short pass CI runs after the tests.
fuzz-ci: fuzz-build
	@bash fuzz/run.sh $(FUZZ_BUILD) 10

# Not part of `make test`: the golden and unit tests under valgrind (Debian package valgrind), on
# a build without sanitizers. Slow (minutes); clean means no memory error and no definite leak.
valgrind:
	@$(call CONFIGURE,$(VALGRIND_BUILD),RelWithDebInfo,-DNB_WERROR=ON)
	@cmake --build $(VALGRIND_BUILD) -j $(JOBS)
	@bash tests/valgrind.sh $(VALGRIND_BUILD)

bench: build
	@bash bench/run.sh $(BUILD)

install: build
	DESTDIR="$(DESTDIR)" cmake --install $(BUILD) --prefix $(PREFIX)

# Removes what the last install wrote, from its manifest (paths without DESTDIR: give the same
# DESTDIR as to make install).
uninstall:
	@test -f $(BUILD)/install_manifest.txt || { echo "nothing installed from $(BUILD)"; exit 1; }
	@while IFS= read -r f || [ -n "$$f" ]; do 	  rm -f "$(DESTDIR)$$f" && echo "removed $(DESTDIR)$$f"; 	done <$(BUILD)/install_manifest.txt
	@rm -f $(BUILD)/install_manifest.txt

format:
	clang-format -i $$(git ls-files '*.c' '*.h')

clean:
	rm -rf $(BUILD) $(TEST_BUILD) $(ASAN_BUILD) $(TSAN_BUILD) $(VALGRIND_BUILD) $(FUZZ_BUILD)
