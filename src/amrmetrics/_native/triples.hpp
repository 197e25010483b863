// Standardization steps (standardize/steps.py) on a graph's triples, for graphs whose labels are
// ASCII (Python's str.lower is then plain ASCII lowering). Each label remembers the Python string it
// came from while it is unchanged, and each triple the tuple it came from, so the caller can reuse
// both: a graph that is already lowercase keeps most of its objects.
#pragma once

#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace amr {

struct Label {
    std::string_view text;
    const void* origin = nullptr;  // the Python string it came from, while unchanged
};

struct Triple {
    Label a, b, c;                 // (variable, concept) use a and b only
    const void* origin = nullptr;  // the Python tuple it came from, while unchanged
};

struct Triples {
    std::vector<Triple> instances, attributes, relations;
    Label root;
    bool has_root = false;
    bool instances_changed = false, attributes_changed = false, relations_changed = false;
    std::deque<std::string> arena;  // texts of changed labels (a deque never moves them)

    /// Empty, for the next graph (the vectors keep their capacity).
    void clear() {
        instances.clear();
        attributes.clear();
        relations.clear();
        root = Label();
        has_root = instances_changed = attributes_changed = relations_changed = false;
        arena.clear();
    }

    Label make(std::string text) {
        arena.push_back(std::move(text));
        return Label{arena.back(), nullptr};
    }
};

inline bool ascii(std::string_view s) {
    for (unsigned char c : s)
        if (c >= 0x80) return false;
    return true;
}

inline bool has_upper(std::string_view s) {
    for (char c : s)
        if (c >= 'A' && c <= 'Z') return true;
    return false;
}

inline std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

inline bool ends_with(std::string_view s, std::string_view end) { return s.size() >= end.size() && s.substr(s.size() - end.size()) == end; }

class Steps {
   public:
    explicit Steps(Triples& g) : g_(g) {}

    void lowercase() {
        for (Triple& t : g_.instances) lower_in(t, t.b);
        for (Triple& t : g_.attributes) lower_in(t, t.b), lower_in(t, t.c);
        for (Triple& t : g_.relations) lower_in(t, t.b);
        g_.instances_changed |= any_changed(g_.instances);
        g_.attributes_changed |= any_changed(g_.attributes);
        g_.relations_changed |= any_changed(g_.relations);
    }

    void conflate_quotes() {
        for (Triple& t : g_.attributes) {
            std::string_view c = t.c.text;
            if (c.size() >= 2 && c.front() == '"' && c.back() == '"') {
                t.c = Label{c.substr(1, c.size() - 2), nullptr};
                t.origin = nullptr;
                g_.attributes_changed = true;
            }
        }
    }

    void deinvert() {
        for (Triple& t : g_.relations) {
            if (inverted(t.b.text)) {
                std::swap(t.a, t.c);
                t.b = Label{t.b.text.substr(0, t.b.text.size() - 3), nullptr};
                t.origin = nullptr;
                g_.relations_changed = true;
            }
        }
    }

    void mod_domain() {
        for (Triple& t : g_.relations) {
            std::string low = lower(t.b.text);
            if (low == ":mod") {
                std::swap(t.a, t.c);
                t.b = Label{":domain", nullptr};
            } else if (low == ":mod-of") {
                t.b = Label{":domain", nullptr};
            } else {
                continue;
            }
            t.origin = nullptr;
            g_.relations_changed = true;
        }
    }

    void dedup() {
        g_.instances_changed |= unique(g_.instances, false);
        g_.attributes_changed |= unique(g_.attributes, true);
        g_.relations_changed |= unique(g_.relations, true);
    }

    void drop_wiki() {
        g_.attributes_changed |= drop(g_.attributes, ":wiki");
        g_.relations_changed |= drop(g_.relations, ":wiki");
    }

    void top() {
        if (!g_.has_root) return;
        g_.attributes.push_back(Triple{g_.root, Label{":TOP", nullptr}, Label{"top", nullptr}, nullptr});
        g_.attributes_changed = true;
    }

    /// standardize.is_inverted: an ``-of`` role (any case) but the AMR exceptions.
    static bool inverted(std::string_view role) {
        std::string low = lower(role);
        return ends_with(low, "-of") && low != ":consist-of" && low != ":prep-out-of" && low != ":prep-on-behalf-of";
    }

   private:
    Triples& g_;

    void lower_in(Triple& t, Label& label) {
        if (!has_upper(label.text)) return;
        label = g_.make(lower(label.text));
        t.origin = nullptr;
    }

    static bool any_changed(const std::vector<Triple>& triples) {
        for (const Triple& t : triples)
            if (!t.origin) return true;
        return false;
    }

    struct Key {
        std::string_view a, b, c;
        bool operator==(const Key& o) const { return a == o.a && b == o.b && c == o.c; }
    };
    struct KeyHash {
        size_t operator()(const Key& k) const {
            std::hash<std::string_view> h;
            return h(k.a) * 1000003u ^ h(k.b) * 10007u ^ h(k.c);
        }
    };

    /// Keep the first of equal triples (dict.fromkeys); true when one was removed.
    static bool unique(std::vector<Triple>& triples, bool three) {
        std::vector<Triple> kept;
        kept.reserve(triples.size());
        if (triples.size() <= 32) {
            for (const Triple& t : triples) {
                bool seen = false;
                for (const Triple& k : kept)
                    if (k.a.text == t.a.text && k.b.text == t.b.text && (!three || k.c.text == t.c.text)) {
                        seen = true;
                        break;
                    }
                if (!seen) kept.push_back(t);
            }
        } else {
            std::unordered_map<Key, int, KeyHash> index;
            index.reserve(triples.size() * 2);
            for (const Triple& t : triples)
                if (index.emplace(Key{t.a.text, t.b.text, three ? t.c.text : std::string_view()}, 0).second) kept.push_back(t);
        }
        bool removed = kept.size() != triples.size();
        triples.swap(kept);
        return removed;
    }

    static bool drop(std::vector<Triple>& triples, std::string_view role) {
        size_t before = triples.size();
        std::vector<Triple> kept;
        for (const Triple& t : triples)
            if (lower(t.b.text) != role) kept.push_back(t);
        triples.swap(kept);
        return triples.size() != before;
    }
};

}  // namespace amr
