#ifndef RUNLOG_CNETTLE_SHIM_H
#define RUNLOG_CNETTLE_SHIM_H
#include <nettle/sha2.h>
#endif
