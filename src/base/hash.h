/*
 * base/hash.h: the one hash finalizer and the one open-addressing hash table of the library.
 *
 * The finalizer. nb_hash_mix is SplitMix64's output function (Steele, Lea and Flood, "Fast
 * splittable pseudorandom number generators", OOPSLA 2014; the constants are Stafford's Mix13):
 * a bijection of 64-bit words in which every input bit flips each output bit with probability
 * close to 1/2. Its low bits are therefore good slot numbers for any key folded into one word,
 * and the engine's random player steps it over a Weyl sequence (nb_hash_mix(s += NB_HASH_GOLDEN)
 * is SplitMix64 itself).
 *
 * The table. Every hash table of the library that keeps all it is given is one open-addressing
 * table with linear probing over a power-of-two array of slots, at most half full: the memos of
 * the searches (core/search.c, core/sumsearch.c, core/canon.c, core/outcome.c, and the misère
 * search's tables of components and sums, core/misere.c), the store's two indexes of canonical
 * forms (cgt/store.c), the game's store of large positions (core/positions.c), cg's literal
 * games (games/cg.c), psub's table of windows (games/psub_values.c) and its period engine's
 * repeat table (games/psub.c, where several windows may share a fingerprint). What differs
 * is what a slot holds (a key and its value, or only the ID of something kept elsewhere) and how
 * memory is accounted (the searches' nb_memory, the store's own cap), so the table is the probe
 * and the rehash, over slots the user defines, and the user allocates:
 *   - nb_table_find walks the probe sequence of a hash to the first slot that `stop` accepts:
 *     the slot holding the key, or the empty slot where it belongs;
 *   - nb_table_free_slot finds where a key known to be absent goes;
 *   - nb_table_needs_room says when one more entry would pass half full;
 *   - nb_table_rehash moves the occupied slots of an old array into a larger zeroed one.
 * They are static inline and take the slot size and the user's functions as arguments: called
 * with constants, the compiler inlines them all, so the probe loop is the one each file used to
 * write by hand (bench/run.sh, side by side with the build before: docs/BENCHMARKS.md).
 *
 * Two memos probe by hand (core/search.c, core/sumsearch.c: the comment at each probe gives the
 * instruction counts): there the generic probe, though inlined, cost 1.8% and 3.6% more
 * instructions in the benchmark's hot loop, for no reason found in time; they use the rest.
 *
 * Not in it: the store's operation cache (cgt/store.c), direct-mapped and lossy on purpose (a
 * newer entry overwrites an older one: it is a cache, and a probe chain would cost every
 * comparison and sum a loop), and the heap engine's period search (heap/heapperiod.c), which
 * compares rolling hashes of blocks and keeps no table.
 */
#ifndef NB_BASE_HASH_H
#define NB_BASE_HASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* 2^64 / phi, odd: the Weyl step of SplitMix64, and a multiplier that spreads a word's bits. */
#define NB_HASH_GOLDEN UINT64_C(0x9e3779b97f4a7c15)

/* SplitMix64's finalizer: a bijection that mixes every bit of z into every bit of the result. */
static inline uint64_t nb_hash_mix(uint64_t z) {
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* The hash of a 128-bit key (a component: nb_pos's lo and hi). */
static inline uint64_t nb_hash_pair(uint64_t lo, uint64_t hi) {
  return nb_hash_mix(lo ^ (hi * NB_HASH_GOLDEN));
}

/* Whether the probe may stop at slot: it is empty, or it holds key. */
typedef bool nb_slot_stop(const void *slot, const void *key);

/* The index of the first slot from hash's home slot, going up and wrapping round, that `stop`
 * accepts for key, in slots[0..capacity) of `size` bytes each (capacity a power of two). The
 * table is never full (nb_table_needs_room), so the walk ends. */
static inline size_t nb_table_find(const void *slots, size_t capacity, size_t size, uint64_t hash,
                                   const void *key, nb_slot_stop *stop) {
  size_t mask = capacity - 1;
  for (size_t i = (size_t)hash & mask;; i = (i + 1) & mask)
    if (stop((const char *)slots + i * size, key)) return i;
}

/* The index of the first slot from hash's home slot that `empty` accepts: where a key known to be
 * absent goes. */
static inline size_t nb_table_free_slot(const void *slots, size_t capacity, size_t size,
                                        uint64_t hash, bool (*empty)(const void *slot)) {
  size_t mask = capacity - 1, i = (size_t)hash & mask;
  while (!empty((const char *)slots + i * size))
    i = (i + 1) & mask;
  return i;
}

/* Whether a table of `capacity` slots holding `used` entries must grow before one more: past
 * half full, probe chains lengthen quickly under linear probing. */
static inline bool nb_table_needs_room(size_t used, size_t capacity) {
  return (used + 1) * 2 > capacity;
}

/* Moves every slot of old[0..old_capacity) that `empty` does not accept into fresh[0..capacity)
 * (zeroed, a power of two, with room for them all), each at the first empty slot of its hash's
 * probe sequence; hash(ctx, slot) is the hash the slot was found by. The keys are not compared:
 * they are distinct. The caller frees old. */
static inline void nb_table_rehash(void *fresh, size_t capacity, const void *old,
                                   size_t old_capacity, size_t size, const void *ctx,
                                   bool (*empty)(const void *slot),
                                   uint64_t (*hash)(const void *ctx, const void *slot)) {
  for (size_t k = 0; k < old_capacity; k++) {
    const char *from = (const char *)old + k * size;
    if (empty(from)) continue;
    size_t i = nb_table_free_slot(fresh, capacity, size, hash(ctx, from), empty);
    memcpy((char *)fresh + i * size, from, size);
  }
}

#endif
