/*
 * heapsurvey.c: the classes a survey runs over, the codes in them that are one game, and one
 * game's record: status, proven period, how far it was computed and what the engine saw.
 *
 * Classes. oct:D lists every written code d0.d1...dD with d0 in {0, 4} and D octal digits
 * (2 * 8^D codes, trailing zeros included: oct:0.10 is written as the class writes it); hex:D
 * the same with d0 in {0, 4, 8, C} and hexadecimal digits (4 * 16^D); sub:MAX every non-empty
 * subset of 1..MAX (2^MAX - 1, in the order of the subset's bit mask); file:PATH the specs of a
 * file. Caps (heapsurvey.h) keep a class below about a million codes.
 *
 * Grouping. Codes are grouped before anything is computed, only by relations proven from the
 * rules (heap.h), never by values agreeing up to some heap. Each gives the same options for every
 * heap, so the same value for every heap: the group is computed once, under its canonical spec.
 *   R1 (trailing zeros). A digit 0 has no bit, so it allows no move: a code with trailing zero
 *      digits has exactly the options of the code without them (heap.h drops them on parsing).
 *   R2 (hexadecimal codes with octal digits). The hex rules are the octal rules plus bit 8
 *      (leave three heaps). A hex code whose d0 is 0 or 4 and whose digits are all 0-7 never
 *      sets bit 8, so its options are those of the octal code with the same digits.
 *   R3 (subtraction form). Let a code have d0 = 0 and every digit 0 or 3 (bits 1 and 2). A heap
 *      n has the option "remove j, leave nothing" iff n = j and bit 1 of dj is set, and "remove
 *      j, leave the heap n - j" iff n > j and bit 2 is set; no digit allows a split. So the
 *      options of n are the heaps n - j (0: no heap) for every j <= n with dj = 3: the options
 *      of the subtraction game sub:{j : dj = 3}.
 *   R5 (moves another move matches). Let a code have splits. Its canonical form drops
 *      (a) bit 2 of dj (remove j, leave one heap) when some j' < j has bit 4 (remove j', leave
 *          two heaps) and G(j - j') = 0; and
 *      (b) bit 1 of dj (remove j from a heap of exactly j, leaving nothing) when the code
 *          without that bit has G(j) != 0;
 *      then the last digit while it is 0 (R1). Claim: the value sequence does not change. Proof,
 *      by induction on the heap n (both codes' G agree below n). (a) The dropped move exists for
 *      n > j and is worth G(n - j). With a = j - j' >= 1, the move "remove j', leave the two
 *      heaps a and n - j" is allowed (both parts at least 1) and worth G(a) ^ G(n - j) =
 *      G(n - j), as G(a) = 0 (a <= j < n: the induction gives the same G(a) in both codes). So
 *      the values of the options of n, a set, are unchanged, and so is their mex. (b) The
 *      dropped move exists only at n = j and is worth 0; the other options of j have mex
 *      G'(j) != 0, so 0 is among their values already, and mex is unchanged again; every other
 *      heap has the same options in both codes. The conditions read G of heaps up to j <= k only,
 *      computed from the options (heap.h's nb_heap_options, the definition of the game), and
 *      no drop changes the G the others read (that is the claim), nor the bits 4 (a) reads, nor
 *      the options of another heap than j (b): so the form does not depend on the order of the
 *      drops, and codes with equal forms are one game. Bit 4 and bit 8 are never dropped, so the
 *      form has splits still (R3 does not apply to it). Applied to codes of at most
 *      R5_MAX_DIGITS digits. In oct:3 it makes 1,024 codes 342 games (1,024 before): 0.764,
 *      0.765, 0.766 and 0.767 are one game (bit 2 of d3 matched by d1's splits with G(2) = 0,
 *      bit 1 of d3 by G'(3) != 0), as are the eight codes 0.604 to 0.635 with d1 = 6 and d3 =
 *      4 or 5, and 4.036 with 4.026, 4.027, 4.037 and 4.226 to 4.237 (d0 = 4 splits, G(1) = 0).
 * Codes with different canonical specs may still be one game by their values; that is told
 * after the runs (nb_survey_same_values), and only from proven periods:
 *   R4 (same values). The least preperiod s and the least period p are properties of a sequence,
 *      and a sequence with preperiod s and period p is determined by G(0 .. s + p - 1). So two
 *      proven sequences are equal iff their (s, p) are equal and so are their first s + p values.
 *
 * A game's record. The game runs on the sequence engine and its period prover, nb_heapseq_period,
 * which `nimber period` uses too (through the heap families' period hook): the least preperiod
 * and period, reported iff the first max values prove them. With a time budget the bound is
 * doubled from 4096 up to max, the clock read between calls: a period found with fewer heaps is
 * the same (least) period, so only where the computation stops depends on the clock. Under the
 * whole run's deadline (survey --total-time) the bound grows by eighths instead, and a game the
 * deadline stops before its own budget is marked cut: no result, computed again later. "trivial"
 * is a proven game without splits (no move leaves two heaps or more: such games are always
 * eventually periodic, by the pigeonhole principle on windows of k values).
 */
#include "heap/heapsurvey.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char r1_text[] = "R1: trailing zero digits allow no move";
static const char r2_text[] =
    "R2: a hexadecimal code with digits 0-7 and d0 0 or 4 has the octal code's moves";
static const char r3_text[] =
    "R3: a code with d0 = 0 and digits 0 or 3 has the moves of sub:{j : dj = 3}";
static const char r5_text[] =
    "R5: a move worth what another move of the same heap is worth always is dropped";

enum { R5_MAX_DIGITS = 16 }; /* R5 reads G(0 .. k) from the options: codes this long at most */

/* --- one spec and its canonical move rules ---------------------------------------------------- */

/* The heap kind a survey spec names, and where its parameters start; false if none. */
static bool kind_of(const char *spec, nb_heap_kind *kind, const char **params) {
  static const struct {
    const char *prefix;
    nb_heap_kind kind;
  } kinds[] = {{"oct:", NB_HEAP_OCT}, {"hex:", NB_HEAP_HEX}, {"sub:", NB_HEAP_SUB}};
  for (size_t i = 0; i < 3; i++)
    if (strncmp(spec, kinds[i].prefix, 4) == 0) {
      *kind = kinds[i].kind;
      *params = spec + 4;
      return true;
    }
  return false;
}

static bool subtraction_form(const nb_heap_rules *r) {
  if (r->digit[0] != 0 || r->k == 0) return false;
  for (uint32_t j = 1; j <= r->k; j++)
    if (r->digit[j] != 0 && r->digit[j] != 3) return false;
  return true;
}

static bool octal_digits(const nb_heap_rules *r) {
  for (uint32_t j = 0; j <= r->k; j++)
    if (r->digit[j] & NB_HEAP_DIGIT_LEAVE_THREE) return false;
  return true;
}

/* The spec of r, allocated. */
static char *spec_of(const nb_heap_rules *r, nb_error *err) {
  int n = nb_heap_rules_spec(r, NULL, 0);
  char *s = nb_alloc((size_t)n + 1, 1, err);
  if (s != NULL) nb_heap_rules_spec(r, s, (size_t)n + 1);
  return s;
}

/* The values of the options of one heap, as a bitset, for the mex (R5's small heaps). */
typedef struct small_mex {
  const uint32_t *g; /* G of the heaps below */
  uint64_t seen[16]; /* the option values seen (below 1024) */
} small_mex;

static void see_option(void *ctx, const nb_heap_option *o) {
  small_mex *m = ctx;
  uint32_t v = 0;
  for (unsigned p = 0; p < o->parts; p++)
    v ^= m->g[o->heap[p]];
  if (v < 1024) m->seen[v / 64] |= UINT64_C(1) << (v % 64);
}

/* G(0 .. upto) of r by the mex over its options (upto <= R5_MAX_DIGITS: values below 1024, as
 * a heap that small has fewer options than that). */
static void small_values(const nb_heap_rules *r, uint32_t upto, uint32_t *g) {
  for (uint32_t n = 0; n <= upto; n++) {
    small_mex m = {.g = g};
    nb_heap_options_each(r, n, see_option, &m);
    uint32_t v = 0;
    while (m.seen[v / 64] >> (v % 64) & 1)
      v++;
    g[n] = v;
  }
}

static bool has_splits(const nb_heap_rules *r);

/* R5: drops the moves another move matches (the theorem above), in place; whether any was. */
static bool drop_matched(nb_heap_rules *r) {
  if (r->kind == NB_HEAP_SUB || r->k > R5_MAX_DIGITS || !has_splits(r)) return false;
  uint32_t g[R5_MAX_DIGITS + 1], again[R5_MAX_DIGITS + 1];
  small_values(r, r->k, g);
  bool dropped = false;
  for (uint32_t j = 1; j <= r->k; j++) { /* (a) */
    if (!(r->digit[j] & NB_HEAP_DIGIT_LEAVE_ONE)) continue;
    for (uint32_t j2 = 0; j2 < j; j2++)
      if ((r->digit[j2] & NB_HEAP_DIGIT_LEAVE_TWO) && g[j - j2] == 0) {
        r->digit[j] &= (uint8_t)~NB_HEAP_DIGIT_LEAVE_ONE;
        dropped = true;
        break;
      }
  }
  for (uint32_t j = 1; j <= r->k; j++) { /* (b) */
    if (!(r->digit[j] & NB_HEAP_DIGIT_EMPTY)) continue;
    r->digit[j] &= (uint8_t)~NB_HEAP_DIGIT_EMPTY;
    small_values(r, j, again);
    if (again[j] != 0)
      dropped = true;
    else
      r->digit[j] |= NB_HEAP_DIGIT_EMPTY;
  }
  while (r->k > 0 && r->digit[r->k] == 0)
    r->k--;
  return dropped;
}

/* The canonical spec of a code's move rules (R2, R3, R5), rewriting r in place. */
static char *canonical_of(nb_heap_rules *r, const char **relation, nb_error *err) {
  if (drop_matched(r)) *relation = r5_text;
  if ((r->kind == NB_HEAP_OCT || r->kind == NB_HEAP_HEX) && subtraction_form(r)) {
    nb_text t = {0};
    nb_status st = nb_text_add(&t, "sub:", 4, err);
    for (uint32_t j = 1, first = 1; st == NB_OK && j <= r->k; j++)
      if (r->digit[j] == 3) {
        st = nb_text_printf(&t, err, "%s%lu", first ? "" : ",", (unsigned long)j);
        first = 0;
      }
    if (st != NB_OK) {
      free(t.data);
      return NULL;
    }
    *relation = r3_text;
    return t.data;
  }
  if (r->kind == NB_HEAP_HEX && octal_digits(r)) {
    r->kind = NB_HEAP_OCT;
    if (*relation != r5_text) *relation = r2_text;
  }
  return spec_of(r, err);
}

nb_status nb_survey_key(const char *spec, char **key, const char **relation, nb_error *err) {
  nb_heap_kind kind;
  const char *params;
  if (!kind_of(spec, &kind, &params))
    return nb_fail(err, NB_EUSAGE, "'%s' is not an oct:, hex: or sub: game", spec);
  nb_heap_rules *r = NULL;
  nb_status st = nb_heap_rules_parse(kind, params, &r, err);
  if (st != NB_OK) return st;
  *relation = "";
  *key = canonical_of(r, relation, err);
  nb_heap_rules_free(r);
  if (*key == NULL) return NB_EINTERNAL;
  if (**relation == '\0' && strcmp(*key, spec) != 0) *relation = r1_text;
  return NB_OK;
}

/* --- classes ---------------------------------------------------------------------------------- */

/* One spec of a class, before grouping. */
typedef struct entry {
  char *key;            /* canonical spec; owned */
  char *member;         /* the spec as the class writes it; owned */
  const char *relation; /* how member reaches key */
  size_t order;         /* position in the class */
} entry;

static int by_key(const void *a, const void *b) {
  const entry *x = a, *y = b;
  int c = strcmp(x->key, y->key);
  return c != 0 ? c : (x->order > y->order) - (x->order < y->order);
}

/* Which relation a group states: the strongest its members needed (R5 > R3 > R2 > R1). */
static const char *stronger(const char *a, const char *b) {
  static const char *const rank[] = {r5_text, r3_text, r2_text, r1_text};
  for (size_t i = 0; i < 4; i++)
    if (a == rank[i] || b == rank[i]) return rank[i];
  return "";
}

/* A group and the class position of its first member, for ordering groups. */
typedef struct ordered_group {
  nb_survey_group g; /* the group */
  size_t first;      /* its first member's order */
} ordered_group;

static int by_first(const void *a, const void *b) {
  const ordered_group *x = a, *y = b;
  return (x->first > y->first) - (x->first < y->first);
}

/* Frees a group's strings. */
static void group_free(nb_survey_group *g) {
  for (size_t m = 0; m < g->nmembers; m++)
    free(g->members[m]);
  free(g->members);
  free(g->game);
}

/* Moves the sorted entries e[0..n) into groups of c, in class order. The strings a group takes
 * are cleared in the entries (the caller frees what is left, on failure too). */
static nb_status group_entries(nb_survey_class *c, entry *e, size_t n, nb_error *err) {
  ordered_group *og = nb_alloc(n > 0 ? n : 1, sizeof *og, err);
  if (og == NULL) return NB_EINTERNAL;
  size_t ng = 0;
  nb_status st = NB_OK;
  for (size_t i = 0, j; i < n; i = j) {
    for (j = i; j < n && strcmp(e[j].key, e[i].key) == 0;)
      j++;
    char **members = nb_alloc(j - i, sizeof *members, err);
    if (members == NULL) {
      st = NB_EINTERNAL;
      break;
    }
    nb_survey_group *g = &og[ng].g;
    *g = (nb_survey_group){.game = e[i].key, .members = members, .relation = ""};
    og[ng++].first = e[i].order;
    e[i].key = NULL;
    for (size_t m = i; m < j; m++) {
      members[g->nmembers++] = e[m].member;
      e[m].member = NULL;
      g->relation = stronger(g->relation, e[m].relation);
      free(e[m].key); /* a key equal to the group's (NULL for its first) */
      e[m].key = NULL;
    }
  }
  if (st == NB_OK && (c->groups = nb_alloc(ng > 0 ? ng : 1, sizeof *c->groups, err)) == NULL)
    st = NB_EINTERNAL;
  if (st == NB_OK) {
    qsort(og, ng, sizeof *og, by_first);
    for (size_t i = 0; i < ng; i++)
      c->groups[i] = og[i].g;
    c->ngroups = ng;
  } else {
    for (size_t i = 0; i < ng; i++)
      group_free(&og[i].g);
  }
  free(og);
  return st;
}

/* Makes a class of the specs named by writer(i, buf) for i < n, grouped. */
typedef bool spec_writer(size_t i, size_t digits, char *buf, size_t cap);

static nb_status make_class(const char *name, size_t n, size_t digits, spec_writer *write,
                            char *const *specs, nb_survey_class **out, nb_error *err) {
  nb_survey_class *c = nb_alloc(1, sizeof *c, err);
  entry *e = c != NULL ? nb_alloc(n > 0 ? n : 1, sizeof *e, err) : NULL;
  nb_status st = e != NULL ? NB_OK : NB_EINTERNAL;
  if (c != NULL) *c = (nb_survey_class){.name = NULL, .nspecs = n};
  size_t made = 0;
  for (; st == NB_OK && made < n; made++) {
    char buf[64];
    const char *spec = specs != NULL ? specs[made] : buf;
    if (specs == NULL) write(made, digits, buf, sizeof buf);
    e[made] = (entry){.order = made, .relation = ""};
    e[made].member = nb_alloc(strlen(spec) + 1, 1, err);
    if (e[made].member == NULL)
      st = NB_EINTERNAL;
    else
      strcpy(e[made].member, spec);
    if (st == NB_OK) st = nb_survey_key(spec, &e[made].key, &e[made].relation, err);
    if (st != NB_OK) {
      made++;
      break;
    }
  }
  if (st == NB_OK) {
    qsort(e, n, sizeof *e, by_key);
    c->name = nb_alloc(strlen(name) + 1, 1, err);
    st = c->name != NULL ? group_entries(c, e, n, err) : NB_EINTERNAL;
    if (c->name != NULL) strcpy(c->name, name);
  }
  for (size_t i = 0; e != NULL && i < made; i++)
    free(e[i].key), free(e[i].member);
  free(e);
  if (st != NB_OK) {
    nb_survey_class_free(c);
    return st;
  }
  *out = c;
  return NB_OK;
}

static const char hexdigits[] = "0123456789ABCDEF";

/* Code i of oct:D (base 8) or hex:D (base 16): d0 from the high part, then D digits. */
static void write_code(size_t i, size_t digits, unsigned base, const char *prefix, char *buf) {
  size_t span = 1;
  for (size_t d = 0; d < digits; d++)
    span *= base;
  size_t pos = (size_t)sprintf(buf, "%s%c.", prefix, hexdigits[4 * (i / span)]);
  for (size_t d = digits; d-- > 0;) {
    buf[pos + d] = hexdigits[i % base];
    i /= base;
  }
  buf[pos + digits] = '\0';
}

static bool write_oct(size_t i, size_t digits, char *buf, size_t cap) {
  (void)cap;
  write_code(i, digits, 8, "oct:", buf);
  return true;
}

static bool write_hex(size_t i, size_t digits, char *buf, size_t cap) {
  (void)cap;
  write_code(i, digits, 16, "hex:", buf);
  return true;
}

/* Subset i + 1 of 1..MAX, by its bit mask (bit j - 1: j is in the set). */
static bool write_sub(size_t i, size_t digits, char *buf, size_t cap) {
  (void)digits;
  size_t mask = i + 1, pos = (size_t)snprintf(buf, cap, "sub:");
  for (unsigned j = 1; mask != 0; j++, mask >>= 1)
    if (mask & 1)
      pos += (size_t)snprintf(buf + pos, cap - pos, "%s%u", buf[pos - 1] == ':' ? "" : ",", j);
  return true;
}

nb_status nb_survey_class_make(const char *text, nb_survey_class **out, nb_error *err) {
  static const struct {
    const char *prefix; /* "oct:" */
    uint64_t cap;       /* the largest parameter */
    unsigned d0s, base; /* codes: first digits and base; sub: 0 */
    spec_writer *write; /* writes spec i */
    const char *what;   /* the parameter, in messages */
  } kinds[] = {{"oct:", NB_SURVEY_MAX_OCT_DIGITS, 2, 8, write_oct, "DIGITS"},
               {"hex:", NB_SURVEY_MAX_HEX_DIGITS, 4, 16, write_hex, "DIGITS"},
               {"sub:", NB_SURVEY_MAX_SUB, 0, 0, write_sub, "MAX"}};
  for (size_t k = 0; k < 3; k++) {
    if (strncmp(text, kinds[k].prefix, 4) != 0) continue;
    uint64_t d = 0;
    if (!nb_parse_u64(text + 4, &d) || d == 0 || d > kinds[k].cap)
      return nb_fail(err, NB_EUSAGE,
                     "class '%s': %s must be an integer from 1 to %llu (the cap of a survey)", text,
                     kinds[k].what, (unsigned long long)kinds[k].cap);
    size_t n = kinds[k].d0s;
    for (uint64_t i = 0; i < d && kinds[k].base != 0; i++)
      n *= kinds[k].base;
    if (kinds[k].base == 0) n = ((size_t)1 << d) - 1;
    return make_class(text, n, (size_t)d, kinds[k].write, NULL, out, err);
  }
  return nb_fail(err, NB_EUSAGE,
                 "unknown class '%s' (classes: oct:DIGITS, hex:DIGITS, sub:MAX, file:PATH)", text);
}

nb_status nb_survey_class_of_specs(const char *name, char *const *specs, const size_t *lines,
                                   size_t n, nb_survey_class **out, nb_error *err) {
  for (size_t i = 0; i < n; i++) { /* every spec valid first: the error names its line */
    char *key = NULL;
    const char *relation;
    nb_status st = nb_survey_key(specs[i], &key, &relation, err);
    free(key);
    if (st == NB_EINTERNAL) return st;
    if (st != NB_OK) return nb_error_prefix(err, NB_EDATA, "%s line %zu: ", name + 5, lines[i]);
  }
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < i; j++)
      if (strcmp(specs[i], specs[j]) == 0)
        return nb_fail(err, NB_EDATA, "%s line %zu: '%s' is listed already (line %zu)", name + 5,
                       lines[i], specs[i], lines[j]);
  return make_class(name, n, 0, NULL, specs, out, err);
}

void nb_survey_class_free(nb_survey_class *c) {
  if (c == NULL) return;
  for (size_t i = 0; i < c->ngroups; i++)
    group_free(&c->groups[i]);
  free(c->groups);
  free(c->name);
  free(c);
}

/* --- one game --------------------------------------------------------------------------------- */

double nb_survey_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static bool has_splits(const nb_heap_rules *r) {
  if (r->kind == NB_HEAP_SUB) return false;
  for (uint32_t j = 0; j <= r->k; j++)
    if (r->digit[j] & (NB_HEAP_DIGIT_LEAVE_TWO | NB_HEAP_DIGIT_LEAVE_THREE)) return true;
  return false;
}

/* The most heaps the engine's table holds for r. */
static uint64_t table_limit(const nb_heap_rules *r) {
  return r->kind != NB_HEAP_SUB && !octal_digits(r) ? NB_HEAPSEQ_TRIPLE_MAX_HEAPS
                                                    : NB_HEAPSEQ_MAX_HEAPS;
}

/* The next bound of a stepped run: doubled under a game's own --time; under the whole run's
 * deadline, an eighth more (at least 4096 heaps), so that a game cut by it has run at most about
 * a quarter of its time past it (an O(n^2) game's step costs (9/8)^2 - 1 of what came before). */
static uint64_t next_bound(uint64_t n, uint64_t max, bool deadline) {
  uint64_t step = !deadline ? n : n / 8 > 4096 ? n / 8 : 4096;
  return n > max - step ? max : n + step;
}

/* Runs the period prover up to `max` heaps, stepping from 4096 while the clocks allow: a game's
 * own seconds (it stays open where it stopped) and the whole run's deadline (it is cut: *cut).
 * The answer at each step depends on the bound only (nb_heapseq_period), so stepping changes
 * where a timed game stops, nothing else. A table the engine's memory cap (2 GiB) cannot hold
 * ends the run there, open: NB_EDATA from the engine leaves it usable with every value computed
 * so far. */
static nb_status prove(nb_heapseq *q, uint64_t max, const nb_survey_budget *b, double start,
                       nb_heap_period *hp, bool *cut, nb_error *err) {
  bool stepped = b->seconds > 0 || b->deadline > 0;
  uint64_t n = stepped && max > 4096 ? 4096 : max;
  for (;;) {
    nb_status st = nb_heapseq_period(q, n, hp, err);
    if (st == NB_EDATA) { /* the engine's memory cap: the game stays open where it stopped */
      *hp = (nb_heap_period){.found = false, .checked_to = nb_heapseq_computed(q)};
      return NB_OK;
    }
    if (st != NB_OK || hp->found || hp->arith.proven || n == max) return st;
    double now = nb_survey_now();
    if (b->seconds > 0 && now - start >= b->seconds) return NB_OK;
    if (b->deadline > 0 && now >= b->deadline) {
      *cut = true;
      return NB_OK;
    }
    n = next_bound(n, max, b->deadline > 0);
  }
}

enum { SPARSE_VALUES = 512 }; /* masks are looked for while every value is below this */

/* A histogram of E = 2 G(n) + (n mod 2) over heaps 1 .. checked_to - 1, with the last heap of
 * each, from which every mask's rare heaps are counted without another pass. */
typedef struct histogram {
  uint64_t count[2 * SPARSE_VALUES]; /* heaps with each E */
  uint64_t last[2 * SPARSE_VALUES];  /* the last heap with each E (0: none) */
} histogram;

static unsigned parity(uint64_t x) {
  unsigned p = 0;
  for (; x != 0; x &= x - 1)
    p ^= 1;
  return p;
}

/* The sparse space (Flammenkamp's form, heapsurvey.h): of the masks M over E (bit 0: the heap's
 * parity, the others m over the value's bits), the one that makes the fewest heaps rare (E rare
 * iff popcount(E & M) is even), the smallest M among equals; found when at most an eighth of
 * the heaps are rare. Games whose values reach SPARSE_VALUES have none here. */
static void find_sparse(const histogram *h, uint64_t largest, uint64_t heaps,
                        nb_survey_sparse *out) {
  *out = (nb_survey_sparse){0};
  if (largest >= SPARSE_VALUES || heaps == 0) return;
  uint64_t span = 2, best = UINT64_MAX;
  while (span <= 2 * largest + 1)
    span <<= 1;
  for (uint64_t m = 1; m < span; m++) {
    uint64_t rare = 0, last = 0;
    for (uint64_t e = 0; e < span; e++)
      if (parity(e & m) == 0 && h->count[e] > 0) {
        rare += h->count[e];
        if (h->last[e] > last) last = h->last[e];
      }
    if (rare >= best) continue;
    best = rare;
    *out = (nb_survey_sparse){.mask = m >> 1, .pos = m & 1, .rare_count = rare, .last_rare = last};
  }
  out->found = best <= heaps / 8;
  if (!out->found) *out = (nb_survey_sparse){0};
}

/* The largest of G(0 .. checked_to - 1), where it first is, and the sparse space (of games with
 * splits: `split`); the values of a proven period. */
static nb_status read_values(nb_heapseq *q, bool split, nb_survey_record *out, nb_error *err) {
  histogram *h = nb_alloc(1, sizeof *h, err);
  if (h == NULL) return NB_EINTERNAL;
  memset(h, 0, sizeof *h);
  for (uint64_t n = 0; n < out->checked_to; n++) {
    uint64_t v;
    nb_status st = nb_heapseq_value(q, n, &v, err);
    if (st != NB_OK) {
      free(h);
      return st;
    }
    if (v > out->largest || n == 0) out->largest = v, out->largest_at = n;
    if (v < SPARSE_VALUES) h->count[2 * v + (~n & 1)]++, h->last[2 * v + (~n & 1)] = n;
  }
  if (split) find_sparse(h, out->largest, out->checked_to, &out->sparse);
  free(h);
  if (out->status == NB_SURVEY_OPEN || out->preperiod + out->period > NB_SURVEY_KEEP_VALUES)
    return NB_OK;
  out->nvalues = (size_t)(out->preperiod + out->period);
  out->values = nb_alloc(out->nvalues, sizeof *out->values, err);
  if (out->values == NULL) return NB_EINTERNAL;
  for (size_t n = 0; n < out->nvalues; n++) {
    uint64_t v;
    nb_status st = nb_heapseq_value(q, n, &v, err);
    if (st != NB_OK) return st;
    out->values[n] = (uint32_t)v;
  }
  return NB_OK;
}

static nb_status run_rules(const nb_heap_rules *r, const nb_survey_budget *b, double start,
                           nb_survey_record *out, nb_error *err) {
  nb_heapseq_config config = {.threads = b->threads, .cap_bytes = b->memory, .spare = b->spare};
  nb_heapseq *q = NULL;
  nb_status st = nb_heapseq_new(r, &config, &q, err);
  if (st != NB_OK) return st;
  uint64_t max = b->max < table_limit(r) ? b->max : table_limit(r);
  nb_heap_period hp;
  st = prove(q, max, b, start, &hp, &out->cut, err);
  if (st == NB_OK) {
    out->status = !hp.found ? NB_SURVEY_OPEN : has_splits(r) ? NB_SURVEY_SOLVED : NB_SURVEY_TRIVIAL;
    out->preperiod = hp.found ? hp.preperiod : 0;
    out->period = hp.found ? hp.period : 0;
    out->theorem = hp.found ? hp.theorem : NULL;
    if (!hp.found && hp.arith.proven) { /* arithmetic periodicity: solved, with its saltus */
      out->status = NB_SURVEY_SOLVED;
      out->preperiod = hp.arith.preperiod, out->period = hp.arith.period;
      out->saltus = hp.arith.saltus, out->theorem = hp.arith.theorem;
    }
    out->checked_to = hp.checked_to;
    if (!out->cut) st = read_values(q, has_splits(r), out, err);
  }
  nb_heapseq_stats stats;
  nb_heapseq_stats_of(q, &stats);
  out->bytes = stats.bytes;
  nb_heapseq_free(q);
  return st;
}

nb_status nb_survey_run(const char *game, const nb_survey_budget *budget, nb_survey_record *out,
                        nb_error *err) {
  double start = nb_survey_now();
  *out = (nb_survey_record){0};
  nb_heap_kind kind;
  const char *params;
  if (!kind_of(game, &kind, &params))
    return nb_fail(err, NB_EUSAGE, "'%s' is not an oct:, hex: or sub: game", game);
  nb_heap_rules *r = NULL;
  nb_status st = nb_heap_rules_parse(kind, params, &r, err);
  if (st == NB_OK) st = run_rules(r, budget, start, out, err);
  nb_heap_rules_free(r);
  out->seconds = nb_survey_now() - start;
  if (st != NB_OK) nb_survey_record_free(out);
  return st;
}

void nb_survey_record_free(nb_survey_record *r) {
  free(r->values);
  r->values = NULL;
  r->nvalues = 0;
}

bool nb_survey_same_values(const nb_survey_record *a, const nb_survey_record *b) {
  if (a->values == NULL || b->values == NULL) return false;
  return a->preperiod == b->preperiod && a->period == b->period && a->saltus == b->saltus &&
         memcmp(a->values, b->values, a->nvalues * sizeof *a->values) == 0;
}
