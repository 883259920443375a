/// Storage that lends its elements as a buffer inside a closure: `Array` and `LineAlignedArray`.
protocol LendsBuffer<Element> {
  associatedtype Element
  func lend<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R
  mutating func lendMutable<R>(_ body: (UnsafeMutableBufferPointer<Element>) -> R) -> R
}

extension Array: LendsBuffer {
  @inline(__always) func lend<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R { withUnsafeBufferPointer(body) }
  @inline(__always) mutating func lendMutable<R>(_ body: (UnsafeMutableBufferPointer<Element>) -> R) -> R {
    withUnsafeMutableBufferPointer { body($0) }
  }
}

extension LineAlignedArray: LendsBuffer {
  @inline(__always) func lend<R>(_ body: (UnsafeBufferPointer<Element>) -> R) -> R { withUnsafeBufferPointer(body) }
  @inline(__always) mutating func lendMutable<R>(_ body: (UnsafeMutableBufferPointer<Element>) -> R) -> R {
    withUnsafeMutableBufferPointer { body($0) }
  }
}

/// Several arrays' storage lent at once, for a pass that keeps pointers into all of them (an array
/// lends its storage only inside a closure; these nest the closures in one place instead of at every
/// pass).
@inline(__always) func withMutableBuffers<SA: LendsBuffer, SB: LendsBuffer, R>(
  _ a: inout SA, _ b: inout SB,
  _ body: (UnsafeMutableBufferPointer<SA.Element>, UnsafeMutableBufferPointer<SB.Element>) -> R
) -> R {
  a.lendMutable { a in
    b.lendMutable { b in body(a, b) }
  }
}

@inline(__always) func withMutableBuffers<SA: LendsBuffer, SB: LendsBuffer, SC: LendsBuffer, R>(
  _ a: inout SA, _ b: inout SB, _ c: inout SC,
  _ body: (
    UnsafeMutableBufferPointer<SA.Element>, UnsafeMutableBufferPointer<SB.Element>,
    UnsafeMutableBufferPointer<SC.Element>
  ) -> R
) -> R {
  withMutableBuffers(&a, &b) { a, b in
    c.lendMutable { c in body(a, b, c) }
  }
}

@inline(__always) func withMutableBuffers<SA: LendsBuffer, SB: LendsBuffer, SC: LendsBuffer, SD: LendsBuffer, R>(
  _ a: inout SA, _ b: inout SB, _ c: inout SC, _ d: inout SD,
  _ body: (
    UnsafeMutableBufferPointer<SA.Element>, UnsafeMutableBufferPointer<SB.Element>,
    UnsafeMutableBufferPointer<SC.Element>, UnsafeMutableBufferPointer<SD.Element>
  ) -> R
) -> R {
  withMutableBuffers(&a, &b) { a, b in
    withMutableBuffers(&c, &d) { c, d in body(a, b, c, d) }
  }
}

@inline(__always)
func withMutableBuffers<SA: LendsBuffer, SB: LendsBuffer, SC: LendsBuffer, SD: LendsBuffer, SE: LendsBuffer, R>(
  _ a: inout SA, _ b: inout SB, _ c: inout SC, _ d: inout SD, _ e: inout SE,
  _ body: (
    UnsafeMutableBufferPointer<SA.Element>, UnsafeMutableBufferPointer<SB.Element>,
    UnsafeMutableBufferPointer<SC.Element>, UnsafeMutableBufferPointer<SD.Element>,
    UnsafeMutableBufferPointer<SE.Element>
  ) -> R
) -> R {
  withMutableBuffers(&a, &b, &c, &d) { a, b, c, d in
    e.lendMutable { e in body(a, b, c, d, e) }
  }
}

/// Two arrays' storage lent at once for reading.
@inline(__always) func withBuffers<SA: LendsBuffer, SB: LendsBuffer, R>(
  _ a: SA, _ b: SB, _ body: (UnsafeBufferPointer<SA.Element>, UnsafeBufferPointer<SB.Element>) -> R
) -> R {
  a.lend { a in
    b.lend { b in body(a, b) }
  }
}
