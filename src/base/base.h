/*
 * base/base.h: what every layer of the library shares, below all of them: the allocation-failure
 * hook and growable arrays, assertions, quoting text in messages, strict integer tokens, JSON
 * strings and the bounded text builder (base/error.c, base/text.c). It knows no game, no value
 * and no solver, so the short-game algebra (src/cgt) and the core can both stand on it; what
 * the core's modules share beyond it is in internal.h.
 *
 * Allocation. Every allocation of the library goes through nb_alloc or nb_realloc (and is
 * released with free()), so that one hook can fail the N-th allocation on purpose: the
 * allocation-failure tests set it with nb_alloc_fail_after and check that every command then
 * ends with a clean error (status NB_EINTERNAL, a message), no leak and no partial output.
 *
 * Assertions. NB_ASSERT states an invariant that a comment promises; it is checked in debug and
 * sanitizer builds (NDEBUG unset) and compiled out of release builds.
 */
#ifndef NB_BASE_BASE_H
#define NB_BASE_BASE_H

#include "nimber.h"

#include <stdio.h>

#ifdef NDEBUG
#define NB_ASSERT(cond) ((void)0)
#else
#define NB_ASSERT(cond) ((cond) ? (void)0 : nb_assert_failed(#cond, __FILE__, __LINE__))
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

/* The bits set in x: the one bit count of the library. By halves (SWAR), not
 * __builtin_popcountll: without -mpopcnt (the portable build) that is a call into libgcc, which
 * was 6% of NoGo's board search; with it the compiler may still pick the instruction. */
static inline unsigned nb_bit_count(uint64_t x) {
  x -= x >> 1 & 0x5555555555555555ull;
  x = (x & 0x3333333333333333ull) + (x >> 2 & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return (unsigned)(x * 0x0101010101010101ull >> 56);
}

/* Integer tokens: the one decimal reader and writer of the library. nb_parse_u64_n reads a
 * token whose length is known, nb_parse_u64_list a comma list of them; a reader that meets its
 * digits one at a time (the contest reader's streaming path) appends them with nb_u64_push_digit,
 * the one overflow test. nb_format_u64 writes one, by hand: tables write millions of values, and
 * snprintf was most of their time. */

/* Appends the decimal digit d (0 to 9) to *v; false, *v unchanged, when the result would pass
 * 2^64-1. */
static inline bool nb_u64_push_digit(uint64_t *v, unsigned d) {
  if (*v > (UINT64_MAX - d) / 10) return false;
  *v = *v * 10 + d;
  return true;
}

/* Parses text[0..len) whole as an unsigned decimal integer, as nb_parse_u64 does a string (digits
 * only, at most 2^64-1); the bytes need no terminator. For items of a list, parsed in place. */
bool nb_parse_u64_n(const char *text, size_t len, uint64_t *out);

/* The number of decimal digits text starts with (it stops at the first other byte, NUL too). */
size_t nb_digit_run(const char *text);

/* Parses text[0..len) as a comma list of integers from lo to hi ("2,3,7"; an empty text is an
 * empty list), each item as nb_parse_u64_n. Stores the first cap of them in out and counts them
 * all in *count; returns true if every item is such an integer. Otherwise returns false at the
 * first item that is not: *count is its index, and *bad and *bad_len are the item (in text), for
 * the caller's message. */
bool nb_parse_u64_list(const char *text, size_t len, uint64_t lo, uint64_t hi, uint64_t *out,
                       size_t cap, size_t *count, const char **bad, size_t *bad_len);

/* The number of items of the comma list text[0..len): one more than its commas. */
size_t nb_list_items(const char *text, size_t len);

enum { NB_U64_DIGITS = 20 }; /* decimal digits of 2^64-1 */

/* Writes x in decimal at buf (no sign, no NUL) and returns the number of digits written. */
static inline size_t nb_format_u64(char buf[NB_U64_DIGITS], uint64_t x) {
  char digits[NB_U64_DIGITS];
  size_t at = NB_U64_DIGITS;
  do
    digits[--at] = (char)('0' + x % 10);
  while ((x /= 10) != 0);
  for (size_t i = at; i < NB_U64_DIGITS; i++)
    buf[i - at] = digits[i];
  return NB_U64_DIGITS - at;
}

enum {
  NB_QUOTE_SHOWN = 64, /* most bytes nb_quote writes of a text itself, \xNN escapes included */
  NB_QUOTE_CAP = 112,  /* room nb_quote needs: those, the quotes, "..." and the length note */
};

/* Writes text[0..len) into buf quoted for a message, and returns buf. Bytes outside printable
 * ASCII (NUL, control bytes, bytes from 0x7f) and backslashes are written \xNN, so nothing a
 * message quotes can
 * end it early or reach the terminal raw. A text that fits in NB_QUOTE_SHOWN bytes so written is
 * shown whole: '5/2', 'a\x00b'. A longer one is cut visibly and the message says so, with its
 * length: 'its first bytes...' (5000 bytes in all). Reads at most NB_QUOTE_SHOWN bytes of text. */
const char *nb_quote(char buf[NB_QUOTE_CAP], const char *text, size_t len);

/* The length of the run of bytes at the start of s that a JSON string holds as they are (not a
 * quote, backslash or control byte). */
size_t nb_json_plain_run(const char *s);

/* The JSON escape of a byte that is not plain (a backslash before a quote or backslash, \u00XX
 * for a control byte), into buf; returns buf. */
const char *nb_json_escape(char buf[8], unsigned char c);

/* Builds text in memory, for output that must appear whole or not at all (JSON). Starts zeroed;
 * the caller frees data. At most `limit` bytes (0: no limit beyond memory), and never more than
 * limit + 1 bytes allocated. */
typedef struct nb_text {
  char *data;      /* NUL-terminated once anything was added; owned */
  size_t len;      /* bytes held, without the NUL */
  size_t cap;      /* bytes allocated */
  size_t limit;    /* the most bytes it may hold, or 0 */
  bool overflowed; /* an append was refused for the limit */
} nb_text;

/* Appends n bytes. NB_EINTERNAL when out of memory, NB_EDATA (with the limit named) when the
 * text would exceed its limit; on failure the text is unchanged. */
nb_status nb_text_add(nb_text *t, const char *bytes, size_t n, nb_error *err);

/* Appends printf output, as nb_text_add does bytes. */
nb_status nb_text_printf(nb_text *t, nb_error *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Appends s as a JSON string literal (with quotes), as JSON writes it. */
nb_status nb_text_json_string(nb_text *t, const char *s, nb_error *err);

/* The bounded builder of writers that fill a caller's buffer as snprintf does (a family's
 * format, spec and describe; a sum's text; a list for a message), piece by piece: `total` is the
 * length of the text so far as snprintf counts it, whether or not it fit in buf[0..cap).
 * nb_bounded_at gives where the next piece goes and its room: NULL and 0 once buf is full, or
 * when buf is NULL (measuring), so a piece written by another such writer (format, describe)
 * never writes past cap nor through a null pointer. nb_bounded_printf writes printf output
 * there, cut to fit and NUL-terminated as snprintf cuts, and adds its whole length to *total:
 * after the last piece, *total is what snprintf of the whole text would return. */
static inline char *nb_bounded_at(char *buf, size_t cap, int total, size_t *room) {
  size_t used = total > 0 ? (size_t)total : 0;
  *room = buf != NULL && used < cap ? cap - used : 0;
  return *room > 0 ? buf + used : NULL;
}

void nb_bounded_printf(char *buf, size_t cap, int *total, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Says where an error from below happened: writes text formatted from fmt before err's message
 * ("game 'kayles:3': " + "expected ..."), sets its status to st, and returns st; nothing but
 * the return when err is NULL. The message is cut as nb_fail cuts one. */
nb_status nb_error_prefix(nb_error *err, nb_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* As nb_error_prefix, the text written after the message instead. */
nb_status nb_error_suffix(nb_error *err, nb_status st, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* NB_OK while out has not failed; once a write to it has failed (ferror), NB_EINTERNAL with
 * "cannot write the output: REASON". Writers that stream (the contest solvers) call it after
 * each answer so that a full disk or a closed pipe ends them at once instead of running on; the
 * command line reports such a failure with exit status 74 (EX_IOERR). */
nb_status nb_check_output(FILE *out, nb_error *err);

/* Closes standard input and output (output flushed first, a failure not reported: the command
 * line has checked its output with nb_check_output; input flushed first too, so that a seekable
 * file's offset is where the program stopped reading, as exit leaves it), which frees the
 * buffers the C library gave them (the command line's output buffer is its own); true if both
 * closed. Programs call it as they end so that LeakSanitizer's check at exit
 * (sanitizer builds) finds no block of the C library's left: make test's check runs with
 * use_globals=0 (tests/lsan.supp), so a stream's buffer, reachable only from the library's own
 * globals, is reported and then matched against the suppressions, and matching symbolizes:
 * each such process loaded the program's debug information, 5,400 page faults and about 0.1 s
 * of CPU (test_psub, test_tower, test_base and test_col 8.2 -> 7.6 s of CPU, one allocation
 * share 8.5 -> 7.0 s; tests/alloc/run.sh). Not to be called twice, nor with either stream in
 * use after it. */
bool nb_stdio_release(void);

/* Test hook: the n-th allocation from now on (n >= 1) and every one after it fails, as if memory
 * had run out; n = 0 turns the failures off. For the calling thread's allocations only (the
 * state is thread-local: other threads' solvers are not touched); returns the number of
 * allocations the thread made since the last call of this or nb_alloc_fail_only. */
uint64_t nb_alloc_fail_after(uint64_t n);

/* Test hook, transient: only the n-th allocation from now on fails; those after it succeed, as
 * when memory is short for a moment. Same counting and return as nb_alloc_fail_after. */
uint64_t nb_alloc_fail_only(uint64_t n);

/* Test hook: sink(ctx) is called at each allocation the calling thread asks for, counted or
 * not, from inside nb_alloc or nb_realloc (so that it may read the call stack to tell where the
 * allocation was asked for: tests/alloc/run.sh fails one allocation of each place, see
 * src/cli/main.c); NULL stops it. The sink must not allocate through nb_alloc. */
void nb_alloc_watch(void (*sink)(void *ctx), void *ctx);

/* The edit distance (insertions, deletions, substitutions) between a and b[0..blen), letters
 * compared without regard to case, capped at 9: how far a typed name is from a known one, for
 * "did you mean" hints. */
unsigned nb_name_distance(const char *a, const char *b, size_t blen);

#endif
