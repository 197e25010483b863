// Set and n-gram metrics of two read graphs, as sufficient statistics (integers): SemBLEU's default
// mode (metrics/sembleu_graphs.py's label_graph, metrics/ngrams.py's ngram_counts, metrics/sembleu.py's
// clipped matches) and rematch's default mode (metrics/rematch.py's motifs of the standardized triples).
// Labels are ASCII here (the compiled reader reads nothing else), so Python's str.lower is ASCII lowering.
// Every label becomes an integer id: an n-gram is the id of (its prefix's id, role, last label), a
// motif a few ids, so equal n-grams and motifs of both graphs have equal ids.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "intern.hpp"
#include "triples.hpp"

namespace amr {

using i64 = std::int64_t;

constexpr i64 NGRAM_LIMIT = i64(1) << 24;  // paths counted per pair; above, the Python path counts them
constexpr i64 MOTIF_LIMIT = i64(1) << 24;  // motifs made per pair; above, the Python path makes them
constexpr int MAX_ORDER = 1 << 16;         // SemBLEU's n; above, the Python path (2n statistics a pair)

/// Python's whitespace among ASCII characters (str.split's separators).
inline bool python_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x1f); }

// ---------------------------------------------------------------------------------------------
// SemBLEU

/// The working memory of sembleu_stats, kept from pair to pair.
struct NgramBuffers {
    Interner words, variables;
    TripleIds edge_ids, constant_ids, grams;
    std::deque<std::string> arena;  // labels that differ from their text (a deque never moves them)
    std::vector<int> labels, first, out;
    std::vector<std::array<int, 3>> edges;  // (source node, role, target node), deduplicated, in order
    std::vector<int> order;                 // the order (nodes) of each n-gram id
    std::vector<i64> test_count, gold_count;
    struct Step {
        int node, gram, next;  // a path's last node, its n-gram, the next out-edge position to try
    };
    std::vector<Step> stack;
    std::vector<int> used;  // the edges of the path on the stack
    std::vector<i64> stats;
};

/// sembleu_graphs._label: lowercase, whitespace runs collapsed to one space (and none at the ends).
inline std::string_view sembleu_label(std::string_view text, std::deque<std::string>& arena) {
    bool plain = !has_upper(text);
    for (size_t k = 0; plain && k < text.size(); ++k) plain = text[k] != ' ' && !python_space(text[k]);
    if (plain) return text;
    std::string out;
    for (size_t k = 0; k < text.size();) {
        if (python_space(text[k])) {
            ++k;
            continue;
        }
        if (!out.empty()) out.push_back(' ');
        for (; k < text.size() && !python_space(text[k]); ++k) out.push_back(text[k] >= 'A' && text[k] <= 'Z' ? static_cast<char>(text[k] - 'A' + 'a') : text[k]);
    }
    arena.push_back(std::move(out));
    return arena.back();
}

/// label_graph of a read graph's triples into ``b`` (labels, deduplicated edges, adjacency); false when a
/// triple names an undefined variable or a variable is defined twice (the Python path decides).
inline bool sembleu_graph(const Triples& g, NgramBuffers& b) {
    const size_t n = g.instances.size();
    b.variables.clear(n);
    b.labels.clear();
    b.edges.clear();
    b.edge_ids.clear(g.relations.size() + g.attributes.size());
    b.constant_ids.clear(g.attributes.size());
    for (size_t k = 0; k < n; ++k) {
        if (b.variables.intern(g.instances[k].a.text) != static_cast<int>(k)) return false;
        b.labels.push_back(b.words.intern(sembleu_label(g.instances[k].b.text, b.arena)));
    }
    auto add_edge = [&b](int source, std::string_view role, int target) {  // once (a dict's keys)
        int r = b.words.intern(role);
        if (b.edge_ids.intern({source, r, target}) == static_cast<int>(b.edges.size())) b.edges.push_back({source, r, target});
    };
    for (const Triple& t : g.relations) {
        int source = b.variables.find(t.a.text), target = b.variables.find(t.c.text);
        if (source < 0 || target < 0) return false;
        std::string_view role = t.b.text;
        if (Steps::inverted(role)) add_edge(target, role.substr(0, role.size() - 3), source);
        else add_edge(source, role, target);
    }
    for (const Triple& t : g.attributes) {
        int var = b.variables.find(t.a.text);
        if (var < 0) return false;
        std::string_view value = t.c.text;  // unquote, then _label
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
        int label = b.words.intern(sembleu_label(value, b.arena));
        std::string_view role = t.b.text;
        if (b.constant_ids.intern({var, b.words.intern(role), label}) != static_cast<int>(b.labels.size() - n)) continue;
        int node = static_cast<int>(b.labels.size());
        b.labels.push_back(label);
        if (Steps::inverted(role)) add_edge(node, role.substr(0, role.size() - 3), var);
        else add_edge(var, role, node);
    }
    // adjacency: node k's out-edges are out[first[k]..first[k + 1]), in edge order
    const size_t nodes = b.labels.size();
    b.first.assign(nodes + 1, 0);
    for (const auto& e : b.edges) b.first[e[0] + 1]++;
    for (size_t k = 0; k < nodes; ++k) b.first[k + 1] += b.first[k];
    b.out.assign(b.edges.size(), 0);
    std::vector<int> fill(b.first.begin(), b.first.end() - 1);
    for (size_t e = 0; e < b.edges.size(); ++e) b.out[fill[b.edges[e][0]]++] = static_cast<int>(e);
    return true;
}

/// Counts of the n-grams (orders 1..n) of the graph in ``b`` into ``count`` (by n-gram id), every node a
/// start, paths never using an edge twice; false when more than ``budget`` paths were counted.
inline bool count_ngrams(NgramBuffers& b, int n, std::vector<i64>& count, i64& budget) {
    auto counted = [&](int gram, int order) {
        if (gram == static_cast<int>(b.order.size())) b.order.push_back(order);
        if (count.size() <= static_cast<size_t>(gram)) count.resize(b.grams.size(), 0);
        ++count[gram];
        return --budget >= 0;
    };
    for (size_t start = 0; start < b.labels.size(); ++start) {
        int gram = b.grams.intern({-1, -1, b.labels[start]});
        if (!counted(gram, 1)) return false;
        if (n < 2) continue;
        b.stack.assign(1, NgramBuffers::Step{static_cast<int>(start), gram, b.first[start]});
        b.used.clear();
        while (!b.stack.empty()) {
            NgramBuffers::Step& top = b.stack.back();
            if (top.next == b.first[top.node + 1]) {
                b.stack.pop_back();
                if (!b.used.empty()) b.used.pop_back();
                continue;
            }
            int e = b.out[top.next++];
            if (std::find(b.used.begin(), b.used.end(), e) != b.used.end()) continue;
            const auto& edge = b.edges[e];
            int order = static_cast<int>(b.stack.size()) + 1;
            int next = b.grams.intern({top.gram, edge[1], b.labels[edge[2]]});
            if (!counted(next, order)) return false;
            if (order < n) {
                b.used.push_back(e);
                b.stack.push_back(NgramBuffers::Step{edge[2], next, b.first[edge[2]]});
            }
        }
    }
    return true;
}

/// SemBLEU's statistics of (test, gold) read graphs into ``b.stats``: clipped matches and test n-grams per
/// order, then |test| and |gold| (nodes + edges); false where the Python path must decide.
inline bool sembleu_stats(const Triples& test, const Triples& gold, int n, NgramBuffers& b) {
    if (n > MAX_ORDER) return false;
    b.words.clear(64);
    b.grams.clear(256);
    b.arena.clear();
    b.order.clear();
    b.test_count.clear();
    b.gold_count.clear();
    i64 budget = NGRAM_LIMIT, size[2];
    for (int side = 0; side < 2; ++side) {
        if (!sembleu_graph(side == 0 ? test : gold, b)) return false;
        size[side] = static_cast<i64>(b.labels.size() + b.edges.size());
        if (!count_ngrams(b, n, side == 0 ? b.test_count : b.gold_count, budget)) return false;
    }
    b.test_count.resize(b.grams.size(), 0);
    b.gold_count.resize(b.grams.size(), 0);
    const size_t width = 2 * static_cast<size_t>(n);
    b.stats.assign(width + 2, 0);
    for (size_t id = 0; id < b.grams.size(); ++id) {
        size_t k = 2 * static_cast<size_t>(b.order[id] - 1);
        b.stats[k] += std::min(b.test_count[id], b.gold_count[id]);
        b.stats[k + 1] += b.test_count[id];
    }
    b.stats[width] = size[0];
    b.stats[width + 1] = size[1];
    return true;
}

// ---------------------------------------------------------------------------------------------
// rematch

/// The working memory of rematch_stats, kept from pair to pair.
struct MotifBuffers {
    Interner words, variables;
    TripleIds node_motifs;
    std::vector<int> concepts, first, own, node_first, node_motif;
    std::vector<std::array<int, 4>> motifs[2];
    std::vector<i64> stats;
};

/// The motif set of a standardized graph (rematch.motifs without classes), sorted, into ``out``: (1, role,
/// value) an attribute, (3, node motif) a concept motif, (2, node motif, role, node motif) a relation, a
/// node motif being the id of (concept, -1, -1) or (concept, role, value); false where Python decides.
inline bool motif_set(const Triples& g, MotifBuffers& b, std::vector<std::array<int, 4>>& out, i64& budget) {
    const size_t n = g.instances.size();
    out.clear();
    b.variables.clear(n);
    b.concepts.clear();
    for (size_t k = 0; k < n; ++k) {
        if (b.variables.intern(g.instances[k].a.text) != static_cast<int>(k)) return false;
        b.concepts.push_back(b.words.intern(g.instances[k].b.text));
    }
    // each node's attributes (role, value), in order: own[first[k]..first[k + 1]) holds attribute indices
    b.first.assign(n + 1, 0);
    for (const Triple& t : g.attributes) {
        int var = b.variables.find(t.a.text);
        if (var < 0) return false;
        b.first[var + 1]++;
        out.push_back({1, b.words.intern(t.b.text), b.words.intern(t.c.text), 0});
    }
    for (size_t k = 0; k < n; ++k) b.first[k + 1] += b.first[k];
    b.own.assign(g.attributes.size(), 0);
    std::vector<int> fill(b.first.begin(), b.first.end() - 1);
    for (size_t a = 0; a < g.attributes.size(); ++a) b.own[fill[b.variables.find(g.attributes[a].a.text)]++] = static_cast<int>(a);
    // each node's concept motifs: node_motif[node_first[k]..node_first[k + 1])
    b.node_first.assign(n + 1, 0);
    b.node_motif.clear();
    for (size_t k = 0; k < n; ++k) {
        if (b.first[k] == b.first[k + 1]) {
            b.node_motif.push_back(b.node_motifs.intern({b.concepts[k], -1, -1}));
        } else {
            for (int at = b.first[k]; at < b.first[k + 1]; ++at) {
                const std::array<int, 4>& pair = out[b.own[at]];
                b.node_motif.push_back(b.node_motifs.intern({b.concepts[k], pair[1], pair[2]}));
            }
        }
        b.node_first[k + 1] = static_cast<int>(b.node_motif.size());
    }
    for (int m : b.node_motif) out.push_back({3, m, 0, 0});
    for (const Triple& t : g.relations) {
        int source = b.variables.find(t.a.text), target = b.variables.find(t.c.text);
        if (source < 0 || target < 0) return false;
        int role = b.words.intern(t.b.text);
        budget -= static_cast<i64>(b.node_first[source + 1] - b.node_first[source]) * (b.node_first[target + 1] - b.node_first[target]);
        if (budget < 0) return false;
        for (int s = b.node_first[source]; s < b.node_first[source + 1]; ++s)
            for (int u = b.node_first[target]; u < b.node_first[target + 1]; ++u) out.push_back({2, b.node_motif[s], role, b.node_motif[u]});
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return true;
}

/// rematch's statistics of two standardized graphs into ``b.stats``: |A ∩ B| and |A ∪ B| of their motif
/// sets; false where the Python path must decide.
inline bool rematch_stats(const Triples& test, const Triples& gold, MotifBuffers& b) {
    b.words.clear(64);
    b.node_motifs.clear(64);
    i64 budget = MOTIF_LIMIT;
    if (!motif_set(test, b, b.motifs[0], budget) || !motif_set(gold, b, b.motifs[1], budget)) return false;
    const auto &a = b.motifs[0], &c = b.motifs[1];
    i64 common = 0;
    for (size_t i = 0, j = 0; i < a.size() && j < c.size();) {
        if (a[i] < c[j]) ++i;
        else if (c[j] < a[i]) ++j;
        else ++common, ++i, ++j;
    }
    b.stats.assign({common, static_cast<i64>(a.size() + c.size()) - common});
    return true;
}

}  // namespace amr
