# The generic chart of an experiment that has no plots/NAME.gp of its own: the charts the
# notebook draws for it (its [[chart]] sections, else the first one or two metrics over the
# first two axes that vary), side by side. A heatmap for a chart with two axes, a line chart
# (a line per value of `lines`) otherwise; the axes a chart does not show are held at the base
# scene's value (the chart's subtitle says where); a dashed line marks the base scene's value.
#
# `make plots` draws it from the sweep's CSV and the spec `feel chart-spec` writes beside it:
#   feel chart-spec experiments/NAME.toml --output out/data/NAME.chart.gp
#   gnuplot -e "data='out/data/NAME.csv'; spec='out/data/NAME.chart.gp'; output='out/plots/NAME.png'" plots/generic.gp
# The extension of `output` (.png or .svg) picks the format. The spec holds only values (see
# docs/experiments.md, "A chart for every experiment"); colours, sizes and fonts below are
# yours to change. Copy this file to plots/NAME.gp to give the experiment a chart of its own.

if (!exists("data") || !exists("spec") || !exists("output")) {
  print "plots/generic.gp: set data, spec and output (gnuplot -e \"data='…'; spec='…'; output='…'\")"
  exit status 1
}
load spec

# ---- output ----------------------------------------------------------------------------------
width = 520 * charts
if (output[strlen(output)-3:] eq ".svg") {
  set terminal svg size width,540 dynamic enhanced font "Sans,12" background rgb "white"
} else {
  set terminal pngcairo size width,540 enhanced font "Sans,11" background rgb "white"
}
set output output

# ---- reading the CSV -------------------------------------------------------------------------
set datafile separator comma
set datafile columnheaders
set datafile missing NaN
# An empty cell has no value (the CSV's flags column says why): NaN, not drawn.
cell(name) = strcol(name) eq "" ? NaN : column(name)
# 1 on the rows whose held axes are at their held values (cells compared as text).
kept(names, at) = (sum [i=1:words(names)] (strcol(word(names, i)) eq word(at, i) ? 0 : 1)) == 0
# An axis's position: its number, or for an axis of names its place in `cells` (1, 2, …).
pos(name, cells) = cells eq "" ? column(name) : \
  sum [i=1:words(cells)] (strcol(name) eq word(cells, i) ? i : 0)
# The metric on a kept row (and, for a line, on that line's value), else NaN.
on(names, at, metric) = kept(names, at) ? cell(metric) : NaN
online(names, at, metric, line, v) = kept(names, at) && strcol(line) eq v ? cell(metric) : NaN
# "held at a = 1, b = 2" for the subtitle.
heldtext(names, at) = words(names) == 0 ? "" : "at ".sum_text(names, at)
sum_text(names, at) = words(names) == 1 ? word(names, 1)." = ".word(at, 1) : \
  word(names, 1)." = ".word(at, 1).", ".sum_text(names[strlen(word(names, 1))+2:], at[strlen(word(at, 1))+2:])

# ---- style -----------------------------------------------------------------------------------
set palette defined (0 "#0d0887", 1 "#6a00a8", 2 "#b12a90", 3 "#e16462", 4 "#fca636", 5 "#f0f921")
set multiplot layout 1,charts title title font ",14"

do for [k=1:charts] {
  metric = value(sprintf("metric%d", k)); label = value(sprintf("label%d", k))
  xaxis = value(sprintf("x%d", k)); yaxis = value(sprintf("y%d", k))
  lines = value(sprintf("lines%d", k)); linevalues = value(sprintf("linevalues%d", k))
  held = value(sprintf("held%d", k)); heldat = value(sprintf("heldat%d", k))
  low = value(sprintf("low%d", k)); high = value(sprintf("high%d", k))
  logscale = value(sprintf("log%d", k)); image = value(sprintf("image%d", k))
  xvalues = value(sprintf("xvalues%d", k)); yvalues = value(sprintf("yvalues%d", k))
  markx = value(sprintf("markx%d", k)); marky = value(sprintf("marky%d", k))

  reset
  set datafile separator comma
  set datafile columnheaders
  set datafile missing NaN
  set title label."\n".heldtext(held, heldat) noenhanced
  set xlabel xaxis noenhanced
  unset xtics; set xtics
  if (xvalues ne "") { set xtics (); do for [i=1:words(xvalues)] { set xtics add (word(xvalues, i) i) } }
  if (markx == markx) { set arrow 1 from markx, graph 0 to markx, graph 1 nohead front lc rgb "#00e0ff" lw 2 dt 2 }
  set bmargin 6
  if (yaxis ne "") {
    # A heatmap of the metric over x and y.
    set ylabel yaxis noenhanced
    unset ytics; set ytics
    if (yvalues ne "") { set ytics (); do for [i=1:words(yvalues)] { set ytics add (word(yvalues, i) i) } }
    set cblabel label noenhanced
    if (low == low) { set cbrange [low:high] } else { set cbrange [*:*] }
    if (logscale) { set logscale cb }
    set object 1 rectangle from graph 0,0 to graph 1,1 behind fillcolor rgb "#d9d9d9" fillstyle solid noborder
    set autoscale xfix; set autoscale yfix
    set grid front lc rgb "#ffffff" lw 0.5 dt 3
    if (image) {
      plot data using (pos(xaxis, xvalues)):(pos(yaxis, yvalues)):(on(held, heldat, metric)) with image notitle, \
           "+" using (markx):(marky) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle
    } else {
      set offsets graph 0.03, graph 0.03, graph 0.03, graph 0.03
      plot data using (pos(xaxis, xvalues)):(pos(yaxis, yvalues)):(on(held, heldat, metric)) with points pt 5 ps 2 palette notitle, \
           "+" using (markx):(marky) every ::0::0 with points pt 7 ps 1.4 lc rgb "#00e0ff" notitle
    }
  } else {
    # A line chart: one line, or a line per value of `lines`.
    set ylabel label noenhanced
    if (low == low) { set yrange [low:high] } else { set yrange [*:*] }
    if (logscale) { set logscale y }
    set grid lc rgb "#d0d0d0" lw 1 dt 1
    set key outside right top vertical title lines noenhanced
    if (lines ne "") {
      plot for [v in linevalues] data using (pos(xaxis, xvalues)):(online(held, heldat, metric, lines, v)) \
        with linespoints lw 2 pt 7 ps 0.6 title v
    } else {
      plot data using (pos(xaxis, xvalues)):(on(held, heldat, metric)) with linespoints lw 2 pt 7 ps 0.6 notitle
    }
  }
}
unset multiplot
