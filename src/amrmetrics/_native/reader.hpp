// Reading a regular PENMAN graph: read/decode.py's _parse_regular on the texts its string-method
// tokenizer (_split_tokens) takes, step for step. Anything else (non-ASCII text, escapes, alignment
// markers, an unterminated string, any shape the loop refuses) is not read here: the caller hands
// the text to the Python reader, which decides (and locates every error).
#pragma once

#include <cstddef>
#include <cstring>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace amr {

constexpr int MAX_DEPTH = 200;  // as read/decode.py

struct Edge {
    int node, role, target;  // the node whose edge it is (its index), role and target token indices
    bool tree;               // the target is a node written here (a tree edge)
};

/// What the loop read; the containers are reused from call to call (clear keeps their capacity).
struct Parsed {
    std::vector<std::string_view> tokens;
    std::vector<std::pair<int, int>> instances;  // (variable, concept) token indices
    std::vector<Edge> edges;                     // in walk order
    std::vector<std::string_view> seen;
    std::unordered_set<std::string_view> seen_set;
    std::vector<int> stack;                      // open nodes

    void clear() {
        tokens.clear();
        instances.clear();
        edges.clear();
        seen.clear();
        seen_set.clear();
        stack.clear();
    }
};

/// The characters that send an ASCII text to the regex tokenizer (decode.py's _NOT_PLAIN).
inline bool plain_char(unsigned char c) {
    return !(c == '\\' || c == '~' || c == '\r' || c == 0x0b || c == 0x0c || (c >= 0x1c && c <= 0x1f));
}

/// Character classes of the tokenizer: 1 whitespace, 2 a one-character token ( ) /, 3 a quote,
/// 4 a colon, 0 any other symbol character; 255 sends the text to the Python reader.
struct CharClasses {
    unsigned char of[256];
    CharClasses() {
        for (int c = 0; c < 256; ++c) of[c] = c >= 0x80 || !plain_char(static_cast<unsigned char>(c)) ? 255 : 0;
        of[static_cast<unsigned char>(' ')] = of[static_cast<unsigned char>('\t')] = of[static_cast<unsigned char>('\n')] = 1;
        of[static_cast<unsigned char>('(')] = of[static_cast<unsigned char>(')')] = of[static_cast<unsigned char>('/')] = 2;
        of[static_cast<unsigned char>('"')] = 3;
        of[static_cast<unsigned char>(':')] = 4;
    }
};

inline const CharClasses& char_classes() {
    static const CharClasses classes;
    return classes;
}

/// _split_tokens: False when the text is not plain ASCII or a string is unterminated or spans lines.
inline bool split_tokens(std::string_view text, std::vector<std::string_view>& tokens) {
    const unsigned char* of = char_classes().of;
    const size_t n = text.size();
    tokens.reserve(n / 3 + 4);
    size_t k = 0;
    while (k < n) {
        unsigned char kind = of[static_cast<unsigned char>(text[k])];
        if (kind == 1) {
            ++k;
        } else if (kind == 2) {
            tokens.push_back(text.substr(k, 1));
            ++k;
        } else if (kind == 3) {
            size_t end = k + 1;
            while (end < n && text[end] != '"') {
                if (text[end] == '\n' || of[static_cast<unsigned char>(text[end])] == 255) return false;
                ++end;
            }
            if (end == n) return false;  // unterminated
            tokens.push_back(text.substr(k, end + 1 - k));
            k = end + 1;
        } else if (kind == 255) {
            return false;
        } else {
            // a symbol or a role: up to whitespace, ( ) /, a quote, or a colon not at its start
            size_t start = k++;
            while (k < n && of[static_cast<unsigned char>(text[k])] == 0) ++k;
            if (k < n && of[static_cast<unsigned char>(text[k])] == 255) return false;
            tokens.push_back(text.substr(start, k - start));
        }
    }
    return true;
}

inline bool starts_with_any(std::string_view token, const char* chars) { return !token.empty() && std::strchr(chars, token[0]); }

/// _parse_regular's loop on the tokens; False to let the Python reader decide.
inline bool parse_regular(std::string_view text, Parsed& out) {
    out.clear();
    std::vector<std::string_view>& t = out.tokens;
    if (!split_tokens(text, t)) return false;
    const int n = static_cast<int>(t.size());
    auto at = [&](int k, std::string_view& token) {
        if (k >= n) return false;
        token = t[k];
        return true;
    };
    std::vector<std::string_view>& seen = out.seen;  // defined variables: scanned while few, then hashed
    std::unordered_set<std::string_view>& seen_set = out.seen_set;
    std::vector<int>& stack = out.stack;  // open nodes
    int pos = 0;
    std::string_view first;
    if (!at(0, first) || first != "(") return false;
    while (true) {  // t[pos] opens a node
        std::string_view var, slash, concept;
        if (!at(pos + 1, var) || !at(pos + 2, slash) || !at(pos + 3, concept)) return false;
        if (slash != "/" || starts_with_any(var, "()/:\"#~") || starts_with_any(concept, "()/:#~") || concept == "\"") return false;
        if (seen.size() < 64) {
            for (std::string_view v : seen)
                if (v == var) return false;
            seen.push_back(var);
            if (seen.size() == 64) seen_set.insert(seen.begin(), seen.end());
        } else if (!seen_set.insert(var).second) {
            return false;
        }
        out.instances.emplace_back(pos + 1, pos + 3);
        stack.push_back(static_cast<int>(out.instances.size()) - 1);
        if (static_cast<int>(stack.size()) > MAX_DEPTH) return false;
        pos += 4;
        while (true) {  // the node's edges, until a child opens
            std::string_view role, target;
            if (!at(pos, role)) return false;
            if (role == ")") {
                stack.pop_back();
                pos += 1;
                if (stack.empty()) return pos == n;
                continue;
            }
            if (!at(pos + 1, target)) return false;
            if (role[0] != ':') return false;
            if (target == "(") {
                std::string_view child;
                if (!at(pos + 2, child)) return false;
                out.edges.push_back(Edge{stack.back(), pos, pos + 2, true});
                pos += 1;
                break;
            }
            if (starts_with_any(target, ")/:#~") || target == "\"") return false;
            out.edges.push_back(Edge{stack.back(), pos, pos + 1, false});
            pos += 2;
        }
    }
}

}  // namespace amr
