// V8's heap limits for the server and the worker, set on the command line (package.json's start and worker
// scripts; the test servers and the benchmarks start server/main.ts with them too). Measured 27.11.2026
// (bench/README.md "Memory"): with V8's defaults the young generation grew to 128 MB under load (two 64 MB
// semi-spaces) and the server reached ~470-500 MB after 2,400 home pages; capped at 16 MB a semi-space (V8's own
// default until 2023) it stayed near 330 MB. The old space is bounded so that a runaway request ends the process
// (and the supervisor restarts it) instead of swapping the machine.
export const NODE_FLAGS = ["--max-semi-space-size=16", "--max-old-space-size=768"] as const;
