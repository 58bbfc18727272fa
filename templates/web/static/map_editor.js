// The map editor (templates/web/map_editor.html). A tap on a hex paints it with the chosen
// terrain code, or (with a side tool) toggles a wall or a slope's lip on the side nearest the
// tap, sets the side the hex's water flows out by, or toggles a mill-wheel hex. The hidden
// fields (grid, walls, lips, flow, wheel) keep the drawing; after each change it is sent to the
// server's map loader, whose one line is shown above the map. Without scripts the form still
// saves or downloads the file as it is.
(function () {
  "use strict";
  var form = document.getElementById("editor");
  if (!form) return;
  var svg = document.getElementById("hexes");
  var R = parseFloat(svg.getAttribute("data-r"));
  var H = Math.sqrt(3) * R;
  var gridField = document.getElementById("grid");
  var verdict = document.getElementById("verdict");
  var rows = gridField.value.split("/");
  var SIDES = ["n", "ne", "se", "s", "sw", "nw"];
  var ANGLE = { n: -90, ne: -30, se: 30, s: 90, sw: 150, nw: -150 };
  var LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  var timer = null;

  function field(k) { return document.getElementById(k); }
  function tokens(k) { return field(k).value.split(/\s+/).filter(Boolean); }
  function store(k, list) { field(k).value = list.join(" "); }
  function chosen(name) {
    var on = form.querySelector('input[name="' + name + '"]:checked');
    return on ? on.value : null;
  }
  function hexName(c, r) { return LETTERS.charAt(c) + (r + 1); }
  function parse(name) { return [LETTERS.indexOf(name.charAt(0).toUpperCase()), parseInt(name.slice(1), 10) - 1]; }
  function centre(c, r) { return [R + c * 1.5 * R, H / 2 + r * H + (c % 2 === 0 ? H / 2 : 0)]; }
  function neighbour(c, r, side) {  // the kit's columns: A, C, E ... half a hex lower
    var even = c % 2 === 0;
    switch (side) {
      case "n": return [c, r - 1];
      case "s": return [c, r + 1];
      case "ne": return even ? [c + 1, r] : [c + 1, r - 1];
      case "se": return even ? [c + 1, r + 1] : [c + 1, r];
      case "nw": return even ? [c - 1, r] : [c - 1, r - 1];
      default: return even ? [c - 1, r + 1] : [c - 1, r];  // sw
    }
  }
  function opposite(side) { return SIDES[(SIDES.indexOf(side) + 3) % 6]; }
  function sameSide(token, c, r, side) {  // a wall is one side of two hexes
    var other = neighbour(c, r, side);
    return token === hexName(c, r) + "/" + side ||
      (other[0] >= 0 && other[1] >= 0 && token === hexName(other[0], other[1]) + "/" + opposite(side));
  }
  function toggle(k, c, r, side) {
    var list = tokens(k);
    var kept = list.filter(function (t) { return !sameSide(t, c, r, side); });
    if (kept.length === list.length) kept.push(hexName(c, r) + "/" + side);
    store(k, kept);
  }
  function sideAt(g, e) {
    var c = parseInt(g.getAttribute("data-c"), 10), r = parseInt(g.getAttribute("data-r"), 10);
    var p = svg.createSVGPoint(); p.x = e.clientX; p.y = e.clientY;
    var at = p.matrixTransform(svg.getScreenCTM().inverse());
    var o = centre(c, r);
    var deg = Math.atan2(at.y - o[1], at.x - o[0]) * 180 / Math.PI;
    var best = "n", gap = 999;
    SIDES.forEach(function (s) {
      var d = Math.abs(((deg - ANGLE[s]) + 540) % 360 - 180);
      if (d < gap) { gap = d; best = s; }
    });
    return best;
  }
  function line(x1, y1, x2, y2, cls) {
    var l = document.createElementNS("http://www.w3.org/2000/svg", "line");
    l.setAttribute("x1", x1); l.setAttribute("y1", y1); l.setAttribute("x2", x2); l.setAttribute("y2", y2);
    l.setAttribute("class", cls);
    return l;
  }
  function sideEnds(c, r, side) {
    var o = centre(c, r), a = (ANGLE[side] - 30) * Math.PI / 180, b = (ANGLE[side] + 30) * Math.PI / 180;
    return [o[0] + R * Math.cos(a), o[1] + R * Math.sin(a), o[0] + R * Math.cos(b), o[1] + R * Math.sin(b)];
  }
  function draw() {
    var layer = document.getElementById("marks");
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    ["walls", "lips"].forEach(function (k) {
      tokens(k).forEach(function (t) {
        var parts = t.split("/"), h = parse(parts[0]);
        var e = sideEnds(h[0], h[1], parts[1].toLowerCase());
        layer.appendChild(line(e[0], e[1], e[2], e[3], k === "walls" ? "wall" : "lip"));
      });
    });
    tokens("flow").forEach(function (t) {
      var parts = t.split("/"), h = parse(parts[0]), o = centre(h[0], h[1]);
      var a = ANGLE[parts[1].toLowerCase()] * Math.PI / 180;
      layer.appendChild(line(o[0], o[1], o[0] + 0.8 * R * Math.cos(a), o[1] + 0.8 * R * Math.sin(a), "flow"));
    });
    tokens("wheel").forEach(function (t) {
      var h = parse(t), o = centre(h[0], h[1]);
      var ring = document.createElementNS("http://www.w3.org/2000/svg", "circle");
      ring.setAttribute("cx", o[0]); ring.setAttribute("cy", o[1]); ring.setAttribute("r", R * 0.6);
      ring.setAttribute("class", "wheel");
      layer.appendChild(ring);
    });
  }
  function check() {
    var data = new FormData(form);
    data.set("grid", rows.join("/"));
    fetch(form.getAttribute("data-check"), { method: "POST", body: data, credentials: "same-origin" })
      .then(function (r) { return r.json(); })
      .then(function (answer) {
        verdict.textContent = (answer.ok ? "OK: " : "Not yet: ") + answer.message;
        verdict.className = answer.ok ? "said" : "said bad";
        document.getElementById("sight").textContent = answer.sight || "";
      })
      .catch(function () {});
  }
  function later() {
    if (timer) window.clearTimeout(timer);
    timer = window.setTimeout(check, 300);
  }
  function paint(g) {
    var code = chosen("paint");
    if (code === null) return;
    var c = parseInt(g.getAttribute("data-c"), 10), r = parseInt(g.getAttribute("data-r"), 10);
    rows[r] = rows[r].slice(0, c) + code + rows[r].slice(c + 1);
    gridField.value = rows.join("/");
    g.setAttribute("data-code", code);
    g.querySelector("text").textContent = code;
    var label = form.querySelector('input[name="paint"][value="' + code.replace(/"/g, '\\"') + '"]');
    var name = label ? label.parentNode.textContent.trim() : code;
    g.setAttribute("aria-label", g.getAttribute("aria-label").split(" ")[0] + " " + name);
    g.classList.add("painted");
  }
  function tap(g, e) {
    var tool = chosen("tool") || "terrain";
    var c = parseInt(g.getAttribute("data-c"), 10), r = parseInt(g.getAttribute("data-r"), 10);
    if (tool === "terrain" || !e) {
      paint(g);
    } else if (tool === "wheel") {
      var list = tokens("wheel"), name = hexName(c, r);
      store("wheel", list.indexOf(name) >= 0 ? list.filter(function (t) { return t !== name; }) : list.concat([name]));
    } else if (tool === "flow") {
      var side = sideAt(g, e), here = hexName(c, r);
      var kept = tokens("flow").filter(function (t) { return t.split("/")[0] !== here; });
      store("flow", kept.concat([here + "/" + side]));
    } else {
      toggle(tool, c, r, sideAt(g, e));
    }
    draw();
    later();
  }
  svg.addEventListener("click", function (e) {
    var g = e.target.closest ? e.target.closest(".hex") : null;
    if (g) tap(g, e);
  });
  svg.addEventListener("keydown", function (e) {
    if (e.key !== "Enter" && e.key !== " ") return;
    var g = e.target.closest ? e.target.closest(".hex") : null;
    if (g) { e.preventDefault(); tap(g, null); }
  });
  field("text").addEventListener("input", later);
  field("key").addEventListener("input", later);
  field("los_from").addEventListener("input", later);
  field("los_to").addEventListener("input", later);
  draw();
  check();
})();
