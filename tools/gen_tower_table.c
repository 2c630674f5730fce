/*
 * gen_tower_table.c: writes the tower game's compiled run table; run by the build, not installed.
 *
 * Usage: gen_tower_table OUTPUT.c
 * Fills an uncompiled nb_tower_table (src/games/tower.c's own builder: there is no second copy of
 * the recurrence) with every run of up to NB_TOWER_COMPILED_RUN layers and writes their Grundy
 * values as the C array nb_tower_compiled_values, which CMake compiles into the library. Layout
 * (read back by tower.c's compiled_value): 4 bits per run, the run (len, mask) at index
 * (1 << len) | mask (index 0 unused), sixteen to a uint64_t word, the lowest index in the lowest
 * bits; written as hex literals, four to a line, so the source is plain and quick to compile.
 * On failure the output is removed (CMake then copies it over the table only if it changed).
 *
 * The cycle. This program links the library's objects, and the library holds the table this
 * program writes. CMake links it with the library's object files (not the library), and the
 * definition below stands in for the table: an uncompiled table never reads it.
 */
#include "games/tower.h"
#include "nimber.h"

#include <stdlib.h>

enum {
  ENTRIES_LOG = NB_TOWER_COMPILED_RUN + 1, /* index (1 << len) | mask < 2^(RUN + 1) */
  WORDS = (1 << ENTRIES_LOG) / 16,         /* 16 values of 4 bits to a word */
  PER_LINE = 4,                            /* hex literals per line of the output */
};

/* The stand-in for the table being generated (see the essay). */
const uint64_t nb_tower_compiled_values[1] = {0};

/* Packs every run's value into words[WORDS]; fails only if a value needs more than 4 bits. */
static nb_status pack_values(const nb_tower_table *t, uint64_t *words, nb_error *err) {
  for (unsigned len = 0; len <= NB_TOWER_COMPILED_RUN; len++) {
    for (uint32_t mask = 0; mask < (uint32_t)1 << len; mask++) {
      const uint32_t index = (uint32_t)1 << len | mask;
      const unsigned value = nb_tower_run_grundy(t, len, mask);
      if (value > 15)
        return nb_fail(err, NB_EINTERNAL, "run (%u, %#x) has value %u, more than 4 bits", len, mask,
                       value);
      words[index / 16] |= (uint64_t)value << (index % 16 * 4);
    }
  }
  return NB_OK;
}

/* Writes the C source holding words[WORDS] to path; false (errno set) on an I/O error. */
static bool write_source(const char *path, const uint64_t *words) {
  FILE *f = fopen(path, "w");
  if (f == NULL) return false;
  fprintf(f,
          "/* Generated at build time by tools/gen_tower_table.c: do not edit. The Grundy values\n"
          " * of the tower game's runs of up to %d layers, 4 bits per run, the run (len, mask) at\n"
          " * index (1 << len) | mask; see src/games/tower.c. */\n"
          "#include <stdint.h>\n\n"
          "extern const uint64_t nb_tower_compiled_values[%d];\n"
          "const uint64_t nb_tower_compiled_values[%d] = {\n",
          NB_TOWER_COMPILED_RUN, WORDS, WORDS);
  for (size_t w = 0; w < WORDS; w++)
    fprintf(f, "%s0x%016llx,%s", w % PER_LINE ? " " : "    ", (unsigned long long)words[w],
            w % PER_LINE == PER_LINE - 1 ? "\n" : "");
  fputs("};\n", f);
  bool ok = !ferror(f);
  return fclose(f) == 0 && ok;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fputs("usage: gen_tower_table OUTPUT.c\n", stderr);
    return NB_EUSAGE;
  }
  nb_error err;
  nb_tower_table *t = NULL;
  uint64_t *words = NULL;
  nb_status st = nb_tower_table_new_uncompiled(&t, &err);
  if (st == NB_OK) st = nb_tower_table_reserve(t, NB_TOWER_COMPILED_RUN, &err);
  if (st == NB_OK && (words = nb_alloc(WORDS, sizeof *words, &err)) == NULL) st = NB_EINTERNAL;
  if (st == NB_OK) st = pack_values(t, words, &err);
  nb_tower_table_free(t);
  if (st != NB_OK) {
    free(words);
    fprintf(stderr, "gen_tower_table: %s\n", err.message);
    return st;
  }
  bool ok = write_source(argv[1], words);
  free(words);
  if (!ok) {
    perror("gen_tower_table: cannot write the table");
    remove(argv[1]);
    return NB_EINTERNAL;
  }
  return 0;
}
