import { isLoopbackUrl } from "@/lib/loopback";
import { Alert } from "@/components/ui/alert";

/**
 * Under an invite link that points at this machine (the board was opened at localhost and no public
 * address is set): it opens only here, and the note says how to give it an address others reach.
 */
export function LoopbackLinkNote({ url, reader }: { url: string; reader: string }) {
  if (!isLoopbackUrl(url)) return null;
  return (
    <Alert tone="warning" title="This link works only on this computer" className="mt-2">
      It points at {new URL(url).host}, which {reader} on another machine cannot open. To invite from elsewhere,
      start Charter with <code className="font-mono text-xs [overflow-wrap:anywhere]">PUBLIC_BASE_URL</code> set to the address others
      reach it at (for example <code className="font-mono text-xs [overflow-wrap:anywhere]">PUBLIC_BASE_URL=https://charter.example.com npm start</code>),
      or open the board at that address, then create a new link.
    </Alert>
  );
}
