# `feel solve` on experiment 1 (experiments/snap-damping-release.toml; the question is in the
# Makefile's SOLVE_snap-damping-release and in docs/solve.md): at an 80 pt release, which snap
# damping keeps the overshoot at most 3 pt and settles within 0.35 s, as fast as possible?
# Left: both metrics against the damping, the bounds dashed, the feasible dampings shaded.
# Right: the trade-off between them (the Pareto front of the feasible points).
#
# `make plots` draws it from the solve's CSV:
#   gnuplot -e "data='out/data/solve-snap-damping-release.csv'; output='out/plots/solve-snap-damping-release.png'" plots/solve-snap-damping-release.gp
# The extension of `output` (.png or .svg) picks the format. The bounds, the best and the
# refined points are read from the CSV's "# solve:", "# best:" and "# refined:" lines.

if (!exists("data")) data = "out/data/solve-snap-damping-release.csv"
if (!exists("output")) output = "out/plots/solve-snap-damping-release.png"

# Castro's constant (docs/castro-scrubber.md).
castro_damping = 0.35

# ---- output ----------------------------------------------------------------------------------
if (output[strlen(output)-3:] eq ".svg") {
  set terminal svg size 1300,600 dynamic enhanced font "Sans,12" background rgb "white"
} else {
  set terminal pngcairo size 1300,600 enhanced font "Sans,11" background rgb "white"
}
set output output

# ---- reading the CSV -------------------------------------------------------------------------
set datafile separator comma
set datafile columnheaders
cell(name) = strcol(name) eq "" ? NaN : column(name)
# The bound of `--where "METRIC op BOUND"` and a value of the best or refined point, from the
# comment lines.
bound(metric) = real(system(sprintf("sed -n 's/^# solve: .*where %s [<>=]* \\([^;]*\\).*/\\1/p' '%s'", metric, data)))
point(which, axis) = real(system(sprintf("sed -n 's/^# %s: .*%s = \\([^,( ]*\\).*/\\1/p' '%s'", which, axis, data)))
max_overshoot = bound("overshoot_pt")
max_settle = bound("settle_time_s")
best_damping = point("best", "damping")
refined_damping = point("refined", "damping")
step = 0.025   # the experiment's damping step: the width of a shaded feasible value
stats data using (cell("overshoot_pt")) name "overshoot" nooutput
stats data using (cell("settle_time_s")) name "settle" nooutput
top = 1.05 * overshoot_max   # the left axis's top: the shading reaches it

# ---- style -----------------------------------------------------------------------------------
set key below horizontal maxrows 3
set grid lc rgb "#dddddd" lw 0.5
feasible_colour = "#c7e9c0"
front_colour = "#238b45"
castro_colour = "#00a0c0"

set multiplot layout 1,2 title sprintf("At an 80 pt release: overshoot ≤ %g pt and settled within %g s, as fast as possible", max_overshoot, max_settle) font ",14"

# Left: the metrics against the damping.
set title "The targets against the snap damping"
set xlabel "snap damping (damping ratio)"
set ylabel "overshoot (pt)"
set y2label "settle time (s)"
set ytics nomirror
set y2tics
set autoscale xfix
set yrange [0:top]
set y2range [0:1.05 * settle_max]
set arrow 1 from castro_damping, graph 0 to castro_damping, graph 1 nohead front lc rgb castro_colour lw 2 dt 2
set arrow 2 from graph 0, first max_overshoot to graph 1, first max_overshoot nohead front lc rgb "#e6550d" dt 2
set arrow 3 from graph 0, second max_settle to graph 1, second max_settle nohead front lc rgb "#3182bd" dt 2
set boxwidth step absolute
plot data using "damping":(column("feasible") == 1 ? top : NaN) with boxes fs solid 1.0 noborder fc rgb feasible_colour title "feasible", \
     data using "damping":(cell("overshoot_pt")) with linespoints pt 7 ps 0.6 lc rgb "#e6550d" title "overshoot (left axis)", \
     data using "damping":(cell("settle_time_s")) axes x1y2 with histeps lc rgb "#3182bd" lw 2 title "settle time (right axis; whole frames)", \
     "+" using (best_damping):(0) every ::0::0 with points pt 3 ps 2.5 lw 2 lc rgb "black" title sprintf("best on the grid: %g", best_damping), \
     "+" using (refined_damping):(0) every ::0::0 with points pt 2 ps 2 lw 2 lc rgb "#756bb1" title sprintf("refined: %g", refined_damping), \
     NaN with lines lc rgb castro_colour lw 2 dt 2 title "Castro: damping 0.35"
unset arrow
unset y2label
unset y2tics
set ytics mirror

# Right: the trade-off.
set title "The trade-off: every damping, and the Pareto front of the feasible ones"
set xlabel "settle time (s)"
set ylabel "overshoot (pt)"
set autoscale x
set yrange [0:*]
set arrow 2 from graph 0, first max_overshoot to graph 1, first max_overshoot nohead front lc rgb "#e6550d" dt 2
set arrow 3 from max_settle, graph 0 to max_settle, graph 1 nohead front lc rgb "#3182bd" dt 2
on(c, name) = column(c) == 1 ? cell(name) : NaN
plot data using (cell("settle_time_s")):(cell("overshoot_pt")) with points pt 7 ps 0.7 lc rgb "#bdbdbd" title "infeasible", \
     data using (on("feasible", "settle_time_s")):(cell("overshoot_pt")) with points pt 7 ps 0.9 lc rgb "#74c476" title "feasible", \
     data using (on("pareto", "settle_time_s")):(cell("overshoot_pt")) smooth unique with linespoints pt 7 ps 1.1 lw 2 lc rgb front_colour title "Pareto front", \
     data using (column("damping") == best_damping ? cell("settle_time_s") : NaN):(cell("overshoot_pt")) with points pt 3 ps 2.5 lw 2 lc rgb "black" title "best", \
     data using (column("damping") == castro_damping ? cell("settle_time_s") : NaN):(cell("overshoot_pt")) with points pt 6 ps 2.5 lw 3 lc rgb castro_colour title "Castro: damping 0.35"

unset multiplot
