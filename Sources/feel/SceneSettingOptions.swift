import ArgumentParser
import FeelCommandSupport
import FeelScene

/// `--set PATH=VALUE` of the commands that read one scene (`feel run`, `feel metrics`): scene
/// values named by their experiment paths, applied before the command runs, each checked as an
/// experiment's `[fixed]` value is (`SceneInput`). A command includes them with
/// `@OptionGroup var settings: SceneSettingOptions` and reads its scene through `scene(_:)`.
struct SceneSettingOptions: ParsableArguments {
  @Option(
    name: .customLong("set"),
    help: ArgumentHelp(
      "A scene value by its experiment path, as an experiment's [fixed] table sets it (repeatable; docs/experiments.md, \"Paths\").",
      valueName: "path=value"))
  var settings: [String] = []

  /// The scene file `path`, read, with the settings written in.
  func scene(_ path: String) throws(FeelError) -> Scene {
    try SceneInput.file(path, settings: settings).load()
  }
}
