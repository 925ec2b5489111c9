// The SigV4 signer against the examples AWS publishes for S3 (the same access key, secret, date and
// expected signatures as "Authenticating Requests: Using Query Parameters" and "Signature Calculations
// for the Authorization Header"), so our hand-written signer is checked against S3's own arithmetic.
import { describe, expect, it } from "vitest";
import { amzDate, encodeKeyPath, presignUrl, sha256Hex, signRequest, uriEncode } from "./s3-signer.ts";

const credentials = {
  accessKeyId: "AKIAIOSFODNN7EXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
};
const now = new Date("2013-05-24T00:00:00Z");
const EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

const signatureOf = (authorization: string) => /Signature=([0-9a-f]{64})$/.exec(authorization)?.[1];

describe("presignUrl", () => {
  it("matches AWS's presigned GET example", () => {
    const url = presignUrl({
      method: "GET",
      url: "https://examplebucket.s3.amazonaws.com/test.txt",
      region: "us-east-1",
      credentials,
      expiresInSeconds: 86400,
      now,
    });
    expect(url).toBe(
      "https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256" +
        "&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request" +
        "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host" +
        "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404",
    );
  });

  it("signs the Content-Type of a PUT: another type is another signature", () => {
    const sign = (contentType: string) =>
      new URL(
        presignUrl({
          method: "PUT",
          url: "https://examplebucket.s3.amazonaws.com/images/a.png",
          region: "us-east-1",
          credentials,
          expiresInSeconds: 600,
          headers: { "content-type": contentType },
          now,
        }),
      ).searchParams;
    const png = sign("image/png");
    expect(png.get("X-Amz-SignedHeaders")).toBe("content-type;host");
    expect(png.get("X-Amz-Expires")).toBe("600");
    expect(png.get("X-Amz-Signature")).not.toBe(sign("image/jpeg").get("X-Amz-Signature"));
    expect(png.get("X-Amz-Signature")).not.toBe(sign("image/png ").get("X-Amz-Signature") + "x");
  });

  it("refuses an expiry past S3's seven days or below one second", () => {
    for (const expiresInSeconds of [0, 604801, 1.5]) {
      expect(() =>
        presignUrl({
          method: "PUT",
          url: "https://b.s3.amazonaws.com/k",
          region: "us-east-1",
          credentials,
          expiresInSeconds,
          now,
        }),
      ).toThrow(/expiresInSeconds/);
    }
  });
});

describe("signRequest", () => {
  it("matches AWS's GET Object example (with a Range header)", () => {
    const headers = signRequest({
      method: "GET",
      url: "https://examplebucket.s3.amazonaws.com/test.txt",
      region: "us-east-1",
      credentials,
      headers: { Range: "bytes=0-9" },
      payloadHash: EMPTY,
      now,
    });
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, " +
        "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, " +
        "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(headers["x-amz-date"]).toBe("20130524T000000Z");
    expect(headers["x-amz-content-sha256"]).toBe(EMPTY);
    expect(headers.host).toBeUndefined();
  });

  it("matches AWS's PUT Object example (a hashed body, an encoded key)", () => {
    const body = "Welcome to Amazon S3.";
    expect(sha256Hex(body)).toBe("44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072");
    const headers = signRequest({
      method: "PUT",
      url: `https://examplebucket.s3.amazonaws.com/${encodeKeyPath("test$file.text")}`,
      region: "us-east-1",
      credentials,
      headers: { Date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY" },
      payloadHash: sha256Hex(body),
      now,
    });
    expect(headers.authorization).toContain(
      "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,",
    );
    expect(signatureOf(headers.authorization!)).toBe(
      "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    );
  });

  it("matches AWS's GET Bucket example (the query string is signed, sorted)", () => {
    const headers = signRequest({
      method: "GET",
      url: "https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J",
      region: "us-east-1",
      credentials,
      payloadHash: EMPTY,
      now,
    });
    expect(signatureOf(headers.authorization!)).toBe(
      "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7",
    );
  });

  it("hashes the empty body when told nothing", () => {
    expect(
      signRequest({ method: "HEAD", url: "https://b.example/k", region: "auto", credentials, now })[
        "x-amz-content-sha256"
      ],
    ).toBe(EMPTY);
  });
});

describe("encoding", () => {
  it("encodes the way SigV4 wants (RFC 3986, upper-case hex), keeping slashes in keys", () => {
    expect(uriEncode("a b+c*d~e!f'g(h)")).toBe("a%20b%2Bc%2Ad~e%21f%27g%28h%29");
    expect(uriEncode("ł/x")).toBe("%C5%82%2Fx");
    expect(encodeKeyPath("images/2026/01/a b.png")).toBe("images/2026/01/a%20b.png");
    expect(amzDate(new Date("2026-11-21T09:08:07.654Z"))).toBe("20261121T090807Z");
  });
});
