# Toolchain of the cuda-kernels suite on the CPU: g++ with OpenMP for `cpu` candidates. torch,
# triton and chipbench's judge come from the harness's own Python environment, bind-mounted
# read-only, so the judge runs exactly the torch the harness built its headers and caches with.
ARG BASE
FROM ${BASE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      g++ libgomp1 make \
 && rm -rf /var/lib/apt/lists/*
