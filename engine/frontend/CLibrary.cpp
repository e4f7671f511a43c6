#include "frontend/CLibrary.h"

#include <map>

namespace vcov {

const char *const CLibraryPath = "/vcov/library/string.c";

namespace {

// Byte by byte, as the C standard defines them; the reads the standard requires be valid
// are CBMC's preconditions (as in CBMC's own models), built-in assertions (ModelPrecondition, Program::builtinAssertions).
const std::map<std::string, std::string> &models() {
    static const std::map<std::string, std::string> m = {
        {"memcmp", R"(int memcmp(const void *a, const void *b, size_t n) {
    __vcov_model_precondition(__CPROVER_r_ok(a, n), "memcmp region 1 readable");
    __vcov_model_precondition(__CPROVER_r_ok(b, n), "memcmp region 2 readable");
    const unsigned char *p = a, *q = b;
    for (; n != 0; n--, p++, q++)
        if (*p != *q)
            return *p - *q;
    return 0;
}
)"},
        {"memchr", R"(void *memchr(const void *s, int c, size_t n) {
    __vcov_model_precondition(__CPROVER_r_ok(s, n), "memchr region readable");
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
    __vcov_model_precondition(__CPROVER_POINTER_OBJECT(dst) != __CPROVER_POINTER_OBJECT(src) ||
                               (const char *)src >= (const char *)dst + n || (const char *)dst >= (const char *)src + n,
                           "memcpy src/dst overlap");
    __vcov_model_precondition(__CPROVER_r_ok(src, n), "memcpy source region readable");
    __vcov_model_precondition(__CPROVER_w_ok(dst, n), "memcpy destination region writeable");
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
    __vcov_model_precondition(__CPROVER_r_ok(src, n), "memmove source region readable");
    __vcov_model_precondition(__CPROVER_w_ok(dst, n), "memmove destination region writeable");
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
    __vcov_model_precondition(__CPROVER_w_ok(s, n), "memset destination region writeable");
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
        {"strcpy", R"(char *strcpy(char *dst, const char *src) {
    size_t i = 0;
    for (; src[i] != 0; i++)
        dst[i] = src[i];
    dst[i] = 0;
    return dst;
}
)"},
        {"strncpy", R"(char *strncpy(char *dst, const char *src, size_t n) {
    size_t i = 0;
    for (; i != n && src[i] != 0; i++)
        dst[i] = src[i];
    for (; i != n; i++)
        dst[i] = 0;
    return dst;
}
)"},
        {"strcat", R"(char *strcat(char *dst, const char *src) {
    size_t n = 0, i = 0;
    while (dst[n] != 0)
        n++;
    for (; src[i] != 0; i++)
        dst[n + i] = src[i];
    dst[n + i] = 0;
    return dst;
}
)"},
        {"strncat", R"(char *strncat(char *dst, const char *src, size_t max) {
    size_t n = 0, i = 0;
    while (dst[n] != 0)
        n++;
    for (; i != max && src[i] != 0; i++)
        dst[n + i] = src[i];
    dst[n + i] = 0;
    return dst;
}
)"},
        // The conversions the front end lets through (checkedFormat in LowerCalls.cpp): d i u
        // x X c s and %, with l, ll or z; no flags, width or precision. As glibc prints them.
        {"__vcov_vsnprintf", R"(static void __vcov_put(char *s, size_t n, size_t *len, char c) {
    if (*len + 1 < n)
        s[*len] = c;
    *len = *len + 1;
}
static int __vcov_vsnprintf(char *s, size_t n, const char *f, __builtin_va_list ap) {
    size_t len = 0;
    for (; *f != 0; f++) {
        if (*f != '%') {
            __vcov_put(s, n, &len, *f);
            continue;
        }
        f++;
        int size = 0;
        for (; *f == 'l' || *f == 'z'; f++)
            size++;
        const char c = *f;
        if (c == '%') {
            __vcov_put(s, n, &len, '%');
        } else if (c == 'c') {
            __vcov_put(s, n, &len, (char)__builtin_va_arg(ap, int));
        } else if (c == 's') {
            const char *t = __builtin_va_arg(ap, const char *);
            for (; *t != 0; t++)
                __vcov_put(s, n, &len, *t);
        } else {
            unsigned long long u;
            int negative = 0;
            if (c == 'd' || c == 'i') {
                long long v = size >= 2 ? __builtin_va_arg(ap, long long)
                              : size == 1 ? __builtin_va_arg(ap, long) : __builtin_va_arg(ap, int);
                negative = v < 0;
                u = negative ? 0ULL - (unsigned long long)v : (unsigned long long)v;
            } else {
                u = size >= 2 ? __builtin_va_arg(ap, unsigned long long)
                    : size == 1 ? __builtin_va_arg(ap, unsigned long) : __builtin_va_arg(ap, unsigned int);
            }
            const unsigned base = c == 'x' || c == 'X' ? 16 : 10;
            char digits[24];
            int k = 0;
            do {
                const unsigned d = (unsigned)(u % base);
                digits[k++] = (char)(d < 10 ? '0' + d : (c == 'X' ? 'A' : 'a') + d - 10);
                u = u / base;
            } while (u != 0);
            if (negative)
                __vcov_put(s, n, &len, '-');
            while (k > 0)
                __vcov_put(s, n, &len, digits[--k]);
        }
    }
    if (n != 0)
        s[len < n ? len : n - 1] = 0;
    return (int)len;
}
)"},
        {"sprintf", R"(int sprintf(char *s, const char *f, ...) {
    __builtin_va_list ap;
    __builtin_va_start(ap, f);
    int r = __vcov_vsnprintf(s, (size_t)-1, f, ap);
    __builtin_va_end(ap);
    return r;
}
)"},
        {"snprintf", R"(int snprintf(char *s, size_t n, const char *f, ...) {
    __builtin_va_list ap;
    __builtin_va_start(ap, f);
    int r = __vcov_vsnprintf(s, n, f, ap);
    __builtin_va_end(ap);
    return r;
}
)"},
        // d i u x with l, ll or z, literal characters and white space, as glibc reads them:
        // the number of conversions assigned, or EOF where the input ends before the first.
        {"sscanf", R"(int sscanf(const char *in, const char *f, ...) {
    __builtin_va_list ap;
    __builtin_va_start(ap, f);
    int assigned = 0;
    for (; *f != 0; f++) {
        if (*f == ' ' || *f == '\n' || *f == '\t') {
            while (*in == ' ' || *in == '\n' || *in == '\t')
                in++;
            continue;
        }
        if (*f != '%' || f[1] == '%') {
            if (*f == '%')
                f++;
            if (*in != *f)
                break;
            in++;
            continue;
        }
        f++;
        int size = 0;
        for (; *f == 'l' || *f == 'z'; f++)
            size++;
        const char c = *f;
        while (*in == ' ' || *in == '\n' || *in == '\t')
            in++;
        if (*in == 0) {
            if (assigned == 0) {
                __builtin_va_end(ap);
                return -1;
            }
            break;
        }
        int negative = 0;
        if ((*in == '-' || *in == '+') && c != 'x') {
            negative = *in == '-';
            in++;
        }
        const unsigned base = c == 'x' ? 16 : 10;
        unsigned long long v = 0;
        int digits = 0;
        for (;; in++, digits++) {
            unsigned d;
            if (*in >= '0' && *in <= '9')
                d = (unsigned)(*in - '0');
            else if (base == 16 && *in >= 'a' && *in <= 'f')
                d = (unsigned)(*in - 'a' + 10);
            else if (base == 16 && *in >= 'A' && *in <= 'F')
                d = (unsigned)(*in - 'A' + 10);
            else
                break;
            v = v * base + d;
        }
        if (digits == 0)
            break;
        if (negative)
            v = 0ULL - v;
        if (c == 'd' || c == 'i') {
            if (size >= 2)
                *__builtin_va_arg(ap, long long *) = (long long)v;
            else if (size == 1)
                *__builtin_va_arg(ap, long *) = (long)v;
            else
                *__builtin_va_arg(ap, int *) = (int)v;
        } else {
            if (size >= 2)
                *__builtin_va_arg(ap, unsigned long long *) = v;
            else if (size == 1)
                *__builtin_va_arg(ap, unsigned long *) = (unsigned long)v;
            else
                *__builtin_va_arg(ap, unsigned int *) = (unsigned int)v;
        }
        assigned++;
    }
    __builtin_va_end(ap);
    return assigned;
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
    std::set<std::string> all = names;
    if (all.count("sprintf") || all.count("snprintf"))
        all.insert("__vcov_vsnprintf"); // first: their common part
    if (all.count("__vcov_vsnprintf"))
        out += "\n" + models().at("__vcov_vsnprintf");
    for (const auto &n : all)
        if (auto it = models().find(n); it != models().end() && n != "__vcov_vsnprintf")
            out += "\n" + it->second;
    return out;
}

} // namespace vcov
