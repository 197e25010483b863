/* amrmetrics explain: the pair view's tables (graded matches, alignment), standardization changes and PENMAN text. */
"use strict";

AM.MAX_LISTED = 40;   /* triples listed per standardization step before "... N more" */

AM.conceptsOf = function (graph) {
  var out = {};
  graph.nodes.forEach(function (n) { out[n[0]] = n[1]; });
  return out;
};

/* S2match: every aligned node pair whose concepts earn less than 1, with its similarity. */
AM.gradedTable = function (data, pair, names) {
  if (!/^x?s2match/.test(data.metric)) return "";
  var gold = AM.conceptsOf(pair.gold.prepared);
  var parts = pair.sides.map(function (side, i) {
    var test = AM.conceptsOf(side.graph.prepared);
    var rows = side.alignment.filter(function (a) { return a[2] < 1; }).map(function (a) {
      return "<tr><td>" + AM.esc(a[0] + " / " + test[a[0]]) + "</td><td>" + AM.esc(a[1] + " / " + gold[a[1]]) + '</td><td class="num">' + AM.count(a[2]) + "</td></tr>";
    });
    return "<h3>Graded concept matches" + (names.length > 1 ? " of " + names[i] : "") + "</h3>" + (rows.length
      ? '<table class="small"><tr><th>' + names[i] + "</th><th>gold</th><th>similarity</th></tr>" + rows.join("") + "</table>"
      : '<p class="muted">every aligned concept pair is identical (similarity 1)</p>');
  });
  return parts.join("");
};

/* A document pair: each sentence's own counts under the document alignment, then the whole document and any other aspect (Coref). */
AM.sentenceTable = function (pair, names) {
  var row = function (label, c, cls) {
    return '<tr class="' + cls + '"><td>' + AM.esc(label) + '</td><td class="num">' + AM.count(c.matched) + '</td><td class="num">' + AM.count(c.n_test) +
      '</td><td class="num">' + AM.count(c.n_gold) + '</td><td class="num">' + AM.pct(c.P) + '</td><td class="num">' + AM.pct(c.R) + '</td><td class="num">' + AM.pct(c.F) + "</td></tr>";
  };
  return pair.sides.map(function (side, i) {
    if (!side.sentences.length) return "";
    var rows = side.sentences.map(function (r) { return row("sentence " + r.sentence, r, "snt-row"); });
    rows.push(row("document", Object.assign({}, side.stats, side.scores), "doc-row"));
    Object.keys(side.aspects).forEach(function (a) { rows.push(row(a, side.aspects[a], "aspect-row")); });
    return "<h3>Sentences" + (names.length > 1 ? " of " + names[i] : "") + '</h3><table class="small sentences" data-side="' + i + '"><tr><th></th>' +
      ["matched", "|" + names[i] + "|", "|gold|", "P", "R", "F"].map(function (h) { return '<th class="num">' + h + "</th>"; }).join("") + "</tr>" +
      rows.join("") + "</table>" +
      '<p class="muted">each sentence&rsquo;s triples under the document alignment; the root and its :sntK edges count only in the document row</p>';
  }).join("");
};

AM.alignmentTable = function (pair, names) {
  var gold = AM.conceptsOf(pair.gold.prepared);
  var parts = pair.sides.map(function (side, i) {
    var test = AM.conceptsOf(side.graph.prepared), aligned = {};
    var rows = side.alignment.map(function (a) {
      aligned[a[0]] = true;
      return "<tr><td>" + AM.esc(a[0] + " / " + test[a[0]]) + "</td><td>" + AM.esc(a[1] + " / " + gold[a[1]]) + '</td><td class="num">' + AM.count(a[2]) + "</td></tr>";
    });
    var unaligned = Object.keys(test).filter(function (v) { return !aligned[v]; });
    return "<details><summary>Node alignment" + (names.length > 1 ? " of " + names[i] : "") + ": " + side.alignment.length + " aligned, " + unaligned.length +
      " unaligned " + names[i] + ' node(s)</summary><table class="small"><tr><th>' + names[i] + "</th><th>gold</th><th>concept credit</th></tr>" + rows.join("") + "</table>" +
      (unaligned.length ? '<p class="muted">unaligned: ' + AM.esc(unaligned.join(", ")) + "</p>" : "") + "</details>";
  });
  return parts.join("");
};

AM.tripleText = function (t) { return "(" + t[0] + ", " + t[1] + ", " + t[2] + ")"; };

AM.stepList = function (view) {
  if (!view.steps.length) return '<p class="muted">nothing changed</p>';
  return "<ul>" + view.steps.map(function (s) {
    var list = function (triples, word) {
      if (!triples.length) return "";
      var shown = triples.slice(0, AM.MAX_LISTED).map(AM.tripleText).join(" ");
      var more = triples.length > AM.MAX_LISTED ? " &hellip; " + (triples.length - AM.MAX_LISTED) + " more" : "";
      return "<div><span class=\"muted\">" + word + " " + triples.length + ":</span> <code>" + AM.esc(shown) + "</code>" + more + "</div>";
    };
    return "<li><b>" + AM.esc(s[0]) + "</b>" + list(s[1], "removed") + list(s[2], "added") + "</li>";
  }).join("") + "</ul>";
};

AM.changesOf = function (data, pair, names) {
  var views = pair.sides.map(function (s, i) { return [names[i], s.graph]; }).concat([["gold", pair.gold]]);
  return "<details><summary>Standardization (" + AM.esc(data.signature.split("|").filter(function (x) { return x.indexOf("std:") === 0; }).join("") || "metric") +
    "): what each step changed</summary>" + views.map(function (v) { return "<h3>" + AM.esc(v[0]) + "</h3>" + AM.stepList(v[1]); }).join("") + "</details>";
};

AM.texts = function (pair, names) {
  var views = pair.sides.map(function (s, i) { return [names[i], s.graph]; });
  views.splice(1, 0, ["gold", pair.gold]);
  var block = function (v) {
    var prepared = v[1].prepared, lines = [];
    prepared.nodes.forEach(function (n) { lines.push(AM.tripleText([n[0], ":instance", n[1]])); });
    prepared.attrs.concat(prepared.rels).forEach(function (t) { lines.push(AM.tripleText(t)); });
    return "<div><h3>" + AM.esc(v[0]) + ' as written (PENMAN)</h3><button class="copy">copy</button><pre class="penman">' + AM.esc(v[1].penman) + "</pre>" +
      '<details><summary>as scored: ' + lines.length + ' triples</summary><button class="copy">copy</button><pre class="penman">' + AM.esc(lines.join("\n")) + "</pre></details></div>";
  };
  return '<div class="texts' + (views.length === 3 ? " three" : "") + '">' + views.map(block).join("") + "</div>";
};
