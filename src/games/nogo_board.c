/*
 * nogo_board.c: who wins one NoGo board, by a search built for the game (the partizan facet's
 * `outcome` hook of the `nogo` family).
 *
 * Why a search of its own. The generic outcome search (core/outcome.c) knows the rules only
 * through the family's moves: every child it holds is a board made, split into regions, cropped
 * and turned to the least of its symmetries before the first is tried. On the small boards of
 * bench/mcgs.sh that normalising was most of its time, and a plain memoised search of the raw
 * rules was faster (35 against 90 ms on its 32 NoGo boards). This search plays on one board of
 * bitboards instead (a bit a cell, r * w + c, at most 60 cells): a stone placed and lifted in
 * place, the legal cells of both players computed from the groups' liberties with a few shifts,
 * positions memoised whole (games/board_memo.h: 120 bits, symmetries and the mover's colour
 * folded in).
 *
 * The search. wins(side) is true iff the player to move (side) wins: some move leaves the
 * opponent, to move, losing (normal play: the hook is called by the normal partizan theory
 * only). Depth-first, the first winning move ends a position's work. A position with Right to
 * move is keyed as the colours-exchanged board with Left to move (nogo.c: the exchanged board is
 * the negative, so the mover's answer is the same); the key is the least of the board's
 * symmetries that keep its shape (the rule names no direction).
 *
 * Legal cells (the rule of nogo.c, in sets). A stone of P on the empty cell c is legal iff its
 * new group has a liberty other than c, and no group of the opponent O next to c has c as its
 * only liberty. The new group is c and P's groups next to c; a group next to c has c among its
 * liberties, so it offers another iff it has two or more. Hence, with E the empty cells,
 * atari(O) the single liberties of O's groups that have one, safe(P) the liberties of P's
 * groups that have two or more, and N(E) the cells next to an empty cell:
 *   legal(P) = E \ atari(O), intersected with N(E) | safe(P).
 * tests/test_nogo.c holds this search to the canonical value (itself held to a plain search that
 * rechecks every group after every move) on every board of its sweep.
 *
 * Lemma 1 (illegal stays illegal). If P may not play on the empty cell c, P may not play there
 * after any further moves while c stays empty. Proof. Either (a) a group g of O has c as its
 * only liberty: stones never leave the board, so g's stones stay and its liberties only shrink;
 * a stone joins g only by being placed on a liberty of g, which is c; so while c is empty g is
 * still a group with c as its only liberty. Or (b) c has no empty neighbour and every group of P
 * next to c has c as its only liberty: cells never empty again, so c's neighbours stay filled,
 * the stones next to c stay the same, and each of P's groups among them stays as in (a), with c
 * as its only liberty. Consequence: every move P will ever make is on a cell of legal(P) now,
 * each cell at most once, so P has at most |legal(P)| moves left in any play.
 *
 * Theorem 2 (what is independent). Stones do not separate a board into independent parts in
 * general: a group that touches two empty areas breathes through either, so a move in one can
 * make a move in the other illegal (`.x.`: black's stone breathes through both cells; white may
 * fill one of them only while the other is empty). What is sound: let two empty cells be linked
 * when they are orthogonal neighbours or liberties of one group (of either colour), and let the
 * classes be the sets of empty cells joined by chains of links. Then the board is the sum of
 * games, one a class K, whose moves are the moves on cells of K (legal as on the whole board).
 * Proof. The legality of a move on c depends only on c's empty neighbours and on the liberty
 * sets of the groups next to c, all of which are cells of c's class. A move on a cell d of
 * another class changes only the groups next to d (each loses the liberty d; those of the
 * mover's colour merge with d) and fills d: no group next to c is next to d (c and d would be
 * liberties of one group, hence linked), the merged group does not touch c (its stones are d,
 * not next to c, since c and d would be neighbours, and groups next to d), and d is not next to
 * c. So moves outside K leave every move in K, legal or not, as it was; and classes only split
 * (a move adds no link: the merged group's liberties were all liberties of the groups it joins
 * or neighbours of d, already in d's class). By induction on the moves left, the game is the
 * sum of its classes' games.
 *
 * Corollary 3 (a player's own classes are integers). A class K in which the opponent O has no
 * legal cell is a game in which only P ever moves (Lemma 1 and Theorem 2: O never gains a move
 * in K), so, as for an Amazons territory (amazons.c), it equals the integer n, the longest line
 * of P's moves in K (negated for Right). Found here by a depth-first search of the class's moves
 * only, given up past EXCLUSIVE_NODES positions (then not known).
 *
 * Bounds that decide a position without search (from Lemma 1 and Corollary 3, the argument of
 * amazons_board.c). Let M be the mover and O the other, hi(P) = |legal(P)| and lo(P) the sum of
 * the integers of P's own classes (where found). M wins if lo(M) > hi(O): M plays only along
 * longest lines of its own classes, which nothing of O's reaches; O makes at most hi(O) moves;
 * M moving first makes its move k + 1 <= lo(M) after O's k-th, k <= hi(O) < lo(M), so O is the
 * first without a move. M loses if lo(O) >= hi(M): O answers each of M's at most hi(M) moves in
 * its own classes. In particular M loses when legal(M) is empty and wins when legal(O) is.
 *
 * The mover's moves in its own classes whose integers are known are answered by one, the first
 * move of a longest line, tried last (the argument of amazons_board.c's territory_moves: a move
 * in such a class leaves the integer less at least one, the first move of a longest line less
 * exactly one; moves in other such classes leave the same game).
 *
 * Order of moves (it orders, never decides): each move is made, the legal cells after it found,
 * and unmade: fewest legal cells left to the opponent first, then most left to the mover (the
 * mobility estimate of amazons_board.c; on bench/mcgs.sh's 32 NoGo boards it took the positions
 * expanded from 58,158 to 19,887 against cells legal for both players first).
 *
 * Bounds of the work: the memo grows within the solver's memory limit (--memory), 16 bytes a
 * position; past it the board is refused (NB_EDATA naming --memory) and the memo forgotten.
 * Positions with UNREMEMBERED legal cells or fewer (both players' together) are not memoised:
 * searched again when met again, they cost a few moves each.
 */
#include "games/board_memo.h"
#include "games/nogo.h"
#include "grid/grid.h"

#include <stdlib.h>

enum {
  UNREMEMBERED = 5,
  EXCLUSIVE_NODES = 64, /* the most positions the search of an own class's integer visits */
  MAX_GROUPS = NB_BOARD_CELLS
};

typedef struct nogo_cache {
  nb_board_memo memo;
} nogo_cache;

/* One search: the board as it is now (a bit a cell, board order) and its shape's masks. */
typedef struct nogo_search {
  nogo_cache *cache;
  nb_board_syms syms;
  unsigned w, n;
  uint64_t live;     /* the board's live cells (not blocked) */
  uint64_t west_ok;  /* the cells not in the first column (a shift east may land there) */
  uint64_t east_ok;  /* the cells not in the last column (a shift west may land there) */
  uint64_t stone[2]; /* Left's (black) and Right's (white) stones */
} nogo_search;

/* The groups of a position and what the search derives from them. */
typedef struct nogo_groups {
  uint64_t empty, legal[2];
  uint64_t libs[MAX_GROUPS]; /* each group's liberties (either colour) */
  unsigned count;
} nogo_groups;

nb_status nb_nogo_cache_new(const nb_game *g, void **out, nb_error *err) {
  nogo_cache *c = nb_alloc(1, sizeof *c, err);
  if (c == NULL) return NB_EINTERNAL;
  c->memo.mem = (nb_memory){.limit = nb_game_memory(g), .what = "the NoGo board search"};
  *out = c;
  return NB_OK;
}

void nb_nogo_cache_free(void *cache) {
  nogo_cache *c = cache;
  if (c == NULL) return;
  nb_board_memo_free(&c->memo);
  free(c);
}

/* The live cells orthogonally next to a cell of x. */
static inline uint64_t neighbours(const nogo_search *s, uint64_t x) {
  return ((x << 1 & s->west_ok) | (x >> 1 & s->east_ok) | x << s->w | x >> s->w) & s->live;
}

/* The groups of both colours, their liberties and both players' legal cells (the top of this
 * file). */
static void find_groups(const nogo_search *s, nogo_groups *g) {
  uint64_t empty = s->live & ~(s->stone[0] | s->stone[1]);
  uint64_t breathing = neighbours(s, empty), atari[2] = {0, 0}, safe[2] = {0, 0};
  g->empty = empty;
  g->count = 0;
  for (unsigned p = 0; p < 2; p++)
    for (uint64_t rest = s->stone[p]; rest != 0;) {
      uint64_t group = rest & -rest, grown;
      while ((grown = (group | neighbours(s, group)) & s->stone[p]) != group)
        group = grown;
      rest &= ~group;
      uint64_t libs = neighbours(s, group) & empty;
      g->libs[g->count++] = libs;
      if ((libs & (libs - 1)) == 0)
        atari[p] |= libs;
      else
        safe[p] |= libs;
    }
  for (unsigned p = 0; p < 2; p++)
    g->legal[p] = empty & ~atari[1 - p] & (breathing | safe[p]);
}

/* The class (Theorem 2) of the empty cells `seed`. */
static uint64_t class_of(const nogo_search *s, const nogo_groups *g, uint64_t seed) {
  for (uint64_t k = seed;;) {
    uint64_t grown = k | (neighbours(s, k) & g->empty);
    for (unsigned i = 0; i < g->count; i++)
      if (g->libs[i] & grown) grown |= g->libs[i];
    if (grown == k) return k;
    k = grown;
  }
}

/* The longest line of side's moves within the class `cls` from here, into *best (the search
 * stops at `bound` or past its budget: *nodes). */
static void longest(nogo_search *s, unsigned side, uint64_t cls, unsigned depth, unsigned bound,
                    unsigned *best, unsigned *nodes) {
  if (depth > *best) *best = depth;
  if (*best == bound || ++*nodes > EXCLUSIVE_NODES) return;
  nogo_groups g;
  find_groups(s, &g);
  for (uint64_t moves = g.legal[side] & cls; moves != 0 && *best < bound; moves &= moves - 1) {
    uint64_t bit = moves & -moves;
    s->stone[side] |= bit;
    longest(s, side, cls, depth + 1, bound, best, nodes);
    s->stone[side] &= ~bit;
    if (*nodes > EXCLUSIVE_NODES) return;
  }
}

/* The integer of side's own class `cls` (Corollary 3): its size in *value and in *first a move
 * leaving it one less (the first of a longest line); false where not found within the budget.
 * A line is at most the class's legal cells long (Lemma 1), so the first line that long ends it. */
static bool exclusive_value(nogo_search *s, unsigned side, uint64_t cls, uint64_t legal,
                            unsigned *value, uint64_t *first) {
  unsigned bound = nb_bit_count(legal & cls), nodes = 0, most = 0;
  uint64_t at = 0;
  for (uint64_t moves = legal & cls; moves != 0 && most < bound; moves &= moves - 1) {
    uint64_t bit = moves & -moves;
    unsigned best = 0;
    s->stone[side] |= bit;
    longest(s, side, cls, 0, bound - 1, &best, &nodes);
    s->stone[side] &= ~bit;
    if (nodes > EXCLUSIVE_NODES) return false;
    if (best + 1 > most) most = best + 1, at = bit;
  }
  *value = most, *first = at;
  return at != 0;
}

/* The bounds at the top of this file: 1 when they say the mover (side) wins, 0 loses, -1 open.
 * *own gets the mover's cells in its own classes of known integer, *answer the one move that
 * stands for them all (0: none). */
static int decide_by_bounds(nogo_search *s, unsigned side, const nogo_groups *g, uint64_t *own,
                            uint64_t *answer) {
  unsigned me = side, other = 1 - side;
  uint64_t both = g->legal[0] | g->legal[1];
  unsigned hi[2] = {nb_bit_count(g->legal[0]), nb_bit_count(g->legal[1])}, lo[2] = {0, 0};
  *own = *answer = 0;
  if (hi[me] == 0) return 0;
  if (hi[other] == 0) return 1;
  for (uint64_t rest = both; rest != 0;) {
    uint64_t cls = class_of(s, g, rest & -rest);
    rest &= ~cls;
    for (unsigned p = 0; p < 2; p++) {
      if ((cls & g->legal[1 - p]) != 0 || (cls & g->legal[p]) == 0) continue;
      unsigned value;
      uint64_t first;
      if (!exclusive_value(s, p, cls, g->legal[p], &value, &first)) continue;
      lo[p] += value;
      if (p == me) {
        *own |= cls;
        if (*answer == 0 && value > 0) *answer = first;
      }
    }
  }
  if (lo[me] > hi[other]) return 1;
  if (lo[other] >= hi[me]) return 0;
  return -1;
}

/* The key of the position with `side` to move: the mover's stones written as black. */
static void key_of(const nogo_search *s, unsigned side, uint64_t *lo, uint64_t *hi) {
  uint8_t state[NB_BOARD_CELLS];
  uint64_t mine = s->stone[side], theirs = s->stone[1 - side];
  for (unsigned i = 0; i < s->n; i++)
    state[i] = (uint8_t)(!(s->live >> i & 1) ? NOGO_BLOCKED
                         : (mine >> i & 1)   ? NOGO_BLACK
                         : (theirs >> i & 1) ? NOGO_WHITE
                                             : NOGO_EMPTY);
  nb_board_key(&s->syms, state, lo, hi);
}

/* Whether side, to move, wins the board as it is now (restored on return). */
static nb_status wins(nogo_search *s, unsigned side, bool *won, nb_error *err) {
  nogo_groups g;
  find_groups(s, &g);
  uint64_t own, answer;
  int bound = decide_by_bounds(s, side, &g, &own, &answer);
  if (bound >= 0) {
    *won = bound == 1;
    return NB_OK;
  }
  nb_board_memo *memo = &s->cache->memo;
  uint64_t lo = 0, hi = 0;
  bool remembered = nb_bit_count(g.legal[0] | g.legal[1]) > UNREMEMBERED;
  if (remembered) {
    key_of(s, side, &lo, &hi);
    if (nb_board_memo_find(memo, lo, hi, won)) return NB_OK;
  }
  /* the order: fewest legal cells left to the opponent first, then most left to the mover; a
   * move that leaves the opponent none wins at once; the own classes' moves by their one
   * answer, last */
  uint64_t mine = g.legal[side] & ~own;
  uint64_t order[NB_BOARD_CELLS];
  int score[NB_BOARD_CELLS];
  unsigned count = 0;
  for (uint64_t rest = mine; rest != 0; rest &= rest - 1) {
    uint64_t bit = rest & -rest;
    nogo_groups after;
    s->stone[side] |= bit;
    find_groups(s, &after);
    s->stone[side] &= ~bit;
    if (after.legal[1 - side] == 0) {
      *won = true;
      return remembered ? nb_board_memo_add(memo, lo, hi, true, err) : NB_OK;
    }
    int sc = 64 * (int)nb_bit_count(after.legal[1 - side]) - (int)nb_bit_count(after.legal[side]);
    unsigned i = count++;
    for (; i > 0 && score[i - 1] > sc; i--)
      order[i] = order[i - 1], score[i] = score[i - 1];
    order[i] = bit, score[i] = sc;
  }
  if (answer != 0) order[count++] = answer;
  bool found = false;
  nb_status st = NB_OK;
  for (unsigned i = 0; i < count && !found && st == NB_OK; i++) {
    bool child = true;
    s->stone[side] |= order[i];
    st = wins(s, 1 - side, &child, err);
    s->stone[side] &= ~order[i];
    found = !child;
  }
  if (st != NB_OK) return st;
  *won = found;
  return remembered ? nb_board_memo_add(memo, lo, hi, found, err) : NB_OK;
}

nb_status nb_nogo_outcome(const nb_game *g, void *cache, nb_pos p, nb_outcome *out, nb_error *err) {
  nogo_cache *c = cache;
  c->memo.mem.limit = nb_game_memory(g);
  nb_grid b = nb_grid_decode(p, 2);
  nogo_search s = {.cache = c, .w = b.w, .n = b.h * b.w};
  for (unsigned r = 0; r < b.h; r++)
    for (unsigned col = 0; col < b.w; col++) {
      uint64_t bit = 1ull << (r * b.w + col);
      unsigned v = nb_grid_get(&b, r, col);
      if (v != NOGO_BLOCKED) s.live |= bit;
      if (col > 0) s.west_ok |= bit;
      if (col + 1 < b.w) s.east_ok |= bit;
      if (v == NOGO_BLACK) s.stone[NB_LEFT] |= bit;
      if (v == NOGO_WHITE) s.stone[NB_RIGHT] |= bit;
    }
  nb_board_syms_setup(&s.syms, &c->memo, b.h, b.w);
  bool left = false, right = false;
  nb_status st = wins(&s, NB_LEFT, &left, err);
  if (st == NB_OK) st = wins(&s, NB_RIGHT, &right, err);
  if (st != NB_OK) {
    if (c->memo.mem.full) nb_board_memo_forget(&c->memo);
    return st;
  }
  *out = left ? (right ? NB_OUTCOME_N : NB_OUTCOME_L) : (right ? NB_OUTCOME_R : NB_OUTCOME_P);
  return NB_OK;
}
