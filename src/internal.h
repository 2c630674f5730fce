/*
 * internal.h: what the library's own modules share and users of nimber.h never see.
 *
 * Allocation. Every allocation of the library goes through nb_alloc or nb_realloc (and is
 * released with free()), so that one hook can fail the N-th allocation on purpose: the
 * allocation-failure tests set it with nb_alloc_fail_after and check that every command then
 * ends with a clean error (status NB_EINTERNAL, a message), no leak and no partial output.
 *
 * Assertions. NB_ASSERT states an invariant that a comment promises; it is checked in debug and
 * sanitizer builds (NDEBUG unset) and compiled out of release builds.
 */
#ifndef NB_INTERNAL_H
#define NB_INTERNAL_H

#include "nimber.h"

#ifdef NDEBUG
#define NB_ASSERT(cond) ((void)0)
#else
#define NB_ASSERT(cond) ((cond) ? (void)0 : nb_assert_failed(#cond, __FILE__, __LINE__))
/* A reader over a memory buffer (not copied: it must outlive the reader) that takes at most
 * `chunk` bytes at a time from it (0: the stream chunk size), as a stream would: how the tests
 * and fuzzers put chunk boundaries everywhere in a token. */
nb_status nb_reader_open_chunked(const char *name, const char *data, size_t len, size_t chunk,
                                 nb_reader **out, nb_error *err);

#endif

/* Prints "nimber: internal error: FILE:LINE: assertion failed: COND" and aborts. */
_Noreturn void nb_assert_failed(const char *cond, const char *file, int line);

/* Resizes ptr (from nb_alloc or nb_realloc, or NULL) to count items of size bytes; the contents
 * are kept up to the smaller size, and bytes beyond are not zeroed. On failure returns NULL,
 * leaves ptr allocated and unchanged, and fills err with NB_EINTERNAL. */
void *nb_realloc(void *ptr, size_t count, size_t size, nb_error *err);

/* Makes room for `more` items after the first `len` of a growable array *arr of *cap items of
 * `size` bytes, doubling the capacity (at least `first` items). On failure *arr and *cap are
 * unchanged and err says NB_EINTERNAL. */
nb_status nb_grow(void **arr, size_t *cap, size_t len, size_t more, size_t size, size_t first,
                  nb_error *err);

/* Test hook: the n-th allocation from now on (n >= 1) and every one after it fails, as if memory
 * had run out; n = 0 turns the failures off. Process-wide (the one mutable global of the
 * library, for the allocation-failure tests); returns the number of allocations counted since
 * the last call. */
uint64_t nb_alloc_fail_after(uint64_t n);

/* A reader over a memory buffer (not copied: it must outlive the reader) that takes at most
 * `chunk` bytes at a time from it (0: the stream chunk size), as a stream would: how the tests
 * and fuzzers put chunk boundaries everywhere in a token. */
nb_status nb_reader_open_chunked(const char *name, const char *data, size_t len, size_t chunk,
                                 nb_reader **out, nb_error *err);

#endif
