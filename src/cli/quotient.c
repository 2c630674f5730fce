/*
 * quotient.c: `nimber quotient GAME --heaps N`: the misère quotient of a heap game's sums of
 * heaps of at most N tokens (src/heap/heapquot.c computes and proves it): its order, generators
 * and relations, P-portion and pretending function, as text or one JSON object.
 *
 * The game must be a heap game (nim, sub:S, oct:CODE with its aliases, hex:CODE, grundy): the
 * quotient is of sums of heaps, so a game without heap sizes, or a partizan one, is a usage
 * error naming it. Words are printed as "a^2 b" ("1": the identity); JSON gives them as strings
 * and the relations as pairs [left, right]. When theorem M (heapquot.c) proves the quotient to
 * be that of every heap size, it says so with the preperiod, period and window (JSON: "stable",
 * "preperiod", "period", "checked_to", "theorem"), and "proved_to" names the bound the check
 * reached (the bounds past it follow by the period).
 */
#include "cli.h"
#include "games/heaps.h"
#include "heap/heapquot.h"

#include <stdlib.h>
#include <string.h>

static const char usage_template[] =
    "usage: nimber quotient GAME --heaps N [--json] [--memory SIZE] [--positions N] [--sums N]\n"
    "                        [--moves-examined N]\n\n"
    "Prints the misère quotient (Plambeck and Siegel) of the sums of heaps of 1 to N tokens of\n"
    "a heap game ({heaps}, with their parameters or aliases):\n"
    "the commutative monoid of those sums up to misère indistinguishability. Its order,\n"
    "generators (a, b, c, ..., each named with the heap it is the element of), relations (a\n"
    "complete set: every word rewrites to its normal form), the P-portion (the elements of\n"
    "misère P-positions: a sum is a second-player win exactly when its element is one of them)\n"
    "and the pretending function (the element of each heap size 0 to N). The quotient is\n"
    "proved, not guessed: a check of the misère rule at every signature of a sum (heapquot.c).\n"
    "Once the pretending function is periodic over the window of the code's periodicity\n"
    "theorem (theorem M, heapquot.c), the quotient is that of every heap size: it says so, with\n"
    "the preperiod, period and window, and the bounds past it follow by the period, unchecked.\n\n"
    "  --heaps N       the largest heap, 1 to 200\n"
    "  --json          one JSON object: game, heaps, order, generators, relations (pairs of\n"
    "                  words), p_portion, pretending, stable (the quotient of every heap\n"
    "                  size; then preperiod, period, checked_to and theorem), proved_to (the\n"
    "                  bound the check of the misère rule reached)\n"
    "  --memory SIZE   bytes the computation's tables may take (default 2G)\n"
    "  --positions N   sums whose outcome it may remember (default 4M)\n"
    "  --sums N        pairs its proof may keep (default 1M)\n"
    "  --moves-examined N\n"
    "                  moves its searches may examine in all (default 128M)\n\n"
    "A quotient that passes a limit (wild games grow: Dawson's Kayles past 20 heaps) is refused,\n"
    "exit 65, naming the limit, the heap reached and the order of the quotient before it.\n\n"
    "examples:\n{ex:quotient:heaps::--heaps 3}{ex:quotient:heaps#2::--heaps 9 --json}";

/* The longest word: at most 200 generators (NB_QUOTIENT_MAX_HEAPS), each at most "g200^65535 ". A
 * word is formatted on the stack, so that printing allocates nothing once it has begun and the
 * output, JSON above all, is never cut by running out of memory (tests/alloc/run.sh). */
enum { WORD_CAP = 16 * NB_QUOTIENT_MAX_HEAPS };

/* Prints a word (exponents x), after sep, as JSON or text. */
static bool print_word(const nb_quotient *q, const uint32_t *x, bool json, const char *sep) {
  char text[WORD_CAP];
  NB_ASSERT(nb_quotient_word(q, x, NULL, 0) < WORD_CAP);
  nb_quotient_word(q, x, text, sizeof text);
  fputs(sep, stdout);
  if (json)
    cli_json_string(stdout, text);
  else
    fputs(text, stdout);
  return true;
}

static bool print_relations(const nb_quotient *q, bool json) {
  for (uint32_t k = 0; k < q->rel_count; k++) {
    const char *sep = k ? ", " : "";
    if (json && !print_word(q, q->exps + q->rel[k].lhs, true, k ? ",[" : "[")) return false;
    if (!json && !print_word(q, q->exps + q->rel[k].lhs, false, sep)) return false;
    if (!print_word(q, nb_quotient_normal(q, q->rel[k].rhs), json, json ? "," : " = "))
      return false;
    if (json) putchar(']');
  }
  return true;
}

/* x: room for q->gens exponents, allocated before any output. */
static bool print_generators(const nb_quotient *q, uint32_t *x, bool json) {
  for (uint32_t j = 0; j < q->gens; j++) {
    memset(x, 0, q->gens * sizeof *x);
    x[j] = 1;
    print_word(q, x, json, j ? (json ? "," : ", ") : "");
    if (!json) printf(" (heap %u)", (unsigned)q->gen_heap[j]);
  }
  return true;
}

static bool print_p(const nb_quotient *q, bool json) {
  bool first = true;
  for (uint32_t e = 0; e < q->order; e++)
    if (q->p[e]) {
      if (!print_word(q, nb_quotient_normal(q, e), json, first ? "" : json ? "," : ", "))
        return false;
      first = false;
    }
  return true;
}

static bool print_pretending(const nb_quotient *q, bool json) {
  for (uint32_t n = 0; n <= q->heaps; n++)
    if (!print_word(q, nb_quotient_normal(q, q->pretend[n]), json, n ? (json ? "," : ", ") : ""))
      return false;
  return true;
}

/* Text: "none" for an empty list. */
static bool none(bool empty, bool json) {
  return !empty || json || fputs("none", stdout) >= 0;
}

static int print_quotient(const nb_quotient *q, const char *spec, bool json) {
  bool ok, no_p = true;
  uint32_t *x = nb_alloc(q->gens + 1, sizeof *x, NULL);
  if (x == NULL) return cli_out_of_memory();
  for (uint32_t e = 0; e < q->order; e++)
    no_p &= !q->p[e];
  if (json) {
    fputs("{\"game\":", stdout);
    cli_json_string(stdout, spec);
    printf(",\"heaps\":%u,\"order\":%u,\"generators\":[", (unsigned)q->heaps, (unsigned)q->order);
    ok = print_generators(q, x, true) && fputs("],\"relations\":[", stdout) >= 0 &&
         print_relations(q, true) && fputs("],\"p_portion\":[", stdout) >= 0 && print_p(q, true) &&
         fputs("],\"pretending\":[", stdout) >= 0 && print_pretending(q, true);
    if (ok) printf("],\"stable\":%s", q->stable ? "true" : "false");
    if (ok && q->stable) {
      printf(",\"preperiod\":%u,\"period\":%u,\"checked_to\":%u,\"theorem\":",
             (unsigned)q->preperiod, (unsigned)q->period, (unsigned)q->checked_to);
      cli_json_string(stdout, q->theorem);
    }
    if (ok) printf(",\"proved_to\":%u}\n", (unsigned)q->proved_to);
  } else {
    printf("%s: misère quotient of the heaps up to %u\norder: %u\ngenerators: ", spec,
           (unsigned)q->heaps, (unsigned)q->order);
    ok = none(q->gens == 0, false) && print_generators(q, x, false) &&
         fputs("\nrelations: ", stdout) >= 0 && none(q->rel_count == 0, false) &&
         print_relations(q, false) && fputs("\nP-portion: ", stdout) >= 0 && none(no_p, false) &&
         print_p(q, false) && printf("\npretending (heaps 0 to %u): ", (unsigned)q->heaps) >= 0 &&
         print_pretending(q, false);
    if (ok && q->proved_to == q->heaps)
      printf("\nproof: the misère rule holds at every sum of these heaps (pairs checked: %llu)\n",
             (unsigned long long)q->verified);
    else if (ok)
      printf("\nproof: the misère rule holds at every sum of heaps up to %u (pairs checked: %llu);"
             " heaps %u to %u by the theorem below\n",
             (unsigned)q->proved_to, (unsigned long long)q->verified, (unsigned)q->proved_to + 1,
             (unsigned)q->heaps);
    if (ok && q->stable)
      printf("every heap: this is the quotient of the whole game; pretending periodic from heap %u"
             " with period %u: checked for every n in [%u, %u]; phi(n + p) = phi(n) there, hence"
             " for every n >= %u and every bound by %s (src/heap/heapquot.c)\n",
             (unsigned)q->preperiod, (unsigned)q->period, (unsigned)q->preperiod,
             (unsigned)q->checked_to, (unsigned)q->preperiod, q->theorem);
    else if (ok && strncmp(q->theorem, "theorem", 7) == 0)
      printf("every heap: not proven by heap %u (no period p from a heap s with W(s, p) - 1 <="
             " %u: %s)\n",
             (unsigned)q->heaps, (unsigned)q->heaps, q->theorem);
    else if (ok)
      printf("every heap: not proven (%s)\n", q->theorem);
  }
  free(x);
  if (!ok) return cli_out_of_memory();
  return ferror(stdout) ? CLI_EXIT_IOERR : 0;
}

/* --heaps: 1 to NB_QUOTIENT_MAX_HEAPS, or a usage error. */
static int parse_heaps(const char *text, uint32_t *out) {
  uint64_t n;
  char quoted[NB_QUOTE_CAP];
  if (text == NULL)
    return cli_usage_error("quotient", "quotient: --heaps N is required (the largest heap)");
  if (!nb_parse_u64(text, &n) || n < 1 || n > NB_QUOTIENT_MAX_HEAPS)
    return cli_usage_error("quotient", "quotient: --heaps: %s is not a heap size from 1 to %u",
                           nb_quote(quoted, text, strlen(text)), (unsigned)NB_QUOTIENT_MAX_HEAPS);
  *out = (uint32_t)n;
  return 0;
}

/* The heap rules of the game, or a usage error saying why it has none, naming the heap games
 * as the registry lists them. */
static int heap_rules(const nb_registry *games, const cli_position *p,
                      const nb_heap_rules **out) {
  *out = nb_heap_game_rules(p->game);
  if (*out != NULL) return 0;
  char *heaps = cli_help(games, "{heaps}");
  if (heaps == NULL) return cli_out_of_memory();
  int status = nb_theory_sides(nb_game_theory(p->game)) == 2
                   ? cli_usage_error("quotient",
                                     "quotient: %s is partizan; misère quotients are of "
                                     "impartial heap games (%s)",
                                     p->spec, heaps)
                   : cli_usage_error("quotient",
                                     "quotient: %s has no heaps; misère quotients are of heap "
                                     "games (%s)",
                                     p->spec, heaps);
  free(heaps);
  return status;
}

int cmd_quotient(const cli_env *env, int argc, char **argv) {
  bool json = false;
  const char *memory = NULL, *heaps_text = NULL;
  cli_search_text counts = {0};
  cli_opt opts[] = {{.name = "json", .flag = &json},
                    {.name = "heaps", .value = &heaps_text},
                    CLI_MEMORY_OPT(&memory),
                    CLI_SEARCH_OPTS(&counts)};
  size_t npos;
  bool done;
  nb_limits limits = nb_limits_default();
  int status = cli_parse_help(argc, argv, opts, 6, env->games, usage_template, &npos, &done);
  const char *const *pos = (const char *const *)argv + 1;
  if (status != 0 || done) return status;
  if (npos != 1) return cli_usage_error("quotient", "quotient: expected one GAME (and --heaps N)");
  uint32_t heaps = 0;
  if ((status = parse_heaps(heaps_text, &heaps)) != 0) return status;
  if ((status = cli_memory_limit("quotient", memory, &limits)) != 0) return status;
  if ((status = cli_search_limits("quotient", &counts, &limits)) != 0) return status;
  cli_position p;
  if ((status = cli_game_open(env->games, pos[0], &limits, &p)) != 0) return status;
  const nb_heap_rules *rules;
  status = heap_rules(env->games, &p, &rules);
  nb_quotient *q = NULL;
  nb_error err = {0};
  if (status == 0 && nb_quotient_compute(rules, heaps, &limits, &q, NULL, &err) != NB_OK)
    status = cli_fail(&err);
  if (status == 0) status = print_quotient(q, p.spec, json);
  nb_quotient_free(q);
  cli_position_close(&p);
  return status;
}
