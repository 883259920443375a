extension String {
  /// The text in lines of at most `columns` characters, broken between words (a word longer than a line
  /// stands alone); lines after the first keep the text's own indent and two spaces more, so a wrapped
  /// row reads as one.
  package func wrapped(toColumns columns: Int) -> [String] {
    guard count > columns, columns > 0 else { return [self] }
    let indent = String(prefix { $0 == " " })
    var lines: [String] = []
    var line = ""
    for word in split(separator: " ") {
      if line.isEmpty {
        line = indent + word
      } else if line.count + 1 + word.count > columns {
        lines.append(line)
        line = indent + "  " + word
      } else {
        line += " " + word
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
