/* amrmetrics explain: one graph laid out by dagre and drawn as SVG, triples colored by their credit. */
"use strict";

AM.CHAR = 7.3;   /* width of a 12px monospace character */

/* Key of a triple, for comparing the written and the prepared graph. */
AM.tripleKey = function (s, r, t) { return s + "\u0001" + r + "\u0001" + t; };

/* Depth of every node of a graph as written: its distance from the root along edges as written. */
AM.depths = function (graph) {
  var out = {}, next = {}, queue = [graph.root];
  graph.rels.forEach(function (r) { (next[r[0]] = next[r[0]] || []).push(r[2]); });
  if (graph.root == null) return out;
  out[graph.root] = 0;
  for (var i = 0; i < queue.length; i++) {
    (next[queue[i]] || []).forEach(function (w) { if (!(w in out)) { out[w] = out[queue[i]] + 1; queue.push(w); } });
  }
  return out;
};

/* Lay out a graph {nodes, attrs, rels}: variables and one box per attribute value, roles as edge labels.
   Each relation is laid out from the node nearer the root of the graph as written (`written`) to the
   farther one, so a prepared graph (de-inverted, :mod as :domain) keeps the tree shape it was written
   in and a reentrancy never turns the tree upside down; the arrow still shows the triple's direction. */
AM.layout = function (graph, written) {
  var depth = AM.depths(written || graph);
  var flipped = function (r) { return depth[r[0]] != null && depth[r[2]] != null && depth[r[2]] < depth[r[0]]; };
  var g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: "TB", nodesep: 14, ranksep: 30, edgesep: 6, marginx: 10, marginy: 10 });
  g.setDefaultEdgeLabel(function () { return {}; });
  var known = {};
  graph.nodes.forEach(function (n) {
    known[n[0]] = true;
    g.setNode("v:" + n[0], { width: (n[0].length + n[1].length + 3) * AM.CHAR + 16, height: 24 });
  });
  var label = function (role) { return { width: role.length * 6.8 + 4, height: 14, labelpos: "c" }; };
  graph.attrs.forEach(function (a, k) {
    if (!known[a[0]]) return;
    g.setNode("c:" + k, { width: a[2].length * AM.CHAR + 14, height: 22 });
    g.setEdge("v:" + a[0], "c:" + k, label(a[1]), "a" + k);
  });
  graph.rels.forEach(function (r, k) {
    if (!known[r[0]] || !known[r[2]]) return;
    if (flipped(r)) g.setEdge("v:" + r[2], "v:" + r[0], label(r[1]), "r" + k);
    else g.setEdge("v:" + r[0], "v:" + r[2], label(r[1]), "r" + k);
  });
  dagre.layout(g, { customOrder: AM.writtenOrder });
  return g;
};

/* Order the nodes of each rank as dagre does (crossing reduction), keeping every node's children in
   the order their edges were added: as written. Without this, dagre keeps the last of equally good
   orders its sweeps find, and sweeps alternate which side wins a tie, so siblings (tied: they hang
   from one node) came out reversed on most graphs (:op3 :op2 :op1). Each edge first reaches a
   dummy node of its own one rank down (dagre gives each edge label one); a constraint between the
   dummies of consecutive edges keeps them, and the children below them, in order. */
AM.writtenOrder = function (lg, order) {
  var constraints = [];
  lg.nodes().forEach(function (v) {
    var rank = lg.node(v).rank;
    var first = lg.outEdges(v).map(function (e) { return e.w; }).filter(function (w) {
      var n = lg.node(w);
      return n.dummy && n.rank === rank + 1 && lg.predecessors(w).length === 1;
    });
    for (var k = 1; k < first.length; k++) constraints.push({ left: first[k - 1], right: first[k] });
  });
  order(lg, { constraints: constraints });
};

/* The class of a triple from its credit (null: no credits, e.g. the graph as written). */
AM.creditClass = function (credit, side) {
  if (credit == null) return "";
  if (credit <= 0) return "only-" + side;
  return credit < 1 ? "graded" : "match";
};

AM.creditWords = function (credit, side) {
  if (credit == null) return "";
  if (credit <= 0) return side === "test" ? "only in test (costs precision)" : "only in gold (costs recall)";
  return credit < 1 ? "graded match, credit " + AM.count(credit) : "matched" + (credit > 1 ? " (credit " + AM.count(credit) + ")" : "");
};

AM.pathOf = function (points) {
  var p = points, d = "M" + p[0].x.toFixed(1) + "," + p[0].y.toFixed(1);
  for (var i = 1; i < p.length - 1; i++) {
    var mx = (p[i].x + p[i + 1].x) / 2, my = (p[i].y + p[i + 1].y) / 2;
    d += " Q" + p[i].x.toFixed(1) + "," + p[i].y.toFixed(1) + " " + mx.toFixed(1) + "," + my.toFixed(1);
  }
  var last = p[p.length - 1];
  return d + " L" + last.x.toFixed(1) + "," + last.y.toFixed(1);
};

/* SVG text of a laid-out graph.
   opts: {graph, layout, credits ([nodes, attrs, rels] or null), side ("test"|"gold"),
          changed (set of triple keys standardization changed, or null), partner (var -> words), id (unique prefix)} */
AM.svgOf = function (opts) {
  var g = opts.layout, graph = opts.graph, credits = opts.credits, side = opts.side, esc = AM.esc;
  var info = g.graph(), id = opts.id;
  var changed = opts.changed;
  var isChanged = function (s, r, t) { return changed && changed.has(AM.tripleKey(s, r, t)); };
  var out = [];
  var markers = ["plain", "match", "graded", "only-test", "only-gold", "changed"].map(function (m) {
    return '<marker id="' + id + "-" + m + '" class="m-' + m + '" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"/></marker>';
  });
  out.push('<svg class="amr" width="' + Math.ceil(info.width) + '" height="' + Math.ceil(info.height) +
    '" viewBox="0 0 ' + Math.ceil(info.width) + " " + Math.ceil(info.height) + '" data-width="' + Math.ceil(info.width) + '" data-height="' + Math.ceil(info.height) + '"><defs>' + markers.join("") + "</defs>");
  var edge = function (name, s, role, target, cls, title) {
    var e = g.edge({ v: s, w: target, name: name }), points;
    if (e) points = e.points;
    else if ((e = g.edge({ v: target, w: s, name: name }))) points = e.points.slice().reverse();  /* laid out as written */
    else return;
    var marker = (cls.split(" ")[0] || "plain");
    out.push('<g class="edge ' + cls + '" data-triple="' + esc(name) + '"><title>' + esc(title) + "</title>" +
      '<path d="' + AM.pathOf(points) + '" marker-end="url(#' + id + "-" + marker + ')"/>' +
      '<text class="bg" x="' + e.x.toFixed(1) + '" y="' + e.y.toFixed(1) + '">' + esc(role) + "</text>" +
      '<text class="fg" x="' + e.x.toFixed(1) + '" y="' + e.y.toFixed(1) + '">' + esc(role) + "</text></g>");
  };
  graph.rels.forEach(function (r, k) {
    var credit = credits ? credits[2][k] : null;
    var cls = [AM.creditClass(credit, side), isChanged(r[0], r[1], r[2]) ? "changed" : ""].join(" ").trim();
    var title = "(" + r.join(", ") + ")" + (credit != null ? ": " + AM.creditWords(credit, side) : "") + (isChanged(r[0], r[1], r[2]) ? ": changed by standardization" : "");
    edge("r" + k, "v:" + r[0], r[1], "v:" + r[2], cls, title);
  });
  var boxes = [];
  graph.attrs.forEach(function (a, k) {
    var credit = credits ? credits[1][k] : null;
    var cls = [AM.creditClass(credit, side), isChanged(a[0], a[1], a[2]) ? "changed" : ""].join(" ").trim();
    var title = "(" + a.join(", ") + ")" + (credit != null ? ": " + AM.creditWords(credit, side) : "") + (isChanged(a[0], a[1], a[2]) ? ": changed by standardization" : "");
    edge("a" + k, "v:" + a[0], a[1], "c:" + k, cls, title);
    var n = g.node("c:" + k);
    if (n) boxes.push('<g class="node const ' + cls + '" transform="translate(' + n.x.toFixed(1) + "," + n.y.toFixed(1) + ')"><title>' + esc(title) + "</title>" +
      '<rect x="' + (-n.width / 2).toFixed(1) + '" y="' + (-n.height / 2) + '" width="' + n.width.toFixed(1) + '" height="' + n.height + '" rx="10"/><text>' + esc(a[2]) + "</text></g>");
  });
  graph.nodes.forEach(function (v, k) {
    var n = g.node("v:" + v[0]);
    var credit = credits ? credits[0][k] : null;
    var cls = ["node var", AM.creditClass(credit, side), v[0] === graph.root ? "root" : "", isChanged(v[0], ":instance", v[1]) ? "changed" : ""].join(" ").replace(/\s+/g, " ").trim();
    var title = v[0] + " / " + v[1] + (v[0] === graph.root ? " (root)" : "") + (credit != null ? ": " + AM.creditWords(credit, side) : "") +
      (opts.partner && opts.partner[v[0]] ? "; aligned to " + opts.partner[v[0]] : (credits ? "; not aligned" : ""));
    boxes.push('<g class="' + cls + '" data-var="' + esc(v[0]) + '" transform="translate(' + n.x.toFixed(1) + "," + n.y.toFixed(1) + ')"><title>' + esc(title) + "</title>" +
      '<rect x="' + (-n.width / 2).toFixed(1) + '" y="-12" width="' + n.width.toFixed(1) + '" height="24" rx="4"/><text>' + esc(v[0] + " / " + v[1]) + "</text></g>");
  });
  out.push(boxes.join(""));
  out.push("</svg>");
  return out.join("");
};

/* The set of triple keys of `written` that standardization changed (not in `prepared`, as multisets). */
AM.changedTriples = function (written, prepared) {
  var left = {};
  var add = function (key) { left[key] = (left[key] || 0) + 1; };
  prepared.nodes.forEach(function (n) { add(AM.tripleKey(n[0], ":instance", n[1])); });
  prepared.attrs.forEach(function (a) { add(AM.tripleKey(a[0], a[1], a[2])); });
  prepared.rels.forEach(function (r) { add(AM.tripleKey(r[0], r[1], r[2])); });
  var changed = new Set();
  var check = function (key) { if (left[key] > 0) left[key] -= 1; else changed.add(key); };
  written.nodes.forEach(function (n) { check(AM.tripleKey(n[0], ":instance", n[1])); });
  written.attrs.forEach(function (a) { check(AM.tripleKey(a[0], a[1], a[2])); });
  written.rels.forEach(function (r) { check(AM.tripleKey(r[0], r[1], r[2])); });
  return changed;
};

/* Set an SVG's zoom: `scale` times its laid-out size. */
AM.zoom = function (svg, scale) {
  svg.setAttribute("width", Math.ceil(svg.dataset.width * scale));
  svg.setAttribute("height", Math.ceil(svg.dataset.height * scale));
  svg.dataset.scale = scale;
};

AM.MIN_FONT = 10;    /* px: no text of a graph is fitted smaller than this */
AM.SMALL_FONT = 11;  /* px: the smallest text of a drawn graph (role labels; see report.css) */

/* The scale that fits an SVG into its container's width: never above 1, and never so small that
   its text is under AM.MIN_FONT pixels (a wider graph is read by scrolling). */
AM.fitScale = function (svg, box) {
  var room = Math.max(200, box.clientWidth - 16);
  return Math.max(AM.MIN_FONT / AM.SMALL_FONT, Math.min(1, room / Number(svg.dataset.width)));
};

/* Scroll a panel to its graph's left edge, or only as far right as shows the root node (layout
   coordinates, drawn at the SVG's scale) whole. */
AM.showRoot = function (box, svg, root) {
  var scale = Number(svg.dataset.scale), margin = 12, pad = svg.getBoundingClientRect().left - box.getBoundingClientRect().left + box.scrollLeft;
  var left = pad + (root.x - root.width / 2) * scale, right = pad + (root.x + root.width / 2) * scale;
  box.scrollLeft = Math.max(0, Math.min(left - margin, right + margin - box.clientWidth));
};
