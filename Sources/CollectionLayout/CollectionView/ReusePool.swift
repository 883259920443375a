/// The recycled views of a collection view, keyed by element kind and reuse identifier, with the
/// classes registered to make new ones. Views come back out in last-in, first-out order.
struct ReusePool {
  struct Key: Hashable {
    var kind: String?  // nil for cells
    var identifier: String
  }

  private var classes: [Key: ReusableView.Type] = [:]
  private var queues: [Key: [ReusableView]] = [:]
  /// How many views were made and how many were recycled (for tests and the HUD).
  private(set) var createdCount = 0
  private(set) var reusedCount = 0

  mutating func register(_ type: ReusableView.Type?, for key: Key) {
    classes[key] = type
  }

  /// A recycled view (after `prepareForReuse()`), or a new one of the registered class (or `fallback`).
  mutating func dequeue(_ key: Key, fallback: ReusableView.Type) -> ReusableView {
    if var queue = queues[key], let view = queue.popLast() {
      queues[key] = queue
      reusedCount += 1
      view.prepareForReuse()
      return view
    }
    createdCount += 1
    let view = (classes[key] ?? fallback).init()
    view.reuseIdentifier = key.identifier
    return view
  }

  mutating func enqueue(_ view: ReusableView, kind: String?) {
    guard let identifier = view.reuseIdentifier else { return }
    view.layoutAttributes = nil
    queues[Key(kind: kind, identifier: identifier), default: []].append(view)
  }

  var pooledCount: Int { queues.values.reduce(0) { $0 + $1.count } }
}
