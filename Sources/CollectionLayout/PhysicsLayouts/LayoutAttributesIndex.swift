import Dynamics
import Geometry2D

/// A spatial index of a layout animator's attributes: sorted by centre along one axis (the scroll axis),
/// so a rect query is a binary search plus a scan of what it returns — O(log n + k) — and a lookup by
/// element is a hash. Refreshing after the items moved re-sorts with an insertion sort, O(n) for the
/// nearly sorted order a step leaves.
struct LayoutAttributesIndex {
  /// Sort along y (a vertical list) or x (a horizontal carousel).
  var sortsAlongY = true
  private var attributes: [LayoutAttributes] = []
  /// Per attribute (same index): the centre along the sort axis, then across it.
  private var mainKeys: [Double] = []
  private var crossKeys: [Double] = []
  /// Attribute indices sorted by (main, cross).
  private var order: [Int32] = []
  /// The largest half-extent along the sort axis, points (rotation included).
  private var maxHalfExtent = 0.0
  private var byKey: [ElementKey: Int32] = [:]

  var count: Int { attributes.count }

  /// Re-indexes from scratch (the set of items changed). Items that are not layout attributes are skipped.
  mutating func rebuild(from items: [any DynamicItem]) {
    attributes.removeAll(keepingCapacity: true)
    byKey.removeAll(keepingCapacity: true)
    for item in items {
      guard let a = item as? LayoutAttributes else { continue }
      byKey[a.elementKey] = Int32(attributes.count)
      attributes.append(a)
    }
    order = (0..<Int32(attributes.count)).map { $0 }
    refreshPositions()
  }

  /// Re-reads positions and re-sorts (the same items moved).
  mutating func refreshPositions() {
    let n = attributes.count
    if mainKeys.count != n {
      mainKeys = [Double](repeating: 0, count: n)
      crossKeys = [Double](repeating: 0, count: n)
    }
    var extent = 0.0
    let alongY = sortsAlongY
    for i in 0..<n {
      let a = attributes[i]
      let c = a.center
      mainKeys[i] = alongY ? c.y : c.x
      crossKeys[i] = alongY ? c.x : c.y
      let h = LayoutAttributesIndex.halfExtents(a)
      extent = Swift.max(extent, alongY ? h.y : h.x)
    }
    maxHalfExtent = extent
    // Insertion sort: linear for the nearly sorted order a step leaves behind.
    mainKeys.withUnsafeBufferPointer { main in
      crossKeys.withUnsafeBufferPointer { cross in LayoutAttributesIndex.insertionSort(&order, main: main, cross: cross)
      }
    }
  }

  /// Half the width and height of the axis-aligned box around the (rotated) attributes.
  @inline(__always)
  static func halfExtents(_ a: LayoutAttributes) -> (x: Double, y: Double) {
    let t = a.transform
    let w = a.size.width, h = a.size.height
    // Unrotated (nearly every cell): skip the products.
    if t.b == 0 { return (0.5 * w, 0.5 * h) }
    let c = abs(t.a), s = abs(t.b)
    return (0.5 * (w * c + h * s), 0.5 * (w * s + h * c))
  }

  /// The attributes whose (rotated) frames meet `rect`, in sort order.
  func items(in rect: Rect) -> [LayoutAttributes] {
    guard !attributes.isEmpty else { return [] }
    let lo = (sortsAlongY ? rect.minY : rect.minX) - maxHalfExtent
    let hi = (sortsAlongY ? rect.maxY : rect.maxX) + maxHalfExtent
    // The first entry whose centre is at or past `lo`.
    var a = 0, b = order.count
    while a < b {
      let m = (a + b) / 2
      if mainKeys[Int(order[m])] < lo { a = m + 1 } else { b = m }
    }
    var result: [LayoutAttributes] = []
    var k = a
    while k < order.count {
      let i = Int(order[k])
      if mainKeys[i] > hi { break }
      let item = attributes[i]
      let h = LayoutAttributesIndex.halfExtents(item)
      let c = item.center
      if c.x + h.x > rect.minX && c.x - h.x < rect.maxX && c.y + h.y > rect.minY && c.y - h.y < rect.maxY {
        result.append(item)
      }
      k += 1
    }
    return result
  }

  /// The attributes of one element, if the animator has it.
  func attributes(for key: ElementKey) -> LayoutAttributes? {
    byKey[key].map { attributes[Int($0)] }
  }
}

extension LayoutAttributesIndex {
  /// Sorts `order` by (main key, cross key) with an insertion sort: linear for the nearly sorted order a
  /// step leaves behind.
  static func insertionSort(
    _ order: inout [Int32], main: UnsafeBufferPointer<Double>, cross: UnsafeBufferPointer<Double>
  ) {
    order.withUnsafeMutableBufferPointer { o in
      for i in 1..<Swift.max(1, o.count) {
        let v = o[i]
        let km = main[Int(v)], kc = cross[Int(v)]
        var j = i - 1
        while j >= 0 {
          let w = Int(o[j])
          if main[w] < km || (main[w] == km && cross[w] <= kc) { break }
          o[j + 1] = o[j]
          j -= 1
        }
        o[j + 1] = v
      }
    }
  }
}
