/* amrmetrics explain: start-up and routing (#corpus, #pair-N: links that can be shared). */
"use strict";

AM.route = function (data) {
  var m = /^#pair-(\d+)$/.exec(location.hash);
  var corpus = AM.el("corpus-view"), pair = AM.el("pair-view");
  if (m) {
    if (!corpus.hidden) AM.corpusScroll = window.scrollY;
    corpus.hidden = true;
    pair.hidden = false;
    AM.renderPair(data, Number(m[1]));
    window.scrollTo(0, 0);
  } else {
    pair.hidden = true;
    corpus.hidden = false;
    window.scrollTo(0, AM.corpusScroll || 0);
  }
};

AM.start = function () {
  var data = AM.load();
  AM.data = data;
  var what = data.systems.map(function (s) { return s.name + " " + s.source; }).join(" vs ");
  AM.el("what").textContent = data.metric + " \u00b7 " + what + " \u00b7 gold " + data.gold;
  if (data.pairs.length) AM.el("nav-pair").href = "#pair-" + data.pairs[0].number;
  AM.renderCorpus(data);
  window.addEventListener("hashchange", function () { AM.route(data); });
  AM.route(data);
  document.body.dataset.ready = "1";
};

AM.start();
