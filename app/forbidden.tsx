import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { StatusPage } from "@/components/shell/status-page";

export default function Forbidden() {
  return (
    <StatusPage code={403} title="You may not open this page" action={<Link href="/companies" className={buttonClasses("secondary")}>Back to your companies</Link>}>
      Your role in this company does not allow it. A company owner or admin can change your role.
    </StatusPage>
  );
}
