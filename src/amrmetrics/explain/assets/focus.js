/* amrmetrics explain: large graphs (documents) drawn one top-level subtree at a time, the panels kept in step. */
"use strict";

AM.BIG = 150;   /* nodes above which a graph opens on one subtree of its root */

/* The root's children as written, and for every node the child whose subtree it was first reached in. */
AM.subtreesOf = function (written) {
  var owner = {}, children = [], next = {}, root = written.root;
  written.rels.forEach(function (r) { (next[r[0]] = next[r[0]] || []).push(r); });
  if (root == null) return { children: children, owner: owner };
  var seen = {};
  seen[root] = true;
  var concepts = AM.conceptsOf(written);
  (next[root] || []).forEach(function (r) {
    if (seen[r[2]]) return;
    seen[r[2]] = true;
    owner[r[2]] = r[2];
    children.push({ v: r[2], role: r[1], concept: concepts[r[2]], size: 1 });
  });
  var queue = children.map(function (c) { return c.v; }), size = {};
  children.forEach(function (c) { size[c.v] = c; });
  for (var i = 0; i < queue.length; i++) {
    (next[queue[i]] || []).forEach(function (r) {
      if (seen[r[2]]) return;
      seen[r[2]] = true;
      owner[r[2]] = owner[queue[i]];
      size[owner[r[2]]].size += 1;
      queue.push(r[2]);
    });
  }
  return { children: children, owner: owner };
};

/* The part of a graph (and of its credits) in the subtree of root child `child`, with the root. */
AM.focusOn = function (graph, credits, owner, child) {
  var keep = {}, out = { root: graph.root, nodes: [], attrs: [], rels: [] }, kept = credits ? [[], [], []] : null;
  graph.nodes.forEach(function (n, k) {
    if (n[0] !== graph.root && owner[n[0]] !== child) return;
    keep[n[0]] = true;
    out.nodes.push(n);
    if (kept) kept[0].push(credits[0][k]);
  });
  graph.attrs.forEach(function (a, k) { if (keep[a[0]]) { out.attrs.push(a); if (kept) kept[1].push(credits[1][k]); } });
  graph.rels.forEach(function (r, k) { if (keep[r[0]] && keep[r[2]]) { out.rels.push(r); if (kept) kept[2].push(credits[2][k]); } });
  return { graph: out, credits: kept };
};

/* The <select> that picks the subtree a large panel shows. */
AM.focusMenu = function (subtrees, focus, total) {
  var options = ['<option value=""' + (focus == null ? " selected" : "") + ">whole graph (" + total + " nodes, slow)</option>"];
  subtrees.children.forEach(function (c) {
    options.push('<option value="' + AM.esc(c.v) + '"' + (focus === c.v ? " selected" : "") + ">" + AM.esc(c.role + " " + c.v + " / " + c.concept) + " (" + c.size + ")</option>");
  });
  return '<select class="focus" aria-label="subtree shown">' + options.join("") + "</select>";
};

/* Focus every other large panel on the subtree holding the partner of `child` (through gold). */
AM.syncFocus = function (panels, maps, focus, i, child) {
  var p = panels[i];
  var gold = p.role === "gold" ? child : maps[p.side].toGold[child];
  panels.forEach(function (q, j) {
    if (j === i || !q.subtrees || gold == null) return;
    var w = q.role === "gold" ? gold : maps[q.side].toTest[gold];
    if (w != null && q.subtrees.owner[w] != null) focus[q.key] = q.subtrees.owner[w];
  });
};
