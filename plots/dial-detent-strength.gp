# The tempo dial's detent (experiments/dial-detent-strength.toml): a 610°/s release on the
# author's coast, for every spring frequency (x) and damping ratio (y). Left: overshoot past the
# label it lands on (deg). Right: angular settle time, until it stays within the angular band
# (the 0.5 pt settle band at the 120 pt rim, 0.24°) of that label (s). FeelLab's defaults are
# marked (4 Hz, 0.7).
#
# `make plots` draws it from the sweep's CSV:
#   gnuplot -e "data='out/data/dial-detent-strength.csv'; output='out/plots/dial-detent-strength.png'" plots/dial-detent-strength.gp
# The extension of `output` (.png or .svg) picks the format.

if (!exists("data")) data = "out/data/dial-detent-strength.csv"
if (!exists("output")) output = "out/plots/dial-detent-strength.png"

default_frequency = 4.0
default_damping = 0.7

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

# ---- style -----------------------------------------------------------------------------------
set palette defined (0 "#0d0887", 1 "#6a00a8", 2 "#b12a90", 3 "#e16462", 4 "#fca636", 5 "#f0f921")
set object 1 rectangle from graph 0,0 to graph 1,1 behind fillcolor rgb "#d9d9d9" fillstyle solid noborder
set autoscale xfix
set autoscale yfix
set xlabel "detent frequency (Hz)"
set ylabel "detent damping ratio"
set key below horizontal
set grid front lc rgb "#ffffff" lw 0.5 dt 3
defaults = "FeelLab's defaults: 4 Hz, damping 0.7"

set multiplot layout 1,2 title "Detent (12 values, engages below 1 rad/s) after a 610°/s release: frequency × damping" font ",14"

set title "Overshoot past the label it lands on"
set cbrange [0:10]
set cblabel "overshoot (°; 10 and more in yellow)"
plot data using "frequency_hz":"damping":(cell("overshoot_deg")) with image notitle, \
     "+" using (default_frequency):(default_damping) every ::0::0 with points pt 6 ps 2.5 lw 3 lc rgb "#00e0ff" title defaults

set title "Angular settle time: last frame outside 0.24° of the label"
set cbrange [1.2:2.5]
set cblabel "settle time after the release (s; 2.5 and more in yellow)"
plot data using "frequency_hz":"damping":(cell("angle_settle_time_s")) with image notitle, \
     "+" using (default_frequency):(default_damping) every ::0::0 with points pt 6 ps 2.5 lw 3 lc rgb "#00e0ff" title defaults, \
     NaN with boxes fillstyle solid fc rgb "#d9d9d9" title "unsettled within 8 s"

unset multiplot
