# Issue 25's picture-in-picture tile (experiments/pip-damping-flick.toml): a 160 × 90 pt tile
# flicked from the bottom-left corner of a 390 × 844 pt screen and snapped into the top-right
# corner with the finger's velocity, for every snap damping (x) and flick duration (y: the
# finger's 100 pt right and 230 pt up take this long). Left: the sideways swing off the line from
# the lift to the corner (deviation_pt). Middle: how far the tile strays from the corner once
# there (excursion_pt), a line per flick. Right: the settle time.
#
# `make plots` draws it from the sweep's CSV:
#   gnuplot -e "data='out/data/pip-damping-flick.csv'; output='out/plots/pip-damping-flick.png'" plots/pip-damping-flick.gp
# The extension of `output` (.png or .svg) picks the format. Colours, ranges and labels below
# are yours to change; column names are the CSV's (see its # header for their definitions).

if (!exists("data")) data = "out/data/pip-damping-flick.csv"
if (!exists("output")) output = "out/plots/pip-damping-flick.png"

# The scene's constants (experiments/scenes/pip-flick.toml): UISnapBehavior's default damping
# and the scene's flick.
scene_damping = 0.5
scene_flick_s = 0.25
flicks = "0.1 0.15 0.25 0.35 0.5"

# ---- output ----------------------------------------------------------------------------------
if (output[strlen(output)-3:] eq ".svg") {
  set terminal svg size 1500,560 dynamic enhanced font "Sans,12" background rgb "white"
} else {
  set terminal pngcairo size 1500,560 enhanced font "Sans,11" background rgb "white"
}
set output output

# ---- reading the CSV -------------------------------------------------------------------------
set datafile separator comma
set datafile columnheaders
set datafile missing NaN
# An empty cell has no value (the CSV's flags column says why): it becomes NaN, not drawn.
cell(name) = strcol(name) eq "" ? NaN : column(name)
# A flick's rows only (the others NaN, so a line per flick joins its own rows).
at(f, name) = abs(column("flick_s") - real(f)) < 1e-9 ? cell(name) : NaN

# ---- style -----------------------------------------------------------------------------------
set palette defined (0 "#0d0887", 1 "#6a00a8", 2 "#b12a90", 3 "#e16462", 4 "#fca636", 5 "#f0f921")
set xlabel "snap damping (damping ratio)"
set key below horizontal
set bmargin 6
set multiplot layout 1,3 title "Picture-in-picture tile flicked into a corner: snap damping × flick duration" font ",14"

set object 1 rectangle from graph 0,0 to graph 1,1 behind fillcolor rgb "#d9d9d9" fillstyle solid noborder
set autoscale xfix
set autoscale yfix
set grid front lc rgb "#ffffff" lw 0.5 dt 3
set ylabel "flick duration (s): 100 pt right, 230 pt up"
set arrow 1 from scene_damping, graph 0 to scene_damping, graph 1 nohead front lc rgb "#00e0ff" lw 2 dt 2

set title "Sideways swing off the line to the corner"
set cbrange [0:*]
set cblabel "deviation (pt)"
plot data using "damping":"flick_s":(cell("deviation_pt")) with image notitle, \
     "+" using (scene_damping):(scene_flick_s) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with lines lc rgb "#00e0ff" lw 2 dt 2 title "the scene: damping 0.5, a 0.25 s flick"

unset object 1
unset arrow 1
set title "Straying from the corner once there"
set autoscale x
set yrange [0:*]
set ylabel "excursion (pt)"
set grid lc rgb "#d0d0d0" lw 1 dt 1
set key inside top right box opaque
plot for [f in flicks] data using "damping":(at(f, "excursion_pt")) with lines lw 2 title f." s"

set key below horizontal
set bmargin 6
set object 1 rectangle from graph 0,0 to graph 1,1 behind fillcolor rgb "#d9d9d9" fillstyle solid noborder
set xrange [*:*]
set yrange [*:*]
set autoscale xfix
set autoscale yfix
set grid front lc rgb "#ffffff" lw 0.5 dt 3
set ylabel "flick duration (s)"
set arrow 1 from scene_damping, graph 0 to scene_damping, graph 1 nohead front lc rgb "#00e0ff" lw 2 dt 2
set title "Settle time: last frame farther than 0.5 pt from the corner"
set cbrange [*:*]
set cblabel "settle time (s)"
plot data using "damping":"flick_s":(cell("settle_time_s")) with image notitle, \
     "+" using (scene_damping):(scene_flick_s) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with boxes fillstyle solid fc rgb "#d9d9d9" title "unsettled within the run"

unset multiplot
