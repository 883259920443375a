#ifndef HOOKE_CLANEBARRIER_H
#define HOOKE_CLANEBARRIER_H

/// Four floats, imported into Swift as `SIMD4<Float>`.
typedef float hooke_float4 __attribute__((ext_vector_type(4)));

/// Returns `x` unchanged, through an empty assembly statement the optimiser cannot see into: what
/// comes out is four lanes computed elsewhere, not the single floats that went in. The contact blocks
/// put their gathered lanes through it so their arithmetic stays four lanes wide (`LaneBodies`).
static inline __attribute__((always_inline)) hooke_float4 hooke_lanes_opaque(hooke_float4 x) {
#if defined(__x86_64__) || defined(__i386__)
  __asm__("" : "+x"(x));
#elif defined(__aarch64__)
  __asm__("" : "+w"(x));
#endif
  return x;
}

#endif
