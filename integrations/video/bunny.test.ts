// The Bunny Stream adapter: its signatures (expected values computed outside Node with sha256sum and
// openssl), its two status mappings, webhook verification (1,000 forgeries rejected, SECURITY.md figure 5),
// and its API calls against the fake library (tests/fakes/bunny.ts).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type FakeBunny, startFakeBunny } from "#tests/fakes/bunny.ts";
import {
  bunnyEmbedToken,
  bunnyUploadSignature,
  bunnyWebhookSignature,
  createBunnyStream,
  statusFromVideoObject,
  statusFromWebhook,
} from "./bunny.ts";
import { VideoHostError, type VideoHost } from "#core/ports/video-host.ts";

const GUID = "eb1c4f77-0cda-46be-b47d-1118ad7c2ffe";

describe("signatures", () => {
  it("signs the tus upload as sha256(library_id + api_key + expiration_time + video_id)", () => {
    expect(bunnyUploadSignature("759", "library-api-key", 1700000000, GUID)).toBe(
      "4075a8f2b7fbff5ed474299f1f8d193b8c1364cc957bfb941751f576a086f3f6",
    );
  });

  it("makes the embed view token as SHA256_HEX(token_security_key + video_id + expiration)", () => {
    expect(bunnyEmbedToken("token-key", GUID, 1456761770)).toBe(
      "515c7c85fe0455e0d698bf99cf7bf0c1a36e31e5bccaa28b07d9a544365b38df",
    );
  });

  it("signs a webhook body as hex HMAC-SHA256 with the Read-Only API key", () => {
    const body = `{"VideoLibraryId":759,"VideoGuid":"${GUID}","Status":3}`;
    expect(bunnyWebhookSignature("read-only-key", body)).toBe(
      "4e8cd69dff11d78d92ce93d3cf19ae1353cff36e4ae3d83877b3680221d30eee",
    );
  });
});

describe("status mappings", () => {
  it("maps the webhook's Status: 3 and 4 ready, 5 and 8 failed, 0/1/2 processing, captions and titles no change", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 42].map(statusFromWebhook)).toEqual([
      0,
      1,
      2,
      3,
      3,
      5,
      0,
      0,
      5,
      null,
      null,
      null,
    ]);
  });

  it("maps the GET video object's different status: 4 finished is ready, 3 transcoding is not, 5 and 6 failed", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9].map(statusFromVideoObject)).toEqual([0, 1, 2, 2, 3, 5, 5, null]);
  });
});

describe("webhooks", () => {
  const host = createBunnyStream({
    libraryId: "759",
    apiKey: "library-api-key",
    webhookSecret: "read-only-key",
    apiUrl: "https://video.bunnycdn.com",
    tusUrl: "https://video.bunnycdn.com/tusupload",
    embedUrl: "https://iframe.mediadelivery.net/embed",
  });
  const body = Buffer.from(`{"VideoLibraryId":759,"VideoGuid":"${GUID}","Status":3}`);
  const signed = (raw: Buffer, extra: Record<string, string> = {}) => ({
    "x-bunnystream-signature": bunnyWebhookSignature("read-only-key", raw),
    "x-bunnystream-signature-version": "v1",
    "x-bunnystream-signature-algorithm": "hmac-sha256",
    ...extra,
  });

  it("accepts a correctly signed notification and maps its status", () => {
    expect(host.verifyWebhook(body, signed(body))).toEqual({ videoId: GUID, status: 3, vendorStatus: 3 });
  });

  it("rejects a missing, malformed, wrong-key or one-byte-changed signature, and other versions", () => {
    const good = signed(body)["x-bunnystream-signature"];
    const flipped = (good[0] === "a" ? "b" : "a") + good.slice(1);
    const cases: Record<string, string | undefined>[] = [
      { "x-bunnystream-signature": undefined },
      { "x-bunnystream-signature": "" },
      { "x-bunnystream-signature": good.toUpperCase() },
      { "x-bunnystream-signature": flipped },
      { "x-bunnystream-signature": bunnyWebhookSignature("library-api-key", body) },
      { "x-bunnystream-signature": good.slice(0, 63) },
      { "x-bunnystream-signature-version": "v2" },
      { "x-bunnystream-signature-algorithm": "hmac-sha1" },
    ];
    for (const change of cases)
      expect(host.verifyWebhook(body, { ...signed(body), ...change }), JSON.stringify(change)).toBe("forged");
    // The body changed after signing (Status 5 -> 3).
    const other = Buffer.from(body.toString().replace('"Status":3', '"Status":5'));
    expect(host.verifyWebhook(other, signed(body))).toBe("forged");
  });

  it("rejects 1,000 forgeries: random signatures and single changed bytes of the body", () => {
    let accepted = 0;
    for (let i = 0; i < 1000; i++) {
      const forged = Buffer.from(body);
      forged[i % forged.length] = forged[i % forged.length]! ^ (1 + (i % 255));
      const headers = i % 2 ? signed(body) : { "x-bunnystream-signature": bunnyWebhookSignature(`key-${i}`, body) };
      if (host.verifyWebhook(i % 2 ? forged : body, headers) !== "forged") accepted += 1;
    }
    expect(accepted).toBe(0);
  });

  it("ignores a signed notification for another library or without a video", () => {
    for (const raw of [
      `{"VideoLibraryId":760,"VideoGuid":"${GUID}","Status":3}`,
      `{"VideoLibraryId":759,"Status":3}`,
      `{"VideoLibraryId":759,"VideoGuid":"../x","Status":3}`,
      "not json",
    ]) {
      const bytes = Buffer.from(raw);
      expect(host.verifyWebhook(bytes, signed(bytes)), raw).toBe("ignored");
    }
  });
});

describe("the API, against the fake library", () => {
  let fake: FakeBunny;
  let host: VideoHost;
  const options = { libraryId: "4242", apiKey: "fake-api-key", readOnlyKey: "fake-read-only-key" };

  beforeAll(async () => {
    fake = await startFakeBunny(options);
    host = createBunnyStream({
      libraryId: options.libraryId,
      apiKey: options.apiKey,
      webhookSecret: options.readOnlyKey,
      apiUrl: fake.apiUrl,
      tusUrl: fake.tusUrl,
      embedUrl: "https://iframe.mediadelivery.net/embed",
      cdnHost: "vz-test.b-cdn.net",
      tokenAuthKey: "token-key",
    });
  });
  afterEach(() => expect(fake.unhandled).toEqual([]));
  afterAll(() => fake?.close());

  it("creates a video, reads its status through the object mapping, and deletes it", async () => {
    const { id } = await host.createVideo("Intro");
    expect(fake.videos.get(id)).toMatchObject({ title: "Intro", status: 0 });
    expect(await host.getVideo(id)).toEqual({ id, status: 0, vendorStatus: 0 });
    fake.videos.get(id)!.status = 4;
    expect(await host.getVideo(id)).toEqual({ id, status: 3, vendorStatus: 4 });
    await host.deleteVideo(id);
    expect(await host.getVideo(id)).toBeNull();
    await host.deleteVideo(id);
  });

  it("signs the upload and the playback", async () => {
    const { id } = await host.createVideo("Signed");
    const now = new Date("2026-11-21T10:00:00Z");
    const upload = host.uploadAuthorization(id, now);
    expect(upload).toEqual({
      endpoint: fake.tusUrl,
      AuthorizationSignature: bunnyUploadSignature("4242", "fake-api-key", upload.AuthorizationExpire, id),
      AuthorizationExpire: Math.floor(now.getTime() / 1000) + 24 * 3600,
      VideoId: id,
      LibraryId: "4242",
    });
    const playback = host.playback(id, now);
    const embed = new URL(playback.embedUrl);
    expect(embed.origin + embed.pathname).toBe(`https://iframe.mediadelivery.net/embed/4242/${id}`);
    const expires = Number(embed.searchParams.get("expires"));
    expect(expires).toBe(Math.floor(now.getTime() / 1000) + 6 * 3600);
    expect(embed.searchParams.get("token")).toBe(bunnyEmbedToken("token-key", id, expires));
    expect(playback.hlsUrl).toBe(`https://vz-test.b-cdn.net/${id}/playlist.m3u8`);
  });

  it("fails with a VideoHostError on a refusal or an outage", async () => {
    fake.failNextApiCall(503);
    await expect(host.createVideo("Down")).rejects.toMatchObject({ name: "VideoHostError", status: 503 });
    const wrongKey = createBunnyStream({
      libraryId: options.libraryId,
      apiKey: "not-the-key",
      webhookSecret: "x",
      apiUrl: fake.apiUrl,
      tusUrl: fake.tusUrl,
      embedUrl: "https://iframe.mediadelivery.net/embed",
    });
    await expect(wrongKey.createVideo("Nope")).rejects.toBeInstanceOf(VideoHostError);
    const unreachable = createBunnyStream({
      libraryId: "1",
      apiKey: "k",
      webhookSecret: "x",
      apiUrl: "http://127.0.0.1:9",
      tusUrl: "http://127.0.0.1:9/tusupload",
      embedUrl: "https://iframe.mediadelivery.net/embed",
    });
    await expect(unreachable.createVideo("Nowhere")).rejects.toMatchObject({ status: 0 });
  });
});
