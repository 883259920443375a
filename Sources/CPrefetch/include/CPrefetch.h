#ifndef HOOKE_CPREFETCH_H
#define HOOKE_CPREFETCH_H

#include "CLaneBarrier.h" // hooke_float4 too

/// Asks the cache for the line holding `p`, to be read soon; no fault whatever `p` is.
static inline __attribute__((always_inline)) void hooke_prefetch(const void *p) { __builtin_prefetch(p, 0, 3); }

/// Asks the cache for the line holding `p`, to be written soon (where the processor has a prefetch for
/// writing, the line comes owned, so the write does not wait to take it from the other cores).
static inline __attribute__((always_inline)) void hooke_prefetch_for_write(const void *p) {
  __builtin_prefetch(p, 1, 3);
}

/// Tells the core this thread is spinning, waiting for another (x86 `pause`, Arm `yield`): the wait
/// loop runs slower and frees the core's resources, and leaving it does not flush the pipeline.
static inline __attribute__((always_inline)) void hooke_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
  __asm__ __volatile__("yield");
#endif
}

/// The sign bits of `v`'s four lanes, lane k in bit k (x86 `movmskps`): a vector compare's verdicts in
/// one instruction, where Swift gathers them lane by lane (a dozen).
static inline __attribute__((always_inline)) unsigned hooke_sign_bits(hooke_float4 v) {
#if defined(__SSE__)
  return (unsigned)__builtin_ia32_movmskps((__attribute__((__vector_size__(16))) float)v);
#else
  unsigned bits = 0;
  for (int k = 0; k < 4; k++) bits |= (unsigned)(__builtin_signbit(v[k]) != 0) << k;
  return bits;
#endif
}

#endif
