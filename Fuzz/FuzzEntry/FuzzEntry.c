// The `main` of each fuzz target (see include/FuzzEntry.h).
//
// Built with `-sanitize=fuzzer` (scripts/fuzz.sh), libFuzzer is linked in and each entry hands over
// to its driver: the usual libFuzzer command line (corpus folders, -max_total_time=, a crash file to
// reproduce). Built without it (a plain `swift build`), LLVMFuzzerRunDriver is absent and the
// target replays the files named on its command line through LLVMFuzzerTestOneInput once each, so a
// reproducer can be run under the debugger without sanitizers.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "FuzzEntry.h"

typedef int (*FuzzTestOneInput)(const uint8_t *data, size_t size);

// Defined in Swift by each target, with @_cdecl("LLVMFuzzerTestOneInput").
extern int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
// libFuzzer's driver (compiler-rt), present only when linked with -sanitize=fuzzer.
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, FuzzTestOneInput callback) __attribute__((weak));

static int replayFiles(int argc, char **argv) {
    int read = 0;
    for (int i = 1; i < argc; i++) {
        if (argv[i][0] == '-') continue;  // a libFuzzer flag: meaningless here
        FILE *file = fopen(argv[i], "rb");
        if (!file) { perror(argv[i]); return 1; }
        size_t capacity = 1 << 16, size = 0;
        uint8_t *data = malloc(capacity);
        size_t n;
        while (data && (n = fread(data + size, 1, capacity - size, file)) > 0) {
            size += n;
            if (size == capacity) {
                uint8_t *grown = realloc(data, capacity * 2);
                if (!grown) { free(data); data = NULL; break; }
                data = grown;
                capacity *= 2;
            }
        }
        fclose(file);
        if (!data) { fprintf(stderr, "%s: out of memory\n", argv[i]); return 1; }
        fprintf(stderr, "replaying %s (%zu bytes)\n", argv[i], size);
        LLVMFuzzerTestOneInput(data, size);
        free(data);
        read++;
    }
    if (read == 0) {
        fprintf(stderr, "usage: %s FILE... (built without -sanitize=fuzzer: replays the files; "
                        "build with scripts/fuzz.sh to fuzz)\n", argv[0]);
        return 64;
    }
    fprintf(stderr, "%d file(s) read without a crash\n", read);
    return 0;
}

static int runFuzzTarget(int argc, char **argv) {
    if (LLVMFuzzerRunDriver) return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
    return replayFiles(argc, argv);
}

// One per target: SwiftPM's name for the entry point of executable module M is M_main. Each
// executable links this whole object, so each needs its own LLVMFuzzerTestOneInput only.
int FuzzGPX_main(int argc, char **argv) { return runFuzzTarget(argc, argv); }
int FuzzFIT_main(int argc, char **argv) { return runFuzzTarget(argc, argv); }
int FuzzTCX_main(int argc, char **argv) { return runFuzzTarget(argc, argv); }
int FuzzReadSession_main(int argc, char **argv) { return runFuzzTarget(argc, argv); }
int FuzzAnalysis_main(int argc, char **argv) { return runFuzzTarget(argc, argv); }
int FuzzMultipart_main(int argc, char **argv) { return runFuzzTarget(argc, argv); }
int FuzzURLEncodedForm_main(int argc, char **argv) { return runFuzzTarget(argc, argv); }
int FuzzSettingsImport_main(int argc, char **argv) { return runFuzzTarget(argc, argv); }
int FuzzAPIJSON_main(int argc, char **argv) { return runFuzzTarget(argc, argv); }
