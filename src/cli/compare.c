/*
 * compare.c: `nimber compare GAME A... -- B...`: how two positions of a game compare.
 *
 * G <= H when Left is at least as happy with H as with G in every sum, which holds exactly when
 * Right moving first in H - G loses; so the outcome class of the difference A - B decides the
 * order (Siegel, Combinatorial Game Theory, 2013, II.1): P is A = B, L is A > B, R is A < B, N
 * is A || B (confused: neither is at least the other). Each side is valued as `value` values
 * it, both by one solver, and the library compares the values (nb_value_compare): canonical
 * forms in the solver's store, Grundy values where a game is impartial (*a and *b are equal or
 * confused, since *a - *b = *(a XOR b)).
 *
 * A side of a partizan game that is one argument and is not a position of the game is read as a
 * literal game in CGSuite's notation (nb_value_of_notation), so that a region compares with a
 * value: `compare domineering '..../....' -- '+-1'`. Where it is neither, the game's own refusal
 * is reported (what the user most likely meant). The rule is: a position first. Where a side is
 * both (psub's heap `3` and the integer 3, of other values), the position is taken and a note on
 * standard error says so and how to write the other reading: `cg:GAME` is always a game in the
 * notation (issue 18's review found `compare psub:1/2 3 -- 3` and `-- '3 + 0'` differing without
 * a word).
 *
 * The command line's "--" ends options; here it separates the sides, so it is found before the
 * options are parsed (replaced by a marker that is a positional argument; options may follow B,
 * and a second "--" ends them as usual).
 */
#include "cli.h"
#include "nimber_cgt.h"

#include <stdlib.h>
#include <string.h>

static const char usage_template[] =
    "usage: nimber compare GAME A... -- B... [--json] [--memory SIZE] [--positions N]\n"
    "                      [--sums N] [--moves-examined N]\n\n"
    "Compares two positions of GAME (each given as 'nimber value' takes it): prints '<', '>',\n"
    "'=' or '||' (confused: the first player wins A - B) and the outcome class of A - B that\n"
    "decides it (P: =, L: >, R: <, N: ||). Partizan positions compare by their canonical\n"
    "forms, impartial ones by their Grundy values (equal or confused). A side of a partizan\n"
    "game may be one game in CGSuite's notation instead of a position: '+-1', '{1|*} + ^'.\n"
    "A side that reads as a position is one; write cg:GAME for a game in the notation where\n"
    "it could be both (a pile of 3 and the integer 3: cg:3 is the integer): such a side read\n"
    "as a position gets a note on standard error.\n\n"
    "  --json        one JSON object: game, a, b, relation and difference_outcome\n"
    "  --memory SIZE\n"
    "                bytes each search's tables may take (default 2G; K, M, G, T: powers of\n"
    "                1024): a position needing more is refused, exit 65\n" CLI_SEARCH_HELP "\n"
    "examples:\n{ex:compare:sized:0,1:-- 3}{ex:compare:sized:2:-- 1 2 --json}";

/* One side: its text and value. */
typedef struct side {
  char *text;   /* as printed (the position formatted, or the literal as typed); owned */
  nb_value val; /* its value */
} side;

static char *copy_text(const char *t) {
  size_t n = strlen(t);
  char *c = nb_alloc(n + 1, 1, NULL);
  if (c != NULL) memcpy(c, t, n + 1);
  return c;
}

/* A side written `cg:GAME`: the game in CGSuite's notation, whatever the family's positions are. */
static int literal_side(const char *arg, size_t first_arg, const nb_value *like, side *out) {
  nb_error err = {0};
  if (like == NULL)
    return cli_usage_error("compare", "compare: argument %zu: a 'cg:' side is a game in CGSuite's "
                                      "notation, for partizan games only",
                           first_arg);
  nb_status st = nb_value_of_notation(like, arg + 3, &out->val, &err);
  if (st == NB_EUSAGE) nb_error_prefix(&err, st, "argument %zu: after 'cg:', ", first_arg);
  if (st != NB_OK) return cli_fail(&err);
  out->text = copy_text(arg);
  return out->text == NULL ? cli_out_of_memory() : 0;
}

/* A side of one argument read as a position, which is also a game in CGSuite's notation of
 * another value (psub's heap 3 is not the integer 3): says so on standard error, and how to
 * write the other reading. Nothing is said where the readings agree (cg, or a position worth
 * its text). */
static void note_ambiguous(const char *arg, size_t first_arg, const side *s, const nb_value *like,
                           const char *game) {
  nb_error ignored = {0};
  nb_value lit;
  int rel = 0;
  nb_outcome d;
  if (nb_value_of_notation(like, arg, &lit, &ignored) != NB_OK) return;
  if (nb_value_compare(&s->val, &lit, &rel, &d, &ignored) != NB_OK || rel == NB_CG_EQUAL) return;
  char quoted[NB_QUOTE_CAP];
  nb_quote(quoted, arg, strlen(arg));
  fprintf(stderr,
          "nimber: compare: note: argument %zu, %s, is read as a position of %s, not as the game "
          "%s in CGSuite's notation (write cg:%s for that)\n",
          first_arg, quoted, game, quoted, arg);
}

/* Parses args[0..count) as a position of p's game and values it; a partizan side of one argument
 * that is no position is read as a literal (like: a canonical value of the game, for its store),
 * as is one written `cg:GAME`; a position that is also a literal of another value gets a note.
 * Prints an error and returns its status on failure. */
static int value_side(cli_position *p, char **args, size_t count, size_t first_arg,
                      const nb_value *like, side *out) {
  nb_error err = {0}, game_err = {0};
  if (count == 1 && strncmp(args[0], "cg:", 3) == 0)
    return literal_side(args[0], first_arg, like, out);
  size_t cap = count;
  for (size_t i = 0; i < count; i++)
    cap += strlen(args[i]);
  nb_pos *comps = nb_alloc(cap, sizeof *comps, &err);
  size_t n = 0;
  if (comps == NULL) return cli_fail(&err);
  nb_status st = nb_position_parse(p->game, (const char *const *)args, count, first_arg, comps, &n,
                                   cap, &game_err);
  bool as_position = st == NB_OK;
  if (st == NB_OK) {
    st = nb_value_of(p->solver, comps, n, &out->val, &err);
    out->text = st == NB_OK ? cli_format_position(p->game, comps, n) : NULL;
  } else if (st == NB_EUSAGE && count == 1 && like != NULL) {
    nb_status lit = nb_value_of_notation(like, args[0], &out->val, &err);
    st = lit;
    if (lit == NB_OK) out->text = copy_text(args[0]);
    if (lit == NB_EUSAGE && strstr(game_err.message, err.message) != NULL) {
      err = game_err; /* the game's positions are that notation (cg): one fault, said once */
    } else if (lit == NB_EUSAGE) { /* neither: both readings' faults */
      nb_error_prefix(&err, NB_EUSAGE, "%.200s; as a game in CGSuite's notation, ",
                      game_err.message);
    }
  } else {
    err = game_err;
  }
  free(comps);
  if (st != NB_OK) return cli_fail(&err);
  if (out->text == NULL) return cli_out_of_memory();
  if (count == 1 && like != NULL && as_position)
    note_ambiguous(args[0], first_arg, out, like, p->spec);
  return 0;
}

static const char *const relation_text[] = {"=", "<", ">", "||"};
static const char *const outcome_words[] = {"the player to move loses", "the player to move wins",
                                            "Left wins whoever starts",
                                            "Right wins whoever starts"};

static void print_result(const char *spec, const side *a, const side *b, int rel, nb_outcome d,
                         bool json) {
  if (!json) {
    printf("%s (A - B: %c, %s)\n", relation_text[rel & 3], nb_outcome_letter(d),
           outcome_words[d & 3]);
    return;
  }
  fputs("{\"game\":", stdout);
  cli_json_string(stdout, spec);
  fputs(",\"a\":", stdout);
  cli_json_string(stdout, a->text);
  fputs(",\"b\":", stdout);
  cli_json_string(stdout, b->text);
  printf(",\"relation\":\"%s\",\"difference_outcome\":\"%c\"}\n", relation_text[rel & 3],
         nb_outcome_letter(d));
}

/* Compares the sides args[1..split) and args[split+1..npos] of the game args[0]. */
static int compare(const cli_env *env, char **args, size_t npos, size_t split,
                   const nb_limits *limits, bool json) {
  cli_position p;
  int status = cli_game_open(env->games, args[0], limits, &p);
  if (status != 0) return status;
  side a = {0}, b = {0};
  nb_value zero; /* the empty sum: a canonical value of a partizan game, for literal sides */
  nb_error err = {0};
  bool have_zero = nb_value_of(p.solver, NULL, 0, &zero, &err) == NB_OK;
  const nb_value *like = have_zero && nb_theory_sides(nb_game_theory(p.game)) == 2 ? &zero : NULL;
  status = value_side(&p, args + 1, split - 1, 2, like, &a);
  if (status == 0) status = value_side(&p, args + split + 1, npos - split - 1, split + 2, like, &b);
  int rel = 0;
  nb_outcome d = NB_OUTCOME_P;
  if (status == 0 && nb_value_compare(&a.val, &b.val, &rel, &d, &err) != NB_OK)
    status = cli_fail(&err);
  if (status == 0) print_result(p.spec, &a, &b, rel, d, json);
  free(a.text);
  free(b.text);
  cli_position_close(&p);
  return status;
}

int cmd_compare(const cli_env *env, int argc, char **argv) {
  bool json = false;
  const char *memory = NULL;
  cli_search_text counts = {0};
  cli_opt opts[] = {{.name = "json", .flag = &json}, CLI_MEMORY_OPT(&memory),
                    CLI_SEARCH_OPTS(&counts)};
  char side_marker[] = ""; /* what the first "--" becomes: found again by its address */
  for (int i = 1; i < argc; i++)
    if (strcmp(argv[i], "--") == 0) {
      argv[i] = side_marker;
      break;
    }
  size_t npos, split = 0;
  bool done;
  nb_limits limits = nb_limits_default();
  int status = cli_parse_help(argc, argv, opts, 5, env->games, usage_template, &npos, &done);
  if (status != 0 || done) return status;
  if (npos == 0) return cli_usage_error("compare", "compare: expected a game and two positions");
  for (size_t i = 1; i <= npos && split == 0; i++)
    if (argv[i] == side_marker) split = i;
  if (split == 0)
    return cli_usage_error("compare", "compare: expected '--' between the two positions");
  if (split == 1) return cli_usage_error("compare", "compare: expected a game before '--'");
  if (split == 2) return cli_usage_error("compare", "compare: expected a position before '--'");
  if (split == npos) return cli_usage_error("compare", "compare: expected a position after '--'");
  status = cli_memory_limit("compare", memory, &limits);
  if (status == 0) status = cli_search_limits("compare", &counts, &limits);
  return status != 0 ? status : compare(env, argv + 1, npos, split - 1, &limits, json);
}
