/// The shapes' part of the collision pass: the shapes follow their bodies, then the broad phase finds
/// the pairs whose bounds overlap.
extension ShapeStore {
  /// Swept bounds of every colliding shape, written to the shape, with each body's sweep over the
  /// `window` (seconds) until the next pass, and with `placingGeometry` the polygons' world vertices and
  /// normals (`PlacedPolygons`); a proxy whose shape's bounds left it is grown around them again (and
  /// the last sweep's pairs no longer stand).
  mutating func refresh(_ bodies: BodyStore, window: Double, placingGeometry: Bool, on workers: WorkerPool) {
    placesGeometry = placingGeometry
    if sweeps.count < bodies.count { sweeps = [BodySweep](repeating: BodySweep(), count: bodies.count) }
    colliding.resize(to: bodies.count, with: CollidingBody())
    var out: [Bool] = []
    swap(&out, &proxiesOut)
    defer { swap(&out, &proxiesOut) }
    var reaches: [Double] = []
    swap(&reaches, &reachBySlice)
    defer { swap(&reaches, &reachBySlice) }
    bodies.withReadView { b in
      withRefresh(b, window: window) { refresh in
        workers.mapSlices(of: b.sims.count, grain: ShapeStore.bodyGrain, into: &reaches, empty: 0) { range in
          var largest = 0.0
          for i in range { largest = Swift.max(largest, refresh.noteSweep(of: i)) }
          return largest
        }
        workers.forEachSlice(of: refresh.shapes.count, grain: ShapeStore.proxyGrain) { range in
          if placingGeometry {
            for si in range { refresh.place(shape: si, storing: true) }
          } else {
            for si in range { refresh.place(shape: si, storing: false) }
          }
        }
        workers.mapSlices(of: refresh.proxies.count, grain: ShapeStore.proxyGrain, into: &out, empty: false) { range in
          var anyOut = false
          for p in range where refresh.fit(proxy: p) { anyOut = true }
          return anyOut
        }
      }
    }
    if out.contains(true) { broadPhase.pairsCurrent = false }
    largestReach = reaches.reduce(0) { Swift.max($0, $1) }
  }

  /// Bodies, and shapes or proxies, in a slice of the refresh.
  static let bodyGrain = 1024, proxyGrain = 256

  /// The store's buffers lent as one refresh (the arrays lend their storage only inside these calls).
  private mutating func withRefresh(_ b: BodyReadView, window: Double, _ body: (ShapeRefresh) -> Void) {
    withMutableBuffers(&list, &broadPhase.proxies, &sweeps) { sh, px, sw in
      withMutableBuffers(&localVertices, &localNormals, &worldVertices, &worldNormals) { lv, ln, wv, wn in
        colliding.withUnsafeMutableBufferPointer { cb in
          body(
            ShapeRefresh(
              bodies: b.sims, states: b.states, shapes: sh, proxies: px, localVertices: UnsafeBufferPointer(lv),
              localNormals: UnsafeBufferPointer(ln), worldVertices: wv, worldNormals: wn, sweeps: sw, colliding: cb,
              window: window))
        }
      }
    }
  }

  /// The broad phase's pairs, sorted and swept again unless the last sweep's still stand. With islands
  /// asleep the pairs depend on who sleeps, so the sweep runs every pass.
  mutating func findPairs(_ bodies: BodyStore, anyAsleep: Bool, on workers: WorkerPool) {
    guard !broadPhase.pairsCurrent || anyAsleep else { return }
    broadPhase.sort()
    bodies.withReadView { b in
      broadPhase.findPairs(bodies: b.sims, states: b.states, anyAsleep: anyAsleep, on: workers)
    }
    broadPhase.pairsCurrent = !anyAsleep
  }
}
