// The explorer's export box (a panel's constants as Swift, Objective-C or a scene file, its
// motion as feel export's SwiftUI, Core Animation, Compose and CSS code with the fit's error,
// and Copy) and saving the selection's constants as a comp: two parts of the explorer, each owning its
// state (the panel and kind exported; the constants' boxes), given the panels shown or the
// selected point by the explorer.
(function (FL) {
  "use strict";

  var Comps = FL.comps, el = FL.el;
  var KINDS = [["swift", "Swift"], ["objc", "Objective-C"], ["toml", "Scene file (TOML)"]].concat(
    Object.keys(FL.springExport.LABELS).map(function (k) { return [k, FL.springExport.LABELS[k]]; }));
  var CODE_KINDS = { swift: true, objc: true };

  /// `control`: the control's page entry, or null (no Swift or Objective-C constants then).
  function ExportBox(exp, control) {
    this.exp = exp;
    this.control = control;
    /// The panel exported (0: the selection) and the kind of text.
    this.panel = 0;
    this.kind = control ? "swift" : "toml";
    this.shown = null;
    this.box = this.build();
  }

  /// The panel menu, the kind tabs, Copy and the text.
  ExportBox.prototype.build = function () {
    var self = this;
    this.exportSelect = el("select", {
      className: "export-panel", "aria-label": "Panel to export",
      onchange: function () { self.panel = Number(self.exportSelect.value); self.refreshText(); },
    });
    var tabs = el("div", { className: "tabs", role: "tablist" });
    this.tabButtons = {};
    KINDS.forEach(function (pair) {
      var b = el("button", {
        type: "button", role: "tab", "data-kind": pair[0], hidden: !self.control && CODE_KINDS[pair[0]] === true,
        onclick: function () { self.kind = pair[0]; self.refreshText(); },
      }, [pair[1]]);
      self.tabButtons[pair[0]] = b;
      tabs.appendChild(b);
    });
    this.exportText = el("textarea", {
      className: "export-text", readonly: true, rows: 14, spellcheck: "false", "aria-label": "Exported text",
    });
    this.exportNote = el("pre", { className: "export-note", hidden: true });
    this.copyStatus = el("span", { className: "copy-status", "aria-live": "polite" });
    var copyButton = el("button", {
      type: "button", className: "copy",
      onclick: function () { FL.exporter.copyText(self.exportText.value, self.copyStatus); },
    }, ["Copy"]);
    return el("div", { className: "export" }, [
      el("div", { className: "export-bar" }, [
        el("label", {}, ["Panel ", this.exportSelect]), tabs, copyButton, this.copyStatus,
      ]),
      this.exportText,
      this.exportNote,
    ]);
  };

  /// The panel menu for the panels `shown` (the explorer's resolved panels), and the text.
  ExportBox.prototype.refresh = function (shown) {
    var self = this;
    this.shown = shown;
    this.exportSelect.textContent = "";
    shown.forEach(function (p, n) {
      var name = n === 0 ? "Selection" : "Comp " + n + " (" + p.stack.join(" + ") + ")";
      self.exportSelect.appendChild(new Option(name, String(n)));
    });
    if (this.panel >= shown.length) this.panel = 0;
    this.exportSelect.value = String(this.panel);
    this.refreshText();
  };

  ExportBox.prototype.refreshText = function () {
    var p = this.shown[this.panel];
    var kind = this.kind;
    this.exportText.value = FL.exporter.text(kind, this.exp, p.point, p.stack);
    var spring = Object.prototype.hasOwnProperty.call(FL.springExport.LABELS, kind);
    this.exportNote.hidden = !spring;
    this.exportNote.textContent = spring ? FL.springExport.note(this.exp, p.point, kind) : "";
    for (var k in this.tabButtons) this.tabButtons[k].setAttribute("aria-selected", k === kind ? "true" : "false");
    this.copyStatus.textContent = "";
  };

  function SaveBox(exp) {
    this.exp = exp;
    this.point = null;
    this.saveBoxes = [];
    this.box = this.build();
  }

  /// The name, a box per constant, Save.
  SaveBox.prototype.build = function () {
    var self = this;
    this.saveName = el("input", {
      type: "text", className: "comp-name", placeholder: "comp name", "aria-label": "Comp name",
    });
    this.saveChecks = el("span", { className: "save-constants" });
    this.saveStatus = el("span", { className: "save-status", "aria-live": "polite" });
    var saveButton = el("button", {
      type: "button", className: "save-comp", onclick: function () { self.saveComp(); },
    }, ["Save as comp"]);
    // The comps saved in this browser as control-file TOML, to paste into the control file.
    this.compsToml = el("textarea", {
      className: "comps-toml", readOnly: true, rows: 6, hidden: true,
      "aria-label": "Saved comps as the control file's [[comp]] sections",
    });
    var tomlButton = el("button", {
      type: "button", className: "comps-toml-show", onclick: function () {
        var text = Comps.toml(self.exp.control);
        self.compsToml.value = text || "# no comps saved in this browser for this control yet";
        self.compsToml.hidden = false;
        self.compsToml.select();
      },
    }, ["Saved comps as TOML"]);
    return el("div", { className: "save", hidden: this.exp.constantNames.length === 0 }, [
      el("strong", { text: "Save the selection as a comp: " }), this.saveName, this.saveChecks, saveButton,
      this.saveStatus, tomlButton, this.compsToml,
    ]);
  };

  /// A box per constant of the experiment at `point` (the selection), checked if it varies (or
  /// as the user left it).
  SaveBox.prototype.refresh = function (point) {
    var exp = this.exp, self = this;
    this.point = point;
    var previous = {};
    this.saveBoxes.forEach(function (b) { previous[b.name] = b.box.checked; });
    this.saveChecks.textContent = "";
    this.saveBoxes = exp.constantNames.map(function (name) {
      var varies = exp.spread[name].max > exp.spread[name].min;
      var box = el("input", { type: "checkbox", checked: previous[name] !== undefined ? previous[name] : varies });
      self.saveChecks.appendChild(el("label", { className: "save-constant" }, [
        box, " " + FL.constants.text(exp.control, name, exp.constant(name, point)),
      ]));
      return { name: name, box: box };
    });
  };

  SaveBox.prototype.saveComp = function () {
    var exp = this.exp, point = this.point;
    var values = {};
    this.saveBoxes.forEach(function (b) { if (b.box.checked) values[b.name] = exp.constant(b.name, point); });
    try {
      Comps.add(this.saveName.value, "saved from " + exp.data.title + " at " + exp.describe(point), values,
        exp.control);
      this.saveStatus.textContent = "Saved “" + this.saveName.value.trim() + "”.";
      this.saveName.value = "";
    } catch (e) {
      this.saveStatus.textContent = e.message;
    }
  };

  FL.ExportBox = ExportBox;
  FL.SaveBox = SaveBox;
})(window.FeelLab = window.FeelLab || {});
