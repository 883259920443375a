/// Object identity → body index, an open-addressing table with linear probing. It replaces
/// `[ObjectIdentifier: Int32]` on the per-frame path (`updateItem(usingCurrentState:)` for every visible
/// cell of a springy collection view, whenever the item is not in the slot after the last one moved): a
/// multiplicative hash of the address costs a few nanoseconds where `Hasher` costs tens. Only looked
/// up, never iterated, so its order cannot leak into the solve. Keys and values stay in two arrays: one
/// array of 16-byte slots was measured slower at 10,000 items (a larger table, more cache misses; the
/// value's load goes out beside the key's anyway).
struct IdentityMap {
  private var keys: [UInt] = []
  private var values: [Int32] = []
  private var mask = 0
  private(set) var count = 0

  init(minimumCapacity: Int = 0) {
    var capacity = 16
    while capacity < minimumCapacity * 2 { capacity <<= 1 }
    keys = [UInt](repeating: 0, count: capacity)
    values = [Int32](repeating: -1, count: capacity)
    mask = capacity - 1
  }

  @inline(__always) private func slot(_ key: UInt) -> Int {
    // Fibonacci hashing of the address (objects are 16-byte aligned; the multiply mixes the high bits down).
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
  }

  @inline(__always) static func key(_ object: AnyObject) -> UInt {
    UInt(bitPattern: ObjectIdentifier(object))
  }

  subscript(object: AnyObject) -> Int32? {
    get { lookup(IdentityMap.key(object)) }
  }

  @inline(__always) func lookup(_ key: UInt) -> Int32? {
    guard !keys.isEmpty else { return nil }
    var i = slot(key)
    return keys.withUnsafeBufferPointer { k in
      while true {
        let stored = k[i]
        if stored == key { return values[i] }
        if stored == 0 { return nil }
        i = (i + 1) & mask
      }
    }
  }

  /// Inserts or replaces.
  mutating func set(_ object: AnyObject, _ value: Int32) {
    if (count + 1) * 2 > keys.count { grow() }
    let key = IdentityMap.key(object)
    var i = slot(key)
    while keys[i] != 0 && keys[i] != key { i = (i + 1) & mask }
    if keys[i] == 0 { count += 1 }
    keys[i] = key
    values[i] = value
  }

  /// Removes the object's entry (backward-shift deletion: later entries of its probe run move up, so
  /// lookups never meet a hole before their key).
  mutating func remove(_ object: AnyObject) {
    guard !keys.isEmpty else { return }
    let key = IdentityMap.key(object)
    var i = slot(key)
    while keys[i] != key {
      if keys[i] == 0 { return }
      i = (i + 1) & mask
    }
    var j = i
    while true {
      j = (j + 1) & mask
      if keys[j] == 0 { break }
      let home = slot(keys[j])
      // An entry whose home lies cyclically in (i, j] stays; any other can move back into the hole.
      let stays = i <= j ? (i < home && home <= j) : (i < home || home <= j)
      if !stays {
        keys[i] = keys[j]
        values[i] = values[j]
        i = j
      }
    }
    keys[i] = 0
    values[i] = -1
    count -= 1
  }

  private mutating func grow() {
    let oldKeys = keys, oldValues = values
    let capacity = Swift.max(16, keys.count * 2)
    keys = [UInt](repeating: 0, count: capacity)
    values = [Int32](repeating: -1, count: capacity)
    mask = capacity - 1
    count = 0
    for (j, k) in oldKeys.enumerated() where k != 0 {
      var i = slot(k)
      while keys[i] != 0 { i = (i + 1) & mask }
      keys[i] = k
      values[i] = oldValues[j]
      count += 1
    }
  }
}
