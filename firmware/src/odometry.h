/* Dead reckoning from the wheel encoders, as firmware-sim's Odometry.ts (midpoint heading). */
#ifndef MONA_ODOMETRY_H
#define MONA_ODOMETRY_H

#include <stdint.h>

typedef struct {
    float x_m;
    float y_m;
    float heading_rad; /* in (-pi, pi] */
    int32_t last_left_ticks;
    int32_t last_right_ticks;
} odometry_t;

void odometry_reset(odometry_t *odometry, int32_t left_ticks, int32_t right_ticks);

/* Integrates the tick deltas since the last update (int32 wrap-safe). */
void odometry_update(odometry_t *odometry, int32_t left_ticks, int32_t right_ticks);

#endif
