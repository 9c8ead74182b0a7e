import Foundation
import Testing

@testable import FeelServe

/// The refusals the request tables' choices and the live message's `type` give, word for word
/// (docs/http-api.md, docs/live-protocol.md): a body with neither or both of `scene` and
/// `scene_toml`, of `experiment` and `control`; a live message without a known `type`.
@Suite struct RequestMessageTests {
  static let neitherScene =
    #"<request>: key 'scene': expected a scene ("scene": a path under the server's root, or "#
    + #""scene_toml": a scene file's text), got nothing"#
  static let bothScenes =
    #"<request>: key 'scene_toml': expected one of "scene" and "scene_toml", got both"#
  static let experimentOrControl =
    "<request>: key 'experiment': expected an experiment file's path under the server's root "
    + "(or 'control', a control file's path: one of the two), got "
  static let types = "key 'type': expected one of open, touch, advance, set, save, metrics, got "

  static func refusal<T: Decodable>(_ type: T.Type, _ body: String, form: String) -> String {
    do {
      _ = try APIRequest.decode(T.self, Array(body.utf8), form: form)
      return "(accepted)"
    } catch {
      return error.liveMessage
    }
  }

  static func liveRefusal(_ text: String) -> String {
    do {
      _ = try LiveMessage.parse(Array(text.utf8))
      return "(accepted)"
    } catch {
      return error.message
    }
  }

  @Test("a body's choices: scene or scene_toml, experiment or control, exactly one")
  func choices() {
    let scene = APIRequest.Scene.self
    let form = APIRequest.Scene.form
    #expect(Self.refusal(scene, "{}", form: form) == Self.neitherScene)
    #expect(Self.refusal(scene, #"{"set": {}}"#, form: form) == Self.neitherScene)
    #expect(
      Self.refusal(scene, #"{"scene": "a.toml", "scene_toml": "x"}"#, form: form)
        == Self.bothScenes)
    let gap = ServeRoutes.GapRequest.self
    let gapForm = ServeRoutes.GapRequest.form
    #expect(
      Self.refusal(gap, #"{"scene": "a.toml", "constant": "c", "gap_pt": 1}"#, form: gapForm)
        == Self.experimentOrControl + "nothing")
    #expect(
      Self.refusal(gap, #"{"experiment": "e.toml", "control": "c.toml"}"#, form: gapForm)
        == Self.experimentOrControl + "both")
    // Checked in the order of the body's reading: the experiment, the constant, then the scene.
    #expect(
      Self.refusal(gap, #"{"control": "c.toml", "constant": "c", "gap_pt": 1}"#, form: gapForm)
        == Self.neitherScene)
    #expect(
      Self.refusal(gap, #"{"control": "c.toml", "gap_pt": 1}"#, form: gapForm)
        == "<request>: key 'constant': expected the name of a constant of the experiment's "
        + "control (a string), got nothing")
    // A body without `scene_toml` among its keys requires `scene`.
    #expect(
      Self.refusal(ServeRoutes.StudioSceneRequest.self, "{}", form: "")
        == "<request>: key 'scene': expected a scene file's path under the server's root, "
        + "got nothing")
  }

  @Test("a live message's type, read first: missing, of another kind, unknown")
  func liveTypes() {
    #expect(Self.liveRefusal("{}") == Self.types + "nothing")
    #expect(Self.liveRefusal(#"{"type": null}"#) == Self.types + "null")
    #expect(Self.liveRefusal(#"{"type": 3}"#) == Self.types + "3")
    #expect(Self.liveRefusal(#"{"type": "fly"}"#) == Self.types + #""fly""#)
    #expect(
      Self.liveRefusal(#"{"type": "opn"}"#) == Self.types + #""opn"; did you mean 'open'?"#)
    #expect(
      Self.liveRefusal(#"{"type": "sav", "path": 1}"#)
        == Self.types + #""sav"; did you mean 'save'?"#)
    #expect(Self.liveRefusal(#"{"type": "open"}"#) == Self.neitherScene)
    #expect(
      Self.liveRefusal(#"{"type": "open", "scene": "a.toml", "scene_toml": "x"}"#)
        == Self.bothScenes)
  }
}
