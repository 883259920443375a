import Dynamics
import Geometry2D
@testable import CollectionLayout

/// One item of the identity model: a unique id, and a version a reload bumps.
struct ModelItem: Equatable {
  var id: Int
  var version = 0
}

/// A cell that remembers which item (and which version of it) the data source configured it for.
final class IdentityCell: CollectionViewCell {
  var item: ModelItem?
  override func prepareForReuse() {
    super.prepareForReuse()
    item = nil
  }
}

/// A data source of sections of uniquely identified items: what every displayed cell must show.
final class IdentityModel: CollectionViewDataSource {
  static let reuseIdentifier = "Identity"
  var sections: [[ModelItem]]
  var nextID: Int

  init(_ counts: [Int]) {
    var id = 0
    sections = counts.map { n in
      defer { id += n }
      return (0..<n).map { ModelItem(id: id + $0) }
    }
    nextID = id
  }

  func makeItem() -> ModelItem {
    defer { nextID += 1 }
    return ModelItem(id: nextID)
  }

  func item(at ip: IndexPath) -> ModelItem? {
    guard ip.section >= 0, ip.section < sections.count, ip.item >= 0, ip.item < sections[ip.section].count else {
      return nil
    }
    return sections[ip.section][ip.item]
  }

  var counts: [Int] { sections.map(\.count) }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: Self.reuseIdentifier, for: indexPath)
    (cell as? IdentityCell)?.item = item(at: indexPath)
    return cell
  }
}

/// The layouts the identity tests run against, each in a collection view of its usual shape.
enum IdentityLayoutKind: String, CaseIterable, CustomStringConvertible, Sendable {
  case flow, springyFlow, springyCarousel, newtonian
  var description: String { rawValue }

  func makeLayout() -> CollectionViewLayout {
    switch self {
    case .flow, .springyFlow:
      let layout = self == .flow ? FlowLayout() : SpringyFlowLayout()
      layout.itemSize = Size(width: 44, height: 44)
      layout.minimumLineSpacing = 10
      layout.minimumInteritemSpacing = 10
      layout.headerReferenceSize = Size(width: 0, height: 20)
      return layout
    case .springyCarousel: return SpringyCarouselLayout()
    case .newtonian: return NewtonianLayout()
    }
  }

  /// A collection view over `model` (320 × 480; the carousel 800 × 300), laid out once.
  func makeCollectionView(_ model: IdentityModel, animationDuration: Double = 0.3) -> CollectionView {
    let size = self == .springyCarousel ? Size(width: 800, height: 300) : Size(width: 320, height: 480)
    let cv = CollectionView(frame: Rect(origin: .zero, size: size), collectionViewLayout: makeLayout())
    cv.register(IdentityCell.self, forCellWithReuseIdentifier: IdentityModel.reuseIdentifier)
    cv.updateAnimationDuration = animationDuration
    cv.dataSource = model
    cv.layoutIfNeeded()
    return cv
  }
}

/// The attributes objects of a layout's physics bodies, by element (empty for a layout without physics).
func bodyAttributes(of cv: CollectionView) -> [ElementKey: LayoutAttributes] {
  var result: [ElementKey: LayoutAttributes] = [:]
  switch cv.collectionViewLayout {
  case let layout as SpringyFlowLayout:
    for s in layout.springs { result[s.attributes.elementKey] = s.attributes }
  case let layout as SpringyCarouselLayout:
    for s in layout.springs { result[s.attributes.elementKey] = s.attributes }
  case let layout as NewtonianLayout:
    for (s, n) in cv.sectionCountsForTests.enumerated() {
      for i in 0..<n {
        if let a = layout.layoutAttributesForItem(at: IndexPath(item: i, section: s)) { result[a.elementKey] = a }
      }
    }
  default: break
  }
  return result
}

extension CollectionView {
  var sectionCountsForTests: [Int] { sectionCounts ?? [] }
}

/// Which body (attributes object) each item id had, for checking that bodies follow their items. The
/// objects are held, so no new body can take a freed one's address.
func bodiesByItemID(_ cv: CollectionView, _ model: IdentityModel) -> [Int: LayoutAttributes] {
  var result: [Int: LayoutAttributes] = [:]
  for (key, a) in bodyAttributes(of: cv) where key.category == .cell {
    if let item = model.item(at: key.indexPath) { result[item.id] = a }
  }
  return result
}

/// The identity invariants after an operation; returns what is wrong (empty when all hold).
/// - Every displayed (visible, not leaving) cell shows the item, at its current version, that the data
///   source has at its index path, and the collection view's counts are the data source's.
/// - Bodies follow items: a body that existed before belongs to the same item now (so none survives
///   for a deleted item), every body is keyed by its attributes' index path and lies in range, and the
///   animator holds exactly the layout's bodies.
/// - A springy layout has a spring for every visible cell (new items in the tiling rect get one).
func identityViolations(_ cv: CollectionView, _ model: IdentityModel, bodiesBefore: [Int: LayoutAttributes]) -> [String]
{
  var problems: [String] = []
  if cv.sectionCountsForTests != model.counts {
    problems.append("counts \(cv.sectionCountsForTests) ≠ data source \(model.counts)")
  }
  for key in cv.visibleViews.keys.sorted() where key.category == .cell {
    let shown = (cv.visibleViews[key] as? IdentityCell)?.item
    let expected = model.item(at: key.indexPath)
    if shown != expected {
      problems.append(
        "cell \(key.indexPath) shows \(shown.map { "\($0)" } ?? "nothing"), data source has \(expected.map { "\($0)" } ?? "nothing")"
      )
    }
  }
  let bodies = bodyAttributes(of: cv)
  let previous = Set(bodiesBefore.values.map { ObjectIdentifier($0) })
  for key in bodies.keys.sorted() where key.category == .cell {
    let a = bodies[key]!
    guard a.elementKey == key else {
      problems.append("body keyed \(key.indexPath) has index path \(a.indexPath)")
      continue
    }
    guard let item = model.item(at: key.indexPath) else {
      problems.append("body at \(key.indexPath) is out of range")
      continue
    }
    let object = ObjectIdentifier(a)
    if previous.contains(object), bodiesBefore[item.id] !== a {
      problems.append("body at \(key.indexPath) (item \(item.id)) belonged to another item before")
    }
  }
  switch cv.collectionViewLayout {
  case let layout as SpringyFlowLayout:
    if layout.dynamicAnimator.dynamicItems.count != layout.springCount { problems.append("animator items ≠ springs") }
    problems += cellsWithoutSpring(cv, bodies)
  case let layout as SpringyCarouselLayout:
    if layout.dynamicAnimator.dynamicItems.count != layout.springCount { problems.append("animator items ≠ springs") }
    problems += cellsWithoutSpring(cv, bodies)
  case let layout as NewtonianLayout:
    if layout.itemCount != bodies.count { problems.append("\(layout.itemCount - bodies.count) bodies out of range") }
  default: break
  }
  return problems
}

private func cellsWithoutSpring(_ cv: CollectionView, _ bodies: [ElementKey: LayoutAttributes]) -> [String] {
  var problems: [String] = []
  for key in cv.visibleViews.keys.sorted() where key.category == .cell && bodies[key] == nil {
    problems.append("visible cell \(key.indexPath) has no spring")
  }
  return problems
}

/// Everything a refused update must leave as it was.
struct CollectionSnapshot: Equatable {
  struct Element: Equatable {
    var key: ElementKey
    var frame: Rect
    var alpha: Double
    var view: ObjectIdentifier
  }
  struct Body: Equatable {
    var key: ElementKey
    var object: ObjectIdentifier
    var center: Point
    var velocity: Vector
  }
  var counts: [Int]
  var items: [[ModelItem]]
  var offset: Point
  var elements: [Element]
  var views: [ElementKey: ObjectIdentifier]
  var selection: Set<IndexPath>
  var bodies: [Body]
  var behaviors: Int
  var animationProgress: Double?

  init(_ cv: CollectionView, _ model: IdentityModel) {
    counts = cv.sectionCountsForTests
    items = model.sections
    offset = cv.contentOffset
    elements = cv.displayedElements.map {
      Element(
        key: $0.attributes.elementKey, frame: $0.attributes.frame, alpha: $0.attributes.alpha,
        view: ObjectIdentifier($0.view))
    }
    views = cv.visibleViews.mapValues { ObjectIdentifier($0) }
    selection = cv.selection
    let animator: DynamicAnimator?
    switch cv.collectionViewLayout {
    case let l as SpringyFlowLayout: animator = l.dynamicAnimator
    case let l as SpringyCarouselLayout: animator = l.dynamicAnimator
    case let l as NewtonianLayout: animator = l.dynamicAnimator
    default: animator = nil
    }
    let all = bodyAttributes(of: cv)
    bodies = all.keys.sorted().map { key in
      let a = all[key]!
      return Body(
        key: key, object: ObjectIdentifier(a), center: a.center,
        velocity: animator?.linearVelocity(of: a) ?? .zero)
    }
    behaviors = animator?.behaviors.count ?? 0
    animationProgress = cv.updateAnimationProgress
  }

  /// What differs from `other`, in words, for a failure message.
  func difference(to other: CollectionSnapshot) -> String {
    var parts: [String] = []
    if counts != other.counts { parts.append("the counts \(counts) → \(other.counts)") }
    if items != other.items { parts.append("the data source's items") }
    if offset != other.offset { parts.append("the offset \(offset) → \(other.offset)") }
    if elements != other.elements { parts.append("the displayed elements") }
    if views != other.views { parts.append("the visible views") }
    if selection != other.selection { parts.append("the selection") }
    if bodies != other.bodies { parts.append("the bodies") }
    if behaviors != other.behaviors { parts.append("the behaviors \(behaviors) → \(other.behaviors)") }
    if animationProgress != other.animationProgress {
      parts.append(
        "the update animation \(animationProgress.map { "\($0)" } ?? "none") → \(other.animationProgress.map { "\($0)" } ?? "none")"
      )
    }
    return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
  }
}
