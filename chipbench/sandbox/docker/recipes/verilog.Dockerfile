# Toolchain of the verilog suite (and of adapters scored by the same evaluator): Icarus
# Verilog, Verilator (with g++ and make, which it drives), Yosys, and a Python
# environment at /opt/chipbench with pyslang (verilog.requirements.txt) for the interface check.
ARG BASE
FROM ${BASE} AS runtime
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      iverilog verilator yosys g++ make libstdc++6 python3 \
 && rm -rf /var/lib/apt/lists/*

FROM runtime AS install
# Marks this stage's image, which `chipbench sandbox build` removes once the image is built.
LABEL chipbench.stage=install
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends python3-venv \
 && rm -rf /var/lib/apt/lists/*
COPY wheels /wheels
RUN python3 -m venv /opt/chipbench \
 && /opt/chipbench/bin/pip install -q --no-index --no-deps /wheels/*.whl

FROM runtime
COPY --from=install /opt/chipbench /opt/chipbench
LABEL chipbench.python=/opt/chipbench/bin/python
