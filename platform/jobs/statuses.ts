// Pure (no database import): the jobs page's browser code uses this list.
import type { JobStatus } from "../db/schema.ts";

export const jobStatuses: JobStatus[] = ["pending", "running", "done", "failed"];
