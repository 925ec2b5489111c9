// A chosen video file's length, read by the browser from its metadata before the upload, so the lecture can show
// how long it is without the admin typing it. 0 when the browser cannot tell (a format it does not play).
const GIVE_UP_MS = 5_000;

export function videoDuration(file: File): Promise<number> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement("video");
    const done = (seconds: number) => {
      clearTimeout(timer);
      video.removeAttribute("src");
      URL.revokeObjectURL(url);
      resolve(Number.isFinite(seconds) && seconds > 0 ? seconds : 0);
    };
    // A browser that neither loads nor refuses the metadata must not hold the upload back.
    const timer = setTimeout(() => done(0), GIVE_UP_MS);
    video.preload = "metadata";
    video.muted = true;
    video.onloadedmetadata = () => done(video.duration);
    video.onerror = () => done(0);
    video.src = url;
  });
}
