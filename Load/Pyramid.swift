import Dynamics
import Geometry2D

/// The 5,050-box pyramid: 100 rows of 20 × 20 boxes, 100 in the bottom row and one at the top, on an
/// anchored ground box, under gravity with collisions between every pair. It settles and must stay
/// standing and finite; the animator's sleep keeps the cost of a settled pile low, as in an app.
enum Pyramid {
  static func make() -> () -> Bool {
    let side = 20.0, rows = 100
    let width = Double(rows + 2) * side
    let height = Double(rows + 4) * side
    let animator = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: width, height: height))
    let ground = DynamicBody(
      center: Point(x: width / 2, y: height - side), size: Size(width: width, height: side))
    var boxes: [DynamicBody] = []
    for row in 0..<rows {
      let count = rows - row
      let y = height - 2 * side - Double(row) * side
      let left = width / 2 - Double(count - 1) * side / 2
      for i in 0..<count {
        boxes.append(
          DynamicBody(center: Point(x: left + Double(i) * side, y: y), size: Size(width: side, height: side)))
      }
    }
    let anchored = DynamicItemBehavior(items: [ground])
    anchored.isAnchored = true
    let material = DynamicItemBehavior(items: boxes)
    material.friction = 0.6
    animator.addBehavior(anchored)
    animator.addBehavior(material)
    animator.addBehavior(GravityBehavior(items: boxes))
    animator.addBehavior(CollisionBehavior(items: boxes + [ground]))
    return {
      animator.advance(by: 1.0 / 60)
      return boxes.allSatisfy { $0.center.x.isFinite && $0.center.y.isFinite && $0.transform.rotationAngle.isFinite }
    }
  }
}
