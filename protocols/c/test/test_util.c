#define _POSIX_C_SOURCE 200809L
#include "test_util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint8_t *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    uint8_t *data;
    long size;
    if (file == NULL) return NULL;
    if (fseek(file, 0, SEEK_END) != 0 || (size = ftell(file)) < 0 || fseek(file, 0, SEEK_SET) != 0) {
        fclose(file);
        return NULL;
    }
    data = malloc((size_t)size + 1);
    if (data == NULL || fread(data, 1, (size_t)size, file) != (size_t)size) {
        free(data);
        fclose(file);
        return NULL;
    }
    fclose(file);
    data[size] = 0;
    *length = (size_t)size;
    return data;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

long hex_decode(const char *hex, size_t hex_length, uint8_t *out, size_t capacity) {
    size_t i;
    if (hex_length % 2 != 0 || hex_length / 2 > capacity) return -1;
    for (i = 0; i < hex_length; i += 2) {
        const int high = hex_digit(hex[i]);
        const int low = hex_digit(hex[i + 1]);
        if (high < 0 || low < 0) return -1;
        out[i / 2] = (uint8_t)(high << 4 | low);
    }
    return (long)(hex_length / 2);
}

static int compare_paths(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

size_t list_vectors(const char *directory, char paths[][512], size_t capacity) {
    DIR *dir = opendir(directory);
    struct dirent *entry;
    size_t count = 0;
    if (dir == NULL) return 0;
    while ((entry = readdir(dir)) != NULL && count < capacity) {
        const size_t n = strlen(entry->d_name);
        if (n > 4 && strcmp(entry->d_name + n - 4, ".bin") == 0) {
            snprintf(paths[count++], 512, "%s/%s", directory, entry->d_name);
        }
    }
    closedir(dir);
    qsort(paths, count, 512, compare_paths);
    return count;
}
