/// Union-find over a list of parents (each entry its own root to start with): the islands and the
/// joint groups both group bodies with it.
enum UnionFind {
  /// The root of `i`'s set, compressing the path to it.
  @inline(__always) static func find(_ parent: UnsafeMutableBufferPointer<Int32>, _ i: Int) -> Int {
    var r = i
    while Int(parent[r]) != r { r = Int(parent[r]) }
    var k = i
    while Int(parent[k]) != r {
      let next = Int(parent[k])
      parent[k] = Int32(r)
      k = next
    }
    return r
  }
}
