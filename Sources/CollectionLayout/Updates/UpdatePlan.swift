/// A validated batch update: how every old section and item maps to the new ones.
///
/// Items are mapped without per-item arrays, so an update of a million-item section costs
/// O(updates · log updates) and not O(items): the k-th surviving old item goes to the k-th new slot not
/// taken by an insert or a move destination.
struct UpdatePlan {
  let oldCounts: [Int]
  let newCounts: [Int]
  private(set) var newSectionForOld: [Int?]
  private(set) var oldSectionForNew: [Int?]
  private(set) var reloadedOldSections: Set<Int> = []
  private(set) var insertedNewSections: Set<Int> = []

  /// Per surviving old section: removed old items (deleted or moved out) and taken new slots (inserted
  /// or moved in), both sorted.
  private struct SectionItems {
    var removedOld: [Int] = []
    var takenNew: [Int] = []
  }
  private var itemChanges: [Int: SectionItems] = [:]
  private var moveOldToNew: [IndexPath: IndexPath] = [:]
  private var moveNewToOld: [IndexPath: IndexPath] = [:]
  private var deletedItems: Set<IndexPath> = []
  private var insertedItems: Set<IndexPath> = []
  private var reloadedItems: Set<IndexPath> = []
  private(set) var updateItems: [CollectionViewUpdateItem] = []

  init(oldCounts: [Int], newCounts: [Int], batch: BatchRecorder) throws {
    self.oldCounts = oldCounts
    self.newCounts = newCounts
    newSectionForOld = Array(repeating: nil, count: oldCounts.count)
    oldSectionForNew = Array(repeating: nil, count: newCounts.count)
    try planSections(batch)
    try planItems(batch)
    buildUpdateItems(batch)
  }

  // MARK: Sections

  private mutating func planSections(_ batch: BatchRecorder) throws {
    let oldN = oldCounts.count, newN = newCounts.count
    var deleted = Set<Int>(), inserted = Set<Int>(), reloaded = Set<Int>()
    var moveSources = Set<Int>(), moveDestinations = Set<Int>()
    for s in batch.deletedSections {
      guard s >= 0, s < oldN else {
        throw CollectionViewUpdateError.sectionOutOfRange(s, operation: "delete", sectionCount: oldN)
      }
      guard deleted.insert(s).inserted else {
        throw CollectionViewUpdateError.conflictingUpdates("section \(s) is deleted twice")
      }
    }
    for s in batch.reloadedSections {
      guard s >= 0, s < oldN else {
        throw CollectionViewUpdateError.sectionOutOfRange(s, operation: "reload", sectionCount: oldN)
      }
      guard !deleted.contains(s) else {
        throw CollectionViewUpdateError.conflictingUpdates("section \(s) is both deleted and reloaded")
      }
      reloaded.insert(s)
    }
    for s in batch.insertedSections {
      guard s >= 0, s < newN else {
        throw CollectionViewUpdateError.sectionOutOfRange(s, operation: "insert", sectionCount: newN)
      }
      guard inserted.insert(s).inserted else {
        throw CollectionViewUpdateError.conflictingUpdates("section \(s) is inserted twice")
      }
    }
    for move in batch.movedSections {
      guard move.from >= 0, move.from < oldN else {
        throw CollectionViewUpdateError.sectionOutOfRange(move.from, operation: "move", sectionCount: oldN)
      }
      guard move.to >= 0, move.to < newN else {
        throw CollectionViewUpdateError.sectionOutOfRange(move.to, operation: "move to", sectionCount: newN)
      }
      guard !deleted.contains(move.from), !reloaded.contains(move.from), moveSources.insert(move.from).inserted else {
        throw CollectionViewUpdateError.conflictingUpdates(
          "section \(move.from) is moved and also deleted, reloaded or moved again")
      }
      guard !inserted.contains(move.to), moveDestinations.insert(move.to).inserted else {
        throw CollectionViewUpdateError.conflictingUpdates(
          "section \(move.to) is the destination of a move and of another insert or move")
      }
      newSectionForOld[move.from] = move.to
      oldSectionForNew[move.to] = move.from
    }
    guard newN == oldN + inserted.count - deleted.count else {
      throw CollectionViewUpdateError.invalidNumberOfSections(
        before: oldN, after: newN, inserted: inserted.count,
        deleted: deleted.count)
    }
    // The remaining old sections fill the remaining new slots in order.
    let survivors = (0..<oldN).filter { !deleted.contains($0) && !moveSources.contains($0) }
    let freeSlots = (0..<newN).filter { !inserted.contains($0) && !moveDestinations.contains($0) }
    for (old, new) in zip(survivors, freeSlots) {
      newSectionForOld[old] = new
      oldSectionForNew[new] = old
    }
    reloadedOldSections = reloaded
    insertedNewSections = inserted
  }

  // MARK: Items

  private mutating func planItems(_ batch: BatchRecorder) throws {
    func checkOld(_ ip: IndexPath, _ operation: String) throws {
      guard ip.section >= 0, ip.section < oldCounts.count else {
        throw CollectionViewUpdateError.sectionOutOfRange(
          ip.section, operation: operation, sectionCount: oldCounts.count)
      }
      guard newSectionForOld[ip.section] != nil else {
        throw CollectionViewUpdateError.conflictingUpdates(
          "attempt to \(operation) item \(ip.item) from section \(ip.section), which is being deleted")
      }
      guard ip.item >= 0, ip.item < oldCounts[ip.section] else {
        throw CollectionViewUpdateError.itemOutOfRange(ip, operation: operation, itemCount: oldCounts[ip.section])
      }
    }
    func checkNew(_ ip: IndexPath, _ operation: String) throws {
      guard ip.section >= 0, ip.section < newCounts.count else {
        throw CollectionViewUpdateError.sectionOutOfRange(
          ip.section, operation: operation, sectionCount: newCounts.count)
      }
      guard ip.item >= 0, ip.item < newCounts[ip.section] else {
        throw CollectionViewUpdateError.itemOutOfRange(ip, operation: operation, itemCount: newCounts[ip.section])
      }
    }
    var touchedOld = [IndexPath: String]()  // what already happens to an old item
    var touchedNew = [IndexPath: String]()
    func claimOld(_ ip: IndexPath, _ what: String) throws {
      if let previous = touchedOld[ip] {
        throw CollectionViewUpdateError.conflictingUpdates(
          "item \(ip.item) in section \(ip.section) is both \(previous) and \(what)")
      }
      touchedOld[ip] = what
    }
    func claimNew(_ ip: IndexPath, _ what: String) throws {
      if let previous = touchedNew[ip] {
        throw CollectionViewUpdateError.conflictingUpdates(
          "item \(ip.item) in section \(ip.section) after the update is both \(previous) and \(what)")
      }
      touchedNew[ip] = what
    }

    for ip in batch.deletedItems {
      try checkOld(ip, "delete")
      try claimOld(ip, "deleted")
      if !reloadedOldSections.contains(ip.section) {
        deletedItems.insert(ip)
        itemChanges[ip.section, default: SectionItems()].removedOld.append(ip.item)
      }
    }
    for ip in batch.reloadedItems {
      try checkOld(ip, "reload")
      try claimOld(ip, "reloaded")
      reloadedItems.insert(ip)
    }
    var movedIn = [Int: Int](), movedOut = [Int: Int]()  // by new / old section
    for move in batch.movedItems {
      try checkOld(move.from, "move")
      try checkNew(move.to, "move to")
      try claimOld(move.from, "moved")
      try claimNew(move.to, "a move destination")
      guard !insertedNewSections.contains(move.to.section) else {
        throw CollectionViewUpdateError.conflictingUpdates(
          "attempt to move an item into section \(move.to.section), which is being inserted")
      }
      moveOldToNew[move.from] = move.to
      moveNewToOld[move.to] = move.from
      itemChanges[move.from.section, default: SectionItems()].removedOld.append(move.from.item)
      if let s = oldSectionForNew[move.to.section] {
        itemChanges[s, default: SectionItems()].takenNew.append(move.to.item)
      }
      movedOut[move.from.section, default: 0] += 1
      movedIn[move.to.section, default: 0] += 1
    }
    for ip in batch.insertedItems {
      try checkNew(ip, "insert")
      try claimNew(ip, "inserted")
      // Items inserted into an inserted section come with the section.
      guard !insertedNewSections.contains(ip.section), let s = oldSectionForNew[ip.section],
        !reloadedOldSections.contains(s)
      else { continue }
      insertedItems.insert(ip)
      itemChanges[s, default: SectionItems()].takenNew.append(ip.item)
    }
    for key in itemChanges.keys {
      itemChanges[key]?.removedOld.sort()
      itemChanges[key]?.takenNew.sort()
    }
    // Every surviving section must hold what the update says.
    for old in 0..<oldCounts.count {
      guard let new = newSectionForOld[old], !reloadedOldSections.contains(old) else { continue }
      let changes = itemChanges[old] ?? SectionItems()
      let deleted = changes.removedOld.count - (movedOut[old] ?? 0)
      let inserted = changes.takenNew.count - (movedIn[new] ?? 0)
      let expected = oldCounts[old] - deleted + inserted + (movedIn[new] ?? 0) - (movedOut[old] ?? 0)
      if newCounts[new] != expected {
        throw CollectionViewUpdateError.invalidNumberOfItems(
          section: new, before: oldCounts[old], after: newCounts[new], inserted: inserted, deleted: deleted,
          movedIn: movedIn[new] ?? 0, movedOut: movedOut[old] ?? 0)
      }
    }
  }

  private mutating func buildUpdateItems(_ batch: BatchRecorder) {
    var items: [CollectionViewUpdateItem] = []
    for s in batch.deletedSections.sorted() { items.append(.init(action: .delete, before: .section(s), after: nil)) }
    for s in batch.insertedSections.sorted() { items.append(.init(action: .insert, before: nil, after: .section(s))) }
    for s in batch.reloadedSections.sorted() {
      items.append(.init(action: .reload, before: .section(s), after: newSectionForOld[s].map { .section($0) }))
    }
    for m in batch.movedSections { items.append(.init(action: .move, before: .section(m.from), after: .section(m.to))) }
    for ip in batch.deletedItems.sorted() { items.append(.init(action: .delete, before: ip, after: nil)) }
    for ip in batch.insertedItems.sorted() { items.append(.init(action: .insert, before: nil, after: ip)) }
    for ip in batch.reloadedItems.sorted() {
      items.append(.init(action: .reload, before: ip, after: newIndexPath(forOld: ip, includingReloaded: true)))
    }
    for m in batch.movedItems { items.append(.init(action: .move, before: m.from, after: m.to)) }
    updateItems = items
  }

  // MARK: Mapping

  /// The k-th slot (from 0) not in `taken` (sorted).
  private static func freeSlot(_ k: Int, skipping taken: [Int]) -> Int {
    var slot = k
    for t in taken {
      if t <= slot { slot += 1 } else { break }
    }
    return slot
  }

  /// How many of `sorted` are below `value`.
  private static func countBelow(_ value: Int, in sorted: [Int]) -> Int {
    var lo = 0, hi = sorted.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if sorted[mid] < value { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// Where an old item is after the update; nil if it was deleted, or reloaded unless
  /// `includingReloaded` (a reloaded item keeps its place but is a new element for the animation).
  func newIndexPath(forOld ip: IndexPath, includingReloaded: Bool = false) -> IndexPath? {
    if let moved = moveOldToNew[ip] { return moved }
    guard ip.section >= 0, ip.section < newSectionForOld.count, let t = newSectionForOld[ip.section] else { return nil }
    if reloadedOldSections.contains(ip.section) {
      return includingReloaded && ip.item < newCounts[t] ? IndexPath(item: ip.item, section: t) : nil
    }
    if deletedItems.contains(ip) { return nil }
    if !includingReloaded && reloadedItems.contains(ip) { return nil }
    guard let changes = itemChanges[ip.section] else { return IndexPath(item: ip.item, section: t) }
    let rank = ip.item - UpdatePlan.countBelow(ip.item, in: changes.removedOld)
    return IndexPath(item: UpdatePlan.freeSlot(rank, skipping: changes.takenNew), section: t)
  }

  /// Where a new item was before the update; nil if it is inserted, reloaded or in a new section.
  func oldIndexPath(forNew ip: IndexPath) -> IndexPath? {
    if let moved = moveNewToOld[ip] { return moved }
    guard ip.section >= 0, ip.section < oldSectionForNew.count, let s = oldSectionForNew[ip.section],
      !reloadedOldSections.contains(s)
    else { return nil }
    if insertedItems.contains(ip) { return nil }
    let old: IndexPath
    if let changes = itemChanges[s] {
      let rank = ip.item - UpdatePlan.countBelow(ip.item, in: changes.takenNew)
      old = IndexPath(item: UpdatePlan.freeSlot(rank, skipping: changes.removedOld), section: s)
    } else {
      old = IndexPath(item: ip.item, section: s)
    }
    return reloadedItems.contains(old) ? nil : old
  }

  /// The element an old element becomes (nil when it goes away); decoration views keep their key.
  func newKey(forOld key: ElementKey) -> ElementKey? {
    switch key.category {
    case .cell:
      return newIndexPath(forOld: key.indexPath).map { ElementKey.cell($0) }
    case .supplementaryView:
      guard key.indexPath.section < newSectionForOld.count, let t = newSectionForOld[key.indexPath.section],
        !reloadedOldSections.contains(key.indexPath.section)
      else { return nil }
      return ElementKey(
        category: key.category, kind: key.kind, indexPath: IndexPath(item: key.indexPath.item, section: t))
    case .decorationView:
      return key
    }
  }

  /// The old element a new element was (nil when it is new).
  func oldKey(forNew key: ElementKey) -> ElementKey? {
    switch key.category {
    case .cell:
      return oldIndexPath(forNew: key.indexPath).map { ElementKey.cell($0) }
    case .supplementaryView:
      guard key.indexPath.section < oldSectionForNew.count, let s = oldSectionForNew[key.indexPath.section],
        !reloadedOldSections.contains(s)
      else { return nil }
      return ElementKey(
        category: key.category, kind: key.kind, indexPath: IndexPath(item: key.indexPath.item, section: s))
    case .decorationView:
      return key
    }
  }
}
