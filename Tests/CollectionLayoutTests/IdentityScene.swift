import Dynamics
import Geometry2D
@testable import CollectionLayout

/// A collection view, its layout kind and its identity model, with the updates and the gestures the
/// identity tests apply. Every update changes the model first, then tells the collection view (as a
/// UIKit data source must).
final class IdentityScene {
  static let frameTime = 1.0 / 60
  let kind: IdentityLayoutKind
  let model: IdentityModel
  let cv: CollectionView

  /// The Newtonian layout only gets bodies for inserted items, so its scene starts empty and inserts
  /// its items in one batch.
  init(_ kind: IdentityLayoutKind, counts: [Int], animationDuration: Double = 0.3) {
    self.kind = kind
    if kind == .newtonian {
      model = IdentityModel(counts.map { _ in 0 })
      cv = kind.makeCollectionView(model, animationDuration: animationDuration)
      let model = self.model
      try! cv.performBatchUpdates {
        var paths: [IndexPath] = []
        for (s, n) in counts.enumerated() {
          for i in 0..<n {
            model.sections[s].append(model.makeItem())
            paths.append(IndexPath(item: i, section: s))
          }
        }
        try cv.insertItems(at: paths)
      }
    } else {
      model = IdentityModel(counts)
      cv = kind.makeCollectionView(model, animationDuration: animationDuration)
    }
  }

  var isHorizontal: Bool { kind == .springyCarousel }

  // MARK: Updates (model first, then the collection view)

  func insertItem(at ip: IndexPath) throws {
    model.sections[ip.section].insert(model.makeItem(), at: ip.item)
    try cv.insertItems(at: [ip])
  }

  func deleteItem(at ip: IndexPath) throws {
    model.sections[ip.section].remove(at: ip.item)
    try cv.deleteItems(at: [ip])
  }

  func moveItem(at from: IndexPath, to: IndexPath) throws {
    let item = model.sections[from.section].remove(at: from.item)
    model.sections[to.section].insert(item, at: to.item)
    try cv.moveItem(at: from, to: to)
  }

  func reloadItem(at ip: IndexPath) {
    model.sections[ip.section][ip.item].version += 1
    cv.reloadItems(at: [ip])
  }

  /// A new section of `count` new items.
  func insertSection(_ s: Int, count: Int) throws {
    model.sections.insert((0..<count).map { _ in model.makeItem() }, at: s)
    try cv.insertSections([s])
  }

  func deleteSection(_ s: Int) throws {
    model.sections.remove(at: s)
    try cv.deleteSections([s])
  }

  func moveSection(_ from: Int, to: Int) throws {
    let section = model.sections.remove(at: from)
    model.sections.insert(section, at: to)
    try cv.moveSection(from, toSection: to)
  }

  /// A reloaded section holds new items (here `count` of them): UIKit's reload replaces its elements.
  func reloadSection(_ s: Int, count: Int) {
    model.sections[s] = (0..<count).map { _ in model.makeItem() }
    cv.reloadSections([s])
  }

  // MARK: Time and gestures

  func run(frames: Int) {
    for _ in 0..<frames { cv.advance(by: Self.frameTime) }
  }

  private func point(_ along: Double) -> Point {
    let b = cv.frame
    return isHorizontal ? Point(x: along, y: b.height * 0.8) : Point(x: b.width / 2, y: along)
  }

  /// Presses and drags by `distance` (content moves the other way) over `frames` frames; released only
  /// if `release`, so the scene can be updated mid-drag.
  func drag(by distance: Double, frames: Int, release: Bool = true) {
    let start = (isHorizontal ? cv.frame.width : cv.frame.height) / 2
    cv.beginPan(at: point(start), time: cv.time)
    for k in 1...frames {
      cv.advance(by: Self.frameTime)
      cv.pan(to: point(start - distance * Double(k) / Double(frames)), time: cv.time)
    }
    if release {
      cv.advance(by: Self.frameTime)
      cv.endPan(at: point(start - distance), time: cv.time)
    }
  }

  /// Ends a drag left open by `drag(by:frames:release: false)`.
  func releaseDrag() {
    guard cv.isTracking else { return }
    cv.endPan(at: cv.lastPanPointer, time: cv.time)
  }

  /// A quick drag released at speed, then a few frames: the list is mid-fling.
  func fling(by distance: Double) {
    drag(by: distance, frames: 3)
    run(frames: 2)
  }
}
