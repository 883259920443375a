import CSDL2

/// An image as ARGB8888 pixels (0xAARRGGBB), read back from a renderer or loaded from a PNG.
package struct PixelImage: Sendable, Equatable {
  package let width: Int
  package let height: Int
  package let pixels: [UInt32]

  package init(width: Int, height: Int, pixels: [UInt32]) {
    precondition(pixels.count == width * height, "PixelImage needs width × height pixels")
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  package func pixel(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

  /// FNV-1a over the pixels: equal images give equal hashes on every run and machine.
  package var contentHash: UInt64 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for p in pixels {
      for shift in stride(from: 0, to: 32, by: 8) {
        h ^= UInt64((p >> UInt32(shift)) & 0xFF)
        h = h &* 0x100_0000_01b3
      }
    }
    return h
  }

  /// Loads a PNG (or any format SDL2_image reads).
  package static func load(path: String) throws -> PixelImage {
    guard let loaded = IMG_Load(path) else { throw SDLError("could not read the image \(path)") }
    defer { SDL_FreeSurface(loaded) }
    guard let argb = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
      throw SDLError("could not convert \(path) to ARGB pixels")
    }
    defer { SDL_FreeSurface(argb) }
    return PixelImage(surface: argb)
  }

  /// Copies an ARGB8888 surface.
  init(surface: UnsafeMutablePointer<SDL_Surface>) {
    let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
    var out = [UInt32](repeating: 0, count: w * h)
    SDL_LockSurface(surface)
    if let base = surface.pointee.pixels {
      for y in 0..<h {
        let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
        for x in 0..<w { out[y * w + x] = row[x] }
      }
    }
    SDL_UnlockSurface(surface)
    self.init(width: w, height: h, pixels: out)
  }

  /// Writes the image as a PNG.
  package func savePNG(path: String) throws {
    guard
      let surface = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(width), Int32(height), 32,
        SDL_PIXELFORMAT_ARGB8888.rawValue)
    else {
      throw SDLError("could not make a \(width)×\(height) surface for \(path)")
    }
    defer { SDL_FreeSurface(surface) }
    SDL_LockSurface(surface)
    if let base = surface.pointee.pixels {
      let pitch = Int(surface.pointee.pitch)
      for y in 0..<height {
        let row = (base + y * pitch).assumingMemoryBound(to: UInt32.self)
        for x in 0..<width { row[x] = pixels[y * width + x] }
      }
    }
    SDL_UnlockSurface(surface)
    if IMG_SavePNG(surface, path) != 0 { throw SDLError("could not write the PNG \(path)") }
  }

  /// Reads what `renderer` has drawn so far (call before presenting: after it the contents are undefined).
  static func read(from renderer: OpaquePointer, width: Int, height: Int) throws -> PixelImage {
    guard
      let surface = SDL_CreateRGBSurfaceWithFormat(
        0, Int32(width), Int32(height), 32,
        SDL_PIXELFORMAT_ARGB8888.rawValue)
    else {
      throw SDLError("could not make a \(width)×\(height) surface for a screenshot")
    }
    defer { SDL_FreeSurface(surface) }
    if SDL_RenderReadPixels(
      renderer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.pointee.pixels,
      surface.pointee.pitch) != 0
    {
      throw SDLError("could not read the frame's pixels")
    }
    return PixelImage(surface: surface)
  }
}
