// The sample school's terms and privacy policy (issue 16 item 9): short texts in the school's language, marked
// as samples at the top so that no owner publishes them as their own by mistake. The withdrawal information is
// left for the owner (it depends on what and where they sell).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Language } from "#platform/db/schema.ts";

export const sampleLegalTexts: Record<Language, { terms: string; privacy: string }> = {
  en: {
    terms: `> **This is a sample.** Replace it with your own terms before you sell: Home → Legal pages.

## 1. Who sells
The courses are sold by the owner of this school, named in the footer.

## 2. Buying a course
You buy a course by paying for it at checkout. Access starts as soon as the payment is confirmed and lasts as long as the course's page says.

## 3. Prices
Prices are shown with tax included, in the currency of the school.

## 4. Complaints
Write to the contact address in the footer. We answer within 14 days.
`,
    privacy: `> **This is a sample.** Replace it with your own privacy policy: Home → Legal pages.

## What we keep
Your name and e-mail address, what you bought, and your progress in the courses.

## Why
To give you access to what you bought, to send you receipts and the messages you asked for, and to keep the invoices the law requires.

## Your rights
You may see, correct or delete your data: write to the contact address in the footer.
`,
  },
  pl: {
    terms: `> **To jest przykład.** Zastąp go własnym regulaminem, zanim zaczniesz sprzedawać: Panel → Strony prawne.

## 1. Sprzedawca
Kursy sprzedaje właściciel tej szkoły, wskazany w stopce.

## 2. Zakup kursu
Kurs kupujesz, płacąc za niego w zamówieniu. Dostęp zaczyna się zaraz po potwierdzeniu płatności i trwa tak długo, jak podaje strona kursu.

## 3. Ceny
Ceny zawierają podatek i są podane w walucie szkoły.

## 4. Reklamacje
Napisz na adres kontaktowy ze stopki. Odpowiadamy w ciągu 14 dni.
`,
    privacy: `> **To jest przykład.** Zastąp go własną polityką prywatności: Panel → Strony prawne.

## Jakie dane przechowujemy
Imię i nazwisko, adres e-mail, zakupy i postępy w kursach.

## Po co
Aby dać Ci dostęp do zakupionych kursów, wysyłać potwierdzenia i wiadomości, o które prosisz, oraz przechowywać faktury, których wymaga prawo.

## Twoje prawa
Możesz wglądać w swoje dane, poprawiać je lub je usunąć: napisz na adres kontaktowy ze stopki.
`,
  },
};

/** Gives the school sample terms and privacy pages, in its language (a setup with sample content). */
export async function addSampleLegalPages(db: Db, language: Language): Promise<void> {
  const texts = sampleLegalTexts[language];
  await db
    .updateTable("school")
    .set({ terms: texts.terms.trim(), privacy: texts.privacy.trim(), updated_at: nowIso() })
    .execute();
}
