import CSDL2
import Geometry2D
import SandboxCore
import Testing
import TestSupport
@testable import SDLPlatform

extension InProcessSDL {
  /// The software renderer's own triangle fill: seeded random triangles, each filled span by span, cover
  /// exactly the pixels whose centres the three edge functions cover (the top-left rule on ties), and
  /// shapes made of many triangles blend every pixel once.
  @Suite(.serialized) struct SoftwareRasterTests {
    /// A 64×64 ARGB surface and a raster over it; `body` gets both.
    func withRaster(_ body: (SoftwareRaster, UnsafeMutablePointer<SDL_Surface>) throws -> Void) throws {
      let surface = try #require(SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
      defer { SDL_FreeSurface(surface) }
      let raster = try #require(SoftwareRaster(surface: surface))
      try body(raster, surface)
    }

    func vertex(_ x: Double, _ y: Double, _ c: SDL_Color) -> SDL_Vertex {
      SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)), color: c, tex_coord: SDL_FPoint(x: 0, y: 0))
    }

    @Test func spansCoverWhatTheEdgeFunctionsCover() throws {
      var random = SplitMix(seed: 0x7E57)
      try withRaster { raster, surface in
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        for trial in 0..<500 {
          let pixels = surface.pointee.pixels!.assumingMemoryBound(to: UInt32.self)
          pixels.update(repeating: 0, count: 64 * 64)
          // Corners anywhere around the surface, some on pixel centres and edges exactly.
          func coordinate() -> Double {
            random.chance(0.3) ? Double(random.int(70)) - 3 + (random.chance(0.5) ? 0.5 : 0) : random.uniform(-8, 72)
          }
          let p = (0..<3).map { _ in (coordinate(), coordinate()) }
          let v = [vertex(p[0].0, p[0].1, white), vertex(p[1].0, p[1].1, white), vertex(p[2].0, p[2].1, white)]
          let i: [Int32] = [0, 1, 2]
          v.withUnsafeBufferPointer { vb in i.withUnsafeBufferPointer { ib in raster.fillTriangles(vb, ib, scale: 1) } }
          // The reference: every pixel centre tested against the three edges of the counter-clockwise triangle.
          var (ax, ay, bx, by, cx, cy) = (
            Double(Float(p[0].0)), Double(Float(p[0].1)), Double(Float(p[1].0)),
            Double(Float(p[1].1)), Double(Float(p[2].0)), Double(Float(p[2].1))
          )
          let area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
          if area < 0 {
            swap(&bx, &cx)
            swap(&by, &cy)
          }
          let edges = [Edge(ax, ay, bx, by), Edge(bx, by, cx, cy), Edge(cx, cy, ax, ay)]
          var mismatches = 0
          for y in 0..<64 {
            for x in 0..<64 {
              let expected = area != 0 && edges.allSatisfy { $0.covers(Double(x) + 0.5, Double(y) + 0.5) }
              if (pixels[y * 64 + x] != 0) != expected { mismatches += 1 }
            }
          }
          #expect(mismatches == 0, "seed=0x7E57, trial \(trial), triangle \(p): \(mismatches) pixels differ")
          if mismatches > 0 { return }
        }
      }
    }

    /// A translucent disc as a fan of 24 triangles over a uniform background: every covered pixel has the
    /// same colour (no seam is blended twice, no pixel between two triangles is left out).
    @Test func aTranslucentFanBlendsEveryPixelOnce() throws {
      try withRaster { raster, surface in
        let pixels = surface.pointee.pixels!.assumingMemoryBound(to: UInt32.self)
        pixels.update(repeating: 0xFF10_2030, count: 64 * 64)
        let c = SDL_Color(r: 255, g: 80, b: 40, a: 120)
        var v = [vertex(32.3, 31.7, c)]
        for k in 0..<24 {
          let a = Double(k) / 24 * 2 * .pi
          v.append(vertex(32.3 + 25 * cos(a), 31.7 + 25 * sin(a), c))
        }
        var i: [Int32] = []
        for k in 0..<24 { i += [0, Int32(1 + k), Int32(1 + (k + 1) % 24)] }
        v.withUnsafeBufferPointer { vb in i.withUnsafeBufferPointer { ib in raster.fillTriangles(vb, ib, scale: 1) } }
        let colours = Set((0..<(64 * 64)).map { pixels[$0] }.filter { $0 != 0xFF10_2030 })
        #expect(colours.count == 1, "the disc has \(colours.count) colours: \(colours.map { String($0, radix: 16) })")
      }
    }
  }
}

extension InProcessSDL.SoftwareRasterTests {
  /// Seeded random rings and discs: exactly the pixels whose centres lie at a distance in [inner, outer).
  @Test func annuliCoverTheirPixelCentres() throws {
    var random = SplitMix(seed: 0xA11)
    try withRaster { raster, surface in
      let pixels = surface.pointee.pixels!.assumingMemoryBound(to: UInt32.self)
      for trial in 0..<200 {
        pixels.update(repeating: 0, count: 64 * 64)
        let cx = random.uniform(-10, 74), cy = random.uniform(-10, 74)
        let outer = random.uniform(0.2, 30), inner = random.chance(0.3) ? 0 : random.uniform(0, outer)
        raster.fillAnnulus(
          cx: cx, cy: cy, inner: inner, outer: outer, scale: 1, color: SDL_Color(r: 255, g: 255, b: 255, a: 255))
        var mismatches = 0
        for y in 0..<64 {
          for x in 0..<64 {
            let d2 = (Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy)
            if (pixels[y * 64 + x] != 0) != (d2 < outer * outer && d2 >= inner * inner) { mismatches += 1 }
          }
        }
        #expect(
          mismatches == 0,
          "seed=0xA11, trial \(trial): centre (\(cx), \(cy)), radii \(inner)…\(outer): \(mismatches) pixels differ")
        if mismatches > 0 { return }
      }
    }
  }
}
