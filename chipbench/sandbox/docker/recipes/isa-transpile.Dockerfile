# Toolchain of the isa-transpile suite: the cross binutils that assemble and link a candidate,
# and qemu-user that runs it. The harness objects and the qemu plugin are built by the harness
# on the host and copied in, so no cross compiler is needed inside.
ARG BASE
FROM ${BASE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      binutils-riscv64-linux-gnu binutils-aarch64-linux-gnu qemu-user \
 && rm -rf /var/lib/apt/lists/*
