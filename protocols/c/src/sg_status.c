#include "sg_status.h"

const char *sg_status_name(sg_status_t status) {
    switch (status) {
    case SG_OK: return "SG_OK";
    case SG_PENDING: return "SG_PENDING";
    case SG_ERR_CRC: return "SG_ERR_CRC";
    case SG_ERR_DECODE: return "SG_ERR_DECODE";
    case SG_ERR_OVERSIZE: return "SG_ERR_OVERSIZE";
    case SG_ERR_GARBAGE: return "SG_ERR_GARBAGE";
    case SG_ERR_VERSION: return "SG_ERR_VERSION";
    case SG_ERR_NO_BODY: return "SG_ERR_NO_BODY";
    case SG_ERR_BUFFER: return "SG_ERR_BUFFER";
    case SG_ERR_ARGUMENT: return "SG_ERR_ARGUMENT";
    }
    return "SG_ERR_UNKNOWN";
}
