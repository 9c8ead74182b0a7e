# StickyCorners (experiments/sticky-strength-resistance.toml): Apple's tile thrown from the
# top-left corner of a 375 × 667 pt screen to the top-right one at 2000 pt/s, for every
# resistance of the tile (x, 1/s) and every strength of the top-right spring field (y). Every
# point ends in the top-right corner (end_field 4). Left: how far the tile swings past where it
# rests (overshoot_pt, along the line from its rest to the lift point). Middle: when it settles
# (settle_time_s, from the lift, within 0.5 pt of where it rests). Right: how far it gets from
# its start (travel_pt; the corners are 243 pt apart, so above 243 is the swing past the corner,
# the screen's right edge stopping it at 276 pt). A grey cell: the tile still moved at the end of
# the 3 s run, so it has no rest pose to measure against (the CSV's flags: no-target; running).
#
# `make plots` draws it from the sweep's CSV:
#   gnuplot -e "data='out/data/sticky-strength-resistance.csv'; output='out/plots/sticky-strength-resistance.png'" plots/sticky-strength-resistance.gp
# The extension of `output` (.png or .svg) picks the format. Colours, ranges and labels below
# are yours to change; column names are the CSV's (see its # header for their definitions).

if (!exists("data")) data = "out/data/sticky-strength-resistance.csv"
if (!exists("output")) output = "out/plots/sticky-strength-resistance.png"

# Apple's values (experiments/controls/sticky-corners.toml) and the grid's half steps, the
# cells' half sizes.
scene_resistance = 10
scene_strength = 1
half_resistance = 1
half_strength = 0.125

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
# An empty cell has no value (the CSV's flags column says why): it becomes NaN, not drawn, so
# the grey background shows through.
cell(name) = strcol(name) eq "" ? NaN : column(name)

# ---- style -----------------------------------------------------------------------------------
set palette defined (0 "#0d0887", 1 "#6a00a8", 2 "#b12a90", 3 "#e16462", 4 "#fca636", 5 "#f0f921")
set xlabel "tile resistance (1/s)"
set ylabel "top-right field strength"
set key below horizontal
set bmargin 6
set xrange [2 - half_resistance:20 + half_resistance]
set yrange [0.25 - half_strength:4 + half_strength]
set style fill solid noborder
set object 1 rectangle from graph 0,0 to graph 1,1 behind fillcolor rgb "#d9d9d9" fillstyle solid noborder
set grid front lc rgb "#ffffff" lw 0.5 dt 3
set multiplot layout 1,3 title "StickyCorners: field strength × tile resistance (a throw to the top-right corner)" font ",14"


set title "Overshoot past where it rests"
set cbrange [0:*]
set cblabel "overshoot (pt)"
plot data using "resistance":"strength":(half_resistance):(half_strength):(cell("overshoot_pt")) \
       with boxxyerror fc palette notitle, \
     "+" using (scene_resistance):(scene_strength) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with points pt 7 ps 1.4 lc rgb "#00e0ff" title "Apple's: resistance 10 /s, strength 1"

set title "Settle time, from the lift"
set cbrange [*:*]
set cblabel "settle time (s)"
plot data using "resistance":"strength":(half_resistance):(half_strength):(cell("settle_time_s")) \
       with boxxyerror fc palette notitle, \
     "+" using (scene_resistance):(scene_strength) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with boxes fc rgb "#d9d9d9" title "still moving at 3 s: no rest pose"

set title "Travel from the start (the corners: 243 pt apart)"
set cbrange [*:*]
set cblabel "travel (pt)"
plot data using "resistance":"strength":(half_resistance):(half_strength):(cell("travel_pt")) \
       with boxxyerror fc palette notitle, \
     "+" using (scene_resistance):(scene_strength) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle

unset multiplot
