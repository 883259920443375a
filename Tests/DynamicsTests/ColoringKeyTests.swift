import Testing
import TestSupport
@testable import Dynamics

/// The colouring key keeps its four side flags packed in one byte: each reads back as made, and two
/// keys place their rows alike exactly when their state entries and all four flags match and both rows
/// are near or both far, whatever their gaps.
@Suite("Colouring keys")
struct ColoringKeyTests {
  static func key(_ r: inout SplitMix, flags: [Bool], gap: Double? = nil) -> ContactColoring.Key {
    ContactColoring.Key(
      stateA: Int32(r.int(0..<4)), stateB: Int32(r.int(0..<4)), gap: gap ?? Double(r.int(-5..<5)),
      movesA: flags[0], movesB: flags[1], sinkA: flags[2], sinkB: flags[3])
  }

  @Test(arguments: Array(1...40) as [UInt64])
  func flagsReadBackAndPlaceAlikeExactlyWhenAllMatch(seed: UInt64) {
    var r = SplitMix(seed: seed)
    let flags = (0..<4).map { _ in r.chance(0.5) }
    let a = ColoringKeyTests.key(&r, flags: flags)
    #expect([a.movesA, a.movesB, a.sinkA, a.sinkB] == flags, "seed \(seed)")
    var otherFlags = flags
    if r.chance(0.5) { otherFlags[r.int(0..<4)].toggle() }
    let b = ColoringKeyTests.key(&r, flags: otherFlags)
    let far = PhysicsWorld.speculativeDistance
    let alike = a.stateA == b.stateA && a.stateB == b.stateB && flags == otherFlags && (a.gap > far) == (b.gap > far)
    #expect(a.placesAlike(b) == alike, "seed \(seed)")
    #expect(b.placesAlike(b), "seed \(seed)")
    // The same row with another gap: alike on the same side of the speculative distance only.
    var moved = a
    moved.gap = a.gap > far ? far + r.uniform(0.001, 9) : far - r.uniform(0, 9)
    #expect(a.placesAlike(moved), "seed \(seed)")
    moved.gap = a.gap > far ? far : far + r.uniform(0.001, 9)
    #expect(!a.placesAlike(moved) && a.isFar != moved.isFar, "seed \(seed)")
  }
}
