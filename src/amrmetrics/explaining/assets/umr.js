/* amrmetrics explain: UMR documents (umr): each document's aspects and document-level relations, matched,
   only in the test or only in gold, with the closure's relations; each sentence's own relations in its pair view. */
"use strict";

AM.UMR_STATUS = { matched: "matched", test_only: "only in test", gold_only: "only in gold" };
AM.UMR_CLASS = { matched: "win", test_only: "loss", gold_only: "umr-gold" };

AM.umrStyle = function () {
  if (AM.el("umr-style")) return;
  var style = document.createElement("style");
  style.id = "umr-style";
  style.textContent = ".umr-gold { color: var(--gold); } .documents { display: flex; flex-direction: column; gap: 12px; margin: 12px 0; }" +
    " .document h3 a { margin-left: 8px; font-weight: normal; } .relations { display: flex; flex-wrap: wrap; gap: 18px; align-items: flex-start; }";
  document.head.appendChild(style);
};

/* Where the document of a sentence pair is, and the sentence's number in it. */
AM.umrDocumentOf = function (data, number) {
  for (var d = 0; d < data.documents.length; d++) {
    var doc = data.documents[d], sentences = doc.sentences;
    for (var s in sentences) if (sentences[s] === number) return { doc: doc, sentence: Number(s) };
  }
  return null;
};

AM.umrPairLink = function (doc, sentence) {
  var number = doc.sentences[String(sentence)];
  return number ? '<a href="#pair-' + number + '">sentence ' + sentence + "</a>" : "sentence " + sentence;
};

/* One category's triples (optionally only those of one sentence) as a table: triple, sentence, status. */
AM.umrTriples = function (doc, category, lists, sentence) {
  var rows = lists.triples.filter(function (t) { return sentence == null || t.sentence === sentence; }).map(function (t) {
    return '<tr class="umr-' + t.status + '"><td class="mono">' + AM.esc(t.written) + (t.gold && t.gold !== t.written ? ' <span class="muted">= gold ' + AM.esc(t.gold) + "</span>" : "") +
      "</td><td>" + AM.umrPairLink(doc, t.sentence) + '</td><td class="' + AM.UMR_CLASS[t.status] + '">' + AM.UMR_STATUS[t.status] + "</td></tr>";
  });
  if (!rows.length) return "";
  return '<div><h4>' + AM.esc(category) + '</h4><table class="small umr-triples" data-category="' + AM.esc(category) + '"><tr><th>triple (as written)</th><th>in</th><th></th></tr>' +
    rows.join("") + "</table></div>";
};

AM.umrClosure = function (category, lists) {
  if (!lists.closure || !lists.closure.length) return "";
  var counts = { matched: 0, test_only: 0, gold_only: 0 };
  var rows = lists.closure.map(function (c) {
    counts[c.status] += 1;
    return '<tr class="umr-' + c.status + '"><td class="mono">' + AM.esc(c.start) + " " + AM.esc(c.type) + " " + AM.esc(c.end) + '</td><td class="' + AM.UMR_CLASS[c.status] + '">' + AM.UMR_STATUS[c.status] + "</td></tr>";
  });
  return '<details class="umr-closure" data-category="' + AM.esc(category) + '"><summary>' + AM.esc(category) + " closure: " + counts.matched + " matched, " + counts.test_only +
    " only in test, " + counts.gold_only + " only in gold</summary><table class=\"small\"><tr><th>relation (gold names; test:x = unaligned test node)</th><th></th></tr>" +
    rows.join("") + "</table></details>";
};

AM.umrDocument = function (doc) {
  var rows = Object.keys(doc.aspects).map(function (a) {
    var c = doc.aspects[a];
    return "<tr><td>" + AM.esc(a) + "</td><td>" + AM.count(c.matched) + "</td><td>" + AM.count(c.n_test) + "</td><td>" + AM.count(c.n_gold) + "</td><td>" +
      AM.pct(c.P) + "</td><td>" + AM.pct(c.R) + "</td><td>" + AM.pct(c.F) + "</td></tr>";
  });
  var categories = Object.keys(doc.relations);
  var first = doc.pairs[0] <= doc.pairs[1] ? '<a href="#pair-' + doc.pairs[0] + '">sentences ' + doc.pairs[0] + "&ndash;" + doc.pairs[1] + "</a>" : "";
  return '<div class="card document" id="document-' + doc.number + '"><h3>' + AM.esc(doc.name) + first + " " +
    '<span class="status ' + (doc.status === "optimal" ? "optimal" : "uncertified") + '">' + AM.esc(doc.status) + "</span></h3>" +
    '<table class="scores"><tr><th></th><th>matched</th><th>test</th><th>gold</th><th>P</th><th>R</th><th>F</th></tr>' + rows.join("") + "</table>" +
    (categories.length ? '<div class="relations">' + categories.map(function (c) { return AM.umrTriples(doc, c, doc.relations[c]); }).join("") + "</div>" +
      categories.map(function (c) { return AM.umrClosure(c, doc.relations[c]); }).join("") : '<p class="muted">no document-level relations on either side</p>') + "</div>";
};

(function () {
  var corpus = AM.renderCorpus, pair = AM.renderPair;
  AM.renderCorpus = function (data) {
    corpus(data);
    if (!data.documents) return;
    AM.umrStyle();
    var section = document.createElement("section");
    section.id = "documents";
    section.innerHTML = "<h2>" + data.documents.length + " document(s): sentence graphs and document-level relations under one alignment</h2>" +
      '<div class="documents">' + data.documents.map(AM.umrDocument).join("") + "</div><h2>Sentences</h2>";
    var toolbar = AM.el("corpus-view").querySelector(".toolbar");
    AM.el("corpus-view").insertBefore(section, toolbar);
  };
  AM.renderPair = function (data, number) {
    pair(data, number);
    if (!data.documents) return;
    AM.umrStyle();
    var at = AM.umrDocumentOf(data, number);
    if (!at) return;
    var parts = Object.keys(at.doc.relations).map(function (c) { return AM.umrTriples(at.doc, c, at.doc.relations[c], at.sentence); }).filter(Boolean);
    var box = document.createElement("section");
    box.id = "sentence-relations";
    box.innerHTML = "<h3>Document-level relations of this sentence (" + AM.esc(at.doc.name) + ', <a href="#corpus">the whole document</a>)</h3>' +
      (parts.length ? '<div class="relations">' + parts.join("") + "</div>" : '<p class="muted">none on either side</p>');
    var view = AM.el("pair-view"), panels = AM.el("panels");
    view.insertBefore(box, panels ? panels.nextSibling : null);
  };
})();
