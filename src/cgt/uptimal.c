/*
 * uptimal.c: CGSuite's named uptimals ^[n], v[n], ^<n>, v<n>, made and recognised.
 *
 * Definitions (Siegel, Combinatorial Game Theory, 2013, ch. II, the uptimals; Winning Ways
 * ch. 8, "up-nth"). For n >= 1:
 *   - ^[n] = ^ + ^<2> + ... + ^<n> (Siegel's up-arrow-to-the-n, "^->n"), whose canonical form is
 *     ^[1] = ^ = {0 | *} and ^[n] = {^[n-1] | *}: CGSuite's own test reads {0|*||*|||*||||*} as
 *     ^[4], with the one left option ^[3];
 *   - ^<n> = ^[n] - ^[n-1] (Siegel's up-nth, ^ with superscript n): ^<1> = ^, and for n >= 2
 *     ^<n> = {0 | v[n-1]*}; CGSuite prints {0|v*} as ^<2>;
 *   - v[n] = -^[n], v<n> = -^<n>.
 * CGSuite's plain-text output (Uptimal.appendTo) writes an uptimal x + d1.^ + d2.^<2> + ... +
 * dk.^<k> + *m whose expansion is one unit (a single d_k = +-1, k >= 2) as `^<k>` or `v<k>`,
 * and one whose digits d1 = .. = dk are all 1 or all -1 (k >= 2) as `^[k]` or `v[k]`, with
 * the number part before it unless it is 0 and the star after: `1/2^[3]*2`, `v<2>*`. These
 * are the forms this file names; other uptimals are printed as explicit games.
 *
 * Making (for the reader, with any builder): ^[n] by its canonical recursion; v[n-1]* for ^<n>
 * as -(^[n-1]*), where ^[k]* = {0, ^[k-1]* | 0} (^[1]* = ^* = {0, * | 0}): both equal their
 * definitions, which test_uptimal checks against sums built from ^ and ^<k>. A number and a
 * star around the name are added with the builder's sum. n is at most NB_CG_UPTIMAL_MAX, so
 * the engine's recursion over the game (about n levels) stays within its depth limit.
 *
 * Recognising (for the printer): g is x + s.U + *m with U = ^[n] or ^<n>, n >= 2, only if its
 * two stops are x (U and *m are infinitesimal). Candidates for n, m and the sign come from
 * g's options, which are themselves number-up-stars or named uptimals in every canonical
 * form of this kind (test_uptimal checks n <= 6, m <= 5, and m up to 40): n is 2 or one more
 * than an option's n; m is 0, 1, or, for each of the four largest nimber parts p among the
 * options, p + 1 or p XOR 0, 1, 2, 3. Each candidate is made in the store
 * and compared by ID (canonical forms are unique there), so a name printed is always right;
 * a verdict per game is kept for the call, so each node is judged once.
 */
#include "cgt/store.h"

#include <stdio.h>
#include <stdlib.h>

/* ---- Making ---------------------------------------------------------------------------------- */

static nb_status make_nus(const nb_cg_builder *b, nb_dyadic x, int64_t ups, uint64_t nim,
                          uint32_t *out, nb_error *err) {
  nb_cg_nus v = {x, ups, nim};
  return b->nus(b->ctx, v, out, err);
}

/* ^[n] (star = false) or ^[n]* (star = true), by the canonical recursions above. */
static nb_status make_upsum(const nb_cg_builder *b, uint64_t n, bool star, uint32_t *out,
                            nb_error *err) {
  nb_dyadic zero = {0, 0};
  uint32_t g = 0, z = 0, s = 0, opts[2];
  nb_status st = make_nus(b, zero, 1, star ? 1 : 0, &g, err); /* ^ or ^* */
  if (st == NB_OK) st = make_nus(b, zero, 0, 0, &z, err);
  if (st == NB_OK) st = make_nus(b, zero, 0, 1, &s, err);
  for (uint64_t k = 2; st == NB_OK && k <= n; k++) {
    opts[0] = z, opts[1] = g;
    st = star ? b->braces(b->ctx, opts, 2, &z, 1, &g, err) /* {0, ^[k-1]* | 0} */
              : b->braces(b->ctx, &g, 1, &s, 1, &g, err);  /* {^[k-1] | *} */
  }
  if (st == NB_OK) *out = g;
  return st;
}

/* ^<n>: ^ for n = 1, else {0 | v[n-1]*}. */
static nb_status make_unit(const nb_cg_builder *b, uint64_t n, uint32_t *out, nb_error *err) {
  nb_dyadic zero = {0, 0};
  if (n == 1) return make_nus(b, zero, 1, 0, out, err);
  uint32_t z = 0, far = 0;
  nb_status st = make_upsum(b, n - 1, true, &far, err);
  if (st == NB_OK) st = b->negate(b->ctx, far, &far, err);
  if (st == NB_OK) st = make_nus(b, zero, 0, 0, &z, err);
  if (st == NB_OK) st = b->braces(b->ctx, &z, 1, &far, 1, out, err);
  return st;
}

nb_status nb_cg_make_uptimal(const nb_cg_builder *b, nb_cg_uptimal u, uint32_t *out,
                             nb_error *err) {
  uint32_t g = 0, rest = 0;
  nb_status st = u.unit ? make_unit(b, u.n, &g, err) : make_upsum(b, u.n, false, &g, err);
  if (st == NB_OK && u.sign < 0) st = b->negate(b->ctx, g, &g, err);
  if (st == NB_OK && (u.number.num != 0 || u.nimber != 0)) {
    st = make_nus(b, u.number, 0, u.nimber, &rest, err);
    if (st == NB_OK) st = b->add(b->ctx, rest, g, &g, err);
  }
  if (st == NB_OK) *out = g;
  return st;
}

/* ---- Recognising ------------------------------------------------------------------------------
 */

/* Games with more options on a side are not judged (x + U + *m has about m + 2). Judging
 * recurses into the options: at most MAX_JUDGE_DEPTH levels below the game asked about (the
 * printer itself walks up to NB_CG_MAX_DEPTH levels, and ASan's frames are large: a judge at
 * every level of a 10000-deep walk overflowed its stack), so ^[n] and ^<n> with n beyond about
 * that depth are printed as explicit games, and a game nested deeper is never judged from too
 * deep: it stays unjudged and is judged afresh when printed. Nor is any game judged more than
 * MAX_PRINT_DEPTH levels down the store's walk (the printer's recursion): the printer's own
 * 10000 levels fill most of an ASan stack, and the judge's frames on top of them overflowed it. */
enum { MAX_OPTIONS = 1024, MAX_JUDGE_DEPTH = 200, MAX_PRINT_DEPTH = 1000 };

/* The verdict on one game. */
typedef struct verdict {
  uint8_t state;   /* 0: not judged yet, 1: not a named uptimal, 2: named (u holds it) */
  nb_cg_uptimal u; /* the name, when state is 2 */
} verdict;

struct nb_cg_namer {
  nb_cg_store *s; /* the store judged */
  verdict *v;     /* verdicts by ID */
  size_t cap;     /* entries allocated (IDs below it are covered) */
  unsigned depth; /* judges open now (each judges its options first) */
};

nb_status nb_cg_namer_new(nb_cg_store *s, nb_cg_namer **out, nb_error *err) {
  nb_cg_namer *n = nb_alloc(1, sizeof *n, err);
  if (n == NULL) return NB_EINTERNAL;
  n->s = s, n->v = NULL, n->cap = 0, n->depth = 0;
  *out = n;
  return NB_OK;
}

void nb_cg_namer_free(nb_cg_namer *n) {
  if (n == NULL) return;
  free(n->v);
  free(n);
}

/* Room for the verdict of g (IDs grow as candidates are made). */
static nb_status room(nb_cg_namer *n, nb_cg g, nb_error *err) {
  if (g < n->cap) return NB_OK;
  size_t old = n->cap, want = (size_t)g + 1 > 2 * old ? (size_t)g + 1 : 2 * old;
  verdict *v = nb_realloc(n->v, want, sizeof *v, err);
  if (v == NULL) return NB_EINTERNAL;
  for (size_t i = old; i < want; i++)
    v[i].state = 0;
  n->v = v, n->cap = want;
  return NB_OK;
}

/* The store's builder, for making candidates. */
static nb_status s_nus(void *ctx, nb_cg_nus v, uint32_t *out, nb_error *err) {
  return cg_intern_nus(ctx, v, out, err);
}
static nb_status s_braces(void *ctx, const uint32_t *l, size_t nl, const uint32_t *r, size_t nr,
                          uint32_t *out, nb_error *err) {
  return nb_cg_from_options(ctx, l, nl, r, nr, out, err);
}
static nb_status s_negate(void *ctx, uint32_t g, uint32_t *out, nb_error *err) {
  return nb_cg_negate(ctx, g, out, err);
}
static nb_status s_add(void *ctx, uint32_t a, uint32_t b, uint32_t *out, nb_error *err) {
  return nb_cg_add(ctx, a, b, out, err);
}

/* Candidate values of n and m gathered from the options. */
typedef struct hints {
  uint64_t n[16];  /* candidate n (>= 2) */
  size_t nn;       /* how many */
  uint64_t top[4]; /* the largest distinct nimber parts of the options, decreasing */
  size_t ntop;     /* how many */
  uint64_t m[24];  /* candidate nimber parts, from top (hints_finish) */
  size_t nm;       /* how many */
} hints;

static void hint(uint64_t *list, size_t *len, size_t cap, uint64_t x) {
  for (size_t i = 0; i < *len; i++)
    if (list[i] == x) return;
  if (*len < cap) list[(*len)++] = x;
}

/* Keeps p among the four largest distinct nimber parts seen. */
static void hint_top(hints *h, uint64_t p) {
  size_t i = 0;
  while (i < h->ntop && h->top[i] > p)
    i++;
  if ((i < h->ntop && h->top[i] == p) || i == 4) return;
  size_t last = h->ntop < 4 ? h->ntop : 3;
  for (size_t j = last; j > i; j--)
    h->top[j] = h->top[j - 1];
  h->top[i] = p;
  if (h->ntop < 4) h->ntop++;
}

/* The candidates for m: each of the largest nimber parts p of the options (the star part's own
 * options are x + *j, j < m), p + 1 and p XOR 1, 2, 3 (a unit's options toggle the star). */
static void hints_finish(hints *h) {
  hint(h->m, &h->nm, 24, 0);
  hint(h->m, &h->nm, 24, 1);
  for (size_t i = 0; i < h->ntop; i++) {
    hint(h->m, &h->nm, 24, h->top[i] + 1);
    for (uint64_t k = 0; k < 4; k++)
      hint(h->m, &h->nm, 24, h->top[i] ^ k);
  }
}

static nb_status judge(nb_cg_namer *n, nb_cg g, nb_error *err);

/* Hints from g's options; *ok false if an option is neither a number-up-star nor named. */
static nb_status gather(nb_cg_namer *n, nb_cg g, hints *h, bool *ok, nb_error *err) {
  *ok = true;
  hint(h->n, &h->nn, 16, 2);
  for (int side = 0; side < 2 && *ok; side++)
    for (uint32_t i = 0; i < cg_count(n->s, g, side) && *ok; i++) {
      nb_cg o = cg_option(n->s, g, side, i);
      uint64_t m = 0;
      if (cg_is_nus(n->s, o)) {
        m = cg_nus_of(n->s, o).nimber;
      } else {
        nb_status st = judge(n, o, err);
        if (st != NB_OK) return st;
        *ok = n->v[o].state == 2;
        if (!*ok) break;
        hint(h->n, &h->nn, 16, n->v[o].u.n + 1);
        m = n->v[o].u.nimber;
      }
      hint_top(h, m);
    }
  hints_finish(h);
  return NB_OK;
}

/* Tries every candidate from h against g; records the first that equals it. */
static nb_status try_candidates(nb_cg_namer *n, nb_cg g, nb_dyadic x, const hints *h,
                                nb_error *err) {
  nb_cg_builder b = {n->s, s_nus, s_braces, s_negate, s_add, NULL};
  for (size_t i = 0; i < h->nn; i++)
    for (int kind = 0; kind < 2; kind++)
      for (int sign = 1; sign >= -1; sign -= 2)
        for (size_t j = 0; j < h->nm; j++) {
          nb_cg_uptimal u = {x, h->n[i], h->m[j], (int8_t)sign, kind == 1};
          uint32_t c = 0;
          if (u.n > NB_CG_UPTIMAL_MAX) continue;
          nb_status st = nb_cg_make_uptimal(&b, u, &c, err);
          if (st != NB_OK) return st;
          if (c == g) {
            n->v[g].state = 2, n->v[g].u = u;
            return NB_OK;
          }
        }
  return NB_OK;
}

static nb_status judge(nb_cg_namer *n, nb_cg g, nb_error *err) {
  nb_status st = room(n, g, err);
  if (st != NB_OK || n->v[g].state != 0) return st;
  if (n->depth >= MAX_JUDGE_DEPTH) return NB_OK; /* left unjudged: "not named" for the caller */
  n->v[g].state = 1;
  nb_dyadic x = cg_lstop(n->s, g);
  if (cg_is_nus(n->s, g) || cg_dyadic_cmp(x, cg_rstop(n->s, g)) != 0) return NB_OK;
  if (cg_count(n->s, g, 0) > MAX_OPTIONS || cg_count(n->s, g, 1) > MAX_OPTIONS) return NB_OK;
  hints h = {{0}, 0, {0}, 0, {0}, 0};
  bool ok = false;
  n->depth++;
  st = gather(n, g, &h, &ok, err);
  n->depth--;
  if (st == NB_OK && ok) st = try_candidates(n, g, x, &h, err);
  return st;
}

nb_status nb_cg_name_uptimal(nb_cg_namer *n, nb_cg g, bool *named, nb_cg_uptimal *out,
                             nb_error *err) {
  *named = false;
  if (n->s->depth > MAX_PRINT_DEPTH) return NB_OK; /* deep in a walk: the stack is spent */
  nb_status st = judge(n, g, err);
  if (st != NB_OK) return st;
  *named = n->v[g].state == 2;
  if (*named) *out = n->v[g].u;
  return NB_OK;
}

int nb_cg_uptimal_format(nb_cg_uptimal u, char *buf, size_t cap) {
  char x[64] = "", star[32] = "";
  if (u.number.num != 0) nb_dyadic_format(u.number, x, sizeof x);
  if (u.nimber == 1) snprintf(star, sizeof star, "*");
  if (u.nimber > 1) snprintf(star, sizeof star, "*%llu", (unsigned long long)u.nimber);
  return snprintf(buf, cap, "%s%c%c%llu%c%s", x, u.sign > 0 ? '^' : 'v', u.unit ? '<' : '[',
                  (unsigned long long)u.n, u.unit ? '>' : ']', star);
}
