/*
 * test_fuzz.c: bad input never crashes and never passes silently.
 *
 * Each contest front end reads thousands of seeded mutations of its sample inputs (bytes
 * flipped, inserted, deleted, duplicated; the input cut short). Whatever the bytes, the solver
 * must either succeed or fail with NB_EDATA and a message that starts "NAME:LINE:COL: " with the
 * input's name; the sanitizer run turns any memory error into a failure.
 */
#include "check.h"
#include "contest/contest.h"
#include "nimber.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char *const samples[][2] = {
    {"twothree", "5\n3\n1 2 5\n3\n2 3 4\n2\n3366 3366\n1\n1000000000\n7\n1 2 3 4 5 6 7\n"},
    {"gurdurr", "5\n1\nIII\n1\nI.I\n1\n.I.\n1\n.II\n2\nIII\nIII\n"},
    {"gurdurr", "1\n3\nII.\n.II\nIII\n"},
    {"nimplus", "20 3\n3 7 10\n2 6 7\n"},
    {"nimplus", "5 1\n6\n7\n"},
};

static const char alphabet[] = "0123456789 \n\t-+.I,/x\r\0\xff";

/* Applies one random edit to buf (length *len, capacity cap). */
static void mutate(char *buf, size_t *len, size_t cap, uint64_t *rng) {
  size_t at = *len ? (size_t)(check_rand(rng) % *len) : 0;
  char c = alphabet[check_rand(rng) % (sizeof alphabet - 1)];
  switch (check_rand(rng) % 5) {
  case 0: /* replace */
    if (*len) buf[at] = c;
    break;
  case 1: /* insert */
    if (*len + 1 < cap) {
      memmove(buf + at + 1, buf + at, *len - at);
      buf[at] = c;
      (*len)++;
    }
    break;
  case 2: /* delete */
    if (*len) {
      memmove(buf + at, buf + at + 1, *len - at - 1);
      (*len)--;
    }
    break;
  case 3: /* duplicate a stretch */
    if (*len && *len + 8 < cap) {
      size_t n = (size_t)(check_rand(rng) % 8);
      n = at + n > *len ? *len - at : n;
      memmove(buf + at + n, buf + at, *len - at);
      *len += n;
    }
    break;
  default: /* cut short */
    *len = at;
  }
}

/* The message must name the input and a position: "fuzz:LINE:COL: ". */
static bool well_formed(const char *message) {
  if (strncmp(message, "fuzz:", 5) != 0) return false;
  const char *p = message + 5;
  if (!isdigit((unsigned char)*p)) return false;
  while (isdigit((unsigned char)*p))
    p++;
  if (*p++ != ':' || !isdigit((unsigned char)*p)) return false;
  while (isdigit((unsigned char)*p))
    p++;
  return strncmp(p, ": ", 2) == 0;
}

int main(void) {
  const int rounds = 50000;
  FILE *sink = fopen("/dev/null", "w");
  CHECK(sink != NULL, "/dev/null");
  uint64_t rng = 2026;
  unsigned ok = 0, refused = 0;
  for (int i = 0; i < rounds && sink != NULL; i++) {
    const char *const *sample = samples[i % (sizeof samples / sizeof samples[0])];
    char buf[256];
    size_t len = strlen(sample[1]);
    memcpy(buf, sample[1], len);
    for (int k = (int)(check_rand(&rng) % 4) + 1; k > 0; k--)
      mutate(buf, &len, sizeof buf, &rng);
    nb_reader *r;
    nb_error err = {0};
    CHECK_OK(nb_reader_open_mem("fuzz", buf, len, &r, &err), &err);
    nb_status st = nb_contest_find(sample[0])->solve(r, sink, &err);
    nb_reader_close(r);
    if (st == NB_OK) {
      ok++;
      continue;
    }
    refused++;
    CHECK(st == NB_EDATA, "%s round %d: status %d: %s", sample[0], i, (int)st, err.message);
    CHECK(well_formed(err.message), "%s round %d: message '%s'", sample[0], i, err.message);
  }
  if (sink) fclose(sink);
  /* Both outcomes must occur, or the mutations test nothing. */
  CHECK(ok > 0 && refused > 0, "accepted %u, refused %u", ok, refused);
  printf("accepted %u mutated inputs, refused %u\n", ok, refused);
  return check_done();
}
