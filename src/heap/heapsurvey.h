/*
 * heapsurvey.h: surveys of whole classes of heap games (`nimber survey`): the classes, the
 * grouping of codes that are the same game by a proven relation, and one game's survey record
 * (status, proven period, statistics) from the sequence engine and its period prover (heap.h).
 *
 * Internal to the library, like heap.h; the command (src/cli/survey.c) runs the games, in
 * threads, and writes the records. Nothing here holds mutable state outside the objects it
 * returns: one class or one record per caller, any number of threads at once.
 */
#ifndef NB_HEAP_HEAPSURVEY_H
#define NB_HEAP_HEAPSURVEY_H

#include "heap/heap.h"

enum {
  NB_SURVEY_MAX_OCT_DIGITS = 6,       /* oct:D: 2 * 8^6 = 524,288 codes at most */
  NB_SURVEY_MAX_HEX_DIGITS = 4,       /* hex:D: 4 * 16^4 = 262,144 codes at most */
  NB_SURVEY_MAX_SUB = 20,             /* sub:MAX: 2^20 - 1 = 1,048,575 sets at most */
  NB_SURVEY_MAX_FILE_SPECS = 1 << 20, /* file:PATH: specs at most */
};

/* The games of a survey that are one game: its canonical spec and every member of the class. */
typedef struct nb_survey_group {
  char *game;           /* the canonical spec of the members' common move rules; owned */
  char **members;       /* the specs of the class it stands for, in class order; owned */
  size_t nmembers;      /* how many */
  const char *relation; /* the theorem that makes them one game (static text), "" when alone */
} nb_survey_group;

/* A class of games: the groups, in the order of their first member in the class. */
typedef struct nb_survey_class {
  char *name;              /* as given: "oct:3", "file:list.txt"; owned */
  nb_survey_group *groups; /* owned */
  size_t ngroups;          /* how many */
  size_t nspecs;           /* members in all */
} nb_survey_class;

/* Makes the class `text` ("oct:D", "hex:D", "sub:MAX"; D and MAX from 1 to the caps above).
 * Faults are NB_EUSAGE naming the class and what is wrong. *out is the caller's. */
nb_status nb_survey_class_make(const char *text, nb_survey_class **out, nb_error *err);

/* Makes the class "file:PATH" from specs[0..n) (one a line of the file, as read by the caller;
 * lines[i] is spec i's line number for messages). A spec that is not oct:, hex: or sub: is
 * NB_EDATA naming its line. */
nb_status nb_survey_class_of_specs(const char *name, char *const *specs, const size_t *lines,
                                   size_t n, nb_survey_class **out, nb_error *err);

void nb_survey_class_free(nb_survey_class *c);

/* The canonical spec of the move rules of `spec` (an oct:, hex: or sub: spec) into *key
 * (allocated), and the relation used to reach it (static text; "" when the spec is already
 * canonical). The relations are the theorems of heapsurvey.c. */
nb_status nb_survey_key(const char *spec, char **key, const char **relation, nb_error *err);

/* A game's status in a survey. */
typedef enum nb_survey_status {
  NB_SURVEY_TRIVIAL, /* proven periodic, and no move leaves two heaps or more */
  NB_SURVEY_SOLVED,  /* proven periodic, with splits */
  NB_SURVEY_OPEN,    /* no period proven within the budget */
} nb_survey_status;

/* The sparse space of a game's values (Flammenkamp's form): a value G(n) of heap n >= 1 is rare
 * iff popcount(E & mask) is even, E = 2 G(n) + (n mod 2) when pos, else E = G(n). */
typedef struct nb_survey_sparse {
  bool found;          /* a mask makes at most an eighth of the heaps rare */
  uint64_t mask;       /* m, over the bits of values */
  bool pos;            /* the heap's parity counts too (Flammenkamp's "+pos") */
  uint64_t rare_count; /* heaps 1 .. checked_to - 1 with a rare value */
  uint64_t last_rare;  /* the last of them (0: none) */
} nb_survey_sparse;

/* One game's budget. */
typedef struct nb_survey_budget {
  uint64_t max;     /* heaps computed at most (the period prover's max_n) */
  double seconds;   /* seconds at most (0: none); checked between doublings of the heaps */
  double deadline;  /* the whole run's end on nb_survey_now's clock (0: none): a game still
                       computing then is cut (record.cut), checked between steps of an eighth */
  unsigned threads; /* the engine's threads (nb_heapseq_config.threads): 1 when jobs fill cores */
  _Atomic unsigned *spare; /* with threads 0: the processors other games leave free, one taken
                              for a second thread while it runs (nb_heapseq_config.spare) */
  uint64_t memory; /* bytes the game's engine may take (nb_heapseq_config.cap_bytes; 0: 2 GiB) */
} nb_survey_budget;

/* What a survey reports of one game. */
typedef struct nb_survey_record {
  nb_survey_status status; /* trivial, solved or open */
  uint64_t preperiod;      /* solved and trivial: the least preperiod */
  uint64_t period;         /* solved and trivial: the least period */
  const char *theorem;     /* solved and trivial: the theorem that proves it (static) */
  uint64_t saltus;         /* solved: G(n + period) = G(n) + saltus for n >= preperiod (arithmetic
                              periodicity, Theorem A of heaparith.c); 0 for an ordinary period */
  uint64_t checked_to;     /* values G(0 .. checked_to - 1) were computed and examined */
  uint64_t largest;        /* the largest of those values */
  uint64_t largest_at;     /* the first heap with it */
  nb_survey_sparse sparse; /* the sparse space, if one was found */
  bool cut;                /* stopped at budget->deadline before the game's own budget ran
                              out: not a result (the survey computes the game again) */
  double seconds;          /* wall time spent */
  bool no_seconds;         /* the seconds are left out (survey --no-seconds): null in a line */
  uint64_t bytes;          /* memory the engine's tables held at the end */
  uint32_t *values; /* solved and trivial: G(0 .. preperiod + period - 1), which determine the
                       whole sequence; NULL when longer than NB_SURVEY_KEEP_VALUES; owned */
  size_t nvalues;   /* how many */
} nb_survey_record;

#define NB_SURVEY_KEEP_VALUES ((size_t)1 << 22)

/* Surveys the game `game` (a canonical spec from nb_survey_key) within budget. A game whose
 * heaps pass the engine's table (three-heap splits: 4096 heaps) or its memory cap within the
 * budget is open where the engine stopped. Faults (memory) are returned; *out is filled on NB_OK
 * and freed with nb_survey_record_free. */
nb_status nb_survey_run(const char *game, const nb_survey_budget *budget, nb_survey_record *out,
                        nb_error *err);

void nb_survey_record_free(nb_survey_record *r);

/* Seconds on the monotonic clock the budgets' deadline is read on. */
double nb_survey_now(void);

/* Whether a and b (solved or trivial records with values) have the same value sequence: equal
 * least preperiods and periods and equal first preperiod + period values (see heapsurvey.c). */
bool nb_survey_same_values(const nb_survey_record *a, const nb_survey_record *b);

#endif
