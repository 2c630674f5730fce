/*
 * survey.h: what the survey command's files share (survey.c runs the games, surveyio.c writes
 * and reads the lines of a survey file).
 *
 * A game's line, keys in this order: "game" (the group's canonical spec), "members" (the specs
 * of the class it stands for), "status" ("trivial", "solved", "open"), "preperiod", "period",
 * "theorem" (null when open), "saltus" (0 when proven, null when open), "checked_to",
 * "largest", "largest_at", "rare_mask", "rare_pos", "rare_count", "last_rare" (null without a
 * sparse space), "seconds" (three decimals, null with --no-seconds), "bytes", "check" (16 hex digits: a hash of the line's
 * bytes before it, surveyio.c).
 */
#ifndef NB_CLI_SURVEY_H
#define NB_CLI_SURVEY_H

#include "cli/cli.h"
#include "heap/heapsurvey.h"

/* Writes group g's line for record r into t (emptied first), without a newline. */
nb_status survey_line(const nb_survey_group *g, const nb_survey_record *r, nb_text *t,
                      nb_error *err);

/* Writes the header line that names the survey: {"survey":CLASS,"max":N,"time":S}. */
nb_status survey_header(const char *cls, const nb_survey_budget *b, nb_text *t, nb_error *err);

/* What survey_read_line found. */
enum {
  SURVEY_LINE_OK,      /* a game's line, exactly as survey_line writes it */
  SURVEY_LINE_FOREIGN, /* a game, or members, that this class does not have */
  SURVEY_LINE_DAMAGED, /* anything else */
};

/* Reads line[0..len) (no newline) as a game's line of class cls: *group, the record (its
 * theorem in *theorem, allocated, or NULL) and SURVEY_LINE_OK; or what is wrong. */
int survey_read_line(const nb_survey_class *cls, const char *line, size_t len, size_t *group,
                     nb_survey_record *r, char **theorem);

#endif
