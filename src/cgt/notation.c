/*
 * notation.c: CGSuite's notation for short games, written and read.
 *
 * Writing (what CGSuite prints, plain-text symbols):
 *   - a number-up-star x + k.^ + *m is [x][ups][star]: x is printed unless it is 0 and something
 *     else is (`0`, `3`, `-1/2`, `*`, `1*`); ups are `^`, `^^`, `^3`, `^4`, ... and `v`, `vv`,
 *     `v3`, ...; the star is `*` for *1 and `*m` otherwise: `1/2^*`, `2v*`, `-1/2*3`, `^^*`;
 *   - a switch G = {A, B, .. | -A, -B, ..} (G = -G, G != 0) is `+-A`, or `+-{A,B}` with two or
 *     more options; a lone A that is a number-up-star other than a number, nimber or multiple
 *     of up is parenthesised (`+-(1*)`), an explicit A braced (`+-{2|1}`);
 *   - {0 || 0 | -x} and {x | 0 || 0} for a positive number x are `Tiny(x)` and `Miny(x)`, as
 *     CGSuite prints them (tiny-x and miny-x of Winning Ways);
 *   - any other game is `{L1,L2|R1,R2}`, every nested game braced (no CGSuite slashes).
 * Options are listed numbers first (by value), then nimbers, then other number-up-stars (by
 * number, ups, star), then the rest in the byte order of their text: the text depends on the
 * game only, never on the store's history. Printing builds each option's text once; the output
 * is cut off (NB_EDATA) as soon as it would pass the caller's limit, so a form of gigabytes
 * costs at most that limit.
 *
 * Reading takes all of the above, blanks between tokens, parentheses around any game,
 * expressions, and CGSuite's slashes. An expression is terms joined by '+' and '-', where a term
 * is a game or '-' and a term (its negative): `{1|*} + ^ - *2`, `-(+-1)`, `-{2|1}`, and inside
 * braces `{2+*|1}`, as CGSuite reads them. Two readings need a rule: a '-' directly before a
 * digit is the number's sign (`-2^` is -2 + ^, as printed; -(2^) is -2v), and "+-" after a term
 * adds a switch (`2+-1` is 2 + {1|-1} = {3|1}, as CGSuite prints it). `Tiny(G)` is read as
 * {0 || 0 | -G} and `Miny(G)` as {G | 0 || 0}, for any game G. The slashes: inside braces,
 * the separator with the most bars splits the game, each side being a list of options or, if it
 * contains bars itself, one game: {2||1|0} = {2|{1|0}}, {a|b||c} = {{a|b}|c}, {a|b||c|d} =
 * {{a|b}|{c|d}}. Two separators with the same most bars
 * ({a|b|c}) are ambiguous and refused. Every error names the column (1-based) of the fault and
 * what was expected there, as NB_EUSAGE; the game built is canonical.
 */
#include "cgt/store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Writing -------------------------------------------------------------------------------- */

/* A string under construction with a hard length limit. */
typedef struct sbuf {
  char *p;      /* the text, NUL-terminated when cap > 0 */
  size_t len;   /* its length */
  size_t cap;   /* allocated bytes */
  size_t max;   /* longest length allowed for this piece */
  size_t limit; /* the caller's limit for the whole text (for the message) */
  nb_cg_namer *namer; /* which games are named uptimals (^[n], ^<n>), kept for the call */
} sbuf;

static nb_status put(sbuf *b, const char *text, size_t n, nb_error *err) {
  if (n > b->max - b->len)
    return nb_fail(err, NB_EDATA, "the canonical form is longer than %zu bytes", b->limit);
  nb_status st = nb_grow((void **)&b->p, &b->cap, b->len, n + 1, 1, 64, err);
  if (st != NB_OK) return st;
  if (n > 0) memcpy(b->p + b->len, text, n);
  b->len += n;
  b->p[b->len] = '\0';
  return NB_OK;
}

static nb_status put_str(sbuf *b, const char *text, nb_error *err) {
  return put(b, text, strlen(text), err);
}

/* Writes v as [x][ups][star] into text (96 bytes hold any); returns its length. */
static int nus_text(nb_cg_nus v, char text[96]) {
  int n = 0;
  uint64_t k = v.ups < 0 ? (uint64_t)(-v.ups) : (uint64_t)v.ups;
  if (v.number.num != 0 || (v.ups == 0 && v.nimber == 0)) n += nb_dyadic_format(v.number, text, 96);
  if (k > 0) {
    const char *sym = v.ups > 0 ? "^" : "v";
    if (k <= 2)
      n += snprintf(text + n, 96 - (size_t)n, "%s%s", sym, k == 2 ? sym : "");
    else
      n += snprintf(text + n, 96 - (size_t)n, "%s%llu", sym, (unsigned long long)k);
  }
  if (v.nimber == 1) n += snprintf(text + n, 96 - (size_t)n, "*");
  if (v.nimber > 1) n += snprintf(text + n, 96 - (size_t)n, "*%llu", (unsigned long long)v.nimber);
  return n;
}

static nb_status put_nus(sbuf *b, nb_cg_nus v, nb_error *err) {
  char text[96];
  int n = nus_text(v, text);
  return put(b, text, (size_t)n, err);
}

int nb_cg_nus_format(nb_cg_nus v, char *buf, size_t cap) {
  char text[96];
  nus_text(v, text);
  return snprintf(buf, cap, "%s", text);
}

/* The class of a game in the order of options: number, nimber, other NUS, the rest. */
static int rank(const nb_cg_store *s, nb_cg g) {
  nb_cg_nus v;
  if (!nb_cg_get_nus(s, g, &v)) return 3;
  if (v.ups == 0 && v.nimber == 0) return 0;
  return v.ups == 0 && v.number.num == 0 ? 1 : 2;
}

/* One option and its text, for sorting. */
typedef struct option_text {
  nb_cg g;    /* the option */
  char *text; /* its text (owned) */
} option_text;

static int cmp_option(const nb_cg_store *s, const option_text *a, const option_text *b) {
  int ra = rank(s, a->g), rb = rank(s, b->g);
  if (ra != rb) return ra - rb;
  if (ra == 3) return strcmp(a->text, b->text);
  nb_cg_nus x = cg_nus_of(s, a->g), y = cg_nus_of(s, b->g);
  int c = nb_dyadic_cmp(x.number, y.number);
  if (c != 0) return c;
  if (x.ups != y.ups) return x.ups < y.ups ? -1 : 1;
  return x.nimber < y.nimber ? -1 : x.nimber > y.nimber;
}

/* Stable merge sort of v[0..n) by cmp_option, with tmp of n entries (qsort has no context). */
static void sort_options(const nb_cg_store *s, option_text *v, option_text *tmp, size_t n) {
  if (n < 2) return;
  size_t h = n / 2, i = 0, j = h, k = 0;
  sort_options(s, v, tmp, h);
  sort_options(s, v + h, tmp, n - h);
  while (i < h && j < n)
    tmp[k++] = cmp_option(s, &v[j], &v[i]) < 0 ? v[j++] : v[i++];
  while (i < h)
    tmp[k++] = v[i++];
  while (j < n)
    tmp[k++] = v[j++];
  memcpy(v, tmp, n * sizeof *v);
}

static nb_status print_game(nb_cg_store *s, nb_cg g, sbuf *b, nb_error *err);

/* Prints options[0..n) sorted, joined by commas (each budgeted to what is left of b). */
static nb_status print_options(nb_cg_store *s, const nb_cg *ids, size_t n, sbuf *b, nb_error *err) {
  option_text *opts = nb_alloc(2 * n, sizeof *opts, err); /* n options, then sort space */
  if (opts == NULL) return NB_EINTERNAL;
  nb_status st = NB_OK;
  size_t left = b->max - b->len; /* every option's text, and a comma before all but the first,
                                  * goes into b: each gets what the ones before it left */
  for (size_t i = 0; st == NB_OK && i < n; i++) {
    if (i > 0 && left == 0) {
      st = nb_fail(err, NB_EDATA, "the canonical form is longer than %zu bytes", b->limit);
      break;
    }
    left -= i > 0; /* the comma */
    sbuf one = {NULL, 0, 0, left, b->limit, b->namer};
    opts[i].g = ids[i];
    st = print_game(s, ids[i], &one, err);
    if (st == NB_OK && one.p == NULL) st = put_str(&one, "", err);
    if (st == NB_OK) {
      opts[i].text = one.p;
      left -= one.len;
    } else {
      free(one.p);
    }
  }
  if (st == NB_OK) sort_options(s, opts, opts + n, n);
  for (size_t i = 0; st == NB_OK && i < n; i++) {
    if (i > 0) st = put_str(b, ",", err);
    if (st == NB_OK) st = put_str(b, opts[i].text, err);
  }
  for (size_t i = 0; i < n; i++)
    free(opts[i].text);
  free(opts);
  return st;
}

/* Copies g's options on one side (the pool may move while printing). */
static nb_status copy_side(nb_cg_store *s, nb_cg g, int side, nb_cg **out, size_t *n,
                           nb_error *err) {
  *n = cg_count(s, g, side);
  *out = nb_alloc(*n, sizeof **out, err);
  if (*out == NULL) return NB_EINTERNAL;
  for (size_t i = 0; i < *n; i++)
    (*out)[i] = cg_option(s, g, side, (uint32_t)i);
  return NB_OK;
}

/* A lone switch operand: number-up-stars and named uptimals that are not plain (a number or a
 * star beside the ups) get parentheses, as CGSuite writes them. */
static nb_status print_operand(nb_cg_store *s, nb_cg a, sbuf *b, nb_error *err) {
  nb_cg_nus v;
  nb_cg_uptimal u;
  bool named = false;
  nb_status nst = cg_is_nus(s, a) ? NB_OK : nb_cg_name_uptimal(b->namer, a, &named, &u, err);
  if (nst != NB_OK) return nst;
  bool plain = named ? u.number.num == 0 && u.nimber == 0
                     : !nb_cg_get_nus(s, a, &v) || (v.ups == 0 && v.nimber == 0) ||
                           (v.number.num == 0 && (v.ups == 0 || v.nimber == 0));
  nb_status st = plain ? NB_OK : put_str(b, "(", err);
  if (st == NB_OK) st = print_game(s, a, b, err);
  if (st == NB_OK && !plain) st = put_str(b, ")", err);
  return st;
}

/* The positive number x of a tiny {0 || 0 | -x} (sign 1) or a miny {x | 0 || 0} (sign -1), if g is
 * one: its one option on the `outer` side is 0, its other one has the one option 0 toward it and
 * the one option -x or x away from it. */
static bool tiny_of(const nb_cg_store *s, nb_cg g, int sign, nb_dyadic *x) {
  int near = sign > 0 ? 0 : 1; /* the side whose option is 0 */
  if (cg_count(s, g, 0) != 1 || cg_count(s, g, 1) != 1 || cg_option(s, g, near, 0) != NB_CG_ZERO)
    return false;
  nb_cg h = cg_option(s, g, !near, 0);
  if (cg_is_nus(s, h) || cg_count(s, h, 0) != 1 || cg_count(s, h, 1) != 1 ||
      cg_option(s, h, near, 0) != NB_CG_ZERO)
    return false;
  nb_cg far = cg_option(s, h, !near, 0);
  if (!cg_is_number(s, far)) return false;
  *x = cg_nus_of(s, far).number;
  if (sign > 0) x->num = -x->num;
  return x->num > 0;
}

/* Tiny(x) or Miny(x), as CGSuite prints {0||0|-x} and {x|0||0} for a positive number x. */
static nb_status print_tiny(const nb_cg_store *s, nb_cg g, sbuf *b, bool *done, nb_error *err) {
  nb_dyadic x;
  int sign = tiny_of(s, g, 1, &x) ? 1 : tiny_of(s, g, -1, &x) ? -1 : 0;
  *done = sign != 0;
  if (!*done) return NB_OK;
  char text[96];
  nb_status st = put_str(b, sign > 0 ? "Tiny(" : "Miny(", err);
  nb_dyadic_format(x, text, sizeof text);
  if (st == NB_OK) st = put_str(b, text, err);
  return st == NB_OK ? put_str(b, ")", err) : st;
}

static nb_status print_explicit(nb_cg_store *s, nb_cg g, sbuf *b, nb_error *err) {
  bool sw, tiny;
  nb_status tst = print_tiny(s, g, b, &tiny, err);
  if (tst != NB_OK || tiny) return tst;
  nb_cg *left = NULL, *right = NULL;
  size_t nl = 0, nr = 0;
  nb_status st = nb_cg_is_switch(s, g, &sw, err);
  if (st == NB_OK) st = copy_side(s, g, 0, &left, &nl, err);
  if (st == NB_OK && !sw) st = copy_side(s, g, 1, &right, &nr, err);
  if (st == NB_OK && sw) {
    st = put_str(b, nl == 1 ? "+-" : "+-{", err);
    if (st == NB_OK && nl == 1) st = print_operand(s, left[0], b, err);
    if (st == NB_OK && nl > 1) st = print_options(s, left, nl, b, err);
    if (st == NB_OK && nl > 1) st = put_str(b, "}", err);
  } else if (st == NB_OK) {
    st = put_str(b, "{", err);
    if (st == NB_OK) st = print_options(s, left, nl, b, err);
    if (st == NB_OK) st = put_str(b, "|", err);
    if (st == NB_OK) st = print_options(s, right, nr, b, err);
    if (st == NB_OK) st = put_str(b, "}", err);
  }
  free(left);
  free(right);
  return st;
}

/* Puts g's name if it is a named uptimal (*named); kept out of print_game, whose frame is on
 * the stack once per level of a walk up to NB_CG_MAX_DEPTH deep (ASan's stack holds few more). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static nb_status print_named(const nb_cg_store *s, nb_cg g, sbuf *b, bool *named, nb_error *err) {
  (void)s;
  nb_cg_uptimal u;
  nb_status st = nb_cg_name_uptimal(b->namer, g, named, &u, err);
  if (st != NB_OK || !*named) return st;
  char text[160];
  int n = nb_cg_uptimal_format(u, text, sizeof text);
  return put(b, text, (size_t)n, err);
}

static nb_status print_game(nb_cg_store *s, nb_cg g, sbuf *b, nb_error *err) {
  if (cg_is_nus(s, g)) return put_nus(b, cg_nus_of(s, g), err);
  bool named = false;
  nb_status st = print_named(s, g, b, &named, err);
  if (st != NB_OK || named) return st;
  st = cg_enter(s, err);
  if (st != NB_OK) return st;
  st = print_explicit(s, g, b, err);
  cg_leave(s);
  return st;
}

nb_status nb_cg_format(nb_cg_store *s, nb_cg g, size_t max_len, char **out, size_t *len,
                       nb_error *err) {
  NB_ASSERT(g < s->count);
  sbuf b = {NULL, 0, 0, max_len, max_len, NULL};
  nb_status st = nb_cg_namer_new(s, &b.namer, err);
  if (st == NB_OK) st = print_game(s, g, &b, err);
  nb_cg_namer_free(b.namer);
  if (st != NB_OK) {
    free(b.p);
    return st;
  }
  *out = b.p;
  if (len != NULL) *len = b.len;
  return NB_OK;
}

/* ---- Reading -------------------------------------------------------------------------------- */

typedef struct reader {
  const nb_cg_builder *b; /* what makes the games read */
  const char *text;       /* the whole text */
  size_t pos;             /* next byte */
  unsigned depth;         /* nesting of braces and parentheses */
  nb_error *err;          /* where errors go */
} reader;

/* "column C: expected WHAT, found 'c'" at byte `at`. */
static nb_status fail_at(const reader *r, size_t at, const char *what) {
  char c = r->text[at];
  if (c == '\0')
    return nb_fail(r->err, NB_EUSAGE, "column %zu: expected %s, found end of text", at + 1, what);
  char quoted[NB_QUOTE_CAP]; /* a byte outside printable ASCII as \xNN */
  return nb_fail(r->err, NB_EUSAGE, "column %zu: expected %s, found %s", at + 1, what,
                 nb_quote(quoted, &r->text[at], 1));
}

static void skip_blanks(reader *r) {
  while (r->text[r->pos] == ' ' || r->text[r->pos] == '\t')
    r->pos++;
}

static bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

/* Digits into *out; false (nothing consumed) without a digit; overflow is an error. */
static nb_status read_u64(reader *r, uint64_t *out, bool *found) {
  size_t start = r->pos, len = nb_digit_run(r->text + start);
  *found = len > 0;
  *out = 0;
  if (len > 0 && !nb_parse_u64_n(r->text + start, len, out))
    return nb_fail(r->err, NB_EUSAGE, "column %zu: number too large (at most 64 bits)", start + 1);
  r->pos += len;
  return NB_OK;
}

/* [-]digits[/power of 2]: the number part of a number-up-star. */
static nb_status read_number(reader *r, nb_dyadic *out) {
  size_t start = r->pos;
  bool negative = r->text[r->pos] == '-', found;
  uint64_t num = 0, den = 1;
  if (negative) r->pos++;
  if (!is_digit(r->text[r->pos])) return fail_at(r, r->pos, "a digit");
  nb_status st = read_u64(r, &num, &found);
  if (st != NB_OK) return st;
  if (num > INT64_MAX)
    return nb_fail(r->err, NB_EUSAGE, "column %zu: number too large (at most 64 bits)", start + 1);
  if (r->text[r->pos] == '/') {
    size_t at = ++r->pos;
    st = read_u64(r, &den, &found);
    if (st != NB_OK) return st;
    if (!found || den == 0 || (den & (den - 1)) != 0 || den > (uint64_t)1 << NB_DYADIC_MAX_EXP)
      return found ? nb_fail(r->err, NB_EUSAGE,
                             "column %zu: expected a power of 2 up to 2^%d as denominator, "
                             "found %llu",
                             at + 1, NB_DYADIC_MAX_EXP, (unsigned long long)den)
                   : fail_at(r, at, "a denominator");
  }
  unsigned e = 0;
  while (((uint64_t)1 << e) < den)
    e++;
  nb_dyadic_make(negative ? -(int64_t)num : (int64_t)num, e, out);
  return NB_OK;
}

/* ^, ^^, ^n, v, vv, vn (one symbol with a count, or repeated symbols). */
static nb_status read_ups(reader *r, int64_t *ups) {
  char sym = r->text[r->pos];
  size_t start = r->pos;
  uint64_t k = 0;
  bool found;
  while (r->text[r->pos] == sym)
    r->pos++, k++;
  if (is_digit(r->text[r->pos])) {
    if (k > 1) return fail_at(r, r->pos, "'*' or the end of the game after repeated ups");
    nb_status st = read_u64(r, &k, &found);
    if (st != NB_OK) return st;
    if (k == 0 || k > INT64_MAX)
      return nb_fail(r->err, NB_EUSAGE, "column %zu: up multiple out of range", start + 1);
  }
  *ups = sym == '^' ? (int64_t)k : -(int64_t)k;
  return NB_OK;
}

/* ^[n], v[n], ^<n> or v<n> (CGSuite's named uptimals, uptimal.c), from the symbol on. */
static nb_status read_named(reader *r, nb_cg_uptimal *u) {
  u->sign = r->text[r->pos] == '^' ? 1 : -1;
  u->unit = r->text[r->pos + 1] == '<';
  r->pos += 2;
  size_t at = r->pos;
  bool found;
  nb_status st = read_u64(r, &u->n, &found);
  if (st != NB_OK) return st;
  if (!found) return fail_at(r, at, "a digit");
  if (u->n == 0 || u->n > NB_CG_UPTIMAL_MAX)
    return nb_fail(r->err, NB_EUSAGE, "column %zu: %c%c%llu%c: n must be 1 to %d", at + 1,
                   r->text[at - 2], u->unit ? '<' : '[', (unsigned long long)u->n,
                   u->unit ? '>' : ']', NB_CG_UPTIMAL_MAX);
  if (r->text[r->pos] != (u->unit ? '>' : ']')) return fail_at(r, r->pos, u->unit ? "'>'" : "']'");
  r->pos++;
  return NB_OK;
}

/* [number][ups][star], at least one part; the ups may be a named uptimal (^[n], v<n>). */
static nb_status read_nus(reader *r, nb_cg *out) {
  nb_cg_nus v = {{0, 0}, 0, 0};
  nb_cg_uptimal u = {{0, 0}, 0, 0, 0, false};
  size_t start = r->pos;
  nb_status st = NB_OK;
  char c = r->text[r->pos];
  if (c == '-' || is_digit(c)) st = read_number(r, &v.number);
  c = r->text[r->pos];
  char next = c == '\0' ? '\0' : r->text[r->pos + 1];
  bool named = (c == '^' || c == 'v') && (next == '[' || next == '<');
  if (st == NB_OK && named) st = read_named(r, &u);
  if (st == NB_OK && !named && (c == '^' || c == 'v')) st = read_ups(r, &v.ups);
  if (st == NB_OK && r->text[r->pos] == '*') {
    bool found;
    r->pos++;
    st = read_u64(r, &v.nimber, &found);
    if (st == NB_OK && !found) v.nimber = 1;
  }
  if (st != NB_OK) return st;
  if (r->pos == start) return fail_at(r, start, "a game");
  if (named) u.number = v.number, u.nimber = v.nimber;
  st = named ? nb_cg_make_uptimal(r->b, u, out, r->err) : r->b->nus(r->b->ctx, v, out, r->err);
  if (st == NB_OK && named && u.n >= 2 && r->b->named != NULL) {
    char name[160];
    nb_cg_uptimal_format(u, name, sizeof name);
    st = r->b->named(r->b->ctx, *out, name, r->err);
  }
  if (st == NB_EUSAGE) /* the builder refuses the game: say where it is */
    nb_error_prefix(r->err, st, "column %zu: ", start + 1);
  return st;
}

static nb_status read_game(reader *r, nb_cg *out);
static nb_status read_term(reader *r, nb_cg *out);

/* The terms of a sum read at the top level (nb_cg_read_terms). */
typedef struct terms {
  uint32_t *v; /* the terms' handles */
  size_t n;    /* how many */
  size_t cap;  /* allocated */
} terms;

/* One item between braces: a game, a comma, or a run of bars. */
typedef struct item {
  nb_cg game;    /* the game, for a game item */
  size_t at;     /* its byte offset */
  unsigned bars; /* 0 for a game or a comma (then comma is set), else the number of bars */
  bool comma;    /* a comma */
} item;

typedef struct items {
  item *v;    /* the items */
  size_t n;   /* how many */
  size_t cap; /* allocated */
} items;

static nb_status add_item(reader *r, items *l, item it) {
  nb_status st = nb_grow((void **)&l->v, &l->cap, l->n, 1, sizeof *l->v, 8, r->err);
  if (st == NB_OK) l->v[l->n++] = it;
  return st;
}

/* Reads from after '{' to after the matching '}' into l. */
static nb_status read_items(reader *r, items *l) {
  for (;;) {
    skip_blanks(r);
    char c = r->text[r->pos];
    item it = {0, r->pos, 0, false};
    nb_status st;
    if (c == '}') {
      r->pos++;
      return NB_OK;
    }
    if (c == '\0') return fail_at(r, r->pos, "'}'");
    if (c == ',' || c == '|') {
      it.comma = c == ',';
      while (r->text[r->pos] == '|' && !it.comma)
        r->pos++, it.bars++;
      if (it.comma) r->pos++;
      st = add_item(r, l, it);
    } else {
      if (l->n > 0 && l->v[l->n - 1].bars == 0 && !l->v[l->n - 1].comma)
        return fail_at(r, r->pos, "',', '|' or '}'");
      st = read_game(r, &it.game);
      if (st == NB_OK) st = add_item(r, l, it);
    }
    if (st != NB_OK) return st;
  }
}

static nb_status build(reader *r, const items *l, size_t lo, size_t hi, nb_cg *out);

/* A side of a split, l->v[lo..hi): one game if it has bars, else a comma list. */
static nb_status side_options(reader *r, const items *l, size_t lo, size_t hi, nb_cg **opts,
                              size_t *n) {
  *n = 0;
  *opts = nb_alloc(hi - lo + 1, sizeof **opts, r->err);
  if (*opts == NULL) return NB_EINTERNAL;
  for (size_t i = lo; i < hi; i++)
    if (l->v[i].bars > 0) {
      *n = 1;
      return build(r, l, lo, hi, &(*opts)[0]);
    }
  for (size_t i = lo; i < hi; i++) {
    bool want_game = (i - lo) % 2 == 0;
    if (want_game == l->v[i].comma) return fail_at(r, l->v[i].at, want_game ? "a game" : "','");
    if (want_game) (*opts)[(*n)++] = l->v[i].game;
  }
  if (hi > lo && l->v[hi - 1].comma) return fail_at(r, l->v[hi - 1].at + 1, "a game");
  return NB_OK;
}

/* The game of the items l->v[lo..hi), split at its one separator with the most bars. */
static nb_status build(reader *r, const items *l, size_t lo, size_t hi, nb_cg *out) {
  size_t split = hi;
  for (size_t i = lo; i < hi; i++) {
    if (l->v[i].bars == 0) continue;
    if (split < hi && l->v[i].bars == l->v[split].bars)
      return nb_fail(r->err, NB_EUSAGE,
                     "column %zu: a second '%.*s' at the same level (write braces, or more bars "
                     "for the outer split)",
                     l->v[i].at + 1, (int)l->v[i].bars, "||||||||||||||||");
    if (split == hi || l->v[i].bars > l->v[split].bars) split = i;
  }
  NB_ASSERT(split < hi); /* callers build only item ranges with bars */
  nb_cg *left = NULL, *right = NULL;
  size_t nl, nr;
  nb_status st = side_options(r, l, lo, split, &left, &nl);
  if (st == NB_OK) st = side_options(r, l, split + 1, hi, &right, &nr);
  if (st == NB_OK) st = r->b->braces(r->b->ctx, left, nl, right, nr, out, r->err);
  free(left);
  free(right);
  return st;
}

static nb_status read_braces(reader *r, nb_cg *out) {
  items l = {0};
  r->pos++;
  nb_status st = read_items(r, &l);
  if (st == NB_OK) {
    bool bars = false;
    for (size_t i = 0; i < l.n; i++)
      bars = bars || l.v[i].bars > 0;
    st = bars ? build(r, &l, 0, l.n, out) : fail_at(r, r->pos - 1, "'|' between braces");
  }
  free(l.v);
  return st;
}

/* +- followed by a game, a parenthesised game, or {A,B,..} (braces without bars). */
static nb_status read_switch(reader *r, nb_cg *out) {
  r->pos += 2;
  skip_blanks(r);
  nb_cg *left = NULL, *right = NULL;
  size_t n = 0;
  items l = {0};
  nb_status st = NB_OK;
  bool list = false;
  if (r->text[r->pos] == '{') {
    size_t save = r->pos++;
    st = read_items(r, &l);
    list = true;
    for (size_t i = 0; st == NB_OK && i < l.n; i++)
      list = list && l.v[i].bars == 0;
    if (st == NB_OK && list) {
      st = side_options(r, &l, 0, l.n, &left, &n);
      if (st == NB_OK && n == 0) st = fail_at(r, save + 1, "a game");
    } else if (st == NB_OK) {
      r->pos = save; /* a braced game: read it again as one */
    }
  }
  if (st == NB_OK && !list) {
    left = nb_alloc(1, sizeof *left, r->err);
    st = left == NULL ? NB_EINTERNAL : read_term(r, &left[0]);
    n = 1;
  }
  if (st == NB_OK) right = nb_alloc(n, sizeof *right, r->err);
  if (st == NB_OK && right == NULL) st = NB_EINTERNAL;
  for (size_t i = 0; st == NB_OK && i < n; i++)
    st = r->b->negate(r->b->ctx, left[i], &right[i], r->err);
  if (st == NB_OK) st = r->b->braces(r->b->ctx, left, n, right, n, out, r->err);
  free(l.v);
  free(left);
  free(right);
  return st;
}

/* The builder's verdict on a game made at byte `at`: a refusal (NB_EUSAGE) gets its column. */
static nb_status at_column(reader *r, size_t at, nb_status st) {
  if (st == NB_EUSAGE) nb_error_prefix(r->err, st, "column %zu: ", at + 1);
  return st;
}

/* Tiny(G) = {0 || 0 | -G} and Miny(G) = {G | 0 || 0} = -Tiny(G), as CGSuite reads them (for
 * any game G; printed so for a positive number). */
static nb_status read_tiny(reader *r, nb_cg *out) {
  bool tiny = r->text[r->pos] == 'T';
  size_t at = r->pos;
  nb_cg g = 0, zero = 0, far = 0, inner = 0;
  r->pos += 5;
  nb_status st = read_game(r, &g);
  if (st == NB_OK && r->text[r->pos] != ')') st = fail_at(r, r->pos, "')'");
  if (st == NB_OK) r->pos++;
  nb_cg_nus nothing = {{0, 0}, 0, 0};
  if (st == NB_OK) st = at_column(r, at, r->b->nus(r->b->ctx, nothing, &zero, r->err));
  if (st == NB_OK && tiny) st = at_column(r, at, r->b->negate(r->b->ctx, g, &far, r->err));
  if (st == NB_OK && !tiny) far = g;
  if (st == NB_OK) /* {0 | -G} for a tiny, {G | 0} for a miny */
    st = r->b->braces(r->b->ctx, tiny ? &zero : &far, 1, tiny ? &far : &zero, 1, &inner, r->err);
  if (st == NB_OK)
    st = r->b->braces(r->b->ctx, tiny ? &zero : &inner, 1, tiny ? &inner : &zero, 1, out, r->err);
  return st;
}

/* A game without operators around it: braces, a switch, a parenthesised expression, or a
 * number-up-star. */
static nb_status read_primary(reader *r, nb_cg *out) {
  nb_status st;
  char c = r->text[r->pos];
  if (c == '{') {
    st = read_braces(r, out);
  } else if (c == '+' && r->text[r->pos + 1] == '-') {
    st = read_switch(r, out);
  } else if (c == '(') {
    r->pos++;
    st = read_game(r, out);
    if (st == NB_OK && r->text[r->pos] != ')') st = fail_at(r, r->pos, "')'");
    if (st == NB_OK) r->pos++;
  } else if (strncmp(r->text + r->pos, "Tiny(", 5) == 0 ||
             strncmp(r->text + r->pos, "Miny(", 5) == 0) {
    st = read_tiny(r, out);
  } else {
    st = read_nus(r, out);
  }
  return st;
}

/* A term: a primary, or '-' and a term (its negative). A '-' directly before a digit belongs to
 * the number, as printed: -2^ is -2 + ^ (write -(2^) for -2v). */
static nb_status read_term(reader *r, nb_cg *out) {
  skip_blanks(r);
  if (r->depth >= NB_CG_MAX_DEPTH)
    return nb_fail(r->err, NB_EUSAGE, "column %zu: games nested more than %d deep", r->pos + 1,
                   NB_CG_MAX_DEPTH);
  r->depth++;
  nb_status st;
  size_t at = r->pos;
  if (r->text[at] == '-' && !is_digit(r->text[at + 1])) {
    nb_cg g = 0;
    r->pos++;
    st = read_term(r, &g);
    if (st == NB_OK) st = at_column(r, at, r->b->negate(r->b->ctx, g, out, r->err));
  } else {
    st = read_primary(r, out);
  }
  r->depth--;
  skip_blanks(r);
  return st;
}

/* Appends a term to the top-level list. */
static nb_status push_term(reader *r, terms *l, nb_cg g) {
  nb_status st = nb_grow((void **)&l->v, &l->cap, l->n, 1, sizeof *l->v, 4, r->err);
  if (st == NB_OK) l->v[l->n++] = g;
  return st;
}

/* An expression: terms joined by '+' and '-'. A "+-" after a term adds a switch (2 +-1 is
 * 2 + {1|-1}, as CGSuite writes {3|1} as 2+-1). With `top`, the terms (negated after '-') go
 * to the list, unsummed; otherwise their sum, made by the builder, to *out. */
static nb_status read_expr(reader *r, terms *top, nb_cg *out) {
  nb_cg sum = 0, term = 0;
  nb_status st = read_term(r, &sum);
  if (st == NB_OK && top != NULL) st = push_term(r, top, sum);
  for (;;) {
    char c = r->text[r->pos];
    size_t at = r->pos;
    if (st != NB_OK || (c != '+' && c != '-')) break;
    bool minus = c == '-';
    if (!(c == '+' && r->text[at + 1] == '-')) r->pos++; /* "+-" starts the next term */
    st = read_term(r, &term);
    if (st == NB_OK && minus) st = at_column(r, at, r->b->negate(r->b->ctx, term, &term, r->err));
    if (st == NB_OK && top != NULL) st = push_term(r, top, term);
    if (st == NB_OK && top == NULL)
      st = at_column(r, at, r->b->add(r->b->ctx, sum, term, &sum, r->err));
  }
  if (st == NB_OK) *out = sum;
  return st;
}

static nb_status read_game(reader *r, nb_cg *out) {
  return read_expr(r, NULL, out);
}

nb_status nb_cg_read(const nb_cg_builder *b, const char *text, uint32_t *out, nb_error *err) {
  reader r = {b, text, 0, 0, err};
  uint32_t g = 0; /* *out is written only when the whole text was read */
  nb_status st = read_game(&r, &g);
  if (st == NB_OK && text[r.pos] != '\0') st = fail_at(&r, r.pos, "the end of the game");
  if (st == NB_OK) *out = g;
  return st;
}

nb_status nb_cg_read_terms(const nb_cg_builder *b, const char *text, uint32_t **out, size_t *n,
                           nb_error *err) {
  reader r = {b, text, 0, 0, err};
  terms l = {0};
  uint32_t g;
  nb_status st = read_expr(&r, &l, &g);
  if (st == NB_OK && text[r.pos] != '\0') st = fail_at(&r, r.pos, "the end of the game");
  if (st != NB_OK) {
    free(l.v);
    return st;
  }
  *out = l.v;
  *n = l.n;
  return NB_OK;
}

/* The store's builder: every game read is made canonical at once. */
static nb_status store_nus(void *ctx, nb_cg_nus v, uint32_t *out, nb_error *err) {
  return cg_intern_nus(ctx, v, out, err);
}
static nb_status store_braces(void *ctx, const uint32_t *left, size_t nl, const uint32_t *right,
                              size_t nr, uint32_t *out, nb_error *err) {
  return nb_cg_from_options(ctx, left, nl, right, nr, out, err);
}
static nb_status store_negate(void *ctx, uint32_t g, uint32_t *out, nb_error *err) {
  return nb_cg_negate(ctx, g, out, err);
}
static nb_status store_add(void *ctx, uint32_t a, uint32_t b, uint32_t *out, nb_error *err) {
  return nb_cg_add(ctx, a, b, out, err);
}

nb_status nb_cg_parse(nb_cg_store *s, const char *text, nb_cg *out, nb_error *err) {
  nb_cg_builder b = {s, store_nus, store_braces, store_negate, store_add, NULL};
  return nb_cg_read(&b, text, out, err);
}
