import Link from "next/link";
import Markdown, { defaultUrlTransform, type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import remarkBoardLinks from "@/components/markdown/remark-board-links";
import { cn } from "@/lib/cn";

const agentLink = /^agent:\/\/([0-9a-f-]{36})$/i;

/**
 * Issue, comment and project text as GitHub-flavoured markdown. Raw HTML is never rendered (there is
 * no rehype-raw), and URLs pass react-markdown's protocol allowlist. Site paths such as
 * /<prefix>/issues/ACME-12 (the spec's link forms, linked or bare) navigate inside the board; `[@Name](agent://<id>)`
 * mentions link to the agent's page; other links open in a new tab.
 */
export function MarkdownText({ children, prefix, className }: { children: string; prefix: string; className?: string }) {
  const urlTransform = (url: string) => {
    const agent = agentLink.exec(url);
    return agent ? `/${prefix}/agents/${agent[1].toLowerCase()}` : defaultUrlTransform(url);
  };
  return (
    <div className={cn("markdown", className)}>
      <Markdown remarkPlugins={[remarkGfm, remarkBoardLinks]} urlTransform={urlTransform} components={components}>
        {children}
      </Markdown>
    </div>
  );
}

const components: Components = {
  a({ href, children, node: _node, ...rest }) {
    if (!href) return <span>{children}</span>;
    if (href.startsWith("#")) return <a href={href} {...rest}>{children}</a>;
    if (href.startsWith("/") && !href.startsWith("//")) {
      const mention = /\/agents\//.test(href) && firstText(children).startsWith("@");
      return <Link href={href} className={mention ? "mention" : undefined}>{children}</Link>;
    }
    return <a href={href} target="_blank" rel="noopener noreferrer nofollow" {...rest}>{children}</a>;
  },
  // wide tables and code scroll inside the text, not the page
  table({ node: _node, ...rest }) {
    return <div className="overflow-x-auto"><table {...rest} /></div>;
  },
};

function firstText(children: unknown): string {
  if (typeof children === "string") return children;
  if (Array.isArray(children)) return firstText(children[0]);
  return "";
}
