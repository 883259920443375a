#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The C maths library is the only dependency of Geometry2D; these wrappers keep its names in one place.
extension Double {
  @inlinable var cosine: Double { cos(self) }
  @inlinable var sine: Double { sin(self) }
}

@inlinable func arcTangent(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inlinable func arcCosine(_ x: Double) -> Double { acos(x) }
