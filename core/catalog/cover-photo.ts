// Where a course's cover image is served from: stored files are served under /files/<storage key>
// (courses.cover_image). Null when the course has none (the page shows a placeholder image instead).
export function coverPhotoUrl(key: string | null | undefined): string | null {
  return key ? `/files/${key.split("/").map(encodeURIComponent).join("/")}` : null;
}
