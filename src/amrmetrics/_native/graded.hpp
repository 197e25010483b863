// The Python path's cheap steps on a graded problem (S2match: float weights), in numpy's arithmetic.
//
// With graded weights the order of a floating-point sum decides its last bit, and the last bit decides
// which candidates tie in the greedy start, whether a bound certifies, which candidates elimination
// drops and, through the mapping, the value a pair reports. So every sum here is computed as numpy
// computes it in align/bounds.py and AlignmentProblem.value: ``ndarray.sum`` (also along the rows of a
// 2-d table) by numpy's pairwise summation (blocks of up to 128 values summed in eight interleaved
// partial sums, longer runs halved at multiples of eight), ``np.bincount`` one value after another.
// tests/native/test_native_cheap_graded.py checks the summation against numpy itself, and the steps'
// answers against the Python path's on generated and shared problems.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "solver.hpp"

namespace amr {

constexpr long GROUP_DENSE_CELLS = 1L << 20;  // as align/bounds.py's _DENSE_CELLS

/// numpy's pairwise summation of ``n`` doubles (numpy/_core/src/umath/loops_utils.h: PW_BLOCKSIZE 128).
inline double pairwise_sum(const double* a, std::size_t n) {
    if (n < 8) {
        double res = 0.0;
        for (std::size_t i = 0; i < n; ++i) res += a[i];
        return res;
    }
    if (n <= 128) {
        double r[8];
        for (int j = 0; j < 8; ++j) r[j] = a[j];
        std::size_t i = 8;
        for (; i < n - (n % 8); i += 8)
            for (int j = 0; j < 8; ++j) r[j] += a[i + j];
        double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; ++i) res += a[i];
        return res;
    }
    std::size_t half = n / 2;
    half -= half % 8;
    return pairwise_sum(a, half) + pairwise_sum(a + half, n - half);
}

inline double pairwise_sum(const std::vector<double>& values) { return pairwise_sum(values.data(), values.size()); }

/// align/indexed.py's index_problem on a dense problem (``unary`` row-major n1 x n2, ``pairs`` as
/// (i, j, k, l) rows, flat): the node pairs that earn something, sorted by test then gold node, and the
/// links between them in pair order. False for what the Python path refuses or treats apart (a negative
/// or NaN weight, a link of weight 0, a pair out of range or breaking i < k, j != l), left to it.
inline bool index_dense(int n1, int n2, const std::vector<double>& unary, const std::vector<int>& pairs,
                        const std::vector<double>& weights, Problem& p, std::vector<i64>& keys) {
    const i64 width = static_cast<i64>(n2) + 1;
    const std::size_t m = weights.size();
    if (unary.size() != static_cast<std::size_t>(n1) * n2 || pairs.size() != 4 * m) return false;
    keys.clear();
    for (int i = 0; i < n1; ++i)
        for (int j = 0; j < n2; ++j) {
            double v = unary[static_cast<std::size_t>(i) * n2 + j];
            if (!(v >= 0)) return false;
            if (v > 0) keys.push_back(i * width + j);
        }
    const std::size_t n_unary = keys.size();
    for (std::size_t q = 0; q < m; ++q) {
        const int* r = &pairs[4 * q];
        if (!(weights[q] > 0) || r[0] >= r[2] || r[1] == r[3] || r[2] >= n1 || r[1] >= n2 || r[3] >= n2) return false;
        keys.push_back(r[0] * width + r[1]);
        keys.push_back(r[2] * width + r[3]);
    }
    std::vector<i64> sorted(keys);
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    p.n1 = n1, p.n2 = n2;
    p.ci.resize(sorted.size());
    p.cj.resize(sorted.size());
    p.cu.assign(sorted.size(), 0.0);
    for (std::size_t c = 0; c < sorted.size(); ++c) {
        p.ci[c] = static_cast<int>(sorted[c] / width);
        p.cj[c] = static_cast<int>(sorted[c] % width);
    }
    auto which = [&](i64 key) { return static_cast<int>(std::lower_bound(sorted.begin(), sorted.end(), key) - sorted.begin()); };
    for (std::size_t u = 0; u < n_unary; ++u) p.cu[which(keys[u])] = unary[static_cast<std::size_t>(keys[u] / width) * n2 + keys[u] % width];
    p.qa.resize(m);
    p.qb.resize(m);
    p.qw.assign(weights.begin(), weights.end());
    for (std::size_t q = 0; q < m; ++q) {
        p.qa[q] = which(keys[n_unary + 2 * q]);
        p.qb[q] = which(keys[n_unary + 2 * q + 1]);
    }
    return true;
}

/// Every candidate and link weight is an integer (align/indexed.py's _integral).
inline bool integral_weights(const Problem& p) {
    for (double u : p.cu)
        if (std::fmod(u, 1.0) != 0.0) return false;
    for (double w : p.qw)
        if (std::fmod(w, 1.0) != 0.0) return false;
    return true;
}

/// What the cheap steps of a graded problem settled: the greedy start, numpy's value of it and the bound
/// (``left`` empty: certified without elimination), or also what elimination left and its bound.
struct GradedStart {
    std::vector<int> mapping;
    double value = 0.0;
    double upper = 0.0;
    bool eliminated = false;  // elimination ran: ``left`` is what it left
    bool left_integral = false;
    Problem left;
};

/// align/exact.py's steps 1 and 2 for a graded problem (no climb: the Python path climbs integer problems
/// only), in numpy's arithmetic. Buffers are kept from problem to problem.
class GradedSteps {
   public:
    /// bounds.potentials: unary weight plus, by test and by gold node, the sum of the best half links.
    void potentials(const Problem& p, const Index& x, std::vector<double>& pot) {
        pot.assign(p.cu.begin(), p.cu.end());
        if (p.qw.empty()) return;
        by_test_.resize(p.size());
        by_gold_.resize(p.size());
        group_sums(p, x, p.ci, p.n1, by_test_);
        group_sums(p, x, p.cj, p.n2, by_gold_);
        for (int c = 0; c < p.size(); ++c) pot[c] = p.cu[c] + std::min(by_test_[c], by_gold_[c]);
    }

    /// bounds.line_bound: the smaller of the sums of the row and the column maxima.
    double line_bound(const Problem& p, const std::vector<double>& pot) {
        if (!p.n1 || !p.n2) return 0.0;
        line_maxima(p.ci, pot, p.n1, best_);
        double rows = pairwise_sum(best_);
        line_maxima(p.cj, pot, p.n2, best_);
        return std::min(rows, pairwise_sum(best_));
    }

    /// AlignmentProblem.value of a mapping: numpy's sum of the mapped unary weights (0 off the candidates)
    /// plus numpy's sum of the earned links, in link order.
    double value(const Problem& p, const Index& x, const std::vector<int>& mapping) {
        terms_.clear();
        chosen_.assign(p.size() + 1, 0);
        for (int i = 0; i < p.n1; ++i) {
            if (mapping[i] < 0) continue;
            int c = x.lookup(p, i, mapping[i]);
            terms_.push_back(c < p.size() ? p.cu[c] : 0.0);
            chosen_[c] = 1;
        }
        double total = pairwise_sum(terms_);
        terms_.clear();
        for (int q = 0; q < p.links(); ++q)
            if (chosen_[p.qa[q]] && chosen_[p.qb[q]]) terms_.push_back(p.qw[q]);
        return total + pairwise_sum(terms_);
    }

    /// Steps 1 and 2: the greedy start by potential certified by the line bound, else elimination's rounds
    /// (bounds.eliminate; what is left becomes integral when its remaining weights all are).
    void run(const Problem& p, GradedStart& out) {
        x_.reset(p);
        potentials(p, x_, pot_);
        out.upper = line_bound(p, pot_);
        cheap_.greedy(p, pot_, out.mapping);
        out.value = value(p, x_, out.mapping);
        out.eliminated = false;
        if (certified(out.value, out.upper)) return;
        out.eliminated = true;
        out.left = p;
        out.left_integral = false;
        double bound = eliminate(out.left, out.value, out.left_integral);
        out.upper = std::min(out.upper, std::max(out.value, bound));
    }

    /// AlignmentProblem.value of a mapping of the problem :meth:`run` ran on last.
    double value_of(const Problem& p, const std::vector<int>& mapping) { return value(p, x_, mapping); }

    /// align/native.py's _earning: ``mapping`` of the problem :meth:`run` ran on last without the node pairs
    /// that earn nothing in it (no unary weight, no link to another of its pairs).
    std::vector<int> earning(const Problem& p, const std::vector<int>& mapping) {
        chosen_.assign(p.size() + 1, 0);
        for (int i = 0; i < p.n1; ++i)
            if (mapping[i] >= 0) chosen_[x_.lookup(p, i, mapping[i])] = 1;
        std::vector<int> out(p.n1, -1);
        for (int i = 0; i < p.n1; ++i) {
            if (mapping[i] < 0) continue;
            int c = x_.lookup(p, i, mapping[i]);
            if (c == p.size()) continue;
            bool earns = p.cu[c] > 0;
            for (int e = x_.adj_start[c]; !earns && e < x_.adj_start[c + 1]; ++e) earns = chosen_[x_.adj_other[e]];
            if (earns) out[i] = mapping[i];
        }
        return out;
    }

   private:
    /// Per candidate: the sum over the ``line`` nodes of its links' other ends of the best half link towards
    /// each, as _sum_of_group_max sums it (a dense table's rows pairwise, else the sorted groups one by one).
    void group_sums(const Problem& p, const Index& x, const std::vector<int>& line, int n_keys, std::vector<double>& out) {
        const bool dense = static_cast<long>(p.size()) * n_keys <= GROUP_DENSE_CELLS;
        row_.assign(n_keys, 0.0);
        for (int c = 0; c < p.size(); ++c) {
            keys_.clear();
            for (int e = x.adj_start[c]; e < x.adj_start[c + 1]; ++e) {
                int k = line[x.adj_other[e]];
                double half = x.adj_weight[e] / 2;
                if (row_[k] == 0.0) keys_.push_back(k);
                row_[k] = std::max(row_[k], half);
            }
            if (dense) {
                out[c] = pairwise_sum(row_);
            } else {
                std::sort(keys_.begin(), keys_.end());
                double total = 0.0;
                for (int k : keys_) total += row_[k];
                out[c] = total;
            }
            for (int k : keys_) row_[k] = 0.0;
        }
    }

    static double tighten_if(double bound, bool integral) { return integral ? tighten(bound) : bound; }

    /// bounds.eliminate with its default ten rounds and no budget, in place on ``p``; returns the bound.
    double eliminate(Problem& p, double value, bool& is_integral) {
        Lines &by_row = by_row_, &by_col = by_col_;
        double bound = 0.0;
        for (int done = 0; done <= ELIMINATION_ROUNDS; ++done) {
            if (!p.size()) return tighten_if(line_bound(p, pot_), is_integral);
            cheap_.lines_of(p.ci, p.cj, pot_, p.n1, p.n2, by_row);
            cheap_.lines_of(p.cj, p.ci, pot_, p.n2, p.n1, by_col);
            double row_total = pairwise_sum(by_row.best), col_total = pairwise_sum(by_col.best);
            bound = tighten_if(std::min(row_total, col_total), is_integral);
            if (done == ELIMINATION_ROUNDS || bound <= value) break;
            cheap_.others_best(by_row, row_total, p.ci, p.cj, p.n2, rows_);
            cheap_.others_best(by_col, col_total, p.cj, p.ci, p.n1, cols_);
            keep_.resize(p.size());
            bool all = true;
            for (int c = 0; c < p.size(); ++c) {
                double exclusion = pot_[c] + std::min(rows_[c], cols_[c]);
                keep_[c] = is_integral ? std::floor(exclusion + 1e-6) > value : exclusion > value;
                all = all && keep_[c];
            }
            if (all) break;
            cheap_.restrict(p, keep_, spare_);
            std::swap(p, spare_);
            is_integral = is_integral || integral_weights(p);
            left_x_.reset(p);
            potentials(p, left_x_, pot_);
        }
        return bound;
    }

    CheapSteps cheap_;
    Index x_, left_x_;  // of the problem run last (whole), of what elimination left
    Problem spare_;
    Lines by_row_, by_col_;
    std::vector<double> pot_, by_test_, by_gold_, row_, best_, terms_, rows_, cols_;
    std::vector<int> keys_;
    std::vector<char> chosen_, keep_;
};

}  // namespace amr
