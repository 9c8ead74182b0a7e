import FeelCheck

/// Small metric CSVs as `feel sweep` writes them, written by hand: two axes (damping ×
/// release_pt), three metrics and the flags. Line 1 is a comment, line 2 the header, rows from
/// line 3.
let metricBaselineText = """
  # experiment: experiments/test.toml
  damping,release_pt,overshoot_pt,oscillations,settle_time_s,flags
  0.1,10,1.5,3,0.5,
  0.1,20,3,4,0.616666667,
  0.2,10,0.8,2,,unsettled
  0.2,20,1.6,2,0.4,

  """

/// A `feel run` CSV written by hand: one item, frames 0 to 3. Header on line 1.
let trajectoryBaselineText = """
  frame,t_s,item,x_pt,y_pt,angle_rad,vx_pt_s,vy_pt_s,omega_rad_s,running
  0,0,bar,160,25,0,0,0,0,1
  1,0.016666666666666666,bar,161.942825,25,0,233.139038,0,0,1
  2,0.033333333333333333,bar,165,25,0.001,200,0,0.5,1
  3,0.05,bar,167,25,0.002,100,0,0.5,0

  """

/// `text` with the cell in `column` (by name) of the row on 1-based `line` replaced by `cell`.
func replacing(_ text: String, line: Int, column: String, with cell: String) -> String {
  var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let header = lines.first { !$0.hasPrefix("#") }!.split(separator: ",").map(String.init)
  let c = header.firstIndex(of: column)!
  var cells = lines[line - 1].split(separator: ",", omittingEmptySubsequences: false)
    .map(String.init)
  cells[c] = cell
  lines[line - 1] = cells.joined(separator: ",")
  return lines.joined(separator: "\n")
}

/// The cell in `column` of the row on 1-based `line`.
func cell(_ text: String, line: Int, column: String) -> String {
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
  let header = lines.first { !$0.hasPrefix("#") }!.split(separator: ",").map(String.init)
  let cells = lines[line - 1].split(separator: ",", omittingEmptySubsequences: false)
  return String(cells[header.firstIndex(of: column)!])
}

func parse(_ text: String, _ file: String = "baseline.csv") throws -> BaselineCSV {
  try BaselineCSV.parse(text, file: file)
}

/// The drift of `current` from `baseline` (hand-written metric CSVs).
func metricDrift(_ baseline: String, _ current: String) throws -> [Drift] {
  try MetricBaseline.compare(
    name: "test", baseline: parse(baseline), current: parse(current, "now.csv"))
}

func trajectoryDrift(_ baseline: String, _ current: String) throws -> [Drift] {
  try TrajectoryBaseline.compare(
    name: "preset", baseline: parse(baseline), current: parse(current, "now.csv"))
}

/// `column@at` for each drift, to compare lists at a glance.
func labels(_ drifts: [Drift]) -> [String] {
  drifts.map { "\($0.column)@\($0.at)" }
}
