import FeelScene
import FeelSweep
import Foundation

/// A recognizer experiment's corpus of labelled touches (`[corpus]`, docs/touches.md,
/// "Recognizer experiment"), read as every input file is (`InputFile.text`, kind `.trace`).
extension InputFile {
  /// The corpus: every visible `.csv` file of its folder (not its subfolders; a path relative
  /// to the experiment file), and its synthetic traces. A missing folder is bad input at the
  /// `folder` key; a bad trace file names its file and line. `log` (if given) notes each trace
  /// file read, so that a sharded sweep's parts name their corpus among their inputs.
  public static func corpus(_ spec: CorpusSpec, experimentFile: String, log: InputLog? = nil)
    throws(FeelError)
    -> TouchCorpus
  {
    var files: [CorpusSpec.File] = []
    var shownFolder: String?
    if let written = spec.folder {
      let folder = relative(written, to: experimentFile)
      shownFolder = folder
      try ReadRoot.check(folder)
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
        isDirectory.boolValue
      else {
        let reason =
          FileManager.default.fileExists(atPath: folder) ? "not a folder" : "no such folder"
        throw FeelError(spec.missingFolderError(resolved: folder, reason: reason))
      }
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: folder)
      } catch {
        throw FeelError(
          "\(folder): cannot list the corpus folder (\(error.localizedDescription))")
      }
      for name in names where CorpusSpec.isTraceFile(name) {
        let path = (folder as NSString).appendingPathComponent(name)
        var isSubfolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isSubfolder),
          isSubfolder.boolValue
        {
          continue
        }
        let trace = try text(path, .trace)
        log?.record(.trace, path, trace)
        files.append(CorpusSpec.File(name: name, shownPath: path, text: trace))
      }
    }
    do {
      return try spec.corpus(files: files, folderShown: shownFolder)
    } catch {
      throw FeelError(error)
    }
  }
}
