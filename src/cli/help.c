/*
 * help.c: help texts that name games, built from the registry instead of written by hand.
 *
 * A command's help is a template: fixed prose with placeholders in braces that this file fills
 * from the families registered (built-in ones and plug-ins' alike), so that no help text names a
 * family and a new family shows up in every list and example without an edit here.
 *
 *   {sizes}     what a size is in each game with sizes: "a heap (div, nim), a pile (psub) or a
 *               tower of III layers (tower)", grouped by size_noun in registry order
 *   {runs}      the games that prove runs of sizes: "div, psub and oct"
 *   {no-runs}   the games with sizes that prove none: "nim or grundy"
 *   {moves}     a move of each of a few games, as `moves` prints it: "5/2 in twothree, ..."
 *   {heaps}     the heap games, whose sums of heaps have misère quotients: "nim, sub, oct, hex
 *               or grundy"
 *   {ex:CMD:WHICH:SIZES:ARGS}  one example line, "  nimber CMD SPEC [POSITION] [ARGS]", or
 *               nothing when no game fits. WHICH picks the game: "sized", "runs", "period" or
 *               "heaps" (a game with sizes, one that proves runs, one whose period engine may
 *               answer, a heap game) and
 * "#k" the k-th such (from 1); SIZES are offsets from its smallest size, the position being the sum
 * of those sizes ("0,1,4": twothree 1 2 5), or empty for none.
 *
 * An example's game is written as users write it: the family's first alias, else its name, and
 * only if that opens as it is (a family whose name alone needs parameters and that has no alias
 * gives no example). Positions are the library's own (nb_size_position, nb_position_format), so
 * an example is always valid input.
 */
#include "cli.h"
#include "games/heaps.h"

#include <stdlib.h>
#include <string.h>

enum {
  SPEC_CAP = 64,      /* the longest example spec */
  POSITION_CAP = 256, /* the longest example position */
  MOVES_SHOWN = 4,    /* games in {moves} */
  MOVES_SIZE = 6,     /* {moves}: a move of the component of this size past the smallest */
};

typedef bool (*family_test)(const nb_family *f);

static bool with_sizes(const nb_family *f) {
  return f->sizes != NULL;
}

static bool with_runs(const nb_family *f) {
  return f->sizes != NULL && f->sizes->run_end != NULL;
}

static bool without_runs(const nb_family *f) {
  return f->sizes != NULL && f->sizes->run_end == NULL;
}

/* A period engine that may answer: a period proves runs, so a family whose engine finds
 * periods proves runs too, and those without (whose hook only says why not) are left out. */
static bool with_period(const nb_family *f) {
  return f->sizes != NULL && f->sizes->period != NULL && f->sizes->run_end != NULL;
}

/* Appends the names of the families passing `test`, joined by ", " and `last` ("and", "or"). */
static nb_status add_names(nb_text *t, const nb_registry *games, family_test test,
                           const char *last) {
  size_t n, total = 0, done = 0;
  const nb_family *const *list = nb_registry_families(games, &n);
  for (size_t i = 0; i < n; i++)
    total += test(list[i]);
  nb_status st = NB_OK;
  for (size_t i = 0; i < n && st == NB_OK; i++) {
    if (!test(list[i])) continue;
    const char *sep = done == 0 ? "" : done + 1 == total ? last : ", ";
    st = nb_text_printf(t, NULL, "%s%s", sep, list[i]->name);
    done++;
  }
  return st;
}

/* Whether family i is the first in the list with its size noun. */
static bool first_of_noun(const nb_family *const *list, size_t i) {
  for (size_t j = 0; j < i; j++)
    if (list[j]->sizes != NULL && strcmp(list[j]->sizes->size_noun, list[i]->sizes->size_noun) == 0)
      return false;
  return true;
}

/* {sizes}: "a heap (div, nim), a pile (psub) or a tower of III layers (tower)". */
static nb_status add_sizes(nb_text *t, const nb_registry *games) {
  size_t n, nouns = 0, done = 0;
  const nb_family *const *list = nb_registry_families(games, &n);
  for (size_t i = 0; i < n; i++)
    nouns += list[i]->sizes != NULL && first_of_noun(list, i);
  nb_status st = NB_OK;
  for (size_t i = 0; i < n && st == NB_OK; i++) {
    if (list[i]->sizes == NULL || !first_of_noun(list, i)) continue;
    st = nb_text_printf(t, NULL, "%sa %s (",
                        done == 0           ? ""
                        : done + 1 == nouns ? " or "
                                            : ", ",
                        list[i]->sizes->size_noun);
    for (size_t j = i, named = 0; j < n && st == NB_OK; j++)
      if (list[j]->sizes != NULL &&
          strcmp(list[j]->sizes->size_noun, list[i]->sizes->size_noun) == 0)
        st = nb_text_printf(t, NULL, "%s%s", named++ ? ", " : "", list[j]->name);
    if (st == NB_OK) st = nb_text_add(t, ")", 1, NULL);
    done++;
  }
  return st;
}

/* Out of memory is the one failure a help text passes on (it is printed whole or not at all);
 * any other refusal only means that a game gives no example. */
static nb_status only_memory(nb_status st) {
  return st == NB_EINTERNAL ? st : NB_OK;
}

/* The game of family f as an example opens it, into *out (the caller's to free; NULL when it
 * gives none): its first alias, else its name, when that opens as it is. */
static nb_status example_game(const nb_registry *games, const nb_family *f, const char **spec,
                              nb_game **out) {
  *spec = f->aliases != NULL && f->aliases[0].name != NULL ? f->aliases[0].name : f->name;
  *out = NULL;
  return only_memory(nb_registry_open(games, *spec, out, NULL));
}

/* The k-th family (from 1) passing `test` whose example game opens, into *out (NULL: none). */
static nb_status pick(const nb_registry *games, family_test test, size_t k, const char **spec,
                      nb_game **out) {
  size_t n;
  const nb_family *const *list = nb_registry_families(games, &n);
  *out = NULL;
  for (size_t i = 0; i < n; i++) {
    if (!test(list[i])) continue;
    nb_status st = example_game(games, list[i], spec, out);
    if (st != NB_OK || (*out != NULL && --k == 0)) return st;
    nb_game_free(*out);
    *out = NULL;
  }
  return NB_OK;
}

/* The position of g made of components of the sizes `offsets` ("0,1,4") past its smallest,
 * formatted into buf (left empty when one is not a size). */
static nb_status example_position(const nb_game *g, const char *offsets, char buf[POSITION_CAP]) {
  nb_pos comps[8];
  uint64_t k[8];
  size_t n = 0;
  const char *bad;
  size_t bad_len;
  buf[0] = '\0';
  if (!nb_parse_u64_list(offsets, strlen(offsets), 0, UINT64_MAX, k, 8, &n, &bad, &bad_len) ||
      n > 8)
    return NB_OK; /* a template's fault: no example */
  for (size_t i = 0; i < n; i++) {
    nb_status st = nb_size_position(g, g->family->sizes->size_min + k[i], &comps[i], NULL);
    if (st != NB_OK) return only_memory(st);
  }
  int len = nb_position_format(g, comps, n, buf, POSITION_CAP);
  if (len < 0 || len >= POSITION_CAP) buf[0] = '\0';
  return len < 0 ? NB_EINTERNAL : NB_OK;
}

/* {ex:CMD:WHICH:SIZES:ARGS}, its fields split into `field`. */
static nb_status add_example(nb_text *t, const nb_registry *games, char *const field[4]) {
  char *hash = strchr(field[1], '#');
  uint64_t k = 1;
  if (hash != NULL && !nb_parse_u64(hash + 1, &k)) return NB_OK; /* a template's fault */
  if (hash != NULL) *hash = '\0';
  family_test test = strcmp(field[1], "runs") == 0     ? with_runs
                     : strcmp(field[1], "period") == 0 ? with_period
                     : strcmp(field[1], "heaps") == 0  ? nb_heap_family
                                                       : with_sizes;
  nb_game *g;
  const char *spec = NULL;
  char position[POSITION_CAP] = "";
  nb_status st = pick(games, test, k, &spec, &g);
  if (st == NB_OK && g != NULL && field[2][0] != '\0') st = example_position(g, field[2], position);
  if (st == NB_OK && g != NULL && (field[2][0] == '\0' || position[0] != '\0'))
    st = nb_text_printf(t, NULL, "  nimber %s %s%s%s%s%s\n", field[0], spec, *position ? " " : "",
                        position, *field[3] ? " " : "", field[3]);
  nb_game_free(g);
  return st;
}

/* A move of the component of size size_min + MOVES_SIZE of g, as `moves` prints it, into move
 * (left empty when there is none). */
static nb_status first_move(const nb_game *g, char move[POSITION_CAP]) {
  nb_solver *s = NULL;
  nb_move_list l = {0};
  nb_pos p;
  move[0] = '\0';
  nb_status st = nb_size_position(g, g->family->sizes->size_min + MOVES_SIZE, &p, NULL);
  if (st == NB_OK) st = nb_solver_new(g, NULL, &s, NULL);
  if (st == NB_OK) st = nb_sum_moves(s, &p, 1, NB_LEFT, &l, NULL);
  if (st == NB_OK && l.count > 0) {
    int len = nb_sum_move_describe(g, &p, 1, &l, 0, move, POSITION_CAP);
    if (len < 0 || len >= POSITION_CAP) move[0] = '\0';
    if (len < 0) st = NB_EINTERNAL;
  }
  nb_move_list_free(&l);
  nb_solver_free(s);
  return only_memory(st);
}

/* {moves}: "5/2 in twothree, 2L in tower, ..." for the first games with sizes. */
static nb_status add_moves(nb_text *t, const nb_registry *games) {
  nb_status st = NB_OK;
  for (size_t k = 1, shown = 0; shown < MOVES_SHOWN && st == NB_OK; k++) {
    nb_game *g;
    const char *spec = NULL;
    char move[POSITION_CAP];
    st = pick(games, with_sizes, k, &spec, &g);
    if (g == NULL) break;
    if (st == NB_OK) st = first_move(g, move);
    if (st == NB_OK && move[0] != '\0')
      st = nb_text_printf(t, NULL, "%s%s in %s", shown++ ? ", " : "", move, spec);
    nb_game_free(g);
  }
  return st;
}

/* Expands one placeholder, text[0..len) without its braces; unknown ones are kept as written. */
static nb_status expand(nb_text *t, const nb_registry *games, const char *text, size_t len) {
  char name[128];
  if (len >= sizeof name) return nb_text_printf(t, NULL, "{%.*s}", (int)len, text);
  memcpy(name, text, len);
  name[len] = '\0';
  if (strcmp(name, "sizes") == 0) return add_sizes(t, games);
  if (strcmp(name, "runs") == 0) return add_names(t, games, with_runs, " and ");
  if (strcmp(name, "no-runs") == 0) return add_names(t, games, without_runs, " or ");
  if (strcmp(name, "moves") == 0) return add_moves(t, games);
  if (strcmp(name, "heaps") == 0) return add_names(t, games, nb_heap_family, " or ");
  if (strncmp(name, "ex:", 3) == 0) {
    char *field[4] = {name + 3, "", "", ""};
    for (int i = 1; i < 4; i++) {
      char *colon = strchr(field[i - 1], ':');
      if (colon == NULL) break;
      *colon = '\0';
      field[i] = colon + 1;
    }
    return add_example(t, games, field);
  }
  return nb_text_printf(t, NULL, "{%s}", name);
}

char *cli_help(const nb_registry *games, const char *template) {
  nb_text t = {0};
  nb_status st = nb_text_add(&t, "", 0, NULL);
  for (const char *p = template; *p != '\0' && st == NB_OK;) {
    const char *open = strchr(p, '{'), *close = open != NULL ? strchr(open, '}') : NULL;
    if (close == NULL) {
      st = nb_text_add(&t, p, strlen(p), NULL);
      break;
    }
    st = nb_text_add(&t, p, (size_t)(open - p), NULL);
    if (st == NB_OK) st = expand(&t, games, open + 1, (size_t)(close - open - 1));
    p = close + 1;
  }
  if (st == NB_OK) return t.data;
  free(t.data);
  return NULL;
}
