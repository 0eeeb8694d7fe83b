# Toolchain of the cuda-kernels suite on the CPU: g++ with OpenMP and Python's headers (a torch
# extension build includes them), and a Python environment at /opt/chipbench holding the
# pinned torch, triton and numpy of cuda-kernels.requirements.txt, from wheels the harness puts
# in the build context under wheels/. The judge's scripts are written into each sandbox.
ARG BASE
FROM ${BASE} AS runtime
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      g++ libgomp1 make python3 python3-dev \
 && rm -rf /var/lib/apt/lists/*

# The wheels stay in this stage only: the image carries the installed packages, not the wheels.
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
