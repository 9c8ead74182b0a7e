// Comps (after Photoshop's layer comps): named sets of some of the control's constants. The
// built-ins come from the page (NotebookComp.swift); the ones the user saves are kept in this
// browser (localStorage). Comps stack: a later comp overrides an earlier one.
(function (FL) {
  "use strict";

  var STORAGE_KEY = "feelLab.notebook.comps.v1";
  var numberText = FL.text.numberText;

  /// The control's constants (ControlConstant.swift): name, label and unit, in order.
  var CONSTANTS = FL.page.constants;
  var CONSTANT_BY_NAME = {};
  CONSTANTS.forEach(function (c) { CONSTANT_BY_NAME[c.name] = c; });

  /// "snap damping 0.35", "wall offset 10 pt".
  function constantText(name, value) {
    var c = CONSTANT_BY_NAME[name];
    return c.label + " " + numberText(value, 4) + (c.unit ? " " + c.unit : "");
  }

  FL.constants = { list: CONSTANTS, byName: CONSTANT_BY_NAME, text: constantText };

  var Comps = {
    builtIns: FL.page.comps.map(function (c) {
      return { name: c.name, note: c.note, values: c.values, builtIn: true };
    }),
    user: [],
    listeners: [],
    load: function () {
      try {
        var raw = window.localStorage.getItem(STORAGE_KEY);
        var list = raw ? JSON.parse(raw) : [];
        this.user = Array.isArray(list) ? list.filter(validComp) : [];
      } catch (e) {
        this.user = [];
      }
    },
    save: function () {
      try {
        window.localStorage.setItem(STORAGE_KEY, JSON.stringify(this.user));
      } catch (e) { /* private mode */ }
      this.listeners.forEach(function (f) { f(); });
    },
    all: function () { return this.builtIns.concat(this.user); },
    find: function (name) {
      var all = this.all();
      for (var i = all.length - 1; i >= 0; i--) if (all[i].name === name) return all[i];
      return null;
    },
    add: function (name, note, values) {
      name = String(name).trim();
      if (!name) throw new Error("a comp needs a name");
      if (this.builtIns.some(function (c) { return c.name === name; })) {
        throw new Error("“" + name + "” is a built-in comp: choose another name");
      }
      if (Object.keys(values).length === 0) throw new Error("a comp needs at least one constant");
      this.user = this.user.filter(function (c) { return c.name !== name; });
      this.user.push({ name: name, note: note || "", values: values });
      this.save();
    },
    remove: function (name) {
      this.user = this.user.filter(function (c) { return c.name !== name; });
      this.save();
    },
    /// Stacked constants: later comps override earlier ones; unset constants stay unset.
    resolve: function (stack) {
      var out = {};
      stack.forEach(function (name) {
        var comp = Comps.find(name);
        if (!comp) return;
        for (var k in comp.values) {
          if (CONSTANT_BY_NAME[k] && isFinite(comp.values[k])) out[k] = comp.values[k];
        }
      });
      return out;
    },
  };

  /// Whether a stored comp is usable; drops its unknown or non-numeric constants.
  function validComp(c) {
    if (!c || typeof c.name !== "string" || !c.name || typeof c.values !== "object" || !c.values) return false;
    var keys = Object.keys(c.values).filter(function (k) {
      return CONSTANT_BY_NAME[k] && typeof c.values[k] === "number" && isFinite(c.values[k]);
    });
    var clean = {};
    keys.forEach(function (k) { clean[k] = c.values[k]; });
    c.values = clean;
    if (typeof c.note !== "string") c.note = "";
    return keys.length > 0;
  }

  /// The comp's constants as text.
  Comps.summary = function (comp) {
    return Object.keys(comp.values).map(function (k) { return constantText(k, comp.values[k]); }).join(", ");
  };

  FL.comps = Comps;
})(window.FeelLab = window.FeelLab || {});
