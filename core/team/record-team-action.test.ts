import { describe, expect, it } from "vitest";
import { describeAction } from "./record-team-action.ts";

describe("what the audit log keeps of a call", () => {
  it("keeps the path's ids and the body's ids and enumerations", () => {
    expect(describeAction({ id: "12" }, { role: "moderator", user_id: 4, type: "post" })).toEqual({
      targets: JSON.stringify({ id: "12", user_id: "4" }),
      summary: "role=moderator user_id=4 type=post",
    });
  });

  it("never keeps texts, e-mails, passwords or secrets", () => {
    const { targets, summary } = describeAction(
      {},
      {
        name: "Ada",
        email: "ada@example.com",
        password: "hunter22",
        api_key: "sk_live_1",
        body: "a message",
        status: "has spaces in it",
        id: "not an id; drop table",
      },
    );
    expect(targets).toBe("{}");
    expect(summary).toBe("");
  });

  it("keeps nothing of a body that is not an object", () => {
    expect(describeAction({}, "raw text")).toEqual({ targets: "{}", summary: "" });
    expect(describeAction({}, Buffer.from("bytes"))).toEqual({ targets: "{}", summary: "" });
  });
});
