// Comps (after Photoshop's layer comps): named sets of some of a control's constants. Each
// control (FL.page.controls, from its control file: docs/controls.md) has its constants and its
// built-in comps; the comps the user saves are kept in this browser (localStorage), each with the
// control it belongs to. Comps stack: a later comp overrides an earlier one.
(function (FL) {
  "use strict";

  var STORAGE_KEY = "feelLab.notebook.comps.v1";
  var numberText = FL.text.numberText;

  /// The controls by name, as their control files describe them.
  var CONTROLS = FL.page.controls || {};
  var BY_NAME = {};
  Object.keys(CONTROLS).forEach(function (control) {
    BY_NAME[control] = {};
    CONTROLS[control].constants.forEach(function (c) { BY_NAME[control][c.name] = c; });
  });

  /// The constants of a control (none for null or an unknown one), in the control file's order.
  function list(control) { return control && CONTROLS[control] ? CONTROLS[control].constants : []; }

  /// A constant of a control by name (null when it has none of that name).
  function byName(control, name) { return (control && BY_NAME[control] && BY_NAME[control][name]) || null; }

  /// "snap damping 0.35", "wall offset 10 pt".
  function constantText(control, name, value) {
    var c = byName(control, name);
    if (!c) return name + " " + numberText(value, 4);
    return c.label + " " + numberText(value, 4) + (c.unit ? " " + c.unit : "");
  }

  FL.controls = CONTROLS;
  FL.constants = { list: list, byName: byName, text: constantText };

  /// Whether every constant `values` names is one of `control`'s.
  function fits(control, values) {
    var keys = Object.keys(values);
    return keys.length > 0 && keys.every(function (k) { return byName(control, k) !== null; });
  }

  /// The control a comp belongs to: its own, else (comps saved before controls had files) the
  /// first control whose constants it names only.
  function controlOf(comp) {
    if (comp.control) return comp.control;
    var names = Object.keys(CONTROLS);
    for (var i = 0; i < names.length; i++) if (fits(names[i], comp.values)) return names[i];
    return null;
  }

  var Comps = {
    builtIns: [].concat.apply([], Object.keys(CONTROLS).map(function (control) {
      return CONTROLS[control].comps.map(function (c) {
        return { name: c.name, note: c.note, values: c.values, builtIn: true, control: control };
      });
    })),
    user: [],
    listeners: [],
    load: function () {
      try {
        var raw = window.localStorage.getItem(STORAGE_KEY);
        var stored = raw ? JSON.parse(raw) : [];
        this.user = Array.isArray(stored) ? stored.filter(validComp) : [];
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
    /// Every comp, or those of `control` (a name) when given.
    all: function (control) {
      var every = this.builtIns.concat(this.user);
      if (control === undefined) return every;
      return every.filter(function (c) { return controlOf(c) === control; });
    },
    /// The comp named `name` (of `control` when given; a user's comp wins over a built-in).
    find: function (name, control) {
      var all = this.all(control);
      for (var i = all.length - 1; i >= 0; i--) if (all[i].name === name) return all[i];
      return null;
    },
    /// Saves a comp of `control` (default: the first control whose constants it names).
    add: function (name, note, values, control) {
      name = String(name).trim();
      if (!name) throw new Error("a comp needs a name");
      if (Object.keys(values).length === 0) throw new Error("a comp needs at least one constant");
      var owner = control || controlOf({ values: values });
      if (!owner || !fits(owner, values)) throw new Error("a comp's constants must be those of one control");
      if (this.builtIns.some(function (c) { return c.name === name && c.control === owner; })) {
        throw new Error("“" + name + "” is a built-in comp: choose another name");
      }
      this.user = this.user.filter(function (c) { return !(c.name === name && controlOf(c) === owner); });
      this.user.push({ name: name, note: note || "", values: values, control: owner });
      this.save();
    },
    remove: function (name, control) {
      this.user = this.user.filter(function (c) {
        return !(c.name === name && (control === undefined || controlOf(c) === control));
      });
      this.save();
    },
    /// The comps saved in this browser for `control`, as the control file's [[comp]] sections
    /// (docs/controls.md) to paste into experiments/controls/CONTROL.toml, so that they are
    /// shared and committed rather than kept in one browser; "" when there are none.
    toml: function (control) {
      function quoted(text) {
        return "\"" + String(text).replace(/\\/g, "\\\\").replace(/"/g, "\\\"").replace(/\n/g, "\\n") + "\"";
      }
      function key(name) { return /^[A-Za-z0-9_-]+$/.test(name) ? name : quoted(name); }
      return this.user.filter(function (c) { return controlOf(c) === control; }).map(function (c) {
        var values = Object.keys(c.values).map(function (k) { return key(k) + " = " + String(c.values[k]); });
        return "[[comp]]\nname = " + quoted(c.name) + "\nnote = " + quoted(c.note || "") +
          "\nvalues = { " + values.join(", ") + " }\n";
      }).join("\n");
    },
    /// Stacked constants: later comps override earlier ones; unset constants stay unset. With
    /// `control`, only its comps and constants count.
    resolve: function (stack, control) {
      var out = {};
      stack.forEach(function (name) {
        var comp = Comps.find(name, control);
        if (!comp) return;
        var owner = controlOf(comp);
        for (var k in comp.values) {
          if (byName(owner, k) && isFinite(comp.values[k])) out[k] = comp.values[k];
        }
      });
      return out;
    },
  };

  /// Whether a stored comp is usable: a name, numeric values, and a control it fits.
  function validComp(c) {
    if (!c || typeof c.name !== "string" || !c.name || typeof c.values !== "object" || !c.values) return false;
    var clean = {};
    Object.keys(c.values).forEach(function (k) {
      if (typeof c.values[k] === "number" && isFinite(c.values[k])) clean[k] = c.values[k];
    });
    c.values = clean;
    if (typeof c.note !== "string") c.note = "";
    if (typeof c.control !== "string" || !CONTROLS[c.control]) delete c.control;
    var owner = controlOf(c);
    return owner !== null && fits(owner, clean);
  }

  /// The comp's constants as text.
  Comps.summary = function (comp) {
    var owner = controlOf(comp);
    return Object.keys(comp.values).map(function (k) { return constantText(owner, k, comp.values[k]); }).join(", ");
  };
  Comps.controlOf = controlOf;

  FL.comps = Comps;
})(window.FeelLab = window.FeelLab || {});
