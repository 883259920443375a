import CPrefetch
import Geometry2D

extension DynamicAnimator {
  /// Writes every moving body's centre, and its rotation when it changed, to its item. The rotation is
  /// the body's own cosine and sine, the ones its collision shapes are placed with (so what is drawn is
  /// what collides, and no cosine or sine is computed again for every turning item every frame). A
  /// `DynamicBody` is written in its storage, what its accessors do (see `plainBodies`); any other item
  /// through its accessors.
  ///
  /// The `DynamicBody` items are written in slices on the pool's threads (inside a session): each is
  /// its own object, reached unretained, so the slices share nothing. The other items' accessors are
  /// the app's code, called on the caller's thread alone, afterwards, in the slices that had some. On a
  /// 5,050-box pyramid the write-back was a tenth of what two workers left to the caller alone.
  func writeBack() {
    world.settleSprings()
    let count = world.bodies.sims.count
    withBuffers(items, plainBodies) { items, plain in
      world.bodies.withView { v in
        workers.mapSlices(of: count, grain: DynamicAnimator.writeBackGrain, into: &writeBackOthers, empty: false) {
          DynamicAnimator.writePlain(v, plain, $0)
        }
      }
      guard writeBackOthers.contains(true) else { return }
      world.bodies.withView { v in
        for (k, has) in writeBackOthers.enumerated() where has {
          let range = k * DynamicAnimator.writeBackGrain..<Swift.min(count, (k + 1) * DynamicAnimator.writeBackGrain)
          DynamicAnimator.writeOthers(v, plain, items, range)
        }
      }
    }
  }

  /// Bodies in a slice of the write-back.
  static let writeBackGrain = 512

  /// Writes the moving bodies of `range` that are `DynamicBody` items; returns whether the range has
  /// any other item.
  private static func writePlain(
    _ v: BodyView, _ plain: UnsafeBufferPointer<Unmanaged<DynamicBody>?>, _ range: Range<Int>
  ) -> Bool {
    var hasOthers = false
    let sims = v.sims.baseAddress.unsafelyUnwrapped
    for i in range {
      let next = i + Body.prefetchDistance
      if next < range.upperBound {
        Body.prefetch(sims, next, line: Body.poseLine)
        Body.prefetch(sims, next, line: Body.writtenLine)
        // The item's first two lines, which hold its centre and transform: items are scattered.
        if let item = plain[next] {
          hooke_prefetch(item.toOpaque())
          hooke_prefetch(item.toOpaque() + 64)
        }
      }
      guard v.sims[i].moves else { continue }
      guard let body = plain[i] else {
        hasOthers = true
        continue
      }
      let (center, turned) = pose(v.sims, i)
      body._withUnsafeGuaranteedRef { body in
        body.storedCenter = center
        if turned { body.storedTransform = rotation(v.sims, i) }
      }
      if turned { noteWritten(v.sims, i) }
    }
    return hasOthers
  }

  /// Writes the moving bodies of `range` that are not `DynamicBody` items, through their accessors.
  private static func writeOthers(
    _ v: BodyView, _ plain: UnsafeBufferPointer<Unmanaged<DynamicBody>?>,
    _ items: UnsafeBufferPointer<(any DynamicItem)?>, _ range: Range<Int>
  ) {
    for i in range where v.sims[i].moves && plain[i] == nil {
      let (center, turned) = pose(v.sims, i)
      let item = items[i].unsafelyUnwrapped
      item.center = center
      if turned {
        item.transform = rotation(v.sims, i)
        noteWritten(v.sims, i)
      }
    }
  }

  /// Body `i`'s centre, and whether it turned since its rotation was last written.
  @inline(__always) private static func pose(_ b: UnsafeMutableBufferPointer<Body>, _ i: Int) -> (Point, Bool) {
    (
      Point(x: b[i].position.x, y: b[i].position.y),
      b[i].cosAngle != b[i].writtenCos || b[i].sinAngle != b[i].writtenSin
    )
  }

  @inline(__always) private static func rotation(_ b: UnsafeMutableBufferPointer<Body>, _ i: Int) -> AffineTransform {
    let c = b[i].cosAngle, s = b[i].sinAngle
    return AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
  }

  @inline(__always) private static func noteWritten(_ b: UnsafeMutableBufferPointer<Body>, _ i: Int) {
    b[i].writtenCos = b[i].cosAngle
    b[i].writtenSin = b[i].sinAngle
  }
}
