// The map editor (templates/web/map_editor.html): tap (or Enter on) a hex to paint it with the
// chosen terrain code; the grid field is kept in step and the drawing is sent to the server's
// map loader after each change, whose one line is shown above the map. Without scripts the
// form still saves or downloads the file as it is.
(function () {
  "use strict";
  var form = document.getElementById("editor");
  if (!form) return;
  var gridField = document.getElementById("grid");
  var verdict = document.getElementById("verdict");
  var rows = gridField.value.split("/");
  var timer = null;

  function chosen() {
    var on = form.querySelector('input[name="paint"]:checked');
    return on ? on.value : null;
  }
  function check() {
    var data = new FormData(form);
    data.set("grid", rows.join("/"));
    fetch(form.getAttribute("data-check"), { method: "POST", body: data, credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (answer) {
        verdict.textContent = (answer.ok ? "OK: " : "Not yet: ") + answer.message;
        verdict.className = answer.ok ? "said" : "said bad";
      })
      .catch(function () {});
  }
  function later() {
    if (timer) window.clearTimeout(timer);
    timer = window.setTimeout(check, 300);
  }
  function paint(g) {
    var code = chosen();
    if (code === null) return;
    var c = parseInt(g.getAttribute("data-c"), 10);
    var r = parseInt(g.getAttribute("data-r"), 10);
    var row = rows[r];
    rows[r] = row.slice(0, c) + code + row.slice(c + 1);
    gridField.value = rows.join("/");
    g.setAttribute("data-code", code);
    g.querySelector("text").textContent = code;
    var label = form.querySelector('input[name="paint"][value="' + code.replace(/"/g, '\\"') + '"]');
    var name = label ? label.parentNode.textContent.trim() : code;
    g.setAttribute("aria-label", g.getAttribute("aria-label").split(" ")[0] + " " + name);
    g.classList.add("painted");
    later();
  }
  var svg = document.getElementById("hexes");
  svg.addEventListener("click", function (e) {
    var g = e.target.closest ? e.target.closest(".hex") : null;
    if (g) paint(g);
  });
  svg.addEventListener("keydown", function (e) {
    if (e.key !== "Enter" && e.key !== " ") return;
    var g = e.target.closest ? e.target.closest(".hex") : null;
    if (g) { e.preventDefault(); paint(g); }
  });
  document.getElementById("text").addEventListener("input", later);
  document.getElementById("key").addEventListener("input", later);
  check();
})();
