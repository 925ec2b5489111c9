// The community gallery in a Polish school (spec §1): the page, the lightbox's buttons and caption in Polish, by
// keyboard, accessible. English: community-gallery.spec.ts.
import { userIdOf } from "#tests/helpers/discussion-fixtures.ts";
import { arrangePost, arrangeTopic, storePostImage } from "#tests/helpers/gallery-fixtures.ts";
import { expect, expectAccessible, gotoHydrated, owner, test } from "../fixtures.ts";

test("the gallery and its lightbox speak Polish", async ({ page, server, schoolPl: _ }) => {
  const db = server.handle.db;
  const userId = await userIdOf(db, owner.email);
  const topic = await arrangeTopic(db, { title: "Zachody słońca" });
  for (const title of ["Nad jeziorem", "W górach"]) {
    const image = await storePostImage(server.database.dataDir);
    await arrangePost(db, { topicId: topic.id, userId, title, image });
  }
  await gotoHydrated(page, `/community/gallery/${topic.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Galeria" })).toBeVisible();
  await expect(page.getByText("Zdjęcia udostępnione w temacie Zachody słońca, od najnowszych.")).toBeVisible();
  await expectAccessible(page);

  const opener = page.getByRole("button", { name: "Otwórz zdjęcie: W górach" });
  await opener.focus();
  await page.keyboard.press("Enter");
  const box = page.getByRole("dialog", { name: "Przeglądarka zdjęć" });
  await expect(box).toBeVisible();
  await expect(page.getByTestId("lightbox-status")).toHaveText("Zdjęcie 1 z 2: W górach");
  await expect(box.getByRole("button", { name: "Następne zdjęcie" })).toBeVisible();
  await expect(box.getByRole("button", { name: "Ukryj miniatury" })).toBeVisible();
  await expect(box.getByRole("link", { name: "Przejdź do wpisu" }).first()).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("lightbox-status")).toHaveText("Zdjęcie 2 z 2: Nad jeziorem");
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(box).toHaveCount(0);
  await expect(opener).toBeFocused();

  const empty = await arrangeTopic(db, { title: "Cisza" });
  await gotoHydrated(page, `/community/gallery/${empty.id}`);
  await expect(page.getByText("Nie ma jeszcze zdjęć.")).toBeVisible();
});
