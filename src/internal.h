/*
 * internal.h: what the library's own modules share and users of nimber.h never see.
 *
 * Allocation. Every allocation of the library goes through nb_alloc or nb_realloc (and is
 * released with free()), so that one hook can fail the N-th allocation on purpose: the
 * allocation-failure tests set it with nb_alloc_fail_after and check that every command then
 * ends with a clean error (status NB_EINTERNAL, a message), no leak and no partial output.
 *
 * Layers. This header is what core exports to every layer above it (heap, games, theory, contest,
 * cli): allocation, assertions, the text builder, quoting, specs. What core's own files share and
 * no other layer needs is in src/core/core.h; each layer above keeps its own internal headers
 * beside its code (heap/heapengine.h, the games' headers, contest/contest.h, cli/cli.h).
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

/* Parses text[0..len) whole as an unsigned decimal integer, as nb_parse_u64 does a string (digits
 * only, at most 2^64-1); the bytes need no terminator. For items of a list, parsed in place. */
bool nb_parse_u64_n(const char *text, size_t len, uint64_t *out);

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

/* nb_value_json appending to out instead of allocating a string (`table` writes millions). */
nb_status nb_value_json_add(const nb_game *g, const nb_value *v, nb_text *out, nb_error *err);

/* The canonical spec of g ("div:2,3") in a new string of its true length, or NULL (err filled)
 * when out of memory. The caller frees it. */
char *nb_game_spec_new(const nb_game *g, nb_error *err);

/* The canonical spec of g quoted for a message (nb_quote: cut visibly when long); returns buf.
 * Allocates nothing, for error paths. */
const char *nb_game_spec_quote(const nb_game *g, char buf[NB_QUOTE_CAP]);

/* NB_OK while out has not failed; once a write to it has failed (ferror), NB_EINTERNAL with
 * "cannot write the output: REASON". Writers that stream (the contest solvers) call it after
 * each answer so that a full disk or a closed pipe ends them at once instead of running on; the
 * command line reports such a failure with exit status 74 (EX_IOERR). */
nb_status nb_check_output(FILE *out, nb_error *err);

/* Test hook: the n-th allocation from now on (n >= 1) and every one after it fails, as if memory
 * had run out; n = 0 turns the failures off. For the calling thread's allocations only (the
 * state is thread-local: other threads' solvers are not touched); returns the number of
 * allocations the thread made since the last call of this or nb_alloc_fail_only. */
uint64_t nb_alloc_fail_after(uint64_t n);

/* Test hook, transient: only the n-th allocation from now on fails; those after it succeed, as
 * when memory is short for a moment. Same counting and return as nb_alloc_fail_after. */
uint64_t nb_alloc_fail_only(uint64_t n);

/* A game from a spec among a fixed list of families (what nb_registry_open and nb_game_open
 * share: no registry object needed for the built-in list). */
nb_status nb_game_open_among(const nb_family *const *families, size_t count, const char *spec,
                             nb_game **out, nb_error *err);

/* The edit distance (insertions, deletions, substitutions) between a and b[0..blen), letters
 * compared without regard to case, capped at 9: how far a typed name is from a known one, for
 * "did you mean" hints. */
unsigned nb_name_distance(const char *a, const char *b, size_t blen);

/* A registry with no family yet (core/registry.c), for the layer above that knows the built-in
 * list (src/games/builtin.c: nb_registry_new) to fill with nb_registry_add. */
nb_status nb_registry_new_empty(nb_registry **out, nb_error *err);

#endif
