/*
 * memory.c: the memory bound of the searches (nb_limits.memory), checked in one place.
 *
 * The searches bound what they memoise by counts (positions, sums, moves held), but a count is
 * not a size: a sum of 200 heaps is a key of 3,200 bytes, so 2^20 sums took 3.3 GB, and a sum of
 * 20,000 heaps would need 335 GB; the kernel killed the command after 105 s. A byte bound closes
 * that hole for every table at once, whatever its entries hold.
 *
 * Accounting. Each search (the component search, the sum search, the value search) keeps one
 * nb_memory: the bytes its growing tables hold, as the sum of their capacities. Every growth is
 * checked here before anything is allocated. A hash table is rehashed into a new block while the
 * old one still exists, so its growth is charged both (nb_memory_check of the new size): what
 * the search holds never passes the limit, not even while it copies. An array grows in place
 * (nb_realloc; large blocks are moved by remapping their pages, not copied), so only its new
 * capacity counts, and one whose doubled capacity would pass the limit is grown only as far as
 * the limit allows (nb_grow_within), so that the last few hundred MB are not lost to doubling.
 * The refusal is NB_EDATA naming the limit, as the count limits are: a position too large is an
 * error message, never a machine out of memory.
 *
 * The bound is per search, not per solver: the searches of one solver do not share a counter
 * (each can be made alone through the public API, and the limits are copied into each), so a
 * solver whose three searches all filled their tables would hold three times the bound. Only
 * the search a position needs grows in practice. The game store is bounded by the smaller of
 * limits.game_store and limits.memory (solver.c).
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>

const char *nb_bytes_text(char buf[32], size_t bytes) {
  static const char unit[][4] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  int u = -1;
  size_t v = bytes;
  while (v >= 1024 && v % 1024 == 0 && u < 5) {
    v /= 1024;
    u++;
  }
  if (u < 0)
    snprintf(buf, 32, "%zu bytes", bytes);
  else
    snprintf(buf, 32, "%zu %s", v, unit[u]);
  return buf;
}

nb_status nb_memory_refuse(nb_memory *m, nb_error *err) {
  char limit[32];
  m->full = true;
  return nb_fail(err, NB_EDATA,
                 "position too large for %s (its tables would take more than the memory limit "
                 "of %s; --memory SIZE raises it)",
                 m->what, nb_bytes_text(limit, m->limit));
}

nb_status nb_memory_check(nb_memory *m, size_t count, size_t size, nb_error *err) {
  if (size != 0 && count > SIZE_MAX / size) return nb_memory_refuse(m, err);
  bool fits = m->held <= m->limit && count * size <= m->limit - m->held;
  return fits ? NB_OK : nb_memory_refuse(m, err);
}

void nb_memory_grew(nb_memory *m, size_t old_bytes, size_t new_bytes) {
  NB_ASSERT(old_bytes <= m->held);
  m->held = m->held - old_bytes + new_bytes;
}

nb_status nb_grow_within_slow(nb_memory *m, void **arr, size_t *cap, size_t len, size_t more,
                              size_t size, size_t first, nb_error *err) {
  if (*cap != 0 && more <= *cap && len <= *cap - more) return NB_OK;
  if (len > SIZE_MAX - more) return nb_memory_refuse(m, err);
  size_t need = len + more, want = *cap ? *cap : (first ? first : 1);
  while (want < need)
    want = want > SIZE_MAX / 2 ? need : want * 2;
  size_t others = m->held - *cap * size; /* what the other tables hold */
  size_t room = others <= m->limit ? (m->limit - others) / size : 0; /* items the limit allows */
  if (want > room) want = room; /* grow only as far as the limit allows */
  if (want < need) return nb_memory_refuse(m, err);
  void *p = nb_realloc(*arr, want, size, err);
  if (p == NULL) return NB_EINTERNAL;
  nb_memory_grew(m, *cap * size, want * size);
  *arr = p;
  *cap = want;
  return NB_OK;
}
