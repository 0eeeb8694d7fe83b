"""Real HLS tools as QoR backends (entry-point group `chipbench.hls_qor_backends`)."""
