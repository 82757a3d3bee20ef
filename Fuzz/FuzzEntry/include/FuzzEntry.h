// The entry point of runlog's fuzz targets (Fuzz/*/): SwiftPM links each executable with
// `--defsym main=<module>_main`, and a target built with `-parse-as-library` has no such
// function; FuzzEntry.c supplies one per target. Nothing here is called from Swift.
#pragma once
