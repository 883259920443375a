/// Where each element of before a batch update is after it, worked out from the layout's update items
/// alone (UIKit's rules: deletes and move sources are old index paths, inserts and move destinations new
/// ones; the k-th surviving old item takes the k-th new slot not taken by an insert or a move; the items
/// of a reloaded section are new elements, as the collection view treats them). Physics
/// layouts use it to keep each element's spring state by identity across inserts, deletes and moves.
///
/// Cost: O(u log u) to build for u update items, O(u) per lookup — nothing per item of the section.
struct UpdateIndexMap {
  private var deletedSections = Set<Int>()
  /// Old sections reloaded whole: their items are new elements (the count may change), none maps.
  private var reloadedSections = Set<Int>()
  private var removedSections: [Int] = []
  private var takenSections: [Int] = []
  private var movedSections: [Int: Int] = [:]
  /// Per old section: removed item indices (deleted or moved out), sorted.
  private var removedItems: [Int: [Int]] = [:]
  /// Per new section: taken item indices (inserted or moved in), sorted.
  private var takenItems: [Int: [Int]] = [:]
  private var deletedItems = Set<IndexPath>()
  private var movedItems: [IndexPath: IndexPath] = [:]
  /// Whether there is nothing to remap (only reloads of items, or nothing at all).
  private(set) var isIdentity = true

  init(_ updates: [CollectionViewUpdateItem]) {
    for u in updates {
      let before = u.indexPathBeforeUpdate, after = u.indexPathAfterUpdate
      switch u.updateAction {
      case .delete:
        guard let b = before else { continue }
        isIdentity = false
        if b.item == IndexPath.notFound {
          deletedSections.insert(b.section)
          removedSections.append(b.section)
        } else {
          deletedItems.insert(b)
          removedItems[b.section, default: []].append(b.item)
        }
      case .insert:
        guard let a = after else { continue }
        isIdentity = false
        if a.item == IndexPath.notFound {
          takenSections.append(a.section)
        } else {
          takenItems[a.section, default: []].append(a.item)
        }
      case .move:
        guard let b = before, let a = after else { continue }
        isIdentity = false
        if b.item == IndexPath.notFound {
          movedSections[b.section] = a.section
          removedSections.append(b.section)
          takenSections.append(a.section)
        } else {
          movedItems[b] = a
          removedItems[b.section, default: []].append(b.item)
          takenItems[a.section, default: []].append(a.item)
        }
      case .reload:
        guard let b = before, b.item == IndexPath.notFound else { continue }
        isIdentity = false
        reloadedSections.insert(b.section)
      case .none:
        continue
      }
    }
    removedSections.sort()
    takenSections.sort()
    for k in removedItems.keys { removedItems[k]!.sort() }
    for k in takenItems.keys { takenItems[k]!.sort() }
  }

  /// The k-th slot (0-based) not in `taken` (sorted).
  private static func slot(_ k: Int, skipping taken: [Int]) -> Int {
    var n = k
    for t in taken {
      if t <= n { n += 1 } else { break }
    }
    return n
  }

  /// How many of `sorted` are below `value`.
  private static func countBelow(_ value: Int, in sorted: [Int]) -> Int {
    var lo = 0, hi = sorted.count
    while lo < hi {
      let m = (lo + hi) / 2
      if sorted[m] < value { lo = m + 1 } else { hi = m }
    }
    return lo
  }

  /// The new index of an old section, or nil if it was deleted.
  func newSection(forOld s: Int) -> Int? {
    if deletedSections.contains(s) { return nil }
    if let moved = movedSections[s] { return moved }
    let rank = s - UpdateIndexMap.countBelow(s, in: removedSections)
    return UpdateIndexMap.slot(rank, skipping: takenSections)
  }

  /// The new index path of an old item, or nil if it (or its section) was deleted.
  func newIndexPath(forOld ip: IndexPath) -> IndexPath? {
    if isIdentity { return ip }
    if deletedItems.contains(ip) || reloadedSections.contains(ip.section) { return nil }
    if let moved = movedItems[ip] { return moved }
    guard let section = newSection(forOld: ip.section) else { return nil }
    let removed = removedItems[ip.section] ?? []
    let rank = ip.item - UpdateIndexMap.countBelow(ip.item, in: removed)
    return IndexPath(item: UpdateIndexMap.slot(rank, skipping: takenItems[section] ?? []), section: section)
  }

  /// The new key of an old element: cells by item, supplementary and decoration views by section.
  func newKey(forOld key: ElementKey) -> ElementKey? {
    var k = key
    if key.category == .cell {
      guard let ip = newIndexPath(forOld: key.indexPath) else { return nil }
      k.indexPath = ip
    } else {
      guard let s = newSection(forOld: key.indexPath.section) else { return nil }
      k.indexPath.section = s
    }
    return k
  }
}
