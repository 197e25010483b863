// The compiled core of amrmetrics (see amrmetrics/_native/__init__.py). Python's stable ABI only
// (Py_LIMITED_API 3.10): one binary serves every Python from 3.10 on.
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "build.hpp"
#include "intern.hpp"
#include "reader.hpp"
#include "solver.hpp"
#include "triples.hpp"

namespace {

amr::Tally tally;

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

/// True when a link joins two candidates of one gold node (outside AlignmentProblem's contract, j != l:
/// they can never both be chosen, and the climb's swap gains, which assume j != l, could then cycle).
bool links_one_gold_node(const amr::Problem& p) {
    for (size_t q = 0; q < p.qa.size(); ++q)
        if (p.cj[p.qa[q]] == p.cj[p.qb[q]]) return true;
    return false;
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
        // edges grouped by node in node order (a stable counting sort of the walk order)
        std::vector<int>& first = buffers->first;
        first.assign(n_nodes + 1, 0);
        for (const amr::Edge& e : parsed.edges) first[e.node + 1]++;
        for (size_t k = 0; k < n_nodes; ++k) first[k + 1] += first[k];
        std::vector<int>& order = buffers->order;      // grouped position -> walk position
        std::vector<int>& position = buffers->position;  // walk position -> grouped position
        order.assign(n_edges, 0);
        position.assign(n_edges, 0);
        {
            std::vector<int> fill(first.begin(), first.end() - 1);
            for (size_t w = 0; w < n_edges; ++w) {
                int g = fill[parsed.edges[w].node]++;
                order[g] = static_cast<int>(w);
                position[w] = g;
            }
        }
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

/// The triples of a graph field (pairs for instances); false for any other shape or a non-ASCII label.
bool read_triples(PyObject* graph, Field field, std::vector<amr::Triple>& out) {
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
        if (!amr::ascii(parts[1]) || (field == ATTRIBUTES && !amr::ascii(parts[2]))) return false;
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
        amr::Steps run(g);
        Py_ssize_t n_steps = PyTuple_Size(steps);
        for (Py_ssize_t k = 0; k < n_steps; ++k) {
            std::string_view step;
            if (!text_of(PyTuple_GetItem(steps, k), step)) Py_RETURN_NONE;
            if (step == "lowercase") run.lowercase();
            else if (step == "conflate-quotes") run.conflate_quotes();
            else if (step == "deinvert") run.deinvert();
            else if (step == "mod-domain") run.mod_domain();
            else if (step == "dedup") run.dedup();
            else if (step == "drop-wiki") run.drop_wiki();
            else if (step == "top") run.top();
            else Py_RETURN_NONE;  // a step only the Python path knows
        }
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

// ---------------------------------------------------------------------------------------------
// Aligning two prepared graphs

/// A prepared graph as ids (labels shared through ``labels``); false to leave it to the Python path
/// (a duplicate variable, a triple on an undefined variable, a value that is not a string).
bool id_graph(PyObject* graph, amr::Interner& labels, amr::IdGraph& out, amr::Interner& variables,
              std::vector<PyObject*>& names, Py_ssize_t& triples) {
    Ref instances(get_field(graph, INSTANCES));
    Ref attributes(get_field(graph, ATTRIBUTES));
    Ref relations(get_field(graph, RELATIONS));
    if (!instances || !attributes || !relations || !PyTuple_Check(instances.p) || !PyTuple_Check(attributes.p) ||
        !PyTuple_Check(relations.p)) {
        PyErr_Clear();
        return false;
    }
    Py_ssize_t n = PyTuple_Size(instances.p);
    triples = n + PyTuple_Size(attributes.p) + PyTuple_Size(relations.p);
    out.concepts.resize(n);
    names.resize(n);
    for (Py_ssize_t k = 0; k < n; ++k) {
        std::string_view parts[2];
        PyObject* instance = PyTuple_GetItem(instances.p, k);
        if (!string_tuple(instance, 2, parts)) return false;
        if (variables.intern(parts[0]) != k) return false;  // defined twice
        names[k] = PyTuple_GetItem(instance, 0);  // borrowed: the graph holds it
        out.concepts[k] = labels.intern(parts[1]);
    }
    for (int which = 0; which < 2; ++which) {
        PyObject* items = which == 0 ? attributes.p : relations.p;
        auto& into = which == 0 ? out.attributes : out.relations;
        Py_ssize_t m = PyTuple_Size(items);
        into.resize(m);
        for (Py_ssize_t k = 0; k < m; ++k) {
            std::string_view parts[3];
            if (!string_tuple(PyTuple_GetItem(items, k), 3, parts)) return false;
            int source = variables.find(parts[0]);
            int target = which == 0 ? labels.intern(parts[2]) : variables.find(parts[2]);
            if (source < 0 || target < 0) return false;
            into[k] = {source, labels.intern(parts[1]), target};
        }
    }
    return true;
}

struct AlignBuffers {
    amr::Interner labels, test_vars, gold_vars;
    amr::IdGraph test, gold;
    std::vector<PyObject*> test_names, gold_names;
};

/// [[test variable, gold variable], ...] of a mapping (the alignment a pair's details show).
PyObject* variable_pairs(const std::vector<int>& mapping, const std::vector<PyObject*>& test_names,
                         const std::vector<PyObject*>& gold_names) {
    Ref out(PyList_New(0));
    if (!out) return nullptr;
    for (size_t i = 0; i < mapping.size(); ++i) {
        if (mapping[i] < 0) continue;
        Ref pair(PyList_New(2));
        if (!pair) return nullptr;
        Py_INCREF(test_names[i]);
        PyList_SetItem(pair.p, 0, test_names[i]);
        Py_INCREF(gold_names[mapping[i]]);
        PyList_SetItem(pair.p, 1, gold_names[mapping[i]]);
        if (PyList_Append(out.p, pair.p) < 0) return nullptr;
    }
    return out.release();
}

/// (mapping, value, upper, "optimal") for two prepared graphs, or None (the Python path decides);
/// with ``pairs``: (variable pairs, value, upper, "optimal", test triples, gold triples, seconds).
PyObject* align_graphs(PyObject*, PyObject* args) {
    PyObject *test, *gold;
    int product, pairs = 0;
    double timeout;
    if (!PyArg_ParseTuple(args, "OOpd|p", &test, &gold, &product, &timeout, &pairs)) return nullptr;
    auto began = std::chrono::steady_clock::now();
    try {
        Reused<AlignBuffers> buffers;
        amr::Interner &labels = buffers->labels, &test_vars = buffers->test_vars, &gold_vars = buffers->gold_vars;
        amr::IdGraph &t = buffers->test, &g = buffers->gold;
        labels.clear(64);
        test_vars.clear(32);
        gold_vars.clear(32);
        Py_ssize_t test_triples, gold_triples;
        if (!id_graph(test, labels, t, test_vars, buffers->test_names, test_triples) ||
            !id_graph(gold, labels, g, gold_vars, buffers->gold_names, gold_triples))
            Py_RETURN_NONE;
        if (std::min(t.concepts.size(), g.concepts.size()) >= 64) Py_RETURN_NONE;  // the decomposing solver's size
        amr::Problem p;
        if (!amr::build(t, g, product != 0, p)) Py_RETURN_NONE;
        amr::Clock clock(timeout);
        amr::Outcome outcome = amr::solve(p, amr::Limits(), clock, tally);
        if (!pairs || outcome.verdict != amr::Verdict::Certified) return outcome_object(outcome);
        PyObject* aligned = variable_pairs(outcome.mapping, buffers->test_names, buffers->gold_names);
        if (!aligned) return nullptr;
        double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
        return Py_BuildValue("(Nddsddd)", aligned, outcome.value, outcome.value, "optimal", static_cast<double>(test_triples),
                             static_cast<double>(gold_triples), seconds);
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
        if (!integral(p) || links_one_gold_node(p)) Py_RETURN_NONE;  // the Python path decides
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
     "decides. With pairs: ([[test variable, gold variable], ...], value, upper, status, test triples, gold "
     "triples, seconds)."},
    {"counters", counters, METH_NOARGS, "How many problems each step settled or handed back (for benchmarks)."},
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
    const char* texts[3] = {":domain", ":TOP", "top"};
    for (int k = 0; k < 3; ++k) {
        constants[k] = PyUnicode_InternFromString(texts[k]);
        if (!constants[k]) return nullptr;
    }
    return PyModule_Create(&module);
}
