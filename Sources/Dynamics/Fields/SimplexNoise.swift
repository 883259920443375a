#if canImport(Glibc)
  import Glibc
#endif

/// Seeded 3-D simplex noise with its analytic gradient (after Stefan Gustavson's "Simplex noise
/// demystified" and his `sdnoise3`), the noise that noise and turbulence fields are made of. The
/// kernel radius² is 0.5, not the paper's 0.6: with 0.6 a corner's contribution is not yet zero where
/// the point leaves its simplex, and the force jumps there. Two
/// instances with the same seed give bit-identical values; the permutation is shuffled by SplitMix64,
/// never by the process's random source.
struct SimplexNoise: Sendable {
  /// 512 entries: a seeded permutation of 0…255, twice, so corner hashes never wrap.
  private let perm: [UInt8]

  init(seed: UInt64) {
    var p = (0..<256).map { UInt8($0) }
    var state = seed
    for i in stride(from: 255, to: 0, by: -1) {
      let j = Int(SimplexNoise.splitMix(&state) % UInt64(i + 1))
      p.swapAt(i, j)
    }
    perm = p + p
  }

  static func splitMix(_ state: inout UInt64) -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The 12 edge directions of a cube, Gustavson's gradient set for 3-D simplex noise.
  private static let gradients: [(Double, Double, Double)] = [
    (1, 1, 0), (-1, 1, 0), (1, -1, 0), (-1, -1, 0), (1, 0, 1), (-1, 0, 1),
    (1, 0, -1), (-1, 0, -1), (0, 1, 1), (0, -1, 1), (0, 1, -1), (0, -1, -1)
  ]

  /// The noise repeats every 768 units along each axis: shifting x by 768 shifts the skewed lattice
  /// by (1024, 256, 256), multiples of the 256-entry hash, and the unskewed offsets not at all.
  static let period = 768.0

  /// Coordinates beyond this are wrapped by `period` first, so the lattice index always fits an Int
  /// (smaller ones are used as they are, bit for bit).
  static let wrapThreshold = period * 1_048_576

  /// `c` wrapped into one period when it is large: the remainder on Doubles, which is exact (a huge
  /// value is never converted to Int).
  @inline(__always) static func wrapped(_ c: Double) -> Double {
    abs(c) < wrapThreshold ? c : c.truncatingRemainder(dividingBy: period)
  }

  /// The noise value (about −1…1) and its partial derivatives along x and y at (x, y, z); zero for a
  /// non-finite coordinate.
  func sample(x: Double, y: Double, z: Double) -> (value: Double, dx: Double, dy: Double) {
    guard x.isFinite && y.isFinite && z.isFinite else { return (0, 0, 0) }
    let x = SimplexNoise.wrapped(x), y = SimplexNoise.wrapped(y), z = SimplexNoise.wrapped(z)
    let f3 = 1.0 / 3, g3 = 1.0 / 6
    let s = (x + y + z) * f3
    let i = floor(x + s), j = floor(y + s), k = floor(z + s)
    let t = (i + j + k) * g3
    let x0 = x - (i - t), y0 = y - (j - t), z0 = z - (k - t)
    // Which of the six tetrahedra of the skewed cube the point is in.
    var i1 = 0.0, j1 = 0.0, k1 = 0.0, i2 = 0.0, j2 = 0.0, k2 = 0.0
    if x0 >= y0 {
      if y0 >= z0 {
        i1 = 1
        i2 = 1
        j2 = 1
      } else if x0 >= z0 {
        i1 = 1
        i2 = 1
        k2 = 1
      } else {
        k1 = 1
        i2 = 1
        k2 = 1
      }
    } else {
      if y0 < z0 {
        k1 = 1
        j2 = 1
        k2 = 1
      } else if x0 < z0 {
        j1 = 1
        j2 = 1
        k2 = 1
      } else {
        j1 = 1
        i2 = 1
        j2 = 1
      }
    }
    let ii = Int(i) & 255, jj = Int(j) & 255, kk = Int(k) & 255
    var value = 0.0, dx = 0.0, dy = 0.0
    return perm.withUnsafeBufferPointer { perm in
      @inline(__always) func corner(_ cx: Double, _ cy: Double, _ cz: Double, _ oi: Int, _ oj: Int, _ ok: Int) {
        let t0 = 0.5 - cx * cx - cy * cy - cz * cz
        guard t0 > 0 else { return }
        let h = Int(perm[ii + oi + Int(perm[jj + oj + Int(perm[kk + ok])])]) % 12
        let g = SimplexNoise.gradients[h]
        let gd = g.0 * cx + g.1 * cy + g.2 * cz
        let t2 = t0 * t0, t4 = t2 * t2
        value += t4 * gd
        // d/dx of t⁴·(g·c) = −8·t³·cx·(g·c) + t⁴·gx
        let k8 = -8 * t2 * t0 * gd
        dx += k8 * cx + t4 * g.0
        dy += k8 * cy + t4 * g.1
      }
      corner(x0, y0, z0, 0, 0, 0)
      corner(x0 - i1 + g3, y0 - j1 + g3, z0 - k1 + g3, Int(i1), Int(j1), Int(k1))
      corner(x0 - i2 + 2 * g3, y0 - j2 + 2 * g3, z0 - k2 + 2 * g3, Int(i2), Int(j2), Int(k2))
      corner(x0 - 1 + 3 * g3, y0 - 1 + 3 * g3, z0 - 1 + 3 * g3, 1, 1, 1)
      return (32 * value, 32 * dx, 32 * dy)
    }
  }
}
