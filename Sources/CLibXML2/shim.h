#ifndef RUNLOG_CLIBXML2_SHIM_H
#define RUNLOG_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU; its headers would then pull in ICU's unicode/*.h, which clash
   with the ICU copy inside Foundation. runlog never touches the ICU fields of
   xmlCharEncodingHandler, so the ICU part of the headers is left out. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

/// libxml2 prints some errors through its variadic "generic" error function; Swift cannot define
/// a variadic C function, so the silent handler lives here. Errors reach runlog through the
/// structured-error callback of the SAX handler instead.
static void runlog_xml_silent_generic_error(void *ctx, const char *msg, ...) { (void)ctx; (void)msg; }

/// Installs the silent generic error handler for the calling thread (libxml2 keeps it per thread).
static inline void runlog_xml_silence_generic_errors(void) {
    xmlSetGenericErrorFunc(NULL, runlog_xml_silent_generic_error);
}
#endif
