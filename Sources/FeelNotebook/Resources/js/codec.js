// The trajectory codec: decodes the data's channels (TrajectoryCodec.swift writes them); grid.js
// reads the grid's metrics (GridMetricCodec.swift) with the same digits.
(function (FL) {
  "use strict";

  var CODEC = FL.page.codec;
  /// Each character carries `payloadBits` bits of the integer, low bits first; the next bit
  /// up says another character follows.
  var PAYLOAD = Math.pow(2, CODEC.payloadBits);
  var MASK = PAYLOAD - 1, MORE = PAYLOAD;

  var DIGIT = {};
  for (var ci = 0; ci < CODEC.alphabet.length; ci++) DIGIT[CODEC.alphabet.charCodeAt(ci)] = ci;

  /// Integers of a channel: base-64 varints of zigzagged deltas, padded with the last value.
  function decodeChannel(text, count) {
    var out = new Float64Array(count);
    var n = 0, previous = 0, acc = 0, scale = 1;
    for (var i = 0; i < text.length && n < count; i++) {
      var d = DIGIT[text.charCodeAt(i)];
      if (d === undefined) throw new Error("bad trajectory text");
      acc += (d & MASK) * scale;
      if (d & MORE) { scale *= PAYLOAD; continue; }
      var delta = acc % 2 === 1 ? -(acc + 1) / 2 : acc / 2;
      previous += delta;
      out[n++] = previous;
      acc = 0;
      scale = 1;
    }
    for (; n < count; n++) out[n] = n > 0 ? out[n - 1] : 0;
    return out;
  }

  /// Zigzag back to a signed integer: 0, 1, 2, 3, 4 … → 0, −1, 1, −2, 2 …
  function unzigzag(u) { return u % 2 === 1 ? -(u + 1) / 2 : u / 2; }

  FL.codec = {
    decodeChannel: decodeChannel,
    unzigzag: unzigzag,
    /// Each character's digit (its code → 0…63), and the integer bits a character carries
    /// (`payload` = 2^payloadBits; the digit's bit of that value says another character follows).
    digit: DIGIT,
    payload: PAYLOAD,
    /// Quantisation: units per point (positions) and per radian (angles).
    positionScale: CODEC.positionScale,
    angleScale: CODEC.angleScale,
  };
})(window.FeelLab = window.FeelLab || {});
