/*
 * Runs the real MONA firmware (build/firmware.elf) on simavr's ATmega328P with UART0 bridged
 * to a pseudo-terminal, paced to wall-clock time, so the gateway's SerialBridge (or a human with
 * picocom) can talk to it exactly as to a robot on a USB adapter.
 *
 * A minimal board model around the MCU: 3.3 V supply, IR inputs at the supply ("nothing in
 * front"), and wheels whose encoders pulse INT0 / INT1 at a rate proportional to the motor PWM
 * duty (full duty = the MONA's maximum wheel speed). No inertia, no load, no obstacles.
 *
 *   mona_simavr FIRMWARE.elf [--link PATH] [--freq HZ] [--hold]
 *
 * Prints "pty: /dev/pts/N" once the pty exists (and symlinks PATH to it with --link). With
 * --hold the CPU starts only when a first byte (consumed, never seen by the firmware) arrives
 * from the pty: a host opening a serial port flushes what was sent before, so a test that must
 * see the boot from its first frame opens the port, then writes that byte. Exits 0
 * on SIGINT / SIGTERM, 1 if the simulated CPU crashes or stops.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <simavr/avr_adc.h>
#include <simavr/avr_ioport.h>
#include <simavr/avr_uart.h>
#include <simavr/sim_avr.h>
#include <simavr/sim_cycle_timers.h>
#include <simavr/sim_elf.h>
#include <simavr/sim_irq.h>

/* 100 us at 8 MHz: the slice after which time is paced, UART input fed and wheels stepped. */
#define SLICE_CYCLES 800u
#define SUPPLY_MV 3300u

/*
 * The board, as firmware/src/hal_avr.c drives it (keep the two in step): left motor PWM OCR0A,
 * encoder PD2 (INT0); right motor PWM OCR0B, encoder PD3 (INT1). The direction pins need no
 * model: the single-channel encoders cannot tell, the firmware signs the ticks itself.
 * Data-space addresses of the ATmega328P registers.
 */
#define REG_OCR0A 0x47u
#define REG_OCR0B 0x48u
/* Encoder ticks per second at full duty: 0.13 m/s / (2 pi 10.4 mm) * 1176 ticks per turn. */
#define FULL_DUTY_TICKS_PER_S 2340.0

typedef struct {
    avr_irq_t *encoder_pin;
    double ticks;    /* fractional ticks accumulated */
    int pin_high;
} wheel_t;

static volatile sig_atomic_t stopping = 0;
static int master_fd = -1;
static int xon = 1;          /* the firmware's UART input FIFO has room */
static uint8_t pending_byte; /* read from the pty, not yet accepted by the UART */
static int has_pending = 0;
static unsigned long dropped_out = 0;

static void on_signal(int signal_number) {
    (void)signal_number;
    stopping = 1;
}

/* A byte the firmware transmitted: to the pty. Dropped (counted) when nobody drains the pty. */
static void on_uart_output(struct avr_irq_t *irq, uint32_t value, void *param) {
    const uint8_t byte = (uint8_t)value;
    (void)irq;
    (void)param;
    if (write(master_fd, &byte, 1) != 1) dropped_out++;
}

static void on_xon(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)value;
    (void)param;
    xon = 1;
}

static void on_xoff(struct avr_irq_t *irq, uint32_t value, void *param) {
    (void)irq;
    (void)value;
    (void)param;
    xon = 0;
}

/* Moves pty bytes into the UART while its FIFO has room (simavr paces them at the baud rate). */
static void feed_uart(avr_irq_t *input) {
    while (xon) {
        if (!has_pending) {
            if (read(master_fd, &pending_byte, 1) != 1) return; /* EAGAIN: nothing waiting */
            has_pending = 1;
        }
        avr_raise_irq(input, pending_byte);
        has_pending = 0;
    }
}

/*
 * Advances a wheel by one slice: at most one encoder pulse per slice (a rising edge, then the
 * pin falls in the next slice), so no edge is lost between two runs of the encoder ISR.
 */
static void step_wheel(wheel_t *wheel, uint8_t duty, double slice_s) {
    if (wheel->pin_high) {
        avr_raise_irq(wheel->encoder_pin, 0);
        wheel->pin_high = 0;
    }
    wheel->ticks += (double)duty / 255.0 * FULL_DUTY_TICKS_PER_S * slice_s;
    if (wheel->ticks >= 1.0) {
        wheel->ticks -= 1.0;
        avr_raise_irq(wheel->encoder_pin, 1);
        wheel->pin_high = 1;
    }
}

static wheel_t wheels[2];

/*
 * Steps the wheels every SLICE_CYCLES of simulated time, as a simavr cycle timer: it fires on
 * time while the CPU sleeps too (simavr skips a sleeping CPU ahead to its next timer, which a
 * slice counted in the main loop would miss, losing ticks), and an encoder edge it raises
 * wakes the CPU, so the encoder ISR runs before the next slice.
 */
static avr_cycle_count_t on_wheel_slice(avr_t *avr, avr_cycle_count_t when, void *param) {
    const double slice_s = (double)SLICE_CYCLES / (double)avr->frequency;
    (void)param;
    step_wheel(&wheels[0], avr->data[REG_OCR0A], slice_s);
    step_wheel(&wheels[1], avr->data[REG_OCR0B], slice_s);
    return when + SLICE_CYCLES;
}

static double wall_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static int open_pty(const char *link_path) {
    struct termios tio;
    const char *slave_name;
    int slave_fd;
    master_fd = posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (master_fd < 0 || grantpt(master_fd) != 0 || unlockpt(master_fd) != 0) return -1;
    slave_name = ptsname(master_fd);
    if (slave_name == NULL) return -1;
    /* Raw bytes both ways; holding the slave open keeps the master from reading EIO while no
     * client is attached (the gateway opens and closes it as it likes). */
    slave_fd = open(slave_name, O_RDWR | O_NOCTTY);
    if (slave_fd < 0 || tcgetattr(slave_fd, &tio) != 0) return -1;
    cfmakeraw(&tio);
    if (tcsetattr(slave_fd, TCSANOW, &tio) != 0) return -1;
    if (link_path != NULL) {
        unlink(link_path);
        if (symlink(slave_name, link_path) != 0) return -1;
    }
    printf("pty: %s\n", slave_name);
    fflush(stdout);
    return slave_fd;
}

int main(int argc, char **argv) {
    const char *firmware_path = NULL;
    const char *link_path = NULL;
    uint32_t frequency = 8000000u;
    elf_firmware_t firmware;
    avr_t *avr;
    avr_irq_t *input;
    uint32_t uart_flags = 0;
    double start_s;
    int i;
    int state = cpu_Running;
    int hold = 0;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--link") == 0 && i + 1 < argc) link_path = argv[++i];
        else if (strcmp(argv[i], "--freq") == 0 && i + 1 < argc) frequency = (uint32_t)strtoul(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--hold") == 0) hold = 1;
        else if (argv[i][0] != '-' && firmware_path == NULL) firmware_path = argv[i];
        else {
            fprintf(stderr, "usage: %s FIRMWARE.elf [--link PATH] [--freq HZ] [--hold]\n", argv[0]);
            return 2;
        }
    }
    if (firmware_path == NULL) {
        fprintf(stderr, "usage: %s FIRMWARE.elf [--link PATH] [--freq HZ] [--hold]\n", argv[0]);
        return 2;
    }
    memset(&firmware, 0, sizeof firmware);
    if (elf_read_firmware(firmware_path, &firmware) != 0) {
        fprintf(stderr, "mona_simavr: cannot read %s\n", firmware_path);
        return 1;
    }
    avr = avr_make_mcu_by_name("atmega328p");
    if (avr == NULL) return 1;
    avr_init(avr);
    avr->frequency = frequency;
    avr->log = LOG_WARNING;
    firmware.vcc = firmware.avcc = firmware.aref = SUPPLY_MV;
    avr_load_firmware(avr, &firmware);
    for (i = 0; i < 8; i++) avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_ADC_GETIRQ, ADC_IRQ_ADC0 + i), SUPPLY_MV);
    memset(wheels, 0, sizeof wheels);
    wheels[0].encoder_pin = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), IOPORT_IRQ_PIN0 + 2);
    wheels[1].encoder_pin = avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ('D'), IOPORT_IRQ_PIN0 + 3);

    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGPIPE, SIG_IGN);
    if (open_pty(link_path) < 0) {
        fprintf(stderr, "mona_simavr: cannot set up the pty: %s\n", strerror(errno));
        return 1;
    }
    input = avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), on_uart_output, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XON), on_xon, NULL);
    avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUT_XOFF), on_xoff, NULL);
    /* simavr echoes UART output to its own stdout by default; the pty is the only output here. */
    avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &uart_flags);
    uart_flags &= ~(uint32_t)AVR_UART_FLAG_STDIO;
    avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &uart_flags);

    avr_cycle_timer_register(avr, SLICE_CYCLES, on_wheel_slice, NULL);
    while (hold && !stopping) {
        uint8_t byte;
        struct timespec pause = {0, 1000000L};
        if (read(master_fd, &byte, 1) == 1) break;
        nanosleep(&pause, NULL);
    }
    start_s = wall_seconds();
    while (!stopping && state != cpu_Done && state != cpu_Crashed) {
        const avr_cycle_count_t until = avr->cycle + SLICE_CYCLES;
        double ahead_s;
        while (avr->cycle < until && state != cpu_Done && state != cpu_Crashed) state = avr_run(avr);
        feed_uart(input);
        /* Hold simulated time to wall time: the firmware's deadlines and rates are in ms. */
        ahead_s = (double)avr->cycle / (double)frequency - (wall_seconds() - start_s);
        if (ahead_s > 0.0005) {
            struct timespec pause = {0, (long)(ahead_s * 1e9)};
            nanosleep(&pause, NULL);
        }
    }
    if (link_path != NULL) unlink(link_path);
    if (dropped_out > 0) fprintf(stderr, "mona_simavr: %lu output bytes dropped (pty not drained)\n", dropped_out);
    return state == cpu_Crashed || state == cpu_Done ? 1 : 0;
}
