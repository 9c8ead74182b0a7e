# Puck between anchored bumpers (experiments/puck-bumpers.toml, docs/shapes.md "Experiments"):
# a round puck thrown between two anchored bumpers, for every elasticity of the puck and throw
# speed. Left: when it comes to rest (s). Right: when it first touches a bumper or the bounds (s).
#
# `make plots` draws it from the sweep's CSV:
#   gnuplot -e "data='out/data/puck-bumpers.csv'; output='out/plots/puck-bumpers.png'" plots/puck-bumpers.gp
# The extension of `output` (.png or .svg) picks the format.

if (!exists("data")) data = "out/data/puck-bumpers.csv"
if (!exists("output")) output = "out/plots/puck-bumpers.png"

# UIKit's item default (docs/uikit-dynamics-model.md): elasticity 0.2.
uikit_elasticity = 0.2

if (output[strlen(output)-3:] eq ".svg") {
  set terminal svg size 1300,600 dynamic enhanced font "Sans,12" background rgb "white"
} else {
  set terminal pngcairo size 1300,600 enhanced font "Sans,11" background rgb "white"
}
set output output

set datafile separator comma
set datafile columnheaders
cell(name) = strcol(name) eq "" ? NaN : column(name)

set palette defined (0 "#0d0887", 1 "#6a00a8", 2 "#b12a90", 3 "#e16462", 4 "#fca636", 5 "#f0f921")
set object 1 rectangle from graph 0,0 to graph 1,1 behind fillcolor rgb "#d9d9d9" fillstyle solid noborder
set autoscale xfix
set autoscale yfix
set xlabel "elasticity of the puck (the bumpers' is 0)"
set ylabel "throw speed, horizontal (pt/s)"
set key below horizontal
set grid front lc rgb "#ffffff" lw 0.5 dt 3
set arrow 1 from uikit_elasticity, graph 0 to uikit_elasticity, graph 1 nohead front lc rgb "#00e0ff" lw 2 dt 2

set multiplot layout 1,2 title "A 40 pt puck between two anchored bumpers (resistance 1.5 /s)" font ",14"

set title "When the puck rests (the animator pauses)"
set cblabel "pause time (s)"
plot data using "elasticity":"speed_pt_s":(cell("pause_time_s")) with image notitle, \
     NaN with lines lc rgb "#00e0ff" lw 2 dt 2 title "UIKit's default elasticity 0.2", \
     NaN with boxes fillstyle solid fc rgb "#d9d9d9" title "still moving at the end of the run"

set title "When the puck first touches something: a bumper or the bounds"
set cblabel "first contact (s)"
plot data using "elasticity":"speed_pt_s":(cell("contact_time_s")) with image notitle, \
     NaN with lines lc rgb "#00e0ff" lw 2 dt 2 title "UIKit's default elasticity 0.2", \
     NaN with boxes fillstyle solid fc rgb "#d9d9d9" title "never within the run"

unset multiplot
