import Link from "next/link";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import remarkBoardLinks, { MENTION_CLASS, type BoardLinkOptions } from "@/components/markdown/remark-board-links";
import { cn } from "@/lib/cn";

/**
 * Issue, comment and project text as GitHub-flavoured markdown. Raw HTML is never rendered (there is
 * no rehype-raw), and URLs pass react-markdown's protocol allowlist. Site paths such as
 * /<prefix>/issues/ACME-12 (the spec's link forms, linked or bare) and the company's identifiers
 * (ACME-12) navigate inside the board; `[@Name](agent://<id>)` mentions link to the agent's page and
 * `[@Name](user://<id>)` show the person's name; other links open in a new tab. Uploaded files
 * (/api/assets/<id>) show as images or download.
 */
export function MarkdownText({ children, prefix, agents, className }: {
  children: string; prefix: string; agents?: readonly { id: string; urlKey: string }[]; className?: string;
}) {
  // a plain function of the props: also rendered by server components (approval cards)
  const options: BoardLinkOptions = { prefix, agentUrlKeys: new Map(agents?.map((a) => [a.id, a.urlKey])) };
  return (
    <div className={cn("markdown", className)}>
      <Markdown remarkPlugins={[remarkGfm, [remarkBoardLinks, options]]} components={components}>
        {children}
      </Markdown>
    </div>
  );
}

const isAsset = (href: string) => /^\/api\/assets\/[0-9a-f-]{36}$/i.test(href);

const components: Components = {
  a({ href, children, className, node: _node, ...rest }) {
    if (!href) return <span>{children}</span>;
    if (href.startsWith("#")) return <a href={href} {...rest}>{children}</a>;
    // a file opens (an image) or downloads (everything else) from the API, never as a board page
    if (isAsset(href)) return <a href={href} target="_blank" rel="noopener">{children}</a>;
    if (href.startsWith("/") && !href.startsWith("//")) {
      return <Link href={href} className={className?.includes(MENTION_CLASS) ? MENTION_CLASS : undefined}>{children}</Link>;
    }
    return <a href={href} target="_blank" rel="noopener noreferrer nofollow" {...rest}>{children}</a>;
  },
  img({ src, alt, node: _node }) {
    if (typeof src !== "string" || !src) return null;
    const img = <img src={src} alt={alt ?? ""} loading="lazy" className="inline-block max-h-96 max-w-full rounded-md ring-1 ring-slate-200" />;
    return isAsset(src) ? <a href={src} target="_blank" rel="noopener" className="inline-block">{img}</a> : img;
  },
  // wide tables and code scroll inside the text, not the page
  table({ node: _node, ...rest }) {
    return <div className="overflow-x-auto"><table {...rest} /></div>;
  },
};
