// The compiled core of amrmetrics (see amrmetrics/_native/__init__.py). Python's stable ABI only
// (Py_LIMITED_API 3.10): one binary serves every Python from 3.10 on.
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "build.hpp"
#include "filing.hpp"
#include "graded.hpp"
#include "intern.hpp"
#include "ngrams.hpp"
#include "reader.hpp"
#include "solver.hpp"
#include "triples.hpp"

namespace {

amr::Tally tally;
amr::Tally graded_tally;  // the graded prover's (prove_graded), apart so the integer solver's stay as they were

/// A strong reference, released when it goes out of scope.
struct Ref {
    PyObject* p = nullptr;
    Ref() = default;
    explicit Ref(PyObject* o) : p(o) {}
    Ref(const Ref&) = delete;
    Ref& operator=(const Ref&) = delete;
    ~Ref() { Py_XDECREF(p); }
    PyObject* release() {
        PyObject* o = p;
        p = nullptr;
        return o;
    }
    explicit operator bool() const { return p != nullptr; }
};

// The Graph class (amrmetrics.graph.Graph, a frozen dataclass with slots) and its fields, set by
// configure(). Graphs are made as object.__new__ and object.__setattr__ make them; when the class's
// slots are plain object members (they are), fields are read and written at their offsets directly.
PyObject* graph_type = nullptr;
const char* const FIELD_NAMES[] = {"instances", "attributes", "relations", "root", "metadata", "tree_edges", "last_branches"};
enum Field { INSTANCES, ATTRIBUTES, RELATIONS, ROOT, METADATA, TREE_EDGES, LAST_BRANCHES, N_FIELDS };
PyObject* field_names[N_FIELDS] = {};
Py_ssize_t field_offsets[N_FIELDS] = {};
bool offsets_known = false;
PyObject* constants[3] = {};  // ":domain", ":TOP", "top"
// a certified Smatch pair's detail keys, in the order metrics/smatch.py's AlignedMatch.pair writes them,
// then the one status value such a pair has ("optimal")
const char* const DETAIL_NAMES[] = {"lower", "upper", "status", "solver_seconds", "alignment", "optimal"};
enum Detail { LOWER, UPPER, STATUS, SOLVER_SECONDS, ALIGNMENT, OPTIMAL, N_DETAILS };
PyObject* detail_names[N_DETAILS] = {};

PyObject** slot_of(PyObject* graph, Field f) { return reinterpret_cast<PyObject**>(reinterpret_cast<char*>(graph) + field_offsets[f]); }

/// A new reference to a field of a graph (null with an exception set when it cannot be read).
PyObject* get_field(PyObject* graph, Field f) {
    if (offsets_known && reinterpret_cast<PyObject*>(Py_TYPE(graph)) == graph_type) {
        PyObject* value = *slot_of(graph, f);
        if (value) {
            Py_INCREF(value);
            return value;
        }
    }
    return PyObject_GetAttr(graph, field_names[f]);
}

/// A new Graph from its seven fields (references stolen; null fields mean an error was set).
PyObject* make_graph(PyObject* fields[N_FIELDS]) {
    Ref owned[N_FIELDS];
    bool ok = graph_type != nullptr;
    for (int f = 0; f < N_FIELDS; ++f) {
        owned[f].p = fields[f];
        ok = ok && fields[f] != nullptr;
    }
    if (!ok) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_RuntimeError, "amrmetrics._native._core is not configured");
        return nullptr;
    }
    Ref graph(PyType_GenericAlloc(reinterpret_cast<PyTypeObject*>(graph_type), 0));
    if (!graph) return nullptr;
    for (int f = 0; f < N_FIELDS; ++f) {
        if (offsets_known) {
            PyObject** slot = slot_of(graph.p, static_cast<Field>(f));
            PyObject* old = *slot;
            *slot = owned[f].release();
            Py_XDECREF(old);
        } else if (PyObject_GenericSetAttr(graph.p, field_names[f], owned[f].p) < 0) {
            return nullptr;
        }
    }
    return graph.release();
}

/// A tuple of strings, or of such tuples, never needs the garbage collector: stop tracking it now
/// (CPython does the same at its next collection; doing it here spares that collection the work).
PyObject* untracked(PyObject* tuple) {
    if (tuple && PyObject_GC_IsTracked(tuple)) {
        Py_ssize_t n = PyTuple_Size(tuple);
        for (Py_ssize_t k = 0; k < n; ++k) {
            PyObject* item = PyTuple_GetItem(tuple, k);
            if (!PyUnicode_Check(item) && !(PyTuple_Check(item) && !PyObject_GC_IsTracked(item))) return tuple;
        }
        PyObject_GC_UnTrack(tuple);
    }
    return tuple;
}

/// The UTF-8 text of a str (false, with no exception left set, for anything else).
bool text_of(PyObject* o, std::string_view& out) {
    if (!PyUnicode_Check(o)) return false;
    Py_ssize_t n;
    const char* data = PyUnicode_AsUTF8AndSize(o, &n);
    if (!data) {
        PyErr_Clear();
        return false;
    }
    out = std::string_view(data, static_cast<size_t>(n));
    return true;
}

/// A tuple of ``width`` strings, read into ``items`` (false for any other shape).
bool string_tuple(PyObject* t, int width, std::string_view* items) {
    if (!PyTuple_Check(t) || PyTuple_Size(t) != width) return false;
    for (int k = 0; k < width; ++k)
        if (!text_of(PyTuple_GetItem(t, k), items[k])) return false;
    return true;
}

/// Python strings by text, shared by every graph this module makes (labels recur across a corpus:
/// one object per text saves making it again, and its hash is computed once). Bounded: when it
/// fills up, it starts again empty.
class StringCache {
   public:
    /// A new reference to the string of ``text`` (null with an exception set on failure).
    PyObject* get(std::string_view text) {
        std::uint64_t h = amr::fnv1a(text);
        size_t mask = entries_.size() - 1, at = h & mask;
        for (;; at = (at + 1) & mask) {
            Entry& e = entries_[at];
            if (!e.object) break;
            if (e.hash == h && e.text == text) {
                Py_INCREF(e.object);
                return e.object;
            }
        }
        PyObject* object = PyUnicode_FromStringAndSize(text.data(), static_cast<Py_ssize_t>(text.size()));
        if (!object) return nullptr;
        if (2 * (used_ + 1) > entries_.size()) {
            clear();
            at = h & mask;
        }
        Py_ssize_t n;
        const char* data = PyUnicode_AsUTF8AndSize(object, &n);  // the string's own UTF-8 (the input was UTF-8)
        if (!data) {
            PyErr_Clear();
            return object;
        }
        entries_[at] = Entry{h, std::string_view(data, static_cast<size_t>(n)), object};
        Py_INCREF(object);
        ++used_;
        return object;
    }

    void clear() {
        for (Entry& e : entries_) {
            Py_XDECREF(e.object);
            e = Entry();
        }
        used_ = 0;
    }

   private:
    struct Entry {
        std::uint64_t hash = 0;
        std::string_view text;
        PyObject* object = nullptr;
    };
    std::vector<Entry> entries_ = std::vector<Entry>(size_t(1) << 16);
    size_t used_ = 0;
};

StringCache* strings = nullptr;

/// Buffers reused from call to call (``busy`` guards against a call made while another is running,
/// e.g. from a finalizer run by a collection: that call gets its own).
template <class T>
class Reused {
   public:
    Reused() {
        if (!busy_) {
            busy_ = true;
            value_ = &shared_;
            mine_ = true;
        } else {
            owned_ = std::make_unique<T>();
            value_ = owned_.get();
        }
    }
    ~Reused() {
        if (mine_) busy_ = false;
    }
    T& operator*() { return *value_; }
    T* operator->() { return value_; }

   private:
    static inline T shared_;
    static inline bool busy_ = false;
    std::unique_ptr<T> owned_;
    T* value_ = nullptr;
    bool mine_ = false;
};

// ---------------------------------------------------------------------------------------------
// Conversions (borrowed references from lists; every failure sets a Python exception)

/// A list of ints in [0, 2^30] or of floats into ``out`` (false with an exception set otherwise).
template <class T>
bool number_list(PyObject* list, std::vector<T>& out, const char* name) {
    if (!PyList_Check(list)) {
        PyErr_Format(PyExc_TypeError, "%s must be a list", name);
        return false;
    }
    Py_ssize_t n = PyList_Size(list);
    out.resize(n);
    for (Py_ssize_t k = 0; k < n; ++k) {
        PyObject* item = PyList_GetItem(list, k);
        if constexpr (std::is_same_v<T, int>) {
            long v = PyLong_AsLong(item);
            if (v == -1 && PyErr_Occurred()) return false;
            if (v < 0 || v > (1L << 30)) {
                PyErr_Format(PyExc_ValueError, "%s holds %ld, out of range", name, v);
                return false;
            }
            out[k] = static_cast<int>(v);
        } else {
            double v = PyFloat_AsDouble(item);
            if (v == -1.0 && PyErr_Occurred()) return false;
            out[k] = v;
        }
    }
    return true;
}

/// A tuple of Python ints.
PyObject* int_tuple(const std::vector<int>& values) {
    PyObject* out = PyTuple_New(static_cast<Py_ssize_t>(values.size()));
    if (!out) return nullptr;
    for (size_t i = 0; i < values.size(); ++i) {
        PyObject* v = PyLong_FromLong(values[i]);
        if (!v) {
            Py_DECREF(out);
            return nullptr;
        }
        PyTuple_SetItem(out, static_cast<Py_ssize_t>(i), v);
    }
    return out;
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

/// True when a link joins two candidates of one gold node (outside AlignmentProblem's contract, j != l:
/// they can never both be chosen, and the climb's swap gains, which assume j != l, could then cycle).
bool links_one_gold_node(const amr::Problem& p) {
    for (size_t q = 0; q < p.qa.size(); ++q)
        if (p.cj[p.qa[q]] == p.cj[p.qb[q]]) return true;
    return false;
}

/// Weights the graded prover takes: finite, non-negative and far below 2^53 (so its rounding margins hold).
bool finite_weights(const amr::Problem& p) {
    for (double v : p.cu)
        if (!(v >= 0 && v < (1 << 30))) return false;
    for (double v : p.qw)
        if (!(v >= 0 && v < (1 << 30))) return false;
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
// Reading

struct ReadBuffers {
    amr::Parsed parsed;
    std::vector<PyObject*> tokens;   // the string of each token (borrowed from ``held``)
    std::vector<int> order, first, position;
    amr::Interner defined;
};

/// The edges grouped by node in node order (a stable counting sort of the walk order): node k's are
/// ``first[k]``..``first[k + 1]`` of ``order`` (grouped position -> walk position; ``position`` is its inverse).
void group_edges(const amr::Parsed& parsed, std::vector<int>& first, std::vector<int>& order, std::vector<int>& position) {
    const size_t n_nodes = parsed.instances.size(), n_edges = parsed.edges.size();
    first.assign(n_nodes + 1, 0);
    for (const amr::Edge& e : parsed.edges) first[e.node + 1]++;
    for (size_t k = 0; k < n_nodes; ++k) first[k + 1] += first[k];
    order.assign(n_edges, 0);
    position.assign(n_edges, 0);
    std::vector<int> fill(first.begin(), first.end() - 1);
    for (size_t w = 0; w < n_edges; ++w) {
        int g = fill[parsed.edges[w].node]++;
        order[g] = static_cast<int>(w);
        position[w] = g;
    }
}

/// The triples of the graph parse_regular makes of ``parsed`` (same order; labels are views of the text,
/// with no Python object), for the steps and the alignment of a pair given as texts.
void parsed_triples(const amr::Parsed& parsed, ReadBuffers& buffers, amr::Triples& g) {
    g.clear();
    amr::Interner& defined = buffers.defined;
    defined.clear(parsed.instances.size());
    for (const auto& [var, concept] : parsed.instances) {
        defined.intern(parsed.tokens[var]);
        g.instances.push_back(amr::Triple{amr::Label{parsed.tokens[var]}, amr::Label{parsed.tokens[concept]}, {}, nullptr});
    }
    group_edges(parsed, buffers.first, buffers.order, buffers.position);
    for (int w : buffers.order) {
        const amr::Edge& e = parsed.edges[w];
        std::string_view target = parsed.tokens[e.target];
        amr::Triple t{amr::Label{parsed.tokens[parsed.instances[e.node].first]}, amr::Label{parsed.tokens[e.role]},
                      amr::Label{target}, nullptr};
        (defined.find(target) >= 0 ? g.relations : g.attributes).push_back(t);
    }
    g.root = amr::Label{parsed.tokens[parsed.instances[0].first]};
    g.has_root = true;
}

PyObject* parse_regular(PyObject*, PyObject* arg) {
    std::string_view text;
    if (!PyUnicode_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "parse_regular takes a str");
        return nullptr;
    }
    if (!text_of(arg, text)) Py_RETURN_NONE;
    try {
        Reused<ReadBuffers> buffers;
        amr::Parsed& parsed = buffers->parsed;
        if (!amr::parse_regular(text, parsed)) Py_RETURN_NONE;
        const size_t n_tokens = parsed.tokens.size(), n_nodes = parsed.instances.size(), n_edges = parsed.edges.size();
        // the string of every token used (a token is a variable, concept, role or target)
        std::vector<PyObject*>& token = buffers->tokens;
        token.assign(n_tokens, nullptr);
        struct Release {
            std::vector<PyObject*>& objects;
            ~Release() {
                for (PyObject* o : objects) Py_XDECREF(o);
            }
        } release{token};
        auto string = [&](int k) -> PyObject* {
            if (!token[k]) token[k] = strings->get(parsed.tokens[k]);
            return token[k];
        };
        amr::Interner& defined = buffers->defined;
        defined.clear(n_nodes);
        for (const auto& [var, concept] : parsed.instances) defined.intern(parsed.tokens[var]);
        Ref instances(PyTuple_New(static_cast<Py_ssize_t>(n_nodes)));
        if (!instances) return nullptr;
        for (size_t k = 0; k < n_nodes; ++k) {
            PyObject *v = string(parsed.instances[k].first), *c = string(parsed.instances[k].second);
            if (!v || !c) return nullptr;
            PyObject* pair = PyTuple_Pack(2, v, c);
            if (!pair) return nullptr;
            PyTuple_SetItem(instances.p, static_cast<Py_ssize_t>(k), untracked(pair));
        }
        std::vector<int>&first = buffers->first, &order = buffers->order, &position = buffers->position;
        group_edges(parsed, first, order, position);
        Ref all(PyTuple_New(static_cast<Py_ssize_t>(n_edges)));  // every edge once, grouped
        if (!all) return nullptr;
        size_t n_relations = 0, n_tree = 0, n_last = 0;
        for (size_t g = 0; g < n_edges; ++g) {
            const amr::Edge& e = parsed.edges[order[g]];
            PyObject *a = string(parsed.instances[e.node].first), *b = string(e.role), *c = string(e.target);
            if (!a || !b || !c) return nullptr;
            PyObject* edge = PyTuple_Pack(3, a, b, c);
            if (!edge) return nullptr;
            PyTuple_SetItem(all.p, static_cast<Py_ssize_t>(g), untracked(edge));
            n_relations += defined.find(parsed.tokens[e.target]) >= 0;
            n_tree += e.tree;
        }
        for (size_t k = 0; k < n_nodes; ++k) n_last += first[k + 1] > first[k];
        Ref attributes(PyTuple_New(static_cast<Py_ssize_t>(n_edges - n_relations)));
        Ref relations(PyTuple_New(static_cast<Py_ssize_t>(n_relations)));
        Ref tree(PyTuple_New(static_cast<Py_ssize_t>(n_tree)));
        Ref last(PyTuple_New(static_cast<Py_ssize_t>(n_last)));
        if (!attributes || !relations || !tree || !last) return nullptr;
        size_t at_a = 0, at_r = 0, at_t = 0, at_l = 0;
        for (size_t g = 0; g < n_edges; ++g) {
            const amr::Edge& e = parsed.edges[order[g]];
            PyObject* edge = PyTuple_GetItem(all.p, static_cast<Py_ssize_t>(g));
            Py_INCREF(edge);
            if (defined.find(parsed.tokens[e.target]) >= 0) PyTuple_SetItem(relations.p, static_cast<Py_ssize_t>(at_r++), edge);
            else PyTuple_SetItem(attributes.p, static_cast<Py_ssize_t>(at_a++), edge);
        }
        for (size_t k = 0; k < n_nodes; ++k) {
            if (first[k + 1] == first[k]) continue;
            PyObject* edge = PyTuple_GetItem(all.p, first[k + 1] - 1);
            Py_INCREF(edge);
            PyTuple_SetItem(last.p, static_cast<Py_ssize_t>(at_l++), edge);
        }
        for (size_t w = 0; w < n_edges; ++w) {
            if (!parsed.edges[w].tree) continue;
            PyObject* edge = PyTuple_GetItem(all.p, position[w]);
            Py_INCREF(edge);
            PyTuple_SetItem(tree.p, static_cast<Py_ssize_t>(at_t++), edge);
        }
        PyObject* root = string(parsed.instances[0].first);
        Py_XINCREF(root);
        PyObject* fields[N_FIELDS] = {
            untracked(instances.release()), untracked(attributes.release()), untracked(relations.release()), root,
            PyDict_New(), untracked(tree.release()), untracked(last.release()),
        };
        return make_graph(fields);
    } catch (const std::bad_alloc&) {
        return PyErr_NoMemory();
    }
}

// ---------------------------------------------------------------------------------------------
// Standardizing

/// The triples of a graph field (pairs for instances); false for any other shape or (with ``ascii``) a
/// non-ASCII label.
bool read_triples(PyObject* graph, Field field, std::vector<amr::Triple>& out, bool ascii = true) {
    Ref items(get_field(graph, field));
    if (!items || !PyTuple_Check(items.p)) {
        PyErr_Clear();
        return false;
    }
    int width = field == INSTANCES ? 2 : 3;
    Py_ssize_t n = PyTuple_Size(items.p);
    out.resize(n);
    for (Py_ssize_t k = 0; k < n; ++k) {
        PyObject* t = PyTuple_GetItem(items.p, k);
        std::string_view parts[3];
        if (!string_tuple(t, width, parts)) return false;
        amr::Triple& triple = out[k];
        triple.origin = t;
        triple.a = amr::Label{parts[0], PyTuple_GetItem(t, 0)};
        triple.b = amr::Label{parts[1], PyTuple_GetItem(t, 1)};
        if (width == 3) triple.c = amr::Label{parts[2], PyTuple_GetItem(t, 2)};
        // labels are lowered and compared as ASCII; a variable (a, and c of a relation) is only compared
        if (ascii && (!amr::ascii(parts[1]) || (field == ATTRIBUTES && !amr::ascii(parts[2])))) return false;
    }
    return true;
}

class Output {
   public:
    /// A new reference to the string of a label.
    PyObject* label(const amr::Label& l) {
        if (l.origin) {
            PyObject* o = const_cast<PyObject*>(static_cast<const PyObject*>(l.origin));
            Py_INCREF(o);
            return o;
        }
        for (int k = 0; k < 3; ++k) {
            std::string_view constant = k == 0 ? ":domain" : k == 1 ? ":TOP" : "top";
            if (l.text == constant) {
                Py_INCREF(constants[k]);
                return constants[k];
            }
        }
        return strings->get(l.text);
    }

    /// A new reference to the tuple of triples (the original object when nothing changed).
    PyObject* triples(PyObject* graph, Field field, const std::vector<amr::Triple>& items, bool changed) {
        if (!changed) return get_field(graph, field);
        int width = field == INSTANCES ? 2 : 3;
        Ref out(PyTuple_New(static_cast<Py_ssize_t>(items.size())));
        if (!out) return nullptr;
        for (size_t k = 0; k < items.size(); ++k) {
            const amr::Triple& t = items[k];
            PyObject* item;
            if (t.origin) {
                item = const_cast<PyObject*>(static_cast<const PyObject*>(t.origin));
                Py_INCREF(item);
            } else {
                Ref a(label(t.a)), b(label(t.b)), c(width == 3 ? label(t.c) : nullptr);
                if (!a || !b || (width == 3 && !c)) return nullptr;
                item = untracked(width == 3 ? PyTuple_Pack(3, a.p, b.p, c.p) : PyTuple_Pack(2, a.p, b.p));
                if (!item) return nullptr;
            }
            PyTuple_SetItem(out.p, static_cast<Py_ssize_t>(k), item);
        }
        return untracked(out.release());
    }
};

/// The named steps (a tuple of str) applied to ``g`` in order; false when one is a step only the Python path knows.
bool apply_steps(amr::Triples& g, PyObject* steps) {
    amr::Steps run(g);
    Py_ssize_t n_steps = PyTuple_Size(steps);
    for (Py_ssize_t k = 0; k < n_steps; ++k) {
        std::string_view step;
        if (!text_of(PyTuple_GetItem(steps, k), step)) return false;
        if (step == "lowercase") run.lowercase();
        else if (step == "conflate-quotes") run.conflate_quotes();
        else if (step == "deinvert") run.deinvert();
        else if (step == "mod-domain") run.mod_domain();
        else if (step == "dedup") run.dedup();
        else if (step == "drop-wiki") run.drop_wiki();
        else if (step == "top") run.top();
        else return false;
    }
    return true;
}

PyObject* standardize(PyObject*, PyObject* args) {
    PyObject *graph, *steps;
    if (!PyArg_ParseTuple(args, "OO!", &graph, &PyTuple_Type, &steps)) return nullptr;
    try {
        amr::Triples g;
        if (!read_triples(graph, INSTANCES, g.instances) || !read_triples(graph, ATTRIBUTES, g.attributes) ||
            !read_triples(graph, RELATIONS, g.relations))
            Py_RETURN_NONE;
        Ref root(get_field(graph, ROOT));
        if (!root) return nullptr;
        if (root.p != Py_None) {
            if (!text_of(root.p, g.root.text)) Py_RETURN_NONE;
            g.root.origin = root.p;
            g.has_root = true;
        }
        if (!apply_steps(g, steps)) Py_RETURN_NONE;
        Output out;
        PyObject* fields[N_FIELDS] = {
            out.triples(graph, INSTANCES, g.instances, g.instances_changed),
            out.triples(graph, ATTRIBUTES, g.attributes, g.attributes_changed),
            out.triples(graph, RELATIONS, g.relations, g.relations_changed),
            get_field(graph, ROOT),
            get_field(graph, METADATA),
            get_field(graph, TREE_EDGES),
            get_field(graph, LAST_BRANCHES),
        };
        return make_graph(fields);
    } catch (const std::bad_alloc&) {
        return PyErr_NoMemory();
    }
}

/// The reference S2match parser's relations of a read graph (filing.hpp): a list of (variable, role,
/// variable) tuples, None where standardize/s2match_reference.py's reference_relations answers None, and
/// NotImplemented to leave the graph to it (a field that is not a tuple of string tuples, or a graph on
/// which it would fail).
PyObject* s2match_relations(PyObject*, PyObject* graph) {
    try {
        // the output is made from ``relations`` and ``filed`` after the filing: they are this call's own (making a
        // Python object can run a collection whose finalizers could call this function again)
        std::vector<amr::Triple> relations;
        std::vector<amr::Filed> filed;
        thread_local std::vector<amr::Triple> instances, attributes, tree, last;
        if (!read_triples(graph, INSTANCES, instances, false) || !read_triples(graph, RELATIONS, relations, false) ||
            !read_triples(graph, ATTRIBUTES, attributes, false) || !read_triples(graph, TREE_EDGES, tree, false) ||
            !read_triples(graph, LAST_BRANCHES, last, false)) {
            Py_INCREF(Py_NotImplemented);
            return Py_NotImplemented;
        }
        thread_local amr::Interner texts;
        thread_local amr::FilingInput in;
        texts.clear(4 * (instances.size() + relations.size()));
        auto ids = [&](const std::vector<amr::Triple>& from, std::vector<amr::IdTriple>& to) {
            to.resize(from.size());
            for (size_t k = 0; k < from.size(); ++k)
                to[k] = {texts.intern(from[k].a.text), texts.intern(from[k].b.text), texts.intern(from[k].c.text)};
        };
        in.variables.resize(instances.size());
        for (size_t k = 0; k < instances.size(); ++k) in.variables[k] = texts.intern(instances[k].a.text);
        ids(relations, in.relations);
        ids(attributes, in.attributes);
        ids(tree, in.tree_edges);
        ids(last, in.last_branches);
        in.inverse_role.resize(relations.size());
        for (size_t k = 0; k < relations.size(); ++k) {
            std::string_view role = relations[k].b.text;
            in.inverse_role[k] = role.size() >= 3 && role.substr(role.size() - 3) == "-of";
        }
        thread_local amr::ReferenceFiling filing;
        amr::Filing how = filing.run(in, static_cast<int>(texts.size()), filed);
        if (how == amr::Filing::Declined) {
            Py_INCREF(Py_NotImplemented);
            return Py_NotImplemented;
        }
        if (how == amr::Filing::NoLayout) Py_RETURN_NONE;
        Ref out(PyList_New(static_cast<Py_ssize_t>(filed.size())));
        if (!out) return nullptr;
        Output labels;
        for (size_t n = 0; n < filed.size(); ++n) {
            const amr::Triple& rel = relations[filed[n].k];
            PyObject* item;
            if (filed[n].flipped) {
                std::string_view role = rel.b.text.substr(0, rel.b.text.size() - 3);
                item = Py_BuildValue("(NNN)", labels.label(rel.c), strings->get(role), labels.label(rel.a));
            } else {
                item = Py_BuildValue("(NNN)", labels.label(rel.a), labels.label(rel.b), labels.label(rel.c));
            }
            if (!item) return nullptr;
            PyList_SetItem(out.p, static_cast<Py_ssize_t>(n), item);
        }
        return out.release();
    } catch (const std::bad_alloc&) {
        return PyErr_NoMemory();
    }
}

// ---------------------------------------------------------------------------------------------
// Aligning two prepared graphs

/// A prepared graph as ids (labels shared through ``labels``), its variables' labels in ``names``; false to
/// leave it to the Python path (a variable defined twice, a triple on an undefined variable).
bool id_graph(const amr::Triples& graph, amr::Interner& labels, amr::IdGraph& out, amr::Interner& variables,
              std::vector<amr::Label>& names) {
    size_t n = graph.instances.size();
    out.concepts.resize(n);
    names.resize(n);
    for (size_t k = 0; k < n; ++k) {
        const amr::Triple& instance = graph.instances[k];
        if (variables.intern(instance.a.text) != static_cast<int>(k)) return false;  // defined twice
        names[k] = instance.a;
        out.concepts[k] = labels.intern(instance.b.text);
    }
    for (int which = 0; which < 2; ++which) {
        const auto& items = which == 0 ? graph.attributes : graph.relations;
        auto& into = which == 0 ? out.attributes : out.relations;
        into.resize(items.size());
        for (size_t k = 0; k < items.size(); ++k) {
            const amr::Triple& t = items[k];
            int source = variables.find(t.a.text);
            int target = which == 0 ? labels.intern(t.c.text) : variables.find(t.c.text);
            if (source < 0 || target < 0) return false;
            into[k] = {source, labels.intern(t.b.text), target};
        }
    }
    return true;
}

/// Triples counted as a pair's statistics count them (Graph's len).
double triple_count(const amr::Triples& g) { return static_cast<double>(g.instances.size() + g.attributes.size() + g.relations.size()); }

struct AlignBuffers {
    amr::Interner labels, test_vars, gold_vars;
    amr::IdGraph test, gold;
    std::vector<amr::Label> test_names, gold_names;
    amr::Problem problem;
};

/// A new reference to the string of a label (its own object when it has one).
PyObject* label_object(const amr::Label& l) {
    if (l.origin) {
        PyObject* o = const_cast<PyObject*>(static_cast<const PyObject*>(l.origin));
        Py_INCREF(o);
        return o;
    }
    return strings->get(l.text);
}

/// [[test variable, gold variable], ...] of a mapping (the alignment a pair's details show).
PyObject* variable_pairs(const std::vector<int>& mapping, const std::vector<amr::Label>& test_names,
                         const std::vector<amr::Label>& gold_names) {
    Ref out(PyList_New(0));
    if (!out) return nullptr;
    for (size_t i = 0; i < mapping.size(); ++i) {
        if (mapping[i] < 0) continue;
        Ref t(label_object(test_names[i])), g(label_object(gold_names[mapping[i]]));
        if (!t || !g) return nullptr;
        Ref pair(PyList_New(2));
        if (!pair) return nullptr;
        PyList_SetItem(pair.p, 0, t.release());
        PyList_SetItem(pair.p, 1, g.release());
        if (PyList_Append(out.p, pair.p) < 0) return nullptr;
    }
    return out.release();
}

using Began = std::chrono::steady_clock::time_point;

/// ((value, test triples, gold triples, upper), details): a certified pair's statistics and details as
/// AlignedMatch.pair reports them (upper = lower = value; ``aligned`` is stolen).
PyObject* pair_answer(PyObject* aligned, double value, double n_test, double n_gold, double seconds) {
    Ref pairs(aligned), details(PyDict_New()), found(PyFloat_FromDouble(value)), spent(PyFloat_FromDouble(seconds));
    if (!details || !found || !spent) return nullptr;
    PyObject* values[] = {found.p, found.p, detail_names[OPTIMAL], spent.p, pairs.p};
    for (int k = LOWER; k <= ALIGNMENT; ++k)
        if (PyDict_SetItem(details.p, detail_names[k], values[k]) < 0) return nullptr;
    return Py_BuildValue("((dddd)O)", value, n_test, n_gold, value, details.p);
}

/// align_graphs's answer for two prepared graphs as triples (see its doc).
PyObject* align_triples(const amr::Triples& test, const amr::Triples& gold, bool product, double timeout, bool pairs, Began began) {
    Reused<AlignBuffers> buffers;
    amr::Interner &labels = buffers->labels, &test_vars = buffers->test_vars, &gold_vars = buffers->gold_vars;
    amr::IdGraph &t = buffers->test, &g = buffers->gold;
    labels.clear(64);
    test_vars.clear(32);
    gold_vars.clear(32);
    if (!id_graph(test, labels, t, test_vars, buffers->test_names) || !id_graph(gold, labels, g, gold_vars, buffers->gold_names))
        Py_RETURN_NONE;
    if (std::min(t.concepts.size(), g.concepts.size()) >= 64) Py_RETURN_NONE;  // the decomposing solver's size
    amr::Problem& p = buffers->problem;
    if (!amr::build(t, g, product, p)) Py_RETURN_NONE;
    amr::Clock clock(timeout);
    amr::Outcome outcome = amr::solve(p, amr::Limits(), clock, tally);
    if (!pairs || outcome.verdict != amr::Verdict::Certified) return outcome_object(outcome);
    PyObject* aligned = variable_pairs(outcome.mapping, buffers->test_names, buffers->gold_names);
    if (!aligned) return nullptr;
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    return pair_answer(aligned, outcome.value, triple_count(test), triple_count(gold), seconds);
}

struct GraphTriples {
    amr::Triples test, gold;
};

/// A prepared graph's triples (no check of its labels' characters: they are only compared).
bool graph_triples(PyObject* graph, amr::Triples& out) {
    return read_triples(graph, INSTANCES, out.instances, false) && read_triples(graph, ATTRIBUTES, out.attributes, false) &&
           read_triples(graph, RELATIONS, out.relations, false);
}

/// (mapping, value, upper, "optimal") for two prepared graphs, or None (the Python path decides);
/// with ``pairs``: pair_answer (the pair's statistics and details, the alignment as variable pairs).
PyObject* align_graphs(PyObject*, PyObject* args) {
    PyObject *test, *gold;
    int product, pairs = 0;
    double timeout;
    if (!PyArg_ParseTuple(args, "OOpd|p", &test, &gold, &product, &timeout, &pairs)) return nullptr;
    Began began = std::chrono::steady_clock::now();
    try {
        Reused<GraphTriples> triples;
        if (!graph_triples(test, triples->test) || !graph_triples(gold, triples->gold)) Py_RETURN_NONE;
        return align_triples(triples->test, triples->gold, product != 0, timeout, pairs != 0, began);
    } catch (const std::bad_alloc&) {
        return PyErr_NoMemory();
    }
}

struct TextBuffers {
    ReadBuffers read;
    amr::Triples test, gold;
    // the gold side of the last call, kept prepared: a candidate list repeats one gold text (the
    // triples view its characters, so the text is held; steps and product must be the same objects)
    PyObject* gold_text = nullptr;
    PyObject* gold_steps = nullptr;
    bool gold_product = false;

    void forget_gold() {
        Py_CLEAR(gold_text);
        Py_CLEAR(gold_steps);
    }

    ~TextBuffers() {
        if (Py_IsInitialized()) forget_gold();  // not after the interpreter is gone (the static's end)
    }
};

/// Read ``text`` and apply ``steps`` into ``out``; false where the layered calls would decline.
bool prepared_text(PyObject* text, PyObject* steps, ReadBuffers& read, amr::Triples& out) {
    std::string_view view;
    if (!text_of(text, view) || !amr::parse_regular(view, read.parsed)) return false;
    parsed_triples(read.parsed, read, out);
    return apply_steps(out, steps);
}

/// Both texts read and prepared with ``steps`` into ``buffers`` (the gold's kept from the last call when it is
/// the same text, steps and product); false where the layered calls would decline one of them.
bool prepared_texts(PyObject* test, PyObject* gold, PyObject* steps, bool product, TextBuffers& buffers) {
    if (!prepared_text(test, steps, buffers.read, buffers.test)) return false;
    if (buffers.gold_text == gold && buffers.gold_steps == steps && buffers.gold_product == product) return true;
    buffers.forget_gold();
    if (!prepared_text(gold, steps, buffers.read, buffers.gold)) return false;
    Py_INCREF(gold);
    Py_INCREF(steps);
    buffers.gold_text = gold, buffers.gold_steps = steps, buffers.gold_product = product;
    return true;
}

/// What align_graphs(pairs=True) answers for the two graphs that parse_regular reads from the texts and
/// standardize prepares with ``steps``, in one call with no graph object; None wherever one of those
/// calls would be None (the layered path then decides, and reports any reading error).
PyObject* smatch_texts(PyObject*, PyObject* args) {
    PyObject *test, *gold, *steps;
    int product;
    if (!PyArg_ParseTuple(args, "UUO!p", &test, &gold, &PyTuple_Type, &steps, &product)) return nullptr;
    Began began = std::chrono::steady_clock::now();
    try {
        Reused<TextBuffers> buffers;
        if (!prepared_texts(test, gold, steps, product != 0, *buffers)) Py_RETURN_NONE;
        return align_triples(buffers->test, buffers->gold, product != 0, 0.0, true, began);
    } catch (const std::bad_alloc&) {
        return PyErr_NoMemory();
    }
}

/// A tuple of Python ints (null with an exception set on failure).
PyObject* int_tuple(const std::vector<amr::i64>& values) {
    Ref out(PyTuple_New(static_cast<Py_ssize_t>(values.size())));
    if (!out) return nullptr;
    for (size_t k = 0; k < values.size(); ++k) {
        PyObject* value = PyLong_FromLongLong(values[k]);
        if (!value) return nullptr;
        PyTuple_SetItem(out.p, static_cast<Py_ssize_t>(k), value);
    }
    return out.release();
}

/// SemBLEU's statistics (m1, c1, ..., mn, cn, len_test, len_gold) of the two graphs parse_regular reads from
/// the texts, in one call with no graph object; None where the reader declines a text (the layered path decides).
PyObject* sembleu_texts(PyObject*, PyObject* args) {
    PyObject *test, *gold;
    int n;
    if (!PyArg_ParseTuple(args, "UUi", &test, &gold, &n)) return nullptr;
    if (n < 1) {
        PyErr_SetString(PyExc_ValueError, "n must be >= 1");
        return nullptr;
    }
    static PyObject* no_steps = nullptr;  // the steps key of a gold kept read but not standardized
    if (!no_steps && !(no_steps = PyTuple_New(0))) return nullptr;
    try {
        Reused<TextBuffers> buffers;
        Reused<amr::NgramBuffers> work;
        if (!prepared_texts(test, gold, no_steps, false, *buffers) || !amr::sembleu_stats(buffers->test, buffers->gold, n, *work))
            Py_RETURN_NONE;
        return int_tuple(work->stats);
    } catch (const std::bad_alloc&) {
        return PyErr_NoMemory();
    }
}

/// rematch's statistics (intersection, union) of the two graphs parse_regular reads from the texts and
/// standardize prepares with ``steps``, in one call with no graph object; None where one of those calls would be None.
PyObject* rematch_texts(PyObject*, PyObject* args) {
    PyObject *test, *gold, *steps;
    if (!PyArg_ParseTuple(args, "UUO!", &test, &gold, &PyTuple_Type, &steps)) return nullptr;
    try {
        Reused<TextBuffers> buffers;
        Reused<amr::MotifBuffers> work;
        if (!prepared_texts(test, gold, steps, false, *buffers) || !amr::rematch_stats(buffers->test, buffers->gold, *work))
            Py_RETURN_NONE;
        return int_tuple(work->stats);
    } catch (const std::bad_alloc&) {
        return PyErr_NoMemory();
    }
}

// ---------------------------------------------------------------------------------------------
// Module functions

PyObject* configure(PyObject*, PyObject* type) {
    if (!PyType_Check(type)) {
        PyErr_SetString(PyExc_TypeError, "configure takes the Graph class");
        return nullptr;
    }
    Py_INCREF(type);
    PyObject* old = graph_type;
    graph_type = type;
    Py_XDECREF(old);
    // the slots' offsets, when every field is a plain object member
    offsets_known = false;
    auto* members = static_cast<PyMemberDef*>(PyType_GetSlot(reinterpret_cast<PyTypeObject*>(type), Py_tp_members));
    if (!members) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    int found = 0;
    for (PyMemberDef* m = members; m->name; ++m) {
        for (int f = 0; f < N_FIELDS; ++f) {
            if (std::string_view(m->name) == FIELD_NAMES[f] && m->type == T_OBJECT_EX && !(m->flags & READONLY)) {
                field_offsets[f] = m->offset;
                ++found;
            }
        }
    }
    offsets_known = found == N_FIELDS;
    Py_RETURN_NONE;
}

/// An indexed problem from its Python lists (false with a ValueError set when they do not make one).
bool indexed_problem(int n1, int n2, PyObject* ci, PyObject* cj, PyObject* cu, PyObject* qa, PyObject* qb, PyObject* qw,
                     amr::Problem& p) {
    p.n1 = n1, p.n2 = n2;
    if (n1 < 0 || n2 < 0) {
        PyErr_SetString(PyExc_ValueError, "node counts must be >= 0");
        return false;
    }
    return number_list(ci, p.ci, "ci") && number_list(cj, p.cj, "cj") && number_list(cu, p.cu, "cu") &&
           number_list(qa, p.qa, "qa") && number_list(qb, p.qb, "qb") && number_list(qw, p.qw, "qw") && valid_problem(p);
}

PyObject* solve_indexed(PyObject*, PyObject* args) {
    int n1, n2;
    PyObject *ci, *cj, *cu, *qa, *qb, *qw;
    double timeout;
    if (!PyArg_ParseTuple(args, "iiOOOOOOd", &n1, &n2, &ci, &cj, &cu, &qa, &qb, &qw, &timeout)) return nullptr;
    try {
        amr::Problem p;
        if (!indexed_problem(n1, n2, ci, cj, cu, qa, qb, qw, p)) return nullptr;
        if (!integral(p) || links_one_gold_node(p)) Py_RETURN_NONE;  // the Python path decides
        amr::Clock clock(timeout);
        return outcome_object(amr::solve(p, amr::Limits(), clock, tally));
    } catch (const std::bad_alloc&) {
        return PyErr_NoMemory();
    }
}

/// (mapping or None, bound, ties, incumbent ties) of a graded proof, None without one.
PyObject* proof_object(const amr::GradedProof& proof) {
    if (proof.verdict < 0) Py_RETURN_NONE;
    Ref ties(PyTuple_New(static_cast<Py_ssize_t>(proof.ties.size())));
    if (!ties.p) return nullptr;
    for (size_t k = 0; k < proof.ties.size(); ++k) {
        PyObject* tie = int_tuple(proof.ties[k]);
        if (!tie) return nullptr;
        PyTuple_SetItem(ties.p, static_cast<Py_ssize_t>(k), tie);
    }
    PyObject* held_ties = proof.held_ties ? Py_True : Py_False;
    if (proof.verdict == 0) return Py_BuildValue("(OdOO)", Py_None, proof.bound, ties.p, held_ties);
    PyObject* mapping = int_tuple(proof.mapping);
    if (!mapping) return nullptr;
    return Py_BuildValue("(NdOO)", mapping, proof.bound, ties.p, held_ties);
}

PyObject* prove_graded(PyObject*, PyObject* args) {
    int n1, n2;
    PyObject *ci, *cj, *cu, *qa, *qb, *qw, *held;
    double incumbent;
    if (!PyArg_ParseTuple(args, "iiOOOOOOdO", &n1, &n2, &ci, &cj, &cu, &qa, &qb, &qw, &incumbent, &held)) return nullptr;
    try {
        amr::Problem p;
        if (!indexed_problem(n1, n2, ci, cj, cu, qa, qb, qw, p)) return nullptr;
        std::vector<int> incumbent_mapping;  // gold node per test node, -1 for no image
        if (!PyList_Check(held) || PyList_Size(held) != n1) {
            PyErr_SetString(PyExc_ValueError, "the incumbent must be a list of one gold node (or -1) per test node");
            return nullptr;
        }
        incumbent_mapping.resize(n1);
        for (int i = 0; i < n1; ++i) {
            long j = PyLong_AsLong(PyList_GetItem(held, i));
            if (j == -1 && PyErr_Occurred()) return nullptr;
            if (j < -1 || j >= n2) {
                PyErr_SetString(PyExc_ValueError, "the incumbent maps a test node out of range");
                return nullptr;
            }
            incumbent_mapping[i] = static_cast<int>(j);
        }
        if (!std::isfinite(incumbent) || !finite_weights(p) || links_one_gold_node(p)) Py_RETURN_NONE;
        amr::Clock clock(0.0);
        return proof_object(amr::prove_graded(p, incumbent, incumbent_mapping, amr::Limits(), clock, graded_tally));
    } catch (const std::bad_alloc&) {
        return PyErr_NoMemory();
    }
}

/// align/exact.py's steps 1 to 3 on a graded indexed problem (see graded_problem's doc below). Every
/// number is computed before the first Python object is made (making one can run a collection, whose
/// finalizers could call this module again and reuse its thread's buffers).
PyObject* graded_answer(const amr::Problem& p) {
    if (!finite_weights(p) || links_one_gold_node(p)) Py_RETURN_NONE;
    thread_local amr::GradedSteps steps;
    thread_local amr::GradedStart start;
    steps.run(p, start);
    const std::vector<int> held = start.mapping;
    const double value = start.value, upper = start.upper;
    if (amr::certified(value, upper)) {
        Ref mapping(int_tuple(held));
        return mapping ? Py_BuildValue("(OddO)", mapping.p, value, upper, Py_None) : nullptr;
    }
    // what elimination left goes to the graded prover as align/exact.py's step 3 sends it; an integral
    // remainder goes to the LP there, so the Python path decides
    if (start.left_integral) Py_RETURN_NONE;
    amr::Clock clock(0.0);
    amr::GradedProof proof = amr::prove_graded(start.left, value, held, amr::Limits(), clock, graded_tally);
    if (proof.verdict < 0) Py_RETURN_NONE;
    // what align/native.py's prove_graded makes of the proof, with numpy's values of the mappings it compares
    const std::vector<int> optimum = proof.verdict == 1 ? proof.mapping : steps.earning(p, held);
    if (proof.held_ties) proof.ties.push_back(steps.earning(p, held));
    std::vector<double> tie_values;
    for (const auto& tie : proof.ties) tie_values.push_back(steps.value_of(p, tie));
    const double optimum_value = steps.value_of(p, optimum);
    Ref ties(PyTuple_New(static_cast<Py_ssize_t>(tie_values.size())));
    if (!ties) return nullptr;
    for (size_t k = 0; k < tie_values.size(); ++k) {
        PyObject* v = PyFloat_FromDouble(tie_values[k]);
        if (!v) return nullptr;
        PyTuple_SetItem(ties.p, static_cast<Py_ssize_t>(k), v);
    }
    Ref mapping(int_tuple(held));
    Ref best(int_tuple(optimum));
    if (!mapping || !best) return nullptr;
    return Py_BuildValue("(Odd(OddO))", mapping.p, value, upper, best.p, optimum_value, proof.bound, ties.p);
}

PyObject* graded_problem(PyObject*, PyObject* args) {
    int n1, n2;
    PyObject *unary, *pairs, *weights;
    if (!PyArg_ParseTuple(args, "iiOOO", &n1, &n2, &unary, &pairs, &weights)) return nullptr;
    if (n1 < 0 || n2 < 0) {
        PyErr_SetString(PyExc_ValueError, "node counts must be >= 0");
        return nullptr;
    }
    try {
        thread_local amr::Problem p;
        thread_local std::vector<double> u, w;
        thread_local std::vector<int> q;
        thread_local std::vector<amr::i64> keys;
        if (!number_list(unary, u, "unary") || !number_list(pairs, q, "pairs") || !number_list(weights, w, "weights")) return nullptr;
        if (u.size() != static_cast<size_t>(n1) * n2 || q.size() != 4 * w.size()) {
            PyErr_SetString(PyExc_ValueError, "unary must hold n_test x n_gold weights and pairs four nodes per weight");
            return nullptr;
        }
        if (!amr::index_dense(n1, n2, u, q, w, p, keys) || amr::integral_weights(p)) Py_RETURN_NONE;
        return graded_answer(p);
    } catch (const std::bad_alloc&) {
        return PyErr_NoMemory();
    }
}

PyObject* graded_counters(PyObject*, PyObject*) {
    const amr::Tally& t = graded_tally;
    return Py_BuildValue("{s:l,s:l,s:l,s:l,s:l,s:l,s:l}", "assignment", t.assignment, "lagrangian", t.lagrangian,
                         "branch_kept", t.branch_kept, "branch_improved", t.branch_improved, "tied", t.tied,
                         "fallback_limit", t.fallback_limit, "fallback_other", t.fallback_other);
}

PyObject* counters(PyObject*, PyObject*) {
    return Py_BuildValue("{s:l,s:l,s:l,s:l,s:l,s:l,s:l}", "cheap", tally.cheap, "assignment", tally.assignment, "lagrangian",
                         tally.lagrangian, "branch_kept", tally.branch_kept, "branch_improved", tally.branch_improved,
                         "fallback_limit", tally.fallback_limit, "fallback_other", tally.fallback_other);
}

PyObject* reset_counters(PyObject*, PyObject*) {
    tally = amr::Tally();
    graded_tally = amr::Tally();
    Py_RETURN_NONE;
}

PyMethodDef methods[] = {
    {"solve_indexed", solve_indexed, METH_VARARGS,
     "solve_indexed(n_test, n_gold, ci, cj, cu, qa, qb, qw, timeout) -> (mapping, value, upper, status) or None.\n\n"
     "The exact solver on an indexed problem (lists; candidates sorted by test then gold node, links with "
     "ci[qa] < ci[qb]); None when the Python path must decide (graded weights, a second optimum, a limit)."},
    {"prove_graded", prove_graded, METH_VARARGS,
     "prove_graded(n_test, n_gold, ci, cj, cu, qa, qb, qw, incumbent, mapping) -> (mapping or None, bound, ties, "
     "incumbent_ties) or None.\n\n"
     "The integer solver's bounds in doubles on what elimination left of a graded problem (float weights), "
     "given the best mapping known (a list: gold node or -1 per test node) and its value: mapping None when "
     "no mapping is worth more than bound (the incumbent plus half the certification tolerance), else the "
     "better mapping found, within that of the optimum; ties: the mappings of the other sets of earning pairs "
     "within twice the tolerance of the best; incumbent_ties: whether the incumbent is too, when beaten. None "
     "without a proof (too many ties, a limit, or weights it does not take)."},
    {"graded_problem", graded_problem, METH_VARARGS,
     "graded_problem(n_test, n_gold, unary, pairs, weights) -> (mapping, value, upper, proof) or None.\n\n"
     "align/exact.py's cheap steps on a dense graded problem, indexed as index_problem indexes it (unary: the "
     "n_test x n_gold weights row by row; pairs: the (i, j, k, l) rows, flat), in numpy's arithmetic (the greedy "
     "start by potential, its value, the line bound, elimination): proof None when they certify the start, else "
     "(optimum, its value, bound, the values of the other optima) from the graded prover on what elimination left "
     "(values as AlignmentProblem.value sums them). None when neither settles the problem, and when its "
     "weights are all integers, or negative, NaN or a link's 0, or a pair breaks i < k, j != l (the Python path "
     "decides)."},
    {"s2match_relations", s2match_relations, METH_O,
     "s2match_relations(graph) -> [(variable, role, variable), ...], None or NotImplemented: the relations the "
     "reference S2match parser files for a read graph, as standardize/s2match_reference.py's reference_relations "
     "computes them; NotImplemented leaves the graph to it."},
    {"configure", configure, METH_O, "configure(Graph): the class of the graphs this module makes."},
    {"parse_regular", parse_regular, METH_O,
     "parse_regular(text) -> Graph or None: a regular PENMAN text as read/decode.py's _parse_regular reads it; "
     "None to let the Python reader decide."},
    {"standardize", standardize, METH_VARARGS,
     "standardize(graph, steps) -> Graph or None: the named standardization steps applied in order; None when "
     "a step or a label (non-ASCII) is left to the Python path."},
    {"align_graphs", align_graphs, METH_VARARGS,
     "align_graphs(test, gold, product, timeout, pairs=False) -> (mapping, value, upper, status) or None: the exact "
     "Smatch alignment of two prepared graphs (build_problem, then the exact solver); None when the Python path "
     "decides. With pairs: ((value, test triples, gold triples, upper), {'lower', 'upper', 'status', 'solver_seconds', "
     "'alignment': [[test variable, gold variable], ...]}), a pair's statistics and details as the Smatch metric "
     "reports them."},
    {"smatch_texts", smatch_texts, METH_VARARGS,
     "smatch_texts(test, gold, steps, product) -> ((value, test triples, gold triples, upper), details) or None: "
     "align_graphs(pairs=True) on the two texts as parse_regular reads them "
     "and standardize prepares them with steps, in one call; None when any of those calls would be None."},
    {"sembleu_texts", sembleu_texts, METH_VARARGS,
     "sembleu_texts(test, gold, n) -> (m1, c1, ..., mn, cn, len_test, len_gold) or None: SemBLEU's statistics (default "
     "mode) of the two texts as parse_regular reads them, in one call; None when the reader declines a text."},
    {"rematch_texts", rematch_texts, METH_VARARGS,
     "rematch_texts(test, gold, steps) -> (intersection, union) or None: rematch's motif-set statistics (no classes) of "
     "the two texts as parse_regular reads them and standardize prepares them with steps, in one call; None when any "
     "of those calls would be None."},
    {"counters", counters, METH_NOARGS, "How many problems each step settled or handed back (for benchmarks)."},
    {"graded_counters", graded_counters, METH_NOARGS, "How many graded problems each bound proved or handed back."},
    {"reset_counters", reset_counters, METH_NOARGS, "Set the counters to zero."},
    {nullptr, nullptr, 0, nullptr},
};

PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "amrmetrics._native._core", "The compiled core of amrmetrics.", -1, methods,
    nullptr, nullptr, nullptr, nullptr,
};

}  // namespace

PyMODINIT_FUNC PyInit__core(void) {
    for (int f = 0; f < N_FIELDS; ++f) {
        field_names[f] = PyUnicode_InternFromString(FIELD_NAMES[f]);
        if (!field_names[f]) return nullptr;
    }
    strings = new (std::nothrow) StringCache();
    if (!strings) return PyErr_NoMemory();
    for (int k = 0; k < N_DETAILS; ++k) {
        detail_names[k] = PyUnicode_InternFromString(DETAIL_NAMES[k]);
        if (!detail_names[k]) return nullptr;
    }
    const char* texts[3] = {":domain", ":TOP", "top"};
    for (int k = 0; k < 3; ++k) {
        constants[k] = PyUnicode_InternFromString(texts[k]);
        if (!constants[k]) return nullptr;
    }
    return PyModule_Create(&module);
}
