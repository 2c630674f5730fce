/*
 * reader.c: the strict streaming tokenizer every contest front end reads through.
 *
 * Design. Input comes from a source (a stream, or a memory buffer read the same way) in chunks
 * into one buffer; nothing larger than a chunk is ever held, so a 10 GB input costs the same
 * memory as a 10 byte one. Tokens are runs of non-space bytes (space, \t, \n, \v, \f, \r).
 *
 *   Invariant (lookahead). When a token is scanned, at least LOOKAHEAD bytes follow its first
 *   byte in the buffer, or the buffer holds the rest of the input. Topping up moves fewer than
 *   LOOKAHEAD bytes to the front, once per chunk.
 *   Invariant (sentinels). PAD zero bytes follow the valid bytes buf[0..len). A zero byte is
 *   neither space nor digit, so every scanning loop stops at len without a bounds test, and the
 *   8-byte loads of the digit scanner never read past the allocation.
 *
 * Two paths read a number. The fast path takes the common token, whole in the buffer: leading
 * zeros, at most 20 significant digits worth at most 2^64-1, then a space. It parses eight digits
 * at a time (SWAR: one 64-bit load, a digit test on all eight bytes at once, three multiplications
 * to combine them). Anything else (a longer or malformed token, one reaching the end of the buffer,
 * end of input) goes to the general path, which rescans the token from its first byte one byte at a
 * time and follows it across refills wherever the chunks fall: a token is read whole, or
 * refused with the same message, whatever its length (a number may carry any number of leading
 * zeros). The general path is the definition; the fast path only ever accepts what the general
 * path accepts with the same value, which the tests check on random and boundary-crossing
 * inputs with chunks of every size (nb_reader_open_chunked).
 *
 * Words (layers such as "III") are printable ASCII of at most MAX_WORD bytes, so a word always
 * fits the lookahead; longer words, and words holding other bytes (NUL included), are refused.
 *
 * Positions, lazily. Lines are not counted as bytes are read: `counted` marks how far the
 * newlines of the buffer have been counted into `line` and `line_start` (the absolute offset of
 * that line's first byte), and they are counted only when bytes are about to leave the buffer
 * (sixteen at a time, with a vector compare) or when a position is asked for (an error, or a
 * word's position). A token's column is its absolute offset minus line_start, plus one; columns
 * count bytes.
 */
#include "reader.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Rare paths stay out of line, so the hot ones keep a small frame. */
#if defined(__GNUC__)
#define COLD __attribute__((noinline, cold))
#else
#define COLD
#endif

enum {
  READ_CHUNK = 1 << 16,     /* bytes asked of a stream at a time */
  LOOKAHEAD = 64,           /* bytes guaranteed after a token's first byte (or end of input) */
  PAD = 16,                 /* zero bytes kept after the valid bytes: sentinels, room for loads */
  SHOWN = 40,               /* bytes of a bad token quoted in a message */
  MAX_WORD = LOOKAHEAD - 1, /* longest word nb_read_word accepts */
  FAST_DIGITS = 19,         /* significant digits that cannot overflow (10^19 - 1 < 2^64) */
};

struct nb_reader {
  FILE *fp;            /* the stream, or NULL when reading from memory */
  bool owns_fp;        /* close fp on nb_reader_close (false for stdin) */
  const char *mem;     /* memory source: the bytes not yet copied into buf */
  size_t mem_left;     /* bytes of mem left */
  size_t chunk;        /* most bytes asked of the source at a time */
  unsigned char *buf;  /* window of the input: buf[pos..len) not yet consumed; then PAD zeros */
  size_t pos;          /* next unread byte in buf */
  size_t len;          /* bytes valid in buf */
  size_t cap;          /* room for valid bytes in buf (PAD more are allocated) */
  bool eof;            /* the source has no bytes beyond buf[len) */
  int read_errno;      /* the errno of a failed read (the input then ends there), or 0 */
  uint64_t base;       /* absolute offset of buf[0] */
  size_t counted;      /* the newlines of buf[0..counted) are counted in line, line_start */
  uint64_t line;       /* 1-based line of buf[counted] */
  uint64_t line_start; /* absolute offset of the first byte of that line */
  char *name;          /* "<stdin>" or the path, for messages (allocated) */
  char context[160];   /* appended to end-of-input errors, or "" */
  const char *unit;    /* with item and items: "(UNIT ITEM of ITEMS is incomplete)", or NULL */
  uint64_t item;       /* the item being read, 1-based */
  uint64_t items;      /* how many items there are */
};

/* Byte classes: space separates tokens; word bytes are printable ASCII. */
enum { C_SPACE = 1, C_WORD = 2 };

static const uint8_t byte_class[256] = {
    ['\t'] = C_SPACE, ['\n'] = C_SPACE, ['\v'] = C_SPACE, ['\f'] = C_SPACE, ['\r'] = C_SPACE,
    [' '] = C_SPACE,  ['!'] = C_WORD,   ['"'] = C_WORD,   ['#'] = C_WORD,   ['$'] = C_WORD,
    ['%'] = C_WORD,   ['&'] = C_WORD,   ['\''] = C_WORD,  ['('] = C_WORD,   [')'] = C_WORD,
    ['*'] = C_WORD,   ['+'] = C_WORD,   [','] = C_WORD,   ['-'] = C_WORD,   ['.'] = C_WORD,
    ['/'] = C_WORD,   ['0'] = C_WORD,   ['1'] = C_WORD,   ['2'] = C_WORD,   ['3'] = C_WORD,
    ['4'] = C_WORD,   ['5'] = C_WORD,   ['6'] = C_WORD,   ['7'] = C_WORD,   ['8'] = C_WORD,
    ['9'] = C_WORD,   [':'] = C_WORD,   [';'] = C_WORD,   ['<'] = C_WORD,   ['='] = C_WORD,
    ['>'] = C_WORD,   ['?'] = C_WORD,   ['@'] = C_WORD,   ['A'] = C_WORD,   ['B'] = C_WORD,
    ['C'] = C_WORD,   ['D'] = C_WORD,   ['E'] = C_WORD,   ['F'] = C_WORD,   ['G'] = C_WORD,
    ['H'] = C_WORD,   ['I'] = C_WORD,   ['J'] = C_WORD,   ['K'] = C_WORD,   ['L'] = C_WORD,
    ['M'] = C_WORD,   ['N'] = C_WORD,   ['O'] = C_WORD,   ['P'] = C_WORD,   ['Q'] = C_WORD,
    ['R'] = C_WORD,   ['S'] = C_WORD,   ['T'] = C_WORD,   ['U'] = C_WORD,   ['V'] = C_WORD,
    ['W'] = C_WORD,   ['X'] = C_WORD,   ['Y'] = C_WORD,   ['Z'] = C_WORD,   ['['] = C_WORD,
    ['\\'] = C_WORD,  [']'] = C_WORD,   ['^'] = C_WORD,   ['_'] = C_WORD,   ['`'] = C_WORD,
    ['a'] = C_WORD,   ['b'] = C_WORD,   ['c'] = C_WORD,   ['d'] = C_WORD,   ['e'] = C_WORD,
    ['f'] = C_WORD,   ['g'] = C_WORD,   ['h'] = C_WORD,   ['i'] = C_WORD,   ['j'] = C_WORD,
    ['k'] = C_WORD,   ['l'] = C_WORD,   ['m'] = C_WORD,   ['n'] = C_WORD,   ['o'] = C_WORD,
    ['p'] = C_WORD,   ['q'] = C_WORD,   ['r'] = C_WORD,   ['s'] = C_WORD,   ['t'] = C_WORD,
    ['u'] = C_WORD,   ['v'] = C_WORD,   ['w'] = C_WORD,   ['x'] = C_WORD,   ['y'] = C_WORD,
    ['z'] = C_WORD,   ['{'] = C_WORD,   ['|'] = C_WORD,   ['}'] = C_WORD,   ['~'] = C_WORD,
};

static bool is_space(unsigned char c) {
  return byte_class[c] & C_SPACE;
}

static bool is_digit(unsigned char c) {
  return (unsigned)(c - '0') < 10u;
}

/* --- the source ------------------------------------------------------------------------------ */

/* Reads at most `want` bytes from the source into dst; 0 at end of input or on a read error
 * (then read_errno is set). */
static size_t source_read(nb_reader *r, unsigned char *dst, size_t want) {
  if (want > r->chunk) want = r->chunk;
  if (r->fp == NULL) {
    size_t got = want < r->mem_left ? want : r->mem_left;
    memcpy(dst, r->mem, got);
    r->mem += got;
    r->mem_left -= got;
    return got;
  }
  size_t got = fread(dst, 1, want, r->fp);
  if (got == 0 && ferror(r->fp)) r->read_errno = errno ? errno : EIO;
  return got;
}

/* --- positions ------------------------------------------------------------------------------- */

#if defined(__GNUC__)
typedef unsigned char bytes16 __attribute__((vector_size(16)));

/* The number of '\n' bytes in b[0..n), sixteen at a time: a vector compare gives 0xff (-1) per
 * newline byte, subtracted into per-lane counters that are summed before they can wrap (every
 * 255 steps). */
static uint64_t count_newlines(const unsigned char *b, size_t n) {
  const bytes16 newline = {'\n', '\n', '\n', '\n', '\n', '\n', '\n', '\n',
                           '\n', '\n', '\n', '\n', '\n', '\n', '\n', '\n'};
  uint64_t total = 0;
  size_t i = 0;
  while (n - i >= 16) {
    bytes16 lanes = {0};
    for (size_t steps = 0; steps < 255 && n - i >= 16; steps++, i += 16) {
      bytes16 v;
      memcpy(&v, b + i, 16);
      lanes -= (bytes16)(v == newline);
    }
    for (int k = 0; k < 16; k++)
      total += lanes[k];
  }
  for (; i < n; i++)
    total += b[i] == '\n';
  return total;
}
#else
static uint64_t count_newlines(const unsigned char *b, size_t n) {
  uint64_t total = 0;
  for (size_t i = 0; i < n; i++)
    total += b[i] == '\n';
  return total;
}
#endif

/* Counts the newlines of buf[counted..upto) into line and line_start. */
static void count_lines(nb_reader *r, size_t upto) {
  NB_ASSERT(upto >= r->counted && upto <= r->len);
  const unsigned char *b = r->buf;
  uint64_t n = count_newlines(b + r->counted, upto - r->counted);
  if (n > 0) {
    size_t last = upto;
    while (b[last - 1] != '\n') /* there is one in [counted, upto) */
      last--;
    r->line += n;
    r->line_start = r->base + last;
  }
  r->counted = upto;
}

/* The line and column of buf[at] (at >= counted). */
static void position_of(nb_reader *r, size_t at, uint64_t *line, uint64_t *col) {
  count_lines(r, at);
  *line = r->line;
  *col = r->base + at - r->line_start + 1;
}

/* --- the buffer ------------------------------------------------------------------------------ */

/* Drops the consumed bytes buf[0..pos) and reads until at least `want` unread bytes are there
 * or the input ends. Restores the sentinels. */
static void top_up(nb_reader *r, size_t want) {
  if (r->eof || r->len - r->pos >= want) return;
  count_lines(r, r->pos);
  size_t rest = r->len - r->pos;
  memmove(r->buf, r->buf + r->pos, rest);
  r->base += r->pos;
  r->counted = 0;
  r->pos = 0;
  r->len = rest;
  while (!r->eof && r->len < want) {
    size_t got = source_read(r, r->buf + r->len, r->cap - r->len);
    r->len += got;
    r->eof = got == 0;
  }
  NB_ASSERT(r->len <= r->cap && (r->eof || r->len >= want));
  memset(r->buf + r->len, 0, PAD); /* the sentinels */
}

/* Skips white space from buf[pos]; afterwards buf[pos] is a token's first byte with the
 * lookahead guaranteed, or the input is exhausted (pos == len, eof). Returns pos. */
COLD static size_t skip_space_slow(nb_reader *r, size_t i) {
  for (;;) {
    r->pos = i;
    top_up(r, LOOKAHEAD);
    i = r->pos;
    while (is_space(r->buf[i])) /* the sentinel stops it */
      i++;
    if (r->eof || r->len - i >= LOOKAHEAD) break;
  }
  r->pos = i;
  return i;
}

static inline size_t skip_space(nb_reader *r) {
  size_t i = r->pos;
  while (is_space(r->buf[i]))
    i++;
  if (r->len - i < LOOKAHEAD && !r->eof) return skip_space_slow(r, i);
  r->pos = i;
  return i;
}

/* --- opening and closing --------------------------------------------------------------------- */

static nb_reader *reader_new(const char *name, size_t chunk, size_t room, nb_error *err) {
  nb_reader *r = nb_alloc(1, sizeof *r, err);
  if (r == NULL) return NULL;
  size_t name_len = strlen(name);
  r->name = nb_alloc(name_len + 1, 1, err);
  r->chunk = chunk ? chunk : 1;
  r->cap = room + LOOKAHEAD;
  r->buf = r->name ? nb_alloc(r->cap + PAD, 1, err) : NULL;
  if (r->buf == NULL) {
    nb_reader_close(r);
    return NULL;
  }
  memcpy(r->name, name, name_len + 1);
  r->line = 1;
  return r;
}

nb_status nb_reader_open(const char *path, nb_reader **out, nb_error *err) {
  bool use_stdin = path == NULL || strcmp(path, "-") == 0;
  FILE *fp = use_stdin ? stdin : fopen(path, "rb");
  if (fp == NULL)
    return nb_fail(err, NB_ENOINPUT, "%s: cannot open for reading: %s", path, strerror(errno));
  nb_reader *r = reader_new(use_stdin ? "<stdin>" : path, READ_CHUNK, READ_CHUNK, err);
  if (r == NULL) {
    if (!use_stdin) fclose(fp);
    return NB_EINTERNAL;
  }
  r->fp = fp;
  r->owns_fp = !use_stdin;
  *out = r;
  return NB_OK;
}

nb_status nb_reader_open_chunked(const char *name, const char *data, size_t len, size_t chunk,
                                 nb_reader **out, nb_error *err) {
  if (chunk == 0 || chunk > READ_CHUNK) chunk = READ_CHUNK;
  nb_reader *r = reader_new(name, chunk, len < chunk ? len : chunk, err);
  if (r == NULL) return NB_EINTERNAL;
  r->mem = data;
  r->mem_left = len;
  *out = r;
  return NB_OK;
}

nb_status nb_reader_open_mem(const char *name, const char *data, size_t len, nb_reader **out,
                             nb_error *err) {
  return nb_reader_open_chunked(name, data, len, 0, out, err);
}

void nb_reader_close(nb_reader *r) {
  if (r == NULL) return;
  if (r->owns_fp) fclose(r->fp);
  free(r->buf);
  free(r->name);
  free(r);
}

void nb_reader_set_context(nb_reader *r, const char *context) {
  const char *text = context ? context : "";
  size_t len = strlen(text);
  if (len < sizeof r->context) /* our own phrases fit; a longer one is cut visibly */
    memcpy(r->context, text, len + 1);
  else
    snprintf(r->context, sizeof r->context, "%.*s...", (int)sizeof r->context - 4, text);
  r->unit = NULL;
}

void nb_reader_set_item(nb_reader *r, const char *unit, uint64_t index, uint64_t total) {
  r->context[0] = '\0';
  r->unit = unit;
  r->item = index;
  r->items = total;
}

/* --- errors ---------------------------------------------------------------------------------- */

/* What an error says about the token it refuses: where it starts and its first bytes. */
typedef struct token_mark {
  uint64_t line, col;        /* position of the token's first byte */
  char quote[SHOWN * 4 + 8]; /* its first SHOWN bytes, escaped, then "..." if it is longer */
} token_mark;

/* Marks the token starting at buf[at] (the lookahead guaranteed). */
static void mark_token(nb_reader *r, size_t at, token_mark *m) {
  position_of(r, at, &m->line, &m->col);
  size_t k = 0, i = at;
  while (i < r->len && !is_space(r->buf[i]) && i - at < SHOWN) {
    unsigned char c = r->buf[i++];
    if (c >= 0x20 && c < 0x7f)
      m->quote[k++] = (char)c;
    else
      k += (size_t)snprintf(m->quote + k, sizeof m->quote - k, "\\x%02x", c);
  }
  if (i < r->len && !is_space(r->buf[i])) {
    memcpy(m->quote + k, "...", 3);
    k += 3;
  }
  m->quote[k] = '\0';
}

/* "NAME:LINE:COL: expected WHAT, found 'QUOTE'NOTE". */
static nb_status refuse(const nb_reader *r, const token_mark *m, const char *what, const char *note,
                        nb_error *err) {
  return nb_fail(err, NB_EDATA, "%s:%llu:%llu: expected %s, found '%s'%s", r->name,
                 (unsigned long long)m->line, (unsigned long long)m->col, what, m->quote,
                 note ? note : "");
}

/* The error at the end of the input: it ends where a token was expected, or could not be read
 * further. */
static nb_status at_end(nb_reader *r, const char *what, nb_error *err) {
  uint64_t line, col;
  position_of(r, r->len, &line, &col);
  if (r->read_errno != 0)
    return nb_fail(err, NB_ENOINPUT, "%s:%llu:%llu: cannot read further: %s", r->name,
                   (unsigned long long)line, (unsigned long long)col, strerror(r->read_errno));
  if (r->unit != NULL)
    snprintf(r->context, sizeof r->context, "%s %llu of %llu is incomplete", r->unit,
             (unsigned long long)r->item, (unsigned long long)r->items);
  const char *ctx = r->context;
  return nb_fail(err, NB_EDATA, "%s:%llu:%llu: expected %s, found end of input%s%s%s", r->name,
                 (unsigned long long)line, (unsigned long long)col, what, ctx[0] ? " (" : "", ctx,
                 ctx[0] ? ")" : "");
}

/* --- numbers --------------------------------------------------------------------------------- */

/* The number of leading decimal digits among the eight bytes of w (first byte lowest). Each
 * byte b is a digit iff b ^ 0x30 has high nibble 0 and low nibble at most 9, i.e. adding 6 to
 * the low nibble does not carry; no byte's sum reaches the next byte. */
static unsigned digit_run(uint64_t w) {
  const uint64_t low = 0x0f0f0f0f0f0f0f0full, high = 0xf0f0f0f0f0f0f0f0ull;
  uint64_t t = w ^ 0x3030303030303030ull;
  uint64_t bad = (t | ((t & low) + 0x0606060606060606ull)) & high;
  return bad == 0 ? 8u : (unsigned)__builtin_ctzll(bad) / 8u;
}

/* The value of the first k (1..8) digit bytes of w. Shifting left by 8(8-k) bits drops the
 * other bytes and puts k digits behind 8-k zero digits; then pairs, quadruples and the octet
 * are combined by multiply-shift: byte j of (t * (10 * 2^8 + 1)) >> 8 is 10 d_j + d_(j+1) <= 99
 * (no carries between bytes), and likewise for 16 and 32 bits. */
static uint64_t digits_value(uint64_t w, unsigned k) {
  uint64_t t = (w & 0x0f0f0f0f0f0f0f0full) << (8 * (8 - k));
  t = ((t * 2561) >> 8) & 0x00ff00ff00ff00ffull;
  t = ((t * 6553601) >> 16) & 0x0000ffff0000ffffull;
  return (t * 42949672960001ull) >> 32;
}

static uint64_t load8(const unsigned char *p) {
  uint64_t w;
  memcpy(&w, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  w = __builtin_bswap64(w);
#endif
  return w;
}

static const uint64_t powers_of_ten[9] = {1,      10,      100,      1000,     10000,
                                          100000, 1000000, 10000000, 100000000};

/* The fast path: true, with *out and the token consumed, iff the token at buf[i] is leading
 * zeros, then at most 20 significant digits worth at most 2^64-1, then a space, all inside the
 * buffer, and its value lies in [lo, hi]. False means "ask the general path", never "bad". */
static inline bool read_u64_fast(nb_reader *r, size_t i, uint64_t lo, uint64_t hi, uint64_t *out) {
  NB_ASSERT(r->eof || r->len - i >= LOOKAHEAD); /* the lookahead invariant */
  NB_ASSERT(r->buf[r->len] == 0);               /* the sentinel */
  const unsigned char *start = r->buf + i, *p = start;
  while (*p == '0') /* the sentinel stops it */
    p++;
  uint64_t v = 0;
  unsigned digits = 0;
  for (;;) {
    uint64_t w = load8(p);
    unsigned k = digit_run(w);
    if (k == 0) break;
    digits += k;
    uint64_t part = digits_value(w, k);
    if (digits <= FAST_DIGITS)
      v = v * powers_of_ten[k] + part;
    else if (digits > 20 || __builtin_mul_overflow(v, powers_of_ten[k], &v) ||
             __builtin_add_overflow(v, part, &v))
      return false;
    p += k;
    if (k < 8) break;
  }
  if (p == start || !is_space(*p) || v < lo || v > hi) return false;
  r->pos = (size_t)(p - r->buf);
  *out = v;
  return true;
}

/* The general path: the token at buf[pos], byte by byte across refills. */
COLD static nb_status read_u64_general(nb_reader *r, uint64_t lo, uint64_t hi, const char *what,
                                       uint64_t *out, nb_error *err) {
  if (r->pos == r->len) return at_end(r, what, err);
  NB_ASSERT(r->eof || r->len - r->pos >= LOOKAHEAD); /* the mark quotes from the buffer */
  token_mark m;
  mark_token(r, r->pos, &m);
  uint64_t v = 0;
  bool significant = false, overflow = false;
  for (;;) {
    unsigned char c = r->buf[r->pos];
    if (r->pos == r->len) {
      if (r->eof) break;
      top_up(r, LOOKAHEAD); /* the token so far is consumed: only its mark is kept */
      continue;
    }
    if (is_space(c)) break;
    if (!is_digit(c)) return refuse(r, &m, what, NULL, err);
    unsigned d = (unsigned)(c - '0');
    significant |= d != 0;
    if (significant && !overflow) overflow = !nb_u64_push_digit(&v, d);
    r->pos++;
  }
  if (r->pos == r->len && r->read_errno != 0) return at_end(r, what, err); /* token cut short */
  if (overflow) return refuse(r, &m, what, " (larger than 2^64-1)", err);
  if (v < lo || v > hi) return refuse(r, &m, what, NULL, err);
  *out = v;
  return NB_OK;
}

nb_status nb_read_u64(nb_reader *r, uint64_t lo, uint64_t hi, const char *what, uint64_t *out,
                      nb_error *err) {
  size_t i = skip_space(r);
  if (read_u64_fast(r, i, lo, hi, out)) return NB_OK;
  return read_u64_general(r, lo, hi, what, out, err);
}

/* --- words and the end ----------------------------------------------------------------------- */

nb_status nb_read_word(nb_reader *r, char *buf, size_t cap, const char *what, uint64_t *line,
                       uint64_t *col, nb_error *err) {
  size_t start = skip_space(r), i = start;
  if (start == r->len) return at_end(r, what, err);
  while (byte_class[r->buf[i]] & C_WORD)
    i++;
  size_t n = i - start;
  bool ended = is_space(r->buf[i]) || (i == r->len && r->eof && r->read_errno == 0);
  if (!ended || n >= cap || n > MAX_WORD) { /* a bad byte, too long, or cut by a read error */
    if (i == r->len && r->read_errno != 0) return at_end(r, what, err);
    token_mark m;
    mark_token(r, start, &m);
    return refuse(r, &m, what, NULL, err);
  }
  memcpy(buf, r->buf + start, n);
  buf[n] = '\0';
  if (line != NULL || col != NULL) {
    uint64_t l, c;
    position_of(r, start, &l, &c);
    if (line != NULL) *line = l;
    if (col != NULL) *col = c;
  }
  r->pos = i;
  return NB_OK;
}

bool nb_reader_at_end(nb_reader *r) {
  return skip_space(r) == r->len;
}

nb_status nb_read_end(nb_reader *r, nb_error *err) {
  size_t i = skip_space(r);
  if (i == r->len && r->read_errno == 0) return NB_OK;
  if (i == r->len) return at_end(r, "end of input", err);
  token_mark m;
  mark_token(r, i, &m);
  return refuse(r, &m, "end of input", NULL, err);
}

nb_status nb_reader_fail_at(nb_reader *r, uint64_t line, uint64_t col, nb_error *err,
                            const char *fmt, ...) {
  char text[sizeof err->message];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  return nb_fail(err, NB_EDATA, "%s:%llu:%llu: %s", r->name, (unsigned long long)line,
                 (unsigned long long)col, text);
}
