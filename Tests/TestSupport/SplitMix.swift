import SandboxCore

/// The seeded source every randomized test draws from (never the process's random numbers), so a
/// failure's seed reproduces it: the sandbox's SplitMix64 (`SeededRandom`) with the draws tests need.
public struct SplitMix {
  var source: SeededRandom

  public init(seed: UInt64) { source = SeededRandom(seed: seed) }
  public init(state: UInt64) { self.init(seed: state) }

  public mutating func next() -> UInt64 { source.next() }
  /// Uniform in [0, 1).
  public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
  public mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
  /// 0..<n.
  public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
  public mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
  public mutating func chance(_ p: Double) -> Bool { unit() < p }
  public mutating func pick<T>(_ xs: [T]) -> T { xs[int(xs.count)] }
}
