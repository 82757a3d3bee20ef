#ifndef RUNLOG_CSQLITE_SHIM_H
#define RUNLOG_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT as a function: the macro is a cast Swift cannot import.
static inline sqlite3_destructor_type runlog_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
