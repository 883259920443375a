/// An 8-bit sRGB colour with straight (not premultiplied) alpha.
package struct Color: Hashable, Sendable {
  package var r: UInt8, g: UInt8, b: UInt8, a: UInt8

  package init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  /// From 0xRRGGBB.
  package init(hex: UInt32, alpha: UInt8 = 255) {
    self.init(r: UInt8((hex >> 16) & 0xFF), g: UInt8((hex >> 8) & 0xFF), b: UInt8(hex & 0xFF), a: alpha)
  }

  package func withAlpha(_ a: UInt8) -> Color { Color(r: r, g: g, b: b, a: a) }

  /// The straight-line mix between two colours, `t` in 0…1.
  package func mixed(with o: Color, _ t: Double) -> Color {
    func m(_ x: UInt8, _ y: UInt8) -> UInt8 {
      UInt8(Swift.max(0, Swift.min(255, (Double(x) + (Double(y) - Double(x)) * t).rounded())))
    }
    return Color(r: m(r, o.r), g: m(g, o.g), b: m(b, o.b), a: m(a, o.a))
  }

  /// 0xAARRGGBB, the layout of an ARGB8888 pixel.
  package var argb: UInt32 { UInt32(a) << 24 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }

  package static let black = Color(r: 0, g: 0, b: 0)
  package static let white = Color(r: 255, g: 255, b: 255)
  package static let clear = Color(r: 0, g: 0, b: 0, a: 0)
  package static let red = Color(r: 255, g: 0, b: 0)
  package static let green = Color(r: 0, g: 255, b: 0)
  package static let blue = Color(r: 0, g: 0, b: 255)
}

/// The sandbox's palette, so scenes share one look.
package enum Palette {
  package static let background = Color(hex: 0x14161C)
  package static let panel = Color(hex: 0x1F232B)
  package static let grid = Color(hex: 0x2A2F3A)
  package static let text = Color(hex: 0xE6E8EE)
  package static let dimText = Color(hex: 0x8A91A0)
  package static let accent = Color(hex: 0x4FA3FF)
  package static let warm = Color(hex: 0xFF8A3D)
  package static let good = Color(hex: 0x55D17A)
  package static let warning = Color(hex: 0xFFD24A)
  package static let bad = Color(hex: 0xFF5A5A)
  package static let spring = Color(hex: 0xC77DFF)
}
