/// The updates recorded inside one `performBatchUpdates` call, as given (before validation).
struct BatchRecorder {
  var insertedSections: [Int] = []
  var deletedSections: [Int] = []
  var reloadedSections: [Int] = []
  var movedSections: [(from: Int, to: Int)] = []
  var insertedItems: [IndexPath] = []
  var deletedItems: [IndexPath] = []
  var reloadedItems: [IndexPath] = []
  var movedItems: [(from: IndexPath, to: IndexPath)] = []
  var completions: [(Bool) -> Void] = []
}
