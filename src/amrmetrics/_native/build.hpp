// The alignment problem of two prepared graphs (align/problem.py's build_problem, then
// align/indexed.py's index_problem), with every label already an integer id. Counts of repeated
// triples combine as the preset says: min(k, l) or k * l.
#pragma once

#include <algorithm>
#include <cstdint>
#include <array>
#include <unordered_map>
#include <utility>
#include <vector>

#include "solver.hpp"

namespace amr {

constexpr i64 DENSE_CELLS = i64(1) << 22;  // as align/problem.py: above, the Python path uses a sparse table
constexpr i64 LINK_LIMIT = i64(1) << 22;   // as align/problem.py: above, the Python path may restrict the problem

/// A graph as ids: node i's concept, attributes (node, role, constant) and relations (node, role, node).
struct IdGraph {
    std::vector<int> concepts;
    std::vector<std::array<int, 3>> attributes, relations;
};

using Counted = std::vector<std::pair<std::array<int, 3>, int>>;

/// (triple, count) in order of first occurrence (collections.Counter), into ``out``.
inline void counted(const std::vector<std::array<int, 3>>& triples, Counted& out) {
    out.clear();
    if (triples.size() <= 32) {
        for (const auto& t : triples) {
            bool found = false;
            for (auto& [u, n] : out)
                if (u == t) {
                    ++n;
                    found = true;
                    break;
                }
            if (!found) out.emplace_back(t, 1);
        }
        return;
    }
    struct Hash {
        size_t operator()(const std::array<int, 3>& t) const {
            return (static_cast<size_t>(t[0]) * 1000003u) ^ (static_cast<size_t>(t[1]) * 10007u) ^ static_cast<size_t>(t[2]);
        }
    };
    std::unordered_map<std::array<int, 3>, int, Hash> at;
    at.reserve(triples.size() * 2);
    for (const auto& t : triples) {
        auto [it, fresh] = at.emplace(t, static_cast<int>(out.size()));
        if (fresh) out.emplace_back(t, 1);
        else out[it->second].second++;
    }
}

/// Sums of the amounts per key, keys increasing (integer amounts: the order of the sums does not matter).
inline void merge(std::vector<std::pair<i64, double>>& entries) {
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    size_t out = 0;
    for (size_t k = 0; k < entries.size(); ++k) {
        if (out && entries[out - 1].first == entries[k].first) entries[out - 1].second += entries[k].second;
        else entries[out++] = entries[k];
    }
    entries.resize(out);
}

/// The builder's working memory, kept from pair to pair (one per thread).
struct BuildBuffers {
    std::vector<std::pair<i64, double>> unary, quads;
    std::vector<std::pair<int, int>> gold_by_concept;
    std::vector<std::array<i64, 3>> gold_attrs;
    std::vector<std::array<int, 4>> gold_by_label;
    Counted test_counts, gold_counts;
    std::vector<i64> keys;
};

/// False when the Python path must build the problem (too large for a dense table, or for all links).
inline bool build(const IdGraph& test, const IdGraph& gold, bool product, Problem& p) {
    const int n1 = static_cast<int>(test.concepts.size()), n2 = static_cast<int>(gold.concepts.size());
    if (static_cast<i64>(n1) * n2 > DENSE_CELLS) return false;
    auto combine = [product](int k, int l) { return product ? static_cast<double>(k) * l : static_cast<double>(std::min(k, l)); };
    const i64 width = n2, square = static_cast<i64>(n1) * n2;
    thread_local BuildBuffers b;
    auto& unary = b.unary;  // (i * n2 + j, amount)
    unary.clear();

    auto& gold_by_concept = b.gold_by_concept;  // (concept, node), sorted
    gold_by_concept.clear();
    gold_by_concept.reserve(n2);
    for (int j = 0; j < n2; ++j) gold_by_concept.emplace_back(gold.concepts[j], j);
    std::sort(gold_by_concept.begin(), gold_by_concept.end());
    for (int i = 0; i < n1; ++i) {
        auto at = std::lower_bound(gold_by_concept.begin(), gold_by_concept.end(), std::make_pair(test.concepts[i], -1));
        for (; at != gold_by_concept.end() && at->first == test.concepts[i]; ++at) unary.emplace_back(i * width + at->second, 1.0);
    }

    if (!test.attributes.empty() && !gold.attributes.empty()) {
        auto& gold_attrs = b.gold_attrs;  // ((role, constant), node, count), sorted
        gold_attrs.clear();
        counted(gold.attributes, b.gold_counts);
        for (const auto& [t, n] : b.gold_counts) gold_attrs.push_back({(static_cast<i64>(t[1]) << 32) | static_cast<unsigned>(t[2]), t[0], n});
        std::sort(gold_attrs.begin(), gold_attrs.end());
        counted(test.attributes, b.test_counts);
        for (const auto& [t, n] : b.test_counts) {
            i64 label = (static_cast<i64>(t[1]) << 32) | static_cast<unsigned>(t[2]);
            auto at = std::lower_bound(gold_attrs.begin(), gold_attrs.end(), std::array<i64, 3>{label, -1, -1});
            for (; at != gold_attrs.end() && (*at)[0] == label; ++at)
                unary.emplace_back(t[0] * width + (*at)[1], combine(n, static_cast<int>((*at)[2])));
        }
    }

    const Counted &test_rels = b.test_counts, &gold_rels = b.gold_counts;
    counted(test.relations, b.test_counts);
    counted(gold.relations, b.gold_counts);
    if (static_cast<i64>(test_rels.size()) * static_cast<i64>(gold_rels.size()) > LINK_LIMIT) return false;
    auto& gold_by_label = b.gold_by_label;  // (role, source, target, count), sorted
    gold_by_label.clear();
    for (const auto& [t, n] : gold_rels) gold_by_label.push_back({t[1], t[0], t[2], n});
    std::sort(gold_by_label.begin(), gold_by_label.end());
    auto& quads = b.quads;  // ((i * n2 + j) * n1 * n2 + k * n2 + l, weight), i < k
    quads.clear();
    for (const auto& [t, n] : test_rels) {
        int i = t[0], k = t[2];
        auto at = std::lower_bound(gold_by_label.begin(), gold_by_label.end(), std::array<int, 4>{t[1], -1, -1, -1});
        for (; at != gold_by_label.end() && (*at)[0] == t[1]; ++at) {
            int j = (*at)[1], l = (*at)[2];
            double w = combine(n, (*at)[3]);
            if (i == k) {
                if (j == l) unary.emplace_back(i * width + j, w);
            } else if (j != l) {
                quads.emplace_back(i < k ? (i * width + j) * square + k * width + l : (k * width + l) * square + i * width + j, w);
            }
        }
    }
    merge(unary);
    merge(quads);

    // candidates: node pairs with a positive unary weight or a link, sorted by (test, gold) node
    auto& keys = b.keys;
    keys.clear();
    keys.reserve(unary.size() + 2 * quads.size());
    for (const auto& [key, w] : unary)
        if (w > 0) keys.push_back(key);
    for (const auto& [key, w] : quads) {
        keys.push_back(key / square);
        keys.push_back(key % square);
    }
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    for (auto* v : {&p.ci, &p.cj, &p.qa, &p.qb}) v->clear();  // (the caller may reuse p: capacity kept)
    p.cu.clear();
    p.qw.clear();
    p.n1 = n1, p.n2 = n2;
    p.ci.reserve(keys.size());
    size_t u = 0;
    for (i64 key : keys) {
        p.ci.push_back(static_cast<int>(key / width));
        p.cj.push_back(static_cast<int>(key % width));
        while (u < unary.size() && unary[u].first < key) ++u;
        p.cu.push_back(u < unary.size() && unary[u].first == key ? unary[u].second : 0.0);
    }
    auto candidate = [&](i64 key) { return static_cast<int>(std::lower_bound(keys.begin(), keys.end(), key) - keys.begin()); };
    for (const auto& [key, w] : quads) {
        p.qa.push_back(candidate(key / square));
        p.qb.push_back(candidate(key % square));
        p.qw.push_back(w);
    }
    return true;
}

}  // namespace amr
