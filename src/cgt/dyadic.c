/*
 * dyadic.c: exact arithmetic on dyadic rationals num / 2^exp, the numbers of short games.
 *
 * Every short game that is a number is a dyadic rational, and the engine's numbers have 64-bit
 * numerators and denominators up to 2^62 (nimber_cgt.h). Results that do not fit are reported
 * (false), never wrapped: the callers turn them into a clear "number out of range" error.
 *
 * Comparison never overflows: to compare a with b where b has the larger exponent d more than a,
 * it compares a.num with q = floor(b.num / 2^d) and looks at the remainder r = b.num - q * 2^d:
 *   a.num > q  =>  a.num * 2^d >= (q + 1) * 2^d > b.num;
 *   a.num < q  =>  a.num * 2^d <= (q - 1) * 2^d < b.num;
 *   a.num = q  =>  a.num * 2^d = b.num - r with 0 <= r < 2^d: equal iff r = 0.
 */
#include "cgt/store.h"

#include <stdio.h>

bool nb_dyadic_make(int64_t num, unsigned exp, nb_dyadic *out) {
  if (num == INT64_MIN) return false;
  while (exp > 0 && num % 2 == 0) {
    num /= 2;
    exp--;
  }
  if (exp > NB_DYADIC_MAX_EXP) return false;
  out->num = num;
  out->exp = (uint8_t)exp;
  return true;
}

/* num * 2^shift, false on overflow. */
static bool shift_up(int64_t num, unsigned shift, int64_t *out) {
  int64_t r;
  if (shift >= 63) {
    if (num != 0) return false;
    *out = 0;
    return true;
  }
  if (__builtin_mul_overflow(num, (int64_t)1 << shift, &r) || r == INT64_MIN) return false;
  *out = r;
  return true;
}

bool nb_dyadic_add(nb_dyadic a, nb_dyadic b, nb_dyadic *out) {
  unsigned e = a.exp > b.exp ? a.exp : b.exp;
  int64_t x, y, sum;
  if (!shift_up(a.num, e - a.exp, &x) || !shift_up(b.num, e - b.exp, &y)) return false;
  if (__builtin_add_overflow(x, y, &sum)) return false;
  return nb_dyadic_make(sum, e, out);
}

bool nb_dyadic_sub(nb_dyadic a, nb_dyadic b, nb_dyadic *out) {
  nb_dyadic nb = {-b.num, b.exp}; /* b.num > INT64_MIN, so this cannot overflow */
  return nb_dyadic_add(a, nb, out);
}

int nb_dyadic_cmp(nb_dyadic a, nb_dyadic b) {
  return cg_dyadic_cmp(a, b); /* inline in cgt/store.h, for the store's hot loops */
}

int nb_dyadic_format(nb_dyadic x, char *buf, size_t cap) {
  if (x.exp == 0) return snprintf(buf, cap, "%lld", (long long)x.num);
  return snprintf(buf, cap, "%lld/%llu", (long long)x.num, (unsigned long long)1 << x.exp);
}
