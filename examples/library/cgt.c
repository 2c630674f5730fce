/*
 * cgt.c: nimber's short-game algebra as a library (nimber_cgt.h), in one page. Reads two games
 * in CGSuite's notation, prints their sum in canonical form with its outcome class, mean,
 * temperature and options, and how the two games compare.
 *
 *   cc cgt.c $(pkg-config --cflags --libs nimber) -o cgt
 *   ./cgt '{0|*}' '*'
 *   ^ + * = ^*: N, mean 0, temperature 0
 *   Left's options: 0, *; Right's: 0
 *   ^ || *
 */
#include <nimber_cgt.h>

#include <stdio.h>
#include <stdlib.h>

/* Prints g (CGSuite's notation) followed by `after`; false if it cannot. */
static bool print(nb_cg_store *s, nb_cg g, const char *after, nb_error *err) {
  char *text = NULL;
  if (nb_cg_format(s, g, 1 << 20, &text, NULL, err) != NB_OK) return false;
  printf("%s%s", text, after);
  free(text); /* the caller owns the text */
  return true;
}

/* Prints the options of g for who, separated by commas. */
static bool print_options(nb_cg_store *s, nb_cg g, nb_player who, nb_error *err) {
  const nb_cg *opts; /* inside the store: copy before making games; printing makes none */
  size_t n;
  if (nb_cg_options(s, g, who, &opts, &n, err) != NB_OK) return false;
  for (size_t i = 0; i < n; i++)
    if (!print(s, opts[i], i + 1 < n ? ", " : "", err)) return false;
  return true;
}

static bool run(nb_cg_store *s, const char *a_text, const char *b_text, nb_error *err) {
  static const char *const outcome[] = {"P", "N", "L", "R"};   /* by nb_outcome */
  static const char *const relation[] = {"=", "<", ">", "||"}; /* by nb_cg_order */
  nb_cg a, b, sum;
  nb_outcome o;
  nb_cg_order order;
  nb_dyadic mean, temp;
  char m[32], t[32];
  if (nb_cg_parse(s, a_text, &a, err) != NB_OK || nb_cg_parse(s, b_text, &b, err) != NB_OK ||
      nb_cg_add(s, a, b, &sum, err) != NB_OK || nb_cg_outcome(s, sum, &o, err) != NB_OK ||
      nb_cg_mean_temperature(s, sum, &mean, &temp, err) != NB_OK ||
      nb_cg_compare(s, a, b, &order, err) != NB_OK)
    return false;
  nb_dyadic_format(mean, m, sizeof m);
  nb_dyadic_format(temp, t, sizeof t);
  if (!print(s, a, " + ", err) || !print(s, b, " = ", err) || !print(s, sum, "", err)) return false;
  printf(": %s, mean %s, temperature %s\nLeft's options: ", outcome[o], m, t);
  if (!print_options(s, sum, NB_LEFT, err)) return false;
  printf("; Right's: ");
  if (!print_options(s, sum, NB_RIGHT, err)) return false;
  printf("\n");
  return print(s, a, " ", err) && printf("%s ", relation[order]) && print(s, b, "\n", err);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s GAME GAME   (CGSuite's notation: '{0|*}', '^', '+-1', '3/4')\n",
            argv[0]);
    return 64;
  }
  nb_error err = {0};
  nb_cg_store *s = NULL;
  bool ok = nb_cg_store_new(64 << 20, &s, &err) == NB_OK && run(s, argv[1], argv[2], &err);
  nb_cg_store_free(s); /* frees every game made in it */
  if (!ok) fprintf(stderr, "cgt: %s\n", err.message);
  return ok ? 0 : err.status;
}
