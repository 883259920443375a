// Declarations only: LLVMFuzzerRunDriver comes from libFuzzer (-sanitize=fuzzer).
#include "CFuzzDriver.h"
