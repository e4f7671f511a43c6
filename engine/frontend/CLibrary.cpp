#include "frontend/CLibrary.h"

#include <map>

namespace vcov {

const char *const CLibraryPath = "/vcov/library/string.c";

namespace {

// Byte by byte, as the C standard defines them; the reads the standard requires be valid
// are CBMC's preconditions (__CPROVER_precondition: checks, as in CBMC's own models).
const std::map<std::string, std::string> &models() {
    static const std::map<std::string, std::string> m = {
        {"memcmp", R"(int memcmp(const void *a, const void *b, size_t n) {
    __CPROVER_precondition(__CPROVER_r_ok(a, n), "memcmp region 1 readable");
    __CPROVER_precondition(__CPROVER_r_ok(b, n), "memcmp region 2 readable");
    const unsigned char *p = a, *q = b;
    for (; n != 0; n--, p++, q++)
        if (*p != *q)
            return *p - *q;
    return 0;
}
)"},
        {"memchr", R"(void *memchr(const void *s, int c, size_t n) {
    __CPROVER_precondition(__CPROVER_r_ok(s, n), "memchr region readable");
    const unsigned char *p = s;
    for (; n != 0; n--, p++)
        if (*p == (unsigned char)c)
            return (void *)p;
    return 0;
}
)"},
        // CBMC copies and sets arrays in one step (__CPROVER_array_copy, _set): no loop that
        // --unwind would bound. So does the model checker over byte arrays (__vcov_block_*,
        // Intrinsic::BlockOperation); elsewhere these loops, named memcpy.0 etc., are unwound
        // as far as the program needs unless an unwindset names them (isArrayOperationModel).
        {"memcpy", R"(void *memcpy(void *dst, const void *src, size_t n) {
    __CPROVER_precondition(__CPROVER_POINTER_OBJECT(dst) != __CPROVER_POINTER_OBJECT(src) ||
                               (const char *)src >= (const char *)dst + n || (const char *)dst >= (const char *)src + n,
                           "memcpy src/dst overlap");
    __CPROVER_precondition(__CPROVER_r_ok(src, n), "memcpy source region readable");
    __CPROVER_precondition(__CPROVER_w_ok(dst, n), "memcpy destination region writeable");
    if (__vcov_block_copy(dst, src, n))
        return dst;
    unsigned char *d = dst;
    const unsigned char *s = src;
    for (size_t i = 0; i != n; i++)
        d[i] = s[i];
    return dst;
}
)"},
        {"memmove", R"(void *memmove(void *dst, const void *src, size_t n) {
    __CPROVER_precondition(__CPROVER_r_ok(src, n), "memmove source region readable");
    __CPROVER_precondition(__CPROVER_w_ok(dst, n), "memmove destination region writeable");
    if (__vcov_block_copy(dst, src, n))
        return dst;
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (!__CPROVER_same_object(dst, src) || d <= s) {
        for (size_t i = 0; i != n; i++)
            d[i] = s[i];
    } else {
        for (size_t i = n; i != 0; i--)
            d[i - 1] = s[i - 1];
    }
    return dst;
}
)"},
        {"memset", R"(void *memset(void *s, int c, size_t n) {
    __CPROVER_precondition(__CPROVER_w_ok(s, n), "memset destination region writeable");
    if (__vcov_block_set(s, c, n))
        return s;
    unsigned char *d = s;
    for (size_t i = 0; i != n; i++)
        d[i] = (unsigned char)c;
    return s;
}
)"},
        // Byte order (arpa/inet.h), as CBMC's library has them: x86-64 is little-endian, the
        // network big-endian.
        {"htons", R"(unsigned short htons(unsigned short x) { return (unsigned short)(x << 8 | x >> 8); }
)"},
        {"ntohs", R"(unsigned short ntohs(unsigned short x) { return (unsigned short)(x << 8 | x >> 8); }
)"},
        {"htonl", R"(unsigned int htonl(unsigned int x) {
    return x << 24 | (x & 0xff00u) << 8 | (x >> 8 & 0xff00u) | x >> 24;
}
)"},
        {"ntohl", R"(unsigned int ntohl(unsigned int x) {
    return x << 24 | (x & 0xff00u) << 8 | (x >> 8 & 0xff00u) | x >> 24;
}
)"},
        {"strlen", R"(size_t strlen(const char *s) {
    size_t n = 0;
    while (s[n] != 0)
        n++;
    return n;
}
)"},
        {"strnlen", R"(size_t strnlen(const char *s, size_t max) {
    size_t n = 0;
    while (n < max && s[n] != 0)
        n++;
    return n;
}
)"},
        {"strcmp", R"(int strcmp(const char *a, const char *b) {
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    while (*p != 0 && *p == *q) {
        p++;
        q++;
    }
    return *p - *q;
}
)"},
        {"strncmp", R"(int strncmp(const char *a, const char *b, size_t n) {
    const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
    for (; n != 0; n--, p++, q++)
        if (*p != *q || *p == 0)
            return *p - *q;
    return 0;
}
)"},
        {"strchr", R"(char *strchr(const char *s, int c) {
    for (;; s++) {
        if (*s == (char)c)
            return (char *)s;
        if (*s == 0)
            return 0;
    }
}
)"},
    };
    return m;
}

} // namespace

bool hasCLibraryModel(const std::string &name) { return models().count(name) > 0; }

bool isArrayOperationModel(const std::string &name) { return name == "memcpy" || name == "memmove" || name == "memset"; }

std::string cLibraryModels(const std::set<std::string> &names) {
    std::string out = "// vcov's models of the C library functions this program calls without defining them.\n"
                      "typedef __SIZE_TYPE__ size_t;\n";
    for (const auto &n : names)
        if (auto it = models().find(n); it != models().end())
            out += "\n" + it->second;
    return out;
}

} // namespace vcov
