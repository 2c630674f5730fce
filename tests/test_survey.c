/*
 * test_survey.c: the survey layer (src/heap/heapsurvey.c) against plain references and
 * published tables.
 *   - classes: how many specs and groups oct:D, hex:D, sub:MAX make, and the caps refused;
 *   - grouping: R1-R3 say the members of a group have the moves of its game, and R5 that the
 *     moves it drops are worth what other moves are, so the same values:
 *     every member's values by the plain mex over its own rules (tests/plain_heap.h) equal the
 *     group game's, heap by heap up to 300 (hex:1: 100), over the whole of oct:2, hex:1 and
 *     sub:5 and a file of specs from three families, and the groups R5 makes in oct:3 (to 160)
 *     and hex:2 (to 32); R4 (equal proven sequences) is checked the
 *     same way on every pair of oct:2 it joins;
 *   - records: a solved game's record values (G(0 .. s + p - 1)) equal the plain mex, and a
 *     proven period holds on the plain values up to 300;
 *   - published: the solved octal games of Flammenkamp's table, with their preperiods, periods,
 *     largest values and sparse spaces (see test_published).
 */
#include "check.h"
#include "heap/heapsurvey.h"
#include "plain_heap.h"

static nb_error err;
static bool quick, longer;

enum { HEAPS = 300 };

/* The plain values of spec's own rules (parsed as written), heaps of them. */
static uint32_t *plain_n(const char *spec, size_t heaps) {
  nb_heap_kind kind = strncmp(spec, "oct:", 4) == 0   ? NB_HEAP_OCT
                      : strncmp(spec, "hex:", 4) == 0 ? NB_HEAP_HEX
                                                      : NB_HEAP_SUB;
  nb_heap_rules *r = NULL;
  CHECK_OK(nb_heap_rules_parse(kind, spec + 4, &r, &err), &err);
  if (r == NULL) return NULL;
  uint32_t *g = plain_heap_values(r, heaps);
  nb_heap_rules_free(r);
  return g;
}

static uint32_t *plain_of(const char *spec) {
  return plain_n(spec, HEAPS);
}

static nb_survey_class *class_of(const char *name) {
  nb_survey_class *c = NULL;
  CHECK_OK(nb_survey_class_make(name, &c, &err), &err);
  return c;
}

static void test_classes(void) {
  static const struct {
    const char *name;
    size_t specs, groups;
  } want[] = {{"oct:1", 16, 14}, {"oct:2", 128, 74}, {"oct:3", 1024, 342},
              {"hex:1", 64, 56}, {"sub:3", 7, 7},    {"sub:10", 1023, 1023}};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    nb_survey_class *c = class_of(want[i].name);
    if (c == NULL) continue;
    CHECK(c->nspecs == want[i].specs && c->ngroups == want[i].groups, "%s: %zu specs, %zu groups",
          want[i].name, c->nspecs, c->ngroups);
    nb_survey_class_free(c);
  }
  /* oct:1's 0.3 is sub:1 (R3), 0.0 stands for 0.0 alone; its first group is oct:0.0 */
  nb_survey_class *c = class_of("oct:1");
  if (c != NULL) {
    CHECK(strcmp(c->groups[0].game, "oct:0.0") == 0, "first group %s", c->groups[0].game);
    CHECK(strcmp(c->groups[3].game, "sub:1") == 0 &&
              strcmp(c->groups[3].members[0], "oct:0.3") == 0,
          "group 3: %s", c->groups[3].game);
    nb_survey_class_free(c);
  }
  static const char *const refused[] = {
      "oct:0", "oct:7", "hex:5", "sub:21", "sub:", "oct:x", "dec:2", "oct:2x", ""};
  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
    nb_survey_class *bad = NULL;
    CHECK(nb_survey_class_make(refused[i], &bad, &err) == NB_EUSAGE && bad == NULL,
          "'%s' was not refused", refused[i]);
  }
}

/* Every member of every group of c has the group game's values, by the plain mex, on `heaps`
 * heaps (three-heap splits make the plain mex O(n^3): hex classes check fewer). */
static void check_groups(const nb_survey_class *c, size_t heaps) {
  for (size_t i = 0; i < c->ngroups; i++) {
    const nb_survey_group *g = &c->groups[i];
    uint32_t *want = plain_n(g->game, heaps);
    for (size_t m = 0; want != NULL && m < g->nmembers; m++) {
      uint32_t *got = plain_n(g->members[m], heaps);
      size_t n = 0;
      while (got != NULL && n < heaps && got[n] == want[n])
        n++;
      CHECK(got != NULL && n == heaps, "%s: member %s differs at heap %zu", g->game, g->members[m],
            n);
      free(got);
    }
    free(want);
  }
}

static void test_grouping(void) {
  static const char *const names[] = {"oct:2", "hex:1", "sub:5"};
  for (size_t i = 0; i < 3; i++) {
    nb_survey_class *c = class_of(names[i]);
    if (c == NULL) continue;
    check_groups(c, strncmp(names[i], "hex:", 4) == 0 ? 100 : HEAPS);
    nb_survey_class_free(c);
  }
  /* hex:1 groups nothing (each written code has one canonical spec), but R2 and R3 name them */
  nb_survey_class *h = class_of("hex:1");
  if (h != NULL) {
    size_t oct = 0, sub = 0;
    for (size_t i = 0; i < h->ngroups; i++)
      oct += strncmp(h->groups[i].game, "oct:", 4) == 0,
          sub += strncmp(h->groups[i].game, "sub:", 4) == 0;
    /* d0 0 or 4 and digit 0-7: 16 codes, one of them (0.3) a subtraction game, and two (4.2,
     * 4.6) 4.0 and 4.4 by R5 */
    CHECK(oct == 13 && sub == 1, "hex:1: %zu octal, %zu subtraction canonical specs", oct, sub);
    nb_survey_class_free(h);
  }
  /* A file's specs from three families: R1, R2 and R3 join them. */
  char *specs[] = {"oct:0.30",   "hex:0.3", "sub:1",      "hex:4.7",  "oct:4.70",
                   "oct:0.0303", "sub:2,4", "hex:0.0303", "oct:0.77", "hex:0.77"};
  size_t lines[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  nb_survey_class *f = NULL;
  CHECK_OK(nb_survey_class_of_specs("file:test", specs, lines, 10, &f, &err), &err);
  if (f != NULL) {
    CHECK(f->ngroups == 4, "the file's specs make %zu groups, not 4", f->ngroups);
    check_groups(f, HEAPS);
    static const char *const games[] = {"sub:1", "oct:4.7", "sub:2,4", "oct:0.77"};
    static const size_t sizes[] = {3, 2, 3, 2};
    for (size_t i = 0; i < f->ngroups && f->ngroups == 4; i++)
      CHECK(strcmp(f->groups[i].game, games[i]) == 0 && f->groups[i].nmembers == sizes[i],
            "group %zu: %s has %zu members", i, f->groups[i].game, f->groups[i].nmembers);
    nb_survey_class_free(f);
  }
  /* R5: the groups of oct:3 and hex:2 it joins, each member against the plain mex (hex: fewer
   * heaps, its three-heap splits make the plain mex O(n^3)); and the open 0.76x are one game */
  static const struct {
    const char *name;
    size_t heaps;
  } joined[] = {{"oct:3", 160}, {"hex:2", 32}}; /* half as many heaps under the sanitizers */
  for (size_t i = 0; i < 2; i++) {
    nb_survey_class *c = class_of(joined[i].name);
    size_t r5 = 0;
    for (size_t g = 0; c != NULL && g < c->ngroups; g++) {
      if (strncmp(c->groups[g].relation, "R5", 2) != 0) continue;
      r5++;
      nb_survey_class one = {.groups = &c->groups[g], .ngroups = 1};
      check_groups(&one, quick ? joined[i].heaps / 2 : joined[i].heaps);
    }
    CHECK(r5 > 50, "%s: R5 joins %zu groups only", joined[i].name, r5);
    for (size_t g = 0; i == 0 && c != NULL && g < c->ngroups; g++)
      if (strcmp(c->groups[g].game, "oct:0.764") == 0)
        CHECK(c->groups[g].nmembers == 4 && strcmp(c->groups[g].members[3], "oct:0.767") == 0,
              "oct:0.764 stands for %zu codes", c->groups[g].nmembers);
    nb_survey_class_free(c);
  }
  char *bad[] = {"oct:0.3", "kayles"};
  CHECK(nb_survey_class_of_specs("file:x", bad, lines, 2, &f, &err) == NB_EDATA &&
            strstr(err.message, "x line 2") != NULL,
        "a file's bad spec: %s", err.message);
  char *twice[] = {"oct:0.3", "oct:0.3"};
  CHECK(nb_survey_class_of_specs("file:x", twice, lines, 2, &f, &err) == NB_EDATA,
        "a spec listed twice was not refused");
}

/* The records of oct:2 (to HEAPS heaps): proven values against the plain mex, R4 pairs equal. */
static void test_records(void) {
  nb_survey_class *c = class_of("oct:2");
  if (c == NULL) return;
  nb_survey_record *rec = calloc(c->ngroups, sizeof *rec);
  uint32_t **plain = calloc(c->ngroups, sizeof *plain);
  nb_survey_budget b = {.max = HEAPS, .threads = 1};
  for (size_t i = 0; i < c->ngroups; i++) {
    CHECK_OK(nb_survey_run(c->groups[i].game, &b, &rec[i], &err), &err);
    plain[i] = plain_of(c->groups[i].game);
    const nb_survey_record *r = &rec[i];
    if (r->status == NB_SURVEY_OPEN || plain[i] == NULL) continue;
    for (size_t n = 0; n < r->nvalues && n < HEAPS; n++)
      CHECK(r->values[n] == plain[i][n], "%s: G(%zu) %u, plain %u", c->groups[i].game, n,
            r->values[n], plain[i][n]);
    for (uint64_t n = r->preperiod; n + r->period < HEAPS; n++)
      CHECK(plain[i][n] == plain[i][n + r->period], "%s: period %llu fails at %llu",
            c->groups[i].game, (unsigned long long)r->period, (unsigned long long)n);
    uint32_t largest = 0;
    for (uint64_t n = 0; n < r->checked_to && n < HEAPS; n++)
      if (plain[i][n] > largest) largest = plain[i][n];
    CHECK(r->checked_to > HEAPS || r->largest == largest, "%s: largest %llu, plain %u",
          c->groups[i].game, (unsigned long long)r->largest, largest);
  }
  size_t pairs = 0;
  for (size_t i = 0; i < c->ngroups; i++)
    for (size_t j = 0; j < i; j++)
      if (nb_survey_same_values(&rec[i], &rec[j])) {
        pairs++;
        CHECK(memcmp(plain[i], plain[j], HEAPS * sizeof **plain) == 0, "R4 joins %s and %s",
              c->groups[i].game, c->groups[j].game);
      }
  /* 0.2 = 4.0 ... (R5 has joined most of what R4 joined before: 0.4 = 0.42 ...) */
  CHECK(pairs > 30, "only %zu pairs of oct:2 have the same values", pairs);
  for (size_t i = 0; i < c->ngroups; i++) {
    nb_survey_record_free(&rec[i]);
    free(plain[i]);
  }
  free(rec), free(plain);
  nb_survey_class_free(c);
}

/* Flammenkamp's table of the non-trivial solved octal games (wwwhomes.uni-bielefeld.de/achim/
 * octal.html), as tabulated with its sources in T. Czajka's octal-games (SolvedGames.md):
 *   game  prefix  period  largest idx  largest  rare mask  num rare  last rare  first solved by
 *   .45      498      20           37        8          f        11        198
 *   .156    3479     349         1032       23         1b        15        357  Kenyon, 1967
 *   .356    7315     142           86       19         1b         7         43  Austin, 1976
 *   .644    3256     442          333       64         7e        31        511  Austin, 1976
 *   .165    5181    1550          620       25          -         -          -  Austin, 1976
 *   .16   105351  149459       229790       23         1e        53      13935  Gangolli, Plambeck
 * 1989 .56   326640     144        22778       64         5b        46       1795  Gangolli,
 * Plambeck 1989 .127   46578       4        24734       56      1+pos       693      27106
 * Gangolli, Plambeck 1989 .376 2268248       4       341612      176         fe       510 1140540
 * Gangolli, Plambeck 1989 .354 10061916   1180         1152      113         3f       132 3227
 * Flammenkamp, 2002 "prefix" is the least preperiod; the rare heaps are counted from heap 0 (G(0) =
 * 0 is rare). */
typedef struct published {
  const char *game;
  uint64_t preperiod, period, largest_at, largest, mask;
  bool pos;
  uint64_t rare, last_rare;
  int cost; /* 0: every run; 1: not under ASan (quick); 2: NB_TEST_LONG only (minutes) */
} published;

static const published table[] = {
    {"oct:0.45", 498, 20, 37, 8, 0xf, false, 11, 198, 0},
    {"oct:0.156", 3479, 349, 1032, 23, 0x1b, false, 15, 357, 0},
    {"oct:0.356", 7315, 142, 86, 19, 0x1b, false, 7, 43, 0},
    {"oct:0.644", 3256, 442, 333, 64, 0x7e, false, 31, 511, 0},
    {"oct:0.165", 5181, 1550, 620, 25, 0, false, 0, 0, 0},
    {"oct:0.127", 46578, 4, 24734, 56, 0x1, true, 693, 27106, 1},
    {"oct:0.16", 105351, 149459, 229790, 23, 0x1e, false, 53, 13935, 2},
    {"oct:0.56", 326640, 144, 22778, 64, 0x5b, false, 46, 1795, 2},
    {"oct:0.376", 2268248, 4, 341612, 176, 0xfe, false, 510, 1140540, 2},
    {"oct:0.354", 10061916, 1180, 1152, 113, 0x3f, false, 132, 3227, 2},
};

static void test_published(void) {
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
    const published *p = &table[i];
    if ((p->cost == 1 && quick) || (p->cost == 2 && !longer)) continue;
    nb_survey_budget b = {.max = (uint64_t)1 << 26};
    nb_survey_record r;
    CHECK_OK(nb_survey_run(p->game, &b, &r, &err), &err);
    CHECK(r.status == NB_SURVEY_SOLVED && r.preperiod == p->preperiod && r.period == p->period,
          "%s: preperiod %llu, period %llu", p->game, (unsigned long long)r.preperiod,
          (unsigned long long)r.period);
    CHECK(r.largest == p->largest && r.largest_at == p->largest_at, "%s: largest %llu at %llu",
          p->game, (unsigned long long)r.largest, (unsigned long long)r.largest_at);
    /* .165: the table lists no sparse space; ours finds a mask with 184 rare heaps of 13,899
     * (below one in 64), which the table does not count as one: only its figures are checked */
    if (p->mask != 0)
      CHECK(r.sparse.found && r.sparse.mask == p->mask && r.sparse.pos == p->pos &&
                r.sparse.rare_count == p->rare && r.sparse.last_rare == p->last_rare,
            "%s: mask %llx%s, %llu rare, last %llu", p->game, (unsigned long long)r.sparse.mask,
            r.sparse.pos ? "+pos" : "", (unsigned long long)r.sparse.rare_count,
            (unsigned long long)r.sparse.last_rare);
    nb_survey_record_free(&r);
  }
}

/* Open games: the budget bounds checked_to; a time budget stops early but proves the same. */
static void test_budgets(void) {
  nb_survey_record r;
  nb_survey_budget b = {.max = 5000, .threads = 1};
  CHECK_OK(nb_survey_run("oct:0.6", &b, &r, &err), &err);
  CHECK(r.status == NB_SURVEY_OPEN && r.checked_to == 5000, "0.6 to 5000: %d, %llu", r.status,
        (unsigned long long)r.checked_to);
  nb_survey_record_free(&r);
  b = (nb_survey_budget){.max = 1u << 20, .seconds = 1e-9};
  CHECK_OK(nb_survey_run("oct:0.6", &b, &r, &err), &err);
  CHECK(r.status == NB_SURVEY_OPEN && r.checked_to == 4096, "0.6 within no time: %llu",
        (unsigned long long)r.checked_to);
  nb_survey_record_free(&r);
  CHECK_OK(nb_survey_run("oct:0.156", &b, &r, &err), &err);
  CHECK(r.status == NB_SURVEY_OPEN, "0.156 was proven within 4096 heaps");
  nb_survey_record_free(&r);
  if (quick) return; /* 4,096 heaps with three-heap splits: 3 s under the sanitizers */
  b = (nb_survey_budget){.max = 1u << 20};
  CHECK_OK(nb_survey_run("hex:0.8", &b, &r, &err), &err); /* three-heap splits: 4096 at most */
  CHECK(r.checked_to <= NB_HEAPSEQ_TRIPLE_MAX_HEAPS, "hex:0.8 to %llu",
        (unsigned long long)r.checked_to);
  nb_survey_record_free(&r);
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  longer = getenv("NB_TEST_LONG") != NULL;
  test_classes();
  test_grouping();
  test_records();
  test_published();
  test_budgets();
  return check_done();
}
