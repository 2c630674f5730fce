/*
 * plot.c: `nimber plot GAME --to N`: a picture of the values of a game's sizes, as SVG.
 *
 * Value against size: Grundy values as points (impartial games), outcome classes as four
 * coloured bands, one per class (partizan games). The picture is one self-contained SVG file
 * (no script, no external font, style or image), so any browser opens it.
 *
 * Downsampling. The plot area is PLOT_W pixels wide. Up to PLOT_W sizes, each size has its own
 * column and point. Beyond, every column stands for `per` = floor((N - A) / PLOT_W) + 1
 * consecutive sizes and shows all their values: a bar from the least to the greatest Grundy
 * value, or a mark in the band of every outcome class present. Nothing is dropped: a value held
 * by one size of a column still shows. The file then has at most PLOT_W columns whatever N is:
 * about 110 to 130 KB for Grundy values, up to 450 KB for outcome classes (a mark for each of
 * the four classes in every column: psub:1/2 to 10^18, 449,542 bytes; issue 18 found "about
 * 100 KB" claimed); each point or mark carries a <title> (its sizes and values), which a
 * browser shows on hover and the tests read back.
 *
 * Work. The values come run by run (cli_size_run, nb_run_of_size): a family that proves its runs
 * (division games) is drawn to 2^64-1 in milliseconds; others are valued size by size, at most
 * CLI_MAX_SIZES (refused up front where the family proves no runs at all). Each run touches the
 * columns it covers, so the work is the number of runs plus the number of columns.
 *
 * Periods. When the family's period hook proves one (nb_period_of, its default bound), the
 * picture marks it: additive, a dashed line at the preperiod s and the first period [s, s+p)
 * shaded; multiplicative, a dashed line at T and dotted lines at T*Q, T*Q^2, ... The caption
 * says what was proven, or why nothing was. Nothing is marked from repeats seen in the picture.
 *
 * Output. The SVG is built in memory and written whole at the end, to standard output or to
 * the file named by -o, so a failure leaves no half picture.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char usage_template[] =
    "usage: nimber plot GAME --to N [--from A] [-o FILE.svg] [--memory SIZE] [--misere]\n"
    "       nimber plot --thermograph GAME POSITION... [-o FILE.svg] [--memory SIZE]\n\n"
    "Draws the value of every size from A (default: the game's smallest) to N as an SVG picture:\n"
    "Grundy values as points (impartial games), outcome classes as four coloured bands, L, N, P\n"
    "and R (partizan games). Where the game's period engine proves a period, the picture marks\n"
    "it (the preperiod and the first period, or the start and the ratio of a multiplicative\n"
    "period); `nimber period` says the same in words. Up to 870 sizes each has its point;\n"
    "beyond, each of the 870 columns shows every value of its sizes (least to greatest, or each\n"
    "class present), so the file's size is bounded whatever N is: about 130 KB for Grundy\n"
    "values, at most 450 KB for outcome classes (a mark for each class in every column).\n"
    "Hovering over a point or a column shows its sizes and values. Sizes are valued run by\n"
    "run: games that prove their runs reach 2^64-1 at once ({runs});\n"
    "other games value at most 100,000,000 sizes one by one.\n\n"
    "  --thermograph      draw instead the thermograph of one position of a partizan\n"
    "                     game (a sum where several are given, as 'nimber value' takes\n"
    "                     them): its left and right walls, the mast, the mean and the\n"
    "                     temperature; temperature upward, values growing to the left\n"
    "                     (Left's side), as Winning Ways and CGSuite draw it\n"
    "  --to N             the last size (required without --thermograph)\n"
    "  --from A           the first size\n"
    "  -o, --output FILE  write the picture to FILE (default: standard output; '-' "
    "too)\n"
    "  --memory SIZE      bytes each search's tables may take (default 2G; K, M, G, T:\n"
    "                     powers of 1024): a position needing more is refused, exit 65\n"
    "  --misere           refused (exit 64): a plot draws normal-play values; 'table --misere'\n"
    "                     lists the genera of misère play\n\n"
    "Every option applies to every game with sizes; --thermograph to partizan games.\n\n"
    "examples:\n{ex:plot:runs::--to 1000 -o plot.svg}{ex:plot:sized#2::--to 120 > values.svg}";

enum {
  PLOT_W = 870, /* width of the plot area, in pixels: the most columns */
  LEFT = 70,    /* margins around it */
  TOP = 56,     /* title and caption above */
  BOTTOM = 46,  /* axis labels below */
  SVG_W = LEFT + PLOT_W + 40,
  IMPARTIAL_H = 300, /* height of the plot area for Grundy values */
  BAND_H = 36,       /* height of one outcome band */
  PARTIZAN_H = 4 * BAND_H,
};

/* The values of the sizes a column stands for. */
typedef struct plot_column {
  uint64_t first, last; /* its sizes */
  uint64_t lo, hi;      /* impartial: the least and greatest Grundy value among them */
  unsigned classes;     /* partizan: bit 1 << outcome for each class present */
  bool any;             /* some value was added */
} plot_column;

typedef struct plot_job {
  cli_position pos;      /* the game and its solver */
  cli_sizes sizes;       /* values the sizes, run by run */
  cli_progress progress; /* "plot: 12,345 of 100,000 sizes" */
  uint64_t from, to;     /* the sizes drawn */
  uint64_t per;          /* sizes a column stands for */
  size_t ncols;          /* columns: floor((to - from) / per) + 1, at most PLOT_W */
  plot_column *col;      /* ncols of them; owned */
  bool outcomes;         /* the values are outcome classes (partizan), not nimbers */
  uint64_t ymax;         /* impartial: the greatest Grundy value drawn (at least 1) */
  bool proven;           /* period below was proven by the family's hook */
  nb_period period;      /* valid when proven */
  char why_not[560];     /* when not proven: why (the hook's message, or no engine) */
} plot_job;

/* Adds value v to column k. */
static void add_value(plot_job *j, plot_column *k, const nb_value *v) {
  uint64_t x = v->nimber;
  if (j->outcomes) {
    k->classes |= 1u << (v->outcome & 3);
  } else {
    k->lo = k->any && k->lo < x ? k->lo : x;
    k->hi = k->any && k->hi > x ? k->hi : x;
    if (x > j->ymax) j->ymax = x;
  }
  k->any = true;
}

/* Values the sizes [a, b], run by run, into the columns they fall in (into `into` instead when
 * not NULL: the summary of one period). */
static nb_status value_range(plot_job *j, uint64_t a, uint64_t b, plot_column *into,
                             nb_error *err) {
  uint64_t total = j->to - j->from + 1 != 0 ? j->to - j->from + 1 : UINT64_MAX;
  for (uint64_t n = a;;) {
    nb_value v;
    uint64_t end;
    bool first = j->sizes.tally.valued == 0; /* the first value says what the values are */
    nb_status st = cli_size_run(&j->sizes, n, b, &v, &end, err);
    if (st == NB_OK && first) j->outcomes = nb_theory_size_classes(nb_game_theory(j->pos.game));
    if (st != NB_OK) return st;
    size_t c1 = (size_t)((n - j->from) / j->per), c2 = (size_t)((end - j->from) / j->per);
    for (size_t c = c1; c <= c2; c++)
      add_value(j, into != NULL ? into : &j->col[c], &v);
    if (j->sizes.tally.valued % 256 == 0)
      cli_progress_tick(&j->progress, "plot", n - j->from, total, "sizes");
    if (end >= b) return NB_OK;
    n = end + 1;
  }
}

/* Merges column b's values into column a. */
static void merge(plot_job *j, plot_column *a, const plot_column *b) {
  if (!b->any) return;
  nb_value lo = {.nimber = b->lo}, hi = lo; /* heights: the column's extremes */
  hi.nimber = b->hi;
  if (j->outcomes) {
    a->classes |= b->classes;
    a->any = true;
    return;
  }
  add_value(j, a, &lo);
  add_value(j, a, &hi);
}

/* Every column's values. Where a proven additive period (s, p) is no longer than a column, the
 * columns from s on need no valuing: value(n) = value(s + (n - s) mod p) for n >= s, so a
 * column of at least p sizes from s on holds exactly the values of one period, valued once.
 * Then `plot psub:1/2 --to 10^18` values a few piles, not 10^18. The column that holds s takes
 * the sizes before s one by one and, when at least p sizes follow s in it, the period's values
 * (`plot kayles --to 10^11` valued its first column, 10^8 sizes, one by one and gave up). */
static nb_status collect(plot_job *j, size_t q, nb_error *err) {
  const nb_period *p = &j->period;
  plot_column one = {0};
  nb_status st = NB_OK;
  if (q < j->ncols) {
    st = value_range(j, j->from, j->from, NULL, err); /* decides j->outcomes first */
    if (st == NB_OK) st = value_range(j, p->start, p->start + p->step - 1, &one, err);
  }
  uint64_t last = q > 0 ? j->col[q - 1].last : 0; /* the columns before q end there */
  if (st == NB_OK && q > 0 && q < j->ncols && p->start > j->from && last >= p->start &&
      last - p->start + 1 >= p->step) { /* column q - 1 holds s and a whole period after it */
    st = value_range(j, j->from, p->start - 1, NULL, err);
    if (st == NB_OK) merge(j, &j->col[q - 1], &one);
  } else if (st == NB_OK && q > 0) {
    st = value_range(j, j->from, last, NULL, err);
  }
  for (size_t c = q; c < j->ncols && st == NB_OK; c++)
    if (j->col[c].last - j->col[c].first + 1 >= p->step)
      merge(j, &j->col[c], &one);
    else
      st = value_range(j, j->col[c].first, j->col[c].last, NULL, err);
  return st;
}

/* The first column the period summarises (collect), or ncols when none. */
static size_t summarised_from(const plot_job *j) {
  const nb_period *p = &j->period;
  if (!j->proven || p->kind != NB_PERIOD_ADDITIVE || p->step > j->per ||
      p->start > UINT64_MAX - p->step)
    return j->ncols;
  size_t q = p->start <= j->from ? 0 : (size_t)((p->start - j->from - 1) / j->per) + 1;
  while (q < j->ncols && j->col[q].last - j->col[q].first + 1 < p->step)
    q++; /* a short last column is valued size by size */
  return q;
}

/* The family's proven period, if its hook finds one; otherwise why not, for the caption. */
static nb_status find_period(plot_job *j, nb_error *err) {
  nb_error why = {0};
  nb_status st = nb_period_of(j->pos.solver, 0, &j->period, &why);
  j->proven = st == NB_OK;
  if (st == NB_EINTERNAL) return nb_fail(err, st, "%s", why.message);
  if (!j->proven) snprintf(j->why_not, sizeof j->why_not, "no period proven: %s", why.message);
  return NB_OK;
}

/* --- SVG text ---------------------------------------------------------------------------- */

/* Appends s with the characters XML gives a meaning escaped. */
nb_status cli_svg_escaped(nb_text *t, const char *s, nb_error *err) {
  nb_status st = NB_OK;
  for (; *s != '\0' && st == NB_OK; s++) {
    const char *e = *s == '&'   ? "&amp;"
                    : *s == '<' ? "&lt;"
                    : *s == '>' ? "&gt;"
                    : *s == '"' ? "&quot;"
                                : NULL;
    if ((unsigned char)*s < 0x20) e = " "; /* control bytes are not XML characters */
    st = e ? nb_text_add(t, e, strlen(e), err) : nb_text_add(t, s, 1, err);
  }
  return st;
}

/* The x pixel of the left edge of size x's place (x may be to + 1: the right edge). */
static double x_of(const plot_job *j, uint64_t x) {
  double colw = (double)PLOT_W / (double)j->ncols;
  return LEFT + (double)(x - j->from) / (double)j->per * colw;
}

static double y_of(const plot_job *j, uint64_t v) {
  return TOP + IMPARTIAL_H - (double)v / (double)j->ymax * (IMPARTIAL_H - 10);
}

/* A tick step for a range: 1, 2 or 5 times a power of ten, giving at most `most` ticks. */
static uint64_t tick_step(uint64_t range, uint64_t most) {
  uint64_t want = range / most + 1;
  for (uint64_t p = 1;; p *= 10) {
    if (p >= want) return p;
    if (p <= UINT64_MAX / 2 && 2 * p >= want) return 2 * p;
    if (p <= UINT64_MAX / 5 && 5 * p >= want) return 5 * p;
    if (p > UINT64_MAX / 10) return p;
  }
}

/* The power of ten in a tick step (1, 2 or 5 times 10^e): e. */
static unsigned step_exponent(uint64_t step) {
  unsigned e = 0;
  for (; step % 10 == 0; step /= 10)
    e++;
  return e;
}

/* A size on an axis whose ticks are multiples of 10^e: "12,345", or past seven digits
 * "15×10^18" with the axis' one exponent, so that labels read in one scale (5×10^18, 10×10^18,
 * 15×10^18; issue 18: they read 5×10^18, 1×10^19, 15×10^18). */
static nb_status add_number(nb_text *t, uint64_t n, unsigned e, nb_error *err) {
  char buf[27];
  if (n < 10000000 || e < 2) return nb_text_printf(t, err, "%s", cli_commas(buf, n));
  uint64_t scale = 1;
  for (unsigned i = 0; i < e; i++)
    scale *= 10;
  return nb_text_printf(t, err, "%llu×10<tspan dy=\"-5\" font-size=\"9\">%u</tspan>",
                        (unsigned long long)(n / scale), e);
}

static nb_status svg_head(const plot_job *j, nb_text *t, unsigned height, nb_error *err) {
  const nb_family *fam = j->pos.game->family;
  char a[27], b[27];
  nb_status st = nb_text_printf(
      t, err,
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%u\" viewBox=\"0 0 %d %u\" "
      "font-family=\"sans-serif\" font-size=\"12\">\n<title>",
      SVG_W, height, SVG_W, height);
  if (st == NB_OK) st = cli_svg_escaped(t, j->pos.spec, err);
  if (st == NB_OK)
    st = nb_text_printf(t, err, ": %s of each %s from %s to %s</title>\n",
                        j->outcomes ? "outcome class" : "Grundy value", fam->sizes->size_noun,
                        cli_commas(a, j->from), cli_commas(b, j->to));
  if (st == NB_OK)
    st = nb_text_printf(t, err,
                        "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
                        "<text x=\"%d\" y=\"20\" font-size=\"15\" font-weight=\"bold\">",
                        LEFT);
  if (st == NB_OK) st = cli_svg_escaped(t, j->pos.spec, err);
  if (st == NB_OK)
    st =
        nb_text_printf(t, err, ": %s of each %s from %s to %s</text>\n",
                       j->outcomes ? "outcome class" : "Grundy value", fam->sizes->size_noun, a, b);
  return st;
}

enum {
  CAPTION_CHARS = 139,    /* the most characters of a 12-pixel caption line across the picture */
  CAPTION_SMALL = 167,    /* the same at 10 pixels */
  CAPTION_W = PLOT_W + 30 /* the width a caption may take, in pixels */
};

/* One caption line of s[0..n) at y, 10 pixels high, squeezed to the picture's width when even
 * that is too long (a caption must not run past the picture: issue 18). */
static nb_status caption_line(nb_text *t, const char *s, size_t n, int y, nb_error *err) {
  char line[sizeof((plot_job *)0)->why_not];
  snprintf(line, sizeof line, "%.*s", (int)n, s);
  nb_status st =
      nb_text_printf(t, err, "<text x=\"%d\" y=\"%d\" fill=\"#444\" font-size=\"10\"", LEFT, y);
  if (st == NB_OK && n > CAPTION_SMALL)
    st = nb_text_printf(t, err, " textLength=\"%d\" lengthAdjust=\"spacingAndGlyphs\"", CAPTION_W);
  if (st == NB_OK) st = nb_text_printf(t, err, ">");
  if (st == NB_OK) st = cli_svg_escaped(t, line, err);
  return st == NB_OK ? nb_text_printf(t, err, "</text>\n") : st;
}

/* Why no period is proven, as one line, or as two smaller ones split at the blank nearest the
 * middle where one line would run past the picture. */
static nb_status caption_why_not(const plot_job *j, nb_text *t, nb_error *err) {
  const char *s = j->why_not;
  size_t n = strlen(s), split = 0;
  if (n <= CAPTION_CHARS) {
    nb_status st = nb_text_printf(t, err, "<text x=\"%d\" y=\"38\" fill=\"#444\">", LEFT);
    if (st == NB_OK) st = cli_svg_escaped(t, s, err);
    return st == NB_OK ? nb_text_printf(t, err, "</text>\n") : st;
  }
  for (size_t i = 0; i < n; i++)
    if (s[i] == ' ' && (split == 0 || (i > n / 2 ? i - n / 2 : n / 2 - i) <
                                          (split > n / 2 ? split - n / 2 : n / 2 - split)))
      split = i;
  if (split == 0) split = n / 2;
  nb_status st = caption_line(t, s, split, 33, err);
  return st == NB_OK ? caption_line(t, s + split + (s[split] == ' '), n - split - (s[split] == ' '),
                                    46, err)
                     : st;
}

/* The caption under the title: the period proven, or why none; and the downsampling. */
static nb_status svg_caption(const plot_job *j, nb_text *t, nb_error *err) {
  const nb_period *p = &j->period;
  char a[27], b[27];
  if (!j->proven) return caption_why_not(j, t, err);
  nb_status st = nb_text_printf(t, err, "<text x=\"%d\" y=\"38\" fill=\"#444\">", LEFT);
  if (st == NB_OK && j->proven && p->kind == NB_PERIOD_ADDITIVE)
    st = nb_text_printf(t, err, "preperiod %s, period %s", cli_commas(a, p->start),
                        cli_commas(b, p->step));
  else if (st == NB_OK && j->proven && p->kind == NB_PERIOD_ARITHMETIC)
    st = nb_text_printf(t, err, "preperiod %s, period %s, saltus %llu", cli_commas(a, p->start),
                        cli_commas(b, p->step), (unsigned long long)p->saltus);
  else if (st == NB_OK && j->proven)
    st = nb_text_printf(t, err, "g(x) = g(floor(x/%llu)) for every x &#8805; %s",
                        (unsigned long long)p->step, cli_commas(a, p->start));
  if (st == NB_OK && j->proven)
    st = nb_text_printf(t, err, ", proven (checked for every x in [%s, %s]: nimber period)",
                        cli_commas(a, p->checked_from), cli_commas(b, p->checked_to));
  if (st == NB_OK) st = nb_text_printf(t, err, "</text>\n");
  if (st == NB_OK && j->proven)
    st = nb_text_printf(t, err, "<desc>period proof: checked for every x in [%llu, %llu]; ",
                        (unsigned long long)p->checked_from, (unsigned long long)p->checked_to);
  if (st == NB_OK && j->proven) st = cli_svg_escaped(t, p->theorem, err);
  if (st == NB_OK && j->proven) st = nb_text_printf(t, err, "</desc>\n");
  return st;
}

/* The x axis under a plot area whose bottom is at y: ticks at round sizes. */
static nb_status svg_x_axis(const plot_job *j, nb_text *t, double y, nb_error *err) {
  nb_status st = nb_text_printf(t, err,
                                "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
                                "stroke=\"black\"/>\n",
                                LEFT, y, LEFT + PLOT_W, y);
  uint64_t step = tick_step(j->to - j->from, 8);
  uint64_t first = j->from % step == 0 ? j->from : j->from - j->from % step + step;
  bool fits = first >= j->from; /* false when rounding up passed 2^64-1 */
  for (uint64_t x = first; fits && x <= j->to && st == NB_OK;) {
    double px = x_of(j, x) + (j->per == 1 ? (double)PLOT_W / (double)j->ncols / 2 : 0);
    st = nb_text_printf(t, err,
                        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\"/>"
                        "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
                        px, y, px, y + 5, px, y + 18);
    if (st == NB_OK) st = add_number(t, x, step_exponent(step), err);
    if (st == NB_OK) st = nb_text_printf(t, err, "</text>\n");
    if (x > UINT64_MAX - step) break;
    x += step;
  }
  char per[27];
  if (st == NB_OK)
    st = nb_text_printf(t, err, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"middle\">%s",
                        LEFT + PLOT_W / 2, y + 36, j->pos.game->family->sizes->size_noun);
  if (st == NB_OK && j->per > 1) /* downsampled: say how much */
    st = nb_text_printf(t, err, " (each column shows every value of %s sizes)",
                        cli_commas(per, j->per));
  return st == NB_OK ? nb_text_printf(t, err, "</text>\n") : st;
}

/* Impartial games: the y axis and a point (a bar when downsampled) per column. */
static nb_status svg_points(const plot_job *j, nb_text *t, nb_error *err) {
  double bottom = TOP + IMPARTIAL_H, colw = (double)PLOT_W / (double)j->ncols;
  uint64_t step = tick_step(j->ymax, 6);
  nb_status st = nb_text_printf(t, err,
                                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%.1f\" "
                                "stroke=\"black\"/>\n"
                                "<text transform=\"translate(18 %.1f) rotate(-90)\" "
                                "text-anchor=\"middle\">Grundy value</text>\n",
                                LEFT, TOP, LEFT, bottom, TOP + IMPARTIAL_H / 2.0);
  for (uint64_t v = 0; v <= j->ymax && st == NB_OK; v += step) {
    double y = y_of(j, v);
    st = nb_text_printf(t, err,
                        "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                        "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%llu</text>\n",
                        LEFT, y, LEFT + PLOT_W, y, LEFT - 6, y + 4, (unsigned long long)v);
    if (v > UINT64_MAX - step) break;
  }
  for (size_t c = 0; c < j->ncols && st == NB_OK; c++) {
    const plot_column *k = &j->col[c];
    double x = LEFT + (double)c * colw;
    if (j->per == 1 && colw >= 3)
      st = nb_text_printf(t, err,
                          "<circle class=\"v\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" "
                          "fill=\"#1f5fa8\"><title>%llu: ",
                          x + colw / 2, y_of(j, k->lo), colw >= 8 ? 3.0 : colw / 2.5,
                          (unsigned long long)k->first);
    else
      st = nb_text_printf(t, err,
                          "<rect class=\"%s\" x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" "
                          "height=\"%.1f\" fill=\"#1f5fa8\"><title>",
                          j->per == 1 ? "v" : "c", x, y_of(j, k->hi) - 1, colw,
                          y_of(j, k->lo) - y_of(j, k->hi) + 2);
    if (st == NB_OK && !(j->per == 1 && colw >= 3))
      st = j->per == 1 ? nb_text_printf(t, err, "%llu: ", (unsigned long long)k->first)
                       : nb_text_printf(t, err, "%llu to %llu: ", (unsigned long long)k->first,
                                        (unsigned long long)k->last);
    if (st == NB_OK && k->lo == 0) st = nb_text_printf(t, err, "0");
    if (st == NB_OK && k->lo != 0) st = nb_text_printf(t, err, "*%llu", (unsigned long long)k->lo);
    if (st == NB_OK && k->hi != k->lo)
      st = nb_text_printf(t, err, " to *%llu", (unsigned long long)k->hi);
    if (st == NB_OK)
      st = nb_text_printf(t, err, "</title></%s>\n", j->per == 1 && colw >= 3 ? "circle" : "rect");
  }
  return st == NB_OK ? svg_x_axis(j, t, bottom, err) : st;
}

/* The bands of the outcome classes, top to bottom, with their colours and meanings. */
static const struct band {
  nb_outcome outcome;
  const char *colour;
  const char *meaning;
} bands[4] = {
    {NB_OUTCOME_L, "#2b6cb0", "Left wins"},
    {NB_OUTCOME_N, "#2f855a", "first player wins"},
    {NB_OUTCOME_P, "#718096", "second player wins"},
    {NB_OUTCOME_R, "#c53030", "Right wins"},
};

/* Partizan games: one band per outcome class; each column marks the classes of its sizes. */
static nb_status svg_bands(const plot_job *j, nb_text *t, nb_error *err) {
  double colw = (double)PLOT_W / (double)j->ncols;
  nb_status st = NB_OK;
  for (int b = 0; b < 4 && st == NB_OK; b++) {
    double y = TOP + b * BAND_H;
    st = nb_text_printf(t, err,
                        "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%d\" fill=\"%s\" "
                        "fill-opacity=\"0.08\"/>"
                        "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" font-weight=\"bold\" "
                        "fill=\"%s\"><title>%s</title>%c</text>\n",
                        LEFT, y, PLOT_W, BAND_H, bands[b].colour, LEFT - 8, y + BAND_H / 2.0 + 4,
                        bands[b].colour, bands[b].meaning, nb_outcome_letter(bands[b].outcome));
  }
  for (size_t c = 0; c < j->ncols && st == NB_OK; c++) {
    const plot_column *k = &j->col[c];
    for (int b = 0; b < 4 && st == NB_OK; b++) {
      if (!(k->classes >> bands[b].outcome & 1)) continue;
      st = nb_text_printf(t, err,
                          "<rect class=\"%s\" x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%d\" "
                          "fill=\"%s\" shape-rendering=\"crispEdges\"><title>",
                          j->per == 1 ? "v" : "c", LEFT + (double)c * colw, TOP + b * BAND_H + 3.0,
                          colw, BAND_H - 6, bands[b].colour);
      if (st == NB_OK && j->per == 1)
        st = nb_text_printf(t, err, "%llu: %c</title></rect>\n", (unsigned long long)k->first,
                            nb_outcome_letter(bands[b].outcome));
      else if (st == NB_OK)
        st = nb_text_printf(t, err, "%llu to %llu: %c</title></rect>\n",
                            (unsigned long long)k->first, (unsigned long long)k->last,
                            nb_outcome_letter(bands[b].outcome));
    }
  }
  return st == NB_OK ? svg_x_axis(j, t, TOP + PARTIZAN_H, err) : st;
}

/* A vertical line at the left edge of size x, if x is drawn, with a label at its top. The label
 * has a white halo (painted under its letters), so that the lines and marks it crosses (the x6
 * line beside `x >= 6` in `plot twothree --to 1000`, the first column's marks under `preperiod
 * 0`) do not run through its text (issue 18). */
static nb_status svg_marker(const plot_job *j, nb_text *t, uint64_t x, double height,
                            const char *cls, const char *dash, const char *label, nb_error *err) {
  if (x < j->from || x > j->to) return NB_OK;
  double px = x_of(j, x);
  nb_status st = nb_text_printf(t, err,
                                "<line class=\"%s\" x1=\"%.2f\" y1=\"%d\" x2=\"%.2f\" "
                                "y2=\"%.1f\" stroke=\"#d97706\" stroke-width=\"1.5\" "
                                "stroke-dasharray=\"%s\"/>\n",
                                cls, px, TOP - 4, px, TOP + height, dash);
  if (st == NB_OK && label != NULL)
    st = nb_text_printf(t, err,
                        "<text class=\"marker\" x=\"%.2f\" y=\"%d\" fill=\"#d97706\" "
                        "font-size=\"11\" stroke=\"white\" stroke-width=\"3\" "
                        "paint-order=\"stroke\">%s</text>\n",
                        px + 3, TOP + 8, label);
  return st;
}

/* The proven period on the picture (see the essay above). */
static nb_status svg_period(const plot_job *j, nb_text *t, double height, nb_error *err) {
  const nb_period *p = &j->period;
  if (!j->proven) return NB_OK;
  char label[64];
  if (p->kind != NB_PERIOD_MULTIPLICATIVE) { /* additive or arithmetic: the same marks */
    uint64_t end = p->start + p->step;       /* the first period is [start, end) */
    if (p->start <= j->to && end > j->from) {
      uint64_t a = p->start > j->from ? p->start : j->from, b = end - 1 < j->to ? end - 1 : j->to;
      double x1 = x_of(j, a),
             x2 = b == j->to ? LEFT + PLOT_W : x_of(j, b + 1); /* no b + 1 past 2^64-1 */
      nb_status st = nb_text_printf(t, err,
                                    "<rect class=\"period\" x=\"%.2f\" y=\"%d\" width=\"%.2f\" "
                                    "height=\"%.1f\" fill=\"#f6ad55\" fill-opacity=\"0.25\">"
                                    "<title>one period: %llu to %llu</title></rect>\n",
                                    x1, TOP, x2 - x1 > 1 ? x2 - x1 : 1, height,
                                    (unsigned long long)p->start, (unsigned long long)end - 1);
      if (st != NB_OK) return st;
    }
    snprintf(label, sizeof label, "preperiod %llu", (unsigned long long)p->start);
    return svg_marker(j, t, p->start, height, "preperiod", "6 3", label, err);
  }
  snprintf(label, sizeof label, "x &#8805; %llu", (unsigned long long)p->start);
  nb_status st = svg_marker(j, t, p->start, height, "start", "6 3", label, err);
  double last = p->start >= j->from ? x_of(j, p->start) : 0; /* labels 40 pixels apart, lines 2 */
  snprintf(label, sizeof label, "&#215;%llu", (unsigned long long)p->step);
  for (uint64_t x = p->start; st == NB_OK && x <= UINT64_MAX / p->step;) {
    x *= p->step;
    if (x < j->from || x > j->to || x_of(j, x) - last < 2) continue;
    bool room = x_of(j, x) - last >= 40;
    st = svg_marker(j, t, x, height, "ratio", "2 3", room ? label : NULL, err);
    if (room) last = x_of(j, x);
  }
  return st;
}

static nb_status render(plot_job *j, nb_text *t, nb_error *err) {
  double area = j->outcomes ? PARTIZAN_H : IMPARTIAL_H;
  unsigned height = (unsigned)(TOP + area + BOTTOM);
  nb_status st = svg_head(j, t, height, err);
  if (st == NB_OK) st = svg_caption(j, t, err);
  if (st == NB_OK) st = j->outcomes ? svg_bands(j, t, err) : svg_points(j, t, err);
  if (st == NB_OK) st = svg_period(j, t, area, err); /* on top of the values */
  if (st == NB_OK) st = nb_text_printf(t, err, "</svg>\n");
  return st;
}

int cli_plot_write(const nb_text *t, const char *path) {
  if (path == NULL || strcmp(path, "-") == 0) {
    fwrite(t->data, 1, t->len, stdout);
    return 0; /* main checks standard output */
  }
  char quoted[NB_QUOTE_CAP];
  nb_quote(quoted, path, strlen(path));
  FILE *f = fopen(path, "w");
  if (f == NULL) {
    fprintf(stderr, "nimber: plot: cannot write %s: %s\n", quoted, strerror(errno));
    return CLI_EXIT_IOERR;
  }
  size_t wrote = fwrite(t->data, 1, t->len, f);
  int flushed = fflush(f), failed = wrote != t->len || flushed != 0 || ferror(f);
  int saved = errno;
  if (fclose(f) != 0 && !failed) failed = 1, saved = errno;
  if (!failed) return 0;
  fprintf(stderr, "nimber: plot: cannot write %s: %s\n", quoted, strerror(saved));
  return CLI_EXIT_IOERR;
}

static int run_plot(plot_job *j, const char *path) {
  nb_error err = {0};
  nb_text t = {0};
  j->per = (j->to - j->from) / PLOT_W + 1;
  j->ncols = (size_t)((j->to - j->from) / j->per) + 1;
  j->ymax = 1;
  j->col = nb_alloc(j->ncols, sizeof *j->col, &err);
  nb_status st = j->col != NULL ? find_period(j, &err) : NB_EINTERNAL;
  for (size_t c = 0; st == NB_OK && c < j->ncols; c++) {
    j->col[c].first = j->from + c * j->per;
    j->col[c].last = c + 1 < j->ncols ? j->col[c].first + j->per - 1 : j->to;
  }
  size_t q = st == NB_OK ? summarised_from(j) : 0;
  /* The sizes before column q are valued run by run: refused up front when the family proves
   * no runs and they are more than the cap. */
  int status = st == NB_OK && q > 0
                   ? cli_sizes_check("plot", j->pos.game, j->from, j->col[q - 1].last, false)
                   : 0;
  if (st == NB_OK && status == 0) st = collect(j, q, &err);
  cli_progress_end(&j->progress);
  if (st == NB_OK && status == 0) st = render(j, &t, &err);
  if (status == 0) status = st == NB_OK ? cli_plot_write(&t, path) : cli_fail(&err);
  free(t.data);
  free(j->col);
  return status;
}

int cmd_plot(const cli_env *env, int argc, char **argv) {
  const char *to_text = NULL, *from_text = NULL, *path = NULL, *memory = NULL;
  bool misere = false, thermograph = false;
  cli_opt opts[] = {{.name = "to", .value = &to_text},
                    {.name = "from", .value = &from_text},
                    {.name = "output", .value = &path, .letter = 'o'},
                    {.name = "thermograph", .flag = &thermograph},
                    CLI_MEMORY_OPT(&memory),
                    CLI_MISERE_OPT(&misere)};
  size_t npos;
  bool done;
  nb_limits limits = nb_limits_default();
  int status = cli_parse_help(argc, argv, opts, 6, env->games, usage_template, &npos, &done);
  if (status == 0 && !done && misere)
    status = cli_misere_refused("plot", "a plot draws Grundy values of normal play; misère play "
                                        "has genera, which 'table --misere' lists");
  if (status == 0 && !done) status = cli_memory_limit("plot", memory, &limits);
  const char *const *pos = (const char *const *)argv + 1;
  plot_job j = {0};
  if (status != 0 || done) return status;
  if (thermograph && (to_text != NULL || from_text != NULL))
    return cli_usage_error("plot", "plot: --thermograph draws one position; --to and --from "
                                   "plot sizes");
  if (thermograph && npos < 2)
    return cli_usage_error("plot", "plot: --thermograph expects a game and a position");
  if (thermograph) return cli_plot_thermograph(env, pos, npos, &limits, path);
  if (npos != 1)
    status = cli_usage_error("plot", "plot: expected one GAME");
  else if (to_text == NULL)
    status = cli_usage_error("plot", "plot: --to N is required");
  else if (!nb_parse_u64(to_text, &j.to))
    status = cli_usage_error("plot", "plot: --to expects an integer, found '%s'", to_text);
  else if (from_text != NULL && !nb_parse_u64(from_text, &j.from))
    status = cli_usage_error("plot", "plot: --from expects an integer, found '%s'", from_text);
  else
    status = cli_game_open(env->games, pos[0], &limits, &j.pos);
  if (status != 0) return status;
  const nb_family *fam = j.pos.game->family;
  if (!nb_game_has_sizes(j.pos.game))
    status = cli_usage_error("plot", "plot: %s positions have no single size to plot", fam->name);
  else if (from_text == NULL)
    j.from = fam->sizes->size_min;
  if (status == 0 && j.from < fam->sizes->size_min)
    status =
        cli_usage_error("plot", "plot: the smallest %s is %llu, not %llu", fam->sizes->size_noun,
                        (unsigned long long)fam->sizes->size_min, (unsigned long long)j.from);
  if (status == 0 && j.to < j.from)
    status = cli_usage_error("plot", "plot: --to %llu is below --from %llu",
                             (unsigned long long)j.to, (unsigned long long)j.from);
  nb_pos probe;
  nb_error err = {0};
  if (status == 0 && nb_size_position(j.pos.game, j.to, &probe, &err) != NB_OK)
    status = cli_fail(&err); /* an unreachable end, refused before any work */
  j.sizes = cli_sizes_start("plot", j.pos.solver);
  cli_progress_init(&j.progress, stderr);
  if (status == 0) status = run_plot(&j, path);
  cli_position_close(&j.pos);
  return status;
}
