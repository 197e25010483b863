/* amrmetrics explain: the pair view (graphs side by side, alignment, arithmetic, standardization, PENMAN). */
"use strict";

AM.layouts = {};      /* laid-out graphs by pair, panel and view, so toggling back is instant */

AM.arithmetic = function (side, name) {
  var s = side.stats, sc = side.scores, m = AM.count(s.matched);
  var lines = [
    "<b>" + AM.esc(name) + "</b>: matched " + m + ", |test| " + AM.count(s.n_test) + ", |gold| " + AM.count(s.n_gold),
    "P = " + m + " / " + AM.count(s.n_test) + " = " + AM.pct(sc.P) + " &nbsp; R = " + m + " / " + AM.count(s.n_gold) + " = " + AM.pct(sc.R) +
      " &nbsp; F = 2PR / (P + R) = " + AM.pct(sc.F)
  ];
  var shown = side.test_credits.reduce(function (t, part) { return t + part.reduce(function (a, b) { return a + b; }, 0); }, 0);
  if (Math.abs(shown - s.matched) > 1e-6) lines.push('<span class="warn">the colored triples add up to ' + AM.count(shown) + "</span>");
  if (side.status !== "optimal") {
    lines.push('<span class="warn">not certified optimal (' + AM.esc(side.status) + "): the best alignment matches between " +
      AM.count(side.lower) + " and " + AM.count(side.upper) + " triples</span>");
  }
  return lines.join("<br>");
};

/* The panels of a pair: which graph each shows and how its triples are credited. */
AM.panelsOf = function (data, pair, goldSide) {
  if (data.kind === "compare") {
    return [
      { key: "A", title: "A: " + data.systems[0].source, role: "test", side: 0, view: pair.sides[0].graph },
      { key: "gold", title: "gold (as seen by " + (goldSide ? "B" : "A") + ")", role: "gold", side: goldSide, view: pair.gold },
      { key: "B", title: "B: " + data.systems[1].source, role: "test", side: 1, view: pair.sides[1].graph }
    ];
  }
  return [
    { key: "test", title: "test: " + data.systems[0].source, role: "test", side: 0, view: pair.sides[0].graph },
    { key: "gold", title: "gold: " + data.gold, role: "gold", side: 0, view: pair.gold }
  ];
};

AM.alignMaps = function (pair) {
  return pair.sides.map(function (s) {
    var toGold = {}, toTest = {};
    s.alignment.forEach(function (a) { toGold[a[0]] = a[1]; toTest[a[1]] = a[0]; });
    return { toGold: toGold, toTest: toTest };
  });
};

AM.renderPair = function (data, number) {
  var view = AM.el("pair-view"), pair = data.byNumber[number];
  if (!pair) { view.innerHTML = "<p>No pair " + AM.esc(number) + ' in this report. <a href="#corpus">Back to the corpus</a></p>'; return; }
  var compare = data.kind === "compare", k = pair.index;
  var prev = data.pairs[k - 1], next = data.pairs[k + 1];
  var names = compare ? ["A", "B"] : ["test"];
  var html = ['<div class="pairhead"><a href="#corpus">&larr; corpus</a>' + (prev ? '<a href="#pair-' + prev.number + '">&lsaquo; pair ' + prev.number + "</a>" : "") +
    (next ? '<a href="#pair-' + next.number + '">pair ' + next.number + " &rsaquo;</a>" : "") + "<h2>Pair " + pair.number + "</h2>" +
    (pair.id ? '<span class="mono">' + AM.esc(pair.id) + "</span>" : "") + pair.sides.map(function (s) { return AM.statusBadge(pair, s); }).join(" ") + "</div>"];
  html.push('<p class="sentence">' + (pair.sentence ? AM.esc(pair.sentence) : '<span class="muted">(no # ::snt)</span>') + "</p>");
  html.push('<div class="arith">' + pair.sides.map(function (s, i) { return AM.arithmetic(s, names[i]); }).join("<hr>") + "</div>");
  html.push('<div class="toolbar"><button id="show-prepared" class="on">as scored (prepared)</button><button id="show-written">as written</button>' +
    (compare ? '<span class="muted">gold colored for</span><button id="gold-a" class="on">A</button><button id="gold-b">B</button>' : "") +
    '<span class="legend"><span><i class="swatch sw-match"></i>matched</span><span><i class="swatch sw-test"></i>only in ' + (compare ? "A/B" : "test") +
    '</span><span><i class="swatch sw-gold"></i>only in gold</span><span><i class="swatch sw-graded"></i>graded concept match</span>' +
    '<span><i class="swatch sw-changed"></i>changed by standardization (as written)</span><span class="muted">hover or click a node to see its aligned partner</span></span></div>');
  html.push('<div class="panels ' + (compare ? "three" : "two") + '" id="panels"></div>');
  html.push(AM.sentenceTable(pair, names));
  html.push(AM.gradedTable(data, pair, names));
  html.push(AM.alignmentTable(pair, names));
  html.push(AM.changesOf(data, pair, names));
  html.push(AM.texts(pair, names));
  view.innerHTML = html.join("");
  var state = { written: false, goldSide: 0, hover: null, pinned: null, focus: null };
  var maps = AM.alignMaps(pair);
  var panels = [];
  var highlight = function () {
    panels.forEach(function (p) { if (p.lit) p.lit.forEach(function (n) { n.classList.remove("hl"); }); p.lit = []; });
    var at = state.hover || state.pinned;
    if (!at) return;
    var want = AM.partners(panels, maps, at.panel, at.v);
    want.forEach(function (w) {
      var node = panels[w[0]].nodes && panels[w[0]].nodes[w[1]];
      if (node) { node.classList.add("hl"); panels[w[0]].lit.push(node); }
    });
    return want;
  };
  var draw = function () {
    panels = AM.panelsOf(data, pair, state.goldSide);
    panels.forEach(function (p) { if (p.view.written.nodes.length > AM.BIG) p.subtrees = AM.subtreesOf(p.view.written); });
    if (state.focus == null) {  /* a large graph opens on its first subtree, the others on its partners' */
      state.focus = {};
      var first = panels.findIndex(function (p) { return p.subtrees && p.subtrees.children.length; });
      if (first >= 0) {
        state.focus[panels[first].key] = panels[first].subtrees.children[0].v;
        AM.syncFocus(panels, maps, state.focus, first, state.focus[panels[first].key]);
      }
      panels.forEach(function (p) {
        if (p.subtrees && state.focus[p.key] === undefined) state.focus[p.key] = p.subtrees.children.length ? p.subtrees.children[0].v : null;
      });
    }
    var box = AM.el("panels");
    box.innerHTML = panels.map(function (p, i) {
      var n = p.view[state.written ? "written" : "prepared"].nodes.length;
      return '<div class="panel" data-panel="' + i + '"><div class="bar-top"><b title="' + AM.esc(p.title) + '">' + AM.esc(p.key) + "</b>" +
        (p.subtrees ? AM.focusMenu(p.subtrees, state.focus[p.key], n) : '<span class="muted">' + n + " nodes</span>") +
        '<span class="zoom"><button data-z="0.8">&minus;</button><button data-z="fit">fit</button><button data-z="1.25">+</button></span></div>' +
        '<div class="graph" data-key="' + p.key + '"></div></div>';
    }).join("");
    panels.forEach(function (p, i) {
      AM.drawPanel(data, pair, p, box.querySelectorAll(".graph")[i], state.written, maps, p.subtrees ? state.focus[p.key] : null);
    });
    state.hover = null;
    highlight();
  };
  var at = function (ev) {
    var node = ev.target.closest && ev.target.closest(".node.var"), panel = ev.target.closest && ev.target.closest(".panel");
    return node && panel ? { panel: Number(panel.dataset.panel), v: node.dataset.var } : null;
  };
  var box = AM.el("panels");
  box.addEventListener("change", function (ev) {
    var select = ev.target.closest("select.focus");
    if (!select) return;
    var i = Number(select.closest(".panel").dataset.panel), child = select.value || null;
    state.focus[panels[i].key] = child;
    if (child) AM.syncFocus(panels, maps, state.focus, i, child);
    else panels.forEach(function (p) { if (p.subtrees) state.focus[p.key] = null; });
    draw();
  });
  box.addEventListener("mouseover", function (ev) { state.hover = at(ev); highlight(); });
  box.addEventListener("mouseleave", function () { state.hover = null; highlight(); });
  box.addEventListener("click", function (ev) {
    var z = ev.target.closest("button[data-z]");
    if (z) { AM.zoomPanel(z); return; }
    var hit = at(ev);
    state.pinned = hit && !(state.pinned && state.pinned.panel === hit.panel && state.pinned.v === hit.v) ? hit : null;
    state.hover = null;
    var lit = highlight() || [];
    lit.forEach(function (w) {
      var node = panels[w[0]].nodes[w[1]];
      if (node && w[0] !== (hit && hit.panel)) node.scrollIntoView({ block: "nearest", inline: "center" });
    });
  });
  var toggle = function (on, off) { AM.el(on).classList.add("on"); AM.el(off).classList.remove("on"); };
  AM.el("show-prepared").onclick = function () { state.written = false; toggle("show-prepared", "show-written"); draw(); };
  AM.el("show-written").onclick = function () { state.written = true; toggle("show-written", "show-prepared"); draw(); };
  if (compare) {
    AM.el("gold-a").onclick = function () { state.goldSide = 0; toggle("gold-a", "gold-b"); draw(); };
    AM.el("gold-b").onclick = function () { state.goldSide = 1; toggle("gold-b", "gold-a"); draw(); };
  }
  view.querySelectorAll("button.copy").forEach(function (b) { b.onclick = function () { AM.copy(b.nextElementSibling.textContent, b); }; });
  draw();
};

/* [panel index, variable] of a node and of every node aligned to it (through gold in a comparison). */
AM.partners = function (panels, maps, i, v) {
  var out = [[i, v]], p = panels[i];
  var gold = p.role === "gold" ? v : maps[p.side].toGold[v];
  panels.forEach(function (q, j) {
    if (j === i || gold == null) return;
    var w = q.role === "gold" ? gold : maps[q.side].toTest[gold];
    if (w != null) out.push([j, w]);
  });
  return out;
};

AM.drawPanel = function (data, pair, panel, box, written, maps, focus) {
  var graph = panel.view[written ? "written" : "prepared"];
  var side = pair.sides[panel.side];
  var credits = written ? null : (panel.role === "gold" ? side.gold_credits : side.test_credits);
  if (focus != null) {
    var part = AM.focusOn(graph, credits, panel.subtrees.owner, focus);
    graph = part.graph;
    credits = part.credits;
  }
  var changed = written ? AM.changedTriples(panel.view.written, panel.view.prepared) : null;
  var partner = {};
  var map = panel.role === "gold" ? maps[panel.side].toTest : maps[panel.side].toGold;
  Object.keys(map).forEach(function (v) { partner[v] = (panel.role === "gold" ? (data.kind === "compare" ? ["A", "B"][panel.side] : "test") : "gold") + " " + map[v]; });
  var key = [pair.number, panel.key, written ? "w" : "p", focus].join("/");
  var finish = function () {
    var layout = AM.layouts[key] || (AM.layouts[key] = AM.layout(graph, panel.view.written));
    box.dataset.layout = key;
    box.innerHTML = AM.svgOf({ graph: graph, layout: layout, credits: credits, side: panel.role, changed: changed, partner: partner,
      id: "g" + pair.number + panel.key + (written ? "w" : "p") + (panel.role === "gold" ? panel.side : "") });
    var svg = box.querySelector("svg");
    AM.zoom(svg, AM.fitScale(svg, box));
    box.dataset.root = graph.root != null && layout.node("v:" + graph.root) ? graph.root : "";
    AM.openAt(box, svg, layout);
    panel.nodes = {};
    box.querySelectorAll(".node.var").forEach(function (n) { panel.nodes[n.dataset.var] = n; });
    box.dataset.ready = "1";
  };
  panel.lit = [];
  if (!graph.nodes.length) { box.innerHTML = '<p class="wait">(empty graph)</p>'; panel.nodes = {}; box.dataset.ready = "1"; return; }
  if (AM.layouts[key] || graph.nodes.length <= AM.BIG) { finish(); return; }
  box.innerHTML = '<p class="wait">laying out ' + graph.nodes.length + " nodes&hellip;</p>";
  setTimeout(finish, 30);
};

/* A wide graph opens at its left edge with its root in view (not centred on the root, cut on both sides). */
AM.openAt = function (box, svg, layout) {
  var root = box.dataset.root && layout.node("v:" + box.dataset.root);
  if (root) AM.showRoot(box, svg, root);
  else box.scrollLeft = 0;
};

AM.zoomPanel = function (button) {
  var box = button.closest(".panel").querySelector(".graph"), svg = box.querySelector("svg");
  if (!svg) return;
  var z = button.dataset.z;
  if (z !== "fit") { AM.zoom(svg, Number(svg.dataset.scale) * Number(z)); return; }
  AM.zoom(svg, AM.fitScale(svg, box));  /* back to how the graph opened */
  AM.openAt(box, svg, AM.layouts[box.dataset.layout]);
};
