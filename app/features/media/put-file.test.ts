// The browser's PUT to a signed address: no session headers, the signed content type, progress, and the
// spec's retries (§9: after 0, 1000, 3000 and 5000 ms) on network failures and 5xx only.
import { afterEach, describe, expect, it, vi } from "vitest";
import { PUT_RETRY_DELAYS } from "#core/media/limits.ts";
import { putFile, putFileWithRetries } from "./put-file.ts";

type Outcome = number | "network";

/** A stand-in for XMLHttpRequest that answers each request with the next scripted outcome. */
function fakeXhr(outcomes: Outcome[]) {
  const sent: { method: string; url: string; headers: Record<string, string>; at: number }[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = "";
    private request = { method: "", url: "", headers: {} as Record<string, string>, at: 0 };
    open(method: string, url: string) {
      this.request.method = method;
      this.request.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }
    send() {
      this.request.at = Date.now();
      sent.push(this.request);
      const outcome = outcomes.shift() ?? 200;
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
        if (outcome === "network") return this.onerror?.();
        this.status = outcome;
        this.responseText =
          outcome === 422 ? JSON.stringify({ message: "The file's content does not match its type." }) : "{}";
        this.onload?.();
      });
    }
  }
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("putFile", () => {
  it("PUTs with the content type only (no CSRF token, no AJAX marker) and reports progress", async () => {
    const sent = fakeXhr([200]);
    const progress: number[] = [];
    const result = await putFile("/uploads/a.png?sig", new Blob(["x"]), "image/png", (p) => progress.push(p));
    expect(result).toEqual({ status: 200, message: null });
    expect(sent).toEqual([
      expect.objectContaining({ method: "PUT", url: "/uploads/a.png?sig", headers: { "content-type": "image/png" } }),
    ]);
    expect(progress).toEqual([50, 100]);
  });

  it("hands back the server's reason for a refusal", async () => {
    fakeXhr([422]);
    expect(await putFile("/u", new Blob(["x"]), "image/png", () => {})).toEqual({
      status: 422,
      message: "The file's content does not match its type.",
    });
  });
});

describe("putFileWithRetries", () => {
  it("tries again after 0, 1000, 3000 and 5000 ms while the network fails or the server errs", async () => {
    vi.useFakeTimers();
    const sent = fakeXhr(["network", 503, "network", 500, 200]);
    const start = Date.now();
    const done = putFileWithRetries("/u", new Blob(["x"]), "image/png", () => {});
    await vi.runAllTimersAsync();
    expect(await done).toEqual({ status: 200, message: null });
    expect(PUT_RETRY_DELAYS).toEqual([0, 1000, 3000, 5000]);
    expect(sent.map((request) => request.at - start)).toEqual([0, 0, 1000, 4000, 9000]);
  });

  it("gives up after the last delay", async () => {
    vi.useFakeTimers();
    const sent = fakeXhr(["network", "network", "network", "network", "network", 200]);
    const done = putFileWithRetries("/u", new Blob(["x"]), "image/png", () => {});
    await vi.runAllTimersAsync();
    expect((await done).status).toBe(0);
    expect(sent).toHaveLength(5);
  });

  it("does not retry a refusal (4xx)", async () => {
    const sent = fakeXhr([413, 200]);
    expect((await putFileWithRetries("/u", new Blob(["x"]), "image/png", () => {})).status).toBe(413);
    expect(sent).toHaveLength(1);
  });

  it("counts a 409 on a retry as the earlier try having arrived", async () => {
    vi.useFakeTimers();
    fakeXhr(["network", 409]);
    const done = putFileWithRetries("/u", new Blob(["x"]), "image/png", () => {});
    await vi.runAllTimersAsync();
    expect((await done).status).toBe(200);
  });
});
