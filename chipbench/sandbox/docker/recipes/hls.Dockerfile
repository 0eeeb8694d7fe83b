# Toolchain of the hls suite: g++ compiles a design with the untouched kernel and the hidden
# testbench for C simulation. python3 runs the sandbox's command spawner, as in every image.
ARG BASE
FROM ${BASE}
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends g++ libc6-dev python3 \
 && rm -rf /var/lib/apt/lists/*
