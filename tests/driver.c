/*
 * driver.c: the one program of the unit and differential tests (tests/test_*.c but
 * test_conformance, which loads plug-ins and is its own program). Each test file keeps its own
 * `int main(void)`, compiled as NAME_main (CMakeLists.txt defines main so for each file), and
 * `nimber_tests NAME` runs it: CTest runs one NAME a process, as it ran one program each. One
 * link instead of 43 saves each build their links (a sanitized test program's link is about 0.4 s
 * of CPU, a Release one 0.13 s; some 20 s of CPU a `make test`).
 */
#include <stdio.h>
#include <string.h>

#include "base/base.h"

#define NB_TEST(name) int name##_main(void);
#include "test_list.h"
#undef NB_TEST

static const struct {
  const char *name;
  int (*run)(void);
} tests[] = {
#define NB_TEST(name) {#name, name##_main},
#include "test_list.h"
#undef NB_TEST
};

int main(int argc, char **argv) {
  if (argc == 2)
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++)
      if (strcmp(argv[1], tests[i].name) == 0) {
        int status = tests[i].run();
        nb_stdio_release(); /* for the sanitizers' leak check: base.h */
        return status;
      }
  fprintf(stderr, "usage: nimber_tests TEST, where TEST is one of:\n");
  for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++)
    fprintf(stderr, "  %s\n", tests[i].name);
  return 64;
}
