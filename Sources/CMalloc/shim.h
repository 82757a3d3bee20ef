// glibc's malloc extensions (malloc_trim: the heap's free memory handed back to the system),
// which Swift's Glibc module leaves out. Part of libc: nothing to link.
#include <malloc.h>
