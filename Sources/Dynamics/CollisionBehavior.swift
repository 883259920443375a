import Geometry2D

/// Makes its items collide with each other and/or with boundaries (UICollisionBehavior).
///
/// Boundaries are segments: from two points, or from every segment of a `Path` (curves arrive already
/// flattened into segments by `Path`). `translatesReferenceBoundsIntoBoundary` adds the animator's
/// reference bounds (inset by `setTranslatesReferenceBoundsIntoBoundary(with:)`), reported to the
/// delegate with a nil identifier. Adding a boundary under an identifier already in use replaces it;
/// removing one that is not there does nothing.
///
/// Walls hold (`docs/robustness.md`): every item moving further in a step than half its thinnest
/// half-thickness is swept against the boundaries it collides with and stopped at the time of impact,
/// so no item, at any speed up to the cap every body is held to (40 000 pt/s), passes through one. And
/// however hard and long an item is pressed into a wall, it sinks at most 1 pt in (less for items
/// thinner than 4 pt): contacts are soft, and a deeper item is moved back out and loses its velocity
/// into the wall. The reference-bounds box is four one-sided walls (their inward normal is the only
/// separating axis), so a thin item wedged in a corner is pushed back into the box, never out through
/// the other wall; a boundary segment holds an item on the side it came from.
/// Item–item pairs get no sweep (Box2D's default for bodies that are not bullets): they rely on
/// speculative contacts made as far apart as both items can travel before the next collision pass, so
/// two thin items meeting at thousands of pt/s may pass through each other, but never through a wall.
public final class CollisionBehavior: DynamicBehavior, ItemListBehavior {
  /// What collides: items with each other, items with boundaries, or both (UICollisionBehaviorMode).
  public struct Mode: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Items collide with each other.
    public static let items = Mode(rawValue: 1 << 0)
    /// Items collide with the boundaries.
    public static let boundaries = Mode(rawValue: 1 << 1)
    /// Items collide with each other and with the boundaries (the default).
    public static let everything = Mode(rawValue: UInt.max)
  }

  private var boundaryList: [(identifier: String, path: Path, number: UInt32)] = []
  private var nextBoundaryNumber: UInt32 = 0

  /// Told when contacts begin and end; held weakly, as in UIKit.
  public weak var collisionDelegate: (any CollisionBehaviorDelegate)?

  /// Default `.everything`.
  public var collisionMode: Mode = .everything { didSet { setNeedsContributionSync() } }

  /// When true the animator's reference bounds, inset by ``referenceBoundsInsets``, are a boundary
  /// (reported to the delegate with a nil identifier). Default false.
  public var translatesReferenceBoundsIntoBoundary = false { didSet { setNeedsContributionSync() } }
  /// The insets applied to the reference bounds when they are a boundary; set them with
  /// ``setTranslatesReferenceBoundsIntoBoundary(with:)``.
  public private(set) var referenceBoundsInsets = EdgeInsets.zero

  /// A collision behavior for `items` (more can be added later), colliding with everything (`collisionMode` `.everything`).
  public init(items: [any DynamicItem] = []) {
    super.init()
    itemList = ItemList(items, caller: "CollisionBehavior(items:)")
  }

  /// Each inset and each boundary point's coordinates: finite (points); insets may be negative.
  public static let coordinateRange: ClosedRange<Double> = Validate.finiteNumbers

  /// Turns the reference bounds, inset by `insets` (finite, `coordinateRange`), into a boundary (and
  /// sets `translatesReferenceBoundsIntoBoundary`).
  public func setTranslatesReferenceBoundsIntoBoundary(with insets: EdgeInsets) {
    for v in [insets.top, insets.left, insets.bottom, insets.right] {
      Validate.range(v, Self.coordinateRange, "CollisionBehavior reference bounds inset")
    }
    referenceBoundsInsets = insets
    translatesReferenceBoundsIntoBoundary = true
  }

  /// Adds (or replaces) a boundary made of every segment of `path` (finite points).
  public func addBoundary(withIdentifier identifier: String, for path: Path) {
    for seg in path.segments {
      Validate.point(seg.start, "CollisionBehavior boundary point")
      Validate.point(seg.end, "CollisionBehavior boundary point")
    }
    if let i = boundaryList.firstIndex(where: { $0.identifier == identifier }) {
      boundaryList[i].path = path
    } else {
      boundaryList.append((identifier, path, nextBoundaryNumber))
      nextBoundaryNumber &+= 1
    }
    setNeedsContributionSync()
  }

  /// Adds (or replaces) a straight boundary between two points.
  public func addBoundary(withIdentifier identifier: String, from p1: Point, to p2: Point) {
    addBoundary(withIdentifier: identifier, for: Path(from: p1, to: p2))
  }

  /// The path of the boundary added under `identifier`, or nil when there is none.
  public func boundary(withIdentifier identifier: String) -> Path? {
    boundaryList.first { $0.identifier == identifier }?.path
  }

  /// Removes the boundary added under `identifier`; removing one that is not there does nothing.
  public func removeBoundary(withIdentifier identifier: String) {
    guard let i = boundaryList.firstIndex(where: { $0.identifier == identifier }) else { return }
    boundaryList.remove(at: i)
    setNeedsContributionSync()
  }

  /// In the order added.
  public var boundaryIdentifiers: [String] { boundaryList.map(\.identifier) }

  /// Removes every boundary added by identifier (the reference-bounds boundary stays while
  /// ``translatesReferenceBoundsIntoBoundary`` is true).
  public func removeAllBoundaries() {
    guard !boundaryList.isEmpty else { return }
    boundaryList.removeAll()
    setNeedsContributionSync()
  }

  // MARK: What it adds to the world: a collision group (masks, boundaries, contacts)

  /// The boundaries' identifiers as of the last `appendBoundaries`, by an engine boundary's
  /// identifier index.
  private var identifierTable: [String] = []

  override var formsCollisionGroup: Bool { true }
  private struct Settings {
    var boundaryList: [(identifier: String, path: Path, number: UInt32)], nextBoundaryNumber: UInt32
    var collisionMode: Mode, translates: Bool, insets: EdgeInsets, identifierTable: [String]
  }
  override var savedSettings: Any? {
    Settings(
      boundaryList: boundaryList, nextBoundaryNumber: nextBoundaryNumber, collisionMode: collisionMode,
      translates: translatesReferenceBoundsIntoBoundary, insets: referenceBoundsInsets,
      identifierTable: identifierTable)
  }
  override func restoreSettings(_ saved: Any) {
    let s = saved as! Settings
    (boundaryList, nextBoundaryNumber, collisionMode) = (s.boundaryList, s.nextBoundaryNumber, s.collisionMode)
    (translatesReferenceBoundsIntoBoundary, referenceBoundsInsets) = (s.translates, s.insets)
    identifierTable = s.identifierTable
  }

  /// This behavior's bit in its items' masks, as its mode says: with items, with boundaries.
  override var collisionMasks: (item: UInt64, boundary: UInt64) {
    guard collisionBit >= 0 else { return (0, 0) }
    let bit: UInt64 = 1 << UInt64(collisionBit)
    return (collisionMode.contains(.items) ? bit : 0, collisionMode.contains(.boundaries) ? bit : 0)
  }

  override var reportsContacts: Bool { collisionDelegate != nil }

  /// -1 is the reference bounds, reported as nil.
  override func boundaryIdentifier(at index: Int32) -> String? {
    index >= 0 && Int(index) < identifierTable.count ? identifierTable[Int(index)] : nil
  }

  override func reportContact(_ contact: ContactReport) {
    guard let d = collisionDelegate else { return }
    if let item2 = contact.item2 {
      if contact.began {
        d.collisionBehavior(self, beganContactFor: contact.item1, with: item2, at: contact.point)
      } else {
        d.collisionBehavior(self, endedContactFor: contact.item1, with: item2)
      }
    } else if contact.began {
      d.collisionBehavior(
        self, beganContactFor: contact.item1, withBoundaryIdentifier: contact.boundaryIdentifier,
        at: contact.point)
    } else {
      d.collisionBehavior(self, endedContactFor: contact.item1, withBoundaryIdentifier: contact.boundaryIdentifier)
    }
  }

  /// Appends this behavior's boundary segments (the reference bounds first when they are a boundary).
  override func appendBoundaries(to segments: inout [BoundarySegment], referenceBounds: Rect?) {
    let bit = collisionBit
    identifierTable = boundaryList.map(\.identifier)
    // Stable keys: behavior bit (6 bits) · boundary number (13 bits) · segment (12 bits).
    func key(_ number: UInt32, _ segment: Int) -> UInt32 {
      (UInt32(bit) << 25) | ((number & 0x1FFF) << 12) | (UInt32(truncatingIfNeeded: segment) & 0xFFF)
    }
    if translatesReferenceBoundsIntoBoundary, let r = referenceBounds {
      let b = r.inset(by: referenceBoundsInsets)
      let c = [Vec2(b.minX, b.minY), Vec2(b.maxX, b.minY), Vec2(b.maxX, b.maxY), Vec2(b.minX, b.maxY)]
      for k in 0..<4 {
        var side = BoundarySegment(a: c[k], b: c[(k + 1) % 4], owner: bit, identifier: -1, stableKey: key(0x1FFF, k))
        let d = side.b - side.a
        side.inward = Vec2(-d.y, d.x).normalized
        segments.append(side)
      }
    }
    for (n, entry) in boundaryList.enumerated() {
      for (k, seg) in entry.path.segments.enumerated() where seg.start != seg.end {
        segments.append(
          BoundarySegment(
            a: Vec2(seg.start.x, seg.start.y), b: Vec2(seg.end.x, seg.end.y),
            owner: bit, identifier: Int32(n), stableKey: key(entry.number, k)))
      }
    }
  }
}
