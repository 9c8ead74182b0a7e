// The comps library section at the top of the page: for each control the experiments name,
// every comp with its constants and note, Delete for the user's own, and a form to make a new
// comp from any subset of the control's constants.
(function (FL) {
  "use strict";

  var Comps = FL.comps, el = FL.el;

  /// A list item per comp of `control`.
  function compList(control) {
    var list = el("ul", { className: "comps" });
    Comps.all(control).forEach(function (comp) {
      var item = el("li", { className: comp.builtIn ? "comp built-in" : "comp user" }, [
        el("strong", { text: comp.name }), " ",
        el("span", { className: "comp-values", text: Comps.summary(comp) }),
        comp.note ? el("span", { className: "comp-note", text: comp.note }) : null,
      ]);
      if (!comp.builtIn) {
        item.appendChild(el("button", {
          type: "button", className: "comp-delete", onclick: function () { Comps.remove(comp.name, control); },
        }, ["Delete"]));
      }
      list.appendChild(item);
    });
    return list;
  }

  /// A new comp of `control` by hand: a name and any subset of its constants.
  function newCompForm(control) {
    var name = el("input", { type: "text", placeholder: "name", "aria-label": "New comp name" });
    var fields = FL.constants.list(control).map(function (c) {
      var box = el("input", { type: "checkbox" });
      var value = el("input", { type: "number", step: "any", className: "constant-value", "aria-label": c.label });
      value.addEventListener("input", function () { box.checked = value.value !== ""; });
      var text = " " + c.label + (c.unit ? " (" + c.unit + ")" : "") + " ";
      return { c: c, box: box, value: value, node: el("label", { className: "new-constant" }, [box, text, value]) };
    });
    var status = el("span", { className: "save-status", "aria-live": "polite" });
    var save = el("button", {
      type: "button",
      onclick: function () {
        var values = {};
        fields.forEach(function (f) {
          if (f.box.checked && f.value.value !== "" && isFinite(Number(f.value.value))) {
            values[f.c.name] = Number(f.value.value);
          }
        });
        try { Comps.add(name.value, "", values, control); } catch (e) { status.textContent = e.message; }
      },
    }, ["Save"]);
    return el("div", { className: "new-comp" }, [el("strong", { text: "New comp: " }), name]
      .concat(fields.map(function (f) { return f.node; }))
      .concat([save, status]));
  }

  /// Fills the section, and again whenever the comps change.
  FL.buildLibrary = function () {
    var root = document.querySelector("[data-role=comps-list]");
    if (!root) return;
    function render() {
      root.textContent = "";
      var controls = Object.keys(FL.controls);
      if (controls.length === 0) {
        root.appendChild(el("p", {
          className: "hint", text: "No experiment here names a control (docs/controls.md), so there are no comps.",
        }));
      }
      controls.forEach(function (control) {
        root.appendChild(el("h3", { className: "comps-control", text: FL.controls[control].title }));
        root.appendChild(compList(control));
        root.appendChild(newCompForm(control));
      });
    }
    render();
    Comps.listeners.push(render);
  };
})(window.FeelLab = window.FeelLab || {});
