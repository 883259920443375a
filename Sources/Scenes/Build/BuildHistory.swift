/// Undo and redo for the playground: the documents before each build action or edit. A document is a
/// value, so a step back is the description as it was, motion included (its poses and velocities were
/// recorded when the action was made). Edits of one property in a row (a slider dragged, a value stepped
/// with the arrows) are one step: `coalescing` names the property, and an edit of the same one right
/// after keeps the first's step.
package struct BuildHistory: Sendable {
  private var undoStack: [BuildDocument] = []
  private var redoStack: [BuildDocument] = []
  private var lastKey: String?
  /// The most steps kept; the oldest go first. A document is a few kilobytes, so this is a few MB.
  package static let depth = 500

  package init() {}

  package var canUndo: Bool { !undoStack.isEmpty }
  package var canRedo: Bool { !redoStack.isEmpty }
  package var undoCount: Int { undoStack.count }

  /// Keeps `before`, the document as it was before a change, unless the change continues the last one.
  package mutating func record(_ before: BuildDocument, coalescing key: String? = nil) {
    defer { lastKey = key }
    if let key, key == lastKey, !undoStack.isEmpty { return }
    undoStack.append(before)
    if undoStack.count > Self.depth { undoStack.removeFirst() }
    redoStack.removeAll()
  }

  /// Ends a run of edits of one property, so the next edit is a step of its own.
  package mutating func breakCoalescing() { lastKey = nil }

  /// The document to go back to, given the present one (kept for redo); nil when there is none.
  package mutating func undo(from present: BuildDocument) -> BuildDocument? {
    lastKey = nil
    guard let previous = undoStack.popLast() else { return nil }
    redoStack.append(present)
    return previous
  }

  package mutating func redo(from present: BuildDocument) -> BuildDocument? {
    lastKey = nil
    guard let next = redoStack.popLast() else { return nil }
    undoStack.append(present)
    return next
  }
}
