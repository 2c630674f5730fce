/*
 * test_hackenbush.c: Red-Blue-Green Hackenbush (src/games/hackenbush.c) against its rules,
 * plainly.
 *
 * The reference (tests/plain_board.h) plays the game from its rules alone on the text of a
 * tree: it reads the letters and parentheses into edges with their parents, cuts an edge and
 * everything standing on it, and writes the rest back in the same order, memoised by the whole
 * text: no normal form, no split at the ground, no closed form. Checked here:
 *   - every blue-red string of up to 12 edges (Berlekamp's sign expansion, the family's closed
 *     form, against the search of the rules), random ones of 13 to 40 (quick: to 24);
 *   - every string of up to 7 edges over 'l', 'r', 'e' (the search: green edges have no closed
 *     form in a mixed string), random ones of 8 to 10;
 *   - random green trees of up to 10 edges (the colon principle against the search) and random
 *     mixed trees of up to 9 edges; each with blue and red exchanged is its negative, and with
 *     its branches in another order has its value;
 *   - published values, with their sources; the text: moves, capitals, every refusal, random
 *     texts.
 */
#include "plain_board.h"

static bool quick; /* NB_TEST_QUICK: fewer random cases (sanitizer run) */

enum { EDGES = 32 };

/* A tree as the plain reference holds it: edges in the order of their letters. */
typedef struct ptree {
  int n;              /* edges */
  char colour[EDGES]; /* 'l', 'r' or 'e' (lower case) */
  int parent[EDGES];  /* the edge it stands on, or -1: the ground */
} ptree;

/* Reads a well-formed tree text from *s, the edges standing on `node`. */
static void pt_read(ptree *t, const char **s, int node) {
  while (**s && strchr("lreLRE", **s)) {
    t->colour[t->n] = (char)(**s | 0x20);
    t->parent[t->n] = node;
    node = t->n++;
    (*s)++;
  }
  if (**s != '(') return;
  do {
    (*s)++;
    pt_read(t, s, node);
  } while (**s == ',');
  (*s)++; /* ')' */
}

static ptree pt_of(const char *text) {
  ptree t = {0};
  pt_read(&t, &text, -1);
  return t;
}

/* Writes what stands on `node`: one branch continues, several are bracketed. */
static void pt_write(const ptree *t, int node, char *out, int *len) {
  int count = 0, k = 0;
  for (int i = 0; i < t->n; i++)
    count += t->parent[i] == node;
  if (count > 1) out[(*len)++] = '(';
  for (int i = 0; i < t->n; i++) {
    if (t->parent[i] != node) continue;
    if (k++ > 0) out[(*len)++] = ',';
    out[(*len)++] = t->colour[i];
    pt_write(t, i, out, len);
  }
  if (count > 1) out[(*len)++] = ')';
}

/* The text of t ("-": nothing stands). */
static pboard pt_board(const ptree *t) {
  char text[PB_MAX_W + 1];
  int len = 0;
  pt_write(t, -1, text, &len);
  text[len] = '\0';
  return pb_board(len ? text : "-");
}

/* The rules: `who` cuts an edge of their colour or a green one; every edge that no longer
 * reaches the ground through its parents falls. */
static int hackenbush_rule(const pboard *b, int who, pboard *next) {
  char text[PB_TEXT];
  pb_text(b, text);
  if (strcmp(text, "-") == 0) return 0;
  ptree t = pt_of(text);
  int n = 0;
  for (int i = 0; i < t.n; i++) {
    if (t.colour[i] != (who == 0 ? 'l' : 'r') && t.colour[i] != 'e') continue;
    bool gone[EDGES] = {false};
    int index[EDGES];
    ptree after = {0};
    for (int j = 0; j < t.n; j++) {
      gone[j] = j == i || (t.parent[j] >= 0 && gone[t.parent[j]]);
      if (gone[j]) continue;
      index[j] = after.n;
      after.colour[after.n] = t.colour[j];
      after.parent[after.n++] = t.parent[j] < 0 ? -1 : index[t.parent[j]];
    }
    next[n++] = pt_board(&after);
  }
  return n;
}

/* A random forest of n edges over `colours`: each edge on the ground or on an earlier one. */
static ptree pt_random(uint64_t *rng, int n, const char *colours, bool one_trunk) {
  ptree t = {.n = n};
  for (int i = 0; i < n; i++) {
    t.colour[i] = colours[check_range(rng, 0, strlen(colours) - 1)];
    t.parent[i] = i == 0 || (one_trunk && check_range(rng, 0, 1))
                      ? i - 1
                      : (int)check_range(rng, 0, (uint64_t)i) - 1;
    if (one_trunk && i > 0 && t.parent[i] < 0) t.parent[i] = 0;
  }
  return t;
}

/* Writes what stands on `node` with its branches last first. */
static void pt_write_reversed(const ptree *t, int node, char *out, int *len) {
  int count = 0, k = 0;
  for (int i = 0; i < t->n; i++)
    count += t->parent[i] == node;
  if (count > 1) out[(*len)++] = '(';
  for (int i = t->n - 1; i >= 0; i--) {
    if (t->parent[i] != node) continue;
    if (k++ > 0) out[(*len)++] = ',';
    out[(*len)++] = t->colour[i];
    pt_write_reversed(t, i, out, len);
  }
  if (count > 1) out[(*len)++] = ')';
}

/* With blue and red exchanged: the negative; with the branches reversed: the same. */
static void check_related(pb_lib *l, const pboard *b, int k) {
  (void)k;
  char text[PB_TEXT], back[PB_MAX_W + 1];
  pb_text(b, text);
  ptree t = pt_of(text);
  int len = 0;
  pt_write_reversed(&t, -1, back, &len);
  back[len] = '\0';
  pboard s = pb_swapped(b, "lr", "rl"), r = pb_board(back);
  pb_check_related(l, b, &s, true);
  pb_check_related(l, b, &r, false);
}

/* Random forests of `from` to `to` edges over `colours`, `count` of each size. */
static void check_trees(pb_lib *l, pb_plain *p, uint64_t *rng, int from, int to, int count,
                        const char *colours) {
  for (int n = from; n <= to; n++)
    for (int i = 0; i < count; i++) {
      ptree t = pt_random(rng, n, colours, i % 2 == 0);
      pboard b = pt_board(&t);
      if (b.w > PB_MAX_W - 2) continue;
      pb_check_plain(l, p, &b);
      check_related(l, &b, 0);
    }
}

static void test_sweep(void) {
  pb_lib l = pb_lib_open("hackenbush");
  pb_plain p = pb_plain_new(hackenbush_rule);
  uint64_t rng = 20;
  for (int w = 1; w <= 12; w++) /* Theorem 1 against the search */
    pb_check_shape(&l, &p, 1, w, "lr", quick && w >= 11 ? 300 : 0, &rng, NULL,
                   w <= 8 ? check_related : NULL);
  for (int w = 13; w <= (quick ? 16 : 20); w++)
    pb_check_shape(&l, &p, 1, w, "lr", quick ? 10 : 40, &rng, NULL, check_related);
  for (int w = 1; w <= 7; w++)
    pb_check_shape(&l, &p, 1, w, "lre", quick && w == 7 ? 300 : 0, &rng, NULL, check_related);
  for (int w = 8; w <= 10; w++)
    pb_check_shape(&l, &p, 1, w, "lre", quick ? 20 : 100, &rng, NULL, check_related);
  check_trees(&l, &p, &rng, 1, 10, quick ? 15 : 60, "e"); /* Theorem 2 against the search */
  check_trees(&l, &p, &rng, 1, 9, quick ? 15 : 60, "lre");
  check_trees(&l, &p, &rng, 1, 9, quick ? 10 : 40, "lr");
  pb_plain_free(&p);
  pb_lib_free(&l);
}

static void test_published(void) {
  pb_lib l = pb_lib_open("hackenbush");
  /* Winning Ways (Berlekamp, Conway, Guy), ch. 1 and 2: a blue edge is 1, a blue edge with a red
   * one on top is 1/2 ("half a move"), and Hackenbush strings: BRR = 1/4, BRB = 3/4, BBR = 3/2. */
  pb_check_form(&l, "l", "1");
  pb_check_form(&l, "lr", "1/2");
  pb_check_form(&l, "lrr", "1/4");
  pb_check_form(&l, "lrl", "3/4");
  pb_check_form(&l, "llr", "3/2");
  pb_check_form(&l, "lr lr r", "0"); /* WW ch. 1: two half moves are a move */
  /* The Blue-Red Hackenbush calculator of wopravil.cz (utils_hack2.html): "the string BBRB
   * would be worth +1+1-1/2+1/4=7/4"; and by the same rule (A. N. Walker's notes on
   * Hackenbush, Nottingham): 'lrrl' = 1 - 1/2 - 1/4 + 1/8 = 3/8. */
  pb_check_form(&l, "llrl", "7/4");
  pb_check_form(&l, "lrrl", "3/8");
  pb_check_form(&l, "rlll", "-1/8");
  /* Winning Ways ch. 7 (Green Hackenbush): a green string of n edges is *n; by the colon
   * principle a tree with two equal branches on its trunk is the trunk alone, and 'e(e,ee)' is
   * the string of 1 + (1 xor 2) = 4 edges. */
  pb_check_form(&l, "eee", "*3");
  pb_check_form(&l, "e(e,e)", "*");
  pb_check_form(&l, "e(e,ee)", "*4");
  pb_check_form(&l, "(ee,e)", "*3");
  /* A green edge on a blue one: Left may leave 0 (cutting the blue) or 1 (the green), Right
   * only 1 (the green): {0,1|1} = 1*, worked from the rules (no source quoted). */
  pb_check_form(&l, "le", "1*");
  pb_lib_free(&l);
}

static void test_text(void) {
  char got[512];
  pb_lib l = pb_lib_open("hackenbush");
  pb_moves_text(&l, "lr(l,re)", NB_LEFT, got, sizeof got);
  CHECK(strcmp(got, "1 ->; 3 -> lrre; 5 -> lr(l,r)") == 0, "'lr(l,re)' Left: %s", got);
  pb_moves_text(&l, "(l,re,e)", NB_RIGHT, got, sizeof got);
  CHECK(strcmp(got, "2 -> l re; 3 -> l e; 4 -> l e r") == 0, "'(l,re,e)' Right: %s", got);
  CHECK(pb_value(&l, "LRE").game == pb_value(&l, "lre").game, "capitals");
  CHECK(pb_value(&l, "(ll,r)").game == pb_value(&l, "(r,ll)").game, "branch order");
  pb_check_refused(&l, "lxr",
                   "argument 1: column 2: expected 'l', 'r', 'e', '(', ',' or ')', "
                   "found 'x'");
  pb_check_refused(&l, "",
                   "argument 1: expected a string or tree of 'l' (blue), 'r' (red) and "
                   "'e' (green) edges from the ground up, such as 'lrlerrr' or "
                   "'lr(l,re)'");
  pb_check_refused(&l, "l(r,e", "argument 1: column 2: '(' is not closed");
  pb_check_refused(&l, "l(r,)",
                   "argument 1: column 5: expected an edge ('l', 'r' or 'e'), "
                   "found ')'");
  pb_check_refused(&l, "l()",
                   "argument 1: column 3: expected an edge ('l', 'r' or 'e'), "
                   "found ')'");
  pb_check_refused(&l, "lr)", "argument 1: column 3: ')' closes no '('");
  pb_check_refused(&l, "l,r", "argument 1: column 2: ',' outside parentheses");
  pb_check_refused(&l, "l(r,e)l",
                   "argument 1: column 7: expected ',', ')' or the end after a ')' "
                   "(branches end their string), found 'l'");
  char long_string[64];
  memset(long_string, 'l', 61);
  long_string[61] = '\0';
  pb_check_refused(&l, long_string, "argument 1: column 61: too many edges (at most 60)");
  pb_check_refused(&l, "(l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,l,ll)",
                   "argument 1: the tree is too large: it needs 62 places of the 60 a position "
                   "holds (2 an edge, less 1 an edge of its highest path: a string of 60 edges)");
  long_string[60] = '\0';
  CHECK(pb_value(&l, long_string).game == pb_value(&l, long_string).game, "60 edges");
  pb_check_parse_fuzzed(&l, "lreLRE(),x", quick ? 3000 : 20000, 41, 99);
  pb_lib_free(&l);
}

int main(void) {
  quick = getenv("NB_TEST_QUICK") != NULL;
  test_text();
  test_published();
  test_sweep();
  return check_done();
}
