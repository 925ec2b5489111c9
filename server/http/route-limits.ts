// The request limits of the state-changing routes: every POST, PUT, PATCH and DELETE declares one of these in its
// route config (`config: { rateLimit: routeLimits.comment }`) or an exemption with its reason; the server refuses to
// start otherwise (server/plugins/route-rate-limit.ts). Routes sharing a name share one count per user or address.
// The figures are for a real school: a person working normally never meets them, a script does within seconds.
// RATE_LIMIT_SCALE multiplies them all (0: off). The README's "Rate limits" table lists them.

export type RouteLimit = {
  /** the limiter's name: its counts are kept under this name */
  name: string;
  /** requests allowed in each window */
  points: number;
  /** the window, in seconds */
  duration: number;
  /** counted per logged-in user (visitors per address), or per client address whoever asks */
  by: "user" | "ip";
};

/** A route that must never be limited, with the reason (read by a person reviewing the route). */
export type RouteLimitExemption = { exempt: string };

const minute = 60;
const hour = 60 * minute;

export const routeLimits = {
  // Accounts: a ceiling on requests per address, besides the failed-login throttle (core/accounts/login-throttle.ts).
  register: { name: "register", points: 10, duration: hour, by: "ip" },
  login: { name: "login", points: 60, duration: minute, by: "ip" },
  logout: { name: "logout", points: 30, duration: minute, by: "user" },
  passwordResetRequest: { name: "password_reset_request", points: 10, duration: hour, by: "ip" },
  passwordReset: { name: "password_reset", points: 20, duration: hour, by: "ip" },
  account: { name: "account", points: 20, duration: minute, by: "user" },
  invitation: { name: "invitation", points: 20, duration: minute, by: "user" },
  setup: { name: "setup", points: 10, duration: minute, by: "ip" },
  // Discussion.
  comment: { name: "comment", points: 10, duration: minute, by: "user" },
  reply: { name: "reply", points: 10, duration: minute, by: "user" },
  discussionDelete: { name: "discussion_delete", points: 30, duration: minute, by: "user" },
  vote: { name: "vote", points: 120, duration: minute, by: "user" },
  review: { name: "review", points: 10, duration: hour, by: "user" },
  // Community: writing posts, and editing or deleting them.
  communityPost: { name: "community_post", points: 10, duration: minute, by: "user" },
  communityPostChange: { name: "community_post_change", points: 30, duration: minute, by: "user" },
  // Moderation: a member reporting what they read (a person reports a few things a day).
  report: { name: "report", points: 20, duration: hour, by: "user" },
  // Surveys: a student answers or postpones a survey a few times a day; reading one is a modal opening.
  surveyOpen: { name: "survey_open", points: 60, duration: minute, by: "user" },
  surveyAnswer: { name: "survey_answer", points: 20, duration: minute, by: "user" },
  // Exams: starting or handing in an attempt (a few an hour), and the exam page's debounced autosave.
  examAttempt: { name: "exam_attempt", points: 20, duration: minute, by: "user" },
  examAutosave: { name: "exam_autosave", points: 120, duration: minute, by: "user" },
  // Learning: a student clicking through lectures (one watch, star or completion a click) never meets these.
  progress: { name: "progress", points: 300, duration: minute, by: "user" },
  note: { name: "note", points: 120, duration: minute, by: "user" },
  // Favourites: a student marking a course or lecture (a click each).
  favourite: { name: "favourite", points: 60, duration: minute, by: "user" },
  // Selling: checkout starts, and promo-code checks (20 a minute stops enumerating codes).
  checkout: { name: "checkout", points: 20, duration: minute, by: "user" },
  promoCheck: { name: "promo_check", points: 20, duration: minute, by: "ip" },
  // Memberships: a member cancelling, answering the survey or resuming (a person does this a few times a year).
  membership: { name: "membership", points: 20, duration: minute, by: "user" },
  // The card update: a person mistypes a card a few times; a card form is also where stolen numbers get tried.
  membershipCard: { name: "membership_card", points: 10, duration: hour, by: "user" },
  // File bytes: signed uploads, and tus video chunks (a large video is sent in many chunks).
  upload: { name: "upload", points: 120, duration: minute, by: "user" },
  uploadChunk: { name: "upload_chunk", points: 1200, duration: minute, by: "user" },
  // Community: topic e-mail levels (the feed's dropdown, account settings), and the unsubscribe link of a topic
  // mail, which needs no login (per address).
  topicNotifications: { name: "topic_notifications", points: 30, duration: minute, by: "user" },
  unsubscribe: { name: "unsubscribe", points: 20, duration: minute, by: "ip" },
  // Leads: a visitor leaves a lead from a page's form (a person does it once; a script filling a list is stopped
  // per address), and follows the double opt-in's link.
  lead: { name: "lead", points: 10, duration: hour, by: "ip" },
  leadConfirm: { name: "lead_confirm", points: 20, duration: hour, by: "ip" },
  // The school's staff (admins, course managers): one generous count per person across the back office.
  staff: { name: "staff", points: 600, duration: minute, by: "user" },
  // Outgoing webhooks sent by hand (test events, redeliveries): each makes the server call another address.
  webhookSend: { name: "webhook_send", points: 30, duration: minute, by: "user" },
  // A page's evergreen countdown asks its visitor's deadline once per view (each writes at most one row).
  countdown: { name: "countdown", points: 60, duration: minute, by: "ip" },
  // Students added by hand (POST /student): each may send an invitation e-mail. The bulk import has its own
  // once-a-minute rule besides (spec §8).
  studentCreate: { name: "student_create", points: 30, duration: minute, by: "user" },
} as const satisfies Record<string, RouteLimit>;

export const exemptions = {
  providerNotification: {
    exempt: "a provider's notification, verified by its signature; dropping one would lose a payment or a video",
  },
  reads: { exempt: "reads only (a list or a status poll): changes nothing" },
} as const satisfies Record<string, RouteLimitExemption>;

/** The route options that declare a limit: `app.post("/vote", limited(routeLimits.vote), handler)`. */
export function limited(rateLimit: RouteLimit | RouteLimitExemption) {
  return { config: { rateLimit } };
}
