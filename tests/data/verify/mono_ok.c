// mono_bug.c with the check turned round: the one execution ends without a violation, which
// proves the program safe (there is no other execution).
extern void reach_error(void);

int main(void) {
    unsigned int x = 0, y = 0;
    while (x < 1500000) {
        if (x < 750000)
            y++;
        else
            y--;
        x++;
    }
    if (y != 0)
        reach_error();
    return 0;
}
