# `feel solve` on experiment 2 (experiments/tap-hint-push-gravity.toml; the question is in the
# Makefile's SOLVE_tap-hint-push-gravity and in docs/solve.md): which push and gravity give a
# tap hint whose hop is at least 12 pt, over (tap to settled) as soon as possible?
# Left: the hint total over push × gravity, the infeasible points washed out, so the feasible
# region shows in colour; the Pareto front, the best point and Castro's constants marked.
# Right: the trade-off between the hop and the hint total, with its Pareto front.
#
# `make plots` draws it from the solve's CSV:
#   gnuplot -e "data='out/data/solve-tap-hint-push-gravity.csv'; output='out/plots/solve-tap-hint-push-gravity.png'" plots/solve-tap-hint-push-gravity.gp
# The extension of `output` (.png or .svg) picks the format. The bound, the best and the
# refined points are read from the CSV's "# solve:", "# best:" and "# refined:" lines.

if (!exists("data")) data = "out/data/solve-tap-hint-push-gravity.csv"
if (!exists("output")) output = "out/plots/solve-tap-hint-push-gravity.png"

# Castro's constants (docs/castro-scrubber.md).
castro_push = 4
castro_gravity = 2

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
on(c, name) = column(c) == 1 ? cell(name) : NaN
bound(metric) = real(system(sprintf("sed -n 's/^# solve: .*where %s [<>=]* \\([^;]*\\).*/\\1/p' '%s'", metric, data)))
point(which, axis) = real(system(sprintf("sed -n 's/^# %s: .*%s = \\([^,( ]*\\).*/\\1/p' '%s'", which, axis, data)))
min_hop = bound("hop_pt")
best_push = point("best", "push")
best_gravity = point("best", "gravity")
refined_push = point("refined", "push")
refined_gravity = point("refined", "gravity")

# ---- style -----------------------------------------------------------------------------------
set palette defined (0 "#0d0887", 1 "#6a00a8", 2 "#b12a90", 3 "#e16462", 4 "#fca636", 5 "#f0f921")
set key below horizontal
set grid front lc rgb "#ffffff" lw 0.5 dt 3
front_colour = "#00d060"
castro_colour = "#00e0ff"
castro = sprintf("Castro: push %g, gravity %g", castro_push, castro_gravity)

set multiplot layout 1,2 title sprintf("Tap hint: a hop of at least %g pt, over as soon as possible", min_hop) font ",14"

# Left: the feasible region over the hint total.
set title "Hint total (tap to settled) over push × gravity; washed out: hop below the bound"
set xlabel "push magnitude (UIKit N·s, instantaneous)"
set ylabel "gravity magnitude (× 1000 pt/s²)"
set object 1 rectangle from graph 0,0 to graph 1,1 behind fillcolor rgb "#bdbdbd" fillstyle solid noborder
set autoscale xfix
set autoscale yfix
set cbrange [0.3:1.5]
set cblabel "hint total (s; 1.5 and more in yellow; grey: never settles after a contact)"
plot data using "push":"gravity":(cell("hint_total_s")) with image notitle, \
     data using "push":"gravity":(255):(255):(255):(column("feasible") == 1 ? 0 : 190) with rgbalpha notitle, \
     data using (on("pareto", "push")):"gravity" with points pt 7 ps 0.5 lc rgb front_colour title "Pareto front", \
     "+" using (best_push):(best_gravity) every ::0::0 with points pt 3 ps 2.5 lw 2 lc rgb "black" title sprintf("best: push %g, gravity %g", best_push, best_gravity), \
     "+" using (refined_push):(refined_gravity) every ::0::0 with points pt 2 ps 2 lw 2 lc rgb "#756bb1" title "refined", \
     "+" using (castro_push):(castro_gravity) every ::0::0 with points pt 6 ps 2.5 lw 3 lc rgb castro_colour title castro
unset object 1

# Right: the trade-off in metric space.
set title "The trade-off: every point, and the Pareto front of the feasible ones"
set xlabel "hint total (s)"
set ylabel "hop (pt)"
set autoscale x
set autoscale y
set xrange [*:1.5]
set logscale y
set arrow 1 from graph 0, first min_hop to graph 1, first min_hop nohead front lc rgb "#e6550d" dt 2
is_castro = 'column("push") == castro_push && column("gravity") == castro_gravity'
plot data using (cell("hint_total_s")):(cell("hop_pt")) with points pt 7 ps 0.4 lc rgb "#d9d9d9" title "infeasible", \
     data using (on("feasible", "hint_total_s")):(cell("hop_pt")) with points pt 7 ps 0.4 lc rgb "#a1d99b" title "feasible", \
     data using (on("pareto", "hint_total_s")):(cell("hop_pt")) smooth unique with linespoints pt 7 ps 0.7 lw 2 lc rgb "#238b45" title "Pareto front", \
     data using (column("push") == best_push && column("gravity") == best_gravity ? cell("hint_total_s") : NaN):(cell("hop_pt")) with points pt 3 ps 2.5 lw 2 lc rgb "black" title "best", \
     data using (@is_castro ? cell("hint_total_s") : NaN):(cell("hop_pt")) with points pt 6 ps 2.5 lw 3 lc rgb "#00a0c0" title castro
unset arrow 1
unset logscale y

unset multiplot
