import ArgumentParser
import FeelScene
import Foundation

/// A failure the user caused: printed as is, exit status 2.
struct InputError: Error, CustomStringConvertible {
  var description: String
}

extension ParsableCommand {
  /// Reads and parses a scene file; bad input exits with status 2 and one clear message.
  func loadScene(_ path: String) throws -> Scene {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw failure("\(path): cannot read the scene file (\(error.localizedDescription))")
    }
    do {
      return try SceneReader.parse(text, file: path)
    } catch {
      throw failure(error.description)
    }
  }

  func failure(_ message: String) -> Error {
    FileHandle.standardError.write(Data(("feel: error: " + message + "\n").utf8))
    return ExitCode(2)
  }
}
