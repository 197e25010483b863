// The compiled core of amrmetrics (see amrmetrics/_native/__init__.py). Python's stable ABI only
// (Py_LIMITED_API 3.10): one binary serves every Python from 3.10 on.
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <new>
#include <string>
#include <vector>

#include "solver.hpp"

namespace {

amr::Tally tally;

// ---------------------------------------------------------------------------------------------
// Conversions (borrowed references from lists; every failure sets a Python exception)

bool int_list(PyObject* list, std::vector<int>& out, const char* name) {
    if (!PyList_Check(list)) {
        PyErr_Format(PyExc_TypeError, "%s must be a list", name);
        return false;
    }
    Py_ssize_t n = PyList_Size(list);
    out.resize(n);
    for (Py_ssize_t k = 0; k < n; ++k) {
        long v = PyLong_AsLong(PyList_GetItem(list, k));
        if (v == -1 && PyErr_Occurred()) return false;
        if (v < 0 || v > (1L << 30)) {
            PyErr_Format(PyExc_ValueError, "%s holds %ld, out of range", name, v);
            return false;
        }
        out[k] = static_cast<int>(v);
    }
    return true;
}

bool float_list(PyObject* list, std::vector<double>& out, const char* name) {
    if (!PyList_Check(list)) {
        PyErr_Format(PyExc_TypeError, "%s must be a list", name);
        return false;
    }
    Py_ssize_t n = PyList_Size(list);
    out.resize(n);
    for (Py_ssize_t k = 0; k < n; ++k) {
        double v = PyFloat_AsDouble(PyList_GetItem(list, k));
        if (v == -1.0 && PyErr_Occurred()) return false;
        out[k] = v;
    }
    return true;
}

/// (mapping tuple, value, upper, "optimal") for a certified outcome, None to hand the problem back.
PyObject* outcome_object(const amr::Outcome& outcome) {
    if (outcome.verdict != amr::Verdict::Certified) Py_RETURN_NONE;
    PyObject* mapping = PyTuple_New(static_cast<Py_ssize_t>(outcome.mapping.size()));
    if (!mapping) return nullptr;
    for (size_t i = 0; i < outcome.mapping.size(); ++i) {
        PyObject* j = PyLong_FromLong(outcome.mapping[i]);
        if (!j) {
            Py_DECREF(mapping);
            return nullptr;
        }
        PyTuple_SetItem(mapping, static_cast<Py_ssize_t>(i), j);
    }
    return Py_BuildValue("(Ndds)", mapping, outcome.value, outcome.value, "optimal");
}

bool valid_problem(const amr::Problem& p) {
    size_t n = p.ci.size();
    if (p.cj.size() != n || p.cu.size() != n || p.qb.size() != p.qa.size() || p.qw.size() != p.qa.size()) {
        PyErr_SetString(PyExc_ValueError, "candidate and link lists differ in length");
        return false;
    }
    for (size_t c = 0; c < n; ++c) {
        bool sorted = c == 0 || p.ci[c - 1] < p.ci[c] || (p.ci[c - 1] == p.ci[c] && p.cj[c - 1] < p.cj[c]);
        if (p.ci[c] >= p.n1 || p.cj[c] >= p.n2 || !sorted) {
            PyErr_SetString(PyExc_ValueError, "candidates must be distinct node pairs in range, sorted");
            return false;
        }
    }
    for (size_t q = 0; q < p.qa.size(); ++q) {
        if (static_cast<size_t>(p.qa[q]) >= n || static_cast<size_t>(p.qb[q]) >= n || p.ci[p.qa[q]] >= p.ci[p.qb[q]]) {
            PyErr_SetString(PyExc_ValueError, "links must join candidates of increasing test nodes");
            return false;
        }
    }
    return true;
}

bool integral(const amr::Problem& p) {
    for (double v : p.cu)
        if (!(v >= 0 && v == std::floor(v) && v < (1 << 20))) return false;
    for (double v : p.qw)
        if (!(v > 0 && v == std::floor(v) && v < (1 << 20))) return false;
    return true;
}

// ---------------------------------------------------------------------------------------------
// Module functions

PyObject* solve_indexed(PyObject*, PyObject* args) {
    int n1, n2;
    PyObject *ci, *cj, *cu, *qa, *qb, *qw;
    double timeout;
    if (!PyArg_ParseTuple(args, "iiOOOOOOd", &n1, &n2, &ci, &cj, &cu, &qa, &qb, &qw, &timeout)) return nullptr;
    try {
        amr::Problem p;
        p.n1 = n1, p.n2 = n2;
        if (n1 < 0 || n2 < 0) {
            PyErr_SetString(PyExc_ValueError, "node counts must be >= 0");
            return nullptr;
        }
        if (!int_list(ci, p.ci, "ci") || !int_list(cj, p.cj, "cj") || !float_list(cu, p.cu, "cu") || !int_list(qa, p.qa, "qa") ||
            !int_list(qb, p.qb, "qb") || !float_list(qw, p.qw, "qw") || !valid_problem(p))
            return nullptr;
        if (!integral(p)) Py_RETURN_NONE;
        amr::Clock clock(timeout);
        return outcome_object(amr::solve(p, amr::Limits(), clock, tally));
    } catch (const std::bad_alloc&) {
        return PyErr_NoMemory();
    }
}

PyObject* counters(PyObject*, PyObject*) {
    return Py_BuildValue("{s:l,s:l,s:l,s:l,s:l,s:l,s:l}", "cheap", tally.cheap, "assignment", tally.assignment, "lagrangian",
                         tally.lagrangian, "branch_kept", tally.branch_kept, "branch_improved", tally.branch_improved,
                         "fallback_limit", tally.fallback_limit, "fallback_other", tally.fallback_other);
}

PyObject* reset_counters(PyObject*, PyObject*) {
    tally = amr::Tally();
    Py_RETURN_NONE;
}

PyMethodDef methods[] = {
    {"solve_indexed", solve_indexed, METH_VARARGS,
     "solve_indexed(n_test, n_gold, ci, cj, cu, qa, qb, qw, timeout) -> (mapping, value, upper, status) or None.\n\n"
     "The exact solver on an indexed problem (lists; candidates sorted by test then gold node, links with "
     "ci[qa] < ci[qb]); None when the Python path must decide (graded weights, a second optimum, a limit)."},
    {"counters", counters, METH_NOARGS, "How many problems each step settled or handed back (for benchmarks)."},
    {"reset_counters", reset_counters, METH_NOARGS, "Set the counters to zero."},
    {nullptr, nullptr, 0, nullptr},
};

PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "amrmetrics._native._core", "The compiled core of amrmetrics.", -1, methods,
    nullptr, nullptr, nullptr, nullptr,
};

}  // namespace

PyMODINIT_FUNC PyInit__core(void) { return PyModule_Create(&module); }
