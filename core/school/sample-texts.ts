// The words of the sample course (core/school/sample-content.ts) in each school language: the course, its
// lessons and their components, the students' comments and the owner's reply, and the approved reviews.
import type { ComponentData } from "../catalog/component-data.ts";
import type { Language, LectureAccess } from "#platform/db/schema.ts";

/** A line of a sample PDF: its text and how it is set. */
export type SamplePdfLine = { text: string; style?: "heading" | "body" | "note" };

export type SampleComponent =
  | { kind: "markdown"; markdown: string }
  /** the welcome clip (a sunset), generated */
  | { kind: "video" }
  | { kind: "embed"; url: string }
  /** a one-page PDF titled with the lesson's title */
  | { kind: "pdf"; filename: string; lines: SamplePdfLine[] }
  | { kind: "file"; filename: string; contentType: string; text: string }
  | { kind: "quiz"; quiz: ComponentData<"quiz"> };

/** The sample's dripped lecture opens this many days after the student's access began (issue 17, item 7). */
export const SAMPLE_DRIP_DAYS = 3;

export type SampleLecture = {
  title: string;
  minutes: number;
  access: LectureAccess;
  components: SampleComponent[];
  /** the sample student's comments; the owner answers the first */
  discussion?: { comments: string[]; ownerReply: string };
  /** drip release: opens this many days after the student's access began */
  dripDays?: number;
};

export type SampleReview = { firstName: string; rating: 10 | 5; title: string; body: string; daysAgo: number };

export type SampleTexts = {
  slug: string;
  title: string;
  description: string;
  seoDescription: string;
  authorBio: string;
  studentName: string;
  sections: { title: string; lectures: SampleLecture[] }[];
  reviews: SampleReview[];
};

/** Big Buck Bunny, the Blender Foundation's open film, on its official YouTube upload. */
const OPEN_FILM_URL = "https://www.youtube.com/watch?v=aqz-KE-bpKQ";

export const sampleTexts: Record<Language, SampleTexts> = {
  en: {
    slug: "digital-photography-basics",
    title: "Digital Photography Basics",
    description:
      "Learn to take sharp, well-exposed photos with any camera, including the one in your phone. " +
      "We start with the settings that matter, then move on to light and composition, and finish by editing " +
      "your first picture. Short practical tasks after every lesson help you practise what you have learned.",
    seoDescription:
      "Take sharp, well-exposed photos with any camera: settings, light, composition and editing in short practical lessons.",
    authorBio: "I photograph and teach: for over ten years I have been showing beginners how to take better pictures.",
    studentName: "Sam Student",
    sections: [
      {
        title: "Getting started",
        lectures: [
          {
            title: "Welcome to the course",
            minutes: 5,
            access: "free",
            components: [
              {
                kind: "markdown",
                markdown:
                  "## Welcome!\n\nIn this course you will learn how to **see light**, choose the right settings and compose a picture. " +
                  "All you need is a camera or a phone.\n\n### How the course works\n\n" +
                  "- Every lesson is short and ends with a practical task.\n" +
                  "- When you finish a lesson, choose **Mark as complete**: your progress shows in the curriculum.\n" +
                  "- Ask questions in the comments under each lesson: other students and the instructor answer them.\n\n" +
                  "The short clip below shows what we will practise first: watching how the light changes as the sun goes down.",
              },
              { kind: "video" },
            ],
            discussion: {
              comments: [
                "Hi everyone! I have just bought my first camera with interchangeable lenses. Do I need a tripod for this course?",
                "The clip with the setting sun is a great idea: I finally understand why my evening photos come out so orange.",
              ],
              ownerReply:
                "Welcome! Not at the start: every task can be done hand-held. A tripod helps later, in the lesson on natural light, when the light gets low.",
            },
          },
          {
            title: "Your camera and its settings",
            minutes: 25,
            access: "login",
            components: [
              {
                kind: "markdown",
                markdown:
                  "## The settings that matter\n\nModern cameras have hundreds of options, but only a few change your pictures:\n\n" +
                  "- **Shooting mode:** start with aperture priority (A or Av). You choose the aperture, the camera chooses the shutter speed.\n" +
                  "- **Focus:** single-shot focus (AF-S or One Shot) and a single focus point that you move onto the subject.\n" +
                  "- **File format:** RAW keeps the most information for editing; JPEG files are smaller and ready to share.\n" +
                  "- **ISO:** automatic, with an upper limit you are happy with (for example 3200).\n\n" +
                  "**Task:** download the checklist below, find each setting on your own camera and tick it off.",
              },
              {
                kind: "file",
                filename: "camera-settings-checklist.txt",
                contentType: "text/plain; charset=utf-8",
                text:
                  "CAMERA SETTINGS CHECKLIST\n" +
                  "Digital Photography Basics\n\n" +
                  "[ ] Battery charged, a spare one packed\n" +
                  "[ ] Memory card formatted in the camera\n" +
                  "[ ] File format: RAW (or RAW + JPEG)\n" +
                  "[ ] Shooting mode: aperture priority (A / Av)\n" +
                  "[ ] ISO: automatic, at most 3200\n" +
                  "[ ] Focus mode: single shot (AF-S / One Shot)\n" +
                  "[ ] Focus point: a single point, moved onto the subject\n" +
                  "[ ] White balance: automatic\n" +
                  "[ ] Lens clean\n",
              },
            ],
          },
          {
            title: "Exposure: aperture, shutter speed and ISO",
            minutes: 75,
            access: "paid",
            components: [
              {
                kind: "markdown",
                markdown:
                  "## The exposure triangle\n\nHow bright a photo is depends on three settings that work together:\n\n" +
                  "1. **Aperture**: the size of the opening in the lens. A wide aperture (f/2.8) lets in more light and blurs the background; a narrow one (f/11) keeps more of the scene sharp.\n" +
                  "2. **Shutter speed**: how long the sensor collects light. A fast shutter (1/1000 s) freezes movement; a slow one (1/30 s) lets in more light but shows motion blur.\n" +
                  "3. **ISO**: how much the sensor's signal is amplified. A higher ISO brightens the picture but adds noise.\n\n" +
                  "Each full step of any of them, a *stop*, doubles or halves the light. Change one and balance it with another to keep the same exposure.\n\n" +
                  "**Task:** photograph the same scene at f/2.8, f/5.6 and f/11 and compare the backgrounds. Keep the cheat sheet at hand, then check what you remember with the quiz.",
              },
              {
                kind: "pdf",
                filename: "exposure-cheat-sheet.pdf",
                lines: [
                  { text: "Aperture (f-number)", style: "heading" },
                  { text: "f/1.8 · f/2.8 · f/4 · f/5.6 · f/8 · f/11 · f/16" },
                  { text: "A smaller number means a wider opening: more light and a blurrier background." },
                  { text: "Shutter speed", style: "heading" },
                  { text: "1/1000 s · 1/500 s · 1/250 s · 1/125 s · 1/60 s · 1/30 s" },
                  {
                    text: "Faster freezes movement; slower lets in more light. Below 1/60 s, brace yourself or use a tripod.",
                  },
                  { text: "ISO", style: "heading" },
                  { text: "100 · 200 · 400 · 800 · 1600 · 3200" },
                  { text: "Higher is brighter, with more noise. Use the lowest ISO the light allows." },
                  { text: "Rules of thumb", style: "heading" },
                  {
                    text: "• One stop doubles or halves the light: f/4 to f/5.6, 1/125 s to 1/250 s, ISO 200 to ISO 400.",
                  },
                  { text: "• Sunny 16: in bright sun, f/16 at a shutter speed of 1/ISO (at ISO 100: 1/100 s)." },
                  { text: "• Hand-held: a shutter speed of at least 1/focal length (with a 50 mm lens: 1/50 s)." },
                  { text: "Keep this sheet with you when you practise.", style: "note" },
                ],
              },
              {
                kind: "quiz",
                quiz: {
                  questions: [
                    {
                      question: "Which two changes let more light reach the sensor?",
                      answers: [
                        "Opening the aperture from f/8 to f/4",
                        "Slowing the shutter from 1/500 s to 1/125 s",
                        "Closing the aperture from f/4 to f/11",
                        "Speeding up the shutter from 1/125 s to 1/1000 s",
                      ],
                      correct: [0, 1],
                      hint: "Think of a window: a bigger opening, or keeping it open for longer.",
                    },
                    {
                      question: "What does raising the ISO add to a photo?",
                      answers: ["Noise (grain)", "Motion blur", "A blurrier background"],
                      correct: [0],
                      hint: "ISO amplifies the sensor's signal, and everything that comes with it.",
                    },
                  ],
                },
              },
            ],
          },
        ],
      },
      {
        title: "Light and composition",
        lectures: [
          {
            title: "Reading natural light",
            minutes: 40,
            access: "paid",
            components: [
              {
                kind: "markdown",
                markdown:
                  "## Natural light\n\nThe same place looks completely different at different times of the day:\n\n" +
                  "- **Golden hour**, the hour after sunrise and before sunset: warm, soft light and long shadows.\n" +
                  "- **Overcast days**: one giant softbox, with even light that suits portraits and close-ups.\n" +
                  "- **Midday sun**: hard light and deep shadows. Look for shade, or use the contrast on purpose.\n\n" +
                  "Watch the short film below (*Big Buck Bunny*, an open film by the Blender Foundation) and notice where the light comes from in each scene and how soft or hard its shadows are.\n\n" +
                  "**Task:** photograph the same spot in the morning, at noon and in the evening.",
              },
              { kind: "embed", url: OPEN_FILM_URL },
            ],
          },
          {
            title: "Composition: the rules and when to break them",
            dripDays: SAMPLE_DRIP_DAYS,
            minutes: 65,
            access: "paid",
            components: [
              {
                kind: "markdown",
                markdown:
                  "## Composition\n\n" +
                  "- **The rule of thirds:** place the subject on one of the lines, or where two of them cross, rather than in the middle.\n" +
                  "- **Leading lines:** roads, rivers and fences lead the eye into the picture.\n" +
                  "- **Framing:** a doorway or branches around the subject add depth.\n" +
                  "- **Negative space:** empty space around a small subject makes it stand out.\n\n" +
                  "The rules are a starting point: a centred subject can be powerful when the scene is symmetrical.\n\n" +
                  "**Task:** photograph one subject in five different compositions and choose the best one.",
              },
            ],
          },
          {
            title: "Editing your first photo",
            minutes: 32,
            access: "login",
            components: [
              {
                kind: "markdown",
                markdown:
                  "## Editing\n\nWork in this order and make small changes:\n\n" +
                  "1. **Crop and straighten**: a level horizon and a tighter frame fix many pictures.\n" +
                  "2. **Exposure**: brighten or darken until the important part is well exposed.\n" +
                  "3. **Highlights and shadows**: bring back the sky, open up the dark areas.\n" +
                  "4. **Colour**: correct the white balance first, then adjust the saturation gently.\n\n" +
                  "Less is more: compare with the original before you export.\n\n" +
                  "**Task:** edit one photo from the earlier tasks and share what you changed in the comments.",
              },
            ],
          },
        ],
      },
    ],
    reviews: [
      {
        firstName: "Anna",
        rating: 10,
        title: "Clear and practical",
        body: "Short lessons and a task after each one. After a week my photos are sharper, and I finally shoot in aperture priority.",
        daysAgo: 3,
      },
      {
        firstName: "Michael",
        rating: 10,
        title: "Exactly what I needed",
        body: "The exposure cheat sheet lives in my camera bag now, and the quiz showed me what I had not understood yet.",
        daysAgo: 9,
      },
      {
        firstName: "Kate",
        rating: 5,
        title: "Good basics",
        body: "A solid introduction. I would like more about editing and about photographing people.",
        daysAgo: 20,
      },
    ],
  },
  pl: {
    slug: "podstawy-fotografii-cyfrowej",
    title: "Podstawy fotografii cyfrowej",
    description:
      "Naucz się robić ostre, dobrze naświetlone zdjęcia dowolnym aparatem, także telefonem. " +
      "Zaczynamy od ustawień, które naprawdę mają znaczenie, potem przechodzimy do światła i kompozycji, " +
      "a na koniec obrabiasz swoje pierwsze zdjęcie. Krótkie zadania po każdej lekcji pomogą Ci przećwiczyć to, czego się nauczysz.",
    seoDescription:
      "Rób ostre, dobrze naświetlone zdjęcia dowolnym aparatem: ustawienia, światło, kompozycja i obróbka w krótkich lekcjach.",
    authorBio: "Fotografuję i uczę: od ponad dziesięciu lat pokazuję początkującym, jak robić lepsze zdjęcia.",
    studentName: "Zofia Kursantka",
    sections: [
      {
        title: "Pierwsze kroki",
        lectures: [
          {
            title: "Witaj na kursie",
            minutes: 5,
            access: "free",
            components: [
              {
                kind: "markdown",
                markdown:
                  "## Witaj!\n\nNa tym kursie nauczysz się **widzieć światło**, dobierać ustawienia i komponować kadr. " +
                  "Wystarczy aparat albo telefon.\n\n### Jak działa kurs\n\n" +
                  "- Każda lekcja jest krótka i kończy się praktycznym zadaniem.\n" +
                  "- Gdy skończysz lekcję, wybierz **Oznacz jako ukończoną**: postęp zobaczysz w spisie lekcji.\n" +
                  "- Pytania zadawaj w komentarzach pod lekcją: odpowiadają na nie inni kursanci i prowadzący.\n\n" +
                  "Krótki klip poniżej pokazuje, co przećwiczymy najpierw: jak zmienia się światło, gdy słońce zachodzi.",
              },
              { kind: "video" },
            ],
            discussion: {
              comments: [
                "Cześć wszystkim! Właśnie kupiłam pierwszy aparat z wymienną optyką. Czy na tym kursie przyda się statyw?",
                "Klip z zachodzącym słońcem to świetny pomysł: wreszcie rozumiem, dlaczego moje wieczorne zdjęcia wychodzą takie pomarańczowe.",
              ],
              ownerReply:
                "Witaj! Na początek nie: każde zadanie zrobisz z ręki. Statyw przyda się później, w lekcji o świetle naturalnym, gdy zrobi się ciemniej.",
            },
          },
          {
            title: "Twój aparat i jego ustawienia",
            minutes: 25,
            access: "login",
            components: [
              {
                kind: "markdown",
                markdown:
                  "## Ustawienia, które mają znaczenie\n\nNowoczesne aparaty mają setki opcji, ale tylko kilka z nich zmienia Twoje zdjęcia:\n\n" +
                  "- **Tryb fotografowania:** zacznij od preselekcji przysłony (A lub Av). Ty wybierasz przysłonę, aparat dobiera czas naświetlania.\n" +
                  "- **Ostrzenie:** tryb pojedynczy (AF-S lub One Shot) i jeden punkt ostrości, który przesuwasz na obiekt.\n" +
                  "- **Format pliku:** RAW zachowuje najwięcej informacji do obróbki; pliki JPEG są mniejsze i gotowe do udostępnienia.\n" +
                  "- **ISO:** automatyczne, z górną granicą, która Ci odpowiada (na przykład 3200).\n\n" +
                  "**Zadanie:** pobierz listę kontrolną poniżej, znajdź każde ustawienie w swoim aparacie i odhacz je.",
              },
              {
                kind: "file",
                filename: "lista-ustawien-aparatu.txt",
                contentType: "text/plain; charset=utf-8",
                text:
                  "LISTA KONTROLNA USTAWIEŃ APARATU\n" +
                  "Podstawy fotografii cyfrowej\n\n" +
                  "[ ] Akumulator naładowany, zapasowy w torbie\n" +
                  "[ ] Karta pamięci sformatowana w aparacie\n" +
                  "[ ] Format pliku: RAW (albo RAW + JPEG)\n" +
                  "[ ] Tryb: preselekcja przysłony (A / Av)\n" +
                  "[ ] ISO: automatyczne, najwyżej 3200\n" +
                  "[ ] Tryb ostrzenia: pojedynczy (AF-S / One Shot)\n" +
                  "[ ] Punkt ostrości: jeden, przesunięty na obiekt\n" +
                  "[ ] Balans bieli: automatyczny\n" +
                  "[ ] Czysty obiektyw\n",
              },
            ],
          },
          {
            title: "Ekspozycja: przysłona, czas naświetlania i ISO",
            minutes: 75,
            access: "paid",
            components: [
              {
                kind: "markdown",
                markdown:
                  "## Trójkąt ekspozycji\n\nJasność zdjęcia zależy od trzech ustawień, które działają razem:\n\n" +
                  "1. **Przysłona**: wielkość otworu w obiektywie. Szeroko otwarta (f/2.8) wpuszcza więcej światła i rozmywa tło; przymknięta (f/11) zachowuje ostrość większej części kadru.\n" +
                  "2. **Czas naświetlania**: jak długo matryca zbiera światło. Krótki czas (1/1000 s) zamraża ruch; długi (1/30 s) wpuszcza więcej światła, ale pokazuje poruszenie.\n" +
                  "3. **ISO**: jak bardzo wzmacniany jest sygnał z matrycy. Wyższe ISO rozjaśnia zdjęcie, ale dodaje szumu.\n\n" +
                  "Każdy pełny krok któregokolwiek z nich, czyli *działka* (EV), podwaja albo zmniejsza o połowę ilość światła. Gdy zmienisz jedno ustawienie, zrównoważ je innym, a ekspozycja pozostanie taka sama.\n\n" +
                  "**Zadanie:** sfotografuj tę samą scenę przy f/2.8, f/5.6 i f/11 i porównaj tło. Miej pod ręką ściągę, a potem sprawdź w quizie, co już wiesz.",
              },
              {
                kind: "pdf",
                filename: "sciaga-ekspozycja.pdf",
                lines: [
                  { text: "Przysłona (liczba f)", style: "heading" },
                  { text: "f/1.8 · f/2.8 · f/4 · f/5.6 · f/8 · f/11 · f/16" },
                  { text: "Mniejsza liczba to szerszy otwór: więcej światła i bardziej rozmyte tło." },
                  { text: "Czas naświetlania", style: "heading" },
                  { text: "1/1000 s · 1/500 s · 1/250 s · 1/125 s · 1/60 s · 1/30 s" },
                  {
                    text: "Krótszy zamraża ruch, dłuższy wpuszcza więcej światła. Poniżej 1/60 s oprzyj się o coś albo użyj statywu.",
                  },
                  { text: "ISO", style: "heading" },
                  { text: "100 · 200 · 400 · 800 · 1600 · 3200" },
                  {
                    text: "Wyższe daje jaśniejszy obraz, ale więcej szumu. Używaj najniższego ISO, na jakie pozwala światło.",
                  },
                  { text: "Zasady na co dzień", style: "heading" },
                  {
                    text: "• Jedna działka podwaja albo zmniejsza o połowę ilość światła: z f/4 na f/5.6, z 1/125 s na 1/250 s, z ISO 200 na ISO 400.",
                  },
                  { text: "• Słoneczne 16: w pełnym słońcu f/16 przy czasie 1/ISO (przy ISO 100: 1/100 s)." },
                  { text: "• Z ręki: czas nie dłuższy niż 1/ogniskowa (z obiektywem 50 mm: 1/50 s)." },
                  { text: "Miej tę ściągę przy sobie, gdy ćwiczysz.", style: "note" },
                ],
              },
              {
                kind: "quiz",
                quiz: {
                  questions: [
                    {
                      question: "Które dwie zmiany wpuszczą więcej światła do matrycy?",
                      answers: [
                        "Otwarcie przysłony z f/8 do f/4",
                        "Wydłużenie czasu z 1/500 s do 1/125 s",
                        "Przymknięcie przysłony z f/4 do f/11",
                        "Skrócenie czasu z 1/125 s do 1/1000 s",
                      ],
                      correct: [0, 1],
                      hint: "Pomyśl o oknie: większy otwór albo dłużej otwarte.",
                    },
                    {
                      question: "Co dodaje zdjęciu podniesienie ISO?",
                      answers: ["Szum (ziarno)", "Poruszenie", "Bardziej rozmyte tło"],
                      correct: [0],
                      hint: "ISO wzmacnia sygnał z matrycy, razem ze wszystkim, co w nim jest.",
                    },
                  ],
                },
              },
            ],
          },
        ],
      },
      {
        title: "Światło i kompozycja",
        lectures: [
          {
            title: "Jak czytać naturalne światło",
            minutes: 40,
            access: "paid",
            components: [
              {
                kind: "markdown",
                markdown:
                  "## Światło naturalne\n\nTo samo miejsce wygląda zupełnie inaczej o różnych porach dnia:\n\n" +
                  "- **Złota godzina**, czyli godzina po wschodzie i przed zachodem słońca: ciepłe, miękkie światło i długie cienie.\n" +
                  "- **Pochmurny dzień**: jeden wielki softbox, równe światło, idealne do portretów i zbliżeń.\n" +
                  "- **Południowe słońce**: twarde światło i głębokie cienie. Poszukaj cienia albo wykorzystaj kontrast celowo.\n\n" +
                  "Obejrzyj krótki film poniżej (*Big Buck Bunny*, otwarty film Blender Foundation) i zwróć uwagę, skąd pada światło w każdej scenie i jak miękkie lub twarde są cienie.\n\n" +
                  "**Zadanie:** sfotografuj to samo miejsce rano, w południe i wieczorem.",
              },
              { kind: "embed", url: OPEN_FILM_URL },
            ],
          },
          {
            title: "Kompozycja: zasady i kiedy je łamać",
            dripDays: SAMPLE_DRIP_DAYS,
            minutes: 65,
            access: "paid",
            components: [
              {
                kind: "markdown",
                markdown:
                  "## Kompozycja\n\n" +
                  "- **Zasada trójpodziału:** umieść obiekt na jednej z linii albo na ich przecięciu, a nie pośrodku.\n" +
                  "- **Linie prowadzące:** drogi, rzeki i płoty prowadzą wzrok w głąb zdjęcia.\n" +
                  "- **Ramowanie:** drzwi albo gałęzie wokół obiektu dodają głębi.\n" +
                  "- **Pusta przestrzeń:** wolne miejsce wokół małego obiektu sprawia, że się wyróżnia.\n\n" +
                  "Zasady to punkt wyjścia: obiekt pośrodku kadru potrafi zrobić wrażenie, gdy scena jest symetryczna.\n\n" +
                  "**Zadanie:** sfotografuj jeden obiekt w pięciu różnych kompozycjach i wybierz najlepszą.",
              },
            ],
          },
          {
            title: "Obróbka pierwszego zdjęcia",
            minutes: 32,
            access: "login",
            components: [
              {
                kind: "markdown",
                markdown:
                  "## Obróbka\n\nPracuj w tej kolejności i wprowadzaj małe zmiany:\n\n" +
                  "1. **Kadrowanie i prostowanie**: prosty horyzont i ciaśniejszy kadr ratują wiele zdjęć.\n" +
                  "2. **Ekspozycja**: rozjaśnij albo przyciemnij, aż najważniejsza część będzie dobrze naświetlona.\n" +
                  "3. **Światła i cienie**: odzyskaj niebo, rozjaśnij ciemne partie.\n" +
                  "4. **Kolor**: najpierw popraw balans bieli, potem delikatnie nasycenie.\n\n" +
                  "Mniej znaczy więcej: przed eksportem porównaj z oryginałem.\n\n" +
                  "**Zadanie:** obrób jedno zdjęcie z wcześniejszych zadań i opisz w komentarzu swoje zmiany.",
              },
            ],
          },
        ],
      },
    ],
    reviews: [
      {
        firstName: "Anna",
        rating: 10,
        title: "Konkretnie i praktycznie",
        body: "Krótkie lekcje i zadanie po każdej z nich. Po tygodniu moje zdjęcia są ostrzejsze, a ja wreszcie fotografuję w preselekcji przysłony.",
        daysAgo: 3,
      },
      {
        firstName: "Michał",
        rating: 10,
        title: "Dokładnie tego potrzebowałem",
        body: "Ściąga z ekspozycji mieszka teraz w mojej torbie na aparat, a quiz pokazał mi, czego jeszcze nie rozumiałem.",
        daysAgo: 9,
      },
      {
        firstName: "Kasia",
        rating: 5,
        title: "Dobre podstawy",
        body: "Solidne wprowadzenie. Chętnie zobaczyłabym więcej o obróbce i o fotografowaniu ludzi.",
        daysAgo: 20,
      },
    ],
  },
};
