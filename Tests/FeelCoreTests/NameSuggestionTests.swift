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

/// The one way a message ends with its suggestions.
@Suite struct DidYouMeanTests {
  @Test("one suggestion, several joined by 'or', none: nothing")
  func suffix() {
    #expect(NameSuggestion.didYouMean("damping") == "; did you mean 'damping'?")
    #expect(
      NameSuggestion.didYouMean(["overshoot_pt", "overshoot_pct"])
        == "; did you mean 'overshoot_pt' or 'overshoot_pct'?")
    #expect(NameSuggestion.didYouMean(nil as String?) == "")
    #expect(NameSuggestion.didYouMean([String]()) == "")
    #expect(
      NameSuggestion.didYouMean("dampnig", among: ["damping", "point"])
        == "; did you mean 'damping'?")
    #expect(NameSuggestion.didYouMean("spring", among: ["snap", "push"]) == "")
  }
}
