/// The seeded source every randomized test draws from (never the process's random numbers), so a
/// failure's seed reproduces it: SplitMix64 (the same sequence as the sandbox's `SeededRandom` for the
/// same seed, kept here so that the tests of the libraries depend on nothing of the app), with the draws
/// tests need.
public struct SplitMix: Sendable {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }
  public init(state: UInt64) { self.init(seed: state) }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in [0, 1).
  public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
  public mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
  /// 0..<n.
  public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  public mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
  public mutating func chance(_ p: Double) -> Bool { unit() < p }
  public mutating func pick<T>(_ xs: [T]) -> T { xs[int(xs.count)] }
}
