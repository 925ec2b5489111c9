// A video host that takes the upload, transcodes and plays (Bunny Stream today), as core/media sees it.
// Without one, lecture videos go through our own tus endpoint and play from our storage (the default).
// Statuses cross this boundary already in our terms, the spec's bunny_status: 0, 1, 2 processing, 3 ready
// to play, 5 failed; each vendor maps its own numbers (bunny.ts keeps two such mappings).

/** The spec's videoUpload (§3): where the browser's tus client sends the file, with the signed headers. */
export type HostedUploadAuthorization = {
  endpoint: string;
  AuthorizationSignature: string;
  AuthorizationExpire: number;
  VideoId: string;
  LibraryId: string;
};

export type HostedPlayback = { embedUrl: string; hlsUrl: string | null };

/** A verified status notification: the vendor's video id and its status in our terms (null: no change). */
export type HostedVideoEvent = { videoId: string; status: number | null; vendorStatus: number };

export type VideoHost = {
  readonly provider: "bunny";
  createVideo(title: string): Promise<{ id: string }>;
  /** The video's status in our terms (null when the vendor's status means no change), or null when it is gone. */
  getVideo(id: string): Promise<{ id: string; status: number | null; vendorStatus: number } | null>;
  deleteVideo(id: string): Promise<void>;
  uploadAuthorization(id: string, now?: Date): HostedUploadAuthorization;
  playback(id: string, now?: Date): HostedPlayback;
  /**
   * A status notification: its event when the signature is right and it is about our library, "forged" when
   * the signature is missing or wrong, "ignored" when it is signed but not for us (another library, no video).
   */
  verifyWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): HostedVideoEvent | "forged" | "ignored";
};

/** A vendor call that failed (network, 5xx, refused): the caller shows 'Video upload is temporarily unavailable'. */
export class VideoHostError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "VideoHostError";
    this.status = status;
  }
}
