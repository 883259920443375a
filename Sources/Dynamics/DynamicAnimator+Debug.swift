#if canImport(Glibc)
  import Glibc
#endif
import Geometry2D

extension DynamicAnimator {
  /// The debug view's data: bodies (awake or asleep), attachment lines with anchors and stretch, snap
  /// points, boundaries, contact points and normals. Empty unless `isDebugEnabled`.
  public func debugDrawing() -> DynamicsDebugDrawing {
    var d = DynamicsDebugDrawing()
    guard isDebugEnabled else { return d }
    applyPendingChanges()
    let w = world
    for (i, b) in w.bodies.sims.enumerated() {
      guard let size = entries[i]?.size else { continue }
      let outline = debugOutline(of: b, size: size)
      d.bodies.append(
        .init(
          polygon: outline, center: point(b.position),
          isAwake: !b.asleep && (isRunning || b.sleepTime < PhysicsWorld.timeToSleep), isAnchored: b.isAnchored))
    }
    for s in w.joints.springs {
      let b = w.bodies.sims[Int(s.body)]
      d.attachments.append(
        .init(
          from: point(s.anchor), to: point(b.position), fromIsAnchor: true,
          stretch: (b.position - s.anchor).length))
    }
    for j in w.joints.rows {
      let bB = w.bodies.sims[Int(j.bodyB)]
      let to = bB.position + j.localB.rotated(cos: bB.cosAngle, sin: bB.sinAngle)
      var from = j.localA
      if j.bodyA >= 0 {
        let bA = w.bodies.sims[Int(j.bodyA)]
        from = bA.position + j.localA.rotated(cos: bA.cosAngle, sin: bA.sinAngle)
      }
      if j.kind == .snap {
        d.snapPoints.append(point(j.localA))
        continue
      }
      let rest = (j.kind == .distance || j.kind == .limit) ? j.length : 0
      d.attachments.append(
        .init(
          from: point(from), to: point(to), fromIsAnchor: j.bodyA < 0,
          stretch: (to - from).length - rest))
    }
    for s in w.shapes.boundaries { d.boundaries.append(Segment(from: point(s.a), to: point(s.b))) }
    for c in w.contacts.list {
      for k in 0..<Int(c.pointCount) {
        let p = k == 0 ? c.point0 : c.point1
        let a = w.bodies.sims[Int(c.bodyA)].position
        d.contacts.append(
          .init(
            point: point(a + p.anchorA), normal: Vector(dx: c.normal.x, dy: c.normal.y),
            separation: p.baseSeparation))
      }
    }
    return d
  }

  /// Body `b`'s collision outline in world points (each shape closed), or its item's rectangle when it
  /// has no shape.
  func debugOutline(of b: Body, size: Size) -> [Point] {
    let w = world
    guard b.shapeCount > 0 else {
      let hw = size.width / 2, hh = size.height / 2
      let corners = [Vec2(-hw, -hh), Vec2(hw, -hh), Vec2(hw, hh), Vec2(-hw, hh), Vec2(-hw, -hh)]
      return corners.map { point(b.position + $0.rotated(cos: b.cosAngle, sin: b.sinAngle)) }
    }
    var outline: [Point] = []
    for s in w.shapes.list[Int(b.firstShape)..<Int(b.firstShape + b.shapeCount)] {
      if s.kind == .circle {
        let c = b.position + s.localCenter.rotated(cos: b.cosAngle, sin: b.sinAngle)
        for k in 0...24 {
          let t = 2 * Double.pi * Double(k) / 24
          outline.append(point(c + Vec2(s.radius * cos(t), s.radius * sin(t))))
        }
      } else {
        let range = Int(s.firstVertex)..<Int(s.firstVertex + s.vertexCount)
        let pts = w.shapes.localVertices[range].map { point(b.position + $0.rotated(cos: b.cosAngle, sin: b.sinAngle)) }
        outline += pts
        if let first = pts.first { outline.append(first) }
      }
    }
    return outline
  }
}

private func point(_ v: Vec2) -> Point { Point(x: v.x, y: v.y) }
