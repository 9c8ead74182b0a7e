# The author's inertia and UIKit's side by side (docs/tempo-dial.md): the author's decay 0.97
# per frame (experiments/dial-decay-flick.toml) and the angular resistance that matches it,
# c = 120(1/√0.97 − 1) ≈ 1.8415 /s (experiments/dial-resistance-flick.toml). Left: coast
# against flick speed, with both closed forms (the author's min(v0, 2000)/1.8, UIKit's v0/c
# without sleep). Middle: time until it looks still. Right: both coasts from 2000°/s, angle
# against time (`feel run` of dial-coast-author and dial-coast-uikit).
#
# `data` is the trajectory chart "dial-models" of experiments/controls/tempo-dial.toml: `make
# plots` runs `feel controls --trajectories out/data`, which writes both coasts' `feel run` rows,
# a `scene` column first, to out/data/dial-models.csv. The sweeps' CSVs are read from the same
# folder (dial-decay-flick.csv, dial-resistance-flick.csv):
#   gnuplot -e "data='out/data/dial-models.csv'; output='out/plots/dial-models.png'" plots/dial-models.gp
# The extension of `output` (.png or .svg) picks the format.

if (!exists("data")) data = "out/data/dial-models.csv"
if (!exists("output")) output = "out/plots/dial-models.png"
folder = data[1:strlen(data) - strlen("dial-models.csv")]
author = folder."dial-decay-flick.csv"
uikit = folder."dial-resistance-flick.csv"
trajectories = data

decay = 0.97
c = 1.8415
cap_deg_s = 2000
min_deg_s = 10

# ---- output ----------------------------------------------------------------------------------
if (output[strlen(output)-3:] eq ".svg") {
  set terminal svg size 1800,600 dynamic enhanced font "Sans,12" background rgb "white"
} else {
  set terminal pngcairo size 1800,600 enhanced font "Sans,11" background rgb "white"
}
set output output

# ---- reading the CSVs ------------------------------------------------------------------------
set datafile separator comma
set datafile columnheaders
cell(name) = strcol(name) eq "" ? NaN : column(name)
author_at(name) = abs(column("decay") - decay) < 1e-9 ? cell(name) : NaN
uikit_at(name) = abs(column("angular_resistance") - c) < 1e-9 ? cell(name) : NaN
angle_of(s) = strcol("scene") eq s ? column("angle_rad") * 180 / pi : NaN

# The closed forms: the author's geometric series (v/60 per frame, × decay) and UIKit's ω/c.
author_coast(v) = v < min_deg_s ? 0 : (v > cap_deg_s ? cap_deg_s : v) / (60 * (1 - decay))
uikit_coast(v) = v / c

set grid lc rgb "#d8d8d8"
set key top left
author_colour = "#b12a90"
uikit_colour = "#0072b2"

set multiplot layout 1,3 title "The author's inertia (0.97 per frame) and UIKit's (angular resistance 1.8415 /s)" font ",14"

set title "Coast against flick speed"
set xlabel "flick speed at the release (°/s)"
set ylabel "coast (°)"
set xrange [0:3000]
set yrange [0:*]
set samples 601
plot author using "flick_deg_s":(author_at("coast_angle_deg")) with points pt 7 ps 0.8 lc rgb author_colour title "the author's (FeelLab inertia)", \
     author_coast(x) with lines lw 1.5 dt 2 lc rgb author_colour title "min(v0, 2000)/1.8", \
     uikit using "flick_deg_s":(uikit_at("coast_angle_deg")) with points pt 5 ps 0.7 lc rgb uikit_colour title "UIKit's (Box2D, with sleep)", \
     uikit_coast(x) with lines lw 1.5 dt 2 lc rgb uikit_colour title "v0/c, no sleep"

set title "Time until it looks still (under 30°/s)"
set ylabel "still after (s)"
plot author using "flick_deg_s":(author_at("still_time_s")) with linespoints pt 7 ps 0.6 lc rgb author_colour title "the author's", \
     uikit using "flick_deg_s":(uikit_at("still_time_s")) with linespoints pt 5 ps 0.5 lc rgb uikit_colour title "UIKit's"

set title "Both coasts from 2000°/s, frame by frame"
set key bottom right
set xlabel "time (s)"
set ylabel "disc angle (°)"
set xrange [0:10]
set yrange [0:1200]
plot trajectories using "t_s":(angle_of("dial-coast-author")) with lines lw 2 lc rgb author_colour title "the author's: 1111°, stops on frame 552", \
     trajectories using "t_s":(angle_of("dial-coast-uikit")) with lines lw 2 lc rgb uikit_colour title "UIKit's: 1086°, asleep on frame 258"

unset multiplot
