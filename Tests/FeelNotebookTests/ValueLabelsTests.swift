import FeelControl
import FeelDial
import FeelNotebook
import FeelScene
import FeelTestSupport
import Foundation
import Testing

/// The value labels `feel notebook` writes for a skin that asks for them (`value_labels` in its
/// `[skin]` table; the dial skin draws them, docs/notebook.md): FeelDial's transforms of the
/// seed's layout, written into the data, against `DialLayout` and against the closed form of
/// the layout, for N = 1…60.
@Suite struct ValueLabelsTests {
  static let labelHeight_pt = 24.0
  static let diameters_pt = [240.0, 173.5]

  /// A control file whose skin asks for value labels (7 for a disc without a detent).
  static func control(asking: Bool) throws -> ControlFile {
    let skin =
      asking
      ? "[skin]\nname = \"rim\"\nvalue_labels = 7\nvalue_label_height_pt = \(labelHeight_pt)\n"
      : "[skin]\nname = \"rim\"\n"
    return try ControlReader.parse("title = \"A rim\"\n\n" + skin, file: "controls/rim.toml")
  }

  /// The dial's flick scene (a detent, pointer at the top) cut to a tenth of a second, its
  /// detent's count and the disc's diameter set by the axes; `detent: false` removes the
  /// detent (and the rules, which name nothing else).
  static func experiment(detent: Bool, control: ControlFile) throws -> NotebookExperiment {
    let base = try loadScene("experiments/scenes/dial-flick-author.toml")
    let counts = Array(1...60)
    var experiment = NotebookExperiment(
      id: "rim", title: "Rim", description: "", file: "rim.toml",
      axes: [
        NotebookAxis(name: "count", values: counts.map { .number(Double($0)) }),
        NotebookAxis(name: "diameter", values: Self.diameters_pt.map { .number($0) }),
      ],
      metrics: [NotebookMetric(column: "x_pt", unit: "pt", definition: "x", isCount: false)],
      band_pt: 0.5, item: 0,
      scene: { c in
        var scene = base
        scene.duration_s = 0.1
        scene.items[0].size_pt = Point(Self.diameters_pt[c[1]], Self.diameters_pt[c[1]])
        for (b, behavior) in scene.behaviors.enumerated() {
          if case .detent(var spec) = behavior.kind {
            spec.count = counts[c[0]]
            scene.behaviors[b].kind = .detent(spec)
          }
        }
        if !detent {
          scene.behaviors.removeAll { if case .detent = $0.kind { true } else { false } }
        }
        return scene
      },
      measure: { scene in NotebookMeasurement(values: [scene.items[0].center_pt.x]) },
      target: { _ in nil })
    experiment.control = control
    return experiment
  }

  /// The data script's `points.labels` (JSON).
  static func labels(_ experiment: NotebookExperiment) throws -> Any {
    let (files, _) = NotebookBuilder.build([experiment], options: NotebookOptions(threads: 2))
    let script = try #require(files.first { $0.path == "data/rim.js" }).contents
    let data = try assignedObject(script)
    let points = try #require(data["points"] as? [String: Any])
    return try #require(points["labels"])
  }

  @Test("Each point's labels are FeelDial's transforms and the layout's closed form, N = 1…60")
  func labelsEqualFeelDialAndTheClosedForm() throws {
    let labels = try #require(
      try Self.labels(Self.experiment(detent: true, control: Self.control(asking: true)))
        as? [String: Any])
    let layouts = try #require(labels["layouts"] as? [[String: Any]])
    let of = try #require(labels["of"] as? [Int])
    // every stored point (count outer, diameter inner), each with its own layout
    #expect(of.count == 60 * Self.diameters_pt.count)
    #expect(layouts.count == 60 * Self.diameters_pt.count)
    let h = Self.labelHeight_pt
    for (point, index) in of.enumerated() {
      let n = point / Self.diameters_pt.count + 1
      let diameter = Self.diameters_pt[point % Self.diameters_pt.count]
      let r = diameter / 2
      let layout = layouts[index]
      #expect(layout["count"] as? Int == n)
      #expect(layout["diameter"] as? Double == diameter)
      #expect(layout["labelHeight"] as? Double == h)
      // the detent's pointer: phase π/2 + π
      expectClose(layout["pointer"] as? Double, Double.pi / 2 + Double.pi, .layoutField, "pointer")
      let fields = try #require(layout["transforms"] as? [Double])
      #expect(fields.count == 6 * n)
      let reference = DialLayout(count: n, diameter_pt: diameter, labelHeight_pt: h)
      for k in 0..<n {
        let f = Array(fields[(6 * k)..<(6 * k + 6)])
        let what = "N=\(n) d=\(diameter) k=\(k)"
        // FeelDial's own transform
        let t = reference.labelToDisc(k)
        for (got, want) in zip(f, [t.a, t.b, t.c, t.d, t.tx, t.ty]) {
          expectClose(got, want, .layoutPosition, "\(what) FeelDial")
        }
        // the closed form: the label's frame [0, r] × [r − h/2, r + h/2] turned by 2πk/N
        // about the disc's centre (r, r)
        let angle = 2 * Double.pi * Double(k) / Double(n)
        expectClose(f[0], cos(angle), .layoutField, "\(what) a")
        expectClose(f[1], sin(angle), .layoutField, "\(what) b")
        expectClose(f[2], -sin(angle), .layoutField, "\(what) c")
        expectClose(f[3], cos(angle), .layoutField, "\(what) d")
        expectClose(f[4], r - r * cos(angle) + h / 2 * sin(angle), .layoutPosition, "\(what) tx")
        expectClose(f[5], r - r * sin(angle) - h / 2 * cos(angle), .layoutPosition, "\(what) ty")
        // the text's point, the label's left end (0, h/2), on the rim at 2πk/N + π
        let x = f[2] * h / 2 + f[4]
        let y = f[3] * h / 2 + f[5]
        expectClose(x, r + r * cos(angle + Double.pi), .layoutPosition, "\(what) rim x")
        expectClose(y, r + r * sin(angle + Double.pi), .layoutPosition, "\(what) rim y")
      }
    }
  }

  @Test("Without a detent: the skin's count and no pointer; a skin that does not ask: none")
  func fallbackAndAbsence() throws {
    let labels = try #require(
      try Self.labels(Self.experiment(detent: false, control: Self.control(asking: true)))
        as? [String: Any])
    let layouts = try #require(labels["layouts"] as? [[String: Any]])
    // N is the skin's 7 whatever the axis says; one layout per diameter
    #expect(layouts.count == Self.diameters_pt.count)
    for layout in layouts {
      #expect(layout["count"] as? Int == 7)
      #expect(layout["pointer"] is NSNull)
      #expect((layout["transforms"] as? [Double])?.count == 42)
    }
    let none = try Self.labels(Self.experiment(detent: true, control: Self.control(asking: false)))
    #expect(none is NSNull)
  }
}
