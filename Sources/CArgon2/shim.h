#ifndef RUNLOG_CARGON2_SHIM_H
#define RUNLOG_CARGON2_SHIM_H
#include <argon2.h>
#endif
