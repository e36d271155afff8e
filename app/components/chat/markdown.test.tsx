import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MentorMarkdown, safeLinkUrl } from "./markdown";

const render = (text: string) =>
  renderToString(<MentorMarkdown text={text} />).replace(/<!-- -->/g, "");

describe("the mentor's Markdown", () => {
  it("renders GitHub-flavoured Markdown: emphasis, lists, tables, code", () => {
    const html = render(
      "## Heart failure\n\n- **Left**: orthopnoea\n- Right: `oedema`\n\n| Sign | Side |\n|---|---|\n| Crackles | Left |\n\n~~old~~",
    );
    expect(html).toContain("<h4");
    expect(html).toContain("<strong>Left</strong>");
    expect(html).toMatch(/<li>.*orthopnoea<\/li>/);
    expect(html).toContain("<table");
    expect(html).toMatch(/<code[^>]*>oedema<\/code>/);
    expect(html).toContain("<del>old</del>");
  });

  it("drops raw HTML: no script, frame, style or event handler reaches the page", () => {
    const html = render(
      [
        "<script>alert(1)</script>",
        "",
        '<img src=x onerror="alert(2)">',
        "",
        '<iframe src="https://evil.example"></iframe>',
        "",
        "<style>body{display:none}</style>",
        "",
        'Text with <b onclick="alert(3)">inline</b> tags.',
      ].join("\n"),
    );
    expect(html).not.toMatch(/<(script|img|iframe|style|b)\b/i);
    expect(html).not.toMatch(/onerror|onclick|alert/i);
    expect(html).toContain("Text with inline tags.");
  });

  it("never loads an image: it shows the alt text instead", () => {
    const html = render("![tracking pixel](https://tracker.example/p.png) and ![](http://x/y.png)");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("tracker.example");
    expect(html).toContain("tracking pixel");
  });

  it("keeps http(s) and mailto links, opening in a new tab; anything else is plain text", () => {
    const html = render(
      "[guide](https://example.org/a) [mail](mailto:help@example.org) [bad](javascript:alert(1)) [data](data:text/html,hi) [rel](/plans) [vb](vbscript:msgbox)",
    );
    expect(html).toContain(
      '<a href="https://example.org/a" target="_blank" rel="noopener noreferrer nofollow ugc"',
    );
    expect(html).toContain('href="mailto:help@example.org"');
    expect(html.match(/<a /g)).toHaveLength(2);
    expect(html).not.toMatch(/javascript:|data:|vbscript:|href="\/plans"/);
    for (const text of ["bad", "data", "rel", "vb"]) expect(html).toContain(`<span>${text}</span>`);
  });

  it("decides link addresses by their parsed protocol", () => {
    expect(safeLinkUrl("https://example.org")).toBe("https://example.org/");
    expect(safeLinkUrl(" JavaScript:alert(1)")).toBe("");
    expect(safeLinkUrl("java\tscript:alert(1)")).toBe("");
    expect(safeLinkUrl("#fn-1")).toBe("");
  });
});
