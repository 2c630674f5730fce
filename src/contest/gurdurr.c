/*
 * gurdurr.c: the contest format of Gurdurr (Codeforces Gym 102341G).
 *
 * Input: t; per tower n, then n layers top to bottom, each III, II., .II, I.I or .I.. Output per
 * tower: "First" if the first player wins (its Grundy value is not zero), else "Second".
 *
 * Ranges. t from 1 to 10^9, n from 1 to NB_TOWER_MAX_LAYERS (42; the contest has n <= 20), and
 * runs of movable layers (III, II. or .II with no .I. next to them) of at most NB_TOWER_MAX_RUN
 * (24). The contest promises stable towers; we check anyway, and name line and column: a token
 * that is not a layer, two adjacent .I., a count that does not match (end of input inside a tower,
 * or data after the last one).
 *
 * Streaming: one tower is read, valued by the run decomposition (tower.c) and forgotten. Runs of
 * up to 20 layers (all the contest's) are valued from the table compiled into the library; one
 * nb_tower_table for the whole input builds longer ones when first met.
 *
 * Speed. Reading is most of the time (about 1.2x the read-only baseline, bench/run.sh), so the
 * per-tower work stays small: the end-of-input context is set with nb_reader_set_item, which
 * formats nothing unless an error happens, and layers are parsed and valued without branches on
 * their (random) contents.
 */
#include "contest.h"
#include "games/tower.h"

enum { MAX_TOWERS = 1000000000, LAYER_TOKEN = 8 };

static const char layer_what[] = "a layer (III, II., .II, I.I or .I.)";

/* Reads one tower of n layers into layers, checking each layer and stability. */
static nb_status read_tower(nb_reader *r, size_t n, uint8_t *layers, uint64_t *line, uint64_t *col,
                            nb_error *err) {
  char word[LAYER_TOKEN];
  int previous = 0; /* the layer above, 0 for none */
  for (size_t i = 0; i < n; i++) {
    nb_status st = nb_read_word(r, word, sizeof word, layer_what, &line[i], &col[i], err);
    if (st != NB_OK) return st;
    int code = nb_tower_layer_parse(word);
    if (code == 0)
      return nb_reader_fail_at(r, line[i], col[i], err, "expected %s, found '%s'", layer_what,
                               word);
    layers[i] = (uint8_t)code;
    if ((code == NB_LAYER_DOT_I_DOT) & (previous == NB_LAYER_DOT_I_DOT)) /* no branch on code */
      return nb_reader_fail_at(r, line[i], col[i], err,
                               "two adjacent .I. layers make the tower unstable (layers %zu and "
                               "%zu)",
                               i, i + 1);
    previous = code;
  }
  return NB_OK;
}

static nb_status solve_towers(nb_reader *r, FILE *out, nb_tower_table *table, nb_error *err) {
  uint64_t t;
  nb_status st =
      nb_read_u64(r, 1, MAX_TOWERS, "the number of towers t, from 1 to 1000000000", &t, err);
  uint8_t layers[NB_TOWER_MAX_LAYERS];
  uint64_t line[NB_TOWER_MAX_LAYERS], col[NB_TOWER_MAX_LAYERS];
  for (uint64_t c = 1; st == NB_OK && c <= t; c++) {
    nb_reader_set_item(r, "tower", c, t);
    uint64_t n;
    st = nb_read_u64(r, 1, NB_TOWER_MAX_LAYERS, "the number of layers n, from 1 to 42", &n, err);
    if (st == NB_OK) st = read_tower(r, (size_t)n, layers, line, col, err);
    uint64_t value = 0;
    size_t bad = 0;
    nb_error local;
    if (st == NB_OK &&
        nb_tower_grundy_layers(table, layers, (size_t)n, &bad, &value, &local) != NB_OK)
      st = local.status == NB_EDATA
               ? nb_reader_fail_at(r, line[bad], col[bad], err, "%s", local.message)
               : nb_fail(err, local.status, "%s", local.message);
    if (st == NB_OK) fputs(value ? "First\n" : "Second\n", out);
    if (st == NB_OK) st = nb_check_output(out, err); /* stop at the first failed write */
  }
  if (st != NB_OK) return st;
  nb_reader_set_context(r, NULL);
  return nb_read_end(r, err);
}

nb_status nb_solve_gurdurr(nb_reader *r, FILE *out, nb_error *err) {
  nb_tower_table *table;
  nb_status st = nb_tower_table_new(&table, err);
  if (st != NB_OK) return st;
  st = solve_towers(r, out, table, err);
  nb_tower_table_free(table);
  return st;
}
