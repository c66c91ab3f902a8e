/*
 * record.h — the bridge from the library's record writers to replies:
 * the source of a request's puzzle, the JSON options, and the reply made
 * from the record text. Also the budget arithmetic every endpoint uses.
 */
#ifndef DOKU_SERVER_RECORD_H
#define DOKU_SERVER_RECORD_H

#include "api.h"
#include "request.h"

#include "doku.h"
#include "doku_records.h"

/* Seconds left of the request's budget (at least a millisecond). */
double srv_remaining(const srv_budget *b);

/* The budget a reply names: the request's "timeout" field (already
 * checked by srv_field_timeout) or the server's --timeout, whichever is
 * smaller. The seconds left when the work starts are a hair less (9.99996
 * of 10); that hair is no news to the person who asked for 10. */
double srv_budget_named(const cJSON *req, const srv_budget *b);

/* Writes secs as a person says it: three significant digits, whole
 * seconds from 100 on ("10", "0.5", "2.25", "120"). @return buf. */
const char *srv_seconds(char *buf, size_t cap, double secs);

/* For p, whose filled cells have no solution: the sentence naming its
 * likely wrong entry within budget seconds (doku_find_wrong_entry with
 * sv, or doku_constraints_find_wrong_entry under p->cons when p has
 * constraints; sv may then be NULL), with the suspects flagged in marks
 * (n*n, written). @return the text (malloc'd, the caller frees it), or
 * NULL when none is named, the budget ran out, memory ran out or marks
 * is NULL. */
char *srv_wrong_entry(doku_solver *sv, const srv_puzzle *p, double budget, uint8_t *marks);

/* The doku_source of a request's puzzle (file "", line 1). */
doku_source srv_source(const srv_puzzle *p);

/* Replies 200 with the search record rec of p as JSON (stats: add the
 * search statistics; timeout: the budget named in "gave up after"),
 * then the members of extra (a JSON object, or NULL: none; read only),
 * which is how a variant puzzle's "constraints" and broken rules are
 * added to the record the library writes. */
void srv_reply_search(srv_reply *out, const srv_puzzle *p, const doku_search_record *rec,
                      int stats, double timeout, const cJSON *extra);

/* Replies 200 with the reduce record rec of p as JSON, then extra's
 * members as srv_reply_search adds them (NULL: none), with "note" first
 * when note is neither NULL nor "" (srv_record_note). */
void srv_reply_reduce(srv_reply *out, const srv_puzzle *p, const doku_reduce_record *rec,
                      const char *note, const cJSON *extra);

/* Replies 200 with the logic record rec of p as JSON. */
void srv_reply_logic(srv_reply *out, const srv_puzzle *p, const doku_logic_record *rec,
                     int history);

/* Replies with b's text (200), or a 500 when b failed; frees b. */
void srv_reply_buf(srv_reply *out, doku_buf *b, doku_status st);

/* Appends the members of extra (a JSON object, or NULL: none; read only)
 * to the one JSON record b holds ("{...}\n"): how a variant puzzle's
 * "constraints" join the records the library writes. @return DOKU_OK or
 * DOKU_ERR_NOMEM (b then failed). */
doku_status srv_record_add(doku_buf *b, const cJSON *extra);

/* Puts "note": note first in the one JSON record b holds ("{...}\n"):
 * how the server says that an old spelling was accepted, where the CLI
 * prints "note:" on stderr. @return DOKU_OK or DOKU_ERR_NOMEM (b is then
 * freed). */
doku_status srv_record_note(doku_buf *b, const char *note);

#endif
