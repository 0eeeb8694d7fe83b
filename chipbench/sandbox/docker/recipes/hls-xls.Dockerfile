# Toolchain of the hls-xls suite: Google XLS through its Python bindings (a Python environment
# at /opt/chipbench with the pinned xls-python of hls-xls.requirements.txt, which bundles
# libxls and the DSLX standard library), Icarus Verilog for the generated Verilog, Yosys for
# its area. The XLS flow's script is written into each sandbox by the evaluator.
ARG BASE
FROM ${BASE} AS runtime
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      iverilog yosys python3 libstdc++6 \
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
