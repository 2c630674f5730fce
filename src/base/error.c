/*
 * error.c: the one error convention of nimber, and the one allocator.
 *
 * Every fallible function returns an nb_status and, on failure, fills the caller's nb_error with
 * the same status and a one-line message. Nothing in the library prints or exits: the command
 * line front end (src/cli) prefixes "nimber: " and turns the status into the exit code. A message
 * longer than nb_error holds ends in "...": messages quote long inputs through nb_quote, which
 * cuts them itself, so this is a last guard, never a silent cut.
 *
 * Every allocation passes through allocation_allowed(), the hook of the allocation-failure
 * tests (base/base.h): a countdown that, once armed, fails the N-th allocation and all after it
 * (persistent, nb_alloc_fail_after) or the N-th alone (transient, nb_alloc_fail_only). Its
 * state is thread-local, not a process-wide global: the documented model is one solver per
 * thread, and two solvers in two threads must neither race on the counter (ThreadSanitizer
 * reported a data race on it when it was a plain global) nor fail each other's allocations. A
 * thread arms injection for its own allocations only, which is what the tests want: the heap
 * engine's marking thread allocates nothing itself (its room is made by the engine's thread
 * before it starts), so every allocation of a solver is counted by the thread that called it.
 */
#if defined(__linux__)
#define _DEFAULT_SOURCE /* madvise and MADV_HUGEPAGE (advise_huge below) */
#endif
#include "base/base.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

nb_status nb_fail(nb_error *err, nb_status st, const char *fmt, ...) {
  if (err != NULL) {
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    if (len >= (int)sizeof err->message) /* never cut silently: the cut shows */
      memcpy(err->message + sizeof err->message - 4, "...", 4);
    err->status = st;
  }
  return st;
}

/* Rewrites err's message as NOTE + message (before) or message + NOTE, NOTE formatted from fmt. */
static nb_status rewrap(nb_error *err, nb_status st, bool before, const char *fmt, va_list ap) {
  char why[sizeof err->message], note[sizeof err->message];
  memcpy(why, err->message, sizeof why);
  vsnprintf(note, sizeof note, fmt, ap);
  return before ? nb_fail(err, st, "%s%s", note, why) : nb_fail(err, st, "%s%s", why, note);
}

nb_status nb_error_prefix(nb_error *err, nb_status st, const char *fmt, ...) {
  if (err == NULL) return st;
  va_list ap;
  va_start(ap, fmt);
  rewrap(err, st, true, fmt, ap);
  va_end(ap);
  return st;
}

nb_status nb_error_suffix(nb_error *err, nb_status st, const char *fmt, ...) {
  if (err == NULL) return st;
  va_list ap;
  va_start(ap, fmt);
  rewrap(err, st, false, fmt, ap);
  va_end(ap);
  return st;
}

nb_status nb_check_output(FILE *out, nb_error *err) {
  if (!ferror(out)) return NB_OK;
  return nb_fail(err, NB_EINTERNAL, "cannot write the output: %s", strerror(errno));
}

bool nb_stdio_release(void) {
  /* Flushing standard input first gives a seekable file back the bytes read ahead and not used
   * (POSIX fflush; exit does the same, fclose does not): `{ nimber play nim 3; nimber play nim 2;
   * } < moves.txt` leaves the second game its moves. On a pipe or terminal it fails, harmlessly. */
  (void)fflush(stdin);
  bool in = fclose(stdin) == 0;
  return fclose(stdout) == 0 && in;
}

_Noreturn void nb_assert_failed(const char *cond, const char *file, int line) {
  fprintf(stderr, "nimber: internal error: %s:%d: assertion failed: %s\n", file, line, cond);
  abort();
}

/* The calling thread's injection state (thread-local: see the essay above). */
static _Thread_local uint64_t fail_at;     /* 0: never fail; else the count that fails */
static _Thread_local bool fail_once;       /* only the fail_at-th fails, not those after it */
static _Thread_local uint64_t alloc_count; /* allocations asked for since the last arming */
static _Thread_local void (*watch)(void *);  /* nb_alloc_watch's sink, or NULL */
static _Thread_local void *watch_ctx;

static uint64_t arm(uint64_t n, bool once) {
  uint64_t counted = alloc_count;
  fail_at = n;
  fail_once = once;
  alloc_count = 0;
  return counted;
}

uint64_t nb_alloc_fail_after(uint64_t n) {
  return arm(n, false);
}

uint64_t nb_alloc_fail_only(uint64_t n) {
  return arm(n, true);
}

void nb_alloc_watch(void (*sink)(void *ctx), void *ctx) {
  watch = sink;
  watch_ctx = ctx;
}

static bool allocation_allowed(void) {
  if (watch != NULL) watch(watch_ctx);
  alloc_count++;
  if (fail_at == 0) return true;
  return fail_once ? alloc_count != fail_at : alloc_count < fail_at;
}

/* Large blocks are asked to be backed by transparent huge pages (2 MiB) where Linux offers them
 * on request (/sys/kernel/mm/transparent_hugepage/enabled set to "madvise", Debian's default).
 * The memos of the searches, the heap engine's tables and the quotient's are hash tables or
 * arrays filled across their whole length: on 4 KiB pages each first touch of a page is a fault,
 * and on a virtual machine a fault costs some 10-20 us (this 2-core guest: 13 us), so a search
 * that fills a 256 MiB table spent most of a second in the kernel. Measured on the test programs,
 * one right after the other (glibc's own switch for the same advice, GLIBC_TUNABLES
 * glibc.malloc.hugetlb=1, standing for this before it was written; CPU, load average 5):
 * test_division 5.8-6.4 s -> 3.9-4.2 s (170,826 -> 7,004 faults), test_quotient 3.6-4.1 s ->
 * 1.5 s. Blocks under 2 MiB are left alone.
 *
 * What is advised is every page the block touches, first to last, not only its 2 MiB-aligned
 * interior. A block this large is a mapping of its own in glibc (its header in the same first
 * page, the mapping ending with the block's last page), and an array grows by moving that
 * mapping's pages (mremap), never copying them, which memory.c's accounting counts on (an
 * array's growth is charged its new capacity only). Advice on part of a mapping splits it in
 * pieces, and mremap moves one piece only: glibc then copied, old and new blocks both held, and
 * `value twothree <200 heaps> --remoteness --memory 256M` peaked at 270 MB (the reviewer's
 * strace: mremap failing with EFAULT at each doubling). Advised whole, the mapping stays one.
 * A block within the heap's own area (glibc's threshold for mappings rises with the blocks
 * freed) splits that area instead, which costs nothing: such blocks grow by copying anyway.
 * Memory: a huge page forms only on a 2 MiB-aligned stretch inside the advised pages, so within
 * the block and the pages it shares with its neighbours at its two ends, never a stretch of
 * another block's alone; what a computation holds stays within what it allocated, the figure
 * its --memory limit counts. The advice is advice: where the kernel refuses it (no THP, another
 * system), nothing changes but speed. */
static void *advise_huge(void *p, size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  enum { HUGE = 2u << 20 };
  long page = p != NULL && bytes >= HUGE ? sysconf(_SC_PAGESIZE) : 0; /* small blocks: no call */
  if (page > 0) {
    uintptr_t start = (uintptr_t)p & ~(uintptr_t)(page - 1);
    uintptr_t end = ((uintptr_t)p + bytes + (uintptr_t)page - 1) & ~(uintptr_t)(page - 1);
    (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
  }
#else
  (void)bytes;
#endif
  return p;
}

static void *out_of_memory(size_t count, size_t size, nb_error *err) {
  nb_fail(err, NB_EINTERNAL, "out of memory: %zu items of %zu bytes", count, size);
  return NULL;
}

void *nb_alloc(size_t count, size_t size, nb_error *err) {
  if (count == 0 || size == 0) {
    count = 1;
    size = 1;
  }
  if (count > SIZE_MAX / size || !allocation_allowed()) return out_of_memory(count, size, err);
  void *p = advise_huge(calloc(count, size), count * size);
  return p != NULL ? p : out_of_memory(count, size, err);
}

void *nb_realloc(void *ptr, size_t count, size_t size, nb_error *err) {
  if (count == 0 || size == 0) {
    count = 1;
    size = 1;
  }
  if (count > SIZE_MAX / size || !allocation_allowed()) return out_of_memory(count, size, err);
  void *p = advise_huge(realloc(ptr, count * size), count * size);
  return p != NULL ? p : out_of_memory(count, size, err);
}

nb_status nb_grow(void **arr, size_t *cap, size_t len, size_t more, size_t size, size_t first,
                  nb_error *err) {
  if (more <= *cap && len <= *cap - more) return NB_OK;
  if (len > SIZE_MAX - more) return nb_fail(err, NB_EINTERNAL, "out of memory: array too long");
  size_t want = *cap ? *cap : (first ? first : 1);
  while (want < len + more)
    want = want > SIZE_MAX / 2 ? len + more : want * 2;
  void *p = nb_realloc(*arr, want, size, err);
  if (p == NULL) return NB_EINTERNAL;
  *arr = p;
  *cap = want;
  return NB_OK;
}

const char *nb_version(void) {
  return NB_VERSION_STRING;
}
