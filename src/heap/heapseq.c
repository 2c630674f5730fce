/*
 * heapseq.c: the sequence engine of heap games, its driver: the engine object, how far to
 * compute and when to look for a period, and the queries of heap.h. G(0), G(1), ... are held by
 * the table (heaptable.c), computed heap by heap by the sparse-space (rare/common) method of
 * heapstep.c, with periods proven by the theorems of heapperiod.c.
 *
 * Calls point one way: this file reserves room in the table and runs the step; the step records
 * each value in the table; neither the step nor the table calls back into this file.
 *
 * Checkpoints. Each time the table grows by an eighth the driver stops the step, looks for a
 * period (unless told not to) and has the table choose new rare/common sets (heaptable.c).
 *
 * Queries. nb_heapseq_value answers from the table, computing up to n when needed; unless the
 * engine was told not to, it searches for a period at each checkpoint on the way and, once one
 * is proven, stops computing: any n is then G(s + (n - s) mod p). A request beyond the cap is
 * refused at once when no period can help (no theorem, or not looking); when the engine is
 * looking for a period the table grows until the cap and is refused then, saying how far it
 * looked. Either way nothing beyond the cap is ever allocated.
 *
 * Failures leave the engine usable: a value is recorded only once every allocation it needs
 * has succeeded, and a failed extension keeps what was computed.
 */
#if defined(__linux__)
#define _GNU_SOURCE /* sched_getaffinity: the processors this process may run on */
#include <sched.h>
#endif
#include "heap/heapengine.h"

#include <stdlib.h>
#include <unistd.h>

enum {
  VALUE_AHEAD = 1 << 14 /* nb_heapseq_value computes at least this many heaps when it computes */
};

/* --- computing ------------------------------------------------------------------------------- */

/* At a checkpoint (the regular ones, each an eighth more heaps): look for a period (if wanted)
 * and choose new rare/common sets. A plain group gone sparse brings in a trial checkpoint 1/64
 * more heaps on, which only judges it (heaptable.c): it searches no period, so that where a
 * period is found, and so checked_to, is what the regular schedule gives. */
static nb_status checkpoint(nb_heapseq *q, bool want_period, nb_error *err) {
  nb_status st = NB_OK;
  if (q->len >= q->period_check) {
    q->period_check = q->len + q->len / 8;
    if (want_period && q->thm != HEAPSEQ_NO_THEOREM && !q->periodic)
      heapseq_search_period(q, q->len);
    st = heapseq_rebuild_sets(q, err);
  } else {
    heapseq_judge_sparse(q); /* the trial checkpoint */
  }
  q->next_check = q->period_check;
  if (q->sparse_trial && q->len + q->len / 64 < q->next_check)
    q->next_check = q->len + (q->len >= 64 ? q->len / 64 : 1);
  return st;
}

/* Computes G(0 .. last), stopping early once a period is proven if `until_period`; searches for
 * one at the checkpoints if `want_period`. The table grows by doubling up to `room` values (a
 * caller that asks for heaps one by one, as `table` does through nb_heapseq_value, passes
 * UINT64_MAX, so that its table is not reallocated at every heap), and never beyond. */
static nb_status compute_to(nb_heapseq *q, uint64_t last, uint64_t room, bool until_period,
                            bool want_period, nb_error *err) {
  bool looking = until_period && want_period && q->thm != HEAPSEQ_NO_THEOREM;
  uint64_t target = last < UINT64_MAX ? last + 1 : UINT64_MAX;
  if (q->len >= target) return NB_OK;
  nb_status st = looking ? NB_OK : heapseq_check_room(q, target, last, false, err);
  while (st == NB_OK && q->len < target && !(until_period && q->periodic)) {
    if (q->len >= q->next_check) {
      st = checkpoint(q, want_period, err);
      continue;
    }
    uint64_t stop = target < q->next_check ? target : q->next_check;
    if (looking && stop > heapseq_max_heaps(q) && q->len < heapseq_max_heaps(q))
      stop = heapseq_max_heaps(q); /* all */
    if (looking && q->len == heapseq_max_heaps(q) && heapseq_search_period(q, q->len))
      break; /* at the last heap the table may hold: one more search before refusing */
    if (q->progress_of != 0 && q->progress != NULL && stop - q->len > NB_HEAPSEQ_PROGRESS_EVERY)
      stop = q->len + NB_HEAPSEQ_PROGRESS_EVERY;
    st = heapseq_check_room(q, stop, last, looking, err);
    if (st == NB_OK) st = heapseq_reserve(q, (size_t)stop, room > target ? room : target, err);
    if (st == NB_OK) st = heapseq_run(q, (size_t)stop, err);
    if (st == NB_OK && q->progress_of != 0 && q->progress != NULL) {
      q->progress(q->progress_ctx, "values", q->len, q->progress_of, false);
      q->reported = true;
    }
  }
  return st;
}

/* --- construction ---------------------------------------------------------------------------- */

/* Appends removal j to a list made with room for `room` entries. */
static nb_status add_removal(uint32_t **list, size_t *n, uint32_t j, size_t room, nb_error *err) {
  if (*list == NULL) {
    *list = nb_alloc(room, sizeof **list, err);
    if (*list == NULL) return NB_EINTERNAL;
  }
  (*list)[(*n)++] = j;
  return NB_OK;
}

/* The moves as lists: emptying, leaving one heap, the two-heap groups, the three-heap ones. */
static nb_status build_moves(nb_heapseq *q, nb_error *err) {
  const nb_heap_rules *r = q->rules;
  q->empties = nb_alloc(q->k / 64 + 1, sizeof *q->empties, err);
  if (q->empties == NULL) return NB_EINTERNAL;
  nb_status st = NB_OK;
  if (r->kind == NB_HEAP_SUB)
    for (size_t i = 0; i < r->count && st == NB_OK; i++) {
      bit_set(q->empties, r->amount[i]);
      st = add_removal(&q->take, &q->ntake, (uint32_t)r->amount[i], r->count, err);
    }
  if (r->kind == NB_HEAP_GRUNDY)
    st = add_removal(&q->group[0].digit, &q->group[0].count, 0, 1, err);
  for (uint32_t j = 0; (r->kind == NB_HEAP_OCT || r->kind == NB_HEAP_HEX) && j <= q->k; j++) {
    unsigned d = r->digit[j];
    if (d & NB_HEAP_DIGIT_EMPTY) bit_set(q->empties, j);
    if (st == NB_OK && (d & NB_HEAP_DIGIT_LEAVE_ONE))
      st = add_removal(&q->take, &q->ntake, j, q->k + 1, err);
    if (st == NB_OK && (d & NB_HEAP_DIGIT_LEAVE_TWO))
      st = add_removal(&q->group[j & 1].digit, &q->group[j & 1].count, j, q->k + 1, err);
    if (st == NB_OK && (d & NB_HEAP_DIGIT_LEAVE_THREE))
      st = add_removal(&q->triple, &q->ntriple, j, q->k + 1, err);
  }
  if (st == NB_OK) {
    q->lanes = nb_alloc(q->group[0].count + q->group[1].count, sizeof *q->lanes, err);
    if (q->lanes == NULL) st = NB_EINTERNAL;
  }
  return st;
}

/* The processors this process may run on: its affinity mask where the system tells (Linux:
 * `taskset -c 0` leaves one), else those online. */
static unsigned processors(void) {
#if defined(__linux__)
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return (unsigned)CPU_COUNT(&set);
#endif
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  return online > 0 ? (unsigned)online : 1;
}

nb_status nb_heapseq_new(const nb_heap_rules *r, const nb_heapseq_config *config, nb_heapseq **out,
                         nb_error *err) {
  nb_heapseq_config cfg = config != NULL ? *config : (nb_heapseq_config){0};
  nb_heapseq *q = nb_alloc(1, sizeof *q, err);
  if (q == NULL) return NB_EINTERNAL;
  q->rules = r;
  q->cap_bytes = cfg.cap_bytes != 0 ? cfg.cap_bytes : NB_HEAPSEQ_DEFAULT_CAP;
  q->no_period = cfg.no_period;
  q->unequal = r->kind == NB_HEAP_GRUNDY;
  nb_heapseq_kernel kernel =
      cfg.kernel == NB_HEAPSEQ_KERNEL_BEST ? NB_HEAPSEQ_KERNEL_AVX512_VBMI2 : cfg.kernel;
  q->avx2 = kernel >= NB_HEAPSEQ_KERNEL_AVX2 && heapseq_has_avx2();
  q->avx512 = kernel >= NB_HEAPSEQ_KERNEL_AVX512 && q->avx2 && heapseq_has_avx512();
  q->vbmi2 = kernel >= NB_HEAPSEQ_KERNEL_AVX512_VBMI2 && q->avx512 && heapseq_has_vbmi2();
  q->k = r->k;
  q->width = cfg.value_bytes == 2 || cfg.value_bytes == 4 ? cfg.value_bytes : 1;
  q->threads = cfg.threads <= 2 ? cfg.threads : 2;
  q->mark_split = 8; /* a first guess at the threads' balance; heapmark.c adjusts it */
  q->mark_two = true;
  q->unmet_top = HEAPSEQ_UNMET_TOP;
  q->plain_pre = HEAPSEQ_PLAIN_PRE;
  q->wider_bits = HEAPSEQ_WIDER_BITS;
  q->cpus = processors();
  q->spare = cfg.threads == 0 ? cfg.spare : NULL;
  q->next_check = q->period_check = HEAPSEQ_FIRST_CHECK;
  nb_status st = build_moves(q, err);
  if (st == NB_OK) st = heapseq_set_value_bits(q, HEAPSEQ_MIN_VALUE_BITS, err);
  if (st == NB_OK) st = heapseq_rebuild_sets(q, err); /* C_d empty, R_d = {d} */
  if (st != NB_OK) {
    nb_heapseq_free(q);
    return st;
  }
  q->thm = heapseq_theorem_of(q);
  *out = q;
  return NB_OK;
}

void nb_heapseq_free(nb_heapseq *q) {
  if (q == NULL) return;
  for (int d = 0; d < 2; d++) {
    split_group *g = &q->group[d];
    free(g->digit);
    free(g->common);
    free(g->rare_set);
    free(g->reach);
    free(g->reach_by[0]);
    free(g->reach_by[1]);
    free(g->members);
    free(g->rare);
  }
  free(q->table);
  free(q->empties);
  free(q->take);
  free(q->lanes);
  free(q->triple);
  free(q->pairs);
  free(q->gather);
  free(q->seen);
  free(q->mark);
  free(q->freq);
  free(q);
}

/* --- queries --------------------------------------------------------------------------------- */

nb_status nb_heapseq_value(nb_heapseq *q, uint64_t n, uint64_t *out, nb_error *err) {
  if (q->rules->kind == NB_HEAP_NIM) {
    *out = n;
    return NB_OK;
  }
  if (n >= q->len && !q->periodic) {
    /* A caller asking heap after heap (`table`) gets a stretch computed at once where a marking
     * thread would help (it needs long runs), as the cap allows: in automatic mode, and with
     * two threads configured, which otherwise start and join a thread for every heap (Grundy's
     * game to 100,000 heap by heap: 2.96 s against 0.21 s with one thread). */
    uint64_t last = n, ahead = q->len + VALUE_AHEAD;
    if (n < ahead && q->threads != 1 && heapseq_marker_wanted(q, (size_t)ahead) &&
        ahead <= heapseq_max_heaps(q) && heapseq_bytes_with(q, ahead, q->width) <= q->cap_bytes)
      last = ahead - 1;
    nb_status st = compute_to(q, last, UINT64_MAX, true, !q->no_period, err);
    if (st != NB_OK) return st;
  }
  if (n >= q->len) { /* then the period is proven and n >= len > preperiod */
    NB_ASSERT(q->periodic && n >= q->found.preperiod);
    n = q->found.preperiod + (n - q->found.preperiod) % q->found.period;
  }
  *out = cell(q->table, q->width, (ptrdiff_t)n);
  return NB_OK;
}

nb_status nb_heapseq_extend(nb_heapseq *q, uint64_t n, nb_error *err) {
  if (q->rules->kind == NB_HEAP_NIM || n == 0) return NB_OK;
  return compute_to(q, n - 1, n, false, !q->no_period, err);
}

/* At the table's cap (a refusal, NB_EDATA, in err): the values computed may still prove an
 * arithmetic periodicity (heaparith.c); then *out says so and err is cleared. */
static bool arith_at_cap(const nb_heapseq *q, nb_heap_period *out, nb_error *err) {
  nb_heap_period hp = {.found = false, .checked_to = q->len};
  heapseq_search_arith(q, q->len, &hp.arith);
  nb_error mine = {0};
  if (heapseq_prove_arith(q, q->len, &hp.arith, &mine) != NB_OK || !hp.arith.proven) return false;
  *out = hp;
  if (err != NULL) *err = (nb_error){0};
  return true;
}

nb_status nb_heapseq_period(nb_heapseq *q, uint64_t max_n, nb_heap_period *out, nb_error *err) {
  if (q->thm == HEAPSEQ_NO_THEOREM) {
    char spec[96];
    const char *why = NULL;
    nb_heap_rules_spec(q->rules, spec, sizeof spec);
    nb_heap_has_period_theorem(q->rules, &why);
    return nb_fail(err, NB_EUSAGE, "game '%s' has no period theorem: %s", spec, why);
  }
  if (!q->periodic && max_n > 0) {
    q->progress_of = max_n;
    q->reported = false;
    nb_status st = compute_to(q, max_n - 1, max_n, true, true, err);
    q->progress_of = 0;
    if (q->reported) q->progress(q->progress_ctx, "values", q->len, max_n, true);
    if (st == NB_EDATA && !q->periodic && arith_at_cap(q, out, err)) return NB_OK;
    if (st != NB_OK) return st;
    if (!q->periodic) heapseq_search_period(q, q->len < max_n ? q->len : (size_t)max_n);
  }
  /* The first max_n values prove the period iff W(s*, p*) <= max_n (heapperiod.c), so a period
   * proven with more values is not reported: the answer does not depend on history. */
  if (q->periodic && q->found.proof_end + q->found.period <= max_n) {
    *out = q->found;
    return NB_OK;
  }
  *out = (nb_heap_period){.found = false, .checked_to = q->len < max_n ? q->len : max_n};
  heapseq_search_arith(q, (size_t)out->checked_to, &out->arith);            /* observed ... */
  return heapseq_prove_arith(q, (size_t)out->checked_to, &out->arith, err); /* ... proven? */
}

void nb_heapseq_set_progress(nb_heapseq *q, nb_progress_fn fn, void *ctx) {
  q->progress = fn;
  q->progress_ctx = ctx;
}

bool nb_heapseq_known_period(const nb_heapseq *q, nb_heap_period *out) {
  if (q->periodic) *out = q->found;
  return q->periodic;
}

uint64_t nb_heapseq_computed(const nb_heapseq *q) {
  return q->len;
}

void nb_heapseq_stats_of(const nb_heapseq *q, nb_heapseq_stats *out) {
  *out = (nb_heapseq_stats){.computed = q->len,
                            .value_bytes = q->width,
                            .max_value = q->max_value,
                            .rare = {q->group[0].rare_len, q->group[1].rare_len},
                            .bytes = heapseq_bytes_with(q, q->alloc, q->width),
                            .scans = q->scans,
                            .scan_steps = q->scan_steps,
                            .marked_runs = q->marked_runs};
}
