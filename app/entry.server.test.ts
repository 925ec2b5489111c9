// When the document starts going out (app/entry.server.tsx): a page the rendered-page cache stores is produced
// whole, so its bytes are the same on every render (the out-of-order boundary the issue found in stored pages).
import { describe, expect, it } from "vitest";
import { readyEvent } from "./entry.server.tsx";

describe("readyEvent", () => {
  it("streams the shell first to a browser", () => {
    expect(readyEvent({ bot: false, spaMode: false, forCache: false })).toBe("onShellReady");
  });

  it("waits for everything for the page cache, bots and SPA mode", () => {
    expect(readyEvent({ bot: false, spaMode: false, forCache: true })).toBe("onAllReady");
    expect(readyEvent({ bot: true, spaMode: false, forCache: false })).toBe("onAllReady");
    expect(readyEvent({ bot: false, spaMode: true, forCache: false })).toBe("onAllReady");
  });
});
