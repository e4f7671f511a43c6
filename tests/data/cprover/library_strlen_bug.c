// strlen of a string the harness filled: 3 unless a byte it wrote is 0.
#include <assert.h>
#include <string.h>
void harness(char c) {
    char s[4] = {'a', 'b', 'c', 0};
    s[1] = c;
    assert(strlen(s) == 3);
}
