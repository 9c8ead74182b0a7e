# StickyCorners (experiments/sticky-throw-speed-aim.toml): Apple's tile dragged 220 pt down from
# the top-left corner of a 375 × 667 pt screen and thrown, for every drag duration (y: the throw's
# speed is about 220 pt over it) and every horizontal end of the finger (x: the aim, from straight
# down at 70 to down and right). Left: the corner the tile ends in (end_field, the scene's fields
# in file order: 1 top-left, 2 bottom-left, 3 bottom-right, 4 top-right). Middle: when it settles
# (settle_time_s, from the lift, within 0.5 pt of where it rests). Right: how far it swings past
# where it rests (overshoot_pt, along the line from its rest to the lift point).
#
# `make plots` draws it from the sweep's CSV:
#   gnuplot -e "data='out/data/sticky-throw-speed-aim.csv'; output='out/plots/sticky-throw-speed-aim.png'" plots/sticky-throw-speed-aim.gp
# The extension of `output` (.png or .svg) picks the format. Colours, ranges and labels below
# are yours to change; column names are the CSV's (see its # header for their definitions).

if (!exists("data")) data = "out/data/sticky-throw-speed-aim.csv"
if (!exists("output")) output = "out/plots/sticky-throw-speed-aim.png"

# The scene's throw (experiments/scenes/sticky-throw-bottom-left.toml): straight down in 0.1 s.
scene_aim = 70
scene_duration = 0.1

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

# ---- style -----------------------------------------------------------------------------------
set xlabel "aim: where the finger ends, x (pt; it starts at 70)"
set ylabel "drag duration (s), 220 pt down"
set key below horizontal
set bmargin 6
set autoscale xfix
set autoscale yfix
set grid front lc rgb "#ffffff" lw 0.5 dt 3
set multiplot layout 1,3 title "StickyCorners: throw speed × aim (Apple's tile, strength 1, resistance 10 /s)" font ",14"

# The corner: one colour per field, none grey.
set title "The corner the tile ends in"
# Five equal bands over [-0.5, 4.5], one per end_field value 0…4.
set palette defined (0 "#bdbdbd", 1 "#bdbdbd", 1 "#1b9e77", 2 "#1b9e77", 2 "#d95f02", \
  3 "#d95f02", 3 "#7570b3", 4 "#7570b3", 4 "#e7298a", 5 "#e7298a")
set cbrange [-0.5:4.5]
set cbtics ("none" 0, "top-left" 1, "bottom-left" 2, "bottom-right" 3, "top-right" 4)
unset cblabel
plot data using "aim_x":"duration":(cell("end_field")) with image notitle, \
     "+" using (scene_aim):(scene_duration) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with points pt 7 ps 1.4 lc rgb "#00e0ff" title "the scene: straight down in 0.1 s"

set palette defined (0 "#0d0887", 1 "#6a00a8", 2 "#b12a90", 3 "#e16462", 4 "#fca636", 5 "#f0f921")
set cbtics autofreq
set title "Settle time, from the lift"
set cbrange [*:*]
set cblabel "settle time (s)"
plot data using "aim_x":"duration":(cell("settle_time_s")) with image notitle, \
     "+" using (scene_aim):(scene_duration) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle, \
     NaN with boxes fillstyle solid fc rgb "#ffffff" title "unsettled within the run: blank"

set title "Overshoot past where it rests"
set cbrange [0:*]
set cblabel "overshoot (pt)"
plot data using "aim_x":"duration":(cell("overshoot_pt")) with image notitle, \
     "+" using (scene_aim):(scene_duration) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle

unset multiplot
