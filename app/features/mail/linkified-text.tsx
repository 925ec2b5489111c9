// Plain text with its web addresses turned into links, so the owner can follow a link in an e-mail kept in
// the outbox (a password reset, an invitation). Only http(s) addresses become links; everything else stays
// text (React escapes it), so a message cannot inject markup or javascript: links.
import { Fragment } from "react";

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
// Punctuation that ends a sentence rather than the address.
const TRAILING = /[.,;:!?)\]]+$/;

export type TextPart = { text: string; href?: string };

export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const href = match[0].replace(TRAILING, "");
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: href, href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export function LinkifiedText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className}>
      {splitLinks(text).map((part, index) =>
        part.href ? (
          <a
            key={index}
            href={part.href}
            rel="noreferrer noopener"
            className="break-all text-brand-700 underline underline-offset-4"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </div>
  );
}
