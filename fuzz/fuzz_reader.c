/*
 * fuzz_reader.c: the streaming reader, differentially: every chunk size and a real file agree.
 *
 * The same bytes are read, in lockstep, by readers over memory with chunks of 1, 2, 3, 5, ...
 * bytes up to 64 KiB (nb_reader_open_chunked) and by a reader over a real file (a memfd opened
 * by path with nb_reader_open, so through stdio, as `nimber solve FILE` reads). The input drives
 * a program of reads: numbers with various [lo, hi], words with various buffer sizes, at_end,
 * read_end and end-of-input contexts. Every reader must give the same result and the same
 * message at every step (issue 11, defect 1: a number crossing a chunk boundary was read as two).
 *
 * A plain reference reads the whole input as one string and checks what all readers agree on:
 * each value is the token's, each refusal names the token's (or the end's) line and column, and
 * a token is accepted exactly when the contract says it is. So the readers cannot all be wrong
 * the same way.
 *
 * Input layout: byte 0 gives the number of operations (1 to 16), then come the operation codes,
 * then the text. Padding: one input in 256 (chosen by a hash of its bytes, so that it is
 * reproducible yet not something the fuzzer can hold fixed) is also read preceded by white space
 * so that its text starts 0 to 127 bytes before the 64 KiB boundary: its first tokens straddle
 * the stream's chunk. Padded text is read by the file and the 64 KiB chunk sizes only: skipping
 * 64 KiB of padding costs about a millisecond per reader in the instrumented build, and fuzzing
 * must stay fast.
 */
#define _GNU_SOURCE /* memfd_create */
#include "contest/reader.h"
#include "fuzz.h"

#include <sys/mman.h>
#include <unistd.h>

enum {
  CHUNK = 1 << 16,  /* the stream's chunk: nb_reader_open reads 64 KiB at a time */
  MAX_READERS = 16, /* readers in lockstep */
  SHOWN = 40,       /* bytes of a token the reader quotes */
  MAX_WORD = 63,    /* longest word the reader accepts */
};

static const size_t small_chunks[] = {1, 2, 3, 5, 8, 64, 65, 4099, 0};
static const size_t large_chunks[] = {0, CHUNK - 15};

static const struct range {
  uint64_t lo, hi;
} ranges[8] = {{1, UINT64_MAX}, {0, UINT64_MAX}, {1, 1000000000},          {0, 0},
               {5, 5},          {1, 18},         {UINT64_MAX, UINT64_MAX}, {10, 20}};
static const size_t word_caps[8] = {1, 2, 3, 4, 8, 63, 64, 65};

/* --- the plain reference ---------------------------------------------------------------------- */

typedef struct ref {
  const unsigned char *in; /* the whole input */
  size_t len, pos;         /* its length; the next byte to read */
  uint64_t line;           /* line of in[pos] */
  size_t line_start;       /* offset of that line's first byte */
} ref;

static void ref_skip(ref *r) {
  for (; r->pos < r->len && fuzz_space(r->in[r->pos]); r->pos++)
    if (r->in[r->pos] == '\n') {
      r->line++;
      r->line_start = r->pos + 1;
    }
}

/* What the contract says of the next token: *ok and *value (numbers), and its end. */
static size_t ref_token(const ref *r, bool number, size_t cap, uint64_t lo, uint64_t hi, bool *ok,
                        uint64_t *value) {
  size_t end = r->pos;
  bool fine = true, overflow = false;
  uint64_t v = 0;
  for (; end < r->len && !fuzz_space(r->in[end]); end++) {
    unsigned char c = r->in[end];
    if (number && (c < '0' || c > '9')) fine = false;
    if (!number && (c < 0x21 || c > 0x7e)) fine = false;
    if (number && fine && !overflow) {
      overflow = v > (UINT64_MAX - (uint64_t)(c - '0')) / 10;
      v = v * 10 + (uint64_t)(c - '0');
    }
  }
  size_t n = end - r->pos;
  *ok = number ? fine && !overflow && v >= lo && v <= hi : fine && n < cap && n <= MAX_WORD;
  *value = v;
  return end;
}

/* --- the readers ------------------------------------------------------------------------------ */

typedef struct lockstep {
  nb_reader *rd[MAX_READERS]; /* the readers */
  size_t chunk[MAX_READERS];  /* their chunk sizes (SIZE_MAX: the file) */
  size_t n;                   /* how many */
  const char *name;           /* the name they all report */
  ref ref;                    /* the reference */
} lockstep;

/* One step's result: status, and a value, a word or a message. */
typedef struct result {
  nb_status st;
  uint64_t value, line, col;
  bool end;
  char word[72];
  char message[sizeof((nb_error *)0)->message];
} result;

static void run_op(nb_reader *rd, unsigned op, result *out) {
  nb_error err = {0};
  memset(out, 0, sizeof *out);
  switch (op % 8) {
  case 0:
  case 1:
  case 2:
    out->st = nb_read_u64(rd, ranges[op / 8 % 8].lo, ranges[op / 8 % 8].hi, "a number", &out->value,
                          &err);
    break;
  case 3:
  case 4:
    out->st =
        nb_read_word(rd, out->word, word_caps[op / 8 % 8], "a word", &out->line, &out->col, &err);
    break;
  case 5:
    out->end = nb_reader_at_end(rd);
    break;
  case 6:
    out->st = nb_read_end(rd, &err);
    break;
  default:
    if (op & 8)
      nb_reader_set_item(rd, "case", op / 16, 15);
    else
      nb_reader_set_context(rd, op & 16 ? "the context of this read" : NULL);
  }
  if (out->st != NB_OK) snprintf(out->message, sizeof out->message, "%s", err.message);
}

static bool same_result(const result *a, const result *b) {
  return a->st == b->st && a->value == b->value && a->line == b->line && a->col == b->col &&
         a->end == b->end && strcmp(a->word, b->word) == 0 && strcmp(a->message, b->message) == 0;
}

/* Checks what every reader answered against the reference, and advances the reference. */
static void check_reference(lockstep *ls, unsigned op, const result *got) {
  ref *r = &ls->ref;
  unsigned kind = op % 8;
  if (kind == 7) return;
  ref_skip(r);
  uint64_t line = r->line, col = (uint64_t)(r->pos - r->line_start) + 1, l, c;
  if (kind == 5) {
    FUZZ_CHECK(got->end == (r->pos == r->len), "at_end says %d at %zu of %zu", got->end, r->pos,
               r->len);
    return;
  }
  bool number = kind <= 2, ok = false;
  uint64_t value = 0;
  size_t end = r->pos;
  if (r->pos < r->len && kind != 6)
    end = ref_token(r, number, word_caps[op / 8 % 8], ranges[op / 8 % 8].lo, ranges[op / 8 % 8].hi,
                    &ok, &value);
  if (kind == 6) ok = r->pos == r->len;
  if (!ok) {
    FUZZ_CHECK(got->st == NB_EDATA, "op %u at %zu: status %d, want a refusal", op, r->pos,
               (int)got->st);
    FUZZ_CHECK(fuzz_located(got->message, ls->name, &l, &c) && l == line && c == col,
               "op %u: message '%s', want it at %llu:%llu", op, got->message,
               (unsigned long long)line, (unsigned long long)col);
    return;
  }
  FUZZ_CHECK(got->st == NB_OK, "op %u at %zu:%zu: refused: %s", op, (size_t)line, (size_t)col,
             got->message);
  if (number)
    FUZZ_CHECK(got->value == value, "op %u: read %llu, want %llu", op,
               (unsigned long long)got->value, (unsigned long long)value);
  if (kind == 3 || kind == 4) {
    FUZZ_CHECK(strlen(got->word) == end - r->pos &&
                   memcmp(got->word, r->in + r->pos, end - r->pos) == 0 && got->line == line &&
                   got->col == col,
               "op %u: word '%s' at %llu:%llu", op, got->word, (unsigned long long)got->line,
               (unsigned long long)got->col);
  }
  r->pos = end;
}

/* Runs the program over all readers in lockstep until one step fails or the input ends. */
static void run_program(lockstep *ls, const uint8_t *ops, size_t nops, size_t steps) {
  for (size_t s = 0; s < steps; s++) {
    unsigned op = ops[s % nops];
    result first, other;
    run_op(ls->rd[0], op, &first);
    for (size_t i = 1; i < ls->n; i++) {
      run_op(ls->rd[i], op, &other);
      FUZZ_CHECK(same_result(&first, &other),
                 "step %zu (op %u): chunk %zu says (%d, %llu, '%s', '%s'), chunk %zu says (%d, "
                 "%llu, '%s', '%s')",
                 s, op, ls->chunk[0], (int)first.st, (unsigned long long)first.value, first.word,
                 first.message, ls->chunk[i], (int)other.st, (unsigned long long)other.value,
                 other.word, other.message);
    }
    check_reference(ls, op, &first);
    if (first.st != NB_OK || op % 8 == 6) return;
  }
}

/* A file holding text, for nb_reader_open: a memfd, named by its /proc path. */
static int file_of(const uint8_t *text, size_t len, char *path, size_t cap) {
  int fd = memfd_create("fuzz_reader", 0);
  FUZZ_CHECK(fd >= 0, "memfd_create failed");
  for (size_t done = 0; done < len;) {
    ssize_t k = write(fd, text + done, len - done);
    FUZZ_CHECK(k > 0, "write to the memfd failed");
    done += (size_t)k;
  }
  snprintf(path, cap, "/proc/self/fd/%d", fd);
  return fd;
}

/* Reads text[0..len) by the program; the first `pad` bytes are white space (the reference starts
 * after them, at the line and column they leave). */
static void read_all(const uint8_t *text, size_t len, size_t pad, const uint8_t *ops, size_t nops,
                     size_t steps) {
  char path[64];
  int fd = file_of(text, len, path, sizeof path);
  bool padded = pad > 0;
  lockstep ls = {.name = path, .ref = {.in = text, .len = len, .pos = pad, .line = 1}};
  for (size_t i = 0; i < pad; i++)
    if (text[i] == '\n') {
      ls.ref.line++;
      ls.ref.line_start = i + 1;
    }
  nb_error err;
  const size_t *chunks = padded ? large_chunks : small_chunks;
  size_t nchunks = padded ? sizeof large_chunks / sizeof *large_chunks
                          : sizeof small_chunks / sizeof *small_chunks;
  FUZZ_CHECK(nb_reader_open(path, &ls.rd[0], &err) == NB_OK, "%s", err.message);
  ls.chunk[0] = SIZE_MAX;
  for (ls.n = 1; ls.n <= nchunks; ls.n++) {
    ls.chunk[ls.n] = chunks[ls.n - 1];
    FUZZ_CHECK(nb_reader_open_chunked(path, (const char *)text, len, chunks[ls.n - 1], &ls.rd[ls.n],
                                      &err) == NB_OK,
               "%s", err.message);
  }
  run_program(&ls, ops, nops, steps);
  for (size_t i = 0; i < ls.n; i++)
    nb_reader_close(ls.rd[i]);
  close(fd);
}

/* FNV-1a: which inputs are also read padded, and where the padding ends. */
static uint32_t hash_of(const uint8_t *data, size_t size) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < size; i++)
    h = (h ^ data[i]) * 16777619u;
  return h;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const uint8_t default_ops[] = {0};
  size_t nops = size > 0 ? (size_t)(data[0] % 16) + 1 : 0;
  const uint8_t *ops = default_ops, *text = data + size;
  if (size >= 1 + nops) {
    ops = data + 1;
    text = data + 1 + nops;
  } else {
    nops = 1;
  }
  size_t len = (size_t)(data + size - text);
  read_all(text, len, 0, ops, nops, len + 16);
  uint32_t h = hash_of(data, size);
  if (h % 256 != 0) return 0;
  size_t pad = CHUNK - (size_t)(h >> 8) % 128;
  uint8_t *padded = nb_alloc(pad + len + 1, 1, NULL);
  FUZZ_CHECK(padded != NULL, "out of memory");
  for (size_t i = 0; i < pad; i++)
    padded[i] = i % 61 == 60 ? '\n' : ' ';
  memcpy(padded + pad, text, len);
  read_all(padded, pad + len, pad, ops, nops, len + 16);
  free(padded);
  return 0;
}
