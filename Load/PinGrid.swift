import Dynamics
import Geometry2D

/// 10,000 pinned bodies: a 100 × 100 grid of circles 10 pt across, 12 pt apart, each pinned to its
/// right and lower neighbours at the point between them (19,800 pins), no collisions; every eleventh
/// circle of the top row hangs from a rigid attachment to its place, so gravity makes the net sag and
/// swing between them.
enum PinGrid {
  static func make() -> () -> Bool {
    let n = 100, pitch = 12.0, size = Size(width: 10, height: 10)
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1400, height: 1400))
    var grid: [DynamicBody] = []
    for row in 0..<n {
      for column in 0..<n {
        grid.append(
          DynamicBody(
            center: Point(x: 100 + Double(column) * pitch, y: 20 + Double(row) * pitch), size: size,
            collisionBoundsType: .ellipse))
      }
    }
    for row in 0..<n {
      for column in 0..<n {
        let body = grid[row * n + column]
        if column + 1 < n {
          let right = grid[row * n + column + 1]
          animator.addBehavior(
            AttachmentBehavior.pinAttachment(
              with: body, attachedTo: right, attachmentAnchor: Point(x: body.center.x + pitch / 2, y: body.center.y)))
        }
        if row + 1 < n {
          let below = grid[(row + 1) * n + column]
          animator.addBehavior(
            AttachmentBehavior.pinAttachment(
              with: body, attachedTo: below, attachmentAnchor: Point(x: body.center.x, y: body.center.y + pitch / 2)))
        }
      }
    }
    for column in stride(from: 0, to: n, by: 11) {
      let top = grid[column]
      animator.addBehavior(AttachmentBehavior(item: top, attachedToAnchor: top.center))
    }
    animator.addBehavior(GravityBehavior(items: grid))
    return {
      animator.advance(by: 1.0 / 60)
      return grid.allSatisfy { $0.center.x.isFinite && $0.center.y.isFinite }
    }
  }
}
