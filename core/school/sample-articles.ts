// The sample school's two articles (issue 16, item 5), in the school's language: a public one with the course's
// cover, published a week ago, and one for logged-in students, published yesterday, so a new owner sees the list,
// an article page, the log-in prompt and the RSS feed at once. Checked with the editor's schema.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Language } from "#platform/db/schema.ts";
import { articleSchema } from "../articles/schemas.ts";
import { parseInput } from "../validation.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

type SampleArticle = {
  title: string;
  slug: string;
  body: string;
  seo_description: string;
  visibility: "public" | "students";
  daysAgo: number;
  cover: boolean;
};

export const sampleArticleTexts: Record<Language, SampleArticle[]> = {
  en: [
    {
      title: "Five habits that improve every photo",
      slug: "five-photo-habits",
      seo_description:
        "Simple habits for sharper, brighter, better framed photos: light, horizon, distance, focus and patience.",
      visibility: "public",
      daysAgo: 7,
      cover: true,
      body: [
        "Good photos rarely come from expensive gear. They come from a few habits you repeat until you stop thinking about them.",
        "## 1. Look at the light first",
        "Before you raise the camera, ask where the light comes from. Soft light from a window or an overcast sky flatters almost everything.",
        "## 2. Keep the horizon straight",
        "A tilted horizon is the first thing a viewer notices. Turn on your camera's grid and use it.",
        "## 3. Step closer",
        "If the photo looks empty, you are probably too far away. Fill the frame with what matters.",
        "## 4. Focus on the eyes",
        "In portraits, people look at the eyes first: make sure they are sharp.",
        "## 5. Wait a moment longer",
        "The best moment often comes a few seconds after you think it has passed. Stay with the scene.",
        "Want to practise these step by step? Our course walks you through each of them with exercises.",
      ].join("\n\n"),
    },
    {
      title: "Students' corner: how to get feedback on your photos",
      slug: "getting-feedback",
      seo_description: "How to ask for useful feedback in our community and what to do with it.",
      visibility: "students",
      daysAgo: 1,
      cover: false,
      body: [
        "Feedback is the fastest way to improve, if you ask for it well.",
        "- Post one photo at a time in the community and say what you were trying to do.",
        "- Ask one concrete question: about the light, the framing or the moment.",
        "- Thank people, try their advice on your next photo, and post both.",
        "We read every post and answer within a few days.",
      ].join("\n\n"),
    },
  ],
  pl: [
    {
      title: "Pięć nawyków, które poprawiają każde zdjęcie",
      slug: "piec-nawykow-fotografa",
      seo_description:
        "Proste nawyki na ostrzejsze, jaśniejsze i lepiej skadrowane zdjęcia: światło, horyzont, odległość, ostrość i cierpliwość.",
      visibility: "public",
      daysAgo: 7,
      cover: true,
      body: [
        "Dobre zdjęcia rzadko biorą się z drogiego sprzętu. Biorą się z kilku nawyków, które powtarzasz, aż przestaniesz o nich myśleć.",
        "## 1. Najpierw spójrz na światło",
        "Zanim podniesiesz aparat, sprawdź, skąd pada światło. Miękkie światło z okna lub pochmurnego nieba pasuje prawie do wszystkiego.",
        "## 2. Trzymaj prosty horyzont",
        "Przechylony horyzont widz zauważa jako pierwszy. Włącz siatkę w aparacie i korzystaj z niej.",
        "## 3. Podejdź bliżej",
        "Jeśli zdjęcie wygląda pusto, prawdopodobnie stoisz za daleko. Wypełnij kadr tym, co ważne.",
        "## 4. Ustaw ostrość na oczy",
        "Na portretach patrzymy najpierw w oczy: zadbaj, by były ostre.",
        "## 5. Poczekaj chwilę dłużej",
        "Najlepszy moment często przychodzi kilka sekund po tym, gdy myślisz, że minął. Zostań przy scenie.",
        "Chcesz przećwiczyć to krok po kroku? Nasz kurs prowadzi przez każdy z tych nawyków z ćwiczeniami.",
      ].join("\n\n"),
    },
    {
      title: "Kącik kursanta: jak prosić o opinię o zdjęciach",
      slug: "jak-prosic-o-opinie",
      seo_description: "Jak prosić o przydatne opinie w naszej społeczności i co z nimi zrobić.",
      visibility: "students",
      daysAgo: 1,
      cover: false,
      body: [
        "Opinie to najszybsza droga do postępów, jeśli dobrze o nie poprosisz.",
        "- Publikuj w społeczności jedno zdjęcie naraz i napisz, co chcesz osiągnąć.",
        "- Zadaj jedno konkretne pytanie: o światło, kadr albo moment.",
        "- Podziękuj, wypróbuj radę przy kolejnym zdjęciu i pokaż oba.",
        "Czytamy każdy wpis i odpowiadamy w ciągu kilku dni.",
      ].join("\n\n"),
    },
  ],
};

export async function addSampleArticles(
  db: Db,
  options: { language: Language; author: string; cover: string },
): Promise<{ slug: string; title: string }[]> {
  const now = nowIso();
  const added = [];
  for (const text of sampleArticleTexts[options.language]) {
    const fields = parseInput(articleSchema, {
      title: text.title,
      slug: text.slug,
      body: text.body,
      cover_image: text.cover ? options.cover : null,
      author_name: options.author,
      published_at: nowIso(-text.daysAgo * DAY_MS),
      seo_title: text.title,
      seo_description: text.seo_description,
      visibility: text.visibility,
      status: "published",
    });
    await db
      .insertInto("articles")
      .values({ ...fields, slug: text.slug, created_at: now, updated_at: now })
      .execute();
    added.push({ slug: text.slug, title: text.title });
  }
  return added;
}
