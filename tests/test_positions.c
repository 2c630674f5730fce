/*
 * test_positions.c: the game's store of large positions (nb_pos_intern, src/core/positions.c).
 *
 * What the searches rely on: equal byte strings give equal handles and distinct strings distinct
 * ones, so equal positions have equal encodings; the bytes come back as interned, at pointers
 * that stay valid while the store grows; the bound (the memory limit of the game's last solver)
 * refuses a new string with NB_EDATA naming the limit, and the store is then unchanged and
 * usable, as it is after an allocation that fails (each allocation of an intern failed alone in
 * turn); a game made without a registry has no store and says so; the registry frees the store
 * with the game (the ASan run finds a leak otherwise).
 */
#include "check.h"
#include "internal.h"

#include <string.h>

enum { MANY = 100000 };

/* The bytes of string number i: its decimal digits repeated up to a length that varies with i
 * (1..40 bytes), so that strings differ in length and content. */
static size_t string_of(uint64_t i, uint8_t *buf) {
  char digits[24];
  int n = snprintf(digits, sizeof digits, "%llu", (unsigned long long)i);
  size_t len = 1 + i % 40;
  for (size_t k = 0; k < len; k++)
    buf[k] = (uint8_t)digits[k % (size_t)n];
  return len;
}

static bool same_bytes(const nb_game *g, nb_pos p, const uint8_t *want, size_t len) {
  size_t got;
  const void *b = nb_pos_bytes(g, p, &got);
  return b != NULL && got == len && memcmp(b, want, len) == 0;
}

/* Interning: equal strings, one handle; distinct strings, distinct handles in order; the bytes
 * back, from pointers taken before the store grew. */
static void test_interning(void) {
  nb_game *g;
  nb_error err;
  CHECK_OK(nb_game_open("nim", &g, &err), &err);
  CHECK(nb_pos_store_count(g) == 0 && nb_pos_store_size(g) == 0, "a new store is empty");
  uint8_t buf[64];
  nb_pos first, again;
  CHECK_OK(nb_pos_intern(g, "abc", 3, &first, &err), &err);
  CHECK(nb_pos_is_interned(first) && first.lo == 0, "the first handle: %llu",
        (unsigned long long)first.lo);
  size_t len;
  const void *kept = nb_pos_bytes(g, first, &len); /* must survive the growth below */
  for (uint64_t i = 0; i < MANY; i++) {
    nb_pos p;
    size_t n = string_of(i, buf);
    CHECK_OK(nb_pos_intern(g, buf, n, &p, &err), &err);
    if (i < 5 || i % 9973 == 0)
      CHECK(same_bytes(g, p, buf, n), "string %llu back", (unsigned long long)i);
  }
  size_t count = nb_pos_store_count(g); /* strings of i and i' can be equal: count them again */
  for (uint64_t i = 0; i < MANY; i += 7) {
    nb_pos p, q;
    size_t n = string_of(i, buf);
    CHECK_OK(nb_pos_intern(g, buf, n, &p, &err), &err);
    CHECK_OK(nb_pos_intern(g, buf, n, &q, &err), &err);
    CHECK(p.lo == q.lo && p.lo < count && same_bytes(g, p, buf, n), "string %llu: one handle",
          (unsigned long long)i);
  }
  CHECK(nb_pos_store_count(g) == count, "interning again adds nothing");
  CHECK(count > MANY / 2, "distinct strings are distinct: %zu", count);
  CHECK_OK(nb_pos_intern(g, "abc", 3, &again, &err), &err);
  CHECK(again.lo == first.lo && again.hi == first.hi, "'abc' again: the first handle");
  CHECK(kept == nb_pos_bytes(g, first, &len) && len == 3 && memcmp(kept, "abc", 3) == 0,
        "strings never move");
  CHECK_OK(nb_pos_intern(g, "abd", 3, &again, &err), &err);
  CHECK(again.lo == count, "a new string: the next index");
  CHECK(nb_pos_bytes(g, (nb_pos){count + 1, NB_POS_INTERNED}, &len) == NULL && len == 0,
        "no string past the last");
  CHECK(nb_pos_bytes(g, (nb_pos){0, 0}, &len) == NULL && len == 0, "an inline position");
  CHECK(nb_pos_store_size(g) > MANY, "the store counts its bytes: %zu", nb_pos_store_size(g));
  nb_game_free(g);
}

/* The bound: a solver of 1 MiB bounds the store; past it NB_EDATA naming the limit, the store
 * unchanged and usable; a solver with more memory lifts it. */
static void test_bound(void) {
  nb_game *g;
  nb_error err;
  nb_solver *s;
  CHECK_OK(nb_game_open("nim", &g, &err), &err);
  nb_limits limits = nb_limits_default();
  limits.memory = 1 << 20;
  CHECK_OK(nb_solver_new(g, &limits, &s, &err), &err);
  uint8_t buf[64];
  uint64_t i = 0;
  nb_status st = NB_OK;
  for (; i < 10 * MANY && st == NB_OK; i++) {
    nb_pos p;
    st = nb_pos_intern(g, buf, string_of(i, buf), &p, &err);
  }
  CHECK(st == NB_EDATA && strstr(err.message, "memory limit of 1 MiB") != NULL &&
            strstr(err.message, "--memory") != NULL,
        "refused at the bound: %d %s", (int)st, err.message);
  CHECK(nb_pos_store_size(g) <= limits.memory, "within it: %zu", nb_pos_store_size(g));
  size_t count = nb_pos_store_count(g);
  nb_pos p;
  size_t n = string_of(i - 1, buf);
  CHECK(nb_pos_intern(g, buf, n, &p, &err) == NB_EDATA && nb_pos_store_count(g) == count,
        "refused again, nothing added");
  n = string_of(3, buf);
  CHECK_OK(nb_pos_intern(g, buf, n, &p, &err), &err); /* an old string is found, not added */
  CHECK(p.lo < count && same_bytes(g, p, buf, n), "old strings still found");
  nb_solver_free(s);
  limits.memory = 64 << 20;
  CHECK_OK(nb_solver_new(g, &limits, &s, &err), &err);
  n = string_of(i - 1, buf);
  CHECK_OK(nb_pos_intern(g, buf, n, &p, &err), &err);
  CHECK(p.lo == count && same_bytes(g, p, buf, n), "a larger bound takes it");
  nb_solver_free(s);
  nb_game_free(g);
}

/* Allocations failing while new strings are interned: rounds in which the next (first, second
 * or third) allocation fails alone, strings interned until one is refused. The refusal is
 * NB_EINTERNAL with a message, the string then interns with memory back, and every string so far
 * is found again with its bytes. Each growth (the table, the entries, a block, the list of
 * blocks) has its turn to fail: the store grows from empty to thousands of strings. */
static void test_allocation_failures(void) {
  nb_game *g;
  nb_error err;
  CHECK_OK(nb_game_open("nim", &g, &err), &err);
  uint8_t buf[64];
  uint64_t next = 0; /* strings 0..next-1 are interned */
  unsigned refused = 0;
  for (unsigned round = 0; round < 60; round++) {
    nb_alloc_fail_only(1 + round % 3);
    nb_status st = NB_OK;
    nb_pos p;
    size_t n = 0, before = 0;
    for (uint64_t stop = next + 5000; st == NB_OK && next < stop; next++) {
      n = string_of(70000 + next * 131, buf);
      before = nb_pos_store_count(g);
      st = nb_pos_intern(g, buf, n, &p, &err);
    }
    nb_alloc_fail_only(0);
    if (st != NB_OK) {
      refused++;
      CHECK(st == NB_EINTERNAL && err.message[0] != '\0' && nb_pos_store_count(g) == before,
            "round %u: %d, nothing added", round, (int)st);
      CHECK_OK(nb_pos_intern(g, buf, n, &p, &err), &err);
      CHECK(same_bytes(g, p, buf, n), "round %u: interned with memory back", round);
    }
    for (uint64_t j = 0; j < next; j += 1 + next / 64) {
      n = string_of(70000 + j * 131, buf);
      before = nb_pos_store_count(g);
      CHECK_OK(nb_pos_intern(g, buf, n, &p, &err), &err);
      CHECK(nb_pos_store_count(g) == before && same_bytes(g, p, buf, n), "string %llu kept",
            (unsigned long long)j);
    }
  }
  CHECK(refused >= 20, "allocations were refused: %u rounds", refused);
  nb_game_free(g);
}

/* A game made by hand, without a registry, has no store. */
static void test_no_store(void) {
  nb_game *g;
  nb_error err;
  CHECK_OK(nb_game_open("nim", &g, &err), &err);
  nb_game bare = {.family = g->family};
  nb_pos p = {7, 7};
  CHECK(nb_pos_intern(&bare, "x", 1, &p, &err) == NB_EINTERNAL &&
            strstr(err.message, "registry") != NULL && p.lo == 7,
        "no store: %s", err.message);
  size_t len = 9;
  CHECK(nb_pos_bytes(&bare, (nb_pos){0, NB_POS_INTERNED}, &len) == NULL && len == 0, "no bytes");
  CHECK(nb_pos_store_count(&bare) == 0 && nb_pos_store_size(&bare) == 0, "nothing held");
  nb_game_free(g);
}

int main(void) {
  test_interning();
  test_bound();
  test_allocation_failures();
  test_no_store();
  return check_done();
}
