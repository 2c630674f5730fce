/*
 * plain_board.h: the reference the board and strip families are tested against (test_cram.c,
 * test_col.c, test_nogo.c, test_strips.c, test_impartial.c), written once.
 *
 * A board here is characters, as the user types them (rows of cells, '/' between rows in its
 * text). A test writes its family's rules a second time as a plain function from a board and a
 * player to the boards that player's moves leave (pb_rule): no bits, no regions, no symmetries,
 * no normal forms. From the rules alone this file gives the value of a board, memoised by its
 * whole text:
 *   - partizan: the plain canonical form (tests/plain_cg.h) of {after Left's moves | after
 *     Right's};
 *   - impartial: the Grundy value, the least number not among the values after a move.
 * and the checks every family's test makes against the library: a board's value equal to the
 * plain one (tree for tree, tplain_cg_same.h), a board's value the negative or the same as
 * another's, every board of a shape (or random ones), the moves as text, the refusals, a board
 * search's refusal at --memory (pb_check_board_limit: test_nogo.c, test_amazons.c). Aborts on
 * out-of-memory: test code.
 */
#ifndef NB_TESTS_PLAIN_BOARD_H
#define NB_TESTS_PLAIN_BOARD_H

#include "check.h"
#include "plain_cg_same.h"

#include <stdlib.h>
#include <string.h>

enum {
  PB_MAX_H = 8,         /* most rows of a test board */
  PB_MAX_W = 32,        /* most columns */
  PB_MOVES = 512,       /* most moves of one player in a test board */
  PB_BUCKETS = 1 << 18, /* chains of the memo */
  PB_TEXT = PB_MAX_H * (PB_MAX_W + 1) + 1
};

/* A board in a test, as typed. */
typedef struct pboard {
  int h, w;                      /* rows and columns */
  char cell[PB_MAX_H][PB_MAX_W]; /* the characters of the cells */
} pboard;

/* The rules: writes the boards `who` (0 Left, 1 Right; impartial rules ignore it) can move b to
 * into next (room for PB_MOVES), returns how many. */
typedef int (*pb_rule)(const pboard *b, int who, pboard *next);

static inline void pb_text(const pboard *b, char *out) {
  size_t k = 0;
  for (int r = 0; r < b->h && r < PB_MAX_H; r++) {
    if (r > 0) out[k++] = '/';
    for (int c = 0; c < b->w && c < PB_MAX_W; c++)
      out[k++] = b->cell[r][c];
  }
  out[k] = '\0';
}

static inline pboard pb_board(const char *text) {
  pboard b = {.h = 1, .w = 0};
  int c = 0;
  for (const char *s = text; *s; s++) {
    if (*s == '/') {
      b.h++;
      c = 0;
    } else {
      b.cell[b.h - 1][c++] = *s;
      if (b.h == 1) b.w = c;
    }
  }
  return b;
}

/* Whether (r, c) is on the board. */
static inline bool pb_on(const pboard *b, int r, int c) {
  return r >= 0 && r < b->h && c >= 0 && c < b->w;
}

/* The board moved by symmetry k (bit 2: transpose, then bit 0: mirror columns, bit 1: rows). */
static inline pboard pb_turned(const pboard *b, int k) {
  pboard t = {.h = k & 4 ? b->w : b->h, .w = k & 4 ? b->h : b->w};
  for (int r = 0; r < b->h; r++)
    for (int c = 0; c < b->w; c++) {
      int r2 = k & 4 ? c : r, c2 = k & 4 ? r : c;
      if (k & 1) c2 = t.w - 1 - c2;
      if (k & 2) r2 = t.h - 1 - r2;
      t.cell[r2][c2] = b->cell[r][c];
    }
  return t;
}

/* The board with each character of `from` replaced by the one at its place in `to`. */
static inline pboard pb_swapped(const pboard *b, const char *from, const char *to) {
  pboard s = *b;
  for (int r = 0; r < b->h; r++)
    for (int c = 0; c < b->w; c++) {
      const char *at = strchr(from, b->cell[r][c]);
      if (at != NULL && *at != '\0') s.cell[r][c] = to[at - from];
    }
  return s;
}

/* A board of h x w cells, cell i the digit i of `code` in base strlen(symbols). */
static inline pboard pb_of_code(int h, int w, uint64_t code, const char *symbols) {
  pboard b = {.h = h, .w = w};
  uint64_t base = strlen(symbols);
  for (int i = 0; i < h * w; i++, code /= base)
    b.cell[i / w][i % w] = symbols[code % base];
  return b;
}

/* ---- the plain values ----------------------------------------------------------------------- */

/* The memo: board text -> value, chained in PB_BUCKETS buckets. */
typedef struct pb_memo {
  char **key;     /* board texts (owned) */
  uint32_t *val;  /* their values */
  size_t *next;   /* the next entry of the chain, + 1 (0: none) */
  size_t n, cap;  /* used, allocated */
  size_t *bucket; /* PB_BUCKETS chains: index + 1 of the first entry, 0 none */
} pb_memo;

/* A plain evaluator of one family's rules. */
typedef struct pb_plain {
  pb_rule rule;         /* the rules */
  plain_pool pool;      /* canonical forms (partizan) */
  pb_memo memo;         /* values by board */
  pboard **scratch;     /* room for PB_MOVES boards at each depth of the recursion, kept: */
  size_t depth, depths; /* made once, as a move list of 135 KB made and freed at each */
} pb_plain;             /* board cost 115,000 mmap/munmap pairs a test under ASan */

/* The move list of the current depth (made on first use), and one level deeper. */
static inline pboard *pb_enter(pb_plain *p) {
  if (p->depth == p->depths) {
    p->depths = p->depths ? 2 * p->depths : 64;
    p->scratch = plain_xrealloc(p->scratch, p->depths * sizeof *p->scratch);
    for (size_t i = p->depth; i < p->depths; i++)
      p->scratch[i] = NULL;
  }
  if (p->scratch[p->depth] == NULL)
    p->scratch[p->depth] = plain_xrealloc(NULL, PB_MOVES * sizeof **p->scratch);
  return p->scratch[p->depth++];
}

static inline size_t pb_hash(const char *s) {
  size_t h = 5381;
  while (*s)
    h = h * 33 + (unsigned char)*s++;
  return h & (PB_BUCKETS - 1);
}

static inline pb_plain pb_plain_new(pb_rule rule) {
  pb_plain p = {.rule = rule};
  p.memo.bucket = plain_xrealloc(NULL, PB_BUCKETS * sizeof *p.memo.bucket);
  memset(p.memo.bucket, 0, PB_BUCKETS * sizeof *p.memo.bucket);
  return p;
}

static inline void pb_plain_free(pb_plain *p) {
  for (size_t i = 0; i < p->memo.n; i++)
    free(p->memo.key[i]);
  free(p->memo.key);
  free(p->memo.val);
  free(p->memo.next);
  free(p->memo.bucket);
  for (size_t i = 0; i < p->depths; i++)
    free(p->scratch[i]);
  free(p->scratch);
  plain_free(&p->pool);
}

static inline bool pb_memo_get(const pb_memo *m, const char *text, uint32_t *val) {
  for (size_t i = m->bucket[pb_hash(text)]; i != 0; i = m->next[i - 1])
    if (strcmp(m->key[i - 1], text) == 0) {
      *val = m->val[i - 1];
      return true;
    }
  return false;
}

static inline void pb_memo_put(pb_memo *m, const char *text, uint32_t val) {
  if (m->n == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 1024;
    m->key = plain_xrealloc(m->key, m->cap * sizeof *m->key);
    m->val = plain_xrealloc(m->val, m->cap * sizeof *m->val);
    m->next = plain_xrealloc(m->next, m->cap * sizeof *m->next);
  }
  size_t h = pb_hash(text), len = strlen(text) + 1;
  m->key[m->n] = plain_xrealloc(NULL, len);
  memcpy(m->key[m->n], text, len);
  m->val[m->n] = val;
  m->next[m->n] = m->bucket[h];
  m->bucket[h] = ++m->n;
}

/* The plain canonical form of b: {after Left's moves | after Right's}, reduced. */
static inline uint32_t pb_canonical(pb_plain *p, const pboard *b) {
  char text[PB_TEXT];
  uint32_t v;
  pb_text(b, text);
  if (pb_memo_get(&p->memo, text, &v)) return v;
  plain_list side[2] = {{0}, {0}};
  pboard *next = pb_enter(p);
  for (int who = 0; who < 2; who++) {
    int n = p->rule(b, who, next);
    for (int i = 0; i < n; i++)
      plain_push(&side[who], pb_canonical(p, &next[i]));
  }
  p->depth--;
  v = plain_reduce(&p->pool, &side[0], &side[1]);
  pb_memo_put(&p->memo, text, v);
  return v;
}

/* Whether `who` (0 Left, 1 Right), moving first on b, wins: some move leaves the other, to move,
 * losing; the first such move ends the work (normal play). Memoised by the board's text and the
 * mover, in the memo of p (keys end in '<' or '>', which no board text holds). */
static inline bool pb_wins(pb_plain *p, const pboard *b, int who) {
  char text[PB_TEXT + 2];
  uint32_t v;
  pb_text(b, text);
  size_t len = strlen(text);
  text[len] = who == 0 ? '<' : '>';
  text[len + 1] = '\0';
  if (pb_memo_get(&p->memo, text, &v)) return v != 0;
  pboard *next = pb_enter(p);
  int n = p->rule(b, who, next);
  bool won = false;
  for (int i = 0; i < n && !won; i++)
    won = !pb_wins(p, &next[i], 1 - who);
  p->depth--;
  pb_memo_put(&p->memo, text, won);
  return won;
}

/* The plain Grundy value of b: the least value no move leaves. */
static inline uint32_t pb_grundy(pb_plain *p, const pboard *b) {
  char text[PB_TEXT];
  uint32_t v;
  pb_text(b, text);
  if (pb_memo_get(&p->memo, text, &v)) return v;
  pboard *next = pb_enter(p);
  int n = p->rule(b, 0, next);
  bool seen[PB_MOVES + 1] = {false};
  for (int i = 0; i < n; i++) {
    uint32_t g = pb_grundy(p, &next[i]);
    if (g <= PB_MOVES) seen[g] = true;
  }
  p->depth--;
  for (v = 0; seen[v]; v++) {
  }
  pb_memo_put(&p->memo, text, v);
  return v;
}

/* ---- the library ---------------------------------------------------------------------------- */

/* A family's game and a solver shared by every board of a test (and so its store). */
typedef struct pb_lib {
  nb_game *game;     /* the family's game */
  nb_solver *solver; /* its solver */
} pb_lib;

static inline pb_lib pb_lib_open(const char *spec) {
  pb_lib l;
  nb_error err;
  CHECK_OK(nb_game_open(spec, &l.game, &err), &err);
  CHECK_OK(nb_solver_new(l.game, NULL, &l.solver, &err), &err);
  return l;
}

static inline void pb_lib_free(pb_lib *l) {
  nb_solver_free(l->solver);
  nb_game_free(l->game);
}

/* The value of the boards `texts` (separated by spaces) by the solver. */
static inline nb_value pb_value(pb_lib *l, const char *texts) {
  char buf[1024], *tokens[16];
  size_t count = 0, n = 0;
  nb_pos comps[16];
  nb_error err;
  nb_value v;
  snprintf(buf, sizeof buf, "%s", texts);
  for (char *t = strtok(buf, " "); t != NULL && count < 16; t = strtok(NULL, " "))
    tokens[count++] = t;
  CHECK_OK(nb_position_parse(l->game, (const char *const *)tokens, count, 1, comps, &n, 16, &err),
           &err);
  CHECK_OK(nb_value_of(l->solver, comps, n, &v, &err), &err);
  return v;
}

/* The library's value of b equals the plain one: the same canonical tree (partizan), or the same
 * Grundy value (impartial). */
static inline void pb_check_plain(pb_lib *l, pb_plain *p, const pboard *b) {
  char text[PB_TEXT];
  pb_text(b, text);
  nb_value v = pb_value(l, text);
  if (l->game->family->partizan)
    CHECK(v.kind == NB_VALUE_CANONICAL &&
              plain_cg_same(v.store, &p->pool, pb_canonical(p, b), v.game),
          "%s: not the plain canonical form", text);
  else
    CHECK(v.kind == NB_VALUE_NIMBER && v.nimber == pb_grundy(p, b), "%s: *%llu, plain *%u", text,
          (unsigned long long)v.nimber, (unsigned)pb_grundy(p, b));
}

/* The library's values of the boards a and b: negatives of each other (negate) or equal. */
static inline void pb_check_related(pb_lib *l, const pboard *a, const pboard *b, bool negate) {
  char ta[PB_TEXT], tb[PB_TEXT];
  nb_error err;
  pb_text(a, ta);
  pb_text(b, tb);
  nb_value va = pb_value(l, ta), vb = pb_value(l, tb);
  nb_cg want = va.game;
  if (negate) CHECK_OK(nb_cg_negate(va.store, va.game, &want, &err), &err);
  CHECK(vb.game == want && vb.nimber == va.nimber, "%s, %s: not %s", ta, tb,
        negate ? "negatives" : "equal");
}

/* Every board of h x w cells over `symbols` (sample 0), or `sample` random ones, that `keep`
 * accepts (NULL: all), against the plain values; `also` (NULL: nothing) checks more on each. */
static inline void pb_check_shape(pb_lib *l, pb_plain *p, int h, int w, const char *symbols,
                                  int sample, uint64_t *rng, bool (*keep)(const pboard *),
                                  void (*also)(pb_lib *, const pboard *, int)) {
  uint64_t all = 1;
  for (int i = 0; i < h * w; i++)
    all *= strlen(symbols);
  for (uint64_t i = 0; i < (sample ? (uint64_t)sample : all); i++) {
    pboard b = pb_of_code(h, w, sample ? check_range(rng, 0, all - 1) : i, symbols);
    if (keep != NULL && !keep(&b)) continue;
    pb_check_plain(l, p, &b);
    if (also != NULL) also(l, &b, (int)(i % 8));
  }
}

/* The moves of `who` in the one board `text`, as "name -> parts" lines joined by "; ". Returns
 * whether the family's move_bound was exact (the moves as many as it said). */
static inline bool pb_moves_text(pb_lib *l, const char *text, nb_player who, char *out,
                                 size_t cap) {
  nb_pos comp;
  size_t n = 0, len = 0;
  nb_error err;
  const nb_family *fam = l->game->family;
  CHECK_OK(nb_position_parse(l->game, &text, 1, 1, &comp, &n, 1, &err), &err);
  size_t bound = fam->move_bound(l->game, comp), maxp = fam->max_parts ? fam->max_parts : 1;
  nb_moves m = {plain_xrealloc(NULL, (bound + 1) * sizeof *m.move),
                plain_xrealloc(NULL, (bound + 1) * maxp * sizeof *m.part), 0, 0};
  CHECK_OK(fam->moves(l->game, comp, who, &m, &err), &err);
  out[0] = '\0';
  for (size_t i = 0, k = 0; i < m.count && len < cap; k += m.move[i].parts, i++) {
    char name[32];
    fam->describe(l->game, comp, &m.move[i], m.part + k, name, sizeof name);
    len += (size_t)snprintf(out + len, cap - len, "%s%s ->", i ? "; " : "", name);
    for (uint32_t j = 0; j < m.move[i].parts && len < cap; j++) {
      char part[512]; /* a region of up to 16 x 16 (clobber's): 16 rows of 16 and a '/' each */
      fam->format(l->game, m.part[k + j], part, sizeof part);
      len += (size_t)snprintf(out + len, cap - len, " %s", part);
    }
  }
  CHECK(m.count <= bound, "%s: %zu moves, beyond move_bound %zu", text, m.count, bound);
  free(m.move);
  free(m.part);
  return m.count == bound;
}

/* The value of the boards `text` is `want` in CGSuite's notation. */
static inline void pb_check_form(pb_lib *l, const char *text, const char *want) {
  nb_value v = pb_value(l, text);
  char *form;
  size_t len;
  nb_error err;
  CHECK_OK(nb_cg_format(v.store, v.game, 1 << 12, &form, &len, &err), &err);
  CHECK(strcmp(form, want) == 0, "%s: %s, want %s", text, form, want);
  free(form);
}

/* The value of the boards `text` equals `published`, a form in CGSuite's notation as a source
 * prints it (its options may be ordered or spelt differently from nimber's: both are read into
 * the value's store, where equal games are one handle). */
static inline void pb_check_published(pb_lib *l, const char *text, const char *published) {
  nb_value v = pb_value(l, text);
  nb_cg want = NB_CG_ZERO;
  nb_error err;
  CHECK_OK(nb_cg_parse(v.store, published, &want, &err), &err);
  CHECK(want == v.game, "%s: not the published %s", text, published);
}

/* The board `text` is refused with NB_EUSAGE and exactly the message `want`. */
static inline void pb_check_refused(pb_lib *l, const char *text, const char *want) {
  nb_pos comp;
  size_t n = 0;
  nb_error err;
  nb_status st = nb_position_parse(l->game, &text, 1, 1, &comp, &n, 1, &err);
  CHECK(st == NB_EUSAGE && strcmp(err.message, want) == 0, "%s: got '%s'", text,
        st == NB_OK ? "ok" : err.message);
}

/* Random texts over `alphabet` (and some of any bytes), every other one up to 12 characters and
 * the rest up to `longest` (at most 255), are read or refused with NB_EUSAGE and a message, never
 * anything else; what is read prints and reads back as the same position. */
static inline void pb_check_parse_fuzzed(pb_lib *l, const char *alphabet, int count, uint64_t seed,
                                         size_t longest) {
  uint64_t rng = seed;
  size_t letters = strlen(alphabet);
  for (int i = 0; i < count; i++) {
    char text[256];
    size_t len = (size_t)check_range(&rng, 0, i % 2 ? 12 : longest < 256 ? longest : 255);
    bool raw = i % 8 == 0;
    for (size_t j = 0; j < len; j++)
      text[j] = raw ? (char)check_range(&rng, 1, 255) : alphabet[check_range(&rng, 0, letters - 1)];
    text[len] = '\0';
    const char *tokens[1] = {text};
    nb_pos p, back;
    size_t n = 0;
    nb_error err;
    err.message[0] = '\0';
    nb_status st = nb_position_parse(l->game, tokens, 1, 1, &p, &n, 1, &err);
    CHECK(st == NB_OK || (st == NB_EUSAGE && err.message[0] != '\0'), "'%s': status %d", text,
          (int)st);
    if (st != NB_OK) continue;
    char printed[1024];
    nb_position_format(l->game, &p, n, printed, sizeof printed);
    const char *again[1] = {printed};
    n = 0;
    CHECK(nb_position_parse(l->game, again, 1, 1, &back, &n, 1, &err) == NB_OK && back.lo == p.lo &&
              back.hi == p.hi,
          "'%s' prints '%s'", text, printed);
  }
}

/* The one board `text` as typed, into *p. */
static inline void pb_parse_one(pb_lib *l, const char *text, nb_pos *p) {
  nb_error err;
  size_t n = 0;
  const char *tokens[1] = {text};
  CHECK_OK(nb_position_parse(l->game, tokens, 1, 1, p, &n, 1, &err), &err);
}

/* A family's own board search's outcome (its outcome hook, through nb_value_outcome) of the one
 * board `text` equals `want`. */
static inline void pb_check_board_outcome(pb_lib *l, const char *text, nb_outcome want) {
  nb_error err;
  nb_pos p;
  nb_value v;
  pb_parse_one(l, text, &p);
  CHECK_OK(nb_value_outcome(l->solver, &p, 1, &v, &err), &err);
  CHECK(v.outcome == want, "%s: the board search says %d, the value %d", text, (int)v.outcome,
        (int)want);
}

/* A family's own board search (its outcome hook) within --memory: `big` is refused under
 * `memory` bytes with a message naming `search` ("the NoGo board search") and the option, and
 * the same solver then answers `small` (the memo forgotten) with the outcome `want`. */
static inline void pb_check_board_limit(const char *family, const char *search, size_t memory,
                                        const char *big, const char *small, nb_outcome want) {
  nb_game *game;
  nb_solver *solver;
  nb_error err;
  nb_limits limits = nb_limits_default();
  limits.memory = memory;
  CHECK_OK(nb_game_open(family, &game, &err), &err);
  CHECK_OK(nb_solver_new(game, &limits, &solver, &err), &err);
  const char *text[1] = {big};
  nb_pos p;
  size_t n;
  nb_value v;
  CHECK_OK(nb_position_parse(game, text, 1, 1, &p, &n, 1, &err), &err);
  CHECK(nb_value_outcome(solver, &p, 1, &v, &err) == NB_EDATA &&
            strstr(err.message, search) != NULL && strstr(err.message, "--memory") != NULL,
        "%s %s within %zu bytes: %s", family, big, memory, err.message);
  text[0] = small;
  CHECK_OK(nb_position_parse(game, text, 1, 1, &p, &n, 1, &err), &err);
  CHECK_OK(nb_value_outcome(solver, &p, 1, &v, &err), &err);
  CHECK(v.outcome == want, "%s %s after the refusal: %d", family, small, (int)v.outcome);
  nb_solver_free(solver);
  nb_game_free(game);
}

#endif
