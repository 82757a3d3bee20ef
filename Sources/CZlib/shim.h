#ifndef RUNLOG_CZLIB_SHIM_H
#define RUNLOG_CZLIB_SHIM_H
#include <zlib.h>

/// deflateInit/inflateInit are macros; these wrappers make them callable from Swift.
static inline int runlog_deflate_init(z_streamp strm, int level) { return deflateInit(strm, level); }
static inline int runlog_inflate_init(z_streamp strm) { return inflateInit(strm); }
#endif
