# chipbench: opt-in (gigabytes: built only on request, `chipbench sandbox build --cuda`)
# Toolchain of the cuda-kernels suite's cuda and triton backends: g++ and Python's headers,
# and a Python environment at /opt/chipbench holding a CUDA build of the pinned torch (and the triton it pins),
# and nvcc, ptxas, cicc and the CUDA headers from NVIDIA's PyPI wheels (what chipbench[cuda]
# installs), found there by the toolchain probe. GPUs come in at run time through the docker
# SDK's device requests where the engine has the NVIDIA runtime; without one, candidates are
# compiled (nvcc and ptxas need no GPU) and the verdict says no GPU.
ARG BASE
FROM ${BASE} AS runtime
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      g++ libgomp1 make python3 python3-dev \
 && rm -rf /var/lib/apt/lists/*

# The wheels stay in this stage only: the image carries the installed packages, not the wheels.
FROM runtime AS install
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
LABEL chipbench.gpu=1
