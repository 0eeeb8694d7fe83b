# Toolchain of the isa-transpile suite: the cross binutils that assemble and link a candidate,
# and qemu-user that runs it. The harness objects and the qemu plugin are built by the harness
# on the host and copied in, so no cross compiler is needed inside. python3 runs the sandbox's
# command spawner, as in every image.
ARG BASE
FROM ${BASE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      binutils-riscv64-linux-gnu binutils-aarch64-linux-gnu qemu-user python3 \
 && rm -rf /var/lib/apt/lists/*
