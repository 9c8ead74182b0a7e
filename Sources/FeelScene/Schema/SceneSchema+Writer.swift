import FeelEngine

extension SceneSchema {
  /// `scene` as a scene file's text, in pieces (`ScenePieces`), that `SceneReader` reads back to
  /// the same scene. Every value is written, defaults included, so scenes that differ only in
  /// values give pieces that differ only in value tokens. `header` lines are written first, as
  /// `#` comments. The recognizer is written for a scene with touches, `[measure]` when it sets
  /// anything.
  public static func pieces(_ scene: Scene, header: [String] = []) -> ScenePieces {
    var w = ScenePieces()
    for line in header {
      w.text("# " + String(line.map { $0.isNewline ? " " : $0 }) + "\n")
    }
    w.lines(Self.scene.entries(scene))
    for item in scene.items {
      w.text("\n[[\(Section.item.rawValue)]]\n")
      w.lines(Self.item.entries(item))
    }
    for group in scene.groups {
      w.text("\n[[\(Section.group.rawValue)]]\n")
      w.lines(Self.group.entries(group))
    }
    for behavior in scene.behaviors {
      w.text("\n[[\(Section.behavior.rawValue)]]\n")
      w.lines(Self.behavior.entries(behavior))
      w.lines(behaviorType(of: behavior.kind).entries(behavior.kind) ?? [])
    }
    if !scene.touches.isEmpty {
      w.text("\n[\(Section.recognizer.rawValue)]\n")
      w.lines(recognizer.entries(scene.recognizer))
    }
    for touch in scene.touches {
      w.text("\n[[\(Section.touch.rawValue)]]\n")
      w.lines(Self.touch.entries(touch))
    }
    if scene.measure != measure.defaults {
      w.text("\n[\(Section.measure.rawValue)]\n")
      w.lines(measure.entries(scene.measure))
    }
    for rule in scene.rules {
      w.text("\n[[\(Section.rule.rawValue)]]\n")
      w.lines(Self.rule.entries(rule))
    }
    return w
  }
}

extension ScenePieces {
  fileprivate mutating func lines(_ entries: [WrittenEntry]) {
    for entry in entries { line(entry.key, entry.value) }
  }
}
