// Lecture text in markdown. Raw HTML in the source is dropped (never rendered), and only http(s), mailto and
// same-site links and images survive: javascript:, data: and every other scheme are removed (SECURITY.md).
import Markdown, { type Components } from "react-markdown";

const allowedProtocol = /^(https?|mailto):$/i;

/** The URL as written when it is safe to follow, otherwise an empty string (react-markdown then drops it). */
export function safeMarkdownUrl(url: string): string {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"): judge what they would see.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const compact = url.replace(/[\u0000-\u0020\u007f]/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return url;
  return allowedProtocol.test(`${scheme[1]}:`) ? url : "";
}

export const markdownComponents: Components = {
  a: ({ node: _node, href, children, ...props }) => {
    if (!href) return <span>{children}</span>;
    const external = /^https?:/i.test(href);
    return (
      <a href={href} {...props} {...(external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}>
        {children}
      </a>
    );
  },
  img: ({ node: _node, src, alt, ...props }) =>
    src ? <img src={src} alt={alt ?? ""} loading="lazy" {...props} /> : null,
};

export const markdownClass =
  "max-w-none break-words text-base leading-relaxed text-ink " +
  "[&_h1]:mt-6 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold " +
  "[&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1 " +
  "[&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:mt-3 [&_blockquote]:border-l-4 [&_blockquote]:border-gray-300 [&_blockquote]:pl-4 [&_blockquote]:text-muted " +
  "[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1 [&_code]:text-sm [&_pre]:mt-3 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-gray-900 [&_pre]:p-4 [&_pre]:text-gray-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0 " +
  "[&_img]:mt-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-md [&_hr]:my-6 [&_hr]:border-gray-200 [&>:first-child]:mt-0";

/**
 * Markdown already rendered on the server by renderMarkdown (./rendered-markdown.server.tsx: the same renderer
 * and rules as MarkdownText, kept per text): neither the server per request nor the browser parses it again.
 */
export function RenderedMarkdown({ html }: { html: string }) {
  return <div className={markdownClass} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Markdown rendered where it is shown (the authoring previews, a community post). */
export function MarkdownText({ markdown }: { markdown: string }) {
  return (
    <div className={markdownClass}>
      <Markdown skipHtml urlTransform={safeMarkdownUrl} components={markdownComponents}>
        {markdown}
      </Markdown>
    </div>
  );
}
