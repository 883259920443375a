/// A small, fast, seedable random number generator (SplitMix64), so scenes that need randomness (a
/// thrown item's spin) replay the same way from a recorded seed. Swift's own generator cannot be seeded.
package struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// FNV-1a over the bits of doubles and integers: a scene's state digest, equal exactly when the state is
/// equal bit for bit.
package struct StateDigest: Sendable {
  package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  package init() {}

  package mutating func combine(_ v: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) {
      value ^= (v >> UInt64(shift)) & 0xFF
      value = value &* 0x100_0000_01b3
    }
  }

  package mutating func combine(_ v: Double) { combine(v.bitPattern) }
  package mutating func combine(_ v: Int) { combine(UInt64(bitPattern: Int64(v))) }
}
