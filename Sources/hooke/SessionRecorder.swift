import Foundation
import SandboxCore

/// Writes a session recording as it happens, a frame at a time, flushed, so a crash still leaves a
/// file that replays up to it.
final class SessionRecorder {
  private let handle: FileHandle
  let path: String

  init(path: String, header: SessionRecording) throws {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
      throw RecordingError(message: "--record \(path) is a folder; name a file to write the recording to")
    }
    guard FileManager.default.createFile(atPath: path, contents: Data(header.headerText.utf8)),
      let h = FileHandle(forWritingAtPath: path)
    else {
      throw RecordingError(
        message: "could not create the recording \(path); check that its folder exists and is writable")
    }
    handle = h
    handle.seekToEndOfFile()
    self.path = path
  }

  func append(_ frame: SessionRecording.Frame) {
    handle.write(Data(SessionRecording.text(for: frame).utf8))
  }

  func finish(digest: UInt64) {
    handle.write(Data("digest \(String(digest, radix: 16))\n".utf8))
    try? handle.close()
  }
}

struct RecordingError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

/// Reads and parses a recording, with errors that name the file and line.
func loadRecording(_ path: String) throws -> SessionRecording {
  let bytes: [UInt8]
  do {
    bytes = try BoundedFile.read(path, limit: SessionRecordingLimits.maximumFileSize)
  } catch {
    throw RecordingError(message: "the recording \(path): \(error.message)")
  }
  guard let text = String(validating: bytes, as: UTF8.self) else {
    throw RecordingError(message: "the recording \(path) is not UTF-8 text; this is not a Hooke session recording")
  }
  return try SessionRecording.parse(text, file: path)
}
