# The swarmgate.v1 C library as a make fragment, for protocols/c/Makefile and firmware/Makefile.
#
# Set before including:
#   SG_BUILD    output directory (generated code goes to $(SG_BUILD)/gen)
#   SG_OPTIONS  nanopb .options files, concatenated in order (later lines override earlier)
# Defines: SG_SOURCES (library + nanopb runtime + generated .pb.c), SG_HEADERS (what a build
# including them must be rebuilt on), SG_CPPFLAGS, SG_PB_H and
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
SG_HEADERS := $(wildcard $(SG_C_DIR)/src/*.h) $(SG_PB_H)
SG_CPPFLAGS := -I$(SG_C_DIR)/src -I$(SG_NANOPB_DIR) -I$(SG_GEN_DIR)

NANOPB_GENERATOR ?= nanopb_generator.py

# Recipes use automatic variables (SG_PROTO_DIR is the same for every build): a Makefile may
# include this fragment once per build (firmware/ does, for the AVR and the host), and recipes
# expand only after the last include.
$(SG_BUILD)/swarmgate.options: $(SG_OPTIONS)
	@mkdir -p $(@D)
	cat $^ > $@

# The .h is made by the same command as the .c; the .c is the target the rest depends on.
$(SG_PB_C): $(SG_PROTO) $(SG_BUILD)/swarmgate.options
	@mkdir -p $(patsubst %/swarmgate/v1/,%,$(dir $@))
	$(NANOPB_GENERATOR) -q -I $(SG_PROTO_DIR) -D $(patsubst %/swarmgate/v1/,%,$(dir $@)) -f $(word 2,$^) $<
$(SG_PB_H): $(SG_PB_C)
