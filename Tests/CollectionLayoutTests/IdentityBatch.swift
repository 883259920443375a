@testable import CollectionLayout

/// A batch update described as UIKit reads one: deletes, reloads and move sources name index paths
/// before the update, inserts and move destinations index paths after it. `apply(to:)` computes the
/// data source after it by UIKit's rules; `tell(_:)` records it in a `performBatchUpdates` block.
struct IdentityBatch: CustomStringConvertible {
  var deletedSections: [Int] = []
  /// New section index → how many new items it holds.
  var insertedSections: [(section: Int, count: Int)] = []
  var movedSections: [(from: Int, to: Int)] = []
  /// Old section index → how many new items it holds after the reload.
  var reloadedSections: [(section: Int, count: Int)] = []
  var deletedItems: [IndexPath] = []
  var insertedItems: [IndexPath] = []
  var movedItems: [(from: IndexPath, to: IndexPath)] = []
  var reloadedItems: [IndexPath] = []

  /// How many changes the batch holds (each section or item inserted, deleted, moved or reloaded).
  var changeCount: Int {
    deletedSections.count + insertedSections.count + movedSections.count + reloadedSections.count
      + deletedItems.count + insertedItems.count + movedItems.count + reloadedItems.count
  }

  var description: String {
    var parts: [String] = []
    if !deletedSections.isEmpty { parts.append("delete sections \(deletedSections)") }
    if !insertedSections.isEmpty {
      parts.append("insert sections \(insertedSections.map { "\($0.section)(\($0.count))" })")
    }
    if !movedSections.isEmpty { parts.append("move sections \(movedSections.map { "\($0.from)→\($0.to)" })") }
    if !reloadedSections.isEmpty {
      parts.append("reload sections \(reloadedSections.map { "\($0.section)(\($0.count))" })")
    }
    if !deletedItems.isEmpty { parts.append("delete \(deletedItems)") }
    if !insertedItems.isEmpty { parts.append("insert \(insertedItems)") }
    if !movedItems.isEmpty { parts.append("move \(movedItems.map { "\($0.from)→\($0.to)" })") }
    if !reloadedItems.isEmpty { parts.append("reload \(reloadedItems)") }
    return parts.isEmpty ? "empty batch" : parts.joined(separator: ", ")
  }

  /// The sections after the update, by UIKit's rules: inserted and moved sections take their new
  /// slots, the other old ones fill the rest in order; in each section, inserts and move destinations
  /// take their slots and the surviving old items fill the rest in order. New items come from `make`.
  /// Nil when the batch does not describe a consistent update (the counts would not work out).
  func apply(to old: [[ModelItem]], make: () -> ModelItem) -> [[ModelItem]]? {
    let newSectionCount = old.count - deletedSections.count + insertedSections.count
    guard newSectionCount >= 0 else { return nil }
    var oldForNew = [Int?](repeating: nil, count: newSectionCount)
    var isInserted = [Bool](repeating: false, count: newSectionCount)
    for s in insertedSections {
      guard s.section < newSectionCount else { return nil }
      isInserted[s.section] = true
    }
    for m in movedSections {
      guard m.to < newSectionCount else { return nil }
      oldForNew[m.to] = m.from
    }
    let gone = Set(deletedSections).union(movedSections.map(\.from))
    var survivors = (0..<old.count).filter { !gone.contains($0) }[...]
    for t in 0..<newSectionCount where !isInserted[t] && oldForNew[t] == nil {
      guard let s = survivors.popFirst() else { return nil }
      oldForNew[t] = s
    }
    var result: [[ModelItem]] = []
    for t in 0..<newSectionCount {
      if let inserted = insertedSections.first(where: { $0.section == t }) {
        result.append((0..<inserted.count).map { _ in make() })
      } else if let s = oldForNew[t], let reload = reloadedSections.first(where: { $0.section == s }) {
        result.append((0..<reload.count).map { _ in make() })
      } else if let s = oldForNew[t] {
        guard let items = section(t, from: s, old: old, make: make) else { return nil }
        result.append(items)
      } else {
        return nil
      }
    }
    return result
  }

  private func section(_ t: Int, from s: Int, old: [[ModelItem]], make: () -> ModelItem) -> [ModelItem]? {
    let removed = Set(
      deletedItems.filter { $0.section == s }.map(\.item) + movedItems.filter { $0.from.section == s }.map(\.from.item))
    var rest = old[s].enumerated().filter { !removed.contains($0.offset) }.map(\.element)[...]
    var taken: [Int: ModelItem] = [:]
    for ip in insertedItems where ip.section == t { taken[ip.item] = make() }
    for m in movedItems where m.to.section == t { taken[m.to.item] = old[m.from.section][m.from.item] }
    let count = rest.count + taken.count
    var items: [ModelItem] = []
    for i in 0..<count {
      if let item = taken[i] {
        items.append(item)
      } else if let item = rest.popFirst() {
        items.append(item)
      } else {
        return nil
      }
    }
    guard taken.keys.allSatisfy({ $0 < count }) else { return nil }
    for ip in reloadedItems where ip.section == s {
      if let k = items.firstIndex(where: { $0.id == old[s][ip.item].id }) { items[k].version += 1 }
    }
    return items
  }

  /// Records the batch with the collection view (inside `performBatchUpdates`).
  func tell(_ cv: CollectionView) throws {
    if !deletedSections.isEmpty { try cv.deleteSections(deletedSections) }
    if !insertedSections.isEmpty { try cv.insertSections(insertedSections.map(\.section)) }
    for m in movedSections { try cv.moveSection(m.from, toSection: m.to) }
    if !reloadedSections.isEmpty { cv.reloadSections(reloadedSections.map(\.section)) }
    if !deletedItems.isEmpty { try cv.deleteItems(at: deletedItems) }
    if !insertedItems.isEmpty { try cv.insertItems(at: insertedItems) }
    for m in movedItems { try cv.moveItem(at: m.from, to: m.to) }
    if !reloadedItems.isEmpty { cv.reloadItems(at: reloadedItems) }
  }
}

extension IdentityScene {
  /// Applies `batch` to the model, then performs it on the collection view. A batch the model cannot
  /// apply is not performed (returns false).
  @discardableResult
  func perform(_ batch: IdentityBatch) throws -> Bool {
    guard let next = batch.apply(to: model.sections, make: model.makeItem) else { return false }
    model.sections = next
    try cv.performBatchUpdates { try batch.tell(cv) }
    return true
  }
}
