/*
 * heaprules.c: the rules of heap games as data: parsing a spec, printing it back, and the plain
 * option generator that defines each game.
 *
 * A spec is checked whole and every fault is named: for codes, the digit and its position
 * ("'8' (character 3 of '0.8') is not an octal digit 0-7"), a missing or extra point, a first digit
 * other than 0 or 4 (0, 4, 8 or C in hex); for subtraction sets, the item that is not a
 * positive integer within the limit, or the amount that is repeated. Trailing zero digits of a
 * code allow no move, so they are accepted and dropped: the canonical spec has none, except
 * that it keeps one digit after the point (oct:4.0, oct:0.0).
 *
 * The option generator (nb_heap_options) is the definition of each game and is written for
 * obviousness: one loop per rule of the heap.h essay, in the order documented there. Its count
 * (nb_heap_option_count) is a separate closed form, so that callers can size buffers without
 * enumerating and refuse heaps whose options would not fit: three-heap splits of m tokens number
 * round(m^2 / 12) (partitions of m into three positive parts), two-heap splits floor(m / 2).
 */
#include "heap/heap.h"

#include <stdlib.h>
#include <string.h>

/* --- parsing --------------------------------------------------------------------------------- */

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* Parses "1,3,4": distinct positive integers up to NB_HEAP_MAX_AMOUNT, any order. */
static nb_status parse_sub(const char *params, nb_heap_rules *r, nb_error *err) {
  if (params == NULL || *params == '\0')
    return nb_fail(err, NB_EUSAGE,
                   "expected a comma list of distinct positive integers, as in sub:1,3,4");
  size_t len = strlen(params), items = nb_list_items(params, len), bad_len;
  r->amount = nb_alloc(items, sizeof *r->amount, err);
  if (r->amount == NULL) return NB_EINTERNAL;
  const char *bad;
  char quoted[NB_QUOTE_CAP], found[NB_QUOTE_CAP];
  if (!nb_parse_u64_list(params, len, 1, NB_HEAP_MAX_AMOUNT, r->amount, items, &r->count, &bad,
                         &bad_len))
    return nb_fail(err, NB_EUSAGE, "expected an amount (an integer from 1 to %u) in %s, found %s",
                   (unsigned)NB_HEAP_MAX_AMOUNT, nb_quote(quoted, params, len),
                   nb_quote(found, bad, bad_len));
  qsort(r->amount, r->count, sizeof *r->amount, cmp_u64);
  for (size_t i = 1; i < r->count; i++)
    if (r->amount[i] == r->amount[i - 1])
      return nb_fail(err, NB_EUSAGE, "amount %llu is repeated in %s (amounts must be distinct)",
                     (unsigned long long)r->amount[i], nb_quote(quoted, params, strlen(params)));
  r->k = (uint32_t)r->amount[r->count - 1];
  return NB_OK;
}

/* The value of a digit character in base 8 or 16, or -1. */
static int digit_value(char c, bool hex) {
  if (c >= '0' && c <= '7') return c - '0';
  if (!hex) return -1;
  if (c >= '8' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

/* Parses "0.137" (hex: "4.F"): d0, a point, then 1 to NB_HEAP_MAX_DIGITS digits. */
static nb_status parse_code(const char *params, bool hex, nb_heap_rules *r, nb_error *err) {
  const char *base = hex ? "a hexadecimal code d0.d1d2...dk (d0 is 0, 4, 8 or C; digits 0-F), "
                           "as in hex:0.137"
                         : "an octal code d0.d1d2...dk (d0 is 0 or 4; digits 0-7), as in oct:0.137";
  if (params == NULL || *params == '\0') return nb_fail(err, NB_EUSAGE, "expected %s", base);
  size_t len = strlen(params);
  char quoted[NB_QUOTE_CAP], found[NB_QUOTE_CAP]; /* bytes outside printable ASCII as \xNN */
  nb_quote(quoted, params, len);
  for (size_t i = 0; i < len; i++)
    if (i != 1 && digit_value(params[i], hex) < 0)
      return nb_fail(err, NB_EUSAGE, "%s (character %zu of %s) is not %s",
                     nb_quote(found, params + i, 1), i + 1, quoted,
                     hex ? "a hexadecimal digit 0-F" : "an octal digit 0-7");
  int d0 = digit_value(params[0], hex);
  if (d0 & (NB_HEAP_DIGIT_EMPTY | NB_HEAP_DIGIT_LEAVE_ONE))
    return nb_fail(err, NB_EUSAGE, "the digit before the point must be %s, found '%c' in %s",
                   hex ? "0, 4, 8 or C" : "0 or 4", params[0], quoted);
  if (len < 2 || params[1] != '.')
    return nb_fail(err, NB_EUSAGE, "expected '.' after the first digit of %s (%s)", quoted, base);
  if (len == 2) return nb_fail(err, NB_EUSAGE, "no digit after the point in %s", quoted);
  if (len - 2 > NB_HEAP_MAX_DIGITS)
    return nb_fail(err, NB_EUSAGE, "code '%.16s...' has %zu digits after the point (at most %d)",
                   params, len - 2, NB_HEAP_MAX_DIGITS);
  r->digit = nb_alloc(len - 1, 1, err);
  if (r->digit == NULL) return NB_EINTERNAL;
  r->digit[0] = (uint8_t)d0;
  for (size_t j = 1; j + 1 < len; j++) {
    r->digit[j] = (uint8_t)digit_value(params[j + 1], hex);
    if (r->digit[j] != 0) r->k = (uint32_t)j;
  }
  return NB_OK;
}

nb_status nb_heap_rules_parse(nb_heap_kind kind, const char *params, nb_heap_rules **out,
                              nb_error *err) {
  nb_heap_rules *r = nb_alloc(1, sizeof *r, err);
  if (r == NULL) return NB_EINTERNAL;
  char quoted[NB_QUOTE_CAP];
  r->kind = kind;
  nb_status st = NB_OK;
  if (kind == NB_HEAP_SUB) st = parse_sub(params, r, err);
  if (kind == NB_HEAP_OCT || kind == NB_HEAP_HEX)
    st = parse_code(params, kind == NB_HEAP_HEX, r, err);
  if ((kind == NB_HEAP_NIM || kind == NB_HEAP_GRUNDY) && params != NULL)
    st = nb_fail(err, NB_EUSAGE, "%s takes no parameters, found %s",
                 kind == NB_HEAP_NIM ? "nim" : "grundy",
                 *params ? nb_quote(quoted, params, strlen(params)) : "':'");
  if (st != NB_OK) {
    nb_heap_rules_free(r);
    return st;
  }
  *out = r;
  return NB_OK;
}

void nb_heap_rules_free(nb_heap_rules *r) {
  if (r == NULL) return;
  free(r->digit);
  free(r->amount);
  free(r);
}

/* --- printing -------------------------------------------------------------------------------- */

int nb_heap_rules_spec(const nb_heap_rules *r, char *buf, size_t cap) {
  int total = 0;
  switch (r->kind) {
  case NB_HEAP_NIM:
    return snprintf(buf, cap, "nim");
  case NB_HEAP_GRUNDY:
    return snprintf(buf, cap, "grundy");
  case NB_HEAP_SUB:
    nb_bounded_printf(buf, cap, &total, "sub:");
    for (size_t i = 0; i < r->count; i++)
      nb_bounded_printf(buf, cap, &total, i > 0 ? ",%llu" : "%llu",
                        (unsigned long long)r->amount[i]);
    return total;
  case NB_HEAP_OCT:
  case NB_HEAP_HEX:
    nb_bounded_printf(buf, cap, &total, r->kind == NB_HEAP_OCT ? "oct:%llX." : "hex:%llX.",
                      (unsigned long long)r->digit[0]);
    for (uint32_t j = 1; j <= (r->k > 0 ? r->k : 1); j++)
      nb_bounded_printf(buf, cap, &total, "%llX", (unsigned long long)r->digit[j]);
    return total;
  }
  return snprintf(buf, cap, "?");
}

/* --- options --------------------------------------------------------------------------------- */

/* a + b, saturating at UINT64_MAX. */
static uint64_t sat_add(uint64_t a, uint64_t b) {
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* The number of ways to split m tokens into three non-empty heaps, round(m^2 / 12), saturating
 * (m^2 overflows past 2^32; the count then exceeds any buffer anyway). */
static uint64_t triple_count(uint64_t m) {
  if (m < 3) return 0;
  if (m >= UINT64_C(1) << 32) return UINT64_MAX;
  return (m * m + 6) / 12;
}

/* The digit of a code at j (0 past its end). */
static unsigned code_digit(const nb_heap_rules *r, uint64_t j) {
  return j <= r->k ? r->digit[j] : 0;
}

uint64_t nb_heap_option_count(const nb_heap_rules *r, uint64_t n) {
  uint64_t count = 0;
  switch (r->kind) {
  case NB_HEAP_NIM:
    return n;
  case NB_HEAP_GRUNDY:
    return n >= 3 ? (n - 1) / 2 : 0;
  case NB_HEAP_SUB:
    for (size_t i = 0; i < r->count && r->amount[i] <= n; i++)
      count++;
    return count;
  case NB_HEAP_OCT:
  case NB_HEAP_HEX:
    for (uint64_t j = 0; j <= r->k && j <= n; j++) {
      unsigned d = code_digit(r, j);
      uint64_t m = n - j;
      count = sat_add(count, (d & NB_HEAP_DIGIT_EMPTY) && m == 0);
      count = sat_add(count, (d & NB_HEAP_DIGIT_LEAVE_ONE) && m >= 1);
      if (d & NB_HEAP_DIGIT_LEAVE_TWO) count = sat_add(count, m / 2);
      if (d & NB_HEAP_DIGIT_LEAVE_THREE) count = sat_add(count, triple_count(m));
    }
    return count;
  }
  return 0;
}

/* Where the generator sends each option: a visitor and its count so far. */
typedef struct sink {
  nb_heap_option_fn visit; /* called once per option, in order */
  void *ctx;               /* the visitor's */
  size_t count;            /* options sent so far */
} sink;

static void emit(sink *s, uint64_t removed, unsigned parts, uint64_t a, uint64_t b, uint64_t c) {
  nb_heap_option o = {.removed = removed, .heap = {a, b, c}, .parts = parts};
  s->visit(s->ctx, &o);
  s->count++;
}

/* The options of a code's heap n: for each j, by digit bit, as the heap.h essay states. */
static void code_options(const nb_heap_rules *r, uint64_t n, sink *out) {
  for (uint64_t j = 0; j <= r->k && j <= n; j++) {
    unsigned d = code_digit(r, j);
    uint64_t m = n - j; /* tokens left after removing j */
    if ((d & NB_HEAP_DIGIT_EMPTY) && m == 0) emit(out, j, 0, 0, 0, 0);
    if ((d & NB_HEAP_DIGIT_LEAVE_ONE) && m >= 1) emit(out, j, 1, m, 0, 0);
    if (d & NB_HEAP_DIGIT_LEAVE_TWO)
      for (uint64_t a = 1; 2 * a <= m; a++)
        emit(out, j, 2, a, m - a, 0);
    if (d & NB_HEAP_DIGIT_LEAVE_THREE)
      for (uint64_t a = 1; 3 * a <= m; a++)
        for (uint64_t b = a; a + 2 * b <= m; b++)
          emit(out, j, 3, a, b, m - a - b);
  }
}

size_t nb_heap_options_each(const nb_heap_rules *r, uint64_t n, nb_heap_option_fn visit,
                            void *ctx) {
  sink out = {.visit = visit, .ctx = ctx};
  switch (r->kind) {
  case NB_HEAP_NIM:
    for (uint64_t j = 1; j <= n; j++)
      emit(&out, j, j < n, n - j, 0, 0); /* the last removes the heap: no part, heap[0] = 0 */
    break;
  case NB_HEAP_GRUNDY:
    for (uint64_t a = 1; 2 * a < n; a++)
      emit(&out, 0, 2, a, n - a, 0);
    break;
  case NB_HEAP_SUB:
    for (size_t i = 0; i < r->count && r->amount[i] <= n; i++)
      emit(&out, r->amount[i], r->amount[i] < n, n - r->amount[i], 0, 0); /* as nim's */
    break;
  case NB_HEAP_OCT:
  case NB_HEAP_HEX:
    code_options(r, n, &out);
    break;
  }
  return out.count;
}

/* nb_heap_options' visitor: stores each option at the next place of an array. */
static void store(void *ctx, const nb_heap_option *o) {
  nb_heap_option **next = ctx;
  *(*next)++ = *o;
}

size_t nb_heap_options(const nb_heap_rules *r, uint64_t n, nb_heap_option *out) {
  return nb_heap_options_each(r, n, store, &out);
}
