// Distinct strings to dense ids: an open-addressing table over string views (no allocation per string).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace amr {

inline std::uint64_t fnv1a(std::string_view s) {
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
    return h;
}

class Interner {
   public:
    explicit Interner(size_t expected = 16) { grow(expected); }

    /// The id of ``s`` (a new id, in order of first sight, when it is new).
    int intern(std::string_view s) {
        if (2 * (keys_.size() + 1) > slots_.size()) grow(slots_.size());
        size_t at = place(s);
        if (slots_[at] < 0) {
            slots_[at] = static_cast<int>(keys_.size());
            keys_.push_back(s);
        }
        return slots_[at];
    }

    /// Forget every string (keeping the memory), for about ``expected`` new ones.
    void clear(size_t expected) {
        keys_.clear();
        size_t capacity = 16;
        while (capacity < 2 * expected) capacity *= 2;
        slots_.assign(capacity, -1);
    }

    /// The id of ``s``, or -1.
    int find(std::string_view s) const { return slots_[place(s)]; }

    size_t size() const { return keys_.size(); }
    std::string_view key(int id) const { return keys_[id]; }

   private:
    std::vector<int> slots_;
    std::vector<std::string_view> keys_;

    size_t place(std::string_view s) const {
        size_t mask = slots_.size() - 1, at = fnv1a(s) & mask;
        while (slots_[at] >= 0 && keys_[slots_[at]] != s) at = (at + 1) & mask;
        return at;
    }

    void grow(size_t at_least) {
        size_t capacity = 16;
        while (capacity < 2 * at_least) capacity *= 2;
        slots_.assign(capacity, -1);
        for (size_t id = 0; id < keys_.size(); ++id) {
            size_t mask = capacity - 1, at = fnv1a(keys_[id]) & mask;
            while (slots_[at] >= 0) at = (at + 1) & mask;
            slots_[at] = static_cast<int>(id);
        }
    }
};

}  // namespace amr
