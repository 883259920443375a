import CSDL2

extension SoftwareRaster {
  /// Fills the pixels whose centres lie between `inner` and `outer` from the centre (points; `scale`
  /// pixels per point): a disc when `inner` is 0, a ring otherwise. A circle costs a test per pixel of its
  /// bounds instead of a fan or ring of triangles (the field view draws a small ring at every cell).
  func fillAnnulus(cx: Double, cy: Double, inner: Double, outer: Double, scale: Double, color: SDL_Color) {
    let x0 = cx * scale, y0 = cy * scale, ro = outer * scale, ri = inner * scale
    guard ro > 0, ro.isFinite, x0.isFinite, y0.isFinite else { return }
    let ro2 = ro * ro, ri2 = ri * ri
    let top = Swift.max(0, Int((y0 - ro - 0.5).rounded(.up))),
      bottom = Swift.min(height - 1, Int((y0 + ro - 0.5).rounded(.down)))
    let left = Swift.max(0, Int((x0 - ro - 0.5).rounded(.up))),
      right = Swift.min(width - 1, Int((x0 + ro - 0.5).rounded(.down)))
    guard top <= bottom, left <= right else { return }
    let paint = Paint(color.r, color.g, color.b, color.a)
    for y in top...bottom {
      let dy = Double(y) + 0.5 - y0
      let line = pixels + y * stride
      for x in left...right {
        let dx = Double(x) + 0.5 - x0
        let d2 = dx * dx + dy * dy
        guard d2 < ro2, d2 >= ri2 else { continue }
        line[x] = paint.over(line[x])
      }
    }
  }
}
