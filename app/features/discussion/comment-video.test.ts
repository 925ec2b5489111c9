// The video parts of the comment form as they render (server-side render, no DOM): 'Attach video' only while the box
// is focused (§5), any video type, a chosen video with 'Remove video', and every upload state with §8's messages in
// both languages.
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "#app/lib/i18n.tsx";
import type { Lang } from "#platform/i18n/index.ts";
import { CommentForm } from "./comment-form.tsx";
import { isVideoFile, VideoAttachment, type VideoUploadState, VideoUploadStatus } from "./comment-video.tsx";

const render = (element: ReactElement, lang: Lang = "en") =>
  renderToStaticMarkup(createElement(I18nProvider, { lang, children: element }));

const noop = () => {};

describe("attaching a video", () => {
  it("offers 'Attach video' only while offered (the box has focus), and always keeps the file input", () => {
    // Not offered: its place is kept (the layout must not jump on blur), but invisible, hidden and inert.
    const hidden = render(createElement(VideoAttachment, { video: null, offered: false, onChange: noop }));
    expect(hidden).toMatch(/<div class="invisible" aria-hidden="true" data-offered="false"><button[^>]*disabled=""/);
    expect(hidden).toContain('tabindex="-1"');
    expect(hidden).toContain('accept="video/*"');
    const shown = render(createElement(VideoAttachment, { video: null, offered: true, onChange: noop }));
    expect(shown).toContain("Attach video");
    expect(shown).not.toContain("invisible");
    expect(shown).not.toMatch(/<button[^>]*disabled=""/);
    expect(render(createElement(VideoAttachment, { video: null, offered: true, onChange: noop }), "pl")).toContain(
      "Dołącz film",
    );
  });

  it("shows the chosen video with 'Remove video', focused or not", () => {
    const file = new File([new Uint8Array(4)], "holiday.mp4", { type: "video/mp4" });
    const html = render(createElement(VideoAttachment, { video: file, offered: false, onChange: noop }));
    expect(html).toContain("Video: holiday.mp4");
    expect(html).toContain("Remove video");
    expect(html).not.toContain("Attach video");
  });

  it("takes any video type and nothing else", () => {
    for (const type of ["video/mp4", "video/quicktime", "video/webm", "video/x-matroska", "video/3gpp"]) {
      expect(isVideoFile({ type })).toBe(true);
    }
    for (const type of ["image/png", "audio/mpeg", "application/pdf", ""]) expect(isVideoFile({ type })).toBe(false);
  });

  it("is part of the comment form only where the commentable accepts a video, hidden until the box has focus", () => {
    const props = {
      label: "Comment",
      placeholder: "Write",
      min: 2,
      max: 1200,
      loginHref: "/login",
      draftKey: "post:1",
      onSend: async () => {},
    };
    const withVideo = render(createElement(CommentForm, { ...props, acceptsVideo: true }));
    expect(withVideo).toContain('accept="video/*"');
    // Its place is kept, invisible and inert, until the box has focus.
    expect(withVideo).toContain('<div class="invisible" aria-hidden="true" data-offered="false">');
    const without = render(createElement(CommentForm, props));
    expect(without).not.toContain('accept="video/*"');
  });
});

describe("the upload's states", () => {
  const cases: [VideoUploadState, string, string][] = [
    [{ phase: "uploading", percent: 42 }, "42%", "42%"],
    [{ phase: "transcoding" }, "Transcoding video…", "Przetwarzanie filmu…"],
    [{ phase: "saved" }, "Saved", "Zapisano"],
    [{ phase: "failed", problem: "too_big" }, "File too big", "Plik jest za duży"],
    [
      { phase: "failed", problem: "unavailable" },
      "Video upload is temporarily unavailable",
      "Przesyłanie filmów jest chwilowo niedostępne",
    ],
    [{ phase: "failed", problem: "failed" }, "Upload failed", "Przesyłanie nie powiodło się"],
  ];
  for (const [state, en, pl] of cases) {
    it(`${state.phase} ${"problem" in state ? state.problem : ""}`, () => {
      expect(render(createElement(VideoUploadStatus, { state }))).toContain(en);
      expect(render(createElement(VideoUploadStatus, { state }), "pl")).toContain(pl);
    });
  }

  it("shows progress as a progress bar", () => {
    const html = render(createElement(VideoUploadStatus, { state: { phase: "uploading", percent: 42 } }));
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="42"');
    expect(html).toContain("Uploading video…");
  });

  it("shows nothing before an upload", () => {
    expect(render(createElement(VideoUploadStatus, { state: { phase: "idle" } }))).toBe("");
  });
});
