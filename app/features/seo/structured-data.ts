// Schema.org data for search engines (issue 16): a course with its offer and rating, a product with its offer,
// an article with its author and dates, and the school as an Organization. Rendered by React Router's meta as <script type="application/ld+json">,
// which escapes < > & in the JSON (a title holding "</script>" cannot close the tag) and is data, never run.
type LdJson = { [key: string]: LdValue };
type LdValue = string | number | boolean | null | LdJson | LdValue[];

export type OfferData = { priceCents: number; currency: string; url: string };

/** 12345 cents: "123.45", as schema.org's price wants (a dot, no currency sign). */
export function schemaPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

function offer(data: OfferData): LdJson {
  return {
    "@type": "Offer",
    price: schemaPrice(data.priceCents),
    priceCurrency: data.currency,
    url: data.url,
    availability: "https://schema.org/InStock",
    category: data.priceCents > 0 ? "Paid" : "Free",
  };
}

export function courseJsonLd(course: {
  title: string;
  description: string;
  url: string;
  image: string | null;
  school: string;
  siteUrl: string;
  offer: OfferData;
  /** approved reviews, rated 0, 5 or 10; none: no rating is claimed */
  rating: { count: number; average: number } | null;
}): LdJson {
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.title,
    description: course.description,
    url: course.url,
    ...(course.image ? { image: course.image } : {}),
    provider: { "@type": "Organization", name: course.school, sameAs: course.siteUrl },
    offers: [offer(course.offer)],
    ...(course.rating && course.rating.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: Math.round(course.rating.average * 10) / 10,
            ratingCount: course.rating.count,
            bestRating: 10,
            worstRating: 0,
          },
        }
      : {}),
  };
}

export function productJsonLd(product: {
  title: string;
  description: string;
  url: string;
  image: string | null;
  school: string;
  offer: OfferData | null;
}): LdJson {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: product.description,
    url: product.url,
    ...(product.image ? { image: product.image } : {}),
    brand: { "@type": "Organization", name: product.school },
    ...(product.offer ? { offers: offer(product.offer) } : {}),
  };
}

export function articleJsonLd(article: {
  title: string;
  description: string;
  url: string;
  image: string | null;
  author: string;
  published: string;
  modified: string;
  school: string;
  siteUrl: string;
}): LdJson {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.title,
    description: article.description,
    url: article.url,
    mainEntityOfPage: article.url,
    ...(article.image ? { image: article.image } : {}),
    ...(article.author ? { author: { "@type": "Person", name: article.author } } : {}),
    datePublished: article.published,
    dateModified: article.modified,
    publisher: { "@type": "Organization", name: article.school, url: article.siteUrl },
  };
}

export function organizationJsonLd(school: {
  name: string;
  url: string;
  description: string;
  logo: string | null;
  email: string;
  sameAs: string[];
}): LdJson {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: school.name,
    url: school.url,
    ...(school.description ? { description: school.description } : {}),
    ...(school.logo ? { logo: school.logo } : {}),
    ...(school.email ? { email: school.email } : {}),
    ...(school.sameAs.length ? { sameAs: school.sameAs } : {}),
  };
}

export type { LdJson };
