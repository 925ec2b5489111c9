import { describe, expect, it } from "vitest";
import { isAppError } from "../errors.ts";
import { checkedOrder } from "./ordering.ts";

function errorOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (isAppError(error)) return { status: error.status, fields: error.fields };
    throw error;
  }
  throw new Error("no error");
}

describe("checkedOrder", () => {
  it("accepts every current id once, in any order", () => {
    expect(checkedOrder({ ids: [3, 1, 2] }, [1, 2, 3])).toEqual([3, 1, 2]);
    expect(checkedOrder({ ids: [] }, [])).toEqual([]);
  });

  it("refuses an id of another parent, a missing id and a repeated id with a 422 on ids", () => {
    const mismatch = { status: 422, fields: { ids: [{ key: "authoring:order_mismatch" }] } };
    expect(errorOf(() => checkedOrder({ ids: [1, 2, 99] }, [1, 2, 3]))).toEqual(mismatch);
    expect(errorOf(() => checkedOrder({ ids: [1, 2] }, [1, 2, 3]))).toEqual(mismatch);
    expect(errorOf(() => checkedOrder({ ids: [1, 2, 3, 3] }, [1, 2, 3]))).toEqual(mismatch);
  });

  it("refuses anything but a list of positive whole numbers", () => {
    expect(errorOf(() => checkedOrder({ ids: ["1"] }, [1])).status).toBe(422);
    expect(errorOf(() => checkedOrder({ ids: [0] }, [1])).status).toBe(422);
    expect(errorOf(() => checkedOrder({}, [1])).status).toBe(422);
  });
});
