/*
 * cg.c: literal short games as positions, the `cg` family: `nimber value cg '{1|*}' '^'`.
 *
 * A position is a sum of games written in CGSuite's notation (src/cgt/notation.c reads it: `3`,
 * `-1/2`, `*2`, `^`, `v*`, `+-1`, `{1,*|0}`, `{2||1|0}`), one per argument. The moves of a game
 * are its options, as written: Left's move in {1,0|*} goes to 1 or to 0, even though 0 is
 * dominated (the value engine drops it from the canonical form; a literal keeps it, so `moves`
 * and `play` show the game the user wrote). A game that is a number, nimber, up or a sum of those
 * (a "number-up-star", x + k.^ + *m) moves to its canonical options: 3 to 2, 1/2 to 0 or 1, *2 to
 * 0 or *, ^ to 0 (Left) or * (Right) (table in src/cgt/store.c).
 *
 * How a literal game is an nb_pos (128 bits, immutable, equal positions equal bits). Two kinds:
 *   - a number-up-star is held in the bits themselves (an "atom"): numerator in lo; in hi bit 63
 *     set, the denominator's exponent in bits 0..5, ups + 2^29 in bits 6..35, the nimber in bits
 *     36..56. Its options are atoms again, computed arithmetically, so an integer such as 10^18
 *     costs nothing although its tree is 10^18 deep. The ranges (numerators up to 2^62 in
 *     magnitude, up multiples up to 2^29 - 1, nimbers up to *2^20, whose 2^20 options are moves)
 *     are checked when a game is read, and the options of an atom within them stay within them;
 *   - a game written with braces is an index into the game's table of literal games (hi = 0,
 *     lo = index): its Left and Right options, as nb_pos, in the order written, repeats dropped.
 *     The table interns games by their option lists, so equal literal games are one position.
 * The table belongs to the game (nb_game of this family) and is built by parse: reading a
 * position appends the literal games it contains. It only ever grows, and an entry never
 * changes, so every nb_pos made stays valid and means the same game for the game's lifetime;
 * nothing else writes to it (moves, values and formatting only read). This is the one family
 * whose parse writes: two solvers may value positions of one cg game side by side, as for every
 * family, but parsing into one cg game from two threads at once is not supported. The
 * alternative, an ID in the solver's game store, would make a position mean nothing without its
 * solver and would give moves only canonical options; the table keeps positions immutable
 * values of the game, like a heap size.
 *
 * Values. Atoms have their value at once (the `canonical` hook: the store holds number-up-stars
 * by their parts); braces are left to the value search (src/core/canon.c), which values them
 * from their options. A sum's value, outcome, winning moves and play then come from the core.
 *
 * Notation of moves: the option moved to, as `nimber moves` prints positions (`1`, `{2|0}`),
 * prefixed `k:` in a sum (`2:*`). A game written with braces that is exactly the tree the
 * reader makes of one of CGSuite's names (^[3], v<2>, 1/2v<3>*2, Tiny(2)) is printed by the
 * name, as CGSuite prints the game: known by its shape (the names section below), or by the
 * name it was read as, kept in the table beside it (parse writes it, once, with the game);
 * either way reading the name back gives the same position.
 */
#include "base/hash.h"
#include "cgt/cgt.h"
#include "games/partizan.h"

#include <stdlib.h>
#include <string.h>

#define ATOM_FLAG ((uint64_t)1 << 63)    /* hi bit 63: the position is an atom */
#define UPS_BIAS ((int64_t)1 << 29)      /* ups are stored plus this, in 30 bits */
#define MAX_UPS (UPS_BIAS - 1)           /* largest up multiple of an atom, in magnitude */
#define MAX_NIMBER ((uint64_t)1 << 20)   /* largest nimber of an atom (its options are moves) */
#define MAX_NUMERATOR ((int64_t)1 << 62) /* largest numerator of an atom, in magnitude */

/* A literal game written with braces: its options in the table's pool. */
typedef struct lit_node {
  uint32_t opts;   /* offset of its options in the pool: Left's, then Right's */
  uint32_t nleft;  /* number of Left options */
  uint32_t nright; /* number of Right options */
  uint32_t name;   /* 1 + offset in the table's names of the CGSuite name it was read as, or 0 */
} lit_node;

/* The literal games read so far (append-only: see the essay). */
typedef struct lit_table {
  lit_node *node; /* the games, by index */
  size_t count, cap;
  nb_pos *pool; /* their options */
  size_t pool_len, pool_cap;
  uint32_t *index; /* the hash table (base/hash.h): index + 1 of a node, 0 for an empty slot */
  size_t slots;    /* slots (a power of two) */
  char *names;     /* the names games were read as (1/2v<3>*2), each ending with '\0' */
  size_t names_len, names_cap;
} lit_table;

typedef struct cg_game {
  nb_game base;     /* must come first */
  lit_table *table; /* the literal games of the positions read (owned; grows as they are) */
} cg_game;

static lit_table *table_of(const nb_game *g) {
  return ((const cg_game *)g)->table;
}

/* --- atoms ----------------------------------------------------------------------------------- */

static bool is_atom(nb_pos p) {
  return (p.hi & ATOM_FLAG) != 0;
}

static nb_pos atom_of(nb_cg_nus v) {
  uint64_t ups = (uint64_t)(v.ups + UPS_BIAS);
  return (nb_pos){.lo = (uint64_t)v.number.num,
                  .hi = ATOM_FLAG | v.number.exp | ups << 6 | v.nimber << 36};
}

static nb_cg_nus nus_of(nb_pos p) {
  nb_cg_nus v;
  v.number.num = (int64_t)p.lo;
  v.number.exp = (uint8_t)(p.hi & 63);
  v.ups = (int64_t)(p.hi >> 6 & (((uint64_t)1 << 30) - 1)) - UPS_BIAS;
  v.nimber = p.hi >> 36 & (((uint64_t)1 << 21) - 1);
  return v;
}

/* Whether v fits an atom (the ranges in the essay). */
static nb_status check_atom(nb_cg_nus v, nb_error *err) {
  if (v.number.num > MAX_NUMERATOR || v.number.num < -MAX_NUMERATOR)
    return nb_fail(err, NB_EUSAGE, "a number in a cg position has a numerator of at most 2^62");
  if (v.ups > MAX_UPS || v.ups < -MAX_UPS)
    return nb_fail(err, NB_EUSAGE, "a cg position has at most 2^29-1 ups or downs in a term");
  if (v.nimber > MAX_NIMBER)
    return nb_fail(err, NB_EUSAGE, "a nimber in a cg position is at most *%llu",
                   (unsigned long long)MAX_NIMBER);
  return NB_OK;
}

/* --- the table ------------------------------------------------------------------------------- */

static uint64_t hash_options(const nb_pos *opts, size_t nleft, size_t n) {
  uint64_t h = 0x84222325cbf29ce4ull ^ nleft;
  for (size_t i = 0; i < n; i++) {
    h = (h ^ opts[i].lo) * 0x100000001b3ull;
    h = (h ^ opts[i].hi) * 0x100000001b3ull;
    h ^= h >> 29;
  }
  return h;
}

static bool node_is(const lit_table *t, uint32_t i, const nb_pos *opts, size_t nleft, size_t n) {
  const lit_node *nd = &t->node[i];
  return nd->nleft == nleft && nd->nleft + nd->nright == n &&
         (n == 0 || memcmp(t->pool + nd->opts, opts, n * sizeof *opts) == 0);
}

/* A literal game sought in the index: its options opts[0..nleft) | opts[nleft..n). */
typedef struct lit_probe {
  const lit_table *table; /* whose nodes the slots name */
  const nb_pos *opts;     /* the options */
  size_t nleft, n;        /* Left's, and all */
} lit_probe;

static bool slot_empty(const void *slot) {
  return *(const uint32_t *)slot == 0;
}

static bool slot_stop(const void *slot, const void *key) {
  uint32_t id = *(const uint32_t *)slot;
  const lit_probe *k = key;
  return id == 0 || node_is(k->table, id - 1, k->opts, k->nleft, k->n);
}

static uint64_t slot_hash(const void *table, const void *slot) {
  const lit_table *t = table;
  const lit_node *nd = &t->node[*(const uint32_t *)slot - 1];
  return hash_options(t->pool + nd->opts, nd->nleft, nd->nleft + nd->nright);
}

static size_t find_slot(const lit_table *t, const nb_pos *opts, size_t nleft, size_t n) {
  lit_probe k = {t, opts, nleft, n};
  return nb_table_find(t->index, t->slots, sizeof *t->index, hash_options(opts, nleft, n), &k,
                       slot_stop);
}

static nb_status grow_index(lit_table *t, nb_error *err) {
  size_t slots = t->slots ? 2 * t->slots : 256;
  uint32_t *index = nb_alloc(slots, sizeof *index, err);
  if (index == NULL) return NB_EINTERNAL;
  nb_table_rehash(index, slots, t->index, t->slots, sizeof *index, t, slot_empty, slot_hash);
  free(t->index);
  t->index = index;
  t->slots = slots;
  return NB_OK;
}

/* The position of the literal game with options opts[0..nleft) | opts[nleft..n), interned. */
static nb_status intern(lit_table *t, const nb_pos *opts, size_t nleft, size_t n, nb_pos *out,
                        nb_error *err) {
  if (nb_table_needs_room(t->count, t->slots) && grow_index(t, err) != NB_OK) return NB_EINTERNAL;
  size_t slot = find_slot(t, opts, nleft, n);
  if (t->index[slot] != 0) {
    *out = (nb_pos){.lo = t->index[slot] - 1, .hi = 0};
    return NB_OK;
  }
  if (t->count >= UINT32_MAX - 1 || t->pool_len > UINT32_MAX - n)
    return nb_fail(err, NB_EUSAGE, "too many literal games (at most 2^32 options in all)");
  if (nb_grow((void **)&t->node, &t->cap, t->count, 1, sizeof *t->node, 64, err) ||
      nb_grow((void **)&t->pool, &t->pool_cap, t->pool_len, n, sizeof *t->pool, 256, err))
    return NB_EINTERNAL;
  if (n > 0) memcpy(t->pool + t->pool_len, opts, n * sizeof *opts);
  t->node[t->count] = (lit_node){(uint32_t)t->pool_len, (uint32_t)nleft, (uint32_t)(n - nleft), 0};
  t->pool_len += n;
  t->index[slot] = (uint32_t)++t->count;
  *out = (nb_pos){.lo = t->count - 1, .hi = 0};
  return NB_OK;
}

static void table_free(lit_table *t) {
  if (t == NULL) return;
  free(t->node);
  free(t->pool);
  free(t->index);
  free(t->names);
  free(t);
}

/* Keeps `name` as the CGSuite name of p (cg_format prints it: see the names below), unless p
 * is an atom or has one already. */
static nb_status name_node(lit_table *t, nb_pos p, const char *name, nb_error *err) {
  size_t n = strlen(name) + 1;
  if (is_atom(p) || t->node[p.lo].name != 0) return NB_OK;
  if (t->names_len > UINT32_MAX - 1 - n)
    return nb_fail(err, NB_EUSAGE, "too many named games (at most 4 GB of names)");
  if (nb_grow((void **)&t->names, &t->names_cap, t->names_len, n, 1, 256, err) != NB_OK)
    return NB_EINTERNAL;
  memcpy(t->names + t->names_len, name, n);
  t->node[p.lo].name = (uint32_t)t->names_len + 1;
  t->names_len += n;
  return NB_OK;
}

/* --- CGSuite's names of literal games ---------------------------------------------------------
 * A literal game that is, tree for tree, what the reader makes of one of CGSuite's names is
 * printed by that name, as CGSuite prints the game: ^[n] and v[n], ^<n> and v<n> (n >= 2),
 * Tiny(x) and Miny(x). The reader makes (uptimal.c, notation.c), with atoms for every
 * number-up-star and options in this order: ^[n] = {^[n-1] | *}, v[n] = {* | v[n-1]} (^[1] and
 * v[1] the atoms ^ and v); ^<n> = {0 | v[n-1]*} and v<n> = {^[n-1]* | 0}, where ^[k]* =
 * {0, ^[k-1]* | 0} and v[k]* = {0 | 0, v[k-1]*} (^[1]* and v[1]* the atoms ^* and v*); Tiny(x)
 * = {0 | {0 | -x}} and Miny(x) = {{x | 0} | 0}. Only that exact tree is named, so reading the
 * name back gives the same position (the same node of the table); the same game written another
 * way ({0|*} for ^, braces around a number, options in another order) is printed as written.
 * The walks are loops: ^[1000] is 1000 levels deep. */

/* Whether p is the atom x + k.^ + *m with x = 0. */
static bool is_pure_atom(nb_pos p, int64_t ups, uint64_t nimber) {
  nb_cg_nus v = nus_of(p);
  return is_atom(p) && v.number.num == 0 && v.ups == ups && v.nimber == nimber;
}

/* The option i of p's side (0 Left, 1 Right), p a node; *ok false if it has not exactly `want`
 * options on that side. */
static nb_pos side_option(const lit_table *t, nb_pos p, int side, uint32_t want, uint32_t i,
                          bool *ok) {
  const lit_node *nd = &t->node[p.lo];
  if ((side ? nd->nright : nd->nleft) != want) *ok = false;
  return *ok ? t->pool[nd->opts + (side ? nd->nleft : 0) + i] : (nb_pos){0, 0};
}

/* n >= 1 if p is the reader's ^[n] (sign 1, star false), v[n] (-1, false), ^[n]* (1, true)
 * or v[n]* (-1, true); else 0. */
static uint64_t upsum_index(const lit_table *t, nb_pos p, int sign, bool star) {
  int toward = sign > 0 ? 0 : 1; /* the side of the smaller uptimal */
  for (uint64_t n = 0;; n++) {
    if (is_atom(p)) return is_pure_atom(p, sign, star ? 1 : 0) ? n + 1 : 0;
    bool ok = true;
    if (!star) { /* {^[n-1] | *} or {* | v[n-1]} */
      nb_pos s = side_option(t, p, !toward, 1, 0, &ok);
      nb_pos next = side_option(t, p, toward, 1, 0, &ok);
      if (!ok || !is_pure_atom(s, 0, 1)) return 0;
      p = next;
    } else { /* {0, ^[n-1]* | 0} or {0 | 0, v[n-1]*} */
      nb_pos z = side_option(t, p, !toward, 1, 0, &ok);
      nb_pos z2 = side_option(t, p, toward, 2, 0, &ok);
      nb_pos next = side_option(t, p, toward, 2, 1, &ok);
      if (!ok || !is_pure_atom(z, 0, 0) || !is_pure_atom(z2, 0, 0)) return 0;
      p = next;
    }
  }
}

/* Tiny(x) (sign 1) or Miny(x) (sign -1): the positive number x, if p is the reader's. */
static bool tiny_index(const lit_table *t, nb_pos p, int sign, nb_dyadic *x) {
  int near = sign > 0 ? 0 : 1; /* the side whose option is 0 */
  bool ok = true;
  nb_pos zero = side_option(t, p, near, 1, 0, &ok), h = side_option(t, p, !near, 1, 0, &ok);
  if (!ok || !is_pure_atom(zero, 0, 0) || is_atom(h)) return false;
  nb_pos zero2 = side_option(t, h, near, 1, 0, &ok), far = side_option(t, h, !near, 1, 0, &ok);
  nb_cg_nus v = nus_of(far);
  if (!ok || !is_pure_atom(zero2, 0, 0) || !is_atom(far) || v.ups != 0 || v.nimber != 0)
    return false;
  *x = v.number;
  if (sign > 0) x->num = -x->num;
  return x->num > 0;
}

/* Whether p is the reader's ^[n], v[n], ^<n> or v<n>, n >= 2: which, into *u (number and star
 * left as they were). */
static bool pure_uptimal(const lit_table *t, nb_pos p, nb_cg_uptimal *u) {
  if (is_atom(p)) return false;
  for (int sign = 1; sign >= -1; sign -= 2) {
    u->sign = (int8_t)sign;
    u->unit = false;
    if ((u->n = upsum_index(t, p, sign, false)) >= 2) return true;
    bool ok = true; /* ^<n> = {0 | v[n-1]*}, v<n> = {^[n-1]* | 0} */
    nb_pos z = side_option(t, p, sign > 0 ? 0 : 1, 1, 0, &ok);
    nb_pos far = side_option(t, p, sign > 0 ? 1 : 0, 1, 0, &ok);
    u->unit = true;
    if (ok && is_pure_atom(z, 0, 0) && (u->n = upsum_index(t, far, -sign, true)) >= 1) {
      u->n++;
      return true;
    }
  }
  return false;
}

/* Writes p's CGSuite name if it has one (above); returns the length snprintf would, or -1. */
static int literal_name(const lit_table *t, nb_pos p, char *buf, size_t cap) {
  nb_cg_uptimal u = {.number = {0, 0}, .nimber = 0};
  nb_dyadic x;
  if (t->node[p.lo].name != 0) return snprintf(buf, cap, "%s", t->names + t->node[p.lo].name - 1);
  if (pure_uptimal(t, p, &u)) return nb_cg_uptimal_format(u, buf, cap);
  for (int sign = 1; sign >= -1; sign -= 2)
    if (tiny_index(t, p, sign, &x)) {
      char num[64];
      nb_dyadic_format(x, num, sizeof num);
      return snprintf(buf, cap, "%s(%s)", sign > 0 ? "Tiny" : "Miny", num);
    }
  return -1;
}

/* Names the literal sum p + q = out when p is x + *m and q is the reader's pure uptimal U:
 * reading `xU*m` sums them so (nb_cg_make_uptimal), and the options of a sum read that way are
 * such sums again (v<3>*2 has the option v<3>*). */
static nb_status name_sum(lit_table *t, nb_pos p, nb_pos q, nb_pos out, nb_error *err) {
  nb_cg_uptimal u;
  nb_cg_nus a = nus_of(p);
  if (!is_atom(p) || a.ups != 0 || (a.number.num == 0 && a.nimber == 0) || !pure_uptimal(t, q, &u))
    return NB_OK;
  u.number = a.number;
  u.nimber = a.nimber;
  char name[160];
  nb_cg_uptimal_format(u, name, sizeof name);
  return name_node(t, out, name, err);
}

/* --- reading: the builder the notation's reader makes literal games with ---------------------- */

/* A game being read: what the reader's handles stand for. */
typedef struct lit_reading {
  lit_table *table; /* where games written with braces go */
  nb_pos *made;     /* made[h]: the position of handle h */
  size_t count, cap;
} lit_reading;

static nb_status made_push(lit_reading *r, nb_pos p, uint32_t *out, nb_error *err) {
  if (nb_grow((void **)&r->made, &r->cap, r->count, 1, sizeof *r->made, 64, err) != NB_OK)
    return NB_EINTERNAL;
  r->made[r->count] = p;
  *out = (uint32_t)r->count++;
  return NB_OK;
}

static nb_status read_nus(void *ctx, nb_cg_nus v, uint32_t *out, nb_error *err) {
  nb_status st = check_atom(v, err);
  return st == NB_OK ? made_push(ctx, atom_of(v), out, err) : st;
}

/* Appends the positions of handles h[0..n) to opts at *k, dropping repeats of the same side. */
static void add_side(const lit_reading *r, const uint32_t *h, size_t n, nb_pos *opts, size_t from,
                     size_t *k) {
  for (size_t i = 0; i < n; i++) {
    nb_pos p = r->made[h[i]];
    bool seen = false;
    for (size_t j = from; j < *k && !seen; j++)
      seen = opts[j].lo == p.lo && opts[j].hi == p.hi;
    if (!seen) opts[(*k)++] = p;
  }
}

static nb_status read_braces(void *ctx, const uint32_t *left, size_t nl, const uint32_t *right,
                             size_t nr, uint32_t *out, nb_error *err) {
  lit_reading *r = ctx;
  nb_pos *opts = nb_alloc(nl + nr + 1, sizeof *opts, err), p;
  if (opts == NULL) return NB_EINTERNAL;
  size_t k = 0;
  add_side(r, left, nl, opts, 0, &k);
  size_t nleft = k;
  add_side(r, right, nr, opts, nleft, &k);
  nb_status st = intern(r->table, opts, nleft, k, &p, err);
  free(opts);
  return st == NB_OK ? made_push(r, p, out, err) : st;
}

/* The reader read a named uptimal (with its number and star) into handle h. */
static nb_status read_named(void *ctx, uint32_t h, const char *name, nb_error *err) {
  lit_reading *r = ctx;
  return name_node(r->table, r->made[h], name, err);
}

/* The literal negative of p: -{L | R} = {-R | -L}, and an atom's parts negated. */
static nb_status negate(lit_table *t, nb_pos p, nb_pos *out, nb_error *err) {
  if (is_atom(p)) {
    nb_cg_nus v = nus_of(p); /* the ranges are symmetric: the negative is an atom too */
    v.number.num = -v.number.num;
    v.ups = -v.ups;
    *out = atom_of(v);
    return NB_OK;
  }
  lit_node nd = t->node[p.lo];
  size_t n = nd.nleft + nd.nright;
  nb_pos *opts = nb_alloc(n + 1, sizeof *opts, err);
  if (opts == NULL) return NB_EINTERNAL;
  nb_status st = NB_OK;
  for (size_t i = 0; st == NB_OK && i < n; i++) { /* Right's options become Left's */
    size_t from = i < nd.nright ? nd.nleft + i : i - nd.nright;
    st = negate(t, t->pool[t->node[p.lo].opts + from], &opts[i], err);
  }
  if (st == NB_OK) st = intern(t, opts, nd.nright, n, out, err);
  free(opts);
  return st;
}

static nb_status read_negate(void *ctx, uint32_t h, uint32_t *out, nb_error *err) {
  lit_reading *r = ctx;
  nb_pos p;
  nb_status st = negate(r->table, r->made[h], &p, err);
  return st == NB_OK ? made_push(r, p, out, err) : st;
}

/* The options of p for Left (side 0) or Right, into opts (allocated; the caller frees it). */
static nb_status side_of(const lit_table *t, nb_pos p, int side, nb_pos **opts, size_t *n,
                         nb_error *err) {
  nb_cg_nus v = nus_of(p), o[2][2];
  size_t no[2] = {0, 0};
  if (!is_atom(p))
    *n = side ? t->node[p.lo].nright : t->node[p.lo].nleft;
  else if (v.ups == 0 && v.nimber > 0)
    *n = (size_t)v.nimber;
  else if (nb_cg_nus_options(v, o[0], &no[0], o[1], &no[1], err) != NB_OK)
    return NB_EDATA;
  else
    *n = no[side];
  *opts = nb_alloc(*n + 1, sizeof **opts, err);
  if (*opts == NULL) return NB_EINTERNAL;
  for (size_t i = 0; i < *n; i++)
    (*opts)[i] = !is_atom(p) ? t->pool[t->node[p.lo].opts + (side ? t->node[p.lo].nleft : 0) + i]
                 : v.ups == 0 && v.nimber > 0 ? atom_of((nb_cg_nus){v.number, 0, i})
                                              : atom_of(o[side][i]);
  return NB_OK;
}

/* Sums a literal sum may visit in writing itself out, and how deep it may recurse (a game of
 * the C stack's size: 1000000 + {1|0} would recurse a million levels through the integers). */
#define SUM_BUDGET 100000
#define SUM_DEPTH 1000

static nb_status lit_add(lit_table *t, nb_pos p, nb_pos q, size_t *budget, unsigned depth,
                         nb_pos *out, nb_error *err);

/* A list of positions being gathered. */
typedef struct pos_list {
  nb_pos *v;  /* the positions */
  size_t n;   /* how many */
  size_t cap; /* allocated */
} pos_list;

/* Appends o to l unless l holds it from index `from` on (repeats of one side are dropped). */
static nb_status list_add(pos_list *l, size_t from, nb_pos o, nb_error *err) {
  for (size_t j = from; j < l->n; j++)
    if (l->v[j].lo == o.lo && l->v[j].hi == o.hi) return NB_OK;
  if (nb_grow((void **)&l->v, &l->cap, l->n, 1, sizeof *l->v, 8, err) != NB_OK) return NB_EINTERNAL;
  l->v[l->n++] = o;
  return NB_OK;
}

/* One side of the literal sum p + q, appended to l: p^S + q, then p + q^S. */
static nb_status sum_side(lit_table *t, nb_pos p, nb_pos q, int side, size_t *budget,
                          unsigned depth, pos_list *l, nb_error *err) {
  nb_pos *po = NULL, *qo = NULL, o;
  size_t np = 0, nq = 0, from = l->n;
  nb_status st = side_of(t, p, side, &po, &np, err);
  if (st == NB_OK) st = side_of(t, q, side, &qo, &nq, err);
  for (size_t i = 0; st == NB_OK && i < np + nq; i++) {
    st = i < np ? lit_add(t, po[i], q, budget, depth + 1, &o, err)
                : lit_add(t, p, qo[i - np], budget, depth + 1, &o, err);
    if (st == NB_OK) st = list_add(l, from, o, err);
  }
  free(po);
  free(qo);
  return st;
}

/* The literal game p + q (the disjunctive sum): two atoms add by their parts (x + k.^ + *m is
 * held so), any other sum is written out, {p^L + q, p + q^L | p^R + q, p + q^R}, visiting at
 * most SUM_BUDGET sums in all (the top level of an argument needs none: its terms are the
 * components of the position). */
static nb_status lit_add(lit_table *t, nb_pos p, nb_pos q, size_t *budget, unsigned depth,
                         nb_pos *out, nb_error *err) {
  if (*budget == 0 || depth >= SUM_DEPTH)
    return nb_fail(err, NB_EUSAGE,
                   "a sum inside braces or parentheses is too large to write out (more than %d "
                   "positions or %d moves deep): write its terms at the top level",
                   SUM_BUDGET, SUM_DEPTH);
  --*budget;
  if (is_atom(p) && is_atom(q)) {
    nb_cg_nus a = nus_of(p), b = nus_of(q), c = {{0, 0}, a.ups + b.ups, a.nimber ^ b.nimber};
    if (!nb_dyadic_add(a.number, b.number, &c.number))
      return nb_fail(err, NB_EUSAGE, "a number in a cg position has a numerator of at most 2^62");
    nb_status st = check_atom(c, err);
    if (st == NB_OK) *out = atom_of(c);
    return st;
  }
  pos_list l = {0};
  nb_status st = sum_side(t, p, q, 0, budget, depth, &l, err);
  size_t nleft = l.n;
  if (st == NB_OK) st = sum_side(t, p, q, 1, budget, depth, &l, err);
  if (st == NB_OK) st = intern(t, l.v, nleft, l.n, out, err);
  if (st == NB_OK) st = name_sum(t, p, q, *out, err);
  free(l.v);
  return st;
}

static nb_status read_add(void *ctx, uint32_t a, uint32_t b, uint32_t *out, nb_error *err) {
  lit_reading *r = ctx;
  nb_pos p;
  size_t budget = SUM_BUDGET;
  nb_status st = lit_add(r->table, r->made[a], r->made[b], &budget, 0, &p, err);
  return st == NB_OK ? made_push(r, p, out, err) : st;
}

/* --- the family contract --------------------------------------------------------------------- */

static nb_status cg_create(const char *params, nb_game **out, nb_error *err) {
  if (params != NULL)
    return nb_fail(err, NB_EUSAGE, "cg takes no parameters: its positions are the games");
  cg_game *g = nb_alloc(1, sizeof *g, err);
  if (g == NULL) return NB_EINTERNAL;
  g->table = nb_alloc(1, sizeof *g->table, err);
  if (g->table == NULL) {
    free(g);
    return NB_EINTERNAL;
  }
  *out = &g->base;
  return NB_OK;
}

static void cg_destroy(nb_game *g) {
  table_free(table_of(g));
  free(g);
}

static int cg_spec(const nb_game *g, char *buf, size_t cap) {
  (void)g;
  return snprintf(buf, cap, "cg");
}

/* One argument: an expression whose top-level terms are components of the position; where the
 * caller has room for fewer, the terms from the last room on are written out as one literal
 * sum (lit_add). */
static nb_status parse_one(const nb_game *g, const char *text, nb_pos *out, size_t *n, size_t cap,
                           nb_error *err) {
  lit_reading r = {.table = table_of(g)};
  nb_cg_builder b = {&r, read_nus, read_braces, read_negate, read_add, read_named};
  uint32_t *terms = NULL;
  size_t count = 0, budget = SUM_BUDGET;
  nb_status st = nb_cg_read_terms(&b, text, &terms, &count, err);
  if (st == NB_OK && *n == cap) st = nb_fail(err, NB_EUSAGE, "too many games (at most %zu)", cap);
  for (size_t i = 0; st == NB_OK && i < count; i++) {
    nb_pos p = r.made[terms[i]];
    if (*n == cap) st = lit_add(r.table, out[*n - 1], p, &budget, 0, &p, err);
    if (st == NB_OK && *n == cap) out[*n - 1] = p;
    if (st == NB_OK && *n < cap) out[(*n)++] = p;
  }
  free(terms);
  free(r.made);
  return st;
}

static nb_status cg_parse(const nb_game *g, const char *const *tokens, size_t count,
                          size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  for (size_t i = 0; i < count; i++) {
    nb_status st = parse_one(g, tokens[i], out, n, cap, err);
    if (st != NB_OK && st != NB_EINTERNAL) /* name the argument */
      return nb_error_prefix(err, st, "argument %zu: ", first_arg + i);
    if (st != NB_OK) return st;
  }
  return NB_OK;
}

static int cg_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  if (is_atom(p)) return nb_cg_nus_format(nus_of(p), buf, cap);
  const lit_table *t = table_of(g);
  int named = literal_name(t, p, buf, cap);
  if (named >= 0) return named;
  lit_node nd = t->node[p.lo];
  int total = snprintf(buf, cap, "{");
  for (uint32_t i = 0; i < nd.nleft + nd.nright; i++) {
    nb_bounded_printf(buf, cap, &total, "%s", i == nd.nleft ? "|" : i > 0 ? "," : "");
    size_t room;
    char *at = nb_bounded_at(buf, cap, total, &room);
    total += cg_format(g, t->pool[nd.opts + i], at, room);
  }
  if (nd.nleft == nd.nleft + nd.nright) nb_bounded_printf(buf, cap, &total, "|");
  nb_bounded_printf(buf, cap, &total, "}");
  return total;
}

static size_t cg_move_bound(const nb_game *g, nb_pos p) {
  if (!is_atom(p)) {
    const lit_node *nd = &table_of(g)->node[p.lo];
    return nd->nleft > nd->nright ? nd->nleft : nd->nright;
  }
  nb_cg_nus v = nus_of(p);
  return v.ups == 0 && v.nimber > 0 ? (size_t)v.nimber : 2;
}

/* The definition: `who` moves to one of its options (see the essay for atoms). */
static nb_status cg_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out, nb_error *err) {
  (void)err;
  if (!is_atom(p)) {
    const lit_table *t = table_of(g);
    const lit_node *nd = &t->node[p.lo];
    uint32_t first = who == NB_LEFT ? 0 : nd->nleft, n = who == NB_LEFT ? nd->nleft : nd->nright;
    for (uint32_t i = 0; i < n; i++)
      nb_moves_add1(out, i, t->pool[nd->opts + first + i]);
    return NB_OK;
  }
  nb_cg_nus v = nus_of(p), opt[2][2];
  if (v.ups == 0 && v.nimber > 0) { /* x + *m: x + *j for every j < m, both players */
    for (uint64_t j = 0; j < v.nimber; j++)
      nb_moves_add1(out, (uint32_t)j, atom_of((nb_cg_nus){v.number, 0, j}));
    return NB_OK;
  }
  size_t n[2];
  nb_status st = nb_cg_nus_options(v, opt[0], &n[0], opt[1], &n[1], NULL);
  NB_ASSERT(st == NB_OK); /* an atom's numerator is at most 2^62: its options are in range */
  (void)st;
  for (size_t i = 0; i < n[who]; i++)
    nb_moves_add1(out, (uint32_t)i, atom_of(opt[who][i]));
  return NB_OK;
}

/* A move is written as the option it moves to. */
static int cg_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                       char *buf, size_t cap) {
  (void)from;
  (void)m;
  return cg_format(g, parts[0], buf, cap);
}

/* Atoms are number-up-stars, which the store holds by their parts. */
static nb_status cg_canonical(const nb_game *g, void *cache, nb_cg_store *store, nb_pos p,
                              nb_cg *out, bool *known, nb_error *err) {
  (void)g;
  (void)cache;
  *known = is_atom(p);
  return *known ? nb_cg_make_nus(store, nus_of(p), out, err) : NB_OK;
}

static const nb_partizan_facet cg_values = {.canonical = cg_canonical};
/* Numbers, nimbers, switches, ups, hot games, and forms that are not canonical as written. */
static const nb_sample cg_samples[] = {
    {"cg", "0"},        {"cg", "{1|*}"},     {"cg", "^ *"},       {"cg", "+-1 1/2*"},
    {"cg", "{2||1|0}"}, {"cg", "{0,*|0,*}"}, {"cg", "{3|-1} -2"}, {"cg", "{{1|0}|{0|-1}} v"},
    {NULL, NULL}};

const nb_family nb_cg_family = {
    .abi = NB_ABI_VERSION,
    .name = "cg",
    .synopsis = "cg  short partizan games written in CGSuite's notation: {1|*}, ^, +-1, 1/2*, "
                "{2||1|0}",
    .position_help = "one game per argument, in quotes: '{1|*}' '^'",
    .partizan = true,
    .sum_needs_index = true, /* "1" names no game of a sum: "2:1" does */
    .create = cg_create,
    .destroy = cg_destroy,
    .spec = cg_spec,
    .parse = cg_parse,
    .format = cg_format,
    .joiner = " + ",
    .move_bound = cg_move_bound,
    .max_parts = 1,
    .moves = cg_moves,
    .describe = cg_describe,
    .partizan_eval = &cg_values,
    .samples = cg_samples,
};
