/// Several arrays' storage lent at once, for a pass that keeps pointers into all of them (an array
/// lends its storage only inside a closure; these nest the closures in one place instead of at every
/// pass).
@inline(__always) func withMutableBuffers<A, B, R>(
  _ a: inout [A], _ b: inout [B],
  _ body: (UnsafeMutableBufferPointer<A>, UnsafeMutableBufferPointer<B>) -> R
) -> R {
  a.withUnsafeMutableBufferPointer { a in
    b.withUnsafeMutableBufferPointer { b in body(a, b) }
  }
}

@inline(__always) func withMutableBuffers<A, B, C, R>(
  _ a: inout [A], _ b: inout [B], _ c: inout [C],
  _ body: (UnsafeMutableBufferPointer<A>, UnsafeMutableBufferPointer<B>, UnsafeMutableBufferPointer<C>) -> R
) -> R {
  withMutableBuffers(&a, &b) { a, b in
    c.withUnsafeMutableBufferPointer { c in body(a, b, c) }
  }
}

@inline(__always) func withMutableBuffers<A, B, C, D, R>(
  _ a: inout [A], _ b: inout [B], _ c: inout [C], _ d: inout [D],
  _ body: (
    UnsafeMutableBufferPointer<A>, UnsafeMutableBufferPointer<B>, UnsafeMutableBufferPointer<C>,
    UnsafeMutableBufferPointer<D>
  ) -> R
) -> R {
  withMutableBuffers(&a, &b) { a, b in
    withMutableBuffers(&c, &d) { c, d in body(a, b, c, d) }
  }
}

/// Two arrays' storage lent at once for reading.
@inline(__always) func withBuffers<A, B, R>(
  _ a: [A], _ b: [B], _ body: (UnsafeBufferPointer<A>, UnsafeBufferPointer<B>) -> R
) -> R {
  a.withUnsafeBufferPointer { a in
    b.withUnsafeBufferPointer { b in body(a, b) }
  }
}
