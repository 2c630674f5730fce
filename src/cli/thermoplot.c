/*
 * thermoplot.c: `nimber plot --thermograph GAME POSITION...`: the thermograph of a partizan
 * position, drawn as SVG.
 *
 * The thermograph (Winning Ways, ch. 6; Siegel, Combinatorial Game Theory, 2013, II.5) of a
 * short game G plots, at each temperature t, the left and right stops of G cooled by t: the
 * left wall LW(t) and the right wall RW(t). Both are piecewise linear with slopes 0 and +-1;
 * they meet at the temperature of G, at its mean, and go on above as one vertical mast. The
 * library gives each wall's corners from t = -1 to the foot of the mast
 * (nb_cg_thermograph_wall); this file only draws them.
 *
 * Conventions, as Winning Ways, CGSuite and MCGS draw thermographs: temperature grows upward,
 * values grow to the LEFT (Left's side: the left wall is on the left), one scale for both axes
 * so that a wall of slope 1 is drawn at 45 degrees. The picture shows the two walls (the left
 * one blue, the right one red), the mast (black, to the top of the picture), a dashed line at
 * t = 0 (the stops are where the walls cross it), the foot of the mast marked with a dot and
 * "mean m, temperature t", a value axis below and a temperature axis on the left with ticks at
 * a power of two apart (so every tick's label is an exact dyadic: 1/2, -3/4), and a caption of
 * two lines: what is drawn (the position, shortened to fit), and mean, temperature and stops.
 * Each wall carries a <title> listing its corners, which a browser shows on hover and the tests
 * read back. Numbers are drawn too: the mast alone, from t = -1, at the number.
 *
 * Coordinates are doubles for drawing only; every label is printed from the exact dyadics. No
 * libm function is used (the command links none).
 */
#include "cli.h"
#include "nimber_cgt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
  TW = 640,         /* plot area width, pixels */
  TH = 420,         /* plot area height */
  TLEFT = 80,       /* margin left of the plot area (temperature labels) */
  TTOP = 64,        /* margin above (the caption) */
  TBOTTOM = 56,     /* margin below (value labels) */
  TRIGHT = 40,      /* margin right */
  TITLE_CHARS = 84, /* characters of the title (14 px) that fit in the width */
  LINE_CHARS = 100, /* characters of the second caption line (12 px) that fit */
  MAX_TICKS = 24,   /* ticks an axis may have (tick_exponent aims at 4 to 10) */
};

/* One wall: its corners. */
typedef struct wall {
  nb_dyadic *v, *t; /* values and temperatures, n of each; owned */
  size_t n;
} wall;

/* What is drawn, and where. */
typedef struct thermo_pic {
  wall w[2];            /* left and right walls */
  nb_dyadic mean, temp; /* the foot of the mast */
  nb_dyadic lstop, rstop;
  int64_t origin;  /* values are drawn relative to it (the mean's floor): doubles then resolve
                    * a wall of slope 1 at 2^61 as well as at 0 */
  double vlo, vhi; /* values shown, relative to origin (vhi at the left edge) */
  double tlo, thi; /* temperatures shown */
  double scale;    /* pixels per unit, both axes */
  double x0, y0;   /* pixel of value vhi (left edge), temperature tlo (bottom edge) */
} thermo_pic;

/* 2^e as a double (the library links no libm; e within +-1023). */
static double pow2(int e) {
  double r = 1;
  for (; e > 0; e--)
    r *= 2;
  for (; e < 0; e++)
    r /= 2;
  return r;
}

/* The least integer at least x, for |x| below 2^62 (tick indices: the pictures' ranges are
 * within 64-bit dyadics); a double of 2^52 or more is an integer already. */
static double ceil_of(double x) {
  if (x >= 4503599627370496.0 || x <= -4503599627370496.0) return x; /* 2^52: an integer */
  double t = (double)(int64_t)x;                                     /* truncated toward 0 */
  return t < x ? t + 1 : t;
}

static double dy(nb_dyadic d) {
  return (double)d.num * pow2(-(int)d.exp);
}

/* v - origin as a double: the integer parts subtract exactly (or, past int64, in floating
 * point, where the picture's span dwarfs any rounding), then the fraction is added. */
static double rel(const thermo_pic *p, nb_dyadic v) {
  int64_t whole = v.num >> v.exp; /* the floor (arithmetic shift) */
  int64_t frac = v.num - whole * ((int64_t)1 << v.exp);
  bool apart = (whole >= 0 && p->origin < 0 && whole > INT64_MAX + p->origin) ||
               (whole < 0 && p->origin > 0 && whole < INT64_MIN + p->origin);
  double d = apart ? (double)whole - (double)p->origin : (double)(whole - p->origin);
  return d + (double)frac * pow2(-(int)v.exp);
}

static double px(const thermo_pic *p, double v) {
  return p->x0 + (p->vhi - v) * p->scale;
}

static double py(const thermo_pic *p, double t) {
  return p->y0 - (t - p->tlo) * p->scale;
}

static nb_status get_wall(const nb_value *val, nb_player side, wall *w, nb_error *err) {
  size_t n = 0;
  nb_status st = nb_cg_thermograph_wall(val->store, val->game, side, NULL, NULL, 0, &n, err);
  if (st != NB_OK) return st;
  w->v = nb_alloc(n + 1, sizeof *w->v, err);
  w->t = nb_alloc(n + 1, sizeof *w->t, err);
  if (w->v == NULL || w->t == NULL) return NB_EINTERNAL;
  st = nb_cg_thermograph_wall(val->store, val->game, side, w->v, w->t, n, &w->n, err);
  return st;
}

/* The ranges shown and the scale: every corner, the mast up to a margin above its foot, t = 0
 * and t = -1; the larger of the two spans fixes the scale, the other is centred. */
static void lay_out(thermo_pic *p) {
  p->origin = p->mean.num >> p->mean.exp;
  double vlo = rel(p, p->mean), vhi = vlo;
  for (int s = 0; s < 2; s++)
    for (size_t i = 0; i < p->w[s].n; i++) {
      double v = rel(p, p->w[s].v[i]);
      vlo = v < vlo ? v : vlo;
      vhi = v > vhi ? v : vhi;
    }
  double top = dy(p->temp) > 0 ? dy(p->temp) : 0;
  double tlo = -1, thi = top + (top + 1) * 0.35 + 0.5;
  double vspan = vhi - vlo < 1 ? 1 : vhi - vlo;
  double vmid = (vhi + vlo) / 2;
  vlo = vmid - vspan * 0.6, vhi = vmid + vspan * 0.6;
  double sx = TW / (vhi - vlo), sy = TH / (thi - tlo);
  p->scale = sx < sy ? sx : sy;
  /* widen the narrower range to fill its side */
  double vw = TW / p->scale, th = TH / p->scale;
  p->vlo = vmid - vw / 2, p->vhi = vmid + vw / 2;
  p->tlo = tlo, p->thi = tlo + th;
  p->x0 = TLEFT, p->y0 = TTOP + TH;
}

/* The tick step: the power of two (possibly below 1) giving 4 to 10 ticks over span. */
static int tick_exponent(double span) {
  int e = 0;
  while (span / pow2(e) > 10)
    e++;
  while (span / pow2(e) < 4 && e > -20)
    e--;
  return e;
}

static bool add_fits(int64_t a, int64_t b) {
  return b >= 0 ? a <= INT64_MAX - b : a >= INT64_MIN - b;
}

/* The text of origin + k * 2^e: a dyadic, exactly; where its numerator would pass 64 bits, the
 * integer and the fraction apart (4611686018427387904+1/2), else in floating point. */
static void tick_text(int64_t origin, double kd, int e, char *buf, size_t cap) {
  double approx = (double)origin + kd * pow2(e);
  bool fits = kd < 4611686018427387904.0 && kd > -4611686018427387904.0 && e < 62 && e > -62;
  int64_t k = fits ? (int64_t)kd : 0, mag = k < 0 ? -k : k, num = 0;
  unsigned exp = e < 0 ? (unsigned)-e : 0;
  int64_t omag = origin < 0 ? -(origin + 1) : origin; /* no overflow at INT64_MIN */
  if (fits && e >= 0) fits = mag <= INT64_MAX >> e && add_fits(k * ((int64_t)1 << e), origin);
  if (fits && e >= 0) num = k * ((int64_t)1 << e) + origin;
  if (fits && e < 0) fits = omag < INT64_MAX >> exp && add_fits(origin * ((int64_t)1 << exp), k);
  if (fits && e < 0) num = origin * ((int64_t)1 << exp) + k;
  int64_t whole = k >> exp; /* e < 0 past 64 bits: origin + whole, then the fraction */
  if (!fits && e < 0 && exp < 62 && kd == (double)k && add_fits(origin, whole)) {
    int64_t fnum = k - whole * ((int64_t)1 << exp);
    while (exp > 0 && fnum % 2 == 0 && fnum != 0)
      fnum /= 2, exp--;
    if (fnum == 0)
      snprintf(buf, cap, "%lld", (long long)(origin + whole));
    else
      snprintf(buf, cap, "%lld+%lld/%lld", (long long)(origin + whole), (long long)fnum,
               (long long)((int64_t)1 << exp));
    return;
  }
  if (!fits) {
    snprintf(buf, cap, "%.6g", approx);
    return;
  }
  while (exp > 0 && num % 2 == 0)
    num /= 2, exp--;
  nb_dyadic d = {num, (uint8_t)exp};
  nb_dyadic_format(d, buf, cap);
}

static nb_status svg_axes(const thermo_pic *p, nb_text *t, nb_error *err) {
  double bottom = TTOP + TH, left = TLEFT;
  nb_status st = nb_text_printf(
      t, err,
      "<rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
      "stroke=\"#888\"/>\n",
      TLEFT, TTOP, TW, TH);
  int ev = tick_exponent(p->vhi - p->vlo);
  double step = pow2(ev);
  double k0 = ceil_of(p->vlo / step);
  for (int i = 0; st == NB_OK && i < MAX_TICKS && (k0 + i) * step <= p->vhi; i++) {
    char label[64];
    double k = k0 + i, x = px(p, k * step);
    tick_text(p->origin, k, ev, label, sizeof label);
    st = nb_text_printf(t, err,
                        "<line class=\"vtick\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                        "stroke=\"#888\"/><text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" "
                        "text-anchor=\"middle\" fill=\"#444\">%s</text>\n",
                        x, bottom, x, bottom + 5, x, bottom + 18, label);
  }
  int et = tick_exponent(p->thi - p->tlo);
  step = pow2(et);
  k0 = ceil_of(p->tlo / step);
  for (int i = 0; st == NB_OK && i < MAX_TICKS && (k0 + i) * step <= p->thi; i++) {
    char label[64];
    double k = k0 + i, y = py(p, k * step);
    tick_text(0, k, et, label, sizeof label);
    st = nb_text_printf(t, err,
                        "<line class=\"ttick\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                        "stroke=\"#888\"/><text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" "
                        "text-anchor=\"end\" fill=\"#444\">%s</text>\n",
                        left - 5, y, left, y, left - 8, y + 4, label);
  }
  if (st == NB_OK)
    st = nb_text_printf(
        t, err,
        "<line class=\"zero\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#999\" "
        "stroke-dasharray=\"4 3\"/>\n"
        "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" fill=\"#222\">value "
        "(Left's side, larger values, to the left)</text>\n"
        "<text x=\"%d\" y=\"%.1f\" font-size=\"12\" text-anchor=\"middle\" fill=\"#222\" "
        "transform=\"rotate(-90 %d %.1f)\">temperature</text>\n",
        TLEFT, py(p, 0), TLEFT + TW, py(p, 0), TLEFT + TW / 2.0, bottom + 40, 24, TTOP + TH / 2.0,
        24, TTOP + TH / 2.0);
  return st;
}

/* A wall: a polyline through its corners, then up the mast to the top; its corners in <title>. */
static nb_status svg_wall(const thermo_pic *p, int side, nb_text *t, nb_error *err) {
  const wall *w = &p->w[side];
  nb_status st = nb_text_printf(t, err,
                                "<polyline class=\"%s\" fill=\"none\" stroke=\"%s\" "
                                "stroke-width=\"2\" points=\"",
                                side ? "right" : "left", side ? "#c0392b" : "#2060c0");
  for (size_t i = 0; st == NB_OK && i < w->n; i++)
    st = nb_text_printf(t, err, "%s%.2f,%.2f", i ? " " : "", px(p, rel(p, w->v[i])),
                        py(p, dy(w->t[i])));
  if (st == NB_OK) st = nb_text_printf(t, err, "\"><title>%s wall:", side ? "right" : "left");
  for (size_t i = 0; st == NB_OK && i < w->n; i++) {
    char a[64], b[64];
    nb_dyadic_format(w->v[i], a, sizeof a);
    nb_dyadic_format(w->t[i], b, sizeof b);
    st = nb_text_printf(t, err, " (%s at %s)", a, b);
  }
  return st == NB_OK ? nb_text_printf(t, err, "</title></polyline>\n") : st;
}

static nb_status svg_mast(const thermo_pic *p, nb_text *t, nb_error *err) {
  char m[64], tp[64];
  nb_dyadic_format(p->mean, m, sizeof m);
  nb_dyadic_format(p->temp, tp, sizeof tp);
  double x = px(p, rel(p, p->mean)), y = py(p, dy(p->temp));
  bool right_half = x > TLEFT + TW / 2.0; /* the label goes toward the wider side */
  return nb_text_printf(
      t, err,
      "<line class=\"mast\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%d\" stroke=\"#111\" "
      "stroke-width=\"2\"><title>mast at %s from temperature %s</title></line>\n"
      "<line class=\"guide\" x1=\"%d\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#777\" "
      "stroke-dasharray=\"2 3\"/>\n"
      "<line class=\"guide\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%d\" stroke=\"#777\" "
      "stroke-dasharray=\"2 3\"/>\n"
      "<circle class=\"foot\" cx=\"%.2f\" cy=\"%.2f\" r=\"4\" fill=\"#111\"/>\n"
      "<text class=\"foot\" x=\"%.2f\" y=\"%.2f\" font-size=\"12\" text-anchor=\"%s\" "
      "fill=\"#111\" stroke=\"#fff\" stroke-width=\"3\" paint-order=\"stroke\">mean %s, "
      "temperature %s</text>\n",
      x, y, x, TTOP, m, tp, TLEFT, y, x, y, x, y, x, TTOP + TH, x, y, x + (right_half ? -8 : 8),
      y - 8, right_half ? "end" : "start", m, tp);
}

/* The caption's first line: "Thermograph of SPEC POSITION", shortened with "..." to fit. */
static nb_status svg_title(const char *spec, const char *position, nb_text *t, nb_error *err) {
  char line[TITLE_CHARS + 1];
  int n = snprintf(line, sizeof line, "Thermograph of %s %s", spec, position);
  if (n > TITLE_CHARS) memcpy(line + TITLE_CHARS - 3, "...", 4);
  nb_status st = nb_text_printf(t, err,
                                "<text class=\"caption\" x=\"%d\" y=\"22\" "
                                "font-size=\"14\" fill=\"#111\">",
                                TLEFT);
  if (st == NB_OK) st = cli_svg_escaped(t, line, err);
  return st == NB_OK ? nb_text_printf(t, err, "</text>\n") : st;
}

static nb_status render(const thermo_pic *p, const char *spec, const char *position, nb_text *t,
                        nb_error *err) {
  char m[64], tp[64], l[64], r[64];
  nb_dyadic_format(p->mean, m, sizeof m);
  nb_dyadic_format(p->temp, tp, sizeof tp);
  nb_dyadic_format(p->lstop, l, sizeof l);
  nb_dyadic_format(p->rstop, r, sizeof r);
  nb_status st = nb_text_printf(
      t, err,
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
      "font-family=\"sans-serif\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n",
      TLEFT + TW + TRIGHT, TTOP + TH + TBOTTOM, TLEFT + TW + TRIGHT, TTOP + TH + TBOTTOM);
  if (st == NB_OK) st = svg_title(spec, position, t, err);
  char line[320]; /* the second line: the legend goes where it does not fit */
  int n = snprintf(line, sizeof line, "mean %s, temperature %s; left stop %s, right stop %s", m, tp,
                   l, r);
  if (n >= 0 && n + 32 <= LINE_CHARS)
    snprintf(line + n, sizeof line - (size_t)n, "; %s", "left wall blue, right wall red");
  if (strlen(line) > LINE_CHARS) memcpy(line + LINE_CHARS - 3, "...", 4);
  if (st == NB_OK)
    st = nb_text_printf(t, err,
                        "<text class=\"caption\" x=\"%d\" y=\"42\" font-size=\"12\" "
                        "fill=\"#444\">%s</text>\n",
                        TLEFT, line);
  if (st == NB_OK) st = svg_axes(p, t, err);
  for (int s = 0; st == NB_OK && s < 2; s++)
    st = svg_wall(p, s, t, err);
  if (st == NB_OK) st = svg_mast(p, t, err);
  return st == NB_OK ? nb_text_printf(t, err, "</svg>\n") : st;
}

/* Values the position, gathers its walls and draws them into t. */
static nb_status draw(cli_position *pos, nb_text *t, nb_error *err) {
  nb_value val;
  thermo_pic p = {0};
  nb_status st = nb_value_of(pos->solver, pos->comps, pos->n, &val, err);
  nb_error e;
  if (st == NB_OK) { /* NB_EUSAGE: not a canonical form (the library tells, not a kind here) */
    st = nb_value_thermograph(&val, &p.mean, &p.temp, &e);
    if (st == NB_EUSAGE)
      st = nb_fail(err, NB_EDATA, "no thermograph: the canonical form is not known (%s)",
                   val.note[0] != '\0' ? val.note : "only the outcome class");
    else if (st != NB_OK)
      *err = e;
  }
  if (st == NB_OK) st = nb_cg_stops(val.store, val.game, &p.lstop, &p.rstop, err);
  if (st == NB_OK) st = get_wall(&val, NB_LEFT, &p.w[0], err);
  if (st == NB_OK) st = get_wall(&val, NB_RIGHT, &p.w[1], err);
  char *position = st == NB_OK ? cli_format_position(pos->game, pos->comps, pos->n) : NULL;
  if (st == NB_OK && position == NULL) st = nb_fail(err, NB_EINTERNAL, "out of memory");
  if (st == NB_OK) lay_out(&p);
  if (st == NB_OK) st = render(&p, pos->spec, position, t, err);
  free(position);
  for (int s = 0; s < 2; s++)
    free(p.w[s].v), free(p.w[s].t);
  return st;
}

int cli_plot_thermograph(const cli_env *env, const char *const *args, size_t count,
                         const nb_limits *limits, const char *path) {
  cli_position pos;
  int status = cli_position_open_play(env->games, args, count, 1, limits, NB_PLAY_NORMAL, &pos);
  if (status != 0) return status;
  if (nb_theory_sides(nb_game_theory(pos.game)) != 2) {
    status = cli_usage_error("plot",
                             "plot: --thermograph draws partizan games; %s is impartial "
                             "(a position's thermograph is the mast at 0: its value "
                             "is a nimber)",
                             args[0]);
    cli_position_close(&pos);
    return status;
  }
  nb_error err = {0};
  nb_text t = {0};
  nb_status st = draw(&pos, &t, &err);
  status = st == NB_OK ? cli_plot_write(&t, path) : cli_fail(&err);
  free(t.data);
  cli_position_close(&pos);
  return status;
}
