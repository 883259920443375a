#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry for programs that have their own main (SwiftPM names each executable's main
// <Target>_main and aliases main to it, which would hide libFuzzer's main).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
