import { expect, it } from "vitest";
import { pageAddress } from "./page-errors.ts";

it("gives the page's own address for a document request", () => {
  expect(pageAddress(new Request("http://x/home/settings?tab=1"))).toBe("/home/settings?tab=1");
});

it("drops React Router's .data suffix and _routes parameter of a client-side navigation", () => {
  expect(pageAddress(new Request("http://x/home/settings.data?_routes=routes%2Fadmin%2Flayout"))).toBe(
    "/home/settings",
  );
  expect(pageAddress(new Request("http://x/my.data?page=2&_routes=x"))).toBe("/my?page=2");
  expect(pageAddress(new Request("http://x/_root.data"))).toBe("/");
});
