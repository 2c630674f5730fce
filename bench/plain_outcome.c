/*
 * plain_outcome.c: who wins a sum of Clobber, NoGo, Amazons or Domineering boards, by a plain
 * memoised minimax of the raw rules, written for bench/mcgs.sh as the third column beside
 * nimber and MCGS (issue 20: "a plain memoised search written for the benchmark").
 *
 * Usage: plain_outcome [FILE]  (standard input without FILE). FILE holds `nimber value --batch`
 * lines, `GAME BOARD...` with GAME one of clobber, nogo, amazons, domineering and each BOARD rows
 * of `x` (Left's stone or amazon), `o` (Right's), `.` empty, `#` blocked, joined by `/` or `|`,
 * in either case. One answer a line, in bench/mcgs.sh's words: "B W" is who wins with Left
 * (Black) moving first, then with Right (White) first, each B or W; "? ?" for a line it cannot
 * read or whose table passed PLAIN_MEMORY MiB (environment; default 4096). Each answer is written
 * and flushed as soon as it is known, so that a run stopped by a timeout keeps the answers made.
 * On standard error at the end: lines answered, positions stored, CPU time.
 *
 * What it is, on purpose: nothing of combinatorial game theory. The sum is one array of cells
 * (every board's cells one after the other); a position is that array and the player to move;
 * the player to move wins iff some legal move, on any board, leaves a position the other player
 * to move loses (normal play: no move, a loss). The memo is an open-addressing hash table keyed
 * by the whole array, two bits a cell, with both movers' results in one record. No region
 * splitting, no symmetry, no component values, no move ordering, no dominated moves: the search
 * a programmer writes from the rules alone, memoised as any would. Moves are made and unmade in
 * place. The table is emptied between lines (each line is a new sum).
 *
 * The rules, as nimber's families state them (src/games/): Clobber, a stone moves orthogonally
 * onto an adjacent stone of the other colour, which is removed. NoGo, a stone is placed on an
 * empty cell, and no group (stones of one colour joined orthogonally) of either colour may be
 * left without a liberty. Amazons, an amazon moves like a chess queen through empty cells, then
 * shoots an arrow like a queen from where it landed (the cell it left now empty), burning the
 * cell hit. Domineering, Left places a vertical domino on two empty cells, Right a horizontal one.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { EMPTY = 0, LEFT = 1, RIGHT = 2, BLOCKED = 3 };
enum { MAX_CELLS = 240, MAX_BOARDS = 16, MAX_LINE = 4096 };
enum game { CLOBBER, NOGO, AMAZONS, DOMINEERING };

/* One board of the sum: its place in the sum's cell array. */
typedef struct {
  int rows;   /* rows of the board */
  int cols;   /* columns of the board */
  int offset; /* index of its top-left cell in the sum's cells */
} board;

/* The memo: open addressing over record numbers; a record is the key then one result byte. */
typedef struct {
  uint32_t *slots;  /* record number + 1 per slot, 0 for an empty slot */
  size_t mask;      /* slot count - 1 (a power of two) */
  uint8_t *records; /* the records, each key_bytes + 1 bytes */
  size_t count;     /* records stored */
  size_t capacity;  /* records the array holds */
  size_t key_bytes; /* bytes of a key: the cells, two bits each */
  size_t limit;     /* bytes the table may take (PLAIN_MEMORY) */
  int full;         /* set when the limit was reached: the line is abandoned */
} memo;

/* The sum being searched. */
typedef struct {
  enum game game;           /* the family of every board */
  board boards[MAX_BOARDS]; /* the boards */
  int nboards;              /* boards in the sum */
  uint8_t cell[MAX_CELLS];  /* every board's cells, row by row */
  int ncells;               /* cells in all */
  memo table;               /* the positions known */
  size_t stored;            /* positions stored over all lines */
} sum;

/* Result bits of a record: per mover, known and win. */
#define KNOWN(m) (uint8_t)(m == LEFT ? 1 : 4)
#define WINS(m) (uint8_t)(m == LEFT ? 2 : 8)

static int search(sum *s, int mover);

/* --- The memo ------------------------------------------------------------------------------ */

static void pack(const sum *s, uint8_t *key) {
  memset(key, 0, s->table.key_bytes);
  for (int i = 0; i < s->ncells; i++)
    key[i >> 2] |= (uint8_t)(s->cell[i] << ((i & 3) * 2));
}

static uint64_t hash_key(const uint8_t *key, size_t n) {
  uint64_t h = 1469598103934665603ULL;
  for (size_t i = 0; i < n; i++)
    h = (h ^ key[i]) * 1099511628211ULL;
  return h ^ (h >> 29);
}

static void memo_reset(memo *t, size_t key_bytes) {
  free(t->slots);
  free(t->records);
  memset(t, 0, sizeof *t);
  t->key_bytes = key_bytes;
  const char *env = getenv("PLAIN_MEMORY");
  t->limit = (size_t)(env ? atol(env) : 4096) << 20;
}

static size_t memo_bytes(const memo *t) {
  return (t->mask + 1) * sizeof *t->slots + t->capacity * (t->key_bytes + 1);
}

/* Doubles the slots, placing every record again; 0 when the memory limit forbids it. */
static int memo_rehash(memo *t) {
  size_t slots = t->slots ? (t->mask + 1) * 2 : 1024;
  if (memo_bytes(t) + slots * sizeof *t->slots > t->limit) return 0;
  uint32_t *fresh = calloc(slots, sizeof *fresh);
  if (!fresh) return 0;
  free(t->slots);
  t->slots = fresh;
  t->mask = slots - 1;
  size_t width = t->key_bytes + 1;
  for (size_t r = 0; r < t->count; r++) {
    size_t i = hash_key(t->records + r * width, t->key_bytes) & t->mask;
    while (t->slots[i])
      i = (i + 1) & t->mask;
    t->slots[i] = (uint32_t)(r + 1);
  }
  return 1;
}

/* The result byte of `key`, added (0) if absent; NULL when the table is full. */
static uint8_t *memo_find(memo *t, const uint8_t *key) {
  if (t->full) return NULL;
  if (!t->slots || (t->count + 1) * 2 > t->mask + 1) {
    if (!memo_rehash(t)) return t->full = 1, NULL;
  }
  size_t width = t->key_bytes + 1, i = hash_key(key, t->key_bytes) & t->mask;
  for (; t->slots[i]; i = (i + 1) & t->mask) {
    uint8_t *r = t->records + (t->slots[i] - 1) * width;
    if (memcmp(r, key, t->key_bytes) == 0) return r + t->key_bytes;
  }
  if (t->count == t->capacity) {
    size_t cap = t->capacity ? t->capacity * 2 : 4096;
    if (memo_bytes(t) + (cap - t->capacity) * width > t->limit || cap >= UINT32_MAX) {
      return t->full = 1, NULL;
    }
    uint8_t *grown = realloc(t->records, cap * width);
    if (!grown) return t->full = 1, NULL;
    t->records = grown;
    t->capacity = cap;
  }
  uint8_t *r = t->records + t->count * width;
  memcpy(r, key, t->key_bytes);
  r[t->key_bytes] = 0;
  t->slots[i] = (uint32_t)++t->count;
  return r + t->key_bytes;
}

/* --- The rules ----------------------------------------------------------------------------- */

static const int dr[8] = {-1, 1, 0, 0, -1, -1, 1, 1};
static const int dc[8] = {0, 0, -1, 1, -1, 1, -1, 1};

static int inside(const board *b, int r, int c) {
  return r >= 0 && r < b->rows && c >= 0 && c < b->cols;
}

static int at(const board *b, int r, int c) {
  return b->offset + r * b->cols + c;
}

/* Whether the other player, to move after this move, loses: the move wins. */
static int move_wins(sum *s, int mover) {
  return !search(s, LEFT + RIGHT - mover);
}

static int clobber_wins(sum *s, const board *b, int mover) {
  for (int r = 0; r < b->rows; r++) {
    for (int c = 0; c < b->cols; c++) {
      int from = at(b, r, c);
      if (s->cell[from] != mover) continue;
      for (int d = 0; d < 4; d++) {
        if (!inside(b, r + dr[d], c + dc[d])) continue;
        int to = at(b, r + dr[d], c + dc[d]);
        if (s->cell[to] != LEFT + RIGHT - mover) continue;
        s->cell[from] = EMPTY, s->cell[to] = (uint8_t)mover;
        int wins = move_wins(s, mover);
        s->cell[from] = (uint8_t)mover, s->cell[to] = (uint8_t)(LEFT + RIGHT - mover);
        if (wins) return 1;
      }
    }
  }
  return 0;
}

static int domineering_wins(sum *s, const board *b, int mover) {
  int down = mover == LEFT, right = mover == RIGHT;
  for (int r = 0; r + down < b->rows; r++) {
    for (int c = 0; c + right < b->cols; c++) {
      int one = at(b, r, c), two = at(b, r + down, c + right);
      if (s->cell[one] != EMPTY || s->cell[two] != EMPTY) continue;
      s->cell[one] = s->cell[two] = BLOCKED;
      int wins = move_wins(s, mover);
      s->cell[one] = s->cell[two] = EMPTY;
      if (wins) return 1;
    }
  }
  return 0;
}

/* Whether the group of the stone at (r, c) has a liberty; `seen` marks the cells visited. */
static int has_liberty(const sum *s, const board *b, int r, int c, uint8_t *seen) {
  int colour = s->cell[at(b, r, c)], stack[MAX_CELLS], top = 0, found = 0;
  stack[top++] = r * b->cols + c;
  seen[r * b->cols + c] = 1;
  while (top) {
    int i = stack[--top], y = i / b->cols, x = i % b->cols;
    for (int d = 0; d < 4; d++) {
      int ny = y + dr[d], nx = x + dc[d];
      if (!inside(b, ny, nx)) continue;
      int v = s->cell[at(b, ny, nx)], j = ny * b->cols + nx;
      if (v == EMPTY) found = 1;
      if (v == colour && !seen[j]) seen[j] = 1, stack[top++] = j;
    }
  }
  return found;
}

/* Whether every group on the board has a liberty. */
static int nogo_legal(const sum *s, const board *b) {
  uint8_t seen[MAX_CELLS] = {0};
  for (int r = 0; r < b->rows; r++) {
    for (int c = 0; c < b->cols; c++) {
      int v = s->cell[at(b, r, c)];
      if ((v == LEFT || v == RIGHT) && !seen[r * b->cols + c] && !has_liberty(s, b, r, c, seen)) {
        return 0;
      }
    }
  }
  return 1;
}

static int nogo_wins(sum *s, const board *b, int mover) {
  for (int i = b->offset; i < b->offset + b->rows * b->cols; i++) {
    if (s->cell[i] != EMPTY) continue;
    s->cell[i] = (uint8_t)mover;
    int wins = nogo_legal(s, b) && move_wins(s, mover);
    s->cell[i] = EMPTY;
    if (wins) return 1;
  }
  return 0;
}

/* Every arrow from (r, c), the amazon just landed there. */
static int arrows_win(sum *s, const board *b, int r, int c, int mover) {
  for (int d = 0; d < 8; d++) {
    for (int y = r + dr[d], x = c + dc[d]; inside(b, y, x); y += dr[d], x += dc[d]) {
      int hit = at(b, y, x);
      if (s->cell[hit] != EMPTY) break;
      s->cell[hit] = BLOCKED;
      int wins = move_wins(s, mover);
      s->cell[hit] = EMPTY;
      if (wins) return 1;
    }
  }
  return 0;
}

static int amazons_wins(sum *s, const board *b, int mover) {
  for (int r = 0; r < b->rows; r++) {
    for (int c = 0; c < b->cols; c++) {
      int from = at(b, r, c);
      if (s->cell[from] != mover) continue;
      for (int d = 0; d < 8; d++) {
        for (int y = r + dr[d], x = c + dc[d]; inside(b, y, x); y += dr[d], x += dc[d]) {
          int to = at(b, y, x);
          if (s->cell[to] != EMPTY) break;
          s->cell[from] = EMPTY, s->cell[to] = (uint8_t)mover;
          int wins = arrows_win(s, b, y, x, mover);
          s->cell[from] = (uint8_t)mover, s->cell[to] = EMPTY;
          if (wins) return 1;
        }
      }
    }
  }
  return 0;
}

static int board_wins(sum *s, const board *b, int mover) {
  switch (s->game) {
  case CLOBBER:
    return clobber_wins(s, b, mover);
  case NOGO:
    return nogo_wins(s, b, mover);
  case AMAZONS:
    return amazons_wins(s, b, mover);
  case DOMINEERING:
    return domineering_wins(s, b, mover);
  }
  return 0;
}

/* Whether `mover`, to move, wins the sum; 0 once the table is full (the line is abandoned). */
static int search(sum *s, int mover) {
  uint8_t key[MAX_CELLS / 4 + 1];
  pack(s, key);
  uint8_t *result = memo_find(&s->table, key);
  if (!result) return 0;
  if (*result & KNOWN(mover)) return (*result & WINS(mover)) != 0;
  int wins = 0;
  for (int i = 0; i < s->nboards && !wins && !s->table.full; i++) {
    wins = board_wins(s, &s->boards[i], mover);
  }
  result = memo_find(&s->table, key); /* the table may have moved while the moves ran */
  if (result) *result |= (uint8_t)(KNOWN(mover) | (wins ? WINS(mover) : 0));
  return wins;
}

/* --- Reading a line ------------------------------------------------------------------------ */

static int cell_of(char ch) {
  switch (ch) {
  case '.':
    return EMPTY;
  case 'x':
  case 'X':
    return LEFT;
  case 'o':
  case 'O':
    return RIGHT;
  case '#':
    return BLOCKED;
  }
  return -1;
}

/* Appends the board `text` to the sum; 0 if malformed or past the limits. */
static int read_board(sum *s, const char *text) {
  if (s->nboards == MAX_BOARDS) return 0;
  board *b = &s->boards[s->nboards];
  b->offset = s->ncells, b->rows = 1, b->cols = 0;
  int col = 0;
  for (const char *p = text; *p; p++) {
    if (*p == '/' || *p == '|') {
      if (b->rows == 1) b->cols = col;
      if (col != b->cols) return 0;
      b->rows++, col = 0;
      continue;
    }
    int v = cell_of(*p);
    if (v < 0 || s->ncells == MAX_CELLS) return 0;
    s->cell[s->ncells++] = (uint8_t)v;
    col++;
  }
  if (b->rows == 1) b->cols = col;
  if (col != b->cols || col == 0) return 0;
  s->nboards++;
  return 1;
}

/* Reads `GAME BOARD...` into s; 0 if the line is not one this program answers. */
static int read_line(sum *s, char *line) {
  static const char *names[] = {"clobber", "nogo", "amazons", "domineering"};
  char *word = strtok(line, " \t\r\n");
  if (!word) return 0;
  int g = -1;
  for (int i = 0; i < 4; i++) {
    if (strcmp(word, names[i]) == 0) g = i;
  }
  if (g < 0) return 0;
  s->game = (enum game)g, s->nboards = 0, s->ncells = 0;
  while ((word = strtok(NULL, " \t\r\n"))) {
    if (strcmp(word, "+") != 0 && !read_board(s, word)) return 0;
  }
  return s->nboards > 0;
}

static double cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  FILE *in = argc > 1 ? fopen(argv[1], "r") : stdin;
  if (!in) return perror(argv[1]), 2;
  static sum s;
  static char line[MAX_LINE];
  long answered = 0;
  while (fgets(line, sizeof line, in)) {
    if (!read_line(&s, line)) {
      puts("? ?");
    } else {
      memo_reset(&s.table, (size_t)(s.ncells + 3) / 4);
      int left_first = search(&s, LEFT), right_first = search(&s, RIGHT);
      if (s.table.full) {
        puts("? ?");
      } else {
        printf("%c %c\n", left_first ? 'B' : 'W', right_first ? 'W' : 'B');
        answered++;
      }
      s.stored += s.table.count;
    }
    fflush(stdout);
  }
  memo_reset(&s.table, 0);
  fprintf(stderr, "plain_outcome: %ld lines answered, %zu positions stored, %.3f s CPU\n", answered,
          s.stored, cpu_seconds());
  return 0;
}
