#include "odometry.h"

#include <math.h>

#include "mona_config.h"

#define PI_F 3.14159265f
#define METRES_PER_TICK (2.0f * PI_F * MONA_WHEEL_RADIUS_M / (float)MONA_ENCODER_TICKS_PER_REV)

void odometry_reset(odometry_t *odometry, int32_t left_ticks, int32_t right_ticks) {
    odometry->x_m = 0.0f;
    odometry->y_m = 0.0f;
    odometry->heading_rad = 0.0f;
    odometry->last_left_ticks = left_ticks;
    odometry->last_right_ticks = right_ticks;
}

void odometry_update(odometry_t *odometry, int32_t left_ticks, int32_t right_ticks) {
    /* Unsigned subtraction: the counters wrap at int32 and the delta stays right. */
    const int32_t left_delta = (int32_t)((uint32_t)left_ticks - (uint32_t)odometry->last_left_ticks);
    const int32_t right_delta = (int32_t)((uint32_t)right_ticks - (uint32_t)odometry->last_right_ticks);
    const float left_m = (float)left_delta * METRES_PER_TICK;
    const float right_m = (float)right_delta * METRES_PER_TICK;
    const float distance_m = (left_m + right_m) / 2.0f;
    const float turn_rad = (right_m - left_m) / MONA_WHEEL_BASE_M;
    const float mid_heading_rad = odometry->heading_rad + turn_rad / 2.0f;
    float heading_rad = odometry->heading_rad + turn_rad;
    odometry->last_left_ticks = left_ticks;
    odometry->last_right_ticks = right_ticks;
    odometry->x_m += distance_m * cosf(mid_heading_rad);
    odometry->y_m += distance_m * sinf(mid_heading_rad);
    /* atan2, not a loop: a corrupt tick jump must not stall the main loop. */
    if (heading_rad > PI_F || heading_rad <= -PI_F) heading_rad = atan2f(sinf(heading_rad), cosf(heading_rad));
    if (heading_rad <= -PI_F) heading_rad = PI_F;
    odometry->heading_rad = heading_rad;
}
