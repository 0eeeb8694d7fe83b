"""GPUs in docker containers: asked for with the docker SDK's device requests, which the
engine can honour only with NVIDIA's container runtime (the NVIDIA Container Toolkit)."""

from __future__ import annotations

import shutil

NO_RUNTIME = ("the docker engine has no NVIDIA runtime, so a container cannot use this machine's GPU: install "
              "the NVIDIA Container Toolkit and run `nvidia-ctk runtime configure --runtime=docker`, then "
              "restart dockerd (or score with --sandbox local)")


def nvidia_runtime(info: dict) -> bool:
    """Whether the engine (its `docker info`) can pass NVIDIA GPUs to containers."""
    return "nvidia" in (info.get("Runtimes") or {})


def device_requests() -> list:
    """Every GPU of the host, with the capabilities CUDA programs need."""
    import docker.types

    return [docker.types.DeviceRequest(count=-1, capabilities=[["gpu", "compute", "utility"]])]


def host_has_gpu() -> bool:
    """Whether the harness would run candidates on a GPU here (so a container must get one)."""
    from chipbench.evaluators.kernels.backends.triton import gpu_name

    return shutil.which("nvidia-smi") is not None and gpu_name() is not None
