/*
 * test_base.c: the one-of-each utilities of base/ against plain references written here.
 *
 * The decimal writer (nb_format_u64) against snprintf's "%llu" on the edges and random words;
 * the comma-list parser (nb_parse_u64_list) against a plain split-and-parse on random lists of
 * good and bad items (the first bad item, its place, the count beyond the cap); the error
 * re-prefix (nb_error_prefix, nb_error_suffix) against nb_fail with the old message copied by
 * hand, as the callers used to write it, short and cut at the message's size; and the hash table
 * (nb_table_find, nb_table_free_slot, nb_table_rehash) against a plain list of the keys put,
 * through growth after growth; the bounded builder (nb_bounded_printf, nb_bounded_at) against
 * snprintf of the whole text, at every buffer size from none (NULL, 0) to room for it all; the
 * allocator's huge-page advice (base/error.c): a block of 8 MiB from nb_alloc, and one grown to
 * it by nb_realloc, lie in mappings Linux marks "hg" (advised) in /proc/self/smaps, where the
 * kernel offers transparent huge pages on request.
 */
#include "base/base.h"
#include "base/hash.h"
#include "check.h"

#include <stdlib.h>
#include <string.h>

static void test_format_u64(void) {
  uint64_t edges[] = {
      0,         1, 9, 10, 99, 100, UINT32_MAX, (uint64_t)1e19 - 1, (uint64_t)1e19, UINT64_MAX - 1,
      UINT64_MAX};
  uint64_t rng = 1;
  for (int i = 0; i < 10000; i++) {
    uint64_t x =
        i < (int)(sizeof edges / sizeof edges[0]) ? edges[i] : check_rand(&rng) >> (i % 64);
    char got[NB_U64_DIGITS + 1], want[32];
    size_t n = nb_format_u64(got, x);
    got[n] = '\0';
    snprintf(want, sizeof want, "%llu", (unsigned long long)x);
    CHECK(strcmp(got, want) == 0, "nb_format_u64(%s) wrote '%s'", want, got);
  }
}

/* The plain reference: split at commas, parse each item with nb_parse_u64 on a copy. */
static bool plain_list(const char *text, uint64_t lo, uint64_t hi, uint64_t *out, size_t *count,
                       size_t *bad_at) {
  *count = 0;
  if (*text == '\0') return true;
  for (const char *p = text;;) {
    size_t len = strcspn(p, ",");
    char item[64] = "x"; /* the items of this test are shorter */
    if (len < sizeof item) memcpy(item, p, len), item[len] = '\0';
    uint64_t v;
    if (!nb_parse_u64(item, &v) || v < lo || v > hi) {
      *bad_at = (size_t)(p - text);
      return false;
    }
    out[(*count)++] = v;
    if (p[len] == '\0') return true;
    p += len + 1;
  }
}

static void test_u64_list(void) {
  const char *items[] = {
      "0",  "1",  "7",  "12", "", "x", "007", "18446744073709551615", "18446744073709551616",
      "3a", " 4", "100"};
  uint64_t rng = 2;
  for (int trial = 0; trial < 20000; trial++) {
    char text[256] = "";
    size_t k = check_range(&rng, 0, 5);
    for (size_t i = 0; i < k; i++) {
      if (i > 0) strcat(text, ",");
      strcat(text, items[check_range(&rng, 0, sizeof items / sizeof items[0] - 1)]);
    }
    uint64_t lo = check_range(&rng, 0, 2), hi = trial % 2 ? UINT64_MAX : 50;
    uint64_t want[8], got[8] = {0};
    size_t want_count, want_bad = 0, got_count, bad_len = 0, cap = check_range(&rng, 0, 6);
    const char *bad = NULL;
    bool ok = plain_list(text, lo, hi, want, &want_count, &want_bad);
    bool got_ok =
        nb_parse_u64_list(text, strlen(text), lo, hi, got, cap, &got_count, &bad, &bad_len);
    CHECK(ok == got_ok, "'%s' in [%llu, %llu]: %d, expected %d", text, (unsigned long long)lo,
          (unsigned long long)hi, got_ok, ok);
    CHECK(got_count == want_count, "'%s': count %zu, expected %zu", text, got_count, want_count);
    for (size_t i = 0; i < got_count && i < cap; i++)
      CHECK(got[i] == want[i], "'%s': item %zu", text, i);
    if (!ok)
      CHECK(bad == text + want_bad && bad_len == strcspn(text + want_bad, ","),
            "'%s': bad item at %td, expected %zu", text, bad - text, want_bad);
    CHECK(nb_list_items(text, strlen(text)) == (k == 0 ? 1 : k), "'%s': items", text);
  }
}

static void test_error_prefix(void) {
  char long_text[600];
  memset(long_text, 'a', sizeof long_text - 1);
  long_text[sizeof long_text - 1] = '\0';
  const char *messages[] = {"expected a row", "", long_text};
  for (size_t i = 0; i < sizeof messages / sizeof messages[0]; i++) {
    nb_error a, b, c, d;
    nb_fail(&a, NB_EDATA, "%s", messages[i]);
    b = c = d = a;
    char why[sizeof a.message];
    memcpy(why, a.message, sizeof why);
    nb_fail(&a, NB_EUSAGE, "game %s: %s", "'x'", why);
    CHECK(nb_error_prefix(&b, NB_EUSAGE, "game %s: ", "'x'") == NB_EUSAGE, "the status");
    CHECK(b.status == NB_EUSAGE && strcmp(a.message, b.message) == 0, "prefix: '%s' / '%s'",
          b.message, a.message);
    nb_fail(&c, NB_EDATA, "%s (within --max %d)", why, 9);
    nb_error_suffix(&d, NB_EDATA, " (within --max %d)", 9);
    CHECK(strcmp(c.message, d.message) == 0, "suffix: '%s' / '%s'", d.message, c.message);
  }
  CHECK(nb_error_prefix(NULL, NB_EDATA, "x") == NB_EDATA, "no error to fill");
}

/* A slot of the test table: a key (0 is empty) and a value. */
typedef struct slot {
  uint64_t key;   /* 0 when empty */
  uint64_t value; /* what was put with it */
} slot;

static bool slot_empty(const void *s) {
  return ((const slot *)s)->key == 0;
}
static bool slot_stop(const void *s, const void *key) {
  uint64_t k = ((const slot *)s)->key;
  return k == 0 || k == *(const uint64_t *)key;
}
static uint64_t slot_hash(const void *ctx, const void *s) {
  (void)ctx;
  return nb_hash_mix(((const slot *)s)->key);
}

static void test_table(void) {
  size_t capacity = 4, used = 0;
  slot *table = calloc(capacity, sizeof *table);
  enum { KEYS = 5000 };
  static uint64_t keys[KEYS];
  uint64_t rng = 3;
  for (size_t i = 0; i < KEYS; i++) {
    keys[i] = check_range(&rng, 1, 3000); /* repeats: a put of a key there updates it */
    if (nb_table_needs_room(used, capacity)) {
      slot *bigger = calloc(capacity * 2, sizeof *bigger);
      nb_table_rehash(bigger, capacity * 2, table, capacity, sizeof *table, NULL, slot_empty,
                      slot_hash);
      free(table);
      table = bigger, capacity *= 2;
    }
    size_t at =
        nb_table_find(table, capacity, sizeof *table, nb_hash_mix(keys[i]), &keys[i], slot_stop);
    if (table[at].key == 0) {
      CHECK(at == nb_table_free_slot(table, capacity, sizeof *table, nb_hash_mix(keys[i]),
                                     slot_empty),
            "the free slot of an absent key is where its probe stopped");
      used++;
    }
    table[at] = (slot){keys[i], i};
    CHECK(used * 2 <= capacity, "at most half full");
  }
  size_t distinct = 0;
  for (uint64_t k = 1; k <= 3000; k++) { /* the plain reference: the last put of each key */
    size_t last = KEYS;
    for (size_t i = 0; i < KEYS; i++)
      if (keys[i] == k) last = i;
    size_t at = nb_table_find(table, capacity, sizeof *table, nb_hash_mix(k), &k, slot_stop);
    if (last == KEYS) {
      CHECK(table[at].key == 0, "key %llu never put, found", (unsigned long long)k);
    } else {
      distinct++;
      CHECK(table[at].key == k && table[at].value == last, "key %llu: value %llu, expected %zu",
            (unsigned long long)k, (unsigned long long)table[at].value, last);
    }
  }
  CHECK(distinct == used, "%zu keys held, %zu distinct put", used, distinct);
  free(table);
}

/* A text of pieces, some written by printf and some by another snprintf-like writer through
 * nb_bounded_at, into buf[0..cap): its length and bytes must be snprintf's of the whole. */
static int pieces(char *buf, size_t cap) {
  int total = snprintf(buf, cap, "div:");
  for (unsigned i = 0; i < 5; i++) {
    nb_bounded_printf(buf, cap, &total, "%s%u", i ? "," : "", 7 * i + 2);
    size_t room;
    char *at = nb_bounded_at(buf, cap, total, &room);
    total += snprintf(at, room, "[%s]", i % 2 ? "odd" : "even");
  }
  return total;
}

static void test_bounded(void) {
  const char *whole = "div:2[even],9[odd],16[even],23[odd],30[even]";
  size_t len = strlen(whole);
  CHECK(pieces(NULL, 0) == (int)len, "measured %d, want %zu", pieces(NULL, 0), len);
  for (size_t cap = 0; cap <= len + 2; cap++) {
    char buf[64];
    memset(buf, '#', sizeof buf);
    int n = pieces(buf, cap);
    char want[64]; /* what snprintf leaves in cap bytes: the first cap - 1, and a NUL */
    snprintf(want, sizeof want, "%.*s", cap > 0 ? (int)cap - 1 : 0, whole);
    CHECK(n == (int)len, "cap %zu: length %d, want %zu", cap, n, len);
    CHECK(cap == 0 || strcmp(buf, want) == 0, "cap %zu: '%s', want '%s'", cap, buf, want);
    for (size_t i = cap; i < sizeof buf; i++)
      CHECK(buf[i] == '#', "cap %zu: byte %zu written", cap, i);
  }
}

/* The VmFlags of the mapping of /proc/self/smaps holding address a: 1 if they hold "hg", 0 if
 * not, -1 if no mapping holds it or the file cannot be read. */
static int advised_huge(const void *a) {
  FILE *f = fopen("/proc/self/smaps", "r");
  if (f == NULL) return -1;
  char line[512];
  bool inside = false;
  int found = -1;
  while (found < 0 && fgets(line, sizeof line, f) != NULL) {
    unsigned long long lo, hi;
    if (sscanf(line, "%llx-%llx ", &lo, &hi) == 2 && strchr(line, '-') < strchr(line, ' '))
      inside = lo <= (uintptr_t)a && (uintptr_t)a < hi;
    else if (inside && strncmp(line, "VmFlags:", 8) == 0)
      found = strstr(line, " hg") != NULL;
  }
  fclose(f);
  return found;
}

static void test_huge_advice(void) {
  FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
  char mode[128] = "";
  if (f != NULL) {
    if (fgets(mode, sizeof mode, f) == NULL) mode[0] = '\0';
    fclose(f);
  }
  if (strstr(mode, "[madvise]") == NULL && strstr(mode, "[always]") == NULL) {
    printf("test_base: no transparent huge pages here ('%s'): their advice not checked\n", mode);
    return;
  }
  nb_error err = {0};
  enum { MIB = 1 << 20 };
  char *big = nb_alloc(8 * MIB, 1, &err);
  char *grown = nb_alloc(MIB / 2, 1, &err);
  CHECK(big != NULL && grown != NULL, "allocations: %s", err.message);
  if (big == NULL || grown == NULL) exit(1);
  char *p = nb_realloc(grown, 8 * MIB, 1, &err);
  CHECK(p != NULL, "growth: %s", err.message);
  if (p == NULL) exit(1);
  grown = p;
  /* an address 2 MiB-aligned inside each block: the advised stretch holds it */
  for (char *b = big; b != NULL; b = b == big ? grown : NULL) {
    const char *mid = (const char *)(((uintptr_t)b + 4 * MIB) & ~(uintptr_t)(2 * MIB - 1));
    int hg = advised_huge(mid);
    CHECK(hg == 1, "%s block: VmFlags of its mapping %s", b == big ? "allocated" : "grown",
          hg < 0 ? "not found" : "without hg");
  }
  free(big);
  free(grown);
}

/* The one bit count against a plain loop over the bits: 0, all ones, single bits, and random
 * words of every density. */
static void test_bit_count(void) {
  uint64_t rng = 11;
  for (int i = 0; i < 20000; i++) {
    uint64_t x = i == 0 ? 0 : i == 1 ? ~0ull : i < 66 ? 1ull << (i - 2) : check_rand(&rng);
    if (i % 3 == 0) x &= check_rand(&rng); /* sparser */
    unsigned plain = 0;
    for (int b = 0; b < 64; b++)
      plain += (unsigned)(x >> b & 1);
    CHECK(nb_bit_count(x) == plain, "%llx: %u bits, not %u", (unsigned long long)x, nb_bit_count(x),
          plain);
  }
}

int main(void) {
  test_bit_count();
  test_huge_advice();
  test_bounded();
  test_format_u64();
  test_u64_list();
  test_error_prefix();
  test_table();
  return check_done();
}
