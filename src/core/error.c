/*
 * error.c: the one error convention of nimber.
 *
 * Every fallible function returns an nb_status and, on failure, fills the caller's nb_error with
 * the same status and a one-line message. Nothing in the library prints or exits: the command
 * line front end (src/cli) prefixes "nimber: " and turns the status into the exit code.
 */
#include "nimber.h"

#include <stdio.h>
#include <stdlib.h>

nb_status nb_fail(nb_error *err, nb_status st, const char *fmt, ...) {
  if (err != NULL) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    err->status = st;
  }
  return st;
}

void *nb_alloc(size_t count, size_t size, nb_error *err) {
  if (count == 0 || size == 0) {
    count = 1;
    size = 1;
  }
  if (count > SIZE_MAX / size) {
    nb_fail(err, NB_EINTERNAL, "out of memory: %zu items of %zu bytes", count, size);
    return NULL;
  }
  void *p = calloc(count, size);
  if (p == NULL) nb_fail(err, NB_EINTERNAL, "out of memory: %zu items of %zu bytes", count, size);
  return p;
}
