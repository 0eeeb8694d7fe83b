"""`chipbench serve`: evaluation as an HTTP service, for RL and search loops that use
chipbench's verdicts as their reward.

- `models`: the request and response bodies (pydantic, shared with the client);
- `jobs`:   the bounded queue, per-client limits, idempotent submissions, the workers that
            hand evaluations to an executor;
- `app`:    the FastAPI application, its guards (token, body size) and `serve()`.

Every evaluation goes through `chipbench.api` (the same path as `chipbench eval` and the
Python API), so the server adds no judging of its own.
"""
