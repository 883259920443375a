import Dynamics
import Geometry2D
import TestSupport
import Testing

@testable import CollectionLayout

/// `CollectionView.takeSnapshot()` and `restore(_:)`: a collection view on each physics layout (and a
/// plain flow layout) that takes a snapshot, wanders off (drags, flings, wheel scrolls, inserts and
/// deletes) and restores then moves exactly as one that never left: the scroll view, the layout and
/// its animator, and the displayed elements.
@Suite struct CollectionViewSnapshotTests {
  enum Kind: String, CaseIterable { case springy, carousel, newtonian, flow }

  @Test(arguments: Kind.allCases, UInt64(1)...6)
  func restoreThenStepEqualsNeverSnapshotted(kind: Kind, seed: UInt64) throws {
    let straight = try Self.run(kind, seed: seed, detour: false)
    let restored = try Self.run(kind, seed: seed, detour: true)
    #expect(restored == straight, "\(kind), seed \(seed): the restored collection view moved differently")
  }

  /// A scroll view of its own: dragged, flung past its end, wheeled; restored, it coasts and bounces as
  /// one that never left.
  @Test(arguments: UInt64(1)...8)
  func aScrollViewRestoredMovesAsOneThatNeverLeft(seed: UInt64) {
    func run(detour: Bool) -> [Double] {
      let view = ScrollView(frame: Rect(x: 0, y: 0, width: 300, height: 400))
      view.contentSize = Size(width: 300, height: 3000)
      var r = SplitMix(seed: seed)
      func frame(_ r: inout SplitMix) {
        let p = Point(x: 150, y: r.uniform(0, 400))
        switch r.int(8) {
        case 0: view.beginPan(at: p, time: view.time)
        case 1, 2: view.pan(to: p, time: view.time)
        case 3: view.endPan(at: p, time: view.time)
        case 4:
          view.scrollWheel(by: Vector(dx: 0, dy: r.uniform(-4, 4)), isPrecise: r.chance(0.5), at: p, time: view.time)
        default: break
        }
        view.advance(by: 1.0 / 60)
      }
      for _ in 0..<40 { frame(&r) }
      let snapshot = view.takeScrollSnapshot()
      if detour {
        var other = SplitMix(seed: seed ^ 0x5C20)
        for _ in 0..<30 { frame(&other) }
        view.restore(snapshot)
      }
      var offsets: [Double] = []
      for _ in 0..<60 {
        frame(&r)
        offsets.append(view.contentOffset.y)
      }
      return offsets
    }
    #expect(run(detour: true) == run(detour: false), "seed \(seed): the restored scroll view moved differently")
  }

  static func make(_ kind: Kind) -> CollectionViewLayout {
    switch kind {
    case .springy:
      let l = SpringyFlowLayout()
      l.itemSize = Size(width: 44, height: 44)
      return l
    case .carousel: return SpringyCarouselLayout()
    case .newtonian: return NewtonianLayout()
    case .flow:
      let l = FlowLayout()
      l.itemSize = Size(width: 60, height: 40)
      return l
    }
  }

  /// The digest of 60 frames after a snapshot 40 frames in, with or without a detour of other input
  /// restored away before them.
  static func run(_ kind: Kind, seed: UInt64, detour: Bool) throws -> UInt64 {
    let data = CountsDataSource([kind == .newtonian ? 4 : 300])
    let view = CollectionView(frame: Rect(x: 0, y: 40, width: 600, height: 500), collectionViewLayout: make(kind))
    view.dataSource = data
    view.layoutIfNeeded()
    var r = SplitMix(seed: seed)
    for _ in 0..<40 { try frame(view, data, &r) }
    let snapshot = view.takeSnapshot()
    let counts = data.counts
    if detour {
      var other = SplitMix(seed: seed ^ 0xDE70)
      for _ in 0..<other.int(1..<50) { try frame(view, data, &other) }
      view.restore(snapshot)
      data.counts = counts
    }
    var digest: UInt64 = 0xCBF2_9CE4_8422_2325
    func fold(_ x: Double) { digest = (digest ^ x.bitPattern) &* 0x100_0000_01B3 }
    for _ in 0..<60 {
      try frame(view, data, &r)
      fold(view.contentOffset.x)
      fold(view.contentOffset.y)
      for e in view.displayedElements {
        fold(Double(e.attributes.indexPath.item))
        fold(e.attributes.center.x)
        fold(e.attributes.center.y)
      }
    }
    return digest
  }

  /// A frame: sometimes a touch, a wheel notch or an update, then a step and a layout pass.
  static func frame(_ view: CollectionView, _ data: CountsDataSource, _ r: inout SplitMix) throws {
    let p = Point(x: r.uniform(20, 580), y: r.uniform(60, 520))
    switch r.int(10) {
    case 0: view.touchDown(at: p, time: view.time)
    case 1, 2: view.touchMoved(to: p, time: view.time)
    case 3: view.touchUp(at: p, time: view.time)
    case 4: view.scrollWheel(by: Vector(dx: 0, dy: r.uniform(-3, 3)), isPrecise: false, at: p, time: view.time)
    case 5 where data.counts[0] > 2:
      let ip = IndexPath(item: r.int(data.counts[0]), section: 0)
      if r.chance(0.5) {
        try view.performBatchUpdates {
          data.counts[0] += 1
          try view.insertItems(at: [ip])
        }
      } else {
        try view.performBatchUpdates {
          data.counts[0] -= 1
          try view.deleteItems(at: [ip])
        }
      }
    default: break
    }
    view.advance(by: 1.0 / 60)
    view.layoutIfNeeded()
  }
}
