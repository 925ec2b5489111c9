// V8 tuning for a server process. Allocation-site pretenuring lets V8 put objects from an allocation site
// straight into the old generation once enough of that site's objects survived a young-generation collection.
// Under load, in-flight requests survive often enough that sites Fastify and Node allocate per request get
// pretenured: every request's garbage then lands in the old generation, keeps young objects alive through it,
// and each young collection copies tens of MB (bench/: in 3 of 4 fresh starts, scavenges of 30-100 ms and
// 6-13 µs of GC per request; without pretenuring, 1-3 ms and under 1 µs, every time). Per-request garbage is
// exactly what the young generation is for, so the server turns pretenuring off. Setting it once the process
// runs is safe: V8 reads it at every collection.
import v8 from "node:v8";

let tuned = false;

export function tuneGarbageCollection(): void {
  if (tuned) return;
  tuned = true;
  v8.setFlagsFromString("--no-allocation-site-pretenuring");
}
