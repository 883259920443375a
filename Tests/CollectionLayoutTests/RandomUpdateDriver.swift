import TestSupport
import Geometry2D
@testable import CollectionLayout

/// Makes one random operation at a time on a collection view and its identity data source: an update
/// (kept in step with the data source, or deliberately wrong and expected to be refused), a pointer or
/// wheel scroll, frames of time, or a resize.
struct RandomUpdateDriver {
  let cv: CollectionView
  let data: IdentityDataSource
  let multiSection: Bool
  let maximumItems: Int
  private(set) var operations = 0
  /// Set when a refused update changed something (what changed).
  private(set) var lastRefusalProblem: String?
  private var touch: Point?

  init(cv: CollectionView, data: IdentityDataSource, multiSection: Bool, maximumItems: Int) {
    self.cv = cv
    self.data = data
    self.multiSection = multiSection
    self.maximumItems = maximumItems
  }

  /// One operation; returns its description.
  mutating func step(_ rng: inout SplitMix) -> String {
    operations += 1
    switch rng.int(0..<12) {
    case 0, 1: return batch(&rng, size: 1)
    case 2, 3: return batch(&rng, size: rng.int(2..<5))
    case 4: return refusedUpdate(&rng)
    case 5: return reload(&rng)
    case 6 where multiSection: return sectionUpdate(&rng)
    case 7, 8: return pointer(&rng)
    case 9: return wheel(&rng)
    case 10: return resize(&rng)
    default:
      let frames = rng.int(1..<6)
      for _ in 0..<frames { cv.advance(by: 1.0 / 60) }
      operations += frames - 1
      return "advance \(frames) frames"
    }
  }

  private var total: Int { data.sections.reduce(0) { $0 + $1.count } }

  /// A batch of `size` item changes (inserts, deletes, moves), applied to the data and the view together.
  private mutating func batch(_ rng: inout SplitMix, size: Int) -> String {
    var sections = data.sections
    var deletes: [IndexPath] = [], inserts: [IndexPath] = [], moves: [(IndexPath, IndexPath)] = []
    // Deletes and moves name old index paths; build the new data by removing, then inserting, in order.
    var used = Set<IndexPath>()
    for _ in 0..<size {
      let s = rng.int(0..<sections.count)
      let kind = rng.int(0..<3)
      if kind == 0 || sections[s].isEmpty || total - deletes.count >= maximumItems {
        if kind == 0, !sections[s].isEmpty, total - deletes.count > 1 {
          let ip = IndexPath(item: rng.int(0..<data.sections[s].count), section: s)
          if used.insert(ip).inserted { deletes.append(ip) }
        }
        continue
      }
      let old = IndexPath(item: rng.int(0..<data.sections[s].count), section: s)
      if kind == 1 {
        inserts.append(IndexPath(item: -1, section: s))  // placed below, once the removals are known
      } else if used.insert(old).inserted {
        moves.append((old, IndexPath(item: -1, section: rng.int(0..<sections.count))))
      }
    }
    // The new data: remove deleted and moved items, then insert new and moved items at random places.
    var removed = Set(deletes).union(moves.map(\.0))
    var movedIDs: [Int] = moves.map { data.sections[$0.0.section][$0.0.item] }
    for s in sections.indices {
      sections[s] = data.sections[s].enumerated().filter { !removed.contains(IndexPath(item: $0.offset, section: s)) }.map(\.element)
    }
    var placed: [(IndexPath, Int)] = []
    for i in inserts.indices { placed.append((inserts[i], data.makeID())) }
    for i in moves.indices { placed.append((moves[i].1, movedIDs[i])) }
    var newInserts: [IndexPath] = [], newMoves: [(IndexPath, IndexPath)] = []
    for (k, (slot, id)) in placed.enumerated() {
      let s = slot.section
      let at = rng.int(0..<(sections[s].count + 1))
      sections[s].insert(id, at: at)
      // Earlier placements in this section at or after `at` shift by one.
      for j in newInserts.indices where newInserts[j].section == s && newInserts[j].item >= at { newInserts[j].item += 1 }
      for j in newMoves.indices where newMoves[j].1.section == s && newMoves[j].1.item >= at { newMoves[j].1.item += 1 }
      if k < inserts.count { newInserts.append(IndexPath(item: at, section: s)) } else { newMoves.append((moves[k - inserts.count].0, IndexPath(item: at, section: s))) }
    }
    removed = []
    movedIDs = []
    data.sections = sections
    do {
      try cv.performBatchUpdates {
        try cv.deleteItems(at: deletes)
        try cv.insertItems(at: newInserts)
        for (a, b) in newMoves { try cv.moveItem(at: a, to: b) }
      }
    } catch {
      return "a valid batch was refused: \(error)"
    }
    operations += deletes.count + newInserts.count + newMoves.count
    return "batch delete \(deletes) insert \(newInserts) move \(newMoves)"
  }

  /// An update whose counts do not match the data source: it must throw and change nothing.
  private mutating func refusedUpdate(_ rng: inout SplitMix) -> String {
    let before = Snapshot(cv)
    let s = rng.int(0..<data.sections.count)
    let wrong = IndexPath(item: rng.int(0..<(data.sections[s].count + 1)), section: s)
    do {
      if rng.int(0..<2) == 0 { try cv.insertItems(at: [wrong]) } else { try cv.deleteItems(at: [wrong]) }
      lastRefusalProblem = "nothing: the update was accepted"
    } catch {
      let after = Snapshot(cv)
      if after != before { lastRefusalProblem = before.difference(to: after) }
    }
    return "refused update at \(wrong)"
  }

  /// Gives an item new content (a new id) and reloads it: its cell must show the new content.
  private mutating func reload(_ rng: inout SplitMix) -> String {
    let s = rng.int(0..<data.sections.count)
    guard !data.sections[s].isEmpty else { return "nothing to reload" }
    let i = rng.int(0..<data.sections[s].count)
    data.sections[s][i] = data.makeID()
    cv.reloadItems(at: [IndexPath(item: i, section: s)])
    return "reload \(IndexPath(item: i, section: s))"
  }

  private mutating func sectionUpdate(_ rng: inout SplitMix) -> String {
    switch rng.int(0..<3) {
    case 0 where data.sections.count < 5:
      let at = rng.int(0..<(data.sections.count + 1))
      let ids = (0..<rng.int(0..<6)).map { _ in data.makeID() }
      guard total + ids.count <= maximumItems else { return "no room for a section" }
      data.sections.insert(ids, at: at)
      try? cv.insertSections([at])
      return "insert section \(at) of \(ids.count)"
    case 1 where data.sections.count > 1:
      let at = rng.int(0..<data.sections.count)
      data.sections.remove(at: at)
      try? cv.deleteSections([at])
      return "delete section \(at)"
    default:
      guard data.sections.count > 1 else { return "one section" }
      let a = rng.int(0..<data.sections.count), b = rng.int(0..<data.sections.count)
      data.sections.insert(data.sections.remove(at: a), at: b)
      try? cv.moveSection(a, toSection: b)
      return "move section \(a) → \(b)"
    }
  }

  /// A press, a move of a drag (a frame apart), or a release (a fling when fast).
  private mutating func pointer(_ rng: inout SplitMix) -> String {
    let f = cv.frame
    if let p = touch {
      if rng.int(0..<4) == 0 {
        cv.touchUp(at: p, time: cv.time)
        touch = nil
        return "release at \(p)"
      }
      let q = Point(x: min(f.maxX - 1, max(f.minX + 1, p.x + Double(rng.int(-80..<81)))),
                    y: min(f.maxY - 1, max(f.minY + 1, p.y + Double(rng.int(-80..<81)))))
      cv.touchMoved(to: q, time: cv.time)
      cv.advance(by: 1.0 / 60)
      touch = q
      return "drag to \(q)"
    }
    let p = Point(x: f.minX + Double(rng.int(1..<Int(f.width))), y: f.minY + Double(rng.int(1..<Int(f.height))))
    cv.touchDown(at: p, time: cv.time)
    touch = p
    return "press at \(p)"
  }

  private mutating func wheel(_ rng: inout SplitMix) -> String {
    let d = Vector(dx: Double(rng.int(-40..<41)), dy: Double(rng.int(-120..<121)))
    cv.scrollWheel(by: d, isPrecise: rng.int(0..<2) == 0, at: Point(x: cv.frame.midX, y: cv.frame.midY), time: cv.time)
    return "wheel \(d)"
  }

  private mutating func resize(_ rng: inout SplitMix) -> String {
    let f = cv.frame
    cv.frame = Rect(x: f.minX, y: f.minY, width: max(200, f.width + Double(rng.int(-60..<61))),
                    height: max(200, f.height + Double(rng.int(-60..<61))))
    cv.layoutIfNeeded()
    return "resize to \(cv.frame.size)"
  }
}

/// What a refused update must leave as it was.
struct Snapshot: Equatable {
  var counts: [Int]
  var cells: [String]
  var springs: [String]

  init(_ cv: CollectionView) {
    counts = (0..<cv.numberOfSections).map { cv.numberOfItems(inSection: $0) }
    cells = cv.displayedElements.map { e in
      "\(e.attributes.elementKey) \(ObjectIdentifier(e.view).hashValue) \(e.attributes.frame)"
    }
    switch cv.collectionViewLayout {
    case let l as SpringyFlowLayout: springs = l.springs.map { "\($0.attributes.indexPath) \($0.attributes.center)" }
    case let l as SpringyCarouselLayout: springs = l.springs.map { "\($0.attributes.indexPath) \($0.attributes.center)" }
    default: springs = []
    }
  }

  func difference(to other: Snapshot) -> String {
    if counts != other.counts { return "the counts \(counts) → \(other.counts)" }
    if cells != other.cells { return "the displayed cells" }
    return "the springs"
  }
}
