// A CPU stand-in for the CUDA runtime, so a task's kernel.cu can run without a GPU (tests only).
//
// Why: without a GPU, `tasks check --suite cuda-kernels:cuda` only compiles the CUDA references.
// Their index arithmetic, barriers and warp shuffles are checked here instead: `build.py`
// rewrites each launch `k<<<grid, block>>>(args)` into `emu::launch(k, grid, block)(args)` and
// compiles the file with g++ against this header. A launch runs one std::thread per CUDA thread
// of a block and the blocks one after another, so `__shared__` (made `static`) is the block's
// own; __syncthreads is a barrier of the block's threads, and each warp shuffle a barrier of the
// warp's. A block whose threads reached __syncthreads a different number of times is reported
// (undefined behaviour on a GPU); a thread waiting at a barrier others never reach hangs, which
// the caller's timeout turns into a failure. What this cannot see: races between threads that
// a GPU would interleave differently, memory-model and alignment faults, and speed.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <algorithm>
#include <atomic>
#include <barrier>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#undef __global__
#undef __device__
#undef __host__
#undef __forceinline__
#undef __shared__
#undef __launch_bounds__
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __shared__ static  // one block runs at a time, so a static is that block's shared memory

namespace emu {

struct Warp {
  explicit Warp(int n) : bar(n) {}
  std::barrier<> bar;
  uint64_t slot[32] = {};
};

struct Block {
  Block(int n) : bar(n), syncs(n, 0) {
    for (int w = 0; w < (n + 31) / 32; ++w) warps.emplace_back(std::make_unique<Warp>(std::min(32, n - 32 * w)));
  }
  std::barrier<> bar;
  std::vector<std::unique_ptr<Warp>> warps;
  std::vector<long> syncs;
};

inline thread_local Block* block = nullptr;
inline thread_local long syncs = 0;

}  // namespace emu

inline thread_local uint3 threadIdx, blockIdx;
inline thread_local dim3 blockDim, gridDim;

inline void __syncthreads() {
  ++emu::syncs;
  emu::block->bar.arrive_and_wait();
}

inline void __syncwarp(unsigned mask = 0xffffffffu) {
  if (mask != 0xffffffffu) throw std::runtime_error("emu: __syncwarp with a partial mask");
  emu::block->warps[(threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) / 32]->bar.arrive_and_wait();
}

namespace emu {
template <typename T>
T exchange(unsigned mask, T v, int src_of_lane) {
  static_assert(sizeof(T) <= 8);
  if (mask != 0xffffffffu) throw std::runtime_error("emu: shuffle with a partial mask");
  const unsigned id = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  Warp& w = *block->warps[id / 32];
  const int lane = id % 32;
  std::memcpy(&w.slot[lane], &v, sizeof(T));
  w.bar.arrive_and_wait();
  T r;
  std::memcpy(&r, &w.slot[src_of_lane], sizeof(T));
  w.bar.arrive_and_wait();
  return r;
}
}  // namespace emu

template <typename T>
T __shfl_xor_sync(unsigned mask, T v, int lane_mask, int width = 32) {
  const int lane = (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % 32;
  return emu::exchange(mask, v, (lane ^ lane_mask) < width ? (lane ^ lane_mask) : lane);
}
template <typename T>
T __shfl_down_sync(unsigned mask, T v, unsigned delta, int width = 32) {
  const int lane = (threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z)) % 32;
  return emu::exchange(mask, v, lane + (int)delta < width ? lane + (int)delta : lane);
}
template <typename T>
T __shfl_sync(unsigned mask, T v, int src, int width = 32) {
  return emu::exchange(mask, v, src % width);
}

inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
inline float __expf(float x) { return std::exp(x); }
inline float __logf(float x) { return std::log(x); }
inline float __fdividef(float a, float b) { return a / b; }
inline float __saturatef(float x) { return std::min(1.0f, std::max(0.0f, x)); }
template <typename T>
T __ldg(const T* p) { return *p; }
inline float atomicAdd(float* p, float v) { return std::atomic_ref<float>(*p).fetch_add(v); }

// cudaError_t, cudaStream_t and dim3 come from the CUDA headers cuda_fp16.h includes.
inline cudaError_t cudaGetLastError() { return cudaSuccess; }
inline const char* cudaGetErrorString(cudaError_t) { return "no error"; }

namespace emu {

inline dim3 as_dim3(dim3 d) { return d; }
inline dim3 as_dim3(long long n) { return dim3((unsigned)n); }
inline dim3 as_dim3(unsigned long long n) { return dim3((unsigned)n); }
inline dim3 as_dim3(long n) { return dim3((unsigned)n); }
inline dim3 as_dim3(unsigned long n) { return dim3((unsigned)n); }
inline dim3 as_dim3(int n) { return dim3((unsigned)n); }
inline dim3 as_dim3(unsigned n) { return dim3(n); }

template <typename K>
struct Launch {
  K kernel;
  dim3 grid, blk;

  template <typename... A>
  void operator()(A... args) const {
    const long n = (long)blk.x * blk.y * blk.z;
    if (n < 1 || n > 1024 || blk.x > 1024) throw std::runtime_error("emu: bad block size " + std::to_string(n));
    if (grid.y > 65535 || grid.z > 65535 || grid.x < 1 || grid.y < 1 || grid.z < 1)
      throw std::runtime_error("emu: bad grid");
    Block b((int)n);
    std::atomic<bool> diverged{false};
    std::barrier<> done((int)n);
    std::vector<std::thread> threads;
    for (long t = 0; t < n; ++t) {
      threads.emplace_back([&, t] {
        block = &b;
        blockDim = blk;
        gridDim = grid;
        threadIdx = uint3{(unsigned)(t % blk.x), (unsigned)(t / blk.x % blk.y), (unsigned)(t / (blk.x * blk.y))};
        for (unsigned z = 0; z < grid.z; ++z)
          for (unsigned y = 0; y < grid.y; ++y)
            for (unsigned x = 0; x < grid.x; ++x) {
              blockIdx = uint3{x, y, z};
              syncs = 0;
              kernel(args...);
              b.syncs[t] = syncs;
              done.arrive_and_wait();
              if (t == 0 && std::any_of(b.syncs.begin(), b.syncs.end(), [&](long s) { return s != b.syncs[0]; }))
                diverged = true;
              done.arrive_and_wait();
            }
      });
    }
    for (auto& th : threads) th.join();
    if (diverged) throw std::runtime_error("emu: threads of a block reached __syncthreads different numbers of times");
  }
};

template <typename K, typename G, typename B>
Launch<K> launch(K kernel, G grid, B block, size_t shared_bytes = 0, cudaStream_t = nullptr) {
  if (shared_bytes) throw std::runtime_error("emu: dynamic shared memory is not emulated");
  return Launch<K>{kernel, as_dim3(grid), as_dim3(block)};
}

}  // namespace emu
