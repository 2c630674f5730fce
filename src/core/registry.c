/*
 * registry.c: registries of game families, plug-ins, and the spec resolver.
 *
 * Core knows no family: it makes empty registries (nb_registry_new_empty), and the games layer,
 * above it, fills one with the built-in list (nb_registry_new and nb_game_open are in
 * src/games/builtin.c); the contest formats list theirs (src/contest/contests.c). A registry is a
 * growing list of family tables, each carrying its own aliases; nb_registry_load adds a
 * plug-in's. Every family goes through one check, the same for built-in
 * and loaded ones: the ABI version it was compiled with, its required fields, and names that
 * clash with none already registered. A spec is "NAME" or "NAME:PARAMS"; NAME is a family name
 * or an alias (which may stand for a name with parameters, as the family lists it), matched
 * without regard to case; an unknown NAME is answered with the nearest registered name when one is
 * close.
 *
 * A family whose parameters name another game (impartial:GAME) opens that game among the same
 * families as its own spec, plug-ins included: the layer that registers it gives, beside the
 * family, a way in that takes the registry (nb_registry_add_nesting); a spec of that family
 * opened in this registry is made by it, where a spec opened among a bare list (nb_game_open: the
 * built-in families) is made by the family's create as any other.
 *
 * Plug-ins are shared objects opened with dlopen(RTLD_NOW), so a missing symbol refuses the
 * object at load rather than crashing later; they export `const nb_plugin nimber_plugin`. Their
 * handles are closed when the registry is freed, after which their family tables are gone.
 */
#include "internal.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A family made through its registry (nb_registry_add_nesting). */
typedef struct nesting {
  const nb_family *family; /* the family, registered */
  nb_create_in create;     /* how its games are made in this registry */
} nesting;

struct nb_registry {
  const nb_family **families; /* the families, built-in ones first, then plug-ins' */
  size_t count;               /* how many */
  size_t cap;                 /* room in families */
  nesting *nested;            /* the families made through the registry, and how */
  size_t nnested;             /* how many */
  size_t nested_cap;          /* room in nested */
  void **handles;             /* dlopen handles of the loaded plug-ins */
  size_t nhandles;            /* how many */
  size_t handles_cap;         /* room in handles */
};

/* --- looking up names ------------------------------------------------------------------------ */

static bool same_name(const char *name, const char *text, size_t len) {
  return strlen(name) == len && strncasecmp(name, text, len) == 0;
}

/* The family of a name among a list, or NULL; *params as for nb_registry_find. */
static const nb_family *find_among(const nb_family *const *list, size_t count, const char *name,
                                   size_t len, const char **params) {
  *params = NULL;
  for (size_t i = 0; i < count; i++)
    if (same_name(list[i]->name, name, len)) return list[i];
  for (size_t i = 0; i < count; i++)
    for (const nb_alias *a = list[i]->aliases; a != NULL && a->name != NULL; a++)
      if (same_name(a->name, name, len)) {
        *params = a->params;
        return list[i];
      }
  return NULL;
}

/* The registered name (family or alias) nearest to text, if it is near enough to be a typo (at
 * most a third of its letters, at least one, off), or NULL. */
static const char *nearest_name(const nb_family *const *list, size_t count, const char *text,
                                size_t len) {
  const char *best = NULL;
  if (len > 16) return NULL; /* no family name is that long: not a typo of one */
  unsigned best_d = (unsigned)(len / 3 > 0 ? len / 3 : 1) + 1;
  for (size_t i = 0; i < count; i++) {
    unsigned d = nb_name_distance(list[i]->name, text, len);
    if (d < best_d) best_d = d, best = list[i]->name;
    for (const nb_alias *a = list[i]->aliases; a != NULL && a->name != NULL; a++) {
      d = nb_name_distance(a->name, text, len);
      if (d < best_d) best_d = d, best = a->name;
    }
  }
  return best;
}

/* How r makes games of fam: its nesting's create, or NULL (the family's create). */
static nb_create_in create_in(const nb_registry *r, const nb_family *fam) {
  for (size_t i = 0; r != NULL && i < r->nnested; i++)
    if (r->nested[i].family == fam) return r->nested[i].create;
  return NULL;
}

/* A game of a spec among families[0..count), which are r's when r is given (its nested families
 * are then made through it). */
static nb_status open_in(const nb_registry *r, const nb_family *const *families, size_t count,
                         const char *spec, nb_play play, nb_game **out, nb_error *err) {
  const char *colon = strchr(spec, ':');
  size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
  const char *params = colon ? colon + 1 : NULL, *implied;
  char quoted[NB_QUOTE_CAP];
  *out = NULL;
  const nb_family *fam = find_among(families, count, spec, len, &implied);
  if (fam == NULL) {
    const char *near = nearest_name(families, count, spec, len);
    if (near != NULL)
      return nb_fail(err, NB_EUSAGE, "unknown game %s: did you mean '%s'? (see 'nimber games')",
                     nb_quote(quoted, spec, len), near);
    return nb_fail(err, NB_EUSAGE, "unknown game %s (see 'nimber games')",
                   nb_quote(quoted, spec, len));
  }
  if (implied != NULL && params != NULL) {
    /* spec[0..len) matched an alias, so it is a plain name */
    return nb_fail(err, NB_EUSAGE, "game %s: %.*s takes no parameters (it is %s:%s)",
                   nb_quote(quoted, spec, strlen(spec)), (int)len, spec, fam->name, implied);
  }
  nb_pos_store *positions;
  nb_status st = nb_pos_store_new(&positions, err);
  if (st != NB_OK) return st;
  nb_create_in nested = create_in(r, fam);
  const char *args = implied != NULL ? implied : params;
  st = nested != NULL ? nested(r, args, out, err) : fam->create(args, out, err);
  if (st == NB_OK && play != NB_PLAY_NORMAL && play != NB_PLAY_MISERE) {
    fam->destroy(*out);
    nb_pos_store_free(positions);
    *out = NULL;
    return nb_fail(err, NB_EUSAGE, "game %s: unknown play convention %d",
                   nb_quote(quoted, spec, strlen(spec)), (int)play);
  }
  if (st == NB_OK) {
    (*out)->family = fam;
    (*out)->play = play;
    (*out)->positions = positions;
    return NB_OK;
  }
  nb_pos_store_free(positions);
  *out = NULL;
  if (err != NULL) /* name the game as the user wrote it, alias included */
    nb_error_prefix(err, st, "game %s: ", nb_quote(quoted, spec, strlen(spec)));
  return st;
}

nb_status nb_game_open_among(const nb_family *const *families, size_t count, const char *spec,
                             nb_play play, nb_game **out, nb_error *err) {
  return open_in(NULL, families, count, spec, play, out, err);
}

/* --- registries ------------------------------------------------------------------------------ */

/* Whether a name is made of lower case letters, digits, '_' and '-', and not empty. */
static bool good_name(const char *name) {
  if (name == NULL || *name == '\0') return false;
  for (const char *c = name; *c; c++)
    if (!((*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '_' || *c == '-'))
      return false;
  return true;
}

/* The hook a facet the family has must hold and lacks ("cache.destroy"), or NULL. */
static const char *facet_missing(const nb_family *f) {
  if (f->cache != NULL && f->cache->create == NULL) return "cache.create";
  if (f->cache != NULL && f->cache->destroy == NULL) return "cache.destroy";
  if (f->impartial_eval != NULL && f->impartial_eval->grundy == NULL)
    return "impartial_eval.grundy";
  if (f->sizes != NULL && f->sizes->sized == NULL) return "sizes.sized";
  if (f->sizes != NULL && f->sizes->size_noun == NULL) return "sizes.size_noun";
  if (f->sizes != NULL && f->sizes->period != NULL && f->sizes->period_help == NULL)
    return "sizes.period_help (for its period)";
  for (const nb_sample *s = f->samples; s != NULL && s->spec != NULL; s++)
    if (s->position == NULL) return "position of a sample";
  return NULL;
}

/* A family's aliases: names, free in the registry, none its own name or another of its aliases
 * (names are lower case, so plain comparison is matching without regard to case). */
static nb_status check_aliases(const nb_registry *r, const nb_family *f, nb_error *err) {
  char quoted[NB_QUOTE_CAP];
  const char *ignored;
  for (const nb_alias *a = f->aliases; a != NULL && a->name != NULL; a++) {
    if (!good_name(a->name))
      return nb_fail(err, NB_EUSAGE, "family '%s': alias %s is not a name", f->name,
                     nb_quote(quoted, a->name, strlen(a->name)));
    if (strcmp(a->name, f->name) == 0)
      return nb_fail(err, NB_EUSAGE, "family '%s': its alias '%s' is its own name", f->name,
                     a->name);
    for (const nb_alias *b = f->aliases; b != a; b++)
      if (strcmp(a->name, b->name) == 0)
        return nb_fail(err, NB_EUSAGE, "family '%s': its alias '%s' is given twice", f->name,
                       a->name);
    if (find_among((const nb_family *const *)r->families, r->count, a->name, strlen(a->name),
                   &ignored) != NULL)
      return nb_fail(err, NB_EUSAGE, "family '%s': its alias '%s' is taken", f->name, a->name);
  }
  return NB_OK;
}

/* A family's samples end at {NULL, NULL}: a sample with a position but no spec would end them
 * early and silently, its position and every later sample never tested. */
static nb_status check_samples(const nb_family *f, nb_error *err) {
  size_t i = 0;
  const nb_sample *s = f->samples;
  if (s == NULL) return NB_OK;
  for (; s[i].spec != NULL; i++) {
  }
  if (s[i].position != NULL)
    return nb_fail(err, NB_EUSAGE,
                   "family '%s': its sample %zu has a position (\"%.40s\") but no spec: the "
                   "samples end at {NULL, NULL}",
                   f->name, i + 1, s[i].position);
  return NB_OK;
}

/* The checks every family passes before it is registered. */
static nb_status check_family(const nb_registry *r, const nb_family *f, nb_error *err) {
  if (f == NULL) return nb_fail(err, NB_EUSAGE, "a family table is missing (NULL)");
  if (f->abi != NB_ABI_VERSION)
    return nb_fail(err, NB_EUSAGE,
                   "a family was built for the family contract version %u; this nimber has "
                   "version %u (rebuild it against this nimber.h)",
                   (unsigned)f->abi, (unsigned)NB_ABI_VERSION);
  char quoted[NB_QUOTE_CAP];
  if (!good_name(f->name))
    return nb_fail(err, NB_EUSAGE,
                   "family name %s: expected lower case letters, digits, '_' or '-'",
                   f->name ? nb_quote(quoted, f->name, strlen(f->name)) : "(none)");
  const char *missing = !f->synopsis        ? "synopsis"
                        : !f->position_help ? "position_help"
                        : !f->joiner        ? "joiner"
                        : !f->create        ? "create"
                        : !f->destroy       ? "destroy"
                        : !f->spec          ? "spec"
                        : !f->parse         ? "parse"
                        : !f->format        ? "format"
                        : !f->move_bound    ? "move_bound"
                        : !f->moves         ? "moves"
                        : !f->describe      ? "describe"
                                            : facet_missing(f);
  if (missing != NULL) return nb_fail(err, NB_EUSAGE, "family '%s' lacks its %s", f->name, missing);
  const char *wrong = f->partizan ? (f->impartial_eval ? "impartial facet (grundy)" : NULL)
                                  : (f->partizan_eval ? "partizan facet (outcome, canonical, "
                                                        "negative, value_moves)"
                                                      : NULL);
  if (wrong != NULL)
    return nb_fail(err, NB_EUSAGE, "family '%s' is %s but has the %s", f->name,
                   f->partizan ? "partizan" : "impartial", wrong);
  const char *ignored;
  if (find_among((const nb_family *const *)r->families, r->count, f->name, strlen(f->name),
                 &ignored) != NULL)
    return nb_fail(err, NB_EUSAGE, "family '%s': the name is taken", f->name);
  nb_status st = check_aliases(r, f, err);
  return st == NB_OK ? check_samples(f, err) : st;
}

nb_status nb_registry_add(nb_registry *r, const nb_family *f, nb_error *err) {
  nb_status st = check_family(r, f, err);
  if (st == NB_OK)
    st = nb_grow((void **)&r->families, &r->cap, r->count, 1, sizeof *r->families, 16, err);
  if (st == NB_OK) r->families[r->count++] = f;
  return st;
}

nb_status nb_registry_add_nesting(nb_registry *r, const nb_family *f, nb_create_in create,
                                  nb_error *err) {
  nb_status st =
      nb_grow((void **)&r->nested, &r->nested_cap, r->nnested, 1, sizeof *r->nested, 4, err);
  if (st == NB_OK) st = nb_registry_add(r, f, err);
  if (st == NB_OK) r->nested[r->nnested++] = (nesting){f, create};
  return st;
}

nb_status nb_registry_new_empty(nb_registry **out, nb_error *err) {
  *out = nb_alloc(1, sizeof **out, err);
  return *out != NULL ? NB_OK : NB_EINTERNAL;
}

void nb_registry_free(nb_registry *r) {
  if (r == NULL) return;
  for (size_t i = 0; i < r->nhandles; i++)
    dlclose(r->handles[i]);
  free(r->handles);
  free(r->nested);
  free(r->families);
  free(r);
}

const nb_family *const *nb_registry_families(const nb_registry *r, size_t *count) {
  *count = r->count;
  return (const nb_family *const *)r->families;
}

const nb_family *nb_registry_find(const nb_registry *r, const char *name, size_t len,
                                  const char **params) {
  return find_among((const nb_family *const *)r->families, r->count, name, len, params);
}

nb_status nb_registry_open(const nb_registry *r, const char *spec, nb_game **out, nb_error *err) {
  return nb_registry_open_play(r, spec, NB_PLAY_NORMAL, out, err);
}

nb_status nb_registry_open_play(const nb_registry *r, const char *spec, nb_play play,
                                nb_game **out, nb_error *err) {
  return open_in(r, (const nb_family *const *)r->families, r->count, spec, play, out, err);
}

nb_play nb_game_play(const nb_game *g) {
  return g->play;
}

/* --- plug-ins -------------------------------------------------------------------------------- */

/* Registers every family of a loaded plug-in, or none: on a refusal the ones added are taken
 * back, so a broken plug-in leaves the registry as it was. */
static nb_status add_plugin(nb_registry *r, const nb_plugin *plugin, nb_error *err) {
  if (plugin->abi != NB_ABI_VERSION)
    return nb_fail(err, NB_EUSAGE,
                   "built for the family contract version %u; this nimber has version %u "
                   "(rebuild it against this nimber.h)",
                   (unsigned)plugin->abi, (unsigned)NB_ABI_VERSION);
  if (plugin->count == 0 || plugin->families == NULL)
    return nb_fail(err, NB_EUSAGE, "it defines no family");
  size_t before = r->count;
  nb_status st = NB_OK;
  for (size_t i = 0; i < plugin->count && st == NB_OK; i++)
    st = nb_registry_add(r, plugin->families[i], err);
  if (st != NB_OK) r->count = before;
  return st;
}

nb_status nb_registry_load(nb_registry *r, const char *path, nb_error *err) {
  char quoted[NB_QUOTE_CAP];
  nb_quote(quoted, path, strlen(path));
  nb_status st =
      nb_grow((void **)&r->handles, &r->handles_cap, r->nhandles, 1, sizeof *r->handles, 4, err);
  if (st != NB_OK) return st;
  /* dlopen searches the library path for a name without '/'; a plug-in is a file, so such a
   * name means one in the current directory, as it does for every other file argument. */
  char *local = NULL;
  if (strchr(path, '/') == NULL) {
    local = nb_alloc(strlen(path) + 3, 1, err);
    if (local == NULL) return NB_EINTERNAL;
    memcpy(local, "./", 2);
    memcpy(local + 2, path, strlen(path) + 1);
  }
  void *handle = dlopen(local ? local : path, RTLD_NOW | RTLD_LOCAL);
  free(local);
  if (handle == NULL) {
    const char *why = dlerror();
    return nb_fail(err, NB_EUSAGE, "plug-in %s: cannot load it: %s", quoted,
                   why ? why : "unknown error");
  }
  const nb_plugin *plugin = dlsym(handle, "nimber_plugin");
  if (plugin == NULL) {
    dlclose(handle);
    return nb_fail(err, NB_EUSAGE,
                   "plug-in %s: not a nimber plug-in (it exports no 'nimber_plugin')", quoted);
  }
  st = add_plugin(r, plugin, err);
  if (st != NB_OK) {
    dlclose(handle);
    return nb_error_prefix(err, st, "plug-in %s: ", quoted);
  }
  r->handles[r->nhandles++] = handle;
  return NB_OK;
}

/* --- games and positions --------------------------------------------------------------------- */

void nb_game_free(nb_game *g) {
  if (g == NULL) return;
  nb_pos_store_free(g->positions);
  g->family->destroy(g);
}

int nb_game_spec(const nb_game *g, char *buf, size_t cap) {
  return g->family->spec(g, buf, cap);
}

char *nb_game_spec_new(const nb_game *g, nb_error *err) {
  char probe[1];
  int len = g->family->spec(g, probe, 0);
  NB_ASSERT(len >= 0); /* snprintf fails only on encoding errors, and specs are plain ASCII */
  char *spec = nb_alloc((size_t)len + 1, 1, err);
  if (spec != NULL) g->family->spec(g, spec, (size_t)len + 1);
  return spec;
}

const char *nb_game_spec_quote(const nb_game *g, char buf[NB_QUOTE_CAP]) {
  char head[NB_QUOTE_SHOWN + 1]; /* nb_quote reads no further than NB_QUOTE_SHOWN bytes */
  int len = g->family->spec(g, head, sizeof head);
  return nb_quote(buf, head, len > 0 ? (size_t)len : 0);
}

/* Holds one call of a family's parse to its contract (docs/PLUGINS.md): NB_OK having appended
 * at least one component, within cap and never taking any back; or NB_EUSAGE (NB_EINTERNAL when
 * memory ran out) with a message. Anything else is the family's fault, not the user's: a parse
 * that reads nothing and says NB_OK would make the commands answer for a position nobody typed,
 * and a count past cap would have them read past the buffer. Such a result becomes NB_EINTERNAL
 * naming the family; *n is put back where it was. */
static nb_status check_parse(const nb_game *g, nb_status st, size_t before, size_t *n, size_t cap,
                             size_t arg, nb_error *err) {
  const char *name = g->family->name;
  if (*n > cap || *n < before) {
    size_t got = *n;
    *n = before;
    return nb_fail(err, NB_EINTERNAL,
                   "family '%s': its parse of argument %zu left %zu components where %zu were "
                   "before and there is room for %zu",
                   name, arg, got, before, cap);
  }
  if (st == NB_OK) {
    if (*n > before) return NB_OK;
    return nb_fail(err, NB_EINTERNAL,
                   "family '%s': its parse accepted argument %zu but appended no component", name,
                   arg);
  }
  *n = before;
  bool said = err == NULL || err->message[0] != '\0';
  if ((st == NB_EUSAGE || st == NB_EINTERNAL) && said) return st;
  if (!said)
    return nb_fail(err, NB_EINTERNAL,
                   "family '%s': its parse of argument %zu failed (status %d) "
                   "without a message",
                   name, arg, (int)st);
  return nb_error_prefix(err, NB_EINTERNAL,
                         "family '%s': its parse of argument %zu failed with status %d, not a "
                         "usage error: ",
                         name, arg, (int)st);
}

/* Parses the groups of tokens separated by "+" tokens, each by the family, each call checked. */
static nb_status parse_groups(const nb_game *g, const char *const *tokens, size_t count,
                              size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  size_t start = 0;
  for (size_t i = 0; i <= count; i++) {
    if (i < count && strcmp(tokens[i], "+") != 0) continue;
    if (i == start)
      return nb_fail(err, NB_EUSAGE, "argument %zu: expected a position %s '+'",
                     first_arg + i - (i == count ? 1 : 0), i == count ? "after" : "before");
    size_t before = *n;
    if (err != NULL) err->message[0] = '\0';
    nb_status st =
        g->family->parse(g, tokens + start, i - start, first_arg + start, out, n, cap, err);
    st = check_parse(g, st, before, n, cap, first_arg + start, err);
    if (st != NB_OK) return st;
    start = i + 1;
  }
  return NB_OK;
}

nb_status nb_position_parse(const nb_game *g, const char *const *tokens, size_t count,
                            size_t first_arg, nb_pos *out, size_t *n, size_t cap, nb_error *err) {
  *n = 0;
  if (count == 0)
    return nb_fail(err, NB_EUSAGE, "expected a position (%s)", g->family->position_help);
  nb_status st = parse_groups(g, tokens, count, first_arg, out, n, cap, err);
  if (st == NB_EUSAGE && count == 1 && strcmp(tokens[0], "0") == 0) { /* the empty sum */
    *n = 0;
    return NB_OK;
  }
  return st;
}

int nb_position_format(const nb_game *g, const nb_pos *comps, size_t n, char *buf, size_t cap) {
  if (n == 0) return snprintf(buf, cap, "0"); /* the empty sum: the zero game */
  int total = 0;
  for (size_t i = 0; i < n; i++) {
    if (i > 0) nb_bounded_printf(buf, cap, &total, "%s", g->family->joiner);
    size_t room;
    char *at = nb_bounded_at(buf, cap, total, &room);
    total += g->family->format(g, comps[i], at, room);
  }
  return total;
}
