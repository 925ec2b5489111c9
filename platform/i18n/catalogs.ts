// Every message catalog, imported statically so that the server (native Node) and the browser bundle
// (Vite) load the same files. A new namespace is one JSON file per language plus one line in each list.
import enAccounts from "../../locales/en/accounts.json" with { type: "json" };
import enAdmin from "../../locales/en/admin.json" with { type: "json" };
import enAuthoring from "../../locales/en/authoring.json" with { type: "json" };
import enCatalog from "../../locales/en/catalog.json" with { type: "json" };
import enLearning from "../../locales/en/learning.json" with { type: "json" };
import enCommon from "../../locales/en/common.json" with { type: "json" };
import enDiscussion from "../../locales/en/discussion.json" with { type: "json" };
import enCommunity from "../../locales/en/community.json" with { type: "json" };
import enErrors from "../../locales/en/errors.json" with { type: "json" };
import enJobs from "../../locales/en/jobs.json" with { type: "json" };
import enStudents from "../../locales/en/students.json" with { type: "json" };
import enTeam from "../../locales/en/team.json" with { type: "json" };
import enWebhooks from "../../locales/en/webhooks.json" with { type: "json" };
import enArticles from "../../locales/en/articles.json" with { type: "json" };
import enPages from "../../locales/en/pages.json" with { type: "json" };
import enMail from "../../locales/en/mail.json" with { type: "json" };
import enMedia from "../../locales/en/media.json" with { type: "json" };
import enGallery from "../../locales/en/gallery.json" with { type: "json" };
import enReviews from "../../locales/en/reviews.json" with { type: "json" };
import enSearch from "../../locales/en/search.json" with { type: "json" };
import enSetup from "../../locales/en/setup.json" with { type: "json" };
import enValidation from "../../locales/en/validation.json" with { type: "json" };
import enProducts from "../../locales/en/products.json" with { type: "json" };
import enIntegrations from "../../locales/en/integrations.json" with { type: "json" };
import enInvoices from "../../locales/en/invoices.json" with { type: "json" };
import enCheckout from "../../locales/en/checkout.json" with { type: "json" };
import enPromo from "../../locales/en/promo.json" with { type: "json" };
import enPurchase from "../../locales/en/purchase.json" with { type: "json" };
import enCard from "../../locales/en/card.json" with { type: "json" };
import enAccess from "../../locales/en/access.json" with { type: "json" };
import enTransactions from "../../locales/en/transactions.json" with { type: "json" };
import enUi from "../../locales/en/ui.json" with { type: "json" };
import enNotifications from "../../locales/en/notifications.json" with { type: "json" };
import enVideoUpload from "../../locales/en/video_upload.json" with { type: "json" };
import enCommunityAdmin from "../../locales/en/community_admin.json" with { type: "json" };
import enMemberships from "../../locales/en/memberships.json" with { type: "json" };
import enMembershipsAdmin from "../../locales/en/memberships_admin.json" with { type: "json" };
import enMembershipsMail from "../../locales/en/memberships_mail.json" with { type: "json" };
import enMembershipsOffer from "../../locales/en/memberships_offer.json" with { type: "json" };
import enModeration from "../../locales/en/moderation.json" with { type: "json" };
import enSurveys from "../../locales/en/surveys.json" with { type: "json" };
import enLeads from "../../locales/en/leads.json" with { type: "json" };
import enCourseReport from "../../locales/en/course_report.json" with { type: "json" };
import enMembershipsCard from "../../locales/en/memberships_card.json" with { type: "json" };
import enMembershipsStripe from "../../locales/en/memberships_stripe.json" with { type: "json" };
import enCertificates from "../../locales/en/certificates.json" with { type: "json" };
import enFavourites from "../../locales/en/favourites.json" with { type: "json" };
import enExams from "../../locales/en/exams.json" with { type: "json" };
import enSite from "../../locales/en/site.json" with { type: "json" };
import plAccounts from "../../locales/pl/accounts.json" with { type: "json" };
import plAdmin from "../../locales/pl/admin.json" with { type: "json" };
import plAuthoring from "../../locales/pl/authoring.json" with { type: "json" };
import plCatalog from "../../locales/pl/catalog.json" with { type: "json" };
import plLearning from "../../locales/pl/learning.json" with { type: "json" };
import plCommon from "../../locales/pl/common.json" with { type: "json" };
import plDiscussion from "../../locales/pl/discussion.json" with { type: "json" };
import plCommunity from "../../locales/pl/community.json" with { type: "json" };
import plErrors from "../../locales/pl/errors.json" with { type: "json" };
import plJobs from "../../locales/pl/jobs.json" with { type: "json" };
import plStudents from "../../locales/pl/students.json" with { type: "json" };
import plTeam from "../../locales/pl/team.json" with { type: "json" };
import plWebhooks from "../../locales/pl/webhooks.json" with { type: "json" };
import plArticles from "../../locales/pl/articles.json" with { type: "json" };
import plPages from "../../locales/pl/pages.json" with { type: "json" };
import plMail from "../../locales/pl/mail.json" with { type: "json" };
import plMedia from "../../locales/pl/media.json" with { type: "json" };
import plGallery from "../../locales/pl/gallery.json" with { type: "json" };
import plReviews from "../../locales/pl/reviews.json" with { type: "json" };
import plSearch from "../../locales/pl/search.json" with { type: "json" };
import plSetup from "../../locales/pl/setup.json" with { type: "json" };
import plValidation from "../../locales/pl/validation.json" with { type: "json" };
import plProducts from "../../locales/pl/products.json" with { type: "json" };
import plIntegrations from "../../locales/pl/integrations.json" with { type: "json" };
import plInvoices from "../../locales/pl/invoices.json" with { type: "json" };
import plCheckout from "../../locales/pl/checkout.json" with { type: "json" };
import plPromo from "../../locales/pl/promo.json" with { type: "json" };
import plPurchase from "../../locales/pl/purchase.json" with { type: "json" };
import plCard from "../../locales/pl/card.json" with { type: "json" };
import plAccess from "../../locales/pl/access.json" with { type: "json" };
import plTransactions from "../../locales/pl/transactions.json" with { type: "json" };
import plUi from "../../locales/pl/ui.json" with { type: "json" };
import plNotifications from "../../locales/pl/notifications.json" with { type: "json" };
import plVideoUpload from "../../locales/pl/video_upload.json" with { type: "json" };
import plCommunityAdmin from "../../locales/pl/community_admin.json" with { type: "json" };
import plMemberships from "../../locales/pl/memberships.json" with { type: "json" };
import plMembershipsAdmin from "../../locales/pl/memberships_admin.json" with { type: "json" };
import plMembershipsMail from "../../locales/pl/memberships_mail.json" with { type: "json" };
import plMembershipsOffer from "../../locales/pl/memberships_offer.json" with { type: "json" };
import plModeration from "../../locales/pl/moderation.json" with { type: "json" };
import plSurveys from "../../locales/pl/surveys.json" with { type: "json" };
import plLeads from "../../locales/pl/leads.json" with { type: "json" };
import plCourseReport from "../../locales/pl/course_report.json" with { type: "json" };
import plMembershipsCard from "../../locales/pl/memberships_card.json" with { type: "json" };
import plMembershipsStripe from "../../locales/pl/memberships_stripe.json" with { type: "json" };
import plCertificates from "../../locales/pl/certificates.json" with { type: "json" };
import plFavourites from "../../locales/pl/favourites.json" with { type: "json" };
import plExams from "../../locales/pl/exams.json" with { type: "json" };
import plSite from "../../locales/pl/site.json" with { type: "json" };

export const languages = ["en", "pl"] as const;
export type Lang = (typeof languages)[number];

export const catalogs = {
  en: {
    common: enCommon,
    errors: enErrors,
    validation: enValidation,
    products: enProducts,
    accounts: enAccounts,
    setup: enSetup,
    admin: enAdmin,
    mail: enMail,
    jobs: enJobs,
    students: enStudents,
    team: enTeam,
    webhooks: enWebhooks,
    articles: enArticles,
    pages: enPages,
    catalog: enCatalog,
    reviews: enReviews,
    search: enSearch,
    learning: enLearning,
    discussion: enDiscussion,
    community: enCommunity,
    authoring: enAuthoring,
    media: enMedia,
    gallery: enGallery,
    integrations: enIntegrations,
    invoices: enInvoices,
    checkout: enCheckout,
    promo: enPromo,
    community_admin: enCommunityAdmin,
    purchase: enPurchase,
    card: enCard,
    access: enAccess,
    transactions: enTransactions,
    ui: enUi,
    notifications: enNotifications,
    video_upload: enVideoUpload,
    moderation: enModeration,
    memberships: enMemberships,
    memberships_admin: enMembershipsAdmin,
    memberships_mail: enMembershipsMail,
    memberships_offer: enMembershipsOffer,
    surveys: enSurveys,
    leads: enLeads,
    course_report: enCourseReport,
    memberships_card: enMembershipsCard,
    memberships_stripe: enMembershipsStripe,
    certificates: enCertificates,
    favourites: enFavourites,
    exams: enExams,
    site: enSite,
  },
  pl: {
    common: plCommon,
    errors: plErrors,
    validation: plValidation,
    products: plProducts,
    accounts: plAccounts,
    setup: plSetup,
    admin: plAdmin,
    mail: plMail,
    jobs: plJobs,
    students: plStudents,
    team: plTeam,
    webhooks: plWebhooks,
    articles: plArticles,
    pages: plPages,
    catalog: plCatalog,
    reviews: plReviews,
    search: plSearch,
    learning: plLearning,
    discussion: plDiscussion,
    community: plCommunity,
    authoring: plAuthoring,
    media: plMedia,
    gallery: plGallery,
    integrations: plIntegrations,
    invoices: plInvoices,
    checkout: plCheckout,
    promo: plPromo,
    community_admin: plCommunityAdmin,
    purchase: plPurchase,
    card: plCard,
    access: plAccess,
    transactions: plTransactions,
    ui: plUi,
    notifications: plNotifications,
    video_upload: plVideoUpload,
    moderation: plModeration,
    memberships: plMemberships,
    memberships_admin: plMembershipsAdmin,
    memberships_mail: plMembershipsMail,
    memberships_offer: plMembershipsOffer,
    surveys: plSurveys,
    leads: plLeads,
    course_report: plCourseReport,
    memberships_card: plMembershipsCard,
    memberships_stripe: plMembershipsStripe,
    certificates: plCertificates,
    favourites: plFavourites,
    exams: plExams,
    site: plSite,
  },
} as const;

export const namespaces = Object.keys(catalogs.en) as (keyof (typeof catalogs)["en"])[];
