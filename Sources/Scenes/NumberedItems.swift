import CollectionLayout

/// The items of a one-section demo: each has a number that stays with it, so inserts and deletes can be
/// followed on screen. Changes go through the collection view's batch updates; when the collection view
/// refuses one (its error names the counts), the numbers are left as they were, so model and view agree.
/// It is the collection view's data source too; a class, because the collection view reads the counts
/// while an update is running.
final class NumberedItems: CollectionViewDataSource {
  private(set) var numbers: [Int]
  private var next: Int

  init(count: Int) {
    numbers = Array(0..<count)
    next = count
  }

  var count: Int { numbers.count }

  /// The numbers and the next one to give, for a scene's snapshot; and putting them back.
  var saved: (numbers: [Int], next: Int) { (numbers, next) }
  func restore(_ s: (numbers: [Int], next: Int)) { (numbers, next) = s }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { numbers.count }

  func number(at ip: IndexPath) -> Int? { numbers.indices.contains(ip.item) ? numbers[ip.item] : nil }

  /// A new item at `ip`; returns its number.
  @discardableResult
  func insert(at ip: IndexPath, in view: CollectionView) throws -> Int {
    let before = numbers, n = next
    do {
      try view.performBatchUpdates {
        numbers.insert(n, at: min(ip.item, numbers.count))
        try view.insertItems(at: [ip])
      }
    } catch {
      numbers = before
      throw error
    }
    next += 1
    return n
  }

  /// Removes the item at `ip`; returns its number.
  @discardableResult
  func remove(at ip: IndexPath, in view: CollectionView) throws -> Int {
    let before = numbers
    guard numbers.indices.contains(ip.item) else {
      throw CollectionViewUpdateErrorDescription(message: "no item \(ip.item) to delete; there are \(numbers.count)")
    }
    let n = numbers[ip.item]
    do {
      try view.performBatchUpdates {
        numbers.remove(at: ip.item)
        try view.deleteItems(at: [ip])
      }
    } catch {
      numbers = before
      throw error
    }
    return n
  }
}

/// A refusal found before asking the collection view.
struct CollectionViewUpdateErrorDescription: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}
