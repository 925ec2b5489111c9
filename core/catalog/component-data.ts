// The data of each lecture component kind (lecture_components.data, JSON). Shared by the authoring API,
// the editor forms and the watch page renderers. Pure: importable by the client.
import { z } from "zod";
import { idSchema } from "#core/shared/ids.ts";

export const markdownData = z.object({ markdown: z.string().max(100_000) });

/** A video uploaded here (videos table) and played from our own storage or from Bunny Stream. */
export const videoData = z.object({ video_id: idSchema, title: z.string().max(200).optional() });

/** A video hosted elsewhere, embedded by URL; only known players are allowed (see embedUrl). */
export const embedData = z.object({ url: z.url({ protocol: /^https$/ }).max(500) });

/** A stored file: PDF shown in a viewer, other files offered as a download. */
export const fileData = z.object({
  storage_key: z.string().min(1).max(300),
  filename: z.string().min(1).max(200),
  size: z.number().int().nonnegative(),
  content_type: z.string().min(1).max(100),
});

export const quizQuestion = z.object({
  question: z.string().trim().min(1).max(1000),
  answers: z.array(z.string().trim().min(1).max(500)).min(2).max(12),
  /** indexes into answers; the answer is right only when the chosen set equals this set exactly (§5) */
  correct: z.array(z.number().int().nonnegative()).min(1),
  hint: z.string().max(1000).default(""),
});

export const quizData = z.object({ questions: z.array(quizQuestion).min(1).max(50) }).superRefine((quiz, ctx) => {
  quiz.questions.forEach((q, i) => {
    if (q.correct.some((index) => index >= q.answers.length)) {
      ctx.addIssue({ code: "custom", path: ["questions", i, "correct"], message: "validation:in" });
    }
  });
});

export const componentDataByKind = {
  markdown: markdownData,
  video: videoData,
  embed: embedData,
  pdf: fileData,
  file: fileData,
  quiz: quizData,
} as const;

export type ComponentKind = keyof typeof componentDataByKind;
export const componentKinds = Object.keys(componentDataByKind) as ComponentKind[];

export type ComponentData<K extends ComponentKind> = z.infer<(typeof componentDataByKind)[K]>;

/** §5 quiz rule: correct only if the selected set equals the correct set exactly. */
export function isQuizAnswerCorrect(selected: readonly number[], correct: readonly number[]): boolean {
  const a = new Set(selected);
  const b = new Set(correct);
  return a.size === b.size && [...a].every((x) => b.has(x));
}

/** The embeddable player URL for a YouTube or Vimeo link, or null for anything else. */
export function embedUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^www\./, "");
  if (host === "youtube.com" || host === "m.youtube.com") {
    const id =
      parsed.searchParams.get("v") ?? (parsed.pathname.startsWith("/embed/") ? parsed.pathname.slice(7) : null);
    return id && /^[\w-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (host === "youtu.be") {
    const id = parsed.pathname.slice(1);
    return /^[\w-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const id = parsed.pathname.split("/").filter(Boolean).pop();
    return id && /^\d{3,12}$/.test(id) ? `https://player.vimeo.com/video/${id}` : null;
  }
  return null;
}
