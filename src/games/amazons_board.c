/*
 * amazons_board.c: who wins one Amazons board, by a search built for the game (the partizan
 * facet's `outcome` hook of the `amazons` family).
 *
 * Why a search of its own. The generic outcome search (core/outcome.c) knows the rules only
 * through the family's moves: every move it holds is a board split into regions, cropped and
 * turned to the least of its symmetries, and the sums it memoises are arrays of such boards.
 * On an open 5x5 board that is a few hundred moves a position, each made and normalised, and
 * about 560 bytes a memoised sum; the standard 5x5 start (four amazons each, Müller 2001) was
 * refused at its 2^20 sums. This search plays on one mutable board instead: cells one byte each
 * in a frame of burned cells (a queen's line stops at the frame with no bounds test), the
 * amazons' cells listed per player, a move made and unmade in place (three cells), and a
 * position memoised as its 120 bits (two bits a cell) in 16 bytes.
 *
 * The search. wins(side) is true iff the player to move (side) wins: some move leaves the
 * opponent, to move, losing; no move loses (normal play: the hook is called by the normal
 * partizan theory only). Depth-first, the first winning move ends a position's work. A position
 * is memoised under its key: the board with the mover's amazons written as Left's (a position
 * with Right to move is the colours-exchanged board with Left to move: the same game
 * negated, so the same answer for the mover), turned to the least of the board's symmetries
 * that keep its shape (eight on a square board, four on others; the queen's moves have them
 * all). The key is the whole board, not a hash of it: no collision can change an answer.
 *
 * Bounds that decide a position without search (the theorem at region_bounds). Split the board
 * into regions: live cells joined across edges and corners (amazons.c proves a move never leaves
 * its region and that regions never merge); the board G is the sum of their values. A region
 * holding amazons of one player only (a territory) is the integer the family finds for it
 * (nb_amazons_integer: the longest line of moves there) or lies between 0 and its empty cells;
 * a region with both players' amazons (contested) lies between -R and L, where L is the empty
 * cells Left's amazons reach through empty cells and each other, Right's amazons standing as
 * walls (its solo bound: no line of Left moves alone there is longer), and R Right's. The sums
 * bound G: lo <= G <= hi, and Left moving first wins if lo >= 1, loses if hi <= 0 (Right: wins
 * if hi <= -1, loses if lo >= 0). Before 5 December a contested region counted its empty cells
 * for both players (-C <= X <= C); the solo bounds are never weaker and, where amazons wall
 * each other in (the crowded endgames that are most of the 5x5 start's positions), far
 * stronger. When every region is a territory with its integer found, lo = hi and the bounds
 * are the whole truth (`#x##o./.#.###`, P, in one step).
 *
 * Few empty cells. Boards of at most TINY empty cells (and every position below them) are
 * searched plainly by tiny_wins: the rules, first winning move, no memo, bounds or order.
 * Measured on the 5x5 start, nine in ten of the positions the full search expanded had at most
 * six empty cells (1.4 million of 10 with one, 2.7 with three); there the bounds, the key
 * under eight symmetries, the memo and the ordering cost more than the few moves they save.
 * Exactness needs no proof beyond the rules: tiny_wins is wins without its shortcuts.
 *
 * The mover's moves in its own territories whose integers are known are answered by one move
 * (territory_moves, with its proof), tried last.
 *
 * Order of moves. Each move is made, scored and unmade before the moves are tried: fewest
 * first-step queen moves left to the opponent's amazons, then most left to the mover's (a
 * mobility estimate; it orders, never decides). tests/test_amazons.c holds the answers to the
 * canonical values (themselves held to a plain search of the rules) on every board of its
 * sweep, and to the generic outcome search on random 3x3, 3x4 and 4x4 boards.
 *
 * Measured (Release, CPU time on the shared 2-core machine, load 3-5): two amazons each on the
 * open 5x5 board (xo.../...../...../...ox, R) 72 s and 1.58 GB before 5 December, 72 s and
 * 0.79 GB with the solo bounds and tiny_wins (the memo holds no position of 5 empty cells or
 * fewer: half the bytes). A variant that valued small contested regions
 * exactly (the value search, core/canon.c, in a store of the cache's own) was tried twice:
 * valuing any small region (the whole board near the end) made xo../..../..../..ox 12x
 * slower (0.6 -> 7 s: a canonical form needs every option, an outcome the first winning
 * one); valuing them only where two or more contested regions stood side by side decided
 * under 2% of positions and was within the noise; left out.
 *
 * Bounds of the work: the memo is a bounded cache (nb_board_memo_keep): it grows within a
 * quarter of the solver's memory limit (nb_game_memory: --memory; 512 MiB, 2^25 positions, by
 * default), and once full a new position replaces the one of least work (the log2 of the
 * positions expanded under it) among the first four on its probe path. Every entry is an answer
 * (who wins the position for the mover), so forgetting one changes no answer, only the work: a
 * forgotten position is searched again. The search is refused (NB_EDATA naming --memory, the
 * memo forgotten) once it has replaced EVICTIONS times the memo's slots in one call: a work
 * bound that grows with --memory. Before 5 December the memo refused at the limit instead, and
 * the standard 5x5 start (four amazons each, Müller 2001) was refused after 247 s of CPU and
 * 1.5 GB; with the cache it is decided, N, in about 460 s of CPU within the default limit
 * (0.79 GB peak: the table's last doubling, old and new) and as fast within --memory 64M
 * (452 s, 26 MB): its proof re-searches little of what it forgets. The moves arena (the
 * positions on the path) is charged to the same limit.
 *
 * One winning move (nb_amazons_winning_move, the facet's `winning_move`): the root's moves in
 * the search's order, each searched until one leaves the opponent losing; after the outcome's
 * search the memo holds most of that proof.
 */
#include "games/amazons.h"
#include "games/board_memo.h"

#include "base/hash.h"
#include "grid/grid.h"

#include <stdlib.h>
#include <string.h>

enum {
  SIDE = NB_GRID_MAX_SIDE + 2, /* a row of the frame: the board and a border of burned cells */
  FRAME_CELLS = SIDE * SIDE,
  TERRITORY_SLOTS = 1 << 12, /* the direct-mapped cache of territories' integers */
  /* boards of at most this many empty cells are searched plainly (tiny_wins) and not memoised:
   * measured on xo.../...../...../...ox, 3 -> 76 s, 4 -> 64 s, 5 -> 59 s (and half the memo) */
  TINY = 5,
  /* the search's work bound: it is refused once its full memo has had this many times its
   * slots replaced (nb_board_memo_keep) */
  EVICTIONS = 64
};

static const int step[8] = {-SIDE - 1, -SIDE, -SIDE + 1, -1, 1, SIDE - 1, SIDE, SIDE + 1};

/* A cached territory: the region's cells (as nb_grid_pack writes them) and its integer. */
typedef struct territory_slot {
  nb_pos p;      /* the region alone on the board, every other cell burned */
  int64_t value; /* its integer, where known */
  bool used;     /* the slot holds a region */
  bool known;    /* the family found its integer */
} territory_slot;

/* A move: the amazon's cell, its landing cell and the arrow's, in the frame; which of the
 * mover's amazons; its score (least first). */
typedef struct board_move {
  uint16_t from, to, arrow;
  uint8_t amazon;
  int32_t score;
} board_move;

typedef struct amazons_cache {
  const nb_game *game;
  nb_board_memo memo; /* the positions; its nb_memory holds the moves' arena's bytes too */
  board_move *moves;  /* the moves held by the positions on the search's path */
  size_t moves_cap;   /* room in moves */
  territory_slot territory[TERRITORY_SLOTS];
} amazons_cache;

/* One search: the board as it is now and what is derived from its shape. */
typedef struct board_search {
  amazons_cache *cache;
  unsigned h, w, n;                  /* rows, columns, cells */
  nb_board_syms syms;                /* the shape's symmetries, for the key */
  uint8_t cell[FRAME_CELLS];         /* the board in its frame of burned cells */
  uint16_t at[AMAZONS_CELLS];        /* the frame index of board cell r * w + c */
  uint16_t amazon[2][AMAZONS_CELLS]; /* the frame cells of each player's amazons */
  unsigned amazons[2];               /* how many each player has */
  size_t moves_len;                  /* moves held in the cache's arena */
  unsigned empty;                    /* empty cells */
  uint64_t expanded;                 /* positions whose moves were generated, so far */
} board_search;

nb_status nb_amazons_cache_new(const nb_game *g, void **out, nb_error *err) {
  amazons_cache *c = nb_alloc(1, sizeof *c, err);
  if (c == NULL) return NB_EINTERNAL;
  c->game = g;
  c->memo.mem = (nb_memory){.limit = nb_game_memory(g), .what = "the Amazons board search"};
  *out = c;
  return NB_OK;
}

void nb_amazons_cache_free(void *cache) {
  amazons_cache *c = cache;
  if (c == NULL) return;
  nb_board_memo_free(&c->memo);
  free(c->moves);
  free(c);
}

/* --- the board ------------------------------------------------------------------------------- */

/* Sets the search up for board b: its frame, amazons and symmetries. */
static void setup(board_search *s, const nb_grid *b) {
  s->h = b->h, s->w = b->w, s->n = b->h * b->w;
  memset(s->cell, AMAZONS_BURNED, sizeof s->cell);
  s->amazons[0] = s->amazons[1] = 0;
  s->empty = 0;
  for (unsigned r = 0; r < b->h; r++)
    for (unsigned c = 0; c < b->w; c++) {
      unsigned i = r * b->w + c, at = (r + 1) * SIDE + c + 1, v = nb_grid_get(b, r, c);
      s->at[i] = (uint16_t)at;
      s->cell[at] = (uint8_t)v;
      s->empty += v == AMAZONS_EMPTY;
      if (v >= AMAZONS_LEFT) {
        unsigned p = v - AMAZONS_LEFT;
        s->amazon[p][s->amazons[p]++] = (uint16_t)at;
      }
    }
  nb_board_syms_setup(&s->syms, &s->cache->memo, b->h, b->w);
}

/* The key of the board with `side` to move: the mover's amazons written as Left's, the least
 * (hi, then lo) of the board's symmetries. */
static void key_of(const board_search *s, unsigned side, uint64_t *lo, uint64_t *hi) {
  uint8_t state[AMAZONS_CELLS];
  for (unsigned i = 0; i < s->n; i++) {
    unsigned v = s->cell[s->at[i]];
    state[i] = (uint8_t)(side == NB_RIGHT ? v ^ v >> 1 : v); /* 2 <-> 3, empty and burned kept */
  }
  nb_board_key(&s->syms, state, lo, hi);
}

static void make(board_search *s, unsigned side, const board_move *m) {
  s->empty--;
  s->cell[m->from] = AMAZONS_EMPTY;
  s->cell[m->to] = (uint8_t)(AMAZONS_LEFT + side);
  s->cell[m->arrow] = AMAZONS_BURNED;
  s->amazon[side][m->amazon] = m->to;
}

static void unmake(board_search *s, unsigned side, const board_move *m) {
  s->empty++;
  s->cell[m->arrow] = AMAZONS_EMPTY;
  s->cell[m->to] = AMAZONS_EMPTY;
  s->cell[m->from] = (uint8_t)(AMAZONS_LEFT + side);
  s->amazon[side][m->amazon] = m->from;
}

/* The cells side's amazons can move to (queen steps, arrows not counted). */
static int reach(const board_search *s, unsigned side) {
  int n = 0;
  for (unsigned j = 0; j < s->amazons[side]; j++)
    for (int d = 0; d < 8; d++)
      for (int to = s->amazon[side][j] + step[d]; s->cell[to] == AMAZONS_EMPTY; to += step[d])
        n++;
  return n;
}

/* --- bounds ---------------------------------------------------------------------------------- */

/* The integer of the territory made of the cells of `region` (board cell indices, count of
 * them), where the family finds it. */
static bool territory(board_search *s, const uint8_t *region, unsigned count, int64_t *value) {
  nb_grid b = nb_grid_make(s->h, s->w, 2);
  for (unsigned k = 0; k < count; k++)
    nb_grid_set(&b, region[k] / s->w, region[k] % s->w, s->cell[s->at[region[k]]]);
  nb_pos p = nb_grid_pack(&b);
  territory_slot *slot = &s->cache->territory[nb_hash_pair(p.lo, p.hi) & (TERRITORY_SLOTS - 1)];
  if (!slot->used || slot->p.lo != p.lo || slot->p.hi != p.hi) {
    slot->known = nb_amazons_integer(s->cache->game, p, &slot->value);
    slot->p = p;
    slot->used = true;
  }
  *value = slot->value;
  return slot->known;
}

/* A region's cells and what they hold. */
typedef struct region_info {
  uint8_t cells[AMAZONS_CELLS]; /* board cell indices */
  unsigned count, empty, left, right;
  unsigned reach[2]; /* the empty cells each player's amazons reach, the other's walls */
  bool known;        /* a territory whose integer the family found */
  int64_t moves;     /* known: the most moves its owner can make there (the integer's size) */
} region_info;

/* The regions of the board as it is now: each live cell's region (label, 1-based, 0 for burned
 * cells) and, for the territories, their bounds. */
typedef struct board_regions {
  uint8_t label[FRAME_CELLS];
  region_info region[AMAZONS_CELLS];
  unsigned count;
} board_regions;

/* Labels the regions of s into a and fills each one's counts. */
static void find_regions(const board_search *s, board_regions *a) {
  uint16_t queue[AMAZONS_CELLS];
  memset(a->label, 0, sizeof a->label);
  a->count = 0;
  for (unsigned i = 0; i < s->n; i++) {
    unsigned start = s->at[i];
    if (a->label[start] || s->cell[start] == AMAZONS_BURNED) continue;
    region_info *r = &a->region[a->count++];
    r->count = r->empty = r->left = r->right = 0;
    r->reach[0] = r->reach[1] = 0;
    r->known = false;
    unsigned head = 0, tail = 0;
    queue[tail++] = (uint16_t)start;
    a->label[start] = (uint8_t)a->count;
    while (head < tail) {
      unsigned at = queue[head++], v = s->cell[at];
      r->empty += v == AMAZONS_EMPTY, r->left += v == AMAZONS_LEFT, r->right += v == AMAZONS_RIGHT;
      r->cells[r->count++] = (uint8_t)((at / SIDE - 1) * s->w + at % SIDE - 1);
      for (int d = 0; d < 8; d++) {
        unsigned next = at + (unsigned)step[d];
        if (!a->label[next] && s->cell[next] != AMAZONS_BURNED) {
          a->label[next] = (uint8_t)a->count;
          queue[tail++] = (uint16_t)next;
        }
      }
    }
  }
}

/* Each region's reach[side]: the empty cells joined (across edges and corners) to side's
 * amazons through empty cells and side's amazons, the other player's amazons standing as
 * walls. The bound it gives is proved at solo_bounds. */
static void find_reach(const board_search *s, unsigned side, board_regions *a) {
  uint8_t seen[FRAME_CELLS];
  uint16_t queue[AMAZONS_CELLS];
  unsigned head = 0, tail = 0, mine = AMAZONS_LEFT + side;
  memset(seen, 0, sizeof seen);
  for (unsigned j = 0; j < s->amazons[side]; j++) {
    seen[s->amazon[side][j]] = 1;
    queue[tail++] = s->amazon[side][j];
  }
  while (head < tail) {
    unsigned at = queue[head++];
    if (s->cell[at] == AMAZONS_EMPTY) a->region[a->label[at] - 1].reach[side]++;
    for (int d = 0; d < 8; d++) {
      unsigned next = at + (unsigned)step[d];
      if (!seen[next] && (s->cell[next] == AMAZONS_EMPTY || s->cell[next] == mine)) {
        seen[next] = 1;
        queue[tail++] = (uint16_t)next;
      }
    }
  }
}

/* The bounds of the board G, the sum of its regions (the theorem; each region's value is a
 * game X, and bounds add, since a <= X and b <= Y give a + b <= X + Y): lo <= G <= hi, lo and
 * hi integers, from these bounds of each region.
 *  (1) A region holding amazons of one player only (a territory) is the integer the family finds
 *      (nb_amazons_integer: amazons.c proves it), or, where not found, between 0 and its empty
 *      cells for Left's (each move burns one), between minus them and 0 for Right's.
 *  (2) Solo bounds, for a region X with both players' amazons. Let L(X) be the most moves Left
 *      can make in X one after another, Right never moving there, and R(X) Right's. Then
 *      -R(X) <= X <= L(X). Proof of X <= L(X), i.e. that Left moving first in X - L(X) loses
 *      (-L(X) an integer: L(X) moves of Right's and none of Left's): Left's only moves are in
 *      X, and Right answers each in -L(X); Right never moves in X, so Left's moves there are
 *      one line of at most L(X) moves and Right always has an answer: Left is the first
 *      without a move. -R(X) <= X likewise. And L(X) <= reach[LEFT]: while Right never moves
 *      in X, Right's amazons stand still, so Left's amazons stay in the cells joined to them
 *      (across edges and corners) through empty cells and Left's amazons (a queen's line passes
 *      through empty cells, each touching the one before), a set that only shrinks as cells
 *      burn; each Left move burns one empty cell of it (the arrow's line starts where the
 *      amazon landed, inside it) and a move leaves one cell of it for another, so its empty
 *      cells drop by one a move. Where Right's amazons wall Left's in, reach[LEFT] is far
 *      below the region's empty cells, the bound (C) this search used before.
 * Left moving first wins iff not G <= 0: so wins if lo >= 1 (G >= 1 > 0) and loses if hi <= 0.
 * Right moving first wins iff not G >= 0: wins if hi <= -1 and loses if lo >= 0.
 * (tests/test_amazons.c holds the search to the generic outcome search on random boards whose
 * amazons wall each other in, and to a board decided by (2) alone.) */
static void region_bounds(board_search *s, board_regions *a, int64_t *lo, int64_t *hi) {
  *lo = *hi = 0;
  find_reach(s, NB_LEFT, a);
  find_reach(s, NB_RIGHT, a);
  for (unsigned k = 0; k < a->count; k++) {
    region_info *r = &a->region[k];
    if (r->empty == 0 || (r->left == 0 && r->right == 0)) continue; /* 0: no move ever */
    int64_t v;
    if (r->left > 0 && r->right > 0) { /* (2) */
      *lo -= r->reach[NB_RIGHT];
      *hi += r->reach[NB_LEFT];
    } else if (territory(s, r->cells, r->count, &v)) { /* (1) */
      r->known = true;
      r->moves = v < 0 ? -v : v;
      *lo += v, *hi += v;
    } else if (r->left > 0) {
      *hi += r->empty;
    } else {
      *lo -= r->empty;
    }
  }
}

/* Finds the regions of s into a, and decides the board where its bounds do (region_bounds): 1
 * when the mover (side) wins, 0 when the mover loses, -1 when they leave it open. */
static int decide_by_bounds(board_search *s, unsigned side, board_regions *a) {
  int64_t lo, hi;
  find_regions(s, a);
  region_bounds(s, a, &lo, &hi);
  if (side == NB_LEFT) return lo >= 1 ? 1 : hi <= 0 ? 0 : -1;
  return hi <= -1 ? 1 : lo >= 0 ? 0 : -1;
}

/* --- the search ------------------------------------------------------------------------------ */

static int move_cmp(const void *a, const void *b) {
  const board_move *x = a, *y = b;
  return (x->score > y->score) - (x->score < y->score);
}

/* Writes the moves of side's amazon j into out (room for them made); returns how many. */
static size_t amazon_moves(board_search *s, unsigned side, unsigned j, board_move *out) {
  unsigned from = s->amazon[side][j];
  size_t n = 0;
  s->cell[from] = AMAZONS_EMPTY; /* the amazon's cell is empty while it moves */
  for (int d = 0; d < 8; d++)
    for (int to = (int)from + step[d]; s->cell[to] == AMAZONS_EMPTY; to += step[d])
      for (int e = 0; e < 8; e++)
        for (int arrow = to + step[e]; s->cell[arrow] == AMAZONS_EMPTY; arrow += step[e])
          out[n++] = (board_move){(uint16_t)from, (uint16_t)to, (uint16_t)arrow, (uint8_t)j, 0};
  s->cell[from] = (uint8_t)(AMAZONS_LEFT + side);
  return n;
}

/* Territories in the search (the theorem). In G = T + X, T a territory of the mover (say Left)
 * whose integer n the family found, each Left move in T leaves a territory T' (Right has no
 * amazon there), an integer at most n - 1, and one move leaves exactly n - 1 (the first move of
 * a longest line). Integers are ordered, so T' + X <= (n - 1) + X: a move in T wins only if the
 * best does. Every other territory of Left's with a known integer m gives (m - 1) + n + X, the
 * same game as the best move in T: so the moves in all of the mover's known territories are
 * answered by one, the first move in one of them found to leave its integer less one (where no
 * move's integer is found, by all of that territory's moves). It is tried last: a move in a
 * number is rarely the best. Returns the moves written at out (room for them made). */
static size_t territory_moves(board_search *s, unsigned side, const board_regions *a,
                              board_move *out) {
  int64_t target = 0;
  unsigned region = 0;
  for (unsigned k = 0; k < a->count && region == 0; k++)
    if (a->region[k].known && a->region[k].moves > 0 &&
        (side == NB_LEFT ? a->region[k].left : a->region[k].right) > 0)
      region = k + 1, target = a->region[k].moves;
  if (region == 0) return 0;
  const region_info *r = &a->region[region - 1];
  size_t n = 0;
  for (unsigned j = 0; j < s->amazons[side]; j++)
    if (a->label[s->amazon[side][j]] == region) n += amazon_moves(s, side, j, out + n);
  for (size_t i = 0; i < n; i++) {
    int64_t v;
    make(s, side, &out[i]);
    bool known = territory(s, r->cells, r->count, &v);
    unmake(s, side, &out[i]);
    if (known && (v < 0 ? -v : v) == target - 1) {
      out[0] = out[i];
      n = 1;
      break;
    }
  }
  for (size_t i = 0; i < n; i++)
    out[i].score = INT32_MAX;
  return n;
}

/* Holds side's moves at the arena's top, scored and sorted; *count of them. The moves in the
 * mover's territories of known integer are answered by one (territory_moves). */
static nb_status load_moves(board_search *s, unsigned side, const board_regions *a, size_t *count,
                            nb_error *err) {
  amazons_cache *c = s->cache;
  unsigned empty = 0;
  for (unsigned i = 0; i < s->n; i++)
    empty += s->cell[s->at[i]] == AMAZONS_EMPTY;
  size_t bound = (size_t)s->amazons[side] * empty * (empty + 1);
  nb_status st = nb_grow_within(&c->memo.mem, (void **)&c->moves, &c->moves_cap, s->moves_len,
                                bound, sizeof *c->moves, 1024, err);
  if (st != NB_OK) return st;
  board_move *out = c->moves + s->moves_len;
  size_t n = 0;
  for (unsigned j = 0; j < s->amazons[side]; j++) {
    unsigned label = a->label[s->amazon[side][j]];
    if (!a->region[label - 1].known) n += amazon_moves(s, side, j, out + n);
  }
  for (size_t i = 0; i < n; i++) {
    make(s, side, &out[i]);
    out[i].score = 64 * reach(s, 1 - side) - reach(s, side);
    unmake(s, side, &out[i]);
  }
  qsort(out, n, sizeof *out, move_cmp);
  n += territory_moves(s, side, a, out + n);
  NB_ASSERT(n <= bound);
  *count = n;
  return NB_OK;
}

/* Whether side has a move: whether one of its amazons touches an empty cell (across an edge or
 * a corner). A queen's move passes first through a cell touching the amazon, so without one
 * there is no move; with one, the amazon steps there and shoots back at the cell it left. */
static bool has_move(const board_search *s, unsigned side) {
  for (unsigned j = 0; j < s->amazons[side]; j++)
    for (int d = 0; d < 8; d++)
      if (s->cell[s->amazon[side][j] + step[d]] == AMAZONS_EMPTY) return true;
  return false;
}

/* Whether side, to move, wins with `empty` empty cells: the rules played plainly, the first
 * winning move ending the work (no memo, bounds or order: for boards of few empty cells, whose
 * trees are small and whose positions are many, that machinery costs more than it saves). With
 * one empty cell or none, side wins iff it has a move (has_move): with none there is no move;
 * with one, every move lands on it and shoots back at the cell the amazon left (the only empty
 * cell then), leaving no empty cell and the opponent no move. */
static bool tiny_wins(board_search *s, unsigned side, unsigned empty) {
  if (empty <= 1) return has_move(s, side);
  uint8_t mine = (uint8_t)(AMAZONS_LEFT + side);
  for (unsigned j = 0; j < s->amazons[side]; j++) {
    unsigned from = s->amazon[side][j];
    bool won = false;
    s->cell[from] = AMAZONS_EMPTY;
    for (int d = 0; d < 8 && !won; d++)
      for (int to = (int)from + step[d]; s->cell[to] == AMAZONS_EMPTY && !won; to += step[d]) {
        s->cell[to] = mine;
        s->amazon[side][j] = (uint16_t)to;
        for (int e = 0; e < 8 && !won; e++)
          for (int arrow = to + step[e]; s->cell[arrow] == AMAZONS_EMPTY && !won;
               arrow += step[e]) {
            s->cell[arrow] = AMAZONS_BURNED;
            won = !tiny_wins(s, 1 - side, empty - 1);
            s->cell[arrow] = AMAZONS_EMPTY;
          }
        s->cell[to] = AMAZONS_EMPTY;
      }
    s->amazon[side][j] = (uint16_t)from;
    s->cell[from] = mine;
    if (won) return true;
  }
  return false;
}

/* The refusal past the work the memory limit allows (EVICTIONS). */
static nb_status refuse_work(amazons_cache *c, nb_error *err) {
  char limit[32];
  c->memo.mem.full = true; /* the caller forgets the memo */
  return nb_fail(err, NB_EDATA,
                 "position too large for the Amazons board search (its memo of %zu positions, "
                 "as many as the memory limit of %s allows it, was refilled %d times over "
                 "without an answer; --memory SIZE raises it)",
                 c->memo.capacity, nb_bytes_text(limit, c->memo.mem.limit), EVICTIONS);
}

/* Whether side, to move, wins the board as it is now (restored on return). */
static nb_status wins(board_search *s, unsigned side, bool *won, nb_error *err) {
  if (s->empty <= TINY) {
    *won = tiny_wins(s, side, s->empty);
    return NB_OK;
  }
  board_regions a;
  int bound = decide_by_bounds(s, side, &a);
  if (bound >= 0) {
    *won = bound == 1;
    return NB_OK;
  }
  amazons_cache *c = s->cache;
  uint64_t lo, hi;
  key_of(s, side, &lo, &hi);
  if (nb_board_memo_find(&c->memo, lo, hi, won)) return NB_OK;
  uint64_t before = s->expanded++;
  if (c->memo.evicted > (uint64_t)EVICTIONS * c->memo.capacity) return refuse_work(c, err);
  size_t base = s->moves_len, count;
  nb_status st = load_moves(s, side, &a, &count, err);
  if (st != NB_OK) return st;
  s->moves_len = base + count;
  bool found = false;
  for (size_t i = 0; i < count && !found && st == NB_OK; i++) {
    board_move m = c->moves[base + i]; /* a copy: the arena may move as the search grows it */
    bool child = true;
    make(s, side, &m);
    st = wins(s, 1 - side, &child, err);
    unmake(s, side, &m);
    found = st == NB_OK && !child;
  }
  s->moves_len = base;
  if (st != NB_OK) return st;
  *won = found;
  unsigned work = 0; /* the bit length of the positions expanded under this one */
  for (uint64_t n = s->expanded - before; n != 0; n >>= 1)
    work++;
  return nb_board_memo_keep(&c->memo, lo, hi, found, work, err);
}

/* The tag of move m as amazons.c's `moves` writes it: from, to and arrow, each row << 4 | column
 * on the board, 4 bits each. */
static uint32_t move_tag(const board_move *m) {
  uint32_t t = 0;
  const uint16_t at[3] = {m->from, m->to, m->arrow};
  for (int k = 0; k < 3; k++)
    t = t << 8 | (uint32_t)(at[k] / SIDE - 1) << 4 | (uint32_t)(at[k] % SIDE - 1);
  return t;
}

/* A search of position p with the family's cache, set up for one call (NULL: out of memory). */
static board_search *search_begin(const nb_game *g, amazons_cache *c, nb_pos p, nb_error *err) {
  board_search *s = nb_alloc(1, sizeof *s, err);
  if (s == NULL) return NULL;
  c->memo.mem.limit = nb_game_memory(g);
  c->memo.evicted = 0; /* the work bound is per call */
  nb_grid b = nb_grid_decode(p, 2);
  s->cache = c;
  setup(s, &b);
  return s;
}

nb_status nb_amazons_winning_move(const nb_game *g, void *cache, nb_pos p, nb_player who,
                                  bool *found, uint32_t *tag, nb_error *err) {
  amazons_cache *c = cache;
  board_search *s = search_begin(g, c, p, err);
  if (s == NULL) return NB_EINTERNAL;
  unsigned side = who == NB_LEFT ? NB_LEFT : NB_RIGHT;
  /* the root's moves in the search's order, each tried until one leaves the opponent losing
   * (wins: the same search and memo as the outcome's) */
  board_regions *a = nb_alloc(1, sizeof *a, err);
  nb_status st = a == NULL ? NB_EINTERNAL : NB_OK;
  size_t count = 0;
  if (st == NB_OK) {
    find_regions(s, a);
    int64_t lo, hi;
    region_bounds(s, a, &lo, &hi); /* marks the territories load_moves answers by one move */
    st = load_moves(s, side, a, &count, err);
  }
  s->moves_len = count;
  *found = false;
  for (size_t i = 0; i < count && !*found && st == NB_OK; i++) {
    board_move m = c->moves[i];
    bool child = true;
    make(s, side, &m);
    st = wins(s, 1 - side, &child, err);
    unmake(s, side, &m);
    if (st == NB_OK && !child) *found = true, *tag = move_tag(&m);
  }
  free(a);
  free(s);
  if (st != NB_OK && c->memo.mem.full) nb_board_memo_forget(&c->memo);
  return st;
}

nb_status nb_amazons_outcome(const nb_game *g, void *cache, nb_pos p, nb_outcome *out,
                             nb_error *err) {
  amazons_cache *c = cache;
  board_search *s = search_begin(g, c, p, err);
  if (s == NULL) return NB_EINTERNAL;
  bool left = false, right = false;
  nb_status st = wins(s, NB_LEFT, &left, err);
  if (st == NB_OK) st = wins(s, NB_RIGHT, &right, err);
  free(s);
  if (st != NB_OK) {
    if (c->memo.mem.full) nb_board_memo_forget(&c->memo);
    return st;
  }
  *out = left ? (right ? NB_OUTCOME_N : NB_OUTCOME_L) : (right ? NB_OUTCOME_R : NB_OUTCOME_P);
  return NB_OK;
}
