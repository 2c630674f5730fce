# Thin wrapper over CMake: `make run` and `make test` are the quick start.
BUILD      ?= build
ASAN_BUILD ?= build-asan
VALGRIND_BUILD ?= build-valgrind
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
MAKEFLAGS  += --no-print-directory

.PHONY: all build run test test-release test-asan valgrind bench format clean

all: build

build:
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null
	@cmake --build $(BUILD) -j $(JOBS)

# The main job: every contest format on its bundled sample input.
run: build
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

test: test-release test-asan

test-release: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-asan:
	@cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DNB_SANITIZE=ON >/dev/null
	@cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && NB_TEST_QUICK=1 ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  ctest --output-on-failure -j $(JOBS)

# Not part of `make test`: the golden and unit tests under valgrind (Debian package valgrind), on
# a build without sanitizers. Slow (minutes); clean means no memory error and no definite leak.
valgrind:
	@cmake -S . -B $(VALGRIND_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	@cmake --build $(VALGRIND_BUILD) -j $(JOBS)
	@bash tests/valgrind.sh $(VALGRIND_BUILD)

bench: build
	@bash bench/run.sh $(BUILD)

format:
	clang-format -i $$(git ls-files '*.c' '*.h')

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(VALGRIND_BUILD)
