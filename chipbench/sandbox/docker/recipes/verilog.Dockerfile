# Toolchain of the verilog suite (and of adapters scored by the same evaluator): Icarus
# Verilog, Verilator (with g++, make and ccache, which it drives), Yosys.
ARG BASE
FROM ${BASE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      iverilog verilator yosys g++ make ccache libstdc++6 \
 && rm -rf /var/lib/apt/lists/*
