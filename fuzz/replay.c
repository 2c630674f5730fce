/*
 * replay.c: runs a harness of fuzz/ over kept inputs, without libFuzzer.
 *
 * Usage: fuzz_NAME_replay PATH...: each PATH is an input file or a folder of them (the corpus
 * fuzz/corpus/NAME/). Every input goes through LLVMFuzzerTestOneInput once; a broken check
 * aborts, and the sanitizer build turns memory errors into failures. So the seeds and every
 * input that once found a defect are replayed by `make test`, with any compiler. An empty corpus
 * is an error: a replay of nothing tests nothing.
 */
#include "fuzz.h"

#include <dirent.h>
#include <sys/stat.h>

/* Reads a whole file (allocated into *out, free() it). */
static bool slurp(const char *path, uint8_t **out, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) return false;
  size_t cap = 4096, n = 0;
  uint8_t *buf = nb_alloc(cap, 1, NULL);
  for (size_t got = 1; buf != NULL && got > 0;) {
    if (n == cap) {
      uint8_t *bigger = nb_realloc(buf, cap * 2, 1, NULL);
      if (bigger == NULL) break;
      buf = bigger;
      cap *= 2;
    }
    got = fread(buf + n, 1, cap - n, f);
    n += got;
  }
  bool ok = buf != NULL && !ferror(f) && feof(f);
  fclose(f);
  if (!ok) {
    free(buf);
    return false;
  }
  *out = buf;
  *len = n;
  return true;
}

static bool replay_file(const char *path, size_t *count) {
  uint8_t *data;
  size_t len;
  if (!slurp(path, &data, &len)) {
    fprintf(stderr, "replay: cannot read %s\n", path);
    return false;
  }
  LLVMFuzzerTestOneInput(data, len);
  free(data);
  (*count)++;
  return true;
}

static bool replay(const char *path, size_t *count) {
  struct stat st;
  if (stat(path, &st) != 0) {
    fprintf(stderr, "replay: no such file or folder: %s\n", path);
    return false;
  }
  if (!S_ISDIR(st.st_mode)) return replay_file(path, count);
  DIR *dir = opendir(path);
  if (dir == NULL) return false;
  bool ok = true;
  for (struct dirent *e; ok && (e = readdir(dir)) != NULL;) {
    if (e->d_name[0] == '.') continue;
    char file[4096];
    snprintf(file, sizeof file, "%s/%s", path, e->d_name);
    ok = replay(file, count);
  }
  closedir(dir);
  return ok;
}

int main(int argc, char **argv) {
  size_t count = 0;
  for (int i = 1; i < argc; i++)
    if (!replay(argv[i], &count)) return 1;
  printf("replayed %zu inputs\n", count);
  nb_stdio_release(); /* for the sanitizers' leak check: base.h */
  return count > 0 ? 0 : 1;
}
