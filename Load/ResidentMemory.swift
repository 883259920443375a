import Foundation

/// The process's resident memory, read from /proc/self/statm (pages, second field): what the kernel
/// holds for us, which is what a slow leak grows.
enum ResidentMemory {
  static func kilobytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
  }

  /// Growth allowed between the end of a warm-up and the end of a run: 8 MiB plus 5 %, room for the
  /// allocator's slack; a leak of even a few bytes a step over 36,000 frames goes past it.
  static func allowedGrowth(from start: Int) -> Int { 8 * 1024 + start / 20 }
}
