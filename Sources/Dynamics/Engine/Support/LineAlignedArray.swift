/// An array whose first element starts on a 64-byte cache line, with an array's value semantics (copy
/// on write: worlds are saved and restored by value).
///
/// Why not `Array`: a large Swift array's elements begin 48 bytes into a cache line (the allocation's
/// header and the array's own), so each 64-byte `BodyState` straddled two lines and a `Body`'s three hot
/// lines were four: every body loop and every solver gather read twice the lines it needed.
struct LineAlignedArray<Element>: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
  static var alignment: Int { Swift.max(64, MemoryLayout<Element>.alignment) }

  /// The elements' memory: `capacity` slots, the first `count` initialized.
  final class Storage {
    let base: UnsafeMutablePointer<Element>
    var count = 0
    let capacity: Int

    init(capacity: Int) {
      self.capacity = capacity
      let bytes = Swift.max(1, capacity) * MemoryLayout<Element>.stride
      base = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: LineAlignedArray.alignment)
        .bindMemory(to: Element.self, capacity: Swift.max(1, capacity))
    }

    /// A copy of the first `count` elements in storage for `capacity`.
    func copy(capacity: Int) -> Storage {
      let s = Storage(capacity: capacity)
      s.base.initialize(from: base, count: count)
      s.count = count
      return s
    }

    deinit {
      base.deinitialize(count: count)
      base.deallocate()
    }
  }

  private var storage: Storage

  init() { storage = Storage(capacity: 0) }

  init(_ elements: some Sequence<Element>) {
    let a = Array(elements)
    storage = Storage(capacity: a.count)
    a.withUnsafeBufferPointer { storage.base.initialize(from: $0.baseAddress.unsafelyUnwrapped, count: a.count) }
    storage.count = a.count
  }

  init(arrayLiteral elements: Element...) { self.init(elements) }

  init(repeating value: Element, count: Int) {
    storage = Storage(capacity: count)
    storage.base.initialize(repeating: value, count: count)
    storage.count = count
  }

  var startIndex: Int { 0 }
  var endIndex: Int { storage.count }
  var count: Int { storage.count }
  var capacity: Int { storage.capacity }

  subscript(i: Int) -> Element {
    get {
      precondition(i >= 0 && i < storage.count, "LineAlignedArray: index \(i) out of 0..<\(storage.count)")
      return storage.base[i]
    }
    _modify {
      precondition(i >= 0 && i < storage.count, "LineAlignedArray: index \(i) out of 0..<\(storage.count)")
      makeUnique()
      yield &storage.base[i]
    }
  }

  /// Copies the storage if another value shares it, keeping the capacity.
  private mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(capacity: storage.capacity) }
  }

  /// Unique storage with room for `n` elements (growing by doubling, as an array does).
  private mutating func reserve(_ n: Int) {
    if n > storage.capacity {
      storage = storage.copy(capacity: Swift.max(n, 2 * storage.capacity))
    } else {
      makeUnique()
    }
  }

  mutating func reserveCapacity(_ n: Int) { reserve(n) }

  mutating func append(_ e: Element) {
    reserve(storage.count + 1)
    (storage.base + storage.count).initialize(to: e)
    storage.count += 1
  }

  mutating func insert(_ e: Element, at i: Int) {
    precondition(i >= 0 && i <= storage.count, "LineAlignedArray: insertion index \(i) out of 0...\(storage.count)")
    reserve(storage.count + 1)
    let p = storage.base + i
    (p + 1).moveInitialize(from: p, count: storage.count - i)
    p.initialize(to: e)
    storage.count += 1
  }

  @discardableResult mutating func removeLast() -> Element {
    precondition(storage.count > 0, "LineAlignedArray: removeLast on an empty array")
    makeUnique()
    storage.count -= 1
    return (storage.base + storage.count).move()
  }

  mutating func removeAll(keepingCapacity: Bool = false) {
    if keepingCapacity && isKnownUniquelyReferenced(&storage) {
      storage.base.deinitialize(count: storage.count)
      storage.count = 0
    } else {
      storage = Storage(capacity: keepingCapacity ? storage.capacity : 0)
    }
  }

  func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
    try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
  }

  mutating func withUnsafeMutableBufferPointer<R>(
    _ body: (inout UnsafeMutableBufferPointer<Element>) throws -> R
  ) rethrows -> R {
    makeUnique()
    var buffer = UnsafeMutableBufferPointer(start: storage.base, count: storage.count)
    let (base, n) = (buffer.baseAddress, buffer.count)
    defer {
      precondition(
        buffer.baseAddress == base && buffer.count == n,
        "LineAlignedArray: withUnsafeMutableBufferPointer's buffer must not be replaced")
    }
    return try body(&buffer)
  }
}

extension LineAlignedArray: Equatable where Element: Equatable {
  static func == (a: Self, b: Self) -> Bool { a.elementsEqual(b) }
}

/// The bodies' records and solver states (`BodyStore.sims`, `BodyStore.states`).
typealias BodySims = LineAlignedArray<Body>
typealias BodyStates = LineAlignedArray<BodyState>
