#ifndef HOOKE_CPREFETCH_H
#define HOOKE_CPREFETCH_H

#include "CLaneBarrier.h"

/// Asks the cache for the line holding `p`, to be read soon; no fault whatever `p` is.
static inline __attribute__((always_inline)) void hooke_prefetch(const void *p) { __builtin_prefetch(p, 0, 3); }

/// Tells the core this thread is spinning, waiting for another (x86 `pause`, Arm `yield`): the wait
/// loop runs slower and frees the core's resources, and leaving it does not flush the pipeline.
static inline __attribute__((always_inline)) void hooke_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
  __asm__ __volatile__("yield");
#endif
}

#endif
