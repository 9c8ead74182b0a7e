# The Castro defaults as a designer sees them: the bar's centre x(t), one point per 60 Hz frame,
# for a release after an 80 pt drag and for the tap hint on either half, with the 0.5 pt settle
# band around the rest position (x = 160 pt). Top: the whole motion. Bottom: zoomed on the band.
#
# `make plots` runs `feel run` on the scenes of the chart "castro-trajectories" of
# experiments/controls/castro.toml (these three and the touch-driven ones: `feel controls
# --trajectories`) and joins their rows, with a first column `scene`, into one CSV, then:
#   gnuplot -e "data='out/data/castro-trajectories.csv'; output='out/plots/castro-trajectories.png'" plots/castro-trajectories.gp
# The extension of `output` (.png or .svg) picks the format.

if (!exists("data")) data = "out/data/castro-trajectories.csv"
if (!exists("output")) output = "out/plots/castro-trajectories.png"

# The scenes (experiments/scenes/NAME.toml), their labels and colours.
scenes = "castro-release-right-80 castro-tap-hint-left castro-tap-hint-right"
labels = "'release after an 80 pt drag' 'tap hint, left half' 'tap hint, right half'"
colours = "#b12a90 #0072b2 #e69f00"
rest_pt = 160   # the bar's rest centre x
band_pt = 0.5   # the settle band (feel metrics' default)
zoom_pt = 4     # half-height of the bottom panel

# ---- output ----------------------------------------------------------------------------------
if (output[strlen(output)-3:] eq ".svg") {
  set terminal svg size 1200,900 dynamic enhanced font "Sans,12" background rgb "white"
} else {
  set terminal pngcairo size 1200,900 enhanced font "Sans,11" background rgb "white"
}
set output output

# ---- reading the CSV -------------------------------------------------------------------------
set datafile separator comma
set datafile columnheaders
x_of(s) = strcol("scene") eq s ? column("x_pt") : NaN

set grid lc rgb "#d8d8d8"
set xlabel "time after the release or the tap (s)"
set ylabel "bar centre x (pt)"
set key below horizontal
set xrange [0:1.5]
set style fill transparent solid 0.25 noborder

set multiplot layout 2,1 title "Castro defaults (damping 0.35, push 4, gravity 2, wall 10 pt, 320 pt bar): x(t) at 60 Hz" font ",14"

set title "The whole motion"
plot rest_pt - band_pt with filledcurves y1=rest_pt + band_pt lc rgb "#2ca02c" title "settle band: rest ± 0.5 pt", \
     for [i=1:words(scenes)] data using "t_s":(x_of(word(scenes, i))) with linespoints pt 7 ps 0.5 lw 1.5 lc rgb word(colours, i) title word(labels, i)

set title "Zoomed on the rest position: the band and the overshoots"
set yrange [rest_pt - zoom_pt:rest_pt + zoom_pt]
plot rest_pt - band_pt with filledcurves y1=rest_pt + band_pt lc rgb "#2ca02c" title "settle band: rest ± 0.5 pt", \
     for [i=1:words(scenes)] data using "t_s":(x_of(word(scenes, i))) with linespoints pt 7 ps 0.5 lw 1.5 lc rgb word(colours, i) title word(labels, i)

unset multiplot
