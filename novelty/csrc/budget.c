/* What one search may spend (budget.h). */
#include <time.h>

#include "budget.h"

double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int budget_clock(Budget *b) {
    b->next_clock = b->ticks + CLOCK_EVERY;  /* (the DP adds many ticks at once) */
    return now_seconds() > b->deadline;
}

void budget_phase(Budget *b, double deadline, double share) {
    b->stopped = b->broken_index;  /* a broken step index stops every phase: the answer will be refused */
    b->deadline = deadline;
    b->work_end = b->work ? b->ticks + (uint64_t)(share * (double)b->work) + 1 : 0;
}

void budget_publish(Budget *b, int64_t total) {
    if (b->progress && total > __atomic_load_n(b->progress, __ATOMIC_RELAXED))
        __atomic_store_n(b->progress, total, __ATOMIC_RELAXED);
}
