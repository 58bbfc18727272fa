// The map page's pan kept across taps: a tap on a hex (or a zoom, a reset) loads the page
// again at #answer, the answer on top and the map under it; this script puts the map back
// where it was panned (its corner, as a share of its width and height, so a zoom keeps it
// too) and, if the picked hexes are out of view, brings them in (the target alone when the
// shooter and the target do not fit the box together): in view is in the part of the box on
// the first screen when a hex or two of it is there (a long answer above it, as on the swim
// page, S where he fell in, E where he ends), else the whole box. Without scripts the links
// still work: the page opens at the answer with the map under it, panned to its corner.
// A map first opened with nothing picked opens at its data-home (the swim page: the water).
// The Cthulhu Who? attack and crush pages use it for their garden (#garden, its picked
// squares' rects marked data-pick) the same way: two boards side by side are wider than a phone.
(function () {
  "use strict";
  var box = document.querySelector(".mapbox.whole") || document.getElementById("garden");
  if (!box) return;
  var key = "havoc-map-pan:" + window.location.pathname;
  function save() {
    try {
      window.sessionStorage.setItem(key, JSON.stringify({
        x: box.scrollLeft / box.scrollWidth, y: box.scrollTop / box.scrollHeight
      }));
    } catch (e) { /* no storage: the page still works */ }
  }
  var links = document.querySelectorAll(".mapbox.whole a, #garden a, .mapnav a, form.fire");
  for (var i = 0; i < links.length; i++) {
    links[i].addEventListener(links[i].tagName === "FORM" ? "submit" : "click", save);
  }
  var saved = null;
  try { saved = JSON.parse(window.sessionStorage.getItem(key) || "null"); } catch (e) {}
  var home = box.querySelector("[data-home]");
  if (saved && isFinite(saved.x) && isFinite(saved.y)) {
    box.scrollLeft = saved.x * box.scrollWidth;
    box.scrollTop = saved.y * box.scrollHeight;
  } else if (home) {  // first opened: its middle (a share of the width and height) in view
    var share = home.getAttribute("data-home").split(",").map(Number);
    box.scrollLeft = share[0] * box.scrollWidth - box.clientWidth / 2;
    box.scrollTop = share[1] * box.scrollHeight - box.clientHeight / 2;
  }
  var picked = box.querySelectorAll("[data-pick]");
  if (!picked.length) return;
  var view = box.getBoundingClientRect(), out = false, at = [];
  var top = Math.max(view.top, 0), high = box.clientHeight;
  var shown = Math.min(view.top + high, window.innerHeight) - top;  // the box on the screen
  var room = 48;  // a hex and a little
  if (shown >= 2 * room && shown < high) high = shown; else top = view.top;
  for (var j = 0; j < picked.length; j++) {
    var r = picked[j].getBoundingClientRect();  // a hex's circle (its hex 3 times as wide) or a square
    var round = picked[j].tagName.toLowerCase() === "circle";
    var cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2, half = (round ? 1.5 : 0.5) * r.width;
    at.push([cx - view.left + box.scrollLeft, cy - view.top + box.scrollTop]);
    if (cx - half < view.left || cx + half > view.left + box.clientWidth ||
        cy - half < top || cy + half > top + high) out = true;
  }
  if (!out) return;
  var xs = at.map(function (p) { return p[0]; }), ys = at.map(function (p) { return p[1]; });
  if (Math.max.apply(null, xs) - Math.min.apply(null, xs) + room > box.clientWidth ||
      Math.max.apply(null, ys) - Math.min.apply(null, ys) + room > high) {
    xs = [xs[xs.length - 1]];  // too far apart: the target (the last picked)
    ys = [ys[ys.length - 1]];
  }
  var mx = (Math.min.apply(null, xs) + Math.max.apply(null, xs)) / 2;
  var my = (Math.min.apply(null, ys) + Math.max.apply(null, ys)) / 2;
  box.scrollLeft = mx - box.clientWidth / 2;
  box.scrollTop = my - (top - view.top) - high / 2;  // in the middle of the part in view
})();
