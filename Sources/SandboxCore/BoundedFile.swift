#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a whole file the app was told to load (a scene, a recording), refusing what is not one: a
/// missing or unreadable path, a folder, or more bytes than `limit` (so `/dev/zero` or a runaway file
/// is an error, not an endless read).
package enum BoundedFile {
  package struct Failure: Error, Sendable {
    /// What went wrong and what to do, without the path (the caller's error names the file).
    package var message: String
  }

  /// The whole file, or an error when it has more than `limit` bytes (with `truncating`, its first
  /// `limit` bytes instead).
  package static func read(_ path: String, limit: Int, truncating: Bool = false) throws(Failure) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw Failure(message: "could not read the file (\(describe(errno))); check the path") }
    defer { close(fd) }
    var st = stat()
    if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
      throw Failure(message: "is a folder; name a file")
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: min(1 << 16, limit + 1))
    while true {
      let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw Failure(message: "could not read the file (\(describe(errno)))")
      }
      if n == 0 { return bytes }
      bytes += chunk[0..<n]
      if bytes.count > limit, truncating { return Array(bytes.prefix(limit)) }
      if bytes.count > limit {
        throw Failure(message: "the file is larger than \(limit >> 20) MiB; this is not a file Hooke wrote or reads")
      }
    }
  }

  private static func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
