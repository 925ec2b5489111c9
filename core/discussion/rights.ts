// Who may do what in a discussion (spec §6). Pure: the server enforces it, the browser uses it to decide which
// buttons to show.
export type DiscussionViewer = { id: number; role: "admin" | "moderator" | "student" };

/** A comment or a reply as far as rights go: its author and whether an admin wrote it. */
export type Authored = { user_id: number; by_admin: number };

/** Admins and moderators delete anything; a student deletes what they wrote, unless it was written as an admin. */
export function canDelete(viewer: DiscussionViewer | null, item: Authored): boolean {
  if (!viewer) return false;
  if (viewer.role === "admin" || viewer.role === "moderator") return true;
  return item.user_id === viewer.id && item.by_admin === 0;
}

/**
 * The refusal of what a viewer may not do to an item they can see: someone else's item answers as a missing one
 * (404, so ids cannot be probed: SECURITY.md, IDOR); only the viewer's own item is a 403 (written as an admin,
 * or a power they lack).
 */
export function refusalFor(viewer: DiscussionViewer, item: Pick<Authored, "user_id">): "not_found" | "forbidden" {
  return item.user_id === viewer.id ? "forbidden" : "not_found";
}

/** Turning a comment into a review, attaching an image to a reply, seeing links to the student's page. */
export function isModerator(viewer: DiscussionViewer | null): boolean {
  return viewer?.role === "admin";
}
