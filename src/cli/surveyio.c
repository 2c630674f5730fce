/*
 * surveyio.c: the lines of a survey file (`nimber survey -o FILE`): writing one game's JSON
 * line, the header that names the survey, and reading a file back for --resume.
 *
 * A survey file is JSON Lines: a header {"survey":CLASS,"max":N,"time":S} and one line per
 * game in a fixed key order (survey.h), the last, "check", a hash of the bytes before it. Reading
 * back trusts nothing: each line is parsed into a record, the record is written again (its check
 * computed again), and the two must be the same bytes; its game must be one
 * of the class's groups with exactly that group's members, and no game may come twice. Any
 * other line is damage (exit 65 naming the line), except a last line without its newline: a
 * survey stopped in the middle of a write, whose game is computed again.
 */
#include "cli/survey.h"

#include "base/hash.h"

#include <stdlib.h>
#include <string.h>

static const char *const status_names[] = {"trivial", "solved", "open"};

/* The check of a line's bytes before its "check" key: SplitMix64's finalizer (base/hash.h) over
 * 8 bytes at a time, so that a line changed by hand or by a disk is refused, not trusted. */
static uint64_t line_check(const char *s, size_t n) {
  uint64_t h = NB_HASH_GOLDEN ^ n;
  for (size_t i = 0; i < n; i += 8) {
    uint64_t w = 0;
    memcpy(&w, s + i, n - i < 8 ? n - i : 8);
    h = nb_hash_mix(h ^ w);
  }
  return h;
}

/* Appends `"key":` and a number, or null when !present. */
static nb_status add_u64(nb_text *t, const char *key, bool present, uint64_t v, nb_error *err) {
  if (!present) return nb_text_printf(t, err, ",\"%s\":null", key);
  return nb_text_printf(t, err, ",\"%s\":%llu", key, (unsigned long long)v);
}

nb_status survey_line(const nb_survey_group *g, const nb_survey_record *r, nb_text *t,
                      nb_error *err) {
  t->len = 0;
  bool proven = r->status != NB_SURVEY_OPEN, sparse = r->sparse.found;
  nb_status st = nb_text_add(t, "{\"game\":", 8, err);
  if (st == NB_OK) st = nb_text_json_string(t, g->game, err);
  if (st == NB_OK) st = nb_text_add(t, ",\"members\":[", 12, err);
  for (size_t m = 0; st == NB_OK && m < g->nmembers; m++) {
    if (m > 0) st = nb_text_add(t, ",", 1, err);
    if (st == NB_OK) st = nb_text_json_string(t, g->members[m], err);
  }
  if (st == NB_OK) st = nb_text_printf(t, err, "],\"status\":\"%s\"", status_names[r->status]);
  if (st == NB_OK) st = add_u64(t, "preperiod", proven, r->preperiod, err);
  if (st == NB_OK) st = add_u64(t, "period", proven, r->period, err);
  if (st == NB_OK) st = nb_text_add(t, ",\"theorem\":", 11, err);
  if (st == NB_OK)
    st = proven ? nb_text_json_string(t, r->theorem, err) : nb_text_add(t, "null", 4, err);
  if (st == NB_OK) st = add_u64(t, "saltus", proven, r->saltus, err);
  if (st == NB_OK) st = add_u64(t, "checked_to", true, r->checked_to, err);
  if (st == NB_OK) st = add_u64(t, "largest", true, r->largest, err);
  if (st == NB_OK) st = add_u64(t, "largest_at", true, r->largest_at, err);
  if (st == NB_OK) st = add_u64(t, "rare_mask", sparse, r->sparse.mask, err);
  if (st == NB_OK)
    st = nb_text_printf(t, err, ",\"rare_pos\":%s",
                        !sparse         ? "null"
                        : r->sparse.pos ? "true"
                                        : "false");
  if (st == NB_OK) st = add_u64(t, "rare_count", sparse, r->sparse.rare_count, err);
  if (st == NB_OK) st = add_u64(t, "last_rare", sparse, r->sparse.last_rare, err);
  if (st == NB_OK)
    st = r->no_seconds ? nb_text_add(t, ",\"seconds\":null", 15, err)
                       : nb_text_printf(t, err, ",\"seconds\":%.3f", r->seconds);
  if (st == NB_OK) st = add_u64(t, "bytes", true, r->bytes, err);
  if (st == NB_OK)
    st = nb_text_printf(t, err, ",\"check\":\"%016llx\"}",
                        (unsigned long long)line_check(t->data, t->len));
  return st;
}

nb_status survey_header(const char *cls, const nb_survey_budget *b, nb_text *t, nb_error *err) {
  t->len = 0;
  nb_status st = nb_text_add(t, "{\"survey\":", 10, err);
  if (st == NB_OK) st = nb_text_json_string(t, cls, err);
  if (st == NB_OK)
    st = nb_text_printf(t, err, ",\"max\":%llu,\"time\":%g}", (unsigned long long)b->max,
                        b->seconds);
  return st;
}

/* --- reading a line back ---------------------------------------------------------------------- */

/* A cursor over one line. */
typedef struct cursor {
  const char *p;   /* the next byte */
  const char *end; /* the line's end */
} cursor;

static bool eat(cursor *c, const char *s) {
  size_t n = strlen(s);
  if ((size_t)(c->end - c->p) < n || memcmp(c->p, s, n) != 0) return false;
  c->p += n;
  return true;
}

/* A JSON string without escapes other than \" and \\ (what our specs and theorems hold): its
 * bytes into *out (allocated). */
static bool read_string(cursor *c, char **out) {
  if (!eat(c, "\"")) return false;
  const char *start = c->p;
  while (c->p < c->end && *c->p != '"')
    c->p += *c->p == '\\' ? 2 : 1;
  if (c->p >= c->end) return false;
  size_t n = (size_t)(c->p - start), k = 0;
  *out = nb_alloc(n + 1, 1, NULL);
  if (*out == NULL) return false;
  for (size_t i = 0; i < n; i++)
    (*out)[k++] = start[i] == '\\' ? start[++i] : start[i];
  (*out)[k] = '\0';
  c->p++;
  return true;
}

/* `"key":` then an integer or null (*present false). */
static bool read_u64(cursor *c, const char *key, bool *present, uint64_t *v) {
  char head[32];
  snprintf(head, sizeof head, ",\"%s\":", key);
  if (!eat(c, head)) return false;
  *present = !eat(c, "null");
  if (!*present) return true;
  const char *start = c->p;
  while (c->p < c->end && *c->p >= '0' && *c->p <= '9')
    c->p++;
  return nb_parse_u64_n(start, (size_t)(c->p - start), v);
}

/* The group whose game is `game` (groups are few enough to search: a class of a million codes
 * is read once). */
static size_t group_of(const nb_survey_class *cls, const char *game) {
  for (size_t i = 0; i < cls->ngroups; i++)
    if (strcmp(cls->groups[i].game, game) == 0) return i;
  return SIZE_MAX;
}

static bool read_members(cursor *c, const nb_survey_group *g) {
  if (!eat(c, ",\"members\":[")) return false;
  for (size_t m = 0; m < g->nmembers; m++) {
    char *s = NULL;
    bool ok = (m == 0 || eat(c, ",")) && read_string(c, &s) && strcmp(s, g->members[m]) == 0;
    free(s);
    if (!ok) return false;
  }
  return eat(c, "]");
}

static bool read_status(cursor *c, nb_survey_status *st) {
  if (!eat(c, ",\"status\":")) return false;
  for (int i = 0; i < 3; i++) {
    char q[16];
    snprintf(q, sizeof q, "\"%s\"", status_names[i]);
    if (eat(c, q)) {
      *st = (nb_survey_status)i;
      return true;
    }
  }
  return false;
}

/* `,"rare_pos":` true, false or null. */
static bool read_pos(cursor *c, bool *pos) {
  if (!eat(c, ",\"rare_pos\":")) return false;
  *pos = eat(c, "true");
  return *pos || eat(c, "false") || eat(c, "null");
}

/* "bytes" and "check", the line's end. */
static bool read_end(cursor *c, nb_survey_record *r) {
  bool by;
  if (!read_u64(c, "bytes", &by, &r->bytes) || !by || !eat(c, ",\"check\":\"")) return false;
  c->p += c->end - c->p >= 18 ? 18 : 0; /* 16 hex digits and "}: written again and compared */
  return c->p == c->end;
}

/* The fields after "status" into r (theorem: into *theorem, allocated). */
static bool read_fields(cursor *c, nb_survey_record *r, char **theorem) {
  bool pre, per, sal, chk, lg, at, mask, cnt, last;
  if (!read_u64(c, "preperiod", &pre, &r->preperiod) || !read_u64(c, "period", &per, &r->period))
    return false;
  if (!eat(c, ",\"theorem\":")) return false;
  if (!eat(c, "null") && !read_string(c, theorem)) return false;
  r->theorem = *theorem;
  if (!read_u64(c, "saltus", &sal, &r->saltus) ||
      !read_u64(c, "checked_to", &chk, &r->checked_to) ||
      !read_u64(c, "largest", &lg, &r->largest) ||
      !read_u64(c, "largest_at", &at, &r->largest_at) ||
      !read_u64(c, "rare_mask", &mask, &r->sparse.mask) || !read_pos(c, &r->sparse.pos) ||
      !read_u64(c, "rare_count", &cnt, &r->sparse.rare_count) ||
      !read_u64(c, "last_rare", &last, &r->sparse.last_rare))
    return false;
  r->sparse.found = mask;
  if (!eat(c, ",\"seconds\":")) return false;
  if ((r->no_seconds = eat(c, "null"))) return read_end(c, r);
  char *stop;
  r->seconds = strtod(c->p, &stop);
  if (stop == c->p || stop > c->end) return false;
  c->p = stop;
  return read_end(c, r);
}

int survey_read_line(const nb_survey_class *cls, const char *line, size_t len, size_t *group,
                     nb_survey_record *r, char **theorem) {
  cursor c = {line, line + len};
  char *game = NULL;
  *theorem = NULL;
  *r = (nb_survey_record){0};
  *group = SIZE_MAX;
  if (!eat(&c, "{\"game\":") || !read_string(&c, &game)) return SURVEY_LINE_DAMAGED;
  *group = group_of(cls, game);
  free(game);
  if (*group == SIZE_MAX) return SURVEY_LINE_FOREIGN;
  const nb_survey_group *g = &cls->groups[*group];
  if (!read_members(&c, g)) return SURVEY_LINE_FOREIGN;
  if (!read_status(&c, &r->status) || !read_fields(&c, r, theorem)) return SURVEY_LINE_DAMAGED;
  nb_text again = {0}; /* written again, it must be the same bytes */
  bool same = survey_line(g, r, &again, NULL) == NB_OK && again.len == len &&
              memcmp(again.data, line, len) == 0;
  free(again.data);
  return same ? SURVEY_LINE_OK : SURVEY_LINE_DAMAGED;
}
