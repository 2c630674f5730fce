/*
 * tower.c: the tower game (`tower`, alias `gurdurr`), of which Gurdurr (Gym 102341G) is the seed.
 *
 * Rules. A position is a tower of layers listed top to bottom, each one of III, II., .II, I.I and
 * .I. (I a block, . a hole). A tower is stable iff no two adjacent layers are both .I.. A move
 * removes one block from any layer and must leave every layer one of the five and the tower
 * stable. A player with no move loses. tower_moves below says exactly this and nothing more.
 *
 * Encoding. Layer i (0 = top) is a 3-bit code 1..5 (III, II., .II, I.I, .I.) at bit 3*(i%21) of
 * word i/21 (lo, then hi), so an nb_pos holds up to 42 layers; code 0 ends the tower, and every
 * bit past the last layer is zero.
 *
 * Fast evaluator. Write F for III, D for II. or .II, T for I.I, S for .I.. From the rules:
 *   (1) T and S never move: every block removal leaves I.., ..I or ..., which are not layers.
 *   (2) D has exactly one candidate move, to S (II. loses L, .II loses R); it is legal iff no
 *       neighbour is S at that moment. F moves to D (L or R) or to T (M), always legally.
 *   (3) Layers interact only through (2): whether a neighbour is S. S is permanent, so a layer
 *       next to an S can never become S. Call a layer *blocked* if it is T, S or next to an S;
 *       blocked layers stay blocked and never become S, so nothing a blocked layer does changes
 *       any other layer's moves.
 * Hence a tower is the disjoint sum (Sprague-Grundy: XOR of values) of its blocked layers, each
 * alone, and of its *runs*, the maximal blocks of unblocked layers. A blocked layer alone: T, S
 * and a D next to S have no move (value 0); an F next to S moves to D or T, both dead: mex{0} = 1.
 * A run is a word over {F, D}, read as a bit mask (bit j = 1 iff its j-th layer from the top is
 * F), and its moves are:
 *   - F at j -> D:  the same run with bit j cleared;
 *   - F at j -> T:  the runs above and below j, now separated;
 *   - D at j -> S:  the neighbours j-1, j+1 become blocked (value 1 if F, 0 if D, by the above)
 *                   and the runs beyond them, j-2 and upwards and j+2 and downwards, remain.
 * So V(m, mask), the value of a run of length m, is the mex of values of the same length with
 * fewer F, and of XORs of values of shorter runs: a table built by increasing length. The seed
 * derives the same recurrence; tests/test_tower.c checks the evaluator against the exhaustive
 * search on every stable tower of up to 7 layers and on random towers of up to 10.
 *
 * No simple closed form. All-F runs have values 2,1,3,0 repeating, and all-D runs are Dawson's
 * chess (a D move removes a vertex and its neighbours: octal game 0.137), but mixed runs are not
 * periodic: prefixes of length 16 fall into 8,682 classes by the values they give with suffixes of
 * up to 6 layers, growing about 1.7 times per layer, so no small automaton reads them.
 *
 * Building the table fast (nb_tower_table). The plain recurrence costs m*2^m steps per length,
 * about 40 million for lengths up to 20, with scattered look-ups. Instead each value is kept
 * one-hot (1 << g, in 16 bits: every value for runs up to 24 is below 16) and the options are ORed
 * into a "seen" array by whole blocks, which compilers vectorise:
 *   - For a split at j, the masks are low + (bit << j) + (high << (j+1)) and the option's value is
 *     A[low] ^ c(high): per high, a contiguous block receives A permuted by XOR with c. A one-hot
 *     vector permuted by XOR with 2^s is a fixed swap of bit groups (flip_pass); the 16 permuted
 *     copies of A are made once per j and reused by every high.
 *   - The same-length options (clear one F) are added in a single pass in increasing mask order:
 *     when the lower half of an aligned block of 2^(s+1) masks is final, it is ORed into the upper
 *     half (whose masks are the lower ones plus bit s). Every (mask, F) pair is covered once, and
 *     each mask is complete before its mex is taken. The mex of a seen set s, one-hot, is
 *     ~s & (s+1).
 * A level is built in tiles of 2^12 masks that stay in L1 cache: a tile receives every split's
 * options (short splits from the 16 prebuilt copies, long ones as a permuted slice of A), then the
 * same-length options from earlier tiles, then its own pass. Measured: about 2 ms for lengths up
 * to 16, 35-45 ms up to 20 and 0.7-0.8 s up to 24 on the development machine; the vector work
 * (m ORs per mask) rather than memory is the bound.
 *
 * The compiled table. 35-45 ms is more than the contest's whole budget, and the contest's runs
 * (up to 20 layers) are the same in every run of the program, so they are built once, by the
 * build: tools/gen_tower_table.c fills an uncompiled table (nb_tower_table_new_uncompiled, this
 * file's builder and nothing else) up to NB_TOWER_COMPILED_RUN and writes its values as a C
 * array, 4 bits per run (every value is below 16), the run (len, mask) at index
 * (1 << len) | mask: 2^21 entries, 1 MiB, read-only data that the loader maps and the runs
 * actually met fault in. An ordinary table reads runs up to 20 layers from it at no cost and
 * keeps the lazy builder for 21..24; to build level 21 it first unpacks levels 0..20 into the
 * one-hot form the builder reads (a few milliseconds, once). tests/test_tower.c checks every
 * compiled entry against the builder, and the builder against the plain recurrence.
 */
#include "tower.h"

#include <stdlib.h>
#include <string.h>

enum {
  LAYERS_PER_WORD = 21, /* 3-bit layer codes in one 64-bit word */
};

/* Layer codes (nb_tower_layer) and the blocks present in each: bit 2 = L, 1 = M, 0 = R. */
static const char *const layer_text[6] = {"", "III", "II.", ".II", "I.I", ".I."};
static const uint8_t layer_blocks[6] = {0, 7, 6, 3, 5, 2};
/* The layer code of a block pattern, or 0 when the pattern is not a layer. */
static const uint8_t pattern_layer[8] = {
    0, 0, NB_LAYER_DOT_I_DOT, NB_LAYER_DOT_II, 0, NB_LAYER_I_DOT_I, NB_LAYER_II_DOT, NB_LAYER_III};
static const char block_letter[3] = {'L', 'M', 'R'};

/* Branch-free on the characters (bitwise &, not &&): a contest reads 600,000 random layers, and
 * a branch on each character mispredicts about every other layer. The only branches, on the
 * string's end, are predictable. */
int nb_tower_layer_parse(const char *text) {
  unsigned pattern = 0, bad = 0; /* blocks present, as in layer_blocks; a stray character */
  for (int i = 0; i < 3; i++) {
    const unsigned char c = (unsigned char)text[i];
    if (c == '\0') return 0;
    pattern = pattern << 1 | (c == 'I');
    bad |= (unsigned)(c != 'I') & (unsigned)(c != '.');
  }
  return bad == 0 && text[3] == '\0' ? pattern_layer[pattern] : 0;
}

const char *nb_tower_layer_text(int code) {
  return code >= 1 && code <= 5 ? layer_text[code] : "?";
}

/* --- positions -------------------------------------------------------------------------------- */

static unsigned layer_at(nb_pos p, size_t i) {
  uint64_t w = i < LAYERS_PER_WORD ? p.lo : p.hi;
  return (unsigned)(w >> (3 * (i % LAYERS_PER_WORD)) & 7u);
}

/* Sets layer i of p (which must be 0 there or be overwritten) to code. */
static void set_layer(nb_pos *p, size_t i, unsigned code) {
  NB_ASSERT(i < NB_TOWER_MAX_LAYERS && code <= 5);
  uint64_t *w = i < LAYERS_PER_WORD ? &p->lo : &p->hi;
  unsigned shift = 3 * (unsigned)(i % LAYERS_PER_WORD);
  *w = (*w & ~((uint64_t)7 << shift)) | (uint64_t)code << shift;
}

/* Number of layers of p, and its layer codes (top first) into layers[NB_TOWER_MAX_LAYERS]. */
static size_t unpack(nb_pos p, uint8_t *layers) {
  size_t n = 0;
  while (n < NB_TOWER_MAX_LAYERS && layer_at(p, n) != 0) {
    layers[n] = (uint8_t)layer_at(p, n);
    n++;
  }
  return n;
}

/* Whether every layer is one of the five and no two adjacent layers are both .I.. */
static bool tower_stable(const uint8_t *layers, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (layers[i] < 1 || layers[i] > 5) return false;
    if (i > 0 && layers[i] == NB_LAYER_DOT_I_DOT && layers[i - 1] == NB_LAYER_DOT_I_DOT)
      return false;
  }
  return true;
}

static nb_pos pack(const uint8_t *layers, size_t n) {
  nb_pos p = {0, 0};
  for (size_t i = 0; i < n; i++)
    set_layer(&p, i, layers[i]);
  return p;
}

/* --- the run table ---------------------------------------------------------------------------- */

typedef uint16_t hot; /* a Grundy value g < 16 held as the one-hot bit 1 << g */

/* The values of every run of up to NB_TOWER_COMPILED_RUN layers, generated at build time (see the
 * essay) into the build directory's generated/tower_table.c: 4 bits per run, the run (len, mask)
 * at index (1 << len) | mask, sixteen to a word, the lowest index in the lowest bits. */
extern const uint64_t nb_tower_compiled_values[];

struct nb_tower_table {
  size_t compiled;                  /* runs of length 0..compiled are read from the compiled
                                       values (0: an uncompiled table) */
  size_t built;                     /* level[0..built] are filled */
  hot *level[NB_TOWER_MAX_RUN + 1]; /* level[m][mask]: one-hot value of the run (m, mask) */
  size_t limit; /* bytes the levels may take (the game's memory bound, --memory); 0: none */
};

enum {
  TILE_BITS = 12, /* a level is built in tiles of 2^12 masks (8 KiB, in L1 cache) */
  TILE = 1 << TILE_BITS,
};

/* Permuted copies of the short splits' upper parts, for one level: copy[kind][j][c][low] is the
 * one-hot of A_kind,j[low] ^ c, where A_1,j is the value of run (j, low) (F -> I.I) and A_0,j
 * the value of (j, low) with its last layer blocked (D -> .I.). Only j < TILE_BITS. */
typedef struct copies {
  hot *memory;                       /* one allocation holding them all */
  const hot *copy[2][TILE_BITS][16]; /* pointers into memory */
} copies;

static unsigned value_of(hot h) {
  return (unsigned)__builtin_ctz(h);
}

/* The compiled value of the run (len, mask), len <= NB_TOWER_COMPILED_RUN. */
static unsigned compiled_value(size_t len, uint32_t mask) {
  const size_t index = (size_t)1 << len | mask;
  return (unsigned)(nb_tower_compiled_values[index / 16] >> (index % 16 * 4) & 15u);
}

/* dst = src with every one-hot value g replaced by g ^ (1 << s), s < 4: swaps bit groups. */
static void flip_pass(hot *dst, const hot *src, size_t n, unsigned s) {
  static const uint16_t low_groups[4] = {0x5555u, 0x3333u, 0x0F0Fu, 0x00FFu};
  const unsigned width = 1u << s;
  const uint16_t keep = low_groups[s];
  for (size_t i = 0; i < n; i++)
    dst[i] = (hot)(((src[i] & keep) << width) | ((src[i] >> width) & keep));
}

static void or_into(hot *restrict dst, const hot *restrict src, size_t n) {
  for (size_t i = 0; i < n; i++)
    dst[i] |= src[i];
}

/* dst |= src with every value XORed with c (c < 16); tmp has room for n. */
static void or_permuted(hot *restrict dst, const hot *src, size_t n, unsigned c, hot *tmp) {
  for (unsigned s = 0; s < 4; s++)
    if (c >> s & 1) {
      flip_pass(tmp, src, n, s);
      src = tmp;
    }
  or_into(dst, src, n);
}

/* Value of the run (len, mask) with its first layer blocked by a .I. just above it: that layer
 * alone (III: 1, two-block: 0) XOR the run of the others. The empty run gives 0. */
static unsigned first_blocked(const nb_tower_table *t, size_t len, size_t mask) {
  return len == 0 ? 0 : value_of(t->level[len - 1][mask >> 1]) ^ (unsigned)(mask & 1);
}

/* The XOR-value of the part below a split at j of a mask of length m: for F -> I.I the run
 * below; for D -> .I. that run with its first layer blocked. */
static unsigned below_value(const nb_tower_table *t, unsigned m, unsigned j, unsigned bit,
                            size_t high) {
  size_t len = m - 1 - j;
  return bit ? value_of(t->level[len][high]) : first_blocked(t, len, high);
}

static nb_status copies_make(const nb_tower_table *t, unsigned m, copies *cp, nb_error *err) {
  unsigned short_splits = m < TILE_BITS ? m : TILE_BITS;
  cp->memory = nb_alloc(2 * 16 * (size_t)TILE, sizeof(hot), err);
  if (cp->memory == NULL) return NB_EINTERNAL;
  hot *next = cp->memory;
  for (unsigned j = 0; j < short_splits; j++) {
    const size_t n = (size_t)1 << j;
    for (unsigned bit = 0; bit < 2; bit++) {
      hot *base = next;
      next += 16 * n;
      if (bit == 1) {
        memcpy(base, t->level[j], n * sizeof(hot));
      } else if (j == 0) {
        base[0] = 1; /* nothing above the .I.: value 0 */
      } else {       /* the last of j layers blocked: run (j-1) XOR [that layer is III] */
        memcpy(base, t->level[j - 1], n / 2 * sizeof(hot));
        flip_pass(base + n / 2, t->level[j - 1], n / 2, 0);
      }
      cp->copy[bit][j][0] = base;
      for (unsigned c = 1; c < 16; c++) {
        flip_pass(base + c * n, base + (c & (c - 1)) * n, n, (unsigned)__builtin_ctz(c));
        cp->copy[bit][j][c] = base + c * n;
      }
    }
  }
  return NB_OK;
}

/* Adds to one tile (masks from `first`, `count` of them) the options of every split (F -> I.I
 * and D -> .I.): the mask low + (bit << j) + (high << (j+1)) has the option A[low] ^ c(high). */
static void tile_splits(const nb_tower_table *t, const copies *cp, unsigned m, size_t first,
                        hot *tile, size_t count, hot *tmp) {
  for (unsigned j = 0; j < m; j++) {
    const size_t n = (size_t)1 << j;
    if (2 * n <= count) { /* whole blocks of 2^(j+1) masks inside the tile */
      for (size_t at = 0; at < count; at += 2 * n) {
        size_t high = (first + at) >> (j + 1);
        for (unsigned bit = 0; bit < 2; bit++)
          or_into(tile + at + bit * n, cp->copy[bit][j][below_value(t, m, j, bit, high)], n);
      }
      continue;
    }
    /* The tile lies inside one half block: fixed bit and high, a slice of A. */
    const unsigned bit = (unsigned)(first >> j & 1);
    const size_t high = first >> (j + 1), low = first & (n - 1);
    const unsigned c = below_value(t, m, j, bit, high);
    if (bit == 1) {
      or_permuted(tile, t->level[j] + low, count, c, tmp);
      continue;
    }
    /* D -> .I.: the last of the j layers above is blocked, so A is run (j-1) XOR 1 where that
     * layer is III (the upper half of A). */
    const size_t half = n / 2, part = count < half ? count : half;
    for (size_t at = 0; at < count; at += part) {
      size_t l = low + at;
      or_permuted(tile + at, t->level[j - 1] + (l & (half - 1)), part, c ^ (unsigned)(l >= half),
                  tmp);
    }
  }
}

/* Finishes one tile: adds the same-length options (one F becomes D) and takes each mex. Options
 * that clear a bit of the tile's number come from earlier, finished tiles; the others are added
 * in increasing mask order: when the lower half of an aligned block of 2^(s+1) masks is final it
 * is ORed into the upper half, whose masks are the lower ones plus bit s. Fails if a value
 * reaches 16 (it does not for runs up to NB_TOWER_MAX_RUN). */
static nb_status tile_finish(hot *level, size_t first, size_t count, nb_error *err) {
  hot *tile = level + first;
  for (size_t s = count; s <= first; s <<= 1) /* first is a multiple of count */
    if (first & s) or_into(tile, level + (first ^ s), count);
  for (size_t x = 0; x < count; x++) {
    hot seen = tile[x];
    tile[x] = (hot)(~seen & (seen + 1u));
    if (tile[x] == 0) return nb_fail(err, NB_EINTERNAL, "tower table: a Grundy value reached 16");
    size_t next = x + 1, half = next & (~next + 1);
    if (next < count) or_into(tile + next, tile + next - half, half);
  }
  return NB_OK;
}

/* Builds level m from levels 0..m-1, tile by tile. */
static nb_status build_level(nb_tower_table *t, unsigned m, nb_error *err) {
  const size_t count = (size_t)1 << m, tile = count < TILE ? count : TILE;
  copies cp;
  if (copies_make(t, m, &cp, err) != NB_OK) return NB_EINTERNAL;
  hot *level = nb_alloc(count, sizeof(hot), err), *tmp = nb_alloc(tile, sizeof(hot), err);
  nb_status st = level && tmp ? NB_OK : NB_EINTERNAL;
  for (size_t first = 0; st == NB_OK && first < count; first += tile) {
    tile_splits(t, &cp, m, first, level + first, tile, tmp);
    st = tile_finish(level, first, tile, err);
  }
  free(cp.memory);
  free(tmp);
  if (st != NB_OK) {
    free(level);
    return st;
  }
  t->level[m] = level;
  t->built = m;
  return NB_OK;
}

/* Fills level m (built == m - 1 < compiled) from the compiled values, in one-hot form. */
static nb_status unpack_level(nb_tower_table *t, unsigned m, nb_error *err) {
  const uint32_t count = (uint32_t)1 << m;
  hot *level = nb_alloc(count, sizeof(hot), err);
  if (level == NULL) return NB_EINTERNAL;
  for (uint32_t mask = 0; mask < count; mask++)
    level[mask] = (hot)(1u << compiled_value(m, mask));
  t->level[m] = level;
  t->built = m;
  return NB_OK;
}

static nb_status table_new(size_t compiled, nb_tower_table **out, nb_error *err) {
  nb_tower_table *t = nb_alloc(1, sizeof *t, err);
  if (t == NULL) return NB_EINTERNAL;
  t->compiled = compiled;
  t->level[0] = nb_alloc(1, sizeof(hot), err);
  if (t->level[0] == NULL) {
    free(t);
    return NB_EINTERNAL;
  }
  t->level[0][0] = 1; /* the empty run: value 0 */
  *out = t;
  return NB_OK;
}

nb_status nb_tower_table_new(nb_tower_table **out, nb_error *err) {
  return table_new(NB_TOWER_COMPILED_RUN, out, err);
}

nb_status nb_tower_table_new_uncompiled(nb_tower_table **out, nb_error *err) {
  return table_new(0, out, err);
}

void nb_tower_table_free(nb_tower_table *t) {
  if (t == NULL) return;
  for (size_t m = 0; m <= t->built; m++)
    free(t->level[m]);
  free(t);
}

nb_status nb_tower_table_reserve(nb_tower_table *t, size_t len, nb_error *err) {
  if (len > NB_TOWER_MAX_RUN)
    return nb_fail(err, NB_EDATA,
                   "a run of %zu layers of III, II. or .II, none next to .I., is longer than "
                   "the evaluator's limit of %d (its tables would need %llu MiB)",
                   len, NB_TOWER_MAX_RUN, len < 80 ? 1ull << (len - 18) : ~0ull);
  if (len <= t->compiled) return NB_OK;
  /* Levels 0..len hold 2^(len+1) - 1 values, and building one takes its copies beside them. */
  uint64_t need = (((uint64_t)2 << len) - 1) * sizeof(hot) + 2 * 16 * (uint64_t)TILE * sizeof(hot);
  if (t->limit != 0 && need > t->limit) {
    char bound[32];
    return nb_fail(err, NB_EDATA,
                   "a run of %zu layers of III, II. or .II, none next to .I., needs tables of "
                   "%llu bytes, above the memory limit of %s (--memory SIZE raises it)",
                   len, (unsigned long long)need, nb_bytes_text(bound, t->limit));
  }
  /* The builder reads every shorter level in one-hot form: unpack the compiled ones, once. */
  while (t->built < t->compiled) {
    nb_status st = unpack_level(t, (unsigned)t->built + 1, err);
    if (st != NB_OK) return st;
  }
  while (t->built < len) {
    nb_status st = build_level(t, (unsigned)t->built + 1, err);
    if (st != NB_OK) return st;
  }
  return NB_OK;
}

unsigned nb_tower_run_grundy(const nb_tower_table *t, size_t len, uint32_t mask) {
  NB_ASSERT(len <= NB_TOWER_MAX_RUN && mask < (uint32_t)1 << len); /* and reserved: see below */
  NB_ASSERT(len <= t->compiled || len <= t->built);
  return len <= t->compiled ? compiled_value(len, mask) : value_of(t->level[len][mask]);
}

/* --- the evaluator ---------------------------------------------------------------------------- */

/* Theorem (3) of the essay, on sets of layers held as bits (bit i = layer i; n <= 42 < 64): the
 * blocked layers are I.I, .I. and the neighbours of .I.; each III among them is *1 and the others
 * are 0; the runs, maximal blocks of the other layers, are valued by the table. Branch-light on
 * purpose: random towers make per-layer branches unpredictable. */
nb_status nb_tower_grundy_layers(nb_tower_table *t, const uint8_t *layers, size_t n,
                                 size_t *bad_run, uint64_t *out, nb_error *err) {
  if (n > NB_TOWER_MAX_LAYERS)
    return nb_fail(err, NB_EINTERNAL, "a tower of %zu layers: at most %d", n, NB_TOWER_MAX_LAYERS);
  uint64_t iii = 0, dot = 0, dead = 0; /* layers that are III; .I.; I.I or .I. */
  NB_ASSERT(tower_stable(layers, n));  /* the caller checked: the theorem is about stable towers */
  for (size_t i = 0; i < n; i++) {
    iii |= (uint64_t)(layers[i] == NB_LAYER_III) << i;
    dot |= (uint64_t)(layers[i] == NB_LAYER_DOT_I_DOT) << i;
    dead |= (uint64_t)(layers[i] >= NB_LAYER_I_DOT_I) << i;
  }
  const uint64_t all = ((uint64_t)1 << n) - 1;
  const uint64_t blocked = (dead | dot << 1 | dot >> 1) & all;
  uint64_t value = (uint64_t)nb_bit_count(iii & blocked) & 1;
  uint64_t movable = all & ~blocked;
  while (movable != 0) {
    const unsigned start = (unsigned)__builtin_ctzll(movable);
    const unsigned len = (unsigned)__builtin_ctzll(~(movable >> start)); /* bit 63 is clear */
    nb_status st = nb_tower_table_reserve(t, len, err);
    if (st != NB_OK) {
      if (bad_run != NULL && len > NB_TOWER_MAX_RUN) *bad_run = start;
      return st;
    }
    const uint64_t run = (((uint64_t)1 << len) - 1) << start;
    value ^= nb_tower_run_grundy(t, len, (uint32_t)((iii & run) >> start));
    movable &= ~run;
  }
  *out = value;
  return NB_OK;
}

/* --- the family contract ---------------------------------------------------------------------- */

/* The game has no parameters; the run tables its evaluator grows are the solver's cache. */
static void tower_destroy(nb_game *g) {
  free(g);
}

static nb_status tower_create(const char *params, nb_game **out, nb_error *err) {
  if (params != NULL) return nb_fail(err, NB_EUSAGE, "the tower game takes no parameters");
  nb_game *g = nb_alloc(1, sizeof *g, err);
  if (g == NULL) return NB_EINTERNAL;
  *out = g;
  return NB_OK;
}

/* The run tables, within the game's memory bound (--memory), as the searches are. */
static nb_status tower_cache_new(const nb_game *g, void **out, nb_error *err) {
  nb_tower_table *t;
  nb_status st = nb_tower_table_new(&t, err);
  if (st == NB_OK) t->limit = nb_game_memory(g);
  if (st == NB_OK) *out = t;
  return st;
}

static void tower_cache_free(void *cache) {
  nb_tower_table_free(cache);
}

static int tower_spec(const nb_game *g, char *buf, size_t cap) {
  (void)g;
  return snprintf(buf, cap, "tower");
}

static nb_status tower_parse(const nb_game *g, const char *const *tokens, size_t count,
                             size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  (void)g;
  uint8_t layers[NB_TOWER_MAX_LAYERS];
  if (count > NB_TOWER_MAX_LAYERS)
    return nb_fail(err, NB_EUSAGE, "arguments %zu-%zu: a tower has at most %d layers, found %zu",
                   first_arg, first_arg + count - 1, NB_TOWER_MAX_LAYERS, count);
  for (size_t i = 0; i < count; i++) {
    int code = nb_tower_layer_parse(tokens[i]);
    if (code == 0)
      return nb_fail(err, NB_EUSAGE,
                     "argument %zu: expected a layer (III, II., .II, I.I or .I.), found '%s'",
                     first_arg + i, tokens[i]);
    layers[i] = (uint8_t)code;
    if (i > 0 && code == NB_LAYER_DOT_I_DOT && layers[i - 1] == NB_LAYER_DOT_I_DOT)
      return nb_fail(err, NB_EUSAGE,
                     "arguments %zu-%zu: two adjacent .I. layers make the tower unstable",
                     first_arg + i - 1, first_arg + i);
  }
  if (*n == cap) return nb_fail(err, NB_EUSAGE, "too many towers (at most %zu)", cap);
  out[(*n)++] = pack(layers, count);
  return NB_OK;
}

static int tower_format(const nb_game *g, nb_pos p, char *buf, size_t cap) {
  (void)g;
  uint8_t layers[NB_TOWER_MAX_LAYERS];
  size_t n = unpack(p, layers);
  int total = 0;
  for (size_t i = 0; i < n; i++)
    nb_bounded_printf(buf, cap, &total, "%s%s", i ? " " : "", layer_text[layers[i]]);
  if (n == 0 && cap > 0) buf[0] = '\0';
  return total;
}

static size_t tower_move_bound(const nb_game *g, nb_pos p) {
  (void)g;
  uint8_t layers[NB_TOWER_MAX_LAYERS];
  return 3 * unpack(p, layers);
}

/* The definition: for each layer, top to bottom, for each block present (L, M, R), remove it;
 * the move is legal iff the tower that results is stable. Tag: 3 * layer + block. */
static nb_status tower_moves(const nb_game *g, nb_pos p, nb_player who, nb_moves *out,
                             nb_error *err) {
  (void)err;
  (void)g;
  (void)who;
  uint8_t layers[NB_TOWER_MAX_LAYERS];
  size_t n = unpack(p, layers);
  for (size_t i = 0; i < n; i++) {
    const uint8_t before = layers[i];
    for (unsigned b = 0; b < 3; b++) {
      const unsigned block = 4u >> b;
      if (!(layer_blocks[before] & block)) continue;
      layers[i] = pattern_layer[layer_blocks[before] & ~block];
      if (tower_stable(layers, n)) nb_moves_add1(out, (uint32_t)(3 * i + b), pack(layers, n));
      layers[i] = before;
    }
  }
  return NB_OK;
}

static int tower_describe(const nb_game *g, nb_pos from, const nb_move *m, const nb_pos *parts,
                          char *buf, size_t cap) {
  (void)g;
  (void)from;
  (void)parts;
  return snprintf(buf, cap, "%u%c", (unsigned)(m->tag / 3 + 1), block_letter[m->tag % 3]);
}

static nb_status tower_grundy(const nb_game *g, void *cache, nb_pos p, uint64_t *out,
                              nb_error *err) {
  (void)g;
  uint8_t layers[NB_TOWER_MAX_LAYERS];
  size_t n = unpack(p, layers);
  nb_error local;
  size_t bad_run = SIZE_MAX;
  nb_status st = nb_tower_grundy_layers(cache, layers, n, &bad_run, out, &local);
  if (st == NB_OK) return NB_OK;
  /* On the command line a run too long for the evaluator is a request out of scope; one whose
   * tables pass the memory bound is refused as the searches refuse (NB_EDATA). */
  return nb_fail(err, st == NB_EDATA && bad_run != SIZE_MAX ? NB_EUSAGE : st, "%s", local.message);
}

/* Size n for `nimber table`: the tower of n III layers, a single run (so at most the longest
 * run the evaluator values). */
static nb_status tower_sized(const nb_game *g, uint64_t n, nb_pos *out, nb_error *err) {
  (void)g;
  if (n == 0 || n > NB_TOWER_MAX_RUN)
    return nb_fail(err, NB_EUSAGE, "towers of III layers run from 1 to %d layers, not %llu",
                   NB_TOWER_MAX_RUN, (unsigned long long)n);
  uint8_t layers[NB_TOWER_MAX_RUN];
  memset(layers, NB_LAYER_III, sizeof layers);
  *out = pack(layers, (size_t)n);
  return NB_OK;
}

static const nb_alias tower_aliases[] = {{"gurdurr", NULL}, {NULL, NULL}};
static const nb_cache_facet tower_cache = {.create = tower_cache_new, .destroy = tower_cache_free};
static const nb_impartial_facet tower_values = {.grundy = tower_grundy};
static const nb_sizes_facet tower_sizes = {
    .sized = tower_sized, .size_min = 1, .size_noun = "tower of III layers"};
/* Each layer, the rule on adjacent .I., sums of towers, the alias. */
static const nb_sample tower_samples[] = {{"tower", "III"},
                                          {"tower", "III III III"},
                                          {"tower", "II. .II I.I"},
                                          {"tower", ".I. III .I."},
                                          {"tower", "III + II. + .I."},
                                          {"gurdurr", "I.I III II. .II"},
                                          {NULL, NULL}};

const nb_family nb_tower_family = {
    .abi = NB_ABI_VERSION,
    .name = "tower",
    .aliases = tower_aliases,
    .synopsis = "tower  Gurdurr's tower: remove one block of a layer (III II. .II I.I .I.), no "
                "two adjacent .I.; alias gurdurr",
    .position_help = "layers top to bottom: III, II., .II, I.I or .I. (at most 42); '+' between "
                     "towers",
    .partizan = false,
    .sum_needs_index = true,
    .create = tower_create,
    .destroy = tower_destroy,
    .spec = tower_spec,
    .parse = tower_parse,
    .format = tower_format,
    .joiner = " + ",
    .move_bound = tower_move_bound,
    .max_parts = 1,
    .moves = tower_moves,
    .describe = tower_describe,
    .cache = &tower_cache,
    .impartial_eval = &tower_values,
    .sizes = &tower_sizes,
    .samples = tower_samples,
};
