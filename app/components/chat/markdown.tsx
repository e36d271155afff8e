import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

/**
 * The mentor's replies as Markdown (GitHub flavour: lists, tables, code),
 * rendered inert whatever the model wrote:
 *   - raw HTML is dropped (no rehype-raw), so no script, style, iframe or event handler;
 *   - images are never loaded: an image shows as its alt text, so a reply cannot
 *     make the browser fetch a tracking address;
 *   - links keep only http(s) and mailto addresses (anything else, javascript:
 *     included, is plain text) and open in a new tab without referrer or opener.
 * Plain React elements, so it renders the same on the server (saved replies)
 * and in the browser (streamed ones).
 */

const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** The address itself when it is http(s) or mailto, else nothing (the link becomes text). */
export function safeLinkUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return LINK_PROTOCOLS.has(parsed.protocol) ? parsed.href : "";
  } catch {
    // Relative addresses and fragments lead nowhere outside the page's own reply.
    return "";
  }
}

const COMPONENTS: Components = {
  a: ({ href, children }) =>
    href ? (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    ) : (
      <span>{children}</span>
    ),
  // Never an <img>: the alt text stands in for the picture.
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
  // Headings inside a reply sit below the page's own headings.
  h1: ({ children }) => <h3 className="mt-3 text-base font-bold first:mt-0">{children}</h3>,
  h2: ({ children }) => <h4 className="mt-3 font-bold first:mt-0">{children}</h4>,
  h3: ({ children }) => <h5 className="mt-3 font-semibold first:mt-0">{children}</h5>,
  h4: ({ children }) => <h6 className="mt-3 font-semibold first:mt-0">{children}</h6>,
  h5: ({ children }) => <p className="mt-3 font-semibold first:mt-0">{children}</p>,
  h6: ({ children }) => <p className="mt-3 font-semibold first:mt-0">{children}</p>,
  p: ({ children }) => <p className="mt-2 first:mt-0">{children}</p>,
  ul: ({ children }) => <ul className="mt-2 list-disc space-y-1 pl-5 first:mt-0">{children}</ul>,
  ol: ({ children }) => <ol className="mt-2 list-decimal space-y-1 pl-5 first:mt-0">{children}</ol>,
  blockquote: ({ children }) => (
    <blockquote className="mt-2 border-l-4 border-slate-300 pl-3 text-slate-700 first:mt-0">
      {children}
    </blockquote>
  ),
  pre: ({ children }) => (
    <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs leading-relaxed text-slate-50 first:mt-0 [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-inherit">
      {children}
    </pre>
  ),
  code: ({ children }) => (
    <code className="rounded bg-slate-200 px-1 py-0.5 text-[0.9em]">{children}</code>
  ),
  table: ({ children }) => (
    <div className="mt-2 overflow-x-auto first:mt-0">
      <table className="min-w-full border-collapse text-left text-sm">{children}</table>
    </div>
  ),
  th: ({ children, style }) => (
    <th style={style} className="border border-slate-300 bg-slate-100 px-2 py-1 font-semibold">
      {children}
    </th>
  ),
  td: ({ children, style }) => (
    <td style={style} className="border border-slate-300 px-2 py-1 align-top">
      {children}
    </td>
  ),
  hr: () => <hr className="my-3 border-slate-300" />,
  // A task list's box is shown, not a form control.
  input: ({ checked }) => (
    <span className="mr-1">
      <span aria-hidden="true">{checked ? "☑" : "☐"}</span>
      <span className="sr-only">{checked ? "Done: " : "To do: "}</span>
    </span>
  ),
};

const PLUGINS = [remarkGfm];

export function MentorMarkdown({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={PLUGINS} skipHtml urlTransform={safeLinkUrl} components={COMPONENTS}>
      {text}
    </Markdown>
  );
}
