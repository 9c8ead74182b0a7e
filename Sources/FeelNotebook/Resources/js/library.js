// The comps library section at the top of the page: every comp with its constants and note,
// Delete for the user's own, and a form to make a new comp from any subset of the constants.
(function (FL) {
  "use strict";

  var Comps = FL.comps, el = FL.el;

  /// A list item per comp.
  function compList() {
    var list = el("ul", { className: "comps" });
    Comps.all().forEach(function (comp) {
      var item = el("li", { className: comp.builtIn ? "comp built-in" : "comp user" }, [
        el("strong", { text: comp.name }), " ",
        el("span", { className: "comp-values", text: Comps.summary(comp) }),
        comp.note ? el("span", { className: "comp-note", text: comp.note }) : null,
      ]);
      if (!comp.builtIn) {
        item.appendChild(el("button", {
          type: "button", className: "comp-delete", onclick: function () { Comps.remove(comp.name); },
        }, ["Delete"]));
      }
      list.appendChild(item);
    });
    return list;
  }

  /// A new comp by hand: a name and any subset of the constants.
  function newCompForm() {
    var name = el("input", { type: "text", placeholder: "name", "aria-label": "New comp name" });
    var fields = FL.constants.list.map(function (c) {
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
        try { Comps.add(name.value, "", values); } catch (e) { status.textContent = e.message; }
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
      root.appendChild(compList());
      root.appendChild(newCompForm());
    }
    render();
    Comps.listeners.push(render);
  };
})(window.FeelLab = window.FeelLab || {});
