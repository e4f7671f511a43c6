// A pointer read from malloc'd memory nothing wrote, moved by one byte and compared: an
// indeterminate address, never dereferenced (its 64-bit offset once became 128 bits).
#include <stdlib.h>
int main(void) {
    char **p = malloc(sizeof(char *));
    if (!p)
        return 0;
    char *q = *p + 1;
    free(p);
    return q == 0;
}
