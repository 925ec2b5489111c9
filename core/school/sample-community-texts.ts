// The sample community's words (issue 14, item 10), in the school's language: a public topic where students post
// their photos and a restricted one for the sample course's buyers, posts by the owner (markdown) and by the sample
// student (plain text), comments and which posts carry a picture. Pure data.
import type { Language } from "#platform/db/schema.ts";

export type SamplePost = {
  by: "owner" | "student";
  title: string;
  body: string;
  /** a picture drawn for the post: the sun's height (0 high .. 1 set) and the picture's size */
  image?: { sunset: number; width: number; height: number };
  hoursAgo: number;
  comments: { by: "owner" | "student"; body: string }[];
  /** who votes the post up */
  votes: ("owner" | "student")[];
};

export type SampleTopic = {
  title: string;
  description: string;
  allowStudentsToPost: boolean;
  /** restricted to the sample course's product; otherwise public */
  restricted: boolean;
  posts: SamplePost[];
};

export const sampleCommunityTexts: Record<Language, SampleTopic[]> = {
  en: [
    {
      title: "Share your photos",
      description: "Show the pictures you take during the course, ask for feedback and cheer each other on.",
      allowStudentsToPost: true,
      restricted: false,
      posts: [
        {
          by: "owner",
          title: "Welcome! Show us your first photo",
          body: "Welcome to the community! 👋\n\nPost **one photo** you like and tell us:\n\n- what caught your eye,\n- which settings you used (if you know them).\n\nEvery picture counts, *phone photos too*.",
          image: { sunset: 0.15, width: 600, height: 400 },
          hoursAgo: 72,
          comments: [{ by: "student", body: "Thanks, great idea! Mine is coming tonight." }],
          votes: ["student"],
        },
        {
          by: "student",
          title: "My first sunset",
          body: "Taken from my balcony with the settings from lesson 3: f/8, 1/250 s, ISO 100. The sky looks a bit dark, any tips?",
          image: { sunset: 0.55, width: 512, height: 384 },
          hoursAgo: 30,
          comments: [
            {
              by: "owner",
              body: "Lovely colours! Try +1 EV of exposure compensation: the camera darkens bright skies.",
            },
          ],
          votes: ["owner"],
        },
        {
          by: "student",
          title: "Golden hour at the lake",
          body: "Second try, this time half an hour before sunset. Much better light! Details: https://en.wikipedia.org/wiki/Golden_hour_(photography)",
          image: { sunset: 0.8, width: 400, height: 500 },
          hoursAgo: 6,
          comments: [{ by: "owner", body: "Big improvement. The vertical frame works well here." }],
          votes: ["owner"],
        },
      ],
    },
    {
      title: "Digital Photography Basics: course questions",
      description: "For the course's students: announcements and answers about the lessons.",
      allowStudentsToPost: false,
      restricted: true,
      posts: [
        {
          by: "owner",
          title: "Before you start: a short checklist",
          body: "## Your kit for the course\n\n1. A camera or a phone with manual settings\n2. A charged battery and a free memory card\n3. *Optional:* a small tripod\n\nQuestions? Write them in the comments below.",
          hoursAgo: 96,
          comments: [{ by: "student", body: "Does a phone without RAW work for the exposure lessons?" }],
          votes: ["student"],
        },
        {
          by: "owner",
          title: "New bonus lesson: shooting at night",
          body: "A bonus lesson about **long exposures** is coming next week. Here is a preview of the kind of light we will catch.",
          image: { sunset: 0.95, width: 640, height: 360 },
          hoursAgo: 12,
          comments: [],
          votes: ["student"],
        },
      ],
    },
  ],
  pl: [
    {
      title: "Pokaż swoje zdjęcia",
      description: "Pokazuj zdjęcia zrobione w trakcie kursu, proś o opinię i kibicuj innym.",
      allowStudentsToPost: true,
      restricted: false,
      posts: [
        {
          by: "owner",
          title: "Witajcie! Pokażcie swoje pierwsze zdjęcie",
          body: "Witaj w społeczności! 👋\n\nWrzuć **jedno zdjęcie**, które lubisz, i napisz:\n\n- co przyciągnęło Twoją uwagę,\n- jakich ustawień użyłeś (jeśli je znasz).\n\nLiczy się każde zdjęcie, *także z telefonu*.",
          image: { sunset: 0.15, width: 600, height: 400 },
          hoursAgo: 72,
          comments: [{ by: "student", body: "Dzięki, świetny pomysł! Moje wrzucę wieczorem." }],
          votes: ["student"],
        },
        {
          by: "student",
          title: "Mój pierwszy zachód słońca",
          body: "Zrobione z balkonu z ustawieniami z lekcji 3: f/8, 1/250 s, ISO 100. Niebo wyszło trochę ciemne, macie jakieś rady?",
          image: { sunset: 0.55, width: 512, height: 384 },
          hoursAgo: 30,
          comments: [
            {
              by: "owner",
              body: "Piękne kolory! Spróbuj korekty ekspozycji +1 EV: aparat przyciemnia jasne niebo.",
            },
          ],
          votes: ["owner"],
        },
        {
          by: "student",
          title: "Złota godzina nad jeziorem",
          body: "Druga próba, tym razem pół godziny przed zachodem. Światło dużo lepsze! Więcej: https://pl.wikipedia.org/wiki/Złota_godzina",
          image: { sunset: 0.8, width: 400, height: 500 },
          hoursAgo: 6,
          comments: [{ by: "owner", body: "Duży postęp. Pionowy kadr świetnie tu działa." }],
          votes: ["owner"],
        },
      ],
    },
    {
      title: "Podstawy fotografii cyfrowej: pytania do kursu",
      description: "Dla kursantów: ogłoszenia i odpowiedzi dotyczące lekcji.",
      allowStudentsToPost: false,
      restricted: true,
      posts: [
        {
          by: "owner",
          title: "Zanim zaczniesz: krótka lista",
          body: "## Sprzęt na kurs\n\n1. Aparat lub telefon z ręcznymi ustawieniami\n2. Naładowana bateria i wolna karta pamięci\n3. *Opcjonalnie:* mały statyw\n\nPytania? Napisz je w komentarzach poniżej.",
          hoursAgo: 96,
          comments: [{ by: "student", body: "Czy telefon bez RAW wystarczy do lekcji o ekspozycji?" }],
          votes: ["student"],
        },
        {
          by: "owner",
          title: "Nowa lekcja bonusowa: fotografia nocna",
          body: "W przyszłym tygodniu pojawi się lekcja bonusowa o **długich czasach naświetlania**. Oto zapowiedź światła, które będziemy łapać.",
          image: { sunset: 0.95, width: 640, height: 360 },
          hoursAgo: 12,
          comments: [],
          votes: ["student"],
        },
      ],
    },
  ],
};
