import FeelCheck
import Testing

/// The trajectory comparison on a hand-written `feel run` CSV: positions within 0.01 pt, angles
/// within 1e-4 rad, velocities within those per 60 Hz frame, `running` exact; frames, times and
/// items are the rows' identity.
@Suite struct TrajectoryBaselineTests {
  @Test func identicalTrajectoriesHaveNoDrift() throws {
    #expect(try trajectoryDrift(trajectoryBaselineText, trajectoryBaselineText).isEmpty)
  }

  @Test func positionWithinAndBeyondAHundredthOfAPoint() throws {
    // Line 4 (frame 2): x = 165 pt.
    let within = replacing(trajectoryBaselineText, line: 4, column: "x_pt", with: "165.009")
    #expect(try trajectoryDrift(trajectoryBaselineText, within).isEmpty)
    let beyond = replacing(trajectoryBaselineText, line: 4, column: "y_pt", with: "24.988")
    let drifts = try trajectoryDrift(trajectoryBaselineText, beyond)
    #expect(labels(drifts) == ["y_pt@frame 2 bar"])
    #expect(abs(drifts[0].difference! + 0.012) < 1e-9)
    #expect(abs(drifts[0].size - 1.2) < 1e-6)
  }

  @Test func angleWithinAndBeyondATenThousandthOfARadian() throws {
    // Line 5 (frame 3): angle 0.002 rad.
    let within = replacing(trajectoryBaselineText, line: 5, column: "angle_rad", with: "0.00209")
    #expect(try trajectoryDrift(trajectoryBaselineText, within).isEmpty)
    let beyond = replacing(trajectoryBaselineText, line: 5, column: "angle_rad", with: "0.00211")
    #expect(
      labels(try trajectoryDrift(trajectoryBaselineText, beyond)) == ["angle_rad@frame 3 bar"])
  }

  @Test func velocitiesWithinTheirPerFrameTolerance() throws {
    // 0.01 pt per 60 Hz frame is 0.6 pt/s; 1e-4 rad per frame is 0.006 rad/s.
    var within = replacing(trajectoryBaselineText, line: 4, column: "vx_pt_s", with: "200.59")
    within = replacing(within, line: 4, column: "omega_rad_s", with: "0.5059")
    #expect(try trajectoryDrift(trajectoryBaselineText, within).isEmpty)
    var beyond = replacing(trajectoryBaselineText, line: 4, column: "vx_pt_s", with: "200.61")
    beyond = replacing(beyond, line: 4, column: "omega_rad_s", with: "0.4939")
    #expect(
      labels(try trajectoryDrift(trajectoryBaselineText, beyond)) == [
        "vx_pt_s@frame 2 bar", "omega_rad_s@frame 2 bar",
      ])
  }

  @Test func pausingOnAnotherFrameIsDrift() throws {
    let current = replacing(trajectoryBaselineText, line: 5, column: "running", with: "1")
    let drifts = try trajectoryDrift(trajectoryBaselineText, current)
    #expect(labels(drifts) == ["running@frame 3 bar"])
    #expect(drifts[0].size == .infinity)
  }

  @Test func moreFramesIsBadInput() throws {
    let current = trajectoryBaselineText + "4,0.06666666666666667,bar,168,25,0.002,0,0,0,0\n"
    let error = try #require(throws: CheckError.self) {
      try trajectoryDrift(trajectoryBaselineText, current)
    }
    #expect(error.line == 1)
    #expect(
      error.message.contains(
        "preset preset now writes 5 rows (last frame 4), the baseline has 4 (last frame 3)"))
    #expect(error.rerecord == "preset")
  }

  @Test func renamedItemIsBadInputAtItsLine() throws {
    let current = trajectoryBaselineText.replacingOccurrences(of: ",bar,", with: ",knob,")
    let error = try #require(throws: CheckError.self) {
      try trajectoryDrift(trajectoryBaselineText, current)
    }
    #expect(error.line == 2)
    #expect(error.message.contains("column 'item': preset preset now has \"knob\""))
  }

  @Test func otherHeaderIsBadInput() throws {
    let baseline = trajectoryBaselineText.replacingOccurrences(of: "x_pt,", with: "x,")
    let error = try #require(throws: CheckError.self) {
      try trajectoryDrift(baseline, trajectoryBaselineText)
    }
    #expect(error.line == 1)
    #expect(error.message.contains("expected the `feel run` header"))
  }

  @Test func emptyPositionIsBadInput() throws {
    let baseline = replacing(trajectoryBaselineText, line: 3, column: "x_pt", with: "")
    let error = try #require(throws: CheckError.self) {
      try trajectoryDrift(baseline, trajectoryBaselineText)
    }
    #expect(
      error.description == "baseline.csv:3: column 'x_pt': expected a number, got an empty cell")
  }
}
