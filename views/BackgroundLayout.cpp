#include "BackgroundLayout.h"

#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace vcov::views {

void lowerThreadPriority() {
#ifdef __linux__
    // On Linux the nice value belongs to the thread (NPTL), not to the whole process.
    constexpr int Nice = 10;
    const pid_t self = gettid();
    if (getpriority(PRIO_PROCESS, id_t(self)) < Nice)
        setpriority(PRIO_PROCESS, id_t(self), Nice);
#endif
}

} // namespace vcov::views
