/*
 * hackenbush.c: Red-Blue-Green Hackenbush on strings and trees rooted at the ground, the
 * `hackenbush` family.
 *
 * Rules (Berlekamp, Conway and Guy, Winning Ways, ch. 1, 2 and 7). Edges stand on the ground,
 * each blue (Left's), red (Right's) or green (either player's). A player cuts one edge of their
 * colour or a green one; it is removed, and so is everything no longer connected to the ground.
 * The player who cannot move loses. Here the edges form a forest standing on the ground: every
 * edge stands on the ground or on one other edge, so cutting an edge takes the subtree above it.
 *
 * Text. CGSuite's letters, in either case: `l` a blue edge, `r` a red one, `e` a green one. A
 * string is written from the ground up (`lrlerrr`); a tree branches with parentheses at the end
 * of a string: `lr(l,re)` is a blue edge, a red one on it, and on that a blue edge and a string
 * red-green side by side. Edges branching at the ground are a bracket at the start: `(l,r)`.
 * Each branch starts with an edge, and a bracket ends its string (nothing follows a ')' but ','
 * or ')'), so every tree has exactly one text up to the order of its branches. One tree per
 * argument; several arguments are a sum. A move is the place of the edge cut among the letters
 * of the tree as printed, 1-based: `3` cuts the third letter (`2:3` in a sum).
 *
 * What a position is. A forest is written in preorder as tokens of 2 bits: an edge's colour (1
 * blue, 2 red, 3 green) when the walk climbs it, 0 when it comes back down; the tokens after the
 * last edge are all 0 and left out. Token i sits at bits 2i of lo, hi (hi bits 56.. stay 0: never
 * NB_POS_INTERNED). A forest of n edges and height h takes 2n - h tokens when its highest branch
 * is written last, so a position holds a string of up to 60 edges, or fewer edges with branches.
 * Normal form: at every node the branches are sorted by height, then by their tokens, so that
 * the highest is last; a forest has one encoding whatever order its branches were typed in (and
 * is printed in that order). A cut of s edges lowers the height by at most s, so the forest a move
 * leaves, 2(n - s) - h' <= 2n - h - s tokens, always fits when the forest did.
 * The trees standing on the ground side by side are a sum: a move leaves each as a part of its
 * own (at most MAX_PARTS).
 *
 * Values the family knows without the search (the `canonical` hook; the search values the rest
 * from the moves, and the tests check both against a plain search of the rules):
 *
 * Theorem 1 (Berlekamp's sign expansion; Winning Ways, ch. 2, "Hackenbush strings"; Siegel,
 * Combinatorial Game Theory, II.3). A blue-red string whose first k edges are blue and whose
 * edges above them are c_1, ..., c_m (c_1 red) is the number k + sum_j s_j / 2^j, s_j = +1 for a
 * blue c_j and -1 for a red one; with the colours exchanged, the negative. Proof, by induction on
 * the length: the options of a string are the strings below each edge of a player's colour, all
 * numbers by induction. Cutting higher changes the value by less (the j-th edge of the tail
 * weighs 1/2^j, more than all the edges above it together), so each player's best option is
 * their highest cut. Left's highest cut leaves the expansion cut short after a blue term, Right's
 * after a red one, and the expansion of the whole is the simplest dyadic strictly between the
 * two (the last term, +-1/2^m, is the smallest step that separates them); Winning Ways gives the
 * details. A string of at most 60 edges is at most 60 in absolute value, with a denominator of at
 * most 2^59: numerator and exponent fit nb_dyadic.
 * So BR = 1/2, BRR = 1/4, BRB = 3/4, RB = -1/2 (tests/test_hackenbush.c checks every blue-red
 * string of up to 12 edges and random ones of up to 20 against the plain search).
 *
 * Theorem 2 (the colon principle; Winning Ways, ch. 7, "Hackenbush Hotchpotch"). In a green
 * forest, the branches at a node may be replaced by one green string of length the nim-sum of
 * their values without changing the value of the whole. Hence a green tree's value is a nimber
 * computed upward: the forest above a node is worth the nim-sum over its branches of (the value
 * above the branch's edge + 1), as an edge under a forest worth *a is a green string of a + 1
 * edges. Proof: G + H = 0 for the two forests that differ only above the node, as the second
 * player copies moves into the forest that is a nim-sum of the same value (Winning Ways). So `e`
 * is *1, `eee` *3, `e(e,e)` *1 and `(ee,e)` *3.
 *
 * A forest whose every ground tree is a blue-red string or a green tree is the sum of their
 * values; any other is left to the search.
 *
 * Negative. Exchanging blue and red exchanges the players' moves, so the forest with its colours
 * exchanged is the negative (hackenbush_negative).
 */
#include "games/partizan.h"
#include "grid/grid.h"
#include "nimber_cgt.h"

#include <stdlib.h>
#include <string.h>

enum {
  CLOSE = 0, /* tokens: coming down an edge ... */
  BLUE = 1,  /* ... or climbing one of Left's colour */
  RED = 2,   /* Right's */
  GREEN = 3, /* either player's */
  MAX_TOKENS = 60,
  MAX_EDGES = 60, /* a string of 60 edges: 60 tokens */
  MAX_PARTS = MAX_EDGES,
  GROUND = -1 /* the parent of an edge on the ground */
};

/* A forest standing on the ground, its edges in preorder (every edge after the one it stands
 * on, and the edges above an edge right after it). */
typedef struct forest {
  unsigned n;                /* edges */
  uint8_t colour[MAX_EDGES]; /* BLUE, RED or GREEN */
  int8_t parent[MAX_EDGES];  /* the edge it stands on (an earlier one), or GROUND */
} forest;

static const char letter[] = "?lre";

/* --- the codec ------------------------------------------------------------------------------- */

static unsigned token_at(nb_pos p, unsigned i) {
  return (unsigned)((i < 32 ? p.lo >> (2 * i) : p.hi >> (2 * i - 64)) & 3);
}

static forest decode(nb_pos p) {
  forest f = {0};
  int at = GROUND;
  for (unsigned i = 0; i < MAX_TOKENS; i++) {
    unsigned t = token_at(p, i);
    if (t == CLOSE) {
      if (at != GROUND) at = f.parent[at];
      continue;
    }
    f.colour[f.n] = (uint8_t)t;
    f.parent[f.n] = (int8_t)at;
    at = (int)f.n++;
  }
  return f;
}

/* The height of the forest standing on each edge (its own edge included). */
static void heights(const forest *f, unsigned *h) {
  for (unsigned i = 0; i < f->n; i++)
    h[i] = 1;
  for (unsigned i = f->n; i-- > 0;)
    if (f->parent[i] != GROUND && h[f->parent[i]] < h[i] + 1) h[f->parent[i]] = h[i] + 1;
}

/* A branch written out: its tokens at out + start. */
typedef struct branch {
  unsigned start, len; /* where its tokens are in the buffer, and how many */
  unsigned height;     /* its height */
} branch;

static bool branch_less(const uint8_t *buf, branch a, branch b) {
  if (a.height != b.height) return a.height < b.height;
  for (unsigned i = 0; i < a.len && i < b.len; i++)
    if (buf[a.start + i] != buf[b.start + i]) return buf[a.start + i] < buf[b.start + i];
  return a.len < b.len;
}

/* Writes the normal tokens of the forest standing on `node` (an edge, or GROUND) to out (room
 * for 2 tokens an edge), each branch its colour, what stands on it and CLOSE, the branches
 * sorted (the top of this file); returns how many. */
static unsigned emit(const forest *f, const unsigned *h, int node, uint8_t *out) {
  branch b[MAX_EDGES];
  unsigned k = 0, len = 0;
  for (unsigned i = node == GROUND ? 0 : (unsigned)node + 1; i < f->n; i++) {
    if (f->parent[i] != node) continue;
    b[k] = (branch){len, 0, h[i]};
    out[len++] = f->colour[i];
    len += emit(f, h, (int)i, out + len);
    out[len++] = CLOSE;
    b[k].len = len - b[k].start;
    k++;
  }
  for (unsigned i = 1; i < k; i++) /* insertion sort: few branches */
    for (unsigned j = i; j > 0 && branch_less(out, b[j], b[j - 1]); j--) {
      branch t = b[j];
      b[j] = b[j - 1];
      b[j - 1] = t;
    }
  uint8_t copy[2 * MAX_EDGES];
  memcpy(copy, out, len);
  for (unsigned i = 0, at = 0; i < k; at += b[i].len, i++)
    memcpy(out + at, copy + b[i].start, b[i].len);
  return len;
}

/* The normal tokens of f without the CLOSE tokens after its last edge; returns how many. */
static unsigned normal_tokens(const forest *f, uint8_t *tokens) {
  unsigned h[MAX_EDGES];
  heights(f, h);
  unsigned len = emit(f, h, GROUND, tokens);
  while (len > 0 && tokens[len - 1] == CLOSE)
    len--;
  return len;
}

/* f in normal form, which fits (the top of this file; NB_ASSERTed). */
static nb_pos encode(const forest *f) {
  uint8_t tokens[2 * MAX_EDGES];
  unsigned len = normal_tokens(f, tokens);
  NB_ASSERT(len <= MAX_TOKENS);
  nb_pos p = {0, 0};
  for (unsigned i = 0; i < len; i++)
    if (i < 32)
      p.lo |= (uint64_t)tokens[i] << (2 * i);
    else
      p.hi |= (uint64_t)tokens[i] << (2 * i - 64);
  return p;
}

/* The edges of f that are not removed (keep[i]), as a forest of their own, in the same order. */
static forest keep_only(const forest *f, const bool *keep) {
  forest g = {0};
  int8_t index[MAX_EDGES];
  for (unsigned i = 0; i < f->n; i++) {
    if (!keep[i]) continue;
    index[i] = (int8_t)g.n;
    g.colour[g.n] = f->colour[i];
    g.parent[g.n++] = f->parent[i] == GROUND ? GROUND : index[f->parent[i]];
  }
  return g;
}

/* Which edges stand, directly or not, on `root` (root included): in preorder, those after it
 * whose parent is marked. */
static void mark_above(const forest *f, unsigned root, bool *marked) {
  memset(marked, 0, f->n);
  marked[root] = true;
  for (unsigned i = root + 1; i < f->n; i++)
    marked[i] = f->parent[i] != GROUND && marked[f->parent[i]];
}

/* --- text ------------------------------------------------------------------------------------ */

/* Reading one argument. */
typedef struct reader {
  const char *text; /* the argument */
  size_t at;        /* the byte being read */
  size_t arg;       /* its number */
  forest f;         /* the edges read */
  nb_error *err;    /* where a refusal is written */
} reader;

static const char expected_text[] =
    "a string or tree of 'l' (blue), 'r' (red) and 'e' (green) edges from the ground up, such as "
    "'lrlerrr' or 'lr(l,re)'";

static nb_status refuse(reader *r, const char *what) {
  char quoted[NB_QUOTE_CAP];
  if (r->text[r->at] == '\0')
    return nb_fail(r->err, NB_EUSAGE, "argument %zu: column %zu: %s, found the end", r->arg,
                   r->at + 1, what);
  return nb_fail(r->err, NB_EUSAGE, "argument %zu: column %zu: %s, found %s", r->arg, r->at + 1,
                 what, nb_quote(quoted, r->text + r->at, 1));
}

static unsigned colour_of(char c) {
  const char *at = c != '\0' ? strchr("lreLRE", c) : NULL;
  return at == NULL ? 0 : (unsigned)(at - "lreLRE") % 3 + 1;
}

/* Reads a string of edges standing on `node`, then a bracket of branches if one follows; at
 * least one edge first unless `bare` (the ground's bracket). Each level of brackets reads one
 * edge at least before the next '(' (a branch starts with an edge), so the depth is at most
 * MAX_EDGES + 1. */
static nb_status read_string(reader *r, int node, bool bare) {
  if (!bare && colour_of(r->text[r->at]) == 0)
    return refuse(r, "expected an edge ('l', 'r' or 'e')");
  for (unsigned c; (c = colour_of(r->text[r->at])) != 0; r->at++) {
    if (r->f.n == MAX_EDGES)
      return nb_fail(r->err, NB_EUSAGE, "argument %zu: column %zu: too many edges (at most %d)",
                     r->arg, r->at + 1, MAX_EDGES);
    r->f.colour[r->f.n] = (uint8_t)c;
    r->f.parent[r->f.n] = (int8_t)node;
    node = (int)r->f.n++;
  }
  if (r->text[r->at] != '(') return NB_OK;
  size_t open = r->at;
  do {
    r->at++;
    nb_status st = read_string(r, node, false);
    if (st != NB_OK) return st;
  } while (r->text[r->at] == ',');
  if (r->text[r->at] == ')') {
    r->at++;
    return NB_OK;
  }
  if (r->text[r->at] == '\0')
    return nb_fail(r->err, NB_EUSAGE, "argument %zu: column %zu: '(' is not closed", r->arg,
                   open + 1);
  return refuse(r, "expected 'l', 'r', 'e', '(', ',' or ')'");
}

/* Reads one tree (argument number arg) into *out, normalised. */
static nb_status parse_tree(const char *text, size_t arg, nb_pos *out, nb_error *err) {
  reader r = {.text = text, .arg = arg, .err = err};
  if (text[0] == '\0')
    return nb_fail(err, NB_EUSAGE, "argument %zu: expected %s", arg, expected_text);
  nb_status st = read_string(&r, GROUND, text[0] == '(');
  if (st != NB_OK) return st;
  if (text[r.at] == ')')
    return nb_fail(err, NB_EUSAGE, "argument %zu: column %zu: ')' closes no '('", arg, r.at + 1);
  if (text[r.at] == ',')
    return nb_fail(err, NB_EUSAGE, "argument %zu: column %zu: ',' outside parentheses", arg,
                   r.at + 1);
  if (text[r.at] != '\0')
    return refuse(&r, r.at > 0 && text[r.at - 1] == ')'
                          ? "expected ',', ')' or the end after a ')' (branches end their string)"
                          : "expected 'l', 'r', 'e', '(', ',' or ')'");
  uint8_t tokens[2 * MAX_EDGES];
  unsigned len = normal_tokens(&r.f, tokens);
  if (len > MAX_TOKENS)
    return nb_fail(err, NB_EUSAGE,
                   "argument %zu: the tree is too large: it needs %u places of the %d a position "
                   "holds (2 an edge, less 1 an edge of its highest path: a string of 60 edges)",
                   arg, len, MAX_TOKENS);
  *out = encode(&r.f);
  return NB_OK;
}

/* Writes the forest standing on `node` at out + *len (room for 3 bytes an edge): a lone
 * branch continues the string, several are a bracket. */
static void write_above(const forest *f, int node, char *out, size_t *len) {
  unsigned count = 0;
  for (unsigned i = node == GROUND ? 0 : (unsigned)node + 1; i < f->n; i++)
    count += f->parent[i] == node;
  if (count > 1) out[(*len)++] = '(';
  unsigned k = 0;
  for (unsigned i = node == GROUND ? 0 : (unsigned)node + 1; i < f->n; i++) {
    if (f->parent[i] != node) continue;
    if (k++ > 0) out[(*len)++] = ',';
    out[(*len)++] = letter[f->colour[i]];
    write_above(f, (int)i, out, len);
  }
  if (count > 1) out[(*len)++] = ')';
}

/* --- values ---------------------------------------------------------------------------------- */

/* Theorem 1: the blue-red string standing on the ground at edge `root` (its edges root, root + 1,
 * ..., each on the one before) as a number. */
static nb_dyadic string_value(const forest *f, unsigned root, unsigned end) {
  unsigned first = f->colour[root], k = 0;
  while (root + k < end && f->colour[root + k] == first)
    k++;
  int64_t num = k; /* k + sum_j s_j / 2^j over the m = end - root - k edges above: num / 2^m */
  unsigned m = end - root - k;
  for (unsigned j = 1; j <= m; j++)
    num = 2 * num + (f->colour[root + k + j - 1] == first ? 1 : -1);
  nb_dyadic x;
  bool made = nb_dyadic_make(first == BLUE ? num : -num, m, &x); /* |num| < 2^61, m < 60 */
  NB_ASSERT(made);
  (void)made;
  return x;
}

/* Theorem 2: the green tree standing on the ground at edge `root` (edges root..end-1) as a
 * nimber: the forest above each edge is worth the nim-sum over its branches of (above + 1). */
static uint64_t green_value(const forest *f, unsigned root, unsigned end) {
  uint64_t above[MAX_EDGES] = {0};
  for (unsigned i = end; i-- > root + 1;)
    above[f->parent[i]] ^= above[i] + 1;
  return above[root] + 1;
}

/* The value of the ground tree at edge `root` (edges root..end-1) by Theorem 1 or 2; false
 * where neither applies. */
static nb_status tree_value(nb_cg_store *store, const forest *f, unsigned root, unsigned end,
                            nb_cg *out, bool *known, nb_error *err) {
  bool green = true, string = true;
  for (unsigned i = root; i < end; i++) {
    green = green && f->colour[i] == GREEN;
    string = string && f->colour[i] != GREEN && (i == root || f->parent[i] == (int8_t)(i - 1));
  }
  *known = green || string;
  if (green) return nb_cg_make_nimber(store, green_value(f, root, end), out, err);
  if (string) return nb_cg_make_number(store, string_value(f, root, end), out, err);
  return NB_OK;
}

/* The sum of the ground trees' values where each is known by a theorem; *known = false (the
 * search values the forest) where one is not. */
static nb_status hackenbush_canonical(const nb_game *g, void *cache, nb_cg_store *store, nb_pos p,
                                      nb_cg *out, bool *known, nb_error *err) {
  (void)g;
  (void)cache;
  forest f = decode(p);
  nb_cg sum;
  nb_status st = nb_cg_make_integer(store, 0, &sum, err);
  *known = true;
  for (unsigned root = 0; root < f.n && st == NB_OK && *known;) {
    unsigned end = root + 1;
    while (end < f.n && f.parent[end] != GROUND)
      end++;
    nb_cg v;
    st = tree_value(store, &f, root, end, &v, known, err);
    if (st == NB_OK && *known) st = nb_cg_add(store, sum, v, &sum, err);
    root = end;
  }
  if (st == NB_OK && *known) *out = sum;
  return st;
}

/* The forest with blue and red exchanged: the negative. */
static bool hackenbush_negative(const nb_game *g, nb_pos p, nb_pos *q) {
  (void)g;
  forest f = decode(p);
  for (unsigned i = 0; i < f.n; i++)
    f.colour[i] = f.colour[i] == BLUE ? RED : f.colour[i] == RED ? BLUE : GREEN;
  *q = encode(&f);
  return true;
}

/* --- the family contract --------------------------------------------------------------------- */

static nb_status hackenbush_create(const char *params, nb_game **out, nb_error *err) {
  return nb_grid_game_create("hackenbush", params, out, err);
}

static nb_status hackenbush_parse(const nb_game *g, const char *const *tokens, size_t count,
                                  size_t first_arg, nb_pos *out, size_t *n, size_t cap,
                                  nb_error *err) {
  (void)g;
  for (size_t i = 0; i < count; i++) {
    nb_pos p;
    nb_status st = parse_tree(tokens[i], first_arg + i, &p, err);
    if (st != NB_OK) return st;
    if (*n == cap) return nb_fail(err, NB_EUSAGE, "too many trees (at most %zu)", cap);
    out[(*n)++] = p;
  }
  return NB_OK;
}

static int hackenbush_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  forest f = decode(p);
  char text[3 * MAX_EDGES + 1];
  size_t len = 0;
  write_above(&f, GROUND, text, &len);
  text[len] = '\0';
  return snprintf(buf, cap, "%s", text);
}

/* One move at most an edge. */
static size_t hackenbush_move_bound(const nb_game *g, nb_pos p) {
  (void)g;
  return decode(p).n;
}

/* The definition: `who` cuts an edge of their colour or a green one; it and every edge standing
 * on it fall. What stands is a part per tree on the ground. Tag: the edge's place in preorder
 * (the letters as printed), 0-based. */
static nb_status hackenbush_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                                  nb_error *err) {
  (void)g;
  (void)err;
  forest f = decode(p);
  unsigned mine = who == NB_LEFT ? BLUE : RED;
  for (unsigned i = 0; i < f.n; i++) {
    if (f.colour[i] != mine && f.colour[i] != GREEN) continue;
    bool fallen[MAX_EDGES], keep[MAX_EDGES];
    mark_above(&f, i, fallen);
    for (unsigned j = 0; j < f.n; j++)
      keep[j] = !fallen[j];
    forest left = keep_only(&f, keep);
    nb_pos parts[MAX_PARTS];
    uint32_t n = 0;
    for (unsigned root = 0; root < left.n; root++) {
      if (left.parent[root] != GROUND) continue;
      bool tree[MAX_EDGES];
      mark_above(&left, root, tree);
      forest one = keep_only(&left, tree);
      parts[n++] = encode(&one);
    }
    nb_moves_add(out, i, parts, n);
  }
  return NB_OK;
}

/* "3": the third edge (letter) of the tree as printed. */
static int hackenbush_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                               char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  return snprintf(buf, cap, "%u", m->tag + 1);
}

static const nb_partizan_facet hackenbush_values = {.canonical = hackenbush_canonical,
                                                    .negative = hackenbush_negative};

/* Strings blue-red (the closed form), green (nimbers), mixed (the search); trees green (the
 * colon principle) and mixed; a forest at the ground; capitals; a sum. */
static const nb_sample hackenbush_samples[] = {
    {"hackenbush", "l"},        {"hackenbush", "lrr"},      {"hackenbush", "rlrlll"},
    {"hackenbush", "eee"},      {"hackenbush", "lrlerrr"},  {"hackenbush", "e(e,ee)"},
    {"hackenbush", "lr(l,re)"}, {"hackenbush", "(l,re,e)"}, {"hackenbush", "LRE"},
    {"hackenbush", "lr rl e"},  {"hackenbush", "e(l,r)"},   {NULL, NULL}};

const nb_family nb_hackenbush_family = {
    .abi = NB_ABI_VERSION,
    .name = "hackenbush",
    .synopsis = "hackenbush  Red-Blue-Green Hackenbush strings and trees: cut an edge, and all "
                "above it falls",
    .position_help = "one tree per argument: 'l' (blue, Left's), 'r' (red, Right's) and 'e' "
                     "(green) edges from the ground up, branching in parentheses, such as "
                     "'lrlerrr' or 'lr(l,re)'",
    .partizan = true,
    .sum_needs_index = true, /* "3" names no tree of a sum: "2:3" does */
    .create = hackenbush_create,
    .destroy = nb_grid_game_destroy,
    .spec = nb_grid_game_spec,
    .parse = hackenbush_parse,
    .format = hackenbush_format,
    .joiner = " + ",
    .move_bound = hackenbush_move_bound,
    .max_parts = MAX_PARTS,
    .moves = hackenbush_moves,
    .describe = hackenbush_describe,
    .partizan_eval = &hackenbush_values,
    .samples = hackenbush_samples,
};
