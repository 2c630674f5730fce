/*
 * main.c: the `nimber` command. Dispatches to one function per subcommand; each subcommand lives
 * in its own file and owns its options, help text and output.
 *
 * Global options come before the command: `--load PLUGIN.so` (repeatable) adds the families of a
 * plug-in to the registry every command opens games in; `--help` and `--version` as usual.
 */
#include "cli.h"

#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <unistd.h>
#ifdef NB_TEST_SERVER
#include <fcntl.h>
#include <sys/wait.h>
#endif

#if defined(NB_FAULT_INJECTION) || defined(NB_TEST_SERVER)
#include <stdlib.h>
/*
 * The end of a forked run (the golden tests' server, the allocation-failure sweep: both test
 * builds only). LeakSanitizer's check at exit (stopping the process, scanning its memory) was
 * most of a forked run's CPU under the sanitizers: golden heap, partizan, psub and division
 * 18.3-19.6 -> 7.6-7.7 s, side by side. It is run only where it can find something. child_in_use
 * counts the bytes allocated and not freed when the run starts; if the run ends with the same
 * count (its standard input and output closed first, which frees their buffers; standard error
 * has none and stays open for a report), every block it allocated was freed, none can be leaked,
 * and the child ends at once (_exit). Otherwise it exits as any process does and the check
 * decides: a block still in use may be a leak, or memory the C library keeps (a plug-in's
 * loader, a stream), which the check tells apart, with the report a leak needs. So the verdict
 * is the check's either way, on one assumption: the run frees no block allocated before the
 * fork (else a leak of the same size could hide behind it). Both callers fork with next to
 * nothing allocated (the server before it has read a request allocates nothing; the sweep
 * closes its list of points before counting: 93 bytes in use there, under gdb), and nothing of
 * the command frees what it did not allocate. Without AddressSanitizer, a plain exit.
 */
#if defined(__SANITIZE_ADDRESS__)
/* AddressSanitizer's count of the bytes allocated and not yet freed (its public interface,
 * <sanitizer/allocator_interface.h>, which GCC 12 does not install). */
size_t __sanitizer_get_current_allocated_bytes(void);
#endif

static size_t child_in_use(void) {
#if defined(__SANITIZE_ADDRESS__)
  return __sanitizer_get_current_allocated_bytes();
#else
  return 0;
#endif
}

static _Noreturn void child_exit(size_t in_use, int code) {
#if defined(__SANITIZE_ADDRESS__)
  if (nb_stdio_release() && child_in_use() == in_use) _exit(code);
#else
  (void)in_use;
#endif
  exit(code);
}
#endif

static int cmd_version(const cli_env *env, int argc, char **argv);
static int cmd_help(const cli_env *env, int argc, char **argv);

static const struct command {
  const char *name; /* as typed */
  int (*run)(const cli_env *env, int argc, char **argv);
  const char *summary; /* one line for `nimber --help` */
} commands[] = {
    {"solve", cmd_solve,
     "solve FORMAT [FILE]       answer a contest input in the contest's format"},
    {"value", cmd_value, "value GAME POSITION...    value of a position and who wins"},
    {"compare", cmd_compare, "compare GAME A -- B       how two positions compare: <, >, = or ||"},
    {"moves", cmd_moves, "moves GAME POSITION...    every winning move of a position"},
    {"play", cmd_play, "play GAME POSITION...     play against perfect play"},
    {"table", cmd_table, "table GAME --to N         values of every size up to N, or their runs"},
    {"period", cmd_period, "period GAME               proven periodicity of a game's values"},
    {"quotient", cmd_quotient, "quotient GAME --heaps N   misère quotient of a heap game's sums"},
    {"survey", cmd_survey, "survey CLASS              every game of a class: periods, open games"},
    {"plot", cmd_plot, "plot GAME --to N          a picture of the values (SVG)"},
    {"games", cmd_games, "games                     list the game families and their syntax"},
    {"help", cmd_help, "help [COMMAND]            this list, or a command's help"},
    {"version", cmd_version, "version                   the version of nimber"},
};
enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

static void print_help(FILE *out) {
  fputs("usage: nimber [--load PLUGIN.so]... COMMAND [OPTIONS] [ARGS]\n\n"
        "nimber: a fast, verified engine for combinatorial games.\n\ncommands:\n",
        out);
  for (size_t i = 0; i < NCOMMANDS; i++)
    fprintf(out, "  %s\n", commands[i].summary);
  fputs("\noptions before the command:\n"
        "  --load PLUGIN.so   add the game families of a plug-in (repeatable)\n"
        "  --help             this text\n"
        "  --version          the version\n"
        "\n'nimber COMMAND --help' (or -h) or 'nimber help COMMAND' describes a command. Options\n"
        "may come anywhere after the command ('--' ends them), each at most once; an unknown\n"
        "option, one given twice, or one that does not apply to the game (such as --player for\n"
        "an impartial game) is a usage error. Long work (table, plot, searches) shows its\n"
        "progress on standard error when that is a terminal. Exit status: 0 ok,\n"
        "64 usage error, 65 bad input data, 66 input file missing or unreadable, 70 internal\n"
        "error, 74 output error (the output could not be written: a full disk, a closed pipe;\n"
        "output stops at the first failed write).\n",
        out);
}

static const struct command *command_named(const char *name) {
  for (size_t i = 0; i < NCOMMANDS; i++)
    if (strcasecmp(commands[i].name, name) == 0) return &commands[i];
  return NULL;
}

/* "unknown command 'x'", with the nearest command when one is close (a typo). */
static int unknown_command(const char *name) {
  const char *near = NULL;
  size_t best = strlen(name) / 3 > 0 ? strlen(name) / 3 + 1 : 2; /* a third of it, at least 1 */
  for (size_t i = 0; i < NCOMMANDS; i++) {
    size_t d = nb_name_distance(commands[i].name, name, strlen(name));
    if (d < best) best = d, near = commands[i].name;
  }
  char quoted[NB_QUOTE_CAP];
  nb_quote(quoted, name, strlen(name));
  if (near != NULL)
    fprintf(stderr, "nimber: unknown command %s: did you mean '%s'? (see 'nimber --help')\n",
            quoted, near);
  else
    fprintf(stderr, "nimber: unknown command %s (see 'nimber --help')\n", quoted);
  return NB_EUSAGE;
}

static int cmd_version(const cli_env *env, int argc, char **argv) {
  (void)env;
  size_t npos;
  bool done;
  int status = cli_parse(argc, argv, NULL, 0,
                         "usage: nimber version\n\nPrints the version of nimber.\n", &npos, &done);
  if (status != 0 || done) return status;
  if (npos != 0) return cli_usage_error("version", "version: takes no arguments");
  printf("nimber %s\n", nb_version());
  return 0;
}

/* `nimber help COMMAND` is `nimber COMMAND --help`. */
static int cmd_help(const cli_env *env, int argc, char **argv) {
  size_t npos;
  bool done;
  int status = cli_parse(argc, argv, NULL, 0,
                         "usage: nimber help [COMMAND]\n\nLists the commands, or describes one.\n",
                         &npos, &done);
  if (status != 0 || done) return status;
  if (npos == 0) {
    print_help(stdout);
    return 0;
  }
  if (npos > 1) return cli_usage_error("help", "help: expected at most one COMMAND");
  const struct command *c = command_named(argv[1]);
  if (c == NULL) return unknown_command(argv[1]);
  char *args[] = {(char *)c->name, (char *)"--help", NULL};
  return c->run(env, 2, args);
}

/* Every command ends here: output still buffered is written, and a write that failed at any
 * point (ferror: the error flag stays set even when the buffer was emptied without error since)
 * turns success into exit status 74, so a lost answer never ends with status 0. A command that
 * failed for another reason keeps its status; the lost output is reported as well. */
static int finish(int status) {
  if (fflush(stdout) == 0 && !ferror(stdout)) return status;
  fprintf(stderr, "nimber: cannot write the output: %s\n",
          errno != 0 ? strerror(errno) : "write error");
  return status == 0 ? CLI_EXIT_IOERR : status;
}

/* Reads the global options before the command into the registry; *next is the command's index
 * in argv (argc when there is none). */
static int global_options(int argc, char **argv, nb_registry *games, int *next) {
  int i = 1;
  while (i < argc) {
    const char *path;
    if (strcmp(argv[i], "--load") == 0) {
      path = i + 1 < argc ? argv[i + 1] : "";
      i += 2;
    } else if (strncmp(argv[i], "--load=", 7) == 0) {
      path = argv[i] + 7;
      i++;
    } else {
      break;
    }
    if (*path == '\0') { /* missing, or empty: dlopen would look in the current folder */
      fputs("nimber: option '--load' needs a plug-in file (see 'nimber --help')\n", stderr);
      return NB_EUSAGE;
    }
    nb_error err = {0};
    if (nb_registry_load(games, path, &err) != NB_OK) return cli_fail(&err);
  }
  *next = i;
  return 0;
}

static int run(int argc, char **argv, nb_registry *games) {
  int next = argc;
  int status = global_options(argc, argv, games, &next);
  if (status != 0) return status;
  if (next >= argc) { /* no command: the usage, as --help prints it, but a usage error */
    print_help(stdout);
    return finish(NB_EUSAGE);
  }
  const char *name = argv[next];
  if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
    print_help(stdout);
    return finish(0);
  }
  if (strcmp(name, "--version") == 0) {
    printf("nimber %s\n", nb_version());
    return finish(0);
  }
  const struct command *c = command_named(name);
  if (c == NULL) return unknown_command(name);
  cli_env env = {.games = games};
  return finish(c->run(&env, argc - next, argv + next));
}

/* One run of the command: its arguments, and (fault-injection builds) the allocation to fail
 * from, which is armed on the thread that runs it (the countdown is the thread's), and how many
 * allocations it made. */
typedef struct cli_call {
  int argc;              /* the arguments, as main's */
  char **argv;           /* (argv[0] the program) */
  uint64_t fail_at;      /* nb_alloc_fail_after's n (0: none) */
  uint64_t allocations;  /* allocations the run made, counted when fail_at was armed */
  void (*watch)(void *); /* nb_alloc_watch's sink for the run (NULL: none) */
  void *watch_ctx;
  int status; /* the exit status */
} cli_call;

static void cli_body(cli_call *call) {
  static char outbuf[1 << 16];
  setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
  nb_alloc_fail_after(call->fail_at);
  nb_alloc_watch(call->watch, call->watch_ctx);
  nb_registry *games = NULL;
  nb_error err = {0};
  if (nb_registry_new(&games, &err) != NB_OK) {
    call->status = cli_fail(&err);
  } else {
    call->status = run(call->argc, call->argv, games);
    nb_registry_free(games);
  }
  nb_alloc_watch(NULL, NULL);
  call->allocations = nb_alloc_fail_after(0);
}

static void *cli_thread(void *call) {
  cli_body(call);
  return NULL;
}

/* The command's stack: CLI_STACK bytes, whatever `ulimit -s` says. The algebra's recursions
 * (src/cgt) go NB_CG_MAX_DEPTH levels deep, about 600 bytes a level in the Release build, 6 MB
 * at the limit, and a shell's default of 8 MB left too little room: 4 MB crashed on 10,000
 * nested braces (golden cgedge.t runs them under `ulimit -s 1024`). Linux (and the BSDs)
 * grow the process's stack on demand up to the soft limit read at the time it grows, into the
 * room below it: what exec guarantees is only the soft limit of then plus a guard gap, the
 * rest is where the other mappings were placed (hundreds of GB with address randomisation,
 * 128 MB without it, measured). So where the hard limit allows, the soft one is raised to
 * CLI_STACK and the command runs on the process's stack, costing no address space until used
 * (`ulimit -v` cases are sized to the byte in golden limits.t); nothing here starts a process
 * that would inherit it, and glibc fixed the default size of other threads' stacks at start.
 * Where the hard limit is lower (macOS's default, 65532 KB), the command runs on a thread with
 * a stack of CLI_STACK bytes, and where no such thread can be made (a tight `ulimit -v`), on
 * the process's stack as it is. */
enum { CLI_STACK = 64 << 20 };

static bool stack_raised(void) {
  struct rlimit limit;
  if (getrlimit(RLIMIT_STACK, &limit) != 0) return false;
  if (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= CLI_STACK) return true;
  if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < CLI_STACK) return false;
  limit.rlim_cur = CLI_STACK;
  return setrlimit(RLIMIT_STACK, &limit) == 0;
}

static int cli_main(cli_call *call) {
  pthread_attr_t attr;
  pthread_t thread;
  bool threaded = false;
  if (!stack_raised() && pthread_attr_init(&attr) == 0) {
    threaded = pthread_attr_setstacksize(&attr, CLI_STACK) == 0 &&
               pthread_create(&thread, &attr, cli_thread, call) == 0;
    pthread_attr_destroy(&attr);
  }
  if (threaded) {
    int failed = pthread_join(thread, NULL);
    if (failed != 0) { /* the thread may still run and write standard output: the process */
      fprintf(stderr, "nimber: cannot join the command's thread: %s\n", strerror(failed));
      _exit(70); /* ends at once, its streams neither flushed nor closed under the thread */
    }
  } else {
    cli_body(call);
  }
  return call->status;
}

#ifdef NB_FAULT_INJECTION
#ifdef NB_HAVE_BACKTRACE
#include <execinfo.h>
#endif
#include <fcntl.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

/* Test builds only (cmake -DNB_FAULT_INJECTION=ON, on in the sanitizer build): NB_FAIL_ALLOC=N
 * makes the N-th allocation of the run, and every one after it, fail (nb_alloc_fail_after), and
 * NB_ALLOC_COUNT=FILE receives, once the command ends, how many allocations it asked for, so that
 * tests/alloc/run.sh knows when N has passed the last one. Allocations made by the C library
 * itself (stdio's buffers) are outside the hook. */
static void report_allocations(uint64_t count) {
  const char *path = getenv("NB_ALLOC_COUNT");
  FILE *f = path ? fopen(path, "w") : NULL;
  if (f != NULL) {
    fprintf(f, "%llu\n", (unsigned long long)count);
    fclose(f);
  }
}

/* NB_FAIL_SWEEP=FIRST,STEP,LAST and NB_SWEEP_DIR=DIR (tests/alloc/run.sh): the command runs once
 * for each N = FIRST, FIRST + STEP, ... up to LAST, with NB_FAIL_ALLOC=N, each run in a child
 * forked before anything else is done (no allocation, no registry, stdio untouched, the status
 * file closed in the child), so that each child starts as a fresh process would: the library
 * has no mutable global, and standard input (a file) is rewound for each. Child N writes DIR/N.out
 * and DIR/N.err; this process writes each child's exit status (128 + signal if killed) as a line "N
 * STATUS" of DIR/status. A fork costs a fraction of a fresh start of the sanitizer runtime, which
 * was most of the loop's time. */
static int sweep_one(uint64_t n, const char *dir, int argc, char **argv) {
  char path[4096];
  const char *names[2] = {"out", "err"};
  for (int i = 0; i < 2; i++) {
    snprintf(path, sizeof path, "%s/%llu.%s", dir, (unsigned long long)n, names[i]);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0 || dup2(fd, 1 + i) < 0) return 2;
    close(fd);
  }
  cli_call call = {.argc = argc, .argv = argv, .fail_at = n};
  return cli_main(&call);
}

/* NB_ALLOC_SITES=FILE: the run writes a line to FILE for each allocation it asks for, in order,
 * naming the place that asked for it: a hash of the return addresses of the innermost
 * SITE_FRAMES frames of the call stack (backtrace(3), where the C library has it), from the
 * hook's own frames out. tests/alloc/run.sh fails, in make test's quick run, only the first
 * allocation of each place (the first of each distinct line), and every one with NB_TEST_LONG:
 * an allocation asked for again from the same place, by the same callers, takes the same
 * failure path again, with other data (README, "Tests"). The hashes are of addresses in this
 * process: they name places within one run only, which is all the script compares. */
enum { SITE_FRAMES = 5 }; /* the sink, the hook, nb_alloc or nb_realloc, its caller and theirs */

static void record_site(void *file) {
#ifdef NB_HAVE_BACKTRACE
  void *frames[SITE_FRAMES];
  int n = backtrace(frames, SITE_FRAMES);
  uint64_t h = 1469598103934665603ull;
  for (int i = 0; i < n; i++)
    h = (h ^ (uint64_t)(uintptr_t)frames[i]) * 1099511628211ull;
  fprintf(file, "%llx\n", (unsigned long long)h);
#else
  fputs("0\n", file); /* no stack to read: one place, and the quick run fails the first only */
#endif
}

/* The failure points of a sweep: NB_FAIL_SWEEP=FIRST,STEP,LAST, or NB_FAIL_SWEEP=@FILE with
 * one N a line, ascending. Reads the next into *n; false at the end (or on a bad FILE line,
 * reported as a failed sweep by the caller's status). */
typedef struct sweep_points {
  unsigned long long next, step, last;
  FILE *list; /* @FILE's, or NULL */
  bool bad;   /* a line of FILE was not a number */
} sweep_points;

static bool sweep_next(sweep_points *p, unsigned long long *n) {
  if (p->list == NULL) {
    if (p->next > p->last) return false;
    *n = p->next;
    p->next += p->step;
    return true;
  }
  if (fscanf(p->list, "%llu", n) == 1) return true;
  p->bad = !feof(p->list);
  return false;
}

static int sweep_failures(const char *spec, int argc, char **argv) {
  sweep_points points = {0};
  const char *dir = getenv("NB_SWEEP_DIR");
  char path[4096];
  if (lseek(0, 0, SEEK_SET) < 0 && errno != EBADF) { /* each child reads it from the start */
    fputs("nimber: NB_FAIL_SWEEP needs standard input from a file\n", stderr);
    return 2;
  }
  bool ok = dir != NULL;
  if (ok && spec[0] == '@') {
    points.list = fopen(spec + 1, "r");
    ok = points.list != NULL;
  } else if (ok) {
    ok = sscanf(spec, "%llu,%llu,%llu", &points.next, &points.step, &points.last) == 3 &&
         points.step > 0;
  }
  if (!ok) {
    fputs("nimber: NB_FAIL_SWEEP=FIRST,STEP,LAST (STEP > 0) or =@FILE (readable) needs "
          "NB_SWEEP_DIR\n",
          stderr);
    return 2;
  }
  snprintf(path, sizeof path, "%s/status", dir);
  /* written by descriptor, closed in the children: they inherit nothing a fresh run lacks */
  int log = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (log < 0) {
    fprintf(stderr, "nimber: cannot write %s: %s\n", path, strerror(errno));
    if (points.list != NULL) fclose(points.list);
    return 2;
  }
  int result = 0;
  unsigned long long n = 0;
  while (result == 0 && sweep_next(&points, &n)) {
    (void)lseek(0, 0, SEEK_SET);
    pid_t child = fork();
    if (child == 0) {
      close(log);
      if (points.list != NULL) fclose(points.list);
      size_t in_use = child_in_use();
      child_exit(in_use, sweep_one(n, dir, argc, argv));
    }
    int how = 0;
    if (child < 0 || waitpid(child, &how, 0) < 0) {
      fprintf(stderr, "nimber: cannot run failure point %llu: %s\n", n, strerror(errno));
      result = 2;
    } else if (dprintf(log, "%llu %d\n", n,
                       WIFEXITED(how) ? WEXITSTATUS(how) : 128 + WTERMSIG(how)) < 0) {
      result = 2;
    }
  }
  if (points.list != NULL) {
    if (points.bad) {
      fprintf(stderr, "nimber: %s: a line is not a failure point\n", spec + 1);
      result = 2;
    }
    fclose(points.list);
  }
  return close(log) == 0 ? result : 2;
}

static int with_fault_injection(int argc, char **argv) {
  const char *sweep = getenv("NB_FAIL_SWEEP");
  if (sweep != NULL) return sweep_failures(sweep, argc, argv);
  cli_call call = {.argc = argc, .argv = argv};
  const char *text = getenv("NB_FAIL_ALLOC");
  if (text != NULL && !nb_parse_u64(text, &call.fail_at)) call.fail_at = 0;
  const char *sites = getenv("NB_ALLOC_SITES");
  FILE *sites_file = sites != NULL ? fopen(sites, "w") : NULL;
  if (sites_file != NULL) {
    call.watch = record_site;
    call.watch_ctx = sites_file;
  }
  int status = cli_main(&call);
  if (sites_file != NULL) fclose(sites_file);
  report_allocations(call.allocations);
  return status;
}
#endif

static int nimber_main(int argc, char **argv) {
#ifdef NB_FAULT_INJECTION
  return with_fault_injection(argc, argv);
#else
  cli_call call = {.argc = argc, .argv = argv};
  return cli_main(&call);
#endif
}

#ifdef NB_TEST_SERVER
/*
 * The golden tests' server (test builds only, -DNB_TEST_SERVER=ON; tests/golden/run.sh). With
 * NB_TEST_SERVER=DIR in its environment the command serves the requests written to the FIFO
 * DIR/req, answering each on the FIFO DIR/rep. A request is NUL-terminated fields: the number N
 * of arguments, the directory to run in, the files of standard input, output and error, then the
 * N arguments. The server forks; the child takes that directory and those files and runs
 * `nimber ARGS` as a new process would: nothing of the command has run in the server before the
 * fork (it has only read the request; its output streams are untouched), and the child's exit
 * runs what any exit runs (the leak check of the sanitizer build among them). The answer is the
 * child's exit status, a line (128 + the signal's number if a signal ended it). Why: a sanitized
 * start costs some 40 ms of CPU on the test machine, a fork of the started server about 12 (the
 * leak check included), and the golden run starts the command 800 times a build. The end of
 * the FIFO (the runner closed it) ends the server. Its first line on DIR/rep, before any request,
 * is `ready`.
 */
enum { SERVE_ROOM = 1 << 16, SERVE_ARGS = 1024 };

/* Reads one request into buf (its fields into field[], their count into *n); false at the end of
 * the input, or on a request that does not fit (said on standard error). */
static bool serve_read(int in, char *buf, char **field, size_t *n) {
  size_t have = 0, start = 0, count = 0, need = 1;
  while (count < need) {
    char *end = memchr(buf + start, '\0', have - start);
    if (end == NULL) {
      if (have == SERVE_ROOM) {
        fputs("nimber: test server: a request over 64 KiB\n", stderr);
        return false;
      }
      ssize_t got = read(in, buf + have, SERVE_ROOM - have);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) {
        if (have != 0) fputs("nimber: test server: a request cut short\n", stderr);
        return false;
      }
      have += (size_t)got;
      continue;
    }
    field[count++] = buf + start;
    start = (size_t)(end - buf) + 1;
    if (count == 1) {
      uint64_t args = 0;
      if (!nb_parse_u64(field[0], &args) || args > SERVE_ARGS - 6) {
        fputs("nimber: test server: a bad argument count\n", stderr);
        return false;
      }
      need = 5 + (size_t)args;
    }
  }
  *n = need;
  return true;
}

/* The child's side: the request's directory and files, then the command. Never returns. */
static void serve_child(char *self, char **field, size_t n, int req, int rep) {
  close(req);
  close(rep);
  unsetenv("NB_TEST_SERVER");
  static const int flags[3] = {O_RDONLY, O_WRONLY | O_CREAT | O_TRUNC,
                               O_WRONLY | O_CREAT | O_TRUNC};
  if (chdir(field[1]) != 0) _exit(125);
  for (int fd = 0; fd < 3; fd++) {
    int opened = open(field[2 + fd], flags[fd], 0644);
    if (opened < 0 || dup2(opened, fd) < 0) _exit(125);
    if (opened > 2) close(opened);
  }
  char **argv = field + 4; /* field[4] is overwritten by argv[0]: the files are open */
  argv[0] = self;
  argv[n - 4] = NULL;
  size_t in_use = child_in_use();
  child_exit(in_use, nimber_main((int)(n - 4), argv));
}

static int serve(const char *dir, char *self) {
  char path[2][4096];
  if (snprintf(path[0], sizeof path[0], "%s/req", dir) >= (int)sizeof path[0] ||
      snprintf(path[1], sizeof path[1], "%s/rep", dir) >= (int)sizeof path[1]) {
    fputs("nimber: test server: the directory's name is too long\n", stderr);
    return 2;
  }
  int req = open(path[0], O_RDONLY);
  int rep = req < 0 ? -1 : open(path[1], O_WRONLY);
  if (rep < 0) {
    fprintf(stderr, "nimber: test server: %s: %s\n", dir, strerror(errno));
    if (req >= 0) close(req);
    return 2;
  }
  _Static_assert(SERVE_ROOM + SERVE_ARGS * sizeof(char *) < 128 * 1024, "the server's frame");
  char buf[SERVE_ROOM];
  char *field[SERVE_ARGS];
  /* ready: the runner waits for this line before it may close its end (were it closed before
   * the open above, that open would wait for a writer that never comes) */
  int status = dprintf(rep, "ready\n") < 0 ? 2 : 0;
  size_t n = 0;
  while (status == 0 && serve_read(req, buf, field, &n)) {
    pid_t child = fork();
    if (child == 0) serve_child(self, field, n, req, rep);
    int how = 0;
    while (child > 0 && waitpid(child, &how, 0) < 0 && errno == EINTR) {
    }
    int code = child < 0          ? 125
               : WIFEXITED(how)   ? WEXITSTATUS(how)
               : WIFSIGNALED(how) ? 128 + WTERMSIG(how)
                                  : 125;
    if (dprintf(rep, "%d\n", code) < 0) status = 2;
  }
  close(req);
  close(rep);
  return status;
}
#endif

int main(int argc, char **argv) {
#ifdef NB_TEST_SERVER
  const char *dir = getenv("NB_TEST_SERVER");
  if (dir != NULL) return serve(dir, argv[0]);
#endif
  int status = nimber_main(argc, argv);
  nb_stdio_release(); /* for the sanitizers' leak check: base.h */
  return status;
}
