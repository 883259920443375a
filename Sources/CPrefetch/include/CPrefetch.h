#ifndef HOOKE_CPREFETCH_H
#define HOOKE_CPREFETCH_H

/// Asks the cache for the line holding `p`, to be read soon; no fault whatever `p` is.
static inline __attribute__((always_inline)) void hooke_prefetch(const void *p) { __builtin_prefetch(p, 0, 3); }

#endif
