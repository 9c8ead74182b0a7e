import FeelCore
import Testing

/// "Did you mean …?": only close names are suggested.
@Suite struct NameSuggestionTests {
  @Test("did-you-mean suggests only close names")
  func suggestions() {
    #expect(NameSuggestion.closest(to: "dampnig", among: ["damping", "point"]) == "damping")
    #expect(NameSuggestion.closest(to: "Magnitude", among: ["magnitude"]) == "magnitude")
    #expect(NameSuggestion.closest(to: "velocityy", among: ["velocity", "angle"]) == "velocity")
    #expect(NameSuggestion.closest(to: "to", among: ["at", "on"]) == nil)
    #expect(NameSuggestion.closest(to: "spring", among: ["snap", "push"]) == nil)
    #expect(NameSuggestion.editDistance("kitten", "sitting") == 3)
    #expect(NameSuggestion.editDistance("ab", "ba") == 1)
  }
}
