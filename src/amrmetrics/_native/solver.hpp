// The exact Smatch solver of amrmetrics, compiled: the Python path's cheap steps step for step, then
// bounds of its own (an assignment bound, elimination by the assignment's prices, Lagrangian
// re-splitting, a small branch and bound) that certify most of what the Python path sends to HiGHS.
//
// Only problems whose weights are all integers come here, so every value below is a multiple of 1/2
// (far below 2^53): the floating-point sums of the first part are exact and equal the Python path's
// whatever their order. The second part works in integers (weights scaled by SCALE). Value, bound and
// status are the Python path's: both certify the optimum. So is the mapping whenever the cheap steps'
// incumbent is optimal (the Python path keeps its incumbent unless something strictly better turns
// up) or the optimum is reached by one set of candidates only; where the incumbent is beaten and
// several optima exist, the Python path returns the one HiGHS's simplex reaches and this solver the
// first its branch and bound reaches (docs/exact-smatch.md). A work or time limit hands the problem
// back to the Python path.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

namespace amr {

using i64 = std::int64_t;

constexpr double MIN_GAIN = 1e-9;       // as align/hillclimb.py
constexpr double TOLERANCE = 1e-9;      // as align/result.py
constexpr int ELIMINATION_ROUNDS = 10;  // as align/bounds.py

/// The Python path's IndexedProblem: candidates sorted by (test node, gold node), links between them.
struct Problem {
    int n1 = 0, n2 = 0;
    std::vector<int> ci, cj;
    std::vector<double> cu;
    std::vector<int> qa, qb;  // ci[qa] < ci[qb]
    std::vector<double> qw;

    int size() const { return static_cast<int>(ci.size()); }
    int links() const { return static_cast<int>(qw.size()); }
};

/// A wall-clock limit (the solver's --timeout): once passed, the caller falls back to Python.
struct Clock {
    std::chrono::steady_clock::time_point deadline;
    bool limited = false;

    explicit Clock(double seconds) {
        if (seconds > 0 && std::isfinite(seconds)) {
            limited = true;
            deadline = std::chrono::steady_clock::now() +
                       std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
        }
    }
    bool passed() const { return limited && std::chrono::steady_clock::now() >= deadline; }
};

inline bool certified(double value, double upper) { return upper - value <= TOLERANCE * std::max(1.0, std::fabs(value)); }

inline double tighten(double bound) { return std::isfinite(bound) ? std::floor(bound + 1e-6) : bound; }

/// Candidate lookup and adjacency, built once per problem.
struct Index {
    std::vector<int> row_start;                 // candidates of test node i: row_start[i]..row_start[i+1]
    std::vector<int> adj_start;                 // links of candidate c: adj_start[c]..adj_start[c+1]
    std::vector<int> adj_other;
    std::vector<double> adj_weight;

    explicit Index(const Problem& p) {
        row_start.assign(p.n1 + 1, 0);
        for (int c = 0; c < p.size(); ++c) row_start[p.ci[c] + 1]++;
        for (int i = 0; i < p.n1; ++i) row_start[i + 1] += row_start[i];
        adj_start.assign(p.size() + 2, 0);
        for (int q = 0; q < p.links(); ++q) {
            adj_start[p.qa[q] + 1]++;
            adj_start[p.qb[q] + 1]++;
        }
        for (int c = 0; c <= p.size(); ++c) adj_start[c + 1] += adj_start[c];
        adj_other.resize(2 * p.links());
        adj_weight.resize(2 * p.links());
        std::vector<int> fill(adj_start.begin(), adj_start.end() - 1);
        for (int q = 0; q < p.links(); ++q) {
            int a = p.qa[q], b = p.qb[q];
            adj_other[fill[a]] = b;
            adj_weight[fill[a]++] = p.qw[q];
            adj_other[fill[b]] = a;
            adj_weight[fill[b]++] = p.qw[q];
        }
    }

    /// The candidate (i, j), or size (not a candidate; j == n2 means no image).
    int lookup(const Problem& p, int i, int j) const {
        if (j >= p.n2) return p.size();
        auto first = p.cj.begin() + row_start[i], last = p.cj.begin() + row_start[i + 1];
        auto at = std::lower_bound(first, last, j);
        return (at != last && *at == j) ? static_cast<int>(at - p.cj.begin()) : p.size();
    }
};

// ---------------------------------------------------------------------------------------------
// The cheap steps, as align/small.py and align/small_bounds.py (= align/bounds.py, hillclimb.py)

/// Per candidate: its unary weight plus the most its half links can add (by test and by gold node).
inline std::vector<double> potentials(const Problem& p, const Index& x) {
    std::vector<double> pot(p.cu);
    if (p.qw.empty()) return pot;
    std::vector<double> by_row(p.n1, 0.0), by_col(p.n2, 0.0);
    std::vector<int> rows, cols;
    for (int c = 0; c < p.size(); ++c) {
        for (int e = x.adj_start[c]; e < x.adj_start[c + 1]; ++e) {
            int o = x.adj_other[e];
            double half = x.adj_weight[e] / 2;
            int k = p.ci[o], l = p.cj[o];
            if (by_row[k] == 0.0) rows.push_back(k);
            if (by_row[k] < half) by_row[k] = half;
            if (by_col[l] == 0.0) cols.push_back(l);
            if (by_col[l] < half) by_col[l] = half;
        }
        double t = 0.0, g = 0.0;
        for (int k : rows) t += by_row[k], by_row[k] = 0.0;
        for (int l : cols) g += by_col[l], by_col[l] = 0.0;
        rows.clear();
        cols.clear();
        pot[c] += std::min(t, g);
    }
    return pot;
}

inline std::vector<double> line_maxima(const std::vector<int>& line, const std::vector<double>& value, int n_lines) {
    std::vector<double> best(n_lines, 0.0);
    for (size_t c = 0; c < line.size(); ++c) best[line[c]] = std::max(best[line[c]], value[c]);
    return best;
}

inline double sum(const std::vector<double>& values) {
    double total = 0.0;
    for (double v : values) total += v;
    return total;
}

inline double line_bound(const Problem& p, const std::vector<double>& pot) {
    if (!p.n1 || !p.n2) return 0.0;
    return std::min(sum(line_maxima(p.ci, pot, p.n1)), sum(line_maxima(p.cj, pot, p.n2)));
}

/// Candidates by decreasing score (lowest index on ties) while both nodes are free; score > 0 only.
inline std::vector<int> greedy(const Problem& p, const std::vector<double>& score) {
    std::vector<int> mapping(p.n1, -1);
    std::vector<char> taken(p.n2, 0);
    int left = std::min(p.n1, p.n2);
    std::vector<int> order(p.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return score[a] > score[b]; });
    for (int c : order) {
        if (!left || score[c] <= 0) break;
        int i = p.ci[c], j = p.cj[c];
        if (mapping[i] < 0 && !taken[j]) {
            mapping[i] = j;
            taken[j] = 1;
            --left;
        }
    }
    return mapping;
}

/// The objective of a mapping (gold node per test node, -1 = none), as AlignmentProblem.value.
inline double value_of(const Problem& p, const Index& x, const std::vector<int>& mapping) {
    std::vector<char> chosen(p.size() + 1, 0);
    double total = 0.0;
    for (int i = 0; i < p.n1; ++i) {
        if (mapping[i] < 0) continue;
        int c = x.lookup(p, i, mapping[i]);
        if (c < p.size()) {
            chosen[c] = 1;
            total += p.cu[c];
        }
    }
    for (int q = 0; q < p.links(); ++q)
        if (chosen[p.qa[q]] && chosen[p.qb[q]]) total += p.qw[q];
    return total;
}

/// Steepest ascent over moves and swaps (first best on ties; a move before an equal swap).
/// Returns false when the clock passed (the caller then falls back).
inline bool climb(const Problem& p, const Index& x, std::vector<int>& mapping, const Clock& clock) {
    const int n1 = p.n1, n2 = p.n2, size = p.size();
    if (n1 == 0 || n2 == 0) {
        mapping.assign(n1, -1);
        return true;
    }
    std::vector<int> image(n1), cur(n1), owner(n2 + 1, -1);
    for (int i = 0; i < n1; ++i) {
        image[i] = mapping[i] < 0 ? n2 : mapping[i];
        cur[i] = x.lookup(p, i, image[i]);
        if (image[i] < n2) owner[image[i]] = i;
    }
    std::vector<double> support(size + 1, 0.0);
    for (int c = 0; c < size; ++c) support[c] = p.cu[c];
    auto shift = [&](int c, double sign) {
        if (c >= size) return;
        for (int e = x.adj_start[c]; e < x.adj_start[c + 1]; ++e) support[x.adj_other[e]] += sign * x.adj_weight[e];
    };
    for (int i = 0; i < n1; ++i) shift(cur[i], 1.0);
    std::vector<double> held(n1);
    std::vector<std::pair<i64, double>> swaps;
    while (true) {
        if (clock.passed()) return false;
        for (int i = 0; i < n1; ++i) held[i] = support[cur[i]];
        int best_move = -1;
        double move_gain = -std::numeric_limits<double>::infinity();
        swaps.clear();
        for (int c = 0; c < size; ++c) {
            int i = p.ci[c], taker = owner[p.cj[c]];
            if (taker < 0) {
                double gain = support[c] - held[i];
                if (gain > move_gain) best_move = c, move_gain = gain;
            } else if (taker != i) {
                i64 key = i < taker ? static_cast<i64>(i) * n1 + taker : static_cast<i64>(taker) * n1 + i;
                swaps.emplace_back(key, support[c]);
            }
        }
        for (int q = 0; q < p.links(); ++q) {
            int a = p.qa[q], b = p.qb[q];
            int ti = p.ci[a], tk = p.ci[b], gj = p.cj[a], gl = p.cj[b];
            int at_i = image[ti], at_k = image[tk];
            if ((at_i == gj && at_k == gl) || (at_k == gj && at_i == gl))
                swaps.emplace_back(static_cast<i64>(ti) * n1 + tk, p.qw[q]);
        }
        std::stable_sort(swaps.begin(), swaps.end(), [](const auto& u, const auto& v) { return u.first < v.first; });
        i64 best_swap = -1;
        double swap_gain = -std::numeric_limits<double>::infinity();
        for (size_t s = 0; s < swaps.size();) {
            i64 key = swaps[s].first;
            double total = 0.0;
            for (; s < swaps.size() && swaps[s].first == key; ++s) total += swaps[s].second;
            double gain = total - (held[key / n1] + held[key % n1]);
            if (gain > swap_gain) best_swap = key, swap_gain = gain;
        }
        if (std::max(move_gain, swap_gain) <= MIN_GAIN) break;
        int changes[2][3];
        int n_changes;
        if (move_gain >= swap_gain) {
            changes[0][0] = p.ci[best_move], changes[0][1] = p.cj[best_move], changes[0][2] = best_move;
            n_changes = 1;
        } else {
            int i = static_cast<int>(best_swap / n1), k = static_cast<int>(best_swap % n1);
            changes[0][0] = i, changes[0][1] = image[k], changes[0][2] = x.lookup(p, i, image[k]);
            changes[1][0] = k, changes[1][1] = image[i], changes[1][2] = x.lookup(p, k, image[i]);
            n_changes = 2;
        }
        for (int t = 0; t < n_changes; ++t) {
            int i = changes[t][0];
            shift(cur[i], -1.0);
            owner[image[i]] = -1;
        }
        for (int t = 0; t < n_changes; ++t) {
            int i = changes[t][0], j = changes[t][1], c = changes[t][2];
            image[i] = j;
            cur[i] = c;
            shift(c, 1.0);
            owner[j] = j < n2 ? i : -1;
        }
    }
    for (int i = 0; i < n1; ++i) mapping[i] = cur[i] == size ? -1 : image[i];
    return true;
}

/// The problem without the candidates where keep is false (and their links), order kept.
inline Problem restrict(const Problem& p, const std::vector<char>& keep) {
    Problem r;
    r.n1 = p.n1, r.n2 = p.n2;
    std::vector<int> renumber(p.size(), -1);
    for (int c = 0; c < p.size(); ++c) {
        if (!keep[c]) continue;
        renumber[c] = r.size();
        r.ci.push_back(p.ci[c]);
        r.cj.push_back(p.cj[c]);
        r.cu.push_back(p.cu[c]);
    }
    for (int q = 0; q < p.links(); ++q) {
        if (keep[p.qa[q]] && keep[p.qb[q]]) {
            r.qa.push_back(renumber[p.qa[q]]);
            r.qb.push_back(renumber[p.qb[q]]);
            r.qw.push_back(p.qw[q]);
        }
    }
    return r;
}

struct Lines {
    std::vector<double> best, margin;
    std::vector<int> best_other;
};

inline Lines lines_of(const std::vector<int>& line, const std::vector<int>& other, const std::vector<double>& pot, int n_lines,
                      int n_others) {
    Lines out;
    std::vector<double> value(pot.size());
    for (size_t c = 0; c < pot.size(); ++c) value[c] = std::max(0.0, pot[c]);
    out.best = line_maxima(line, value, n_lines);
    out.margin.assign(n_lines, 0.0);
    out.best_other.assign(n_lines, 0);
    if (n_others < 2) return out;
    std::vector<int> tops(n_lines, 0);
    std::vector<double> rest(n_lines, 0.0);
    for (size_t c = 0; c < line.size(); ++c) {
        int node = line[c];
        if (value[c] == out.best[node]) {
            tops[node]++;
            out.best_other[node] = other[c];
        } else if (value[c] > rest[node]) {
            rest[node] = value[c];
        }
    }
    for (int n = 0; n < n_lines; ++n) out.margin[n] = tops[n] >= 2 ? 0.0 : out.best[n] - rest[n];
    return out;
}

inline std::vector<double> others_best(const Lines& lines, double total, const std::vector<int>& rows, const std::vector<int>& cols,
                                       int n_cols) {
    std::vector<double> loss(n_cols, 0.0);
    for (size_t r = 0; r < lines.best_other.size(); ++r) loss[lines.best_other[r]] += lines.margin[r];
    std::vector<double> out(rows.size());
    for (size_t c = 0; c < rows.size(); ++c) {
        int r = rows[c], col = cols[c];
        out[c] = total - lines.best[r] - loss[col] + (lines.best_other[r] == col ? lines.margin[r] : 0.0);
    }
    return out;
}

/// align/bounds.py's eliminate (integer weights): the problem left and its potential bound.
/// Returns false when the clock passed.
inline bool eliminate(Problem& p, double value, std::vector<double> pot, double& bound, const Clock& clock) {
    bound = std::numeric_limits<double>::infinity();
    for (int done = 0; done <= ELIMINATION_ROUNDS; ++done) {
        if (!p.size()) {
            bound = tighten(line_bound(p, pot));
            return true;
        }
        Lines by_row = lines_of(p.ci, p.cj, pot, p.n1, p.n2);
        Lines by_col = lines_of(p.cj, p.ci, pot, p.n2, p.n1);
        double row_total = sum(by_row.best), col_total = sum(by_col.best);
        bound = tighten(std::min(row_total, col_total));
        if (done == ELIMINATION_ROUNDS || bound <= value) break;
        if (clock.passed()) return false;
        std::vector<double> rows = others_best(by_row, row_total, p.ci, p.cj, p.n2);
        std::vector<double> cols = others_best(by_col, col_total, p.cj, p.ci, p.n1);
        std::vector<char> keep(p.size());
        bool all = true;
        for (int c = 0; c < p.size(); ++c) {
            keep[c] = std::floor(pot[c] + std::min(rows[c], cols[c]) + 1e-6) > value;
            all = all && keep[c];
        }
        if (all) break;
        p = restrict(p, keep);
        pot = potentials(p, Index(p));
    }
    return true;
}

// ---------------------------------------------------------------------------------------------
// Bounds of the compiled solver only, in integers: weights times SCALE, each link's weight split
// between its two ends in shares that sum to it.

constexpr i64 SCALE = 1 << 10;

/// Maximum-weight assignment of a dense n x n matrix of non-negative integers (rows to columns,
/// zero entries standing for "no partner"), with dual prices u + v >= w everywhere.
struct Assignment {
    i64 dual = 0;             // sum of the prices: a bound on every assignment
    std::vector<i64> u, v;    // row and column prices
    std::vector<int> row_of;  // the row matched to each column

    /// The shortest augmenting path method (Kuhn-Munkres with potentials), O(n^3).
    void solve(const std::vector<i64>& w, int n) {
        // minimise the cost -w: prices (pu, pv) with pu_i + pv_j <= -w_ij, so u = -pu, v = -pv
        const i64 INF = std::numeric_limits<i64>::max() / 4;
        std::vector<i64> pu(n + 1, 0), pv(n + 1, 0), minv(n + 1);
        std::vector<int> match(n + 1, 0), way(n + 1, 0);
        std::vector<char> used(n + 1);
        for (int i = 1; i <= n; ++i) {
            match[0] = i;
            int j0 = 0;
            std::fill(minv.begin(), minv.end(), INF);
            std::fill(used.begin(), used.end(), 0);
            do {
                used[j0] = 1;
                int i0 = match[j0], j1 = 0;
                i64 delta = INF;
                for (int j = 1; j <= n; ++j) {
                    if (used[j]) continue;
                    i64 cur = -w[static_cast<size_t>(i0 - 1) * n + (j - 1)] - pu[i0] - pv[j];
                    if (cur < minv[j]) minv[j] = cur, way[j] = j0;
                    if (minv[j] < delta) delta = minv[j], j1 = j;
                }
                for (int j = 0; j <= n; ++j) {
                    if (used[j]) pu[match[j]] += delta, pv[j] -= delta;
                    else minv[j] -= delta;
                }
                j0 = j1;
            } while (match[j0] != 0);
            do {
                int j1 = way[j0];
                match[j0] = match[j1];
                j0 = j1;
            } while (j0);
        }
        u.assign(n, 0);
        v.assign(n, 0);
        row_of.assign(n, -1);
        dual = 0;
        for (int i = 0; i < n; ++i) u[i] = -pu[i + 1], dual += u[i];
        for (int j = 0; j < n; ++j) v[j] = -pv[j + 1], dual += v[j], row_of[j] = match[j + 1] - 1;
    }
};

/// What the compiled solver answers: certified (the Python path's answer) or hand back to Python.
enum class Verdict { Certified, Fallback };

struct Limits {
    int max_nodes = 256;           // test or gold nodes of what is left after elimination (dense assignment)
    long branch_nodes = 20000;     // branch-and-bound nodes per problem
    long branch_work = 20000000;   // branch-and-bound work per problem (candidates and links visited)
    int lagrangian_rounds = 8;
};

/// Counters of how problems were settled (for benchmarks; not part of any result).
struct Tally {
    long cheap = 0, assignment = 0, lagrangian = 0, branch_kept = 0, branch_improved = 0;
    long fallback_limit = 0, fallback_other = 0;
};

/// The integer machinery on what elimination left: shares, potentials, assignment, fixing, branching.
class Prover {
   public:
    Prover(const Problem& left, double incumbent, const Limits& limits, const Clock& clock)
        : p_(left), x_(p_), limits_(limits), clock_(clock), target_(static_cast<i64>(incumbent)) {
        share_a_.resize(p_.links());
        for (int q = 0; q < p_.links(); ++q) share_a_[q] = static_cast<i64>(p_.qw[q]) * SCALE / 2;
        alive_.assign(p_.size(), 1);
    }

    /// True when no mapping beats the incumbent (proved by assignment bounds, with fixing and re-splitting).
    /// ``how`` says which bound did it (1 assignment, 2 Lagrangian).
    bool settle_by_bounds(int& how) {
        for (int round = 0; round <= limits_.lagrangian_rounds; ++round) {
            if (clock_.passed()) return false;
            for (int fixing = 0; fixing < 20; ++fixing) {
                if (!assign()) return false;
                if (dual_ < (target_ + 1) * SCALE) {
                    how = round == 0 ? 1 : 2;
                    return true;
                }
                if (!fix()) break;
            }
            resplit(round);
        }
        return false;
    }

    /// Branch and bound on the live candidates: 0 when no mapping beats the incumbent, 1 when one does
    /// (``mapping`` holds the best, without pairs that earn nothing, and ``found`` its value), -1 when
    /// the search hit its node limit or the clock (the Python path decides).
    int branch(std::vector<int>& mapping, i64& found, long& nodes) {
        compute_potentials();
        std::vector<int> count(p_.n1, 0);
        for (int c = 0; c < p_.size(); ++c) count[p_.ci[c]] += alive_[c];
        order_.clear();
        for (int i = 0; i < p_.n1; ++i)
            if (count[i]) order_.push_back(i);
        std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) { return count[a] < count[b]; });
        choice_.assign(p_.n1, -1);
        taken_.assign(p_.n2, 0);
        chosen_.assign(p_.size(), 0);
        nodes_ = work_ = 0;
        best_ = target_;
        best_choice_.clear();
        bool complete = search(0, 0);
        nodes = nodes_;
        if (!complete) return -1;
        if (best_choice_.empty()) return 0;
        std::vector<char> in(p_.size(), 0);
        for (int i = 0; i < p_.n1; ++i)
            if (best_choice_[i] >= 0) in[best_choice_[i]] = 1;
        mapping.assign(p_.n1, -1);
        for (int i = 0; i < p_.n1; ++i) {
            int c = best_choice_[i];
            if (c < 0) continue;
            bool earns = p_.cu[c] > 0;
            for (int e = x_.adj_start[c]; !earns && e < x_.adj_start[c + 1]; ++e) earns = in[x_.adj_other[e]];
            if (earns) mapping[i] = p_.cj[c];
        }
        found = best_;
        return 1;
    }

   private:
    const Problem& p_;
    Index x_;
    Limits limits_;
    const Clock& clock_;
    i64 target_;                 // the incumbent's value: only mappings above it matter
    std::vector<i64> share_a_;   // each link's share held by its end qa (qb holds the rest)
    std::vector<char> alive_;    // candidates not ruled out
    std::vector<i64> pot_;       // scaled potentials of the live candidates
    std::vector<int> rows_, cols_, row_at_, col_at_;
    Assignment a_;
    i64 dual_ = 0;
    // branch and bound state
    std::vector<int> order_, choice_, best_choice_;
    std::vector<char> taken_, chosen_;
    long nodes_ = 0, work_ = 0;
    i64 best_ = 0;

    /// The assignment bound of the open candidates' potentials (``open[c]`` < 0: not open).
    i64 node_assignment(const std::vector<i64>& open) {
        std::vector<int>& rows = node_rows_;
        std::vector<int>& cols = node_cols_;
        rows.assign(p_.n1, -1);
        cols.assign(p_.n2, -1);
        int n_rows = 0, n_cols = 0;
        for (int c = 0; c < p_.size(); ++c) {
            if (open[c] <= 0) continue;
            if (rows[p_.ci[c]] < 0) rows[p_.ci[c]] = n_rows++;
            if (cols[p_.cj[c]] < 0) cols[p_.cj[c]] = n_cols++;
        }
        int n = std::max(n_rows, n_cols);
        if (n <= 1 || n > limits_.max_nodes) return std::numeric_limits<i64>::max() / 4;
        node_weights_.assign(static_cast<size_t>(n) * n, 0);
        for (int c = 0; c < p_.size(); ++c)
            if (open[c] > 0) node_weights_[static_cast<size_t>(rows[p_.ci[c]]) * n + cols[p_.cj[c]]] = open[c];
        node_assignment_.solve(node_weights_, n);
        return node_assignment_.dual;
    }

    std::vector<int> node_rows_, node_cols_;
    std::vector<i64> node_weights_;
    Assignment node_assignment_;

    /// Depth-first search over the rows in ``order_``; ``fixed`` is what the chosen candidates earn.
    /// False when the node limit or the clock is hit.
    bool search(size_t depth, i64 fixed) {
        work_ += p_.size() + p_.links();
        if (++nodes_ > limits_.branch_nodes || work_ > limits_.branch_work || (nodes_ % 256 == 0 && clock_.passed())) return false;
        if (depth == order_.size()) {
            if (fixed > best_) {
                best_ = fixed;
                best_choice_ = choice_;
            }
            return true;
        }
        // potentials of the open candidates given the decisions so far
        std::vector<i64> open(p_.size(), -1);
        std::vector<i64> by_row(p_.n1, 0), by_col(p_.n2, 0), row_best(p_.n1, 0), col_best(p_.n2, 0);
        std::vector<int> rows, cols;
        for (int c = 0; c < p_.size(); ++c) {
            if (!alive_[c] || choice_[p_.ci[c]] != -1 || taken_[p_.cj[c]]) continue;
            i64 bonus = 0;
            for (int e = x_.adj_start[c]; e < x_.adj_start[c + 1]; ++e) {
                int o = x_.adj_other[e];
                if (!alive_[o]) continue;
                int q = link_of(c, e);
                if (chosen_[o]) {
                    bonus += static_cast<i64>(p_.qw[q]) * SCALE;
                    continue;
                }
                if (choice_[p_.ci[o]] != -1 || taken_[p_.cj[o]]) continue;
                i64 s = share(q, p_.qa[q] == c);
                int k = p_.ci[o], l = p_.cj[o];
                if (by_row[k] == 0) rows.push_back(k);
                by_row[k] = std::max(by_row[k], s);
                if (by_col[l] == 0) cols.push_back(l);
                by_col[l] = std::max(by_col[l], s);
            }
            i64 t = 0, g = 0;
            for (int k : rows) t += by_row[k], by_row[k] = 0;
            for (int l : cols) g += by_col[l], by_col[l] = 0;
            rows.clear();
            cols.clear();
            open[c] = static_cast<i64>(p_.cu[c]) * SCALE + bonus + std::min(t, g);
            row_best[p_.ci[c]] = std::max(row_best[p_.ci[c]], open[c]);
            col_best[p_.cj[c]] = std::max(col_best[p_.cj[c]], open[c]);
        }
        i64 row_sum = 0, col_sum = 0;
        for (i64 v : row_best) row_sum += v;
        for (i64 v : col_best) col_sum += v;
        i64 bound = fixed * SCALE + std::min(row_sum, col_sum);
        if (bound < (best_ + 1) * SCALE) return true;
        if (fixed * SCALE + node_assignment(open) < (best_ + 1) * SCALE) return true;
        int r = order_[depth];
        std::vector<int> children;
        for (int c = x_.row_start[r]; c < x_.row_start[r + 1]; ++c)
            if (open[c] >= 0) children.push_back(c);
        std::stable_sort(children.begin(), children.end(), [&](int a, int b) { return open[a] > open[b]; });
        for (int c : children) {
            i64 gain = static_cast<i64>(p_.cu[c]);
            for (int e = x_.adj_start[c]; e < x_.adj_start[c + 1]; ++e)
                if (chosen_[x_.adj_other[e]]) gain += static_cast<i64>(x_.adj_weight[e]);
            choice_[r] = c;
            chosen_[c] = 1;
            taken_[p_.cj[c]] = 1;
            bool ok = search(depth + 1, fixed + gain);
            taken_[p_.cj[c]] = 0;
            chosen_[c] = 0;
            choice_[r] = -1;
            if (!ok) return false;
        }
        choice_[r] = -2;
        bool ok = search(depth + 1, fixed);
        choice_[r] = -1;
        return ok;
    }

    i64 share(int q, bool at_a) const { return at_a ? share_a_[q] : static_cast<i64>(p_.qw[q]) * SCALE - share_a_[q]; }

    /// Potentials with the current shares over live candidates and links.
    void compute_potentials() {
        pot_.assign(p_.size(), 0);
        std::vector<i64> by_row(p_.n1, 0), by_col(p_.n2, 0);
        std::vector<int> rows, cols;
        for (int c = 0; c < p_.size(); ++c) {
            if (!alive_[c]) continue;
            for (int e = x_.adj_start[c]; e < x_.adj_start[c + 1]; ++e) {
                int o = x_.adj_other[e];
                if (!alive_[o]) continue;
                int q = link_of(c, e);
                i64 s = share(q, p_.qa[q] == c);
                int k = p_.ci[o], l = p_.cj[o];
                if (by_row[k] == 0) rows.push_back(k);
                by_row[k] = std::max(by_row[k], s);
                if (by_col[l] == 0) cols.push_back(l);
                by_col[l] = std::max(by_col[l], s);
            }
            i64 t = 0, g = 0;
            for (int k : rows) t += by_row[k], by_row[k] = 0;
            for (int l : cols) g += by_col[l], by_col[l] = 0;
            rows.clear();
            cols.clear();
            pot_[c] = static_cast<i64>(p_.cu[c]) * SCALE + std::min(t, g);
        }
    }

    // the link behind adjacency entry e of candidate c (links are stored per end in link order)
    std::vector<int> link_at_;
    int link_of(int c, int e) {
        if (link_at_.empty()) {
            link_at_.assign(2 * p_.links(), 0);
            std::vector<int> fill(x_.adj_start.begin(), x_.adj_start.end() - 1);
            for (int q = 0; q < p_.links(); ++q) {
                link_at_[fill[p_.qa[q]]++] = q;
                link_at_[fill[p_.qb[q]]++] = q;
            }
        }
        (void)c;
        return link_at_[e];
    }

    /// The assignment bound of the current potentials over every node with a live candidate (a candidate
    /// of potential <= 0 weighs 0, like no partner); false when the problem is too large for it.
    bool assign() {
        compute_potentials();
        row_at_.assign(p_.n1, -1);
        col_at_.assign(p_.n2, -1);
        rows_.clear();
        cols_.clear();
        for (int c = 0; c < p_.size(); ++c) {
            if (!alive_[c]) continue;
            if (row_at_[p_.ci[c]] < 0) row_at_[p_.ci[c]] = static_cast<int>(rows_.size()), rows_.push_back(p_.ci[c]);
            if (col_at_[p_.cj[c]] < 0) col_at_[p_.cj[c]] = static_cast<int>(cols_.size()), cols_.push_back(p_.cj[c]);
        }
        int n = static_cast<int>(std::max(rows_.size(), cols_.size()));
        if (n > limits_.max_nodes) return false;
        std::vector<i64> w(static_cast<size_t>(n) * n, 0);
        for (int c = 0; c < p_.size(); ++c)
            if (alive_[c] && pot_[c] > 0) w[static_cast<size_t>(row_at_[p_.ci[c]]) * n + col_at_[p_.cj[c]]] = pot_[c];
        a_.solve(w, n);
        dual_ = a_.dual;
        return true;
    }

    /// Rule out candidates that no mapping above the incumbent can use (the assignment bound with the
    /// candidate forced in is the dual minus its reduced cost); true if any was.
    bool fix() {
        bool any = false;
        for (int c = 0; c < p_.size(); ++c) {
            if (!alive_[c]) continue;
            int r = row_at_[p_.ci[c]], k = col_at_[p_.cj[c]];
            i64 reduced = a_.u[r] + a_.v[k] - std::max<i64>(pot_[c], 0);
            if (dual_ - reduced < (target_ + 1) * SCALE) {
                alive_[c] = 0;
                any = true;
            }
        }
        return any;
    }

    /// Move part of each link's weight towards its end the assignment left out.
    void resplit(int round) {
        std::vector<char> chosen(p_.size(), 0);
        int n = static_cast<int>(std::max(rows_.size(), cols_.size()));
        std::vector<int> at(static_cast<size_t>(n) * n, -1);
        for (int c = 0; c < p_.size(); ++c)
            if (alive_[c] && pot_[c] > 0) at[static_cast<size_t>(row_at_[p_.ci[c]]) * n + col_at_[p_.cj[c]]] = c;
        for (int j = 0; j < n; ++j) {
            int r = a_.row_of[j];
            if (r >= 0) {
                int c = at[static_cast<size_t>(r) * n + j];
                if (c >= 0) chosen[c] = 1;
            }
        }
        for (int q = 0; q < p_.links(); ++q) {
            int a = p_.qa[q], b = p_.qb[q];
            if (!alive_[a] || !alive_[b] || chosen[a] == chosen[b]) continue;
            i64 whole = static_cast<i64>(p_.qw[q]) * SCALE;
            i64 step = whole >> (round + 2);
            if (chosen[a]) share_a_[q] = std::max<i64>(0, share_a_[q] - step);
            else share_a_[q] = std::min<i64>(whole, share_a_[q] + step);
        }
    }
};

/// The compiled solver's answer for one problem: the Python path's mapping and value when certified.
struct Outcome {
    Verdict verdict = Verdict::Fallback;
    std::vector<int> mapping;
    double value = 0.0;
};

/// The exact solver on an integer problem: the cheap steps, then the bounds above, then branching.
inline Outcome solve(const Problem& p, const Limits& limits, const Clock& clock, Tally& tally) {
    Outcome out;
    Index x(p);
    std::vector<double> pot = potentials(p, x);
    double upper = tighten(line_bound(p, pot));
    std::vector<int> mapping = greedy(p, pot);
    double value = value_of(p, x, mapping);
    auto done = [&](std::vector<int> m, double v) {
        out.verdict = Verdict::Certified;
        out.mapping = std::move(m);
        out.value = v;
        return out;
    };
    if (certified(value, upper)) return tally.cheap++, done(mapping, value);
    std::vector<int> climbed = mapping;
    if (!climb(p, x, climbed, clock)) return tally.fallback_limit++, out;
    if (climbed != mapping) {
        double climbed_value = value_of(p, x, climbed);
        if (climbed_value > value) mapping = climbed, value = climbed_value;
    }
    if (certified(value, upper)) return tally.cheap++, done(mapping, value);
    Problem left = p;
    double bound;
    if (!eliminate(left, value, pot, bound, clock)) return tally.fallback_limit++, out;
    upper = std::min(upper, std::max(value, bound));
    if (certified(value, upper)) return tally.cheap++, done(mapping, value);

    Prover prover(left, value, limits, clock);
    int how = 0;
    if (prover.settle_by_bounds(how)) {
        (how == 1 ? tally.assignment : tally.lagrangian)++;
        return done(mapping, value);
    }
    std::vector<int> better;
    i64 found = 0;
    long nodes = 0;
    int verdict = prover.branch(better, found, nodes);
    if (verdict == 0) return tally.branch_kept++, done(mapping, value);
    if (verdict == 1 && value_of(p, x, better) == static_cast<double>(found))
        return tally.branch_improved++, done(better, static_cast<double>(found));
    (verdict == -1 ? tally.fallback_limit : tally.fallback_other)++;
    return out;
}

}  // namespace amr
