// console.error during a test fails it: an unexpected error must not pass unnoticed.
import { afterEach, vi } from "vitest";

const errors: unknown[][] = [];
vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args));

afterEach(() => {
  if (errors.length) {
    const shown = errors.map((args) => args.map(String).join(" ")).join("\n");
    errors.length = 0;
    throw new Error(`console.error was called:\n${shown}`);
  }
});
