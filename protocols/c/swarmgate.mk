# The swarmgate.v1 C library as a make fragment, for protocols/c/Makefile and firmware/Makefile.
#
# Set before including:
#   SG_BUILD    output directory (generated code goes to $(SG_BUILD)/gen)
#   SG_OPTIONS  nanopb .options files, concatenated in order (later lines override earlier)
# Defines: SG_SOURCES (library + nanopb runtime + generated .pb.c), SG_CPPFLAGS, SG_PB_H and
# the rule that regenerates the code whenever the .proto or an options file changes.

SG_C_DIR := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
SG_PROTO_DIR := $(SG_C_DIR)/../proto
SG_PROTO := $(SG_PROTO_DIR)/swarmgate/v1/swarmgate.proto
SG_GEN_DIR := $(SG_BUILD)/gen
SG_PB_C := $(SG_GEN_DIR)/swarmgate/v1/swarmgate.pb.c
SG_PB_H := $(SG_GEN_DIR)/swarmgate/v1/swarmgate.pb.h
SG_NANOPB_DIR := $(SG_C_DIR)/third_party/nanopb

SG_SOURCES := $(wildcard $(SG_C_DIR)/src/*.c) $(SG_PB_C) \
	$(SG_NANOPB_DIR)/pb_common.c $(SG_NANOPB_DIR)/pb_decode.c $(SG_NANOPB_DIR)/pb_encode.c
SG_CPPFLAGS := -I$(SG_C_DIR)/src -I$(SG_NANOPB_DIR) -I$(SG_GEN_DIR)

NANOPB_GENERATOR ?= nanopb_generator.py

$(SG_BUILD)/swarmgate.options: $(SG_OPTIONS)
	@mkdir -p $(@D)
	cat $^ > $@

# The .h is made by the same command as the .c; the .c is the target the rest depends on.
$(SG_PB_C): $(SG_PROTO) $(SG_BUILD)/swarmgate.options
	@mkdir -p $(SG_GEN_DIR)
	$(NANOPB_GENERATOR) -q -I $(SG_PROTO_DIR) -D $(SG_GEN_DIR) -f $(SG_BUILD)/swarmgate.options $(SG_PROTO)
$(SG_PB_H): $(SG_PB_C)
