// Nothing to compile: the module only declares LLVMFuzzerRunDriver, which libFuzzer
// (linked by `-sanitize=fuzzer`) defines.
#include "CLibFuzzer.h"
