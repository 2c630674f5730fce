/*
 * reader.h: the strict streaming reader, for the contest formats (reader.c). Internal: not
 * part of the public API, which is include/nimber.h.
 */
#ifndef NB_CONTEST_READER_H
#define NB_CONTEST_READER_H

#include "internal.h"

/* ---------------------------------------------------------------------------------------------
 * Strict streaming reader
 *
 * Reads a file or standard input in fixed-size chunks, so inputs far larger than memory are
 * fine. Tokens are separated by ASCII white space. Every error names the input, the line and the
 * column (1-based, in bytes) of the offending token: "NAME:LINE:COL: expected ..., found '...'".
 * ------------------------------------------------------------------------------------------- */

typedef struct nb_reader nb_reader;

/* Opens path for reading; path NULL or "-" means standard input (named "<stdin>"). On success
 * *out owns the stream until nb_reader_close. */
nb_status nb_reader_open(const char *path, nb_reader **out, nb_error *err);

/* Reads from an in-memory buffer (not copied: it must outlive the reader). For tests. */
nb_status nb_reader_open_mem(const char *name, const char *data, size_t len, nb_reader **out,
                             nb_error *err);

/* Closes the stream (unless it is stdin) and frees the reader. NULL is allowed. */
void nb_reader_close(nb_reader *r);

/* Sets a phrase added to "found end of input" errors, e.g. "test case 3 of 5 is incomplete".
 * The text is copied; NULL clears it. */
void nb_reader_set_context(nb_reader *r, const char *context);

/* The cheap form of nb_reader_set_context for a loop over items: end-of-input errors then say
 * "(UNIT INDEX of TOTAL is incomplete)", formatted only if an error happens. unit is not copied:
 * it must be a string literal or outlive the reader. unit NULL clears it. */
void nb_reader_set_item(nb_reader *r, const char *unit, uint64_t index, uint64_t total);

/* Reads one unsigned decimal integer in [lo, hi]. `what` describes the expected token for the
 * message ("the number of test cases, from 1 to 1000000000"). Signs, non-digits, values above
 * 2^64-1, values outside [lo, hi] and end of input are NB_EDATA errors. */
nb_status nb_read_u64(nb_reader *r, uint64_t lo, uint64_t hi, const char *what, uint64_t *out,
                      nb_error *err);

/* Reads one token into buf (NUL-terminated). A token longer than cap-1 bytes is an NB_EDATA
 * error. *line and *col (if not NULL) receive the token's position. */
nb_status nb_read_word(nb_reader *r, char *buf, size_t cap, const char *what, uint64_t *line,
                       uint64_t *col, nb_error *err);

/* Skips white space; true iff nothing else remains. */
bool nb_reader_at_end(nb_reader *r);

/* Succeeds iff only white space remains; otherwise "expected end of input, found '...'". */
nb_status nb_read_end(nb_reader *r, nb_error *err);

/* Fails with NB_EDATA and a message "NAME:LINE:COL: <formatted text>" at the given position of
 * this input: for errors found after a token was read (such as an unstable tower). */
nb_status nb_reader_fail_at(nb_reader *r, uint64_t line, uint64_t col, nb_error *err,
                            const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))

#endif
    ;

/* A reader over a memory buffer (not copied: it must outlive the reader) that takes at most
 * `chunk` bytes at a time from it (0: the stream chunk size), as a stream would: how the tests
 * and fuzzers put chunk boundaries everywhere in a token. */
nb_status nb_reader_open_chunked(const char *name, const char *data, size_t len, size_t chunk,
                                 nb_reader **out, nb_error *err);

#endif
