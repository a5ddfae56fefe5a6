// libFuzzer's driver, for harnesses that have their own `main` (SwiftPM gives every executable one,
// so libFuzzer's would never be linked): the harness calls it with its arguments and callback.
#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer as its own `main` would, calling `callback` for each input (`-help=1` lists the flags).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
