/*
 * impartial.c: `impartial:GAME`, the impartial game made of a partizan one: both players may
 * make every move of either player of GAME (Left's and Right's, as one list).
 *
 * Why. Many impartial games are partizan games with the colours forgotten: Cram is Domineering in
 * which either player places either domino (impartial:domineering = cram, which tests/test_cram.c
 * checks on every small board), and every board game has such a twin (impartial:snort,
 * impartial:toads...). A position of the twin is written, read and printed as the partizan
 * game's, and its value is its Grundy value.
 *
 * How. The game holds the partizan game it is made of, opened by spec among the families of the
 * registry that opens the twin (nb_impartial_create_in, the way in builtin.c registers: so a
 * plug-in's partizan family has its twin, impartial:bluered once examples/plugin/hackenbush.c is
 * loaded), or among the built-in families for a twin opened without a registry (nb_game_open:
 * twin_create). The twin knows nothing of the game but its contract. Positions, text and parts are
 * that game's, unchanged: each part a move leaves is a position of the partizan game, and as the
 * twin's rules apply to it as much as to the whole, the twin of a sum is the sum of the twins (the
 * moves of a sum are the moves in one component). The moves are Left's, then Right's; a move may
 * appear twice (Snort's empty cell is both players'), which the Grundy value (the least value no
 * move leaves) does not mind. A move is written as the partizan game writes it, after 'L' for
 * Left's moves and 'R' for Right's: `Lv1,1` (Left's vertical domino), `Rh1,1`. Tag: the partizan
 * tag, bit 30 set for Right's.
 *
 * Limits. max_parts is the table's, fixed: a partizan family whose moves may leave more parts
 * is refused. Nothing is shortcut: the exhaustive search values the twin from its moves.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  MAX_PARTS = 128,    /* the most parts a move of a built-in board family leaves (clobber's) */
  RIGHT_TAG = 1 << 30 /* set in the tag of Right's moves */
};

/* The game: the partizan game it is made of. */
typedef struct twin_game {
  nb_game base;   /* first: the registry's view */
  nb_game *inner; /* the partizan game, owned */
} twin_game;

static const nb_game *inner_of(const nb_game *g) {
  return ((const twin_game *)g)->inner;
}

/* Refuses an empty GAME. */
static nb_status check_params(const char *params, nb_error *err) {
  if (params != NULL && params[0] != '\0') return NB_OK;
  return nb_fail(err, NB_EUSAGE,
                 "impartial takes a partizan game: impartial:GAME, such as impartial:domineering");
}

/* The twin of inner (taken: freed on failure), when inner is partizan with parts that fit. */
static nb_status make_twin(nb_game *inner, nb_game **out, nb_error *err) {
  if (!inner->family->partizan || inner->family->max_parts > MAX_PARTS) {
    char spec[NB_QUOTE_CAP];
    nb_game_spec_quote(inner, spec);
    bool partizan = inner->family->partizan;
    nb_game_free(inner);
    if (partizan)
      return nb_fail(err, NB_EUSAGE, "impartial:GAME: a move of %s may leave more than %d parts",
                     spec, MAX_PARTS);
    return nb_fail(err, NB_EUSAGE, "impartial:GAME takes a partizan game; %s is impartial", spec);
  }
  twin_game *g = nb_alloc(1, sizeof *g, err);
  if (g == NULL) {
    nb_game_free(inner);
    return NB_EINTERNAL;
  }
  g->inner = inner;
  *out = &g->base;
  return NB_OK;
}

/* Without a registry: GAME among the built-in families. */
static nb_status twin_create(const char *params, nb_game **out, nb_error *err) {
  nb_game *inner;
  nb_status st = check_params(params, err);
  if (st == NB_OK) st = nb_game_open(params, &inner, err);
  return st == NB_OK ? make_twin(inner, out, err) : st;
}

nb_status nb_impartial_create_in(const nb_registry *r, const char *params, nb_game **out,
                                 nb_error *err) {
  nb_game *inner;
  nb_status st = check_params(params, err);
  if (st == NB_OK) st = nb_registry_open(r, params, &inner, err);
  return st == NB_OK ? make_twin(inner, out, err) : st;
}

static void twin_destroy(nb_game *g) {
  nb_game_free(((twin_game *)g)->inner);
  free(g);
}

/* "impartial:" and the partizan game's spec. */
static int twin_spec(const nb_game *g, char *buf, size_t cap) {
  int total = snprintf(buf, cap, "impartial:");
  size_t room;
  char *rest = nb_bounded_at(buf, cap, total, &room);
  return total + nb_game_spec(inner_of(g), rest, room);
}

static nb_status twin_parse(const nb_game *g, const char *const *tokens, size_t count,
                            size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  const nb_game *in = inner_of(g);
  return in->family->parse(in, tokens, count, first_arg, out, n, cap, err);
}

static int twin_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  const nb_game *in = inner_of(g);
  return in->family->format(in, p, buf, cap);
}

/* Left's moves and Right's. */
static size_t twin_move_bound(const nb_game *g, nb_pos p) {
  const nb_game *in = inner_of(g);
  return 2 * in->family->move_bound(in, p);
}

/* The definition: Left's moves of the partizan game, then Right's, for either player. */
static nb_status twin_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                            nb_error *err) {
  (void)who;
  const nb_game *in = inner_of(g);
  size_t first_right = 0;
  nb_status st = in->family->moves(in, p, NB_LEFT, out, err);
  first_right = out->count;
  if (st == NB_OK) st = in->family->moves(in, p, NB_RIGHT, out, err);
  for (size_t i = first_right; st == NB_OK && i < out->count; i++)
    out->move[i].tag |= RIGHT_TAG;
  return st;
}

/* The partizan game's board after the move, in place, where that game keeps its boards so;
 * NB_EUSAGE otherwise (the parts are shown: nb_family.in_place). */
static nb_status twin_in_place(const nb_game *g, nb_pos from, nb_player who, const nb_move *m,
                               nb_pos *out, nb_error *err) {
  (void)who; /* the tag says whose move of the partizan game it is */
  const nb_game *in = inner_of(g);
  if (in->family->in_place == NULL) return NB_EUSAGE;
  nb_move plain = *m;
  plain.tag &= ~RIGHT_TAG;
  nb_player side = m->tag & RIGHT_TAG ? NB_RIGHT : NB_LEFT;
  return in->family->in_place(in, from, side, &plain, out, err);
}

/* "Lv1,1": Left's move v1,1 of the partizan game; "Rh1,1": Right's. */
static int twin_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                         char *buf, size_t cap) {
  const nb_game *in = inner_of(g);
  nb_move plain = *m;
  plain.tag &= ~RIGHT_TAG;
  int total = snprintf(buf, cap, "%c", m->tag & RIGHT_TAG ? 'R' : 'L');
  size_t room;
  char *rest = nb_bounded_at(buf, cap, total, &room);
  return total + in->family->describe(in, from, &plain, parts, rest, room);
}

/* Twins of boards, strips, rows and literal games: Cram's twin, splits, sums. */
static const nb_sample twin_samples[] = {
    {"impartial:domineering", "../.."}, {"impartial:domineering", "..#/... ...."},
    {"impartial:snort", "..."},         {"impartial:col", ".l./r.."},
    {"impartial:nogo", "..../.x.."},    {"impartial:toads", "tt.ff"},
    {"impartial:elephants", "t.t..f"},  {"impartial:toppling", "lrel"},
    {"impartial:cg", "{1|-1} ^"},       {NULL, NULL}};

const nb_family nb_impartial_family = {
    .abi = NB_ABI_VERSION,
    .name = "impartial",
    .synopsis = "impartial:GAME  a partizan game in which both players have every move of either "
                "(impartial:domineering is cram)",
    .position_help = "positions of GAME, as GAME writes them",
    .partizan = false,
    .sum_needs_index = true, /* "Lv1,1" names no component of a sum: "2:Lv1,1" does */
    .create = twin_create,
    .destroy = twin_destroy,
    .spec = twin_spec,
    .parse = twin_parse,
    .format = twin_format,
    .joiner = " + ",
    .move_bound = twin_move_bound,
    .max_parts = MAX_PARTS,
    .moves = twin_moves,
    .describe = twin_describe,
    .in_place = twin_in_place,
    .samples = twin_samples,
};
