#ifndef RUNLOG_CLIBPQ_SHIM_H
#define RUNLOG_CLIBPQ_SHIM_H
#include <libpq-fe.h>

/// The error fields runlog reads, as functions: the macros are character literals.
static inline int runlog_pq_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int runlog_pq_diag_message_primary(void) { return PG_DIAG_MESSAGE_PRIMARY; }
static inline int runlog_pq_diag_message_detail(void) { return PG_DIAG_MESSAGE_DETAIL; }

/// libpq prints the server's notices (NOTICE, WARNING) to standard error unless told otherwise;
/// runlog's libraries never print, so a connection's notices go nowhere.
static void runlog_pq_ignore_notice(void *context, const char *message) {
    (void)context;
    (void)message;
}

static inline void runlog_pq_silence_notices(PGconn *connection) {
    PQsetNoticeProcessor(connection, runlog_pq_ignore_notice, (void *)0);
}
#endif
