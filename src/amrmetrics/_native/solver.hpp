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
//
// Graded problems (S2match: float weights) do not come to ``solve``: their cheap steps run in numpy's
// arithmetic (graded.hpp), and what elimination leaves comes to ``prove_graded``, the same bounds in doubles
// (BasicProver<double>), made rigorous against rounding, which also report the other optima within
// twice the certification tolerance so that the caller can tell whether its numbers would depend on
// which one HiGHS reaches.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <type_traits>
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

/// Candidate lookup and adjacency of a problem (rebuilt in place by ``reset``: no allocation once warm).
struct Index {
    std::vector<int> row_start;                 // candidates of test node i: row_start[i]..row_start[i+1]
    std::vector<int> adj_start;                 // links of candidate c: adj_start[c]..adj_start[c+1]
    std::vector<int> adj_other;
    std::vector<double> adj_weight;
    std::vector<int> adj_link;                  // the link behind each entry (links are stored per end in link order)

    Index() = default;
    explicit Index(const Problem& p) { reset(p); }

    void reset(const Problem& p) {
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
        adj_link.resize(2 * p.links());
        fill_.assign(adj_start.begin(), adj_start.end() - 1);
        for (int q = 0; q < p.links(); ++q) {
            int a = p.qa[q], b = p.qb[q];
            adj_other[fill_[a]] = b;
            adj_weight[fill_[a]] = p.qw[q];
            adj_link[fill_[a]++] = q;
            adj_other[fill_[b]] = a;
            adj_weight[fill_[b]] = p.qw[q];
            adj_link[fill_[b]++] = q;
        }
    }

    /// The candidate (i, j), or size (not a candidate; j == n2 means no image).
    int lookup(const Problem& p, int i, int j) const {
        if (j >= p.n2) return p.size();
        auto first = p.cj.begin() + row_start[i], last = p.cj.begin() + row_start[i + 1];
        auto at = std::lower_bound(first, last, j);
        return (at != last && *at == j) ? static_cast<int>(at - p.cj.begin()) : p.size();
    }

   private:
    std::vector<int> fill_;
};

// ---------------------------------------------------------------------------------------------
// The cheap steps, as align/small.py and align/small_bounds.py (= align/bounds.py, hillclimb.py).
// They keep their working buffers in a CheapSteps, one per thread, reused from problem to problem: a
// problem allocates nothing once the buffers have grown to its size.

/// Per line (test or gold node, into ``best``): the largest value of its candidates (0 without any).
inline void line_maxima(const std::vector<int>& line, const std::vector<double>& value, int n_lines, std::vector<double>& best) {
    best.assign(n_lines, 0.0);
    for (size_t c = 0; c < line.size(); ++c) best[line[c]] = std::max(best[line[c]], value[c]);
}

inline double sum(const std::vector<double>& values) {
    double total = 0.0;
    for (double v : values) total += v;
    return total;
}

struct Lines {
    std::vector<double> best, margin;
    std::vector<int> best_other;
};

/// The cheap steps with their working buffers (each step uses its own: none runs inside another).
class CheapSteps {
   public:
    /// Per candidate (into ``pot``): its unary weight plus the most its half links can add (by test and by
    /// gold node).
    void potentials(const Problem& p, const Index& x, std::vector<double>& pot) {
        pot.assign(p.cu.begin(), p.cu.end());
        if (p.qw.empty()) return;
        std::vector<double> &by_row = pot_by_row_, &by_col = pot_by_col_;
        std::vector<int> &rows = pot_rows_, &cols = pot_cols_;
        by_row.assign(p.n1, 0.0);
        by_col.assign(p.n2, 0.0);
        rows.clear();
        cols.clear();
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
    }

    double line_bound(const Problem& p, const std::vector<double>& pot) {
        if (!p.n1 || !p.n2) return 0.0;
        std::vector<double>& best = line_best_;
        line_maxima(p.ci, pot, p.n1, best);
        double rows = sum(best);
        line_maxima(p.cj, pot, p.n2, best);
        return std::min(rows, sum(best));
    }

    /// Candidates by decreasing score (lowest index on ties) while both nodes are free; score > 0 only.
    void greedy(const Problem& p, const std::vector<double>& score, std::vector<int>& mapping) {
        std::vector<char>& taken = taken_;
        std::vector<int>& order = order_;
        mapping.assign(p.n1, -1);
        taken.assign(p.n2, 0);
        int left = std::min(p.n1, p.n2);
        order.resize(p.size());
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](int a, int b) { return score[a] > score[b] || (score[a] == score[b] && a < b); });
        for (int c : order) {
            if (!left || score[c] <= 0) break;
            int i = p.ci[c], j = p.cj[c];
            if (mapping[i] < 0 && !taken[j]) {
                mapping[i] = j;
                taken[j] = 1;
                --left;
            }
        }
    }

    /// The objective of a mapping (gold node per test node, -1 = none), as AlignmentProblem.value.
    double value_of(const Problem& p, const Index& x, const std::vector<int>& mapping) {
        std::vector<char>& chosen = chosen_;
        chosen.assign(p.size() + 1, 0);
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
    bool climb(const Problem& p, const Index& x, std::vector<int>& mapping, const Clock& clock) {
        const int n1 = p.n1, n2 = p.n2, size = p.size();
        if (n1 == 0 || n2 == 0) {
            mapping.assign(n1, -1);
            return true;
        }
        std::vector<int> &image = image_, &cur = cur_, &owner = owner_;
        std::vector<double> &support = support_, &held = held_;
        std::vector<std::pair<i64, double>>& swaps = swaps_;
        image.resize(n1);
        cur.resize(n1);
        owner.assign(n2 + 1, -1);
        for (int i = 0; i < n1; ++i) {
            image[i] = mapping[i] < 0 ? n2 : mapping[i];
            cur[i] = x.lookup(p, i, image[i]);
            if (image[i] < n2) owner[image[i]] = i;
        }
        support.assign(size + 1, 0.0);
        for (int c = 0; c < size; ++c) support[c] = p.cu[c];
        auto shift = [&](int c, double sign) {
            if (c >= size) return;
            for (int e = x.adj_start[c]; e < x.adj_start[c + 1]; ++e) support[x.adj_other[e]] += sign * x.adj_weight[e];
        };
        for (int i = 0; i < n1; ++i) shift(cur[i], 1.0);
        held.resize(n1);
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
            // by key (then amount): each key's amounts are integers or halves, so their sum is exact in any order
            std::sort(swaps.begin(), swaps.end());
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

    /// The problem without the candidates where keep is false (and their links), order kept, into ``r``.
    void restrict(const Problem& p, const std::vector<char>& keep, Problem& r) {
        std::vector<int>& renumber = renumber_;
        r.n1 = p.n1, r.n2 = p.n2;
        r.ci.clear(), r.cj.clear(), r.cu.clear(), r.qa.clear(), r.qb.clear(), r.qw.clear();
        renumber.assign(p.size(), -1);
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
    }

    /// Per line: the best (non-negative) potential, its margin over the line's others and the other node of
    /// its best candidate (into ``out``).
    void lines_of(const std::vector<int>& line, const std::vector<int>& other, const std::vector<double>& pot, int n_lines,
                         int n_others, Lines& out) {
        std::vector<double> &value = value_, &rest = rest_;
        std::vector<int>& tops = tops_;
        value.resize(pot.size());
        for (size_t c = 0; c < pot.size(); ++c) value[c] = std::max(0.0, pot[c]);
        line_maxima(line, value, n_lines, out.best);
        out.margin.assign(n_lines, 0.0);
        out.best_other.assign(n_lines, 0);
        if (n_others < 2) return;
        tops.assign(n_lines, 0);
        rest.assign(n_lines, 0.0);
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
    }

    /// Per candidate (into ``out``): the most the other lines can hold with the candidate's two nodes taken.
    void others_best(const Lines& lines, double total, const std::vector<int>& rows, const std::vector<int>& cols, int n_cols,
                            std::vector<double>& out) {
        std::vector<double>& loss = loss_;
        loss.assign(n_cols, 0.0);
        for (size_t r = 0; r < lines.best_other.size(); ++r) loss[lines.best_other[r]] += lines.margin[r];
        out.resize(rows.size());
        for (size_t c = 0; c < rows.size(); ++c) {
            int r = rows[c], col = cols[c];
            out[c] = total - lines.best[r] - loss[col] + (lines.best_other[r] == col ? lines.margin[r] : 0.0);
        }
    }

    /// align/bounds.py's eliminate (integer weights): the problem left and its potential bound; ``pot`` (the
    /// potentials of ``p``) is used up. Returns false when the clock passed.
    bool eliminate(Problem& p, double value, std::vector<double>& pot, double& bound, const Clock& clock) {
        Lines &by_row = by_row_, &by_col = by_col_;
        std::vector<double> &rows = others_by_row_, &cols = others_by_col_;
        std::vector<char>& keep = keep_;
        bound = std::numeric_limits<double>::infinity();
        for (int done = 0; done <= ELIMINATION_ROUNDS; ++done) {
            if (!p.size()) {
                bound = tighten(line_bound(p, pot));
                return true;
            }
            lines_of(p.ci, p.cj, pot, p.n1, p.n2, by_row);
            lines_of(p.cj, p.ci, pot, p.n2, p.n1, by_col);
            double row_total = sum(by_row.best), col_total = sum(by_col.best);
            bound = tighten(std::min(row_total, col_total));
            if (done == ELIMINATION_ROUNDS || bound <= value) break;
            if (clock.passed()) return false;
            others_best(by_row, row_total, p.ci, p.cj, p.n2, rows);
            others_best(by_col, col_total, p.cj, p.ci, p.n1, cols);
            keep.resize(p.size());
            bool all = true;
            for (int c = 0; c < p.size(); ++c) {
                keep[c] = std::floor(pot[c] + std::min(rows[c], cols[c]) + 1e-6) > value;
                all = all && keep[c];
            }
            if (all) break;
            restrict(p, keep, spare_);
            std::swap(p, spare_);
            index_.reset(p);
            potentials(p, index_, pot);
        }
        return true;
    }

   private:
    std::vector<double> pot_by_row_, pot_by_col_, line_best_, support_, held_, value_, rest_, loss_, others_by_row_, others_by_col_;
    std::vector<int> pot_rows_, pot_cols_, order_, image_, cur_, owner_, renumber_, tops_;
    std::vector<char> taken_, chosen_, keep_;
    std::vector<std::pair<i64, double>> swaps_;
    Lines by_row_, by_col_;
    Problem spare_;
    Index index_;
};

// ---------------------------------------------------------------------------------------------
// Bounds of the compiled solver only, in integers: weights times SCALE, each link's weight split
// between its two ends in shares that sum to it.

constexpr i64 SCALE = 1 << 10;

/// Maximum-weight assignment of a dense n x n matrix of non-negative weights (rows to columns, zero
/// entries standing for "no partner"), with dual prices u + v >= w everywhere: integers (T = i64), or
/// doubles for graded problems (T = double), where rounding can leave u + v a little below w, so
/// ``cover`` repairs the prices before their sum is used as a bound.
template <class T>
struct BasicAssignment {
    T dual = 0;               // sum of the prices: a bound on every assignment
    std::vector<T> u, v;      // row and column prices
    std::vector<int> row_of;  // the row matched to each column

    /// The shortest augmenting path method (Kuhn-Munkres with potentials), O(n^3). In integers, so two
    /// bookkeeping shortcuts give the textbook steps' values exactly: the slack of the columns not yet
    /// reached is kept offset by the deltas so far (the scan decides on the same values), and the prices of
    /// the columns reached (and their rows) take the deltas since each was reached once, at the end of
    /// the row's search (they are not read before). The columns left are scanned in increasing order
    /// from a list, so the first column of least slack is chosen as before.
    void solve(const std::vector<T>& w, int n) {
        run(w.data(), n, n, 0, false);
        const T* pu = pu_.data();
        const T* pv = pv_.data();
        const int* match = match_.data();
        u.assign(n, 0);
        v.assign(n, 0);
        row_of.assign(n, -1);
        dual = 0;
        for (int i = 0; i < n; ++i) u[i] = -pu[i + 1], dual += u[i];
        for (int j = 0; j < n; ++j) v[j] = -pv[j + 1], dual += v[j], row_of[j] = match[j + 1] - 1;
    }

    /// Whether the maximum-weight assignment of the ``rows`` x ``cols`` matrix ``w`` (rows <= cols) reaches
    /// ``need``: the same method, stopped as soon as the rows placed so far weigh ``need`` (the best
    /// assignment of the first rows never weighs more than the best of all of them).
    bool reaches(const T* w, int rows, int cols, T need) { return run(w, rows, cols, need, true); }

    /// Graded weights (after ``solve``, or after ``reaches`` answered false, for the same ``w``): each row's
    /// price raised where it leaves an entry uncovered as computed (u_i >= w_ij - v_j for every j), and a
    /// rigorous bound on every assignment of ``w`` returned: the sum of the row prices and of the
    /// non-negative column prices, plus a margin for the rounding of these sums and differences (a few
    /// units of 2^-53 of their magnitude per term; 32 times that is used). ``u`` and ``dual`` become the
    /// repaired prices and that bound.
    double cover(const double* w, int rows, int cols) {
        static_assert(std::is_same_v<T, double>, "integer prices need no repair");
        u.resize(rows);
        v.resize(cols);
        double magnitude = 0.0, widest = 0.0, total = 0.0;
        for (int j = 0; j < cols; ++j) v[j] = -pv_[j + 1], magnitude += std::fabs(v[j]), widest = std::max(widest, std::fabs(v[j]));
        for (int i = 0; i < rows; ++i) {
            double price = -pu_[i + 1];
            const double* row = w + static_cast<size_t>(i) * cols;
            for (int j = 0; j < cols; ++j) {
                price = std::max(price, row[j] - v[j]);
                widest = std::max(widest, row[j]);
            }
            u[i] = price;
            total += price;
            magnitude += std::fabs(price);
        }
        for (int j = 0; j < cols; ++j) total += std::max(v[j], 0.0);
        double terms = rows + cols + 4;
        dual = total + 32 * std::ldexp(terms * (magnitude + rows * widest), -53);
        return dual;
    }

   private:
    /// The rows one by one (each by a shortest augmenting path), the best assignment of the rows placed so
    /// far kept with its prices; after row i, pv[0] is that assignment's weight. With ``early``, true as
    /// soon as it reaches ``need`` (the prices are then those of the rows placed); else whether it does.
    bool run(const T* w, int rows, int cols, T need, bool early) {
        // minimise the cost -w: prices (pu, pv) with pu_i + pv_j <= -w_ij, so u = -pu, v = -pv
        const T INF = std::numeric_limits<T>::max() / 4;
        const int n = cols;
        pu_.assign(rows + 1, 0);
        pv_.assign(n + 1, 0);
        minv_.resize(n + 1);
        since_.resize(n + 1);
        match_.assign(n + 1, 0);
        way_.assign(n + 1, 0);
        left_.resize(n);
        reached_.reserve(n + 1);
        T *pu = pu_.data(), *pv = pv_.data(), *minv = minv_.data(), *since = since_.data();
        int *match = match_.data(), *way = way_.data(), *left = left_.data();
        for (int i = 1; i <= rows; ++i) {
            match[0] = i;
            int j0 = 0, n_left = n;
            for (int j = 1; j <= n; ++j) minv[j] = INF, left[j - 1] = j;
            reached_.clear();
            T total = 0;  // the deltas so far: column j's slack is minv[j] - total
            do {
                reached_.push_back(j0);
                since[j0] = total;
                const int i0 = match[j0];
                int at = 0;
                T least = INF;
                const T* row = w + static_cast<size_t>(i0 - 1) * n;
                const T price = pu[i0] - total;
                for (int k = 0; k < n_left; ++k) {
                    const int j = left[k];
                    const T cur = -row[j - 1] - price - pv[j];
                    if (cur < minv[j]) minv[j] = cur, way[j] = j0;
                    if (minv[j] < least) least = minv[j], at = k;
                }
                total = least;  // plus this step's delta, least - total
                j0 = left[at];
                std::copy(left + at + 1, left + n_left, left + at);  // reached: out of the list, order kept
                --n_left;
            } while (match[j0] != 0);
            for (int j : reached_) {
                T delta = total - since[j];
                pu[match[j]] += delta;
                pv[j] -= delta;
            }
            do {
                int j1 = way[j0];
                match[j0] = match[j1];
                j0 = j1;
            } while (j0);
            if (early && pv[0] >= need) return true;
        }
        return pv[0] >= need;
    }

    std::vector<T> pu_, pv_, minv_, since_;
    std::vector<int> match_, way_, left_, reached_;
};

using Assignment = BasicAssignment<i64>;

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
    long tied = 0;  // graded: proofs that came with other optima
};

/// The bounds' machinery on what elimination left: shares, potentials, assignment, fixing, branching.
/// In integers (T = i64: weights times SCALE; a better mapping beats the incumbent by 1 at least), or in
/// doubles for a graded problem (T = double: weights as given; only a mapping that beats the incumbent
/// by more than ``delta`` counts as better). In doubles every bound is kept rigorous against rounding:
/// an assignment's prices are repaired and its bound carries their margin (BasicAssignment::cover), and
/// every comparison with a bound subtracts ``margin_``, a bound on the rounding of the potentials, the
/// shares and the sums of chosen weights (32 times a few units of 2^-53 of the problem's whole weight
/// per term summed). A graded search also finds every other optimum: it visits every mapping within
/// twice the certification tolerance of the best (``keep_above``, the tie window) and keeps the other
/// sets of earning pairs found there (``ties``; more than MAX_TIES: it gives up, -2), since the Python
/// path may return any of them and their float sums can differ in the last bit. So a graded proof says:
/// no mapping is worth more than the best found plus ``delta``, and every mapping within the tie window
/// of it earns with the pairs of the best, of the incumbent, or of one of the ties.
/// One prover serves problem after problem (``reset``), keeping its buffers.
template <class T>
class BasicProver {
   public:
    static constexpr bool GRADED = std::is_floating_point_v<T>;

    /// Start on ``left`` (which must outlive the use of this prover for it) with the incumbent's value
    /// (and, graded, the least improvement that counts, ``delta``).
    void reset(const Problem& left, double incumbent, const Limits& limits, const Clock& clock, double delta = 0.0,
               const std::vector<int>* held = nullptr) {
        p_ = &left;
        x_.reset(left);
        limits_ = limits;
        clock_ = &clock;
        target_ = static_cast<T>(incumbent);
        const Problem& p = left;
        whole_.resize(p.links());
        share_a_.resize(p.links());
        for (int q = 0; q < p.links(); ++q) {
            whole_[q] = weight(p.qw[q]) * UNIT;
            share_a_[q] = whole_[q] / 2;
        }
        unary_.resize(p.size());
        for (int c = 0; c < p.size(); ++c) unary_[c] = weight(p.cu[c]) * UNIT;
        alive_.assign(p.size(), 1);
        pot_.assign(p.size(), 0);
        stale_.assign(p.size(), 1);
        by_row_.assign(p.n1, 0);
        by_col_.assign(p.n2, 0);
        int degree = 0;
        for (int c = 0; c < p.size(); ++c) degree = std::max(degree, x_.adj_start[c + 1] - x_.adj_start[c]);
        rows_seen_.resize(degree);
        cols_seen_.resize(degree);
        if constexpr (GRADED) {
            double mass = 1.0;
            for (double u : p.cu) mass += std::fabs(u);
            for (double w : p.qw) mass += std::fabs(w);
            double terms = static_cast<double>(degree) + p.size() + p.links() + p.n1 + p.n2 + 8;
            delta_ = delta;
            margin_ = 32 * std::ldexp(terms * mass, -53);
            held_set_.clear();
            for (int i = 0; held && i < p.n1 && i < static_cast<int>(held->size()); ++i) {
                int j = (*held)[i];
                if (j < 0) continue;
                int c = x_.lookup(p, i, j);
                if (c == p.size()) {  // a pair elimination dropped: no mapping here earns like it
                    held_set_.assign(1, -1);
                    break;
                }
                held_set_.push_back(c);
            }
            if (held_set_.empty() || held_set_[0] >= 0) {
                std::vector<char>& in = flags_;
                in.assign(p.size(), 0);
                for (int c : held_set_) in[c] = 1;
                earning(held_set_, in);
            }
        }
    }

    /// Graded: whether the rounding margin leaves room for a proof (it must be well below ``delta``).
    bool usable() const { return !GRADED || (margin_ * 4 < delta_ && std::isfinite(margin_)); }

    /// True when no mapping beats the incumbent (proved by assignment bounds, with fixing and re-splitting).
    /// ``how`` says which bound did it (1 assignment, 2 Lagrangian). A round that ruled nothing out after
    /// its last assignment and moved no share leaves the next round the same assignment, so every round
    /// after it would end the same way: false at once.
    bool settle_by_bounds(int& how) {
        for (int round = 0; round <= limits_.lagrangian_rounds; ++round) {
            if (clock_->passed()) return false;
            bool ruled_out = true;
            for (int fixing = 0; fixing < 20 && ruled_out; ++fixing) {
                if (!assign()) return false;
                if (dual_ < keep_above(target_)) {
                    how = round == 0 ? 1 : 2;
                    return true;
                }
                ruled_out = fix();
            }
            if (!resplit(round) && !ruled_out) return false;
        }
        return false;
    }

    /// Branch and bound on the live candidates: 0 when no mapping beats the incumbent, 1 when one does
    /// (``mapping`` holds the best, without pairs that earn nothing, and ``found`` its value), -1 when
    /// the search hit its node limit or the clock, -2 (graded) when a second optimum turned up (the
    /// Python path decides).
    int branch(std::vector<int>& mapping, T& found, long& nodes) {
        const Problem& p = *p_;
        std::vector<int>& count = scratch_;
        count.assign(p.n1, 0);
        for (int c = 0; c < p.size(); ++c) count[p.ci[c]] += alive_[c];
        order_.clear();
        for (int i = 0; i < p.n1; ++i)
            if (count[i]) order_.push_back(i);
        // by count, then row (the rows were listed in increasing order)
        std::sort(order_.begin(), order_.end(), [&](int a, int b) { return count[a] < count[b] || (count[a] == count[b] && a < b); });
        choice_.assign(p.n1, -1);
        // nothing decided yet: every live candidate is open
        state_.resize(p.size());
        for (int c = 0; c < p.size(); ++c) state_[c] = alive_[c] ? OPEN : 0;
        undo_.clear();
        // the candidates of each gold node (in increasing order)
        col_start_.assign(p.n2 + 1, 0);
        for (int c = 0; c < p.size(); ++c) col_start_[p.cj[c] + 1]++;
        for (int j = 0; j < p.n2; ++j) col_start_[j + 1] += col_start_[j];
        col_cands_.resize(p.size());
        scratch_.assign(col_start_.begin(), col_start_.end() - 1);
        for (int c = 0; c < p.size(); ++c) col_cands_[scratch_[p.cj[c]]++] = c;
        open_.resize(p.size());
        children_.clear();
        nodes_ = work_ = 0;
        best_ = target_;
        best_choice_.clear();
        if constexpr (GRADED) {
            best_set_ = held_set_;
            best_is_held_ = true;
            ties_.clear();
            tied_ = false;
        }
        bool complete = search(0, 0);
        nodes = nodes_;
        if (tied_) return -2;
        if (!complete) return -1;
        if (best_choice_.empty()) return 0;
        std::vector<char>& in = flags_;
        in.assign(p.size(), 0);
        for (int i = 0; i < p.n1; ++i)
            if (best_choice_[i] >= 0) in[best_choice_[i]] = 1;
        mapping.assign(p.n1, -1);
        for (int i = 0; i < p.n1; ++i) {
            int c = best_choice_[i];
            if (c < 0) continue;
            bool earns = p.cu[c] > 0;
            for (int e = x_.adj_start[c]; !earns && e < x_.adj_start[c + 1]; ++e) earns = in[x_.adj_other[e]];
            if (earns) mapping[i] = p.cj[c];
        }
        found = best_;
        return 1;
    }

   private:
    static constexpr T UNIT = GRADED ? 1 : SCALE;  // the scale of weights in bounds

    /// A weight of the problem as T (integer problems: an integer).
    static T weight(double w) {
        if constexpr (GRADED)
            return w;
        else
            return static_cast<i64>(w);
    }

    /// The least (scaled) bound that may hide a mapping better than one of ``value``: integers, the next
    /// integer; graded, the value plus ``delta_`` less the rounding margin.
    T above(T value) const {
        if constexpr (GRADED)
            return value + delta_ - margin_;
        else
            return (value + 1) * SCALE;
    }

    /// The least (scaled) bound that may hide a mapping that matters next to one of ``value``: integers, a
    /// better one (``above``); graded, one within the tie window below it (twice the certification
    /// tolerance), less the rounding margin.
    T keep_above(T value) const {
        if constexpr (GRADED)
            return value - 2 * TOLERANCE * std::max(1.0, std::fabs(value)) - margin_;
        else
            return above(value);
    }

    /// Graded: keep of ``chosen`` (candidates, ``in`` marking them) those that earn (a unary weight, or a
    /// link to another chosen candidate), sorted.
    void earning(std::vector<int>& chosen, const std::vector<char>& in) const {
        const Problem& p = *p_;
        size_t kept = 0;
        for (int c : chosen) {
            bool earns = p.cu[c] > 0;
            for (int e = x_.adj_start[c]; !earns && e < x_.adj_start[c + 1]; ++e) earns = in[x_.adj_other[e]];
            if (earns) chosen[kept++] = c;
        }
        chosen.resize(kept);
        std::sort(chosen.begin(), chosen.end());
    }

    /// Graded: a complete mapping of value ``value`` reached (``choice_``): it becomes the best when it
    /// beats the best by more than ``delta_`` (the best it replaces becomes a tie, or the incumbent is
    /// one, where they stay within the tie window); else it is a tie when it earns with other pairs than
    /// the best. False when there are more ties than MAX_TIES.
    bool reached(double value) {
        std::vector<int>& set = leaf_set_;
        set.clear();
        for (int r : order_)
            if (choice_[r] >= 0) set.push_back(choice_[r]);
        std::vector<char>& in = flags_;
        in.assign(p_->size(), 0);
        for (int c : set) in[c] = 1;
        earning(set, in);
        if (value >= above(best_)) {
            if (!best_is_held_) ties_.emplace_back(best_, std::move(best_set_));
            best_ = value;
            best_choice_ = choice_;
            best_set_ = set;
            best_is_held_ = false;
        } else if (set != best_set_ && value >= keep_above(best_)) {
            bool known = false;
            for (const auto& tie : ties_) known = known || tie.second == set;
            if (!known) ties_.emplace_back(value, set);
        }
        const T floor = keep_above(best_);
        ties_.erase(std::remove_if(ties_.begin(), ties_.end(), [&](const auto& tie) { return tie.first < floor; }), ties_.end());
        tied_ = ties_.size() > MAX_TIES;
        return !tied_;
    }

  public:
    static constexpr size_t MAX_TIES = 16;

    /// Graded, after ``branch``: the other sets of earning candidates within the tie window of the best
    /// (each sorted), and whether the incumbent is within it while another mapping is the best.
    const std::vector<std::pair<double, std::vector<int>>>& ties() const { return ties_; }
    bool held_ties() const { return !best_is_held_ && static_cast<T>(target_) >= keep_above(best_); }

    /// Graded: the least value within the tie window of ``best``.
    double tie_floor(double best) const { return keep_above(best); }

    /// Graded: the incumbent given to ``reset`` without its pairs that earn nothing (it must use pairs
    /// of the problem only).
    std::vector<int> held_mapping() const {
        std::vector<int> mapping(p_->n1, -1);
        for (int c : held_set_)
            if (c >= 0) mapping[p_->ci[c]] = p_->cj[c];
        return mapping;
    }

  private:

    const Problem* p_ = nullptr;
    Index x_;
    Limits limits_;
    const Clock* clock_ = nullptr;
    T target_ = 0;               // the incumbent's value: only mappings above it matter
    double delta_ = 0.0, margin_ = 0.0;  // graded: the least improvement that counts; the rounding margin
    // graded: the earning candidates (sorted) of the incumbent ({-1}: it uses a pair not here), of the best
    // mapping, of one leaf; the best value of another set of earning pairs; whether it ties with the best
    std::vector<int> held_set_, best_set_, leaf_set_;
    std::vector<std::pair<double, std::vector<int>>> ties_;  // value and earning candidates of each tie
    bool best_is_held_ = true;  // the best is still the incumbent
    bool tied_ = false;         // more ties than MAX_TIES
    std::vector<T> whole_;       // each link's weight, scaled
    std::vector<T> share_a_;     // each link's share held by its end qa (qb holds the rest)
    std::vector<T> unary_;       // each candidate's unary weight, scaled
    std::vector<char> alive_;    // candidates not ruled out
    std::vector<T> pot_;         // scaled potentials of the live candidates
    std::vector<char> stale_;    // candidates whose potential changed since computed (a neighbour ruled out, a share moved)
    std::vector<int> rows_, cols_, row_at_, col_at_;
    BasicAssignment<T> a_;
    T dual_ = 0;
    // the largest share per test and per gold node of one candidate's links (zero between uses)
    std::vector<T> by_row_, by_col_;
    std::vector<int> rows_seen_, cols_seen_;  // as many as a candidate has links (a node may come twice)
    // branch and bound state
    std::vector<int> order_, choice_, best_choice_;
    // each candidate: OPEN (live, its test node undecided, its gold node free), CHOSEN or neither (kept
    // along the path: a decision changes its row's and its column's candidates, undone from ``undo_``)
    std::vector<char> state_;
    static constexpr char OPEN = 1, CHOSEN = 2;
    std::vector<std::pair<int, char>> undo_;
    std::vector<int> col_start_, col_cands_;  // the candidates of gold node j: col_cands_[col_start_[j]..col_start_[j + 1]]
    std::vector<T> open_, col_best_;
    std::vector<int> children_;  // the children of every node on the current path, a range per node
    long nodes_ = 0, work_ = 0;
    T best_ = 0;
    // scratch of one call
    std::vector<int> scratch_, node_rows_, node_cols_;
    std::vector<char> flags_;
    std::vector<T> weights_;
    BasicAssignment<T> node_assignment_;

    T share(int q, bool at_a) const { return at_a ? share_a_[q] : whole_[q] - share_a_[q]; }

    /// The most the links of candidate ``c`` can add with the current shares: the largest share per test
    /// node and per gold node of their other ends, the smaller of the two sums. ``counts(o, e)`` says
    /// whether the link of adjacency entry ``e`` to candidate ``o`` counts (never when ``o`` is ruled out).
    template <class Counts>
    T link_potential(int c, Counts counts) {
        const Problem& p = *p_;
        int *rows_seen = rows_seen_.data(), *cols_seen = cols_seen_.data();
        int n_rows = 0, n_cols = 0;
        for (int e = x_.adj_start[c]; e < x_.adj_start[c + 1]; ++e) {
            int o = x_.adj_other[e];
            if (!counts(o, e)) continue;
            int q = x_.adj_link[e];
            T s = share(q, p.qa[q] == c);
            int k = p.ci[o], l = p.cj[o];
            if (by_row_[k] == 0) rows_seen[n_rows++] = k;
            by_row_[k] = std::max(by_row_[k], s);
            if (by_col_[l] == 0) cols_seen[n_cols++] = l;
            by_col_[l] = std::max(by_col_[l], s);
        }
        T t = 0, g = 0;
        for (int k = 0; k < n_rows; ++k) t += by_row_[rows_seen[k]], by_row_[rows_seen[k]] = 0;
        for (int l = 0; l < n_cols; ++l) g += by_col_[cols_seen[l]], by_col_[cols_seen[l]] = 0;
        return std::min(t, g);
    }

    /// Whether the assignment bound of the open candidates' potentials (``open[c]`` < 0: not open) reaches
    /// ``need`` (also when it is not computed: one node a side, or more than ``max_nodes``). Rows and columns
    /// are the nodes with a candidate of positive potential (the rest would weigh 0), the fewer of the two
    /// sides as rows, so the assignment solved is the dense one without its zero lines: the same value.
    /// Graded, it reaches ``need`` unless its repaired prices prove otherwise.
    bool node_assignment_reaches(const std::vector<T>& open, size_t depth, T need) {
        const Problem& p = *p_;
        std::vector<int>& rows = node_rows_;
        std::vector<int>& cols = node_cols_;
        rows.assign(p.n1, -1);
        cols.assign(p.n2, -1);
        int n_rows = 0, n_cols = 0;
        // only the undecided test nodes (order_[depth..]) have open candidates
        auto each_open = [&](auto visit) {
            for (size_t d = depth; d < order_.size(); ++d) {
                int i = order_[d];
                for (int c = x_.row_start[i]; c < x_.row_start[i + 1]; ++c)
                    if (open[c] > 0) visit(c);
            }
        };
        each_open([&](int c) {
            if (rows[p.ci[c]] < 0) rows[p.ci[c]] = n_rows++;
            if (cols[p.cj[c]] < 0) cols[p.cj[c]] = n_cols++;
        });
        int n = std::max(n_rows, n_cols);
        if (n <= 1 || n > limits_.max_nodes) return true;
        // an assignment that reaches it answers at once: each test node its best free gold node, in turn
        std::vector<char>& used = flags_;
        used.assign(p.n2, 0);
        T greedy = 0;
        for (size_t d = depth; d < order_.size(); ++d) {
            int i = order_[d], top = -1;
            for (int c = x_.row_start[i]; c < x_.row_start[i + 1]; ++c)
                if (open[c] > 0 && !used[p.cj[c]] && (top < 0 || open[c] > open[top])) top = c;
            if (top >= 0) greedy += open[top], used[p.cj[top]] = 1;
        }
        if (greedy >= need) return true;
        const bool by_test = n_rows <= n_cols;
        const int across = by_test ? n_cols : n_rows;
        weights_.assign(static_cast<size_t>(n_rows) * n_cols, 0);
        each_open([&](int c) {
            int r = rows[p.ci[c]], k = cols[p.cj[c]];
            weights_[by_test ? static_cast<size_t>(r) * across + k : static_cast<size_t>(k) * across + r] = open[c];
        });
        const int down = by_test ? n_rows : n_cols;
        if (node_assignment_.reaches(weights_.data(), down, across, need)) return true;
        if constexpr (GRADED)
            return node_assignment_.cover(weights_.data(), down, across) >= need;
        else
            return false;
    }

    /// Depth-first search over the rows in ``order_``; ``fixed`` is what the chosen candidates earn.
    /// False when the node limit or the clock is hit.
    bool search(size_t depth, T fixed) {
        const Problem& p = *p_;
        work_ += p.size() + p.links();
        if (++nodes_ > limits_.branch_nodes || work_ > limits_.branch_work || (nodes_ % 256 == 0 && clock_->passed())) return false;
        if (depth == order_.size()) {
            if constexpr (GRADED) return reached(fixed);
            if (fixed * UNIT >= above(best_)) {
                best_ = fixed;
                best_choice_ = choice_;
            }
            return true;
        }
        // potentials of the open candidates given the decisions so far, over the undecided test nodes (only
        // they have open candidates; ``open_`` is read only before the children are searched)
        std::vector<T>& open = open_;
        col_best_.assign(p.n2, 0);
        T row_sum = 0, col_sum = 0;
        for (size_t d = depth; d < order_.size(); ++d) {
            int i = order_[d];
            T top = 0;
            for (int c = x_.row_start[i]; c < x_.row_start[i + 1]; ++c) {
                if (state_[c] != OPEN) {
                    open[c] = -1;
                    continue;
                }
                T bonus = 0;
                T links = link_potential(c, [&](int o, int e) {
                    if (state_[o] == CHOSEN) {
                        bonus += whole_[x_.adj_link[e]];
                        return false;
                    }
                    return state_[o] == OPEN;
                });
                open[c] = unary_[c] + bonus + links;
                top = std::max(top, open[c]);
                col_best_[p.cj[c]] = std::max(col_best_[p.cj[c]], open[c]);
            }
            row_sum += top;
        }
        for (T v : col_best_) col_sum += v;
        T bound = fixed * UNIT + std::min(row_sum, col_sum);
        if (bound < keep_above(best_)) return true;
        if (!node_assignment_reaches(open, depth, keep_above(best_) - fixed * UNIT)) return true;
        int r = order_[depth];
        const size_t first = children_.size();
        for (int c = x_.row_start[r]; c < x_.row_start[r + 1]; ++c)
            if (open[c] >= 0) children_.push_back(c);
        // by decreasing potential, then candidate (they were listed in increasing order)
        std::sort(children_.begin() + first, children_.end(),
                  [&](int a, int b) { return open[a] > open[b] || (open[a] == open[b] && a < b); });
        const size_t last = children_.size();
        const size_t mark = undo_.size();
        for (size_t k = first; k < last; ++k) {
            int c = children_[k];
            T gain = weight(p.cu[c]);
            for (int e = x_.adj_start[c]; e < x_.adj_start[c + 1]; ++e)
                if (state_[x_.adj_other[e]] == CHOSEN) gain += weight(x_.adj_weight[e]);
            choice_[r] = c;
            decide(r, c);
            bool ok = search(depth + 1, fixed + gain);
            undo(mark);
            choice_[r] = -1;
            if (!ok) return false;
        }
        children_.resize(first);
        choice_[r] = -2;
        decide(r, -1);
        bool ok = search(depth + 1, fixed);
        undo(mark);
        choice_[r] = -1;
        return ok;
    }

    /// Test node ``r`` takes candidate ``c`` (-1: no image): its candidates close (``c`` is chosen), and so
    /// do the other candidates of ``c``'s gold node.
    void decide(int r, int c) {
        for (int d = x_.row_start[r]; d < x_.row_start[r + 1]; ++d) {
            undo_.emplace_back(d, state_[d]);
            state_[d] = d == c ? CHOSEN : 0;
        }
        if (c < 0) return;
        const int j = p_->cj[c];
        for (int k = col_start_[j]; k < col_start_[j + 1]; ++k) {
            int d = col_cands_[k];
            if (d == c) continue;
            undo_.emplace_back(d, state_[d]);
            state_[d] = 0;
        }
    }

    /// The states as they were when ``undo_`` held ``mark`` entries.
    void undo(size_t mark) {
        while (undo_.size() > mark) {
            state_[undo_.back().first] = undo_.back().second;
            undo_.pop_back();
        }
    }

    /// Potentials with the current shares over live candidates and links (those of ruled-out candidates
    /// are never read): recomputed where stale, the same values as recomputing all.
    void compute_potentials() {
        const Problem& p = *p_;
        for (int c = 0; c < p.size(); ++c) {
            if (alive_[c] && stale_[c]) pot_[c] = unary_[c] + link_potential(c, [&](int o, int) { return alive_[o] != 0; });
            stale_[c] = 0;
        }
    }

    /// The assignment bound of the current potentials over every node with a live candidate (a candidate
    /// of potential <= 0 weighs 0, like no partner); false when the problem is too large for it.
    bool assign() {
        const Problem& p = *p_;
        compute_potentials();
        row_at_.assign(p.n1, -1);
        col_at_.assign(p.n2, -1);
        rows_.clear();
        cols_.clear();
        for (int c = 0; c < p.size(); ++c) {
            if (!alive_[c]) continue;
            if (row_at_[p.ci[c]] < 0) row_at_[p.ci[c]] = static_cast<int>(rows_.size()), rows_.push_back(p.ci[c]);
            if (col_at_[p.cj[c]] < 0) col_at_[p.cj[c]] = static_cast<int>(cols_.size()), cols_.push_back(p.cj[c]);
        }
        int n = static_cast<int>(std::max(rows_.size(), cols_.size()));
        if (n > limits_.max_nodes) return false;
        weights_.assign(static_cast<size_t>(n) * n, 0);
        for (int c = 0; c < p.size(); ++c)
            if (alive_[c] && pot_[c] > 0) weights_[static_cast<size_t>(row_at_[p.ci[c]]) * n + col_at_[p.cj[c]]] = pot_[c];
        a_.solve(weights_, n);
        if constexpr (GRADED)
            dual_ = a_.cover(weights_.data(), n, n);
        else
            dual_ = a_.dual;
        return true;
    }

    /// Rule out candidates that no mapping above the incumbent can use (the assignment bound with the
    /// candidate forced in is the dual minus its reduced cost); true if any was.
    bool fix() {
        const Problem& p = *p_;
        bool any = false;
        for (int c = 0; c < p.size(); ++c) {
            if (!alive_[c]) continue;
            int r = row_at_[p.ci[c]], k = col_at_[p.cj[c]];
            T reduced = a_.u[r] + a_.v[k] - std::max<T>(pot_[c], 0);
            if (dual_ - reduced < keep_above(target_)) {
                alive_[c] = 0;
                any = true;
                for (int e = x_.adj_start[c]; e < x_.adj_start[c + 1]; ++e) stale_[x_.adj_other[e]] = 1;
            }
        }
        return any;
    }

    /// Move part of each link's weight towards its end the assignment left out; true if a share moved.
    bool resplit(int round) {
        const Problem& p = *p_;
        std::vector<char>& chosen = flags_;
        chosen.assign(p.size(), 0);
        bool moved = false;
        // the assignment's pairs that are candidates of positive potential
        for (int c = 0; c < p.size(); ++c)
            if (alive_[c] && pot_[c] > 0) chosen[c] = a_.row_of[col_at_[p.cj[c]]] == row_at_[p.ci[c]];
        for (int q = 0; q < p.links(); ++q) {
            int a = p.qa[q], b = p.qb[q];
            if (!alive_[a] || !alive_[b] || chosen[a] == chosen[b]) continue;
            T whole = whole_[q];
            T step;
            if constexpr (GRADED)
                step = std::ldexp(whole, -(round + 2));
            else
                step = whole >> (round + 2);
            T share = chosen[a] ? std::max<T>(0, share_a_[q] - step) : std::min<T>(whole, share_a_[q] + step);
            if (share != share_a_[q]) moved = true, stale_[a] = stale_[b] = 1;
            share_a_[q] = share;
        }
        return moved;
    }
};

using Prover = BasicProver<i64>;

/// The compiled solver's answer for one problem: the Python path's mapping and value when certified.
struct Outcome {
    Verdict verdict = Verdict::Fallback;
    std::vector<int> mapping;
    double value = 0.0;
};

/// Everything the solver works in, kept from problem to problem (one per thread).
struct Workspace {
    CheapSteps steps;
    Index x;
    std::vector<double> pot;
    std::vector<int> mapping, climbed, better;
    Problem left;
    Prover prover;
};

/// The exact solver on an integer problem: the cheap steps, then the bounds above, then branching.
/// Its working state is this thread's Workspace (``solve`` never runs inside itself).
inline Outcome solve(const Problem& p, const Limits& limits, const Clock& clock, Tally& tally) {
    thread_local Workspace w;
    CheapSteps& steps = w.steps;
    Index& x = w.x;
    std::vector<double>& pot = w.pot;
    std::vector<int> &mapping = w.mapping, &climbed = w.climbed, &better = w.better;
    Outcome out;
    x.reset(p);
    steps.potentials(p, x, pot);
    double upper = tighten(steps.line_bound(p, pot));
    steps.greedy(p, pot, mapping);
    double value = steps.value_of(p, x, mapping);
    auto done = [&](const std::vector<int>& m, double v) {
        out.verdict = Verdict::Certified;
        out.mapping = m;
        out.value = v;
        return out;
    };
    if (certified(value, upper)) return tally.cheap++, done(mapping, value);
    climbed = mapping;
    if (!steps.climb(p, x, climbed, clock)) return tally.fallback_limit++, out;
    if (climbed != mapping) {
        double climbed_value = steps.value_of(p, x, climbed);
        if (climbed_value > value) std::swap(mapping, climbed), value = climbed_value;
    }
    if (certified(value, upper)) return tally.cheap++, done(mapping, value);
    w.left = p;
    double bound;
    if (!steps.eliminate(w.left, value, pot, bound, clock)) return tally.fallback_limit++, out;
    upper = std::min(upper, std::max(value, bound));
    if (certified(value, upper)) return tally.cheap++, done(mapping, value);

    w.prover.reset(w.left, value, limits, clock);
    int how = 0;
    if (w.prover.settle_by_bounds(how)) {
        (how == 1 ? tally.assignment : tally.lagrangian)++;
        return done(mapping, value);
    }
    i64 found = 0;
    long nodes = 0;
    int verdict = w.prover.branch(better, found, nodes);
    if (verdict == 0) return tally.branch_kept++, done(mapping, value);
    if (verdict == 1 && steps.value_of(p, x, better) == static_cast<double>(found))
        return tally.branch_improved++, done(better, static_cast<double>(found));
    (verdict == -1 ? tally.fallback_limit : tally.fallback_other)++;
    return out;
}

/// What the graded prover answers for what elimination left of a graded problem.
struct GradedProof {
    int verdict = -1;          // 0: the incumbent is optimal; 1: ``mapping`` is; -1: no proof (the Python path decides)
    std::vector<int> mapping;  // verdict 1: the better mapping (gold node per test node, -1 = none)
    double bound = 0.0;        // verdict 0 or 1: a proven upper bound on every mapping (the value found plus delta)
    std::vector<std::vector<int>> ties;  // other optima: the mappings of other sets of earning pairs within the tie window
    bool held_ties = false;    // verdict 1: the incumbent is within the tie window too
};

/// The bounds of the integer solver on a graded problem, in doubles (BasicProver<double>): ``left`` is
/// what the Python path's cheap steps and elimination left, ``incumbent`` the value of its best mapping
/// and ``held`` that mapping. The least improvement that counts is half the certification tolerance at
/// the incumbent, so a bound of the value found plus it certifies that value (align/result.py). The
/// other optima (other sets of earning pairs within twice the tolerance: the Python path could return
/// any of them) come with it, as mappings without pairs that earn nothing. Its working state is this
/// thread's.
inline GradedProof prove_graded(const Problem& left, double incumbent, const std::vector<int>& held, const Limits& limits,
                                const Clock& clock, Tally& tally) {
    thread_local BasicProver<double> prover;
    thread_local CheapSteps steps;
    thread_local Index x;
    thread_local std::vector<int> climbed;
    GradedProof out;
    const double delta = TOLERANCE / 2 * std::max(1.0, std::fabs(incumbent));
    // a higher mark for the search to start from: the incumbent climbed on what is left, where that beats it
    // by more than delta (the search then proves it, or finds better)
    x.reset(left);
    climbed = held;
    double start = incumbent;
    bool seeded = false;
    if (steps.climb(left, x, climbed, clock)) {
        double value = steps.value_of(left, x, climbed);
        seeded = value >= incumbent + delta;
        if (seeded) start = value;
    }
    prover.reset(left, start, limits, clock, delta, seeded ? &climbed : &held);
    if (!prover.usable()) return tally.fallback_other++, out;
    int how = 0, verdict = 0;
    double found = start;
    if (prover.settle_by_bounds(how)) {
        (how == 1 ? tally.assignment : tally.lagrangian)++;
    } else {
        long nodes = 0;
        verdict = prover.branch(out.mapping, found, nodes);
        if (verdict < 0) {
            (verdict == -1 ? tally.fallback_limit : tally.fallback_other)++;
            return out;
        }
        (verdict == 0 ? tally.branch_kept : tally.branch_improved)++;
        for (const auto& tie : prover.ties()) {
            out.ties.emplace_back(left.n1, -1);
            for (int c : tie.second) out.ties.back()[left.ci[c]] = left.cj[c];
        }
        if (verdict == 1 && seeded && prover.held_ties()) out.ties.push_back(prover.held_mapping());
    }
    if (verdict == 0 && seeded) out.mapping = prover.held_mapping();
    out.verdict = verdict == 1 || seeded ? 1 : 0;
    out.bound = found + delta;
    out.held_ties = out.verdict == 1 && incumbent >= prover.tie_floor(found);
    if (!out.ties.empty() || out.held_ties) tally.tied++;
    return out;
}

}  // namespace amr
