/// Box2D's robustness samples (samples/sample_robustness.cpp): heavy bodies on light ones.
extension PeerScene {
  static let robustness: [PeerScene] = [
    PeerScene(
      name: "heavy-on-pyramids", summary: "boxes of density 100, 200, 300 on three pyramids of 2 m boxes", seconds: 10,
      judgedBy: [.sink], isFast: true, build: heavyOnPyramids),
    PeerScene(
      name: "heavy-on-boxes", summary: "a 20 × 20 m box dropped on two 1 m boxes", seconds: 10, judgedBy: [.sink],
      isFast: true
    ) { w in
      groundSlab(w)
      let left = w.box(x: -9, y: 0.5, hx: 0.5, hy: 0.5, material: PeerMaterial())
      let right = w.box(x: 9, y: 0.5, hx: 0.5, hy: 0.5, material: PeerMaterial())
      let big = w.box(x: 0, y: 26, hx: 10, hy: 10, material: PeerMaterial())
      w.expect(left, restingAtHeight: 0.5)
      w.expect(right, restingAtHeight: 0.5)
      w.expect(big, restingAtHeight: 11)
    },
    PeerScene(
      name: "heavy-on-triangles", summary: "a 20 × 20 m box dropped on two triangles 1 m high", seconds: 10,
      judgedBy: [.sink], isFast: true
    ) { w in
      groundSlab(w)
      let triangle = [(-0.5, 0.0), (0.5, 0.0), (0.0, 1.0)]
      for x in [-9.0, 9.0] {
        let t = w.polygon(x: x, y: 0.5, vertices: triangle, material: PeerMaterial())
        w.expect(t, restingAtHeight: 1.0 / 3)  // the centroid of a triangle standing on the ground
      }
      let big = w.box(x: 0, y: 14, hx: 10, hy: 10, material: PeerMaterial())
      w.expect(big, restingAtHeight: 11)
    }
  ]

  /// Box2D's ground for these samples: a 100 × 2 m box whose top is at y = 0.
  static func groundSlab(_ w: PeerWorld) {
    w.box(x: 0, y: -1, hx: 50, hy: 1, material: PeerMaterial().asGround)
  }

  /// HighMassRatio1: three pyramids of 2 m boxes, rows of 10 down to 2, each crowned by one box 2 m
  /// above its top row with density 100, 200 and 300.
  @Sendable static func heavyOnPyramids(_ w: PeerWorld) {
    groundSlab(w)
    let extent = 1.0
    for j in 0..<3 {
      var count = 10
      let offset = -20 * extent + 2 * (Double(count) + 1) * extent * Double(j)
      var y = extent
      while count > 0 {
        for i in 0..<count {
          let coefficient = Double(i) - 0.5 * Double(count)
          let top = count == 1
          let body = w.box(
            x: 2 * coefficient * extent + offset, y: top ? y + 2 : y, hx: extent, hy: extent,
            material: PeerMaterial(density: top ? (Double(j) + 1) * 100 : 1))
          if top { w.expect(body, restingAtHeight: y) }
        }
        count -= 1
        y += 2 * extent
      }
    }
  }
}
