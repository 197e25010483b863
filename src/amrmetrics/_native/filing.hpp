// The relations the reference S2match parser (``amr_py3``) files for a read graph, as
// standardize/s2match_reference.py's ``reference_relations`` computes them from the reader's layout
// record (``tree_edges``, ``last_branches``), on integer ids: the written order of the relations
// (read/layout.py's ``written_order``), then each relation filed under a node now or later, then per
// node one relation per target (the last filed wins, at the place of the first).
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "intern.hpp"

namespace amr {

using IdTriple = std::array<int, 3>;

/// A read graph's parts as ids (one id per distinct text): its instances' variables in order (repeats
/// kept), relations, attributes and layout records, and which relations' roles end in ``-of``.
struct FilingInput {
    std::vector<int> variables;
    std::vector<IdTriple> relations, attributes, tree_edges, last_branches;
    std::vector<char> inverse_role;
};

/// One filed relation: relation ``k`` as written, or (``flipped``) inverted: (target, role without
/// ``-of``, source).
struct Filed {
    int k;
    bool flipped;
};

enum class Filing { Filed, NoLayout, Declined };

class ReferenceFiling {
   public:
    /// The filed relations into ``out``; NoLayout where the Python function answers None (no layout
    /// record, or relations it does not reach), Declined where it would fail (left to it).
    Filing run(const FilingInput& g, int n_ids, std::vector<Filed>& out) {
        out.clear();
        if (!layout(g)) {
            if (g.relations.empty()) return Filing::Filed;
            return Filing::NoLayout;
        }
        Filing order = written_order(g, n_ids);
        if (order != Filing::Filed) return order;
        if (written_.size() != g.relations.size()) return Filing::NoLayout;
        ends(g);
        file(g, n_ids, out);
        return Filing::Filed;
    }

   private:
    struct Written {
        int k;
        bool defines, seen;
    };
    struct Item {
        int target, k;
        bool flipped;
    };

    /// s2match_reference._has_layout: last branches recorded and all among the triples, definitions all
    /// among the relations.
    bool layout(const FilingInput& g) {
        if (g.last_branches.empty()) return false;
        relations_.clear(g.relations.size());
        for (const IdTriple& t : g.relations) relations_.intern(t);
        attributes_.clear(g.attributes.size());
        for (const IdTriple& t : g.attributes) attributes_.intern(t);
        for (const IdTriple& t : g.last_branches)
            if (relations_.find(t) < 0 && attributes_.find(t) < 0) return false;
        for (const IdTriple& t : g.tree_edges)
            if (relations_.find(t) < 0) return false;
        return true;
    }

    /// layout.written_order with the recorded definitions (each node defined at the first edge naming it
    /// when none are recorded).
    Filing written_order(const FilingInput& g, int n_ids) {
        written_.clear();
        if (g.variables.empty()) return Filing::Filed;
        tree_.clear(g.tree_edges.size());
        for (const IdTriple& t : g.tree_edges) tree_.intern(t);
        const bool recorded = !g.tree_edges.empty();
        branch_start_.assign(n_ids + 1, 0);
        for (const IdTriple& t : g.relations) branch_start_[t[0] + 1]++;
        for (int id = 0; id < n_ids; ++id) branch_start_[id + 1] += branch_start_[id];
        branches_.resize(g.relations.size());
        fill_.assign(branch_start_.begin(), branch_start_.end() - 1);
        for (size_t k = 0; k < g.relations.size(); ++k) branches_[fill_[g.relations[k][0]]++] = static_cast<int>(k);
        defined_.assign(n_ids, 0);
        defined_[g.variables[0]] = 1;
        stack_.assign(1, {g.variables[0], 0});
        size_t following = 1;
        while (!stack_.empty()) {
            auto& [var, at] = stack_.back();
            if (at == branch_start_[var + 1] - branch_start_[var]) {
                stack_.pop_back();
                continue;
            }
            int k = branches_[branch_start_[var] + at++];
            const IdTriple& rel = g.relations[k];
            int target = rel[2];
            bool defines;
            if (defined_[target]) {
                written_.push_back({k, false, true});
                continue;
            } else if (recorded) {
                defines = tree_.find(rel) >= 0;
            } else {
                if (following >= g.variables.size()) return Filing::Declined;  // the Python function fails here
                defines = target == g.variables[following];
            }
            if (defines) {
                defined_[target] = 1;
                stack_.push_back({target, 0});
                ++following;
            }
            written_.push_back({k, defines, false});
        }
        return Filing::Filed;
    }

    /// s2match_reference._ends_node: a relation is its node's last branch (a repeated one where written last).
    void ends(const FilingInput& g) {
        last_.clear(g.last_branches.size());
        for (const IdTriple& t : g.last_branches) last_.intern(t);
        final_.assign(relations_.size(), -1);
        for (size_t k = 0; k < g.relations.size(); ++k) final_[relations_.find(g.relations[k])] = static_cast<int>(k);
        ends_.resize(g.relations.size());
        for (size_t k = 0; k < g.relations.size(); ++k)
            ends_[k] = last_.find(g.relations[k]) >= 0 && final_[relations_.find(g.relations[k])] == static_cast<int>(k);
    }

    /// s2match_reference._filed_as_written's filing and its one relation per target of each node.
    void file(const FilingInput& g, int n_ids, std::vector<Filed>& out) {
        now_.assign(n_ids, {});
        later_.assign(n_ids, {});
        for (const Written& w : written_) {
            const IdTriple& rel = g.relations[w.k];
            if (g.inverse_role[w.k] && (w.defines || ends_[w.k]))
                now_[rel[2]].push_back({rel[0], w.k, true});
            else if (w.defines || w.seen)
                now_[rel[0]].push_back({rel[2], w.k, false});
            else
                later_[rel[0]].push_back({rel[2], w.k, false});
        }
        slot_.assign(n_ids, -1);
        for (int var : g.variables) {
            const size_t first = out.size();
            for (int pass = 0; pass < 2; ++pass)
                for (const Item& item : (pass == 0 ? now_ : later_)[var]) {
                    int& at = slot_[item.target];
                    if (at < static_cast<int>(first)) {
                        at = static_cast<int>(out.size());
                        out.push_back({item.k, item.flipped});
                    } else {
                        out[at] = {item.k, item.flipped};
                    }
                }
        }
    }

    TripleIds relations_, attributes_, tree_, last_;
    std::vector<Written> written_;
    std::vector<int> branch_start_, branches_, fill_, final_, slot_;
    std::vector<char> defined_, ends_;
    std::vector<std::pair<int, int>> stack_;
    std::vector<std::vector<Item>> now_, later_;
};

}  // namespace amr
