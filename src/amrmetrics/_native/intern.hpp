// Distinct keys to dense ids, in order of first sight: one open-addressing table (no allocation per key)
// for the strings a graph is read into and the integer triples SemBLEU's n-grams and rematch's motifs are.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace amr {

inline std::uint64_t fnv1a(std::string_view s) {
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    return h;
}

struct StringHash {
    size_t operator()(std::string_view s) const { return static_cast<size_t>(fnv1a(s)); }
};

struct TripleHash {
    size_t operator()(const std::array<int, 3>& k) const {
        std::uint64_t h = static_cast<std::uint32_t>(k[0]) * 0x9E3779B97F4A7C15ull;
        h = (h ^ static_cast<std::uint32_t>(k[1])) * 0xC2B2AE3D27D4EB4Full;
        h = (h ^ static_cast<std::uint32_t>(k[2])) * 0x165667B19E3779F9ull;
        return static_cast<size_t>(h ^ (h >> 29));
    }
};

template <class Key, class Hash>
class IdTable {
   public:
    explicit IdTable(size_t expected = 16) { clear(expected); }

    /// The id of ``key`` (a new id, the next one, when it is new).
    int intern(const Key& key) {
        if (2 * (keys_.size() + 1) > slots_.size()) grow();
        size_t at = place(key);
        if (slots_[at] < 0) {
            slots_[at] = static_cast<int>(keys_.size());
            keys_.push_back(key);
        }
        return slots_[at];
    }

    /// Forget every key (keeping the memory), for about ``expected`` new ones.
    void clear(size_t expected) {
        keys_.clear();
        size_t capacity = 16;
        while (capacity < 2 * expected) capacity *= 2;
        slots_.assign(capacity, -1);
    }

    /// The id of ``key``, or -1.
    int find(const Key& key) const { return slots_[place(key)]; }

    size_t size() const { return keys_.size(); }
    const Key& key(int id) const { return keys_[id]; }

   private:
    std::vector<int> slots_;
    std::vector<Key> keys_;

    size_t place(const Key& key) const {
        size_t mask = slots_.size() - 1, at = Hash()(key) & mask;
        while (slots_[at] >= 0 && keys_[slots_[at]] != key) at = (at + 1) & mask;
        return at;
    }

    void grow() {
        slots_.assign(slots_.size() * 2, -1);
        size_t mask = slots_.size() - 1;
        for (size_t id = 0; id < keys_.size(); ++id) {
            size_t at = Hash()(keys_[id]) & mask;
            while (slots_[at] >= 0) at = (at + 1) & mask;
            slots_[at] = static_cast<int>(id);
        }
    }
};

/// Distinct strings (views into text that outlives the table) to dense ids.
using Interner = IdTable<std::string_view, StringHash>;
/// Distinct integer triples to dense ids.
using TripleIds = IdTable<std::array<int, 3>, TripleHash>;

}  // namespace amr
