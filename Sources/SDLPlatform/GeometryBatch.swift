import CSDL2

/// Triangles waiting to be sent to SDL in one `SDL_RenderGeometry` call: shapes, and glyph quads of the
/// atlas. The batch keeps one texture (or none); asking for another sends what is pending first, so the
/// triangles keep their order and blend as if drawn one by one. Its arrays keep their capacity, so a warm
/// frame allocates nothing.
final class GeometryBatch {
  private let renderer: OpaquePointer
  private var vertices: [SDL_Vertex] = []
  private var indices: [Int32] = []
  private var texture: OpaquePointer?
  /// `SDL_RenderGeometry` calls made since the counter was last read (for the benchmarks' report).
  private(set) var calls = 0

  /// Draws untextured triangles itself instead of SDL (the software renderer's direct raster); returns
  /// false to leave them to SDL.
  var fillsUntextured: ((UnsafeBufferPointer<SDL_Vertex>, UnsafeBufferPointer<Int32>) -> Bool)?

  init(renderer: OpaquePointer) { self.renderer = renderer }

  var isEmpty: Bool { indices.isEmpty }
  var vertexCount: Int32 { Int32(vertices.count) }

  /// Makes `t` the batch's texture, sending the pending triangles if they use another.
  @inline(__always) func use(_ t: OpaquePointer?) {
    if t != texture {
      flush()
      texture = t
    }
  }

  /// Sends the pending triangles in one call and empties the batch.
  func flush() {
    guard !indices.isEmpty else { return }
    vertices.withUnsafeBufferPointer { v in
      indices.withUnsafeBufferPointer { i in
        if texture == nil, let fill = fillsUntextured, fill(v, i) { return }
        _ = SDL_RenderGeometry(renderer, texture, v.baseAddress, Int32(v.count), i.baseAddress, Int32(i.count))
        calls += 1
      }
    }
    vertices.removeAll(keepingCapacity: true)
    indices.removeAll(keepingCapacity: true)
  }

  func resetCallCount() { calls = 0 }

  @inline(__always) func vertex(_ x: Double, _ y: Double, _ color: SDL_Color, _ uv: SDL_FPoint) {
    vertices.append(SDL_Vertex(position: SDL_FPoint(x: Float(x), y: Float(y)), color: color, tex_coord: uv))
  }

  @inline(__always) func triangle(_ a: Int32, _ b: Int32, _ c: Int32) {
    indices.append(a)
    indices.append(b)
    indices.append(c)
  }

  /// An axis-aligned quad from (x0, y0) to (x1, y1) showing the texture from (u0, v0) to (u1, v1), as
  /// two triangles over its corners in order (the software renderer recognises the pair as a rectangle
  /// and copies it instead of rasterizing triangles).
  func quad(
    _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ color: SDL_Color,
    u0: Float, v0: Float, u1: Float, v1: Float
  ) {
    let base = vertexCount
    vertex(x0, y0, color, SDL_FPoint(x: u0, y: v0))
    vertex(x1, y0, color, SDL_FPoint(x: u1, y: v0))
    vertex(x1, y1, color, SDL_FPoint(x: u1, y: v1))
    vertex(x0, y1, color, SDL_FPoint(x: u0, y: v1))
    triangle(base, base + 1, base + 2)
    triangle(base, base + 2, base + 3)
  }
}
